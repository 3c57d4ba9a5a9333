use super::*;
use std::collections::HashSet;

#[test]
fn command_names_are_unique_across_the_layer_tables() {
    let mut seen = HashSet::new();
    for name in GtpEngine::command_names() {
        assert!(seen.insert(name), "`{name}` is registered twice");
    }
    assert!(seen.len() > 60, "only {} commands", seen.len());
}

#[test]
fn every_layer_table_is_listed_and_known() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    let listed = e.handle_line("list_commands").unwrap();
    for table in [
        game::COMMANDS,
        reading::COMMANDS,
        life::COMMANDS,
        analysis::COMMANDS,
    ] {
        for c in table {
            assert!(
                listed.contains(&format!("\n{}\n", c.name)),
                "{} not listed",
                c.name
            );
            let known = e.handle_line(&format!("known_command {}", c.name)).unwrap();
            assert_eq!(known, "= true\n\n", "{}", c.name);
        }
    }
}

#[test]
fn trymove_depth_is_the_sessions_own() {
    let mut a = GtpEngine::new(9, 6.5).unwrap();
    let mut b = GtpEngine::new(9, 6.5).unwrap();
    assert_eq!(a.handle_line("trymove black E5").unwrap(), "= \n\n");
    assert_eq!(a.handle_line("trymove white C3").unwrap(), "= \n\n");
    // Another session on the same thread has no moves to pop.
    assert_eq!(b.handle_line("popgo").unwrap(), "? Stack empty.\n\n");
    assert_eq!(a.handle_line("popgo").unwrap(), "= \n\n");
    assert_eq!(a.handle_line("popgo").unwrap(), "= \n\n");
    assert_eq!(a.handle_line("popgo").unwrap(), "? Stack empty.\n\n");
}
