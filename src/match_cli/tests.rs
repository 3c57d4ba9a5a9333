use super::*;

#[test]
fn wilson_interval_matches_known_values() {
    let (lo, hi) = wilson_interval(25, 50);
    assert!(
        (lo - 0.3664).abs() < 1e-3 && (hi - 0.6336).abs() < 1e-3,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson_interval(0, 10);
    assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
}

#[test]
fn time_control_parses_and_charges_canadian_byo_yomi() {
    let tc: TimeControl = "10+6/2".parse().unwrap();
    assert_eq!(
        tc,
        TimeControl {
            main: 10,
            period: 6,
            stones: 2
        }
    );
    assert!("10+6".parse::<TimeControl>().is_err());
    assert!("10+6/0".parse::<TimeControl>().is_err());
    let mut c = Clock::new(tc);
    assert!(c.charge(tc, 9.0));
    assert!(c.charge(tc, 3.0), "overrun moves into byo-yomi");
    assert_eq!(c.stones, 1);
    assert!(c.charge(tc, 2.0), "period renewed after its stones");
    assert_eq!((c.seconds, c.stones), (6.0, 2));
    assert!(!c.charge(tc, 7.0));
}

#[test]
fn median_and_winner() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    assert_eq!(winner_of("W+3.5"), Some(Color::White));
    assert_eq!(winner_of("B+R"), Some(Color::Black));
    assert_eq!(winner_of("0"), None);
}
