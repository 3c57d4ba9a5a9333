use super::*;
use crate::test_util::setup;

/// Black D5 would be a double atari on C5 and E5, but each white stone is already lost to a
/// plain attack (B5, F5): nothing a combination needs to win. GNU Go 3.8 answers
/// `combination_attack black` with PASS here too.
#[test]
fn strings_already_lost_are_no_combination() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . X . X . . . .",
        ". . O . O . . . .",
        ". . X . X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let mut r = Reader::new(Default::default());
    assert!(combination_attacks(&mut b, &mut r, Color::Black).is_empty());
    assert!(combination_attacks(&mut b, &mut r, Color::White).is_empty());
}
