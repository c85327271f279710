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
    let mut each = |word: &'t str| {
        let mut split = |w: &'t str| {
            let w = w.trim_matches(|c: char| c == '.' || c == '_');
            if w.is_empty() {
                return;
            }
            f(w);
            if w.bytes().any(|b| b == b'.' || b == b'_') {
                for part in w.split(['.', '_']).filter(|p| !p.is_empty()) {
                    f(part);
                }
            }
        };
        if lang == Lang::Tr && word.contains(is_apostrophe) {
            word.split(is_apostrophe).for_each(&mut split);
        } else {
            split(word);
        }
    };
    // Words never span white space: each run between spaces is segmented on its own, by the
    // fast path when every character in it is one the fast path knows.
    let mut classes = Vec::new();
    for chunk in text.split_ascii_whitespace() {
        if !simple_words(chunk, &mut classes, &mut each) {
            chunk.unicode_words().for_each(&mut each);
        }
    }
}

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
        // Letters before the Hebrew block; no combining marks (they extend what precedes).
        '\u{c0}'..='\u{58f}' if c.is_alphabetic() && !is_combining_mark(c) => Class::Letter,
        '\u{aa}' | '\u{b5}' | '\u{ba}' => Class::Letter,
        '“' | '”' | '„' | '–' | '—' | '…' | '«' | '»' | '‹' | '›' | '•' | '°' | '×' | '÷' | '§'
        | '€' | '£' | '\u{a0}' | '±' | '≈' | '≤' | '≥' | '≠' | '→' | '←' | '↔' | '⇒' | '∞'
        | '−' | '′' | '″' | '‰' | '√' => Class::Other,
        _ => return None,
    })
}

/// The words of `chunk` by UAX #29's rules for the classes of [`class`] (WB5–WB13b), given to
/// `f`; `false` (and nothing given) when a character is not one of them.
fn simple_words<'t>(
    chunk: &'t str,
    classes: &mut Vec<(usize, Class)>,
    f: &mut impl FnMut(&'t str),
) -> bool {
    classes.clear();
    let bytes = chunk.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii() {
            classes.push((i, ASCII[bytes[i] as usize]));
            i += 1;
            continue;
        }
        let c = chunk[i..].chars().next().expect("a character starts here");
        match class(c) {
            Some(k) => classes.push((i, k)),
            None => return false,
        }
        i += c.len_utf8();
    }
    let word_char = |k: Class| matches!(k, Class::Letter | Class::Digit | Class::Underscore);
    let mut i = 0;
    while i < classes.len() {
        if !word_char(classes[i].1) {
            i += 1;
            continue;
        }
        let start = i;
        let mut alnum = classes[i].1 != Class::Underscore;
        i += 1;
        while i < classes.len() {
            let (prev, here) = (classes[i - 1].1, classes[i].1);
            if word_char(here) {
                alnum |= here != Class::Underscore;
                i += 1;
                continue;
            }
            // A middle character joins two letters or two digits.
            let next = classes.get(i + 1).map(|n| n.1);
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
            i += 2;
        }
        if alnum {
            let end = classes.get(i).map_or(chunk.len(), |n| n.0);
            f(&chunk[classes[start].0..end]);
        }
    }
    true
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// `word` lowercased by the rules of `lang` (Turkish: `I→ı`, `İ→i`; English: `I→i`, `İ→i`),
/// whatever the machine's locale.
pub fn lower(word: &str, lang: Lang) -> Cow<'_, str> {
    if !word.chars().any(lowers) {
        return Cow::Borrowed(word);
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

/// A whole text lowercased as [`lower`] lowers each of its words; quicker when its only
/// capitals are ASCII, as in most text.
pub fn lower_text(text: &str, lang: Lang) -> Cow<'_, str> {
    // Greek's final sigma depends on the letters around it: the whole text at once.
    if text.contains('Σ') {
        return lower(text, lang);
    }
    let bytes = text.as_bytes();
    let mut out: Option<String> = None;
    // Unchanged runs are copied whole; only capitals are looked at one by one.
    let mut from = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (len, lowered) = if b.is_ascii_uppercase() {
            let c = if b == b'I' && lang == Lang::Tr {
                'ı'
            } else {
                b.to_ascii_lowercase() as char
            };
            (1, Some(c))
        } else if b < 0xc0 {
            // ASCII that is not a capital, or a continuation byte.
            i += 1;
            continue;
        } else {
            let c = text[i..].chars().next().expect("a character starts here");
            match c {
                'İ' => (c.len_utf8(), Some('i')),
                c if lowers(c) => (c.len_utf8(), None),
                c => {
                    i += c.len_utf8();
                    continue;
                }
            }
        };
        let o = out.get_or_insert_with(|| String::with_capacity(text.len() + 8));
        o.push_str(&text[from..i]);
        match lowered {
            Some(c) => o.push(c),
            None => o.extend(text[i..i + len].chars().flat_map(char::to_lowercase)),
        }
        i += len;
        from = i;
    }
    match out {
        None => Cow::Borrowed(text),
        Some(mut o) => {
            o.push_str(&text[from..]);
            Cow::Owned(o)
        }
    }
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
                if !simple_words(chunk, &mut Vec::new(), &mut |w: &str| fast.push(w.to_string())) {
                    chunk.unicode_words().for_each(|w| fast.push(w.to_string()));
                }
            }
            let uax: Vec<String> = text.unicode_words().map(str::to_string).collect();
            proptest::prop_assert_eq!(fast, uax, "{:?}", text);
        }
    }

    proptest::proptest! {
        /// A text lowered whole by the quick way equals the plain way (Σ aside, which takes
        /// the plain way).
        #[test]
        fn lower_text_is_lower(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'I', 'İ', 'ı', 'i', 'Ş', 'ş', 'Ç', 'É', 'ẞ', 'Ж', 'ǅ', ' ', '.', '7', 'Ω', 'ﬁ',
        ]), 0..24), tr in proptest::bool::ANY) {
            let text: String = chars.into_iter().collect();
            let lang = if tr { Lang::Tr } else { Lang::En };
            proptest::prop_assert_eq!(lower_text(&text, lang), lower(&text, lang));
        }
    }

    #[test]
    fn a_text_lowers_as_its_words_do() {
        for lang in Lang::ALL {
            for text in [
                "IŞIK İzmir'de",
                "plain",
                "ASCII ONLY I",
                "ΣΊΣΥΦΟΣ ok",
                "Kadıköy IX",
            ] {
                let mut each = Vec::new();
                words(text, lang, |w| each.push(lower(w, lang).into_owned()));
                let mut whole = Vec::new();
                words(&lower_text(text, lang), lang, |w| whole.push(w.to_string()));
                assert_eq!(whole, each, "{text}");
            }
        }
        assert!(matches!(
            lower_text("no capitals, ışık", Lang::Tr),
            Cow::Borrowed(_)
        ));
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
