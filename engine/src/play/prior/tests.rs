use super::train::{MinSeen, TrainingSet, accuracy, fit};
use super::*;
use crate::board::Vertex;
use crate::play::neighbourhood::neighbourhood_code;
use crate::test_util::setup;

/// Every shape seen once gets a weight; wide and large shapes only when asked for.
fn seen_once(wide: bool, large: bool) -> MinSeen {
    MinSeen {
        shape: 1,
        wide: u64::from(wide),
        large: u64::from(large),
    }
}

fn pt(v: &str, n: usize) -> Point {
    match Vertex::parse_move(v, n).unwrap() {
        Move::Play(p) => p,
        Move::Pass => panic!("not a point"),
    }
}

#[test]
fn canonical_is_the_same_for_all_eight_images_and_differs_between_shapes() {
    let hane = 0b01_00_00_10_00_00_00_00u16;
    let images: Vec<u16> = (0..8).map(|t| canonical(transform_code(hane, t))).collect();
    assert!(images.iter().all(|&c| c == images[0]));
    // Swapping the colours is another shape.
    let swapped = 0b10_00_00_01_00_00_00_00u16;
    assert_ne!(canonical(swapped), canonical(hane));
    // Transformations permute the ring: a code with one stone has four or eight images.
    let one_side = 1u16 << 2; // a stone north
    let distinct: std::collections::HashSet<u16> =
        (0..8).map(|t| transform_code(one_side, t)).collect();
    assert_eq!(distinct.len(), 4);
}

#[test]
fn relative_code_swaps_the_colours_for_white_only() {
    let b = setup(&[
        ". . . . .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let p = Point::from_xy(1, 2);
    let black = relative_code(&b, p, Color::Black);
    let white = relative_code(&b, p, Color::White);
    assert_eq!(black, neighbourhood_code(&b, p));
    assert_ne!(black, white);
    // North is black, north-east white: seen by White, north is theirs (2), north-east ours.
    assert_eq!((white >> 2) & 3, 2);
    assert_eq!((white >> 4) & 3, 1);
}

#[test]
fn features_name_capture_escape_atari_self_atari_line_and_distances() {
    // Line and distances: Black's previous move E1, White's last move C4.
    let mut b = Board::new(5).unwrap();
    b.play(Move::Play(pt("E1", 5)), Color::Black).unwrap();
    b.play(Move::Play(pt("C4", 5)), Color::White).unwrap();
    let f = features(&b, pt("A1", 5), Color::Black);
    assert_eq!(
        f.levels[Feature::Lines as usize],
        1,
        "the corner point: lines 1 and 1"
    );
    // C4 is the nearest stone: dx 2, dy 3.
    assert_eq!(f.levels[Feature::NearestStone as usize], 7);
    // A1 to C4: dx 2, dy 3 → 2 + 3 + 3 = 8, level 7; A1 to E1: 4 + 0 + 4 = 8.
    assert_eq!(f.levels[Feature::DistLast as usize], 7);
    assert_eq!(f.levels[Feature::DistPrev as usize], 7);
    // C3 on 5×5 is the centre: third line both ways.
    assert_eq!(
        features(&b, pt("C3", 5), Color::Black).levels[Feature::Lines as usize],
        17
    );
    let big = Board::new(19).unwrap();
    assert_eq!(lines_level(&big, pt("R16", 19)), 18, "the 3-4 point");
    assert_eq!(lines_level(&big, pt("Q16", 19)), 25, "the 4-4 point");
    assert_eq!(lines_level(&big, pt("K10", 19)), 35, "tengen");
    let f = features(&big, pt("Q16", 19), Color::Black);
    assert_eq!(
        f.levels[Feature::NearestStone as usize],
        9,
        "empty board: no stone near"
    );

    // A capture away from the last move: White's lone stone at B3 has one liberty, B2.
    let b = setup(&[
        ". . . . .",
        ". X . . .",
        "X O X . .",
        ". . . . .",
        ". . . . .",
    ]);
    let f = features(&b, pt("B2", 5), Color::Black);
    assert_eq!(f.levels[Feature::Capture as usize], 2);
    assert_eq!(f.levels[Feature::Atari as usize], 0);

    // Escape: White's last move C2 put Black's C3 in atari; extending at D3 gets three
    // liberties.
    let mut b = setup(&[
        ". . . . .",
        ". . O . .",
        ". O X . .",
        ". . . . .",
        ". . . . .",
    ]);
    b.play(Move::Play(pt("E5", 5)), Color::Black).unwrap();
    b.play(Move::Play(pt("C2", 5)), Color::White).unwrap();
    assert_eq!(b.libs(pt("C3", 5)), 1);
    let f = features(&b, pt("D3", 5), Color::Black);
    assert_eq!(f.levels[Feature::Escape as usize], 1);
    assert_eq!(f.levels[Feature::SelfAtari as usize], 0);
    // Elsewhere nothing escapes.
    let f = features(&b, pt("A1", 5), Color::Black);
    assert_eq!(f.levels[Feature::Escape as usize], 0);

    // Atari: only on a string with two liberties.
    let b = setup(&[
        ". . . . .",
        ". . . . .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let f = features(&b, pt("D3", 5), Color::Black);
    assert_eq!(
        f.levels[Feature::Atari as usize],
        0,
        "three liberties: no atari"
    );
    let b = setup(&[
        ". . . . .",
        ". . X . .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let f = features(&b, pt("D3", 5), Color::Black);
    assert_eq!(f.levels[Feature::Atari as usize], 1);

    // Self-atari: a lone stone played into the opponent's mouth.
    let b = setup(&[
        ". . . . .",
        ". . O . .",
        ". O . O .",
        ". . . . .",
        ". . . . .",
    ]);
    let f = features(&b, pt("C3", 5), Color::Black);
    assert_eq!(f.levels[Feature::SelfAtari as usize], 1);
}

#[test]
fn distance_levels_follow_coulom() {
    let a = Point::from_xy(3, 3);
    assert_eq!(distance_level(distance(a, Point::from_xy(4, 3))), 1);
    assert_eq!(distance_level(distance(a, Point::from_xy(4, 4))), 2);
    assert_eq!(distance_level(distance(a, Point::from_xy(5, 3))), 3);
    assert_eq!(
        distance_level(distance(a, Point::from_xy(15, 15))),
        MAX_DISTANCE_LEVEL as u8
    );
}

#[test]
fn mm_learns_that_the_played_shape_and_feature_are_strong() {
    // Positions in which Black always captures: the capture level must come out far above 1.
    let mut set = TrainingSet::default();
    for k in 0..6 {
        let mut b = setup(&[
            ". . . . . . .",
            ". X . . . . .",
            "X O X . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        // Vary the position with a far stone.
        b.add_stone(Point::from_xy(6, k), Color::White).unwrap();
        assert!(set.add_position(&mut b, Color::Black, Point::from_xy(1, 3)));
    }
    let fitted = fit(&set, 20, MinSeen::shapes(1));
    let capture = fitted
        .weights
        .iter()
        .find(|w| w.weight == train::Weight::Level(Feature::Capture, 2))
        .unwrap();
    assert_eq!(capture.played, 6);
    assert!(capture.gamma > 3.0, "capture γ {}", capture.gamma);
    let model = fitted.predictor();
    let acc = accuracy(&model, &set);
    assert_eq!(acc.top1, 6);
    // The neutral model cannot tell the capture from the rest.
    assert_eq!(accuracy(&MovePredictor::neutral(), &set).top1, 0);
}

#[test]
fn the_written_database_names_every_weight_with_its_value() {
    let mut set = TrainingSet::default();
    let mut b = setup(&[
        ". . . . .",
        ". X . . .",
        "X O X . .",
        ". . . . .",
        ". . . . .",
    ]);
    assert!(set.add_position(&mut b, Color::Black, pt("B2", 5)));
    let fitted = fit(&set, 5, MinSeen::shapes(1));
    let db = fitted.to_db(&["test".to_string()]);
    assert!(db.contains("kind prior"));
    assert!(db.contains("pattern capture_2 {\n    |*|\n    feature capture 2\n    value "));
    assert!(db.contains("pattern shape_"));
    assert!(db.contains("// test"));
}

#[test]
fn figures_and_codes_convert_both_ways() {
    for code in [0u16, 0b01_00_00_10_00_00_00_00, 0xffff, 0x1234] {
        let rows = shape_figure(code);
        assert_eq!(figure_code(&rows), code, "{rows:?}");
    }
}

#[test]
fn local_training_sees_only_the_last_move_s_neighbours_by_shape() {
    use super::train::Scope;
    let mut b = Board::new(9).unwrap();
    b.play(Move::Play(pt("C5", 9)), Color::Black).unwrap();
    b.play(Move::Play(pt("D5", 9)), Color::White).unwrap();
    let mut set = TrainingSet {
        scope: Scope::LastMoveNeighbours,
        ..TrainingSet::default()
    };
    // D4 (the hane under D5) is a neighbour of the last move: a position of eight
    // candidates less C5 (a stone), each a shape without features.
    assert!(set.add_position(&mut b, Color::Black, pt("D4", 9)));
    let (cands, played) = set.position(0);
    assert_eq!(cands.len(), 7);
    assert!(cands.iter().all(|c| c.levels == [0; FEATURES]));
    assert_eq!(
        cands[played].code,
        relative_code(&b, pt("D4", 9), Color::Black)
    );
    // A move away from the last one is not a playout answer: left out.
    assert!(!set.add_position(&mut b, Color::Black, pt("G7", 9)));
    assert_eq!(set.positions.len(), 1);
    // The hane, always chosen, is kept with a positive value; the rest are not.
    for _ in 0..30 {
        set.add_position(&mut b, Color::Black, pt("D4", 9));
    }
    let db = fit(&set, 10, MinSeen::shapes(5)).to_playout_db(&["test".to_string()]);
    assert!(db.contains("kind playout"), "{db}");
    let hane = canonical(relative_code(&b, pt("D4", 9), Color::Black));
    assert!(db.contains(&format!("pattern shape_{hane:04x} {{")), "{db}");
    assert_eq!(db.matches("pattern ").count(), 1, "{db}");
}

/// `board` turned by symmetry `t` as [`transform_code`] turns a figure (a reflection of the
/// columns when `t >= 4`, then `t % 4` quarter turns `(row, col) -> (col, n - 1 - row)`),
/// and where the point `p` goes.
fn turned(board: &Board, p: Point, t: usize) -> (Board, Point) {
    let n = board.size();
    let image = |q: Point| {
        let (x, y) = q.xy();
        let (mut r, mut c) = (y, if t >= 4 { n - 1 - x } else { x });
        for _ in 0..t % 4 {
            (r, c) = (c, n - 1 - r);
        }
        Point::from_xy(c, r)
    };
    let mut out = Board::new(n).unwrap();
    for y in 0..n {
        for x in 0..n {
            let q = Point::from_xy(x, y);
            if let Some(color) = board.color_at(q) {
                out.add_stone(image(q), color).unwrap();
            }
        }
    }
    (out, image(p))
}

#[test]
fn a_wide_shape_turns_with_the_board() {
    // Stones on all twelve points' rings, near an edge so that off-board points count too.
    let b = setup(&[
        ". X . . . . .",
        "O . X . . . .",
        ". . . O . . .",
        ". X . . . . .",
        ". . . . X . .",
        ". . . . . . .",
        ". . . . . . .",
    ]);
    for (x, y) in [(1, 2), (2, 1), (0, 0), (3, 3), (5, 5)] {
        let p = Point::from_xy(x, y);
        let wide = |b: &Board, p: Point| {
            u32::from(relative_code(b, p, Color::Black))
                | u32::from(far_code(b, p, Color::Black)) << 16
        };
        let here = wide(&b, p);
        let mut images = std::collections::HashSet::new();
        for t in 0..8 {
            let (tb, tp) = turned(&b, p, t);
            assert_eq!(
                wide(&tb, tp),
                transform_wide(here, t),
                "at ({x}, {y}) under symmetry {t}"
            );
            images.insert(transform_wide(here, t));
            assert_eq!(canonical_wide(wide(&tb, tp)), canonical_wide(here));
        }
        assert!(images.len() > 1, "({x}, {y}): an asymmetric shape");
    }
}

#[test]
fn far_points_are_two_lines_away_as_the_mover_sees_them() {
    let b = setup(&[
        ". . X . .",
        ". . . . .",
        "O . . . .",
        ". . . . .",
        ". . . . .",
    ]);
    let p = pt("C3", 5);
    // North C5 is Black, west A3 White, east E3 empty, south C1 empty.
    assert_eq!(far_code(&b, p, Color::Black), 0b00_00_10_01);
    assert_eq!(far_code(&b, p, Color::White), 0b00_00_01_10);
    // B4's far points: north off the board, west off the board.
    assert_eq!(far_code(&b, pt("B4", 5), Color::Black) & 0b1111, 0b1111);
}

#[test]
fn wide_figures_and_codes_convert_both_ways() {
    use super::train::{Fitted, Weight};
    for wide in [0u32, 0x12_1234, 0x93_0000, 0xff_ffff & !0xc0_0000] {
        let fit = train::Fit {
            weights: vec![Fitted {
                weight: Weight::Wide(wide),
                gamma: 2.0,
                seen: 1,
                played: 1,
            }],
        };
        let db = fit.to_db(&[]);
        let figure: String = db
            .lines()
            .filter_map(|l| l.trim().strip_prefix('|')?.strip_suffix('|'))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(wide_figure_code(&figure), Some(wide), "{figure}");
    }
    assert_eq!(wide_figure_code("...\n.*.\n..."), None);
    assert_eq!(wide_figure_code("*"), None);
}

#[test]
fn mm_learns_a_wide_shape_the_three_by_three_ring_cannot_see() {
    // Every candidate has an empty ring and no feature; the move played always has our
    // stone two lines north (the one-point jump), the others theirs or nothing there. Only
    // the wide shape tells them apart.
    let mut set = TrainingSet::default();
    let candidate = |far: u8| MoveFeatures {
        code: 0,
        far,
        large: 0,
        levels: [0; FEATURES],
    };
    for k in 0..12u32 {
        let start = set.candidates.len() as u32;
        set.candidates.push(candidate(0b01));
        set.candidates
            .extend([0b00, 0b10, 0b11, 0b10_00_00_00].map(candidate));
        // The move played in a varying place among the five.
        let played = k % 5;
        set.candidates
            .swap(start as usize, (start + played) as usize);
        set.positions.push((start, 5, played));
    }
    let without = fit(&set, 20, MinSeen::shapes(1)).predictor();
    let with = fit(&set, 20, seen_once(true, false)).predictor();
    let (a, b) = (accuracy(&without, &set), accuracy(&with, &set));
    assert_eq!(a.top1, 0, "{a:?}");
    assert_eq!(b.top1, 12, "{b:?}");
    assert!(b.log_likelihood > a.log_likelihood + 0.5, "{a:?} {b:?}");
    // The jump is named under all eight symmetries: the stone west, east or south too.
    for t in 0..8 {
        assert!(
            with.wide_gamma(transform_wide(0b01 << 16, t)) > 2.0,
            "symmetry {t}"
        );
    }
}

#[test]
fn mm_learns_a_large_shape_the_wide_one_cannot_see() {
    // Every candidate has the same (empty) ring and wide shape; the move played always has
    // our stone three lines north (the large knight's move is point 12 of LARGE_OFFSETS,
    // (0, -3)), the others theirs, nothing, or ours three lines south-west. Only the large
    // shape tells them apart.
    let north3 = 12;
    assert_eq!(LARGE_OFFSETS[north3], (0, -3));
    let ours_at = |k: usize| 1u64 << (2 * k);
    let theirs_at = |k: usize| 2u64 << (2 * k);
    let mut set = TrainingSet::default();
    let candidate = |large: u64| MoveFeatures {
        code: 0,
        far: 0,
        large,
        levels: [0; FEATURES],
    };
    for k in 0..12u32 {
        let start = set.candidates.len() as u32;
        set.candidates.push(candidate(ours_at(north3)));
        set.candidates
            .extend([0, theirs_at(north3), ours_at(21), theirs_at(21)].map(candidate));
        let played = k % 5;
        set.candidates
            .swap(start as usize, (start + played) as usize);
        set.positions.push((start, 5, played));
    }
    let wide_only = fit(&set, 20, seen_once(true, false)).predictor();
    let with = fit(&set, 20, seen_once(true, true)).predictor();
    let (a, b) = (accuracy(&wide_only, &set), accuracy(&with, &set));
    assert_eq!(a.top1, 0, "{a:?}");
    assert_eq!(b.top1, 12, "{b:?}");
    assert!(b.log_likelihood > a.log_likelihood + 0.5, "{a:?} {b:?}");
    for t in 0..8 {
        assert!(
            with.large_gamma(transform_large(ours_at(north3), t)) > 2.0,
            "symmetry {t}"
        );
    }
    // Written as a lookup pattern whose figure reads back as the same shape.
    let db = fit(&set, 20, seen_once(true, true)).to_db(&[]);
    let figure: Vec<&str> = db
        .split("pattern large_")
        .nth(1)
        .expect("a large pattern")
        .lines()
        .skip(1)
        .take(7)
        .map(|l| l.trim().trim_matches('|'))
        .collect();
    let code = large_figure_code(&figure.join("\n")).expect("a large figure");
    assert_eq!(canonical_large(code), code);
    assert!(db.contains("    lookup\n"));
}

#[test]
fn large_codes_turn_with_the_board_and_read_back_from_their_figures() {
    // A random 19×19 position and its image under each symmetry: the large code of the
    // image point is the transformed code, and a figure gives back its code.
    let mut rng = crate::board::playout::Rng::new(7);
    for _ in 0..20 {
        let mut b = Board::new(19).expect("19×19");
        let mut stones = Vec::new();
        for _ in 0..80 {
            let p = b.empty_points()[rng.below(b.empty_points().len())];
            let c = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            if b.play(Move::Play(p), c).is_ok() {
                stones.push(p);
            }
        }
        for t in 0..8 {
            let image = |p: Point| {
                let (x, y) = (p.xy().0 as i32 - 9, p.xy().1 as i32 - 9);
                let (mut x, mut y) = if t >= 4 { (-x, y) } else { (x, y) };
                for _ in 0..t % 4 {
                    (x, y) = (-y, x);
                }
                Point::from_xy((x + 9) as usize, (y + 9) as usize)
            };
            let mut turned = Board::new(19).expect("19×19");
            for q in b.points() {
                if let Some(c) = b.color_at(q) {
                    turned.add_stone(image(q), c).expect("an empty point");
                }
            }
            for p in b.empty_points().iter().copied().take(40) {
                for color in [Color::Black, Color::White] {
                    let code = large_code(&b, p, color);
                    assert_eq!(
                        large_code(&turned, image(p), color),
                        transform_large(code, t),
                        "symmetry {t} at {p:?}"
                    );
                    let figure = large_figure(code).join("\n");
                    assert_eq!(large_figure_code(&figure), Some(code));
                }
            }
        }
    }
}

#[test]
fn features_read_without_playing_agree_with_playing_the_move() {
    use crate::board::playout::Playout;
    // The reference: the nearest stone by scanning the whole 9×9 square, the new string's
    // liberties and size by playing the move.
    let nearest = |b: &Board, p: Point| {
        let n = b.size() as i32;
        let (px, py) = (p.xy().0 as i32, p.xy().1 as i32);
        let mut best = 10;
        for dy in -4i32..=4 {
            for dx in -4i32..=4 {
                let (x, y) = (px + dx, py + dy);
                if (dx, dy) == (0, 0) || !(0..n).contains(&x) || !(0..n).contains(&y) {
                    continue;
                }
                let (ax, ay) = (dx.unsigned_abs() as usize, dy.unsigned_abs() as usize);
                let d = ax + ay + ax.max(ay);
                if d < best && b.color_at(Point::from_xy(x as usize, y as usize)).is_some() {
                    best = d;
                }
            }
        }
        (best.clamp(2, 10) - 1) as u8
    };
    let mut playout = Playout::new(5);
    let (mut self_ataris, mut checked) = (0, 0);
    for game in 0..9 {
        let size = [9, 13, 19][game % 3];
        let mut board = Board::new(size).unwrap();
        let result = playout.run(&mut board, Color::Black);
        for back in [result.moves * 2 / 3, result.moves / 3, 0] {
            let mut b = board.clone();
            for _ in 0..back {
                b.undo();
            }
            for k in 0..b.empty_points().len() {
                let p = b.empty_points()[k];
                for c in [Color::Black, Color::White] {
                    if !b.is_legal_simple(p, c) {
                        continue;
                    }
                    let f = features(&b, p, c);
                    assert_eq!(f.levels[Feature::NearestStone as usize], nearest(&b, p));
                    b.play_unchecked(p, c);
                    let (libs, stones) = (b.libs(p), b.string_size(p));
                    b.undo();
                    let want = match (libs, stones) {
                        (1, 1) => 1,
                        (1, _) => 2,
                        _ => 0,
                    };
                    assert_eq!(f.levels[Feature::SelfAtari as usize], want, "{c:?} {p:?}");
                    if f.levels[Feature::Escape as usize] != 0 {
                        assert!(libs >= 2, "an escape that stays in atari: {c:?} {p:?}");
                    }
                    self_ataris += usize::from(want != 0);
                    checked += 1;
                }
            }
        }
    }
    assert!(
        self_ataris > 100 && checked > 2000,
        "{self_ataris} of {checked}"
    );
}

#[test]
fn a_figure_that_is_no_wide_shape_is_refused_without_a_panic() {
    for figure in [
        "",
        "*",
        "é....\n.....\n..*..\n.....\n.....",
        "....\n..*..",
        "?????\n?...?\n..X..\n?...?\n?????",
    ] {
        assert_eq!(wide_figure_code(figure), None, "{figure:?}");
    }
    // A lookup pattern's figure must say exactly what it matches: `?`, `o` or `x` on one of
    // the twelve points, or anything but `?` outside them, is refused.
    let exact = "??.??\n?.O.?\n..*..\n?X..?\n??#??";
    assert!(exact_wide_figure_code(exact).is_some());
    for loose in [
        "??.??\n?.o.?\n..*..\n?X..?\n??#??",
        "??.??\n?.O.?\n..*..\n?X.??\n??#??",
        "??.??\n?.O.?\n..*..\n?X..?\n.?#??",
    ] {
        assert!(
            wide_figure_code(loose).is_some(),
            "{loose:?} reads as a wide shape"
        );
        assert_eq!(exact_wide_figure_code(loose), None, "{loose:?}");
    }
    assert!(
        large_figure_code("???.???\n??...??\n?.....?\n...*...\n?.....?\n??...??\n???.???")
            .is_some()
    );
    for loose in [
        "???.???\n??...??\n?.....?\n...*..?\n?.....?\n??...??\n???.???",
        "???.???\n??...??\n?.....?\n...*...\n?..o..?\n??...??\n???.???",
        "???.???\n??...??\n?.....?\n...*...\n?.....?\n??...??\n.??.???",
    ] {
        assert_eq!(large_figure_code(loose), None, "{loose:?}");
    }
}

#[test]
fn shapes_and_nearest_stone_read_by_offset_agree_with_the_coordinates() {
    // Every size, random positions from empty to crowded, every point and both colours:
    // the padded cell array read by offset gives what the coordinates checked against the
    // size give, off the board included.
    let mut rng = crate::board::playout::Rng::new(11);
    for size in 1..=crate::board::MAX_SIZE {
        let Ok(mut b) = Board::new(size) else {
            continue;
        };
        for _ in 0..6 {
            for _ in 0..size * size / 5 + 1 {
                if b.empty_points().is_empty() {
                    break;
                }
                let p = b.empty_points()[rng.below(b.empty_points().len())];
                let c = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let _ = b.play(Move::Play(p), c);
            }
            for p in b.points() {
                for color in [Color::Black, Color::White] {
                    assert_eq!(
                        far_code(&b, p, color),
                        far_code_by_coordinates(&b, p, color),
                        "far code at {p:?} on {size}×{size}"
                    );
                    assert_eq!(
                        large_code(&b, p, color),
                        large_code_by_coordinates(&b, p, color),
                        "large code at {p:?} on {size}×{size}"
                    );
                }
                assert_eq!(
                    nearest_stone_level(&b, p),
                    nearest_stone_level_by_coordinates(&b, p),
                    "nearest stone at {p:?} on {size}×{size}"
                );
            }
        }
    }
}

#[test]
fn transform_code_by_its_permutations_agrees_with_turning_each_point() {
    // The rule the permutation table replaced: each ring point reflected, then turned a
    // quarter `t % 4` times, then found again in the ring.
    let by_turning = |code: u16, t: usize| {
        let mut out = 0;
        for (k, &(r, c)) in RING.iter().enumerate() {
            let (mut rr, mut cc) = if t >= 4 { (r, 2 - c) } else { (r, c) };
            for _ in 0..t % 4 {
                (rr, cc) = (cc, 2 - rr);
            }
            let to = RING
                .iter()
                .position(|&q| q == (rr, cc))
                .expect("in the ring");
            out |= ((code >> (2 * k)) & 3) << (2 * to);
        }
        out
    };
    for t in 0..8 {
        for code in 0..=u16::MAX {
            assert_eq!(
                transform_code(code, t),
                by_turning(code, t),
                "{code:#x} under {t}"
            );
        }
    }
}
