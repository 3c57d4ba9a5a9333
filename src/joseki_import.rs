//! `tesuji joseki import`: SGF joseki trees to a `kind joseki` pattern database.
//!
//! Every variation of every tree is replayed on a board. Each move played in the corner of the
//! tree becomes a pattern: the corner as it stood before the move (a square against the two
//! edges, just big enough for the stones so far plus a margin), our stones `O` and the
//! opponent's `X` as seen by the side to move, `*` at the move. A pass, or a move far from the
//! corner, is a tenuki: it gives the turn away and adds nothing to the corner.
//!
//! Marks come from the move's node: the SGF properties `BM` (bad move), `DO` (doubtful) and
//! `IT` (interesting) make a bad move, a trick and a trick, `TE` (tesuji) a good one; a comment
//! may start with tags, `C[bad: the hane is answered by the cut]`:
//!
//! | tag | effect |
//! | --- | --- |
//! | `good`, `trick`, `bad` | the mark (default `good`) |
//! | `urgent` | value 90: the move must be answered at once |
//! | `tenuki` | value 30: playing elsewhere is as good |
//! | `value=N` | the value, 0-100 |
//!
//! Without a value tag: 50 for a first move in an empty corner, 40 for a trick, 0 for a bad
//! move, 60 otherwise. The rest of the comment describes the move in the pattern's comment.
//!
//! Positions met twice (transpositions, or a corner mirrored in its diagonal, which the
//! matcher's symmetries already cover) give one pattern. The generated text is compiled
//! before it is returned, so a database this module writes always builds.

use std::collections::HashMap;
use std::fmt::Write as _;

use sgf_parse::SgfNode;
use sgf_parse::go::Prop;
use tesuji_engine::board::sgf::{self, SgfError};
use tesuji_engine::board::{Board, Color, Move, Point, Vertex};
use thiserror::Error;

/// Smallest corner drawn (points a side): enough to see that the corner is open.
const MIN_WINDOW: usize = 7;
/// Largest corner drawn; a move farther from the corner than this is a tenuki.
const MAX_WINDOW: usize = 12;
/// Empty lines kept between the outermost stone (or the move) and the window's far sides.
const MARGIN: usize = 2;

/// Why a file cannot be imported.
#[derive(Debug, Error)]
pub enum ImportError {
    /// The SGF does not parse; the error carries `line:col`.
    #[error("{file}:{source}")]
    Sgf {
        file: String,
        #[source]
        source: SgfError,
    },
    /// The SGF parses but a variation cannot be replayed.
    #[error("{file}: {at}: {message}")]
    Content {
        file: String,
        /// Which node: the variation path and the move.
        at: String,
        message: String,
    },
    /// The generated database does not compile (a bug of the importer if it happens).
    #[error("the generated database does not compile:\n{0}")]
    Compile(String),
}

/// One SGF file to import: its name (used in pattern names and comments) and its text.
pub struct Source {
    pub name: String,
    pub text: String,
}

/// The result of an import.
#[derive(Debug)]
pub struct Imported {
    /// The `.db` text.
    pub text: String,
    /// Number of patterns.
    pub patterns: usize,
    /// Moves that reached a position already emitted (transpositions, diagonal mirrors).
    pub merged: usize,
    /// Non-fatal remarks: transpositions whose marks or values disagree.
    pub warnings: Vec<String>,
}

/// Which corner a tree is about: the point `(0, 0)` of the normalised corner.
#[derive(Clone, Copy, Debug)]
struct Corner {
    flip_x: bool,
    flip_y: bool,
    size: usize,
}

impl Corner {
    fn nearest(p: Point, size: usize) -> Corner {
        let (x, y) = p.xy();
        Corner {
            flip_x: 2 * x >= size,
            flip_y: 2 * y >= size,
            size,
        }
    }

    /// Distances from the corner's two edges, 0 on the first line.
    fn local(self, p: Point) -> (usize, usize) {
        let (x, y) = p.xy();
        let f = |v: usize, flip: bool| if flip { self.size - 1 - v } else { v };
        (f(x, self.flip_x), f(y, self.flip_y))
    }

    fn contains(self, p: Point) -> bool {
        let (x, y) = self.local(p);
        x.max(y) < MAX_WINDOW.min(self.size)
    }
}

/// What a node's marks say about its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Good,
    Trick,
    Bad,
}

impl Mark {
    fn name(self) -> &'static str {
        match self {
            Mark::Good => "good",
            Mark::Trick => "trick",
            Mark::Bad => "bad",
        }
    }
}

/// A pattern being collected.
struct Entry {
    name: String,
    rows: Vec<String>,
    value: i32,
    mark: Mark,
    /// How it was reached first: `file: B Q16 W O17 ...`.
    origin: String,
    description: String,
    /// Other sequences that reach it.
    also: Vec<String>,
}

/// The state of one variation being replayed.
#[derive(Clone)]
struct Line {
    board: Board,
    corner: Option<Corner>,
    /// The moves so far as text (`B Q16`, `W tenuki`).
    moves: Vec<String>,
}

struct Importer {
    entries: Vec<Entry>,
    index: HashMap<String, usize>,
    names: HashMap<String, usize>,
    merged: usize,
    warnings: Vec<String>,
}

/// Imports SGF joseki trees into the text of a `kind joseki` database.
pub fn import(sources: &[Source]) -> Result<Imported, ImportError> {
    let mut imp = Importer {
        entries: Vec::new(),
        index: HashMap::new(),
        names: HashMap::new(),
        merged: 0,
        warnings: Vec::new(),
    };
    for src in sources {
        imp.file(src)?;
    }
    let text = imp.render(sources);
    if let Err(d) = pattern_dsl::check("joseki.db", &text) {
        return Err(ImportError::Compile(d.render()));
    }
    Ok(Imported {
        text,
        patterns: imp.entries.len(),
        merged: imp.merged,
        warnings: imp.warnings,
    })
}

/// The file name without folders and extension, as an identifier.
fn stem_of(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let base = base.strip_suffix(".sgf").unwrap_or(base);
    identifier(base)
}

fn identifier(s: &str) -> String {
    let mut out: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'j');
    }
    out
}

impl Importer {
    fn file(&mut self, src: &Source) -> Result<(), ImportError> {
        let trees = sgf::parse_trees(&src.text).map_err(|source| ImportError::Sgf {
            file: src.name.clone(),
            source,
        })?;
        let stem = stem_of(&src.name);
        for (t, root) in trees.iter().enumerate() {
            let size = match root.get_property("SZ") {
                Some(Prop::SZ((w, h))) if w == h => *w as usize,
                Some(Prop::SZ((w, h))) => {
                    return Err(ImportError::Content {
                        file: src.name.clone(),
                        at: format!("tree {}", t + 1),
                        message: format!("rectangular boards ({w}x{h}) are not supported"),
                    });
                }
                _ => 19,
            };
            let board = Board::new(size).map_err(|e| ImportError::Content {
                file: src.name.clone(),
                at: format!("tree {}", t + 1),
                message: e.to_string(),
            })?;
            let line = Line {
                board,
                corner: None,
                moves: Vec::new(),
            };
            let path = format!("tree {}", t + 1);
            // Depth first with a stack of the variations still to walk, not by recursion: a
            // tree's depth is the input's to choose (a long line must not overflow the stack).
            let mut pending: Vec<(&SgfNode<Prop>, Line, String)> = vec![(root, line, path)];
            while let Some((node, mut line, path)) = pending.pop() {
                self.node(src, &stem, node, &mut line, &path)?;
                let children: Vec<&SgfNode<Prop>> = node.children().collect();
                // Pushed last first, so the first variation is walked first; it takes the
                // line itself, the others a copy.
                let count = children.len();
                let mut line = Some(line);
                for (i, child) in children.into_iter().enumerate().rev() {
                    let child_path = if count > 1 {
                        format!("{path}.{}", i + 1)
                    } else {
                        path.clone()
                    };
                    let child_line = match (i, &mut line) {
                        (0, l) => l.take(),
                        (_, l) => l.clone(),
                    }
                    .expect("the first child takes the line last");
                    pending.push((child, child_line, child_path));
                }
            }
        }
        Ok(())
    }

    /// Replays `node` on `line` (its children are the caller's).
    fn node(
        &mut self,
        src: &Source,
        stem: &str,
        node: &SgfNode<Prop>,
        line: &mut Line,
        path: &str,
    ) -> Result<(), ImportError> {
        let size = line.board.size();
        let err = |message: String| ImportError::Content {
            file: src.name.clone(),
            at: format!(
                "{path}, after {}",
                sequence(&line_moves_or_start(&line.moves))
            ),
            message,
        };
        // Setup stones (AB/AW) extend the corner without being joseki moves.
        for prop in node.properties() {
            let (set, color) = match prop {
                Prop::AB(s) => (s, Color::Black),
                Prop::AW(s) => (s, Color::White),
                _ => continue,
            };
            for sp in set {
                let p = sgf::convert_point(sp, size)
                    .ok_or_else(|| err(format!("setup point {sp:?} is off the board")))?;
                line.board
                    .add_stone(p, color)
                    .map_err(|e| err(format!("setup stone at {}: {e}", vertex(p, size))))?;
            }
        }
        let played = match node.get_move() {
            Some(Prop::B(m)) => Some((Color::Black, m)),
            Some(Prop::W(m)) => Some((Color::White, m)),
            _ => None,
        };
        if let Some((color, m)) = played {
            let mv = sgf::convert_move(m, size)
                .ok_or_else(|| err(format!("{color} {m:?} is off the {size}x{size} board")))?;
            let text = match mv {
                Move::Play(p) => format!("{} {}", color_letter(color), vertex(p, size)),
                Move::Pass => format!("{} tenuki", color_letter(color)),
            };
            if let Move::Play(p) = mv {
                let corner = *line.corner.get_or_insert_with(|| Corner::nearest(p, size));
                if corner.contains(p) {
                    self.emit(src, stem, node, line, corner, p, color)
                        .map_err(&err)?;
                    line.board
                        .play(mv, color)
                        .map_err(|e| err(format!("{text} is illegal: {e}")))?;
                } else {
                    // A tenuki: the stone is far from the corner and not part of it.
                    line.board.pass(color);
                }
            } else {
                line.board.pass(color);
            }
            line.moves.push(text);
        }
        Ok(())
    }

    /// Records the pattern of `color` playing `p` in `corner` of `line`'s position.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        src: &Source,
        stem: &str,
        node: &SgfNode<Prop>,
        line: &Line,
        corner: Corner,
        p: Point,
        color: Color,
    ) -> Result<(), String> {
        let board = &line.board;
        let size = board.size();
        if board.color_at(p).is_some() {
            return Err(format!("{} is occupied", vertex(p, size)));
        }
        // The corner's stones and the window that holds them.
        let stones: Vec<(usize, usize, Color)> = board
            .points()
            .filter(|&q| corner.contains(q))
            .filter_map(|q| board.color_at(q).map(|c| (corner.local(q), c)))
            .map(|((x, y), c)| (x, y, c))
            .collect();
        let (mx, my) = corner.local(p);
        let reach = stones
            .iter()
            .map(|&(x, y, _)| x.max(y))
            .chain([mx.max(my)])
            .max()
            .unwrap_or(0);
        let side = (reach + 1 + MARGIN).clamp(MIN_WINDOW, MAX_WINDOW).min(size);
        let mut grid = vec![vec!['.'; side]; side];
        for &(x, y, c) in &stones {
            if x < side && y < side {
                grid[y][x] = if c == color { 'O' } else { 'X' };
            }
        }
        grid[my][mx] = '*';
        let transposed: Vec<Vec<char>> = (0..side)
            .map(|y| (0..side).map(|x| grid[x][y]).collect())
            .collect();
        let flat = |g: &Vec<Vec<char>>| -> String {
            g.iter()
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("/")
        };
        let (a, b) = (flat(&grid), flat(&transposed));
        let (key, grid) = if a <= b { (a, grid) } else { (b, transposed) };

        let (mut mark, mut value, description) = marks_of(node);
        let empty_corner = stones.is_empty();
        if mark.is_none() {
            mark = Some(Mark::Good);
        }
        let mark = mark.expect("set above");
        if value.is_none() {
            value = Some(match mark {
                Mark::Bad => 0,
                Mark::Trick => 40,
                Mark::Good if empty_corner => 50,
                Mark::Good => 60,
            });
        }
        let value = value.expect("set above");
        let here = format!(
            "{}: {}",
            src.name,
            sequence(
                &[
                    line.moves.clone(),
                    vec![format!("{} {}", color_letter(color), vertex(p, size))]
                ]
                .concat()
            )
        );
        if let Some(&i) = self.index.get(&key) {
            self.merged += 1;
            let e = &mut self.entries[i];
            if e.mark != mark {
                self.warnings.push(format!(
                    "{here} reaches pattern {} ({}) marked {}; the first mark is kept",
                    e.name,
                    e.mark.name(),
                    mark.name()
                ));
            } else if value > e.value {
                e.value = value;
            }
            if e.description.is_empty() {
                e.description = description;
            }
            e.also.push(here);
            return Ok(());
        }
        let base = match node.get_property("N") {
            Some(Prop::N(n)) => format!("{stem}_{}", identifier(&n.to_string())),
            _ => stem.to_string(),
        };
        let count = self.names.entry(base.clone()).or_insert(0);
        *count += 1;
        let name = format!("{base}_{:03}", *count);
        let mut rows = vec!["#".repeat(side + 1)];
        rows.extend(
            grid.iter()
                .map(|r| format!("#{}", r.iter().collect::<String>())),
        );
        self.index.insert(key, self.entries.len());
        self.entries.push(Entry {
            name,
            rows,
            value,
            mark,
            origin: here,
            description,
            also: Vec::new(),
        });
        Ok(())
    }

    fn render(&self, sources: &[Source]) -> String {
        let mut out = String::new();
        let files: Vec<&str> = sources.iter().map(|s| s.name.as_str()).collect();
        let _ = writeln!(
            out,
            "// @generated by `tesuji joseki import` from {}.\n\
             // Do not edit: edit the SGF trees and import again. {} patterns; {} moves reached a\n\
             // position already recorded and were merged. Figures are drawn in the top-left\n\
             // corner with `O` for the side to move; the 8 symmetries cover the other corners.",
            files.join(", "),
            self.entries.len(),
            self.merged
        );
        out.push_str("kind joseki\n");
        for e in &self.entries {
            out.push('\n');
            let _ = writeln!(out, "// {}", e.origin);
            if !e.description.is_empty() {
                for l in wrap(&e.description, 92) {
                    let _ = writeln!(out, "//   {l}");
                }
            }
            for a in &e.also {
                let _ = writeln!(out, "// also: {a}");
            }
            let _ = writeln!(out, "pattern {} {{", e.name);
            for r in &e.rows {
                let _ = writeln!(out, "    |{r}|");
            }
            let _ = writeln!(out, "    value {}", e.value);
            if e.mark != Mark::Good {
                let _ = writeln!(out, "    mark {}", e.mark.name());
            }
            out.push_str("}\n");
        }
        out
    }
}

/// The mark, value and description a node gives its move: SGF properties, then comment tags.
fn marks_of(node: &SgfNode<Prop>) -> (Option<Mark>, Option<i32>, String) {
    let mut mark = None;
    let mut value = None;
    for prop in node.properties() {
        match prop {
            Prop::BM(_) => mark = Some(Mark::Bad),
            Prop::DO | Prop::IT => mark = Some(Mark::Trick),
            Prop::TE(_) => mark = Some(Mark::Good),
            _ => {}
        }
    }
    let comment = match node.get_property("C") {
        Some(Prop::C(c)) => c.to_string(),
        _ => String::new(),
    };
    let mut rest = comment.trim_start();
    loop {
        let word_end = rest
            .find(|c: char| c.is_whitespace() || c == ',' || c == ':')
            .unwrap_or(rest.len());
        let word = rest[..word_end].to_ascii_lowercase();
        let known = match word.as_str() {
            "good" => {
                mark = Some(Mark::Good);
                true
            }
            "trick" => {
                mark = Some(Mark::Trick);
                true
            }
            "bad" => {
                mark = Some(Mark::Bad);
                true
            }
            "urgent" => {
                value = Some(90);
                true
            }
            "tenuki" => {
                value = Some(30);
                true
            }
            w => match w.strip_prefix("value=").map(str::parse::<i32>) {
                Some(Ok(v)) => {
                    value = Some(v.clamp(0, 100));
                    true
                }
                _ => false,
            },
        };
        if !known {
            break;
        }
        rest = rest[word_end..].trim_start_matches([',', ' ', '\t']);
        if let Some(r) = rest.strip_prefix(':') {
            rest = r;
            break;
        }
        if rest.starts_with(['\n', '\r']) || rest.is_empty() {
            break;
        }
    }
    let description = rest.split_whitespace().collect::<Vec<_>>().join(" ");
    (mark, value, description)
}

fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

fn vertex(p: Point, size: usize) -> String {
    Vertex::from_point(p, size).to_string()
}

fn line_moves_or_start(moves: &[String]) -> Vec<String> {
    if moves.is_empty() {
        vec!["the start".to_string()]
    } else {
        moves.to_vec()
    }
}

fn sequence(moves: &[String]) -> String {
    moves.join(" ")
}

/// Splits text into lines of at most `width` characters (words kept whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    for w in text.split_whitespace() {
        if !cur.is_empty() && cur.len() + 1 + w.len() > width {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(w);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}
