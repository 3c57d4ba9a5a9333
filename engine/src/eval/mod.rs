//! Static evaluation: what the position is worth and which groups live.
//!
//! May use [`crate::board`], [`crate::pattern`] and [`crate::tactics`]. From the bottom up:
//! influence (Wulu's and Handtalk's rules), unconditional life, eye spaces, dragons (strings
//! joined by connections), the owl's life-and-death reading, Handtalk's blocks with their
//! freedom and danger, and the final score of a finished game.

pub mod block;
pub mod block_safety;
pub mod combination;
pub mod dragon;
pub mod eyes;
pub mod influence;
pub mod owl;
pub mod scoring;
pub mod semeai;
pub mod unconditional;
