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

/// A combination that wins: White A11 puts the black string A10–B9 in atari and makes a
/// second threat that no single black answer meets as well (the position of GNU Go's
/// atari_atari.tst, atari_atari03.sgf at move 222; GNU Go 3.8 answers `combination_attack
/// white` with A11). The first move found is A11: without the check of every answer, S18
/// (two threats that one answer meets) would come first.
#[test]
fn a_double_atari_that_no_single_answer_meets() {
    let mut b = setup(&[
        ". X X X . . . . . . . . . . . O O X .",
        "O O O X X O . . . . . . . . O O X . X",
        "O . O X O O . O . . O . . O O X X . .",
        "O X X O X O . . . . . . . O X X . . .",
        "O O O O X O . O . . O . O X . . . . .",
        "O X X X X X O O . . . . O X X X . . .",
        "X . . . X X X X O O . . O O O X . . .",
        ". . X X O O X X X O O O O X X . X X .",
        ". . X O . O O O X X X X O X . X O . .",
        "X . X O O . O O O X O O O X . X . O .",
        "X X O O . O O X X O X O . X . . . . .",
        "O O X X O O X . X . X O O O X . O X .",
        ". O O X X X X X X X . X X X X X O X O",
        ". . O X O O X X O X . . . . X O X O .",
        ". . O O X O O O O X . . . O . . X X .",
        ". . . O . . . . O O X X X X . X . . .",
        ". . . . . O . . O . O O X . X . . . .",
        ". . . . . . . O . . O O X . X . X . .",
        ". . . . . . . . O O O O O X . X . . .",
    ]);
    let mut r = Reader::new(Default::default());
    let found = combination_attacks(&mut b, &mut r, Color::White);
    assert_eq!(
        found.first(),
        Some(&crate::test_util::pt(&b, "A11")),
        "{found:?}"
    );
}

/// An atari whose every answer leaves a double atari (atari_atari.tst:4, incident156.sgf
/// before move 232; GNU Go 3.8 answers `combination_attack white` with K17, and its
/// `--decide-combination` names the defences K19, L19, M19, K18, L18, J17, K17 and H16).
/// White K17 puts L17 in atari and threatens nothing else; after Black's L18 White K18 is a
/// double atari on the strings at L18 and J18, and the other answers lose a string at once.
#[test]
fn an_atari_whose_every_answer_leaves_a_double_atari() {
    let mut b = setup(&[
        ". . . . . O X X . . . . . X . . . X O",
        ". . . . . O O X X . . O X X X X X X O",
        ". . O O . O X O . . X X O X O X O X O",
        "O O O . O O X . X X O X O X O X O X O",
        "O . O . O X X . X O O O O O O O O O O",
        ". . . . O O X . X O . . . . . . X . .",
        "O O . O O X X O X O . . . . . O X X .",
        "O O O X O X X X O O . . . . . O O X .",
        "X O X X O O O X X O O . . . . O X X X",
        "X X . X X X O X . X O . . . O X X O X",
        ". . X . . X X . X X O O . . . O O O O",
        ". X . . X . . X . . X X O O O O X O .",
        ". . . X . X X O X X . . X O X X X O .",
        ". . X . X X O O O X . . . X X X O O .",
        ". . . X . X X O . O X X X X O O O . O",
        ". . . X X X O O O . O O X . X X O O X",
        ". . . . X . X O . O . O O X X . X X X",
        ". . . . . X . X O . . . . O X X . . .",
        ". . . . . . . X O . . . O O O X . . .",
    ]);
    let mut r = Reader::new(Default::default());
    let found = combination_attacks(&mut b, &mut r, Color::White);
    assert_eq!(found, vec![crate::test_util::pt(&b, "K17")]);
    assert_eq!(b.move_count(), 0, "board left as found");
}

/// A combination that starts next to the liberties of two short strings, not on one
/// (atari_atari.tst:15, atari_atari05.sgf before move 291; GNU Go 3.8 answers
/// `combination_attack black` with B13 and names the defences B14, C14, B13, C13 and B12).
/// Black B13 is next to B14, a liberty of the white string at A15, and to C13, a liberty of
/// the one at C12.
#[test]
fn a_move_next_to_the_liberties_of_two_short_strings_can_be_a_combination() {
    let mut b = setup(&[
        ". . . X X O O X X X . X . . X X O X .",
        ". X O X O . O O O X X O X X X O O . O",
        "X . . X O O . O X X X O X . X O O O .",
        "O X X X X X O O X . X O O X X X X O X",
        "O O O X . . X X O X X O O O X . X O O",
        ". . . O X X . X O X O X X O X X . X O",
        ". . . O O X X X O O O . O O O X . X X",
        ". . O O . O O O . . . O . O O X X X .",
        ". O X O . . . . . . O . . O X X . . .",
        ". O X O O . . . . X O . O O O X X X X",
        "O O X X O . O O O X O . O . O X . X O",
        "X X . X X O . . O O X O O X O O X X O",
        ". X X . X X O O X X X X X X X O X O O",
        ". . O X X O O O O X O O O O . . O . O",
        "X X X X O O X X O X X O X O O O O . .",
        "X O O X X O O X X X . X X X X X X O O",
        "O O O O O X O O X X X O X O . X O . O",
        ". X O . O X . O O O O O X . X X O O .",
        ". X O O X X . . O X X X X X X O O . .",
    ]);
    let mut r = Reader::new(Default::default());
    let b13 = crate::test_util::pt(&b, "B13");
    assert_eq!(b.cell(b13), crate::board::Cell::Empty);
    let found = combination_attacks(&mut b, &mut r, Color::Black);
    assert!(found.contains(&b13), "{found:?}");
    assert_eq!(b.move_count(), 0, "board left as found");
}
