pub use tesuji_engine as engine;
