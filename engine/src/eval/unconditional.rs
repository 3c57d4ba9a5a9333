//! Unconditional life: strings that can never be captured, even when the opponent is given
//! any number of moves in a row, the opponent stones that are unconditionally dead inside
//! their area, and the empty points that are unconditional territory. The answers are those
//! of GNU Go's `unconditional_status` (GNU Go 3.8, `unconditional_life()`), reimplemented from
//! its documented behaviour.
//!
//! # The analysis, for one colour `X` against the opponent `O`
//!
//! Everything is done by playing moves on a scratch copy of the board; `X` never moves except
//! in step 4.
//!
//! 1. **Capturable strings go.** Each string of `X` in turn (board order) is attacked: `O`
//!    plays on every one of its liberties where that is legal. If that captures the string, or
//!    leaves it with one liberty (which `O` then takes, ignoring ko), the stones stay played;
//!    otherwise they are taken back. Passes repeat until one captures nothing. This is
//!    Benson's algorithm in operational form: a string survives when the opponent cannot
//!    fill its liberties down to one, because at least two of them are points where `O` may
//!    never play (eyes whose neighbours all belong to surviving `X` strings). If no string
//!    survives, nothing is settled and the analysis stops.
//!
//!    *Seki candidates* are spared: a two-stone string of `X` whose eight surrounding points
//!    are all on the board and hold no other `X` string. Such a string may be the inside
//!    part of a seki, where `O` could live in a way that removing the two stones first would
//!    hide (see step 4).
//! 2. **`O` fills every liberty** of each surviving string (seki candidates excepted) where
//!    that is legal. What stays empty is single-point eyes and points away from the
//!    survivors.
//! 3. **`O` strings in atari extend** at their liberty, where legal, until none can.
//! 4. **Critical sekis are broken.** Take a seki candidate `a b` (`a` its first stone in
//!    board order) with both points beyond its ends empty, and two empty side points
//!    diagonally opposite across it (one beside `a`, one beside `b` on the other side). `O`
//!    tries the other diagonal pair. If those two `O` stones end up in one string, `O` could
//!    build a seki around the candidate, so the candidate gets a third stone, beyond `a`
//!    (the trial moves are taken back). Then the candidates are captured anyway: `O` plays on
//!    all the liberties of whatever stands on their points.
//! 5. **Two-point eyes shrink.** Every `O` string left with exactly two liberties that are
//!    neighbours of each other fills one of them: the one where an `X` stone would have more
//!    liberties (counted up to four, captures ignored); on a tie the one where an `O` stone
//!    would have as many or more, the first in board order if that ties too.
//!
//! Then: surviving `X` stones (not seki candidates) are *alive*, their liberties are
//! territory, and every `O` string in atari, with its liberty, is territory.
//!
//! # Statuses
//!
//! Both colours are analysed (white first, black second, black's findings winning). A point
//! marked by colour `c`'s analysis is `alive` if it holds a `c` stone, `dead` if it holds an
//! opponent stone, and `c`'s territory if empty; other points are `undecided`. Finally each
//! string takes the status of its first stone in board order, so stones of one string never
//! disagree.

use crate::board::{Board, Color, NUM_CELLS, Point};

/// Unconditional status of one point, as GNU Go's `unconditional_status` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnconditionalStatus {
    /// Nothing is settled unconditionally.
    Undecided,
    /// A stone that can never be captured (or a stone inside its own colour's territory).
    Alive,
    /// A stone inside the opponent's unconditional territory.
    Dead,
    /// An empty point of black's unconditional territory.
    BlackTerritory,
    /// An empty point of white's unconditional territory.
    WhiteTerritory,
}

impl UnconditionalStatus {
    /// GNU Go's name for the status.
    pub fn name(self) -> &'static str {
        match self {
            UnconditionalStatus::Undecided => "undecided",
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::BlackTerritory => "black_territory",
            UnconditionalStatus::WhiteTerritory => "white_territory",
        }
    }

    /// The territory status of `color`.
    pub fn territory_of(color: Color) -> UnconditionalStatus {
        match color {
            Color::Black => UnconditionalStatus::BlackTerritory,
            Color::White => UnconditionalStatus::WhiteTerritory,
        }
    }
}

/// What the analysis of one colour marks on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    None,
    /// A stone of the colour that can never be captured.
    Invincible,
    /// Territory of the colour: an empty point or an opponent stone (dead).
    Territory,
}

/// The result of [`unconditional_life`] for one colour.
#[derive(Clone)]
pub struct UnconditionalLife {
    marks: Box<[Mark; NUM_CELLS]>,
}

impl UnconditionalLife {
    fn empty() -> UnconditionalLife {
        UnconditionalLife {
            marks: Box::new([Mark::None; NUM_CELLS]),
        }
    }

    /// `p` holds a stone of the colour that can never be captured.
    pub fn is_invincible(&self, p: Point) -> bool {
        self.marks[p.index()] == Mark::Invincible
    }

    /// `p` is unconditional territory of the colour: an empty point, an opponent stone that
    /// is unconditionally dead, or a capturable stone of the colour inside its own territory.
    pub fn is_territory(&self, p: Point) -> bool {
        self.marks[p.index()] == Mark::Territory
    }

    /// `p` is marked at all (invincible or territory).
    pub fn is_settled(&self, p: Point) -> bool {
        self.marks[p.index()] != Mark::None
    }
}

/// A set of points of the padded array.
struct PointSet(Box<[bool; NUM_CELLS]>);

impl PointSet {
    fn new() -> PointSet {
        PointSet(Box::new([false; NUM_CELLS]))
    }

    #[inline]
    fn contains(&self, p: Point) -> bool {
        self.0[p.index()]
    }

    #[inline]
    fn insert(&mut self, p: Point) {
        self.0[p.index()] = true;
    }
}

/// The eight points around `p`.
fn around(p: Point) -> impl Iterator<Item = Point> {
    p.neighbors().into_iter().chain(p.diagonals())
}

/// `p` moved by the offset `d` (a neighbour offset; the result may be a border cell).
#[inline]
fn step(p: Point, d: isize) -> Point {
    Point((p.0 as isize + d) as u16)
}

/// The scratch position of one colour's analysis.
struct Analysis {
    board: Board,
    color: Color,
    other: Color,
    /// Every point of the board in board order.
    points: Vec<Point>,
    /// Two-stone strings of `color` spared in step 1 (both stones marked).
    seki_candidates: PointSet,
}

impl Analysis {
    fn new(board: &Board, color: Color) -> Analysis {
        let points: Vec<Point> = board.points().collect();
        let mut seki_candidates = PointSet::new();
        for &p in &points {
            if board.color_at(p) != Some(color) || board.string_size(p) != 2 {
                continue;
            }
            let id = board.string_id(p);
            let isolated = board.string_stones(p).all(|s| {
                around(s).all(|n| {
                    board.on_board(n)
                        && (board.color_at(n) != Some(color) || board.string_id(n) == id)
                })
            });
            if isolated {
                seki_candidates.insert(p);
            }
        }
        Analysis {
            board: board.clone(),
            color,
            other: color.opponent(),
            points,
            seki_candidates,
        }
    }

    /// The strings of `color` now on the board, each by its first stone in board order.
    fn own_strings(&self) -> Vec<Point> {
        let mut seen = PointSet::new();
        let mut firsts = Vec::new();
        for &p in &self.points {
            if self.board.color_at(p) == Some(self.color) && !seen.contains(p) {
                for s in self.board.string_stones(p) {
                    seen.insert(s);
                }
                firsts.push(p);
            }
        }
        firsts
    }

    /// The opponent plays at each point of `targets` where that is legal; returns how many
    /// moves it made.
    fn opponent_plays(&mut self, targets: &[Point]) -> usize {
        let mut played = 0;
        for &l in targets {
            if self.board.try_play(l, self.other) {
                played += 1;
            }
        }
        played
    }

    fn liberties(&self, p: Point) -> Vec<Point> {
        self.board.liberties(p).collect()
    }

    /// Step 1. Returns false when no string outside the seki candidates survives.
    fn capture_capturable_strings(&mut self) -> bool {
        loop {
            let mut captured_any = false;
            let mut any_string = false;
            for p in self.own_strings() {
                // A string met earlier in this pass may have been captured since.
                if self.board.color_at(p) != Some(self.color) || self.seki_candidates.contains(p) {
                    continue;
                }
                any_string = true;
                let libs = self.liberties(p);
                let played = self.opponent_plays(&libs);
                if self.board.color_at(p) != Some(self.color) {
                    captured_any = true;
                } else if self.board.libs(p) == 1 {
                    // The capture is always legal but for a ko, which consecutive moves of one
                    // side may ignore.
                    let last = self.board.liberties(p).next().expect("one liberty");
                    self.board.play_unchecked(last, self.other);
                    captured_any = true;
                } else {
                    for _ in 0..played {
                        self.board.undo();
                    }
                }
            }
            if !captured_any {
                return any_string;
            }
        }
    }

    /// Step 2.
    fn fill_liberties_of_survivors(&mut self) {
        for p in self.own_strings() {
            if self.board.color_at(p) == Some(self.color) && !self.seki_candidates.contains(p) {
                let libs = self.liberties(p);
                self.opponent_plays(&libs);
            }
        }
    }

    /// Step 3.
    fn extend_opponent_ataris(&mut self) {
        loop {
            let mut extended = false;
            for i in 0..self.points.len() {
                let p = self.points[i];
                if self.board.color_at(p) == Some(self.other) && self.board.libs(p) == 1 {
                    let lib = self.board.liberties(p).next().expect("one liberty");
                    extended |= self.board.try_play(lib, self.other);
                }
            }
            if !extended {
                break;
            }
        }
    }

    /// Step 4, first half: gives a third stone to each seki candidate around which the
    /// opponent could build a seki.
    fn break_critical_sekis(&mut self) {
        const S: isize = crate::board::STRIDE as isize;
        // South, west, north, east: each direction is followed by the one at its right.
        const DIRS: [isize; 4] = [S, -1, -S, 1];
        for i in 0..self.points.len() {
            let a = self.points[i];
            if !self.seki_candidates.contains(a)
                || self.board.color_at(a) != Some(self.color)
                || self.first_stone(a) != a
            {
                continue;
            }
            for r in 0..4 {
                let up = DIRS[r];
                let b = step(a, up);
                let beyond_b = step(b, up);
                let beyond_a = step(a, -up);
                if self.board.color_at(b) != Some(self.color)
                    || !self.is_empty(beyond_b)
                    || !self.is_empty(beyond_a)
                {
                    continue;
                }
                let mut right = DIRS[(r + 1) % 4];
                for side in 0..2 {
                    if side == 1 {
                        right = -right;
                    }
                    if !self.is_empty(step(a, right)) || !self.is_empty(step(b, -right)) {
                        continue;
                    }
                    let c = step(a, -right);
                    let d = step(b, right);
                    let mut trial = 0;
                    for q in [c, d] {
                        if self.is_empty(q) && self.board.try_play(q, self.other) {
                            trial += 1;
                        }
                    }
                    let joined = self.board.color_at(c) == Some(self.other)
                        && self.board.color_at(d) == Some(self.other)
                        && self.board.string_id(c) == self.board.string_id(d);
                    for _ in 0..trial {
                        self.board.undo();
                    }
                    if joined {
                        self.board.try_play(beyond_a, self.color);
                        break;
                    }
                }
                if self.board.string_size(a) > 2 {
                    break;
                }
            }
        }
    }

    /// Step 4, second half: the opponent plays on the liberties of whatever stands on the
    /// seki candidates' points.
    fn capture_seki_candidates(&mut self) {
        for i in 0..self.points.len() {
            let p = self.points[i];
            if self.seki_candidates.contains(p) && self.board.color_at(p).is_some() {
                let libs = self.liberties(p);
                self.opponent_plays(&libs);
            }
        }
    }

    /// Step 5.
    fn shrink_two_point_eyes(&mut self) {
        for i in 0..self.points.len() {
            let p = self.points[i];
            if self.board.color_at(p) != Some(self.other) || self.board.libs(p) != 2 {
                continue;
            }
            let mut libs = [Point::NONE; 2];
            self.board.first_liberties(p, &mut libs);
            let [a, b] = libs;
            if !a.neighbors().contains(&b) {
                continue;
            }
            let open_a = self.board.approx_libs_after(a, self.color).min(4);
            let open_b = self.board.approx_libs_after(b, self.color).min(4);
            let own_a = self.board.approx_libs_after(a, self.other).min(4);
            let own_b = self.board.approx_libs_after(b, self.other).min(4);
            let fill = if open_a > open_b || (open_a == open_b && own_a >= own_b) {
                a
            } else {
                b
            };
            self.board.try_play(fill, self.other);
        }
    }

    /// The final marks.
    fn marks(&self) -> UnconditionalLife {
        let mut life = UnconditionalLife::empty();
        for &p in &self.points {
            match self.board.color_at(p) {
                Some(c) if c == self.color && !self.seki_candidates.contains(p) => {
                    life.marks[p.index()] = Mark::Invincible;
                    for l in self.board.liberties(p) {
                        life.marks[l.index()] = Mark::Territory;
                    }
                }
                Some(c) if c == self.other && self.board.libs(p) == 1 => {
                    life.marks[p.index()] = Mark::Territory;
                    let l = self.board.liberties(p).next().expect("one liberty");
                    life.marks[l.index()] = Mark::Territory;
                }
                _ => {}
            }
        }
        life
    }

    #[inline]
    fn is_empty(&self, p: Point) -> bool {
        self.board.on_board(p) && self.board.color_at(p).is_none()
    }

    /// The first stone in board order of the string at `p`.
    fn first_stone(&self, p: Point) -> Point {
        self.board.string_origin(p)
    }
}

/// Finds the stones of `color` that can never be captured, even if the opponent plays any
/// number of moves in a row, and the points that are `color`'s unconditional territory
/// (empty points, and opponent stones that are unconditionally dead). See the module
/// documentation for the steps.
pub fn unconditional_life(board: &Board, color: Color) -> UnconditionalLife {
    let mut a = Analysis::new(board, color);
    if !a.capture_capturable_strings() {
        return UnconditionalLife::empty();
    }
    a.fill_liberties_of_survivors();
    a.extend_opponent_ataris();
    a.break_critical_sekis();
    a.capture_seki_candidates();
    a.shrink_two_point_eyes();
    a.marks()
}

/// The unconditional status of every point of a board.
pub struct StatusMap {
    status: Box<[UnconditionalStatus; NUM_CELLS]>,
}

impl StatusMap {
    /// The status of `p`.
    #[inline]
    pub fn get(&self, p: Point) -> UnconditionalStatus {
        self.status[p.index()]
    }
}

/// The unconditional status of every point (see the module documentation).
pub fn unconditional_status(board: &Board) -> StatusMap {
    let mut status = Box::new([UnconditionalStatus::Undecided; NUM_CELLS]);
    for color in [Color::White, Color::Black] {
        let life = unconditional_life(board, color);
        for p in board.points() {
            if !life.is_settled(p) {
                continue;
            }
            status[p.index()] = match board.color_at(p) {
                Some(c) if c == color => UnconditionalStatus::Alive,
                Some(_) => UnconditionalStatus::Dead,
                None => UnconditionalStatus::territory_of(color),
            };
        }
    }
    // A string shares the status of its first stone.
    let mut done = PointSet::new();
    for p in board.points() {
        if board.color_at(p).is_some() && !done.contains(p) {
            let s = status[p.index()];
            for q in board.string_stones(p) {
                done.insert(q);
                status[q.index()] = s;
            }
        }
    }
    StatusMap { status }
}

/// The unconditional status of one point.
pub fn point_status(board: &Board, p: Point) -> UnconditionalStatus {
    unconditional_status(board).get(p)
}
