//! The words of a page's text, for its reading time: the runs of characters between white space
//! in its text and inline code, as the reader sees them (a word split by emphasis, `**re**try`,
//! is one word). Code blocks, raw HTML and what shortcodes draw are not counted: a reader does
//! not read a listing or a chart word by word.

use pulldown_cmark::{Event, Tag, TagEnd};

/// The words of the text of `events`.
pub fn count(events: &[Event]) -> usize {
    let mut words = 0;
    // Whether the last character counted was part of a word (a word goes on into the next
    // text event when only inline markup is between them).
    let mut in_word = false;
    let mut code_blocks = 0usize;
    for event in events {
        match event {
            Event::Text(t) | Event::Code(t) if code_blocks == 0 => {
                words += count_in(t.as_bytes(), &mut in_word);
            }
            Event::Start(Tag::CodeBlock(_)) => code_blocks += 1,
            Event::End(TagEnd::CodeBlock) => code_blocks = code_blocks.saturating_sub(1),
            Event::Start(inline) if is_inline(inline) => {}
            Event::End(inline) if is_inline_end(inline) => {}
            _ => in_word = false,
        }
    }
    words
}

/// Markup inside a word (`**re**try`, a link on half a word).
pub(crate) fn is_inline(tag: &Tag) -> bool {
    matches!(
        tag,
        Tag::Emphasis
            | Tag::Strong
            | Tag::Strikethrough
            | Tag::Link { .. }
            | Tag::Superscript
            | Tag::Subscript
    )
}

/// The end of markup inside a word ([`is_inline`]).
pub(crate) fn is_inline_end(end: &TagEnd) -> bool {
    matches!(
        end,
        TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Link
            | TagEnd::Superscript
            | TagEnd::Subscript
    )
}

/// The words that start in `text`, which follows a word when `in_word`; then whether `text`
/// ends inside one. A word starts where a byte above `' '` follows one at or below it (white
/// space; the other control characters do not occur in text): every byte of UTF-8 beyond ASCII
/// is part of a word. Eight bytes are taken at a time, as one `u64`: this runs over every byte
/// of every page's text.
fn count_in(text: &[u8], in_word: &mut bool) -> usize {
    let n = text.len();
    if n < 8 {
        let mut prev = *in_word;
        let mut words = 0;
        for &b in text {
            let word = b > b' ';
            words += usize::from(word && !prev);
            prev = word;
        }
        *in_word = prev;
        return words;
    }
    let mut words = 0;
    // The high bit of the byte before the first one, where it lands when shifted in.
    let mut carry = if *in_word { 0x80 } else { 0 };
    let mut blocks = text[..n - n % 8].chunks(8 * 255);
    for block in &mut blocks {
        // Each byte counts the starts at its place, up to 255.
        let mut lanes = 0;
        for chunk in block.chunks_exact(8) {
            let word = word_bits(load(chunk));
            lanes += (word & !((word << 8) | carry)) >> 7;
            carry = word >> 56;
        }
        words += add_bytes(lanes);
    }
    if !n.is_multiple_of(8) {
        // The last eight bytes, of which only the last `n % 8` are new: the others (the lowest)
        // are masked off, and with them the only start the shifted-in bit decides.
        let word = word_bits(load(&text[n - 8..]));
        let fresh = !0u64 << (8 * (8 - n % 8));
        words += add_bytes((word & !(word << 8) & fresh) >> 7);
    }
    *in_word = text[n - 1] > b' ';
    words
}

/// Eight bytes as a `u64`, the first the lowest.
fn load(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().unwrap_or_default())
}

/// The high bit of each byte of `x` that is above `' '`.
fn word_bits(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Added to a byte's low seven bits, carries into its high bit exactly when they are above
    // 0x20 (and never into the next byte).
    const LIFT: u64 = 0x5f5f_5f5f_5f5f_5f5f;
    ((x & LOW7).wrapping_add(LIFT) | x) & HIGH
}

/// The sum of the eight bytes of `x`.
fn add_bytes(x: u64) -> usize {
    const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
    let pairs = (x & EVEN) + ((x >> 8) & EVEN);
    (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
}

#[cfg(test)]
mod tests {
    use pulldown_cmark::Parser;

    fn words(markdown: &str) -> usize {
        let events: Vec<_> = Parser::new_ext(markdown, crate::markdown::options()).collect();
        super::count(&events)
    }

    #[test]
    fn words_are_counted_as_a_reader_sees_them() {
        assert_eq!(words(""), 0);
        assert_eq!(words("one"), 1);
        assert_eq!(words("  two  words \n"), 2);
        assert_eq!(words("Yeniden denemeler, üstel bekleme ile."), 5);
        // Emphasis and links inside a word do not split it; inline code counts.
        assert_eq!(words("**re**try and [half](/x/)way `cap` here"), 5);
        // A paragraph, a heading and list items end their words.
        assert_eq!(words("# Title\nend\n\n- a\n- b\n\nlast"), 5);
        // Line breaks end a word.
        assert_eq!(words("one\ntwo"), 2);
        // Code blocks and raw HTML are not counted.
        assert_eq!(
            words("before\n\n```\nlet x = 1;\n```\n\n<div>raw html</div>\n\nafter"),
            2
        );
        // A table's cells.
        assert_eq!(words("| a b | c |\n| - | - |\n| d | e f |"), 6);
    }

    /// Long texts: more than one block of 255 eight-byte chunks, with every remainder.
    #[test]
    fn long_texts_count_every_word() {
        for extra in 0..9 {
            let text = format!("{}{}", "ab c ".repeat(900), &"xy z w v"[..extra]);
            let mut in_word = false;
            let expected = text.split(' ').filter(|w| !w.is_empty()).count();
            assert_eq!(
                super::count_in(text.as_bytes(), &mut in_word),
                expected,
                "{extra}"
            );
        }
    }

    /// Eight bytes at a time, across events, counts what a split on white space counts.
    #[test]
    fn words_are_counted_eight_bytes_at_a_time_as_one_at_a_time() {
        let texts = [
            "",
            " ",
            "a",
            "ab cd ef gh ij kl",
            "  çok   güzel\tbir\r\ngün, değil mi?  ",
            "12345678 1234567 123456789 ",
            "x       y",
            "αβγ δεζ ηθι κλμ νξο πρσ",
            "\u{a0}nbsp\u{a0}is\u{a0}not\u{a0}space",
            "1234567",
            "12345678",
            " 1234567",
        ];
        for a in texts {
            for b in texts {
                let mut in_word = false;
                let n = super::count_in(a.as_bytes(), &mut in_word)
                    + super::count_in(b.as_bytes(), &mut in_word);
                let joined = format!("{a}{b}");
                let expected = joined
                    .split([' ', '\t', '\r', '\n'])
                    .filter(|w| !w.is_empty())
                    .count();
                assert_eq!(n, expected, "{joined:?}");
                assert_eq!(
                    in_word,
                    joined.ends_with(|c: char| !" \t\r\n".contains(c)),
                    "{joined:?}"
                );
            }
        }
    }
}
