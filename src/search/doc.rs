//! One page's share of the search index, made where the page renders (in parallel), so the
//! index itself only merges: the page's word forms with how often each occurs per field, the
//! fields' lengths, and what a result shows.

use std::hash::BuildHasher as _;

use hashbrown::HashTable;

use crate::i18n::Lang;

use super::analyze::{lower_into, marked_words};

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
    /// Each lowercased word form, in first-seen order, one after another (one allocation per
    /// page, not one per word: thousands of pages' words stay in memory until the index is
    /// built).
    pub forms: String,
    /// Each form's end in [`Doc::forms`], hash and count per field, in the same order.
    pub entries: Vec<Form>,
    /// Each field's length in words.
    pub lens: [u32; FIELDS],
}

/// A word form of a [`Doc`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Form {
    /// Where it ends in [`Doc::forms`] (it starts where the one before ends).
    pub end: u32,
    /// The high half of its hash (foldhash's, seed 0), so the index does not hash it again
    /// ([`spread`] makes it a table's hash).
    pub half: u32,
    /// Its count per field.
    pub tf: [u16; FIELDS],
}

/// A hash table's hash of a form from its [`Form::half`] (the same for the same form on every
/// page): one multiplication spreads it over the 64 bits the table reads.
pub fn spread(half: u32) -> u64 {
    u64::from(half).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A page's text by field.
pub struct Fields<'a> {
    pub title: &'a str,
    pub tags: &'a [String],
    pub headings: &'a [&'a str],
    pub description: &'a str,
    /// The rendered body.
    pub html: &'a str,
}

impl Doc {
    /// Each word form with its [`Form`].
    pub fn words(&self) -> impl Iterator<Item = (&str, &Form)> {
        let mut start = 0;
        self.entries.iter().map(move |form| {
            let word = &self.forms[start..form.end as usize];
            start = form.end as usize;
            (word, form)
        })
    }

    /// The share of a page of `lang` at `path` in section `section` (its label).
    pub fn new(lang: Lang, path: &str, section: &str, fields: &Fields) -> Doc {
        let body = html_text(fields.html);
        let mut doc = Doc {
            path: path.to_string(),
            title: fields.title.to_string(),
            section: section.to_string(),
            excerpt: excerpt(fields.description, &body),
            ..Doc::default()
        };
        // About one form in eight bytes of text, each about eight bytes long.
        let forms = body.len() / 8 + 64;
        doc.forms.reserve(forms * 8);
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
        counter.field(&mut doc, 3, &body);
        // Every page's share stays in memory until the index is built: no room to spare.
        doc.forms.shrink_to_fit();
        doc.entries.shrink_to_fit();
        doc
    }
}

/// Counts a page's word forms into its [`Doc`]: each word lowercased (only when it has a
/// capital) and looked up among the forms seen so far, which the table keys by their place
/// in [`Doc::forms`], so a form is stored once, where the index reads it.
struct Counter {
    lang: Lang,
    /// Each form's number, found by its hash.
    table: HashTable<(u64, u32)>,
    /// Each form's start in `Doc::forms`.
    starts: Vec<u32>,
    hasher: foldhash::fast::FixedState,
    /// The word being counted, lowered (one buffer for every word that needs it).
    lowered: String,
}

impl Counter {
    fn new(lang: Lang, capacity: usize) -> Counter {
        Counter {
            lang,
            table: HashTable::with_capacity(capacity),
            starts: Vec::with_capacity(capacity),
            hasher: foldhash::fast::FixedState::with_seed(0),
            lowered: String::new(),
        }
    }

    /// Counts the words of `text` as field `field` of `doc`.
    fn field(&mut self, doc: &mut Doc, field: usize, text: &str) {
        let Counter {
            lang,
            table,
            starts,
            hasher,
            lowered,
        } = self;
        let mut n = 0;
        marked_words(text, *lang, |w, capital| {
            n += 1;
            let w = if capital {
                lower_into(w, *lang, lowered);
                lowered.as_str()
            } else {
                w
            };
            let hash = hasher.hash_one(w);
            let forms = doc.forms.as_bytes();
            let found = table.find(hash, |&(h, i)| {
                let (start, end) = (starts[i as usize], doc.entries[i as usize].end);
                h == hash && forms.get(start as usize..end as usize) == Some(w.as_bytes())
            });
            let i = match found {
                Some(&(_, i)) => i as usize,
                None => {
                    let i = starts.len();
                    starts.push(doc.forms.len() as u32);
                    doc.forms.push_str(w);
                    doc.entries.push(Form {
                        end: doc.forms.len() as u32,
                        half: (hash >> 32) as u32,
                        tf: [0; FIELDS],
                    });
                    table.insert_unique(hash, (hash, i as u32), |&(h, _)| h);
                    i
                }
            };
            let count = &mut doc.entries[i].tf[field];
            *count = count.saturating_add(1);
        });
        doc.lens[field] += n;
    }
}

/// The first [`EXCERPT_CHARS`] characters of `description` and `body`, cut at a word's end.
fn excerpt(description: &str, body: &str) -> String {
    let description = description.trim();
    let mut text = String::with_capacity(EXCERPT_CHARS * 2);
    text.push_str(description);
    if !description.is_empty() && !body.is_empty() {
        text.push(' ');
    }
    let room = body
        .char_indices()
        .nth(EXCERPT_CHARS + 1)
        .map_or(body.len(), |(i, _)| i);
    text.push_str(&body[..room]);
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_string(),
        Some((end, _)) => {
            let cut = text[..end].rfind(' ').unwrap_or(end);
            format!("{}…", &text[..cut])
        }
    }
}

/// The text a reader sees in `html`: tags dropped (a block's end is a space, an inline tag's is
/// nothing), `<script>`, `<style>`, `<template>` and `<math>` left out, character references decoded,
/// whitespace collapsed.
pub fn html_text(html: &str) -> String {
    let bytes = html.as_bytes();
    let mut out = String::with_capacity(html.len() / 2);
    let mut space = true;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            _ if b > b' ' && b != b'<' && b != b'&' => {
                // Text up to the next tag or reference: copied whole when its only white space
                // is single spaces (as in most text), else a word at a time.
                let end = memchr::memchr2(b'<', b'&', &bytes[i..]).map_or(bytes.len(), |k| i + k);
                let mut odd = false;
                let mut prev = 0u8;
                for &c in &bytes[i..end] {
                    odd |= c < b' ' || (c == b' ' && prev == b' ');
                    prev = c;
                }
                if !odd {
                    out.push_str(&html[i..end]);
                    space = prev == b' ';
                    i = end;
                    continue;
                }
                while i < end {
                    if bytes[i] <= b' ' {
                        gap(&mut out, &mut space);
                        i += 1;
                    } else {
                        let len = bytes[i..end]
                            .iter()
                            .position(|&b| b <= b' ')
                            .unwrap_or(end - i);
                        out.push_str(&html[i..i + len]);
                        space = false;
                        i += len;
                    }
                }
            }
            b'&' => {
                let rest = &html[i..];
                let end = rest.as_bytes()[..rest.len().min(11)]
                    .iter()
                    .position(|&b| b == b';');
                match end.and_then(|e| Some((e, entity(&rest[1..e])?))) {
                    Some((e, c)) if c.is_ascii_whitespace() => {
                        gap(&mut out, &mut space);
                        i += e + 1;
                    }
                    Some((e, c)) => {
                        out.push(c);
                        space = false;
                        i += e + 1;
                    }
                    None => {
                        out.push('&');
                        space = false;
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
                    space = false;
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
                    gap(&mut out, &mut space);
                }
            }
            _ => {
                // White space (and any other control character) collapses to one space.
                gap(&mut out, &mut space);
                i += 1;
            }
        }
    }
    let end = out.trim_end_matches(' ').len();
    out.truncate(end);
    out
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
                html: "<p>Işık, ışığı ve ölçüm.</p>",
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
