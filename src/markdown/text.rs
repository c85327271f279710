//! The text a reader sees in a rendered body, for search: taken from the page's markdown
//! events as they render ([`body_text`]), and from raw HTML by the same rules ([`html_text`]).

use pulldown_cmark::{Event, Tag, TagEnd};

use super::words::{is_inline as inline_tag, is_inline_end};

/// The text a reader sees in a rendered body, from its events (the markdown's, with shortcodes,
/// highlighted code and formulas already turned into HTML): what [`html_text`] would take from
/// the HTML they make, without making it. Text is copied as it is (white space and all); a
/// block's start or end is a space, an inline element's nothing; an image's description is left
/// out (it is not shown); each run of raw HTML is read by [`html_text`]'s rules, but for the
/// events whose text was given, each a whole element that starts with a block (`seen`: the
/// event's index and its text, in order): a shortcode's ([`crate::html::Seen`]), a highlighted
/// code block's ([`code_text`]), a heading's tags (none: its anchor's sign is not read).
/// `size` is a guess at the text's length.
pub fn body_text<'e>(events: &'e [Event], seen: &[(usize, String)], size: usize) -> String {
    let mut out = String::with_capacity(size);
    let mut space = true;
    let mut seen = seen.iter().peekable();
    // Images open (their descriptions are events too).
    let mut images = 0usize;
    let mut joined = String::new();
    let mut i = 0;
    while i < events.len() {
        let event = &events[i];
        i += 1;
        if images > 0 {
            match event {
                Event::Start(Tag::Image { .. }) => images += 1,
                Event::End(TagEnd::Image) => images -= 1,
                _ => {}
            }
            continue;
        }
        match event {
            Event::Text(t) | Event::Code(t) => {
                if let Some(&last) = t.as_bytes().last() {
                    out.push_str(t);
                    space = last <= b' ';
                }
            }
            Event::Html(_) | Event::InlineHtml(_) => {
                // A run of raw HTML is read whole (an element, a `<script>`, may span several
                // events), but for the events whose text was given: each stands for itself.
                let start = i - 1;
                while matches!(events.get(i), Some(Event::Html(_) | Event::InlineHtml(_))) {
                    i += 1;
                }
                while seen.next_if(|(at, _)| *at < start).is_some() {}
                let mut from = start;
                while from < i {
                    if let Some((_, text)) = seen.next_if(|(at, _)| *at == from) {
                        // It starts with a block, as the text does.
                        gap(&mut out, &mut space);
                        if let Some(&last) = text.as_bytes().last() {
                            out.push_str(text);
                            space = last <= b' ';
                        }
                        from += 1;
                        continue;
                    }
                    // To the next given event, or the run's end.
                    let to = seen.peek().map_or(i, |(at, _)| (*at).min(i));
                    let html = |e: &'e Event| match e {
                        Event::Html(h) | Event::InlineHtml(h) => h.as_ref(),
                        _ => "",
                    };
                    if to - from == 1 {
                        html_text_into(html(&events[from]), &mut out, &mut space);
                    } else {
                        joined.clear();
                        events[from..to]
                            .iter()
                            .for_each(|e| joined.push_str(html(e)));
                        html_text_into(&joined, &mut out, &mut space);
                    }
                    from = to;
                }
            }
            Event::Start(Tag::Image { .. }) => images = 1,
            Event::Start(tag) if inline_tag(tag) => {}
            Event::End(end) if is_inline_end(end) => {}
            // A formula as TeX is not what a reader sees (its MathML is left out too), nor is a
            // footnote's number.
            Event::InlineMath(_) | Event::DisplayMath(_) | Event::FootnoteReference(_) => {}
            _ => gap(&mut out, &mut space),
        }
    }
    out
}

/// The text a reader sees of a code block's HTML (`code` escaped, in tags that do not part
/// words), as [`html_text`] would read it but for how white space runs: the code, ended by a
/// line's end (the block's). `None` for code with a control character but a tab or a line's
/// end, whose HTML is read instead.
pub fn code_text(mut code: String) -> Option<String> {
    if !code
        .bytes()
        .all(|b| b >= b' ' || matches!(b, b'\n' | b'\t' | b'\r'))
    {
        return None;
    }
    if code.as_bytes().last().is_some_and(|&b| b > b' ') {
        code.push('\n');
    }
    Some(code)
}

/// The text a reader sees in `html`: tags dropped (a block's end is a space, an inline tag's is
/// nothing), `<script>`, `<style>`, `<template>` and `<math>` left out, character references decoded,
/// whitespace collapsed.
pub fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    html_text_into(html, &mut out, &mut true);
    let words: Vec<&str> = out
        .split(|c: char| c <= ' ')
        .filter(|w| !w.is_empty())
        .collect();
    words.join(" ")
}

/// [`html_text`] added to `out`, which ends in white space (or is empty) when `space`, but
/// with the white space inside a run of text left as it is.
fn html_text_into(html: &str, out: &mut String, space: &mut bool) {
    #[cfg(test)]
    READS.with(|reads| reads.set(reads.get() + 1));
    let bytes = html.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            _ if b > b' ' && b != b'<' && b != b'&' => {
                // Text up to the next tag or reference, copied whole.
                let end = memchr::memchr2(b'<', b'&', &bytes[i..]).map_or(bytes.len(), |k| i + k);
                out.push_str(&html[i..end]);
                *space = bytes[end - 1] <= b' ';
                i = end;
            }
            b'&' => {
                let rest = &html[i..];
                let end = rest.as_bytes()[..rest.len().min(11)]
                    .iter()
                    .position(|&b| b == b';');
                match end.and_then(|e| Some((e, entity(&rest[1..e])?))) {
                    Some((e, c)) if c.is_ascii_whitespace() => {
                        gap(out, space);
                        i += e + 1;
                    }
                    Some((e, c)) => {
                        out.push(c);
                        *space = false;
                        i += e + 1;
                    }
                    None => {
                        out.push('&');
                        *space = false;
                        i += 1;
                    }
                }
            }
            b'<' => {
                // The tag's name, lowercased, as a number (a name longer than eight letters
                // is none of those below), read on the way to the tag's end.
                let closing = bytes.get(i + 1) == Some(&b'/');
                let start = i + 1 + usize::from(closing);
                let mut j = start;
                let mut key = 0u64;
                while let Some(&c) = bytes.get(j) {
                    let lowered = NAME[c as usize];
                    if lowered == 0 {
                        break;
                    }
                    key = key << 8 | u64::from(lowered);
                    j += 1;
                }
                let name = if j - start <= 8 { key } else { 0 };
                // Most tags end right after their name (`</p>`, `<td>`): no search for those.
                let gt = match bytes.get(j) {
                    Some(b'>') => Some(0),
                    _ => memchr::memchr(b'>', &bytes[j..]),
                };
                let Some(gt) = gt else {
                    // An unclosed tag is text.
                    out.push('<');
                    *space = false;
                    i += 1;
                    continue;
                };
                i = j + gt + 1;
                if !closing && matches!(name, SCRIPT | STYLE | TEMPLATE | MATH) {
                    // To the matching end tag, whatever its case.
                    let name = &bytes[start..j];
                    let rest = &html[i..];
                    let mut end = None;
                    let mut from = 0;
                    while let Some(k) = memchr::memmem::find(&rest.as_bytes()[from..], b"</") {
                        let at = from + k;
                        let after = &rest.as_bytes()[at + 2..];
                        if after.len() >= name.len()
                            && after[..name.len()].eq_ignore_ascii_case(name)
                        {
                            end = Some(at);
                            break;
                        }
                        from = at + 2;
                    }
                    i = match end {
                        Some(k) => i + k + rest[k..].find('>').map_or(rest.len() - k, |g| g + 1),
                        None => bytes.len(),
                    };
                    continue;
                }
                if !is_inline(name) {
                    gap(out, space);
                }
            }
            _ => {
                // White space (and any other control character) collapses to one space.
                gap(out, space);
                i += 1;
            }
        }
    }
}

#[cfg(test)]
thread_local! {
    /// How many pieces of raw HTML this thread has read back: the tests' check that a page's
    /// own HTML (headings, highlighted code) is given, not read.
    pub(super) static READS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A byte of a tag's name (an ASCII letter or digit), lowercased; 0 for any other.
static NAME: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if b.is_ascii_alphanumeric() {
            t[i] = b.to_ascii_lowercase();
        }
        i += 1;
    }
    t
};

/// One space after text: white space collapses to one, and nothing starts with it.
fn gap(out: &mut String, space: &mut bool) {
    if !*space {
        out.push(' ');
        *space = true;
    }
}

/// A tag's name (at most eight ASCII letters or digits), lowercased, as one number.
const fn tag_key(name: &[u8]) -> u64 {
    let mut key = 0u64;
    let mut i = 0;
    while i < name.len() {
        key = key << 8 | name[i].to_ascii_lowercase() as u64;
        i += 1;
    }
    key
}

const SCRIPT: u64 = tag_key(b"script");
const STYLE: u64 = tag_key(b"style");
const TEMPLATE: u64 = tag_key(b"template");
/// A formula's MathML: its letters and operators one by one are not words a reader searches.
const MATH: u64 = tag_key(b"math");
/// Whether a tag (its [`tag_key`]) is an inline element's: those do not end a word.
fn is_inline(name: u64) -> bool {
    const A_: u64 = tag_key(b"a");
    const ABBR_: u64 = tag_key(b"abbr");
    const B_: u64 = tag_key(b"b");
    const BDI_: u64 = tag_key(b"bdi");
    const CODE_: u64 = tag_key(b"code");
    const DATA_: u64 = tag_key(b"data");
    const DEL_: u64 = tag_key(b"del");
    const EM_: u64 = tag_key(b"em");
    const I_: u64 = tag_key(b"i");
    const INS_: u64 = tag_key(b"ins");
    const KBD_: u64 = tag_key(b"kbd");
    const MARK_: u64 = tag_key(b"mark");
    const Q_: u64 = tag_key(b"q");
    const S_: u64 = tag_key(b"s");
    const SAMP_: u64 = tag_key(b"samp");
    const SMALL_: u64 = tag_key(b"small");
    const SPAN_: u64 = tag_key(b"span");
    const STRONG_: u64 = tag_key(b"strong");
    const SUB_: u64 = tag_key(b"sub");
    const SUP_: u64 = tag_key(b"sup");
    const TIME_: u64 = tag_key(b"time");
    const U_: u64 = tag_key(b"u");
    const VAR_: u64 = tag_key(b"var");
    const WBR_: u64 = tag_key(b"wbr");
    matches!(
        name,
        A_ | ABBR_
            | B_
            | BDI_
            | CODE_
            | DATA_
            | DEL_
            | EM_
            | I_
            | INS_
            | KBD_
            | MARK_
            | Q_
            | S_
            | SAMP_
            | SMALL_
            | SPAN_
            | STRONG_
            | SUB_
            | SUP_
            | TIME_
            | U_
            | VAR_
            | WBR_
    )
}

fn entity(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        _ => {
            let num = name.strip_prefix('#')?;
            let code = match num.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => num.parse().ok()?,
            };
            return char::from_u32(code);
        }
    })
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod seen_tests;
