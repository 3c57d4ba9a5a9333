//! The move generator through the compiled pattern databases and GTP, and a tiny `tesuji
//! match` run end to end.

use std::process::Command;
use tesuji::engine::board::sgf::{self, Until};
use tesuji::engine::gtp::GtpEngine;
use tesuji::engine::pattern::Kind;
use tesuji::engine::play::movegen::{GenOptions, MoveGenerator, TieRule, reason};
use tesuji::patterns::{CompiledPatterns, CompiledPatternsWithout};

fn answer(engine: &mut GtpEngine, command: &str) -> Result<String, String> {
    let r = engine.handle_line(command).unwrap();
    let body = r[1..].trim().to_string();
    if r.starts_with('=') {
        Ok(body)
    } else {
        Err(body)
    }
}

const WITHOUT_EFFICIENCY: CompiledPatternsWithout = CompiledPatternsWithout(Kind::Efficiency);

#[test]
fn efficiency_patterns_scale_exactly_the_moves_they_match() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/midgame.sgf"
    ))
    .unwrap();
    let game = sgf::load(&text, Until::End, 6.5).unwrap();
    let options = GenOptions {
        lookahead: false,
        playouts: 0,
        ..GenOptions::default()
    };
    let us = game.to_move();
    let mut board = game.board().clone();
    let with = MoveGenerator::new(&CompiledPatterns, options).generate(&mut board, us, 6.5, None);
    let without =
        MoveGenerator::new(&WITHOUT_EFFICIENCY, options).generate(&mut board, us, 6.5, None);
    let plain = |p| without.ranked.iter().find(|m| m.point == p).unwrap().value;
    let mut shaped = 0;
    for m in &with.ranked {
        let base = plain(m.point);
        if m.reasons & reason::SHAPE != 0 {
            shaped += 1;
            let factor = m.value / base;
            assert!(base > 0.0 && (0.25..=3.0).contains(&factor) && (factor - 1.0).abs() > 1e-3);
        } else {
            assert!((m.value - base).abs() < 1e-4, "{m:?} vs {base}");
        }
    }
    assert!(
        shaped > 0,
        "some efficiency pattern matches a valued move in a mid-game"
    );
}

#[test]
fn gtp_generation_commands() {
    let mut e = GtpEngine::new(9, 6.5)
        .unwrap()
        .with_patterns(&CompiledPatterns);
    // reg_genmove answers without playing.
    let mv = answer(&mut e, "reg_genmove black").unwrap();
    assert_ne!(mv, "PASS");
    assert_eq!(answer(&mut e, "list_stones black").unwrap(), "");
    // genmove plays its answer.
    let mv = answer(&mut e, "genmove black").unwrap();
    assert_eq!(answer(&mut e, "list_stones black").unwrap(), mv);
    assert!(!answer(&mut e, "top_moves").unwrap().is_empty());
    // restricted_genmove keeps to its vertices, and needs at least one.
    assert_eq!(
        answer(&mut e, "restricted_genmove white"),
        Err("no allowed vertex".into())
    );
    assert_eq!(
        answer(&mut e, "restricted_genmove white A1 Z9"),
        Err("invalid coordinate".into())
    );
    let mv = answer(&mut e, "restricted_genmove white C3 G7").unwrap();
    assert!(mv == "C3" || mv == "G7", "{mv}");
    assert!(answer(&mut e, "genmove purple").is_err());
    assert_eq!(answer(&mut e, "level 3"), Ok(String::new()));
    assert_eq!(e.gen_options.level, 3);
    assert!(answer(&mut e, "level x").is_err());
    // kgs-genmove_cleanup captures a dead stone left in atari instead of passing.
    let mut e = GtpEngine::new(5, 0.5)
        .unwrap()
        .with_patterns(&CompiledPatterns);
    for m in [
        "b A2", "b B2", "b C2", "b D2", "b E2", "b C1", "b D1", "b E1", "w A1",
    ] {
        answer(&mut e, &format!("play {m}")).unwrap();
    }
    let mv = answer(&mut e, "kgs-genmove_cleanup black").unwrap();
    assert!(mv != "PASS" && mv != "resign", "{mv}");
    assert_eq!(
        answer(&mut e, "list_stones white").unwrap(),
        "",
        "A1 was captured"
    );
}

#[test]
fn a_tiny_match_is_played_checked_and_saved() {
    let dir = std::env::temp_dir().join(format!("tesuji-match-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let tesuji = env!("CARGO_BIN_EXE_tesuji");
    let opponent = format!("{tesuji} gtp --level 1 --no-lookahead");
    let out = Command::new(tesuji)
        .args([
            "match",
            "--opponent",
            &opponent,
            "--games",
            "2",
            "--size",
            "5",
            "--max-moves",
            "16",
        ])
        .args(["--tesuji-args", "--level 1", "--time", "60+10/5", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("of 2 games"), "{stdout}");
    assert!(
        stdout.contains("illegal moves: 0 (tesuji 0); crashes: 0 (tesuji 0)"),
        "{stdout}"
    );
    for n in ["game-001.sgf", "game-002.sgf", "summary.txt"] {
        assert!(dir.join(n).exists(), "{n} missing");
    }
    let sgf_text = std::fs::read_to_string(dir.join("game-002.sgf")).unwrap();
    assert!(
        sgf_text.contains("PW[tesuji]") && sgf_text.contains("RE["),
        "{sgf_text}"
    );
    let game = sgf::load(&sgf_text, Until::End, 0.0).unwrap();
    assert!(!game.moves().is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_opponent_that_plays_an_illegal_move_loses_and_is_counted() {
    // A fake engine that answers every genmove with A1: its second A1 is illegal.
    let dir = std::env::temp_dir().join(format!("tesuji-match-illegal-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let script = dir.join("fake.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read cmd; do case \"$cmd\" in genmove*) echo '= A1';; quit*) echo '='; echo; exit;; *) echo '=';; esac; echo; done\n",
    )
    .unwrap();
    let tesuji = env!("CARGO_BIN_EXE_tesuji");
    let out = Command::new(tesuji)
        .args(["match", "--opponent", &format!("sh {}", script.display())])
        .args(["--games", "1", "--size", "5", "--tesuji-args", "--level 1"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("ILLEGAL"), "{stdout}");
    assert!(stdout.contains("tesuji won 1 of 1"), "{stdout}");
    assert!(stdout.contains("illegal moves: 1 (tesuji 0)"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The joseki stage: after a 4-4 stone and a knight's approach, the book answers carry the
/// joseki reason and are worth more than without the joseki database; the other joseki moves
/// are fuseki moves in the empty corners; the choice is a book answer or an empty corner
/// (tenuki from a 4-4 approach is standard too).
#[test]
fn joseki_stage_values_the_book_answers_in_a_corner() {
    use tesuji::engine::board::{Board, Color, Move, Point, Vertex};
    use tesuji::engine::play::movegen::Decision;
    static WITHOUT_JOSEKI: CompiledPatternsWithout = CompiledPatternsWithout(Kind::Joseki);
    let mut board = Board::new(19).unwrap();
    let at = |v: &str| -> Point {
        match Vertex::parse_move(v, 19).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        }
    };
    assert!(board.try_play(at("Q16"), Color::Black));
    assert!(board.try_play(at("O17"), Color::White));
    let options = GenOptions {
        lookahead: false,
        playouts: 0,
        ..GenOptions::default()
    };
    let with = MoveGenerator::new(&CompiledPatterns, options).generate(
        &mut board,
        Color::Black,
        6.5,
        None,
    );
    let without =
        MoveGenerator::new(&WITHOUT_JOSEKI, options).generate(&mut board, Color::Black, 6.5, None);
    let value = |choice: &tesuji::engine::play::movegen::MoveChoice, p| {
        *choice.ranked.iter().find(|m| m.point == p).unwrap()
    };
    let book = ["R14", "Q14", "R13", "M17", "L16"].map(at);
    for p in book {
        let (w, wo) = (value(&with, p), value(&without, p));
        assert!(w.reasons & reason::JOSEKI != 0, "{w:?}");
        assert!(w.value >= wo.value + 3.0, "{w:?} vs {wo:?}");
    }
    let far_from_the_fight = |p: Point| {
        let ((x, y), (qx, qy)) = (p.xy(), at("Q16").xy());
        x.abs_diff(qx).max(y.abs_diff(qy)) >= 8
    };
    for m in &with.ranked {
        if m.reasons & reason::JOSEKI != 0 && !book.contains(&m.point) {
            assert!(far_from_the_fight(m.point), "{m:?}");
        }
    }
    match with.decision {
        Decision::Play(p) => assert!(book.contains(&p) || far_from_the_fight(p), "{p:?}"),
        other => panic!("{other:?}"),
    }
}

/// The 19×19 openings of twelve seeds (3,000-playout searches, level 1) with `options` whose
/// first `moves` moves did not take as many empty corners, each within five lines of both
/// edges: the board of each, for the failure message.
fn openings_missing_a_corner(options: GenOptions, moves: usize) -> Vec<String> {
    use tesuji::engine::board::{Board, Color};
    use tesuji::engine::play::movegen::Decision;
    let mut missed = Vec::new();
    for seed in 1..=12 {
        let generator = MoveGenerator::new(
            &CompiledPatterns,
            GenOptions {
                // A clock far beyond the level's playouts: the search runs them all, so
                // the moves do not depend on the machine's load.
                level: 1,
                time_budget: Some(std::time::Duration::from_secs(60)),
                seed,
                ..options
            },
        );
        let mut board = Board::new(19).unwrap();
        let mut quadrants = Vec::new();
        let mut color = Color::Black;
        let mut corners_only = true;
        for _ in 0..moves {
            let Decision::Play(p) = generator.generate(&mut board, color, 6.5, None).decision
            else {
                panic!("no move in the opening");
            };
            let (x, y) = p.xy();
            let line = |v: usize| v.min(18 - v) + 1;
            corners_only &= line(x) <= 5 && line(y) <= 5;
            quadrants.push((x > 9, y > 9));
            board.play_unchecked(p, color);
            color = color.opponent();
        }
        quadrants.sort();
        quadrants.dedup();
        if !corners_only || quadrants.len() != moves {
            missed.push(format!("seed {seed}:\n{}", board.to_ascii()));
        }
    }
    missed
}

#[test]
fn with_opening_priors_a_19x19_game_opens_in_the_four_empty_corners() {
    // "Corners first": while a corner is empty, the playouts cannot tell a corner move from
    // an approach or a centre move, so the book's order must come from the priors.
    //
    // One seed is one sample of a 3,000-playout search, whose noise now and then lets a side
    // move through (seeds 1 to 30: 28 openings in four corners with the move model trained
    // on NNGS games, 29 with the wide shapes trained on Tygem games; a different seed fails
    // each time). So the claim is about many openings: in at least eleven of twelve, the
    // first four moves take the four corners. These twelve are kinder than most: seeds 13
    // to 24 miss three with today's model (21 of 24 in all, none of 24 without the opening
    // priors), and a retrained model missed two of the twelve at 20 of 24. A new model that
    // fails here is to be measured on more seeds before it is blamed (docs/movegen.md).
    let missed = openings_missing_a_corner(
        GenOptions {
            opening_priors: true,
            ties: TieRule::MostVisited,
            ..GenOptions::default()
        },
        4,
    );
    assert!(
        missed.len() <= 1,
        "{} of 12 openings left a corner empty:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

#[test]
fn with_ties_by_size_in_the_opening_the_answer_to_the_first_move_takes_another_corner() {
    // With the default priors the model, which mostly predicts answers next to the last
    // move, weighs two thirds; the search's arms are equal within noise on the open board
    // and with `TieRule::SizeInOpening` the classical values' "corners first" decides between
    // them. Without the rule (`TieRule::MostVisited`) 5 of these 12 openings miss.
    let missed = openings_missing_a_corner(
        GenOptions {
            ties: TieRule::SizeInOpening,
            ..GenOptions::default()
        },
        2,
    );
    assert!(
        missed.len() <= 2,
        "{} of 12 answers stayed in the first move's corner or left the corners:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

#[test]
fn after_the_opponent_passes_it_does_not_fill_its_own_settled_territory() {
    use tesuji::engine::play::movegen::Decision;
    // A 19×19 game tesuji played as Black against GNU Go level 1: at move 304 GNU Go passed
    // with Black ahead by 1.5 at the territory count; tesuji's area-counted playouts saw a
    // loss (prisoners do not count there), so it played on inside its own territory, a point
    // lost per stone, and lost the game by 29.5.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/endgame_after_a_pass.sgf"
    ))
    .unwrap();
    let game = sgf::load(&text, Until::BeforeMove(305), 6.5).unwrap();
    let us = game.to_move();
    assert_eq!(us, tesuji::engine::board::Color::Black);
    for seed in [1, 2] {
        let options = GenOptions {
            level: 1,
            time_budget: Some(std::time::Duration::from_secs(60)),
            seed,
            ..GenOptions::default()
        };
        let mut board = game.board().clone();
        let choice =
            MoveGenerator::new(&CompiledPatterns, options).generate(&mut board, us, 6.5, None);
        assert_eq!(choice.decision, Decision::Pass, "seed {seed}");
    }
}

#[test]
fn with_the_models_virtual_wins_at_the_root_the_fuseki_answer_is_one_strong_players_choose() {
    // After B R16, W Q3, B D16, W D3, B Q12 every root arm's playouts read within noise of
    // the others, and the root's all-moves-as-first statistics (thousands of samples) favour
    // the centre, which owning correlates with winning in random playouts. Mixed into one
    // win rate, the model's favourites (the approach R10, R14, P17: the answers to Q12
    // strong players choose) lost to centre points such as K11 within a few playouts. As
    // virtual wins they keep the search on the moves the model knows until the playouts
    // say otherwise in numbers: the move played is among the model's eight likeliest in at
    // least five of six seeds of an 8,000-playout search (without them: three of six, K17,
    // L17 and J5 outside; at 3,000 playouts the samples are too few to drown the prior).
    use tesuji::engine::board::{Board, Color, Move, Vertex};
    use tesuji::engine::play::movegen::Decision;
    use tesuji::engine::play::prior::MovePredictor;
    let model = MovePredictor::from_patterns(&CompiledPatterns)
        .expect("a valid prior database")
        .expect("a prior database is compiled in");
    let mut board = Board::new(19).unwrap();
    let mut color = Color::Black;
    for v in ["R16", "Q3", "D16", "D3", "Q12"] {
        let Ok(Move::Play(p)) = Vertex::parse_move(v, 19) else {
            panic!("{v}")
        };
        board.play_unchecked(p, color);
        color = color.opponent();
    }
    let mut scratch = board.clone();
    let mut ranked: Vec<(f32, _)> = board
        .empty_points()
        .iter()
        .filter(|&&p| board.is_legal_simple(p, color))
        .map(|&p| (model.gamma(&mut scratch, p, color), p))
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let likeliest: Vec<_> = ranked.iter().take(8).map(|&(_, p)| p).collect();
    let mut outside = Vec::new();
    for seed in 1..=6 {
        let generator = MoveGenerator::new(
            &CompiledPatterns,
            GenOptions {
                fixed_playouts: Some(8000),
                root_virtual_wins: true,
                seed,
                ..GenOptions::default()
            },
        );
        let Decision::Play(p) = generator
            .generate(&mut board.clone(), color, 6.5, None)
            .decision
        else {
            panic!("no move in the fuseki");
        };
        if !likeliest.contains(&p) {
            outside.push(Vertex::from_point(p, 19).to_string());
        }
    }
    assert!(
        outside.len() <= 1,
        "moves outside the model's eight likeliest: {outside:?}"
    );
}
