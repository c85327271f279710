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

use crate::i18n::Lang;

pub use super::words::{marked_words, words};

/// `word` lowercased by the rules of `lang` (Turkish: `I→ı`, `İ→i`; English: `I→i`, `İ→i`),
/// whatever the machine's locale.
pub fn lower(word: &str, lang: Lang) -> Cow<'_, str> {
    if !needs_lower(word) {
        return Cow::Borrowed(word);
    }
    let mut out = String::with_capacity(word.len() + 2);
    lower_into(word, lang, &mut out);
    Cow::Owned(out)
}

/// [`lower`] written into `out` (emptied first), for a caller that lowers many words and keeps
/// one buffer for them.
pub fn lower_into(word: &str, lang: Lang, out: &mut String) {
    out.clear();
    if word.is_ascii() {
        // The usual capitalised word: `I` the only letter whose lowercase differs by language.
        for &b in word.as_bytes() {
            match (b, lang) {
                (b'I', Lang::Tr) => out.push('ı'),
                _ => out.push(char::from(b.to_ascii_lowercase())),
            }
        }
        return;
    }
    // Character by character: what `str::to_lowercase` does but for its one context rule,
    // Greek's final sigma, which a word with `Σ` gets from the whole-word way (as the
    // browser's `toLowerCase` does).
    for c in word.chars() {
        match dotted(c, lang) {
            'Σ' => {
                let mapped: String = word.chars().map(|c| dotted(c, lang)).collect();
                out.clear();
                out.push_str(&mapped.to_lowercase());
                return;
            }
            c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
            c => out.extend(c.to_lowercase()),
        }
    }
}

/// `c`, or its lowercase if it is `I` or `İ`, whose lowercase differs by language.
pub(super) fn dotted(c: char, lang: Lang) -> char {
    match (c, lang) {
        ('I', Lang::Tr) => 'ı',
        ('İ', _) => 'i',
        _ => c,
    }
}

/// Whether lowercasing changes `c`: capitals, and title-case letters such as `ǅ`.
pub(super) fn capital(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_uppercase();
    }
    // Turkish's own lowercase letters are the usual ones: no table needed for them.
    !matches!(c, 'ç' | 'ğ' | 'ı' | 'ö' | 'ş' | 'ü' | 'â' | 'î' | 'û') && c.to_lowercase().ne([c])
}

/// Whether [`lower`] changes `word`: whether it holds a capital (or a title-case letter).
pub fn needs_lower(word: &str) -> bool {
    // ASCII bytes are looked at without decoding (continuation bytes are skipped).
    let bytes = word.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0xc0 {
            if bytes[i].is_ascii_uppercase() {
                return true;
            }
            i += 1;
            continue;
        }
        let c = word[i..].chars().next().expect("a character starts here");
        if capital(c) {
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

    proptest::proptest! {
        /// A word needs lowering exactly when lowering changes it.
        #[test]
        fn needs_lower_is_whether_lower_changes(chars in proptest::collection::vec(proptest::sample::select(vec![
            'a', 'I', 'İ', 'ı', 'i', 'Ş', 'ş', 'Ç', 'ç', 'ğ', 'ö', 'ü', 'â', 'É', 'é', 'ẞ', 'Ж',
            'ж', 'ǅ', 'ǆ', '.', '7', 'Ω', 'ﬁ', 'Z', 'Σ', 'σ', '\u{307}',
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
