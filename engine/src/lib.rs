//! tesuji's engine library, in layers. Each layer uses only the layers above it in this list;
//! `tests/layers.rs` reads every `use crate::…` line and fails on an arrow that points up.
//!
//! | layer | what it is |
//! | --- | --- |
//! | [`board`] | the rules: board, strings, captures, ko, Zobrist hash, undo, area score, light playouts, the game record, SGF |
//! | [`pattern`] | the contract that generated matchers compile against: cell codes, transforms, matches |
//! | [`tactics`] | reading: attack and defence of strings, connection reading, superstrings, and the pattern view whose conditions call the reader |
//! | [`eval`] | static evaluation: influence, eyes, unconditional life, dragons, owl, blocks, freedom and danger, final scoring |
//! | [`play`] | choosing a move: the move generator and its stages, Monte Carlo search, heavy playouts, joseki, time |
//! | [`gtp`] | the GTP v2 protocol and every layer's commands |
extern crate self as tesuji_engine;

pub mod board;
pub mod eval;
pub mod gtp;
pub mod pattern;
pub mod play;
pub mod tactics;
#[cfg(test)]
mod test_util;
