//! Board speed: uniform random playouts per second for tesuji and for the `go_game_board`
//! crate (a Rust port of libEGo) under the same policy, and make/unmake pairs per second.
//!
//! Run with `cargo bench --bench board`; criterion prints playouts/s (or moves/s) as
//! "thrpt". The policy, for both boards: the side to move picks uniformly among its legal
//! moves (simple ko) that do not fill its own one-point eye (same eye test for both), passes
//! when there is none, and the playout ends after two passes in a row or at 3 x points
//! moves. Each playout starts from a copy of the empty board and is scored by area.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_game_board as gg;
use std::hint::black_box;
use tesuji_engine::board::playout::{Playout, Rng};
use tesuji_engine::board::{Board, Color, Point};

/// The same sampling as `tesuji_engine::board::playout` (a few draws with replacement, then an
/// exhaustive draw without replacement from a reused copy), over go_game_board's board.
struct GgPlayout {
    rng: Rng,
    candidates: Vec<gg::Vertex>,
}

impl GgPlayout {
    fn new(seed: u64) -> GgPlayout {
        GgPlayout {
            rng: Rng::new(seed),
            candidates: Vec::with_capacity(19 * 19),
        }
    }

    /// tesuji's `Board::is_eye`, on go_game_board: all four neighbours own or off-board,
    /// and fewer than two enemy diagonals (none at the edge).
    #[inline]
    fn is_eye(b: &gg::Board, v: gg::Vertex, pl: gg::Player) -> bool {
        let own = gg::Color::from(pl);
        for n in [v.up(), v.left(), v.right(), v.down()] {
            let c = b.color_at(n);
            if c != own && c != gg::Color::OffBoard {
                return false;
            }
        }
        let opp = gg::Color::from(pl.opponent());
        let (mut enemy, mut border) = (0, 0);
        for d in [
            v.up().left(),
            v.up().right(),
            v.down().left(),
            v.down().right(),
        ] {
            let c = b.color_at(d);
            if c == opp {
                enemy += 1;
            } else if c == gg::Color::OffBoard {
                border += 1;
            }
        }
        if border > 0 { enemy == 0 } else { enemy < 2 }
    }

    #[inline]
    fn acceptable(b: &gg::Board, v: gg::Vertex, pl: gg::Player) -> bool {
        !Self::is_eye(b, v, pl) && b.is_legal(pl, v)
    }

    fn choose_move(&mut self, b: &gg::Board, pl: gg::Player) -> gg::Vertex {
        let n = b.empty_vertex_count();
        if n == 0 {
            return gg::Vertex::pass();
        }
        for _ in 0..4 {
            let v = b.empty_vertex(self.rng.below(n));
            if Self::acceptable(b, v, pl) {
                return v;
            }
        }
        self.candidates.clear();
        self.candidates.extend((0..n).map(|i| b.empty_vertex(i)));
        let mut live = n;
        while live > 0 {
            let i = self.rng.below(live);
            let v = self.candidates[i];
            if Self::acceptable(b, v, pl) {
                return v;
            }
            live -= 1;
            self.candidates.swap(i, live);
        }
        gg::Vertex::pass()
    }

    /// One playout; returns (score for Black without komi, moves).
    fn run(&mut self, b: &mut gg::Board, size: usize) -> (i32, usize) {
        let cap = 3 * size * size;
        let mut moves = 0;
        let mut pl = b.act_player();
        while !b.both_player_pass() && moves < cap {
            let v = self.choose_move(b, pl);
            b.play_legal(pl, v);
            moves += 1;
            pl = pl.opponent();
        }
        (b.playout_score(), moves)
    }
}

fn gg_vertex(p: Point) -> gg::Vertex {
    let (x, y) = p.xy();
    gg::Vertex::from_coords(y as isize, x as isize)
}

/// Average moves per playout for both boards (a check that the policies match).
fn report_lengths(size: usize) {
    const N: usize = 2000;
    let start = Board::new(size).unwrap();
    let mut runner = Playout::new(1);
    let mut b = start.clone();
    let mut total = 0;
    for _ in 0..N {
        b.clone_from(&start);
        total += runner.run(&mut b, Color::Black).moves;
    }
    let gstart = gg::Board::with_size(size, size);
    let mut grunner = GgPlayout::new(1);
    let mut gb = gstart.clone();
    let mut gtotal = 0;
    for _ in 0..N {
        gb.load(&gstart);
        gtotal += grunner.run(&mut gb, size).1;
    }
    eprintln!(
        "{size}x{size}: average playout length: tesuji {:.1} moves, go_game_board {:.1} moves",
        total as f64 / N as f64,
        gtotal as f64 / N as f64
    );
}

fn playouts(c: &mut Criterion) {
    for size in [9usize, 19] {
        report_lengths(size);
        let mut group = c.benchmark_group(format!("playout_{size}x{size}"));
        group.throughput(Throughput::Elements(1));

        let start = Board::new(size).unwrap();
        let mut board = start.clone();
        let mut runner = Playout::new(0x5eed);
        group.bench_function("tesuji", |bench| {
            bench.iter(|| {
                board.clone_from(&start);
                black_box(runner.run(&mut board, Color::Black))
            })
        });

        let gstart = gg::Board::with_size(size, size);
        let mut gboard = gstart.clone();
        let mut grunner = GgPlayout::new(0x5eed);
        group.bench_function("go_game_board", |bench| {
            bench.iter(|| {
                gboard.load(&gstart);
                black_box(grunner.run(&mut gboard, size))
            })
        });
        group.finish();
    }
}

/// A 19x19 position after `n` playout-policy moves, and the moves that led to it.
fn midgame(n: usize) -> (Board, Vec<Point>) {
    let mut b = Board::new(19).unwrap();
    let mut runner = Playout::new(2024);
    let mut moves = Vec::new();
    let mut color = Color::Black;
    while moves.len() < n {
        let p = runner
            .choose_move(&b, color)
            .expect("a move in the middle game");
        b.play_unchecked(p, color);
        moves.push(p);
        color = color.opponent();
    }
    b.clear_history();
    (b, moves)
}

fn make_unmake(c: &mut Criterion) {
    // 150 stones on the board, Black to play.
    let (mut board, history) = midgame(150);
    let color = Color::Black;
    let legal: Vec<Point> = board
        .empty_points()
        .iter()
        .copied()
        .filter(|&p| board.is_legal_simple(p, color))
        .collect();

    let mut group = c.benchmark_group("make_unmake_19x19");
    group.throughput(Throughput::Elements(legal.len() as u64));
    group.bench_function("tesuji_play_undo", |bench| {
        bench.iter(|| {
            for &p in &legal {
                board.play_unchecked(p, color);
                black_box(board.hash());
                board.undo();
            }
        })
    });

    // go_game_board has no undo: the copy-based equivalent is a board copy plus the move.
    let mut gstart = gg::Board::with_size(19, 19);
    let mut pl = gg::Player::Black;
    for &p in &history {
        gstart.play_legal(pl, gg_vertex(p));
        pl = pl.opponent();
    }
    let glegal: Vec<gg::Vertex> = legal.iter().map(|&p| gg_vertex(p)).collect();
    assert!(glegal.iter().all(|&v| gstart.is_legal(pl, v)));
    let mut gboard = gstart.clone();
    group.bench_function("go_game_board_copy_play", |bench| {
        bench.iter(|| {
            for &v in &glegal {
                gboard.load(&gstart);
                gboard.play_legal(pl, v);
                black_box(gboard.positional_hash());
            }
        })
    });
    let mut copy = board.clone();
    group.bench_function("tesuji_copy_play", |bench| {
        bench.iter(|| {
            for &p in &legal {
                copy.clone_from(&board);
                copy.play_unchecked(p, color);
                black_box(copy.hash());
            }
        })
    });
    group.finish();
}

/// The Monte Carlo tree search and the heavy playout policy: playouts per second of a whole
/// search (selection, expansion, heavy playout, back-up with AMAF) from an opening position
/// with every legal point a root candidate, one thread; and heavy playouts alone from the
/// empty board. The tree nodes a search creates are printed once per size (nodes/s is that
/// count times the search's rate divided by its playouts).
fn search(c: &mut Criterion) {
    use tesuji::patterns::CompiledPatterns;
    use tesuji_engine::play::movegen::ValuedMove;
    use tesuji_engine::play::movegen::mcts::{SearchSettings, search};
    use tesuji_engine::play::playout::{HeavyPlayout, PlayoutShapes};
    for size in [9usize, 19] {
        let mut group = c.benchmark_group(format!("search_{size}x{size}"));
        let mut start = Board::new(size).unwrap();
        let hoshi = if size == 9 { 2 } else { 3 };
        let far = size - 1 - hoshi;
        start.play_unchecked(Point::from_xy(hoshi, hoshi), Color::Black);
        start.play_unchecked(Point::from_xy(far, far), Color::White);
        let candidates: Vec<ValuedMove> = start
            .empty_points()
            .iter()
            .map(|&p| ValuedMove {
                point: p,
                value: 0.0,
                reasons: 0,
            })
            .collect();
        let playouts = if size == 9 { 2000 } else { 1500 };
        let settings = SearchSettings {
            playouts,
            komi: 7.0,
            seed: 7,
            with_pass: true,
            deadline: None,
            threads: 1,
            predictor: None,
            root_model_share: 2.0 / 3.0,
            model_prior_wins: 0.0,
            root_rave_equivalence: tesuji_engine::play::movegen::mcts::RAVE_EQUIVALENCE,
            root_virtual_wins: false,
            opening: false,
            shapes: PlayoutShapes::cached(&CompiledPatterns),
            territory: false,
            score_share: 0.0,
            last_good_replies: false,
            urgent_dragons: false,
        };
        let probe = search(&mut start.clone(), Color::Black, &candidates, &settings);
        println!(
            "search {size}x{size}: {} playouts made {} tree nodes",
            probe.playouts, probe.nodes
        );
        group.throughput(Throughput::Elements(playouts as u64));
        group.sample_size(10);
        group.bench_function("tree_search_playouts", |bench| {
            let mut b = start.clone();
            bench.iter(|| black_box(search(&mut b, Color::Black, &candidates, &settings)))
        });
        group.throughput(Throughput::Elements(1));
        group.sample_size(20);
        let empty = Board::new(size).unwrap();
        let mut board = empty.clone();
        let mut heavy = HeavyPlayout::new(0x5eed, PlayoutShapes::cached(&CompiledPatterns));
        group.bench_function("heavy_playout", |bench| {
            bench.iter(|| {
                board.clone_from(&empty);
                black_box(heavy.run(&mut board, Color::Black))
            })
        });
        group.finish();
    }
}

criterion_group!(benches, playouts, make_unmake, search);
criterion_main!(benches);
