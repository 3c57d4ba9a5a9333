//! Small classic life-and-death problems: a black group walled in by a strong white group.

use super::evaluate::leaf_eyes;
use super::moves::{ataris_something, captures_something};
use super::*;
use crate::board::Move;
use crate::eval::eyes;
use crate::test_util::pt;
use crate::test_util::setup;

/// The stones of the black group containing `v`: every black stone (the figures hold one
/// group).
fn black_stones(b: &Board) -> Vec<Point> {
    b.points()
        .filter(|&p| b.color_at(p) == Some(Color::Black))
        .collect()
}

/// A black group with a straight four of eye space, walled in: alive.
const STRAIGHT_FOUR: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    "O O O O O O O . .",
    "X X X X X X O . .",
    "X . . . . X O . .",
    "X X X X X X O . .",
    "O O O O O O O . .",
    ". . . . . . . . .",
];

/// A black group with a straight three of eye space, walled in: critical at its middle.
const STRAIGHT_THREE: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    "O O O O O O . . .",
    "X X X X X O . . .",
    "X . . . X O . . .",
    "X X X X X O . . .",
    "O O O O O O . . .",
    ". . . . . . . . .",
];

fn owl() -> Owl {
    Owl::new(OwlOptions::default())
}

fn unchanged<R>(b: &mut Board, f: impl FnOnce(&mut Board) -> R) -> R {
    let before = (b.hash(), b.move_count());
    let r = f(b);
    assert_eq!((b.hash(), b.move_count()), before, "board left as found");
    r
}

#[test]
fn straight_three_is_critical_at_its_middle() {
    let mut b = setup(&STRAIGHT_THREE);
    let d = black_stones(&b);
    let c4 = pt(&b, "C4");
    assert_eq!(unchanged(&mut b, |b| owl().attack(b, &d)), (WIN, Some(c4)));
    assert_eq!(unchanged(&mut b, |b| owl().defend(b, &d)), (WIN, Some(c4)));
    assert_eq!(
        owl().status(&mut b, &d),
        DragonStatus::Critical {
            attack: Some(c4),
            defense: Some(c4)
        }
    );
    // Any other placement lets black live.
    let b4 = pt(&b, "B4");
    assert_eq!(owl().does_attack(&mut b, b4, &d), 0);
    assert_eq!(owl().does_defend(&mut b, c4, &d), WIN);
}

#[test]
fn the_defences_search_for_the_key_move_is_bounded_by_its_own_budget() {
    // A corner of eight points: the attacker has many tries.
    let b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O . . .",
        "X X X X X O . . .",
        ". . . . X O . . .",
        ". . . . X O . . .",
    ]);
    let d = black_stones(&b);
    let defend = |hint_node_limit: u64| {
        let mut o = Owl::new(OwlOptions {
            hint_node_limit,
            ..OwlOptions::default()
        });
        let r = o.defend(&mut b.clone(), &d);
        (r, o.nodes())
    };
    let (short, short_nodes) = defend(3);
    let (full, full_nodes) = defend(1500);
    // The corner lives either way; only the search for the attacker's key move is cut.
    assert_eq!(short.0, WIN);
    assert_eq!(full.0, WIN);
    assert!(
        short_nodes < full_nodes,
        "{short_nodes} against {full_nodes}"
    );
}

#[test]
fn a_defence_after_the_attack_of_the_same_dragon_takes_the_attacks_key_move() {
    let mut b = setup(&STRAIGHT_THREE);
    let d = black_stones(&b);
    let c4 = pt(&b, "C4");
    let fresh_defence = |b: &Board| {
        let mut o = owl();
        let r = o.defend(&mut b.clone(), &d);
        (r, o.nodes())
    };
    let (fresh, fresh_nodes) = fresh_defence(&b);
    let mut o = owl();
    assert_eq!(o.attack(&mut b, &d), (WIN, Some(c4)));
    let before = o.nodes();
    // The same answer without the attack search read again.
    assert_eq!(o.defend(&mut b, &d), fresh);
    assert!(
        o.nodes() - before < fresh_nodes,
        "{} against {fresh_nodes}",
        o.nodes() - before
    );
    // Another position is another question: its key move is searched for.
    assert!(b.try_play(pt(&b, "J9"), Color::White));
    let (moved, moved_nodes) = fresh_defence(&b);
    let before = o.nodes();
    assert_eq!(o.defend(&mut b, &d), moved);
    assert_eq!(o.nodes() - before, moved_nodes);
}

#[test]
fn two_separate_eyes_and_straight_four_live() {
    let mut two = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O . . .",
        "X X X X X O . . .",
        "X . X . X O . . .",
        "X X X X X O . . .",
        "O O O O O O . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&two);
    assert_eq!(owl().attack(&mut two, &d).0, 0);
    assert_eq!(owl().defend(&mut two, &d), (WIN, None));
    let mut four = setup(&STRAIGHT_FOUR);
    let d = black_stones(&four);
    assert_eq!(owl().status(&mut four, &d), DragonStatus::Alive);
}

#[test]
fn square_four_and_bent_three_without_its_vital_point_are_dead() {
    let mut square = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        "X X X X O . . . .",
        "X . . X O . . . .",
        "X . . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
    ]);
    let d = black_stones(&square);
    assert_eq!(owl().defend(&mut square, &d).0, 0);
    assert_eq!(owl().status(&mut square, &d), DragonStatus::Dead);
    // Bent three in the corner with white already on the bend.
    let mut bent = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        "X X X X O . . . .",
        "X . X X O . . . .",
        ". O X X O . . . .",
        ". . X X O . . . .",
    ]);
    let d = black_stones(&bent);
    assert_eq!(owl().defend(&mut bent, &d).0, 0);
}

#[test]
fn a_group_with_an_open_side_escapes() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O . . . . .",
        ". . O X X . . . .",
        ". . O X . . . . .",
        ". . . O . . . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&b);
    assert_eq!(owl().attack(&mut b, &d).0, 0);
    // Walled in on every side but a narrow gap, the same stones are in danger.
    let mut shut = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O O O . . .",
        ". . O . . . O . .",
        ". . O . O . O . .",
        ". . O X X . O . .",
        ". . O X . . O . .",
        ". . . O O O . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&shut);
    assert_ne!(owl().attack(&mut shut, &d).0, 0);
}

#[test]
fn pyramid_four_attack_and_defence_meet_at_the_vital_point() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O O . .",
        "O X X X X X O . .",
        "O X . . . X O . .",
        "O X X . X X O . .",
        "O O X X X O O . .",
        "O O O O O O O . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&b);
    let d5 = pt(&b, "D5");
    let (attack_code, attack_move) = unchanged(&mut b, |b| owl().attack(b, &d));
    assert_eq!((attack_code, attack_move), (WIN, Some(d5)));
    assert_eq!(unchanged(&mut b, |b| owl().defend(b, &d)), (WIN, Some(d5)));
    // The answers are consistent with the move checks.
    assert_eq!(owl().does_attack(&mut b, d5, &d), WIN);
    assert_eq!(owl().does_defend(&mut b, d5, &d), WIN);
}

#[test]
fn a_living_group_needs_no_defence_move_even_when_searched() {
    // Two real eyes, unconditionally alive: no kill, and no defence move asked for.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O O . .",
        "O X X X X X O . .",
        "O X . X . X O . .",
        "O X X X X X O . .",
        "O O O O O O O . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&b);
    assert_eq!(unchanged(&mut b, |b| owl().attack(b, &d)), (0, None));
    assert_eq!(unchanged(&mut b, |b| owl().defend(b, &d)), (WIN, None));
    assert_eq!(owl().status(&mut b, &d), DragonStatus::Alive);
}

#[test]
fn a_living_group_short_of_unconditional_life_still_gets_a_defence_move() {
    // A one-point eye and a 3×3 space: no kill, but the space's centre is no liberty of the
    // group, so Benson's test does not settle it and `defend` names a move, not a pass.
    let mut b = setup(&[
        "O O O O O O O . .",
        "O X X X X X O . .",
        "O X . . . X O . .",
        "O X . . . X O . .",
        "O X . . . X O . .",
        "O X X X X X O . .",
        "O X . X O O O . .",
        "O X X X O . . . .",
        "O O O O O . . . .",
    ]);
    let d = black_stones(&b);
    assert_eq!(unchanged(&mut b, |b| owl().attack(b, &d)), (0, None));
    let (code, mv) = unchanged(&mut b, |b| owl().defend(b, &d));
    assert_eq!(code, WIN);
    let mv = mv.expect("a defence move");
    assert_eq!(b.color_at(mv), None);
    assert!(b.is_legal_simple(mv, Color::Black));
}

#[test]
fn a_stone_played_a_jump_away_joins_the_group_only_when_the_gap_is_clean() {
    // Black D5 alone; black F5 stands a one-point jump away, the gap at E5.
    let fig = |gap_touched: bool| {
        let top = if gap_touched {
            ". . . . O . . . ."
        } else {
            ". . . . . . . . ."
        };
        setup(&[
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            top,
            ". . . X . X . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ])
    };
    let strings_with_played = |b: &mut Board| {
        let mut o = owl();
        let (d5, f5) = (pt(b, "D5"), pt(b, "F5"));
        assert!(o.start(b, &[d5]));
        o.played.push(f5);
        o.evaluate(b, 0).strings.len()
    };
    assert_eq!(strings_with_played(&mut fig(false)), 2);
    // A white stone on the gap's edge can cut there: F5 is not part of the group (a defence
    // that "connects" to a strong friend through a cuttable point saves nothing).
    assert_eq!(strings_with_played(&mut fig(true)), 1);
}

#[test]
fn root_defence_candidates_include_moves_a_step_away_from_the_group() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . O O O . . .",
        ". . O X X X O . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&b);
    let mut o = owl();
    assert!(o.start(&b, &d));
    let info = o.evaluate(&mut b, 0);
    let root: Vec<Point> = o
        .defender_moves(&mut b, &info, 0)
        .iter()
        .map(|c| c.0)
        .collect();
    // D1 is two steps below D3, not a liberty of the group.
    assert!(root.contains(&pt(&b, "D1")), "root candidates {root:?}");
    let deeper: Vec<Point> = o
        .defender_moves(&mut b, &info, 2)
        .iter()
        .map(|c| c.0)
        .collect();
    assert!(!deeper.contains(&pt(&b, "D1")));
}

#[test]
fn edge_diagonal_below_a_second_line_stone_is_a_defence_below_the_root() {
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . O O O O . . .",
        ". . . X X O . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&b);
    let mut o = owl();
    assert!(o.start(&b, &d));
    let info = o.evaluate(&mut b, 2);
    let mut diagonals = Vec::new();
    o.add_edge_diagonals(&b, &info, &mut diagonals);
    // C1 is diagonal to D2 with C2 and D1 empty; F1, diagonal to E2, is cut off by F2.
    assert_eq!(diagonals, vec![(pt(&b, "C1"), EDGE_DIAGONAL_SCORE)]);
    let deeper: Vec<Point> = o
        .defender_moves(&mut b, &info, 2)
        .iter()
        .map(|c| c.0)
        .collect();
    assert!(
        deeper.contains(&pt(&b, "C1")),
        "depth 2 candidates {deeper:?}"
    );
    assert!(!deeper.contains(&pt(&b, "F1")));
}

#[test]
fn the_way_to_open_space_passes_a_lone_opponent_stone() {
    // The only outer liberty, D5, leads to E5, which touches white's E6: E5 is no room
    // itself, but the open points beyond it are.
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        "X X X . . . . . .",
        "O O O O . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&b);
    let mut owl = owl();
    assert!(owl.start(&b, &d));
    let info = owl.evaluate(&mut b, 0);
    assert_eq!(info.outer_libs, vec![pt(&b, "D5")]);
    let room = owl.escape_room(&b, &info.outer_libs);
    assert!(room >= 3, "room beyond the stone counted: {room}");
}

#[test]
fn counter_atari_self_atari_is_recognised() {
    // Black at A5 has one liberty (A4) but ataris the white stone at A6 (left with A7):
    // the defender's filter keeps it; black at A3 ataris nothing.
    let b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O X . . . . . . .",
        ". O . . . . . . .",
        ". O . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let a5 = pt(&b, "A5");
    assert_eq!(b.libs_after(a5, Color::Black), 1);
    assert!(ataris_something(&b, a5, Color::Black));
    assert!(!captures_something(&b, a5, Color::Black));
    assert!(!ataris_something(&b, pt(&b, "A3"), Color::Black));
}

fn space_with(min: u8, max: u8) -> EyeSpace {
    EyeSpace {
        color: Color::Black,
        points: Vec::new(),
        marginal: Vec::new(),
        false_points: Vec::new(),
        value: eyes::EyeValue {
            min,
            max,
            attack: None,
            other_attacks: [None; eyes::OTHER_ATTACKS],
            defense: None,
        },
    }
}

#[test]
fn leaf_eyes_plays_the_spaces_out_in_turn() {
    // Two miai half eyes: whoever moves first, the defender gets one of them.
    let miai = [space_with(0, 1), space_with(0, 1)];
    assert_eq!(leaf_eyes(&miai, false), 1);
    assert_eq!(leaf_eyes(&miai, true), 1);
    // One sure eye and one 0..2 space: the side to move settles the big space.
    let big = [space_with(1, 1), space_with(0, 2)];
    assert_eq!(leaf_eyes(&big, false), 1);
    assert_eq!(leaf_eyes(&big, true), 3);
    // Three half eyes with the attacker moving: the defender secures the second.
    let three = [space_with(0, 1), space_with(0, 1), space_with(0, 1)];
    assert_eq!(leaf_eyes(&three, false), 1);
    assert_eq!(leaf_eyes(&three, true), 2);
}

#[test]
fn a_ko_the_defender_can_never_end_is_no_life() {
    // One real eye at B2; the second "eye" at D1 needs the black stone E1, which white
    // captures at D1 as a ko. Black may retake after a threat, but E1 can never be made
    // safe, so white takes the ko back later: the capture kills outright (WIN, not a ko).
    let mut b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O O . . .",
        "X X X X O O . . .",
        "X . X X O O . . .",
        "X X X . X O . . .",
    ]);
    let d: Vec<Point> = black_stones(&b)
        .into_iter()
        .filter(|&p| p != pt(&b, "E1"))
        .collect();
    let d1 = pt(&b, "D1");
    assert_eq!(unchanged(&mut b, |b| owl().does_attack(b, d1, &d)), WIN);
    b.play(Move::Play(d1), Color::White).unwrap();
    // Black's retake at E1 is forbidden now and does not help after a threat either.
    assert_eq!(b.ko_point().map(|(p, _)| p), Some(pt(&b, "E1")));
    assert_eq!(unchanged(&mut b, |b| owl().defend(b, &d)).0, 0);
}

#[test]
fn a_passed_deadline_stops_the_reading_and_a_distant_one_changes_nothing() {
    let mut b = setup(&STRAIGHT_FOUR);
    let d = black_stones(&b);
    let with_deadline = |deadline| {
        Owl::new(OwlOptions {
            deadline,
            ..OwlOptions::default()
        })
    };
    let mut unbounded = owl();
    let full = unchanged(&mut b, |b| unbounded.status(b, &d));
    let mut distant = with_deadline(Some(Instant::now() + std::time::Duration::from_secs(3600)));
    assert_eq!(unchanged(&mut b, |b| distant.status(b, &d)), full);
    assert_eq!(distant.nodes(), unbounded.nodes());
    let mut passed = with_deadline(Some(Instant::now()));
    unchanged(&mut b, |b| passed.status(b, &d));
    assert!(
        passed.nodes() * 4 < unbounded.nodes(),
        "{} nodes after the deadline, {} without",
        passed.nodes(),
        unbounded.nodes()
    );
}

#[test]
fn a_result_read_deeper_is_not_reused_nearer_the_root() {
    // A stone thrown in and taken brings a position back two moves deeper, where the search
    // is narrower: that verdict must not answer the same position nearer the root.
    let mut o = owl();
    o.tt_put(0xfeed, WIN, Point::NONE, 3);
    assert_eq!(
        o.tt_get(0xfeed, 1),
        None,
        "read at depth 3, asked at depth 1"
    );
    assert_eq!(o.tt_get(0xfeed, 3), Some((WIN, Point::NONE)));
    assert_eq!(
        o.tt_get(0xfeed, 6),
        Some((WIN, Point::NONE)),
        "a deeper node may use it"
    );
}

/// A stand-in move model that likes one point ten times more than any other.
struct Likes(Point);

impl MoveLikelihood for Likes {
    fn likelihood(&self, _: &mut Board, p: Point, _: Color) -> f32 {
        if p == self.0 { 10.0 } else { 1.0 }
    }
}

fn owl_liking(p: Point) -> Owl {
    let mut o = owl();
    o.set_likelihood(Some(Box::leak(Box::new(Likes(p)))));
    o
}

#[test]
fn the_root_tries_the_likelier_attack_first_after_the_vital_point() {
    // Straight three: the placement at its middle leaves a dead shape and goes first
    // whatever the model says; two distant moves that change nothing are ordered by it.
    let mut b = setup(&STRAIGHT_THREE);
    let d = black_stones(&b);
    let (c4, h8, j8) = (pt(&b, "C4"), pt(&b, "H8"), pt(&b, "J8"));
    let moves: Candidates = vec![(h8, 10), (j8, 10), (c4, 10)];
    for liked in [h8, j8] {
        let mut o = owl_liking(liked);
        assert!(o.start(&b, &d));
        let order: Vec<Point> = unchanged(&mut b, |b| {
            o.order_attacks_by_vital_points(b, moves.clone(), 0)
        })
        .into_iter()
        .map(|m| m.0)
        .collect();
        let other = if liked == h8 { j8 } else { h8 };
        assert_eq!(order, vec![c4, liked, other], "the model likes {liked:?}");
    }
    // Below the root the generators' order stands.
    let mut o = owl_liking(j8);
    assert!(o.start(&b, &d));
    let below: Vec<Point> = o
        .order_attacks_by_vital_points(&mut b, moves.clone(), 1)
        .into_iter()
        .map(|m| m.0)
        .collect();
    assert_eq!(below, vec![c4, h8, j8]);
}

#[test]
fn the_root_tries_the_attackers_key_move_then_the_likelier_defence() {
    let mut b = setup(&STRAIGHT_FOUR);
    let (c4, d4, h8, j8) = (pt(&b, "C4"), pt(&b, "D4"), pt(&b, "H8"), pt(&b, "J8"));
    let list: Candidates = vec![(c4, 100), (h8, 50), (d4, 40), (j8, 30)];
    let mut o = owl_liking(j8);
    o.root_hint = d4;
    let mut ordered = list.clone();
    o.order_defences_by_model(&mut b, &mut ordered);
    let order: Vec<Point> = ordered.iter().map(|m| m.0).collect();
    // The key move, the liked move, then the rest in their old order (equal likelihood).
    assert_eq!(order, vec![d4, j8, c4, h8]);
    // Without a model nothing moves.
    let mut plain = owl();
    plain.root_hint = d4;
    let mut kept = list.clone();
    plain.order_defences_by_model(&mut b, &mut kept);
    assert_eq!(kept, list);
}

#[test]
fn a_success_gives_way_to_the_likelier_move_only_when_that_works_too() {
    // Straight three: only the middle kills; the model's favourite, a distant move, is read
    // and fails, so the middle stays the answer.
    let mut b = setup(&STRAIGHT_THREE);
    let d = black_stones(&b);
    let (c4, h8) = (pt(&b, "C4"), pt(&b, "H8"));
    let mut o = owl_liking(h8);
    assert!(o.start(&b, &d));
    let answer = unchanged(&mut b, |b| o.likelier_success(b, &[(h8, 10)], true, c4));
    assert_eq!(answer, c4);
    // A two-point eye space is dead whatever the attacker plays: the liked move works as
    // well as the placement, and is named.
    let mut dead = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        "O O O O O . . . .",
        "X X X X O . . . .",
        "X . . X O . . . .",
        "X X X X O . . . .",
        "O O O O O . . . .",
        ". . . . . . . . .",
    ]);
    let d = black_stones(&dead);
    let b4 = pt(&dead, "B4");
    let mut o = owl_liking(h8);
    assert!(o.start(&dead, &d));
    let answer = unchanged(&mut dead, |b| o.likelier_success(b, &[(h8, 10)], true, b4));
    assert_eq!(answer, h8);
    // Not read when the model does not prefer it.
    let mut o = owl_liking(b4);
    assert!(o.start(&dead, &d));
    let nodes = o.nodes();
    assert_eq!(o.likelier_success(&mut dead, &[(h8, 10)], true, b4), b4);
    assert_eq!(o.nodes(), nodes, "nothing read");
}

/// White's six stones from M14 to N17 in atari at L14 (from a game against GNU Go, move 48;
/// the rest of the board cleared): the extension runs into a ladder that takes them at the
/// edge, a dozen moves on, deeper than the owl reads, through open ground that makes every
/// step look escaped. GNU Go 3.8: `owl_defend M14` 0; after White L14, `owl_attack M14` K14.
const LADDER_DEAD_CHAIN: [&str; 19] = [
    ". . . . . . . . . . . . . . . O . . .",
    ". . . . . . . . . . . . . X O . O O .",
    ". . . . . . . . . . . . X O X O O X .",
    ". . . . . . . . . . . X O O X X X . X",
    ". . . . . . . . . . X O O X . . O X .",
    ". . . . . . . . . . . O X . . . O . .",
    ". . . . . . . . . . . X . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
    ". . . . . . . . . . . . . . . . . . .",
];

#[test]
fn a_main_string_caught_in_a_ladder_is_dead_however_open_its_path() {
    let mut b = setup(&LADDER_DEAD_CHAIN);
    let m14 = pt(&b, "M14");
    let chain: Vec<Point> = b.string_stones(m14).collect();
    assert_eq!(chain.len(), 6);
    assert_eq!(unchanged(&mut b, |b| owl().defend(b, &chain)).0, 0);
    b.play(Move::Play(pt(&b, "L14")), Color::White).unwrap();
    let chain: Vec<Point> = b.string_stones(m14).collect();
    assert_eq!(owl().attack(&mut b, &chain), (WIN, Some(pt(&b, "K14"))));
}
