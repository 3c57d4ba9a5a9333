use super::*;

#[test]
fn lone_stone_is_symmetric() {
    let mut b = Board::new(19).unwrap();
    b.add_stone(Point::from_xy(9, 9), Color::White).unwrap();
    let inf = Influence::new(&b, InfluenceRules::WULU);
    let sum: i32 = b.points().map(|p| inf.value(p) as i32).sum();
    // 6 (stone) + 4×6 + 4×5 + 4×3 + 8×2.
    assert_eq!(sum, 6 + 24 + 20 + 12 + 16);
}

#[test]
fn rules_parse() {
    assert_eq!("Wulu".parse::<InfluenceRules>(), Ok(InfluenceRules::WULU));
    assert_eq!(
        "handtalk".parse::<InfluenceRules>(),
        Ok(InfluenceRules::HANDTALK)
    );
    assert!("gnugo".parse::<InfluenceRules>().is_err());
}
