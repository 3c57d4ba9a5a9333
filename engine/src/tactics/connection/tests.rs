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
