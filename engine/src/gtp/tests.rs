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

/// The whole output of a session fed `input`.
fn session_bytes(input: &[u8]) -> String {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    let mut out = Vec::new();
    e.run(input, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn bytes_that_are_not_utf8_get_an_answer_and_the_session_goes_on() {
    let out =
        session_bytes(b"1 name\n2 pl\xffay black E5\n# comment \xfe\xfd\n3 komi 5\xc3\n4 name\n");
    assert_eq!(
        out,
        "=1 tesuji\n\n?2 unknown command\n\n?3 komi not a float\n\n=4 tesuji\n\n"
    );
}

#[test]
fn an_over_long_line_is_refused_without_being_kept() {
    let mut input = b"1 name\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
    input.extend_from_slice(b"\n2 name\nquit");
    let out = session_bytes(&input);
    assert_eq!(
        out,
        format!("=1 tesuji\n\n? line longer than {MAX_LINE_BYTES} bytes\n\n=2 tesuji\n\n= \n\n")
    );
    // A last line without a newline is still a command.
    assert_eq!(session_bytes(b"name"), "= tesuji\n\n");
}

#[test]
fn komi_level_and_cputime_answer_within_their_ranges() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    let mut ask = |line: &str| e.handle_line(line).unwrap();
    assert_eq!(
        ask("komi 1e308"),
        "? komi out of range (-10000 to 10000)\n\n"
    );
    assert_eq!(ask("komi -7.5"), "= \n\n");
    assert_eq!(ask("komi x"), "? komi not a float\n\n");
    for bad in ["0", "11", "-1"] {
        assert_eq!(ask(&format!("level {bad}")), "? level must be 1 to 10\n\n");
    }
    assert_eq!(ask("level 10"), "= \n\n");
    let cpu = ask("cputime");
    let seconds: f64 = cpu.trim_start_matches("= ").trim().parse().unwrap();
    assert!(seconds > 0.0, "{cpu}");
}

#[test]
fn analyze_command_labels_are_unique() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    let list = e.handle_line("gogui-analyze_commands").unwrap();
    let mut labels = HashSet::new();
    for line in list
        .trim_start_matches("= ")
        .lines()
        .filter(|l| !l.is_empty())
    {
        let label = line.split('/').nth(1).expect("type/label/command");
        assert!(labels.insert(label.to_string()), "label `{label}` twice");
    }
    assert!(labels.len() >= 10);
}

#[test]
fn influence_text_and_picture_agree_black_positive() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    e.handle_line("play black E5").unwrap();
    let grid = e.handle_line("tesuji-influence").unwrap();
    // D5, beside the stone: row 5 is the fifth line after the `=` line, column D the fourth.
    let d5: i32 = grid
        .lines()
        .nth(5)
        .unwrap()
        .split_whitespace()
        .nth(3)
        .unwrap()
        .parse()
        .unwrap();
    assert!(d5 > 0, "Black's influence reads positive: {grid}");
    let gfx = e.handle_line("tesuji-influence-gfx").unwrap();
    let d5: f32 = gfx
        .split(" D5 ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(d5 > 0.0, "{gfx}");
}

#[test]
fn a_one_point_board_is_played_as_gnu_go_plays_it() {
    // GNU Go accepts `boardsize 1` (tiny.tst starts with it): the one point has no
    // liberty, so a stone there is suicide and every move is a pass.
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    assert_eq!(e.handle_line("boardsize 1").unwrap(), "= \n\n");
    assert_eq!(e.handle_line("clear_board").unwrap(), "= \n\n");
    assert_eq!(e.handle_line("genmove black").unwrap(), "= PASS\n\n");
    assert!(e.handle_line("play white A1").unwrap().starts_with("? "));
    assert_eq!(e.handle_line("genmove white").unwrap(), "= PASS\n\n");
    assert_eq!(e.handle_line("final_score").unwrap(), "= W+6.5\n\n");
    assert!(e.handle_line("boardsize 0").unwrap().starts_with("? "));
}

/// The dragons are kept for the next question on the same position, and only for it: a
/// move, a trymove or a popgo, or other reading settings make them anew.
#[test]
fn dragons_kept_between_questions_follow_the_position() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    let ask = |e: &mut GtpEngine, line: &str| e.handle_line(line).unwrap();
    ask(&mut e, "play black C3");
    ask(&mut e, "play black E3");
    // A one-space jump: one dragon.
    assert_eq!(ask(&mut e, "dragon_stones C3"), "= C3 E3\n\n");
    let kept = e.dragons.as_ref().map(|(k, _)| *k).expect("dragons kept");
    assert_eq!(ask(&mut e, "dragon_stones E3"), "= C3 E3\n\n");
    assert_eq!(e.dragons.as_ref().map(|(k, _)| *k), Some(kept));
    // A white stone between cuts it in two.
    ask(&mut e, "trymove white D3");
    assert_eq!(ask(&mut e, "dragon_stones C3"), "= C3\n\n");
    ask(&mut e, "popgo");
    assert_eq!(ask(&mut e, "dragon_stones C3"), "= C3 E3\n\n");
    ask(&mut e, "play white D3");
    assert_eq!(ask(&mut e, "dragon_stones E3"), "= E3\n\n");
    let cut = e.dragons.as_ref().map(|(k, _)| *k).expect("dragons kept");
    ask(&mut e, "increase_depths");
    ask(&mut e, "dragon_stones E3");
    let deeper = e.dragons.as_ref().map(|(k, _)| *k).expect("dragons kept");
    assert_eq!(deeper.hash, cut.hash);
    assert_ne!(deeper.reading, cut.reading);
}

#[test]
fn the_owl_node_counter_counts_the_owl_questions_since_its_reset() {
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    assert_eq!(e.handle_line("get_owl_node_counter").unwrap(), "= 0\n\n");
    // A black group in the corner with room for one eye, walled in by White.
    for (c, v) in [
        ("black", "A3"),
        ("black", "B3"),
        ("black", "C3"),
        ("black", "C2"),
        ("black", "C1"),
        ("white", "A4"),
        ("white", "B4"),
        ("white", "C4"),
        ("white", "D4"),
        ("white", "D3"),
        ("white", "D2"),
        ("white", "D1"),
    ] {
        assert_eq!(e.handle_line(&format!("play {c} {v}")).unwrap(), "= \n\n");
    }
    e.handle_line("owl_attack A3").unwrap();
    let count = |e: &mut GtpEngine| -> u64 {
        let r = e.handle_line("get_owl_node_counter").unwrap();
        r.trim_start_matches("= ").trim().parse().unwrap()
    };
    let first = count(&mut e);
    assert!(first > 0, "the attack searched no node");
    e.handle_line("owl_defend A3").unwrap();
    assert!(count(&mut e) > first, "the defence adds its nodes");
    assert_eq!(e.handle_line("reset_owl_node_counter").unwrap(), "= \n\n");
    assert_eq!(count(&mut e), 0);
}

#[test]
fn only_genmove_resigns_a_question_about_the_best_move_gets_a_move() {
    // White walls in all but Black's last four lines, late in the game: hopeless for Black,
    // yet Black has moves to play.
    let mut e = GtpEngine::new(9, 6.5).unwrap();
    e.handle_line("level 1").unwrap();
    let rows = [
        "OOOOOOOOO",
        "O.O.O.O.O",
        "OOOOOOOOO",
        "O.O.O.O.O",
        "OOOOOOOOO",
    ];
    for (y, row) in rows.iter().enumerate() {
        for (x, stone) in row.chars().enumerate() {
            if stone == 'O' {
                let vertex = Vertex::format_move(Move::Play(Point::from_xy(x, y)), 9);
                let reply = e.handle_line(&format!("play white {vertex}")).unwrap();
                assert_eq!(reply, "= \n\n", "{vertex}");
                e.handle_line("play black pass").unwrap();
            }
        }
    }
    assert_eq!(e.handle_line("play black J1").unwrap(), "= \n\n");
    let question = e.handle_line("reg_genmove black").unwrap();
    let vertex = question.trim_start_matches("= ").trim();
    assert!(
        vertex != "PASS" && vertex != "resign",
        "reg_genmove answered {question:?}"
    );
    let restricted = e.handle_line("restricted_genmove black A1 B1").unwrap();
    assert!(
        matches!(restricted.trim_start_matches("= ").trim(), "A1" | "B1"),
        "restricted_genmove answered {restricted:?}"
    );
    e.handle_line("undo").unwrap();
    // The same position asked as a game move: resigning is the answer there.
    assert_eq!(e.handle_line("genmove black").unwrap(), "= resign\n\n");
}
