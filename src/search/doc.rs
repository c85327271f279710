//! One page's share of the search index, made where the page renders (in parallel), so the
//! index itself only merges: the page's word forms with how often each occurs per field, the
//! fields' lengths, and what a result shows.

use foldhash::HashMap;
use foldhash::HashMapExt as _;

use crate::i18n::Lang;

use super::analyze::{lower_text, words};

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
    /// Each lowercased word form, in first-seen order, each followed by a newline (one
    /// allocation per page, not one per word: thousands of pages' words stay in memory until
    /// the index is built).
    pub forms: String,
    /// Each form's count per field, in the same order.
    pub counts: Vec<[u16; FIELDS]>,
    /// Each field's length in words.
    pub lens: [u32; FIELDS],
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
    /// Each word form with its count per field.
    pub fn words(&self) -> impl Iterator<Item = (&str, &[u16; FIELDS])> {
        self.forms.split_terminator('\n').zip(&self.counts)
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
        // Each field lowercased whole, then cut into words: every word is a slice of these.
        let title = lower_text(fields.title, lang);
        let tags = lower_text(&fields.tags.join("\n"), lang).into_owned();
        let mut heads = fields.headings.join("\n");
        heads.push('\n');
        heads.push_str(fields.description);
        let heads = lower_text(&heads, lang).into_owned();
        let text = lower_text(&body, lang);
        let mut at: HashMap<&str, usize> = HashMap::with_capacity(512);
        let mut seen: Vec<(&str, [u16; FIELDS])> = Vec::with_capacity(512);
        for (field, text) in [(0, &*title), (1, &*tags), (2, &*heads), (3, &*text)] {
            let lens = &mut doc.lens[field];
            words(text, lang, |w| {
                *lens += 1;
                let i = *at.entry(w).or_insert_with(|| {
                    seen.push((w, [0; FIELDS]));
                    seen.len() - 1
                });
                let n = &mut seen[i].1[field];
                *n = n.saturating_add(1);
            });
        }
        doc.forms = String::with_capacity(seen.iter().map(|(w, _)| w.len() + 1).sum());
        doc.counts = Vec::with_capacity(seen.len());
        for (w, n) in seen {
            doc.forms.push_str(w);
            doc.forms.push('\n');
            doc.counts.push(n);
        }
        doc
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
/// nothing), `<script>`, `<style>` and `<template>` left out, character references decoded,
/// whitespace collapsed.
pub fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut rest = html;
    let mut space = true;
    let push_text = |out: &mut String, text: &str, space: &mut bool| {
        let mut text = text;
        while !text.is_empty() {
            let amp = memchr::memchr(b'&', text.as_bytes()).unwrap_or(text.len());
            // Runs without white space are copied whole (white space is ASCII, so every cut
            // is at a character's boundary).
            let plain = &text[..amp];
            let mut run = 0;
            for (i, b) in plain.bytes().enumerate() {
                if b.is_ascii_whitespace() {
                    if run < i {
                        out.push_str(&plain[run..i]);
                        *space = false;
                    }
                    if !*space {
                        out.push(' ');
                        *space = true;
                    }
                    run = i + 1;
                }
            }
            if run < plain.len() {
                out.push_str(&plain[run..]);
                *space = false;
            }
            text = &text[amp..];
            if text.is_empty() {
                break;
            }
            let end = text.find(';').filter(|&e| e <= 10);
            let decoded = end.and_then(|e| entity(&text[1..e]));
            match (end, decoded) {
                (Some(e), Some(c)) => {
                    out.push(c);
                    *space = c == ' ';
                    text = &text[e + 1..];
                }
                _ => {
                    out.push('&');
                    *space = false;
                    text = &text[1..];
                }
            }
        }
    };
    while let Some(lt) = memchr::memchr(b'<', rest.as_bytes()) {
        push_text(&mut out, &rest[..lt], &mut space);
        rest = &rest[lt..];
        let Some(gt) = memchr::memchr(b'>', rest.as_bytes()) else {
            break;
        };
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if !tag.starts_with('/') && matches!(name.as_str(), "script" | "style" | "template") {
            // To the matching end tag, whatever its case.
            let mut end = None;
            let mut from = 0;
            while let Some(i) = rest[from..].find("</") {
                let at = from + i;
                let after = &rest.as_bytes()[at + 2..];
                if after.len() >= name.len()
                    && after[..name.len()].eq_ignore_ascii_case(name.as_bytes())
                {
                    end = Some(at);
                    break;
                }
                from = at + 2;
            }
            rest = match end {
                Some(i) => {
                    let rest = &rest[i..];
                    &rest[rest.find('>').map_or(rest.len(), |g| g + 1)..]
                }
                None => "",
            };
            continue;
        }
        let inline = matches!(
            name.as_str(),
            "a" | "abbr"
                | "b"
                | "bdi"
                | "code"
                | "data"
                | "del"
                | "em"
                | "i"
                | "ins"
                | "kbd"
                | "mark"
                | "q"
                | "s"
                | "samp"
                | "small"
                | "span"
                | "strong"
                | "sub"
                | "sup"
                | "time"
                | "u"
                | "var"
                | "wbr"
        );
        if !inline && !space {
            out.push(' ');
            space = true;
        }
    }
    push_text(&mut out, rest, &mut space);
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out
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
        // An unclosed tag is text.
        assert_eq!(html_text("a <b"), "a <b");
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
        let get = |w: &str| *doc.words().find(|(k, _)| *k == w).unwrap().1;
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
