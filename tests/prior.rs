//! The move-prediction model: the shipped `patterns/prior.db` compiles into the model the
//! engine uses, its features are the compiler's, and it predicts moves of games it was not
//! trained on far better than chance.

use std::path::Path;
use tesuji::engine::board::playout::Playout;
use tesuji::engine::board::sgf::{self, EmptySetup, Until};
use tesuji::engine::board::{Board, Color};
use tesuji::engine::play::prior::train::{MinSeen, Scope, TrainingSet, accuracy, add_game, fit};
use tesuji::engine::play::prior::{
    Feature, MovePredictor, canonical, canonical_large, canonical_wide, far_code, figure_code,
    large_code, large_figure, large_figure_code, relative_code, shape_figure, transform_large,
    transform_wide, wide_figure, wide_figure_code,
};
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
    let (mut shapes, mut features, mut wides, mut larges) = (0, 0, 0, 0);
    for p in &db.patterns {
        let gamma = (p.value as f32 / 100.0).exp();
        if p.lookup {
            let figure = p.figure.join("\n");
            if let Some(code) = wide_figure_code(&figure) {
                assert_eq!(canonical_wide(code), code, "{} is drawn canonical", p.name);
                for t in 0..8 {
                    let image = transform_wide(code, t);
                    assert!(close(model.wide_gamma(image), gamma), "{} ({t})", p.name);
                }
                wides += 1;
            } else {
                let code = large_figure_code(&figure).expect("a wide or large figure");
                assert_eq!(canonical_large(code), code, "{} is drawn canonical", p.name);
                for t in 0..8 {
                    let image = transform_large(code, t);
                    assert!(close(model.large_gamma(image), gamma), "{} ({t})", p.name);
                }
                larges += 1;
            }
            continue;
        }
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
        shapes > 500 && features > 50 && wides > 1000 && larges > 1000,
        "{shapes} shapes, {features} features, {wides} wide shapes, {larges} large shapes"
    );
    assert!(
        model.wide_shapes() >= wides,
        "every wide shape with its images"
    );
    assert!(
        model.large_shapes() >= larges,
        "every large shape with its images"
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
    let a = fit(&set, 3, MinSeen::shapes(1));
    let b = fit(&set, 3, MinSeen::shapes(1));
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

#[test]
fn wide_and_large_figures_match_in_the_pattern_language_exactly_where_their_codes_are_read() {
    // The engine keys lookup patterns by the code of their figure (no matcher checks
    // them): the figure the trainer draws for a point's wide or large code must match there
    // under the pattern language's own semantics (`#` off the board, `?` anything), and not
    // at a point whose shape differs.
    use pattern_dsl::interp::{Grid, Side};
    let mut playout = Playout::new(5);
    let mut checked = 0;
    for size in [9usize, 19] {
        let mut board = Board::new(size).unwrap();
        let result = playout.run(&mut board, Color::Black);
        for _ in 0..result.moves / 2 {
            board.undo();
        }
        let mut grid = Grid::empty(size as i32);
        for p in board.points() {
            let (x, y) = p.xy();
            grid.set(
                x as i32,
                y as i32,
                board.color_at(p).map(|c| match c {
                    Color::Black => Side::Black,
                    Color::White => Side::White,
                }),
            );
        }
        let empties: Vec<_> = board.empty_points().iter().copied().step_by(2).collect();
        for (k, &p) in empties.iter().enumerate() {
            let other = empties[(k + 7) % empties.len()];
            for (c, side) in [(Color::Black, Side::Black), (Color::White, Side::White)] {
                let wide = |q| {
                    u64::from(relative_code(&board, q, c)) | u64::from(far_code(&board, q, c)) << 16
                };
                let large = |q| large_code(&board, q, c);
                let shapes: [(&dyn Fn(_) -> u64, Vec<String>); 2] = [
                    (&wide, wide_figure(wide(p) as u32).to_vec()),
                    (&large, large_figure(large(p)).to_vec()),
                ];
                for (code, figure) in shapes {
                    let rows: String = figure.iter().map(|r| format!("  |{r}|\n")).collect();
                    let src =
                        format!("kind prior\npattern p {{\n{rows}  symmetry none\n  value 1\n}}\n");
                    let db = pattern_dsl::check("t.db", &src)
                        .unwrap_or_else(|d| panic!("{}", d.render()));
                    let at = |q: tesuji::engine::board::Point| {
                        let (x, y) = q.xy();
                        !db.match_at(&grid, x as i32, y as i32, side).is_empty()
                    };
                    assert!(at(p), "{c:?} at {p:?}:\n{rows}");
                    assert_eq!(at(other), code(other) == code(p), "{c:?} at {other:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 200, "{checked} shapes");
}
