//! The postings of one language's index: every page's word forms merged into terms (stems),
//! each term's pages scored (BM25F over the title, the tags, the headings and description, and
//! the body, with the pages' field lengths) and written as the word shards carry them. A term
//! keeps its best [`MAX_POSTINGS`] pages.
//!
//! Three passes, each a function kept out of line (so a profile shows what each costs):
//! [`merge`] numbers the terms and counts each one's pages, which gives each term its place in
//! one list of postings; [`score`] goes through the pages once, scoring each page's terms
//! straight into their places; [`encode`] keeps each term's best pages and writes them.
//! Everything lives in flat lists (every term's postings one after another, every term's
//! written postings in one text): no list per term.

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

/// The pages' forms numbered into terms ([`merge`]).
pub struct Merged {
    /// Each form, with its term.
    pub surfaces: Vec<(String, u32)>,
    /// Each form's term, by the form's number (`u32::MAX` for a form on none of the pages).
    term_of: Vec<u32>,
    /// How many of the pages have each term.
    df: Vec<u32>,
    /// Each field's length summed over the pages.
    lens: [f64; FIELDS],
}

/// Every form of the pages (`docs`) with its term, how many pages have each term, and the
/// fields' lengths summed over the pages.
#[inline(never)]
pub fn merge(lang: Lang, docs: &[&Doc]) -> Merged {
    let stems = Stems::new(lang);
    let table = forms::table();
    let mut term_of: Vec<u32> = vec![u32::MAX; table.forms()];
    let mut surfaces: Vec<(String, u32)> = Vec::new();
    let mut term_ids: HashMap<String, u32> = HashMap::new();
    // Each term's pages so far, and the last of them (so that two forms of a term on one
    // page count it once).
    let mut df: Vec<u32> = Vec::new();
    let mut last: Vec<u32> = Vec::new();
    let mut lens = [0f64; FIELDS];
    for (d, doc) in docs.iter().enumerate() {
        let d = d as u32;
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
            let t = *slot as usize;
            match last.get_mut(t) {
                Some(l) if *l == d => {}
                Some(l) => {
                    *l = d;
                    df[t] += 1;
                }
                None => {
                    last.push(d);
                    df.push(1);
                }
            }
        }
    }
    Merged {
        surfaces,
        term_of,
        df,
        lens,
    }
}

/// Every term's pages, in page order, each with its score for the term ([`score`]).
pub struct Scored {
    /// Term `t`'s postings are `pages[starts[t]..starts[t + 1]]`, with `scores` in the same
    /// places.
    pages: Vec<u32>,
    scores: Vec<f64>,
    starts: Vec<u32>,
    /// The best score.
    max: f64,
}

impl Scored {
    /// How many terms there are.
    fn terms(&self) -> usize {
        self.starts.len() - 1
    }

    /// Term `t`'s pages and their scores.
    fn postings(&self, t: usize) -> (&[u32], &[f64]) {
        let range = self.starts[t] as usize..self.starts[t + 1] as usize;
        (&self.pages[range.clone()], &self.scores[range])
    }
}

/// A term while its pages are scored: where its next posting goes, its idf, and the last page
/// it was on with its counts there (summed over the page's forms of it so far).
#[derive(Clone, Copy)]
struct Open {
    next: u32,
    page: u32,
    tf: [u16; FIELDS],
    idf: f64,
}

/// Each term's pages (of `merged`, from `docs`) scored by BM25F, page by page: a page's form
/// of a term is scored where the term's posting for the page goes, and another form of the
/// same term on the page sums its counts into that posting and scores it again.
#[inline(never)]
pub fn score(docs: &[&Doc], merged: &Merged) -> Scored {
    let n = docs.len().max(1) as f64;
    let avg = merged.lens.map(|l| (l / n).max(1.0));
    let mut starts = Vec::with_capacity(merged.df.len() + 1);
    let mut total = 0u32;
    let mut open: Vec<Open> = Vec::with_capacity(merged.df.len());
    for &df in &merged.df {
        starts.push(total);
        open.push(Open {
            next: total,
            page: u32::MAX,
            tf: [0; FIELDS],
            idf: (1.0 + (n - f64::from(df) + 0.5) / (f64::from(df) + 0.5)).ln(),
        });
        total += df;
    }
    starts.push(total);
    // Every place is written once the pages are through (checked below), so the lists are not
    // zeroed first: zeroing them cost about one instruction a byte.
    let total = total as usize;
    let mut pages: Vec<u32> = Vec::with_capacity(total);
    let mut scores: Vec<f64> = Vec::with_capacity(total);
    let page_at = &mut pages.spare_capacity_mut()[..total];
    let score_at = &mut scores.spare_capacity_mut()[..total];
    let mut max = f64::MIN_POSITIVE;
    for (d, doc) in docs.iter().enumerate() {
        let d = d as u32;
        // The page's length normalisation per field.
        let norm: [f64; FIELDS] =
            std::array::from_fn(|f| 1.0 - B[f] + B[f] * f64::from(doc.lens[f]) / avg[f]);
        for form in &doc.entries {
            let term = &mut open[merged.term_of[form.form as usize] as usize];
            // The page's first form of the term (the usual case) is weighed from its own counts;
            // another sums its counts into those.
            let (at, tf) = if term.page != d {
                term.page = d;
                term.tf = form.tf;
                term.next += 1;
                (term.next - 1, weighted(&form.tf, &norm))
            } else {
                for (sum, n) in term.tf.iter_mut().zip(&form.tf) {
                    *sum = sum.saturating_add(*n);
                }
                (term.next - 1, weighted(&term.tf, &norm))
            };
            let s = term.idf * tf * (K1 + 1.0) / (K1 + tf);
            // (Scores are never NaN, so this is `f64::max` without its test for one. A page's
            // second form of a term only raises the term's score there.)
            if s > max {
                max = s;
            }
            page_at[at as usize].write(d);
            score_at[at as usize].write(s);
        }
    }
    // Each term was on as many pages as `merge` counted, so its places, and with them all of
    // them, were written: a term writes its first posting at its start and each next one at
    // the place after (another form on the same page writes the same place again).
    let full = open
        .iter()
        .zip(&starts[1..])
        .all(|(term, &end)| term.next == end);
    assert!(full, "every term's postings fill its places");
    // SAFETY: every place below `total` was written (just checked), and each list has room for
    // `total`.
    unsafe {
        pages.set_len(total);
        scores.set_len(total);
    }
    Scored {
        pages,
        scores,
        starts,
        max,
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

/// Each term's postings (`scored`) with its best pages kept, and written: each page as the gap
/// from the last (see [`push_varint`]) and its score's level (1 to [`LEVELS`], the share of the
/// index's best score, rounded up) in one character.
#[inline(never)]
pub fn encode(scored: &Scored) -> Encoded {
    let mut text = Vec::with_capacity(scored.pages.len() * 2);
    let mut ends = Vec::with_capacity(scored.terms());
    let mut bits = Vec::new();
    for t in 0..scored.terms() {
        let (pages, scores) = scored.postings(t);
        let mut best = Best::of(scores, &mut bits);
        let mut last = 0;
        for (&page, &s) in pages.iter().zip(scores) {
            if best.keeps(s) {
                push_varint(&mut text, page - last);
                last = page;
                text.push(ALPHABET[level(s / scored.max) as usize]);
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
mod tests;
