//! One page's share of the search index, made where the page renders (in parallel), so the
//! index itself only merges: the page's word forms with how often each occurs per field, the
//! fields' lengths, and what a result shows.

use std::cell::RefCell;

use crate::i18n::Lang;

use super::analyze::lower_into;
use super::excerpt::excerpt;
pub use super::excerpt::EXCERPT_CHARS;
use super::forms::{key_of, Local};
use super::known::{known, Stop, WIDTH};
use super::memo::{tag, Found, Memo};
use super::words::{key16, keyed_spans, Key};

/// Title, tags, headings and description, body.
pub const FIELDS: usize = 4;

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

/// A chunk of 17 to 32 bytes as [`Counter::long`] keeps it: its bytes (zeros after them), its
/// length and whether its page is Turkish.
type LongKey = ([u8; 32], u8, bool);

/// How many long chunks a [`Counter`] keeps before it starts over.
const LONG_CHUNKS: usize = 4096;

/// Counts a page's word forms: each word lowercased (only when it has a capital) and numbered
/// ([`super::forms`]); its count kept under its number. A form of at most 16 bytes (nearly
/// every word) is its own key, its bytes as two numbers, so finding its number compares
/// numbers. And a chunk of text between white space that the thread has cut before (nearly
/// every one) is not cut again: its forms are remembered ([`Memo`]).
#[derive(Default)]
struct Counter {
    /// The numbers this thread has used.
    forms: Local,
    /// The chunks this thread has cut, with their forms.
    memo: Memo,
    /// The same for chunks of 17 to 32 bytes (the fast way keys sixteen): a long Turkish word
    /// with its suffixes, a word in parentheses. Each one's forms are a range of `long_forms`.
    long: foldhash::HashMap<LongKey, (u32, u32)>,
    long_forms: Vec<u32>,
    /// The forms of the chunk being cut (one buffer for every chunk).
    cut: Vec<u32>,
    /// The page's counts per field, by form number (all 0 for a form not on the page)…
    counts: Vec<[u16; FIELDS]>,
    /// …and the page's forms, in first-seen order.
    seen: Vec<u32>,
    /// The word being counted, lowered (one buffer for every word that needs it).
    lowered: String,
    /// How many chunks were cut, and how many went the slow way ([`Counter::not_found`]): the
    /// tests' check that a chunk met before is not cut, and is usually found the fast way.
    #[cfg(test)]
    cuts: usize,
    #[cfg(test)]
    slow: usize,
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
        // (The counts as a slice of their own: their start and length stay in registers.)
        let counts = self.counts.as_mut_slice();
        let forms = self
            .seen
            .iter()
            .map(|&n| Form {
                form: n,
                tf: std::mem::take(&mut counts[n as usize]),
            })
            .collect();
        self.seen.clear();
        forms
    }

    /// Counts the words of `text`, in `lang`, as field `FIELD` (its length into `lens`): chunk
    /// by chunk, each one the thread has met found in its [`Memo`] ([`known`]), any other cut
    /// into words. The last bytes, fewer than a window, are copied into white space and counted
    /// the same way.
    fn field<const FIELD: usize>(&mut self, lang: Lang, lens: &mut [u32; FIELDS], text: &str) {
        let bytes = text.as_bytes();
        let mut n = 0;
        let mut pos = 0;
        loop {
            match self.known::<FIELD>(bytes, pos, lang, &mut n) {
                Stop::Chunk(from, to) => {
                    self.not_found::<FIELD>(lang, text, from, to, &mut n);
                    pos = to;
                }
                Stop::End(end) => {
                    pos = end;
                    break;
                }
            }
        }
        if pos < bytes.len() {
            let tail = pos;
            let mut padded = [b' '; 2 * WIDTH];
            padded[..bytes.len() - tail].copy_from_slice(&bytes[tail..]);
            let mut pos = 0;
            while let Stop::Chunk(from, to) = self.known::<FIELD>(&padded, pos, lang, &mut n) {
                self.not_found::<FIELD>(lang, text, tail + from, tail + to, &mut n);
                pos = to;
            }
        }
        lens[FIELD] += n as u32;
    }

    /// [`known`] with this counter's memo and counts.
    #[inline(always)]
    fn known<const FIELD: usize>(
        &mut self,
        bytes: &[u8],
        pos: usize,
        lang: Lang,
        n: &mut usize,
    ) -> Stop {
        known::<FIELD>(
            &self.memo,
            &mut self.counts,
            &mut self.seen,
            bytes,
            pos,
            tag(0, lang),
            n,
        )
    }

    /// Counts the chunk `text[from..to]` that [`known`] stopped at (its number of words into
    /// `n`): one longer than sixteen bytes or new to the thread is cut, and a new one kept; one
    /// with a form that has no place in the counts yet is found in the memo the slower way.
    #[inline(never)]
    fn not_found<const FIELD: usize>(
        &mut self,
        lang: Lang,
        text: &str,
        from: usize,
        to: usize,
        n: &mut usize,
    ) {
        #[cfg(test)]
        {
            self.slow += 1;
        }
        let chunk = &text[from..to];
        if to - from > 32 {
            self.cut(lang, chunk);
        } else if to - from > 16 {
            self.long_chunk(lang, chunk);
        } else {
            let (lo, hi) = key16(text.as_bytes(), from, to);
            let tag = tag(to - from, lang);
            match self.memo.find(lo, hi, tag) {
                Found::One(form) => {
                    self.cut.clear();
                    self.cut.push(form);
                }
                Found::Many(forms) => {
                    self.cut.clear();
                    self.cut.extend_from_slice(forms);
                }
                Found::New(i) => {
                    self.cut(lang, chunk);
                    self.memo.keep(i, lo, hi, tag, &self.cut);
                }
            }
        }
        *n += self.cut.len();
        self.count_cut::<FIELD>();
    }

    /// The forms of `chunk` (of 17 to 32 bytes, on a page in `lang`) into [`Counter::cut`]:
    /// those kept for it, or it is cut and they are kept.
    fn long_chunk(&mut self, lang: Lang, chunk: &str) {
        let mut bytes = [0u8; 32];
        bytes[..chunk.len()].copy_from_slice(chunk.as_bytes());
        let key = (bytes, chunk.len() as u8, lang == Lang::Tr);
        if let Some(&(from, to)) = self.long.get(&key) {
            self.cut.clear();
            self.cut
                .extend_from_slice(&self.long_forms[from as usize..to as usize]);
            return;
        }
        self.cut(lang, chunk);
        if self.long.len() == LONG_CHUNKS {
            self.long.clear();
            self.long_forms.clear();
        }
        let from = self.long_forms.len() as u32;
        self.long_forms.extend_from_slice(&self.cut);
        self.long.insert(key, (from, self.long_forms.len() as u32));
    }

    /// Cuts `chunk` (of a page in `lang`) into words: their forms, into [`Counter::cut`].
    #[inline(never)]
    fn cut(&mut self, lang: Lang, chunk: &str) {
        #[cfg(test)]
        {
            self.cuts += 1;
        }
        let mut cut = std::mem::take(&mut self.cut);
        cut.clear();
        keyed_spans(chunk, lang, |from, to, key| {
            cut.push(match key {
                Key::Short(lo, hi, _) => self.forms.short(lo, hi),
                Key::Other(capital) => self.other(lang, &chunk[from..to], capital),
            });
        });
        self.cut = cut;
    }

    /// Counts the forms of the chunk just cut in field `FIELD`.
    fn count_cut<const FIELD: usize>(&mut self) {
        for &form in &self.cut {
            count::<FIELD>(&mut self.counts, &mut self.seen, form);
        }
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

/// Counts `forms` in field `FIELD` of `counts` (with `seen`, as [`count`]): how many, or `None`
/// (and none counted) if one has no place in `counts`.
#[inline(never)]
pub(super) fn count_forms<const FIELD: usize>(
    forms: &[u32],
    counts: &mut [[u16; FIELDS]],
    seen: &mut Vec<u32>,
) -> Option<usize> {
    if forms.iter().any(|&f| f as usize >= counts.len()) {
        return None;
    }
    Some(count_all::<FIELD>(forms, counts, seen))
}

/// Counts `forms` in field `FIELD` of `counts` (with `seen`, as [`count`]), each of which has
/// its place in `counts`: how many.
#[inline(always)]
pub(super) fn count_all<const FIELD: usize>(
    forms: &[u32],
    counts: &mut [[u16; FIELDS]],
    seen: &mut Vec<u32>,
) -> usize {
    for &form in forms {
        tally::<FIELD>(&mut counts[form as usize], seen, form);
    }
    forms.len()
}

/// Counts one more of form `n` in field `FIELD` of `counts` (by form number), with the form in
/// `seen` when it is the page's first.
#[inline(always)]
fn count<const FIELD: usize>(counts: &mut Vec<[u16; FIELDS]>, seen: &mut Vec<u32>, n: u32) {
    match counts.get_mut(n as usize) {
        Some(c) => tally::<FIELD>(c, seen, n),
        None => count_new::<FIELD>(counts, seen, n),
    }
}

/// One more in field `FIELD` of `c`, the counts of form `n`, with the form in `seen` when it is
/// the page's first.
#[inline(always)]
pub(super) fn tally<const FIELD: usize>(c: &mut [u16; FIELDS], seen: &mut Vec<u32>, n: u32) {
    if *c == [0; FIELDS] {
        seen.push(n);
    }
    c[FIELD] = c[FIELD].saturating_add(1);
}

/// [`count`] of a form numbered past the counts so far: room made first.
#[inline(never)]
fn count_new<const FIELD: usize>(counts: &mut Vec<[u16; FIELDS]>, seen: &mut Vec<u32>, n: u32) {
    let len = (n as usize + 1).next_power_of_two().max(1024);
    counts.resize(len, [0; FIELDS]);
    count::<FIELD>(counts, seen, n);
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
            count::<1>(&mut counter.counts, &mut counter.seen, n);
            count::<1>(&mut counter.counts, &mut counter.seen, n);
        }
        assert!(counter.counts.len() > 4097);
        let forms = counter.take();
        let numbers: Vec<u32> = forms.iter().map(|f| f.form).collect();
        assert_eq!(numbers, [4096, 4097, 5]);
        assert!(forms.iter().all(|f| f.tf == [0, 2, 0, 0]));
    }

    /// [`Counter::field`] the way it was before chunks were remembered: every word of the text
    /// cut and numbered.
    fn counted_plainly(lang: Lang, text: &str) -> (Vec<Form>, u32) {
        let mut counter = Counter::default();
        let mut n = 0;
        keyed_spans(text, lang, |from, to, key| {
            n += 1;
            let form = match key {
                Key::Short(lo, hi, _) => counter.forms.short(lo, hi),
                Key::Other(capital) => counter.other(lang, &text[from..to], capital),
            };
            count::<3>(&mut counter.counts, &mut counter.seen, form);
        });
        (counter.take(), n)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]
        /// A text counted chunk by chunk, with the chunks met before found in the memory, gives
        /// the forms, counts and length that cutting all of it gives: for chunks met once, many
        /// times, across pages and languages, of up to sixteen bytes and longer, at the text's
        /// end, with NUL bytes and every kind of white space.
        #[test]
        fn chunks_remembered_count_as_cutting_the_text_counts(pages in proptest::collection::vec((proptest::collection::vec(proptest::sample::select(vec![
            "a", "Zb", "word", "Kelime", "ışık", "İş", "IŞIK", "é", "3", "42", "1.5", "0,25", "x9",
            "_", ".", ",", ":", "'", "’", "·", "-", "(", "“", "≈", "×", "…", "–", " ", " ", " ",
            " ", "\n", "\t", "\r", "\x0b", "\x0c", "\0", "ж", "\u{301}", "abcdefghijklmnop",
            "\u{a0}", "5", "API'nin", "ms", "日本", "I",
        ]), 0..40), proptest::bool::ANY), 1..6)) {
            let mut counter = Counter::default();
            for (tokens, tr) in pages {
                let text: String = tokens.concat();
                let lang = if tr { Lang::Tr } else { Lang::En };
                let mut lens = [0; FIELDS];
                counter.start();
                counter.field::<3>(lang, &mut lens, &text);
                let got = counter.take();
                let (want, n) = counted_plainly(lang, &text);
                proptest::prop_assert_eq!(&got, &want, "{:?}", text);
                proptest::prop_assert_eq!(lens[3], n, "{:?}", text);
            }
        }
    }

    #[test]
    fn a_long_chunk_met_again_is_found_not_cut() {
        let mut counter = Counter::default();
        let mut lens = [0; FIELDS];
        // 19 and 32 bytes (kept), 33 (cut each time); the Turkish page's are its own.
        let text = "dağıtımlarında, (gözlemlenebilirliğimizdeki).x \
                    abcdefghijklmnopqrstuvwxyzabcdefg";
        assert_eq!(
            text.split(' ').map(str::len).collect::<Vec<_>>(),
            [19, 32, 33]
        );
        counter.field::<3>(Lang::Tr, &mut lens, text);
        let first = counter.take();
        assert_eq!((counter.cuts, counter.long.len()), (3, 2));
        counter.field::<3>(Lang::Tr, &mut lens, text);
        assert_eq!(counter.take(), first);
        assert_eq!(counter.cuts, 4, "only the chunk of 33 bytes was cut again");
        counter.field::<3>(Lang::En, &mut lens, text);
        assert_eq!((counter.cuts, counter.long.len()), (7, 4));
        assert_eq!(lens[3], 3 * 4);
        // Full (4 + 4 092), it starts over: the last 4 are kept.
        for k in 0..LONG_CHUNKS {
            counter.field::<3>(Lang::En, &mut lens, &format!("longchunkoflength{k:05}"));
        }
        assert_eq!(counter.long.len(), 4);
        counter.take();
    }

    #[test]
    fn a_chunk_met_again_is_found_not_cut() {
        let mut counter = Counter::default();
        let mut lens = [0; FIELDS];
        // Sixteen bytes of white space at the end: every chunk can be read at once. And a
        // chunk of sixteen bytes, the longest the memo keeps.
        let text = "Kadıköy'de, 1.5 sn (ölçüm). Kadıköy'de, 1.5 sn (ölçüm). — x \
                    exponentialdelay exponentialdelay                ";
        counter.field::<3>(Lang::Tr, &mut lens, text);
        let first = counter.take();
        // Each chunk is cut once, the slow way: the second of each is found…
        assert_eq!(counter.cuts, 7);
        assert_eq!(counter.slow, 7);
        // …and the forms of those with other than one word are kept apart (`kadıköy`, `de`;
        // `1.5`, `1`, `5`; none for `—`)…
        assert_eq!(counter.memo.many.len(), 2 + 3);
        // …and, met again, counted as they were, all the fast way.
        counter.slow = 0;
        counter.field::<3>(Lang::Tr, &mut lens, text);
        assert_eq!(counter.take(), first);
        assert_eq!(counter.cuts, 7, "nothing more was cut");
        assert_eq!(counter.slow, 0);
        assert_eq!(lens[3], 2 * 17);
    }
}
