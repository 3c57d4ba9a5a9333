//! The move-prediction model: the shipped `patterns/prior.db` compiles into the model the
//! engine uses, its features are the compiler's, and it predicts moves of games it was not
//! trained on far better than chance.

use std::path::Path;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::play::prior::train::{Scope, TrainingSet, accuracy, add_game, fit};
use tesuji::engine::play::prior::{Feature, MovePredictor, canonical, figure_code, shape_figure};
use tesuji::patterns::CompiledPatterns;

#[test]
fn the_engine_and_the_compiler_name_the_same_features_in_the_same_order() {
    let engine: Vec<(&str, u8)> = Feature::ALL
        .iter()
        .map(|f| (f.name(), f.levels()))
        .collect();
    let compiler: Vec<(&str, u8)> = pattern_dsl::registry::PRIOR_FEATURES
        .iter()
        .map(|f| (f.name, f.levels))
        .collect();
    assert_eq!(engine, compiler);
}

#[test]
fn the_compiled_model_gives_every_weight_of_the_database_file() {
    let source =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns/prior.db"))
            .expect("patterns/prior.db");
    let db = pattern_dsl::check("prior.db", &source).expect("prior.db is valid");
    let model = MovePredictor::from_patterns(&CompiledPatterns)
        .expect("a valid prior database")
        .expect("a prior database is compiled in");
    let close = |a: f32, b: f32| (a - b).abs() <= 1e-4 * a.max(b);
    let (mut shapes, mut features) = (0, 0);
    for p in &db.patterns {
        let gamma = (p.value as f32 / 100.0).exp();
        match &p.feature {
            Some((name, level)) => {
                let f = Feature::from_name(name).expect("a known feature");
                assert!(close(model.feature_gamma(f, *level), gamma), "{}", p.name);
                features += 1;
            }
            None => {
                let code = figure_code(&p.figure);
                // The figure is drawn as the trainer wrote it: its own canonical form.
                assert_eq!(
                    shape_figure(canonical(code)).to_vec(),
                    p.figure,
                    "{}",
                    p.name
                );
                for t in 0..8 {
                    let image = tesuji::engine::play::prior::transform_code(code, t);
                    assert!(
                        close(model.shape_gamma(image), gamma),
                        "{} under symmetry {t}: {} vs {gamma}",
                        p.name,
                        model.shape_gamma(image)
                    );
                }
                shapes += 1;
            }
        }
    }
    assert!(
        shapes > 500 && features > 50,
        "{shapes} shapes, {features} features"
    );
}

#[test]
fn the_model_predicts_held_out_games_far_better_than_chance() {
    // The trainer's own split: the games it held out, read the same way.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/regression");
    let h = tesuji::training::harvest(
        &[root.join("games"), root.join("golois")],
        19,
        &[root.join("test-games.txt")],
        10,
        Scope::Board,
    )
    .expect("the regression games");
    let set = h.held_out;
    assert!(
        set.positions.len() > 1000,
        "{} positions",
        set.positions.len()
    );
    let model = MovePredictor::from_patterns(&CompiledPatterns)
        .unwrap()
        .unwrap();
    let shipped = accuracy(&model, &set);
    let chance = accuracy(&MovePredictor::neutral(), &set);
    assert!(shipped.top1_percent() > 15.0, "{shipped:?}");
    assert!(shipped.top5_percent() > 35.0, "{shipped:?}");
    assert!(chance.top5_percent() < 5.0, "{chance:?}");
    assert!(shipped.log_likelihood > chance.log_likelihood + 1.0);
}

#[test]
fn fitting_twice_gives_the_same_weights() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/regression/games");
    let text = sgf::read_file(root.join("ab1_fuseki.sgf")).expect("a game record");
    let game = sgf::load_with(&text, Until::End, 0.0, EmptySetup::IgnoreLikeGnuGo).unwrap();
    let mut set = TrainingSet::default();
    assert!(add_game(&game, &mut set) > 10);
    let a = fit(&set, 3, 1);
    let b = fit(&set, 3, 1);
    assert_eq!(a.to_db(&[]), b.to_db(&[]));
}

#[test]
fn train_refuses_inputs_without_positions_and_unreadable_lists() {
    let out = std::env::temp_dir().join("tesuji-train-refused.db");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tesuji"))
            .args(args)
            .output()
            .expect("tesuji runs")
    };
    let o = out.to_str().unwrap();
    // A file that is not SGF: no game, no positions, an error and no database written.
    let r = run(&["patterns", "train", "Cargo.toml", "-o", o]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("no positions to train on"));
    assert!(!out.exists());
    let r = run(&[
        "patterns",
        "train",
        "tests",
        "--exclude",
        "no/such/list.txt",
        "-o",
        o,
    ]);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("no/such/list.txt"));
}
