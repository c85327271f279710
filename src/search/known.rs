//! Counting the chunks of a text that a thread has met before (its [`super::memo`]), a window
//! of 64 bytes at a time: the window's white space found at once, then each chunk that starts
//! in its first 48 bytes keyed straight from the window (its sixteen bytes are in it), found in
//! the memo and counted. This is the hot loop of a build with search: prose is mostly chunks
//! met before, each costing about fifty instructions here.

use super::doc::{count_all, count_forms, tally, FIELDS};
use super::memo::{self, Memo};
#[cfg(target_arch = "x86_64")]
use super::words::space_bits_avx2;
pub(super) use super::words::WIDTH;
use super::words::{key_masks, long_end, space_bits, u64_at};

/// Where the chunks a window of [`WIDTH`] bytes keys may start: sixteen bytes from any of them
/// are in it.
const STARTS: usize = WIDTH - 16;

/// Where [`known`] stopped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// At a chunk it cannot count (new to the thread, longer than sixteen bytes, or with a form
    /// that has no place in the counts yet): where it starts and ends.
    Chunk(usize, usize),
    /// Where fewer than [`WIDTH`] bytes are left: at white space or a chunk's start.
    End(usize),
}

/// Counts the chunks of `bytes` from `pos` (white space or a chunk's start) that `memo` has,
/// into `counts` and `seen` (as [`super::doc`] counts, in field `FIELD`; their number of words
/// into `words`), while a window of [`WIDTH`] bytes can be read. `lang` is the [`memo::tag`] of
/// the page's language. A function of its own, given the counts' slice, so that the loop keeps
/// its values in registers.
#[inline(never)]
pub fn known<const FIELD: usize>(
    memo: &Memo,
    counts: &mut [[u16; FIELDS]],
    seen: &mut Vec<u32>,
    bytes: &[u8],
    mut pos: usize,
    lang: u8,
    words: &mut usize,
) -> Stop {
    let mut n = 0;
    // Whether every form the memo holds has its place in `counts` (each does, once counted
    // when its chunk was cut; but the slower way makes sure).
    let fits = memo.top() <= counts.len();
    let stop = 'windows: loop {
        let Some(window) = bytes.get(pos..pos + WIDTH) else {
            break Stop::End(pos);
        };
        let window: &[u8; WIDTH] = window.try_into().expect("a window's bytes");
        let space = window_spaces(window);
        // Where the chunks not yet passed start (`pos` is white space or a chunk's start).
        let mut starts = !space & (space << 1 | 1);
        loop {
            if starts == 0 {
                pos += WIDTH;
                continue 'windows;
            }
            let s = starts.trailing_zeros() as usize;
            if s >= STARTS {
                // A window from this chunk's start.
                pos += s;
                continue 'windows;
            }
            starts &= starts - 1;
            // The chunk's length: to the white space after it (64 when it runs to the end).
            let len = (space >> s).trailing_zeros() as usize;
            let from = pos + s;
            let Some((lo_mask, hi_mask)) = key_masks(len) else {
                let to = if s + len < WIDTH {
                    from + len
                } else {
                    long_end(bytes, from)
                };
                break 'windows Stop::Chunk(from, to);
            };
            let key = &window[s..s + 16];
            let (lo, hi) = (u64_at(key, 0) & lo_mask, u64_at(key, 8) & hi_mask);
            let Some(slot) = memo::get(memo.slots(), lo, hi, lang | len as u8) else {
                break 'windows Stop::Chunk(from, from + len);
            };
            // Each form was counted when its chunk was cut, so it has its place in `counts`
            // (but the slower way makes sure).
            match slot
                .one()
                .and_then(|form| Some((form, counts.get_mut(form as usize)?)))
            {
                Some((form, c)) => {
                    tally::<FIELD>(c, seen, form);
                    n += 1;
                }
                // A chunk of no words (a sign, a dash) has nothing to count.
                None if slot.words() == 0 => {}
                // (A chunk of one form reaches here only when that has no place: then not
                // every form fits.)
                None if fits => n += count_all::<FIELD>(slot.forms(&memo.many), counts, seen),
                None => match count_forms::<FIELD>(slot.forms(&memo.many), counts, seen) {
                    Some(k) => n += k,
                    None => break 'windows Stop::Chunk(from, from + len),
                },
            }
        }
    };
    *words += n;
    stop
}

/// [`space_bits`] of a window, 32 bytes at a time where the CPU can (AVX2); out of line: in the
/// loop, its constants were loaded again for every chunk.
#[inline(never)]
fn window_spaces(window: &[u8; WIDTH]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, just checked.
        return unsafe { space_bits_avx2(window) };
    }
    space_bits(window)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::search::memo::{tag, Found};
    use crate::search::words::key16;

    /// A memo that has the chunks of `text` at `spans`, each with its forms.
    fn memo_of(text: &[u8], chunks: &[((usize, usize), &[u32])]) -> Memo {
        let mut memo = Memo::default();
        for &((from, to), forms) in chunks {
            let (lo, hi) = key16(text, from, to);
            let tag = tag(to - from, Lang::En);
            let Found::New(i) = memo.find(lo, hi, tag) else {
                panic!("new");
            };
            memo.keep(i, lo, hi, tag, forms);
        }
        memo
    }

    #[test]
    fn a_chunk_whose_forms_have_no_place_in_the_counts_stops_the_loop() {
        let text = format!("zz a.b q{}", " ".repeat(80));
        let bytes = text.as_bytes();
        let memo = memo_of(
            bytes,
            &[((0, 2), &[1]), ((3, 6), &[5, 6, 7]), ((7, 8), &[9])],
        );
        let lang = tag(0, Lang::En);
        let (mut seen, mut words) = (Vec::new(), 0);
        // Room for `zz`'s form only: the loop stops at `a.b`, where it starts and ends, with
        // nothing of it counted.
        let mut counts = vec![[0u16; FIELDS]; 4];
        let stop = known::<3>(&memo, &mut counts, &mut seen, bytes, 0, lang, &mut words);
        assert_eq!(stop, Stop::Chunk(3, 6));
        assert_eq!((words, seen.as_slice()), (1, &[1][..]));
        assert!(counts[2..].iter().all(|c| *c == [0; FIELDS]));
        // Room for all of `a.b`'s forms but the greatest (7): it still stops there.
        let mut short = vec![[0u16; FIELDS]; 7];
        let stop = known::<3>(&memo, &mut short, &mut seen, bytes, 3, lang, &mut words);
        assert_eq!(stop, Stop::Chunk(3, 6));
        assert_eq!(words, 1);
        assert!(short.iter().all(|c| *c == [0; FIELDS]));
        // Room for `a.b`'s forms, not `q`'s: the loop stops at `q`.
        let mut counts = vec![[0u16; FIELDS]; 8];
        let stop = known::<3>(&memo, &mut counts, &mut seen, bytes, 3, lang, &mut words);
        assert_eq!(stop, Stop::Chunk(7, 8));
        assert_eq!(words, 4);
        assert_eq!(counts[5..8], [[0, 0, 0, 1]; 3]);
        // Room for all: to the last window that can be read.
        let mut counts = vec![[0u16; FIELDS]; 16];
        let stop = known::<3>(&memo, &mut counts, &mut seen, bytes, 7, lang, &mut words);
        assert_eq!(stop, Stop::End(7 + WIDTH));
        assert_eq!(words, 5);
    }
}
