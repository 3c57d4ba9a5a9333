//! Time allocation under GTP's Canadian byo-yomi (`time_settings`, `time_left`).

use crate::board::game::{TimeLeft, TimeSettings};
use std::time::Duration;

/// Kept back from every allocation for the protocol round trip and the controller's clock.
const SAFETY: f32 = 0.85;

/// Seconds one move may use, or `None` for no limit.
///
/// - no time settings, or byo-yomi time with zero stones (GTP's "no limit"): no limit;
/// - in byo-yomi (`time_left` with stones > 0): the period shared by its stones;
/// - in main time: what is left shared by the moves still expected (half the empty points,
///   at least 10), plus a part of one byo-yomi stone's share when there is byo-yomi.
pub fn move_budget(
    settings: Option<TimeSettings>,
    left: Option<TimeLeft>,
    empty_points: usize,
) -> Option<Duration> {
    let s = settings?;
    if s.byo_yomi_time > 0 && s.byo_yomi_stones == 0 {
        return None;
    }
    let left = left.unwrap_or(TimeLeft {
        seconds: s.main_time,
        stones: 0,
    });
    let byo_share = if s.byo_yomi_stones > 0 {
        s.byo_yomi_time as f32 / s.byo_yomi_stones as f32
    } else {
        0.0
    };
    let seconds = if left.stones > 0 {
        left.seconds as f32 / left.stones as f32
    } else {
        let expected = (empty_points / 2).max(10) as f32;
        left.seconds as f32 / expected + 0.5 * byo_share
    };
    Some(Duration::from_secs_f32((seconds * SAFETY).max(0.05)))
}

#[cfg(test)]
mod tests {
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
}
