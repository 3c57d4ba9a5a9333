//! Pattern database compilation on arbitrary bytes: parse, validate and code generation
//! either succeed or give positioned errors; nothing panics or overflows.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = match pattern_dsl::decode("fuzz.db", data) {
        Ok(s) => s,
        Err(d) => {
            assert!(!d.render().is_empty());
            return;
        }
    };
    match pattern_dsl::compile("fuzz.db", source, &Default::default()) {
        Ok(db) => {
            let _ = db.tokens();
        }
        Err(d) => assert_eq!(d.positions().len(), d.len()),
    }
});
