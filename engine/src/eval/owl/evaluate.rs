//! The owl's static judgement of a node: the group with its eye spaces and liberties, room to
//! escape, and the eyes it ends with when both sides settle its eye spaces in turn.

use super::{EYE_LINK_MAX, LifeStatus, NodeInfo, Owl};
use crate::board::{Board, Cell, Point};
use crate::eval::eyes::{self, EyeSpace};

impl Owl {
    /// The group, its eye spaces and liberties, and the status they give.
    pub(super) fn evaluate(&mut self, b: &mut Board, depth: u32) -> NodeInfo {
        let color = self.color;
        let g = self.next_mark();
        let mut strings: Vec<Point> = Vec::new();
        let add = |owl: &mut Owl, strings: &mut Vec<Point>, p: Point| {
            let id = b.string_id(p);
            if owl.marks[id.index()] != g {
                owl.marks[id.index()] = g;
                strings.push(id);
            }
        };
        for i in 0..self.goal.len() {
            let p = self.goal[i];
            if b.color_at(p) == Some(color) {
                add(self, &mut strings, p);
            }
        }
        // Eye spaces are found from the liberties; each is looked at once.
        let space_mark = self.next_mark();
        let mut spaces: Vec<EyeSpace> = Vec::new();
        let mut open_ground = std::mem::take(&mut self.open_ground);
        let mut i = 0;
        while i < strings.len() {
            let s = strings[i];
            i += 1;
            for l in b.liberties(s) {
                // Links through a liberty.
                for n in l.neighbors() {
                    if b.color_at(n) != Some(color) || self.marks[b.string_id(n).index()] == g {
                        continue;
                    }
                    let shared = b.liberties(n).filter(|&x| b.has_liberty(s, x)).count();
                    let cut_is_self_atari = l
                        .neighbors()
                        .iter()
                        .filter(|&&x| b.cell(x) == Cell::Empty)
                        .count()
                        <= 1
                        && !l
                            .neighbors()
                            .iter()
                            .any(|&x| b.color_at(x) == Some(color.opponent()) && b.libs(x) > 1);
                    // A stone the defender played a jump away is linked while no attacker stone
                    // touches the point between.
                    let jump_link = !l
                        .neighbors()
                        .iter()
                        .any(|&x| b.color_at(x) == Some(color.opponent()))
                        && self.played.iter().any(|&p| {
                            b.color_at(p) == Some(color) && b.string_id(p) == b.string_id(n)
                        });
                    if shared >= 2 || cut_is_self_atari || jump_link {
                        add(self, &mut strings, n);
                    }
                }
                if self.marks[l.index()] == space_mark {
                    continue;
                }
                // A liberty in open ground another flood has reached makes no eye space.
                open_ground.clear();
                let found = eyes::eye_space_noting_open_ground(b, l, color, &mut open_ground);
                for &p in &open_ground {
                    self.marks[p.index()] = space_mark;
                }
                if let Some(space) = found {
                    for &p in &space.points {
                        self.marks[p.index()] = space_mark;
                    }
                    if space.points.len() <= EYE_LINK_MAX {
                        for &p in &space.points {
                            for n in p.neighbors() {
                                if b.color_at(n) == Some(color) {
                                    add(self, &mut strings, n);
                                }
                            }
                        }
                    }
                    spaces.push(space);
                }
            }
            // Diagonal links with both crossing points empty.
            for st in b.string_stones(s) {
                for (d, x, y) in st.diagonals_with_crossings() {
                    if b.color_at(d) == Some(color)
                        && self.marks[b.string_id(d).index()] != g
                        && b.cell(x) == Cell::Empty
                        && b.cell(y) == Cell::Empty
                    {
                        add(self, &mut strings, d);
                    }
                }
            }
        }
        self.open_ground = open_ground;
        // Eye spaces reached only through stones inside them (opponent stones next to us).
        let mut boundary: Vec<Point> = Vec::new();
        let mut outer_libs: Vec<Point> = Vec::new();
        let lib_mark = self.next_mark();
        for &s in &strings {
            for st in b.string_stones(s) {
                for n in st.neighbors() {
                    match b.cell(n) {
                        Cell::Empty
                            if self.marks[n.index()] != lib_mark
                                && !spaces.iter().any(|sp| sp.contains(n)) =>
                        {
                            self.marks[n.index()] = lib_mark;
                            outer_libs.push(n);
                        }
                        c if c.color() == Some(color.opponent()) => {
                            let id = b.string_id(n);
                            if !boundary.contains(&id) {
                                boundary.push(id);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        for &e in &boundary {
            if spaces.iter().any(|sp| sp.contains(e)) {
                continue;
            }
            if let Some(space) = eyes::eye_space_at(b, e, color)
                && !spaces.iter().any(|sp| sp.contains(space.points[0]))
            {
                spaces.push(space);
            }
        }
        let eyes_min: u32 = spaces.iter().map(|s| s.value.min as u32).sum();
        let eyes_max: u32 = spaces.iter().map(|s| s.value.max as u32).sum();
        // Eyes only count when no string of the group can be captured: a capture would
        // break the eye spaces open.
        let eyes_safe = eyes_min >= 2
            && strings.iter().all(|&s| {
                b.libs(s) >= 3 || {
                    self.reader.set_base_depth(depth);
                    self.reader.attack(b, s).0 == 0
                }
            });
        let status = if eyes_safe || self.escaped(b, &outer_libs) {
            LifeStatus::Alive
        } else {
            LifeStatus::Unknown
        };
        NodeInfo {
            status,
            eyes_min,
            eyes_max,
            spaces,
            strings,
            outer_libs,
            boundary,
        }
    }

    /// Does the group reach open space: enough empty points within three steps of its outer
    /// liberties that no opponent stone touches? The steps may pass points that touch one.
    pub(super) fn escaped(&mut self, b: &Board, outer_libs: &[Point]) -> bool {
        self.escape_room(b, outer_libs) >= self.opts.escape_area
    }

    pub(super) fn escape_room(&mut self, b: &Board, outer_libs: &[Point]) -> usize {
        let m = self.next_mark();
        let opponent = self.color.opponent();
        // The points reached, step by step (`level` is the last step's); reused.
        let mut reached = std::mem::take(&mut self.escape_points);
        reached.clear();
        let mut open = 0;
        for &l in outer_libs {
            self.marks[l.index()] = m;
            reached.push(l);
        }
        let mut level = 0..reached.len();
        for _ in 0..3 {
            let end = reached.len();
            for i in level {
                let p = reached[i];
                for n in p.neighbors() {
                    if b.cell(n) != Cell::Empty || self.marks[n.index()] == m {
                        continue;
                    }
                    self.marks[n.index()] = m;
                    reached.push(n);
                    // A point next to an opponent stone is no room of its own, but the way
                    // to open space goes on past it: a lone stone beside the road does not
                    // wall the group in.
                    if !n
                        .neighbors()
                        .iter()
                        .any(|&x| b.color_at(x) == Some(opponent))
                    {
                        open += 1;
                    }
                }
            }
            level = end..reached.len();
        }
        self.escape_points = reached;
        open
    }
}

/// Fewer outer liberties than this: the leaf judgement takes the group as enclosed.
pub(super) const ENCLOSED_OUTER_LIBS: usize = 5;

/// Eyes the defender ends with when both sides take turns settling the eye spaces, the
/// biggest swing (`max - min`) first: the sum of `max` values overrates a group whose spaces
/// are miai, since the attacker reduces one space while the defender secures another.
pub(super) fn leaf_eyes(spaces: &[EyeSpace], defender_first: bool) -> u32 {
    // Swings are 0..=2 in practice; count them by size instead of sorting (no allocation).
    let mut swings_by_size = [0u32; 4];
    let mut eyes = 0u32;
    for space in spaces {
        eyes += space.value.min as u32;
        let swing = space.value.max.saturating_sub(space.value.min).min(3) as usize;
        swings_by_size[swing] += 1;
    }
    let mut defender_turn = defender_first;
    for size in (1..4).rev() {
        for _ in 0..swings_by_size[size] {
            if defender_turn {
                eyes += size as u32;
            }
            defender_turn = !defender_turn;
        }
    }
    eyes
}
