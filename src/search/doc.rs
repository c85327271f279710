//! One page's share of the search index, made where the page renders (in parallel), so the
//! index itself only merges: the page's word forms with how often each occurs per field, the
//! fields' lengths, and what a result shows.

use std::cell::RefCell;

use crate::i18n::Lang;

use super::analyze::lower_into;
use super::forms::{key_of, Local};
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
    /// Each form on the page (its number, [`super::forms`]), in first-seen order, with its
    /// counts per field.
    pub entries: Vec<Form>,
    /// Each field's length in words.
    pub lens: [u32; FIELDS],
}

/// A word form of a [`Doc`].
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Form {
    /// Its number ([`super::forms::table`] has its text).
    pub form: u32,
    /// Its count per field.
    pub tf: [u16; FIELDS],
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
        let table = super::forms::table();
        let texts: Vec<String> = self
            .entries
            .iter()
            .map(|form| table.text(form.form).to_string())
            .collect();
        texts.into_iter().zip(&self.entries)
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
        COUNTER.with_borrow_mut(|counter| {
            counter.start();
            let lens = &mut doc.lens;
            counter.field::<0>(lang, lens, fields.title);
            for tag in fields.tags {
                counter.field::<1>(lang, lens, tag);
            }
            for heading in fields.headings {
                counter.field::<2>(lang, lens, heading);
            }
            counter.field::<2>(lang, lens, fields.description);
            counter.field::<3>(lang, lens, body);
            doc.entries = counter.take();
        });
        doc
    }
}

thread_local! {
    /// Each thread's counter, kept from page to page with the form numbers it has used.
    static COUNTER: RefCell<Counter> = RefCell::default();
}

/// Counts a page's word forms: each word lowercased (only when it has a capital) and numbered
/// ([`super::forms`]); its count kept under its number. A form of at most 16 bytes (nearly
/// every word) is its own key, its bytes as two numbers, so finding its number compares
/// numbers.
#[derive(Default)]
struct Counter {
    /// The numbers this thread has used.
    forms: Local,
    /// The page's counts per field, by form number (all 0 for a form not on the page)…
    counts: Vec<[u16; FIELDS]>,
    /// …and the page's forms, in first-seen order.
    seen: Vec<u32>,
    /// The word being counted, lowered (one buffer for every word that needs it).
    lowered: String,
}

impl Counter {
    /// Ready for a page: nothing left of one that was not finished.
    fn start(&mut self) {
        for n in self.seen.drain(..) {
            self.counts[n as usize] = [0; FIELDS];
        }
    }

    /// The page's forms with their counts; the counter is left ready for the next page.
    fn take(&mut self) -> Vec<Form> {
        let counts = &mut self.counts;
        self.seen
            .drain(..)
            .map(|n| Form {
                form: n,
                tf: std::mem::take(&mut counts[n as usize]),
            })
            .collect()
    }

    /// Counts the words of `text`, in `lang`, as field `FIELD` (its length into `lens`).
    fn field<const FIELD: usize>(&mut self, lang: Lang, lens: &mut [u32; FIELDS], text: &str) {
        let mut n = 0;
        keyed_spans(
            text,
            lang,
            #[inline(always)]
            |from, to, key| {
                n += 1;
                // The usual word, numbered by the thread's table: no call made.
                let form = match key {
                    Key::Short(lo, hi, _) => self.forms.short(lo, hi),
                    Key::Other(capital) => self.other(lang, &text[from..to], capital),
                };
                self.count::<FIELD>(form);
            },
        );
        lens[FIELD] += n;
    }

    /// Counts one more of form `n` in field `FIELD`.
    #[inline(always)]
    fn count<const FIELD: usize>(&mut self, n: u32) {
        let Some(counts) = self.counts.get_mut(n as usize) else {
            return self.count_new::<FIELD>(n);
        };
        if *counts == [0; FIELDS] {
            self.seen.push(n);
        }
        counts[FIELD] = counts[FIELD].saturating_add(1);
    }

    /// [`Counter::count`] of a form numbered past the counts so far: room made first.
    #[inline(never)]
    fn count_new<const FIELD: usize>(&mut self, n: u32) {
        let len = (n as usize + 1).next_power_of_two().max(1024);
        self.counts.resize(len, [0; FIELDS]);
        self.count::<FIELD>(n);
    }

    /// The number of the form of `w`, a word the fast way did not key (it needs lowering when
    /// `capital`).
    #[inline(never)]
    fn other(&mut self, lang: Lang, w: &str, capital: bool) -> u32 {
        let mut lowered = std::mem::take(&mut self.lowered);
        let w = if capital {
            lower_into(w, lang, &mut lowered);
            lowered.as_str()
        } else {
            w
        };
        let n = match key_of(w.as_bytes()) {
            Some((lo, hi)) => self.forms.short(lo, hi),
            None => self.forms.long(w),
        };
        self.lowered = lowered;
        n
    }
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
    fn a_page_left_half_counted_leaves_nothing_behind() {
        let mut counter = Counter::default();
        let mut lens = [0; FIELDS];
        counter.field::<3>(Lang::En, &mut lens, "retry budget");
        // As a page that stopped part way (a panic) leaves it: the next page starts clean.
        counter.start();
        counter.field::<3>(Lang::En, &mut lens, "Budget");
        let forms = counter.take();
        assert_eq!(forms.len(), 1, "{forms:?}");
        assert_eq!(forms[0].tf, [0, 0, 0, 1]);
        assert_eq!(lens, [0, 0, 0, 3]);
        assert!(counter.take().is_empty());
    }

    #[test]
    fn words_the_fast_way_does_not_key_are_counted_under_their_own_forms() {
        // Longer than sixteen bytes; another script, lowered the general way.
        let doc = Doc::new(
            Lang::En,
            "/en/x/",
            "",
            &Fields {
                title: "ΣΟΦΙΑ",
                tags: &[],
                headings: &[],
                description: "",
                text: "exponentialbackoffjitter σοφια exponentialbackoffjitter ok",
            },
        );
        let get = |w: &str| doc.words().find(|(k, _)| *k == w).map(|(_, f)| f.tf);
        assert_eq!(get("exponentialbackoffjitter"), Some([0, 0, 0, 2]));
        assert_eq!(get("σοφια"), Some([1, 0, 0, 1]));
        assert_eq!(get("ok"), Some([0, 0, 0, 1]));
        assert_eq!(doc.entries.len(), 3);
    }

    #[test]
    fn counts_make_room_for_any_number() {
        let mut counter = Counter::default();
        // A power of two past the room there is, and one past that.
        for n in [4096, 4097, 5] {
            counter.count::<1>(n);
            counter.count::<1>(n);
        }
        assert!(counter.counts.len() > 4097);
        let forms = counter.take();
        let numbers: Vec<u32> = forms.iter().map(|f| f.form).collect();
        assert_eq!(numbers, [4096, 4097, 5]);
        assert!(forms.iter().all(|f| f.tf == [0, 2, 0, 0]));
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
