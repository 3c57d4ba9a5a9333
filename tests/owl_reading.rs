//! The owl on game positions, with the compiled vital-shape databases (as GTP and play use it).

use tesuji::engine::board::{Board, Color, Move, Point, Vertex};
use tesuji::engine::eval::owl::{MoveLikelihood, Owl, OwlOptions};
use tesuji::engine::pattern::Kind;
use tesuji::engine::play::prior::MovePredictor;
use tesuji::engine::tactics::reading::{KO_B, WIN};
use tesuji::patterns::{CompiledPatterns, CompiledPatternsWithout};

/// A board drawn row by row from the top: `X` Black, `O` White, anything else empty.
fn setup(rows: &[&str]) -> Board {
    let mut b = Board::new(rows.len()).unwrap();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.split_whitespace().enumerate() {
            let color = match ch {
                "X" => Color::Black,
                "O" => Color::White,
                _ => continue,
            };
            b.add_stone(Point::from_xy(x, y), color).unwrap();
        }
    }
    b.clear_history();
    b
}

fn pt(b: &Board, v: &str) -> Point {
    match Vertex::parse_move(v, b.size()).unwrap() {
        Move::Play(p) => p,
        Move::Pass => panic!("{v} is not a point"),
    }
}

fn owl(opts: OwlOptions) -> Owl {
    Owl::new(opts).with_patterns(&CompiledPatterns)
}

/// A black group on the bottom edge (L2 M2 N2), from a game of GNU Go's regression suites
/// (owl.tst, test 114: GNU Go defends at K2).
const EDGE_GROUP: [&str; 19] = [
    ". O . . . . . . O X X X O O O O X . .",
    "O . . . . . . O . O O X . X O X . X .",
    "X O O . . O O O O O X X X X O O X . .",
    "X X . O O . . . O X . . O X . O X . .",
    ". . . . X O O O X X X . O X . O X . .",
    ". X X X X . X X X O X O O X . O X O .",
    ". X O . . . . X O O O X . O O . O O .",
    ". O . O X X . O . O X X O . O . O . .",
    ". . . O O X . O O . O O X X X O . O .",
    ". . . . O X X O . . O . . . . . O X .",
    "O . O . . O O . O . O . X . X X X X .",
    ". O . X X O . . O . O . . . . . . . .",
    "O X X O X O . . O . . O O X . X . . .",
    ". X O O O X X X X O O . O X . O X . .",
    ". X O X O . . . . . O . O X . O X . .",
    ". X X X O . X X X . O . . O O . X . .",
    ". . . X O X . O . . O O O . O . . . .",
    ". . . . X X . . O . X X X . . O X . .",
    ". . . . . . . . . . . . . . O X . . .",
];

/// Black K2 lives, but one move down the search is narrower than at a root and White's
/// reply there reads as a kill; the failed root move, read again with White answering as at
/// a root, is found to live (a fresh search after K2 finds no kill either). K2's refutation
/// is among the two that took the most owl nodes of the root's moves: reading only the two
/// costliest failed moves again finds it too. (It was the costliest until the owl ended
/// ladders with the tactical reader, `Owl::anchor_captured_tactically`, which made another
/// refutation dearer.)
#[test]
fn a_failed_root_move_is_read_again_as_from_a_root() {
    let mut b = setup(&EDGE_GROUP);
    let dragon: Vec<Point> = ["L2", "M2", "N2"].iter().map(|v| pt(&b, v)).collect();
    let k2 = pt(&b, "K2");
    let without = owl(OwlOptions {
        reread_failed_defences: 0,
        reread_costliest_defences: 0,
        ..OwlOptions::default()
    })
    .defend(&mut b, &dragon);
    assert_eq!(without.0, 0, "without the rule no defence is found");
    let costliest = owl(OwlOptions {
        reread_failed_defences: 0,
        reread_costliest_defences: 2,
        ..OwlOptions::default()
    })
    .defend(&mut b, &dragon);
    assert_eq!(
        costliest,
        (WIN, Some(k2)),
        "K2's refutation is among the two costliest of the failed root moves: those two, \
         read again alone, find it"
    );
    let hash = b.hash();
    assert_eq!(
        owl(OwlOptions::default()).defend(&mut b, &dragon),
        (WIN, Some(k2))
    );
    assert_eq!(b.hash(), hash, "board left as found");
    assert!(b.try_play(k2, Color::Black));
    assert_eq!(owl(OwlOptions::default()).attack(&mut b, &dragon).0, 0);
}

/// A black group in the lower left corner, from owl.tst, test 62, where GNU Go kills at B4 or
/// B5.
const LOWER_LEFT_GROUP: [&str; 19] = [
    "O X . X . X . . . . . . . . . . . . .",
    "O X X . . X X . . . . . . . X O . . .",
    "O X X X X O X X . X X . X X . . O . .",
    "O O O X O O O X . X O X O O X X X O .",
    ". . O O O . O O . O O X . . . O O O .",
    ". . . O X O X O O O . O O O . O X X .",
    ". O . . X . X . . X O O X O . O O X .",
    "O . . O X X . X . X . X X X X X X . .",
    "X O O . X . X . . . X . . . . . . . .",
    "X X X O X O O O . . . O . X . . . . .",
    ". . X X O . . . X X O O O X X X . . .",
    ". . . X O X . X . X X O X . X . . . .",
    ". . X O . . . . . X X X X . . X X X .",
    ". . X O O . O . O O X O X . . X O O O",
    ". . O O . . . . . . O O X . X X O X X",
    ". . X X X O . . O O O O X X . X O O .",
    ". . X O X . O O X X O X X . . X O O O",
    ". . X O O O O X X X O X X X . . X X X",
    ". . X X O . O O X X X X X . . X O O .",
];

/// The dragon of [`LOWER_LEFT_GROUP`] (as `dragon_stones C4` answers).
const DRAGON_62: [&str; 8] = ["C4", "D4", "E4", "C3", "E3", "C2", "C1", "D1"];

/// The same rule for the attacker: White B5 kills, found only when the failed first attack is
/// read again with Black answering as at a root.
#[test]
fn a_failed_root_attack_is_read_again_as_from_a_root() {
    let mut b = setup(&LOWER_LEFT_GROUP);
    let dragon: Vec<Point> = DRAGON_62.iter().map(|v| pt(&b, v)).collect();
    let without = owl(OwlOptions {
        reread_failed_attacks: 0,
        read_cut_attacks: false,
        ..OwlOptions::default()
    })
    .attack(&mut b, &dragon);
    assert_eq!(without.0, 0, "without the rule no kill is found");
    let (code, mv) = owl(OwlOptions::default()).attack(&mut b, &dragon);
    assert_eq!(code, WIN);
    assert!(
        [pt(&b, "B4"), pt(&b, "B5")].contains(&mv.expect("a move")),
        "GNU Go's killing moves"
    );
}

/// A black dragon in the top middle, from a game of GNU Go's regression suites (owl.tst, test
/// 215: GNU Go kills at H18).
const TOP_DRAGON: [&str; 19] = [
    "X . X X X X O . . . . . . . O X . . .",
    "X X . X . X O . X . X X O . O X O O O",
    "X O X X X O O X . X . O . X O X X X X",
    "O O O X X O . O X . O . . O . O O O .",
    "O X O O O O O X X . . . . . . . . . .",
    "O X X X X O O O O O . . . . O . X O .",
    "X . X O O O O . . O X O . O . . O O .",
    ". X X X O X X O O X . . . O X . O X .",
    "O O X O O X O O X X O O . O X O O X .",
    "X X O O O X O O O O O . O O O X X X .",
    ". X X X O X O O O O O . . O . O O X .",
    ". X . . X X X X O X X O . O O X O O X",
    ". O X X X X X O O X O O O O O X X O .",
    ". O X O X . . X X X X O X X X X X O O",
    ". O O O X . . . . . X O O O X . X O X",
    "O X X X X . . . X X O O X O O X X X X",
    "O X X . . . X . O X O O X X X . . . X",
    ". O O O X . . . . X X O O O X X X X .",
    ". X X X . . . . . . O . O O O X . . .",
];

/// Several White moves kill the dragon; the root tries first the one leaving it fewest
/// eyes, so the answer is the vital point H18, where taking a liberty at L17 also kills
/// (the generators' own order named L17).
#[test]
fn the_attack_named_is_the_one_leaving_fewest_eyes() {
    let mut b = setup(&TOP_DRAGON);
    let dragon: Vec<Point> = ["J18", "L18", "M18", "H17", "K17", "J16", "H15", "J15"]
        .iter()
        .map(|v| pt(&b, v))
        .collect();
    let unordered = owl(OwlOptions {
        eye_order_depth: None,
        ..OwlOptions::default()
    })
    .attack(&mut b, &dragon);
    assert_eq!(
        unordered,
        (WIN, Some(pt(&b, "L17"))),
        "the generators' order"
    );
    let hash = b.hash();
    assert_eq!(
        owl(OwlOptions::default()).attack(&mut b, &dragon),
        (WIN, Some(pt(&b, "H18")))
    );
    assert_eq!(b.hash(), hash, "board left as found");
}

/// Black's group in the lower middle of a 9×9 game (owl.tst, test 222: GNU Go kills at E6).
const CENTRE_GROUP_9X9: [&str; 9] = [
    ". . . . . . . X .",
    ". . . . . X X O .",
    ". X X X . . X O .",
    ". . O . . X O . .",
    ". O . O X O O . .",
    ". . O X X O . . .",
    ". . O O X O . . .",
    ". O . O X O X . .",
    ". O X X . X . . .",
];

/// Several White moves look killing; at the root the one worth most to Black had Black played
/// there comes first: E6, the point both sides want (for Black it joins the group to F6 and
/// the stones above). Leaving fewest eyes alone ranked H2, which also kills, first.
#[test]
fn the_attack_named_is_where_both_sides_want_to_play() {
    let mut b = setup(&CENTRE_GROUP_9X9);
    let dragon: Vec<Point> = ["E5", "D4", "E4", "E3", "E2", "G2", "C1", "D1", "F1"]
        .iter()
        .map(|v| pt(&b, v))
        .collect();
    assert_eq!(
        owl(OwlOptions::default()).attack(&mut b, &dragon),
        (WIN, Some(pt(&b, "E6")))
    );
}

/// A lone black stone at C8 in a 9×9 opening, cut from Black's A7 B7 by White's C7 D7 E8
/// (owl.tst, test 90: GNU Go finds no defence).
const LONE_STONE_9X9: [&str; 9] = [
    ". . . . . . . . .",
    ". . X . O . . . .",
    "X X O O . . . . .",
    "O O . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

/// Black's B9 looks like a save only while White's replies come from White's own
/// generators, which run short on the edge; the points Black wants for itself, added to
/// White's short list below the root, refute it.
#[test]
fn an_attacker_short_of_moves_looks_where_the_defender_wants_to_play() {
    let mut b = setup(&LONE_STONE_9X9);
    let dragon = [pt(&b, "C8")];
    assert_eq!(owl(OwlOptions::default()).defend(&mut b, &dragon).0, 0);
}

/// From a game of GNU Go's regression suites (owl.tst, test 221: GNU Go defends at D8 or E8).
/// Black's stones around H8, short of eyes, live by reaching out to the left, but every such
/// move is refuted one move down, where the search is narrower than at a root. Of the failed
/// root moves the first two in order are read again as from a root, and then the two whose
/// refutation took most reading: a refutation found only after a long search is the least
/// sure. D8's is one of those, and read again it fails to kill.
#[test]
fn the_least_sure_refutations_are_read_again() {
    let mut b = setup(&[
        ". . . . X . X . .",
        ". . . . . X O X .",
        ". . X . O X O X X",
        ". . . . . O O O .",
        ". . . . O . . O .",
        ". X X . . X . . .",
        "X . X X X . O . .",
        ". X O O O O . . .",
        ". O . . . . . . .",
    ]);
    let dragon = [pt(&b, "H8")];
    let (code, mv) = owl(OwlOptions::default()).defend(&mut b, &dragon);
    assert_eq!(code, WIN);
    let named = mv.map(|m| Vertex::format_move(Move::Play(m), 9));
    assert!(
        matches!(named.as_deref(), Some("D8" | "E8")),
        "defence {named:?}"
    );
}

/// A 9×9 opening, from owl.tst, test 228 ("the cut at D5 fails": GNU Go finds no kill of
/// White's B5 C5).
const CUT_FAILS: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . X . . X . .",
    ". . . . . . . . .",
    ". O O . . . . . .",
    ". X X O O . O . .",
    ". X . X O . . . .",
    ". X X O . . . . .",
    ". . . . . . . . .",
];

/// Black's cut at D5 reads as a kill one move down, where White's reply is chosen from a
/// narrower list than at a root; read again with White answering as at a root, it fails, and
/// so does every other attack.
#[test]
fn a_root_success_counts_only_when_the_reply_read_as_at_a_root_fails() {
    let mut b = setup(&CUT_FAILS);
    let dragon: Vec<Point> = ["B5", "C5"].iter().map(|v| pt(&b, v)).collect();
    let unverified = owl(OwlOptions {
        verify_root_success: false,
        ..OwlOptions::default()
    })
    .attack(&mut b, &dragon);
    assert_eq!(unverified, (WIN, Some(pt(&b, "D5"))), "the false kill");
    let hash = b.hash();
    assert_eq!(owl(OwlOptions::default()).attack(&mut b, &dragon).0, 0);
    assert_eq!(b.hash(), hash, "board left as found");
}

/// A black dragon in the upper middle (L14), from a game of GNU Go's regression suites
/// (auto03.tst, test 6: GNU Go kills at N12).
const UPPER_MIDDLE_DRAGON: [&str; 19] = [
    ". . X . . . . . . . X O . . . . . . .",
    ". . O X . . . . . X X O O . . . . . .",
    ". . O X X . . . O X O O O . . O O . .",
    ". . . O X X . X X X X O O . O X X . .",
    ". . . O X X . . X O O O O . . . . . .",
    ". . . O X O X X X O X X X O O X . . .",
    ". . . . O O X X O . . X . O . . . . .",
    ". . . . . O O O . O . . . X X X . . .",
    ". . . . O . . . O . X X . . . . . . .",
    ". . . O . X . X . O . . . O . X . . .",
    ". . . . X . . . X . O . . . . . . . .",
    ". . . . . . . . . X . O . O . O . . .",
    ". . . X . X . . . . . . . . . . . . .",
    ". . . . . . . . . X . X . X . O O O .",
    ". . O . . . . . X . . . . . . . X O .",
    ". . . O . O . O . O . . . X . X . X .",
    ". . . . . . . . . O . X . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
];

/// A failed attack reads at last what its root left out: White N12, a move at a distance
/// from the dragon, kills; without the rule no kill is found.
#[test]
fn a_failed_attack_reads_the_moves_its_root_left_out() {
    let mut b = setup(&UPPER_MIDDLE_DRAGON);
    let dragon = vec![pt(&b, "L14")];
    let without = owl(OwlOptions {
        read_cut_attacks: false,
        ..OwlOptions::default()
    })
    .attack(&mut b, &dragon);
    assert_eq!(without.0, 0, "without the rule no kill is found");
    let (code, mv) = owl(OwlOptions::default()).attack(&mut b, &dragon);
    assert_eq!((code, mv), (WIN, Some(pt(&b, "N12"))));
}

/// A black group on the lower edge, F3 F2, between White's E2 and G2, from GNU Go's owl
/// regression suite (owl.tst, test 48: GNU Go defends at E1; F1 is among the answers).
const DESCENT_GROUP: [&str; 19] = [
    ". . . . . . . . . . . . . . . . . . .",
    "O X . X O . . . . . . . . . . O X . .",
    ". O X X . O . . . O . . . . O O X . .",
    ". O O X X X O O . . . O . O . X . . .",
    ". . . O . X X O . . . . . . . . . . .",
    ". O O . O O X O . . . X . X . X X . .",
    ". X X X X O X X O . . . . . . . O . .",
    ". . X O X O O . . . . X O . O . O . .",
    ". X . O . X O . O . . X . . . . . . .",
    "X . X . O X . . . X . . X . X . X . .",
    ". X X . X . X X X . . . . . . . . . .",
    "X O . . . . . . . . . . . . . . . . .",
    ". O . . . O . O . O . . . . . . X . .",
    ". . O . O . . . . . . . . . . . . X .",
    ". O . . . . . O . . . . . X . . X O .",
    ". O . X . . . . . . . . . X . X . X .",
    ". X X . . X . O . X . X X . X O O O .",
    ". . . . O X O . . . . . . X O O . O .",
    ". . . . . . . . . . . . . . . . . . .",
];

/// `owl_defense.db`'s descent against the hane: Black F1, under F2 where White's E2 or G2
/// would hane, keeps the edge as eye space. Asked as GTP asks it (the move model ordering
/// the root; the attack, then the defence, of one reader), the owl defends at F1 with the
/// shape and finds no defence without it.
#[test]
fn the_descent_against_the_hane_defends_the_edge_group() {
    let model = MovePredictor::cached(&CompiledPatterns)
        .map(|m| m as &'static dyn MoveLikelihood)
        .expect("a prior database is compiled in");
    let mut b = setup(&DESCENT_GROUP);
    let dragon: Vec<Point> = ["F3", "F2"].iter().map(|v| pt(&b, v)).collect();
    let f1 = pt(&b, "F1");
    let mut with = owl(OwlOptions::default());
    with.set_likelihood(Some(model));
    assert_eq!(with.attack(&mut b, &dragon), (WIN, Some(f1)));
    assert_eq!(with.defend(&mut b, &dragon), (WIN, Some(f1)));
    let mut without =
        Owl::new(OwlOptions::default()).with_patterns(&CompiledPatternsWithout(Kind::OwlDefense));
    without.set_likelihood(Some(model));
    assert_eq!(without.attack(&mut b, &dragon).0, WIN);
    assert_eq!(
        without.defend(&mut b, &dragon).0,
        0,
        "without the shape no defence is found"
    );
}

/// Black's lone T17 in atari in the upper right corner, beside White's R17 S17 R18 (two
/// liberties, R16 and S16), from GNU Go's owl regression suite (owl.tst, test 225: saved by
/// a ko, at Q19 or S16).
const RIGHT_EDGE_GROUP: [&str; 19] = [
    ". . . . . . O . . . . . . . . . X X X",
    ". . . O . . O X X O . . . X . X O X .",
    ". X X O . O X . . X X . . . X X O O X",
    ". O O . O . X X X . . . . X X O . . O",
    ". O . . . X X . . X . . X O X . O . .",
    ". X X . X . O X X X . . X O O O . . .",
    ". . . . . . O X O X O O O X X . . . .",
    ". O . X X X O O O . O X O X . O O . .",
    ". . O . O X X O . O . X X . . X O . .",
    ". . O . O X O O . O O X . X . X . O O",
    ". O X X O O . O X X O X . O O . X X O",
    ". O O X O X X O X O X X O . O . . . X",
    ". O X X X O O . . O X O . O X . X X .",
    ". X . X O X . . O O X O . O . X . . .",
    ". X X X O O O O . O X X O . . . . . .",
    ". . . . X O . X O O . . . O O . X . .",
    ". . . X . X X X X O . X . O X X . . .",
    ". . . . . . . X O . O X O . O . X . .",
    ". . . . . . . . . O . X . . . O X . .",
];

/// At the root the defender also tries ataris on the surrounding strings that escape: Black
/// S16 ataris White's R17 S17 R18, and the ko that follows saves T17 (`KO_B`: Black needs
/// one more threat). The tactical reader finds no capture of the white string, so without
/// the rule S16 is not read and no defence is found.
#[test]
fn a_root_defence_ataris_a_surrounding_string_that_escapes() {
    let model = MovePredictor::cached(&CompiledPatterns)
        .map(|m| m as &'static dyn MoveLikelihood)
        .expect("a prior database is compiled in");
    let mut b = setup(&RIGHT_EDGE_GROUP);
    let dragon = vec![pt(&b, "T17")];
    let mut owl = owl(OwlOptions::default());
    owl.set_likelihood(Some(model));
    assert_eq!(owl.defend(&mut b, &dragon), (KO_B, Some(pt(&b, "S16"))));
}
