//! The postings of one language's index: every page's word forms merged into terms (stems),
//! each term's pages scored (BM25F over the title, the tags, the headings and description, and
//! the body, with the pages' field lengths) and written as the word shards carry them. A term
//! keeps its best [`MAX_POSTINGS`] pages.
//!
//! Everything here lives in flat lists (every term's postings one after another, every term's
//! written postings in one text), so that merging and scoring the pages of a big site cost a
//! few passes over them and no list per term.

use foldhash::{HashMap, HashMapExt as _};

use crate::i18n::Lang;

use super::analyze::Stems;
use super::doc::{Doc, FIELDS};
use super::forms;

/// How much each field counts (title, tags, headings and description, body).
const WEIGHTS: [f64; FIELDS] = [6.0, 3.0, 2.0, 1.0];
/// BM25's length normalisation per field.
const B: [f64; FIELDS] = [0.5, 0.3, 0.6, 0.75];
/// BM25's saturation.
const K1: f64 = 1.2;
/// The most pages a term keeps (its best by score): a word on every page costs no more than
/// this, and a query only shows the best pages anyway.
pub const MAX_POSTINGS: usize = 160;
/// [`Best::of`]'s rank, among every fourth score of a term, of the bound it tries: the best
/// [`MAX_POSTINGS`] of all are about the best 40 of those, so this is most likely below them.
const SAMPLED: usize = MAX_POSTINGS * 7 / 20;
/// Scores are kept in 6 bits.
const LEVELS: f64 = 63.0;

/// A page of a term, with the term's counts on it per field.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Posting {
    doc: u32,
    tf: [u16; FIELDS],
}

/// The pages' forms merged ([`merge`]).
pub struct Merged {
    /// Each form, with its term.
    pub surfaces: Vec<(String, u32)>,
    /// Every term's postings, in page order: term `t`'s are `list[starts[t]..ends[t]]`…
    list: Vec<Posting>,
    starts: Vec<u32>,
    ends: Vec<u32>,
    /// Each field's length summed over the pages.
    lens: [f64; FIELDS],
}

impl Merged {
    /// How many terms the pages have.
    fn terms(&self) -> usize {
        self.ends.len()
    }

    /// Term `t`'s postings.
    fn postings(&self, t: usize) -> &[Posting] {
        &self.list[self.starts[t] as usize..self.ends[t] as usize]
    }
}

/// Every form of the pages (`docs`) with its term, and each term's postings (in page order);
/// with the fields' lengths summed over the pages. Two passes: the first numbers the terms and
/// counts how many postings each may have (a page with two forms of a term gives one posting,
/// so this is at most that), which gives each term its place in one list; the second fills it.
#[inline(never)]
pub fn merge(lang: Lang, docs: &[&Doc]) -> Merged {
    let stems = Stems::new(lang);
    // Every form's term, by the form's number (`u32::MAX` until the form is first met).
    let table = forms::table();
    let mut term_of: Vec<u32> = vec![u32::MAX; table.forms()];
    let mut surfaces: Vec<(String, u32)> = Vec::new();
    let mut term_ids: HashMap<String, u32> = HashMap::new();
    // Each term's room: how many of the pages have one of its forms, counted once per form.
    let mut room: Vec<u32> = Vec::new();
    let mut lens = [0f64; FIELDS];
    for doc in docs {
        for (f, len) in lens.iter_mut().enumerate() {
            *len += f64::from(doc.lens[f]);
        }
        for form in &doc.entries {
            let slot = &mut term_of[form.form as usize];
            if *slot == u32::MAX {
                let surface = table.text(form.form);
                let terms = term_ids.len() as u32;
                *slot = *term_ids
                    .entry(stems.term(surface).into_owned())
                    .or_insert(terms);
                surfaces.push((surface.to_string(), *slot));
            }
            match room.get_mut(*slot as usize) {
                Some(n) => *n += 1,
                None => room.push(1),
            }
        }
    }
    let mut starts = Vec::with_capacity(room.len() + 1);
    let mut total = 0u32;
    for n in &room {
        starts.push(total);
        total += n;
    }
    starts.push(total);
    if std::env::var_os("SADE_COUNT").is_some() {
        eprintln!(
            "terms {} postings {} entries {}",
            room.len(),
            total,
            docs.iter().map(|d| d.entries.len()).sum::<usize>()
        );
    }
    let mut ends = starts[..room.len()].to_vec();
    let mut list = vec![Posting::default(); total as usize];
    for (d, doc) in docs.iter().enumerate() {
        let d = d as u32;
        for form in &doc.entries {
            let t = term_of[form.form as usize] as usize;
            let end = &mut ends[t];
            let at = *end as usize;
            match list[..at].last_mut() {
                Some(p) if at > starts[t] as usize && p.doc == d => {
                    for (sum, n) in p.tf.iter_mut().zip(&form.tf) {
                        *sum = sum.saturating_add(*n);
                    }
                }
                _ => {
                    list[at] = Posting {
                        doc: d,
                        tf: form.tf,
                    };
                    *end += 1;
                }
            }
        }
    }
    Merged {
        surfaces,
        list,
        starts,
        ends,
        lens,
    }
}

/// Every term's postings as the word shards carry them, one term's after another's.
pub struct Encoded {
    text: String,
    /// Where each term's end in `text`.
    ends: Vec<usize>,
}

impl Encoded {
    /// Term `t`'s postings, written.
    pub fn get(&self, t: u32) -> &str {
        let t = t as usize;
        let start = if t == 0 { 0 } else { self.ends[t - 1] };
        &self.text[start..self.ends[t]]
    }

    /// The bytes every term's postings take in JSON: each one's text, quotes and a comma.
    pub fn json_bytes(&self) -> usize {
        self.text.len() + 3 * self.ends.len()
    }
}

/// Each term's postings (of `merged`, from `docs`) scored, its best pages kept, and written:
/// each page as the gap from the last (see [`push_varint`]) and its score's level (1 to
/// [`LEVELS`], the share of the index's best score, rounded up) in one character.
#[inline(never)]
pub fn score(docs: &[&Doc], merged: &Merged) -> Encoded {
    let n = docs.len().max(1) as f64;
    let avg = merged.lens.map(|l| (l / n).max(1.0));
    // Each page's length normalisation per field, once.
    let norms: Vec<[f64; FIELDS]> = docs
        .iter()
        .map(|doc| std::array::from_fn(|f| 1.0 - B[f] + B[f] * f64::from(doc.lens[f]) / avg[f]))
        .collect();
    // Every posting's score, in the postings' places; and the best (which every term that has
    // it keeps).
    // (Pushed, not zeroed first and then written: zeroing a list this long is a cost of its own.)
    let mut scores = Vec::with_capacity(merged.list.len());
    let mut max = f64::MIN_POSITIVE;
    for t in 0..merged.terms() {
        let postings = merged.postings(t);
        let df = postings.len() as f64;
        let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
        for p in postings {
            let tf = weighted(&p.tf, &norms[p.doc as usize]);
            let s = idf * tf * (K1 + 1.0) / (K1 + tf);
            // (Scores are never NaN, so this is `f64::max` without its test for one.)
            if s > max {
                max = s;
            }
            scores.push(s);
        }
    }
    let mut text = Vec::with_capacity(merged.list.len() * 2);
    let mut ends = Vec::with_capacity(merged.terms());
    let mut bits = Vec::new();
    let mut scores = scores.as_slice();
    for t in 0..merged.terms() {
        let postings = merged.postings(t);
        let (these, rest) = scores.split_at(postings.len());
        scores = rest;
        let mut best = Best::of(these, &mut bits);
        let mut last = 0;
        for (p, &s) in postings.iter().zip(these) {
            if best.keeps(s) {
                push_varint(&mut text, p.doc - last);
                last = p.doc;
                text.push(ALPHABET[level(s / max) as usize]);
            }
        }
        ends.push(text.len());
    }
    let text = String::from_utf8(text).expect("postings are written in ASCII");
    Encoded { text, ends }
}

/// A posting's counts `tf` weighed by field and normalised by its page's lengths (`norm`).
/// Most postings are in the body alone: theirs is that field's share, the same number the sum
/// gives (its other terms are zeros).
#[inline(always)]
fn weighted(tf: &[u16; FIELDS], norm: &[f64; FIELDS]) -> f64 {
    if tf[..FIELDS - 1].iter().fold(0, |a, b| a | b) == 0 {
        let f = FIELDS - 1;
        return WEIGHTS[f] * f64::from(tf[f]) / norm[f];
    }
    (0..FIELDS)
        .map(|f| WEIGHTS[f] * f64::from(tf[f]) / norm[f])
        .sum()
}

/// The level (1 to [`LEVELS`]) of a score that is `share` of the best, rounded up: `f64::ceil`
/// by a conversion (which truncates) and a compare, not a call.
fn level(share: f64) -> u32 {
    let x = (share * LEVELS).clamp(1.0, LEVELS);
    let floor = x as u32;
    floor + u32::from(f64::from(floor) < x)
}

/// Which of a term's scored pages it keeps: the [`MAX_POSTINGS`] best (ties: the first pages),
/// or all of them when it has no more.
struct Best {
    /// The score (its bits: a positive score's order as it does) the last page kept has…
    last: u64,
    /// …and how many pages at it are still kept.
    at: usize,
}

impl Best {
    /// For a term with pages scored `scores` (in page order). The last kept score is found by
    /// selection among the scores alone (in `bits`, reused); then every page above it is kept,
    /// and the first pages at it that are still needed.
    ///
    /// A term on many pages first looks for a bound among every fourth score: the
    /// [`SAMPLED`]th best of those is most likely below the last kept score. When at least
    /// [`MAX_POSTINGS`] scores reach it, the last kept one is among them (every score above
    /// it is), so the selection runs on those alone; else on all of them.
    fn of(scores: &[f64], bits: &mut Vec<u64>) -> Best {
        if scores.len() <= MAX_POSTINGS {
            return Best {
                last: 0,
                at: usize::MAX,
            };
        }
        let desc = |a: &u64, b: &u64| b.cmp(a);
        bits.clear();
        bits.extend(scores.iter().step_by(4).map(|s| s.to_bits()));
        let bound = if bits.len() > SAMPLED {
            Some(*bits.select_nth_unstable_by(SAMPLED - 1, desc).1)
        } else {
            None
        };
        bits.clear();
        let reach = |bound: u64| scores.iter().filter(|s| s.to_bits() >= bound).count();
        match bound {
            Some(bound) if reach(bound) >= MAX_POSTINGS => {
                bits.extend(scores.iter().map(|s| s.to_bits()).filter(|&b| b >= bound))
            }
            _ => bits.extend(scores.iter().map(|s| s.to_bits())),
        }
        let last = *bits.select_nth_unstable_by(MAX_POSTINGS - 1, desc).1;
        let above = bits.iter().filter(|&&b| b > last).count();
        Best {
            last,
            at: MAX_POSTINGS - above,
        }
    }

    /// Whether the next page, scored `score`, is kept.
    fn keeps(&mut self, score: f64) -> bool {
        let b = score.to_bits();
        b > self.last
            || (b == self.last && self.at > 0 && {
                self.at -= 1;
                true
            })
    }
}

/// The 64 characters postings are written in: each needs no escaping in JSON.
const ALPHABET: &[u8; 64] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/// `n` in base 32, least significant digit first; every digit but the last is marked by adding
/// 32.
fn push_varint(out: &mut Vec<u8>, mut n: u32) {
    while n >= 32 {
        out.push(ALPHABET[(32 + (n & 31)) as usize]);
        n >>= 5;
    }
    out.push(ALPHABET[n as usize]);
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::search::doc::Form;

    #[test]
    fn varints_round_trip() {
        let decode = |s: &str| -> u32 {
            let mut n = 0u32;
            let mut shift = 0;
            for c in s.bytes() {
                let v = ALPHABET.iter().position(|&a| a == c).unwrap() as u32;
                if v >= 32 {
                    n |= (v - 32) << shift;
                    shift += 5;
                } else {
                    return n | (v << shift);
                }
            }
            unreachable!()
        };
        for n in [0, 1, 31, 32, 33, 1023, 1024, 99_999, u32::MAX] {
            let mut s = Vec::new();
            push_varint(&mut s, n);
            let s = String::from_utf8(s).unwrap();
            assert_eq!(decode(&s), n, "{s}");
        }
        let mut s = Vec::new();
        push_varint(&mut s, 31);
        assert_eq!(s.len(), 1);
        s.clear();
        push_varint(&mut s, 32);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn levels_round_up_from_one_to_the_last() {
        for k in 0..=100_000 {
            let share = f64::from(k) / 100_000.0;
            let want = (share * LEVELS).ceil().clamp(1.0, LEVELS) as u32;
            assert_eq!(level(share), want, "{share}");
        }
        let step = 1.0 / LEVELS;
        for n in 1..=63 {
            let share = f64::from(n) * step;
            assert_eq!(level(share), (share * LEVELS).ceil() as u32, "{n}");
            assert_eq!(
                level(share.next_up()),
                (share.next_up() * LEVELS).ceil().min(LEVELS) as u32
            );
        }
        assert_eq!(level(0.0), 1);
        assert_eq!(level(1.0), 63);
    }

    /// The pages (with their scores) that a term scored `scores` keeps.
    fn kept(scores: &[(u32, f64)]) -> Vec<(u32, f64)> {
        let only: Vec<f64> = scores.iter().map(|p| p.1).collect();
        let mut best = Best::of(&only, &mut Vec::new());
        scores.iter().copied().filter(|p| best.keeps(p.1)).collect()
    }

    /// What [`kept`] should give: the best by score (ties: the first pages), in page order.
    fn kept_by_sorting(scores: &[(u32, f64)]) -> Vec<(u32, f64)> {
        let mut want = scores.to_vec();
        want.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        want.truncate(MAX_POSTINGS);
        want.sort_by_key(|p| p.0);
        want
    }

    #[test]
    fn a_term_keeps_its_best_pages_in_page_order() {
        // Scores that repeat: the best, then the first pages among equals.
        let scores: Vec<(u32, f64)> = (0..500u32)
            .map(|d| (d * 2, f64::from((d * 7919) % 40 + 1) / 8.0))
            .collect();
        assert_eq!(kept(&scores), kept_by_sorting(&scores));
        // Every fourth page far above the rest: the bound among every fourth is above the
        // last kept score, too few reach it, and the selection runs on all of them.
        let fourth: Vec<(u32, f64)> = (0..400u32)
            .map(|d| {
                (
                    d,
                    if d % 4 == 0 { 100.0 } else { 1.0 } + f64::from(d) / 1000.0,
                )
            })
            .collect();
        assert_eq!(kept(&fourth), kept_by_sorting(&fourth));
        assert!(kept(&fourth).iter().any(|p| p.0 % 4 != 0));
        // All equal: the first pages. One more than kept: the worst goes. As many as kept, or
        // fewer: all of them, whatever their scores.
        let same: Vec<(u32, f64)> = (0..300).map(|d| (d, 1.5)).collect();
        assert_eq!(kept(&same), same[..MAX_POSTINGS]);
        let one_more: Vec<(u32, f64)> = (0..=160).map(|d| (d, f64::from(d + 1))).collect();
        assert_eq!(kept(&one_more), one_more[1..]);
        let few: Vec<(u32, f64)> = (0..160).map(|d| (d, f64::from(d % 3))).collect();
        assert_eq!(kept(&few), few);
    }

    #[test]
    fn a_term_on_many_pages_selects_among_those_that_reach_the_bound() {
        // 1 000 distinct scores, scattered: the selection runs on those that reach the
        // SAMPLED-th best of every fourth, and finds the 160th best.
        let scores: Vec<f64> = (0..1000u32)
            .map(|d| f64::from(d.wrapping_mul(7919) % 1000) + 1.0)
            .collect();
        let mut bits = Vec::new();
        let best = Best::of(&scores, &mut bits);
        let mut sample: Vec<f64> = scores.iter().step_by(4).copied().collect();
        sample.sort_by(|a, b| b.total_cmp(a));
        let bound = sample[SAMPLED - 1];
        assert_eq!(bits.len(), scores.iter().filter(|&&s| s >= bound).count());
        assert!((MAX_POSTINGS..300).contains(&bits.len()), "{}", bits.len());
        assert_eq!((f64::from_bits(best.last), best.at), (841.0, 1));
        // Every fourth far above the rest: too few reach the bound, and it runs on all.
        let fourth: Vec<f64> = (0..400u32)
            .map(|d| if d % 4 == 0 { 100.0 } else { 1.0 } + f64::from(d) / 1000.0)
            .collect();
        Best::of(&fourth, &mut bits);
        assert_eq!(bits.len(), fourth.len());
        // Too few to sample (every fourth makes SAMPLED, the worst last): all of them.
        let few: Vec<f64> = (0..4 * SAMPLED as u32).rev().map(f64::from).collect();
        Best::of(&few, &mut bits);
        assert_eq!(bits.len(), few.len());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
        /// With the bound among every fourth score or without it, a term keeps what sorting
        /// all its pages would keep: for terms on few pages and many, scores with many ties and
        /// none, and the best pages bunched at the start or the end.
        #[test]
        fn a_term_keeps_what_sorting_keeps(
            n in 150usize..1200,
            levels in proptest::sample::select(vec![3u32, 40, 1000, 1_000_000]),
            seed in 0u32..1000,
            order in 0u8..3,
        ) {
            let mut scores: Vec<(u32, f64)> = (0..n as u32)
                .map(|d| (d, f64::from((d.wrapping_mul(2_654_435_761) ^ seed) % levels + 1) / 7.0))
                .collect();
            if order > 0 {
                let mut by: Vec<f64> = scores.iter().map(|p| p.1).collect();
                by.sort_by(|a, b| if order == 1 { b.total_cmp(a) } else { a.total_cmp(b) });
                for (p, s) in scores.iter_mut().zip(by) {
                    p.1 = s;
                }
            }
            proptest::prop_assert_eq!(kept(&scores), kept_by_sorting(&scores));
        }
    }

    #[test]
    fn weighing_the_body_alone_gives_what_the_sum_gives() {
        let norm = [0.7, 1.3, 0.9, 1.1];
        let sum = |tf: &[u16; FIELDS]| -> f64 {
            (0..FIELDS)
                .map(|f| WEIGHTS[f] * f64::from(tf[f]) / norm[f])
                .sum()
        };
        for tf in [
            [0, 0, 0, 1],
            [0, 0, 0, 7],
            [1, 0, 0, 0],
            [0, 2, 0, 3],
            [0, 0, 1, 0],
            // Other fields whose counts are equal or cancel out bit by bit.
            [1, 1, 0, 2],
            [2, 0, 2, 1],
            [3, 1, 2, 0],
        ] {
            assert_eq!(weighted(&tf, &norm).to_bits(), sum(&tf).to_bits(), "{tf:?}");
        }
        assert_eq!(weighted(&[0, 0, 1, 0], &norm), 2.0 / 0.9);
    }

    /// A page whose share holds `forms` (numbers of the process's table) with counts.
    fn doc(entries: &[(u32, [u16; FIELDS])]) -> Doc {
        Doc {
            entries: entries
                .iter()
                .map(|&(form, tf)| Form { form, tf })
                .collect(),
            lens: [1, 0, 0, 10],
            ..Doc::default()
        }
    }

    #[test]
    fn forms_of_one_term_on_a_page_make_one_posting() {
        // Three forms, two of one stem; numbered by the process's table.
        let numbers: Vec<u32> = ["retries", "retry", "jitter"]
            .iter()
            .map(|w| {
                let doc = Doc::new(
                    Lang::En,
                    "/en/x/",
                    "",
                    &crate::search::Fields {
                        title: w,
                        tags: &[],
                        headings: &[],
                        description: "",
                        text: "",
                    },
                );
                doc.entries[0].form
            })
            .collect();
        let (retries, retry, jitter) = (numbers[0], numbers[1], numbers[2]);
        let a = doc(&[
            (retries, [1, 0, 0, 2]),
            (jitter, [0, 0, 0, 1]),
            (retry, [0, 1, 0, 3]),
        ]);
        let b = doc(&[(jitter, [0, 0, 0, 4])]);
        let c = doc(&[(retry, [0, 0, 0, 1]), (retries, [0, 0, 0, 1])]);
        let merged = merge(Lang::En, &[&a, &b, &c]);
        assert_eq!(merged.terms(), 2);
        let term = |form: u32| {
            let text = forms::table().text(form).to_string();
            merged.surfaces.iter().find(|s| s.0 == text).unwrap().1 as usize
        };
        assert_eq!(term(retries), term(retry));
        let postings = |form: u32| -> Vec<(u32, [u16; FIELDS])> {
            let list = merged.postings(term(form));
            list.iter().map(|p| (p.doc, p.tf)).collect()
        };
        assert_eq!(postings(retry), [(0, [1, 1, 0, 5]), (2, [0, 0, 0, 2])]);
        assert_eq!(postings(jitter), [(0, [0, 0, 0, 1]), (1, [0, 0, 0, 4])]);
        assert_eq!(merged.lens, [3.0, 0.0, 0.0, 30.0]);
        // Written: each term's pages as gaps, with their levels.
        let encoded = score(&[&a, &b, &c], &merged);
        let pages = |t: usize| -> Vec<u8> {
            let s = encoded.get(t as u32).as_bytes();
            s.iter().step_by(2).copied().collect()
        };
        assert_eq!(pages(term(retry)), b"02");
        assert_eq!(pages(term(jitter)), b"01");
    }
}
