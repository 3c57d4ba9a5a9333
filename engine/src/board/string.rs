//! Liberty sets: one bit per cell of the padded array.

use super::{NUM_CELLS, Point};

const WORDS: usize = NUM_CELLS.div_ceil(64);

/// A set of points as a bitset over the padded array; merging strings is a bitwise OR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LibSet([u64; WORDS]);

impl LibSet {
    pub(crate) const EMPTY: LibSet = LibSet([0; WORDS]);

    /// Adds `p`; returns whether it was new.
    #[inline(always)]
    pub(crate) fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.0[w] >> b & 1;
        self.0[w] |= 1 << b;
        was == 0
    }

    /// Removes `p`; returns whether it was there.
    #[inline(always)]
    pub(crate) fn remove(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.0[w] >> b & 1;
        self.0[w] &= !(1 << b);
        was == 1
    }

    #[inline(always)]
    pub(crate) fn contains(&self, p: Point) -> bool {
        self.0[p.index() / 64] >> (p.index() % 64) & 1 == 1
    }

    #[inline(always)]
    pub(crate) fn union_with(&mut self, other: &LibSet) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
    }

    /// How many points the two sets have in common.
    #[inline(always)]
    pub(crate) fn common(&self, other: &LibSet) -> u32 {
        self.0
            .iter()
            .zip(other.0.iter())
            .map(|(a, b)| (a & b).count_ones())
            .sum()
    }

    #[inline(always)]
    pub(crate) fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Writes the first points, in index order, into `out` until it is full; returns how many
    /// it wrote. A plain loop that stops early: the playouts ask for one or two liberties.
    #[inline(always)]
    pub(crate) fn first_into(&self, out: &mut [Point]) -> usize {
        let mut n = 0;
        for (i, &w) in self.0.iter().enumerate() {
            let mut bits = w;
            while bits != 0 {
                if n == out.len() {
                    return n;
                }
                out[n] = Point((i * 64 + bits.trailing_zeros() as usize) as u16);
                n += 1;
                bits &= bits - 1;
            }
        }
        n
    }

    /// The points in index order.
    #[inline]
    pub(crate) fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Point((i * 64 + b) as u16))
            })
        })
    }
}
