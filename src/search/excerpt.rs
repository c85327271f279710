//! What a search result quotes of a page: its description and the start of its text.

/// How much of a page's text a result can quote, in characters.
pub const EXCERPT_CHARS: usize = 240;

/// The first [`EXCERPT_CHARS`] characters of `description` and `body` (white space collapsed),
/// cut at a word's end.
pub fn excerpt(description: &str, body: &str) -> String {
    let description = description.trim();
    let described = description.chars().count();
    // The text is one character longer than fits, or shorter: the cut looks at that one.
    let room = EXCERPT_CHARS + 1;
    let mut out = [0u8; OUT];
    let (len, filled) = body_start(
        body,
        room.saturating_sub(described),
        !description.is_empty(),
        &mut out,
    );
    let mut text = String::with_capacity(description.len() + len + 3);
    text.push_str(description);
    let start = &out[..len];
    debug_assert!(std::str::from_utf8(start).is_ok());
    // SAFETY: `body_start` writes whole characters of `body` (a `str`) and spaces: each run of
    // bytes it copies starts at a character's start and ends at a character's end (before
    // white space, at the body's end, or before a character that starts past the room).
    text.push_str(unsafe { std::str::from_utf8_unchecked(start) });
    // Where the character past the limit starts, if there is one: the text's last when the
    // body filled the room, else in the description.
    let end = if described >= room {
        text.char_indices().nth(EXCERPT_CHARS).map(|(e, _)| e)
    } else if filled {
        text.bytes().rposition(|b| b & 0xc0 != 0x80)
    } else {
        None
    };
    match end {
        None => text,
        Some(end) => {
            let cut = text[..end].rfind(' ').unwrap_or(end);
            format!("{}…", &text[..cut])
        }
    }
}

/// Bytes enough for [`EXCERPT_CHARS`] and one more characters of four bytes, and a word's
/// worth past them (the copy writes eight bytes at a time).
const OUT: usize = 4 * (EXCERPT_CHARS + 1) + 16;

/// The start of `body` into `out`, each run of white space (ASCII's, and control characters:
/// bytes up to the space, each a character of its own) one space, as many characters as `room`
/// holds; with a space first when `after` (text comes before it) and the body has any. Returns
/// the bytes written, and whether they filled the room.
///
/// A run of other bytes is copied eight bytes at a time: those up to its end (the first byte up
/// to the space), whose characters are counted as the bytes that do not continue one.
fn body_start(body: &str, room: usize, after: bool, out: &mut [u8; OUT]) -> (usize, bool) {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES * 0x80;
    let bytes = body.as_bytes();
    let (mut len, mut left, mut i, mut space) = (0, room, 0, after);
    'runs: loop {
        while bytes.get(i).is_some_and(|&b| b <= b' ') {
            i += 1;
        }
        if i == bytes.len() {
            break;
        }
        if space {
            if left == 0 {
                break;
            }
            out[len] = b' ';
            len += 1;
            left -= 1;
        }
        space = true;
        loop {
            if let Some(word) = bytes.get(i..i + 8) {
                let x = u64::from_le_bytes(word.try_into().expect("eight bytes"));
                // The bytes below `!` (the lowest of them is exact: a borrow only reaches
                // above it), and those that continue a character (`10xxxxxx`).
                let ends = x.wrapping_sub(ONES * 0x21) & !x & HIGH;
                let n = if ends == 0 {
                    8
                } else {
                    ends.trailing_zeros() as usize / 8
                };
                let run = if n == 8 { u64::MAX } else { (1 << (8 * n)) - 1 };
                // (Each a 1 in its byte's low bit, summed by a multiplication: the CPU may have
                // no instruction to count bits.)
                let continuing = (x & !(x << 1) & HIGH & run) >> 7;
                let chars = n - (continuing.wrapping_mul(ONES) >> 56) as usize;
                if chars <= left {
                    out[len..len + 8].copy_from_slice(word);
                    len += n;
                    left -= chars;
                    i += n;
                    if n < 8 {
                        continue 'runs;
                    }
                    continue;
                }
            }
            // Near the body's end, or where the room ends: a byte at a time.
            match bytes.get(i) {
                Some(&b) if b > b' ' => {
                    if b & 0xc0 != 0x80 {
                        if left == 0 {
                            break 'runs;
                        }
                        left -= 1;
                    }
                    out[len] = b;
                    len += 1;
                    i += 1;
                }
                _ => continue 'runs,
            }
        }
    }
    (len, left == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`excerpt`] a character at a time: what it gave before it copied runs whole.
    fn excerpt_by_chars(description: &str, body: &str) -> String {
        let description = description.trim();
        let mut text = String::from(description);
        let room = EXCERPT_CHARS + 1;
        let (mut taken, mut started, mut pending) = (0, false, false);
        for c in body.chars() {
            if c <= ' ' {
                pending = started;
                continue;
            }
            if !started {
                if !description.is_empty() {
                    text.push(' ');
                }
                started = true;
            } else if pending {
                if taken == room {
                    break;
                }
                text.push(' ');
                taken += 1;
                pending = false;
            }
            if taken == room {
                break;
            }
            text.push(c);
            taken += 1;
        }
        match text.char_indices().nth(EXCERPT_CHARS) {
            None => text,
            Some((end, _)) => {
                let cut = text[..end].rfind(' ').unwrap_or(end);
                format!("{}…", &text[..cut])
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]
        /// Runs copied whole give what a character at a time gives: runs that fit, that fill
        /// the room exactly, that cross its end (with letters of two and three bytes), white
        /// space of every kind, and descriptions empty, short and long.
        #[test]
        fn excerpts_are_the_collapsed_start_of_the_text(
            description in proptest::sample::select(vec!["", " ", "Kısa özet.", "x", "ab "]),
            repeat in 0usize..270,
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "a", "word", "ışık", "ölçümü", "日本", " ", "  ", "\n", "\t", "\r\n", "\u{1}",
                "\u{a0}", "-", "abcdefghijklmnopqrstuvwxyz0123456789",
            ]), 0..120),
        ) {
            let description = description.repeat(repeat / 8 + 1);
            let body = parts.concat();
            proptest::prop_assert_eq!(
                excerpt(&description, &body),
                excerpt_by_chars(&description, &body),
                "{:?} {:?}", description, body
            );
        }
    }

    #[test]
    fn excerpts_end_at_a_word() {
        let text = "word ".repeat(200);
        let e = excerpt("", text.trim_end());
        assert!(e.ends_with("word…"), "{e}");
        assert!(e.chars().count() <= EXCERPT_CHARS + 1);
        assert_eq!(excerpt("", "short"), "short");
        assert_eq!(excerpt("A summary.", "Body"), "A summary. Body");
        assert_eq!(excerpt(" A summary. ", ""), "A summary.");
        let long = excerpt(&"d ".repeat(100), &"b ".repeat(100));
        // 120 characters of description, a space, 119 of body: then the cut at a space.
        assert_eq!(long.chars().count(), 240);
        assert!(long.starts_with("d d") && long.ends_with("b…"), "{long}");
    }

    #[test]
    fn an_excerpt_that_fits_exactly_is_whole() {
        // Exactly as many characters as fit, in ASCII and not: whole. One more: cut.
        for unit in ["abcd ", "ışık "] {
            let fits = unit.repeat(EXCERPT_CHARS / 5);
            let fits = fits.trim_end().to_string() + "x";
            assert_eq!(fits.chars().count(), EXCERPT_CHARS);
            assert_eq!(excerpt("", &fits), fits);
            let over = fits.clone() + "y";
            let cut = excerpt("", &over);
            assert!(cut.ends_with('…'), "{cut}");
            assert_eq!(cut, excerpt_by_chars("", &over));
        }
    }
}
