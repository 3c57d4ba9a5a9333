//! Whole GTP sessions, snapshotted: every answer, every error path.

use tesuji::engine::gtp::GtpEngine;

/// Runs a session in-process and returns its output. Cargo runs integration tests from the
/// package root, so `tests/data/...` paths resolve.
fn session(input: &str) -> String {
    let mut engine = GtpEngine::new(19, 7.5).unwrap();
    // The tree search stops on the clock on big boards, so its choice depends on the
    // machine's speed; these transcripts test the protocol, so 19×19 genmoves take the
    // reproducible classical look-ahead.
    engine.gen_options.search = tesuji::engine::play::movegen::SearchKind::Classical;
    let mut out = Vec::new();
    engine.run(input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn protocol_basics() {
    insta::assert_snapshot!(session(
        "protocol_version\n\
         1 name\n\
         2 version\n\
         # a comment line\n\
         \n\
         \t  3\tknown_command\tplay  # trailing comment\n\
         4 known_command frobnicate\n\
         5 known_command\n\
         list_commands\n\
         NAME\n\
         6 unknown_thing with args\n\
         7\n\
         8 boardsize\r\n\
         boardsize 9\x07\n\
         quit\n\
         name\n"
    ));
}

#[test]
fn board_setup_and_errors() {
    insta::assert_snapshot!(session(
        "boardsize 0\n\
         boardsize 26\n\
         boardsize nine\n\
         boardsize 9\n\
         komi 6.5\n\
         komi -3\n\
         komi lots\n\
         komi\n\
         play black\n\
         play black E5 extra\n\
         play purple E5\n\
         play white J10\n\
         play white I3\n\
         play white 3D\n\
         10 play b e5\n\
         11 play W E5\n\
         play white pass\n\
         undo\n\
         undo\n\
         undo\n\
         undo\n\
         captures black\n\
         captures green\n\
         showboard\n\
         final_score\n"
    ));
}

#[test]
fn captures_ko_and_suicide() {
    insta::assert_snapshot!(session(
        "boardsize 5\n\
         clear_board\n\
         play black B5\n\
         play black A4\n\
         play black C4\n\
         play black B3\n\
         is_legal white B4\n\
         play white B4\n\
         play white C5\n\
         play white D4\n\
         play white C3\n\
         1 play white B4\n\
         2 captures white\n\
         3 play black C4\n\
         4 is_legal black C4\n\
         play black E1\n\
         play white E2\n\
         5 is_legal black C4\n\
         6 play black C4\n\
         captures black\n\
         list_stones black\n\
         list_stones white\n\
         showboard\n\
         undo\n\
         list_stones white\n\
         all_legal black\n\
         all_legal white\n"
    ));
}

#[test]
fn handicap_commands() {
    insta::assert_snapshot!(session(
        "boardsize 19\n\
         fixed_handicap 9\n\
         list_stones black\n\
         fixed_handicap 2\n\
         clear_board\n\
         fixed_handicap 1\n\
         fixed_handicap 10\n\
         fixed_handicap many\n\
         place_free_handicap 3\n\
         genmove black\n\
         clear_board\n\
         set_free_handicap D4 D4\n\
         set_free_handicap D4\n\
         set_free_handicap D4 Q16 pass\n\
         set_free_handicap D4 Q16 Z99\n\
         set_free_handicap D4 Q16 K10\n\
         list_stones black\n\
         undo\n\
         boardsize 6\n\
         fixed_handicap 2\n\
         boardsize 8\n\
         fixed_handicap 5\n\
         fixed_handicap 4\n"
    ));
}

#[test]
fn sgf_commands() {
    insta::assert_snapshot!(session(
        "loadsgf tests/data/ko.sgf\n\
         showboard\n\
         captures white\n\
         loadsgf tests/data/ko.sgf 8\n\
         list_stones white\n\
         is_legal white B8\n\
         loadsgf tests/data/ko.sgf 9\n\
         is_legal black C8\n\
         loadsgf tests/data/ko.sgf B8\n\
         list_stones black\n\
         loadsgf tests/data/ko.sgf J9\n\
         loadsgf tests/data/ko.sgf 999\n\
         printsgf\n\
         loadsgf tests/data/handicap.sgf\n\
         printsgf\n\
         loadsgf tests/data/broken.sgf\n\
         loadsgf tests/data/missing.sgf\n\
         loadsgf\n\
         printsgf /nonexistent-dir/out.sgf\n\
         time_settings 300 30 5\n\
         time_settings 300 thirty 5\n\
         time_left black 100 0\n\
         time_left black -1 0\n\
         time_left\n"
    ));
}

#[test]
fn binary_speaks_gtp_on_stdio() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["gtp", "--boardsize", "9", "--komi", "5.5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"1 play b E5\n2 list_stones black\n3 bogus\n4 quit\n5 name\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "=1 \n\n=2 E5\n\n?3 unknown command\n\n=4 \n\n",
        "answers stop after quit"
    );
}

#[test]
fn binary_loads_a_file_until_a_move() {
    use std::process::Command;
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ko.sgf");
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["gtp", "-l", data, "-L", "3"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["gtp", "-l", "tests/data/broken.sgf"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "tesuji: tests/data/broken.sgf:3:3: unterminated property value\n"
    );
}

#[test]
fn binary_takes_reading_options_on_the_command_line() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
        .args(["gtp", "-D", "10", "-K", "3", "--hash-mb", "32", "--no-hash"])
        .args(["--node-limit", "5000", "--no-persistent-cache"])
        .args([
            "--reading-option",
            "tenuki_depth=2",
            "--option",
            "break_chain_depth=4",
            "--reading-option",
            "race_depth=6",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"tesuji-reading_options\n")
        .unwrap();
    let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    for line in [
        "depth 10",
        "ko_depth 3",
        "hash_mb 32",
        "use_hash false",
        "node_limit 5000",
        "persistent_cache false",
        "tenuki_depth 2",
        "break_chain_depth 4",
        "race_depth 6",
    ] {
        assert!(
            out.lines().any(|l| l.trim_start_matches("= ") == line),
            "{line} in {out}"
        );
    }
    assert!(out.contains("fourlib_depth 7"), "defaults stay: {out}");
    // A reading option that is not NAME=VALUE, or not an option, stops the binary at once.
    for bad in [
        "tenuki_depth",
        "no_such_option=1",
        "depth=deep",
        "race_depth=-1",
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tesuji"))
            .args(["gtp", "--reading-option", bad])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!out.status.success(), "{bad} accepted");
        assert!(!out.stderr.is_empty(), "{bad}: no message");
    }
}

/// The persistent reading cache lives across GTP commands: after a distant move the same
/// `attack` reads no node; with `--no-persistent-cache` it reads again. (The attack patterns
/// at the root look far: the distant move must be out of their reach.)
#[test]
fn binary_keeps_reading_results_across_moves() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let second_read_nodes = |flags: &[&str]| -> u64 {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tesuji"))
            .arg("gtp")
            .args(flags)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(
                b"boardsize 19\nplay B D5\nplay W E5\nplay B E4\nplay W D4\nplay B F5\n\
                  play W D3\nplay W A9\nattack E5\nreset_reading_node_counter\nplay W Q16\n\
                  attack E5\nget_reading_node_counter\ntesuji-reading_options\n",
            )
            .unwrap();
        let out = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
        let answers: Vec<&str> = out
            .split("\n\n")
            .map(|a| a.trim_start_matches('=').trim())
            .collect();
        assert_eq!(answers[8], answers[11], "the same answer: {out}");
        assert_ne!(answers[8], "0", "E5 is in atari: {out}");
        let on = !flags.contains(&"--no-persistent-cache");
        assert!(
            answers[13].contains(&format!("persistent_cache {on}")),
            "{out}"
        );
        answers[12].parse().unwrap()
    };
    assert_eq!(second_read_nodes(&[]), 0);
    assert!(second_read_nodes(&["--no-persistent-cache"]) > 0);
}

/// Dead stones, seki and dame of a finished 9×9 position; GNU Go 3.8 gives the same lists
/// and score (W+1.5) on this file.
#[test]
fn final_status_on_a_finished_game() {
    insta::assert_snapshot!(session(
        "loadsgf tests/data/finished9.sgf\n\
         final_status_list alive\n\
         final_status_list dead\n\
         final_status_list seki\n\
         final_status_list dame\n\
         final_status_list black_territory\n\
         final_status_list white_territory\n\
         final_status_list unknown\n\
         final_status_list\n\
         final_score\n"
    ));
}

/// Blocks and their danger, and the GoGui pictures of blocks, danger and shape patterns, on a
/// 9×9 with a black group dead in the corner (one eye, closed in) and an open black stone.
#[test]
fn blocks_danger_and_pattern_gfx() {
    let mut engine = GtpEngine::new(9, 7.5)
        .unwrap()
        .with_patterns(&tesuji::patterns::CompiledPatterns);
    let input = "boardsize 9\n\
         set_free_handicap A9 B9 C9 B8 C8 A7 B7 C7 E4\n\
         play white D9\n\
         play black G7\n\
         play white D8\n\
         play black G3\n\
         play white D7\n\
         play black C3\n\
         play white D6\n\
         play black H5\n\
         play white C6\n\
         play black pass\n\
         play white B6\n\
         play black pass\n\
         play white A6\n\
         tesuji-blocks A9\n\
         tesuji-blocks\n\
         tesuji-blocks E9\n\
         tesuji-blocks-gfx\n\
         tesuji-danger-gfx\n\
         tesuji-patterns-gfx\n\
         gogui-analyze_commands\n";
    let mut out = Vec::new();
    engine.run(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    // The corner group is dead and marked; the wall around it holds its stones.
    assert!(out.contains("= A9 black dead danger"), "{out}");
    assert!(out.contains("MARK A9 B9 C9 B8 C8 A7 B7 C7"), "{out}");
    assert!(out.contains("? vertex must not be empty"), "{out}");
    assert!(out.contains("efficiency.db matches for Black"), "{out}");
    insta::assert_snapshot!(out);
}

/// `break_in` / `block_off`: a white wall on the third line with a gap at E3 (answers checked
/// with GNU Go 3.8), the wall closed, and every error path.
#[test]
fn break_in_and_block_off() {
    let area = "A3 B3 C3 D3 E3 F3 G3 H3 J3 A2 B2 C2 D2 E2 F2 G2 H2 J2 A1 B1 C1 D1 E1 F1 G1 H1 J1";
    insta::assert_snapshot!(session(&format!(
        "boardsize 9\n\
         play black C4\nplay black D4\nplay black E4\nplay black F4\nplay black G4\n\
         play white B3\nplay white C3\nplay white D3\nplay white F3\nplay white G3\nplay white H3\n\
         1 break_in E4 {area}\n\
         2 block_off E4 {area}\n\
         play white E3\n\
         3 break_in E4 {area}\n\
         4 block_off E4 {area}\n\
         5 break_in E5 {area}\n\
         6 break_in E4 A3 Z9\n\
         7 block_off\n\
         8 break_in E4\n"
    )));
}
