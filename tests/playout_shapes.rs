//! The playout policy's shapes come from `patterns/playout.db`: the table the playouts read
//! agrees with the compiled matcher on real positions, and knows the shapes the file draws.

use tesuji::engine::board::playout::Playout;
use tesuji::engine::board::{Board, Color, Move, Point, Vertex};
use tesuji::engine::pattern::Kind;
use tesuji::engine::play::playout::PlayoutShapes;
use tesuji::engine::tactics::pattern_view::{PatternSet, PatternView};
use tesuji::patterns::CompiledPatterns;

fn shapes() -> PlayoutShapes {
    PlayoutShapes::from_patterns(&CompiledPatterns)
        .expect("a valid playout database")
        .expect("patterns/playout.db is compiled in")
}

fn pt(b: &Board, v: &str) -> Point {
    match Vertex::parse_move(v, b.size()).unwrap() {
        Move::Play(p) => p,
        Move::Pass => unreachable!(),
    }
}

fn stones(size: usize, black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(size).unwrap();
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        for v in list {
            let p = pt(&b, v);
            b.add_stone(p, c).unwrap();
        }
    }
    b
}

#[test]
fn the_table_knows_the_drawn_shapes_for_either_side_and_not_an_open_point() {
    let shapes = shapes();
    // Black C5, White D5: D4 is the hane under the white stone, for whoever moves.
    let b = stones(9, &["C5"], &["D5"]);
    for c in [Color::Black, Color::White] {
        assert!(shapes.weight(&b, pt(&b, "D4"), c) > 0, "{c:?}");
        assert!(shapes.weight(&b, pt(&b, "G3"), c) == 0, "{c:?}");
    }
    // On the first line, B1 under Black B2 beside White C2: the descent (`edge_descend`,
    // `?XO / o*o / ###`) for White, its colour-swapped twin for Black.
    let edge = stones(9, &["B2"], &["C2"]);
    assert!(shapes.weight(&edge, pt(&edge, "B1"), Color::White) > 0);
    assert!(shapes.weight(&edge, pt(&edge, "B1"), Color::Black) > 0);
}

#[test]
fn the_table_agrees_with_the_compiled_matcher_on_random_positions() {
    let shapes = shapes();
    let mut playout = Playout::new(7);
    let (mut shape_points, mut points) = (0, 0);
    for game in 0..30 {
        let size = [9, 13, 19][game % 3];
        let mut board = Board::new(size).unwrap();
        let result = playout.run(&mut board, Color::Black);
        // Positions along the playout: a third, two thirds and the end.
        for back in [result.moves * 2 / 3, result.moves / 3, 0] {
            let mut b = board.clone();
            for _ in 0..back {
                b.undo();
            }
            let view = PatternView::new(&b);
            for &p in b.empty_points() {
                let (x, y) = p.xy();
                for c in [Color::Black, Color::White] {
                    let mut matched = false;
                    CompiledPatterns.match_at(
                        Kind::Playout,
                        &view,
                        x as i32,
                        y as i32,
                        c,
                        &mut |_| matched = true,
                    );
                    let w = shapes.weight(&b, p, c);
                    assert_eq!(matched, w > 0, "{c:?} at {p:?}\n{b:?}");
                    shape_points += usize::from(matched);
                    points += 1;
                }
            }
        }
    }
    // The comparison saw both answers many times.
    assert!(
        shape_points > 500 && points - shape_points > 500,
        "{shape_points} of {points}"
    );
}

#[test]
fn the_search_reads_the_compiled_database() {
    // The cache hands out the compiled shapes, the same table as reading them afresh.
    let cached = PlayoutShapes::cached(&CompiledPatterns);
    let fresh = shapes();
    assert!(!cached.is_empty());
    assert_eq!(cached.len(), fresh.len());
    for code in 0..=u16::MAX {
        assert_eq!(cached.weight_of_code(code), fresh.weight_of_code(code));
    }
}

#[test]
fn playout_weights_learned_from_records_compile_and_predict_the_answers() {
    use std::path::Path;
    use tesuji::engine::play::prior::MovePredictor;
    use tesuji::engine::play::prior::train::{MinSeen, Scope, accuracy, fit};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/regression");
    let h = tesuji::training::harvest(
        &[root.join("games")],
        19,
        &[root.join("test-games.txt")],
        10,
        Scope::LastMoveNeighbours,
    )
    .expect("the regression games are readable");
    assert!(
        h.training.positions.len() > 1000,
        "{}",
        h.training.positions.len()
    );
    let fitted = fit(&h.training, 10, MinSeen::shapes(20));
    let db = fitted.to_playout_db(&["test".to_string()]);
    let checked = pattern_dsl::check("playout.db", &db).expect("the written database compiles");
    assert!(
        checked.patterns.len() > 20,
        "{} shapes",
        checked.patterns.len()
    );
    assert!(checked.patterns.iter().all(|p| p.value > 0));
    // Among the last move's neighbours, the learned shapes pick the answer played far more
    // often than a uniform draw does.
    let model = fitted.predictor();
    let learned = accuracy(&model, &h.held_out);
    let uniform = accuracy(&MovePredictor::neutral(), &h.held_out);
    assert!(
        learned.log_likelihood > uniform.log_likelihood + 0.2,
        "{learned:?} vs {uniform:?}"
    );
}

/// With the model's weights the same moves are shape moves, and of two shape moves the one
/// whose 3×3 shape strong players choose more often weighs more.
#[test]
fn model_weights_keep_the_shape_moves_and_follow_the_model() {
    use tesuji::engine::play::prior::MovePredictor;
    let plain = shapes();
    let model = MovePredictor::from_patterns(&CompiledPatterns)
        .expect("a valid prior database")
        .expect("patterns/prior.db is compiled in");
    let weighted = PlayoutShapes::weighted_by_model(&CompiledPatterns, &model);
    assert_eq!(weighted.len(), plain.len());
    let mut shape_codes = Vec::new();
    for code in 0..=u16::MAX {
        assert_eq!(
            weighted.weight_of_code(code) > 0,
            plain.weight_of_code(code) > 0,
            "code {code:#06x}"
        );
        if plain.weight_of_code(code) > 0 {
            shape_codes.push(code);
        }
    }
    shape_codes.sort_by(|&a, &b| model.shape_gamma(a).total_cmp(&model.shape_gamma(b)));
    let (low, high) = (shape_codes[0], shape_codes[shape_codes.len() - 1]);
    assert!(model.shape_gamma(low) < model.shape_gamma(high));
    assert!(
        weighted.weight_of_code(low) < weighted.weight_of_code(high),
        "{} !< {}",
        weighted.weight_of_code(low),
        weighted.weight_of_code(high)
    );
}

/// The compiled patterns, with every raw match of the last `match_at` call kept.
struct RecordingPatterns {
    raw: std::sync::Mutex<Vec<usize>>,
}

impl PatternSet for RecordingPatterns {
    fn matcher(&self, kind: Kind) -> Option<&'static tesuji::engine::pattern::Tables> {
        CompiledPatterns.matcher(kind)
    }

    fn match_at(
        &self,
        kind: Kind,
        view: &PatternView<'_>,
        x: i32,
        y: i32,
        us: Color,
        f: &mut dyn FnMut(tesuji::engine::pattern::Match),
    ) {
        self.raw.lock().unwrap().clear();
        CompiledPatterns.match_at(kind, view, x, y, us, &mut |m| {
            self.raw.lock().unwrap().push(m.pattern);
            f(m);
        });
    }
}

#[test]
fn tabulate_lists_each_matching_pattern_once_in_first_match_order() {
    // The rule the configuration stamps replaced: a raw match is kept unless the list
    // already holds its pattern.
    use tesuji::engine::play::neighbourhood::tabulate;
    let recording = RecordingPatterns {
        raw: std::sync::Mutex::new(Vec::new()),
    };
    for kind in [Kind::Playout, Kind::Prior] {
        let mut visits = 0;
        tabulate(&recording, kind, &mut |_, matched| {
            let mut expected: Vec<usize> = Vec::new();
            for &k in recording.raw.lock().unwrap().iter() {
                if !expected.contains(&k) {
                    expected.push(k);
                }
            }
            assert_eq!(matched, expected.as_slice());
            visits += 1;
        })
        .expect("the database is compiled in");
        assert!(visits > 0);
    }
}
