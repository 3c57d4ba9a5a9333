//! Eye spaces and their value in eyes.
//!
//! An *eye space* of a colour is a maximal connected set of points that are empty or hold
//! opponent stones inside it (short of liberties or small and unable to connect out, see
//! [`is_inside_stone`]), enclosed by the colour's stones and the edge. An empty point of the
//! set that touches a live opponent stone is *marginal*: the opponent can play there from
//! outside, and the flood does not pass through it to another marginal point. An eye point
//! reached only past a marginal one belongs to the space when the space is small enough to
//! search (the minimax plays the margin out). A region that still reaches empty points
//! outside it is open, not an eye space.
//!
//! A point is *false* by the diagonal rule when the opponent holds at least two of its
//! diagonals (one on the edge or in a corner): the stones around it can be cut apart. The
//! point of an inside opponent stone is judged the same way, as the point it leaves when
//! taken. Marginal and false points are *weak*: alone they make no eye.
//!
//! The value of an eye space is found by a small exhaustive minimax over its points
//! ([`eye_value`]): the defender plays inside to split the space, the attacker plays inside to
//! occupy points the defender needs (an attacker stone on a marginal point is connected
//! outside, as is one joined to it: it takes the point out of the space and makes its
//! neighbours marginal); both may also play the *keys* of half eyes, empty diagonals outside
//! the space that decide whether a point is false (where an attacker stone would not be taken
//! at once: it captures, has three liberties, or two and no ladder). After both pass, each
//! connected part of the space that is not filled by the defender and still holds an empty
//! strong point is one eye; attacker stones with at most one liberty are captured: one stone
//! leaves an eye if its point is strong, two or three if two of their points are (the attacker
//! throws in again on the weak one), four or more leave a space of their shape, solved in
//! turn with the attacker to move (a straight four is two eyes, a square four one) unless
//! the defender's capturing stones stand inside it, cut off from the walls.
//! `min` is the count with the attacker moving first, `max` with the defender moving first
//! (both capped at two), with the first moves that achieve them as the vital attack and
//! defence points. Spaces too big to search are judged by their core ([`big_space_value`]).

use crate::board::{Board, Cell, Color, NUM_CELLS, Point};
use std::cell::RefCell;

/// Alternative vital attack points kept per eye space ([`EyeValue::other_attacks`]).
pub const OTHER_ATTACKS: usize = 2;

/// Spaces with more points than this are not searched but judged by their core
/// ([`big_space_value`]).
pub const MAX_SEARCH_POINTS: usize = 9;

/// Points plus outside diagonals ("keys", see [`Shape`]) the minimax plays on.
pub const MAX_SEARCH_NODES: usize = 11;

/// 3^[`MAX_SEARCH_NODES`]: states of the minimax (each node empty, defender's, attacker's).
const SEARCH_STATES: usize = 177_147;

/// Core points (see [`big_space_value`]) that make an unsearched large space worth two eyes.
pub const BIG_SPACE_CORE: usize = 7;

/// Core points that make an unsearched large space worth two eyes if the defender plays first.
pub const BIG_SPACE_CORE_SPLIT: usize = 3;

/// A defender string with at most this many liberties is weak: a marginal point next to it
/// counts as the attacker's.
pub const WEAK_STRING_LIBS: usize = 2;

/// Regions larger than this are open territory rather than eye spaces.
pub const MAX_EYE_SPACE: usize = 40;

/// Eyes an eye space gives: `min` if the attacker moves first, `max` if the defender does,
/// with the moves that achieve them when they differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeValue {
    pub min: u8,
    pub max: u8,
    /// The attacker's vital point (when `min < max`).
    pub attack: Option<Point>,
    /// Other attacker moves that hold the space to `min` as well (when `min < max`), inside
    /// points before marginal ones: the first vital point found may only win a ko or be
    /// refuted where a neighbour of it kills cleanly, so the owl reads these too.
    pub other_attacks: [Option<Point>; OTHER_ATTACKS],
    /// The defender's vital point (when `min < max`).
    pub defense: Option<Point>,
}

/// One eye space of `color`.
#[derive(Clone, Debug)]
pub struct EyeSpace {
    /// The colour whose eye this is.
    pub color: Color,
    /// Every point: empty points and opponent stones inside.
    pub points: Vec<Point>,
    /// Empty points the opponent can play from outside (touching a live opponent stone).
    pub marginal: Vec<Point>,
    /// Empty points made false by the diagonal rule.
    pub false_points: Vec<Point>,
    pub value: EyeValue,
}

impl EyeSpace {
    pub fn contains(&self, p: Point) -> bool {
        self.points.contains(&p)
    }
}

/// An opponent string that may lie inside `color`'s eye space: in atari, or short of
/// liberties (at most 2) or small (at most [`MAX_INSIDE_STONES`] stones) with no liberty next
/// to another opponent string (it cannot connect out). Whether it really is inside is decided
/// by the enclosure of the region it ends up in.
pub fn is_inside_stone(b: &Board, s: Point, color: Color) -> bool {
    is_inside(b, s, color, false)
}

/// [`is_inside_stone`]; `strict` (for spaces too big to search, where a stone with three
/// liberties has room to live or connect) also requires at most two liberties.
fn is_inside(b: &Board, s: Point, color: Color, strict: bool) -> bool {
    if b.color_at(s) != Some(color.opponent()) {
        return false;
    }
    if b.libs(s) <= 1 {
        // A stone that just took a ko cannot be taken back at once: until the ko is won it
        // stands (on a diagonal it makes the eye false).
        let ko_forbids_capture = b
            .ko_point()
            .is_some_and(|(ko, forbidden)| forbidden == color && b.liberties(s).next() == Some(ko));
        return !ko_forbids_capture;
    }
    if strict && b.libs(s) > 2 {
        return false;
    }
    if b.libs(s) > 2 && b.string_size(s) > MAX_INSIDE_STONES {
        return false;
    }
    // Joining another small string short of liberties (itself inside) is no way out.
    let id = b.string_id(s);
    !b.liberties(s).any(|l| {
        l.neighbors().iter().any(|&n| {
            b.color_at(n) == Some(color.opponent())
                && b.string_id(n) != id
                && (b.libs(n) > 2 || b.string_size(n) > MAX_INSIDE_STONES)
        })
    })
}

/// Opponent strings up to this size count as possibly inside an eye space.
pub const MAX_INSIDE_STONES: usize = 2;

/// Is the empty point `p` false for `color` by the diagonal rule?
pub fn is_false_point(b: &Board, p: Point, color: Color) -> bool {
    is_false(b, p, color, false)
}

fn is_false(b: &Board, p: Point, color: Color, strict: bool) -> bool {
    let (enemy, edge) = enemy_diagonals(b, p, color, strict);
    enemy >= 2 || (edge && enemy >= 1)
}

/// The opponent's stones on the diagonals of `p` (inside stones not counted), and whether
/// `p` is on the edge.
fn enemy_diagonals(b: &Board, p: Point, color: Color, strict: bool) -> (usize, bool) {
    let mut enemy = 0;
    let mut edge = false;
    for d in p.diagonals() {
        match b.cell(d) {
            Cell::Border => edge = true,
            c if c.color() == Some(color.opponent()) && !is_inside(b, d, color, strict) => {
                enemy += 1
            }
            _ => {}
        }
    }
    (enemy, edge)
}

/// Could the opponent of `color` put a stone on the empty point `p` that is not captured at
/// once: it captures, or it has at least three liberties, or two and no ladder takes it.
fn attacker_can_stand(b: &Board, p: Point, color: Color) -> bool {
    let attacker = color.opponent();
    let mut seen = [Point::default(); 3];
    let mut count = 0;
    let mut note = |l: Point, count: &mut usize| {
        if l != p && !seen[..*count].contains(&l) {
            seen[*count] = l;
            *count += 1;
        }
    };
    for n in p.neighbors() {
        match b.cell(n) {
            Cell::Empty => note(n, &mut count),
            c if c.color() == Some(color) && b.libs(n) == 1 => return true,
            c if c.color() == Some(attacker) => {
                for l in b.liberties(n) {
                    if count == 3 {
                        break;
                    }
                    note(l, &mut count);
                }
            }
            _ => {}
        }
        if count == 3 {
            return true;
        }
    }
    // Two liberties: the stone stands unless the defender's atari runs it down in a ladder
    // (read on a copy).
    count == 2 && b.is_legal_simple(p, attacker) && !ladder_takes(b, p, Some(attacker))
}

/// Does a ladder capture the string at `s`, after `first` plays its stone there if given?
/// Read on a copy of `b` kept per thread (copying into it allocates nothing).
fn ladder_takes(b: &Board, s: Point, first: Option<Color>) -> bool {
    thread_local! {
        static SCRATCH: RefCell<Option<Board>> = const { RefCell::new(None) };
    }
    SCRATCH.with(|cell| {
        let mut slot = cell.borrow_mut();
        let board = match slot.as_mut() {
            Some(board) => {
                board.clone_from(b);
                board
            }
            None => slot.insert(b.clone()),
        };
        if let Some(color) = first {
            board.play_unchecked(s, color);
        }
        crate::tactics::reading::with_reader(|r| r.ladder_attack(board, s)).0 != 0
    })
}

/// Scratch marks reused between calls (no allocation of board-sized arrays per call).
struct Marks {
    mark: Vec<u32>,
    generation: u32,
    /// [`touches_live_enemy`] of a point, valid where `touch_mark` holds `memo_generation`:
    /// a flood asks it of a point once as the point and again from each neighbour it is
    /// reached from, and the owl floods from every liberty of a group.
    touch_mark: Vec<u32>,
    touches: Vec<bool>,
    /// [`is_inside`] of a string (by its id), valid where `inside_mark` holds
    /// `memo_generation`: every empty point next to a string asks it again.
    inside_mark: Vec<u32>,
    inside: Vec<bool>,
    /// The position (Zobrist key, ko included, and board size), colour and strictness the
    /// two memos above answer for: floods of the same position share them.
    memo_key: u64,
    memo_generation: u32,
    /// The flood's working lists, reused.
    region: Region,
}

impl Marks {
    fn is_inside(&mut self, g: u32, b: &Board, s: Point, color: Color, strict: bool) -> bool {
        let i = b.string_id(s).index();
        if self.inside_mark[i] != g {
            self.inside_mark[i] = g;
            self.inside[i] = is_inside(b, s, color, strict);
        }
        self.inside[i]
    }

    fn touches_live_enemy(
        &mut self,
        g: u32,
        b: &Board,
        p: Point,
        color: Color,
        strict: bool,
    ) -> bool {
        let i = p.index();
        if self.touch_mark[i] != g {
            self.touch_mark[i] = g;
            self.touches[i] = p.neighbors().iter().any(|&n| {
                b.color_at(n) == Some(color.opponent()) && !self.is_inside(g, b, n, color, strict)
            });
        }
        self.touches[i]
    }

    /// May the flood enter `p`: empty, or an opponent stone inside the space?
    fn node(&mut self, g: u32, b: &Board, p: Point, color: Color, strict: bool) -> bool {
        match b.cell(p) {
            Cell::Empty => true,
            c if c.color() == Some(color.opponent()) => self.is_inside(g, b, p, color, strict),
            _ => false,
        }
    }

    fn next(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// The generation of the memos for floods of `color` (`strict` or not) on `b`: the
    /// current one when the last flood was of the same position, a fresh one otherwise.
    fn memo_for(&mut self, b: &Board, color: Color, strict: bool) -> u32 {
        let key = b.hash()
            ^ (color as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ u64::from(strict).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ (b.size() as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
        if key != self.memo_key || self.memo_generation == 0 {
            self.memo_key = key;
            self.memo_generation = self.memo_generation.wrapping_add(1);
            if self.memo_generation == 0 {
                self.touch_mark.iter_mut().for_each(|m| *m = 0);
                self.inside_mark.iter_mut().for_each(|m| *m = 0);
                self.memo_generation = 1;
            }
        }
        self.memo_generation
    }
}

thread_local! {
    static MARKS: RefCell<Marks> = RefCell::new(Marks {
        mark: vec![0; NUM_CELLS],
        generation: 0,
        touch_mark: vec![0; NUM_CELLS],
        touches: vec![false; NUM_CELLS],
        inside_mark: vec![0; NUM_CELLS],
        inside: vec![false; NUM_CELLS],
        memo_key: 0,
        memo_generation: 0,
        region: Region::default(),
    });
}

/// The region of `color`'s eye space containing `start` (an empty point or an inside opponent
/// stone), or `None` when the region is open or too large. Points are listed in flood order.
pub fn eye_space_at(b: &Board, start: Point, color: Color) -> Option<EyeSpace> {
    eye_space_noting_open_ground(b, start, color, &mut Vec::new())
}

/// [`eye_space_at`], and when a flood from `start` runs past [`MAX_EYE_SPACE`] points (open
/// ground, no eye space), the points it reached are appended to `open_ground`. Why: the owl
/// floods from every liberty of a group, and in the open most of them lie in one region
/// already flooded; a caller can skip those (owl.tst about 4 % faster).
pub fn eye_space_noting_open_ground(
    b: &Board,
    start: Point,
    color: Color,
    open_ground: &mut Vec<Point>,
) -> Option<EyeSpace> {
    let space = eye_space_from(b, start, color, false, open_ground)?;
    // A space too big to search with a lively opponent string in it: that string is not
    // inside, and the space is what remains around it, if anything.
    let lively = |p: &Point| b.color_at(*p) == Some(color.opponent()) && b.libs(*p) > 2;
    if space.points.len() > MAX_SEARCH_POINTS && space.points.iter().any(lively) {
        if let Some(rest) = eye_space_from(b, start, color, true, &mut Vec::new()) {
            return Some(rest);
        }
        // The string splits the space into parts the strict flood cannot tell apart: the
        // space stays whole, with the string's liberties the attacker's (marginal), so a
        // large space keeps its core and one invading stone does not erase it.
        return Some(with_lively_marginal(b, space, color));
    }
    Some(space)
}

/// `space` with the liberties of its lively opponent strings (more than two liberties) made
/// marginal and its value judged again.
fn with_lively_marginal(b: &Board, mut space: EyeSpace, color: Color) -> EyeSpace {
    for i in 0..space.points.len() {
        let s = space.points[i];
        if b.color_at(s) != Some(color.opponent()) || b.libs(s) <= 2 {
            continue;
        }
        for l in b.liberties(s) {
            if !space.marginal.contains(&l) {
                space.marginal.push(l);
            }
        }
    }
    space.value = eye_value(
        b,
        &space.points,
        &space.marginal,
        &space.false_points,
        color,
    );
    space
}

fn eye_space_from(
    b: &Board,
    start: Point,
    color: Color,
    strict: bool,
    open_ground: &mut Vec<Point>,
) -> Option<EyeSpace> {
    if let Some(space) = flood_eye_space(b, start, color, strict, open_ground) {
        return Some(space);
    }
    // The flood stops at marginal points, so from one the space is found through its
    // neighbours.
    if b.cell(start) == Cell::Empty && touches_live_enemy(b, start, color, strict) {
        for n in start.neighbors() {
            if b.cell(n) == Cell::Empty
                && !touches_live_enemy(b, n, color, strict)
                && let Some(space) = flood_eye_space(b, n, color, strict, open_ground)
                && space.contains(start)
            {
                return Some(space);
            }
        }
    }
    None
}

/// Is the empty point `p` a *false margin* of `color`'s eye space: it touches a live
/// opponent string that cannot be captured (so it would be marginal), but the opponent
/// playing there takes nothing and is lost, joined to whatever it touches (left in atari, or
/// with two liberties in a ladder)? Then the opponent cannot use it to reach into the space,
/// and the defender need not fill it: it is no part of the space (GNU Go's eye code treats
/// it so). In
///
/// ```text
/// O O O O X X
/// O X a X . .
/// ```
///
/// X at `a` joins the dead stone to the live one and leaves one liberty: O's eye is the dead
/// stone alone, one eye, where counting `a` as marginal gave none.
///
/// Asked only of a point already known to touch a live opponent string (the flood knows it).
fn is_false_margin(b: &Board, p: Point, color: Color, strict: bool) -> bool {
    let effect = b.move_effect(p, color.opponent());
    if effect.captured != 0 || effect.libs > 2 {
        return false;
    }
    // The opponent's stone there must be lost: in atari at once, or caught in a ladder (a
    // full read at every such point made the owl eight times slower).
    if effect.libs == 2 && !ladder_takes(b, p, Some(color.opponent())) {
        return false;
    }
    // The live strings it touches must stand: one the defender can capture is a target, and
    // the point next to it a real margin. Three liberties are taken to stand; two stand
    // unless a ladder takes them.
    p.neighbors().iter().all(|&n| {
        b.color_at(n) != Some(color.opponent())
            || is_inside(b, n, color, strict)
            || b.libs(n) > 2
            || !ladder_takes(b, n, None)
    })
}

/// Does the empty point `p` touch an opponent stone that is not inside an eye space?
fn touches_live_enemy(b: &Board, p: Point, color: Color, strict: bool) -> bool {
    p.neighbors()
        .iter()
        .any(|&n| b.color_at(n) == Some(color.opponent()) && !is_inside(b, n, color, strict))
}

/// The eye space from `start`. An eye point reached only past a marginal point (the live
/// opponent stone there is part of the wall) belongs to the space when the space is small
/// enough for the minimax, which plays the marginal point out; a larger one's core cannot.
fn flood_eye_space(
    b: &Board,
    start: Point,
    color: Color,
    strict: bool,
    open_ground: &mut Vec<Point>,
) -> Option<EyeSpace> {
    let mut stopped_at_margin = false;
    let mut flood = |through_margins: bool, stopped_at_margin: &mut bool| {
        let query = Flood {
            b,
            start,
            color,
            strict,
            through_margins,
        };
        flood_eye_space_with(&query, stopped_at_margin, open_ground)
    };
    flood(false, &mut stopped_at_margin).or_else(|| {
        // (A strict flood looks for what remains around a lively string: the space past
        // its margins is the whole one, judged by `eye_space_at`.)
        if !stopped_at_margin || strict {
            return None;
        }
        flood(true, &mut stopped_at_margin).filter(|space| space.points.len() <= MAX_SEARCH_POINTS)
    })
}

/// The flood of [`flood_eye_space`]; `stopped_at_margin` is set when an eye point behind a
/// marginal point was left out; a flood past [`MAX_EYE_SPACE`] points appends them to
/// `open_ground`. The flood runs in buffers kept per thread: most floods of the owl run into
/// open ground and return nothing, and only a space found gets vectors of its own.
fn flood_eye_space_with(
    query: &Flood<'_>,
    stopped_at_margin: &mut bool,
    open_ground: &mut Vec<Point>,
) -> Option<EyeSpace> {
    let &Flood {
        b, color, strict, ..
    } = query;
    MARKS.with(|m| {
        let mut m = m.borrow_mut();
        let mut region = std::mem::take(&mut m.region);
        let found = m.flood_region(&mut region, query, stopped_at_margin, open_ground);
        let space = found.then(|| {
            let points = region.points.clone();
            let marginal = region.marginal.clone();
            let false_points: Vec<Point> = points
                .iter()
                .copied()
                .filter(|&p| b.cell(p) == Cell::Empty && is_false(b, p, color, strict))
                .collect();
            let value = eye_value(b, &points, &marginal, &false_points, color);
            EyeSpace {
                color,
                points,
                marginal,
                false_points,
                value,
            }
        });
        m.region = region;
        space
    })
}

/// What one flood asks: `color`'s region from `start` on `b`, `strict` (see [`is_inside`]),
/// and whether it passes marginal points (see [`flood_eye_space`]).
struct Flood<'a> {
    b: &'a Board,
    start: Point,
    color: Color,
    strict: bool,
    through_margins: bool,
}

/// A flood's working lists: the region's points in flood order, its marginal points, and
/// the false margins met on the way (see [`is_false_margin`]: left out of the space, and no
/// leak).
#[derive(Default)]
struct Region {
    points: Vec<Point>,
    marginal: Vec<Point>,
    false_margins: Vec<Point>,
}

impl Marks {
    /// Floods the region of `query` into `region`: true when it is an eye space (closed, and
    /// bordered by a stone of its colour).
    fn flood_region(
        &mut self,
        region: &mut Region,
        query: &Flood<'_>,
        stopped_at_margin: &mut bool,
        open_ground: &mut Vec<Point>,
    ) -> bool {
        let &Flood {
            b,
            start,
            color,
            strict,
            through_margins,
        } = query;
        let g = self.next();
        let memo = self.memo_for(b, color, strict);
        region.points.clear();
        region.marginal.clear();
        region.false_margins.clear();
        if !self.node(memo, b, start, color, strict) {
            return false;
        }
        let Region {
            points,
            marginal,
            false_margins,
        } = region;
        points.push(start);
        self.mark[start.index()] = g;
        let mut i = 0;
        while i < points.len() {
            let p = points[i];
            i += 1;
            let empty = b.cell(p) == Cell::Empty;
            let touches_live_enemy = empty && self.touches_live_enemy(memo, b, p, color, strict);
            if touches_live_enemy {
                marginal.push(p);
            }
            for n in p.neighbors() {
                if self.mark[n.index()] == g {
                    continue;
                }
                if b.cell(n) == Cell::Empty
                    && !touches_live_enemy
                    && self.touches_live_enemy(memo, b, n, color, strict)
                    && is_false_margin(b, n, color, strict)
                {
                    self.mark[n.index()] = g;
                    false_margins.push(n);
                    continue;
                }
                if self.node(memo, b, n, color, strict) {
                    if touches_live_enemy
                        && b.cell(n) == Cell::Empty
                        && (!through_margins || self.touches_live_enemy(memo, b, n, color, strict))
                    {
                        *stopped_at_margin = true;
                        // An empty point beyond a marginal one: the region leaks unless that
                        // point is reached another way (checked below).
                        continue;
                    }
                    self.mark[n.index()] = g;
                    points.push(n);
                    if points.len() > MAX_EYE_SPACE {
                        open_ground.extend_from_slice(points);
                        return false;
                    }
                }
            }
        }
        // Open: an empty point next to the region (or beyond a false margin) that the flood did
        // not take.
        for &p in points.iter().chain(false_margins.iter()) {
            for n in p.neighbors() {
                if b.cell(n) == Cell::Empty && self.mark[n.index()] != g {
                    return false;
                }
            }
        }
        // A region with no stone of `color` around it is not an eye of `color`.
        points
            .iter()
            .any(|p| p.neighbors().iter().any(|&n| b.color_at(n) == Some(color)))
    }
}

/// Every eye space of `color` on the board.
pub fn eye_spaces(b: &Board, color: Color) -> Vec<EyeSpace> {
    let mut out: Vec<EyeSpace> = Vec::new();
    let mut seen = vec![false; NUM_CELLS];
    for p in b.points() {
        if seen[p.index()] {
            continue;
        }
        if let Some(space) = eye_space_at(b, p, color) {
            for &q in &space.points {
                seen[q.index()] = true;
            }
            out.push(space);
        }
    }
    out
}

/// The eye space of either colour at `p` (black's first), for GTP `eval_eye`.
pub fn eye_space_of_point(b: &Board, p: Point) -> Option<EyeSpace> {
    match (
        eye_space_at(b, p, Color::Black),
        eye_space_at(b, p, Color::White),
    ) {
        // A point both colours enclose: an "eye" whose every wall lies dead inside the other
        // colour's space is no eye (two black stones in atari around the corner point of a
        // white space wall it in, and are taken there).
        (Some(black), Some(white)) if walled_by_dead_stones(b, &black, &white) => Some(white),
        (black, white) => black.or(white),
    }
}

/// Do all of `space`'s walls (its colour's stones next to it) lie inside `other`, the
/// opponent's eye space?
fn walled_by_dead_stones(b: &Board, space: &EyeSpace, other: &EyeSpace) -> bool {
    space.points.iter().all(|p| {
        p.neighbors()
            .iter()
            .all(|&n| b.color_at(n) != Some(space.color) || other.contains(n))
    })
}

// ---------------------------------------------------------------------------------------------
// The minimax over an eye space

/// A small eye space as bitmasks over its points (at most [`MAX_SEARCH_POINTS`], bits
/// `0..n`) and the *keys* after them (bits `n..nodes`): empty diagonals outside the space
/// where attacker stones would make a point false (one more makes a half eye, two more a
/// point that is safe only if the defender answers). Keys are played like points but are
/// never part of the space.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Shape {
    n: usize,
    nodes: usize,
    adjacent: [u16; MAX_SEARCH_NODES],
    /// For each point, its keys and how many of them the attacker needs to make it false.
    keys: [u16; MAX_SEARCH_POINTS],
    keys_needed: [u8; MAX_SEARCH_POINTS],
    /// For each point, the points of the space on its diagonals: a connected attacker stone
    /// there counts against the point like a key.
    diagonal: [u16; MAX_SEARCH_POINTS],
    /// Points that can make an eye on their own (neither marginal nor false).
    strong: u16,
    /// Points held by the attacker at the start (inside opponent stones).
    attacker: u16,
    /// Marginal points: an attacker stone there is connected outside and cannot be
    /// captured, so it takes the point out of the space.
    marginal: u16,
    /// The space left by captured stones, solved inside another space's minimax: its own
    /// captures are judged without solving again.
    nested: bool,
}

impl Shape {
    /// Eyes after both pass: connected parts of the points the defender has not filled, each
    /// with a strong point that stays empty, capped at two.
    fn count(&self, defender: u16, attacker: u16) -> u8 {
        let all = (1u16 << self.n) - 1;
        // Attacker stones on marginal points are connected outside: they take their point out
        // of the space, and the points next to them become marginal too.
        let connected = self.connected(attacker);
        let mut strong = self.strong;
        for i in 0..self.n {
            let against = (self.keys[i] & attacker) | (self.diagonal[i] & connected);
            if self.keys_needed[i] != 0 && against.count_ones() >= u32::from(self.keys_needed[i]) {
                strong &= !(1 << i);
            }
        }
        for i in 0..self.n {
            if connected & (1 << i) != 0 {
                strong &= !self.adjacent[i];
            }
        }
        let mut left = all & !defender & !connected;
        let mut eyes = 0;
        while left != 0 && eyes < 2 {
            let mut part = left & left.wrapping_neg();
            loop {
                let mut grown = part;
                for i in 0..self.n {
                    if part & (1 << i) != 0 {
                        grown |= self.adjacent[i] & left;
                    }
                }
                if grown == part {
                    break;
                }
                part = grown;
            }
            left &= !part;
            // Attacker stones with at most one liberty left get captured (the defender fills
            // that liberty), and the eye is where they stood: a throw-in on a false point
            // leaves a false eye however strong the point the defender fills.
            let empty = part & !attacker;
            let taken = part & attacker;
            if empty.count_ones() <= 1 && taken != 0 {
                eyes += if taken.count_ones() >= CAPTURED_SPACE_STONES
                    && !self.nested
                    && defender & self.around(taken) == 0
                {
                    // Four stones or more taken with one move leave a space of their shape,
                    // with the attacker to move: a straight four is two eyes, a square four
                    // one. (Capturing stones inside the space, cut off from the walls, would
                    // be short of liberties there: then no more than one eye is counted.)
                    self.captured_space_eyes(taken, strong)
                } else {
                    // Two or three stones taken leave a space the attacker throws in again:
                    // on a false point, if it has one, so the defender's capture fills the
                    // strong one.
                    let needed = taken.count_ones().min(2);
                    u8::from((taken & strong).count_ones() >= needed)
                };
            } else if empty & strong != 0 {
                eyes += 1;
            }
        }
        eyes.min(2)
    }

    /// The points next to `points`.
    fn around(&self, points: u16) -> u16 {
        let mut out = 0;
        let mut bits = points;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out |= self.adjacent[i];
        }
        out & !points
    }

    /// Eyes in the space that the captured stones `taken` leave, the attacker moving first:
    /// the minimax of that space, all empty, solved once per shape.
    fn captured_space_eyes(&self, taken: u16, strong: u16) -> u8 {
        let mut index = [0usize; MAX_SEARCH_POINTS];
        let mut k = 0;
        for (i, slot) in index.iter_mut().enumerate().take(self.n) {
            if taken & (1 << i) != 0 {
                *slot = k;
                k += 1;
            }
        }
        let remap = |mask: u16| {
            let mut out = 0u16;
            let mut bits = mask & taken;
            while bits != 0 {
                out |= 1 << index[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            out
        };
        let mut space = Shape {
            n: k,
            nodes: k,
            adjacent: [0; MAX_SEARCH_NODES],
            keys: [0; MAX_SEARCH_POINTS],
            keys_needed: [0; MAX_SEARCH_POINTS],
            diagonal: [0; MAX_SEARCH_POINTS],
            strong: remap(strong),
            attacker: 0,
            marginal: 0,
            nested: true,
        };
        let mut bits = taken;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            space.adjacent[index[i]] = remap(self.adjacent[i]);
            space.diagonal[index[i]] = remap(self.diagonal[i]);
        }
        solved(space).min
    }

    /// Attacker stones connected outside: those on marginal points and every attacker stone
    /// joined to them.
    fn connected(&self, attacker: u16) -> u16 {
        let mut connected = attacker & self.marginal;
        if connected == 0 {
            return 0;
        }
        loop {
            let mut grown = connected;
            for i in 0..self.n {
                if connected & (1 << i) != 0 {
                    grown |= self.adjacent[i] & attacker;
                }
            }
            if grown == connected {
                return connected;
            }
            connected = grown;
        }
    }

    /// The part of `left` (points joined through `left`) that holds `i`.
    fn part_of(&self, i: usize, left: u16) -> u16 {
        let mut part = 1u16 << i;
        loop {
            let mut grown = part;
            let mut bits = part;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                grown |= self.adjacent[j] & left;
            }
            if grown == part {
                return part;
            }
            part = grown;
        }
    }
}

/// The parts of a minimax state's space (the points the defender has not filled, without
/// the attacker's connected stones), each flooded once however many of its points ask.
struct Parts<'a> {
    shape: &'a Shape,
    attacker: u16,
    left: u16,
    /// Points whose part is known, and each known part by point.
    known: u16,
    part: [u16; MAX_SEARCH_POINTS],
}

impl<'a> Parts<'a> {
    fn new(shape: &'a Shape, defender: u16, attacker: u16) -> Parts<'a> {
        let all = (1u16 << shape.n) - 1;
        Parts {
            shape,
            attacker,
            left: all & !defender & !shape.connected(attacker),
            known: 0,
            part: [0; MAX_SEARCH_POINTS],
        }
    }

    /// Is `i` the last empty point of its part (among points not filled by the defender)?
    /// Filling it would be suicide for the attacker; for the defender it fills its own last
    /// eye point unless it captures attacker stones there.
    fn is_last_empty(&mut self, i: usize, by_defender: bool) -> bool {
        if self.known & (1 << i) == 0 {
            let part = self.shape.part_of(i, self.left);
            let mut bits = part;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if j < MAX_SEARCH_POINTS {
                    self.part[j] = part;
                }
            }
            self.known |= part;
        }
        let part = self.part[i];
        let last = part & !self.attacker & !(1 << i) == 0;
        last && !(by_defender && part & self.attacker != 0)
    }
}

/// Memo of the threshold searches: one byte per (state, side, passed), stamped with a
/// generation; per goal (one eye, two) a bit "known" and a bit "reached" (see [`reaches`]).
struct Memo {
    value: Vec<u8>,
    stamp: Vec<u32>,
    generation: u32,
}

impl Memo {
    fn new(states: usize) -> Memo {
        Memo {
            value: vec![0; 4 * states],
            stamp: vec![0; 4 * states],
            generation: 0,
        }
    }
}

/// Stones taken together that leave a space worth solving on its own (fewer make one eye
/// at most).
const CAPTURED_SPACE_STONES: u32 = 4;

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::new(SEARCH_STATES));
    /// States of a nested space: its points only (3^[`MAX_SEARCH_POINTS`]).
    static NESTED_MEMO: RefCell<Memo> = RefCell::new(Memo::new(19_683));
}

/// Best eye count for the side to move (`defender_to_move`), with both sides free to pass;
/// the game ends after two passes in a row. Returns (count, best move index or `None`): the
/// first move, in node order, that does better for the side to move than passing.
fn minimax(
    shape: &Shape,
    memo: &mut Memo,
    defender: u16,
    attacker: u16,
    defender_to_move: bool,
    passed: bool,
) -> (u8, Option<usize>) {
    let key = state_key(shape, defender, attacker);
    let mut best = if passed {
        shape.count(defender, attacker)
    } else {
        value_at(
            shape,
            memo,
            key,
            defender,
            attacker,
            !defender_to_move,
            true,
        )
    };
    let mut best_move = None;
    for (i, (k, d, a)) in moves_from(shape, key, defender, attacker, defender_to_move) {
        if (defender_to_move && best == 2) || (!defender_to_move && best == 0) {
            break;
        }
        let v = value_at(shape, memo, k, d, a, !defender_to_move, false);
        if (defender_to_move && v > best) || (!defender_to_move && v < best) {
            best = v;
            best_move = Some(i);
        }
    }
    (best, best_move)
}

/// May the side to move play node `i` (`occupied` holds both sides' stones)? Not on a stone,
/// and not on the last empty point of its part (suicide for the attacker, filling its own
/// last eye point for the defender) unless the attacker plays a marginal point.
#[inline(always)]
fn playable(
    shape: &Shape,
    parts: &mut Parts,
    i: usize,
    occupied: u16,
    defender_to_move: bool,
) -> bool {
    occupied & (1 << i) == 0
        && !(i < shape.n
            && (defender_to_move || shape.marginal & (1 << i) == 0)
            && parts.is_last_empty(i, defender_to_move))
}

/// The state after the side to move plays node `i` (`digit`, its power of three, is added to
/// the key once for a defender stone, twice for an attacker stone): key, defender's and
/// attacker's stones.
#[inline(always)]
fn child_state(
    key: usize,
    defender: u16,
    attacker: u16,
    i: usize,
    digit: usize,
    defender_to_move: bool,
) -> (usize, u16, u16) {
    if defender_to_move {
        (key + digit, defender | 1 << i, attacker)
    } else {
        (key + 2 * digit, defender, attacker | 1 << i)
    }
}

/// The moves of the side to move from a state, in node order: each node it may play with
/// the child state it leads to (the exact search and the threshold search walk the same
/// list).
#[inline(always)]
fn moves_from<'a>(
    shape: &'a Shape,
    key: usize,
    defender: u16,
    attacker: u16,
    defender_to_move: bool,
) -> impl Iterator<Item = (usize, (usize, u16, u16))> + 'a {
    let mut parts = Parts::new(shape, defender, attacker);
    POW3[..shape.nodes]
        .iter()
        .enumerate()
        .filter(move |&(i, _)| {
            playable(shape, &mut parts, i, defender | attacker, defender_to_move)
        })
        .map(move |(i, &digit)| {
            (
                i,
                child_state(key, defender, attacker, i, digit, defender_to_move),
            )
        })
}

/// The exact minimax value of a state (0, 1 or 2 eyes), from two threshold searches.
fn value_at(
    shape: &Shape,
    memo: &mut Memo,
    key: usize,
    defender: u16,
    attacker: u16,
    defender_to_move: bool,
    passed: bool,
) -> u8 {
    if !reaches(
        shape,
        memo,
        key,
        defender,
        attacker,
        defender_to_move,
        passed,
        1,
    ) {
        0
    } else if reaches(
        shape,
        memo,
        key,
        defender,
        attacker,
        defender_to_move,
        passed,
        2,
    ) {
        2
    } else {
        1
    }
}

/// Does the defender get at least `goal` eyes (1 or 2) from this state? A threshold search:
/// the side to move stops at its first option that settles the question, where the exact
/// search had to find the best value (most states are worth one eye, which it could not cut).
#[allow(clippy::too_many_arguments)]
fn reaches(
    shape: &Shape,
    memo: &mut Memo,
    key: usize,
    defender: u16,
    attacker: u16,
    defender_to_move: bool,
    passed: bool,
    goal: u8,
) -> bool {
    let slot = key * 4 + usize::from(defender_to_move) * 2 + usize::from(passed);
    // Per goal, a bit "known" and a bit "reached".
    let shift = 2 * (goal - 1);
    if memo.stamp[slot] != memo.generation {
        memo.stamp[slot] = memo.generation;
        memo.value[slot] = 0;
    } else if memo.value[slot] >> shift & 1 != 0 {
        return memo.value[slot] >> (shift + 1) & 1 != 0;
    }
    // Passing first: a second pass ends the game.
    let mut result = if passed {
        shape.count(defender, attacker) >= goal
    } else {
        reaches(
            shape,
            memo,
            key,
            defender,
            attacker,
            !defender_to_move,
            true,
            goal,
        )
    };
    // The defender needs one option that reaches the goal, the attacker one that stops it.
    if result != defender_to_move {
        for (_, (k, d, a)) in moves_from(shape, key, defender, attacker, defender_to_move) {
            let child = reaches(shape, memo, k, d, a, !defender_to_move, false, goal);
            if child == defender_to_move {
                result = child;
                break;
            }
        }
    }
    memo.value[slot] |= (1 | u8::from(result) << 1) << shift;
    result
}

/// Powers of three: a node's digit in a state's key (empty 0, defender 1, attacker 2).
const POW3: [usize; MAX_SEARCH_NODES] = {
    let mut p = [1; MAX_SEARCH_NODES];
    let mut i = 1;
    while i < MAX_SEARCH_NODES {
        p[i] = p[i - 1] * 3;
        i += 1;
    }
    p
};

/// A state's index among the 3^nodes states.
fn state_key(shape: &Shape, defender: u16, attacker: u16) -> usize {
    POW3[..shape.nodes]
        .iter()
        .enumerate()
        .map(|(i, &p)| p * usize::from(defender >> i & 1) + 2 * p * usize::from(attacker >> i & 1))
        .sum()
}

/// A space too big to search, judged by its *core*: the strong empty points with no marginal
/// neighbour, which the attacker cannot reach with one move from outside. A large core is two
/// eyes; a small one is one eye, or two if the defender plays first on the core point with
/// the most core neighbours (where the attacker would play to reduce it).
fn big_space_value(
    b: &Board,
    points: &[Point],
    marginal: &[Point],
    is_strong: impl Fn(Point) -> bool,
) -> EyeValue {
    let is_core = |p: Point| {
        b.cell(p) == Cell::Empty
            && is_strong(p)
            && !p.neighbors().iter().any(|n| marginal.contains(n))
    };
    let mut core = 0;
    let mut centre: Option<(usize, Point)> = None;
    let mut any_strong = false;
    for &p in points {
        any_strong |= b.cell(p) == Cell::Empty && is_strong(p);
        if !is_core(p) {
            continue;
        }
        core += 1;
        let degree = p.neighbors().iter().filter(|&&n| is_core(n)).count();
        if centre.is_none_or(|(d, _)| degree > d) {
            centre = Some((degree, p));
        }
    }
    let (min, max) = if core >= BIG_SPACE_CORE {
        (2, 2)
    } else if core >= BIG_SPACE_CORE_SPLIT {
        (1, 2)
    } else if any_strong {
        (1, 1)
    } else {
        (0, 0)
    };
    let vital = centre.filter(|_| min < max).map(|(_, p)| p);
    EyeValue {
        min,
        max,
        attack: vital,
        other_attacks: [None; OTHER_ATTACKS],
        defense: vital,
    }
}

/// The value of an eye space of `color` made of `points` (see the module documentation).
pub fn eye_value(
    b: &Board,
    points: &[Point],
    marginal: &[Point],
    false_points: &[Point],
    color: Color,
) -> EyeValue {
    // An inside opponent stone's point becomes an eye point once the stone is taken, and the
    // diagonal rule judges it then as any other.
    let is_strong = |p: Point| {
        !marginal.contains(&p)
            && !false_points.contains(&p)
            && (b.cell(p) == Cell::Empty || !is_false(b, p, color, false))
    };
    if points.len() > MAX_SEARCH_POINTS {
        return big_space_value(b, points, marginal, is_strong);
    }
    let mut shape = Shape {
        n: points.len(),
        nodes: points.len(),
        adjacent: [0; MAX_SEARCH_NODES],
        keys: [0; MAX_SEARCH_POINTS],
        keys_needed: [0; MAX_SEARCH_POINTS],
        diagonal: [0; MAX_SEARCH_POINTS],
        strong: 0,
        attacker: 0,
        marginal: 0,
        nested: false,
    };
    for (i, &p) in points.iter().enumerate() {
        for (j, &q) in points.iter().enumerate() {
            if p.neighbors().contains(&q) {
                shape.adjacent[i] |= 1 << j;
            }
            if p.diagonals().contains(&q) {
                shape.diagonal[i] |= 1 << j;
            }
        }
        if is_strong(p) {
            shape.strong |= 1 << i;
        }
        if b.color_at(p) == Some(color.opponent()) {
            shape.attacker |= 1 << i;
        }
        if marginal.contains(&p) {
            shape.marginal |= 1 << i;
            // The attacker plays there with atari on a defender string short of liberties:
            // the point is as good as the attacker's.
            if p.neighbors()
                .iter()
                .any(|&n| b.color_at(n) == Some(color) && b.libs(n) <= WEAK_STRING_LIBS)
            {
                shape.attacker |= 1 << i;
            }
        }
    }
    let mut key_points = [Point::default(); MAX_SEARCH_NODES];
    for (i, &p) in points.iter().enumerate() {
        if !is_strong(p) {
            continue;
        }
        let (enemy, edge) = enemy_diagonals(b, p, color, false);
        let needed = if edge { 1 } else { 2 } - enemy.min(1);
        let is_key = |d: Point| {
            b.cell(d) == Cell::Empty && !points.contains(&d) && attacker_can_stand(b, d, color)
        };
        let in_space = p.diagonals().iter().filter(|d| points.contains(d)).count();
        if p.diagonals().iter().filter(|&&d| is_key(d)).count() + in_space < needed {
            continue;
        }
        shape.keys_needed[i] = needed as u8;
        for d in p.diagonals() {
            if !is_key(d) {
                continue;
            }
            let j = match key_points[points.len()..shape.nodes]
                .iter()
                .position(|&k| k == d)
            {
                Some(j) => points.len() + j,
                None if shape.nodes < MAX_SEARCH_NODES => {
                    key_points[shape.nodes] = d;
                    shape.nodes += 1;
                    shape.nodes - 1
                }
                None => continue,
            };
            shape.keys[i] |= 1 << j;
        }
    }
    let node_point = |i: usize| {
        if i < points.len() {
            points[i]
        } else {
            key_points[i]
        }
    };
    let solved = solved(shape);
    EyeValue {
        min: solved.min,
        max: solved.max,
        attack: solved.attack.map(node_point),
        other_attacks: solved.other_attacks.map(|a| a.map(node_point)),
        defense: solved.defense.map(node_point),
    }
}

/// A shape's minimax answers, by node index.
#[derive(Clone, Copy)]
struct Solved {
    min: u8,
    max: u8,
    attack: Option<usize>,
    other_attacks: [Option<usize>; OTHER_ATTACKS],
    defense: Option<usize>,
}

/// Shapes solved so far, per thread, forgotten when full.
const SOLVED_CAPACITY: usize = 1 << 14;

thread_local! {
    // The same eye spaces come back at every node of an owl search and at every dragon of a
    // position; a minimax over eleven nodes visits up to 3^11 states, so each shape is
    // solved once (a random 25x25 position spent 40 % of `dragon_status` re-solving them).
    static SOLVED: RefCell<std::collections::HashMap<Shape, Solved>> =
        RefCell::new(std::collections::HashMap::new());
}

/// [`solve`], from the cache when `shape` was solved before.
fn solved(shape: Shape) -> Solved {
    if let Some(known) = SOLVED.with(|c| c.borrow().get(&shape).copied()) {
        return known;
    }
    let solved = solve(&shape);
    SOLVED.with(|c| {
        let mut cache = c.borrow_mut();
        if cache.len() >= SOLVED_CAPACITY {
            cache.clear();
        }
        cache.insert(shape, solved);
    });
    solved
}

/// The minimax of `shape` from its start: eye counts with the attacker and with the
/// defender moving first, the moves that get them, and other first attacker moves that hold
/// the space to the attacker's count.
fn solve(shape: &Shape) -> Solved {
    // A nested space is solved while its outer space's memo is in use.
    let memo_cell = if shape.nested { &NESTED_MEMO } else { &MEMO };
    memo_cell.with(|m| {
        let mut memo = m.borrow_mut();
        memo.generation = memo.generation.wrapping_add(1);
        if memo.generation == 0 {
            memo.stamp.iter_mut().for_each(|s| *s = 0);
            memo.generation = 1;
        }
        let a = shape.attacker;
        let (min, attack) = minimax(shape, &mut memo, 0, a, false, false);
        let (max, mut defense) = minimax(shape, &mut memo, 0, a, true, false);
        let differ = min < max;
        // The attacker's vital point is the defender's: when it serves the defender as well
        // as the move found, it is the answer.
        if let Some(vital) = attack.filter(|&v| differ && Some(v) != defense && a & (1 << v) == 0)
            && minimax(shape, &mut memo, 1 << vital, a, false, false).0 == max
        {
            defense = Some(vital);
        }
        let mut other_attacks = [None; OTHER_ATTACKS];
        if differ {
            // Every first attacker move that holds the space to `min` (the memo makes these
            // look-ups cheap), inside points before marginal ones.
            let mut found = 0;
            let mut parts = Parts::new(shape, 0, a);
            for marginal_pass in [false, true] {
                for i in 0..shape.nodes {
                    let bit = 1u16 << i;
                    let is_marginal = i < shape.n && shape.marginal & bit != 0;
                    if found == OTHER_ATTACKS
                        || is_marginal != marginal_pass
                        || Some(i) == attack
                        || a & bit != 0
                        || (i < shape.n && !is_marginal && parts.is_last_empty(i, false))
                    {
                        continue;
                    }
                    if minimax(shape, &mut memo, 0, a | bit, true, false).0 == min {
                        other_attacks[found] = Some(i);
                        found += 1;
                    }
                }
            }
        }
        Solved {
            min,
            max,
            attack: attack.filter(|_| differ),
            other_attacks,
            defense: defense.filter(|_| differ),
        }
    })
}

#[cfg(test)]
pub(crate) mod tests;
