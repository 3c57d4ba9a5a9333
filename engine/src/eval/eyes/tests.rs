//! Classic eye shapes, each fully enclosed by black unless the figure says otherwise.

use super::*;
use crate::test_util::{pt, setup};

fn value_at(b: &Board, v: &str) -> EyeValue {
    eye_space_at(b, pt(b, v), Color::Black)
        .expect("an eye space")
        .value
}

#[test]
fn straight_three_has_the_middle_as_vital_point() {
    let b = setup(&[
        ". . . . . . .",
        "X X X X X . .",
        "X . . . X . .",
        "X X X X X . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&b, "B5");
    assert_eq!((v.min, v.max), (1, 2));
    assert_eq!(v.attack, Some(pt(&b, "C5")));
    assert_eq!(v.defense, Some(pt(&b, "C5")));
}

#[test]
fn bent_three_has_the_bend_as_vital_point() {
    let b = setup(&[
        "X X X X . . .",
        "X . . X . . .",
        "X . X X . . .",
        "X X X . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&b, "C6");
    assert_eq!((v.min, v.max), (1, 2));
    assert_eq!(v.attack, Some(pt(&b, "B6")));
    assert_eq!(v.defense, Some(pt(&b, "B6")));
}

#[test]
fn straight_four_is_two_eyes_and_square_four_is_one() {
    let straight = setup(&[
        "X X X X X X .",
        "X . . . . X .",
        "X X X X X X .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&straight, "B6");
    assert_eq!((v.min, v.max, v.attack), (2, 2, None));
    let square = setup(&[
        "X X X X . . .",
        "X . . X . . .",
        "X . . X . . .",
        "X X X X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&square, "B6");
    assert_eq!((v.min, v.max, v.defense), (1, 1, None));
}

#[test]
fn bulky_five_and_rabbity_six_have_one_vital_point() {
    let bulky = setup(&[
        "X X X X X . .",
        "X . . . X . .",
        "X . . X X . .",
        "X X X X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&bulky, "B6");
    assert_eq!((v.min, v.max), (1, 2));
    assert_eq!(v.attack, Some(pt(&bulky, "C6")));
    let rabbity = setup(&[
        "X X X X X . .",
        "X X . X X . .",
        "X . . . X . .",
        "X X . . X . .",
        "X X X X X . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&rabbity, "C5");
    assert_eq!((v.min, v.max), (1, 2));
    assert_eq!(v.attack, Some(pt(&rabbity, "C5")));
    assert_eq!(v.defense, Some(pt(&rabbity, "C5")));
    // Without its vital point the same space is one eye: a dead shape.
    let mut filled = rabbity.clone();
    filled.play_unchecked(pt(&filled, "C5"), Color::White);
    let v = value_at(&filled, "C6");
    assert_eq!((v.min, v.max), (1, 1));
}

#[test]
fn a_false_eye_makes_no_eye_and_two_eyes_are_separate_spaces() {
    // C5 is false: white holds two of its diagonals (one would do on the edge).
    let b = setup(&[
        ". . . . . . .",
        ". . X . . . .",
        ". X . X . . .",
        "O O X O O . .",
        "O O O O O O O",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let space = eye_space_at(&b, pt(&b, "C5"), Color::Black).expect("an eye space");
    assert_eq!(space.false_points, vec![pt(&b, "C5")]);
    assert_eq!((space.value.min, space.value.max), (0, 0));

    let two = setup(&[
        "X . X X . X O",
        "X X X X X X O",
        "O O O O O O O",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let spaces = eye_spaces(&two, Color::Black);
    assert_eq!(spaces.len(), 2);
    assert!(spaces.iter().all(|s| (s.value.min, s.value.max) == (1, 1)));
}

#[test]
fn an_open_region_is_no_eye_space() {
    let b = setup(&[
        "X X X X . . .",
        "X . . X . . .",
        "X . . . . . .",
        "X X X X O . .",
        ". . . . O . .",
        ". . . . O . .",
        ". . . . O O O",
    ]);
    let space = eye_space_at(&b, pt(&b, "B6"), Color::Black);
    assert!(space.is_none(), "{space:?}");
}

#[test]
fn a_throw_in_on_a_false_point_leaves_no_eye() {
    // C4-D4: C4 is false (white B5, B3), D4 is not. White throws in at C4 and, once
    // captured, the eye left there is false; black at C4 first keeps D4 as one eye.
    // GNU Go: eval_eye D4 = 0 1 C4 C4.
    let b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". O O O O O O O O",
        "O O X X X X X X O",
        "O X . . X . X . O",
        "O O X X X X X X O",
        ". O O O O O O O O",
        ". . . . . . . . .",
    ]);
    let v = value_at(&b, "D4");
    assert_eq!((v.min, v.max), (0, 1));
    assert_eq!(v.attack, Some(pt(&b, "C4")));
    assert_eq!(v.defense, Some(pt(&b, "C4")));
    let v = value_at(&b, "F4");
    assert_eq!((v.min, v.max), (1, 1));
}

#[test]
fn an_attacker_stone_connected_out_makes_its_neighbours_marginal() {
    // A1-B1 with white C1 connected out: white B1 leaves A1 next to a live white stone, no
    // eye; black B1 makes A1 an eye. GNU Go: eval_eye A1 = 0 1 B1 B1. The space is found
    // from its marginal point B1 too.
    let b = setup(&[
        "O . . . O O . . .",
        "O O X X X O . . .",
        "X X X X X O . . .",
        ". X . O X O . . .",
        "X X X X X O O . .",
        ". . X O O O . . .",
        "X . X O O . O . .",
        "X X X O . . . . .",
        ". . O O . . . . .",
    ]);
    for v in ["A1", "B1"] {
        let v = value_at(&b, v);
        assert_eq!((v.min, v.max), (0, 1));
        assert_eq!(v.attack, Some(pt(&b, "B1")));
        assert_eq!(v.defense, Some(pt(&b, "B1")));
    }
}

#[test]
fn a_half_eye_is_decided_on_its_empty_diagonal() {
    // E2 has one white diagonal (D3); white at F3 makes it false, black there keeps it.
    // GNU Go: eval_eye E2 = 0 1 F3 F3. With D3 black, one white diagonal is not enough.
    let rows = [
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O O O O",
        "X X X O X . X X X",
        "X . X X . X X . X",
        "X X X X X X X X X",
    ];
    let b = setup(&rows);
    let v = value_at(&b, "E2");
    assert_eq!((v.min, v.max), (0, 1));
    assert_eq!(v.attack, Some(pt(&b, "F3")));
    assert_eq!(v.defense, Some(pt(&b, "F3")));
    let mut solid = rows;
    solid[6] = "X X X X X . X X X";
    let b = setup(&solid);
    let v = value_at(&b, "E2");
    assert_eq!((v.min, v.max), (1, 1));
}

#[test]
fn small_white_strings_that_can_only_join_each_other_are_inside() {
    // H5, J4 and J6 (two liberties or fewer each) could only join each other: all three are
    // inside black's space H3..J6, which is two eyes. GNU Go: eval_eye H3 = 2 2.
    let b = setup(&[
        ". . . O X X X . .",
        ". . . O X . X X X",
        ". . . O X X X X X",
        ". . . O X . X X O",
        ". . . O X X X O .",
        ". . . O X . X . O",
        ". . . O X X X . X",
        ". . . O X X X X .",
        ". . . O X X X X .",
    ]);
    let space = eye_space_at(&b, pt(&b, "H3"), Color::Black).expect("an eye space");
    for v in ["H5", "J4", "J6", "J5"] {
        assert!(space.contains(pt(&b, v)), "{v}");
    }
    assert_eq!((space.value.min, space.value.max), (2, 2));
}

#[test]
fn a_marginal_end_shortens_a_straight_five() {
    // B1..F1 with B1 next to white A1: white B1 makes C1 marginal, leaving a straight
    // three's worth of strong points. GNU Go: eval_eye D1 = 1 2 E1 B1.
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "O O O O O O O",
        "O X X X X X X",
        "O . . . . . X",
    ]);
    let v = value_at(&b, "D1");
    assert_eq!((v.min, v.max), (1, 2));
    assert_eq!(v.attack, Some(pt(&b, "E1")));
}

#[test]
fn connected_attacker_stone_on_a_diagonal_makes_the_point_false() {
    // C7 is marginal (next to the live white D7); white there is connected and, with C5
    // already white (C6 is not short of liberties), makes B6 false: the space gives no eye if white plays first.
    let b = setup(&[
        "X . . O O . .",
        "X . X . O . .",
        "X X O O . . .",
        "X X . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&b, "B7");
    assert_eq!((v.min, v.max), (0, 1));
    assert_eq!(v.attack, Some(pt(&b, "C7")));
}

#[test]
fn a_lively_stone_in_a_large_space_does_not_erase_it() {
    // White C2 has three liberties; it splits the flood, but the ten-point space is still
    // black's, with C2's liberties marginal.
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X X X X X",
        "X X X X X X .",
        ". . O . . X .",
        ". . . . . X .",
    ]);
    let space = eye_space_at(&b, pt(&b, "A1"), Color::Black).expect("an eye space");
    assert_eq!(space.points.len(), 10);
    assert!(space.marginal.contains(&pt(&b, "B2")));
    assert!(space.value.max >= 1);
}

#[test]
fn every_vital_attack_point_is_named() {
    // The corner space beside the hane at A4: both the hane-side point A3 and the vital
    // point B1 hold it to one eye; the owl reads them both.
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        "O O O O . . .",
        "O X X X O . .",
        ". . X X O . .",
        "X . X X O . .",
        ". . X X O . .",
    ]);
    let v = value_at(&b, "B2");
    assert_eq!((v.min, v.max), (1, 2));
    let named: Vec<Point> = v
        .attack
        .into_iter()
        .chain(v.other_attacks.into_iter().flatten())
        .collect();
    assert!(named.contains(&pt(&b, "B1")), "{named:?}");
    assert!(named.contains(&pt(&b, "A3")), "{named:?}");
}

#[test]
fn a_false_margin_is_no_way_into_the_eye() {
    // Black's eye is the dead white stone on B1. White C1 would join it to D1 and leave the
    // three stones one liberty: C1 touches the live D1 (it cannot be captured: E1 is
    // answered by F1), yet White cannot use it, so the eye is one eye whoever moves first.
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X X O O .",
        "X O . O . . .",
    ]);
    let space = eye_space_at(&b, pt(&b, "B1"), Color::Black).expect("an eye space");
    assert!(!space.contains(pt(&b, "C1")), "{:?}", space.points);
    assert!(space.marginal.is_empty(), "{:?}", space.marginal);
    assert_eq!((space.value.min, space.value.max), (1, 1));
}

#[test]
fn a_point_walled_in_by_dead_stones_is_the_other_colour_s_eye() {
    // G1 touches only black stones, but both are in atari on it: White takes them there and
    // has two eyes (F1 and G2). Asked at G1, the eye is White's, not Black's one-point "eye".
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . O O O",
        ". . . . O O O",
        ". . . . O O X",
        ". . . . O X .",
    ]);
    let space = eye_space_of_point(&b, pt(&b, "G1")).expect("an eye space");
    assert_eq!(space.color, Color::White);
    assert_eq!((space.value.min, space.value.max), (2, 2));
    // A black stone's own eye space is still Black's where its walls stand.
    let live = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . X X",
        ". . . . . X .",
        ". . . . . X .",
    ]);
    assert_eq!(
        eye_space_of_point(&live, pt(&live, "G1")).map(|s| s.color),
        Some(Color::Black)
    );
}

#[test]
fn a_margin_the_opponent_would_enter_into_a_ladder_is_false() {
    // Black's eye holds the dead white G6. White G5 would join it to F4-G4-F3 with two
    // liberties, G3 and F2, and Black takes the string in a ladder (F2, then G2): G5 is no
    // way in, and the eye is one eye whoever moves first. F4-G4-F3 itself stands (three
    // liberties).
    let b = setup(&[
        ". . . . X X X",
        ". . . . . X O",
        ". . . . . X .",
        ". . . . X O O",
        ". . . . X O .",
        ". . . . X . .",
        ". . . . . . .",
    ]);
    let space = eye_space_at(&b, pt(&b, "G6"), Color::Black).expect("an eye space");
    assert!(!space.contains(pt(&b, "G5")), "{:?}", space.points);
    assert!(space.marginal.is_empty(), "{:?}", space.marginal);
    assert_eq!((space.value.min, space.value.max), (1, 1));
}

// Eyes where opponent stones stand: the points they leave when taken. Each answer below is
// GNU Go's `eval_eye` on the same position.

#[test]
fn a_captured_stone_between_two_enemy_diagonals_leaves_a_false_eye() {
    // White C4 is in atari; Black takes it at C3, and C4 is then an eye point with White B5
    // and D5 on its diagonals: a false eye, no eye at all.
    let b = setup(&[
        ". . . . . . .",
        "O O . O O . .",
        "O O X O O . .",
        ". X O X . . .",
        ". X . X . . .",
        ". X X X . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&b, "C3");
    assert_eq!((v.min, v.max), (0, 0));
}

#[test]
fn the_diagonal_of_a_stone_to_be_captured_is_a_key() {
    // White A4 is taken at A3; its point on the edge is false once White stands on B5 (White
    // C5 gives that stone room). B5 is the vital point for both.
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        "X . O . . . .",
        "O X . . . . .",
        ". X . . . . .",
        "X X . . . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&b, "A3");
    assert_eq!((v.min, v.max), (0, 1));
    assert_eq!(v.attack, Some(pt(&b, "B5")));
    assert_eq!(v.defense, Some(pt(&b, "B5")));
}

#[test]
fn two_stones_taken_on_a_false_point_leave_no_eye() {
    // White C5 joins C4 in atari; Black takes both at C3 and White throws in again at C5,
    // which has White B6 and D6 on its diagonals: Black's capture fills C4, the strong point.
    // Black playing C5 first keeps the eye.
    let b = setup(&[
        ". O . O . . .",
        "O O X O O . .",
        ". X . X . . .",
        ". X O X . . .",
        ". X . X . . .",
        ". X X X . . .",
        ". . . . . . .",
    ]);
    let v = value_at(&b, "C3");
    assert_eq!((v.min, v.max), (0, 1));
    assert_eq!(v.attack, Some(pt(&b, "C5")));
    assert_eq!(v.defense, Some(pt(&b, "C5")));
}

#[test]
fn an_eye_point_behind_a_marginal_point_belongs_to_the_space() {
    // C4 is reached only through C5, which White D5 touches: the space is B5-C5-C4, two eyes
    // if Black plays C5 first, none if White does.
    let b = setup(&[
        ". X X . . . .",
        "X X X O O . .",
        "X . . O . . .",
        "X X . X O . .",
        ". X X X O . .",
        ". . . X O . .",
        ". . . . . . .",
    ]);
    let space = eye_space_at(&b, pt(&b, "B5"), Color::Black).expect("an eye space");
    assert!(space.contains(pt(&b, "C4")), "{:?}", space.points);
    let v = space.value;
    assert_eq!((v.min, v.max), (0, 2));
    assert_eq!(v.attack, Some(pt(&b, "C5")));
    assert_eq!(v.defense, Some(pt(&b, "C5")));
}

#[test]
fn four_stones_taken_in_a_row_leave_two_eyes() {
    // White C2-C5 has one liberty, C6: taken, it leaves a straight four.
    let b = setup(&[
        ". X X X . . .",
        ". X . X . . .",
        ". X O X . . .",
        ". X O X . . .",
        ". X O X . . .",
        ". X O X . . .",
        ". . X . . . .",
    ]);
    let v = value_at(&b, "C6");
    assert_eq!((v.min, v.max), (2, 2));
}

#[test]
fn stones_taken_by_capturing_stones_cut_off_inside_make_one_eye() {
    // Six white stones with two liberties, A1 and C1: Black's capturing stones there stand
    // alone inside the space, short of liberties, and White plays inside again.
    let b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X X X . .",
        "O O O O X . .",
        ". O . O X . .",
    ]);
    let v = eye_space_at(&b, pt(&b, "A1"), Color::White)
        .expect("an eye space")
        .value;
    assert_eq!((v.min, v.max), (1, 1));
}

#[test]
fn a_key_where_the_opponent_would_have_two_liberties_and_no_ladder_counts() {
    // White H5 would have two liberties, E6 and F5, and F5 joins it to White's group: no
    // ladder takes it, so H5 makes the edge eye at J4 false.
    let b = setup(&[
        ". . . . . . . . .",
        ". . O X . . . X X",
        ". . O X . X X X O",
        ". O O X . O O O O",
        "O . O O O . X . X",
        "O . O X X X X X .",
        ". . . O O O O X X",
        "O O . . O O X X .",
        ". . O O . X O . X",
    ]);
    let v = value_at(&b, "J4");
    assert_eq!((v.min, v.max), (0, 1));
    assert_eq!(v.attack, Some(pt(&b, "H5")));
}

/// A position after `moves` random legal moves on a `size` board: dead stones, stones in
/// atari and ragged walls, the inputs the eye code meets in the owl and in `eval_eye`.
fn random_position(size: usize, seed: u64, moves: usize) -> Board {
    use rand::SeedableRng;
    let mut b = Board::new(size).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    crate::test_util::random_moves_with(&mut b, &mut rng, moves, false);
    b
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
    #[test]
    fn every_eye_value_is_bounded_and_repeatable(size in 5usize..=13, seed in proptest::prelude::any::<u64>()) {
        let b = random_position(size, seed, size * size);
        for p in b.points() {
            let first = eye_space_of_point(&b, p).map(|s| s.value);
            let again = eye_space_of_point(&b, p).map(|s| s.value);
            proptest::prop_assert_eq!(first, again);
            if let Some(v) = first {
                proptest::prop_assert!(v.min <= v.max && v.max <= 2, "{v:?} at {p:?}");
                // Vital points are named exactly when the two counts differ.
                proptest::prop_assert_eq!(v.attack.is_some(), v.min < v.max, "{:?}", v);
            }
        }
    }
}

#[test]
fn a_flood_into_open_ground_notes_the_points_it_reached() {
    // A straight three in the corner of a 9×9 board, and the open rest of the board.
    let b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "X X X X X . . . .",
        "X . . . X . . . .",
        "X X X X X . . . .",
        ". . . . . . . . .",
    ]);
    let mut open = Vec::new();
    let eye = eye_space_noting_open_ground(&b, pt(&b, "B3"), Color::Black, &mut open);
    assert_eq!(eye.map(|e| e.points.len()), Some(3));
    assert!(open.is_empty(), "an enclosed space is no open ground");
    let e6 = pt(&b, "E6");
    assert!(eye_space_noting_open_ground(&b, e6, Color::Black, &mut open).is_none());
    assert!(open.len() > MAX_EYE_SPACE, "every point the flood reached");
    assert!(open.contains(&e6) && !open.contains(&pt(&b, "B3")));
}

/// The exact minimax the threshold searches replaced, without a memo: the reference.
fn exact(shape: &Shape, defender: u16, attacker: u16, defender_to_move: bool, passed: bool) -> u8 {
    let mut best = if passed {
        shape.count(defender, attacker)
    } else {
        exact(shape, defender, attacker, !defender_to_move, true)
    };
    let mut parts = Parts::new(shape, defender, attacker);
    for i in 0..shape.nodes {
        if !playable(shape, &mut parts, i, defender | attacker, defender_to_move) {
            continue;
        }
        let bit = 1 << i;
        let v = if defender_to_move {
            exact(shape, defender | bit, attacker, false, false)
        } else {
            exact(shape, defender, attacker | bit, true, false)
        };
        best = if defender_to_move {
            best.max(v)
        } else {
            best.min(v)
        };
    }
    best
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// On spaces of up to six points in a 2×3 or 1×6 grid, with random strong, marginal and
    /// attacker points, the threshold searches give the exact minimax value, and `minimax`
    /// answers it, for either side moving first.
    #[test]
    fn threshold_searches_give_the_exact_minimax_value(
        wide in proptest::bool::ANY,
        n in 2usize..=6,
        strong in 0u16..64,
        marginal in 0u16..64,
        attacker in 0u16..64,
    ) {
        let all = (1u16 << n) - 1;
        let mut shape = Shape {
            n,
            nodes: n,
            adjacent: [0; MAX_SEARCH_NODES],
            keys: [0; MAX_SEARCH_POINTS],
            keys_needed: [0; MAX_SEARCH_POINTS],
            diagonal: [0; MAX_SEARCH_POINTS],
            strong: strong & all,
            attacker: attacker & all & !strong,
            marginal: marginal & all & !strong,
            nested: false,
        };
        let columns = if wide { 3 } else { 6 };
        for i in 0..n {
            for j in 0..n {
                let (xi, yi, xj, yj) = (i % columns, i / columns, j % columns, j / columns);
                if xi.abs_diff(xj) + yi.abs_diff(yj) == 1 {
                    shape.adjacent[i] |= 1 << j;
                } else if xi.abs_diff(xj) == 1 && yi.abs_diff(yj) == 1 {
                    shape.diagonal[i] |= 1 << j;
                }
            }
        }
        let mut memo = Memo::new(729);
        memo.generation = 1;
        for defender_first in [false, true] {
            let want = exact(&shape, 0, shape.attacker, defender_first, false);
            let key = state_key(&shape, 0, shape.attacker);
            let got = super::value_at(&shape, &mut memo, key, 0, shape.attacker, defender_first, false);
            proptest::prop_assert_eq!(got, want);
            let top = minimax(&shape, &mut memo, 0, shape.attacker, defender_first, false);
            proptest::prop_assert_eq!(top.0, want);
        }
    }
}
