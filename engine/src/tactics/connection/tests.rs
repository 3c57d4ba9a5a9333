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
