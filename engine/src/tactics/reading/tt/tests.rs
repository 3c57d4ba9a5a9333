use super::*;

fn q(routine: Routine, s: u16, stackp: u32) -> Question {
    Question {
        routine,
        str1: Point(s),
        str2: Point::NONE,
        komaster: 0,
        kom_pos: Point::NONE,
        stackp,
    }
}

#[test]
fn stores_finds_and_clears() {
    let mut t = TransTable::new(1);
    assert!(t.get(42, &q(Routine::Attack, 100, 3)).is_none());
    t.put(42, &q(Routine::Attack, 100, 3), 2, Point(321), 15);
    assert_eq!(
        t.get(42, &q(Routine::Attack, 100, 3)),
        Some((2, Point(321), 15))
    );
    assert!(
        t.get(42, &q(Routine::Attack, 100, 4)).is_none(),
        "depth is key"
    );
    assert!(
        t.get(42, &q(Routine::Defend, 100, 3)).is_none(),
        "routine is key"
    );
    assert!(
        t.get(43, &q(Routine::Attack, 100, 3)).is_none(),
        "position is key"
    );
    t.clear();
    assert!(t.get(42, &q(Routine::Attack, 100, 3)).is_none(), "cleared");
}
