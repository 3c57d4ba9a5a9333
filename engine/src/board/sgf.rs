//! SGF reading and writing on top of the `sgf-parse` crate.
//!
//! Reading follows GNU Go's `loadsgf`: the main line of the first game tree, setup stones
//! (AB/AW/AE) anywhere on it, and an optional stop "before move N" or "before the move at
//! vertex V". `sgf-parse` reports no positions, so a small scanner finds the line and column
//! of a structural error; semantic errors (moves off the board, illegal moves) name the move.

use crate::board::game::Game;
use crate::board::{Color, Move, Point, Vertex};
use sgf_parse::SgfNode;
use sgf_parse::go::{self, Prop};
use thiserror::Error;

/// A malformed or unplayable SGF file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfError {
    /// Syntax error at a 1-based line and column.
    #[error("{line}:{col}: {message}")]
    Syntax {
        line: usize,
        col: usize,
        message: String,
    },
    /// The file parses but cannot be set up (bad size, a move off the board, an illegal move).
    #[error("{0}")]
    Content(String),
}

/// Where loading stops (GNU Go's `loadsgf FILE [MOVE_NUMBER|VERTEX]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// Play the whole main line.
    End,
    /// Stop before move number N (moves counted from 1, passes included).
    BeforeMove(usize),
    /// Stop before the first move at this vertex.
    BeforeVertex(Vertex),
}

/// Reads an SGF file as text. Old files are often Latin-1 or another legacy encoding;
/// bytes that are not UTF-8 only ever occur in comments and names, so they are replaced.
pub fn read_file(path: impl AsRef<std::path::Path>) -> std::io::Result<String> {
    let bytes = std::fs::read(path)?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Parses SGF text into its game trees, with the same located syntax errors as [`load`].
/// For tools that walk every variation (the joseki importer) rather than the main line.
pub fn parse_trees(text: &str) -> Result<Forest, SgfError> {
    let trees = Forest(parse_checked(text)?);
    if trees.is_empty() {
        return Err(SgfError::Content("no game tree".into()));
    }
    Ok(trees)
}

/// How `AE` (remove stones) is treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmptySetup {
    /// As SGF defines it: the points become empty.
    Apply,
    /// As GNU Go 3.8's `loadsgf` does: ignored. Regression suites were written against GNU Go,
    /// whose positions keep the stones that game records remove with `AE` when scoring.
    IgnoreLikeGnuGo,
}

/// Parses SGF text and sets up the position of its main line. `komi` is used when the file
/// gives none.
pub fn load(text: &str, until: Until, komi: f32) -> Result<Game, SgfError> {
    load_with(text, until, komi, EmptySetup::Apply)
}

/// [`load`] with a choice of `AE` handling.
pub fn load_with(text: &str, until: Until, komi: f32, ae: EmptySetup) -> Result<Game, SgfError> {
    let trees = Forest(parse_checked(text)?);
    let root = trees
        .0
        .first()
        .ok_or_else(|| SgfError::Content("no game tree".into()))?;
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) if w == h => *w as usize,
        Some(Prop::SZ((w, h))) => {
            return Err(SgfError::Content(format!(
                "rectangular boards ({w}x{h}) are not supported"
            )));
        }
        _ => 19,
    };
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) => *k as f32,
        _ => komi,
    };
    let mut game = Game::new(size, komi).map_err(|e| SgfError::Content(e.to_string()))?;
    let mut move_number = 0usize;
    let mut next_player: Option<Color> = None;
    let has_handicap = match root.get_property("HA") {
        Some(Prop::HA(n)) if *n >= 2 => {
            game.set_handicap_count(*n as usize);
            true
        }
        _ => false,
    };
    for node in root.main_variation() {
        apply_setup(&mut game, node, ae)?;
        if let Some(Prop::PL(c)) = node.get_property("PL") {
            next_player = Some(match c {
                sgf_parse::Color::Black => Color::Black,
                sgf_parse::Color::White => Color::White,
            });
        }
        // A node may hold several moves (`B[tt]W[tt]` in old records): each counts, in order.
        for prop in node.properties() {
            let (color, mv) = match prop {
                Prop::B(m) => (Color::Black, m),
                Prop::W(m) => (Color::White, m),
                _ => continue,
            };
            move_number += 1;
            let mv = convert_move(mv, size).ok_or_else(|| {
                SgfError::Content(format!(
                    "move {move_number} ({prop}) is off the {size}x{size} board"
                ))
            })?;
            let stop = match until {
                Until::End => false,
                Until::BeforeMove(n) => move_number >= n,
                Until::BeforeVertex(v) => mv == Move::Play(v.to_point(size)),
            };
            if stop {
                game.set_to_move(color);
                return Ok(game);
            }
            game.play(mv, color).map_err(|e| {
                SgfError::Content(format!(
                    "move {move_number} ({} {}) is illegal: {e}",
                    color,
                    Vertex::format_move(mv, size)
                ))
            })?;
            next_player = None;
        }
    }
    // No move at the vertex: the whole main line is loaded, as GNU Go does.
    if let Some(c) = next_player {
        game.set_to_move(c);
    } else if move_number == 0 {
        // A handicap game with no moves yet: White moves (GNU Go's convention).
        game.set_to_move(if has_handicap {
            Color::White
        } else {
            Color::Black
        });
    }
    Ok(game)
}

/// Parses with GNU Go's leniency (see [`leniently`]). The structure is checked by our own
/// scanner first, so the parser only ever sees well-formed text: a tree it gives up on half
/// built would be dropped recursively, one stack frame a node.
fn parse_checked(text: &str) -> Result<Vec<SgfNode<Prop>>, SgfError> {
    let text = &leniently(text);
    if let Some((offset, message)) = scan_for_error(text) {
        return Err(position_error(text, offset, message));
    }
    go::parse(text).map_err(|e| locate_error(text, &e.to_string()))
}

/// Parsed game trees that are taken apart node by node when dropped: the default drop
/// recurses once per node of a line, and a long main line (a million nodes) would overflow
/// the stack. Read it as a slice of root nodes.
#[derive(Debug)]
pub struct Forest(Vec<SgfNode<Prop>>);

impl std::ops::Deref for Forest {
    type Target = [SgfNode<Prop>];
    fn deref(&self) -> &[SgfNode<Prop>] {
        &self.0
    }
}

impl Drop for Forest {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.0);
        while let Some(mut node) = stack.pop() {
            stack.append(&mut node.children);
        }
    }
}

/// GNU Go's reading of the SGF it is given, which old game records rely on: text before the
/// first game tree (a mail header, a byte-order mark) is skipped, and game trees still open at
/// the end of the file are closed. The prefix is blanked rather than cut, so error positions
/// stay those of the file.
fn leniently(text: &str) -> std::borrow::Cow<'_, str> {
    let start = first_game_tree(text).unwrap_or(0);
    let open = open_trees_at_end(&text[start..]);
    if start == 0 && open == 0 {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut fixed: String = text[..start]
        .chars()
        .map(|c| if c == '\n' { c } else { ' ' })
        .collect();
    fixed.push_str(&text[start..]);
    fixed.extend(std::iter::repeat_n(')', open));
    std::borrow::Cow::Owned(fixed)
}

/// Byte offset of the first `(` followed (after white space) by `;`.
fn first_game_tree(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().find_map(|(i, &b)| {
        (b == b'(' && bytes[i + 1..].iter().find(|c| !c.is_ascii_whitespace()) == Some(&b';'))
            .then_some(i)
    })
}

/// How many game trees are still open at the end of `text` (0 when a value is unterminated or
/// a `)` has no `(`: those stay errors).
fn open_trees_at_end(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'(' => depth += 1,
            b')' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return 0,
            },
            b'[' => loop {
                i += 1;
                match bytes.get(i) {
                    None => return 0,
                    Some(b'\\') => i += 1,
                    Some(b']') => break,
                    Some(_) => {}
                }
            },
            _ => {}
        }
        i += 1;
    }
    depth
}

/// Applies AB/AW/AE of one node. Before the first move they are setup stones; later they
/// become part of a new starting position (the moves so far can no longer be undone).
fn apply_setup(game: &mut Game, node: &SgfNode<Prop>, ae: EmptySetup) -> Result<(), SgfError> {
    let size = game.size();
    let mut add: Vec<(Point, Color)> = Vec::new();
    let mut remove: Vec<Point> = Vec::new();
    for prop in node.properties() {
        let (set, color) = match prop {
            Prop::AB(s) => (s, Some(Color::Black)),
            Prop::AW(s) => (s, Some(Color::White)),
            Prop::AE(s) if ae == EmptySetup::Apply => (s, None),
            _ => continue,
        };
        let mut pts: Vec<&go::Point> = set.iter().collect();
        pts.sort_by_key(|p| (p.y, p.x));
        for sp in pts {
            let p = convert_point(sp, size).ok_or_else(|| {
                SgfError::Content(format!(
                    "setup point {}{} is off the board",
                    (b'a' + sp.x) as char,
                    (b'a' + sp.y) as char
                ))
            })?;
            match color {
                Some(c) => add.push((p, c)),
                None => remove.push(p),
            }
        }
    }
    if add.is_empty() && remove.is_empty() {
        return Ok(());
    }
    if game.board().move_count() > 0 {
        // Fold the moves into a setup position.
        let stones: Vec<(Point, Color)> = game
            .board()
            .points()
            .filter_map(|p| game.board().color_at(p).map(|c| (p, c)))
            .collect();
        let to_move = game.to_move();
        let komi = game.komi();
        *game = Game::new(size, komi).expect("size was valid");
        game.add_setup_stones(&stones)
            .map_err(|e| SgfError::Content(e.to_string()))?;
        game.set_to_move(to_move);
    }
    // AE and replacements: drop those points from the setup first.
    let mut cleared: Vec<Point> = remove.clone();
    cleared.extend(add.iter().map(|&(p, _)| p));
    if game.setup().iter().any(|(p, _)| cleared.contains(p)) {
        game.remove_setup_stones(&cleared);
    }
    for &(p, c) in &add {
        game.add_setup_stones(&[(p, c)]).map_err(|e| {
            SgfError::Content(format!(
                "setup stone {c} {}: {e}",
                Vertex::from_point(p, size)
            ))
        })?;
    }
    Ok(())
}

/// An SGF point on a `size` board; `None` when off the board.
pub fn convert_point(p: &go::Point, size: usize) -> Option<Point> {
    let (x, y) = (p.x as usize, p.y as usize);
    (x < size && y < size).then(|| Point::from_xy(x, y))
}

/// An SGF move on a `size` board (`tt` is a pass up to 19x19); `None` when off the board.
pub fn convert_move(m: &go::Move, size: usize) -> Option<Move> {
    match m {
        go::Move::Pass => Some(Move::Pass),
        // FF[3] passes: `tt` on boards up to 19x19.
        go::Move::Move(p) if p.x == 19 && p.y == 19 && size <= 19 => Some(Move::Pass),
        go::Move::Move(p) => convert_point(p, size).map(Move::Play),
    }
}

fn to_sgf_point(p: Point) -> go::Point {
    let (x, y) = p.xy();
    go::Point {
        x: x as u8,
        y: y as u8,
    }
}

/// The two-letter SGF form of a point, `aa` at the top left.
fn sgf_point_text(p: Point) -> String {
    let (x, y) = p.xy();
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

/// Writes the game as SGF: size, komi, handicap and setup stones in the root, then the moves.
pub fn write(game: &Game) -> String {
    let size = game.size() as u8;
    let mut root_props = vec![
        Prop::GM(1),
        Prop::FF(4),
        Prop::CA(sgf_parse::SimpleText {
            text: "UTF-8".into(),
        }),
        Prop::AP((
            sgf_parse::SimpleText {
                text: "tesuji".into(),
            },
            sgf_parse::SimpleText {
                text: env!("CARGO_PKG_VERSION").into(),
            },
        )),
        // sgf-parse writes a square size as `9:9`; the plain form is what every reader knows.
        Prop::Unknown("SZ".into(), vec![size.to_string()]),
        Prop::KM(game.komi() as f64),
    ];
    if game.handicap() >= 2 {
        root_props.push(Prop::HA(game.handicap() as i64));
    }
    for (color, id) in [(Color::Black, "AB"), (Color::White, "AW")] {
        // `Prop::AB` holds a HashSet and would write the points in a random order; the same
        // property spelled out keeps the file deterministic.
        let mut values: Vec<String> = game
            .setup()
            .iter()
            .filter(|&&(_, c)| c == color)
            .map(|&(p, _)| sgf_point_text(p))
            .collect();
        values.sort();
        if !values.is_empty() {
            root_props.push(Prop::Unknown(id.into(), values));
        }
    }
    let moves = game.moves();
    if moves.is_empty() && !game.setup().is_empty() || game.to_move() != expected_next(game) {
        root_props.push(Prop::PL(match game.to_move() {
            Color::Black => sgf_parse::Color::Black,
            Color::White => sgf_parse::Color::White,
        }));
    }
    // Build the main line from the end so each node owns its single child.
    let mut child: Option<SgfNode<Prop>> = None;
    for &(color, mv) in moves.iter().rev() {
        let m = match mv {
            Move::Pass => go::Move::Pass,
            Move::Play(p) => go::Move::Move(to_sgf_point(p)),
        };
        let prop = match color {
            Color::Black => Prop::B(m),
            Color::White => Prop::W(m),
        };
        child = Some(SgfNode::new(vec![prop], child.into_iter().collect(), false));
    }
    let root = SgfNode::new(root_props, child.into_iter().collect(), true);
    let mut text = root.serialize();
    text.push('\n');
    text
}

/// Whose turn the file implies without a PL property.
fn expected_next(game: &Game) -> Color {
    match game.moves().last() {
        Some(&(c, _)) => c.opponent(),
        None if game.handicap() >= 2 => Color::White,
        None => Color::Black,
    }
}

/// Finds where a syntax error is: the first place the SGF grammar breaks.
fn locate_error(text: &str, parser_message: &str) -> SgfError {
    let (offset, message) =
        scan_for_error(text).unwrap_or((0, format!("malformed SGF ({parser_message})")));
    position_error(text, offset, message)
}

/// A syntax error at a byte offset of `text`, as line and column.
fn position_error(text: &str, offset: usize, message: String) -> SgfError {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    SgfError::Syntax { line, col, message }
}

/// A scan of SGF's grammar: `( ; ID[value]... (...) )`. Returns the byte offset and what is
/// wrong, or `None` when the structure is sound.
fn scan_for_error(text: &str) -> Option<(usize, String)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut open: Vec<usize> = Vec::new();
    let mut seen_tree = false;
    let mut in_node = false;
    let mut last_ident: Option<usize> = None;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'(' => {
                if seen_tree && open.is_empty() {
                    // A second game tree is fine.
                }
                open.push(i);
                seen_tree = true;
                in_node = false;
                i += 1;
            }
            b')' => {
                if open.pop().is_none() {
                    return Some((i, "')' without a matching '('".into()));
                }
                if !in_node && last_ident.is_none() {
                    // An empty game tree `()` has no node.
                    if bytes[..i].iter().rev().find(|c| !c.is_ascii_whitespace()) == Some(&b'(') {
                        return Some((i, "game tree without a node".into()));
                    }
                }
                in_node = false;
                i += 1;
            }
            b';' => {
                if open.is_empty() {
                    return Some((i, "node outside a game tree".into()));
                }
                in_node = true;
                last_ident = None;
                i += 1;
            }
            b'[' => {
                if last_ident.is_none() {
                    return Some((i, "property value without a property identifier".into()));
                }
                let start = i;
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => return Some((start, "unterminated property value".into())),
                        Some(b'\\') => i += 2,
                        Some(b']') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                // Values may follow each other with whitespace between.
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if bytes.get(j) != Some(&b'[') {
                    last_ident = None;
                }
            }
            c if c.is_ascii_alphabetic() => {
                if open.is_empty() {
                    return Some((
                        i,
                        format!("expected '(' to start a game tree, found '{}'", c as char),
                    ));
                }
                if !in_node {
                    return Some((i, "property outside a node (missing ';')".into()));
                }
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let mut j = i;
                while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                    j += 1;
                }
                if bytes.get(j) != Some(&b'[') {
                    return Some((start, format!("property {} has no value", &text[start..i])));
                }
                last_ident = Some(start);
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let ch = text[i..].chars().next().unwrap_or('?');
                if open.is_empty() && !seen_tree {
                    return Some((
                        i,
                        format!("expected '(' to start a game tree, found '{ch}'"),
                    ));
                }
                return Some((i, format!("unexpected character '{ch}'")));
            }
        }
    }
    if let Some(&start) = open.last() {
        return Some((start, "game tree not closed: missing ')'".into()));
    }
    if !seen_tree {
        return Some((0, "no game tree: an SGF file starts with '('".into()));
    }
    None
}

#[cfg(test)]
mod tests;
