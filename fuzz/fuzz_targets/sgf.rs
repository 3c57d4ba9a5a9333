//! SGF loading on arbitrary bytes: a game or a located error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tesuji::engine::board::sgf::{self, Until};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(game) = sgf::load(&text, Until::End, 6.5) {
        game.board().validate().expect("a loaded position is consistent");
        let _ = sgf::write(&game);
    }
    let _ = sgf::load(&text, Until::BeforeMove(5), 6.5);
});
