//! The move-prediction model: the shipped `patterns/prior.db` compiles into the model the
//! engine uses, its features are the compiler's, and it predicts moves of games it was not
//! trained on far better than chance.

use std::path::Path;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::play::prior::train::{TrainingSet, accuracy, add_game, fit};
use tesuji::engine::play::prior::{Feature, MovePredictor, canonical, shape_figure};
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

/// The 3×3 code a figure drawn by [`shape_figure`] stands for.
fn code_of(figure: &[String]) -> u16 {
    const RING: [(usize, usize); 8] = [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ];
    let rows: Vec<&[u8]> = figure.iter().map(|r| r.as_bytes()).collect();
    RING.iter().enumerate().fold(0u16, |code, (k, &(r, c))| {
        let v = match rows[r][c] {
            b'.' => 0,
            b'O' => 1,
            b'X' => 2,
            _ => 3,
        };
        code | (v << (2 * k))
    })
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
                let code = code_of(&p.figure);
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
