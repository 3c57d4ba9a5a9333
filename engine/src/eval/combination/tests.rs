use super::*;
use crate::test_util::{pt, setup};

/// Two white stones each with two liberties sharing the point between them: Black's move
/// there is a double atari no single answer meets.
#[test]
fn double_atari_is_found() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . X . . . . .",
        ". . X O X . . . .",
        ". . . . O X . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let mut r = Reader::new(Default::default());
    let found = combination_attacks(&mut b, &mut r, Color::Black);
    assert!(found.contains(&pt(&b, "D5")), "{found:?}");
    // White has none.
    assert!(combination_attacks(&mut b, &mut r, Color::White).is_empty());
}
