//! Zobrist keys, generated at compile time from a fixed seed so hashes are reproducible.

use super::{Color, NUM_CELLS, Point};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// A word spread over all 64 bits (splitmix64's step): keys for things the tables do not
/// cover, such as a set of points or a setting.
#[inline]
pub(crate) const fn mix(x: u64) -> u64 {
    splitmix64(x).1
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix64(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
}

static STONES: [[u64; NUM_CELLS]; 2] = [table(0x7E5_0001), table(0x7E5_0002)];
static KO: [u64; NUM_CELLS] = table(0x7E5_0003);

#[inline(always)]
pub(crate) fn stone_key(c: Color, p: Point) -> u64 {
    STONES[c as usize][p.index()]
}

#[inline(always)]
pub(crate) fn ko_key(p: Point) -> u64 {
    KO[p.index()]
}
