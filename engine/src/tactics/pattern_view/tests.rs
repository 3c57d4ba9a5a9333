use super::*;

#[test]
fn codes_are_relative_and_off_board_everywhere_outside() {
    let mut b = Board::new(5).unwrap();
    b.add_stone(Point::from_xy(0, 0), Color::Black).unwrap();
    b.add_stone(Point::from_xy(1, 0), Color::White).unwrap();
    let v = PatternView::new(&b);
    assert_eq!(v.code(0, 0, Color::Black), pattern::OURS);
    assert_eq!(v.code(0, 0, Color::White), pattern::THEIRS);
    assert_eq!(v.code(1, 0, Color::Black), pattern::THEIRS);
    assert_eq!(v.code(2, 0, Color::Black), pattern::EMPTY);
    for (x, y) in [(-1, 0), (0, -1), (5, 0), (0, 5), (-30, 40), (100, 2)] {
        assert_eq!(v.code(x, y, Color::Black), pattern::OFF_BOARD, "({x},{y})");
    }
    assert_eq!(v.lib(0, 0), 1);
    assert_eq!(v.stones(1, 0), 1);
    assert_eq!(
        v.libs_after(0, 1, Color::White),
        3,
        "captures A5 and gains its point"
    );
    assert_eq!(v.libs_after(0, 1, Color::Black), 2, "A5-A4 has B4 and A3");
    assert!(!v.self_atari(0, 1, Color::Black));
    assert!(
        !v.self_atari(2, 0, Color::Black),
        "C5 for black has C4 and D5"
    );
    assert_eq!(v.edge_dist(2, 2), 2);
    assert_eq!(v.edge_dist(4, 1), 0);
    assert_eq!(v.attack(0, 0), pattern::WIN);
    assert!(
        !v.ko(0, 0),
        "capturing A5 at A4 leaves a stone with three liberties"
    );
    assert_eq!(b.move_count(), 2, "matching never changes the board");
}
