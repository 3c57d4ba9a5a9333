//! Classic tactical problems. Every expected answer was checked with GNU Go 3.8's `attack` /
//! `defend` on the same position (GNU Go's move is given where ours must match it).

use super::*;
use crate::board::{Move, Vertex};
use crate::test_util::{LADDER, LADDER_BREAKER_ROW, pt, setup};

fn reader() -> Reader {
    Reader::new(ReadingOptions {
        hash_mb: 4,
        ..ReadingOptions::default()
    })
}

/// A reader with no pattern candidates and no persistent cache (node counts that depend on
/// the search alone), reading at most `node_limit` nodes (0: no limit).
fn bare_reader(node_limit: u64) -> Reader {
    Reader::new(ReadingOptions {
        node_limit,
        use_patterns: false,
        persistent_cache: false,
        ..ReadingOptions::default()
    })
}

/// Attack and defence of the string at `v`, checking the board is left as found.
fn read(b: &mut Board, v: &str) -> (ReadResult, ReadResult) {
    let s = pt(b, v);
    let before = (b.hash(), b.move_count());
    let mut r = reader();
    let a = r.attack(b, s);
    let d = r.find_defense(b, s);
    assert_eq!((b.hash(), b.move_count()), before, "board left as found");
    b.validate().unwrap();
    (a, d)
}

#[test]
fn ladder_works_without_breaker_and_fails_with_one() {
    let mut rows = LADDER;
    let mut b = setup(&rows);
    let ((a, _), (d, _)) = read(&mut b, "D4");
    assert_eq!(a, WIN, "the ladder works (GNU Go: 1 E4)");
    assert_eq!(d, WIN, "black to move escapes (GNU Go: 1 E4)");
    let s = pt(&b, "D4");
    assert_eq!(reader().ladder_attack(&mut b, s).0, WIN, "a plain ladder");
    // A black stone at E2 breaks the ladder (GNU Go: attack 0).
    rows[7] = LADDER_BREAKER_ROW;
    let mut b = setup(&rows);
    let ((a, _), _) = read(&mut b, "D4");
    assert_eq!(a, 0, "ladder breaker");
    assert_eq!(reader().ladder_attack(&mut b, s).0, 0);
}

#[test]
fn string_in_atari_is_captured_or_saved() {
    let mut b = setup(&[
        ". . . . .",
        ". . O . .",
        ". O X O .",
        ". . . . .",
        ". . . . .",
    ]);
    let c2 = pt(&b, "C2");
    let (a, d) = read(&mut b, "C3");
    assert_eq!(a, (WIN, Some(c2)));
    // Extending only leads to a net on this small board (GNU Go: defend C3 = 0).
    assert_eq!(d, (0, None));
    // A cutting stone that is itself in atari (GNU Go: attack C6 = 1 D6, defend C6 = 1 D6).
    let mut b = setup(&[
        ". X O . . . .",
        ". O X . . . .",
        ". . O . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let d6 = pt(&b, "D6");
    let (a, d) = read(&mut b, "C6");
    assert_eq!(a, (WIN, Some(d6)));
    assert_eq!(d, (WIN, Some(d6)));
}

#[test]
fn net_catches_a_stone_no_ladder_can() {
    // GNU Go: attack E5 = 1 D4 (not a liberty), defend E5 = 1 E4.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . O . O O . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . . . O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let (d4, e4) = (pt(&b, "D4"), pt(&b, "E4"));
    let ((a, am), (d, _)) = read(&mut b, "E5");
    assert_eq!((a, am), (WIN, Some(d4)), "the net");
    assert_eq!(d, WIN, "black to move escapes");
    let e5 = pt(&b, "E5");
    assert_eq!(reader().does_defend(&mut b, e4, e5), WIN, "GNU Go's escape");
}

#[test]
fn loose_ladder_on_the_second_line() {
    // GNU Go: attack D2 = 1 E3 (a loose move, not an atari), defend D2 = 1 E2.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O . . . . . . . .",
        ". . O . . . . . .",
        ". . O X . . . . .",
        ". . . . . O . . .",
    ]);
    let e3 = pt(&b, "E3");
    let ((a, am), (d, _)) = read(&mut b, "D2");
    assert_eq!((a, am), (WIN, Some(e3)));
    assert_eq!(d, WIN);
}

#[test]
fn edge_ladder() {
    // GNU Go: attack C2 = 1 D2 (the crawl along the first line dies), defend C2 = 0.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X . . . . .",
        ". X O . . . . . .",
        ". . . . . . . . .",
    ]);
    let d2 = pt(&b, "D2");
    let ((a, am), (d, _)) = read(&mut b, "C2");
    assert_eq!((a, am), (WIN, Some(d2)));
    assert_eq!(d, 0);
}

#[test]
fn snapback_throw_in() {
    // After the throw-in at A1, White taking at B1 is captured back (GNU Go: defend A2 = 0).
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X . . . .",
        "O O X . . . .",
        ". . X . . . .",
    ]);
    let (a1, a2, b1) = (pt(&b, "A1"), pt(&b, "A2"), pt(&b, "B1"));
    assert_eq!(reader().attack(&mut b, a2).0, WIN);
    b.play(Move::Play(a1), Color::Black).unwrap();
    assert_eq!(b.libs(a1), 1, "the throw-in is in atari");
    assert_eq!(
        reader().find_defense(&mut b, a2).0,
        0,
        "taking it is a snapback"
    );
    assert_eq!(reader().does_defend(&mut b, b1, a2), 0);
    assert_eq!(reader().attack(&mut b, a2).0, WIN);
}

#[test]
fn capture_race_goes_to_the_side_to_move() {
    // Two strings of two liberties each, no eyes. GNU Go: attack B1 = 1 A2, defend B1 = 1 D2,
    // attack C1 = 1 D2, defend C1 = 1 A2.
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X . . . . .",
        "X X O O O . .",
        ". O X . O . .",
        ". O X . O . .",
    ]);
    let (a2, d2) = (pt(&b, "A2"), pt(&b, "D2"));
    let ((a, am), (d, dm)) = read(&mut b, "B1");
    assert_eq!((a, am), (WIN, Some(a2)));
    assert_eq!((d, dm), (WIN, Some(d2)));
    let ((a, am), (d, dm)) = read(&mut b, "C1");
    assert_eq!((a, am), (WIN, Some(d2)));
    assert_eq!((d, dm), (WIN, Some(a2)));
}

#[test]
fn ko_taken_first_is_ko_a_and_retaken_is_ko_b() {
    let rows = [
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". X O . . . .",
        "X O . O . . .",
        ". X O . . . .",
    ];
    // Black to move takes the ko first: GNU Go attack B2 = 2 C2, defend B2 = 1 A1 (connecting
    // at C2 works as well: GNU Go's attack after it is 0).
    let mut b = setup(&rows);
    let (c2, a1) = (pt(&b, "C2"), pt(&b, "A1"));
    let ((a, am), (d, dm)) = read(&mut b, "B2");
    assert_eq!((a, am), (KO_A, Some(c2)));
    assert_eq!(d, WIN);
    assert!(dm == Some(a1) || dm == Some(c2), "{dm:?}");
    // White has just taken the ko at B2: Black needs a threat first (GNU Go: 3 C2).
    let mut rows2 = rows;
    rows2[5] = "X . X O . . .";
    let mut b = setup(&rows2);
    let b2 = pt(&b, "B2");
    b.play(Move::Play(b2), Color::White).unwrap();
    assert_eq!(b.ko_point(), Some((c2, Color::Black)));
    let ((a, am), (d, _)) = read(&mut b, "B2");
    assert_eq!((a, am), (KO_B, Some(c2)));
    assert_eq!(d, WIN);
}

#[test]
fn an_unanswerable_threat_to_take_a_ko_is_an_attack() {
    // White's A6 takes A7 and saves B7; Black's string C7..G7 then has E7 and G6, both
    // self-ataris, and White's only capture is the ko at G6. Black has no answer, so A6 is a
    // capture, not a ko (GNU Go: attack D7 = 1 A6). Counting Black's pass as a ko fight
    // (the ko's code through the pass line) answered 2 A6.
    let rows = [
        "X O X X . X X",
        ". . O X X X .",
        "O O O O O O X",
        ". . . . . O O",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let mut b = setup(&rows);
    let a6 = pt(&b, "A6");
    let ((a, am), _) = read(&mut b, "D7");
    assert_eq!((a, am), (WIN, Some(a6)));
}

#[test]
fn trace_records_the_variations() {
    let mut b = setup(&LADDER);
    let s = pt(&b, "D4");
    let mut r = reader();
    r.start_trace();
    assert_eq!(r.attack(&mut b, s).0, WIN);
    let t = r.take_trace().unwrap();
    assert!(t.moves() >= 10, "the ladder is recorded");
    let sgf = t.to_sgf(&b, Color::Black, "test");
    assert!(sgf.starts_with("(;GM[1]FF[4]SZ[9]"));
    assert!(sgf.contains(";W[ef]"), "white's first atari at E4: {sgf}");
    assert_eq!(sgf.matches('(').count(), sgf.matches(')').count());
}

#[test]
fn node_limit_answers_conservatively() {
    let mut b = setup(&LADDER);
    let s = pt(&b, "D4");
    let mut r = Reader::new(ReadingOptions {
        node_limit: 3,
        use_hash: false,
        ..ReadingOptions::default()
    });
    assert_eq!(r.attack(&mut b, s).0, 0, "cut short: not captured");
    assert_eq!(b.move_count(), 0);
}

/// Answers of every `attack` / `defend` / `connect` / `disconnect` test of one of GNU Go's
/// regression files (from the shared regression folder), read in order by one reader with
/// `opts`, the whole file `passes` times over (a second pass meets the persistent answers of
/// the first on other positions), and that reader's persistent-cache counters. `None` when
/// the folder is absent.
fn read_regression_file(
    file: &str,
    opts: ReadingOptions,
    passes: usize,
) -> Option<(Vec<(String, ReadResult)>, persistent::PersistentStats)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/regression");
    let Ok(tst) = std::fs::read_to_string(dir.join(file)) else {
        eprintln!("skipped: {} not found", dir.display());
        return None;
    };
    let mut r = Reader::new(opts);
    let mut game: Option<crate::board::game::Game> = None;
    let mut tries = 0u32;
    let mut out = Vec::new();
    let point =
        |g: &crate::board::game::Game, v: &str| match Vertex::parse_move(v, g.size()).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!("a test names a stone"),
        };
    for line in std::iter::repeat_n(tst.lines(), passes).flatten() {
        let line = line.split('#').next().unwrap().trim();
        let words: Vec<&str> = line.split_whitespace().collect();
        let words = match words.first() {
            Some(w) if w.bytes().all(|c| c.is_ascii_digit()) => &words[1..],
            _ => &words[..],
        };
        match words {
            ["loadsgf", file, rest @ ..] => {
                let text = crate::board::sgf::read_file(dir.join(file)).unwrap();
                let until = match rest.first() {
                    Some(n) => crate::board::sgf::Until::BeforeMove(n.parse().unwrap()),
                    None => crate::board::sgf::Until::End,
                };
                game = Some(
                    crate::board::sgf::load_with(
                        &text,
                        until,
                        0.0,
                        crate::board::sgf::EmptySetup::IgnoreLikeGnuGo,
                    )
                    .unwrap(),
                );
                tries = 0;
            }
            ["trymove", color, v] => {
                let g = game.as_mut().unwrap();
                let mv = Vertex::parse_move(v, g.size()).unwrap();
                g.play(mv, color.parse().unwrap()).unwrap();
                tries += 1;
            }
            ["popgo"] => {
                game.as_mut().unwrap().undo();
                tries -= 1;
            }
            [cmd @ ("attack" | "defend"), v] => {
                let g = game.as_mut().unwrap();
                let s = point(g, v);
                r.set_base_depth(tries);
                let b = g.board_mut();
                let res = if *cmd == "attack" {
                    r.attack(b, s)
                } else {
                    r.find_defense(b, s)
                };
                out.push((line.to_string(), res));
            }
            [cmd @ ("connect" | "disconnect"), v1, v2] => {
                let g = game.as_mut().unwrap();
                let (s1, s2) = (point(g, v1), point(g, v2));
                r.set_base_depth(tries);
                let b = g.board_mut();
                let res = if *cmd == "connect" {
                    r.string_connect(b, s1, s2)
                } else {
                    r.disconnect(b, s1, s2)
                };
                out.push((line.to_string(), res));
            }
            _ => {}
        }
    }
    Some((out, r.persistent_stats()))
}

/// Neither the transposition table nor the persistent cache may change any answer: every
/// test of GNU Go's reading.tst read with both, and with neither.
#[test]
fn reading_results_are_identical_with_and_without_the_caches() {
    // Unlimited: a budget makes answers depend on how many nodes the caches save.
    let plain = ReadingOptions {
        use_hash: false,
        persistent_cache: false,
        node_limit: 0,
        condition_node_limit: 0,
        ..ReadingOptions::default()
    };
    let cached = ReadingOptions {
        use_hash: true,
        hash_mb: 8,
        persistent_cache: true,
        node_limit: 0,
        condition_node_limit: 0,
        ..ReadingOptions::default()
    };
    let Some((without, _)) = read_regression_file("reading.tst", plain, 1) else {
        return;
    };
    let (with, stats) = read_regression_file("reading.tst", cached, 2).unwrap();
    assert!(without.len() > 200, "read {} tests", without.len());
    assert!(
        stats.hits > 50,
        "the persistent cache answered little: {stats:?}"
    );
    for (a, b) in with.iter().zip(without.iter().cycle()) {
        assert_eq!(a, b, "caches on vs off");
    }
}

/// The same for connect.tst (read twice with the cache): the persistent cache changes no
/// answer.
#[test]
fn connection_results_are_identical_with_and_without_the_persistent_cache() {
    let on = ReadingOptions {
        hash_mb: 8,
        node_limit: 0,
        condition_node_limit: 0,
        ..ReadingOptions::default()
    };
    let off = ReadingOptions {
        persistent_cache: false,
        ..on
    };
    let Some((without, _)) = read_regression_file("connect.tst", off, 1) else {
        return;
    };
    let (with, stats) = read_regression_file("connect.tst", on, 2).unwrap();
    assert!(without.len() > 70, "read {} tests", without.len());
    assert!(
        stats.hits > 20,
        "the persistent cache answered little: {stats:?}"
    );
    for (a, b) in with.iter().zip(without.iter().cycle()) {
        assert_eq!(a, b, "persistent cache on vs off");
    }
}

/// A persistent answer survives a move far away (answered without a node), and a move next
/// to the string drops it: the answer is read again, and right.
#[test]
fn persistent_answer_is_reused_after_a_distant_move_and_dropped_after_a_near_one() {
    let mut b = setup(&[
        ". X . . . . . . . . . . .",
        "X O . . . . . . . . . . .",
        ". X . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
        ". . . . . . . . . . . . .",
    ]);
    let s = pt(&b, "B12");
    let mut r = reader();
    let first = r.attack(&mut b, s);
    assert_eq!(first, (WIN, Some(pt(&b, "C12"))));
    assert_eq!(r.persistent_stats().stores, 1);

    // A distant move: the same answer, from the cache, reading nothing.
    b.play(Move::Play(pt(&b, "N1")), Color::Black).unwrap();
    r.forget_changed(&b);
    let nodes = r.nodes();
    assert_eq!(r.attack(&mut b, s), first);
    assert_eq!(r.nodes(), nodes, "answered without reading");
    assert_eq!(r.persistent_stats().hits, 1);

    // White connects out: the entry is dropped and the string is read again (now safe).
    b.play(Move::Play(pt(&b, "C12")), Color::White).unwrap();
    r.forget_changed(&b);
    assert_eq!(r.persistent_stats().invalidated, 1);
    assert_eq!(r.persistent_len(), 0);
    let again = r.attack(&mut b, s);
    assert!(r.nodes() > nodes, "read again");
    let mut fresh = Reader::new(ReadingOptions {
        persistent_cache: false,
        ..ReadingOptions::default()
    });
    assert_eq!(again, fresh.attack(&mut b, s));
    assert_eq!(again.0, 0, "three liberties in the open: not captured");

    // Taking the move back restores the position: the answer read for it is dropped too,
    // and the first answer is read again.
    b.undo();
    r.forget_changed(&b);
    assert_eq!(r.attack(&mut b, s), first);
    assert_eq!(r.persistent_stats().hits, 1);
}

/// With the cache off nothing is kept.
#[test]
fn persistent_cache_can_be_switched_off() {
    let mut b = setup(&[". X . .", "X O . .", ". X . .", ". . . ."]);
    let s = pt(&b, "B3");
    let mut r = Reader::new(ReadingOptions {
        persistent_cache: false,
        ..ReadingOptions::default()
    });
    assert_eq!(r.attack(&mut b, s).0, WIN);
    assert_eq!(r.persistent_len(), 0);
    assert_eq!(r.persistent_stats(), persistent::PersistentStats::default());
}

/// The corner of issue 19: white A2 can be taken through a ko at B3 (GNU Go: `2 B3` in 3063
/// nodes).
fn issue19_corner() -> Board {
    setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . . . . . .",
        "O X O . O . . . .",
        ". O . O X . . . .",
    ])
}

#[test]
fn superstring_liberties_do_not_chase_a_running_member() {
    // The attacker used to try the liberties of every member of A2's superstring, E2 among
    // them; both sides then read E2's group running across the board: 628 550 nodes. With the
    // liberty cap the same answer took 117 360; with no liberty of a superstring that has
    // more than five (it is not short of liberties), 23 792.
    let mut b = issue19_corner();
    let s = pt(&b, "A2");
    let mut r = bare_reader(0);
    let (code, mv) = r.attack(&mut b, s);
    assert_eq!((code, mv), (KO_A, Some(pt(&b, "B3"))));
    assert!(r.nodes() < 40_000, "{} nodes", r.nodes());
}

#[test]
fn default_budget_bounds_every_question() {
    let o = ReadingOptions::default();
    assert!(o.node_limit > 0 && o.condition_node_limit > 0);
    let mut b = issue19_corner();
    let s = pt(&b, "A2");
    let before = (b.hash(), b.move_count());
    let mut r = Reader::new(ReadingOptions {
        use_patterns: false,
        ..o
    });
    let (code, _) = r.attack(&mut b, s);
    // Cut short: a conservative answer, never a false capture.
    assert!(code == 0 || code == KO_A, "{code}");
    assert!(r.nodes() <= o.node_limit + 1, "{} nodes", r.nodes());
    // (The same corner with no budget reads 23 792 nodes.)
    let (code, _) = r.find_defense(&mut b, s);
    assert_ne!(code, 0);
    assert!(r.nodes() <= 2 * (o.node_limit + 1), "{} nodes", r.nodes());
    assert_eq!((b.hash(), b.move_count()), before);
}

#[test]
fn nested_questions_keep_their_table() {
    // A question asked while this thread's reader is busy (what a pattern condition does in
    // the middle of a search) gets a reader of its own. It used to be made afresh, without a
    // table, for every question: the same question re-read in full each time.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O . . . . .",
        ". . O X . . . . .",
        ". . O . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let s = pt(&b, "D4");
    let ask = |b: &mut Board| {
        with_reader(|r| {
            assert!(r.nested, "a nested reader");
            assert_eq!(
                r.options().node_limit,
                ReadingOptions::default().condition_node_limit
            );
            let n = r.nodes();
            let a = r.attack(b, s);
            (a, r.nodes() - n)
        })
    };
    let (first, second) = with_reader(|_busy| (ask(&mut b), ask(&mut b)));
    assert_eq!(first.0, second.0);
    assert_eq!(first.0.0, WIN, "a ladder");
    assert!(first.1 >= 5, "{} nodes", first.1);
    assert!(second.1 <= 2, "re-read: {} nodes", second.1);
}

#[test]
fn a_squeeze_fills_a_liberty_the_attacker_cannot_take() {
    // GNU Go's reading:203 (games/reading46.sgf). H9's liberty G9 is suicide for White;
    // F9 keeps it and has one other liberty, E9. White E9 stands in atari but threatens to
    // take F9 through G9: the squeeze that captures H9.
    let mut b = setup(&[
        "O . O . . X . X X",
        ". O O X X O X X .",
        "O O X X O O O . O",
        "X X . X O . O O O",
        "X . X O O . . . .",
        ". X X O . . . . .",
        "X X O O . . . . .",
        "O O O . . . . . .",
        ". . . . . . . . .",
    ]);
    let s = pt(&b, "H9");
    let mut r = bare_reader(ReadingOptions::default().node_limit);
    assert_eq!(r.attack(&mut b, s), (WIN, Some(pt(&b, "E9"))));
}

/// A reader that keeps its table across positions (the owl's) answers the next position of a
/// line it has read from the table, with the answer of a fresh reader; one that does not
/// reads it again.
#[test]
fn a_table_kept_across_positions_answers_the_next_node_of_a_line_it_read() {
    let mut b = setup(&LADDER);
    let s = pt(&b, "D4");
    let mut kept = bare_reader(0);
    kept.keep_table_across_positions(true);
    let mut cleared = bare_reader(0);
    for r in [&mut kept, &mut cleared] {
        assert_eq!(r.attack(&mut b, s).0, WIN, "the ladder works");
    }
    // Two moves down the ladder, asked at the depth they were read at (as the owl asks).
    b.play(Move::Play(pt(&b, "E4")), Color::White).unwrap();
    b.play(Move::Play(pt(&b, "D3")), Color::Black).unwrap();
    let mut fresh = bare_reader(0);
    let mut answer = |r: &mut Reader| {
        r.set_base_depth(2);
        let before = r.nodes();
        let a = r.attack(&mut b, s);
        (a, r.nodes() - before)
    };
    let (fresh_answer, fresh_nodes) = answer(&mut fresh);
    let (kept_answer, kept_nodes) = answer(&mut kept);
    let (cleared_answer, cleared_nodes) = answer(&mut cleared);
    assert_eq!(fresh_answer.0, WIN);
    assert_eq!(kept_answer, fresh_answer);
    assert_eq!(cleared_answer, fresh_answer);
    assert!(fresh_nodes > 2, "the ladder is read: {fresh_nodes} nodes");
    assert_eq!(
        cleared_nodes, fresh_nodes,
        "a cleared table reads it all again"
    );
    assert_eq!(kept_nodes, 1, "the kept table answers at the root");
}

/// A liberty that takes stones gives the string their points too: extending at D2 takes the
/// three black stones and leaves five liberties, a defence found without reading. (The
/// bound that used to screen liberties first counted no captures and passed D2 by.)
#[test]
fn a_capturing_extension_is_a_defence_found_without_reading() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X X X . . . . .",
        "O O O O X . . . .",
        "X X X . . . . . .",
        "O O O . . . . . .",
    ]);
    let (a3, d2) = (pt(&b, "A3"), pt(&b, "D2"));
    assert_eq!(b.libs(a3), 1);
    let mut r = reader();
    assert_eq!(r.find_defense(&mut b, a3), (WIN, Some(d2)));
    assert_eq!(r.nodes(), 1, "answered at the first node");
}

/// A string in atari that the attacker simply takes (no ko, no snapback) is answered without
/// the table; one taken in a snapback still reads (the throw-in of `snapback_throw_in`).
#[test]
fn a_plain_capture_needs_no_table_and_a_snapback_still_reads() {
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . X . . .",
        ". . X O X . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let mut r = reader();
    let (d4, d3) = (pt(&b, "D4"), pt(&b, "D3"));
    assert_eq!(b.libs(d4), 1);
    assert_eq!(r.attack(&mut b, d4), (WIN, Some(d3)));
    assert_eq!(r.tt.as_ref().map(|t| t.stores), Some(0), "no table store");
    // Black's throw-in at A1: White taking it at B1 is captured back (GNU Go 3.8: attack A1
    // = 0), read as before.
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X . . . .",
        "O O X . . . .",
        "X . X . . . .",
    ]);
    let (a1, b1) = (pt(&b, "A1"), pt(&b, "B1"));
    assert_eq!(b.libs(a1), 1);
    let mut r = reader();
    assert_eq!(r.attack(&mut b, a1).0, 0, "taking at B1 is a snapback");
    assert!(b.is_legal_simple(b1, Color::White));
}

#[test]
fn the_stone_pressing_on_a_liberty_is_shortened_first() {
    // White A9-A8-B8-B7 has two liberties, A7 and B6, and neither extension saves it. Black
    // A6 presses on A7 without touching it: White A5 takes one of its liberties, and then
    // Black's atari at A7 or B6 is a self-atari (GNU Go: attack A9 = 1 B6, defend A9 = 1 A5).
    let mut b = setup(&[
        "O X X . . . . . .",
        "O O X . . . . . .",
        ". O X X . . . . .",
        "X . O X . . . . .",
        ". O O X . . . . .",
        "O X X X . . . . .",
        ". O O O . . . . .",
        ". . . O . . . . .",
        ". . . . . . . . .",
    ]);
    let (b6, a5) = (pt(&b, "B6"), pt(&b, "A5"));
    let (a, d) = read(&mut b, "A9");
    assert_eq!(a, (WIN, Some(b6)));
    assert_eq!(d, (WIN, Some(a5)));
}

#[test]
fn the_attacker_wins_the_race_of_its_own_short_string_first() {
    // Black attacks C3-D3-E3-C2. Black's E2-E1, next to it, has two liberties, and White
    // F2-G2 holds it with three: H2 shortens F2-G2 from outside, so that Black's string wins
    // that race and the target stays short (GNU Go: attack C3 = 1 H2).
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . O O",
        "X X . . . . . O .",
        ". X . . . . . O O",
        "X X X X X X . O .",
        ". X O O O X X O O",
        "X X O . X O O . .",
        ". . . O X . . . .",
    ]);
    let h2 = pt(&b, "H2");
    let (a, _) = read(&mut b, "C3");
    assert_eq!(a, (WIN, Some(h2)));
}

#[test]
fn the_defender_saves_the_partner_that_feeds_the_race() {
    // Black G9-H9-J9 and White's F9...J7 race with two liberties each (H8, J8). Black's
    // G6-H6-J6-H5-H4-J4, next to White's racer, is in atari: taken, it would give White
    // liberties. E6 takes White F6 and saves it (GNU Go: attack G9 = 1 J5, defend G9 = 1 E6).
    let mut b = setup(&[
        ". . X . X O X X X",
        ". . X . X O O . .",
        ". . X X X X O O O",
        ". . . X . O X X X",
        ". . . X X X O X .",
        ". . . X O O O X X",
        ". . . X O . O O O",
        ". . . X O O . O O",
        ". . . X O . . . .",
    ]);
    let (j5, e6) = (pt(&b, "J5"), pt(&b, "E6"));
    let (a, d) = read(&mut b, "G9");
    assert_eq!(a, (WIN, Some(j5)));
    assert_eq!(d, (WIN, Some(e6)));
}

#[test]
fn gnu_go_depths_restore_the_three_shallower_cut_offs_and_keep_the_rest() {
    let ours = ReadingOptions {
        node_limit: 1234,
        ..ReadingOptions::default()
    };
    let gnu = ours.gnu_go_depths();
    assert_eq!(
        (gnu.branch_depth, gnu.backfill2_depth, gnu.break_chain_depth),
        (13, 5, 7)
    );
    assert!(ours.branch_depth < gnu.branch_depth);
    assert!(ours.backfill2_depth < gnu.backfill2_depth);
    assert!(ours.break_chain_depth < gnu.break_chain_depth);
    // Ladders that meet a breaker need the full backfilling depth in both.
    assert_eq!((ours.backfill_depth, gnu.backfill_depth), (12, 12));
    assert_eq!(gnu.node_limit, 1234);
    assert_eq!(gnu.depth, ours.depth);
    // Race moves beyond the chain-breaking moves only where those stop early.
    assert!(ours.race_depth > ours.break_chain_depth);
    assert_eq!(gnu.race_depth, gnu.break_chain_depth);
}

#[test]
fn a_line_that_takes_two_and_retakes_one_does_not_go_round() {
    // The corner of reading41.sgf (reading:182-187) in small: Black takes the white stone at
    // A4, throws in at A6 (two stones in atari), White takes both at A4, and Black's retake
    // at A5 would bring back the position before Black's A6, three moves back.
    let mut b = setup(&[
        "O . O . . . .",
        ". O O . . . .",
        ". O . . . . .",
        "O X . . . . .",
        "X X . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let mut r = bare_reader(0);
    let line = [
        ("A5", Color::Black),
        ("G1", Color::White),
        ("A6", Color::Black),
        ("A4", Color::White),
    ];
    for (v, c) in line {
        let p = pt(&b, v);
        assert!(r.trymove(&mut b, p, c, false).is_some(), "{v} is read");
    }
    assert_eq!(b.color_at(pt(&b, "A5")), None, "White took the two stones");
    let repeat = b.hash();
    let a5 = pt(&b, "A5");
    assert!(
        r.trymove(&mut b, a5, Color::Black, false).is_none(),
        "the retake that repeats the line is not read"
    );
    assert_eq!(b.hash(), repeat, "the refused move is taken back");
    // Off the line (a fresh reader, the same board) the retake is an ordinary capture.
    let mut fresh = bare_reader(0);
    assert!(fresh.trymove(&mut b, a5, Color::Black, false).is_some());
    fresh.popmove(&mut b);
    for _ in line {
        r.popmove(&mut b);
    }
    b.validate().unwrap();
}

#[test]
fn race_moves_are_the_outside_liberties_of_a_racer_sharing_one() {
    // White A3-B3-B2 (liberties A2, B1) races the black string around it, which shares B1.
    let rows = [
        ". . . . . . .",
        ". . . . . . .",
        "O O O . . . .",
        "X X X O . . .",
        "O O X O . . .",
        ". O X O . . .",
        ". . X . . . .",
    ];
    // The race moves of White's string, by name.
    let race_moves = |rows: &[&str]| -> Vec<String> {
        let mut b = setup(rows);
        let s = pt(&b, "B2");
        let boundary = moves::Boundary::of(&b, s);
        let mut moves = moves::MoveList::new();
        bare_reader(0).race_liberties(&mut b, s, &boundary, &mut moves, 0);
        let mut names: Vec<String> = moves.pts[..moves.len]
            .iter()
            .map(|&p| candidates::vertex(&b, p))
            .collect();
        names.sort();
        names
    };
    // Two liberties: D1 outside, B1 shared.
    assert_eq!(race_moves(&rows), ["D1"]);
    // Three (D3 opened): still a racer.
    let mut rows3 = rows;
    rows3[4] = "O O X . . . .";
    assert_eq!(race_moves(&rows3), ["D1", "D3"]);
    // Four (D4 opened too): not a race the generator reads.
    let mut rows4 = rows3;
    rows4[3] = "X X X . . . .";
    assert!(race_moves(&rows4).is_empty());
}
