use super::*;

fn settings(main: u32, byo: u32, stones: u32) -> Option<TimeSettings> {
    Some(TimeSettings {
        main_time: main,
        byo_yomi_time: byo,
        byo_yomi_stones: stones,
    })
}

#[test]
fn no_settings_or_no_limit_means_no_budget() {
    assert_eq!(move_budget(None, None, 81), None);
    assert_eq!(move_budget(settings(0, 10, 0), None, 81), None);
}

#[test]
fn byo_yomi_period_is_shared_by_its_stones() {
    let left = Some(TimeLeft {
        seconds: 30,
        stones: 5,
    });
    let b = move_budget(settings(0, 30, 5), left, 81).unwrap();
    assert!((b.as_secs_f32() - 6.0 * SAFETY).abs() < 1e-3);
}

#[test]
fn main_time_is_spread_over_the_expected_moves() {
    let left = Some(TimeLeft {
        seconds: 100,
        stones: 0,
    });
    let b = move_budget(settings(300, 0, 0), left, 80).unwrap();
    assert!((b.as_secs_f32() - 100.0 / 40.0 * SAFETY).abs() < 1e-3);
    // With byo-yomi behind it, a move may also use part of one stone's share.
    let with_byo = move_budget(settings(300, 60, 10), left, 80).unwrap();
    assert!(with_byo > b);
}
