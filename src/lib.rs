//! The `tesuji` package: the engine library re-exported, the compiled pattern databases, and
//! the command line binary.
pub use tesuji_engine as engine;

pub mod joseki_import;
pub mod patterns;
pub mod regress;
pub mod training;
