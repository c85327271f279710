//! A thread's memory of the chunks it has cut into words: for each chunk (a run of text between
//! white space, as [`super::known`] finds them) of at most sixteen bytes, the numbers of its word
//! forms ([`super::forms`]). Prose repeats its words, and mostly with the same punctuation
//! around them (`the`, `retry,`, `(jitter).`), so the usual chunk is found here by its bytes and
//! counted without being scanned, lowered or keyed again.
//!
//! A chunk's words depend only on its bytes and the page's language (words never cross white
//! space), and a form's number never changes, so what is kept here stays right from page to page
//! and from build to build. The memory has a fixed size (768 kB a thread): when half of it is
//! used, it starts over, and the chunks met most often are soon met again.

use crate::i18n::Lang;

use super::forms::slot;

/// A chunk remembered: its bytes as two numbers ([`super::words::key16`]), its [`tag`], and
/// its forms.
#[derive(Clone, Copy, Debug, Default)]
pub struct Slot {
    lo: u64,
    hi: u64,
    /// The chunk's [`tag`] (its length and language; never 0 in a used slot)…
    tag: u8,
    /// …and its number of words.
    words: u8,
    /// The chunk's one form; or, with [`MANY`], for any other number of words, where its forms
    /// start in [`Memo::many`].
    value: u32,
}

/// The bit of a [`Slot`]'s value that says it is where the forms of a chunk of other than one
/// word start, so that one test tells the usual chunk (form numbers are far below it).
const MANY: u32 = 1 << 31;

impl Slot {
    /// The chunk's form, when it has one word.
    #[inline(always)]
    pub fn one(&self) -> Option<u32> {
        (self.value & MANY == 0).then_some(self.value)
    }

    /// How many words the chunk has.
    #[inline(always)]
    pub fn words(&self) -> u8 {
        self.words
    }

    /// The chunk's forms: its one, or those in `many` (its [`Memo`]'s).
    #[inline(always)]
    pub fn forms<'s>(&'s self, many: &'s [u32]) -> &'s [u32] {
        match self.one() {
            Some(_) => std::slice::from_ref(&self.value),
            None => {
                let from = (self.value & !MANY) as usize;
                &many[from..from + usize::from(self.words)]
            }
        }
    }
}

/// How many slots a [`Memo`] has: a power of two, so that a slot's number is a hash's top bits.
pub const SLOTS: usize = 1 << SLOT_BITS;
const SLOT_BITS: u32 = 15;

/// The slots of a [`Memo`].
pub type Slots = [Slot; SLOTS];

/// The chunks a thread has cut, in open addressing (as [`super::forms::Local`]), in a table of a
/// fixed size, so that a slot's number needs no check.
pub struct Memo {
    slots: Box<Slots>,
    used: usize,
    /// The forms of the chunks with no word or more than one, one chunk's after another…
    pub(super) many: Vec<u32>,
    /// One more than the greatest form of any chunk kept (0 when there are none).
    top: u32,
}

/// The tag of a chunk of `len` bytes (1 to 16) on a page of `lang`.
#[inline(always)]
pub fn tag(len: usize, lang: Lang) -> u8 {
    len as u8 | u8::from(lang == Lang::Tr) << 5
}

/// The slot among `slots` of the chunk keyed `lo`, `hi` with tag `tag`, or the number of the
/// free slot it would go in. The slot its hash gives is looked at first, by itself: its number
/// needs no wrapping.
#[inline(always)]
fn probe(slots: &Slots, lo: u64, hi: u64, tag: u8) -> Result<&Slot, usize> {
    let is = |s: &Slot| s.lo == lo && s.hi == hi && s.tag == tag;
    let home = slot(lo ^ u64::from(tag), hi, 64 - SLOT_BITS);
    let s = &slots[home];
    if is(s) {
        return Ok(s);
    }
    if s.tag == 0 {
        return Err(home);
    }
    let mut i = home + 1;
    loop {
        let s = &slots[i % SLOTS];
        if is(s) {
            return Ok(s);
        }
        if s.tag == 0 {
            return Err(i % SLOTS);
        }
        i += 1;
    }
}

/// The slot among `slots` (a [`Memo`]'s) of the chunk keyed `lo`, `hi` with tag `tag`, if the
/// thread has met it.
#[inline(always)]
pub fn get(slots: &Slots, lo: u64, hi: u64, tag: u8) -> Option<&Slot> {
    probe(slots, lo, hi, tag).ok()
}

/// What [`Memo::find`] found.
pub enum Found<'m> {
    /// The chunk's one form.
    One(u32),
    /// The chunk's forms, when it has none or more than one.
    Many(&'m [u32]),
    /// Not a chunk this thread remembers: the slot it goes in ([`Memo::keep`]).
    New(usize),
}

impl Default for Memo {
    fn default() -> Memo {
        let slots = vec![Slot::default(); SLOTS].into_boxed_slice();
        Memo {
            slots: slots.try_into().expect("SLOTS slots"),
            used: 0,
            many: Vec::new(),
            top: 0,
        }
    }
}

impl Memo {
    /// One more than the greatest form of any chunk kept: counts with room for this many forms
    /// have room for all of them.
    #[inline(always)]
    pub fn top(&self) -> usize {
        self.top as usize
    }

    /// The memo's slots, for [`get`].
    pub fn slots(&self) -> &Slots {
        &self.slots
    }

    /// The forms of the chunk keyed `lo`, `hi` with tag `tag`.
    pub fn find(&self, lo: u64, hi: u64, tag: u8) -> Found<'_> {
        match probe(&self.slots, lo, hi, tag) {
            Ok(s) => match s.one() {
                Some(form) => Found::One(form),
                None => Found::Many(s.forms(&self.many)),
            },
            Err(i) => Found::New(i),
        }
    }

    /// Keeps `forms` as the forms of the chunk keyed `lo`, `hi` with tag `tag`, in its free
    /// slot `i` (from [`Memo::find`], with nothing kept since).
    #[inline(never)]
    pub fn keep(&mut self, i: usize, lo: u64, hi: u64, tag: u8, forms: &[u32]) {
        let value = match forms {
            [one] if one & MANY == 0 => *one,
            _ => {
                self.many.extend_from_slice(forms);
                MANY | (self.many.len() - forms.len()) as u32
            }
        };
        let words = u8::try_from(forms.len()).expect("a chunk of 16 bytes has few words");
        let greatest = forms.iter().max().map_or(0, |&f| f.saturating_add(1));
        self.top = self.top.max(greatest);
        self.slots[i] = Slot {
            lo,
            hi,
            tag,
            words,
            value,
        };
        self.used += 1;
        if self.used * 2 > SLOTS {
            self.slots.fill(Slot::default());
            self.used = 0;
            self.many.clear();
            self.top = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keeps `forms` for the chunk `lo` of `len` bytes; then finds it.
    fn kept(memo: &mut Memo, lo: u64, len: usize, forms: &[u32]) {
        let tag = tag(len, Lang::En);
        let Found::New(i) = memo.find(lo, 0, tag) else {
            panic!("{lo} is new");
        };
        memo.keep(i, lo, 0, tag, forms);
    }

    fn forms(memo: &Memo, lo: u64, len: usize, lang: Lang) -> Option<Vec<u32>> {
        match memo.find(lo, 0, tag(len, lang)) {
            Found::One(n) => Some(vec![n]),
            Found::Many(forms) => Some(forms.to_vec()),
            Found::New(_) => None,
        }
    }

    #[test]
    fn a_form_numbered_at_the_flag_bit_is_kept_among_the_many() {
        let mut memo = Memo::default();
        kept(&mut memo, 5, 3, &[MANY | 7]);
        kept(&mut memo, 6, 3, &[7]);
        assert!(matches!(memo.find(5, 0, tag(3, Lang::En)), Found::Many([f]) if *f == MANY | 7));
        assert!(matches!(memo.find(6, 0, tag(3, Lang::En)), Found::One(7)));
        assert_eq!(memo.many, [MANY | 7]);
    }

    #[test]
    fn the_top_is_one_past_the_greatest_form_kept() {
        let mut memo = Memo::default();
        assert_eq!(memo.top(), 0);
        kept(&mut memo, 1, 3, &[4]);
        assert_eq!(memo.top(), 5);
        kept(&mut memo, 2, 3, &[9, 12, 3]);
        kept(&mut memo, 3, 3, &[]);
        kept(&mut memo, 4, 3, &[5, 6]);
        assert_eq!(memo.top(), 13);
        // Starting over forgets it.
        let mut k = 100;
        while memo.used > 0 {
            kept(&mut memo, k, 4, &[1]);
            k += 1;
        }
        assert_eq!((k - 100, memo.top()), (SLOTS as u64 / 2 - 3, 0));
    }

    #[test]
    fn keys_that_differ_in_few_bytes_spread_over_the_slots() {
        let mut memo = Memo::default();
        let tag = tag(16, Lang::En);
        // Sixteen-byte chunks that differ only in bytes 9 to 12.
        let keys: Vec<(u64, u64)> = (0..4000)
            .map(|k| super::super::words::key16(format!("sharedpr{k:04}tail").as_bytes(), 0, 16))
            .collect();
        for &(lo, hi) in &keys {
            let Found::New(i) = memo.find(lo, hi, tag) else {
                panic!("{lo:x} {hi:x} is new");
            };
            memo.keep(i, lo, hi, tag, &[1]);
        }
        // How far each one lives past the slot its hash gives (the table's own formula).
        let longest = keys
            .iter()
            .map(|&(lo, hi)| {
                let home = slot(lo ^ u64::from(tag), hi, 64 - SLOT_BITS) % SLOTS;
                let at = memo.slots.iter().position(|s| (s.lo, s.hi) == (lo, hi));
                (at.expect("kept") + SLOTS - home) % SLOTS
            })
            .max();
        assert!(longest < Some(32), "{longest:?}");
    }

    #[test]
    fn a_chunk_of_one_word_is_found_as_one() {
        let mut memo = Memo::default();
        kept(&mut memo, u64::from(b'a'), 1, &[7]);
        kept(&mut memo, u64::from(b'b'), 1, &[7, 8]);
        let tag = tag(1, Lang::En);
        assert!(matches!(memo.find(u64::from(b'a'), 0, tag), Found::One(7)));
        assert!(matches!(
            memo.find(u64::from(b'b'), 0, tag),
            Found::Many([7, 8])
        ));
    }

    #[test]
    fn a_chunk_is_found_by_its_bytes_length_and_language() {
        let mut memo = Memo::default();
        kept(&mut memo, u64::from(b'a'), 1, &[7]);
        // A NUL byte after it is another chunk, one byte longer.
        kept(&mut memo, u64::from(b'a'), 2, &[8, 9, 10]);
        kept(&mut memo, u64::from(b'-'), 1, &[]);
        assert_eq!(forms(&memo, u64::from(b'a'), 1, Lang::En), Some(vec![7]));
        assert_eq!(
            forms(&memo, u64::from(b'a'), 2, Lang::En),
            Some(vec![8, 9, 10])
        );
        assert_eq!(forms(&memo, u64::from(b'-'), 1, Lang::En), Some(vec![]));
        assert_eq!(forms(&memo, u64::from(b'a'), 1, Lang::Tr), None);
        assert_eq!(forms(&memo, u64::from(b'b'), 1, Lang::En), None);
        assert!(matches!(
            memo.find(u64::from(b'a'), 1, tag(1, Lang::En)),
            Found::New(_)
        ));
    }

    #[test]
    fn chunks_are_found_until_half_the_slots_are_used_then_forgotten() {
        let mut memo = Memo::default();
        // Keys that share their slot's bits, and ones that do not.
        let n = SLOTS as u64 / 2 - SLOTS as u64 / 10;
        let mut kept_so_far = 0;
        for k in 1..=n {
            kept(&mut memo, k, 8, &[k as u32]);
            kept_so_far += 1;
            if k % 5 == 0 {
                kept(&mut memo, k << 20 | 1, 8, &[1, k as u32]);
                kept_so_far += 1;
            }
        }
        for k in 1..=n {
            assert_eq!(forms(&memo, k, 8, Lang::En), Some(vec![k as u32]));
            let many = forms(&memo, k << 20 | 1, 8, Lang::En);
            assert_eq!(many, (k % 5 == 0).then(|| vec![1, k as u32]));
        }
        // Half full: it starts over, and knows only what comes after.
        let mut k = 1 << 40;
        while memo.used > 0 {
            k += 1;
            kept(&mut memo, k, 8, &[0]);
            kept_so_far += 1;
        }
        assert_eq!(kept_so_far, SLOTS / 2 + 1);
        assert!(memo.many.is_empty());
        assert!(memo.slots.iter().all(|s| s.tag == 0));
        assert_eq!(forms(&memo, 1, 8, Lang::En), None);
        kept(&mut memo, 1, 8, &[3]);
        assert_eq!(forms(&memo, 1, 8, Lang::En), Some(vec![3]));
    }
}
