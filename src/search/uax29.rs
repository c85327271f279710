//! Words by Unicode's rules (UAX #29) for a chunk of text (a run without white space) that
//! the fast scanner of [`super::words`] does not take: characters whose word-break class is
//! known here are segmented by the rules for those classes (WB5–WB13b), any other chunk by
//! `unicode-segmentation`. A property test holds the first way to the second. Turkish words
//! also end at an apostrophe (`Kadıköy'de` is `Kadıköy` and `de`), and a word joined by `.` or
//! `_` (`urllib3.util.Retry`, `max_attempts`) is given whole and by its parts.

use unicode_normalization::char::is_combining_mark;
use unicode_segmentation::UnicodeSegmentation;

use crate::i18n::Lang;

use super::analyze::needs_lower;

/// The words of a chunk (a run of text without white space) that is not one word of ASCII and
/// Latin letters with punctuation around it.
pub(super) fn chunk<'t>(
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
pub(super) fn latin_letter(c: char) -> bool {
    ('\u{c0}'..='\u{24f}').contains(&c) && c != '×' && c != '÷'
}

/// A character's word-break class (UAX #29), for the characters the fast path handles.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
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

pub(super) fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn latin_letters_need_no_table() {
        for c in '\u{c0}'..='\u{24f}' {
            let letter = c.is_alphabetic() && !is_combining_mark(c);
            assert_eq!(class(c) == Some(Class::Letter), letter, "{c:?}");
        }
    }
}
