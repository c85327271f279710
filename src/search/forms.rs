//! Every word form the process has counted, numbered once. A page's share of the index holds
//! its forms' numbers, so the index is built without looking a form up by its text again, and
//! a form that is new to a page but not to the site is not stored again.
//!
//! The numbers live in one table behind a lock ([`table`] reads it). A counter keeps its own
//! copy of the numbers it has used ([`Local`], one per thread), so the usual word is found
//! without the lock. A number never changes or goes away: `sade serve` keeps every form it has
//! seen, a few hundred kilobytes for a site of thousands of pages.

use std::sync::LazyLock;

use foldhash::HashMap;
use hashbrown::HashTable;
use parking_lot::{RwLock, RwLockReadGuard};

/// The process's forms: each one's number and text.
#[derive(Default)]
pub struct Table {
    /// Each short form's key and number.
    short: HashTable<(u64, u64, u32)>,
    /// Each longer form's number, by its text.
    long: HashMap<Box<str>, u32>,
    /// Every form's text, one after another…
    text: String,
    /// …and where each one ends in `text`.
    ends: Vec<u32>,
}

static TABLE: LazyLock<RwLock<Table>> = LazyLock::new(RwLock::default);

/// The table, to read forms' texts by their numbers. No form is added while the guard is held,
/// so a thread that holds it must not count words ([`Local`] would wait for it).
pub fn table() -> RwLockReadGuard<'static, Table> {
    TABLE.read()
}

impl Table {
    /// How many forms the table holds: every number is below it.
    pub fn forms(&self) -> usize {
        self.ends.len()
    }

    /// The text of form `n`.
    pub fn text(&self, n: u32) -> &str {
        let n = n as usize;
        let start = if n == 0 { 0 } else { self.ends[n - 1] as usize };
        &self.text[start..self.ends[n] as usize]
    }

    /// Adds `text` as the next form: its number.
    fn push(&mut self, text: &str) -> u32 {
        let n = self.ends.len() as u32;
        self.text.push_str(text);
        self.ends.push(self.text.len() as u32);
        n
    }

    /// The number of the short form keyed `lo`, `hi` (see [`key_of`]), added if new.
    fn short(&mut self, lo: u64, hi: u64, hash: u64) -> u32 {
        if let Some(e) = self.short.find(hash, |e| e.0 == lo && e.1 == hi) {
            return e.2;
        }
        let n = self.push(short_text(lo, hi, &mut [0; 16]));
        self.short
            .insert_unique(hash, (lo, hi, n), |e| mix(e.0, e.1));
        n
    }

    /// The number of `text`, a form longer than sixteen bytes, added if new.
    fn long(&mut self, text: &str) -> u32 {
        if let Some(&n) = self.long.get(text) {
            return n;
        }
        let n = self.push(text);
        self.long.insert(text.into(), n);
        n
    }
}

/// A thread's copy of the numbers it has used: a [`Table`]'s numbers found without its lock.
///
/// Short forms are kept in open addressing: a key's slot is its hash's top bits, or the next
/// free one after it. Every key has a first byte, so a slot whose first number is 0 is free.
/// At most half the slots are used, so a search ends soon.
pub struct Local {
    /// Each short form's key and number.
    slots: Vec<(u64, u64, u32)>,
    /// How many slots are used.
    used: usize,
    /// How far a hash is shifted down to a slot (64 less the slots' bits).
    shift: u32,
    /// Each longer form's number, by its text.
    long: HashMap<Box<str>, u32>,
}

/// The slots a [`Local`] starts with.
const FIRST_SLOTS: usize = 1 << 12;

impl Default for Local {
    fn default() -> Local {
        Local {
            slots: vec![(0, 0, 0); FIRST_SLOTS],
            used: 0,
            shift: 64 - FIRST_SLOTS.trailing_zeros(),
            long: HashMap::default(),
        }
    }
}

impl Local {
    /// The number of the short form keyed `lo`, `hi` ([`key_of`]).
    #[inline(always)]
    pub fn short(&mut self, lo: u64, hi: u64) -> u32 {
        // A key's first byte is a word's: never 0, which marks a free slot.
        debug_assert!(lo != 0, "a short key has a first byte");
        let mask = self.slots.len() - 1;
        let mut i = slot(lo, hi, self.shift);
        loop {
            let (l, h, n) = self.slots[i];
            if l == lo && h == hi {
                return n;
            }
            if l == 0 {
                return self.new_short(lo, hi, i);
            }
            i = (i + 1) & mask;
        }
    }

    /// A short form this thread has not used, its free slot `i`: its number, from the table.
    #[inline(never)]
    fn new_short(&mut self, lo: u64, hi: u64, i: usize) -> u32 {
        let n = TABLE.write().short(lo, hi, mix(lo, hi));
        self.slots[i] = (lo, hi, n);
        self.used += 1;
        if self.used * 2 > self.slots.len() {
            self.grow();
        }
        n
    }

    /// Twice the slots, every key moved to its slot among them.
    fn grow(&mut self) {
        let twice = vec![(0, 0, 0); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, twice);
        self.shift -= 1;
        let mask = self.slots.len() - 1;
        for (lo, hi, n) in old.into_iter().filter(|e| e.0 != 0) {
            let mut i = slot(lo, hi, self.shift);
            while self.slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (lo, hi, n);
        }
    }

    /// The number of `text`, a form longer than sixteen bytes.
    pub fn long(&mut self, text: &str) -> u32 {
        if let Some(&n) = self.long.get(text) {
            return n;
        }
        let n = TABLE.write().long(text);
        self.long.insert(text.into(), n);
        n
    }
}

/// The slot of the key `lo`, `hi` among `2^(64 - shift)`: the top bits of one multiplication.
#[inline(always)]
pub(super) fn slot(lo: u64, hi: u64, shift: u32) -> usize {
    ((lo ^ hi.rotate_left(32)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize
}

/// The text of the short form keyed `lo`, `hi`: its bytes (copied into `buf`).
pub fn short_text(lo: u64, hi: u64, buf: &mut [u8; 16]) -> &str {
    buf[..8].copy_from_slice(&lo.to_le_bytes());
    buf[8..].copy_from_slice(&hi.to_le_bytes());
    let len = buf.iter().position(|&b| b == 0).unwrap_or(16);
    std::str::from_utf8(&buf[..len]).expect("a key holds whole characters")
}

/// A form of at most 16 bytes as two numbers: its bytes from the lowest, then zeros (no word
/// holds a zero byte, so no two forms share a key); `None` for a longer one.
pub(super) fn key_of(w: &[u8]) -> Option<(u64, u64)> {
    if w.len() > 16 {
        return None;
    }
    let mut k = [0u8; 16];
    k[..w.len()].copy_from_slice(w);
    let (lo, hi) = k.split_at(8);
    let half = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
    Some((half(lo), half(hi)))
}

/// A short form's hash from its key: one wide multiplication, its halves folded together.
pub(super) fn mix(lo: u64, hi: u64) -> u64 {
    let x = u128::from(lo ^ 0x243f_6a88_85a3_08d3) * u128::from(hi ^ 0x1319_8a2e_0370_7344);
    (x as u64) ^ ((x >> 64) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_keeps_its_number_on_every_thread() {
        let word = "sayılarıyla";
        let (lo, hi) = key_of(word.as_bytes()).unwrap();
        let long = "dağıtıksistemlerinizdeki";
        let mut mine = Local::default();
        let here = (mine.short(lo, hi), mine.long(long));
        let there = std::thread::spawn(move || {
            let mut theirs = Local::default();
            (theirs.short(lo, hi), theirs.long(long))
        })
        .join()
        .unwrap();
        // Found again without the table.
        assert_eq!((mine.short(lo, hi), mine.long(long)), here);
        assert_eq!(here, there);
        assert_ne!(here.0, here.1);
        let table = table();
        assert_eq!(table.text(here.0), word);
        assert_eq!(table.text(here.1), long);
        assert!(table.forms() > here.0.max(here.1) as usize);
    }

    #[test]
    fn a_thread_finds_every_number_again_after_its_slots_grow() {
        let mut local = Local::default();
        let words: Vec<String> = (0..3 * FIRST_SLOTS).map(|i| format!("w{i}")).collect();
        let keys: Vec<(u64, u64)> = words
            .iter()
            .map(|w| key_of(w.as_bytes()).unwrap())
            .collect();
        let numbers: Vec<u32> = keys.iter().map(|&(lo, hi)| local.short(lo, hi)).collect();
        assert!(
            local.slots.len() >= 4 * FIRST_SLOTS,
            "{}",
            local.slots.len()
        );
        assert_eq!(local.used, words.len());
        for (&(lo, hi), &n) in keys.iter().zip(&numbers) {
            assert_eq!(local.short(lo, hi), n);
        }
        let table = table();
        for (w, &n) in words.iter().zip(&numbers) {
            assert_eq!(table.text(n), w);
        }
        // Two keys that differ only in their second number have slots of their own.
        let a = key_of(b"0123456789abcdef").unwrap();
        let b = key_of(b"0123456789abcdeg").unwrap();
        drop(table);
        assert_ne!(local.short(a.0, a.1), local.short(b.0, b.1));
    }

    #[test]
    fn short_keys_hold_the_bytes() {
        let (lo, hi) = key_of("ölçüm".as_bytes()).unwrap();
        assert_eq!(short_text(lo, hi, &mut [0; 16]), "ölçüm");
        let (lo, hi) = key_of(b"sixteen-bytes-ok").unwrap();
        assert_eq!(short_text(lo, hi, &mut [0; 16]), "sixteen-bytes-ok");
        assert_eq!(key_of(b"seventeen-bytes-x"), None);
    }
}
