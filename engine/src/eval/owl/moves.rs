//! The owl's move generators: for the defender, moves that make eyes, gain liberties or
//! escape; for the attacker, vital points, liberties and edge moves; pattern candidates from
//! `owl_attack.db` / `owl_defense.db`.

use super::{
    Candidates, EDGE_DIAGONAL_SCORE, NodeInfo, Owl, PATTERN_EXTRA, SMALL_SPACE_POINTS, model_rank,
};
use crate::board::{Board, Cell, Color, Point};
use crate::pattern::Kind;
use crate::tactics::pattern_view::PatternView;
use crate::tactics::reading::moves::edge_distance;

impl Owl {
    pub(super) fn breadth(depth: u32) -> usize {
        // Measured on owl.tst: wider trees spend the node budget without finding more.
        match depth {
            0 => 10,
            1 => 8,
            2..=3 => 6,
            4..=6 => 3,
            _ => 2,
        }
    }

    pub(super) fn add(list: &mut Candidates, p: Point, score: i32) {
        if p == Point::NONE || p == Point::PASS {
            return;
        }
        match list.iter_mut().find(|(q, _)| *q == p) {
            // A point good for several reasons gets a quarter of the lesser score on top.
            Some(e) => e.1 = e.1.max(score) + e.1.min(score) / 4,
            None => list.push((p, score)),
        }
    }

    /// Orders the candidates best first and keeps the breadth of `depth`, plus up to
    /// [`PATTERN_EXTRA`] vital-shape moves (`shape`) ranked below the cut: a pattern adds
    /// moves to read without pushing out the generators' own.
    pub(super) fn finish(list: &mut Candidates, depth: u32, shape: &[Point]) {
        list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let breadth = Self::breadth(depth);
        let mut extra = 0;
        let mut i = 0;
        list.retain(|&(p, _)| {
            i += 1;
            if i <= breadth {
                return true;
            }
            let keep = extra < PATTERN_EXTRA && shape.contains(&p);
            extra += keep as usize;
            keep
        });
    }

    /// Open empty neighbours of `p` (a measure of room).
    pub(super) fn room(b: &Board, p: Point) -> i32 {
        p.neighbors()
            .iter()
            .filter(|&&n| b.cell(n) == Cell::Empty)
            .count() as i32
    }

    /// Empty points next to the group's outer liberties but not touching the group: the
    /// defender's jumps, knight's moves and eye-making moves at a distance (at the root only;
    /// the same for the attacker measured worse).
    pub(super) fn add_second_liberties(
        &mut self,
        b: &Board,
        info: &NodeInfo,
        list: &mut Candidates,
        base: i32,
    ) {
        let m = self.next_mark();
        for &l in &info.outer_libs {
            self.marks[l.index()] = m;
        }
        for &l in &info.outer_libs {
            for n in l.neighbors() {
                if b.cell(n) != Cell::Empty || self.marks[n.index()] == m {
                    continue;
                }
                self.marks[n.index()] = m;
                if info.spaces.iter().any(|sp| sp.contains(n)) {
                    continue;
                }
                Self::add(list, n, base + 8 * Self::room(b, n));
            }
        }
    }

    /// First-line points diagonal to a second-line stone of the group, both points between
    /// empty: the eye-making move along the edge (a stone there is linked diagonally and
    /// walls in the first-line points under the group). Such points are second liberties,
    /// read below the root only through this rule. (Also requiring that no opponent stone
    /// touches the point measured 1 test worse once merged with the ko results.)
    pub(super) fn add_edge_diagonals(&mut self, b: &Board, info: &NodeInfo, list: &mut Candidates) {
        for &s in &info.strings {
            for st in b.string_stones(s) {
                if edge_distance(b, st) != 1 {
                    continue;
                }
                for (d, x, y) in st.diagonals_with_crossings() {
                    if b.cell(d) == Cell::Empty
                        && edge_distance(b, d) == 0
                        && b.cell(x) == Cell::Empty
                        && b.cell(y) == Cell::Empty
                        && !info.spaces.iter().any(|sp| sp.contains(d))
                    {
                        Self::add(list, d, EDGE_DIAGONAL_SCORE);
                    }
                }
            }
        }
    }

    /// Candidates from the vital-shape database `kind`, matched for `us` at the empty points
    /// around the group: its eye spaces, its outer liberties and the points next to those,
    /// and the liberties of the opponent strings touching it. Below the root a point gets the
    /// value of the best pattern matching there; at the root (`depth` 0) it only joins the
    /// list, last. Returns the points matched.
    pub(super) fn add_pattern_moves(
        &mut self,
        b: &Board,
        info: &NodeInfo,
        list: &mut Candidates,
        kind: Kind,
        us: Color,
        depth: u32,
    ) -> Vec<Point> {
        let mut matched = Vec::new();
        // An empty database costs nothing.
        let Some(matcher) = self
            .patterns
            .matcher(kind)
            .filter(|m| !m.patterns.is_empty())
        else {
            return matched;
        };
        let m = self.next_mark();
        let mut points = std::mem::take(&mut self.pattern_points);
        points.clear();
        let mut push = |marks: &mut Vec<u32>, p: Point| {
            if b.cell(p) == Cell::Empty && marks[p.index()] != m {
                marks[p.index()] = m;
                points.push(p);
            }
        };
        for sp in &info.spaces {
            for &p in &sp.points {
                push(&mut self.marks, p);
            }
        }
        for &l in &info.outer_libs {
            push(&mut self.marks, l);
            for n in l.neighbors() {
                push(&mut self.marks, n);
            }
        }
        for &e in &info.boundary {
            for l in b.liberties(e) {
                push(&mut self.marks, l);
            }
        }
        let view = PatternView::new(b);
        for &p in &points {
            let (x, y) = p.xy();
            let mut best = 0;
            self.patterns
                .match_at(kind, &view, x as i32, y as i32, us, &mut |found| {
                    best = best.max(matcher.patterns[found.pattern].value);
                });
            if best > 0 {
                // At the root the first working move is the answer: a shape move is read
                // after the generators' own (as one of the extras) and reorders nothing.
                if depth == 0 {
                    if !list.iter().any(|e| e.0 == p) {
                        list.push((p, 1));
                    }
                } else {
                    Self::add(list, p, best);
                }
                matched.push(p);
            }
        }
        self.pattern_points = points;
        matched
    }

    pub(super) fn defender_moves(
        &mut self,
        b: &mut Board,
        info: &NodeInfo,
        depth: u32,
    ) -> Candidates {
        let color = self.color;
        let (mut list, shape) = self.defender_candidates(b, info, depth);
        // Play where the opponent wants to play: at the root the attacker's candidates are
        // defences too (a vital point inside the eye space, a key cutting point).
        if depth == 0 {
            let (other, _) = self.attacker_candidates(b, info, depth);
            for (p, v) in other {
                if p != self.root_hint {
                    Self::add(&mut list, p, v / 2);
                }
            }
        }
        // Filter: legal, not filling an own eye, not a pointless self-atari. A self-atari
        // that captures or ataris an opponent string has a point: taking it costs the
        // attacker a move, and not taking it loses the string.
        list.retain(|&(p, _)| {
            if b.is_eye(p, color) {
                return false;
            }
            let libs = b.libs_after(p, color);
            libs >= 2
                || (libs == 1 && (captures_something(b, p, color) || ataris_something(b, p, color)))
        });
        Self::finish(&mut list, depth, &shape);
        if depth == 0 {
            self.order_defences_by_model(b, &mut list);
        }
        list
    }

    /// The root's defences: the attacker's key move first ("play where the opponent wants to
    /// play"), the rest in the move model's order, the move a strong player would choose
    /// first, so that of several saves the natural one is named. Without a model the
    /// generators' order stands.
    pub(super) fn order_defences_by_model(&self, b: &mut Board, list: &mut Candidates) {
        let Some(model) = self.likelihood else {
            return;
        };
        let (hint, color) = (self.root_hint, self.color);
        // A stable sort: equally likely moves keep the generators' order.
        list.sort_by_cached_key(|&(p, _)| (p != hint, -model_rank(model.likelihood(b, p, color))));
    }

    pub(super) fn defender_candidates(
        &mut self,
        b: &mut Board,
        info: &NodeInfo,
        depth: u32,
    ) -> (Candidates, Vec<Point>) {
        let color = self.color;
        let mut list: Candidates = Vec::new();
        if depth == 0 {
            Self::add(&mut list, self.root_hint, 1000);
        }
        for sp in &info.spaces {
            if let Some(d) = sp.value.defense {
                Self::add(&mut list, d, 100);
            }
            for &m in &sp.marginal {
                Self::add(&mut list, m, 45);
            }
            if sp.points.len() > 2 && sp.value.max < 2 {
                for &p in &sp.points {
                    if b.cell(p) == Cell::Empty && !b.is_eye(p, color) {
                        Self::add(&mut list, p, 15);
                    }
                }
            }
        }
        let read_libs = if depth < 3 { 3 } else { 2 };
        // The defender's rescues and counter-captures get a larger budget than the other
        // questions (see `OwlOptions::defence_reading_node_limit`).
        self.reader
            .set_node_limit(self.opts.defence_reading_node_limit);
        for &s in &info.strings {
            if b.libs(s) <= read_libs {
                self.reader.set_base_depth(depth);
                let (code, _) = self.reader.attack(b, s);
                if code != 0 {
                    let (dc, dm) = self.reader.find_defense(b, s);
                    if dc != 0
                        && let Some(m) = dm
                    {
                        Self::add(&mut list, m, 90 + b.string_size(s) as i32);
                    }
                }
            }
        }
        for &e in &info.boundary {
            if b.libs(e) <= read_libs {
                self.reader.set_base_depth(depth);
                let (code, mv) = self.reader.attack(b, e);
                if code != 0
                    && let Some(m) = mv
                {
                    Self::add(&mut list, m, 70 + 5 * b.string_size(e).min(6) as i32);
                } else if code == 0 && depth == 0 && b.libs(e) == 2 {
                    // At the root an atari on a surrounding string that escapes is still a
                    // forcing move: the answer may leave the dragon the tempo or the shape it
                    // lacks. (Below the root, to depth 1 or 2: owl area 228 -> 225, 224, false
                    // saves the shallower attacker misses; at the root 229, the same with 15
                    // and 30, 228 with 45.)
                    for l in b.liberties(e) {
                        Self::add(&mut list, l, BOUNDARY_ATARI_SCORE);
                    }
                }
            }
        }
        self.reader.set_node_limit(self.opts.reading_node_limit);
        for &l in &info.outer_libs {
            Self::add(&mut list, l, 25 + 8 * Self::room(b, l));
        }
        // At the root the second liberties below hold them already, ranked by room.
        if depth > 0 {
            self.add_edge_diagonals(b, info, &mut list);
        }
        if depth == 0 {
            self.add_second_liberties(b, info, &mut list, 15);
        }
        let shape = self.add_pattern_moves(b, info, &mut list, Kind::OwlDefense, color, depth);
        (list, shape)
    }

    pub(super) fn attacker_moves(
        &mut self,
        b: &mut Board,
        info: &NodeInfo,
        depth: u32,
    ) -> Candidates {
        let opponent = self.color.opponent();
        let (mut list, shape) = self.attacker_candidates(b, info, depth);
        // Filter: legal; a self-atari only inside an eye space (a placement or throw-in).
        let playable = |b: &mut Board, p: Point| {
            let libs = b.libs_after(p, opponent);
            libs >= 2
                || (libs == 1
                    && (info.spaces.iter().any(|sp| sp.contains(p))
                        || captures_something(b, p, opponent)))
        };
        list.retain(|&(p, _)| playable(b, p));
        // Play where the opponent wants to play: below the root, when the attacker's own
        // generators offer fewer moves than the node reads, the defender's candidates (its
        // eye-making and escaping points) fill the list at half their score. A defender that
        // reads shallowly finds false saves; this is the attacker's half of the remedy. (At
        // the root too: owl area +2 more, but six answers named a lesser kill or a false one.)
        if depth > 0 && list.len() < Self::breadth(depth) {
            let (theirs, _) = self.defender_candidates(b, info, depth);
            for (p, v) in theirs {
                if b.cell(p) == Cell::Empty && !list.iter().any(|e| e.0 == p) && playable(b, p) {
                    list.push((p, v / 2));
                }
            }
        }
        let full = self.root_cut_pending(depth).then(|| list.clone());
        Self::finish(&mut list, depth, &shape);
        if let Some(mut full) = full {
            self.add_second_liberties(b, info, &mut full, 0);
            full.retain(|&(p, _)| playable(b, p));
            self.record_cut(&full, &list);
        }
        list
    }

    /// Whether this node is the question's own root, whose left-out candidates are kept.
    fn root_cut_pending(&mut self, depth: u32) -> bool {
        depth == 0 && std::mem::take(&mut self.record_root_cut)
    }

    /// Keeps the candidates of `full` that `kept` left out, best first (a second liberty
    /// scores 8 a free neighbour, below most of the generators' own).
    fn record_cut(&mut self, full: &Candidates, kept: &Candidates) {
        let mut cut: Candidates = full
            .iter()
            .filter(|e| !kept.iter().any(|k| k.0 == e.0))
            .copied()
            .collect();
        cut.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        self.root_cut.clear();
        self.root_cut.extend(cut.iter().map(|e| e.0));
    }

    pub(super) fn attacker_candidates(
        &mut self,
        b: &mut Board,
        info: &NodeInfo,
        depth: u32,
    ) -> (Candidates, Vec<Point>) {
        let color = self.color;
        let opponent = color.opponent();
        let mut list: Candidates = Vec::new();
        if depth == 0 {
            Self::add(&mut list, self.root_hint, 1000);
        }
        for sp in &info.spaces {
            if let Some(a) = sp.value.attack {
                Self::add(&mut list, a, 100);
            }
            for a in sp.value.other_attacks.into_iter().flatten() {
                Self::add(&mut list, a, 95);
            }
            for &m in &sp.marginal {
                Self::add(&mut list, m, 60);
            }
            // A half eye (0..1) is taken away as often by a move beside the vital point
            // as on it: its points are read too.
            if sp.value.max >= 1 {
                // In a small space the placement goes where it touches most of the space.
                let small = sp.points.len() <= SMALL_SPACE_POINTS;
                for &p in &sp.points {
                    if b.cell(p) == Cell::Empty {
                        let inside = if small {
                            p.neighbors()
                                .iter()
                                .filter(|&&n| b.cell(n) == Cell::Empty && sp.contains(n))
                                .count() as i32
                        } else {
                            0
                        };
                        Self::add(&mut list, p, 20 + 10 * inside);
                    }
                }
            }
        }
        let read_libs = if depth < 3 { 3 } else { 2 };
        for &s in &info.strings {
            if b.libs(s) <= read_libs {
                self.reader.set_base_depth(depth);
                let (code, mv) = self.reader.attack(b, s);
                if code != 0
                    && let Some(m) = mv
                {
                    Self::add(&mut list, m, 90 + b.string_size(s) as i32);
                }
            }
        }
        for &e in &info.boundary {
            if b.libs(e) <= 2 {
                self.reader.set_base_depth(depth);
                let (code, _) = self.reader.attack(b, e);
                if code != 0 {
                    let (dc, dm) = self.reader.find_defense(b, e);
                    if dc != 0
                        && let Some(m) = dm
                    {
                        Self::add(&mut list, m, 70 + 5 * b.string_size(e).min(6) as i32);
                    }
                }
            }
        }
        for &l in &info.outer_libs {
            Self::add(&mut list, l, 30 + 8 * Self::room(b, l));
        }
        let shape = self.add_pattern_moves(b, info, &mut list, Kind::OwlAttack, opponent, depth);
        (list, shape)
    }
}

/// Score of the root defender's atari on a two-liberty string next to the dragon that the
/// tactical reader cannot capture: below an outer liberty with room, so that it only fills
/// a short list.
const BOUNDARY_ATARI_SCORE: i32 = 25;

/// Does `color` playing at `p` capture a stone?
pub(super) fn captures_something(b: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .iter()
        .any(|&n| b.color_at(n) == Some(color.opponent()) && b.libs(n) == 1)
}

/// Does `color` playing at `p` put an opponent string in atari?
pub(super) fn ataris_something(b: &Board, p: Point, color: Color) -> bool {
    p.neighbors()
        .iter()
        .any(|&n| b.color_at(n) == Some(color.opponent()) && b.libs(n) == 2)
}
