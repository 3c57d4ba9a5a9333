//! The move-prediction model: the shipped `patterns/prior.db` compiles into the model the
//! engine uses, its features are the compiler's, and it predicts moves of games it was not
//! trained on far better than chance.

use std::path::Path;
use tesuji::engine::board::playout::Playout;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::board::{Board, Color};
use tesuji::engine::pattern::Kind;
use tesuji::engine::play::prior::train::{Scope, TrainingSet, accuracy, add_game, fit};
use tesuji::engine::play::prior::{
    Feature, MovePredictor, canonical, canonical_wide, far_code, figure_code, relative_code,
    shape_figure, transform_wide, wide_figure_code,
};
use tesuji::engine::tactics::pattern_view::{PatternSet, PatternView};
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
    let (mut shapes, mut features, mut wides) = (0, 0, 0);
    for p in &db.patterns {
        let gamma = (p.value as f32 / 100.0).exp();
        match &p.feature {
            Some((name, level)) => {
                let f = Feature::from_name(name).expect("a known feature");
                assert!(close(model.feature_gamma(f, *level), gamma), "{}", p.name);
                features += 1;
            }
            None if p.figure.len() == 5 => {
                let code = wide_figure_code(&p.figure.join("\n")).expect("a wide figure");
                assert_eq!(canonical_wide(code), code, "{} is drawn canonical", p.name);
                for t in 0..8 {
                    let image = transform_wide(code, t);
                    assert!(close(model.wide_gamma(image), gamma), "{} ({t})", p.name);
                }
                wides += 1;
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
        shapes > 500 && features > 50 && wides > 1000,
        "{shapes} shapes, {features} features, {wides} wide shapes"
    );
    assert!(
        model.wide_shapes() >= wides,
        "every wide shape with its images"
    );
}

#[test]
fn the_compiled_matcher_finds_exactly_the_wide_shape_the_table_names() {
    let model = MovePredictor::from_patterns(&CompiledPatterns)
        .unwrap()
        .unwrap();
    let tables = CompiledPatterns.matcher(Kind::Prior).unwrap();
    let mut playout = Playout::new(11);
    let (mut named, mut points) = (0, 0);
    for game in 0..12 {
        let size = [9, 13, 19][game % 3];
        let mut board = Board::new(size).unwrap();
        let result = playout.run(&mut board, Color::Black);
        for back in [result.moves * 5 / 6, result.moves * 2 / 3, result.moves / 3] {
            let mut b = board.clone();
            for _ in 0..back {
                b.undo();
            }
            let view = PatternView::new(&b);
            for &p in b.empty_points() {
                let (x, y) = p.xy();
                for c in [Color::Black, Color::White] {
                    let mut wide: Vec<usize> = Vec::new();
                    CompiledPatterns.match_at(
                        Kind::Prior,
                        &view,
                        x as i32,
                        y as i32,
                        c,
                        &mut |m| {
                            let info = &tables.patterns[m.pattern];
                            if info.feature.is_none() && wide_figure_code(info.figure).is_some() {
                                wide.push(m.pattern);
                            }
                        },
                    );
                    wide.sort_unstable();
                    wide.dedup();
                    let code =
                        u32::from(relative_code(&b, p, c)) | u32::from(far_code(&b, p, c)) << 16;
                    let gamma = model.wide_gamma(code);
                    match wide[..] {
                        [] => assert_eq!(gamma, 1.0, "{c:?} at {p:?}: no wide pattern\n{b:?}"),
                        [k] => {
                            let want = (tables.patterns[k].value as f32 / 100.0).exp();
                            assert!((gamma - want).abs() <= 1e-4 * want, "{c:?} at {p:?}");
                            named += 1;
                        }
                        _ => panic!("{c:?} at {p:?}: several wide patterns {wide:?}"),
                    }
                    points += 1;
                }
            }
        }
    }
    assert!(
        named > 300 && points - named > 300,
        "{named} of {points} points named"
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
    let a = fit(&set, 3, 1, 0);
    let b = fit(&set, 3, 1, 0);
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
