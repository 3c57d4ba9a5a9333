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
mod tests;
