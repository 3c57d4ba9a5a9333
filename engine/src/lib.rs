//! tesuji's engine library.
extern crate self as tesuji_engine;

pub mod board;
pub mod pattern;
