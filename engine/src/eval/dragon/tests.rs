use super::*;
use crate::tactics::pattern_view::NoPatterns;
use crate::tactics::reading::ReadingOptions;
use crate::test_util::setup;

fn dragons(b: &mut Board) -> Dragons {
    let mut r = Reader::new(ReadingOptions {
        hash_mb: 1,
        ..ReadingOptions::default()
    });
    Dragons::new(b, &mut r, &NoPatterns)
}

#[test]
fn strings_around_an_eye_and_a_bamboo_joint_are_one_dragon_and_a_cut_one_is_not() {
    let mut b = setup(&[
        ". . . . . . .",
        ". X X . X X .",
        ". X . X . . .",
        ". . X . . . .",
        ". . . . . O .",
        "X . . . O X .",
        ". X . . . O .",
    ]);
    let d = dragons(&mut b);
    let p = |x, y| Point::from_xy(x, y);
    // B6 C6 / B5 / C4 / D5 around the eye at C5: one dragon.
    assert!(d.same_dragon(p(1, 1), p(2, 3)));
    assert!(d.same_dragon(p(1, 1), p(3, 2)));
    // E6-F6 touches D5 diagonally: a cut at D6 or E5 is answered at the other.
    assert!(d.same_dragon(p(3, 2), p(4, 1)));
    // The two stones in the lower left touch diagonally with both crossing points empty.
    assert!(d.same_dragon(p(0, 5), p(1, 6)));
    // The black stone at F2 is cut off from everything.
    assert_eq!(d.dragon_at(p(5, 5)).unwrap().stones, vec![p(5, 5)]);
    assert!(!d.same_dragon(p(5, 5), p(1, 6)));
    let id = d.dragon_id(p(5, 5)).unwrap();
    assert_eq!(d.liberties(&b, id), vec![p(6, 5)]);
    let around = d.neighbours(id);
    assert!(!around.is_empty() && around.len() <= 3);
    assert!(around.iter().all(|&n| d.dragons()[n].color == Color::White));
}

#[test]
fn a_string_in_atari_is_not_joined_through_the_eye_that_is_its_last_liberty() {
    // The white stone D5 has one liberty, C5, the point the other white stones surround:
    // Black's move there is legal (it captures D5), so C5 links nothing to D5.
    let mut b = setup(&[
        ". . . . . . .",
        ". O O X . . .",
        ". O . O X . .",
        ". O O X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let p = |x, y| Point::from_xy(x, y);
    let d = dragons(&mut b);
    assert!(!d.same_dragon(p(3, 2), p(1, 1)));
    assert_eq!(d.dragon_at(p(3, 2)).unwrap().stones, vec![p(3, 2)]);
    // Without the black stone above it, D5 has a second liberty and the eye joins it.
    let mut open = setup(&[
        ". . . . . . .",
        ". O O . . . .",
        ". O . O X . .",
        ". O O X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    let d = dragons(&mut open);
    assert!(d.same_dragon(p(3, 2), p(1, 1)));
}
