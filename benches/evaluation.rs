//! Static evaluation speed: the influence function (Wulu's degrees alone, and with Handtalk's
//! rules) and the territory / moyo / score estimate on a mid-game 19×19 position
//! (`tests/data/midgame.sgf`), per evaluation.
//!
//!     cargo bench --bench evaluation

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tesuji::engine::board::Board;
use tesuji::engine::influence::{Estimate, Influence, InfluenceRules};
use tesuji::engine::sgf::{self, Until};

fn midgame() -> (Board, f32) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/midgame.sgf");
    let text = sgf::read_file(path).expect("tests/data/midgame.sgf");
    let game = sgf::load(&text, Until::End, 7.5).expect("midgame.sgf loads");
    (game.board().clone(), game.komi())
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

criterion_group!(benches, evaluation);
criterion_main!(benches);
