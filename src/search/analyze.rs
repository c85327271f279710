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
pub fn words(text: &str, lang: Lang, mut f: impl FnMut(&str)) {
    for word in text.unicode_words() {
        let mut split = |w: &str| {
            let w = w.trim_matches(|c: char| c == '.' || c == '_');
            if w.is_empty() {
                return;
            }
            f(w);
            if w.contains(['.', '_']) {
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
    }
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// `word` lowercased by the rules of `lang` (Turkish: `I→ı`, `İ→i`; English: `I→i`, `İ→i`),
/// whatever the machine's locale.
pub fn lower(word: &str, lang: Lang) -> Cow<'_, str> {
    if !word.chars().any(|c| c.is_uppercase()) {
        return Cow::Borrowed(word);
    }
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        match (c, lang) {
            ('I', Lang::Tr) => out.push('ı'),
            ('İ', _) => out.push('i'),
            _ => out.extend(c.to_lowercase()),
        }
    }
    Cow::Owned(out)
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
