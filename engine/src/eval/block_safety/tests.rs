use super::*;
use crate::board::{Color, Move, Vertex};
use crate::test_util::setup;

fn pts(b: &Board, vs: &str) -> Vec<Point> {
    vs.split_whitespace()
        .map(|v| match Vertex::parse_move(v, b.size()).unwrap() {
            Move::Play(p) => p,
            Move::Pass => unreachable!(),
        })
        .collect()
}

#[test]
fn a_lone_stone_in_the_open() {
    let mut b = Board::new(9).unwrap();
    b.add_stone(Point::from_xy(4, 4), Color::Black).unwrap();
    let f = freedom(&b, &pts(&b, "E5"));
    assert_eq!(
        f,
        Freedom {
            adjacent: 8,
            jumps: 12,
            wulu_degree2: 4,
            wulu_degree25: 8
        }
    );
    let d = danger(1, 0.0, 0, &f);
    assert_eq!(d.extra_surrounding_moves, 3);
    assert_eq!(d.moku, 2.0 / 8.0);
}

#[test]
fn the_corner_and_enemy_stones_take_freedom() {
    let mut b = Board::new(9).unwrap();
    b.add_stone(Point::from_xy(0, 8), Color::Black).unwrap();
    let corner = freedom(&b, &pts(&b, "A1"));
    assert_eq!((corner.adjacent, corner.jumps), (3, 4));
    // A white stone on top of a black one: the jump beyond it is still a point two
    // away (b), but not a Wulu liberty (c), and the diagonals beside it become hane
    // points (degree 2 instead of 1.5).
    let b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . O . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let f = freedom(&b, &pts(&b, "E5"));
    assert_eq!(f.adjacent, 7);
    assert_eq!(f.jumps, 12);
    assert!(f.wulu() < 12, "{f:?}");
}

#[test]
fn a_living_shape_is_in_no_danger_and_an_enclosed_one_is() {
    let b = setup(&[
        ". X . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let alive = assess(&b, &pts(&b, "B9 D9 A8 B8 C8 D8"));
    assert_eq!(alive.eyes.eyes, 2.0);
    assert_eq!(alive.danger.moku, 0.0);
    let one_eye = setup(&[
        "X X . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let stones = pts(&one_eye, "A9 B9 D9 A8 B8 C8 D8");
    let dead = assess(&one_eye, &stones);
    assert_eq!(dead.eyes.eyes, 1.0);
    assert_eq!(dead.freedom.wulu(), 0, "enclosed: no room beyond the eye");
    // 2 × 7 stones + 1 point of eye space, half of the eyes missing, no extra move.
    assert_eq!(dead.danger.moku, 7.5);
}

#[test]
fn room_outside_halves_the_danger_per_surrounding_move() {
    let f = Freedom {
        wulu_degree2: 6,
        wulu_degree25: 6,
        ..Freedom::default()
    };
    let open = danger(10, 0.0, 0, &f);
    assert_eq!(open.extra_surrounding_moves, 3);
    assert_eq!(open.moku, 20.0 / 8.0);
    let shut = danger(10, 0.0, 0, &Freedom::default());
    assert_eq!(shut.moku, 20.0);
    assert_eq!(danger(10, 1.0, 0, &Freedom::default()).moku, 10.0);
}
