use super::*;

use crate::tactics::reading::ReadingOptions;
use crate::test_util::{pt, setup};

/// Expectations checked with GNU Go 3.8's `connect` / `disconnect`.
/// Expectations checked with GNU Go 3.8's `connect` / `disconnect`.
#[test]
fn diagonal_and_one_space_jump() {
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . X . X . .",
        ". . . X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let mut r = Reader::new(ReadingOptions::default());
    let (c5, d4) = (pt(&b, "C5"), pt(&b, "D4"));
    assert_eq!(
        r.disconnect(&mut b, c5, d4).0,
        0,
        "a diagonal cannot be cut"
    );
    assert_eq!(r.string_connect(&mut b, c5, d4).0, WIN);
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . X . X . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let (c4, e4) = (pt(&b, "C4"), pt(&b, "E4"));
    assert_eq!(r.string_connect(&mut b, c4, e4), (WIN, Some(pt(&b, "D4"))));
    // The cutting stone would be captured (GNU Go: disconnect C4 E4 = 0, connect = 1 D4).
    assert_eq!(
        r.disconnect(&mut b, c4, e4).0,
        0,
        "the one-point jump holds"
    );
    assert_eq!(b.move_count(), 0, "board left as found");
    b.validate().unwrap();
}

#[test]
fn node_limit_bounds_connection_reading() {
    // The node limit used to count reading nodes only: a connection search that asked few
    // tactical questions ran on whatever the limit.
    let mut b = setup(&[
        ". . . . . . .",
        ". . O . . . .",
        ". . X . X O .",
        ". O . O . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let (c5, e5) = (pt(&b, "C5"), pt(&b, "E5"));
    let mut free = Reader::new(ReadingOptions {
        node_limit: 0,
        persistent_cache: false,
        ..ReadingOptions::default()
    });
    free.disconnect(&mut b, c5, e5);
    let used = free.nodes() + free.connection_nodes();
    assert!(used > 10, "{used} nodes");
    let limit = 5;
    let mut r = Reader::new(ReadingOptions {
        node_limit: limit,
        persistent_cache: false,
        ..ReadingOptions::default()
    });
    let before = (b.hash(), b.move_count());
    r.disconnect(&mut b, c5, e5);
    assert!(r.nodes() + r.connection_nodes() <= limit + 1);
    assert_eq!((b.hash(), b.move_count()), before);
}

/// Trying a move and taking it back leaves the position as it was, but not the order of
/// `Board::empty_points`: a connection read must not depend on it (it used to pick its path
/// candidates in that order, so the same question read differently after other questions).
#[test]
fn a_connection_read_does_not_depend_on_moves_tried_and_taken_back() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . O . . . O . .",
        ". . X . . . X . .",
        ". . . . O . . . .",
        ". . X . . . X . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let (c6, g6) = (pt(&b, "C6"), pt(&b, "G6"));
    let read = |b: &mut Board| {
        let mut r = Reader::new(ReadingOptions {
            persistent_cache: false,
            ..ReadingOptions::default()
        });
        let answer = r.string_connect(b, c6, g6);
        (answer, r.nodes() + r.connection_nodes())
    };
    let fresh = read(&mut b);
    assert!(fresh.1 > 20, "{fresh:?}: too small a read to tell");
    // Every empty point tried and taken back, in reverse order: the position is the same,
    // the empty point list is permuted.
    let before: Vec<Point> = b.empty_points().to_vec();
    for &p in before.iter().rev() {
        b.play_unchecked(p, Color::Black);
        b.undo();
    }
    assert_ne!(b.empty_points(), &before[..], "the list was not permuted");
    assert_eq!(read(&mut b), fresh);
}

/// The distances count the shapes a player reads as joined as short steps: the gap of a
/// bamboo joint, a diagonal with both crossing points empty.
#[test]
fn a_bamboo_joint_and_a_diagonal_are_short_steps() {
    let mut b = setup(&[
        ". . . . . . .",
        ". . . . . . .",
        ". X X . . . .",
        ". . . . . . .",
        ". X X . . . .",
        ". . . X . . .",
        ". . . . . . .",
    ]);
    let mut r = Reader::new(ReadingOptions::default());
    let mut d = Distances::new();
    let b5 = pt(&b, "B5");
    r.connection_distances(&mut b, b5, Point::NONE, &mut d);
    let at = |v: &str| d.dist[pt(&b, v).index()];
    assert_eq!(at("B4"), distance::MOVE / 10, "the gap of the bamboo joint");
    assert_eq!(at("C4"), distance::MOVE / 10, "the gap of the bamboo joint");
    assert_eq!(
        at("C3"),
        distance::MOVE / 10,
        "the other pair, through the gap"
    );
    assert_eq!(
        at("D2"),
        2 * distance::MOVE / 10,
        "a diagonal from the other pair"
    );
    assert_eq!(at("B6"), distance::MOVE, "a plain step takes a move");
    assert_eq!(b.move_count(), 0, "board left as found");
}

/// An atari that also cuts (GNU Go 3.8: `disconnect B5 D5` = 1 C5, `connect B5 D5` = 1 C5).
/// D5 has two liberties; White C5 puts it in atari, Black must join it at D4 (a point where a
/// White stone would be taken at once), and White B4 then cuts the diagonal B5–C4 that C5
/// was a crossing point of. Both links share C5: the way through D4 is no free way.
#[test]
fn an_atari_that_also_cuts_a_diagonal_is_a_double_threat() {
    let mut b = setup(&[
        ". . . . . . .",
        ". . O O . . .",
        ". X . X O . .",
        ". . X . . . .",
        ". O O X . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let mut r = Reader::new(ReadingOptions::default());
    let (b5, d5) = (pt(&b, "B5"), pt(&b, "D5"));
    assert_eq!(r.disconnect(&mut b, b5, d5), (WIN, Some(pt(&b, "C5"))));
    assert_eq!(r.string_connect(&mut b, b5, d5), (WIN, Some(pt(&b, "C5"))));
    assert_eq!(b.move_count(), 0, "board left as found");
}

/// Along random games on three sizes, pairs of nearby same-coloured strings are read both
/// ways under a small node budget: nothing panics, the board is left as it was found, the
/// reading shadow stays on the board, and strings of four liberties or more that share two
/// are joined whoever moves.
///
/// (Not asserted: that an owner who cannot connect moving first is always cut with the
/// opponent moving first. Like GNU Go's, the cutting side only passes when it has no
/// candidate, so where the strings are far apart already a "cut" that weakens itself can
/// read as a failure; checking a pass before every cut costs a connection search per node
/// and answered `PASS` where connect:61 wants the cutting move.)
#[test]
fn connection_reads_along_random_games_keep_the_board() {
    let mut r = Reader::new(ReadingOptions {
        node_limit: 2_000,
        ..ReadingOptions::default()
    });
    let mut pairs = 0;
    let mut k = 0usize;
    crate::test_util::along_playouts(&[7, 13, 19], 2, 1, 11, |b| {
        k += 1;
        if k % 17 != 0 {
            return;
        }
        let hash = b.hash();
        let stones: Vec<Point> = b.points().filter(|&p| b.color_at(p).is_some()).collect();
        for &s1 in stones.iter().take(12) {
            let Some(&s2) = stones.iter().find(|&&s2| {
                b.color_at(s2) == b.color_at(s1) && b.string_id(s2) != b.string_id(s1) && {
                    let ((x1, y1), (x2, y2)) = (s1.xy(), s2.xy());
                    x1.abs_diff(x2) + y1.abs_diff(y2) <= 3
                }
            }) else {
                continue;
            };
            pairs += 1;
            let connect = r.string_connect(b, s1, s2).0;
            // The shadow holds board points only: the persistent cache grows it by
            // neighbours, and a border cell's would leave the board array (found by
            // fuzzing: tests/fuzz_regressions/gtp-connection-shadow-on-the-border).
            assert!(
                r.shadow.iter().all(|p| b.on_board(p)),
                "shadow off the board"
            );
            let cut = r.disconnect(b, s1, s2).0;
            assert!(
                r.shadow.iter().all(|p| b.on_board(p)),
                "shadow off the board"
            );
            assert_eq!(b.hash(), hash, "board left as found");
            if b.shared_liberties(s1, s2) >= 2 && b.libs(s1) >= 4 && b.libs(s2) >= 4 {
                assert_eq!((connect, cut), (WIN, 0), "two shared liberties join them");
            }
        }
        b.validate().unwrap();
    });
    assert!(pairs > 100, "{pairs} pairs");
}
