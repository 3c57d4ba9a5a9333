use super::*;
use crate::test_util::{pt, setup};

fn race(oa: u32, ea: u32, ob: u32, eb: u32, shared: u32) -> Race {
    Race {
        outside_a: oa,
        eye_a: ea,
        outside_b: ob,
        eye_b: eb,
        shared,
        alive_a: false,
        alive_b: false,
    }
}

#[test]
fn won_by_one_liberty_whoever_moves() {
    // Three outside liberties against two, nothing shared: A wins moving second too.
    let r = race(3, 0, 2, 0, 0);
    assert_eq!(r.solve(true), WIN);
    assert_eq!(r.solve(false), WIN);
    // Equal counts: the side to move wins.
    let r = race(2, 0, 2, 0, 0);
    assert_eq!(r.solve(true), WIN);
    assert_eq!(r.solve(false), LOSS);
}

#[test]
fn shared_liberties_without_eyes_make_seki() {
    // No outside liberties, two shared: filling one is self-atari for either side.
    assert_eq!(race(0, 0, 0, 0, 2).solve(true), SEKI);
    assert_eq!(race(0, 0, 0, 0, 2).solve(false), SEKI);
}

#[test]
fn shared_liberties_count_for_the_side_with_an_eye() {
    // A: one eye liberty, B: two outside; three shared. B cannot fill A's eye before the
    // shared liberties, which takes its own: A wins even moving second.
    let r = race(0, 1, 2, 0, 3);
    assert_eq!(r.solve(false), WIN);
}

#[test]
fn a_big_eye_is_worth_more_than_its_points() {
    assert_eq!(big_eye_liberties(3), 3);
    assert_eq!(big_eye_liberties(4), 5);
    assert_eq!(big_eye_liberties(5), 8);
    // A four-point eye (5 liberties) beats four outside liberties moving second.
    assert_eq!(race(0, 5, 4, 0, 0).solve(false), WIN);
}

#[test]
fn two_eyes_kill_a_group_without_eye() {
    let mut r = race(0, 2, 6, 0, 0);
    r.alive_a = true;
    assert_eq!(r.solve(false), WIN);
    // ... but not one holding an eye and shared liberties (seki).
    let mut r = race(0, 2, 0, 1, 1);
    r.alive_a = true;
    assert_eq!(r.solve(true), SEKI);
}

/// The inner black string (B9) has a two-point eye, White's C9 string three outside
/// liberties; GNU Go 3.8 answers `analyze_semeai C9 B9` with `1 1 A9` (White kills
/// moving first).
#[test]
fn board_race_white_kills_moving_first() {
    let mut b = setup(&[
        ". X O . X . . . .",
        ". X O . X . . . .",
        "X X O . X . . . .",
        "O O O X X . . . .",
        "X X X X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let white: Vec<Point> = ["C9", "C8", "C7", "C6", "B6", "A6"]
        .iter()
        .map(|v| pt(&b, v))
        .collect();
    let black: Vec<Point> = ["B9", "B8", "B7", "A7"].iter().map(|v| pt(&b, v)).collect();
    let r = analyze_semeai(&mut b, &white, &black, SemeaiOptions::default()).unwrap();
    assert_eq!((r.survives, r.kills), (1, 1));
    assert!(r.mv.is_some());
    // The race counts: Black's two-point eye, White's three outside liberties.
    let (b9, c9) = (pt(&b, "B9"), pt(&b, "C9"));
    let race = Race::from_board(&mut b, b9, c9);
    assert_eq!((race.eye_a, race.outside_b, race.shared), (2, 3, 0));
}

/// A lone black stone (J8) thrown in next to White's corner string has two liberties, Black's
/// wall three or more: the race is the wall's, not the stone's, which White can take.
#[test]
fn a_lone_stone_is_not_the_target_when_a_larger_string_touches_the_enemy() {
    let b = setup(&[
        ". . . . . X O . .",
        ". . . . . X O O X",
        ". . . . . X X O .",
        ". . . . . . X X X",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let black: Vec<Point> = ["F9", "F8", "F7", "G7", "G6", "H6", "J6", "J8"]
        .iter()
        .map(|v| pt(&b, v))
        .collect();
    let white: Vec<Point> = ["G9", "G8", "H8", "H7"].iter().map(|v| pt(&b, v)).collect();
    let t = target(&b, &black, &white).unwrap();
    assert_ne!(b.string_id(t), b.string_id(pt(&b, "J8")));
    assert_eq!(b.string_id(t), b.string_id(pt(&b, "F9")));
    // With no larger string touching, the lone stone is the target.
    assert_eq!(target(&b, &[pt(&b, "J8")], &white), Some(pt(&b, "J8")));
}

/// In the race of Black's A7 wall against White's corner string, White's outside liberties
/// are A9 and B9 (in White's corner) and E9 (next to Black's E8 and F9): Black fills E9
/// first.
#[test]
fn outside_liberties_are_filled_from_outside() {
    let mut b = setup(&[
        ". . O O . X . . .",
        "O O O O X X . . .",
        "X X X X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let s = Search {
        a: pt(&b, "A7"),
        b: pt(&b, "C9"),
        color_a: Color::Black,
        nodes: 0,
        opts: SemeaiOptions::default(),
        tt: HashMap::new(),
    };
    let moves = s.moves(&mut b, Color::Black);
    let at = |v: &str| moves.iter().position(|&m| m == pt(&b, v)).unwrap();
    assert!(at("E9") < at("A9") && at("E9") < at("B9"), "{moves:?}");
}
