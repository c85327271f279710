//! One page's share of the search index, made where the page renders (in parallel), so the
//! index itself only merges: the page's word forms with how often each occurs per field, the
//! fields' lengths, and what a result shows.

use std::hash::BuildHasher as _;

use hashbrown::HashTable;

use crate::i18n::Lang;

use super::analyze::lower_into;
use super::words::{keyed_spans, Key};

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
    #[cfg(test)]
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
    /// The body's text as a reader sees it (the markdown renderer's, for search).
    pub text: &'a str,
}

impl Doc {
    /// Each word form's text with its [`Form`].
    #[cfg(test)]
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
        counter.field::<0>(&mut doc, fields.title);
        for tag in fields.tags {
            counter.field::<1>(&mut doc, tag);
        }
        for heading in fields.headings {
            counter.field::<2>(&mut doc, heading);
        }
        counter.field::<2>(&mut doc, fields.description);
        counter.field::<3>(&mut doc, body);
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

    /// Counts the words of `text` as field `FIELD` of `doc`.
    fn field<const FIELD: usize>(&mut self, doc: &mut Doc, text: &str) {
        let mut n = 0;
        let lang = self.lang;
        keyed_spans(
            text,
            lang,
            #[inline(always)]
            |from, to, key| {
                n += 1;
                // The usual word, found in the page's table: no call made.
                let i = match key {
                    Key::Short(lo, hi, _) => self.short_form(doc, lo, hi),
                    Key::Other(capital) => self.other(doc, &text[from..to], capital),
                };
                let count = &mut doc.entries[i as usize].tf[FIELD];
                *count = count.saturating_add(1);
            },
        );
        doc.lens[FIELD] += n;
    }

    /// The number of the short form keyed `lo`, `hi`, added if new.
    #[inline(always)]
    fn short_form(&mut self, doc: &mut Doc, lo: u64, hi: u64) -> u32 {
        let hash = mix(lo, hi);
        match self.short.find(hash, |e| e.0 == lo && e.1 == hi) {
            Some(e) => e.2,
            None => self.new_short(doc, lo, hi, hash),
        }
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
            self.short_form(doc, lo, hi)
        } else {
            let hash = self.hasher.hash_one(w);
            let (long, entries) = (&doc.long, &doc.entries);
            let found = self.long.find(hash, |&(h, i)| {
                h == hash && entries[i as usize].long_text(long) == w
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
/// holds a zero byte, so no two forms share a key); `None` for a longer one.
pub(super) fn key_of(w: &[u8]) -> Option<(u64, u64)> {
    if w.len() > 16 {
        return None;
    }
    let mut k = [0u8; 16];
    k[..w.len()].copy_from_slice(w);
    let (lo, hi) = k.split_at(8);
    let half = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
    Some((half(lo), half(hi)))
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

#[cfg(test)]
mod tests {
    use super::*;

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
