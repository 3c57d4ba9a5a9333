//! Tactics: reading that settles fights between strings, GNU Go's scheme.
//!
//! May use [`crate::board`] and [`crate::pattern`]. The pattern databases' conditions call the
//! reader (`attack`, `defend`, `connected`) and the reader matches `attack.db` / `defense.db`
//! for its candidates: that recursion is real, and it stays inside this layer, in
//! [`pattern_view`] (the board as matchers see it, and the [`PatternSet`](pattern_view::PatternSet)
//! that stages receive) and [`reading`].

pub mod break_in;
pub mod connection;
pub mod pattern_view;
pub mod reading;
