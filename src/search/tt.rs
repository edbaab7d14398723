//! The transposition table: fixed-size buckets of lock-free entries shared by all
//! search threads.
//!
//! An entry is two 64-bit words: `check = key ^ data` and `data`. A torn write (two
//! threads storing at once) makes `check ^ data` differ from the key, so the entry is
//! simply not found — no locks needed.

use crate::types::{Bound, Pos, Value};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Entries per bucket.
const BUCKET: usize = 4;

/// What a probe finds.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry {
    /// Best or refuting move (`Pos::NONE` if none).
    pub mv: Pos,
    /// Stored value (mate scores relative to the stored node).
    pub value: Value,
    /// Static evaluation of the node.
    pub eval: Value,
    /// Remaining depth the value was searched to.
    pub depth: i32,
    /// Kind of bound.
    pub bound: Bound,
}

/// Words per bucket: `BUCKET` entries of two words, one 64-byte cache line.
const BUCKET_WORDS: usize = BUCKET * 2;

/// The table.
pub struct TranspositionTable {
    /// The buckets, from `base` on: a probe touches one cache line only if a bucket
    /// starts on one, and the allocator aligns a large block only to 16 bytes (asking
    /// it for 64 would make it write zeros over the whole table up front).
    slots: Box<[AtomicU64]>,
    base: usize,
    buckets: usize,
    age: AtomicU8,
}

fn pack(e: &TtEntry, age: u8) -> u64 {
    (e.mv.0 as u64)
        | ((e.value as i16 as u16 as u64) << 16)
        | ((e.eval as i16 as u16 as u64) << 32)
        | (((e.depth.clamp(-1, 126) + 1) as u8 as u64) << 48)
        | ((e.bound as u64) << 56)
        | (((age & 0x3F) as u64) << 58)
}

fn unpack(d: u64) -> (TtEntry, u8) {
    let bound = match (d >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    };
    (
        TtEntry {
            mv: Pos(d as u16),
            value: (d >> 16) as u16 as i16 as Value,
            eval: (d >> 32) as u16 as i16 as Value,
            depth: ((d >> 48) as u8) as i32 - 1,
            bound,
        },
        ((d >> 58) & 0x3F) as u8,
    )
}

/// Allocates `n` zeroed atomic words straight from the allocator: the operating system
/// hands out zeroed pages lazily, so even a large table costs nothing until it is used
/// (START and the first move stay fast; memory grows as the table fills).
fn zeroed_slots(n: usize) -> Box<[AtomicU64]> {
    use std::alloc::{alloc_zeroed, handle_alloc_error, Layout};
    let n = n.max(1);
    let layout = Layout::array::<AtomicU64>(n).expect("table size fits the address space");
    // SAFETY: the layout is non-zero-sized; an all-zero AtomicU64 is a valid value;
    // the pointer comes from the global allocator with exactly the layout that
    // Box<[AtomicU64]> of length n deallocates with.
    unsafe {
        let ptr = alloc_zeroed(layout) as *mut AtomicU64;
        if ptr.is_null() {
            handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n))
    }
}

impl TranspositionTable {
    /// A table using at most `bytes` of memory (at least one bucket).
    pub fn new(bytes: usize) -> TranspositionTable {
        let per_bucket = BUCKET_WORDS * 8;
        let mut buckets = (bytes / per_bucket).max(1);
        // A power of two keeps indexing a mask.
        buckets = 1 << (usize::BITS - 1 - buckets.leading_zeros());
        let slots = zeroed_slots(buckets * BUCKET_WORDS + BUCKET_WORDS);
        let base = (slots.as_ptr() as usize).next_multiple_of(64) - slots.as_ptr() as usize;
        TranspositionTable {
            slots,
            base: base / 8,
            buckets,
            age: AtomicU8::new(0),
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        (self.slots.len() - BUCKET_WORDS) * 8
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for s in &self.slots {
            s.store(0, Ordering::Relaxed);
        }
        self.age.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[AtomicU64] {
        let start = self.base + (key as usize & (self.buckets - 1)) * BUCKET_WORDS;
        &self.slots[start..start + BUCKET_WORDS]
    }

    /// Asks the processor to fetch `key`'s bucket into the cache, so that a probe soon
    /// after (of the position after a move, say) does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let p = self.bucket(key).as_ptr() as *const i8;
            // SAFETY: a prefetch is only a hint: it reads nothing into the program and
            // cannot fault, and SSE is part of every x86-64 target.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let b = self.bucket(key);
        for i in 0..BUCKET {
            let check = b[2 * i].load(Ordering::Relaxed);
            let data = b[2 * i + 1].load(Ordering::Relaxed);
            if data != 0 && check ^ data == key {
                return Some(unpack(data).0);
            }
        }
        None
    }

    /// Stores an entry for `key`, replacing the same key, else the shallowest / oldest.
    pub fn store(&self, key: u64, entry: TtEntry) {
        let age = self.age.load(Ordering::Relaxed) & 0x3F;
        let b = self.bucket(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for i in 0..BUCKET {
            let check = b[2 * i].load(Ordering::Relaxed);
            let data = b[2 * i + 1].load(Ordering::Relaxed);
            if data == 0 || check ^ data == key {
                victim = i;
                if data != 0 {
                    let (old, _) = unpack(data);
                    // Keep a deeper entry's move when the new one has none.
                    if entry.bound != Bound::Exact && old.depth > entry.depth + 2 && old.mv.0 != 0 {
                        let mut e = entry;
                        if e.mv.0 == 0 {
                            e.mv = old.mv;
                        }
                        let d = pack(&e, age);
                        b[2 * i].store(key ^ d, Ordering::Relaxed);
                        b[2 * i + 1].store(d, Ordering::Relaxed);
                        return;
                    }
                }
                break;
            }
            let (old, old_age) = unpack(data);
            let stale = (age.wrapping_sub(old_age) & 0x3F) as i32;
            let worth = old.depth - 8 * stale;
            if worth < victim_worth {
                victim_worth = worth;
                victim = i;
            }
        }
        let d = pack(&entry, age);
        b[2 * victim].store(key ^ d, Ordering::Relaxed);
        b[2 * victim + 1].store(d, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots used in the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed) & 0x3F;
        let n = (1000 / BUCKET).min(self.buckets) * BUCKET;
        let mut used = 0;
        for i in 0..n {
            let d = self.slots[self.base + 2 * i + 1].load(Ordering::Relaxed);
            if d != 0 && unpack(d).1 == age {
                used += 1;
            }
        }
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let tt = TranspositionTable::new(1 << 16);
        let e = TtEntry {
            mv: Pos::new(7, 8),
            value: -29_990,
            eval: 123,
            depth: 17,
            bound: Bound::Lower,
        };
        tt.store(0xDEAD_BEEF_1234_5678, e);
        let got = tt.probe(0xDEAD_BEEF_1234_5678).expect("stored");
        assert_eq!(got.mv, e.mv);
        assert_eq!(got.value, e.value);
        assert_eq!(got.eval, e.eval);
        assert_eq!(got.depth, e.depth);
        assert_eq!(got.bound, e.bound);
        assert!(tt.probe(0x1234).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF_1234_5678).is_none());
    }
}
