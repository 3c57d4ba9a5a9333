use super::*;

use crate::tactics::reading::ReadingOptions;
use crate::test_util::{pt, setup};

/// The bottom `rows` rows of the board.
fn bottom_rows(b: &Board, rows: usize) -> PointSet {
    let mut area = PointSet::new();
    for p in b.points() {
        if p.xy().1 >= b.size() - rows {
            area.insert(p);
        }
    }
    area
}

/// Expectations checked with GNU Go 3.8's `break_in` / `block_off`.
#[test]
fn a_gap_in_the_wall_lets_the_string_in_until_it_is_closed() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X X X X . .",
        ". O O O . O O O .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let area = bottom_rows(&b, 3);
    let mut r = Reader::new(ReadingOptions::default());
    let (e4, e3) = (pt(&b, "E4"), pt(&b, "E3"));
    // GNU Go: break_in 1 E3, block_off 1 E3.
    assert_eq!(break_in(&mut r, &mut b, e4, &area), (WIN, Some(e3)));
    assert_eq!(block_off(&mut r, &mut b, e4, &area), (WIN, Some(e3)));
    // Out of budget before anything is proved, neither question claims an answer it has
    // not read (a break-in cut short is no proof that the string stays out).
    let budget = Budget::start(&r, 0);
    assert_eq!(break_in_within(&mut r, &mut b, e4, &area, &budget), None);
    assert_eq!(block_off_within(&mut r, &mut b, e4, &area, 0), (0, None));
    // The wall closed (GNU Go: break_in 0).
    assert!(b.try_play(e3, Color::White));
    assert_eq!(break_in(&mut r, &mut b, e4, &area), (0, None));
    assert_eq!(block_off(&mut r, &mut b, e4, &area), (WIN, None));
}

/// A jump through the gap that the owner captures at once is no break-in; through a wider
/// gap it holds. Expectations checked with GNU Go 3.8.
#[test]
fn an_intruder_that_can_be_captured_does_not_break_in() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X X . . . .",
        ". . . . . . . . .",
        ". O O . O O . . .",
        ". . . O . . . . .",
    ]);
    let area = bottom_rows(&b, 2);
    let mut r = Reader::new(ReadingOptions::default());
    let d4 = pt(&b, "D4");
    // Black D2 has one liberty, D3, and White takes it (GNU Go: break_in 0).
    assert_eq!(break_in(&mut r, &mut b, d4, &area), (0, None));
    assert_eq!(block_off(&mut r, &mut b, d4, &area), (WIN, None));

    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X X X X . . .",
        ". . . . . . . . .",
        ". O O . . O O . .",
        ". . . . . . . . .",
    ]);
    let area = bottom_rows(&b, 2);
    let (d4, d2) = (pt(&b, "D4"), pt(&b, "D2"));
    // GNU Go: break_in 1 D2, block_off 1 D2.
    assert_eq!(break_in(&mut r, &mut b, d4, &area), (WIN, Some(d2)));
    assert_eq!(block_off(&mut r, &mut b, d4, &area).0, WIN);
}

#[test]
fn an_empty_point_is_no_string() {
    let mut b = setup(&[". . .", ". . .", ". . ."]);
    let area = bottom_rows(&b, 3);
    let mut r = Reader::new(ReadingOptions::default());
    let b2 = pt(&b, "B2");
    assert_eq!(break_in(&mut r, &mut b, b2, &area), (0, None));
    assert_eq!(block_off(&mut r, &mut b, b2, &area), (0, None));
}

/// The string reaches the area through a stone of its own that it is joined to by a
/// diagonal: the entry is next to that stone, two steps from the string by connection
/// distance and not next to any of its liberties (GNU Go 3.8 on this board: `break_in C4
/// E5` = 1 E5, `block_off C4 E5` = 1 E5).
#[test]
fn the_string_breaks_in_beside_a_stone_it_is_joined_to() {
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . X . . .",
        ". . X . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let (c4, e5) = (pt(&b, "C4"), pt(&b, "E5"));
    let mut area = PointSet::new();
    area.insert(e5);
    let mut r = Reader::new(ReadingOptions::default());
    assert_eq!(break_in(&mut r, &mut b, c4, &area), (WIN, Some(e5)));
    assert_eq!(block_off(&mut r, &mut b, c4, &area), (WIN, Some(e5)));
    assert_eq!(b.move_count(), 0, "board left as found");
}
