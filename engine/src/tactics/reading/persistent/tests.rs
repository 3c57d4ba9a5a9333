use super::*;

#[test]
fn point_set_inserts_iterates_and_unites() {
    let mut a = PointSet::new();
    assert!(a.is_empty());
    a.insert(Point(5));
    a.insert(Point(700));
    a.insert(Point(5));
    let mut b = PointSet::new();
    b.insert(Point(64));
    a.union_with(&b);
    assert_eq!(a.iter().map(|p| p.0).collect::<Vec<_>>(), vec![5, 64, 700]);
    assert_eq!(a.len(), 3);
    assert!(a.contains(Point(64)) && !a.contains(Point(63)));
    a.clear();
    assert!(a.is_empty());
}
