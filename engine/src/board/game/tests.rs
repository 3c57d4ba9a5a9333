use super::*;

fn names(size: usize, n: usize) -> String {
    Game::fixed_handicap_points(size, n)
        .unwrap()
        .into_iter()
        .map(|p| Vertex::from_point(p, size).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn fixed_handicap_matches_gnu_go_layouts() {
    // Each line as GNU Go 3.8 answers `fixed_handicap`.
    assert_eq!(names(19, 2), "Q16 D4");
    assert_eq!(names(19, 3), "D16 Q16 D4");
    assert_eq!(names(19, 5), "D16 Q16 K10 D4 Q4");
    assert_eq!(names(19, 6), "D16 Q16 D10 Q10 D4 Q4");
    assert_eq!(names(19, 7), "D16 Q16 D10 K10 Q10 D4 Q4");
    assert_eq!(names(19, 8), "D16 K16 Q16 D10 Q10 D4 K4 Q4");
    assert_eq!(names(19, 9), "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
    assert_eq!(names(13, 9), "D10 G10 K10 D7 G7 K7 D4 G4 K4");
    assert_eq!(names(9, 5), "C7 G7 E5 C3 G3");
    assert_eq!(names(7, 4), "C5 E5 C3 E3");
    assert_eq!(names(10, 4), "C8 H8 C3 H3");
    assert!(Game::fixed_handicap_points(10, 5).is_err());
    assert!(Game::fixed_handicap_points(6, 2).is_err());
    assert!(Game::fixed_handicap_points(19, 10).is_err());
    assert!(Game::fixed_handicap_points(19, 1).is_err());
}

#[test]
fn handicap_setup_gives_white_the_move_and_cannot_be_undone() {
    let mut g = Game::new(19, 0.5).unwrap();
    let pts = g.place_handicap(4).unwrap();
    assert_eq!(pts.len(), 4);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().empty_points().len(), 361 - 4);
    assert!(!g.undo(), "handicap stones are not moves");
    assert_eq!(g.place_handicap(2), Err(HandicapError::BoardNotEmpty));
    g.play(Move::Pass, Color::White).unwrap();
    assert!(g.undo());
    assert_eq!(g.to_move(), Color::White);
    g.clear();
    let a = Point::from_xy(0, 0);
    assert!(matches!(
        g.set_handicap_stones(&[a, a]),
        Err(HandicapError::Repeated(_))
    ));
    assert_eq!(g.board().empty_points().len(), 361);
}
