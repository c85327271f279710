use super::*;
use crate::search::analyze::needs_lower;
use crate::search::uax29::is_apostrophe;
use unicode_segmentation::UnicodeSegmentation;

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
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32768))]
    /// The fast scanner's own shapes (words parted by punctuation, decimal numbers,
    /// suffixes after apostrophes, joiners with and without a word after them) give what
    /// the plain way gives.
    #[test]
    fn chunks_are_the_reference(tokens in proptest::collection::vec(proptest::sample::select(vec![
        "a", "Zb", "ı", "İş", "é", "3", "42", "x9", "_", ".", ",", ":", ";", "'", "’", "‘",
        "·", "-", "(", "“", "≈", "×", "…", " ", "\n", "ж", "\u{301}", "abcdefghijklmnopq",
        "\u{a0}", "\u{ad}", "5",
    ]), 0..16), tr in proptest::bool::ANY) {
        let text: String = tokens.concat();
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
        'É', 'é', 'Ǆ', 'ǅ', '≈', '–', 'Σ', '\'', 'Ⱥ', 'Ⱦ',
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
fn capitals_are_lowered_eight_bytes_at_a_time() {
    for b in 0u8..0x80 {
        for at in 0..8 {
            let x =
                u64::from(b) << (8 * at) | u64::from_le_bytes(*b"Za@[`z{A") & !(0xff << (8 * at));
            let want = u64::from_le_bytes(x.to_le_bytes().map(|c| c.to_ascii_lowercase()));
            assert_eq!(ascii_lower(x), want, "{b:#x} at {at}");
            let bytes = x.to_le_bytes();
            for probe in [b, b'I', 0] {
                assert_eq!(
                    has_byte(x, probe),
                    bytes.contains(&probe),
                    "{probe:#x} in {bytes:?}"
                );
            }
        }
    }
    // Through the scanner: every ASCII capital, the words around sixteen bytes long, and `I`
    // by language.
    let key = |w: &str, lang| {
        let mut k = None;
        keyed_words(w, lang, |_, key| {
            k.get_or_insert(key);
        });
        k.unwrap()
    };
    let short = |w: &str| {
        let mut k = [0u8; 16];
        k[..w.len()].copy_from_slice(w.as_bytes());
        Key::Short(u64_at(&k, 0), u64_at(&k, 8), true)
    };
    let upper: String = ('A'..='Z').collect();
    assert_eq!(key(&upper[..16], Lang::En), short("abcdefghijklmnop"));
    assert_eq!(key(&upper[10..], Lang::Tr), short("klmnopqrstuvwxyz"));
    assert_eq!(key(&upper[..17], Lang::En), Key::Other(true));
    assert_eq!(key("Retry9 x", Lang::Tr), short("retry9"));
    assert_eq!(key("IO", Lang::En), short("io"));
    assert_eq!(key("IO", Lang::Tr), short("ıo"));
    assert_eq!(key("ABCDEFGHI", Lang::Tr), short("abcdefghı"));
    assert_eq!(key("ÇAY", Lang::Tr), short("çay"));
}

/// The scanner's scalar way alone, a step at a time from the text's start: what the windows
/// must give.
fn stepped(text: &str, lang: Lang) -> Vec<(usize, usize, Key)> {
    let mut v = Vec::new();
    let mut classes = Vec::new();
    let mut i = 0;
    while i < text.len() {
        i = step(
            text,
            i,
            lang,
            &LATIN_LETTER,
            &mut classes,
            &mut |a, b, k| {
                v.push((a, b, k));
            },
        );
    }
    v
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(8192))]
    /// Over texts of several windows, with runs across a window's edge and longer than one,
    /// the windows give what the scalar way gives, and the words are the plain way's.
    #[test]
    fn windows_give_what_steps_give(tokens in proptest::collection::vec(proptest::sample::select(vec![
        "a", "Zb", "word", "Kelime", "ışık", "İş", "IŞIK", "é", "3", "42", "1.5", "0,25", "x9",
        "_", ".", ",", ":", ";", "'", "’", "‘", "·", "-", "(", "“", "”", "≈", "×", "…", "–",
        "—", "→", " ", " ", " ", "\n", "ж", "\u{301}", "abcdefghijklmnopq", "\u{a0}",
        "\u{ad}", "5", "API'nin", "ms", "日本", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ]), 0..80), tr in proptest::bool::ANY) {
        let text: String = tokens.concat();
        let lang = if tr { Lang::Tr } else { Lang::En };
        let mut got = Vec::new();
        keyed_spans(&text, lang, |a, b, k| got.push((a, b, k)));
        proptest::prop_assert_eq!(&got, &stepped(&text, lang), "{:?}", text);
        let words: Vec<(String, bool)> = got
            .iter()
            .map(|&(a, b, k)| {
                let lowered = match k {
                    Key::Short(_, _, changed) => changed,
                    Key::Other(capital) => capital,
                };
                (text[a..b].to_string(), lowered)
            })
            .collect();
        proptest::prop_assert_eq!(words, reference(&text, lang), "{:?}", text);
    }
}

#[test]
fn signs_part_words_in_a_window() {
    fn spans(text: &str) -> Vec<&str> {
        let mut v = Vec::new();
        keyed_spans(text, Lang::En, |a, b, _| v.push(&text[a..b]));
        v
    }
    assert_eq!(spans("100\u{a0}ms – 2×3≈6"), ["100", "ms", "2", "3", "6"]);
    assert_eq!(spans("“Retry”—then…"), ["Retry", "then"]);
    // A joiner sign with a word after it joins: the scalar way decides.
    assert_eq!(spans("don’t·x"), ["don’t·x"]);
    // A word across the first window's edge, and one of more than 64 bytes.
    let long = format!("{} {} end", "a".repeat(60), "b".repeat(70));
    assert_eq!(
        spans(&long),
        ["a".repeat(60), "b".repeat(70), "end".to_string()]
    );
}

#[test]
fn the_usual_words_need_no_scalar_step() {
    let steps = |text: &str, lang| {
        STEPS.with(|s| s.set(0));
        let mut n = 0;
        keyed_spans(text, lang, |_, _, _| n += 1);
        (n, STEPS.with(std::cell::Cell::get))
    };
    // Prose over several windows: capitals, Turkish letters, punctuation, joiners with no word
    // after them, signs that part words, a no-break space, and a word across a window's edge.
    let prose = "Üstel geri çekilme (exponential backoff), şöyle çalışır: İstemci 100\u{a0}ms \
                 bekler – sonra 200\u{a0}ms; Işık hızında değil… “Jitter” ≈ rastgele, 2×3. \
                 Retries, the SRE book says, must be budgeted—or the fleet keeps the service \
                 down. ";
    for lang in [Lang::Tr, Lang::En] {
        let text = prose.repeat(3);
        let (words, taken) = steps(&text, lang);
        assert_eq!(words, 3 * 36, "{lang:?}");
        assert_eq!(taken, 0, "{lang:?}");
    }
    // A decimal number needs none either, whole and by its parts.
    assert_eq!(steps("a 1.5 b 0,25", Lang::En), (6, 0));
    assert_eq!(steps("1.5.3 2.x", Lang::En).1, 2);
    // What does need one: an apostrophe's suffix, `_`, another script.

    assert_eq!(steps("API'nin x", Lang::Tr), (3, 1));
    assert_eq!(steps("max_attempts", Lang::En), (3, 1));
    assert_eq!(steps("日本 x", Lang::En).1, 1);
}

#[test]
fn keys_read_at_once_are_the_chunks_bytes() {
    let text = "ölçüm-1234567890abcdefghij".as_bytes();
    for from in 0..text.len() {
        for to in from..=text.len() {
            let at_once = key16_within(text, from, to);
            if to - from <= 16 && from + 16 <= text.len() {
                assert_eq!(at_once, key_of(&text[from..to]), "{from}..{to}");
                let (lo, hi) = at_once.unwrap();
                let len = (to - from) as u32;
                // No byte past the chunk's, and every byte of it (none is 0 here).
                let bytes = |x: u64| 8 - x.leading_zeros() / 8;
                assert_eq!(bytes(lo) + bytes(hi), len, "{from}..{to}");
            } else {
                assert_eq!(at_once, None, "{from}..{to}");
            }
        }
    }
}
