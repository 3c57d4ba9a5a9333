//! docs/pattern-language.md stays in sync with the registry and the alphabet.

fn doc() -> String {
    std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/pattern-language.md"
    ))
    .unwrap()
}

#[test]
fn every_predicate_is_documented_with_its_signature() {
    let doc = doc();
    for p in pattern_dsl::registry::PREDICATES {
        let sig = pattern_dsl::validate::signature(p);
        assert!(
            doc.contains(&format!("`{sig}`")),
            "{sig} missing from the doc"
        );
        assert!(doc.contains(p.doc), "doc line of {} missing", p.name);
    }
}

#[test]
fn every_kind_transform_and_constant_is_documented() {
    let doc = doc();
    for k in pattern_dsl::Kind::ALL {
        assert!(doc.contains(&format!("`{}`", k.name())), "{k:?}");
    }
    for t in pattern_dsl::Transform::ALL {
        assert!(doc.contains(&format!("`{}`", t.name())), "{t:?}");
    }
    for (name, value) in pattern_dsl::registry::CONSTANTS {
        assert!(doc.contains(&format!("{name} = {value}")), "{name}");
    }
}
