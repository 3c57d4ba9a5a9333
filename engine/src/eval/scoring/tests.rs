//! Small finished 9×9 positions; every expected status list and score was checked with
//! GNU Go 3.8 (`final_status_list`, `final_score`, default and `--chinese-rules`) on the
//! same stones, komi 5.5.
use super::*;
use crate::board::{Move, Vertex};
use crate::test_util::{pt, setup};

fn listed(b: &Board, fs: &FinalStatus, status: StoneStatus) -> Vec<String> {
    fs.strings_with(b, status)
        .into_iter()
        .map(|stones| {
            stones
                .iter()
                .map(|&p| Vertex::from_point(p, b.size()).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn score(b: &Board, rules: ScoringRules) -> String {
    let fs = final_status(b, Color::Black, &ScoringOptions::default());
    final_score(b, &fs, 5.5, rules).result_string()
}

const DEAD_INSIDE: [&str; 9] = [
    "X X X X O . . . .",
    ". . . X O . . . .",
    ". . . X O . . . .",
    ". . . X O . X . .",
    ". . . X O . . . .",
    ". . O X O . . . .",
    ". . . X O O O O O",
    ". . . X X X X X X",
    ". . . . . . . . .",
];

#[test]
fn lone_stones_inside_territory_are_dead_and_counted_twice() {
    let b = setup(&DEAD_INSIDE);
    let fs = final_status(&b, Color::Black, &ScoringOptions::default());
    assert_eq!(listed(&b, &fs, StoneStatus::Dead), ["G6", "C4"]);
    assert!(listed(&b, &fs, StoneStatus::Seki).is_empty());
    assert_eq!(fs.status(pt(&b, "E9")), Some(StoneStatus::Alive));
    assert_eq!(fs.status(pt(&b, "D2")), Some(StoneStatus::Alive));
    // Japanese: Black 29 empty + C4 as point and prisoner = 31; White 23 + 2 + 5.5.
    let s = final_score(&b, &fs, 5.5, ScoringRules::Japanese);
    assert_eq!((s.black.territory, s.black.dead_enemy_stones), (29, 1));
    assert_eq!((s.white.territory, s.white.dead_enemy_stones), (23, 1));
    assert_eq!(s.result_string(), "B+0.5");
    assert_eq!(score(&b, ScoringRules::Chinese), "B+5.5");
}

#[test]
fn seki_stones_and_their_eyes_score_nothing() {
    let b = setup(&[
        ". X . O . O X . .",
        "X X O O O O X . .",
        "O O O X X X X . .",
        "X X X X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let fs = final_status(&b, Color::Black, &ScoringOptions::default());
    assert_eq!(
        listed(&b, &fs, StoneStatus::Seki),
        ["B9 A8 B8", "D9 F9 C8 D8 E8 F8 A7 B7 C7"]
    );
    assert!(listed(&b, &fs, StoneStatus::Dead).is_empty());
    let dame: Vec<String> = empty_points_owned(&b, &fs, None)
        .into_iter()
        .map(|p| Vertex::from_point(p, 9).to_string())
        .collect();
    assert_eq!(dame, ["A9", "C9", "E9"]);
    assert_eq!(score(&b, ScoringRules::Japanese), "B+50.5");
    // Area: the seki stones count for their owners, their eyes for nobody.
    assert_eq!(score(&b, ScoringRules::Chinese), "B+54.5");
}

#[test]
fn dame_between_walls_is_nobodys() {
    let b = setup(&[
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . X .",
        ". . . X . O . . .",
        ". . O X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
        ". . . X . O . . .",
    ]);
    let fs = final_status(&b, Color::Black, &ScoringOptions::default());
    assert_eq!(listed(&b, &fs, StoneStatus::Dead), ["H6", "C4"]);
    let dame = empty_points_owned(&b, &fs, None);
    assert_eq!(dame.len(), 9);
    assert!(dame.iter().all(|p| p.xy().0 == 4), "the E column");
    assert_eq!(score(&b, ScoringRules::Japanese), "W+5.5");
    // Area: the nine dame are filled in turn, the side to move first (GNU Go 3.8's
    // --chinese-rules count: W+4.5 with Black to move, W+6.5 with White to move).
    assert_eq!(score(&b, ScoringRules::Chinese), "W+4.5");
    let fs = final_status(&b, Color::White, &ScoringOptions::default());
    let s = final_score(&b, &fs, 5.5, ScoringRules::Chinese);
    assert_eq!((s.white.dame_filled, s.black.dame_filled), (5, 4));
    assert_eq!(s.result_string(), "W+6.5");
}

#[test]
fn captures_during_the_game_are_prisoners_under_japanese_rules_only() {
    let mut b = setup(&DEAD_INSIDE);
    // White plays a stone in Black's area that Black captures: one prisoner for Black,
    // and the area count does not change.
    for (v, c) in [
        ("A1", Color::White),
        ("B1", Color::Black),
        ("A2", Color::Black),
    ] {
        b.play(Move::Play(pt(&b, v)), c).unwrap();
    }
    assert_eq!(b.captures(Color::Black), 1);
    let fs = final_status(&b, Color::White, &ScoringOptions::default());
    let japanese = final_score(&b, &fs, 5.5, ScoringRules::Japanese);
    // Two black stones now fill Black's own territory: 29 − 2 + 1 prisoner.
    assert_eq!(japanese.black.territory, 27);
    assert_eq!(japanese.black.captures, 1);
    assert_eq!(japanese.result_string(), "W+0.5");
    let chinese = final_score(&b, &fs, 5.5, ScoringRules::Chinese);
    assert_eq!(chinese.result_string(), "B+5.5");
}

#[test]
fn statuses_are_fixed_by_the_seed() {
    let b = setup(&DEAD_INSIDE);
    let opts = ScoringOptions {
        playouts: 64,
        ..ScoringOptions::default()
    };
    let a = final_status(&b, Color::Black, &opts);
    let c = final_status(&b, Color::Black, &opts);
    for p in b.points() {
        assert_eq!(a.ownership(p), c.ownership(p));
        assert_eq!(a.status(p), c.status(p));
    }
}

#[test]
fn every_stone_of_random_positions_gets_a_status_and_the_count_fits_the_board() {
    let mut policy = crate::board::playout::Playout::new(3);
    let opts = ScoringOptions {
        playouts: 32,
        ..ScoringOptions::default()
    };
    for size in [2, 3, 5, 7, 9, 13] {
        for moves in [0, 3, size * size / 2, size * size * 2] {
            let mut b = Board::new(size).unwrap();
            let mut color = Color::Black;
            for _ in 0..moves {
                match policy.choose_move(&b, color) {
                    Some(p) => b.play_unchecked(p, color),
                    None => b.pass(color),
                }
                color = color.opponent();
            }
            let fs = final_status(&b, color, &opts);
            for p in b.points() {
                assert_eq!(fs.status(p).is_some(), b.color_at(p).is_some(), "{p:?}");
                assert!((-1.0..=1.0).contains(&fs.ownership(p)));
            }
            let s = final_score(&b, &fs, 0.5, ScoringRules::Chinese);
            let area = s.points(Color::Black) + s.points(Color::White);
            assert!(area <= (size * size) as f32, "{area} on {size}x{size}");
            let dame = empty_points_owned(&b, &fs, None).len() as f32;
            let empties = b.empty_points().len() as f32;
            assert!(dame <= empties);
        }
    }
}

#[test]
fn unconditionally_alive_strings_are_never_overruled() {
    // Two real eyes each: Benson settles both groups before any playout.
    let b = setup(&[
        ". X . X O . O . .",
        "X X X X O O O O O",
        "X . X X O . O . O",
        "X X X X O O O O O",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let fs = final_status(&b, Color::Black, &ScoringOptions::default());
    for v in ["B9", "E9"] {
        assert_eq!(
            fs.source(pt(&b, v)),
            Some(StatusSource::Unconditional),
            "{v}"
        );
        assert_eq!(fs.status(pt(&b, v)), Some(StoneStatus::Alive), "{v}");
    }
}
