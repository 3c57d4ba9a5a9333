//! Ko during reading: conditional ko captures and the komaster scheme.
//!
//! A ko capture that the ko rule forbids may still be tried as a *conditional* capture: the
//! reader pretends a ko threat was made and answered, and the capture then counts as needing
//! a threat (a result of at best `KO_B`). The komaster state decides which ko captures are
//! allowed so that the search never loops through a ko (GNU Go's "scheme 5"), `O` to move:
//!
//! 1. komaster empty: any unconditional ko capture (the state becomes *weak ko* if the previous
//!    move was a ko capture too); a conditional capture makes `O` komaster of that ko;
//! 2. komaster `O`: only nested ko captures (the captured stone diagonal to `kom_pos`), which
//!    move `kom_pos`;
//! 3. komaster `X`: no capture at `kom_pos`; any other ko capture makes the state gray;
//! 4. gray: no ko capture at all;
//! 5. weak ko: a non-ko move clears it; an unconditional ko capture only if nested; a
//!    conditional one as in 1.
//!
//! When the ko at `kom_pos` is resolved (filled, or no longer a ko and suicide for the
//! komaster's opponent) the state returns to empty.

use super::moves::{diagonal, is_ko};
use crate::board::{Board, Color, Point};

/// Who may take which ko.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Komaster {
    #[default]
    Empty,
    /// This colour made a conditional ko capture at `kom_pos`.
    Color(Color),
    /// This colour was komaster and the other side took another ko.
    Gray(Color),
    /// Two ko captures in a row.
    WeakKo,
}

impl Komaster {
    /// A small code for hashing.
    pub fn code(self) -> u8 {
        match self {
            Komaster::Empty => 0,
            Komaster::Color(Color::Black) => 1,
            Komaster::Color(Color::White) => 2,
            Komaster::Gray(Color::Black) => 3,
            Komaster::Gray(Color::White) => 4,
            Komaster::WeakKo => 5,
        }
    }
}

/// The komaster state of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct KoState {
    pub komaster: Komaster,
    pub kom_pos: Point,
}

/// How a move passed the komaster check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tried {
    /// Taken as a conditional ko capture.
    pub conditional: bool,
    /// A ko capture (conditional or not); the stone it took.
    pub ko_capture: Option<Point>,
}

impl KoState {
    /// Decides whether `color` may play `p` and how; `allow_conditional` permits a conditional
    /// ko capture. On success plays the move and returns the new state.
    pub fn play(
        self,
        b: &mut Board,
        p: Point,
        color: Color,
        allow_conditional: bool,
    ) -> Option<(KoState, Tried)> {
        if !b.on_board(p) || b.color_at(p).is_some() {
            return None;
        }
        let other = color.opponent();
        let KoState { komaster, kom_pos } = self;
        let ko = is_ko(b, p, color);
        if let Some(kpos) = ko {
            match komaster {
                Komaster::Color(c) if c == other && p == kom_pos => return None,
                Komaster::Gray(_) => return None,
                Komaster::Color(c) if c == color && !diagonal(kpos, kom_pos) => return None,
                _ => {}
            }
        }
        let prev_ko = b.ko_point().map(|(k, _)| k);
        let legal = b.is_legal_simple(p, color);
        let mut next;
        let conditional;
        if legal {
            if let (Some(kpos), Komaster::WeakKo) = (ko, komaster) {
                if !diagonal(kpos, kom_pos) {
                    return None;
                }
            }
            b.play_unchecked(p, color);
            conditional = false;
            next = match (ko, komaster) {
                (None, Komaster::WeakKo) => KoState::default(),
                (None, _) => self,
                (Some(_), Komaster::Color(c)) if c == other => KoState {
                    komaster: Komaster::Gray(other),
                    kom_pos,
                },
                (Some(kpos), Komaster::Color(_)) => KoState {
                    komaster,
                    kom_pos: kpos,
                },
                (Some(kpos), Komaster::Empty | Komaster::WeakKo) => match prev_ko {
                    Some(prev) => KoState {
                        komaster: Komaster::WeakKo,
                        kom_pos: prev,
                    },
                    None if komaster == Komaster::WeakKo => KoState {
                        komaster: Komaster::WeakKo,
                        kom_pos: kpos,
                    },
                    None => self,
                },
                (Some(_), Komaster::Gray(_)) => unreachable!("gray forbids ko captures"),
            };
        } else {
            let kpos = ko?;
            if !allow_conditional || b.ko_point() != Some((p, color)) {
                return None;
            }
            next = match komaster {
                Komaster::Empty | Komaster::WeakKo => KoState {
                    komaster: Komaster::Color(color),
                    kom_pos: kpos,
                },
                Komaster::Color(c) if c == color => KoState {
                    komaster,
                    kom_pos: kpos,
                },
                _ => return None,
            };
            b.play_unchecked(p, color);
            conditional = true;
        }
        next.resolve(b);
        Some((
            next,
            Tried {
                conditional,
                ko_capture: ko,
            },
        ))
    }

    /// Returns to empty when the komaster's ko is settled.
    #[inline]
    pub fn resolve(&mut self, b: &Board) {
        if let Komaster::Color(c) | Komaster::Gray(c) = self.komaster {
            let opp = c.opponent();
            let kp = self.kom_pos;
            if b.color_at(kp).is_some()
                || (is_ko(b, kp, opp).is_none() && !b.is_legal_simple(kp, opp))
            {
                *self = KoState::default();
            }
        }
    }

    /// Whether `color` could retake a ko at `p` (conditionally or not) in this state.
    pub fn may_take_ko_at(self, b: &Board, p: Point, color: Color) -> bool {
        let Some(kpos) = is_ko(b, p, color) else {
            return false;
        };
        match self.komaster {
            Komaster::Color(c) if c != color => p != self.kom_pos,
            Komaster::Gray(_) => false,
            Komaster::Color(_) => diagonal(kpos, self.kom_pos),
            Komaster::WeakKo | Komaster::Empty => true,
        }
    }
}
