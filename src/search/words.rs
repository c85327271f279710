//! Words by Unicode's rules (UAX #29), quickly: a text is cut at ASCII white space into
//! chunks, and a chunk that is one word of ASCII or Latin letters (with punctuation around it)
//! is taken whole; other chunks of characters whose word-break class is known are segmented by
//! the rules for those classes, and any other chunk by `unicode-segmentation`. Property tests
//! hold every path to the plain way. Turkish words also end at an apostrophe (`Kadıköy'de` is
//! `Kadıköy` and `de`), and a word joined by `.` or `_` (`urllib3.util.Retry`,
//! `max_attempts`) is given whole and by its parts.

use unicode_normalization::char::is_combining_mark;
use unicode_segmentation::UnicodeSegmentation;

use crate::i18n::Lang;

use super::analyze::{capital, dotted, needs_lower};
use super::doc::key_of;

/// Calls `f` with every word of `text` in order; one joined by `.` or `_` whole, then by parts.
pub fn words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str)) {
    marked_words(text, lang, |w, _| f(w));
}

/// [`words`], each with whether it needs lowering ([`needs_lower`]), found on the way.
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

/// The words of [`marked_words`], each with its [`Key`]: the usual word (ASCII and Latin
/// letters and digits, with ASCII punctuation around it) is lowered and made its key in the
/// one pass over its bytes that finds it, so it needs no other.
#[inline(always)]
pub fn keyed_words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str, Key)) {
    let mut classes = Vec::new();
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut i = 0;
    while i < n {
        if BYTE[bytes[i] as usize] & SPACE != 0 {
            i += 1;
            continue;
        }
        let start = i;
        i = skip_punct(bytes, i);
        let from = i;
        // The word's bytes: ASCII letters and digits (by the table), or Latin letters (two
        // bytes each), noting whether any is a capital.
        let (mut ascii, mut latin) = (0u8, false);
        while let Some(&b) = bytes.get(i) {
            let t = BYTE[b as usize];
            if t & ALNUM != 0 {
                ascii |= t;
                i += 1;
            } else if let Some(c) = latin_at(bytes, i) {
                latin |= capital(c);
                i += 2;
            } else {
                break;
            }
        }
        let to = i;
        i = skip_punct(bytes, i);
        if i == n || BYTE[bytes[i] as usize] & SPACE != 0 {
            if to > from {
                let upper = ascii & UPPER != 0 || latin;
                f(&text[from..to], short_key(bytes, from, to, upper, lang));
            }
            continue;
        }
        while i < n && BYTE[bytes[i] as usize] & SPACE == 0 {
            i += 1;
        }
        chunk(&text[start..i], lang, &mut classes, &mut |w, capital| {
            f(w, Key::Other(capital))
        });
    }
}

/// Where the punctuation at `bytes[i]` ends: ASCII's (but `_`), and the signs prose and
/// tables use most (`≈`, `–`, `—`, `…`, `“`, `”`, `«`, `»`, `×`, `·`, `→`), none of which starts
/// or ends a word, or joins two unless it has a letter on either side (and then the chunk goes
/// the general way, as a chunk with anything after its punctuation does).
#[inline(always)]
fn skip_punct(bytes: &[u8], mut i: usize) -> usize {
    while let Some(&b) = bytes.get(i) {
        if BYTE[b as usize] & (SPACE | WORD | WIDE) == 0 {
            i += 1;
            continue;
        }
        if b < 0x80 {
            break;
        }
        let len = match bytes[i..] {
            [0xe2, 0x89, 0x88, ..]
            | [0xe2, 0x80, 0x93 | 0x94 | 0xa6 | 0x9c | 0x9d, ..]
            | [0xe2, 0x86, 0x92, ..] => 3,
            [0xc2, 0xab | 0xbb | 0xb7, ..] | [0xc3, 0x97, ..] => 2,
            _ => break,
        };
        i += len;
    }
    i
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
    // Read sixteen bytes at once where the text has them, and keep the word's.
    let (lo, hi) = match bytes.get(from..from + 16) {
        Some(b) => (u64_at(b, 0), u64_at(b, 8)),
        None => key_of(&bytes[from..to]).expect("at most sixteen bytes"),
    };
    Key::Short(
        lo & low_bytes(len),
        hi & low_bytes(len.saturating_sub(8)),
        false,
    )
}

/// [`short_key`] of a word with a capital: lowered a byte or a character at a time (capitals
/// are the rarer words).
#[inline(never)]
fn lowered_key(bytes: &[u8], from: usize, to: usize, lang: Lang) -> Key {
    let mut key = [0u8; 16];
    let mut len = 0;
    let mut push = |b: u8| {
        if let Some(k) = key.get_mut(len) {
            *k = b;
        }
        len += 1;
    };
    let mut i = from;
    while i < to {
        let b = bytes[i];
        if b < 0x80 {
            match b {
                b'I' if lang == Lang::Tr => "ı".bytes().for_each(&mut push),
                _ => push(b.to_ascii_lowercase()),
            }
            i += 1;
        } else {
            let c = latin_at(bytes, i).expect("a Latin letter");
            let mut buf = [0u8; 4];
            for l in dotted(c, lang).to_lowercase() {
                l.encode_utf8(&mut buf).bytes().for_each(&mut push);
            }
            i += 2;
        }
    }
    if len > 16 {
        return Key::Other(true);
    }
    Key::Short(u64_at(&key, 0), u64_at(&key, 8), true)
}

/// The eight bytes of `b` at `at` as a number, the first lowest.
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"))
}

/// A mask of the low `n` bytes of a `u64` (all of them from eight on).
fn low_bytes(n: usize) -> u64 {
    if n >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    }
}

/// The two-byte character at `bytes[i]` when it is a [`latin_letter`].
#[inline(always)]
fn latin_at(bytes: &[u8], i: usize) -> Option<char> {
    let lead = bytes[i];
    if !(0xc3..=0xc9).contains(&lead) {
        return None;
    }
    // A lead byte of a two-byte character: a continuation byte follows (the text is UTF-8).
    let code = u32::from(lead & 0x1f) << 6 | u32::from(bytes.get(i + 1)? & 0x3f);
    let c = char::from_u32(code)?;
    latin_letter(c).then_some(c)
}

/// The words of a chunk (a run of text without white space) that is not one word of ASCII and
/// Latin letters with punctuation around it.
fn chunk<'t>(
    chunk: &'t str,
    lang: Lang,
    classes: &mut Vec<(usize, Class)>,
    f: &mut impl FnMut(&'t str, bool),
) {
    let mut each = |w: &'t str, plain: bool| give(w, plain, lang, f);
    if chunk.is_ascii() {
        let b = chunk.as_bytes();
        let class = |k: usize| ASCII[b[k] as usize & 0x7f];
        segment(chunk, b.len(), class, |k| k, &mut each);
    } else if classify(chunk, classes) {
        let (class, at) = (|k: usize| classes[k].1, |k: usize| classes[k].0);
        segment(chunk, classes.len(), class, at, &mut each);
    } else {
        for w in chunk.unicode_words() {
            each(w, false);
        }
    }
}

/// Gives `f` a word that segmentation found: a plain one (no `_`, and no middle character
/// joined it) as it is; any other cut at Turkish apostrophes, `.` and `_` trimmed from its
/// ends, then given whole and by its parts.
fn give<'t>(word: &'t str, plain: bool, lang: Lang, f: &mut impl FnMut(&'t str, bool)) {
    if plain {
        f(word, needs_lower(word));
        return;
    }
    let mut split = |w: &'t str| {
        let w = w.trim_matches(|c: char| c == '.' || c == '_');
        if w.is_empty() {
            return;
        }
        f(w, needs_lower(w));
        if w.contains(['.', '_']) {
            for part in w.split(['.', '_']).filter(|p| !p.is_empty()) {
                f(part, needs_lower(part));
            }
        }
    };
    if lang == Lang::Tr && word.contains(is_apostrophe) {
        word.split(is_apostrophe).for_each(&mut split);
    } else {
        split(word);
    }
}

/// Latin-1's letters and Latin Extended-A and -B: letters all, known without a table.
fn latin_letter(c: char) -> bool {
    ('\u{c0}'..='\u{24f}').contains(&c) && c != '×' && c != '÷'
}

/// What [`marked_words`] needs to know of a byte, by bit: [`SPACE`], [`ALNUM`], [`WORD`],
/// [`UPPER`], [`WIDE`].
static BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = if b.is_ascii_whitespace() {
            SPACE
        } else if b >= 0x80 {
            WIDE
        } else if b.is_ascii_uppercase() {
            ALNUM | WORD | UPPER
        } else if b.is_ascii_alphanumeric() {
            ALNUM | WORD
        } else if b == b'_' {
            WORD
        } else {
            0
        };
        i += 1;
    }
    t
};
/// ASCII white space: chunks end there.
const SPACE: u8 = 1;
/// An ASCII letter or digit.
const ALNUM: u8 = 2;
/// An ASCII letter, digit or `_`: what a word starts and ends with.
const WORD: u8 = 4;
/// An ASCII capital.
const UPPER: u8 = 8;
/// A byte of a character outside ASCII.
const WIDE: u8 = 16;

/// A character's word-break class (UAX #29), for the characters the fast path handles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// ALetter: letters of the Latin, Greek, Cyrillic and Armenian blocks.
    Letter,
    /// Numeric: ASCII digits.
    Digit,
    /// ExtendNumLet: `_`.
    Underscore,
    /// MidLetter: `:`, `·`.
    MidLetter,
    /// MidNumLet and Single_Quote: `.`, `'`, `‘`, `’`.
    MidNumLet,
    /// MidNum: `,`, `;`.
    MidNum,
    /// Any other character that only ends words.
    Other,
}

/// [`class`] of each ASCII character.
static ASCII: [Class; 128] = {
    let mut t = [Class::Other; 128];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        t[i] = if b.is_ascii_alphabetic() {
            Class::Letter
        } else if b.is_ascii_digit() {
            Class::Digit
        } else {
            match b {
                b'_' => Class::Underscore,
                b':' => Class::MidLetter,
                b'.' | b'\'' => Class::MidNumLet,
                b',' | b';' => Class::MidNum,
                _ => Class::Other,
            }
        };
        i += 1;
    }
    t
};

fn class(c: char) -> Option<Class> {
    if c.is_ascii() {
        return Some(ASCII[c as usize]);
    }
    Some(match c {
        '\u{b7}' => Class::MidLetter,
        '\u{2018}' | '\u{2019}' => Class::MidNumLet,
        c if latin_letter(c) => Class::Letter,
        // Letters before the Hebrew block; no combining marks (they extend what precedes).
        '\u{250}'..='\u{58f}' if c.is_alphabetic() && !is_combining_mark(c) => Class::Letter,
        '\u{aa}' | '\u{b5}' | '\u{ba}' => Class::Letter,
        '“' | '”' | '„' | '–' | '—' | '…' | '«' | '»' | '‹' | '›' | '•' | '°' | '§' | '€' | '£'
        | '\u{a0}' | '±' | '≈' | '≤' | '≥' | '≠' | '→' | '←' | '↔' | '⇒' | '∞' | '−' | '′'
        | '″' | '‰' | '√' => Class::Other,
        _ => return None,
    })
}

/// Each character of `chunk` with its [`class`] and where it starts; `false` when a
/// character is not one the fast path knows.
fn classify(chunk: &str, classes: &mut Vec<(usize, Class)>) -> bool {
    classes.clear();
    for (i, c) in chunk.char_indices() {
        match class(c) {
            Some(k) => classes.push((i, k)),
            None => return false,
        }
    }
    true
}

/// The words of `chunk` by UAX #29's rules for the classes of [`class`] (WB5–WB13b), given to
/// `f` with whether they are plain (no `_` and no middle character joined them): `class(k)`
/// and `at(k)` are the class and the start of the `k`th of its `n` characters.
fn segment<'t>(
    chunk: &'t str,
    n: usize,
    class: impl Fn(usize) -> Class,
    at: impl Fn(usize) -> usize,
    f: &mut impl FnMut(&'t str, bool),
) {
    let word_char = |k: Class| matches!(k, Class::Letter | Class::Digit | Class::Underscore);
    let mut i = 0;
    while i < n {
        let first = class(i);
        if !word_char(first) {
            i += 1;
            continue;
        }
        let start = i;
        let mut alnum = first != Class::Underscore;
        let mut plain = alnum;
        let mut prev = first;
        i += 1;
        while i < n {
            let here = class(i);
            if word_char(here) {
                let letter = here != Class::Underscore;
                alnum |= letter;
                plain &= letter;
                prev = here;
                i += 1;
                continue;
            }
            // A middle character joins two letters or two digits.
            let next = if i + 1 < n { Some(class(i + 1)) } else { None };
            let joins = match here {
                Class::MidLetter => prev == Class::Letter && next == Some(Class::Letter),
                Class::MidNumLet => {
                    (prev == Class::Letter && next == Some(Class::Letter))
                        || (prev == Class::Digit && next == Some(Class::Digit))
                }
                Class::MidNum => prev == Class::Digit && next == Some(Class::Digit),
                _ => false,
            };
            if !joins {
                break;
            }
            plain = false;
            prev = next.expect("a joined character has one after it");
            i += 2;
        }
        if alnum {
            let end = if i < n { at(i) } else { chunk.len() };
            f(&chunk[at(start)..end], plain);
        }
    }
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str, lang: Lang) -> Vec<String> {
        let mut v = Vec::new();
        words(text, lang, |w| v.push(w.to_string()));
        v
    }

    #[test]
    fn words_follow_unicode_and_split_turkish_suffixes() {
        assert_eq!(
            all("Kadıköy'de ışık, 3.5 saniye!", Lang::Tr),
            ["Kadıköy", "de", "ışık", "3.5", "3", "5", "saniye"]
        );
        assert_eq!(all("don't", Lang::En), ["don't"]);
        assert_eq!(
            all(
                "botocore.retries.standard max_attempts urllib3.util",
                Lang::En
            ),
            [
                "botocore.retries.standard",
                "botocore",
                "retries",
                "standard",
                "max_attempts",
                "max",
                "attempts",
                // UAX #29 joins letters across a dot, not a digit and a letter.
                "urllib3",
                "util"
            ]
        );
        assert_eq!(all("Kadıköy’e", Lang::Tr), ["Kadıköy", "e"]);
    }

    proptest::proptest! {
        /// The fast path finds the words UAX #29 finds, wherever it applies.
        #[test]
        fn the_fast_path_is_uax29(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'Z', 'ı', 'İ', 'ş', 'Ğ', 'é', 'Σ', 'ж', '0', '7', '_', ':', '·', '.', '\'', '’',
            '‘', ',', ';', '-', '!', '(', '“', '–', '…', '«', ' ', '\u{a0}', '\u{301}', '日', '²',
            '≈', '−', 'µ', 'ª', '→', 'I', 'Σ', '\n',
        ]), 0..24)) {
            let text: String = chars.into_iter().collect();
            let mut fast = Vec::new();
            for chunk in text.split_ascii_whitespace() {
                let mut classes = Vec::new();
                if classify(chunk, &mut classes) {
                    let (class, at) = (|k: usize| classes[k].1, |k: usize| classes[k].0);
                    segment(chunk, classes.len(), class, at, &mut |w: &str, _| fast.push(w.to_string()));
                } else {
                    chunk.unicode_words().for_each(|w| fast.push(w.to_string()));
                }
            }
            let uax: Vec<String> = text.unicode_words().map(str::to_string).collect();
            proptest::prop_assert_eq!(fast, uax, "{:?}", text);
        }
    }

    /// The words as UAX #29 finds them in the whole text, cut and split as [`words`] says,
    /// each with [`needs_lower`]: what [`marked_words`]'s fast paths must give.
    fn reference(text: &str, lang: Lang) -> Vec<(String, bool)> {
        let mut v = Vec::new();
        let mut split = |w: &str| {
            let w = w.trim_matches(|c: char| c == '.' || c == '_');
            if w.is_empty() {
                return;
            }
            v.push((w.to_string(), needs_lower(w)));
            if w.contains(['.', '_']) {
                for part in w.split(['.', '_']).filter(|p| !p.is_empty()) {
                    v.push((part.to_string(), needs_lower(part)));
                }
            }
        };
        for word in text.unicode_words() {
            if lang == Lang::Tr {
                word.split(is_apostrophe).for_each(&mut split);
            } else {
                split(word);
            }
        }
        v
    }

    proptest::proptest! {
        /// Every path of [`marked_words`] (ASCII, the classified characters, UAX #29's own)
        /// gives what the plain way gives.
        #[test]
        fn marked_words_are_the_reference(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'b', 'Z', 'I', '0', '7', '_', ':', '.', ',', ';', '\'', '’', '-', '!', ' ', ' ',
            '\n', 'ş', 'İ', 'ı', 'Ğ', 'é', '日', '\u{301}', '·', '≈', '–', '—', '…', '“', '”',
            '«', '»', '×', '→', '÷', 'Ş', 'Ö', 'Ǆ', '\u{ad}', '\u{200d}', '(', '#',
        ]), 0..32), tr in proptest::bool::ANY) {
            let text: String = chars.into_iter().collect();
            let lang = if tr { Lang::Tr } else { Lang::En };
            let mut got = Vec::new();
            marked_words(&text, lang, |w, upper| got.push((w.to_string(), upper)));
            proptest::prop_assert_eq!(got, reference(&text, lang), "{:?}", text);
        }
    }

    proptest::proptest! {
        /// A word's [`Key`] is its lowered form's bytes whenever they fit in sixteen, found
        /// in the pass that finds the word.
        #[test]
        fn keys_are_lowered_forms(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'z', 'Q', 'I', 'i', '0', '9', '.', ',', ' ', '(', 'ş', 'Ş', 'İ', 'ı', 'Ğ', 'ğ',
            'É', 'é', 'Ǆ', 'ǅ', '≈', '–', 'Σ', '\'',
        ]), 0..40), tr in proptest::bool::ANY) {
            let text: String = chars.into_iter().collect();
            let lang = if tr { Lang::Tr } else { Lang::En };
            keyed_words(&text, lang, |w, key| {
                let lowered = crate::search::analyze::lower(w, lang);
                let bytes = lowered.as_bytes();
                match key {
                    Key::Short(lo, hi, changed) => {
                        assert!(bytes.len() <= 16, "{w:?}");
                        let mut k = [0u8; 16];
                        k[..bytes.len()].copy_from_slice(bytes);
                        assert_eq!((lo, hi), (u64_at(&k, 0), u64_at(&k, 8)), "{w:?}");
                        assert_eq!(changed, lowered != w, "{w:?}");
                    }
                    Key::Other(capital) => assert_eq!(capital, needs_lower(w), "{w:?}"),
                }
            });
        }
    }

    #[test]
    fn keys_hold_up_to_sixteen_bytes() {
        let keys = |text: &str, lang| {
            let mut v = Vec::new();
            keyed_words(text, lang, |w, k| v.push((w.to_string(), k)));
            v
        };
        let k = keys("abcdefghijklmnop", Lang::En);
        assert!(matches!(k[0].1, Key::Short(_, hi, false) if hi.to_le_bytes()[7] == b'p'));
        assert_eq!(keys("abcdefghijklmnopq", Lang::En)[0].1, Key::Other(false));
        // Lowering can make a word longer: `I` is two bytes in Turkish.
        assert_eq!(
            keys("IIIIIIII", Lang::En)[0].1,
            Key::Short(u64::from_le_bytes(*b"iiiiiiii"), 0, true)
        );
        assert_eq!(keys("IIIIIIIII", Lang::Tr)[0].1, Key::Other(true));
        assert_eq!(
            keys("“(word)”,", Lang::En)[0].1,
            Key::Short(u64::from_le_bytes(*b"word\0\0\0\0"), 0, false)
        );
        // The last word of a text, with fewer than sixteen bytes after its start.
        assert_eq!(
            keys("x ab", Lang::En)[1].1,
            Key::Short(u64::from(u16::from_le_bytes(*b"ab")), 0, false)
        );
    }

    #[test]
    fn latin_letters_need_no_table() {
        for c in '\u{c0}'..='\u{24f}' {
            let letter = c.is_alphabetic() && !is_combining_mark(c);
            assert_eq!(class(c) == Some(Class::Letter), letter, "{c:?}");
        }
    }
}
