//! How text becomes search keys, the same at build time for every page and (through the index,
//! which carries the result for every word form it saw) in the browser.
//!
//! A word is a Unicode word (UAX #29); Turkish words also end at an apostrophe (`Kadıköy'de`
//! is `Kadıköy` and `de`), and a word joined by `.` or `_` (`urllib3.util.Retry`,
//! `max_attempts`) is indexed whole and by its parts. A word is lowercased by its page's
//! language, never the reader's: in Turkish `I` is `ı` and `İ` is `i`, in English both are `i`.
//! The lowercased word is the *surface form*; its Snowball stem (Turkish or English) is the
//! *term* the postings are kept under, and its diacritics folded (`ş→s`, `ğ→g`, `ı→i`, `ö→o`,
//! `ü→u`, `ç→c`, and every other combining mark dropped) is the *key* an ASCII-typed query
//! finds it by. Stemming comes before folding: `yorgunluğu` stems to `yorgunluk`, which folding
//! the word first would lose.

use std::borrow::Cow;

use rust_stemmers::{Algorithm, Stemmer};
use unicode_normalization::char::{decompose_canonical, is_combining_mark};
use unicode_segmentation::UnicodeSegmentation;

use crate::i18n::Lang;

/// Calls `f` with every word of `text` (as written), in order; a word joined by `.` or `_` is
/// given whole and then part by part.
pub fn words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str)) {
    marked_words(text, lang, |w, _| f(w));
}

/// [`words`], each with whether it needs lowering ([`needs_lower`]), found on the way.
pub fn marked_words<'t>(text: &'t str, lang: Lang, mut f: impl FnMut(&'t str, bool)) {
    // A word that holds `'`, `’`, `.` or `_` (`plain` is false): cut at Turkish apostrophes,
    // `_` trimmed, then whole and by its parts.
    let joined = |word: &'t str, f: &mut dyn FnMut(&'t str, bool)| {
        let mut split = |w: &'t str| {
            let w = w.trim_matches(|c: char| c == '.' || c == '_');
            if w.is_empty() {
                return;
            }
            f(w, needs_lower(w));
            if w.bytes().any(|b| b == b'.' || b == b'_') {
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
    };
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
        while i < bytes.len() {
            let t = BYTE[bytes[i] as usize];
            if t & SPACE != 0 {
                break;
            }
            all &= t;
            any |= t;
            i += 1;
        }
        let chunk = &text[start..i];
        if any & WIDE == 0 {
            // ASCII. The usual chunk: one word, perhaps with punctuation before or after it,
            // which never starts or ends a word.
            let mut chunk = chunk;
            if all & ALNUM == 0 {
                let b = chunk.as_bytes();
                let word_byte = |b: &u8| BYTE[*b as usize] & WORD != 0;
                let Some(from) = b.iter().position(word_byte) else {
                    continue;
                };
                let to = b.iter().rposition(word_byte).map_or(from, |e| e + 1);
                chunk = &chunk[from..to];
                let (mut all, mut any) = (u8::MAX, 0);
                for &b in chunk.as_bytes() {
                    all &= BYTE[b as usize];
                    any |= BYTE[b as usize];
                }
                if all & ALNUM == 0 {
                    let b = chunk.as_bytes();
                    let class = |k: usize| ASCII[b[k] as usize & 0x7f];
                    segment(chunk, b.len(), class, |k| k, &mut |w, plain| {
                        if plain {
                            f(w, w.bytes().any(|b| b.is_ascii_uppercase()));
                        } else {
                            joined(w, &mut f);
                        }
                    });
                    continue;
                }
                f(chunk, any & UPPER != 0);
                continue;
            }
            f(chunk, any & UPPER != 0);
        } else if let Some((word, capital)) = latin_word(chunk) {
            f(word, capital);
        } else if classify(chunk, &mut classes) {
            let (class, at) = (|k: usize| classes[k].1, |k: usize| classes[k].0);
            segment(chunk, classes.len(), class, at, &mut |w, plain| {
                if plain {
                    f(w, needs_lower(w));
                } else {
                    joined(w, &mut f);
                }
            });
        } else {
            for w in chunk.unicode_words() {
                joined(w, &mut f);
            }
        }
    }
}

/// A chunk that is one word of ASCII and Latin letters and digits (as most Turkish words
/// are), with ASCII punctuation before or after it: the word, and whether it needs lowering.
fn latin_word(chunk: &str) -> Option<(&str, bool)> {
    let b = chunk.as_bytes();
    let keep = |x: &u8| *x >= 0x80 || BYTE[*x as usize] & WORD != 0;
    let from = b.iter().position(keep)?;
    let to = b.iter().rposition(keep).map_or(from, |e| e + 1);
    let word = &chunk[from..to];
    let mut capital = false;
    for c in word.chars() {
        if c.is_ascii() {
            let t = BYTE[c as usize];
            if t & ALNUM == 0 {
                return None;
            }
            capital |= t & UPPER != 0;
        } else if ('\u{c0}'..='\u{24f}').contains(&c) && c != '×' && c != '÷' {
            capital |=
                !matches!(c, 'ç' | 'ğ' | 'ı' | 'ö' | 'ş' | 'ü' | 'â' | 'î' | 'û') && lowers(c);
        } else {
            return None;
        }
    }
    Some((word, capital))
}

/// What [`marked_words`] needs to know of a byte, by bit: [`SPACE`], [`ALNUM`], [`WORD`],
/// [`UPPER`], [`WIDE`].
const BYTE: [u8; 256] = {
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
const ASCII: [Class; 128] = {
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
        'a'..='z' | 'A'..='Z' => Class::Letter,
        '0'..='9' => Class::Digit,
        '_' => Class::Underscore,
        ':' | '\u{b7}' => Class::MidLetter,
        '.' | '\'' | '\u{2018}' | '\u{2019}' => Class::MidNumLet,
        ',' | ';' => Class::MidNum,
        c if c.is_ascii() => Class::Other,
        // Latin-1's letters and Latin Extended-A and -B: letters all, no table needed.
        '×' | '÷' => Class::Other,
        '\u{c0}'..='\u{24f}' => Class::Letter,
        // Letters before the Hebrew block; no combining marks (they extend what precedes).
        '\u{c0}'..='\u{58f}' if c.is_alphabetic() && !is_combining_mark(c) => Class::Letter,
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

/// `word` lowercased by the rules of `lang` (Turkish: `I→ı`, `İ→i`; English: `I→i`, `İ→i`),
/// whatever the machine's locale.
pub fn lower(word: &str, lang: Lang) -> Cow<'_, str> {
    if !needs_lower(word) {
        return Cow::Borrowed(word);
    }
    if word.is_ascii() {
        // The usual capitalised word: `I` the only letter whose lowercase differs by language.
        if lang == Lang::En || !word.contains('I') {
            return Cow::Owned(word.to_ascii_lowercase());
        }
        let mut out = String::with_capacity(word.len() + 1);
        for b in word.bytes() {
            match b {
                b'I' => out.push('ı'),
                b => out.push(b.to_ascii_lowercase() as char),
            }
        }
        return Cow::Owned(out);
    }
    // The dotted and dotless capitals first; then the whole word, for context rules such as
    // Greek's final sigma (as the browser's `toLowerCase` does).
    let mapped: String = word
        .chars()
        .map(|c| match (c, lang) {
            ('I', Lang::Tr) => 'ı',
            ('İ', _) => 'i',
            _ => c,
        })
        .collect();
    Cow::Owned(mapped.to_lowercase())
}

/// Whether lowercasing changes `c`: capitals, and title-case letters such as `ǅ`.
fn lowers(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_uppercase();
    }
    c.to_lowercase().ne([c])
}

/// Whether [`lower`] changes `word`: whether it holds a capital (or a title-case letter).
pub fn needs_lower(word: &str) -> bool {
    let bytes = word.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0xc0 {
            // ASCII, or a continuation byte.
            if b.is_ascii_uppercase() {
                return true;
            }
            i += 1;
            continue;
        }
        let c = word[i..].chars().next().expect("a character starts here");
        // Turkish's own lowercase letters are the usual ones here: no table needed for them.
        if !matches!(c, 'ç' | 'ğ' | 'ı' | 'ö' | 'ş' | 'ü' | 'â' | 'î' | 'û') && lowers(c) {
            return true;
        }
        i += c.len_utf8();
    }
    false
}

/// `word` (lowercase) without its diacritics: the key an ASCII-typed query finds it by.
pub fn fold(word: &str) -> Cow<'_, str> {
    if word.is_ascii() {
        return Cow::Borrowed(word);
    }
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        match c {
            'ı' => out.push('i'),
            c if c.is_ascii() => out.push(c),
            c => decompose_canonical(c, |d| {
                if !is_combining_mark(d) {
                    out.push(d);
                }
            }),
        }
    }
    Cow::Owned(out)
}

/// A language's stemmer.
pub struct Stems(Stemmer);

impl Stems {
    /// The Snowball stemmer of `lang`.
    pub fn new(lang: Lang) -> Stems {
        Stems(Stemmer::create(match lang {
            Lang::Tr => Algorithm::Turkish,
            Lang::En => Algorithm::English,
        }))
    }

    /// The term of a surface form (lowercase): its stem, or the form itself when it holds a
    /// digit, `.` or `_` (identifiers and numbers are not inflected words).
    pub fn term<'a>(&self, surface: &'a str) -> Cow<'a, str> {
        if surface.contains(|c: char| c.is_ascii_digit() || c == '.' || c == '_') {
            return Cow::Borrowed(surface);
        }
        self.0.stem(surface)
    }
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

    proptest::proptest! {
        /// A word needs lowering exactly when lowering changes it.
        #[test]
        fn needs_lower_is_whether_lower_changes(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'I', 'İ', 'ı', 'i', 'Ş', 'ş', 'Ç', 'ç', 'ğ', 'ö', 'ü', 'â', 'É', 'é', 'ẞ', 'Ж',
            'ж', 'ǅ', 'ǆ', '.', '7', 'Ω', 'ﬁ', 'Z',
        ]), 0..12), tr in proptest::bool::ANY) {
            let word: String = chars.into_iter().collect();
            let lang = if tr { Lang::Tr } else { Lang::En };
            proptest::prop_assert_eq!(needs_lower(&word), lower(&word, lang) != word, "{:?}", word);
            // The ASCII way and the general way agree with the plain one.
            let plain: String = word
                .chars()
                .map(|c| match (c, lang) {
                    ('I', Lang::Tr) => 'ı',
                    ('İ', _) => 'i',
                    _ => c,
                })
                .collect::<String>()
                .to_lowercase();
            proptest::prop_assert_eq!(lower(&word, lang), plain, "{:?}", word);
        }
    }

    #[test]
    fn latin_letters_need_no_table() {
        for c in '\u{c0}'..='\u{24f}' {
            let letter = c.is_alphabetic() && !is_combining_mark(c);
            assert_eq!(class(c) == Some(Class::Letter), letter, "{c:?}");
        }
    }

    #[test]
    fn lowercase_by_the_pages_language() {
        assert_eq!(lower("IŞIK", Lang::Tr), "ışık");
        assert_eq!(lower("İSTANBUL", Lang::Tr), "istanbul");
        assert_eq!(lower("İSTANBUL", Lang::En), "istanbul");
        assert_eq!(lower("ImportError", Lang::Tr), "ımporterror");
        assert_eq!(lower("ImportError", Lang::En), "importerror");
        assert!(matches!(lower("ışık", Lang::Tr), Cow::Borrowed(_)));
    }

    #[test]
    fn folding_drops_every_turkish_diacritic() {
        assert_eq!(fold("şğıöüçâ"), "sgiouca");
        assert_eq!(fold("ŞĞİÖÜÇ"), "SGIOUC");
        assert_eq!(fold("café"), "cafe");
        assert!(matches!(fold("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn stems_before_folding_restore_softened_consonants() {
        let tr = Stems::new(Lang::Tr);
        assert_eq!(tr.term("yorgunluğu"), "yorgunluk");
        assert_eq!(tr.term("yorgunluktan"), "yorgunluk");
        assert_eq!(tr.term("ışığı"), tr.term("ışık"));
        let en = Stems::new(Lang::En);
        assert_eq!(en.term("retries"), "retri");
        assert_eq!(en.term("retrying"), "retri");
        assert_eq!(en.term("urllib3"), "urllib3");
        assert_eq!(en.term("util.retry"), "util.retry");
    }
}
