//! One page's share of the search index, made where the page renders (in parallel), so the
//! index itself only merges: the page's word forms with how often each occurs per field, the
//! fields' lengths, and what a result shows.

use std::hash::BuildHasher as _;

use hashbrown::HashTable;

use pulldown_cmark::{Event, Tag, TagEnd};

use crate::i18n::Lang;
use crate::markdown::words::{is_inline as inline_tag, is_inline_end};

use super::analyze::lower_into;
use super::words::{keyed_words, Key};

/// Title, tags, headings and description, body.
pub const FIELDS: usize = 4;
/// How much of a page's text a result can quote, in characters.
pub const EXCERPT_CHARS: usize = 240;

/// What the index needs of a page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Doc {
    /// The page's URL path.
    pub path: String,
    /// Its title.
    pub title: String,
    /// Its section's label, or `""`.
    pub section: String,
    /// Its description and the start of its text, whitespace collapsed, at most
    /// [`EXCERPT_CHARS`] characters (cut at a word).
    pub excerpt: String,
    /// The lowercased word forms longer than sixteen bytes, one after another (a shorter form,
    /// as nearly every word is, is its own key).
    pub long: String,
    /// Each form, in first-seen order, with its counts per field.
    pub entries: Vec<Form>,
    /// Each field's length in words.
    pub lens: [u32; FIELDS],
}

/// A word form of a [`Doc`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Form {
    /// A form of at most sixteen bytes: its bytes as two numbers, the first byte lowest, zeros
    /// after the last ([`Key::Short`]; the first number is never 0). A longer form: 0, and its
    /// start and end in [`Doc::long`] (the start in the high half).
    pub key: (u64, u64),
    /// Its count per field.
    pub tf: [u16; FIELDS],
}

impl Form {
    /// The form's text, from its key or from `long` (its [`Doc::long`]); `buf` holds a short
    /// one's bytes.
    pub fn text<'a>(&self, long: &'a str, buf: &'a mut [u8; 16]) -> &'a str {
        if self.key.0 == 0 {
            self.long_text(long)
        } else {
            self.short_text(buf)
        }
    }

    /// A longer form's text, in `long` (its [`Doc::long`]).
    pub fn long_text<'a>(&self, long: &'a str) -> &'a str {
        let at = self.key.1;
        &long[(at >> 32) as usize..(at & 0xffff_ffff) as usize]
    }

    /// A short form's text, its key's bytes (copied into `buf`).
    pub fn short_text<'a>(&self, buf: &'a mut [u8; 16]) -> &'a str {
        let (lo, hi) = self.key;
        buf[..8].copy_from_slice(&lo.to_le_bytes());
        buf[8..].copy_from_slice(&hi.to_le_bytes());
        let len = buf.iter().position(|&b| b == 0).unwrap_or(16);
        std::str::from_utf8(&buf[..len]).expect("a key holds whole characters")
    }
}

/// A page's text by field.
pub struct Fields<'a> {
    pub title: &'a str,
    pub tags: &'a [String],
    pub headings: &'a [&'a str],
    pub description: &'a str,
    /// The body's text, as [`body_text`] takes it from the rendered body.
    pub text: &'a str,
}

impl Doc {
    /// Each word form's text with its [`Form`].
    pub fn words(&self) -> impl Iterator<Item = (String, &Form)> {
        self.entries
            .iter()
            .map(|form| (form.text(&self.long, &mut [0; 16]).to_string(), form))
    }

    /// The share of a page of `lang` at `path` in section `section` (its label).
    pub fn new(lang: Lang, path: &str, section: &str, fields: &Fields) -> Doc {
        let body = fields.text;
        let mut doc = Doc {
            path: path.to_string(),
            title: fields.title.to_string(),
            section: section.to_string(),
            excerpt: excerpt(fields.description, body),
            ..Doc::default()
        };
        // About one form in eight bytes of text.
        let forms = body.len() / 8 + 64;
        doc.entries.reserve(forms);
        let mut counter = Counter::new(lang, forms);
        counter.field(&mut doc, 0, fields.title);
        for tag in fields.tags {
            counter.field(&mut doc, 1, tag);
        }
        for heading in fields.headings {
            counter.field(&mut doc, 2, heading);
        }
        counter.field(&mut doc, 2, fields.description);
        counter.field(&mut doc, 3, body);
        // Every page's share stays in memory until the index is built: no room to spare.
        doc.long.shrink_to_fit();
        doc.entries.shrink_to_fit();
        doc
    }
}

/// Counts a page's word forms into its [`Doc`]: each word lowercased (only when it has a
/// capital) and looked up among the forms seen so far. A form of at most 16 bytes (nearly
/// every word) is its own key, its bytes as two numbers, so a lookup compares numbers; a
/// longer one is found by its hash and compared with its copy in [`Doc::long`].
struct Counter {
    lang: Lang,
    /// Each short form's key and number.
    short: HashTable<(u64, u64, u32)>,
    /// Each longer form's hash and number.
    long: HashTable<(u64, u32)>,
    hasher: foldhash::fast::FixedState,
    /// The word being counted, lowered (one buffer for every word that needs it).
    lowered: String,
}

impl Counter {
    fn new(lang: Lang, capacity: usize) -> Counter {
        Counter {
            lang,
            short: HashTable::with_capacity(capacity),
            long: HashTable::new(),
            hasher: foldhash::fast::FixedState::with_seed(0),
            lowered: String::new(),
        }
    }

    /// Counts the words of `text` as field `field` of `doc`.
    fn field(&mut self, doc: &mut Doc, field: usize, text: &str) {
        let mut n = 0;
        let lang = self.lang;
        keyed_words(
            text,
            lang,
            #[inline(always)]
            |w, key| {
                n += 1;
                // The usual word, found in the page's table: no call made.
                let i = match key {
                    Key::Short(lo, hi, _) => {
                        let hash = mix(lo, hi);
                        match self.short.find(hash, |e| e.0 == lo && e.1 == hi) {
                            Some(e) => e.2,
                            None => self.new_short(doc, lo, hi, hash),
                        }
                    }
                    Key::Other(capital) => self.other(doc, w, capital),
                };
                let count = &mut doc.entries[i as usize].tf[field];
                *count = count.saturating_add(1);
            },
        );
        doc.lens[field] += n;
    }

    /// Adds a new short form, keyed `lo`, `hi`: its number.
    #[inline(never)]
    fn new_short(&mut self, doc: &mut Doc, lo: u64, hi: u64, hash: u64) -> u32 {
        let i = doc.entries.len() as u32;
        doc.entries.push(Form {
            key: (lo, hi),
            tf: [0; FIELDS],
        });
        self.short
            .insert_unique(hash, (lo, hi, i), |e| mix(e.0, e.1));
        i
    }

    /// The number of the form of `w`, a word the fast way did not key (it needs lowering when
    /// `capital`), added if new.
    #[inline(never)]
    fn other(&mut self, doc: &mut Doc, w: &str, capital: bool) -> u32 {
        let mut lowered = std::mem::take(&mut self.lowered);
        let w = if capital {
            lower_into(w, self.lang, &mut lowered);
            lowered.as_str()
        } else {
            w
        };
        let i = if let Some((lo, hi)) = key_of(w.as_bytes()) {
            let hash = mix(lo, hi);
            match self.short.find(hash, |e| e.0 == lo && e.1 == hi) {
                Some(e) => e.2,
                None => self.new_short(doc, lo, hi, hash),
            }
        } else {
            let hash = self.hasher.hash_one(w);
            let long = doc.long.as_bytes();
            let entries = &doc.entries;
            let found = self.long.find(hash, |&(h, i)| {
                let at = entries[i as usize].key.1;
                h == hash
                    && long.get((at >> 32) as usize..(at & 0xffff_ffff) as usize)
                        == Some(w.as_bytes())
            });
            match found {
                Some(&(_, i)) => i,
                None => {
                    let i = doc.entries.len() as u32;
                    let start = doc.long.len() as u64;
                    doc.long.push_str(w);
                    doc.entries.push(Form {
                        key: (0, start << 32 | doc.long.len() as u64),
                        tf: [0; FIELDS],
                    });
                    self.long.insert_unique(hash, (hash, i), |&(h, _)| h);
                    i
                }
            }
        };
        self.lowered = lowered;
        i
    }
}

/// A form of at most 16 bytes as two numbers: its bytes from the lowest, then zeros (no word
/// holds a zero byte, so no two forms share a key).
fn key_of(w: &[u8]) -> Option<(u64, u64)> {
    if w.len() > 16 {
        return None;
    }
    let mut k = [0u8; 16];
    k[..w.len()].copy_from_slice(w);
    let (lo, hi) = k.split_at(8);
    let lo = u64::from_le_bytes(lo.try_into().expect("eight bytes"));
    let hi = u64::from_le_bytes(hi.try_into().expect("eight bytes"));
    Some((lo, hi))
}

/// A short form's hash from its key: one wide multiplication, its halves folded together.
pub(super) fn mix(lo: u64, hi: u64) -> u64 {
    let x = u128::from(lo ^ 0x243f_6a88_85a3_08d3) * u128::from(hi ^ 0x1319_8a2e_0370_7344);
    (x as u64) ^ ((x >> 64) as u64)
}

/// The first [`EXCERPT_CHARS`] characters of `description` and `body` (white space collapsed),
/// cut at a word's end.
fn excerpt(description: &str, body: &str) -> String {
    let description = description.trim();
    let mut text = String::with_capacity(EXCERPT_CHARS * 2);
    text.push_str(description);
    // The body's start with each run of white space (ASCII's, and control characters) one
    // space, only as much as can be quoted: one character more than fits.
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

/// The text a reader sees in a rendered body, from its events (the markdown's, with shortcodes,
/// highlighted code and formulas already turned into HTML): what [`html_text`] would take from
/// the HTML they make, without making it. Text is copied as it is (white space and all); a
/// block's start or end is a space, an inline element's nothing; an image's description is left
/// out (it is not shown); each run of raw HTML is read by [`html_text`]'s rules. `size` is a
/// guess at the text's length.
pub fn body_text(events: &[Event], size: usize) -> String {
    let mut out = String::with_capacity(size);
    let mut space = true;
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
            Event::Html(h) | Event::InlineHtml(h) => {
                // A run of raw HTML is read whole: an element (a `<script>`) may span several.
                let start = i - 1;
                while matches!(events.get(i), Some(Event::Html(_) | Event::InlineHtml(_))) {
                    i += 1;
                }
                if i - start == 1 {
                    html_text_into(h, &mut out, &mut space);
                } else {
                    joined.clear();
                    for e in &events[start..i] {
                        if let Event::Html(h) | Event::InlineHtml(h) = e {
                            joined.push_str(h);
                        }
                    }
                    html_text_into(&joined, &mut out, &mut space);
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
                while j < bytes.len() && bytes[j].is_ascii_alphanumeric() {
                    key = key << 8 | u64::from(bytes[j].to_ascii_lowercase());
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
mod tests {
    use super::*;

    #[test]
    fn text_is_what_a_reader_sees() {
        assert_eq!(
            html_text("<h2 id=a>Bir <em>başlık</em></h2><p>a&amp;b &lt;x&gt; &#305;&#x131;</p><script type=\"application/json\">{\"no\":1}</script><table><tr><td>1</td><td>2</td></tr></table>"),
            "Bir başlık a&b <x> ıı 1 2"
        );
        assert_eq!(html_text("d<sub>n</sub> &unknown; & x"), "dn &unknown; & x");
        assert_eq!(html_text("<STYLE>p{}</STYLE>ok<br>"), "ok");
        assert_eq!(
            html_text("delay <math><msub><mi>d</mi><mi>n</mi></msub></math> grows"),
            "delay grows"
        );
        // An unclosed tag is text.
        assert_eq!(html_text("a <b"), "a <b");
        assert_eq!(html_text("a <b  c&amp;\n"), "a <b c&");
        assert_eq!(html_text("x&#32;&nbsp;<p> y"), "x y");
        // White space inside a run of text, and at its ends.
        assert_eq!(
            html_text("<p>a  b\tc\n\nd </p> <p> e f \x01g</p>"),
            "a b c d e f g"
        );
        assert_eq!(html_text("a b<em> c</em>d"), "a b cd");
    }

    /// The words of `markdown` as a reader sees them: from its events, and from its HTML.
    fn both_ways(markdown: &str) -> (Vec<String>, Vec<String>) {
        let events: Vec<Event> =
            pulldown_cmark::Parser::new_ext(markdown, crate::markdown::options()).collect();
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, events.iter().cloned());
        let words = |text: &str| {
            let mut v = Vec::new();
            crate::search::words::words(text, Lang::En, |w| v.push(w.to_string()));
            v
        };
        (words(&body_text(&events, 0)), words(&html_text(&html)))
    }

    #[test]
    fn the_text_from_events_is_the_text_of_the_html() {
        for markdown in [
            "# A *title*\n\nSome **bo**ld and `code`, [a link](/x/) ~~struck~~.\n",
            "- one\n- two\n\n1. three\n\n> quoted\n> text\n",
            "| a | b |\n| - | - |\n| c d | e |\n",
            "```rust\nfn main() {}\n```\n\nafter\n",
            "an ![image of words](/i.png) here\n",
            "<div>raw\n<script>var hidden = 1;\n</script>\nshown</div>\n\ntail <kbd>Ctrl</kbd>+K\n",
            "line one  \nline two\nline three\n\n---\n\nend",
            "H<sub>2</sub>O and x<sup>2</sup>, a&amp;b &lt;c&gt;\n",
        ] {
            let (events, html) = both_ways(markdown);
            assert_eq!(events, html, "{markdown:?}");
        }
        // A formula's TeX is not text, as its MathML is not.
        assert_eq!(both_ways("delay $d_n$ grows\n").0, ["delay", "grows"]);
    }

    #[test]
    fn a_doc_counts_words_by_field() {
        let doc = Doc::new(
            Lang::Tr,
            "/tr/x/",
            "Yazılar",
            &Fields {
                title: "IŞIK ölçümü",
                tags: &["ışık".to_string()],
                headings: &["Ölçüm"],
                description: "",
                text: "Işık, ışığı ve ölçüm.",
            },
        );
        let get = |w: &str| doc.words().find(|(k, _)| *k == w).unwrap().1.tf;
        assert_eq!(get("ışık"), [1, 1, 0, 1]);
        assert_eq!(get("ölçüm"), [0, 0, 1, 1]);
        assert_eq!(get("ölçümü"), [1, 0, 0, 0]);
        assert_eq!(doc.lens, [2, 1, 1, 4]);
        assert_eq!(doc.excerpt, "Işık, ışığı ve ölçüm.");
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
}
