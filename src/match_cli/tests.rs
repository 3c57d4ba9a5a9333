use super::*;

#[test]
fn wilson_interval_matches_known_values() {
    let (lo, hi) = wilson_interval(25, 50);
    assert!(
        (lo - 0.3664).abs() < 1e-3 && (hi - 0.6336).abs() < 1e-3,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson_interval(0, 10);
    assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
}

#[test]
fn time_control_parses_and_charges_canadian_byo_yomi() {
    let tc: TimeControl = "10+6/2".parse().unwrap();
    assert_eq!(
        tc,
        TimeControl {
            main: 10,
            period: 6,
            stones: 2
        }
    );
    assert!("10+6".parse::<TimeControl>().is_err());
    assert!("10+6/0".parse::<TimeControl>().is_err());
    let mut c = Clock::new(tc);
    assert!(c.charge(tc, 9.0));
    assert!(c.charge(tc, 3.0), "overrun moves into byo-yomi");
    assert_eq!(c.stones, 1);
    assert!(c.charge(tc, 2.0), "period renewed after its stones");
    assert_eq!((c.seconds, c.stones), (6.0, 2));
    assert!(!c.charge(tc, 7.0));
}

#[test]
fn median_and_winner() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    assert_eq!(winner_of("W+3.5"), Some(Color::White));
    assert_eq!(winner_of("B+R"), Some(Color::Black));
    assert_eq!(winner_of("0"), None);
}

#[test]
fn per_game_json_reads_back_and_shards_parse() {
    let records = vec![
        (
            0,
            GameRecord {
                tesuji_color: Color::Black,
                winner: Some(Color::Black),
                outcome: Outcome::Scored {
                    result: "B+3.5".into(),
                    scorer: "gnugo \"x\"".into(),
                },
                moves: 120,
                move_times: [vec![0.5, 1.25], vec![0.01]],
            },
        ),
        (
            1,
            GameRecord {
                tesuji_color: Color::White,
                winner: Some(Color::Black),
                outcome: Outcome::Crashed(Color::White, "broken\npipe".into()),
                moves: 7,
                move_times: [vec![], vec![2.0]],
            },
        ),
        (
            2,
            GameRecord {
                tesuji_color: Color::Black,
                winner: Some(Color::White),
                outcome: Outcome::Resigned(Color::Black),
                moves: 200,
                move_times: [vec![1.0], vec![0.2]],
            },
        ),
    ];
    let text = to_json(&records);
    let back = from_json(&text).unwrap();
    assert_eq!(back.len(), 3);
    for ((g, a), (h, b)) in records.iter().zip(&back) {
        assert_eq!(g, h);
        assert_eq!(a.tesuji_color, b.tesuji_color);
        assert_eq!(a.winner, b.winner);
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.move_times, b.move_times);
    }
    let summary = summarize(&back.into_iter().map(|(_, r)| r).collect::<Vec<_>>());
    assert!(summary.starts_with("tesuji won 1 of 3 games"), "{summary}");
    assert!(summary.contains("crashes: 1 (tesuji 1)"), "{summary}");
    // Tesuji's own crash is a loss like any other: no forfeit line.
    assert!(!summary.contains("opponent's crash"), "{summary}");
    let mut forfeit = back_records(&text);
    forfeit[1].outcome = Outcome::Crashed(Color::Black, "closed".into());
    forfeit[1].winner = Some(Color::White);
    let summary = summarize(&forfeit);
    assert!(summary.starts_with("tesuji won 2 of 3 games"), "{summary}");
    assert!(
        summary.contains("without the 1 game(s) the opponent's crash ended: tesuji won 1 of 2"),
        "{summary}"
    );
    assert_eq!(parse_shard("2/3"), Ok((1, 3)));
    assert!(
        parse_shard("0/3").is_err() && parse_shard("4/3").is_err() && parse_shard("x").is_err()
    );
}

fn back_records(json: &str) -> Vec<GameRecord> {
    from_json(json)
        .unwrap()
        .into_iter()
        .map(|(_, r)| r)
        .collect()
}
