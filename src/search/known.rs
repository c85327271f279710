//! Counting the chunks of a text that a thread has met before (its [`super::memo`]), a window
//! of 64 bytes at a time: the window's white space found at once, then each chunk that starts
//! in its first 48 bytes keyed straight from the window (its sixteen bytes are in it), found in
//! the memo and counted. This is the hot loop of a build with search: prose is mostly chunks
//! met before, each costing about fifty instructions here.

use super::doc::{count_forms, tally, FIELDS};
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
