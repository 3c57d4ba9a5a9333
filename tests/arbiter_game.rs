//! A whole game against GNU Go through `scripts/arbiter.py`, which checks every move of each
//! engine on the other. Skipped, with a notice, where GNU Go or Python is absent.

use std::process::Command;

#[test]
fn whole_game_against_gnu_go_has_no_illegal_move() {
    let gnugo = "/usr/games/gnugo";
    if !std::path::Path::new(gnugo).exists() || Command::new("python3").arg("-V").output().is_err()
    {
        println!("NOTICE: gnugo or python3 missing; the arbiter game is skipped.");
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    // The lowest effort keeps the two whole games quick; legality is what is checked here.
    let tesuji = format!(
        "{} gtp --level 1 --no-lookahead",
        env!("CARGO_BIN_EXE_tesuji")
    );
    for (black, white) in [
        (tesuji.as_str(), "/usr/games/gnugo --mode gtp --level 1"),
        ("/usr/games/gnugo --mode gtp --level 1", tesuji.as_str()),
    ] {
        let out = Command::new("python3")
            .arg(format!("{root}/scripts/arbiter.py"))
            .args(["--black", black, "--white", white, "--size", "9"])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "arbiter failed: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("no illegal move"), "{stdout}");
    }
}
