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
    pub(crate) fn iter(&self) -> LibIter<'_> {
        LibIter {
            words: &self.0,
            word: 0,
            bits: self.0[0],
        }
    }
}

/// The points of a [`LibSet`] in index order: one word at a time, a bit at a time. (Nested
/// `flat_map` adapters cost the tactical reader a twelfth of its time here.)
#[derive(Clone, Debug)]
pub struct LibIter<'a> {
    words: &'a [u64; WORDS],
    /// The word `bits` came from.
    word: usize,
    /// The points of that word not yet returned.
    bits: u64,
}

impl LibIter<'_> {
    /// An iterator over no points.
    pub(crate) const EMPTY: LibIter<'static> = LibIter {
        words: &[0; WORDS],
        word: WORDS,
        bits: 0,
    };
}

impl Iterator for LibIter<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.bits == 0 {
            self.word += 1;
            if self.word >= WORDS {
                return None;
            }
            self.bits = self.words[self.word];
        }
        let b = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(Point((self.word * 64 + b) as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_come_back_in_index_order_across_words() {
        // The first and last cells, both sides of two word boundaries, and a word in between
        // left empty.
        let cells = [0, 63, 64, 65, 127, 320, NUM_CELLS - 1];
        let mut set = LibSet::EMPTY;
        for &i in cells.iter().rev() {
            set.insert(Point(i as u16));
        }
        let got: Vec<usize> = set.iter().map(|p| p.index()).collect();
        assert_eq!(got, cells);
        assert_eq!(set.count() as usize, cells.len());
    }

    #[test]
    fn an_empty_set_and_the_empty_iterator_yield_nothing() {
        assert_eq!(LibSet::EMPTY.iter().next(), None);
        assert_eq!(LibIter::EMPTY.count(), 0);
        let mut one = LibSet::EMPTY;
        one.insert(Point(200));
        let mut it = one.iter();
        assert_eq!(it.next(), Some(Point(200)));
        assert_eq!(it.next(), None);
        assert_eq!(it.next(), None);
    }
}
