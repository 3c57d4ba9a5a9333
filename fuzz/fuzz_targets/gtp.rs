//! A GTP session on arbitrary bytes: every line answered, nothing panics or hangs.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tesuji::engine::gtp::GtpEngine;
use tesuji::patterns::CompiledPatterns;

fuzz_target!(|data: &[u8]| {
    // `printsgf FILE` writes files: keep them out of the repository.
    static SCRATCH: std::sync::Once = std::sync::Once::new();
    SCRATCH.call_once(|| {
        let dir = std::env::temp_dir().join("tesuji-fuzz-gtp");
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::env::set_current_dir(&dir);
    });
    // Small boards and the lowest level keep each execution short; the input may change both.
    let Ok(engine) = GtpEngine::new(7, 6.5) else {
        return;
    };
    let mut engine = engine.with_patterns(&CompiledPatterns);
    let mut out = Vec::new();
    let _ = engine.handle_line("level 1");
    engine.run(data, &mut out).expect("writing to memory cannot fail");
    let text = String::from_utf8(out).expect("responses are UTF-8");
    assert!(text.is_empty() || text.ends_with("\n\n"));
});
