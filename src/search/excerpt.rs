//! What a search result quotes of a page: its description and the start of its text.

/// How much of a page's text a result can quote, in characters.
pub const EXCERPT_CHARS: usize = 240;

/// The first [`EXCERPT_CHARS`] characters of `description` and `body` (white space collapsed),
/// cut at a word's end.
pub fn excerpt(description: &str, body: &str) -> String {
    let description = description.trim();
    let mut text = String::with_capacity(EXCERPT_CHARS * 2);
    text.push_str(description);
    // The body's start with each run of white space (ASCII's, and control characters: bytes up
    // to the space, each a character of its own) one space, only as much as can be quoted: one
    // character more than fits. A run of other bytes is copied whole while it fits.
    let room = EXCERPT_CHARS + 1;
    let bytes = body.as_bytes();
    let (mut taken, mut i, mut started) = (0, 0, false);
    loop {
        while bytes.get(i).is_some_and(|&b| b <= b' ') {
            i += 1;
        }
        // The run, and its characters: its bytes but those that continue one.
        let (start, mut chars) = (i, 0);
        while let Some(&b) = bytes.get(i).filter(|&&b| b > b' ') {
            chars += usize::from(b & 0xc0 != 0x80);
            i += 1;
        }
        if start == i {
            break;
        }
        if started {
            if taken == room {
                break;
            }
            text.push(' ');
            taken += 1;
        } else {
            if !description.is_empty() {
                text.push(' ');
            }
            started = true;
        }
        let run = &body[start..i];
        let left = room - taken;
        if chars <= left {
            text.push_str(run);
            taken += chars;
        } else {
            let end = run.char_indices().nth(left).map_or(run.len(), |(e, _)| e);
            text.push_str(&run[..end]);
            break;
        }
    }
    // Cut at the last space before the character past the limit.
    let end = if text.is_ascii() {
        (text.len() > EXCERPT_CHARS).then_some(EXCERPT_CHARS)
    } else {
        text.char_indices().nth(EXCERPT_CHARS).map(|(e, _)| e)
    };
    match end {
        None => text,
        Some(end) => {
            let cut = text[..end].rfind(' ').unwrap_or(end);
            format!("{}…", &text[..cut])
        }
    }
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
            description in proptest::sample::select(vec!["", " ", "Kısa özet.", "x"]),
            repeat in 0usize..130,
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
