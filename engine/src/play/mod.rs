//! Play: choosing a move.
//!
//! May use every layer below it ([`crate::board`], [`crate::pattern`], [`crate::tactics`],
//! [`crate::eval`]). The move generator values moves by stages over the static evaluation, a
//! Monte Carlo search with heavy playouts chooses among them, joseki proposes corner moves,
//! and time management decides how long to think.

pub mod joseki;
pub mod movegen;
pub mod neighbourhood;
pub mod playout;
pub mod prior;
