use super::*;

#[test]
fn report_on_the_shipped_position() {
    let game = sgf::load(SHIPPED_POSITION, Until::End, 7.5).unwrap();
    let text = report(&game, SHIPPED_NAME, None, &ScoringOptions::default());
    // The seki, the two dead stones and GNU Go's score are all in it.
    assert!(text.contains("Japanese, GNU Go's default  W+1.5"), "{text}");
    insta::assert_snapshot!(text);
}
