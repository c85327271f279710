//! Words by Unicode's rules (UAX #29), quickly. A text is cut at ASCII white space into chunks.
//! A chunk of words of ASCII and Latin letters and digits, with punctuation that parts them,
//! is scanned in one pass that keys each word as it finds it ([`keyed_words`]); so is a decimal
//! number (`1.5`, `0,25`) and, on a Turkish page, a word with a suffix after an apostrophe
//! (`API'nin`). Any other chunk goes the general way ([`super::uax29`]). Property tests hold
//! both to `unicode-segmentation`. Turkish words also end at an apostrophe (`Kadıköy'de` is
//! `Kadıköy` and `de`), and a word joined by `.` or `_` (`urllib3.util.Retry`, `max_attempts`,
//! `3.5`) is given whole and by its parts.

use std::sync::LazyLock;

use crate::i18n::Lang;

use super::analyze::{capital, dotted};
use super::forms::key_of;
use super::uax29::{chunk, latin_letter, Class};
#[cfg(target_arch = "x86_64")]
pub(super) use window::space_bits_avx2;
use window::Window;
pub(super) use window::{long_end, space_bits, WIDTH};

/// Calls `f` with every word of `text` in order; one joined by `.` or `_` whole, then by parts.
pub fn words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str)) {
    marked_words(text, lang, |w, _| f(w));
}

/// [`words`], each with whether it needs lowering ([`super::analyze::needs_lower`]), found on
/// the way.
pub fn marked_words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str, bool)) {
    keyed_words(text, lang, |w, key| match key {
        Key::Short(_, _, lowered) => f(w, lowered),
        Key::Other(capital) => f(w, capital),
    });
}

/// A word as [`keyed_words`] gives it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Key {
    /// A word of at most 16 bytes once lowered, as its key: its lowered bytes as two numbers
    /// (the first byte lowest, zeros after the last; no word holds a zero byte), and whether
    /// lowering changed it.
    Short(u64, u64, bool),
    /// Any other word, and whether it needs lowering.
    Other(bool),
}

/// The words of [`marked_words`], each with its [`Key`]: a word of the fast scanner's kind is
/// lowered and made its key in the one pass over its bytes that finds it, so it needs no other.
///
/// A word is given as soon as what follows it shows that nothing joins more to it:
/// punctuation that never joins (ASCII's but `_` and the joiners `.,:;'`, and the signs of
/// [`sign_len`]), white space, the text's end, or a joiner with no word after it. A decimal
/// number (`1.5`, `0,25`) is given whole (and at a `.` by its parts), and on a Turkish page a
/// word ends at an apostrophe before its suffix. Anything else sends the rest of the chunk
/// (from the word's start, where UAX #29 breaks) the general way.
#[inline(always)]
pub fn keyed_words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str, Key)) {
    keyed_spans(text, lang, |from, to, key| f(&text[from..to], key));
}

/// [`keyed_words`], each word given as where it starts and ends in `text` (a counter that
/// has the key needs no slice of the text).
///
/// The usual word is found among a [`Window`]'s bits: a run of bytes that can be part of a
/// word, of ASCII letters and digits and Latin letters only, followed by white space,
/// punctuation that never joins, a joiner with no word after it, a sign that parts words, or
/// the text's end. That is exactly where [`step`] would give it whole. Anything else goes to [`step`] from the run's
/// start, and the bits take over again where it stops.
#[inline(always)]
pub fn keyed_spans(text: &str, lang: Lang, mut f: impl FnMut(usize, usize, Key)) {
    let latin: &[u8; LATIN] = &LATIN_LETTER;
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut classes = Vec::new();
    let mut i = 0;
    while i < n {
        let base = i;
        let w = Window::at(bytes, base);
        // The window's word bytes not yet passed.
        let mut rest = w.cand;
        i = loop {
            if rest == 0 {
                break base + WIDTH;
            }
            // The next run of word bytes, from bit `s` to bit `e` (the bytes before it are
            // white space and ASCII punctuation, which the scalar way passes over): adding its
            // lowest bit carries through the run to the bit after it.
            let first = rest & rest.wrapping_neg();
            let sum = rest.wrapping_add(first);
            let mut after = sum & !rest;
            let s = first.trailing_zeros() as usize;
            if after == 0 {
                // It runs past the window: a window from its start (the scalar way for one of
                // 64 bytes or more).
                break match s {
                    0 => step(text, base, lang, latin, &mut classes, &mut f),
                    _ => base + s,
                };
            }
            let mut run = rest & !sum;
            // Each byte outside ASCII must start a Latin letter or be the second of its two;
            // at a sign that parts words the word ends; anything else (`_` too) is the scalar
            // way's.
            let mut special = w.special & run;
            let mut upper = false;
            let mut fast = true;
            let mut sign = 0;
            while special != 0 {
                let at = special.trailing_zeros() as usize;
                let kind = latin_kind(bytes, base + at, latin);
                if kind == 0 {
                    // A sign (`–`, `≈`, a no-break space…): the word ends before it, and the
                    // next starts after it.
                    match sign_len(bytes, base + at) {
                        Some(len) if at == s || joiner(bytes, base + at) == 0 => sign = len,
                        _ => fast = false,
                    }
                    after = special & special.wrapping_neg();
                    run &= after - 1;
                    break;
                }
                upper |= kind & UPPER != 0;
                // The letter's two bytes.
                special &= special - 1;
                special &= special.wrapping_sub(1);
            }
            let e = after.trailing_zeros() as usize;
            let (from, to) = (base + s, base + e);
            // Past the word (and past the sign after it), in the window.
            let past = if fast && (sign > 0 || ends(bytes, to)) {
                if e > s {
                    give(text, from, to, upper || w.upper & run != 0, lang, &mut f);
                }
                e + sign
            } else if let Some(end) = decimal(bytes, from, to) {
                give_decimal(text, from, to, end, lang, &mut f);
                end - base
            } else {
                let next = step(text, from, lang, latin, &mut classes, &mut f) - base;
                if next >= WIDTH {
                    break base + next;
                }
                rest = w.cand & (u64::MAX << next);
                continue;
            };
            if past >= WIDTH {
                break base + past;
            }
            rest &= u64::MAX << past;
        };
    }
}

#[cfg(test)]
thread_local! {
    /// How many [`step`]s this thread has taken: the tests' check that the usual words never
    /// need one.
    static STEPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One step of the scanner's scalar way from `bytes[i]`: passes over white space or
/// punctuation, or gives the word (or words) there. Where the next step starts.
#[inline(never)]
fn step(
    text: &str,
    mut i: usize,
    lang: Lang,
    latin: &[u8; LATIN],
    classes: &mut Vec<(usize, Class)>,
    f: &mut impl FnMut(usize, usize, Key),
) -> usize {
    #[cfg(test)]
    STEPS.with(|steps| steps.set(steps.get() + 1));
    let bytes = text.as_bytes();
    let b = bytes[i];
    let t = BYTE[b as usize];
    if t & (SPACE | PUNCT | JOIN) != 0 {
        return i + 1;
    }
    if t & ALNUM == 0 && !word_start(bytes, i, latin) {
        return match sign_len(bytes, i) {
            Some(len) => i + len,
            None => general(text, i, lang, classes, f),
        };
    }
    // The word: ASCII letters and digits, and Latin letters (two bytes each).
    let from = i;
    let mut kinds = 0u8;
    loop {
        // A run of ASCII letters and digits (by iterator: no index to check).
        for &b in &bytes[i..] {
            let t = BYTE[b as usize];
            if t & ALNUM == 0 {
                break;
            }
            kinds |= t;
            i += 1;
        }
        match latin_kind(bytes, i, latin) {
            0 => break,
            k => {
                kinds |= k;
                i += 2;
            }
        }
    }
    let to = i;
    // What follows it.
    let Some(&b) = bytes.get(i) else {
        give(text, from, to, kinds & UPPER != 0, lang, f);
        return i;
    };
    let t = BYTE[b as usize];
    if t & (SPACE | PUNCT) != 0 {
        // The usual end: white space or punctuation that never joins (and is passed over).
        give(text, from, to, kinds & UPPER != 0, lang, f);
        return i + 1;
    }
    let len = joiner(bytes, i);
    if ends(bytes, i) {
        give(text, from, to, kinds & UPPER != 0, lang, f);
    } else if let Some(end) = decimal(bytes, from, to) {
        give_decimal(text, from, to, end, lang, f);
        i = end;
    } else if len > 0
        && lang == Lang::Tr
        && apostrophe(bytes, i)
        && word_start(bytes, i + len, latin)
    {
        // A Turkish suffix after an apostrophe: the word ends there.
        give(text, from, to, kinds & UPPER != 0, lang, f);
        i += len;
    } else {
        i = general(text, from, lang, classes, f);
    }
    i
}

/// Gives `f` the word `text[from..to]` of the fast kind (with a capital when `upper`).
#[inline(always)]
fn give(
    text: &str,
    from: usize,
    to: usize,
    upper: bool,
    lang: Lang,
    f: &mut impl FnMut(usize, usize, Key),
) {
    f(from, to, short_key(text.as_bytes(), from, to, upper, lang));
}

/// The end of the decimal number (`1.5`, `0,25`) that the digits `bytes[from..to]` start,
/// when a `.` or `,` and digits follow them and nothing joins more to it; else `None`.
#[inline(always)]
fn decimal(bytes: &[u8], from: usize, to: usize) -> Option<usize> {
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    if !matches!(bytes.get(to), Some(b'.' | b',')) || !digit(to + 1) {
        return None;
    }
    if !bytes[from..to].iter().all(u8::is_ascii_digit) {
        return None;
    }
    let mut end = to + 2;
    while digit(end) {
        end += 1;
    }
    ends(bytes, end).then_some(end)
}

/// Gives `f` the decimal number `text[from..end]` of [`decimal`] (its digits before the mark
/// end at `to`): whole, then, at a `.`, by its parts.
#[inline(never)]
fn give_decimal(
    text: &str,
    from: usize,
    to: usize,
    end: usize,
    lang: Lang,
    f: &mut impl FnMut(usize, usize, Key),
) {
    give(text, from, end, false, lang, f);
    if text.as_bytes()[to] == b'.' {
        give(text, from, to, false, lang, f);
        give(text, to + 1, end, false, lang, f);
    }
}

/// The words of the rest of the chunk from `text[from]`, the general way: where the chunk
/// ends.
#[inline(never)]
fn general(
    text: &str,
    from: usize,
    lang: Lang,
    classes: &mut Vec<(usize, Class)>,
    f: &mut impl FnMut(usize, usize, Key),
) -> usize {
    let bytes = text.as_bytes();
    let mut end = from;
    while end < bytes.len() && BYTE[bytes[end] as usize] & SPACE == 0 {
        end += 1;
    }
    chunk(&text[from..end], lang, classes, &mut |w, capital| {
        // Where the word is in `text` (it is a slice of it).
        let at = w.as_ptr() as usize - text.as_ptr() as usize;
        f(at, at + w.len(), Key::Other(capital))
    });
    end
}

/// Whether a word (or a number) that stops before `bytes[i]` ends there: nothing follows, or
/// white space, punctuation that never joins, a sign of [`sign_len`], or a joiner with no word
/// after it.
#[inline(always)]
fn ends(bytes: &[u8], i: usize) -> bool {
    let Some(&b) = bytes.get(i) else {
        return true;
    };
    if BYTE[b as usize] & (SPACE | PUNCT) != 0 {
        return true;
    }
    match joiner(bytes, i) {
        0 => !wordish(bytes, i) || sign_len(bytes, i).is_some(),
        len => !wordish(bytes, i + len),
    }
}

/// Whether a word of the fast kind starts at `bytes[i]`: an ASCII letter or digit, or a Latin
/// letter.
#[inline(always)]
fn word_start(bytes: &[u8], i: usize, latin: &[u8; LATIN]) -> bool {
    bytes.get(i).is_some_and(|&b| {
        let t = BYTE[b as usize];
        t & ALNUM != 0 || (t & LEAD != 0 && latin_kind(bytes, i, latin) != 0)
    })
}

/// The length of a joiner at `bytes[i]` (`.`, `,`, `:`, `;`, `'`, `·`, `‘`, `’`: each can
/// join the words around it), or 0.
#[inline(always)]
fn joiner(bytes: &[u8], i: usize) -> usize {
    match bytes.get(i..) {
        Some([b, ..]) if BYTE[*b as usize] & JOIN != 0 => 1,
        Some([0xc2, 0xb7, ..]) => 2,
        Some([0xe2, 0x80, 0x98 | 0x99, ..]) => 3,
        _ => 0,
    }
}

/// Whether the joiner at `bytes[i]` is an apostrophe (`'` or `’`).
fn apostrophe(bytes: &[u8], i: usize) -> bool {
    matches!(bytes.get(i..), Some([b'\'', ..] | [0xe2, 0x80, 0x99, ..]))
}

/// Whether the character at `bytes[i]` could be part of a word (a joiner before it joins): an
/// ASCII letter, digit or `_`, or any character outside ASCII (the general way decides).
#[inline(always)]
fn wordish(bytes: &[u8], i: usize) -> bool {
    bytes
        .get(i)
        .is_some_and(|&b| BYTE[b as usize] & (ALNUM | OTHER) != 0 || b >= 0x80)
}

/// The length of the sign at `bytes[i]` that prose and tables use most and that never starts,
/// ends or joins a word (`≈`, `–`, `—`, `…`, `“`, `”`, `«`, `»`, `×`, `→`, and the joiners `·`,
/// `‘`, `’` where nothing follows them to join), or `None`.
#[inline(always)]
fn sign_len(bytes: &[u8], i: usize) -> Option<usize> {
    match bytes.get(i..)? {
        [0xe2, 0x89, 0x88, ..]
        | [0xe2, 0x80, 0x93 | 0x94 | 0xa6 | 0x9c | 0x9d | 0x98 | 0x99, ..]
        | [0xe2, 0x86, 0x92, ..] => Some(3),
        [0xc2, 0xa0 | 0xab | 0xbb | 0xb7, ..] | [0xc3, 0x97, ..] => Some(2),
        _ => None,
    }
}

/// What the character at `bytes[i]` is: [`LOWER`] for
/// a Latin letter, with [`UPPER`] for a capital one, or 0.
#[inline(always)]
fn latin_kind(bytes: &[u8], i: usize, latin: &[u8; LATIN]) -> u8 {
    match bytes.get(i..i + 2) {
        Some(&[lead @ 0xc3..=0xc9, next]) => {
            latin[usize::from(lead - 0xc3) << 6 | usize::from(next & 0x3f)]
        }
        _ => 0,
    }
}

/// The [`Key`] of the word `bytes[from..to]` (ASCII and Latin letters and digits), which has
/// a capital when `upper`, lowered by the rules of `lang`.
#[inline(always)]
fn short_key(bytes: &[u8], from: usize, to: usize, upper: bool, lang: Lang) -> Key {
    let len = to - from;
    if upper {
        return lowered_key(bytes, from, to, lang);
    }
    if len > 16 {
        return Key::Other(false);
    }
    let (lo, hi) = key16(bytes, from, to);
    Key::Short(lo, hi, false)
}

/// The bytes `bytes[from..to]` (at most sixteen) as two numbers, the first lowest, zeros after
/// the last.
#[inline(always)]
pub(super) fn key16(bytes: &[u8], from: usize, to: usize) -> (u64, u64) {
    key16_within(bytes, from, to)
        .unwrap_or_else(|| key_of(&bytes[from..to]).expect("at most sixteen bytes"))
}

/// [`key16`] of `bytes[from..to]` where sixteen bytes can be read from `from` at once (and the
/// span's kept), and the span has at most sixteen; else `None`.
#[inline(always)]
fn key16_within(bytes: &[u8], from: usize, to: usize) -> Option<(u64, u64)> {
    let (lo_mask, hi_mask) = key_masks(to - from)?;
    let b = bytes.get(from..from + 16)?;
    Some((u64_at(b, 0) & lo_mask, u64_at(b, 8) & hi_mask))
}

/// [`short_key`] of a word with a capital: lowered a byte or a character at a time (capitals
/// are the rarer words), a Latin letter by [`LATIN_LOWER`].
#[inline(never)]
fn lowered_key(bytes: &[u8], from: usize, to: usize, lang: Lang) -> Key {
    // The usual one, ASCII (with no `I` on a Turkish page, which lowers to two bytes): its
    // capitals lowered eight bytes at a time.
    if let Some((lo, hi)) = key16_within(bytes, from, to) {
        let dotless = |x: u64| lang == Lang::Tr && has_byte(x, b'I');
        if (lo | hi) & HIGH_BITS == 0 && !dotless(lo) && !dotless(hi) {
            return Key::Short(ascii_lower(lo), ascii_lower(hi), true);
        }
    }
    let lower: &[[u8; 4]; LATIN] = &LATIN_LOWER;
    // Room for a character's three bytes past the sixteenth.
    let mut key = [0u8; 19];
    let mut len = 0;
    let mut i = from;
    while i < to {
        let b = bytes[i];
        if b < 0x80 {
            if b == b'I' && lang == Lang::Tr {
                key[len..len + 2].copy_from_slice("ı".as_bytes());
                len += 2;
            } else {
                key[len] = b.to_ascii_lowercase();
                len += 1;
            }
            i += 1;
        } else {
            let [n, lowered @ ..] =
                lower[usize::from(b - 0xc3) << 6 | usize::from(bytes[i + 1] & 0x3f)];
            // The three bytes, zeros after the character's own: what follows overwrites them.
            key[len..len + 3].copy_from_slice(&lowered);
            len += usize::from(n);
            i += 2;
        }
        if len > 16 {
            return Key::Other(true);
        }
    }
    Key::Short(u64_at(&key, 0), u64_at(&key, 8), true)
}

/// The high bit of each of a `u64`'s bytes.
pub(super) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// One in each of a `u64`'s bytes.
pub(super) const ONES: u64 = 0x0101_0101_0101_0101;

/// Whether one of the eight bytes of `x` is `b`.
#[inline(always)]
pub(super) fn has_byte(x: u64, b: u8) -> bool {
    let v = x ^ (ONES * u64::from(b));
    v.wrapping_sub(ONES) & !v & HIGH_BITS != 0
}

/// The eight ASCII bytes of `x` with their capitals lowered: `A`-`Z` get `0x20` more. A byte
/// under `0x80` plus `0x3f` reaches its high bit from `A` on, plus `0x25` from past `Z` on,
/// and carries into no other byte.
#[inline(always)]
fn ascii_lower(x: u64) -> u64 {
    let from_a = x + ONES * 0x3f;
    let past_z = x + ONES * 0x25;
    x | ((from_a & !past_z & HIGH_BITS) >> 2)
}

/// The eight bytes of `b` at `at` as a number, the first lowest.
pub(super) fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"))
}

/// For a span of 0 to 16 bytes, the masks of its bytes in its key's numbers: the first eight in
/// `lo`, the rest in `hi` (two lists: a length finds its masks without a multiplication).
pub(super) struct KeyMasks {
    pub lo: [u64; 17],
    pub hi: [u64; 17],
}

/// [`KeyMasks`], by a span's length.
pub(super) static KEY_MASKS: KeyMasks = {
    let (lo, hi) = ([u64::MAX; 17], [u64::MAX; 17]);
    let (mut t, mut n) = (KeyMasks { lo, hi }, 0);
    while n < 16 {
        if n < 8 {
            t.lo[n] = (1 << (8 * n)) - 1;
            t.hi[n] = 0;
        } else {
            t.hi[n] = (1 << (8 * (n - 8))) - 1;
        }
        n += 1;
    }
    t
};

/// The masks of a span of `len` bytes' key ([`KEY_MASKS`]), when it has at most sixteen.
#[inline(always)]
pub(super) fn key_masks(len: usize) -> Option<(u64, u64)> {
    Some((*KEY_MASKS.lo.get(len)?, KEY_MASKS.hi[len]))
}

/// What the scanner knows of a byte, by bit: [`SPACE`], [`DIGIT`], [`LOWER`], [`UPPER`],
/// [`PUNCT`], [`JOIN`], [`LEAD`], [`OTHER`] (a byte outside ASCII that is none of these: 0).
static BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = match b {
            _ if b.is_ascii_whitespace() => SPACE,
            b'0'..=b'9' => DIGIT,
            b'a'..=b'z' => LOWER,
            b'A'..=b'Z' => UPPER,
            b'_' => OTHER,
            b'.' | b',' | b':' | b';' | b'\'' => JOIN,
            0..=0x7f => PUNCT,
            0xc3..=0xc9 => LEAD,
            _ => 0,
        };
        i += 1;
    }
    t
};
/// ASCII white space: chunks end there.
const SPACE: u8 = 1;
/// An ASCII digit.
const DIGIT: u8 = 2;
/// An ASCII small letter (and, in a word's kinds, a Latin letter).
const LOWER: u8 = 4;
/// An ASCII capital (and, in a word's kinds, a Latin one).
const UPPER: u8 = 8;
/// ASCII punctuation that never joins two words (and control characters).
const PUNCT: u8 = 16;
/// ASCII punctuation that may join two words (UAX #29's MidLetter, MidNum, MidNumLet).
const JOIN: u8 = 32;
/// The lead byte of a two-byte character from U+00C0 to U+027F, where the Latin letters are.
const LEAD: u8 = 64;
/// `_`, which joins whatever is around it: the general way.
const OTHER: u8 = 128;
const ALNUM: u8 = DIGIT | LOWER | UPPER;

/// The lowercase of each two-byte character of [`LATIN_LETTER`]'s table that is a Latin
/// letter (itself when it is no capital): its length in bytes, then its bytes (zeros after).
/// `İ` is `i` in both languages; its lowercase by Unicode alone would carry a combining dot.
static LATIN_LOWER: LazyLock<[[u8; 4]; LATIN]> = LazyLock::new(|| {
    let mut t = [[0u8; 4]; LATIN];
    for (k, entry) in t.iter_mut().enumerate() {
        let c = char::from_u32(0xc0 + k as u32).expect("no surrogates here");
        if latin_letter(c) {
            let mut buf = [0u8; 3];
            let mut n = 0;
            for l in dotted(c, Lang::En).to_lowercase() {
                n += l.encode_utf8(&mut buf[n..]).len();
            }
            entry[0] = n as u8;
            entry[1..].copy_from_slice(&buf);
        }
    }
    t
});

/// [`latin_kind`]'s table: for each two-byte character from U+00C0 (by its lead byte less
/// `0xc3`, then its last six bits), [`LOWER`] for a [`latin_letter`], with [`UPPER`] for a
/// capital, else 0.
const LATIN: usize = 7 * 64;
static LATIN_LETTER: LazyLock<[u8; LATIN]> = LazyLock::new(|| {
    let mut t = [0u8; LATIN];
    for (k, kind) in t.iter_mut().enumerate() {
        let c = char::from_u32(0xc0 + k as u32).expect("no surrogates here");
        if latin_letter(c) {
            *kind = LOWER | if capital(c) { UPPER } else { 0 };
        }
    }
    t
});

#[cfg(test)]
mod tests;
mod window;
