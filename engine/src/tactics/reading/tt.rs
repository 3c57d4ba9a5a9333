//! The transposition table: read results keyed by position and question.
//!
//! A key is the Zobrist hash of the position (stones, plus the ko point when it binds the side
//! to move) together with everything else a result depends on: the routine, the string(s) asked
//! about, the komaster state and the search depth (`stackp`). Because every cut-off of the
//! reader is a function of `stackp`, a stored result is exactly what a new search of the same
//! node would return, so results never change when the table is off.
//!
//! Memory is fixed when the table is made (a power-of-two number of 4-entry buckets). Clearing
//! is O(1): every entry carries the generation it was written in, and entries of older
//! generations count as free.

use crate::board::Point;

/// What question a stored result answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Routine {
    Attack = 1,
    Defend = 2,
    /// Root attack with pattern candidates (a root searched with patterns may find more).
    AttackRoot = 3,
    DefendRoot = 4,
    Connect = 5,
    Disconnect = 6,
}

/// Everything that identifies one read besides the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Question {
    pub routine: Routine,
    pub str1: Point,
    pub str2: Point,
    pub komaster: u8,
    pub kom_pos: Point,
    pub stackp: u32,
}

impl Question {
    /// 46 bits: routine (4), stackp (8), komaster (4), and 10 bits a point (the padded
    /// array has 703 cells).
    #[inline]
    fn pack(&self) -> u64 {
        (self.routine as u64)
            | (self.stackp.min(255) as u64) << 4
            | (self.komaster as u64) << 12
            | (self.kom_pos.0 as u64 & 0x3ff) << 16
            | (self.str1.0 as u64 & 0x3ff) << 26
            | (self.str2.0 as u64 & 0x3ff) << 36
    }
}

/// One stored result in 16 bytes: four make a 64-byte bucket, one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    /// Position hash mixed with the generation key (entries of older generations never match).
    hash: u64,
    /// The packed question (bits 0..46), result code (bits 46..50), move (bits 50..60), the
    /// serial of the top-level question that stored it (bits 60..64, see [`TransTable::get`]).
    /// Zero marks a free entry (a question always has a routine).
    data: u64,
}

const QUESTION_BITS: u64 = (1 << 46) - 1;

/// A bucket of four entries on one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// A fixed-size table of read results.
pub(crate) struct TransTable {
    /// The buckets are `buckets[offset..offset + mask + 1]` (see [`huge_page_buckets`]).
    buckets: Vec<Bucket>,
    offset: usize,
    mask: usize,
    generation: u64,
    pub hits: u64,
    pub stores: u64,
}

impl TransTable {
    /// A table using about `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> TransTable {
        let bytes = mb.max(1) * 1024 * 1024;
        let want = bytes / std::mem::size_of::<Bucket>();
        let n = if want <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - want.leading_zeros())
        };
        let (buckets, offset) = huge_page_buckets(n);
        TransTable {
            buckets,
            offset,
            mask: n - 1,
            generation: 1,
            hits: 0,
            stores: 0,
        }
    }

    /// Forgets every entry (O(1)): later lookups mix in a new generation key.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn key(&self, hash: u64) -> u64 {
        hash ^ self.generation.wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    #[inline]
    fn bucket(&self, key: u64, q: u64) -> usize {
        let h = (key ^ q.wrapping_mul(0x9E37_79B9_7F4A_7C15)).rotate_left(29);
        self.offset + (h as usize & self.mask)
    }

    /// Starts loading the bucket that question `q` in this position will probe. The probe
    /// is a random access to a table larger than the caches, most of its cost a wait for
    /// memory (`perf`: `tt_get` 10 % of owl.tst, nearly all on the bucket's load); issued
    /// before the move that leads there is played, the load overlaps the reading of the
    /// moves before it. A question guessed wrong only misses the prefetch.
    #[inline]
    pub fn prefetch(&self, hash: u64, q: &Question) {
        let (_, _, i) = self.locate(hash, q);
        prefetch_line(&self.buckets[i]);
    }

    /// Where a question lives: the entries' position key, the packed question and the
    /// bucket (one place, so that a prefetch always loads the bucket a probe reads).
    #[inline]
    fn locate(&self, hash: u64, q: &Question) -> (u64, u64, usize) {
        let qk = q.pack();
        let key = self.key(hash);
        (key, qk, self.bucket(key, qk))
    }

    /// A stored result for this position and question, with the serial (0..16) the storing
    /// top-level question passed to [`TransTable::put`].
    #[inline]
    pub fn get(&mut self, hash: u64, q: &Question) -> Option<(i32, Point, u8)> {
        let (key, qk, i) = self.locate(hash, q);
        let bucket = &self.buckets[i];
        for e in &bucket.0 {
            if e.hash == key && e.data & QUESTION_BITS == qk {
                self.hits += 1;
                let code = ((e.data >> 46) & 0xf) as i32;
                let mv = Point(((e.data >> 50) & 0x3ff) as u16);
                return Some((code, mv, (e.data >> 60) as u8));
            }
        }
        None
    }

    /// Stores a result; replaces the same question, else a free entry, else the one read
    /// deepest (the cheapest to read again).
    pub fn put(&mut self, hash: u64, q: &Question, code: i32, mv: Point, serial: u8) {
        let (key, qk, i) = self.locate(hash, q);
        let bucket = &mut self.buckets[i].0;
        let mut victim = 0;
        let mut victim_depth = -1i64;
        for (j, e) in bucket.iter().enumerate() {
            if e.data == 0 || (e.hash == key && e.data & QUESTION_BITS == qk) {
                victim = j;
                break;
            }
            let depth = ((e.data >> 4) & 0xff) as i64;
            if depth > victim_depth {
                victim_depth = depth;
                victim = j;
            }
        }
        self.stores += 1;
        bucket[victim] = Entry {
            hash: key,
            data: qk
                | ((code as u64 & 0xf) << 46)
                | ((mv.0 as u64 & 0x3ff) << 50)
                | ((serial as u64 & 0xf) << 60),
        };
    }
}

/// Asks the processor to bring `bucket`'s cache line in (a hint: no effect on results).
#[inline]
fn prefetch_line(bucket: &Bucket) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: SSE is part of x86-64; a prefetch reads nothing and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((bucket as *const Bucket).cast::<i8>()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = bucket;
}

/// Bytes of a huge page (x86-64 and most aarch64 Linux kernels).
const HUGE_PAGE: usize = 2 * 1024 * 1024;

/// `n` empty buckets, and where they start in the vector: on Linux the table starts on a
/// huge-page boundary and the kernel is asked to back it with huge pages before it is
/// first written. Every reading node probes one random bucket; with 4 KiB pages a 2 MiB
/// table spans 512 pages, and the address translations missed were most of the probe's
/// cost (`perf`: `tt_get` 18 % of reading.tst).
fn huge_page_buckets(n: usize) -> (Vec<Bucket>, usize) {
    let size = std::mem::size_of::<Bucket>();
    if !cfg!(target_os = "linux") || n * size < HUGE_PAGE {
        return (vec![Bucket::default(); n], 0);
    }
    let spare = HUGE_PAGE / size;
    let mut buckets: Vec<Bucket> = Vec::with_capacity(n + spare);
    let start = buckets.as_ptr() as usize;
    let offset = (start.next_multiple_of(HUGE_PAGE) - start) / size;
    advise_huge_pages(start + offset * size, n * size);
    buckets.resize(n + spare, Bucket::default());
    (buckets, offset)
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(addr: usize, len: usize) {
    // SAFETY: `addr..addr + len` lies inside a live allocation of this process; the advice
    // changes how the kernel backs those pages, never their contents or validity. A failure
    // (no transparent huge pages) leaves ordinary pages.
    unsafe {
        libc::madvise(addr as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_addr: usize, _len: usize) {}

#[cfg(test)]
mod tests;
