use super::*;

use crate::play::movegen::{Decision, GenOptions, MoveGenerator};
use crate::tactics::pattern_view::NoPatterns;
use crate::test_util::{pt, setup};

fn candidate(p: Point, value: f32) -> ValuedMove {
    ValuedMove {
        point: p,
        value,
        reasons: 0,
    }
}

/// Komi −4.5: in the race position Black, having won the race, wins the game unless
/// White takes most of the neutral column.
fn settings(seed: u64) -> SearchSettings<'static> {
    SearchSettings {
        playouts: 2000,
        komi: -4.5,
        seed,
        with_pass: false,
        deadline: None,
        threads: 1,
        predictor: None,
        root_model_share: 2.0 / 3.0,
        model_prior_wins: 0.0,
        root_rave_equivalence: RAVE_EQUIVALENCE,
        root_virtual_wins: false,
        opening: false,
        shapes: PlayoutShapes::none(),
        territory: false,
        score_share: 0.0,
        last_good_replies: false,
        urgent_dragons: true,
    }
}

/// Columns B (Black) and C (White) race with one liberty each, at B1 and C1; whoever
/// moves first wins it. The right side is White's, alive with eyes, so losing the race
/// loses the game; winning it leaves the neutral column E to decide.
fn capturing_race() -> Board {
    setup(&[
        "O X O X . O O O O",
        "O X O X . O O . O",
        "O X O X . O O O O",
        "O X O X . O O O .",
        "O X O X . O O O O",
        "O X O X . O . O O",
        "O X O X . O O O O",
        "O X O X . O O . O",
        ". . . X . O O O O",
    ])
}

/// The race position's candidates: the prior says the quiet moves in the neutral column
/// are best, the liberties of the race worst.
fn race_candidates(b: &Board) -> [ValuedMove; 4] {
    [
        candidate(pt(b, "E5"), 6.0),
        candidate(pt(b, "E3"), 5.0),
        candidate(pt(b, "B1"), 1.0),
        candidate(pt(b, "C1"), 1.0),
    ]
}

#[test]
fn wins_a_capturing_race_the_classical_values_rank_low() {
    let mut b = capturing_race();
    assert_eq!(b.libs(pt(&b, "B5")), 1);
    assert_eq!(b.libs(pt(&b, "C5")), 1);
    let (b1, c1, e5) = (pt(&b, "B1"), pt(&b, "C1"), pt(&b, "E5"));
    let candidates = race_candidates(&b);
    let before = b.hash();
    let result = search(&mut b, Color::Black, &candidates, &settings(3));
    assert_eq!(b.hash(), before, "the search leaves the board as it was");
    assert_eq!(result.playouts, 2000);
    let best = result.best().unwrap();
    assert!(
        best.mv == Move::Play(c1) || best.mv == Move::Play(b1),
        "{:?}",
        result.arms
    );
    let quiet = result.arms.iter().find(|a| a.mv == Move::Play(e5)).unwrap();
    assert!(
        best.win_rate() > quiet.win_rate() + 0.1,
        "{:?}",
        result.arms
    );
}

#[test]
fn the_same_seed_gives_the_same_search() {
    let mut b = capturing_race();
    let candidates: Vec<ValuedMove> = ["E5", "E3", "B1", "C1", "E7"]
        .iter()
        .map(|v| candidate(pt(&b, v), 1.0))
        .collect();
    let first = search(&mut b, Color::Black, &candidates, &settings(9));
    let second = search(&mut b, Color::Black, &candidates, &settings(9));
    assert_eq!(first.arms, second.arms);
}

#[test]
fn never_fills_its_own_eyes_while_dame_remain() {
    // Both sides alive with two eyes; the middle row is dame.
    let rows = [
        ". X . X X",
        "X X X X X",
        ". . . . .",
        "O O O O O",
        "O . O . O",
    ];
    for seed in 0..4 {
        let mut b = setup(&rows);
        let generator = MoveGenerator::new(
            &NoPatterns,
            GenOptions {
                seed,
                level: 3,
                ..GenOptions::default()
            },
        );
        let choice = generator.generate(&mut b, Color::Black, 0.5, None);
        for eye in ["A5", "C5"] {
            assert_ne!(choice.decision, Decision::Play(pt(&b, eye)), "seed {seed}");
        }
        assert_ne!(choice.decision, Decision::Resign);
    }
}

#[test]
fn two_threads_find_the_race_and_repeat_themselves() {
    let b = capturing_race();
    let (b1, c1) = (pt(&b, "B1"), pt(&b, "C1"));
    let candidates: Vec<ValuedMove> = ["E5", "E3", "B1", "C1", "E7"]
        .iter()
        .map(|v| candidate(pt(&b, v), 1.0))
        .collect();
    let mut s = settings(5);
    s.threads = 2;
    let first = search_parallel(&b, Color::Black, &candidates, &s, &[]);
    assert_eq!(
        first.playouts, 2000,
        "the playouts are shared out, not multiplied"
    );
    let best = first.best().unwrap().mv;
    assert!(
        best == Move::Play(b1) || best == Move::Play(c1),
        "{:?}",
        first.arms
    );
    let visits: u32 = first.arms.iter().map(|a| a.visits).sum();
    assert_eq!(visits as usize, first.playouts);
    let second = search_parallel(&b, Color::Black, &candidates, &s, &[]);
    assert_eq!(first.arms, second.arms, "threads merge in a fixed order");
}

#[test]
fn the_tree_search_plays_a_legal_move_on_19x19_with_threads() {
    let mut b = Board::new(19).unwrap();
    for (i, v) in ["Q16", "D4", "Q4", "D16", "R10"].iter().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let p = pt(&b, v);
        b.play_unchecked(p, c);
    }
    for threads in [1, 2] {
        let generator = MoveGenerator::new(
            &NoPatterns,
            GenOptions {
                level: 1,
                threads,
                ..GenOptions::default()
            },
        );
        let choice = generator.generate(&mut b, Color::White, 6.5, None);
        let Decision::Play(p) = choice.decision else {
            panic!("threads {threads}: {:?}", choice.decision)
        };
        assert!(b.is_legal_simple(p, Color::White), "threads {threads}");
        assert!(
            choice.ranked[0].reasons & crate::play::movegen::reason::LOOKAHEAD != 0,
            "the tree search decided"
        );
    }
}

#[test]
fn the_next_search_keeps_the_visits_under_the_moves_played() {
    let mut b = capturing_race();
    let candidates: Vec<ValuedMove> = ["E5", "E3", "B1", "C1", "E7"]
        .iter()
        .map(|v| candidate(pt(&b, v), 1.0))
        .collect();
    let first = search(&mut b, Color::Black, &candidates, &settings(4));
    let Move::Play(ours) = first.best().unwrap().mv else {
        panic!("{:?}", first.arms)
    };
    let saved = &first.trees[0];
    assert_eq!(saved.visits() as usize, first.playouts);
    b.play_unchecked(ours, Color::Black);
    // White's reply: the one the tree explored most.
    let replies: Vec<Point> = ["E5", "E3", "E7", "F5", "D5"]
        .iter()
        .map(|v| pt(&b, v))
        .filter(|&p| b.is_legal_simple(p, Color::White))
        .collect();
    let reply = replies[0];
    b.play_unchecked(reply, Color::White);
    let next: Vec<ValuedMove> = b
        .empty_points()
        .iter()
        .filter(|&&p| b.is_legal_simple(p, Color::Black))
        .map(|&p| candidate(p, 1.0))
        .collect();
    let mut none = settings(4);
    none.playouts = 0;
    let kept = search_from(&mut b, Color::Black, &next, &none, Some(saved));
    let visits: u32 = kept.arms.iter().map(|a| a.visits).sum();
    assert!(visits > 0, "the subtree's visits are kept: {:?}", kept.arms);
    assert!((visits as usize) < first.playouts);
    let fresh = search_from(&mut b, Color::Black, &next, &none, None);
    assert_eq!(fresh.arms.iter().map(|a| a.visits).sum::<u32>(), 0);
    // A position the tree does not lead to keeps nothing.
    let other = capturing_race();
    let unrelated = search_from(
        &mut other.clone(),
        Color::Black,
        &candidates,
        &none,
        Some(saved),
    );
    assert_eq!(unrelated.arms.iter().map(|a| a.visits).sum::<u32>(), 0);
}

#[test]
fn root_priors_count_most_in_the_opening_of_a_big_board() {
    // 9×9: the playouts judge from the first move on; the prior's weight never changes.
    let small = Board::new(9).unwrap();
    assert_eq!(root_prior_visits(&small, false), PRIOR_VISITS);
    assert_eq!(root_prior_visits(&small, true), PRIOR_VISITS);
    // 19×19: more than on 9×9, and far more while a corner is empty.
    let big = Board::new(19).unwrap();
    let later = root_prior_visits(&big, false);
    let opening = root_prior_visits(&big, true);
    assert!(later > 4.0 * PRIOR_VISITS, "{later}");
    assert!(opening > 4.0 * later, "{opening} against {later}");
}

#[test]
fn at_the_root_the_models_virtual_wins_come_beside_the_classical_prior() {
    let classical = (0.45, 44.0);
    // A candidate the model ignores keeps about its classical prior, pulled a little toward
    // even; its classical playouts still count.
    let (ignored, ignored_visits) = root_prior_with_virtual_wins(classical, 0.0, 300.0);
    assert!((ignored - 0.46).abs() < 0.01, "{ignored}");
    assert_eq!(ignored_visits, 44.0 + EVEN_PRIOR_VISITS);
    // The model's favourite (a seventh of its weight among a hundred candidates) starts far
    // above any classical prior (at most 0.55), over more than twice the virtual playouts:
    // the all-moves-as-first samples of the root no longer wipe it out at once.
    let (favourite, favourite_visits) = root_prior_with_virtual_wins(classical, 0.14, 300.0);
    assert!(favourite > 0.75, "{favourite}");
    assert!(favourite_visits > 2.0 * 44.0, "{favourite_visits}");
    // More probability, more weight: the order of the model is kept.
    let mut last = (0.0, 0.0);
    for p in [0.001, 0.01, 0.05, 0.2, 0.5] {
        let now = root_prior_with_virtual_wins(classical, p, 300.0);
        assert!(
            now.0 > last.0 && now.1 > last.1,
            "{p}: {now:?} after {last:?}"
        );
        last = now;
    }
    // The classical value still separates two moves the model weighs alike.
    let better = root_prior_with_virtual_wins((0.55, 44.0), 0.05, 300.0);
    let worse = root_prior_with_virtual_wins((0.30, 44.0), 0.05, 300.0);
    assert!(better.0 > worse.0 + 0.05, "{better:?} {worse:?}");
}

#[test]
fn under_territory_counting_an_area_win_by_half_a_point_is_a_coin_toss() {
    // Komi 6.5, equal stones placed, Black to move: Black places the last stone or not, so
    // an area margin of 7 (0.5 after komi) is a territory margin of 7 or 6.
    assert_eq!(black_value(0.5, false, 0, true), 1.0);
    assert_eq!(black_value(0.5, true, 0, true), 0.5);
    assert_eq!(black_value(2.5, true, 0, true), 1.0);
    assert_eq!(black_value(-0.5, true, 0, true), 0.0);
    // White to move with Black one stone ahead: the same band.
    assert_eq!(black_value(0.5, true, 1, false), 0.5);
    assert_eq!(black_value(1.5, true, 1, false), 1.0);
    // Black three stones ahead (handicap), Black to move: the band moves by three.
    assert_eq!(black_value(3.5, true, 3, true), 0.5);
    assert_eq!(black_value(2.5, true, 3, true), 0.0);
    assert_eq!(black_value(4.5, true, 3, true), 1.0);
}

#[test]
fn under_territory_counting_a_seki_eye_is_no_point() {
    // seki.tst's seki07 after W B1, at a playout's end: the corner is a seki (A1 and D1
    // shared) and A3 Black's eye in it, which area counts and territory does not.
    let end = setup(&[
        "X X X X X X X X X",
        "O X O X X X X X X",
        "O O O X X X . X X",
        "O . O X O X X X .",
        "O O O X O O X X X",
        "X X O O O O O O O",
        ". X X X O . O O O",
        "X O X X X O O O O",
        ". O O . X O O . O",
    ]);
    let area = end.area_score();
    let area_margin = area.black as f32 - area.white as f32 - 5.5;
    assert_eq!(playout_area_margin(&end, &end, 5.5, false), area_margin);
    assert_eq!(
        playout_area_margin(&end, &end, 5.5, true),
        area_margin - 1.0
    );
    // A playout that filled the eye after it began: the same point off.
    let start = end.clone();
    let mut filled = end.clone();
    filled
        .play(Move::Play(pt(&filled, "A3")), Color::Black)
        .unwrap();
    assert_eq!(
        playout_area_margin(&filled, &start, 5.5, true),
        area_margin - 1.0
    );
}

#[test]
fn a_jigo_is_half_a_win_for_each_side() {
    // Integer komi: an area margin of exactly 0 is a draw, not a win for White.
    assert_eq!(black_value(0.0, false, 0, true), 0.5);
    assert_eq!(black_value(1.0, false, 0, true), 1.0);
    assert_eq!(black_value(-1.0, false, 0, true), 0.0);
    // Under territory counting, Black to move with equal stones: the area margin 1 is a
    // territory margin of 1 or 0 (a win or a jigo), the margin 0 one of 0 or −1.
    assert_eq!(black_value(1.0, true, 0, true), 0.75);
    assert_eq!(black_value(0.0, true, 0, true), 0.25);
    assert_eq!(black_value(2.0, true, 0, true), 1.0);
}

#[test]
fn a_playouts_score_separates_wins_by_their_margin_and_never_outweighs_the_win() {
    // 9×9 (81 points): gains count up to ±8.1.
    let value =
        |margin: f32, expected: f32| playout_value(margin, false, 0, true, 0.05, expected, 81);
    assert!(
        value(6.5, 0.0) > value(1.5, 0.0),
        "a bigger win is worth more"
    );
    assert!(
        value(-6.5, 0.0) < value(-1.5, 0.0),
        "a bigger loss is worth less"
    );
    assert!(
        value(0.5, 0.0) > value(-0.5, 0.0) + 0.9,
        "the win still decides"
    );
    assert_eq!(
        value(40.5, 0.0),
        value(20.5, 0.0),
        "far beyond the expectation: flat"
    );
    assert!(value(40.5, -40.0) <= 1.0 && value(-40.5, 40.0) >= 0.0);
    // Counted from the expected margin: in a game lost by about 30, losing by 25 is better
    // than losing by 35, though both are far beyond a tenth of the board.
    assert!(value(-25.5, -30.0) > value(-35.5, -30.0));
    // Without a share, the win alone.
    assert_eq!(playout_value(6.5, false, 0, true, 0.0, 0.0, 81), 1.0);
    // Under territory counting the stones placed come off the margin: a stone in one's own
    // territory wins by less.
    let territory = |lead: i32| playout_value(6.5, true, lead, true, 0.05, 0.0, 81);
    assert!(territory(0) > territory(1));
}

#[test]
fn with_last_good_replies_the_search_still_wins_the_race_and_repeats_itself() {
    let mut b = capturing_race();
    let (b1, c1) = (pt(&b, "B1"), pt(&b, "C1"));
    let candidates = race_candidates(&b);
    let with_replies = SearchSettings {
        last_good_replies: true,
        ..settings(3)
    };
    let before = b.hash();
    let first = search(&mut b, Color::Black, &candidates, &with_replies);
    assert_eq!(b.hash(), before, "the search leaves the board as it was");
    let best = first.best().unwrap();
    assert!(
        best.mv == Move::Play(c1) || best.mv == Move::Play(b1),
        "{:?}",
        first.arms
    );
    let second = search(&mut b, Color::Black, &candidates, &with_replies);
    assert_eq!(first.arms, second.arms, "the same seed, the same replies");
    let without = search(&mut b, Color::Black, &candidates, &settings(3));
    assert_ne!(first.arms, without.arms, "the replies change the playouts");
}

/// A root arm with `visits` playouts won at `rate`, no prior, and classical value `value`.
fn arm(mv: Move, visits: u32, rate: f32, value: f32) -> ArmStats {
    ArmStats {
        mv,
        visits,
        wins: rate * visits as f32,
        rave_visits: 0,
        rave_wins: 0.0,
        prior: 0.5,
        prior_visits: 0.0,
        value,
    }
}

fn result_of(arms: Vec<ArmStats>) -> SearchResult {
    SearchResult {
        arms,
        playouts: 0,
        ownership: Box::new([0.0; NUM_CELLS]),
        nodes: 0,
        trees: Vec::new(),
    }
}

#[test]
fn arms_equal_within_noise_are_decided_by_size() {
    let b = Board::new(19).unwrap();
    let (centre, corner, side) = (pt(&b, "K10"), pt(&b, "Q16"), pt(&b, "R10"));
    // 400 and 300 playouts at 0.51 and 0.50: one standard error of the difference is 0.038.
    let r = result_of(vec![
        arm(Move::Play(centre), 400, 0.51, 18.0),
        arm(Move::Play(corner), 300, 0.50, 24.0),
        arm(Move::Play(side), 350, 0.505, 20.0),
    ]);
    assert_eq!(r.choice(TieBreak::Size).unwrap().mv, Move::Play(corner));
    assert_eq!(r.choice(TieBreak::Visits).unwrap().mv, Move::Play(centre));
    assert_eq!(r.best().unwrap().mv, Move::Play(centre));
}

#[test]
fn a_clearly_better_or_barely_searched_arm_is_not_overruled_by_size() {
    let b = Board::new(19).unwrap();
    let (fight, big) = (pt(&b, "K10"), pt(&b, "Q16"));
    // 5,000 and 2,000 playouts at 0.60 and 0.50: ten standard errors apart.
    let clear = result_of(vec![
        arm(Move::Play(fight), 5000, 0.60, 10.0),
        arm(Move::Play(big), 2000, 0.50, 30.0),
    ]);
    assert_eq!(clear.choice(TieBreak::Size).unwrap().mv, Move::Play(fight));
    // As good, but looked at in fewer than a tenth of the top arm's playouts.
    let unexplored = result_of(vec![
        arm(Move::Play(fight), 5000, 0.50, 10.0),
        arm(Move::Play(big), 400, 0.50, 30.0),
    ]);
    assert_eq!(
        unexplored.choice(TieBreak::Size).unwrap().mv,
        Move::Play(fight)
    );
    // A most visited pass stays, and a pass is never picked for size.
    let pass_first = result_of(vec![
        arm(Move::Pass, 800, 0.50, f32::NEG_INFINITY),
        arm(Move::Play(big), 700, 0.50, 30.0),
    ]);
    assert_eq!(pass_first.choice(TieBreak::Size).unwrap().mv, Move::Pass);
    let pass_second = result_of(vec![
        arm(Move::Play(fight), 800, 0.50, 10.0),
        arm(Move::Pass, 700, 0.50, f32::NEG_INFINITY),
    ]);
    assert_eq!(
        pass_second.choice(TieBreak::Size).unwrap().mv,
        Move::Play(fight)
    );
}

#[test]
fn arms_equal_within_noise_can_be_decided_by_the_prior() {
    let b = Board::new(19).unwrap();
    let (centre, approach, big) = (pt(&b, "K10"), pt(&b, "R14"), pt(&b, "H12"));
    let with_prior = |mv, visits, rate, value, prior| ArmStats {
        prior,
        ..arm(mv, visits, rate, value)
    };
    // The position after four corner stones: the most visited arm is the centre by chance,
    // the model's approach has a third of its playouts at a win rate within noise.
    let r = result_of(vec![
        with_prior(Move::Play(centre), 740, 0.507, 22.9, 0.40),
        with_prior(Move::Play(big), 500, 0.505, 27.9, 0.45),
        with_prior(Move::Play(approach), 250, 0.49, 4.4, 0.60),
        with_prior(Move::Pass, 400, 0.50, f32::NEG_INFINITY, 0.9),
    ]);
    assert_eq!(r.choice(TieBreak::Prior).unwrap().mv, Move::Play(approach));
    assert_eq!(r.choice(TieBreak::Size).unwrap().mv, Move::Play(big));
    assert_eq!(r.choice(TieBreak::Visits).unwrap().mv, Move::Play(centre));
    // Ten standard errors behind, the prior does not help.
    let clear = result_of(vec![
        with_prior(Move::Play(centre), 5000, 0.60, 22.9, 0.40),
        with_prior(Move::Play(approach), 2000, 0.50, 4.4, 0.60),
    ]);
    assert_eq!(
        clear.choice(TieBreak::Prior).unwrap().mv,
        Move::Play(centre)
    );
}

#[test]
fn the_models_prior_counts_as_virtual_wins_growing_with_the_root_of_its_probability() {
    // An unlikely move starts even over the even visits alone.
    let (rate, visits) = model_prior(0.0, 250.0, 300.0);
    assert_eq!((rate, visits), (0.5, EVEN_PRIOR_VISITS));
    // A quarter of the model's weight: 150 virtual wins on top of 20 even playouts.
    let (rate, visits) = model_prior(0.25, 250.0, 300.0);
    assert!((visits - 170.0).abs() < 1e-3, "{visits}");
    assert!((rate - 160.0 / 170.0).abs() < 1e-5, "{rate}");
    // Likelier moves start higher and weigh more: progressive widening takes the children
    // in the order of their prior win rate, which must be the model's order.
    let mut last = (0.0, 0.0);
    for p in [0.0001, 0.001, 0.01, 0.1, 0.5, 1.0] {
        let now = model_prior(p, 250.0, 300.0);
        assert!(
            now.0 > last.0 && now.1 > last.1,
            "{p}: {now:?} after {last:?}"
        );
        last = now;
    }
    // Without virtual wins the older ratio rule holds, over the common prior visits.
    assert_eq!(
        model_prior(0.02, 250.0, 0.0),
        (predicted_prior(0.02 * 250.0), PRIOR_VISITS)
    );
}

#[test]
fn ownership_counted_eight_points_a_step_agrees_with_a_count_point_by_point() {
    let sizes: Vec<usize> = (crate::board::MIN_SIZE..=crate::board::MAX_SIZE).collect();
    crate::test_util::along_playouts(&sizes, 1, 2, 31, |b| {
        for us in [Color::Black, Color::White] {
            let mut owned = [0u32; NUM_CELLS];
            count_ownership(b, us, &mut owned);
            let mut want = [0u32; NUM_CELLS];
            for p in b.points() {
                let ours = match b.color_at(p) {
                    Some(c) => c == us,
                    None => {
                        let around: Vec<Color> = p
                            .neighbors()
                            .iter()
                            .filter_map(|&q| b.color_at(q))
                            .collect();
                        around.contains(&us) && !around.contains(&us.opponent())
                    }
                };
                want[p.index()] += u32::from(ours);
            }
            assert_eq!(owned, want, "{us:?}\n{b:?}");
        }
    });
}

#[test]
fn a_move_deciding_a_big_critical_dragon_starts_with_the_favourites_virtual_wins() {
    // The model likes moves next to a stone (the favourite D3, beside C3) and ignores the
    // open points G8 and H2; the owl's move G8 saves a big critical dragon.
    let b = setup(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . O . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let mut model = MovePredictor::neutral();
    for level in 1..=3 {
        model.set_feature(crate::play::prior::Feature::NearestStone, level, 40.0);
    }
    let (d3, g8, h2) = (pt(&b, "D3"), pt(&b, "G8"), pt(&b, "H2"));
    let mut owl_move = candidate(g8, 5.0);
    owl_move.reasons = reason::DEFEND | reason::DRAGON;
    let candidates = [candidate(d3, 5.0), owl_move, candidate(h2, 5.0)];
    let run = |urgent_dragons: bool| {
        let settings = SearchSettings {
            playouts: 1,
            predictor: Some(&model),
            model_prior_wins: 300.0,
            root_virtual_wins: true,
            urgent_dragons,
            ..settings(1)
        };
        let result = search(&mut b.clone(), Color::Black, &candidates, &settings);
        let arm = |p: Point| *result.arm(Move::Play(p)).unwrap();
        (arm(d3), arm(g8), arm(h2))
    };
    let (favourite, urgent, plain) = run(true);
    assert!(
        favourite.prior_visits > plain.prior_visits + 50.0,
        "the model prefers D3: {favourite:?} {plain:?}"
    );
    assert_eq!(
        (urgent.prior, urgent.prior_visits),
        (favourite.prior, favourite.prior_visits),
        "the dragon's move weighs as the favourite"
    );
    // Without the rule the owl's move is one more open point.
    let (_, unmarked, plain) = run(false);
    assert_eq!(
        (unmarked.prior, unmarked.prior_visits),
        (plain.prior, plain.prior_visits)
    );
    // The shares: only the marked candidates rise, to the favourite's.
    assert_eq!(
        urgent_shares(&[0.5, 0.1, 0.2], &[false, true, false]),
        vec![0.5, 0.5, 0.2]
    );
}
