use super::*;
use crate::tactics::pattern_view::NoPatterns;

#[test]
fn no_joseki_database_means_no_moves() {
    let board = Board::new(19).unwrap();
    assert!(joseki_moves(&board, Color::Black, &NoPatterns).is_empty());
}
