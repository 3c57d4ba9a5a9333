use super::*;
use crate::board::Move;
use crate::board::playout::Playout;
use crate::play::neighbourhood::relative_code;

use crate::test_util::{LADDER, LADDER_BREAKER_ROW, along_playouts, pt, setup};

/// Shapes where each listed neighbourhood code ([`relative_code`]) weighs its weight (in
/// 1/256ths) and every other is no shape.
fn shapes_weighing(weights: &[(u16, u16)]) -> &'static PlayoutShapes {
    let weights = weights.to_vec();
    Box::leak(Box::new(PlayoutShapes::from_fn(move |code| {
        weights
            .iter()
            .find(|&&(c, _)| c == code)
            .map_or(0, |&(_, w)| w)
    })))
}

/// Plays `v` for `c` on `b` (must be legal).
fn play(b: &mut Board, v: &str, c: Color) {
    let p = pt(b, v);
    assert!(b.try_play(p, c), "{v} illegal");
}

#[test]
fn the_shape_step_draws_the_shape_moves_in_proportion_to_their_weights() {
    let mut b = Board::new(9).unwrap();
    play(&mut b, "C5", Color::Black);
    play(&mut b, "D5", Color::White);
    let (d4, d6) = (pt(&b, "D4"), pt(&b, "D6"));
    // D4 weighs three times D6; every other neighbourhood is no shape.
    let heavy = relative_code(&b, d4, Color::Black);
    let light = relative_code(&b, d6, Color::Black);
    assert_ne!(heavy, light);
    let shapes = shapes_weighing(&[(heavy, 768), (light, 256)]);
    let mut runner = HeavyPlayout::new(5, shapes);
    let last = pt(&b, "D5");
    let mut counts = [0usize; 2];
    for _ in 0..4000 {
        let p = runner.shape_answer(&mut b, last, Color::Black);
        let k = [d4, d6].iter().position(|&q| Some(q) == p);
        counts[k.expect("a shape move next to D5")] += 1;
    }
    // D4 weighs 3, D6 1: three draws in four.
    assert!((2850..3150).contains(&counts[0]), "{counts:?}");
    // Without shapes there is no shape move.
    let mut plain = HeavyPlayout::new(5, PlayoutShapes::none());
    assert_eq!(plain.shape_answer(&mut b, last, Color::Black), None);
}

#[test]
fn a_refused_shape_move_is_never_drawn_and_the_others_keep_their_proportions() {
    // D5 is suicide for Black; White's D4 is the last move.
    let mut b = setup(&[
        ". . . . . . .",
        ". . . O . . .",
        ". . O . O . .",
        ". . . O . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let (d5, c4, e4) = (pt(&b, "D5"), pt(&b, "C4"), pt(&b, "E4"));
    let code = |p| relative_code(&b, p, Color::Black);
    let (refused, heavy, light) = (code(d5), code(c4), code(e4));
    assert!(refused != heavy && refused != light && heavy != light);
    // The refused move outweighs the others by far: drawn first almost always.
    let shapes = shapes_weighing(&[(refused, 20_000), (heavy, 768), (light, 256)]);
    let mut runner = HeavyPlayout::new(11, shapes);
    let last = pt(&b, "D4");
    let mut counts = [0usize; 2];
    for _ in 0..4000 {
        let p = runner.shape_answer(&mut b, last, Color::Black);
        assert_ne!(p, Some(d5), "an illegal move was drawn");
        let k = [c4, e4].iter().position(|&q| Some(q) == p);
        counts[k.expect("a shape move next to D4")] += 1;
    }
    assert!((2850..3150).contains(&counts[0]), "{counts:?}");
}

#[test]
fn the_policy_captures_a_stone_the_last_move_left_in_atari() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . X . X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    play(&mut b, "E5", Color::White);
    assert_eq!(b.libs(pt(&b, "E5")), 1);
    for seed in 0..20 {
        let mut runner = HeavyPlayout::new(seed, PlayoutShapes::none());
        assert_eq!(runner.choose_move(&mut b, Color::Black), Some(pt(&b, "E4")));
    }
}

#[test]
fn the_policy_escapes_from_atari_when_that_gains_liberties() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O X O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    play(&mut b, "E6", Color::White);
    assert_eq!(b.libs(pt(&b, "E5")), 1);
    let mut runner = HeavyPlayout::new(1, PlayoutShapes::none());
    assert_eq!(runner.choose_move(&mut b, Color::Black), Some(pt(&b, "E4")));
}

#[test]
fn the_policy_does_not_run_out_of_a_working_ladder() {
    // The reader's ladder position: D4 has two liberties, E4 and D3; White ataris at E4.
    let mut rows = LADDER;
    for (breaker, runs) in [(false, false), (true, true)] {
        if breaker {
            rows[7] = LADDER_BREAKER_ROW;
        }
        let mut b = setup(&rows);
        let d4 = pt(&b, "D4");
        let before = (b.hash(), b.move_count());
        let mut budget = LADDER_BUDGET;
        assert_eq!(ladder_captures(&mut b, d4, d4, &mut budget), !breaker);
        assert_eq!((b.hash(), b.move_count()), before, "board left as found");
        play(&mut b, "E4", Color::White);
        let (e4, d3) = (pt(&b, "E4"), pt(&b, "D3"));
        let answer = atari_answer(&mut b, e4, Color::Black);
        assert_eq!(answer, runs.then_some(d3), "breaker {breaker}");
    }
}

#[test]
fn the_policy_takes_a_string_its_atari_left_behind() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . X O . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    play(&mut b, "F5", Color::Black);
    play(&mut b, "B2", Color::White);
    let f5 = pt(&b, "F5");
    let mut runner = HeavyPlayout::new(4, PlayoutShapes::none());
    assert_eq!(runner.choose(&mut b, Color::Black, f5), Some(pt(&b, "E4")));
    assert_eq!(capture_next_to(&b, f5, Color::White), None);
}

#[test]
fn the_policy_does_not_extend_into_a_dead_end() {
    // Black's E9 stone in atari at the top edge: extending to F9 keeps one liberty, so
    // the policy does not answer there.
    let mut b = setup(&[
        ". . . O X . . . .",
        ". . . . . O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    play(&mut b, "E8", Color::White);
    let e9 = pt(&b, "E9");
    assert_eq!(b.libs(e9), 1);
    let e8 = pt(&b, "E8");
    assert_eq!(atari_answer(&mut b, e8, Color::Black), None);
}

#[test]
fn heavy_playouts_finish_without_filling_eyes() {
    let mut runner = HeavyPlayout::new(17, PlayoutShapes::none());
    for _ in 0..50 {
        let mut b = Board::new(9).unwrap();
        let r = runner.run(&mut b, Color::Black);
        b.validate().unwrap();
        assert!(!r.capped);
        assert!(r.score.black + r.score.white >= 70, "{:?}\n{b:?}", r.score);
        // The last side to pass had no move but eye fills and self-ataris.
        let Some((c, Move::Pass)) = b.last_move() else {
            panic!("playout did not end with a pass")
        };
        let empties = b.empty_points().to_vec();
        for p in empties {
            let open = !b.is_eye(p, c) && b.is_legal_simple(p, c);
            assert!(
                !open || self_atari(&mut b, p, c, 1),
                "{c:?} could play {p:?}"
            );
        }
    }
}

/// Playouts per second of the heavy policy on an empty 9×9 (run with `--ignored
/// --nocapture`); informative, asserts nothing about time.
#[test]
#[ignore]
fn heavy_playout_speed() {
    let mut runner = HeavyPlayout::new(3, PlayoutShapes::none());
    let mut light = Playout::new(3);
    let mut b = Board::new(9).unwrap();
    let n = 20_000;
    let start = std::time::Instant::now();
    for _ in 0..n {
        let r = runner.run(&mut b, Color::Black);
        for _ in 0..r.moves {
            b.undo();
        }
    }
    let heavy = n as f64 / start.elapsed().as_secs_f64();
    let start = std::time::Instant::now();
    for _ in 0..n {
        let r = light.run(&mut b, Color::Black);
        for _ in 0..r.moves {
            b.undo();
        }
    }
    let uniform = n as f64 / start.elapsed().as_secs_f64();
    println!("9x9 playouts/s: heavy {heavy:.0}, uniform {uniform:.0}");
}

/// A set whose playout database reaches two points from the move.
struct WidePlayoutDatabase;

static WIDE: crate::pattern::Tables = crate::pattern::Tables::new(&[], &[(0, -1), (2, 0)], &[]);

impl PatternSet for WidePlayoutDatabase {
    fn matcher(&self, kind: Kind) -> Option<&'static crate::pattern::Tables> {
        (kind == Kind::Playout).then_some(&WIDE)
    }

    fn match_at(
        &self,
        _: Kind,
        _: &crate::tactics::pattern_view::PatternView<'_>,
        _: i32,
        _: i32,
        _: Color,
        _: &mut dyn FnMut(crate::pattern::Match),
    ) {
    }
}

#[test]
fn a_playout_database_beyond_the_3x3_ring_is_refused() {
    assert_eq!(
        PlayoutShapes::from_patterns(&WidePlayoutDatabase).err(),
        Some(PlayoutShapeError::TooLarge { radius: 2 })
    );
    // The search then plays without shapes rather than with a wrong table.
    assert!(PlayoutShapes::cached(&WidePlayoutDatabase).is_empty());
    assert!(
        PlayoutShapes::from_patterns(&crate::tactics::pattern_view::NoPatterns)
            .unwrap()
            .is_none()
    );
}

/// White (O) takes the three black stones with its last move at the marked point of
/// `rows` (the wall around them white); Black to move.
fn after_white_takes(rows: &[&str], capture: &str) -> Board {
    let mut b = setup(rows);
    let before = b.captures(Color::White);
    play(&mut b, capture, Color::White);
    assert!(b.captures(Color::White) > before, "{capture} takes nothing");
    b
}

#[test]
fn after_a_capture_of_three_in_a_row_the_policy_plays_the_middle() {
    let mut b = after_white_takes(
        &[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . O O O O . . .",
            ". O X X X . O . .",
            ". . O O O O . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ],
        "F6",
    );
    let mut taken = [Point::NONE; 8];
    assert_eq!(b.last_captured(&mut taken), 3);
    for seed in 0..20 {
        let mut runner = HeavyPlayout::new(seed, PlayoutShapes::none());
        assert_eq!(runner.choose_move(&mut b, Color::Black), Some(pt(&b, "D6")));
    }
}

#[test]
fn the_vital_point_of_a_bent_three_and_a_pyramid_four_in_the_corner() {
    let bent = after_white_takes(
        &[
            ". . . . .",
            ". . . . .",
            ". O . . .",
            "X O . . .",
            "X X O . .",
        ],
        "A3",
    );
    assert_eq!(nakade_point(&bent, Color::Black), Some(pt(&bent, "A1")));
    let pyramid = after_white_takes(
        &[
            ". . . . .",
            ". O . . .",
            "X O . . .",
            "X X O . .",
            "X O . . .",
        ],
        "A4",
    );
    assert_eq!(
        nakade_point(&pyramid, Color::Black),
        Some(pt(&pyramid, "A2"))
    );
}

#[test]
fn no_vital_point_in_a_square_four_or_a_straight_four() {
    let square = after_white_takes(
        &[
            ". . . . .",
            ". . . . .",
            "O O O . .",
            "X X O . .",
            "X X . . .",
        ],
        "C1",
    );
    assert_eq!(nakade_point(&square, Color::Black), None);
    let straight = after_white_takes(
        &[
            ". . . . .",
            "X O . . .",
            "X O . . .",
            "X O . . .",
            "X O . . .",
        ],
        "A5",
    );
    assert_eq!(nakade_point(&straight, Color::Black), None);
}

/// `has_room` read from the neighbours (with its branch-free shortcuts) against the
/// liberties counted one by one: `p`'s empty neighbours and the liberties of the own
/// strings it joins, `p` and `without` left out, captures not counted.
#[test]
fn room_read_from_the_neighbours_agrees_with_counting_the_liberties() {
    let counted = |b: &Board, p: Point, color: Color, without: Point| {
        let mut libs: Vec<Point> = Vec::new();
        for n in p.neighbors() {
            match b.color_at(n) {
                None if b.cell(n) == Cell::Empty => libs.push(n),
                Some(c) if c == color => libs.extend(b.liberties(n)),
                _ => {}
            }
        }
        libs.retain(|&l| l != p && l != without);
        libs.sort_unstable_by_key(|l| l.0);
        libs.dedup();
        libs.len()
    };
    let (mut checked, mut roomy) = (0, 0);
    along_playouts(&[5, 9, 19], 4, 2, 5, |b| {
        for c in [Color::Black, Color::White] {
            for k in 0..b.empty_points().len() {
                let p = b.empty_points()[k];
                // Without nothing, and without each empty neighbour in turn.
                let empties = p
                    .neighbors()
                    .into_iter()
                    .filter(|&n| b.cell(n) == Cell::Empty);
                for without in std::iter::once(Point::NONE).chain(empties) {
                    let libs = counted(b, p, c, without);
                    for room in 1..=4 {
                        let read = has_room(b, p, c, without, room);
                        assert_eq!(
                            read,
                            libs >= room,
                            "{c:?} at {p:?} without {without:?}, room {room}\n{}",
                            b.to_ascii()
                        );
                        checked += 1;
                        roomy += usize::from(read);
                    }
                }
            }
        }
    });
    // Both answers, many times over.
    assert!(checked > 100_000 && roomy > checked / 4 && roomy < checked * 3 / 4);
}

/// The moves of a short game as the search's playouts report them.
fn game(b: &Board, moves: &[(&str, Color)]) -> Vec<(Color, Move)> {
    moves
        .iter()
        .map(|&(v, c)| {
            let mv = if v == "pass" {
                Move::Pass
            } else {
                Move::Play(pt(b, v))
            };
            (c, mv)
        })
        .collect()
}

#[test]
fn the_winner_s_replies_are_learnt_and_the_loser_s_forgotten() {
    let b = Board::new(9).unwrap();
    let (black, white) = (Color::Black, Color::White);
    let mut r = LastGoodReplies::new();
    let moves = game(
        &b,
        &[("C3", black), ("D3", white), ("D4", black), ("E4", white)],
    );
    r.learn(moves.iter().copied(), black);
    // Black's D4 answered White's D3, after Black's C3.
    assert_eq!(
        r.replies(black, pt(&b, "C3"), pt(&b, "D3")),
        [pt(&b, "D4"), pt(&b, "D4")]
    );
    // Another previous move: only the one-move reply.
    assert_eq!(
        r.replies(black, pt(&b, "G7"), pt(&b, "D3")),
        [Point::NONE, pt(&b, "D4")]
    );
    // The loser's replies are not learnt.
    assert_eq!(
        r.replies(white, pt(&b, "D3"), pt(&b, "D4")),
        [Point::NONE; 2]
    );
    assert_eq!(
        r.replies(white, Point::NONE, pt(&b, "C3")),
        [Point::NONE; 2]
    );
    // Black loses a playout in which it answered D3 at D4 again: forgotten.
    r.learn(moves.iter().copied(), white);
    assert_eq!(
        r.replies(black, pt(&b, "C3"), pt(&b, "D3")),
        [Point::NONE; 2]
    );
    // ... and White's replies of that playout are now stored.
    assert_eq!(
        r.replies(white, pt(&b, "D3"), pt(&b, "D4")),
        [pt(&b, "E4"), pt(&b, "E4")]
    );
    // A loss with another answer leaves a stored reply alone.
    let other = game(&b, &[("C3", black), ("D3", white), ("E3", black)]);
    r.learn(other.iter().copied(), white);
    assert_eq!(
        r.replies(white, pt(&b, "D3"), pt(&b, "D4"))[1],
        pt(&b, "E4")
    );
}

#[test]
fn a_pass_is_neither_answered_nor_an_answer() {
    let b = Board::new(9).unwrap();
    let (black, white) = (Color::Black, Color::White);
    let mut r = LastGoodReplies::new();
    let moves = game(
        &b,
        &[
            ("C3", black),
            ("pass", white),
            ("D4", black),
            ("pass", white),
        ],
    );
    r.learn(moves.iter().copied(), black);
    r.learn(moves.iter().copied(), white);
    assert_eq!(r.replies(black, pt(&b, "C3"), Point::PASS)[0], Point::NONE);
    assert_eq!(
        r.replies(white, Point::NONE, pt(&b, "D4")),
        [Point::NONE; 2]
    );
    assert_eq!(
        r.replies(white, Point::NONE, pt(&b, "C3")),
        [Point::NONE; 2]
    );
}

#[test]
fn the_policy_plays_a_learnt_reply_only_while_it_is_a_sensible_move() {
    let (black, white) = (Color::Black, Color::White);
    // The policy's moves for Black over 40 draws (`choose_move` leaves the board as found).
    let picks = |runner: &mut HeavyPlayout, b: &mut Board| -> std::collections::HashSet<Point> {
        (0..40)
            .filter_map(|_| runner.choose_move(b, black))
            .collect()
    };
    let mut b = Board::new(9).unwrap();
    play(&mut b, "E5", black);
    play(&mut b, "C7", white);
    // No shapes: without a reply the policy plays at random.
    let mut runner = HeavyPlayout::new(3, PlayoutShapes::none()).with_last_good_replies();
    let taught = game(&b, &[("E5", black), ("C7", white), ("G3", black)]);
    runner.learn(taught.iter().copied(), black);
    assert_eq!(
        picks(&mut runner, &mut b),
        std::collections::HashSet::from([pt(&b, "G3")])
    );
    // Occupied: the reply is passed over.
    let mut taken = Board::new(9).unwrap();
    play(&mut taken, "G3", white);
    play(&mut taken, "E5", black);
    play(&mut taken, "C7", white);
    let random = picks(&mut runner, &mut taken);
    assert!(!random.contains(&pt(&taken, "G3")));
    assert!(
        random.len() > 5,
        "random moves once the reply is taken: {random:?}"
    );
    // A runner that was not asked to learn plays no reply.
    let mut plain = HeavyPlayout::new(3, PlayoutShapes::none());
    plain.learn(taught.iter().copied(), black);
    let random = picks(&mut plain, &mut b);
    assert!(random.len() > 5, "{random:?}");
}

/// White walls off the two points A1 and B1 (a two-point eye space) and has a lone stone at
/// J8, so Black's J9 is a lone stone in atari whose one liberty, H9, is open: Black to move.
fn two_point_eye_and_an_open_corner() -> Board {
    setup(&[
        ". . . . . . . . .",
        ". . . . . . . . O",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O . . . . . . .",
        ". . O . . . . . .",
    ])
}

#[test]
fn a_placement_in_a_two_point_eye_space_is_told_from_other_lone_self_ataris() {
    let b = two_point_eye_and_an_open_corner();
    for v in ["A1", "B1"] {
        assert!(
            placement_in_two_point_eye(&b, pt(&b, v), Color::Black),
            "{v}"
        );
        // The space is White's: White's own stone there is no placement.
        assert!(
            !placement_in_two_point_eye(&b, pt(&b, v), Color::White),
            "{v}"
        );
    }
    // One liberty, but the liberty opens onto the board.
    assert!(!placement_in_two_point_eye(&b, pt(&b, "J9"), Color::Black));
    // No placement at A1: the end of a three-point space, and a space touching one of
    // Black's own stones (no eye of White's).
    for rows in [
        [
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O O O . .",
            ". . . O .",
        ],
        [
            ". . . . .",
            ". . . . .",
            ". . . . .",
            "O X . . .",
            ". . O . .",
        ],
    ] {
        let b = setup(&rows);
        assert!(
            !placement_in_two_point_eye(&b, pt(&b, "A1"), Color::Black),
            "{rows:?}"
        );
    }
}

#[test]
fn the_random_step_plays_a_lone_self_atari_only_as_a_two_point_eye_placement() {
    let mut b = two_point_eye_and_an_open_corner();
    let (a1, b1, j9) = (pt(&b, "A1"), pt(&b, "B1"), pt(&b, "J9"));
    let mut placements = 0;
    for seed in 0..3000 {
        let mut runner = HeavyPlayout::new(seed, PlayoutShapes::none());
        let p = runner.random_move(&mut b, Color::Black).unwrap();
        assert_ne!(p, j9, "seed {seed}: a lone self-atari that kills no eye");
        placements += usize::from(p == a1 || p == b1);
    }
    // Two of the 76 empty points: about 79 expected.
    assert!((40..=130).contains(&placements), "{placements} placements");
}

/// The mid-game position of `tests/data/midgame.sgf` (19×19, Black to move).
const MIDGAME: [&str; 19] = [
    ". . X . . . O O X . . . . . . . . . .",
    ". X . X O . O X . . . . . . . . . . .",
    ". . X O . O . X . . X . . X . . X X .",
    ". X . O . O . . . . . . . . . X X O .",
    ". . . . . . . X . . . . . . . . . X X",
    ". . X . O . O . . X . . O . O . O O X",
    ". . X O . . . . . . . . . . . . . O O",
    ". . X O . . . . O . O . . . . . . . .",
    ". . X . . O . . . . . . . O . . . . .",
    ". . . . . . . . . . . . X . . . O . .",
    ". . . . . . . . . O . O X . O O . . .",
    ". . X . . . O . . . . . X . . . X . .",
    "X X . . . . . . . X . X . O . . . O .",
    "X O O . . . . . . . . X . . O . O . .",
    "O . . . . . . . . . . . . . . . . X .",
    ". O . O . . . . X . X . . . . . X . .",
    ". . O O . X . . . . . . X . . X . . .",
    ". . O X O X . X . . . . . . . . . . .",
    ". . . . O O X . . . . . . . . . . . .",
];

/// A fixed seed plays a fixed game: the moves and final scores of a run of playouts from a
/// 19×19 mid-game position (shape step, last good replies and the atari, ladder and nakade
/// answers all taking part) are pinned, so a change meant to make the playouts faster
/// cannot change what they play unnoticed.
#[test]
fn fixed_seed_playouts_from_a_midgame_position_play_a_fixed_sequence() {
    let start = setup(&MIDGAME);
    // An arbitrary but deterministic shape table: about a third of the codes are shapes.
    let shapes: &'static PlayoutShapes = Box::leak(Box::new(PlayoutShapes::from_fn(|code| {
        if code.count_ones() % 3 == 0 {
            32 + code % 509
        } else {
            0
        }
    })));
    let mut runner = HeavyPlayout::new(2024, shapes).with_last_good_replies();
    let mut board = start.clone();
    // FNV-1a over every move and score.
    let mut fingerprint = 0xcbf2_9ce4_8422_2325u64;
    let mut mix = |x: u64| {
        fingerprint = (fingerprint ^ x).wrapping_mul(0x0100_0000_01b3);
    };
    let mut total_moves = 0;
    for k in 0..24 {
        board.clone_from(&start);
        let to_move = if k % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let r = runner.run(&mut board, to_move);
        board.validate().unwrap();
        total_moves += r.moves;
        for (c, mv) in board.moves() {
            mix(c as u64);
            mix(match mv {
                Move::Play(p) => p.index() as u64,
                Move::Pass => 1 << 20,
            });
        }
        mix(u64::from(r.score.black) << 32 | u64::from(r.score.white));
        let winner = if r.score.black as f32 > r.score.white as f32 + 7.5 {
            Color::Black
        } else {
            Color::White
        };
        runner.learn(board.moves(), winner);
    }
    assert_eq!(
        (total_moves, fingerprint),
        (7475, 12_756_459_307_323_682_933)
    );
}

/// The random step's test, split into an inline part and a call for crowded points read from
/// the neighbours' codes, answers as the plain composition of its rules does.
#[test]
fn the_random_step_s_test_agrees_with_sensible_or_placement() {
    let mut crowded = 0;
    along_playouts(&[5, 9, 19], 4, 2, 23, |b| {
        let empties = b.empty_points().to_vec();
        for p in empties {
            for c in [Color::Black, Color::White] {
                let fast = b.empty_neighbors(p) >= 2 || crowded_random_move(b, p, c);
                let plain = sensible(b, p, c) || placement_in_two_point_eye(b, p, c);
                assert_eq!(fast, plain, "{c:?} at {p:?}\n{b:?}");
                crowded += usize::from(b.empty_neighbors(p) < 2);
            }
        }
    });
    assert!(crowded > 10_000);
}
