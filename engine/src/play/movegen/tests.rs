use super::*;
use crate::board::{Board, Color};
use crate::tactics::pattern_view::NoPatterns;
use crate::test_util::{pt, setup};

fn generator(lookahead: bool) -> MoveGenerator {
    MoveGenerator::new(
        &NoPatterns,
        GenOptions {
            lookahead,
            ..GenOptions::default()
        },
    )
}

fn choose(b: &mut Board, us: Color, lookahead: bool) -> MoveChoice {
    let before = b.hash();
    let choice = generator(lookahead).generate(b, us, 6.5, None);
    assert_eq!(
        b.hash(),
        before,
        "the generator leaves the board as it found it"
    );
    choice
}

#[test]
fn captures_a_big_string_in_atari() {
    // White's four stones in the middle have one liberty, at E4.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . X X X . . .",
        ". . X O O O X . .",
        ". . . X O X . . .",
        ". . . . . . . . .",
        ". . O . . . O . .",
        ". . . . O . . . .",
        ". . . . . . . . .",
    ]);
    assert_eq!(b.libs(pt(&b, "E5")), 1);
    for lookahead in [false, true] {
        let choice = choose(&mut b, Color::Black, lookahead);
        assert_eq!(
            choice.decision,
            Decision::Play(pt(&b, "E4")),
            "{:?}",
            &choice.ranked[..3]
        );
        assert!(choice.ranked[0].reasons & reason::CAPTURE != 0);
    }
}

#[test]
fn saves_a_string_in_atari_that_can_escape() {
    // Black's two stones at D5/E5 are in atari; extending to F5 gives them three liberties.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O O . . . .",
        ". . O X X . . . .",
        ". . . O O . . . .",
        ". . . . . . . . .",
        ". . X . . . X . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    assert_eq!(b.libs(pt(&b, "D6")), 1);
    let choice = choose(&mut b, Color::Black, true);
    assert_eq!(
        choice.decision,
        Decision::Play(pt(&b, "F6")),
        "{:?}",
        &choice.ranked[..3]
    );
}

#[test]
fn never_fills_its_own_eyes_and_passes_when_nothing_is_left() {
    // Black owns the whole board but two single-point eyes: filling them is never a move.
    let mut b = setup(&[
        ". X X X X",
        "X X X X X",
        "X X . X X",
        "X X X X X",
        "X X X X X",
    ]);
    let choice = choose(&mut b, Color::Black, true);
    assert_eq!(choice.decision, Decision::Pass);
    assert!(
        choice.ranked.is_empty(),
        "eyes are not candidates: {:?}",
        choice.ranked
    );
}

#[test]
fn does_not_put_a_big_string_into_self_atari() {
    // Playing A1 would leave Black's three stones with a single liberty.
    let mut b = setup(&[
        ". . . . .",
        ". . . . .",
        "O O . . .",
        "X X O . .",
        ". X O . .",
    ]);
    let a1 = pt(&b, "A1");
    let choice = choose(&mut b, Color::Black, false);
    assert!(choice.ranked.iter().all(|m| m.point != a1));
}

#[test]
fn restricted_generation_chooses_among_the_allowed_points_only() {
    let mut b = Board::new(9).unwrap();
    let allowed = [pt(&b, "A1"), pt(&b, "J9")];
    let choice = generator(true).generate(&mut b, Color::Black, 6.5, Some(&allowed));
    assert!(choice.ranked.iter().all(|m| allowed.contains(&m.point)));
    assert_eq!(choice.ranked.len(), 2);
}

#[test]
fn resigns_only_when_allowed_and_far_behind_late() {
    // White owns almost everything; Black has one stone left on a full-ish board.
    let rows = [
        "O O O O O O O O O",
        "O . O . O . O . O",
        "O O O O O O O O O",
        "O . O . O . O . O",
        "O O O O O O O O O",
        "O . O . O . O . O",
        "O O O O O O O O O",
        "O . O . O . O . O",
        "O O O O O O O . X",
    ];
    let mut b = setup(&rows);
    // Make the game "late": moves are counted from the history.
    for _ in 0..50 {
        b.pass(Color::Black);
    }
    let mut options = GenOptions::default();
    let resigning =
        MoveGenerator::new(&NoPatterns, options).generate(&mut b, Color::Black, 6.5, None);
    assert_eq!(resigning.decision, Decision::Resign);
    options.resign = false;
    let playing =
        MoveGenerator::new(&NoPatterns, options).generate(&mut b, Color::Black, 6.5, None);
    assert_ne!(playing.decision, Decision::Resign);
}

#[test]
fn level_scales_the_look_ahead() {
    let low = GenOptions {
        level: 1,
        ..GenOptions::default()
    };
    let high = GenOptions::default();
    assert!(low.lookahead_width() < high.lookahead_width());
    assert!(low.reply_width() <= high.reply_width());
    assert!(!low.deep() && high.deep());
}

/// Black's wall makes the top two rows Black's; the bottom is White's, alive with two eyes.
fn settled_endgame() -> Board {
    setup(&[
        ". . . . .",
        ". . . . .",
        "X X X X X",
        "O O O O O",
        ". O . O .",
    ])
}

#[test]
fn passes_after_the_opponent_when_the_territory_count_wins() {
    let mut b = settled_endgame();
    b.pass(Color::White);
    for seed in 0..3 {
        let options = GenOptions {
            seed,
            level: 2,
            ..GenOptions::default()
        };
        let choice =
            MoveGenerator::new(&NoPatterns, options).generate(&mut b, Color::Black, 0.5, None);
        assert_eq!(choice.decision, Decision::Pass, "seed {seed}");
    }
}

/// Black's two top rows, White's two bottom rows (alive with three eyes), dame between.
const DAME_ROW: [&str; 7] = [
    ". . . . . . .",
    ". . . . . . .",
    "X X X X X X X",
    ". . . . . . .",
    "O O O O O O O",
    "O O O O O O O",
    "O . O . O . O",
];

#[test]
fn plays_dame_rather_than_in_its_own_territory_under_territory_counting() {
    // By territory Black leads by 14 − 3 = 11: with komi 10.5 a stone in its own territory
    // loses the game, a dame or a pass keeps it.
    let mut b = setup(&DAME_ROW);
    for seed in 0..3 {
        let options = GenOptions {
            seed,
            level: 2,
            ..GenOptions::default()
        };
        let choice =
            MoveGenerator::new(&NoPatterns, options).generate(&mut b, Color::Black, 10.5, None);
        if let Decision::Play(p) = choice.decision {
            assert_eq!(p.xy().1, 3, "seed {seed}: {p:?} is not a dame");
        } else {
            assert_eq!(choice.decision, Decision::Pass, "seed {seed}");
        }
    }
}

#[test]
fn plays_on_rather_than_passing_when_behind() {
    // The dame position with a komi Black cannot overcome: passing loses for sure, playing
    // on at least keeps the game going.
    let mut b = setup(&DAME_ROW);
    for seed in 0..3 {
        let options = GenOptions {
            seed,
            level: 2,
            resign: false,
            ..GenOptions::default()
        };
        let choice =
            MoveGenerator::new(&NoPatterns, options).generate(&mut b, Color::Black, 40.5, None);
        assert!(
            matches!(choice.decision, Decision::Play(_)),
            "seed {seed}: {:?}",
            choice.decision
        );
    }
}

/// A 19×19 board with `stones` (GTP vertices) set up, Black's and White's.
fn big_board(black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(19).unwrap();
    for (list, color) in [(black, Color::Black), (white, Color::White)] {
        for v in list {
            let p = pt(&b, v);
            b.add_stone(p, color).unwrap();
        }
    }
    b.clear_history();
    b
}

/// Black's margin gain by a stone at `v` over a pass, under tactical safety.
fn tactical_gain(b: &mut Board, v: &str) -> f32 {
    let evaluator = eval::Evaluator::new(6.5, &TacticalSafety);
    b.pass(Color::Black);
    let pass = evaluator.margin(b, Color::White, Color::Black);
    b.undo();
    b.play_unchecked(pt(b, v), Color::Black);
    let played = evaluator.margin(b, Color::White, Color::Black);
    b.undo();
    played - pass
}

#[test]
fn a_first_line_stone_does_not_seal_the_edge_under_a_side_into_territory() {
    // Black's stones on the fourth line of the left side reach the second line; the first
    // line under them is reached by nobody, and at the top it runs into White's corner. A
    // Black stone on it must not turn the whole strip below it into territory.
    let mut b = big_board(
        &["D4", "D6", "D8", "D10", "D12", "D14", "Q4", "Q16", "K10"],
        &["D16", "C16", "E17", "Q10", "K16", "K4"],
    );
    let edge = tactical_gain(&mut b, "A9");
    let open = tactical_gain(&mut b, "K13");
    assert!(
        edge < 0.4 * open,
        "first-line stone {edge}, open point {open}"
    );
}

#[test]
fn an_early_first_line_move_is_worth_little_next_to_an_open_point() {
    // The same side as above, early in the game: a stone on the first line under Black's
    // own side takes a few edge points at most; the open point in the centre is bigger.
    let mut b = big_board(
        &["D4", "D6", "D8", "D10", "D12", "D14", "Q4", "Q16", "K10"],
        &["D16", "C16", "E17", "Q10", "K16", "K4"],
    );
    let generator = MoveGenerator::new(
        &NoPatterns,
        GenOptions {
            lookahead: false,
            playouts: 0,
            ..GenOptions::default()
        },
    );
    let choice = generator.generate(&mut b, Color::Black, 6.5, None);
    let value = |v: &str| {
        let p = pt(&b, v);
        choice
            .ranked
            .iter()
            .find(|m| m.point == p)
            .map_or(0.0, |m| m.value)
    };
    let (edge, open) = (value("A9"), value("K13"));
    assert!(
        edge < 0.25 * open,
        "first-line move {edge}, open point {open}"
    );
}

#[test]
fn the_look_ahead_corrects_only_the_territorial_part_of_a_value() {
    // B9 is worth little as territory; suppose a stage found it worth 20 moku more (saving a
    // dragon, say). The look-ahead, which judges by the evaluation only, must not take that
    // away in favour of the open point K13, whose whole value is territory.
    let mut b = big_board(
        &["D4", "D6", "D8", "D10", "D12", "D14", "Q4", "Q16", "K10"],
        &["D16", "C16", "E17", "Q10", "K16", "K4"],
    );
    let open_gain = tactical_gain(&mut b, "K13");
    let evaluator = eval::Evaluator::new(6.5, &TacticalSafety);
    let (saving, open) = (pt(&b, "B9"), pt(&b, "K13"));
    let mut ranked = vec![
        ValuedMove {
            point: saving,
            value: tactical_gain(&mut b, "B9") + 20.0,
            reasons: reason::DEFEND,
        },
        ValuedMove {
            point: open,
            value: open_gain,
            reasons: reason::TERRITORY,
        },
    ];
    let options = GenOptions {
        level: 1,
        ..GenOptions::default()
    };
    lookahead::refine(
        &mut b,
        Color::Black,
        &evaluator,
        &options,
        None,
        &mut ranked,
    );
    assert_eq!(ranked[0].point, saving, "{ranked:?}");
}

#[test]
fn answers_a_move_that_makes_its_group_critical_on_a_big_board() {
    // Black's corner group has a straight three on the first line (A1 B1 C1); White has just
    // closed it in at E1. Black B1 makes two eyes, White B1 would kill: the dragon stage
    // reads the group the last move touched and finds the vital point.
    let mut b = big_board(
        &[
            "A2", "B2", "C2", "D2", "D1", "Q16", "Q4", "D16", "K10", "O17", "D10", "K3",
        ],
        &[
            "A3", "B3", "C3", "D3", "E3", "E2", "Q17", "R4", "C17", "K12", "C7", "R10",
        ],
    );
    b.play_unchecked(pt(&b, "E1"), Color::White);
    let choice = choose(&mut b, Color::Black, false);
    assert_eq!(
        choice.decision,
        Decision::Play(pt(&b, "B1")),
        "{:?}",
        &choice.ranked[..5]
    );
    assert!(choice.ranked[0].reasons & reason::DEFEND != 0);
}

#[test]
fn the_dragon_stage_values_the_vital_point_of_a_critical_group_near_the_last_move() {
    // As above, the dragon stage alone: both the defence (Black to move) and the attack
    // (White to move) at B1 are worth the group; nothing is read far from the last move.
    for us in [Color::Black, Color::White] {
        let mut b = big_board(
            &[
                "A2", "B2", "C2", "D2", "D1", "Q16", "Q4", "D16", "K10", "O17", "D10", "K3",
            ],
            &[
                "A3", "B3", "C3", "D3", "E3", "E2", "Q17", "R4", "C17", "K12", "C7", "R10",
            ],
        );
        b.play_unchecked(pt(&b, "E1"), Color::White);
        if us == Color::White {
            b.pass(Color::Black);
        }
        let evaluator = eval::Evaluator::new(6.5, &TacticalSafety);
        let mut values = MoveValues::new();
        mark_candidates(&mut b, us, None, &mut values);
        let mut ctx = StageContext {
            board: &mut b,
            us,
            evaluator: &evaluator,
            patterns: &NoPatterns,
            pass_margin: 0.0,
            reading_deadline: None,
        };
        stages::DragonStage.run(&mut ctx, &mut values);
        let vital = pt(&b, "B1").index();
        assert!(
            values.value[vital] >= 10.0,
            "{us:?}: {}",
            values.value[vital]
        );
        let elsewhere = b
            .points()
            .filter(|p| p.index() != vital)
            .map(|p| values.value[p.index()])
            .fold(0.0f32, f32::max);
        assert_eq!(elsewhere, 0.0, "{us:?}");
    }
}

#[test]
fn the_contact_stage_answers_an_attachment_with_the_hane_or_the_block() {
    // White has just attached at R16 to Black's Q16: R17 and R15 (next to the attaching
    // stone, diagonal to ours) answer it; a point not touching both gets nothing.
    let mut b = big_board(&["Q16", "D4", "D16"], &["Q4", "C16"]);
    b.play_unchecked(pt(&b, "R16"), Color::White);
    let evaluator = eval::Evaluator::new(6.5, &TacticalSafety);
    let mut values = MoveValues::new();
    mark_candidates(&mut b, Color::Black, None, &mut values);
    let mut ctx = StageContext {
        board: &mut b,
        us: Color::Black,
        evaluator: &evaluator,
        patterns: &NoPatterns,
        pass_margin: 0.0,
        reading_deadline: None,
    };
    stages::ContactStage.run(&mut ctx, &mut values);
    for v in ["R17", "R15"] {
        assert!(values.value[pt(&b, v).index()] >= 10.0, "{v}");
    }
    for v in ["S16", "Q15", "K10"] {
        assert_eq!(values.value[pt(&b, v).index()], 0.0, "{v}");
    }
}

#[test]
fn a_corner_is_empty_until_a_stone_stands_near_its_opening_points() {
    let mut b = Board::new(19).unwrap();
    assert!(stages::empty_corner_remains(&b));
    for v in ["D4", "Q16", "D16"] {
        b.play_unchecked(pt(&b, v), Color::Black);
        assert!(stages::empty_corner_remains(&b), "after {v}");
    }
    // A stone on the side, far from the last corner, leaves it empty.
    b.play_unchecked(pt(&b, "K4"), Color::White);
    assert!(stages::empty_corner_remains(&b));
    // A 3-5 point is near enough to its 3-3 and 4-4 points to take the corner.
    b.play_unchecked(pt(&b, "R5"), Color::White);
    assert!(!stages::empty_corner_remains(&b));
    assert!(!stages::empty_corner_remains(&Board::new(9).unwrap()));
}

#[test]
fn every_stage_can_be_left_out_by_its_name() {
    // The names `--without-stage` takes are the stages' own, in order, and then the shape step.
    let names: Vec<&str> = stages::standard().iter().map(|s| s.name()).collect();
    assert_eq!(names, stages::STAGE_NAMES[..names.len()]);
    assert_eq!(stages::STAGE_NAMES[names.len()..], ["efficiency"]);
    let set = stages::StageSet::default().with("joseki").unwrap();
    assert!(set.contains("joseki"));
    assert!(!set.contains("dragons"));
    assert!(set.with("dragons").unwrap().contains("dragons"));
    let both = set.union(stages::StageSet::default().with("eyes").unwrap());
    assert!(both.contains("joseki") && both.contains("eyes") && !both.contains("tactics"));
    assert_eq!(set.with("fuseki"), None);
}

#[test]
fn the_tie_rule_reads_its_five_names_and_rejects_any_other() {
    assert_eq!("visits".parse(), Ok(TieRule::MostVisited));
    assert_eq!("size-in-opening".parse(), Ok(TieRule::SizeInOpening));
    assert_eq!("size".parse(), Ok(TieRule::Size));
    assert_eq!("prior".parse(), Ok(TieRule::Prior));
    assert_eq!("size-then-prior".parse(), Ok(TieRule::SizeThenPrior));
    for bad in ["", "Prior", "never", "opening", "size ", "\u{0}"] {
        assert!(bad.parse::<TieRule>().is_err(), "{bad:?} accepted");
    }
}

#[test]
fn a_local_fight_is_open_after_a_contact_play_or_next_to_a_short_string() {
    let play = |moves: &[(&str, Color)]| {
        let mut b = Board::new(19).unwrap();
        for &(v, c) in moves {
            b.play_unchecked(pt(&b, v), c);
        }
        b
    };
    use Color::{Black, White};
    // An approach two lines away from the corner stone touches nothing: no fight.
    let b = play(&[("Q16", Black), ("R14", White)]);
    assert!(!stages::local_fight_open(&b, Black));
    // A stone two points away with all its liberties is near, but not short: no fight.
    let b = play(&[("Q16", Black), ("O16", White)]);
    assert_eq!(b.libs(pt(&b, "Q16")), 4);
    assert!(!stages::local_fight_open(&b, Black));
    // An attachment is a contact play, urgent for the side it touches only.
    let b = play(&[("Q16", Black), ("R16", White)]);
    assert!(stages::local_fight_open(&b, Black));
    assert!(!stages::local_fight_open(&b, White), "our own last move");
    // White's extension touches no black stone, but leaves Black's R15 with two liberties
    // right next to it (regression arend:4, where Black must not tenuki).
    let b = play(&[
        ("Q16", Black),
        ("Q15", White),
        ("P16", Black),
        ("R16", White),
        ("R15", Black),
        ("Q14", White),
    ]);
    assert!(
        !pt(&b, "Q14")
            .neighbors()
            .iter()
            .any(|&q| b.color_at(q) == Some(Black))
    );
    assert!(stages::local_fight_open(&b, Black));
    // After a pass nothing is open.
    let mut b = play(&[("Q16", Black), ("R16", White)]);
    b.pass(Black);
    assert!(!stages::local_fight_open(&b, White));
}

#[test]
fn fixed_playouts_run_to_their_count_whatever_the_levels_time_cap() {
    // Level 1 caps a move at 0.18 s and runs 3,000 playouts (more as the board fills);
    // a fixed count replaces both, so the root sees exactly that many playouts.
    let mut b = big_board(&["Q16", "D4", "Q4"], &["D16", "C3", "R10"]);
    for fixed in [1_234, 4_321] {
        let generator = MoveGenerator::new(
            &NoPatterns,
            GenOptions {
                level: 1,
                fixed_playouts: Some(fixed),
                ..GenOptions::default()
            },
        );
        generator.generate(&mut b, Color::White, 6.5, None);
        let trees = generator
            .trees
            .lock()
            .expect("no other thread holds the trees");
        let visits: u32 = trees.iter().map(mcts::SavedTree::visits).sum();
        assert_eq!(visits as usize, fixed);
    }
}

#[test]
fn a_big_dragon_short_of_liberties_is_read_wherever_the_last_moves_were() {
    // Black's six stones on the top edge have two liberties (A8, G9): weak, wherever the
    // game is played. Black's six in the middle are roomy; Black's J1 is weak but small.
    let mut b = setup(&[
        "X X X X X X . . .",
        ". O O O O O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". X X X X X X . .",
        ". . . . . . . O .",
        ". . . . . . . O X",
    ]);
    let dragons = crate::tactics::reading::with_reader(|r| {
        crate::eval::dragon::Dragons::new(&mut b, r, &NoPatterns)
    });
    let weak = stages::weak_big_dragons(&b, &dragons, &[]);
    assert_eq!(weak.len(), 1, "{weak:?}");
    assert!(weak[0].stones.contains(&pt(&b, "A9")), "{weak:?}");
    // A dragon already read near the last moves is not read twice.
    let edge = dragons.dragon_at(pt(&b, "A9")).unwrap();
    assert!(stages::weak_big_dragons(&b, &dragons, &[edge]).is_empty());
}
