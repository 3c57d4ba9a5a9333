use super::*;
use crate::test_util::{pt, random_moves};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Builds a board from rows drawn top first: `X` black, `O` white, `.` empty.
fn diagram(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len()).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.split_whitespace().enumerate() {
            let p = Point::from_xy(x, y);
            match ch {
                "X" => b.add_stone(p, Color::Black).unwrap(),
                "O" => b.add_stone(p, Color::White).unwrap(),
                "." => {}
                other => panic!("bad diagram cell {other}"),
            }
        }
    }
    b.clear_history();
    b.validate().unwrap();
    b
}

fn play(b: &mut Board, c: Color, v: &str) {
    let p = pt(b, v);
    b.play(Move::Play(p), c).unwrap();
    b.validate().unwrap();
}

#[test]
fn corner_capture_and_undo() {
    let mut b = diagram(&[". . . .", ". . . .", ". . . .", "X O . ."]);
    let a1 = pt(&b, "A1");
    assert_eq!(b.libs(a1), 1);
    let before = b.hash();
    play(&mut b, Color::White, "A2");
    assert_eq!(b.color_at(a1), None, "corner stone captured");
    assert_eq!(b.captures(Color::White), 1);
    assert_eq!(
        b.libs(pt(&b, "A2")),
        3,
        "A1 became a liberty of the capturer"
    );
    assert_eq!(b.libs(pt(&b, "B1")), 3);
    assert!(b.undo());
    b.validate().unwrap();
    assert_eq!(b.color_at(a1), Some(Color::Black));
    assert_eq!(b.captures(Color::White), 0);
    assert_eq!(b.hash(), before);
}

#[test]
fn edge_capture_of_two_stones() {
    let mut b = diagram(&[
        ". . . . .",
        ". . . . .",
        ". . . . .",
        ". O O . .",
        "O X X . .",
    ]);
    assert_eq!(b.libs(pt(&b, "B1")), 1);
    play(&mut b, Color::White, "D1");
    assert_eq!(b.color_at(pt(&b, "B1")), None);
    assert_eq!(b.color_at(pt(&b, "C1")), None);
    assert_eq!(b.captures(Color::White), 2);
    assert_eq!(b.libs(pt(&b, "D1")), 3);
    assert_eq!(b.libs(pt(&b, "A1")), 2);
}

#[test]
fn one_move_captures_two_strings() {
    let mut b = diagram(&[
        ". . . . .",
        ". O . O .",
        "O X . X O",
        ". O X O .",
        ". . O . .",
    ]);
    // C3 empty: black B3 (libs C3? B3 neighbours A3 O, C3 ., B4 O, B2 O) and D3 likewise.
    // C2 black has C3 only? neighbours B2 O, D2 O, C1 O, C3 .
    assert_eq!(b.libs(pt(&b, "B3")), 1);
    assert_eq!(b.libs(pt(&b, "D3")), 1);
    assert_eq!(b.libs(pt(&b, "C2")), 1);
    play(&mut b, Color::White, "C3");
    for v in ["B3", "D3", "C2"] {
        assert_eq!(b.color_at(pt(&b, v)), None, "{v} captured");
    }
    assert_eq!(b.captures(Color::White), 3);
    // The three strings' stones, each once; a short buffer gets the first and the count.
    let mut taken = [Point::NONE; 8];
    assert_eq!(b.last_captured(&mut taken), 3);
    let mut got: Vec<Point> = taken[..3].to_vec();
    got.sort_by_key(|p| p.index());
    let mut want: Vec<Point> = ["B3", "D3", "C2"].iter().map(|v| pt(&b, v)).collect();
    want.sort_by_key(|p| p.index());
    assert_eq!(got, want);
    let mut one = [Point::NONE; 1];
    assert_eq!(b.last_captured(&mut one), 3);
    assert!(want.contains(&one[0]));
    b.undo();
    b.validate().unwrap();
    assert_eq!(b.libs(pt(&b, "C2")), 1);
    // Undone: no last move, nothing captured.
    assert_eq!(b.last_captured(&mut taken), 0);
}

#[test]
fn suicide_is_illegal_but_capture_is_not() {
    let mut b = diagram(&[". X .", "X . X", ". X ."]);
    let center = pt(&b, "B2");
    assert_eq!(
        b.play(Move::Play(center), Color::White),
        Err(IllegalMove::Suicide)
    );
    b.validate().unwrap();
    assert_eq!(b.move_count(), 0, "a refused move leaves no record");
    // Multi-stone suicide: white A3 joins B3 and A2, whose only liberty is A3.
    let mut b = diagram(&[". O X", "O X .", "X . ."]);
    assert_eq!(
        b.play(Move::Play(pt(&b, "A3")), Color::White),
        Err(IllegalMove::Suicide)
    );
    // A move with no empty neighbour is legal when it captures: black A3 takes B3.
    let mut b = diagram(&[". O X", "O X .", ". . ."]);
    play(&mut b, Color::Black, "A3");
    assert_eq!(b.color_at(pt(&b, "B3")), None);
    assert_eq!(b.libs(pt(&b, "A3")), 1);
    assert_eq!(b.color_at(pt(&b, "A2")), Some(Color::White), "A2 keeps A1");
    assert_eq!(
        b.check_legal(Move::Play(pt(&b, "B2")), Color::White),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(
        b.check_legal(Move::Play(Point::from_xy(3, 0)), Color::White),
        Err(IllegalMove::OffBoard)
    );
}

#[test]
fn simple_ko_forbids_immediate_recapture() {
    let mut b = diagram(&[
        ". X O . .",
        "X . X O .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    play(&mut b, Color::White, "B4");
    let c4 = pt(&b, "C4");
    assert_eq!(b.color_at(c4), None, "white took the ko stone");
    assert_eq!(b.ko_point(), Some((c4, Color::Black)));
    assert_eq!(b.play(Move::Play(c4), Color::Black), Err(IllegalMove::Ko));
    // A threat elsewhere lifts the ban for black's next move.
    play(&mut b, Color::Black, "E1");
    play(&mut b, Color::White, "D1");
    assert!(b.is_legal(Move::Play(c4), Color::Black));
    play(&mut b, Color::Black, "C4");
    assert_eq!(b.color_at(pt(&b, "B4")), None);
    // Undo restores the ko ban of the earlier position exactly.
    b.undo();
    b.undo();
    b.undo();
    assert_eq!(b.ko_point(), Some((c4, Color::Black)));
}

#[test]
fn snapback_is_not_ko() {
    // White throws in at B1... set up a classic snapback: black captures one stone and is
    // recaptured as two stones.
    let mut b = diagram(&[
        ". . . . .",
        ". . . . .",
        "O O O . .",
        "X X O . .",
        ". X O . .",
    ]);
    // White plays A1 (throw-in) in atari; black captures at... A1 neighbours: A2 X, B1 X.
    // White A1 has 0 liberties but captures? A2/B2/B1 black string libs: A1 only → capture.
    play(&mut b, Color::White, "A1");
    assert_eq!(b.color_at(pt(&b, "A2")), None, "black string captured");
    assert_eq!(b.captures(Color::White), 3);
    assert_eq!(b.ko_point(), None);
}

#[test]
fn snapback_recapture_of_more_than_one_stone() {
    let mut b = diagram(&[
        ". . . . .",
        "O O O O .",
        "X X X O .",
        "X . X O .",
        "X X O . .",
    ]);
    // White throws in at B2: black takes with... B2 white stone: neighbours A2 X, C2 X, B3 X, B1 X.
    // White B2 would be suicide unless it captures: black group libs = B2 only?
    let libs = b.libs(pt(&b, "A3"));
    assert_eq!(libs, 1);
    play(&mut b, Color::White, "B2");
    assert_eq!(b.captures(Color::White), 7);
    assert_eq!(b.ko_point(), None, "a capture of seven stones is not a ko");
}

#[test]
fn throw_in_then_snapback() {
    let mut b = diagram(&[
        ". . . . .",
        ". . . . .",
        "O O O O .",
        "X X X O .",
        ". . X O .",
    ]);
    // Black A2-C2-C1 has A1 and B1: white throws in at B1 (atari), black takes at A1 and is
    // left in atari again, white retakes at B1.
    play(&mut b, Color::White, "B1");
    play(&mut b, Color::Black, "A1");
    assert_eq!(b.color_at(pt(&b, "B1")), None, "throw-in stone taken");
    assert_eq!(
        b.ko_point(),
        None,
        "black's capturing stone joined a string: no ko"
    );
    play(&mut b, Color::White, "B1");
    assert_eq!(
        b.color_at(pt(&b, "A2")),
        None,
        "snapback takes the whole string"
    );
    assert_eq!(b.captures(Color::White), 5);
    assert_eq!(b.captures(Color::Black), 1);
}

#[test]
fn superko_forbids_recreating_an_earlier_position() {
    // Ko: black captures at B2 then passes/white passes; white's recapture would recreate
    // the position before black's capture.
    let mut b = diagram(&[". X O .", "X O . O", ". X O .", ". . . ."]);
    b.set_ko_rule(KoRule::PositionalSuperko);
    let c3 = pt(&b, "C3");
    play(&mut b, Color::Black, "C3"); // takes B3
    assert_eq!(b.color_at(pt(&b, "B3")), None);
    b.play(Move::Pass, Color::White).unwrap();
    b.play(Move::Pass, Color::Black).unwrap();
    // Simple ko is lifted by the passes...
    let b3 = pt(&b, "B3");
    assert!(b.is_legal_simple(b3, Color::White));
    // ...but white's retake recreates the initial position.
    assert_eq!(
        b.play(Move::Play(b3), Color::White),
        Err(IllegalMove::Superko)
    );
    b.set_ko_rule(KoRule::Simple);
    assert!(b.is_legal(Move::Play(b3), Color::White));
    let _ = c3;
}

#[test]
fn eyes() {
    let b = diagram(&[". X .", "X . X", ". X ."]);
    assert!(b.is_eye(pt(&b, "B2"), Color::Black));
    assert!(!b.is_eye(pt(&b, "B2"), Color::White));
    assert!(b.is_eye(pt(&b, "A1"), Color::Black), "corner eye");
    let b = diagram(&[". X .", "X O .", ". . ."]);
    assert!(
        !b.is_eye(pt(&b, "A3"), Color::Black),
        "corner eye with an enemy diagonal is false"
    );
    let b = diagram(&[". X . X", "X . X .", "O X O .", ". . . ."]);
    assert!(
        !b.is_eye(pt(&b, "B3"), Color::Black),
        "two enemy diagonals make it false"
    );
    let b = diagram(&[". X . X", "X . X .", ". X O .", ". . . ."]);
    assert!(
        b.is_eye(pt(&b, "B3"), Color::Black),
        "one enemy diagonal in the centre is fine"
    );
}

#[test]
fn area_score_counts_stones_and_surrounded_empties() {
    let b = diagram(&[". X O .", ". X O .", ". X O .", ". X O ."]);
    let s = b.area_score();
    assert_eq!(s, AreaScore { black: 8, white: 8 });
    assert_eq!(s.result_string(0.5), "W+0.5");
    let b = diagram(&[". X . .", ". X . .", ". X O .", ". X . ."]);
    assert_eq!(b.area_score(), AreaScore { black: 8, white: 1 });
}

/// [`Board::area_score`] a point at a time, as it was counted before it read eight cells a
/// step: the reference the word-wise count must agree with.
fn area_score_point_by_point(board: &Board) -> AreaScore {
    let (mut black, mut white) = (0u32, 0u32);
    let mut seen = [false; NUM_CELLS];
    let mut stack = [Point::NONE; MAX_SIZE * MAX_SIZE];
    for p in board.points() {
        let c = board.cell(p) as u8;
        let [a, b, d, e] = p.neighbors().map(|n| board.cell(n) as u8);
        let around = a & b & d & e;
        let lone = u32::from(c == 0);
        black += u32::from(c == 1) + (lone & u32::from(around & 1));
        white += u32::from(c == 2) + (lone & u32::from(around >> 1 & 1));
        if c != 0 || (a != 0 && b != 0 && d != 0 && e != 0) || seen[p.index()] {
            continue;
        }
        let mut touches = 0u8;
        let size = flood_empty_region(board, p, &mut seen, &mut stack, |n| {
            touches |= board.cell(n) as u8 & 3;
        });
        match touches {
            1 => black += size,
            2 => white += size,
            _ => {}
        }
    }
    AreaScore { black, white }
}

#[test]
fn area_score_agrees_with_a_count_point_by_point_on_every_size() {
    let sizes: Vec<usize> = (MIN_SIZE..=MAX_SIZE).collect();
    let mut positions = 0;
    crate::test_util::along_playouts(&sizes, 2, 2, 29, |b| {
        assert_eq!(b.area_score(), area_score_point_by_point(b), "{b:?}");
        positions += 1;
    });
    assert!(positions > 10_000);
}

#[test]
fn vertices_round_trip() {
    for size in [2usize, 9, 19, 25] {
        for y in 0..size {
            for x in 0..size {
                let p = Point::from_xy(x, y);
                let s = Vertex::format_move(Move::Play(p), size);
                assert_eq!(Vertex::parse_move(&s, size), Ok(Move::Play(p)));
                assert_eq!(
                    Vertex::parse_move(&s.to_lowercase(), size),
                    Ok(Move::Play(p))
                );
            }
        }
    }
    assert!(Vertex::parse_move("I5", 19).is_err());
    assert!(Vertex::parse_move("T20", 19).is_err());
    assert!(Vertex::parse_move("Z1", 25).is_ok());
    assert!(Vertex::parse_move("A0", 9).is_err());
    assert!(Vertex::parse_move("5", 9).is_err());
    assert_eq!(Vertex::parse_move("PASS", 9), Ok(Move::Pass));
}

#[test]
fn sizes() {
    assert!(Board::new(0).is_err());
    assert!(Board::new(26).is_err());
    for n in 1..=25 {
        let b = Board::new(n).unwrap();
        assert_eq!(b.empty_points().len(), n * n);
        b.validate().unwrap();
    }
}

/// Plays a random legal game, checking each move against a from-scratch recount, then
/// unwinds it and checks every intermediate position is restored exactly.
fn random_game_round_trip(size: usize, seed: u64, moves: usize) -> Result<(), String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut b = Board::new(size).unwrap();
    let mut snapshots = vec![(
        b.to_ascii(),
        b.hash(),
        b.captures(Color::Black),
        b.captures(Color::White),
    )];
    let mut color = Color::Black;
    for _ in 0..moves {
        let empties = b.empty_points().to_vec();
        let legal: Vec<Point> = empties
            .into_iter()
            .filter(|&p| b.is_legal_simple(p, color))
            .collect();
        if legal.is_empty() || rng.random_bool(0.02) {
            b.pass(color);
        } else {
            let p = legal[rng.random_range(0..legal.len())];
            b.play_unchecked(p, color);
        }
        b.validate()?;
        snapshots.push((
            b.to_ascii(),
            b.hash(),
            b.captures(Color::Black),
            b.captures(Color::White),
        ));
        color = color.opponent();
    }
    snapshots.pop();
    while let Some(want) = snapshots.pop() {
        if !b.undo() {
            return Err("undo ran out".into());
        }
        b.validate()?;
        let got = (
            b.to_ascii(),
            b.hash(),
            b.captures(Color::Black),
            b.captures(Color::White),
        );
        if got != want {
            return Err(format!(
                "undo did not restore:\n{}\nwant\n{}",
                got.0, want.0
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn make_unmake_restores_everything(size in 2usize..=13, seed in any::<u64>()) {
        let moves = size * size * 3;
        prop_assert_eq!(random_game_round_trip(size, seed, moves), Ok(()));
    }
}

#[test]
fn make_unmake_restores_everything_19x19() {
    for seed in 0..4 {
        random_game_round_trip(19, seed, 600).unwrap();
    }
    random_game_round_trip(25, 99, 900).unwrap();
}

fn same_position(a: &Board, b: &Board) -> bool {
    a.to_ascii() == b.to_ascii()
        && a.hash() == b.hash()
        && a.captures(Color::Black) == b.captures(Color::Black)
        && a.captures(Color::White) == b.captures(Color::White)
        && a.ko_point() == b.ko_point()
        && a.moves().eq(b.moves())
}

#[test]
fn clone_from_takes_position_and_history() {
    let mut rng = SmallRng::seed_from_u64(5);
    for (src_size, dst_size) in [(9, 9), (9, 19), (19, 9), (13, 13)] {
        let mut src = Board::new(src_size).unwrap();
        let mut dst = Board::new(dst_size).unwrap();
        random_moves(&mut src, &mut rng, src_size * src_size);
        random_moves(&mut dst, &mut rng, dst_size * dst_size * 2);
        dst.clone_from(&src);
        dst.validate().unwrap();
        assert!(same_position(&dst, &src));
        // The copy carries everything undo needs: unwind both in step.
        let mut fresh = src.clone();
        while src.undo() {
            assert!(dst.undo());
            assert!(fresh.undo());
            dst.validate().unwrap();
            assert!(same_position(&dst, &src));
            assert!(same_position(&fresh, &src));
        }
        assert!(!dst.undo());
        // And it plays on like the original.
        random_moves(&mut dst, &mut SmallRng::seed_from_u64(9), 40);
        random_moves(&mut src, &mut SmallRng::seed_from_u64(9), 40);
        dst.validate().unwrap();
        assert!(same_position(&dst, &src));
    }
}

#[test]
fn merges_of_several_strings_undo_exactly() {
    // E5 joins four black strings; each had liberties elsewhere, some shared.
    let mut b = diagram(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . . X . . . .",
        ". . X X . X X . .",
        ". . . . X . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let before = (b.to_ascii(), b.hash());
    play(&mut b, Color::Black, "E5");
    assert_eq!(b.string_size(pt(&b, "E5")), 9);
    assert_eq!(b.libs(pt(&b, "E5")), 16);
    play(&mut b, Color::White, "D4");
    assert_eq!(b.libs(pt(&b, "E5")), 15);
    play(&mut b, Color::Black, "D6");
    assert_eq!(b.libs(pt(&b, "E5")), 14, "D6 fills one, brings none new");
    for _ in 0..3 {
        assert!(b.undo());
        b.validate().unwrap();
    }
    assert_eq!((b.to_ascii(), b.hash()), before);
    assert_eq!(b.libs(pt(&b, "C5")), 6);
}

#[test]
fn each_diagonal_comes_with_the_two_points_it_is_cut_through() {
    for p in [
        Point::from_xy(0, 0),
        Point::from_xy(4, 7),
        Point::from_xy(18, 18),
    ] {
        let crossings = p.diagonals_with_crossings();
        let diagonals: Vec<Point> = crossings.iter().map(|c| c.0).collect();
        assert_eq!(diagonals, p.diagonals().to_vec());
        for (d, x, y) in crossings {
            assert_ne!(x, y);
            for c in [x, y] {
                assert!(p.neighbors().contains(&c), "{c:?} beside {p:?}");
                assert!(d.neighbors().contains(&c), "{c:?} beside {d:?}");
            }
        }
    }
}

#[test]
fn add_stone_never_leaves_a_string_without_liberties() {
    let mut b = Board::new(9).unwrap();
    let p = |x, y| Point::from_xy(x, y);
    b.add_stone(p(0, 0), Color::White).unwrap();
    b.add_stone(p(1, 0), Color::Black).unwrap();
    let hash = b.hash();
    // Black at A8 would leave the white corner stone without a liberty.
    assert_eq!(
        b.add_stone(p(0, 1), Color::Black),
        Err(IllegalMove::NoLiberties)
    );
    assert_eq!(b.color_at(p(0, 1)), None, "the refused stone is taken back");
    assert_eq!(b.hash(), hash);
    assert_eq!(b.libs(p(0, 0)), 1);
    // A stone with no liberty of its own: Black at J9 between White's H9 and J8.
    b.add_stone(p(7, 0), Color::White).unwrap();
    b.add_stone(p(8, 1), Color::White).unwrap();
    assert_eq!(
        b.add_stone(p(8, 0), Color::Black),
        Err(IllegalMove::NoLiberties)
    );
    assert_eq!(b.color_at(p(8, 0)), None);
    b.validate().unwrap();
}

#[test]
fn in_atari_and_first_liberties_agree_with_the_liberty_sets() {
    // Every point, after every move of random games (captures and stale string heads of
    // emptied points included).
    let mut rng = SmallRng::seed_from_u64(17);
    let mut ataris = 0;
    for size in [5, 9, 19] {
        let mut b = Board::new(size).unwrap();
        for _ in 0..2 * size * size {
            random_moves(&mut b, &mut rng, 1);
            for i in 0..NUM_CELLS {
                let p = Point(i as u16);
                let stone = b.color_at(p).is_some();
                assert_eq!(
                    b.in_atari(p),
                    stone && b.libs(p) == 1,
                    "{p:?}\n{}",
                    b.to_ascii()
                );
                ataris += usize::from(b.in_atari(p));
                let all: Vec<Point> = b.liberties(p).collect();
                for k in 0..4 {
                    let mut out = vec![Point::NONE; k];
                    let n = b.first_liberties(p, &mut out);
                    assert_eq!(&out[..n], &all[..k.min(all.len())]);
                }
            }
        }
    }
    assert!(ataris > 100, "{ataris}");
}

/// [`Board::move_effect`] and what it derives, against playing the move: the new string's
/// liberties, the stones taken, the liberties of every string near the move, and GNU Go's
/// approximate liberties of a point next to the move.
#[test]
fn a_move_read_without_playing_has_the_effect_of_playing_it() {
    let (mut checked, mut captures) = (0usize, 0usize);
    crate::test_util::along_playouts(&[5, 9, 19], 4, 2, 11, |b| {
        for color in [Color::Black, Color::White] {
            for k in 0..b.empty_points().len() {
                let p = b.empty_points()[k];
                if !b.is_legal_simple(p, color) {
                    continue;
                }
                let effect = b.move_effect(p, color);
                // Strings within two points of the move, and the empty points next to it.
                let mut near: Vec<Point> = Vec::new();
                for n in p.neighbors().into_iter().filter(|&n| b.on_board(n)) {
                    for q in std::iter::once(n).chain(n.neighbors()) {
                        if b.color_at(q).is_some() && !near.contains(&b.string_id(q)) {
                            near.push(b.string_id(q));
                        }
                    }
                }
                let approx: Vec<(Point, usize)> = p
                    .neighbors()
                    .into_iter()
                    .filter(|&n| b.cell(n) == Cell::Empty)
                    .map(|n| (n, b.approx_libs_after_with(n, color.opponent(), p)))
                    .collect();
                let read_near: Vec<usize> = near
                    .iter()
                    .map(|&s| {
                        if b.color_at(s) == Some(color) && b.has_liberty(s, p) {
                            effect.libs
                        } else if b.color_at(s) == Some(color.opponent())
                            && b.libs(s) == 1
                            && b.has_liberty(s, p)
                        {
                            0
                        } else {
                            b.libs_after_effect(s, &effect)
                        }
                    })
                    .collect();
                // GNU Go's approxlib is exact for a move that takes nothing.
                let approx_here = b.approx_libs_after(p, color);
                let before = b.captures(color);
                b.play_unchecked(p, color);
                let context = || format!("{color:?} at {p:?}\n{}", b.to_ascii());
                assert_eq!(effect.libs, b.libs(p), "{}", context());
                assert_eq!(effect.captured, (b.captures(color) - before) as usize);
                for (&s, &read) in near.iter().zip(&read_near) {
                    assert_eq!(read, b.libs(s), "string {s:?}: {}", context());
                }
                if effect.captured == 0 {
                    assert_eq!(approx_here, b.libs(p), "approxlib: {}", context());
                }
                for &(n, read) in &approx {
                    // Exact when the move takes none of the other side's stones next to `n`.
                    if effect.captured == 0 {
                        assert_eq!(read, b.approx_libs_after(n, color.opponent()));
                    }
                }
                b.undo();
                checked += 1;
                captures += usize::from(effect.captured > 0);
            }
        }
    });
    assert!(
        checked > 50_000 && captures > 500,
        "{checked} moves, {captures} captures"
    );
}

/// [`Board::libs_after`], read without playing, against playing the move: the new string's
/// liberties with captures counted, and 0 for every move `try_play` refuses (an occupied
/// point, suicide, the ko point).
#[test]
fn liberties_after_a_move_are_those_of_playing_it() {
    let (mut legal, mut refused, mut ko_refused) = (0usize, 0usize, 0usize);
    crate::test_util::along_playouts(&[5, 9, 19], 4, 2, 7, |b| {
        let points: Vec<Point> = b.points().collect();
        for color in [Color::Black, Color::White] {
            for &p in &points {
                let read = b.libs_after(p, color);
                let ko = b.ko_point() == Some((p, color));
                if b.try_play(p, color) {
                    assert_eq!(read, b.libs(p), "{color:?} at {p:?}\n{}", b.to_ascii());
                    b.undo();
                    legal += 1;
                } else {
                    assert_eq!(read, 0, "{color:?} at {p:?} is refused\n{}", b.to_ascii());
                    refused += 1;
                    ko_refused += usize::from(ko);
                }
            }
        }
    });
    assert!(
        legal > 20_000 && refused > 20_000 && ko_refused > 0,
        "{legal} legal, {refused} refused, {ko_refused} at the ko point"
    );
}

/// [`Board::shared_liberties`] (an intersection of liberty sets) against counting one
/// string's liberties that are also the other's, for every pair of strings two points apart.
#[test]
fn shared_liberties_are_the_liberties_both_strings_have() {
    let (mut pairs, mut sharing) = (0usize, 0usize);
    crate::test_util::along_playouts(&[9, 19], 3, 2, 5, |b| {
        for k in 0..b.empty_points().len() {
            let l = b.empty_points()[k];
            let near: Vec<Point> = l
                .neighbors()
                .into_iter()
                .filter(|&n| b.color_at(n).is_some())
                .collect();
            for &a in &near {
                for &c in &near {
                    let counted = b.liberties(a).filter(|&x| b.has_liberty(c, x)).count();
                    assert_eq!(b.shared_liberties(a, c), counted, "{a:?} {c:?}\n{b:?}");
                    pairs += 1;
                    sharing += usize::from(counted >= 2);
                }
            }
        }
        assert_eq!(
            b.shared_liberties(Point::from_xy(0, 0), Point::from_xy(0, 0)),
            {
                let p = Point::from_xy(0, 0);
                if b.color_at(p).is_some() {
                    b.libs(p)
                } else {
                    0
                }
            }
        );
    });
    assert!(
        pairs > 10_000 && sharing > 500,
        "{pairs} pairs, {sharing} sharing two"
    );
}

#[test]
fn seki_eyes_are_the_eyes_of_strings_sharing_a_liberty_with_the_opponent() {
    // seki.tst's seki07 after W B1: the corner is a seki. A3 is Black's eye (area counts it,
    // territory does not); A1 and D1 are the shared liberties; Black's upper right and
    // White's lower right are territory either way.
    let seki = [
        "X X X X . . . . .",
        "O X O X . X X X X",
        "O O O X X X . . .",
        "O . O X O X . . .",
        "O O O X O O X X X",
        "X X O O O O O O O",
        ". X X X O . O . .",
        "X O X X X O O O O",
        ". O O . X O . . .",
    ];
    let b = diagram(&seki);
    assert_eq!(b.seki_eyes(&b), AreaScore { black: 1, white: 0 });
    // A playout fills the eye (its diagonal B2 makes it look false): still an eye of the
    // seki when it was empty where the playout began, a stone when it was not.
    let mut filled = seki;
    filled[6] = "X X X X O . O . .";
    let after = diagram(&filled);
    assert_eq!(after.seki_eyes(&b), AreaScore { black: 1, white: 0 });
    assert_eq!(after.seki_eyes(&after), AreaScore::default());
    // A seki whose shared liberties the playout's own stones made is no seki of the
    // position it began from (random playouts leave such sekis on an open board).
    let mut before_white = seki;
    before_white[7] = "X . X X X O O O O";
    before_white[8] = ". . . . X O . . .";
    assert_eq!(b.seki_eyes(&diagram(&before_white)), AreaScore::default());
    // Without the shared liberties (Black captured the three white stones) nothing is seki.
    let mut captured = seki;
    captured[7] = "X . X X X O O O O";
    captured[8] = ". . . X X O . . .";
    let b = diagram(&captured);
    assert_eq!(b.seki_eyes(&b), AreaScore::default());
}
