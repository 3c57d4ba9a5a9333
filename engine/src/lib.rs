//! tesuji's engine library.
extern crate self as tesuji_engine;

pub mod block;
pub mod block_safety;
pub mod board;
pub mod connection;
pub mod dragon;
pub mod eyes;
pub mod game;
pub mod gtp;
pub mod influence;
pub mod joseki;
pub mod life;
pub mod matching;
pub mod movegen;
pub mod owl;
pub mod pattern;
pub mod playout;
pub mod reading;
pub mod scoring;
pub mod sgf;
#[cfg(test)]
mod test_util;
