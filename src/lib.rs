//! The `tesuji` package: the engine library re-exported, plus the command line binary.
pub use tesuji_engine as engine;
