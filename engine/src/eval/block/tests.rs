use super::*;
use crate::tactics::pattern_view::NoPatterns;
use crate::tactics::reading::ReadingOptions;
use crate::test_util::pt;
use crate::test_util::setup;

fn blocks(b: &mut Board) -> Blocks {
    let mut r = Reader::new(ReadingOptions {
        hash_mb: 1,
        ..ReadingOptions::default()
    });
    Blocks::new(b, &mut r, &NoPatterns, &BlockOptions::default())
}

fn pts(b: &Board, vs: &str) -> Vec<Point> {
    let mut out: Vec<Point> = vs.split_whitespace().map(|v| pt(b, v)).collect();
    out.sort();
    out
}

const EMPTY_ROWS: [&str; 6] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

fn nine(top: [&str; 3]) -> Board {
    let rows: Vec<&str> = top.iter().copied().chain(EMPTY_ROWS).collect();
    setup(&rows)
}

#[test]
fn two_eyes_are_alive_and_in_no_danger() {
    let mut b = nine([
        ". X . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
    ]);
    let bl = blocks(&mut b);
    let black = bl.block_of_stone(pt(&b, "B9")).unwrap();
    assert_eq!(black.status, BlockStatus::Alive);
    assert_eq!(black.eyes.source, EyeSource::EyeSpaces);
    assert_eq!((black.eyes.min, black.eyes.max), (2.0, 2.0));
    assert_eq!(black.danger.moku, 0.0);
    assert_eq!(black.territory, pts(&b, "A9 C9"));
}

#[test]
fn a_surrounded_group_with_one_eye_is_dead_and_inside_the_block_around_it() {
    let mut b = nine([
        "X X X O . . . . .",
        ". X X O . . . . .",
        "X X X O . . . . .",
    ]);
    // Close the group in below.
    for v in ["A6", "B6", "C6", "D6"] {
        b.add_stone(pt(&b, v), Color::White).unwrap();
    }
    let bl = blocks(&mut b);
    let black = bl.block_of_stone(pt(&b, "A9")).unwrap();
    assert_eq!(black.status, BlockStatus::Dead);
    assert!(bl.is_dead(pt(&b, "C7")));
    assert!(black.danger.moku >= 16.0, "{:?}", black.danger);
    // The white wall holds the dead stones and the eye they had.
    let white = bl.block_at(pt(&b, "B8")).unwrap();
    assert_eq!(white.color, Color::White);
    assert_eq!(white.dead_enemy, pts(&b, "A9 B9 C9 B8 C8 A7 B7 C7"));
    assert!(white.territory.contains(&pt(&b, "A8")));
    assert!(!bl.is_dead(pt(&b, "D8")));
}

#[test]
fn a_straight_three_eye_space_is_critical_at_its_middle() {
    let mut b = nine([
        ". . . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
    ]);
    let bl = blocks(&mut b);
    let black = bl.block_of_stone(pt(&b, "A8")).unwrap();
    assert_eq!(black.status, BlockStatus::Critical);
    assert_eq!((black.eyes.min, black.eyes.max), (1.0, 2.0));
    assert_eq!(black.attack, Some(pt(&b, "B9")));
    assert_eq!(black.defense, Some(pt(&b, "B9")));
    // Half an eye short, fully enclosed: half the stake.
    assert!(is_surrounded(&black.freedom));
    assert_eq!(black.danger.extra_surrounding_moves, 0);
    assert_eq!(black.danger.moku, black.danger.stake * 0.25);
}

#[test]
fn a_wall_holds_the_corner_behind_it_and_its_freedom_is_outside() {
    let mut b = nine([
        ". . . X . . . . .",
        ". . . X . . . . .",
        "X X X X . . . . .",
    ]);
    let bl = blocks(&mut b);
    let black = bl.block_of_stone(pt(&b, "D9")).unwrap();
    // The corner, and (Handtalk: every ±6 point) the points right outside the wall.
    for p in pts(&b, "A9 B9 C9 A8 B8 C8 E9 E8 E7 A6 D6") {
        assert!(black.territory.contains(&p), "{p:?} {:?}", black.territory);
    }
    assert!(!black.territory.contains(&pt(&b, "G5")));
    assert_eq!(black.status, BlockStatus::Alive);
    assert_eq!(black.danger.moku, 0.0);
    // Freedom is measured from the area's edge, not from the stones.
    let alone = block_safety::freedom(&b, &black.stones);
    assert_ne!(black.freedom, alone);
    assert_eq!(
        bl.block_at(pt(&b, "B8")).map(|x| x.dragon),
        Some(black.dragon)
    );
}

#[test]
fn an_open_stone_is_unknown_and_a_surrounded_one_in_more_danger() {
    let mut b = nine([
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    b.add_stone(pt(&b, "E5"), Color::Black).unwrap();
    b.add_stone(pt(&b, "A1"), Color::Black).unwrap();
    for v in ["A3", "B2", "C1"] {
        b.add_stone(pt(&b, v), Color::White).unwrap();
    }
    let bl = blocks(&mut b);
    let open = bl.block_of_stone(pt(&b, "E5")).unwrap();
    let corner = bl.block_of_stone(pt(&b, "A1")).unwrap();
    assert_eq!(open.status, BlockStatus::Unknown);
    assert!(corner.danger.moku > open.danger.moku);
    assert!(open.danger.moku > 0.0);
}

#[test]
fn owl_reading_settles_a_critical_block_when_asked() {
    let mut b = nine([
        ". . . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
    ]);
    let mut r = Reader::new(ReadingOptions {
        hash_mb: 1,
        ..ReadingOptions::default()
    });
    let opts = BlockOptions {
        owl: true,
        ..BlockOptions::default()
    };
    let bl = Blocks::new(&mut b, &mut r, &NoPatterns, &opts);
    let black = bl.block_of_stone(pt(&b, "A8")).unwrap();
    assert_eq!(black.status, BlockStatus::Critical);
    assert_eq!(black.attack, Some(pt(&b, "B9")));
    assert_eq!(black.defense, Some(pt(&b, "B9")));
    // The white wall has no eyes but nothing can attack it: owl reading says alive.
    let white = bl.block_of_stone(pt(&b, "E9")).unwrap();
    assert_eq!(white.status, BlockStatus::Alive);
    assert_eq!(white.danger.moku, 0.0);
}
