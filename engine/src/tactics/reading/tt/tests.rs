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

#[test]
fn a_nodes_questions_share_the_bucket_its_move_prefetches() {
    let mut t = TransTable::new(1);
    let attack = q(Routine::Attack, 100, 3);
    let mut defend = q(Routine::Defend, 100, 3);
    defend.komaster = 2;
    let place = Question::place(Point(100), Point::NONE, 3);
    let i = t.bucket(t.key(42), place);
    assert_eq!(
        i,
        t.bucket(t.key(42), Question::place(attack.str1, attack.str2, 3))
    );
    // Both questions live in that one bucket, each found by its own routine and ko state.
    t.put(42, &attack, 2, Point(321), 1);
    t.put(42, &defend, 0, Point(123), 1);
    assert_eq!(t.get(42, &attack), Some((2, Point(321), 1)));
    assert_eq!(t.get(42, &defend), Some((0, Point(123), 1)));
    let stored = t.buckets[i].0.iter().filter(|e| e.data != 0).count();
    assert_eq!(stored, 2, "the prefetched bucket holds both");
    t.prefetch(42, Point(100), 3);
}
