//! Static evaluation speed: the influence function (Wulu's degrees alone, and with Handtalk's
//! rules) and the territory / moyo / score estimate on a mid-game 19×19 position
//! (`tests/data/midgame.sgf`), per evaluation; freedom and danger of every string of it; and
//! the final statuses (1,000 playouts) and score of a finished 9×9
//! (`tests/data/finished9.sgf`); and the full static evaluation of the mid-game position:
//! influence, blocks (dragons with connection reading, eyes, statuses, areas) and danger.
//!
//!     cargo bench --bench evaluation

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tesuji::engine::board::sgf::{self, Until};
use tesuji::engine::board::{Board, Color, Point};
use tesuji::engine::eval::block::{BlockOptions, Blocks};
use tesuji::engine::eval::block_safety;
use tesuji::engine::eval::influence::{Estimate, Influence, InfluenceRules};
use tesuji::engine::eval::scoring::{self, ScoringOptions, ScoringRules};
use tesuji::engine::tactics::reading::{Reader, ReadingOptions};
use tesuji::patterns::CompiledPatterns;

fn load(name: &str) -> (Board, f32) {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = sgf::read_file(&path).expect("a shipped SGF file");
    let game = sgf::load(&text, Until::End, 7.5).expect("the file loads");
    (game.board().clone(), game.komi())
}

fn midgame() -> (Board, f32) {
    load("midgame.sgf")
}

fn scoring_and_safety(c: &mut Criterion) {
    let (board, _) = midgame();
    let mut seen = vec![false; tesuji::engine::board::NUM_CELLS];
    let mut strings: Vec<Vec<Point>> = Vec::new();
    for p in board.points() {
        if board.color_at(p).is_some() && !seen[p.index()] {
            let stones: Vec<Point> = board.string_stones(p).collect();
            for s in &stones {
                seen[s.index()] = true;
            }
            strings.push(stones);
        }
    }
    c.bench_function("midgame 19x19/freedom+danger of every string", |b| {
        b.iter(|| {
            strings
                .iter()
                .map(|s| block_safety::assess(black_box(&board), s).danger.moku)
                .sum::<f32>()
        })
    });
    let (finished, komi) = load("finished9.sgf");
    c.bench_function("finished 9x9/final status + score", |b| {
        b.iter(|| {
            let fs = scoring::final_status(
                black_box(&finished),
                Color::Black,
                &ScoringOptions::default(),
            );
            scoring::final_score(&finished, &fs, komi, ScoringRules::Japanese).white_margin()
        })
    });
}

fn evaluation(c: &mut Criterion) {
    let (board, komi) = midgame();
    let mut g = c.benchmark_group("midgame 19x19");
    for rules in [InfluenceRules::WULU, InfluenceRules::HANDTALK] {
        g.bench_function(format!("influence/{rules}"), |b| {
            b.iter(|| Influence::new(black_box(&board), rules))
        });
        g.bench_function(format!("influence+estimate/{rules}"), |b| {
            b.iter(|| Estimate::new(black_box(&board), komi, rules).white_margin())
        });
    }
    g.finish();
}

/// Influence, blocks and danger of every block, from scratch: the reader's caches are cleared
/// before each evaluation so no reading answer carries over.
fn full_static_evaluation(c: &mut Criterion) {
    let (board, komi) = midgame();
    let mut scratch = board.clone();
    let mut reader = Reader::new(ReadingOptions {
        hash_mb: 1,
        ..ReadingOptions::default()
    });
    reader.set_patterns(&CompiledPatterns);
    let opts = BlockOptions::default();
    c.bench_function(
        "midgame 19x19/full static evaluation (influence+blocks+danger)",
        |b| {
            b.iter(|| {
                reader.clear_cache();
                let estimate = Estimate::new(black_box(&board), komi, InfluenceRules::HANDTALK);
                let blocks = Blocks::new(&mut scratch, &mut reader, &CompiledPatterns, &opts);
                let danger: f32 = blocks.blocks().iter().map(|b| b.danger.moku).sum();
                (estimate.white_margin(), danger)
            })
        },
    );
    // The same with the reader's answers kept from the previous evaluation, as in a game
    // where the position changes little between evaluations.
    c.bench_function("midgame 19x19/full static evaluation, warm reader", |b| {
        b.iter(|| {
            let estimate = Estimate::new(black_box(&board), komi, InfluenceRules::HANDTALK);
            let blocks = Blocks::new(&mut scratch, &mut reader, &CompiledPatterns, &opts);
            let danger: f32 = blocks.blocks().iter().map(|b| b.danger.moku).sum();
            (estimate.white_margin(), danger)
        })
    });
}

fn parts(c: &mut Criterion) {
    let (board, _) = midgame();
    let mut scratch = board.clone();
    let mut reader = Reader::new(ReadingOptions {
        hash_mb: 1,
        ..ReadingOptions::default()
    });
    reader.set_patterns(&CompiledPatterns);
    c.bench_function("midgame 19x19/dragons", |b| {
        b.iter(|| {
            reader.clear_cache();
            tesuji::engine::eval::dragon::Dragons::new(&mut scratch, &mut reader, &CompiledPatterns)
                .dragons()
                .len()
        })
    });
    c.bench_function("midgame 19x19/eye spaces", |b| {
        b.iter(|| tesuji::engine::eval::eyes::eye_spaces(&board, Color::Black).len())
    });
    c.bench_function("midgame 19x19/unconditional life", |b| {
        b.iter(|| {
            tesuji::engine::eval::unconditional::unconditional_life(&board, Color::Black)
                .is_invincible(Point::NONE)
        })
    });
}

criterion_group!(
    benches,
    evaluation,
    scoring_and_safety,
    full_static_evaluation,
    parts
);
criterion_main!(benches);
