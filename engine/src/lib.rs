//! tesuji's engine library.
extern crate self as tesuji_engine;

pub mod board;
pub mod connection;
pub mod game;
pub mod gtp;
pub mod influence;
pub mod life;
pub mod matching;
pub mod movegen;
pub mod pattern;
pub mod playout;
pub mod reading;
pub mod sgf;
