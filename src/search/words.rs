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

use super::analyze::{capital, needs_lower};

/// Calls `f` with every word of `text` (as written), in order; a word joined by `.` or `_` is
/// given whole and then part by part.
pub fn words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str)) {
    marked_words(text, lang, |w, _| f(w));
}

/// [`words`], each with whether it needs lowering ([`needs_lower`]), found on the way.
pub fn marked_words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str, bool)) {
    // Words never span white space: each run between spaces (a chunk) is segmented on its
    // own, by the fast paths when every character in it is one they know. One pass over the
    // bytes finds a chunk and what its bytes are (by [`BYTE`]).
    let mut classes = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if BYTE[bytes[i] as usize] & SPACE != 0 {
            i += 1;
            continue;
        }
        let start = i;
        let (mut all, mut any) = (u8::MAX, 0);
        while let Some(&b) = bytes.get(i) {
            let t = BYTE[b as usize];
            if t & SPACE != 0 {
                break;
            }
            all &= t;
            any |= t;
            i += 1;
        }
        let chunk = &text[start..i];
        let mut each = |w: &'t str, plain: bool| give(w, plain, lang, &mut f);
        if any & WIDE == 0 {
            // ASCII. The usual chunk: one word, perhaps with punctuation before or after it,
            // which never starts or ends a word.
            let word = if all & ALNUM != 0 {
                Some((chunk, any & UPPER != 0))
            } else {
                ascii_word(chunk)
            };
            match word {
                Some((word, upper)) => f(word, upper),
                None => {
                    let b = chunk.as_bytes();
                    let class = |k: usize| ASCII[b[k] as usize & 0x7f];
                    segment(chunk, b.len(), class, |k| k, &mut each);
                }
            }
        } else if let Some((word, upper)) = latin_word(chunk) {
            // One word of ASCII and Latin letters (as most Turkish words are).
            f(word, upper);
        } else if classify(chunk, &mut classes) {
            let (class, at) = (|k: usize| classes[k].1, |k: usize| classes[k].0);
            segment(chunk, classes.len(), class, at, &mut each);
        } else {
            for w in chunk.unicode_words() {
                each(w, false);
            }
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

/// `chunk` without the punctuation before and after its word (a chunk of nothing but
/// punctuation is empty).
fn trim_word(chunk: &str) -> &str {
    let b = chunk.as_bytes();
    let keep = |x: &u8| *x >= 0x80 || BYTE[*x as usize] & WORD != 0;
    match b.iter().position(keep) {
        Some(from) => &chunk[from..b.iter().rposition(keep).map_or(from, |e| e + 1)],
        None => "",
    }
}

/// An ASCII chunk that is one word of letters and digits with punctuation around it: the
/// word, and whether it needs lowering.
fn ascii_word(chunk: &str) -> Option<(&str, bool)> {
    let word = trim_word(chunk);
    let (mut all, mut any) = (u8::MAX, 0);
    for &b in word.as_bytes() {
        all &= BYTE[b as usize];
        any |= BYTE[b as usize];
    }
    (!word.is_empty() && all & ALNUM != 0).then_some((word, any & UPPER != 0))
}

/// A chunk that is one word of ASCII and Latin letters and digits (as most Turkish words
/// are), with ASCII punctuation before or after it: the word, and whether it needs lowering.
fn latin_word(chunk: &str) -> Option<(&str, bool)> {
    let word = trim_word(chunk);
    let mut upper = false;
    for c in word.chars() {
        if c.is_ascii() {
            let t = BYTE[c as usize];
            if t & ALNUM == 0 {
                return None;
            }
            upper |= t & UPPER != 0;
        } else if latin_letter(c) {
            upper |= capital(c);
        } else {
            return None;
        }
    }
    (!word.is_empty()).then_some((word, upper))
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
            '\n', 'ş', 'İ', 'ı', 'Ğ', 'é', '日', '\u{301}', '·',
        ]), 0..32), tr in proptest::bool::ANY) {
            let text: String = chars.into_iter().collect();
            let lang = if tr { Lang::Tr } else { Lang::En };
            let mut got = Vec::new();
            marked_words(&text, lang, |w, upper| got.push((w.to_string(), upper)));
            proptest::prop_assert_eq!(got, reference(&text, lang), "{:?}", text);
        }
    }

    #[test]
    fn latin_letters_need_no_table() {
        for c in '\u{c0}'..='\u{24f}' {
            let letter = c.is_alphabetic() && !is_combining_mark(c);
            assert_eq!(class(c) == Some(Class::Letter), letter, "{c:?}");
        }
    }
}
