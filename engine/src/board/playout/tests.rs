use super::*;
use crate::board::Move;
use crate::test_util::along_playouts;

#[test]
fn rng_is_deterministic_and_in_range() {
    let mut a = Rng::new(7);
    let mut b = Rng::new(7);
    for n in 1..1000 {
        let x = a.below(n);
        assert_eq!(x, b.below(n));
        assert!(x < n);
    }
    assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
}

#[test]
fn rng_is_roughly_uniform() {
    let mut r = Rng::new(3);
    let mut counts = [0u32; 10];
    for _ in 0..100_000 {
        counts[r.below(10)] += 1;
    }
    for c in counts {
        assert!((9_000..11_000).contains(&c), "{counts:?}");
    }
}

#[test]
fn playouts_terminate_and_leave_a_valid_board() {
    for size in [2, 3, 5, 9, 13, 19, 25] {
        let mut runner = Playout::new(size as u64);
        for _ in 0..8 {
            let mut b = Board::new(size).unwrap();
            let r = runner.run(&mut b, Color::Black);
            b.validate().unwrap();
            assert!(r.moves <= 3 * size * size);
            assert_eq!(b.move_count(), r.moves);
            let points = (size * size) as u32;
            assert!(r.score.black + r.score.white <= points);
            if !r.capped {
                // Two passes: neither side had an acceptable move.
                let (Some((c1, Move::Pass)), true) = (b.last_move(), r.moves >= 2) else {
                    panic!("playout did not end with passes");
                };
                for &p in b.empty_points() {
                    assert!(
                        !Playout::acceptable(&b, p, c1),
                        "{c1:?} passed with a move at {p:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn finished_playouts_score_almost_everything() {
    // On an empty 9x9 the final position is all stones and one-point eyes: only seki
    // points stay neutral.
    let mut runner = Playout::new(11);
    for _ in 0..50 {
        let mut b = Board::new(9).unwrap();
        let r = runner.run(&mut b, Color::Black);
        assert!(!r.capped);
        assert!(r.score.black + r.score.white >= 70, "{:?}\n{b:?}", r.score);
    }
}

#[test]
fn playouts_are_deterministic_for_a_seed() {
    for size in [9, 19] {
        let mut a = Playout::new(42);
        let mut b = Playout::new(42);
        for _ in 0..5 {
            let mut ba = Board::new(size).unwrap();
            let mut bb = Board::new(size).unwrap();
            let ra = a.run(&mut ba, Color::White);
            let rb = b.run(&mut bb, Color::White);
            assert_eq!(ra, rb);
            assert_eq!(ba.hash(), bb.hash());
            assert!(ba.moves().eq(bb.moves()));
        }
    }
    let mut b1 = Board::new(9).unwrap();
    let mut b2 = Board::new(9).unwrap();
    Playout::new(1).run(&mut b1, Color::Black);
    Playout::new(2).run(&mut b2, Color::Black);
    assert_ne!(b1.hash(), b2.hash(), "different seeds, different games");
}

#[test]
fn playout_then_undo_restores_the_start() {
    let mut b = Board::new(9).unwrap();
    let mut runner = Playout::new(5);
    // A few opening moves, then a playout from there.
    for _ in 0..6 {
        let p = runner.choose_move(&b, Color::Black).unwrap();
        b.play_unchecked(p, Color::Black);
        let p = runner.choose_move(&b, Color::White).unwrap();
        b.play_unchecked(p, Color::White);
    }
    let start = (b.to_ascii(), b.hash(), b.move_count());
    let r = runner.run(&mut b, Color::Black);
    for _ in 0..r.moves {
        assert!(b.undo());
    }
    b.validate().unwrap();
    assert_eq!((b.to_ascii(), b.hash(), b.move_count()), start);
}

#[test]
fn self_atari_read_from_neighbours_agrees_with_playing_the_move() {
    // Positions along random playouts on several sizes: every legal move of either colour,
    // for lone stones and for strings.
    let mut checked = 0;
    let mut found = 0;
    along_playouts(&[5, 9, 13, 19], 6, 3, 99, |b| {
        for c in [Color::Black, Color::White] {
            for k in 0..b.empty_points().len() {
                let p = b.empty_points()[k];
                if !b.is_legal_simple(p, c) {
                    continue;
                }
                for min_stones in [1, 2] {
                    let fast = self_atari(b, p, c, min_stones);
                    let slow = self_atari_by_playing(b, p, c, min_stones);
                    assert_eq!(
                        fast,
                        slow,
                        "{c:?} at {p:?}, min {min_stones}\n{}",
                        b.to_ascii()
                    );
                    checked += 1;
                    found += usize::from(slow);
                }
            }
        }
    });
    assert!(found > 1000 && checked > 100_000, "{found} of {checked}");
}
