//! Differential test of the rules against GNU Go 3.8: random legal games played through both
//! `tesuji gtp` and `gnugo --mode gtp`, comparing the stones, the capture counts and the
//! legality of sampled moves after every move; and the final statuses and scores of small
//! finished positions. Skipped, with a notice, where GNU Go is absent.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GNUGO: &str = "/usr/games/gnugo";

/// A GTP engine in a child process.
struct Engine {
    name: &'static str,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn spawn(name: &'static str, program: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            name,
            child,
            stdin,
            stdout,
        }
    }

    /// Sends several commands at once and reads their answers in order.
    fn batch(&mut self, commands: &[String]) -> Vec<Result<String, String>> {
        let mut text = String::new();
        for c in commands {
            text.push_str(c);
            text.push('\n');
        }
        self.stdin.write_all(text.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
        commands.iter().map(|_| self.read_answer()).collect()
    }

    fn read_answer(&mut self) -> Result<String, String> {
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "{} closed its output", self.name);
            if line == "\n" {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let body = answer[1..].trim().to_string();
        if answer.starts_with('=') {
            Ok(body)
        } else {
            Err(body)
        }
    }

    fn one(&mut self, command: &str) -> Result<String, String> {
        self.batch(&[command.to_string()]).pop().unwrap()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.stdin.write_all(b"quit\n");
        let _ = self.child.wait();
    }
}

fn column_letter(x: usize) -> char {
    let c = b'A' + x as u8;
    (if c >= b'I' { c + 1 } else { c }) as char
}

fn vertex(x: usize, y: usize) -> String {
    format!("{}{}", column_letter(x), y + 1)
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// The state both engines must agree on after every move.
fn state_queries() -> Vec<String> {
    vec![
        "list_stones black".into(),
        "list_stones white".into(),
        "captures black".into(),
        "captures white".into(),
    ]
}

fn play_random_game(
    tesuji: &mut Engine,
    gnugo: &mut Engine,
    size: usize,
    rng: &mut SmallRng,
) -> usize {
    let setup = vec![format!("boardsize {size}"), "clear_board".to_string()];
    for (a, b) in tesuji.batch(&setup).into_iter().zip(gnugo.batch(&setup)) {
        assert_eq!(a.is_ok(), b.is_ok());
    }
    let max_moves = size * size * 2;
    let mut color = "black";
    let mut passes = 0;
    let mut moves = 0;
    let mut history: Vec<String> = Vec::new();
    while passes < 2 && moves < max_moves {
        // Every legal move, from tesuji; a sample of points is checked against GNU Go.
        let legal = tesuji.one(&format!("all_legal {color}")).unwrap();
        let legal = sorted(&legal);
        let sample: Vec<String> = (0..4)
            .map(|_| vertex(rng.random_range(0..size), rng.random_range(0..size)))
            .chain(legal.first().cloned())
            .collect();
        let queries: Vec<String> = sample
            .iter()
            .map(|v| format!("is_legal {color} {v}"))
            .collect();
        let ours = tesuji.batch(&queries);
        let theirs = gnugo.batch(&queries);
        for ((q, a), b) in queries.iter().zip(&ours).zip(&theirs) {
            assert_eq!(a, b, "{q} after {history:?}");
        }
        // Mostly real moves, with an occasional pass; games end on two passes.
        let mv = if legal.is_empty() || rng.random_bool(0.01) {
            "pass".to_string()
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        passes = if mv == "pass" { passes + 1 } else { 0 };
        let play = format!("play {color} {mv}");
        let a = tesuji.one(&play);
        let b = gnugo.one(&play);
        assert_eq!(
            a.is_ok(),
            b.is_ok(),
            "{play}: tesuji {a:?}, gnugo {b:?} after {history:?}"
        );
        history.push(mv);
        let ours = tesuji.batch(&state_queries());
        let theirs = gnugo.batch(&state_queries());
        for ((q, a), b) in state_queries().iter().zip(ours).zip(theirs) {
            let (a, b) = (a.unwrap(), b.unwrap());
            assert_eq!(
                sorted(&a),
                sorted(&b),
                "{q} after {play} (move {moves}) {history:?}"
            );
        }
        color = if color == "black" { "white" } else { "black" };
        moves += 1;
    }
    // The whole legal-move set once per game, and undo back to the start.
    for c in ["black", "white"] {
        let q = format!("all_legal {c}");
        assert_eq!(
            sorted(&tesuji.one(&q).unwrap()),
            sorted(&gnugo.one(&q).unwrap()),
            "{q} at the end of {history:?}"
        );
    }
    moves
}

#[test]
fn random_games_agree_with_gnu_go() {
    if !std::path::Path::new(GNUGO).exists() {
        println!(
            "NOTICE: {GNUGO} is not installed; the differential test against GNU Go is skipped."
        );
        return;
    }
    let mut tesuji = Engine::spawn("tesuji", env!("CARGO_BIN_EXE_tesuji"), &["gtp"]);
    let mut gnugo = Engine::spawn("gnugo", GNUGO, &["--mode", "gtp", "--quiet"]);
    let mut rng = SmallRng::seed_from_u64(20261122);
    let mut total_moves = 0;
    let mut games = 0;
    for _ in 0..170 {
        total_moves += play_random_game(&mut tesuji, &mut gnugo, 9, &mut rng);
        games += 1;
    }
    for _ in 0..35 {
        total_moves += play_random_game(&mut tesuji, &mut gnugo, 19, &mut rng);
        games += 1;
    }
    println!("{games} games, {total_moves} moves compared with GNU Go");
    assert!(games >= 200);
}

/// `printsgf` output loads in GNU Go to the same position, and GNU Go's `loadsgf` agrees with
/// ours on the regression games at several move numbers.
#[test]
fn sgf_files_load_the_same_in_gnu_go() {
    if !std::path::Path::new(GNUGO).exists() {
        println!("NOTICE: {GNUGO} is not installed; the SGF comparison with GNU Go is skipped.");
        return;
    }
    let mut tesuji = Engine::spawn("tesuji", env!("CARGO_BIN_EXE_tesuji"), &["gtp"]);
    let mut gnugo = Engine::spawn("gnugo", GNUGO, &["--mode", "gtp", "--quiet"]);
    let dir = std::env::temp_dir().join(format!("tesuji-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = SmallRng::seed_from_u64(7);
    // A random game written by tesuji and read back by GNU Go.
    for size in [9usize, 13, 19] {
        tesuji.batch(&[format!("boardsize {size}"), "clear_board".into()]);
        if size == 19 {
            tesuji.one("fixed_handicap 4").unwrap();
        }
        let mut color = if size == 19 { "white" } else { "black" };
        for _ in 0..size * size {
            let legal = sorted(&tesuji.one(&format!("all_legal {color}")).unwrap());
            let mv = &legal[rng.random_range(0..legal.len())];
            tesuji.one(&format!("play {color} {mv}")).unwrap();
            color = if color == "black" { "white" } else { "black" };
        }
        tesuji.one("play black pass").unwrap();
        let file = dir.join(format!("game{size}.sgf"));
        tesuji.one(&format!("printsgf {}", file.display())).unwrap();
        let load = format!("loadsgf {}", file.display());
        assert_eq!(tesuji.one(&load), gnugo.one(&load), "{load}");
        for q in state_queries().iter().take(2) {
            assert_eq!(
                sorted(&tesuji.one(q).unwrap()),
                sorted(&gnugo.one(q).unwrap()),
                "{q} after {load}"
            );
        }
    }
    // Regression games shipped beside the repository, when present.
    let games = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/regression/games");
    let Ok(entries) = std::fs::read_dir(&games) else {
        println!(
            "NOTICE: {} not found; regression games not compared.",
            games.display()
        );
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let mut compared = 0;
    for file in &files {
        for n in [0usize, 10, 37, 120] {
            let load = if n == 0 {
                format!("loadsgf {}", file.display())
            } else {
                format!("loadsgf {} {n}", file.display())
            };
            let b = gnugo.one(&load);
            let a = tesuji.one(&load);
            if b.is_err() {
                continue;
            }
            assert_eq!(a, b, "{load}");
            for q in state_queries() {
                assert_eq!(
                    sorted(&tesuji.one(&q).unwrap()),
                    sorted(&gnugo.one(&q).unwrap()),
                    "{q} after {load}"
                );
            }
            compared += 1;
        }
    }
    println!("{compared} regression positions compared with GNU Go");
    assert!(compared > 100);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Final statuses and scores of small finished positions: the dead stones, the seki, the dame
/// and the score (GNU Go's default Japanese counting) must be GNU Go's, to the letter.
#[test]
fn final_status_and_score_agree_with_gnu_go() {
    if !std::path::Path::new(GNUGO).exists() {
        println!("NOTICE: {GNUGO} is not installed; the final-score comparison is skipped.");
        return;
    }
    let mut tesuji = Engine::spawn("tesuji", env!("CARGO_BIN_EXE_tesuji"), &["gtp"]);
    let mut gnugo = Engine::spawn("gnugo", GNUGO, &["--mode", "gtp", "--quiet"]);
    let mut tesuji_area = Engine::spawn(
        "tesuji --chinese-rules",
        env!("CARGO_BIN_EXE_tesuji"),
        &["gtp", "--chinese-rules"],
    );
    let mut gnugo_area = Engine::spawn(
        "gnugo --chinese-rules",
        GNUGO,
        &["--mode", "gtp", "--quiet", "--chinese-rules"],
    );
    let positions: [&[&str]; 3] = [
        // Lone dead stones inside both territories.
        &[
            "X X X X O . . . .",
            ". . . X O . . . .",
            ". . . X O . . . .",
            ". . . X O . X . .",
            ". . . X O . . . .",
            ". . O X O . . . .",
            ". . . X O O O O O",
            ". . . X X X X X X",
            ". . . . . . . . .",
        ],
        // A seki with one eye each.
        &[
            ". X . O . O X . .",
            "X X O O O O X . .",
            "O O O X X X X . .",
            "X X X X . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
        // A column of dame between two walls.
        &[
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . X .",
            ". . . X . O . . .",
            ". . O X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
            ". . . X . O . . .",
        ],
    ];
    let queries = [
        "final_status_list dead",
        "final_status_list seki",
        "final_status_list dame",
        "final_score",
    ];
    let mut setups: Vec<Vec<String>> = Vec::new();
    for rows in positions {
        let mut cmds = vec![
            "boardsize 9".to_string(),
            "clear_board".into(),
            "komi 5.5".into(),
        ];
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.split_whitespace().enumerate() {
                let color = match ch {
                    "X" => "black",
                    "O" => "white",
                    _ => continue,
                };
                cmds.push(format!("play {color} {}", vertex(x, 9 - 1 - y)));
            }
        }
        setups.push(cmds);
    }
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/finished9.sgf");
    setups.push(vec![format!("loadsgf {shipped}")]);
    for (i, setup) in setups.into_iter().enumerate() {
        for engine in [&mut tesuji, &mut gnugo, &mut tesuji_area, &mut gnugo_area] {
            for answer in engine.batch(&setup) {
                answer.unwrap();
            }
        }
        // GNU Go 3.8 lists E3 among the dame of the seki position but counts it as Black's
        // territory in its score (B+50.5, which needs 56 points): its dame list there comes
        // from another analysis than its score, so only the score is compared.
        let seki_position = i == 1;
        for q in queries {
            if seki_position && q.ends_with("dame") {
                continue;
            }
            assert_eq!(tesuji.one(q), gnugo.one(q), "{q} after {setup:?}");
        }
        // Area counting (GNU Go caches its answer per position, whoever is to move, so each
        // position is asked once; the unit tests cover the other side to move).
        assert_eq!(
            tesuji_area.one("final_score"),
            gnugo_area.one("final_score"),
            "area final_score after {setup:?}"
        );
    }
}
