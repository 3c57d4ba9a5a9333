//! The attack and defence routines, one per liberty count of the string (GNU Go's `attack1` …
//! `defend4`): each gathers its candidates in phases and hands them to the search.

use super::Reader;
use super::moves::*;
use super::search::Side;
use crate::board::{Board, Color, Point};

impl Reader {
    pub(super) fn attack1(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let other = color.opponent();
        let lib = b.liberties(s).next().expect("one liberty");
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();
        let mut moves = MoveList::new();
        moves.add(lib, 0);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        ) {
            return best;
        }
        // Taking is a ko or forbidden: capture a defender stone next to the liberty first (the
        // capturing stone then has room), or save our strings the defender threatens.
        let mut moves = extra.clone();
        let snapback = b.is_legal_simple(lib, other) && {
            let caps = b.captures(other);
            b.play_unchecked(lib, other);
            let r = b.libs(lib) == 1 && !(b.captures(other) - caps == 1 && b.string_size(lib) == 1);
            b.undo();
            r
        };
        if snapback || is_ko(b, lib, other).is_some() || !b.is_legal_simple(lib, other) {
            for n in lib.neighbors() {
                if b.color_at(n) == Some(color)
                    && b.libs(n) == 1
                    && b.string_id(n) != b.string_id(s)
                {
                    moves.add(b.liberties(n).next().expect("one liberty"), 10);
                }
                // A neighbour with two liberties: atari it first, so that the capture takes it
                // too and is no ko.
                if b.color_at(n) == Some(color)
                    && (2..=3).contains(&b.libs(n))
                    && b.string_id(n) != b.string_id(s)
                {
                    for l in b.liberties(n) {
                        if l != lib {
                            moves.add(l, 8);
                        }
                    }
                }
                // Our strings that the capturing stone would join: give them room first.
                if b.color_at(n) == Some(other) {
                    for l in b.liberties(n) {
                        if l != lib {
                            moves.add(l, 5);
                        }
                    }
                    let threats = adjacent_strings(b, n, 1);
                    for &t in threats.as_slice() {
                        moves.add(b.liberties(t).next().expect("one liberty"), 10);
                    }
                }
            }
            self.save_boundary(b, s, &mut moves, 0);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    pub(super) fn attack2(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let d = self.depth_now();
        let deep = d > self.opts.depth;
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.save_boundary(b, s, &mut moves, 5);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        ) {
            return best;
        }
        if deep {
            return best;
        }

        let mut moves = MoveList::new();
        if d <= self.opts.backfill_depth {
            self.backfill_attack(b, s, color, &mut moves, 0);
            self.edge_attack(b, s, &mut moves, 0);
        }
        if d <= self.opts.superstring_depth {
            self.superstring_liberties(b, s, &mut moves, 0);
        }
        self.cap_moves(b, s, &mut moves, 0);
        self.draw_back(b, s, &mut moves, 0);
        if d <= self.opts.backfill2_depth {
            self.second_order_liberties(b, s, &mut moves, -10);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    pub(super) fn attack3(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let d = self.depth_now();
        let narrow = d > self.opts.branch_depth;
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.save_boundary(b, s, &mut moves, 5);
        let max = if narrow { 1 } else { 99 };
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            max,
        ) {
            return best;
        }
        if narrow {
            return best;
        }

        let mut moves = MoveList::new();
        self.cap_moves(b, s, &mut moves, 0);
        if d <= self.opts.superstring_depth {
            self.superstring_liberties(b, s, &mut moves, 0);
        }
        if d <= self.opts.backfill_depth {
            self.backfill_attack(b, s, color, &mut moves, 0);
            self.edge_attack(b, s, &mut moves, 0);
            self.draw_back(b, s, &mut moves, 0);
        }
        if d <= self.opts.backfill2_depth {
            self.second_order_liberties(b, s, &mut moves, -10);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    pub(super) fn attack4(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let d = self.depth_now();
        let narrow = d > self.opts.branch_depth;
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = with_liberties(b, s, extra);
        self.save_boundary(b, s, &mut moves, 5);
        let max = if narrow { 1 } else { 99 };
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            max,
        ) {
            return best;
        }
        if narrow || d > self.opts.backfill2_depth {
            return best;
        }
        let mut moves = MoveList::new();
        self.cap_moves(b, s, &mut moves, 0);
        self.backfill_attack(b, s, color, &mut moves, 0);
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Attacker,
            &mut best,
            99,
        );
        best
    }

    // -----------------------------------------------------------------------------------------
    // Defence routines
    // -----------------------------------------------------------------------------------------

    pub(super) fn defend1(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let lib = b.liberties(s).next().expect("one liberty");
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let mut moves = extra.clone();
        moves.add(lib, 0);
        self.break_chain(b, &Boundary::of(b, s), &mut moves, 10);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }
        // Captures of a boundary string through the superstring, and backfilling that turns
        // the capture into a ko.
        let d = self.depth_now();
        let mut moves = MoveList::new();
        if d <= self.opts.superstring_depth {
            self.superstring_break_chain(b, s, color, &mut moves, 0);
        }
        if d <= self.opts.backfill_depth {
            self.defend_backfill(b, s, color, &mut moves, 0);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    /// The slower defence generators of the second phase, each within its depth cut-off:
    /// breaking the chain through a superstring, third-order chain moves, second-order
    /// liberties.
    pub(super) fn deep_defence_moves(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        boundary: &Boundary,
        d: u32,
        moves: &mut MoveList,
    ) {
        if d <= self.opts.superstring_depth {
            self.superstring_break_chain(b, s, color, moves, 0);
        }
        self.break_chain3_or_race(b, s, boundary, d, moves);
        if d <= self.opts.backfill2_depth {
            self.second_order_liberties(b, s, moves, -10);
        }
    }

    /// Against boundary strings of three liberties: every chain-breaking move to
    /// `break_chain_depth`; deeper, to `race_depth`, only the capturing races (the outside
    /// liberties of the strings that share one with ours).
    fn break_chain3_or_race(
        &mut self,
        b: &mut Board,
        s: Point,
        boundary: &Boundary,
        d: u32,
        moves: &mut MoveList,
    ) {
        if d <= self.opts.break_chain_depth {
            self.break_chain3(b, s, boundary, moves, -5);
        } else if d <= self.opts.race_depth {
            self.race_liberties(b, s, boundary, moves, -5);
        }
    }

    pub(super) fn defend2(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let d = self.depth_now();
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let boundary = Boundary::of(b, s);
        let mut moves = with_liberties(b, s, extra);
        self.break_chain(b, &boundary, &mut moves, 10);
        self.break_chain2_efficient(b, s, &boundary, &mut moves, 0);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }
        let mut moves = MoveList::new();
        if d > self.opts.break_chain_depth {
            // Deep: only ataris on boundary strings that cannot run away (ladders).
            self.break_chain2_ladder(b, &boundary, color, &mut moves, 0);
        } else {
            self.break_chain2(b, &boundary, color, &mut moves, 0);
        }
        if d > self.opts.depth {
            self.run_phase(
                b,
                s,
                color,
                &mut moves,
                &mut tried,
                Side::Defender,
                &mut best,
                99,
            );
            return best;
        }

        if d <= self.opts.backfill_depth {
            self.special_rescue(b, s, color, &mut moves, 0);
            self.defend_backfill(b, s, color, &mut moves, 0);
        }
        if d <= self.opts.break_chain_depth {
            self.press_back(b, s, color, &mut moves, -5);
        }
        if d <= self.opts.break_chain_depth {
            // Racers of three liberties only near the root, as for second-order moves.
            let racer_libs = if d <= self.opts.backfill2_depth { 3 } else { 2 };
            self.save_race_partners(b, s, &boundary, racer_libs, &mut moves, 0);
        }
        self.deep_defence_moves(b, s, color, &boundary, d, &mut moves);
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    pub(super) fn defend3(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let d = self.depth_now();
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let boundary = Boundary::of(b, s);
        let mut moves = with_liberties(b, s, extra);
        self.break_chain(b, &boundary, &mut moves, 10);
        self.break_chain2_efficient(b, s, &boundary, &mut moves, 0);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }

        let mut moves = MoveList::new();
        self.break_chain2(b, &boundary, color, &mut moves, 0);
        if d <= self.opts.backfill_depth {
            self.special_rescue(b, s, color, &mut moves, 0);
        }
        self.deep_defence_moves(b, s, color, &boundary, d, &mut moves);
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }

    pub(super) fn defend4(
        &mut self,
        b: &mut Board,
        s: Point,
        color: Color,
        extra: &MoveList,
    ) -> (i32, Point) {
        let d = self.depth_now();
        let mut best = (0, Point::NONE);
        let mut tried = MoveList::new();

        let boundary = Boundary::of(b, s);
        let mut moves = with_liberties(b, s, extra);
        self.break_chain(b, &boundary, &mut moves, 10);
        if self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        ) {
            return best;
        }
        let mut moves = MoveList::new();
        if d <= self.opts.break_chain_depth {
            self.break_chain2(b, &boundary, color, &mut moves, 0);
        }
        self.break_chain3_or_race(b, s, &boundary, d, &mut moves);
        if d <= self.opts.superstring_depth {
            self.superstring_break_chain(b, s, color, &mut moves, 0);
        }
        self.run_phase(
            b,
            s,
            color,
            &mut moves,
            &mut tried,
            Side::Defender,
            &mut best,
            99,
        );
        best
    }
}

/// `extra` (pattern or caller candidates) followed by every liberty of the string: the first
/// candidates of each routine for two to four liberties.
pub(super) fn with_liberties(b: &Board, s: Point, extra: &MoveList) -> MoveList {
    let mut moves = extra.clone();
    for &l in libs_of(b, s).as_slice() {
        moves.add(l, 0);
    }
    moves
}
