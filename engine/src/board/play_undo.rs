//! Legality, play and undo: the make/unmake pair that every search runs millions of times.
//!
//! `place_stone` merges strings and captures in one pass and pushes one small undo record;
//! `undo` rewinds exactly that record (captured strings keep their links off the board, so
//! they come back by walking them).

use super::string::LibSet;
use super::zobrist;
use super::{Board, Cell, Color, IllegalMove, KoRule, Move, Point, UndoRecord};

impl Board {
    /// Cheap legality test that ignores superko: the move is on an empty point, is not the
    /// forbidden ko recapture and is not suicide.
    #[inline(always)]
    pub fn is_legal_simple(&self, p: Point, color: Color) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        if p == self.ko && color == self.ko_color {
            return false;
        }
        self.has_liberty_after(p, color)
    }

    /// Playing `color` at empty `p` leaves its string with a liberty (so it is not suicide).
    #[inline(always)]
    pub(super) fn has_liberty_after(&self, p: Point, color: Color) -> bool {
        let ns = p.neighbors();
        // The common case first, as one test: an empty neighbour.
        let empty = |n: Point| self.cells[n.index()] == Cell::Empty;
        if empty(ns[0]) | empty(ns[1]) | empty(ns[2]) | empty(ns[3]) {
            return true;
        }
        let own = Cell::from(color);
        for n in ns {
            let c = self.cells[n.index()];
            if c != Cell::Border {
                let libs = self.string_nlibs[self.head[n.index()].index()];
                if (c == own) == (libs > 1) {
                    // A friend with another liberty, or an enemy we capture.
                    return true;
                }
            }
        }
        false
    }

    /// Full legality test, superko included when that rule is in force.
    pub fn check_legal(&mut self, mv: Move, color: Color) -> Result<(), IllegalMove> {
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        if !self.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if self.cells[p.index()] != Cell::Empty {
            return Err(IllegalMove::Occupied);
        }
        if p == self.ko && color == self.ko_color {
            return Err(IllegalMove::Ko);
        }
        if !self.has_liberty_after(p, color) {
            return Err(IllegalMove::Suicide);
        }
        if self.ko_rule == KoRule::PositionalSuperko {
            self.play_unchecked(p, color);
            let h = self.stones_hash;
            self.undo();
            if self.position_hashes.contains(&h) {
                return Err(IllegalMove::Superko);
            }
        }
        Ok(())
    }

    /// Legal under the rules in force.
    pub fn is_legal(&mut self, mv: Move, color: Color) -> bool {
        self.check_legal(mv, color).is_ok()
    }

    /// Plays a move after checking it; on error the board is unchanged.
    pub fn play(&mut self, mv: Move, color: Color) -> Result<(), IllegalMove> {
        self.check_legal(mv, color)?;
        match mv {
            Move::Pass => self.pass(color),
            Move::Play(p) => self.play_unchecked(p, color),
        }
        if self.ko_rule == KoRule::PositionalSuperko {
            self.position_hashes.push(self.stones_hash);
            if let Some(rec) = self.history.last_mut() {
                rec.pushed_position = true;
            }
        }
        Ok(())
    }

    /// Plays `color` at `p` if that is legal under the simple-ko rule; the fast path for
    /// search and playouts. Returns whether it played.
    #[inline]
    pub fn try_play(&mut self, p: Point, color: Color) -> bool {
        if !self.is_legal_simple(p, color) {
            return false;
        }
        self.play_unchecked(p, color);
        true
    }

    /// A pass: clears the ko and records the move for undo.
    pub fn pass(&mut self, color: Color) {
        self.history
            .push(UndoRecord::new(Point::PASS, color, self.ko, self.ko_color));
        self.ko = Point::NONE;
    }

    /// Places a stone with no capture and no legality test (SGF/GTP setup). It is recorded
    /// like a move, so `undo` removes it; call [`Board::clear_history`] to make it permanent.
    pub fn add_stone(&mut self, p: Point, color: Color) -> Result<(), IllegalMove> {
        if !self.on_board(p) {
            return Err(IllegalMove::OffBoard);
        }
        if self.cells[p.index()] != Cell::Empty {
            return Err(IllegalMove::Occupied);
        }
        // Setup never captures, so a stone that would leave a string without liberties (its
        // own or an enemy's) is refused: no string on a board is ever without a liberty, which
        // the readers rely on.
        let (rec, _) = self.place_stone(p, color, &mut [Point::NONE; 4]);
        self.history.push(rec);
        let strangled = self.libs(p) == 0
            || p.neighbors()
                .iter()
                .any(|&n| self.color_at(n) == Some(color.opponent()) && self.libs(n) == 0);
        if strangled {
            self.undo();
            return Err(IllegalMove::NoLiberties);
        }
        self.ko = Point::NONE;
        Ok(())
    }

    /// Puts the stone on the board, takes `p` from the neighbouring strings' liberties and
    /// merges friends, in one pass over the neighbours. Returns the undo record with nothing
    /// captured yet; the heads of enemy strings left without a liberty go to `dead`, each
    /// once, and their number is returned alongside.
    #[inline(always)]
    pub(super) fn place_stone(
        &mut self,
        p: Point,
        color: Color,
        dead: &mut [Point; 4],
    ) -> (UndoRecord, usize) {
        let own = Cell::from(color);
        let pi = p.index();
        self.cells[pi] = own;
        self.remove_empty(p);
        self.stones_hash ^= zobrist::stone_key(color, p);

        let mut friends = [Point::NONE; 4];
        let mut n_friends = 0;
        let mut n_dead = 0;
        let mut biggest = Point::NONE;
        let mut biggest_size = 0;
        let mut n_empty = 0u16;
        for &n in &p.neighbors() {
            let c = self.cells[n.index()];
            if c == Cell::Empty {
                n_empty += 1;
                continue;
            }
            if c == Cell::Border {
                continue;
            }
            let h = self.head[n.index()];
            // `p` is a liberty of every neighbouring string, so only the first stone of a
            // string met here finds it: each string is handled once.
            if !self.libs[h.index()].remove(p) {
                continue;
            }
            let nlibs = self.string_nlibs[h.index()] - 1;
            self.string_nlibs[h.index()] = nlibs;
            if c == own {
                friends[n_friends] = h;
                n_friends += 1;
                let sz = self.string_size[h.index()];
                if sz > biggest_size {
                    biggest_size = sz;
                    biggest = h;
                }
            } else if nlibs == 0 {
                dead[n_dead] = h;
                n_dead += 1;
            }
        }

        let mut rec = UndoRecord::new(p, color, self.ko, self.ko_color);
        rec.old_head = self.head[pi];
        rec.old_next = self.next[pi];

        if n_friends == 0 {
            // A new string of one stone: its liberties are its empty neighbours.
            // The liberty set at `pi` needs no saving: an empty point's set is dead data
            // (a merged string's set is on the side stack until its merge is undone).
            rec.old_size = self.string_size[pi];
            rec.old_nlibs = self.string_nlibs[pi];
            rec.old_origin = self.string_origin[pi];
            // Built in place: the set is most of the bytes a new string writes.
            let libs = &mut self.libs[pi];
            *libs = LibSet::EMPTY;
            for &n in &p.neighbors() {
                if self.cells[n.index()] == Cell::Empty {
                    libs.insert(n);
                }
            }
            self.head[pi] = p;
            self.next[pi] = p;
            self.string_size[pi] = 1;
            self.string_nlibs[pi] = n_empty;
            self.string_origin[pi] = p;
            return (rec, n_dead);
        }

        let h = biggest;
        let hi = h.index();
        rec.merged_into = h;
        rec.old_size = self.string_size[hi];
        rec.old_nlibs = self.string_nlibs[hi];
        rec.old_origin = self.string_origin[hi];
        self.string_origin[hi] = rec.old_origin.min(p);

        // Link p into h's list.
        self.head[pi] = h;
        self.next[pi] = self.next[hi];
        self.next[hi] = p;
        let mut size = rec.old_size + 1;

        if n_friends == 1 {
            // The common merge: add p's empty neighbours one bit at a time, no recount;
            // undo takes the same bits out again.
            let mut nlibs = rec.old_nlibs;
            let libs = &mut self.libs[hi];
            for (i, &n) in p.neighbors().iter().enumerate() {
                if self.cells[n.index()] == Cell::Empty && libs.insert(n) {
                    nlibs += 1;
                    rec.added_libs |= 1 << i;
                }
            }
            self.string_nlibs[hi] = nlibs;
            self.string_size[hi] = size;
            return (rec, n_dead);
        }

        let mut libs = self.libs[hi];
        self.saved_libs.push(libs);
        for &n in &p.neighbors() {
            if self.cells[n.index()] == Cell::Empty {
                libs.insert(n);
            }
        }
        for &f in &friends[..n_friends] {
            if f == h {
                continue;
            }
            rec.merged[rec.n_merged as usize] = f;
            rec.n_merged += 1;
            self.saved_libs.push(self.libs[f.index()]);
            libs.union_with(&self.libs[f.index()]);
            size += self.string_size[f.index()];
            self.string_origin[hi] = self.string_origin[hi].min(self.string_origin[f.index()]);
            let mut s = f;
            loop {
                self.head[s.index()] = h;
                s = self.next[s.index()];
                if s == f {
                    break;
                }
            }
            // Splicing two circular lists is one swap; the same swap splits them on undo.
            self.next.swap(hi, f.index());
        }
        self.string_size[hi] = size;
        self.string_nlibs[hi] = libs.count() as u16;
        self.libs[hi] = libs;
        (rec, n_dead)
    }

    /// Plays a move known to be legal under the simple-ko rule (no check at all).
    pub fn play_unchecked(&mut self, p: Point, color: Color) {
        let mut dead = [Point::NONE; 4];
        let (mut rec, n_dead) = self.place_stone(p, color, &mut dead);
        self.ko = Point::NONE;
        if n_dead > 0 {
            let mut captured_stones = 0u32;
            for &h in &dead[..n_dead] {
                captured_stones += self.remove_string(h) as u32;
            }
            rec.captured = dead;
            rec.n_captured = n_dead as u8;
            self.captures[color as usize] += captured_stones;
            if captured_stones == 1 {
                let h = self.head[p.index()];
                if self.string_size[h.index()] == 1 && self.string_nlibs[h.index()] == 1 {
                    // A lone stone in atari that just took one stone: retaking is forbidden.
                    self.ko = dead[0];
                    self.ko_color = color.opponent();
                }
            }
        }
        self.history.push(rec);
    }

    /// Takes a string off the board; returns its stone count. Its links stay for undo.
    pub(super) fn remove_string(&mut self, h: Point) -> u16 {
        let color = self.cells[h.index()].color().expect("string to remove");
        let mut s = h;
        loop {
            self.cells[s.index()] = Cell::Empty;
            self.add_empty(s);
            self.stones_hash ^= zobrist::stone_key(color, s);
            s = self.next[s.index()];
            if s == h {
                break;
            }
        }
        // Every removed stone becomes a liberty of each distinct neighbouring string.
        loop {
            for &n in &s.neighbors() {
                if let Cell::Black | Cell::White = self.cells[n.index()] {
                    let nh = self.head[n.index()];
                    if self.libs[nh.index()].insert(s) {
                        self.string_nlibs[nh.index()] += 1;
                    }
                }
            }
            s = self.next[s.index()];
            if s == h {
                break;
            }
        }
        self.string_size[h.index()]
    }

    /// Puts a captured string back (undo of a capture).
    pub(super) fn restore_string(&mut self, h: Point, color: Color) {
        let cell = Cell::from(color);
        let mut s = h;
        loop {
            self.cells[s.index()] = cell;
            self.remove_empty(s);
            self.stones_hash ^= zobrist::stone_key(color, s);
            s = self.next[s.index()];
            if s == h {
                break;
            }
        }
        loop {
            for &n in &s.neighbors() {
                if let Cell::Black | Cell::White = self.cells[n.index()] {
                    let nh = self.head[n.index()];
                    if nh != h && self.libs[nh.index()].remove(s) {
                        self.string_nlibs[nh.index()] -= 1;
                    }
                }
            }
            s = self.next[s.index()];
            if s == h {
                break;
            }
        }
        // A captured string had no liberties; `undo` gives back the played point next.
        self.libs[h.index()] = LibSet::EMPTY;
        self.string_nlibs[h.index()] = 0;
    }

    /// Takes back the last move (or setup stone). Returns false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(rec) = self.history.pop() else {
            return false;
        };
        if rec.pushed_position {
            self.position_hashes.pop();
        }
        self.ko = rec.ko;
        self.ko_color = rec.ko_color;
        if rec.point == Point::PASS {
            return true;
        }
        let p = rec.point;
        let color = rec.color;
        let mut captured_stones = 0u32;
        for &c in rec.captured[..rec.n_captured as usize].iter().rev() {
            self.restore_string(c, color.opponent());
            captured_stones += self.string_size[c.index()] as u32;
        }
        self.captures[color as usize] -= captured_stones;

        // Split merged strings in reverse order of merging.
        let h = rec.merged_into;
        if h != Point::NONE {
            if rec.n_merged == 0 {
                // Joined one string: take back the liberties the stone brought.
                for (i, &n) in p.neighbors().iter().enumerate() {
                    if rec.added_libs >> i & 1 != 0 {
                        self.libs[h.index()].remove(n);
                    }
                }
            } else {
                for &f in rec.merged[..rec.n_merged as usize].iter().rev() {
                    self.next.swap(h.index(), f.index());
                    let mut s = f;
                    loop {
                        self.head[s.index()] = f;
                        s = self.next[s.index()];
                        if s == f {
                            break;
                        }
                    }
                    self.libs[f.index()] = self.saved_libs.pop().expect("saved liberties");
                }
                self.libs[h.index()] = self.saved_libs.pop().expect("saved liberties");
            }
            // Unlink p, which sits right after h.
            debug_assert_eq!(self.next[h.index()], p);
            self.next[h.index()] = self.next[p.index()];
        }
        let target = if h == Point::NONE { p } else { h };
        self.string_size[target.index()] = rec.old_size;
        self.string_nlibs[target.index()] = rec.old_nlibs;
        self.string_origin[target.index()] = rec.old_origin;
        self.head[p.index()] = rec.old_head;
        self.next[p.index()] = rec.old_next;

        self.cells[p.index()] = Cell::Empty;
        self.add_empty(p);
        self.stones_hash ^= zobrist::stone_key(color, p);
        for &n in &p.neighbors() {
            if let Cell::Black | Cell::White = self.cells[n.index()] {
                let nh = self.head[n.index()];
                if self.libs[nh.index()].insert(p) {
                    self.string_nlibs[nh.index()] += 1;
                }
            }
        }
        true
    }

    #[inline]
    pub(super) fn remove_empty(&mut self, p: Point) {
        let i = self.empty_index[p.index()] as usize;
        let last = self.empties.pop().expect("empty point list");
        if last != p {
            self.empties[i] = last;
            self.empty_index[last.index()] = i as u16;
        }
        self.empty_index[p.index()] = u16::MAX;
    }

    #[inline]
    pub(super) fn add_empty(&mut self, p: Point) {
        self.empty_index[p.index()] = self.empties.len() as u16;
        self.empties.push(p);
    }
}
