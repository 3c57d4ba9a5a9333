//! The table matcher the engine used before the generated decision trees (issue 15), kept
//! here only as the benchmarks' baseline: every variant packed into mask/value words over the
//! database footprint (`pattern_dsl::codegen::pack`), a 256-bucket index on the four
//! orthogonal neighbours built at startup, and a generic loop reading the board through
//! `PatternBoard::code`. Figures only: no conditions (the benchmark compares figure matching).

use tesuji::engine::board::Color;
use tesuji::engine::pattern::{EMPTY, PatternBoard};

#[derive(Clone, Copy)]
struct Item {
    mask: u128,
    value: u128,
    variant: u32,
}

struct Row {
    pattern: u32,
    more: Vec<(u8, u128, u128)>,
}

/// One database's tables and bucket index.
pub struct TableMatcher {
    footprint: Vec<(i8, i8)>,
    rows: Vec<Row>,
    starts: Vec<u32>,
    items: Vec<Item>,
}

const INLINE_WORDS: usize = 10;

struct Window<'a> {
    footprint: &'a [(i8, i8)],
    words: [u128; INLINE_WORDS],
    filled: u64,
}

impl Window<'_> {
    #[inline(always)]
    fn word<B: PatternBoard + ?Sized>(
        &mut self,
        k: usize,
        b: &B,
        x: i32,
        y: i32,
        us: Color,
    ) -> u128 {
        if self.filled >> k & 1 == 1 {
            return self.words[k];
        }
        let mut w = 0u128;
        let lo = k * 64;
        let hi = (lo + 64).min(self.footprint.len());
        for (i, &(dx, dy)) in self.footprint[lo..hi].iter().enumerate() {
            let c = b.code(x + dx as i32, y + dy as i32, us) & 3;
            w |= (c as u128) << (2 * i);
        }
        self.filled |= 1 << k;
        self.words[k] = w;
        w
    }
}

impl TableMatcher {
    /// Packs `db` as the old generated tables did.
    pub fn new(db: &pattern_dsl::Database) -> TableMatcher {
        let fp = db.footprint();
        assert!(
            fp.len() <= 64 * INLINE_WORDS,
            "footprint too large for the baseline"
        );
        let packed = pattern_dsl::codegen::pack(db, &fp);
        let variants = db.variants();
        let rows: Vec<Row> = variants
            .iter()
            .zip(&packed)
            .map(|(v, p)| Row {
                pattern: v.pattern as u32,
                more: p.more.clone(),
            })
            .collect();
        let compatible = |m: u128, v: u128, k: u32| (k & m as u32 & 0xff) == (v as u32 & 0xff);
        let mut starts = vec![0u32; 257];
        for p in &packed {
            for k in 0..256u32 {
                if compatible(p.word0.0, p.word0.1, k) {
                    starts[k as usize + 1] += 1;
                }
            }
        }
        for k in 0..256 {
            starts[k + 1] += starts[k];
        }
        let mut fill = starts.clone();
        let mut items = vec![
            Item {
                mask: 0,
                value: 0,
                variant: 0
            };
            starts[256] as usize
        ];
        for (i, p) in packed.iter().enumerate() {
            for k in 0..256u32 {
                if compatible(p.word0.0, p.word0.1, k) {
                    items[fill[k as usize] as usize] = Item {
                        mask: p.word0.0,
                        value: p.word0.1,
                        variant: i as u32,
                    };
                    fill[k as usize] += 1;
                }
            }
        }
        TableMatcher {
            footprint: fp.iter().map(|&(x, y)| (x as i8, y as i8)).collect(),
            rows,
            starts,
            items,
        }
    }

    /// Calls `f(pattern)` for every variant whose figure matches at `(x, y)`.
    #[inline]
    pub fn match_at<B: PatternBoard + ?Sized>(
        &self,
        board: &B,
        x: i32,
        y: i32,
        us: Color,
        f: &mut impl FnMut(u32),
    ) {
        if board.code(x, y, us) != EMPTY {
            return;
        }
        let mut win = Window {
            footprint: &self.footprint,
            words: [0; INLINE_WORDS],
            filled: 0,
        };
        let w0 = win.word(0, board, x, y, us);
        let key = (w0 & 0xff) as usize;
        let (lo, hi) = (self.starts[key] as usize, self.starts[key + 1] as usize);
        for item in &self.items[lo..hi] {
            if w0 & item.mask != item.value {
                continue;
            }
            let row = &self.rows[item.variant as usize];
            if !row
                .more
                .iter()
                .all(|&(k, m, val)| win.word(k as usize, board, x, y, us) & m == val)
            {
                continue;
            }
            f(row.pattern);
        }
    }

    /// [`TableMatcher::match_at`] at every point, row by row.
    pub fn scan<B: PatternBoard + ?Sized>(&self, board: &B, us: Color, f: &mut impl FnMut(u32)) {
        let n = board.size();
        for y in 0..n {
            for x in 0..n {
                self.match_at(board, x, y, us, f);
            }
        }
    }
}
