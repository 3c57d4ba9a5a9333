use super::*;
use crate::board::Vertex;
use crate::test_util::{pt, setup};

fn members(b: &mut Board, v: &str) -> Vec<String> {
    let s = pt(b, v);
    let ss = Superstring::of(b, s).unwrap();
    let mut names: Vec<String> = ss
        .strings()
        .iter()
        .map(|&p| Vertex::from_point(p, b.size()).to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn bamboo_joint_joins_and_a_lone_jump_does_not() {
    let mut b = setup(&[
        ". . . . . . .",
        ". X X . . . .",
        ". . . . . . .",
        ". X X . X . .",
        ". . . . . . .",
        ". . . . X . .",
        ". . . . . . .",
    ]);
    // B6-C6 and B4-C4: a bamboo joint. E4 and E2: a one-point jump the opponent may cut.
    assert_eq!(members(&mut b, "B6"), vec!["B4", "B6"]);
    assert_eq!(members(&mut b, "E4"), vec!["E4"]);
    let hash = b.hash();
    let _ = members(&mut b, "C4");
    assert_eq!(b.hash(), hash, "board left as found");
}

#[test]
fn jump_and_diagonal_through_points_the_opponent_cannot_play() {
    // A one-point jump B3-D3 whose middle C3 is a self-atari for White (C2 is ours too).
    let mut b = setup(&[
        ". . . . .",
        ". . . . .",
        ". X . X .",
        ". O X O .",
        ". . . . .",
    ]);
    assert_eq!(members(&mut b, "B3"), vec!["B3", "C2", "D3"]);
    // An eye at B4: White cannot play there at all.
    let mut b = setup(&[
        ". X . . .",
        "X . X . .",
        ". X . . .",
        ". . . . .",
        ". . . . .",
    ]);
    assert_eq!(members(&mut b, "A4"), vec!["A4", "B3", "B5", "C4"]);
    // A diagonal B4/C3 whose open cutting point B3 White can play: not joined.
    let mut b = setup(&[
        ". . . . .",
        ". X O . .",
        ". . X . .",
        ". . . . .",
        ". . . . .",
    ]);
    assert_eq!(members(&mut b, "B4"), vec!["B4"]);
}

#[test]
fn loose_superstrings_add_double_threats() {
    let mut b = setup(&[
        ". . . . . .",
        ". X . . . .",
        ". . X . . .",
        ". . . . X .",
        ". . . . . .",
        ". . . . . .",
    ]);
    // B5/C4: a diagonal with both cutting points open; C4/E3: no link at all.
    let s = pt(&b, "B5");
    assert_eq!(Superstring::of(&mut b, s).unwrap().strings().len(), 1);
    let loose = Superstring::loose(&mut b, s).unwrap();
    assert_eq!(loose.strings(), &[pt(&b, "B5"), pt(&b, "C4")]);
}

#[test]
fn liberties_and_adjacent_enemies_cover_every_member() {
    let mut b = setup(&[
        ". X . X .",
        "X . X O .",
        ". X . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let s = pt(&b, "A4");
    let ss = Superstring::of(&mut b, s).unwrap();
    assert_eq!(ss.color(), Color::Black);
    assert_eq!(ss.strings().len(), 5, "the points B4 and C5 join all five");
    assert!(ss.contains(pt(&b, "D5")) && ss.contains(pt(&b, "B3")));
    assert_eq!(ss.stones().count(), 5);
    let libs = ss.liberties();
    assert_eq!(libs.len(), 7);
    for v in ["B4", "A5", "C5", "E5", "A3", "C3", "B2"] {
        assert!(libs.contains(&pt(&b, v)), "{v} is a liberty");
    }
    assert!(!libs.contains(&pt(&b, "D4")), "a White stone");
    assert_eq!(ss.adjacent_enemies(), &[pt(&b, "D4")]);
    let empty = pt(&b, "E1");
    assert!(Superstring::of(&mut b, empty).is_none());
}
