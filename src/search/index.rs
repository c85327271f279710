//! The search index of one language, as files a plain host serves.
//!
//! - The manifest: how many pages, the first key of each word shard, and the text shards. It
//!   is small, and not a file: the search pages carry both languages' (so a first query costs
//!   two rounds of requests, the word shards and then the texts).
//! - Word shards `search/LANG/w.HASH.json`: a contiguous range of the sorted keys (folded word
//!   forms), each with the surface forms that fold to it and the term (stem) of each, and the
//!   postings of every term those forms reach. A query word needs one shard: its key's.
//! - Text shards `search/LANG/t.HASH.json`: for a run of pages, each page's path, title,
//!   section, and its description with the start of its text, for the results and their
//!   excerpts.
//!
//! Each posting holds a page and its score for the term, computed here (BM25F over the title,
//! the tags, the headings and description, and the body, with the page's field lengths), so the
//! browser only adds scores up. A term keeps its best [`MAX_POSTINGS`] pages.

use std::fmt::Write as _;

use foldhash::{HashMap, HashMapExt as _, HashSet, HashSetExt as _};

use crate::i18n::Lang;
use crate::output::OutputFile;

use super::analyze::{fold, Stems};
use super::doc::{Doc, FIELDS};
use super::forms;
use super::words::{has_byte, HIGH_BITS, ONES};

/// How much each field counts (title, tags, headings and description, body).
const WEIGHTS: [f64; FIELDS] = [6.0, 3.0, 2.0, 1.0];
/// BM25's length normalisation per field.
const B: [f64; FIELDS] = [0.5, 0.3, 0.6, 0.75];
/// BM25's saturation.
const K1: f64 = 1.2;
/// The most pages a term keeps (its best by score): a word on every page costs no more than
/// this, and a query only shows the best pages anyway.
pub const MAX_POSTINGS: usize = 160;
/// Scores are kept in 6 bits.
const LEVELS: f64 = 63.0;
/// A word shard is cut after about this many bytes (before compression); the manifest stays
/// short by letting shards grow on big sites (see [`shard_target`]).
const SHARD_BYTES: usize = 12_000;
/// At most this many word shards per language (more bytes in each on a bigger site)…
const MAX_SHARDS: usize = 18;
/// …and this many text shards: with the manifest, 50 files per language at most.
const MAX_TEXT_SHARDS: usize = 31;

/// One language's index: the manifest and the shards.
pub struct Built {
    /// The manifest, JSON; shard paths in it are relative to `search/`.
    pub manifest: String,
    /// The shards, each with its content hash in its name.
    pub files: Vec<OutputFile>,
}

struct Posting {
    doc: u32,
    tf: [u16; FIELDS],
}

/// Builds `lang`'s index from its pages' shares (`docs`, in page order).
/// Its stages are functions kept out of line, so that a profile shows what each one costs.
pub fn build(lang: Lang, docs: &[&Doc]) -> Built {
    let Merged {
        surfaces,
        postings,
        lens,
    } = merge(lang, docs);
    let encoded = score(docs, &postings, lens);
    let mut files = Vec::new();
    let words = word_shards(lang, &surfaces, &encoded, &mut files);
    let (per, texts) = text_shards(lang, docs, &mut files);
    let manifest = manifest(lang, docs.len(), per, &words, &texts);
    Built { manifest, files }
}

/// Every form of the pages (`docs`) with its term, and each term's postings (in page order);
/// with the fields' lengths summed over the pages.
#[inline(never)]
fn merge(lang: Lang, docs: &[&Doc]) -> Merged {
    let stems = Stems::new(lang);
    // Every form's term, by the form's number (`u32::MAX` until the form is first met).
    let table = forms::table();
    let mut term_of: Vec<u32> = vec![u32::MAX; table.forms()];
    let mut surfaces: Vec<(String, u32)> = Vec::new();
    let mut terms: Vec<String> = Vec::new();
    let mut term_ids: HashMap<String, u32> = HashMap::new();
    let mut postings: Vec<Vec<Posting>> = Vec::new();
    let mut lens = [0f64; FIELDS];
    for (d, doc) in docs.iter().enumerate() {
        for (f, len) in lens.iter_mut().enumerate() {
            *len += f64::from(doc.lens[f]);
        }
        for form in &doc.entries {
            let slot = &mut term_of[form.form as usize];
            if *slot == u32::MAX {
                let surface = table.text(form.form);
                let stem = stems.term(surface).into_owned();
                *slot = *term_ids.entry(stem.clone()).or_insert_with(|| {
                    terms.push(stem);
                    (terms.len() - 1) as u32
                });
                surfaces.push((surface.to_string(), *slot));
            }
            let t = *slot;
            if t as usize == postings.len() {
                postings.push(Vec::new());
            }
            let tf = &form.tf;
            let list = &mut postings[t as usize];
            match list.last_mut() {
                Some(p) if p.doc == d as u32 => {
                    for (sum, n) in p.tf.iter_mut().zip(tf) {
                        *sum = sum.saturating_add(*n);
                    }
                }
                _ => list.push(Posting {
                    doc: d as u32,
                    tf: *tf,
                }),
            }
        }
    }
    Merged {
        surfaces,
        postings,
        lens,
    }
}

/// The pages' forms merged ([`merge`]).
struct Merged {
    /// Each form, with its term.
    surfaces: Vec<(String, u32)>,
    /// Each term's postings, in page order.
    postings: Vec<Vec<Posting>>,
    /// Each field's length summed over the pages.
    lens: [f64; FIELDS],
}

/// Each term's postings scored, its best pages kept, and written as the shards carry them.
#[inline(never)]
fn score(docs: &[&Doc], postings: &[Vec<Posting>], lens: [f64; FIELDS]) -> Vec<String> {
    let n = docs.len().max(1) as f64;
    let avg = lens.map(|l| (l / n).max(1.0));
    // Each page's length normalisation per field, once.
    let norms: Vec<[f64; FIELDS]> = docs
        .iter()
        .map(|doc| std::array::from_fn(|f| 1.0 - B[f] + B[f] * f64::from(doc.lens[f]) / avg[f]))
        .collect();
    // Scores, then the best pages of each term.
    let mut bits: Vec<u64> = Vec::new();
    let scored: Vec<Vec<(u32, f64)>> = postings
        .iter()
        .map(|list| {
            let df = list.len() as f64;
            let idf = (1.0 + (n - df + 0.5) / (df + 0.5)).ln();
            let mut s: Vec<(u32, f64)> = list
                .iter()
                .map(|p| {
                    let norm = &norms[p.doc as usize];
                    let tf: f64 = (0..FIELDS)
                        .map(|f| WEIGHTS[f] * f64::from(p.tf[f]) / norm[f])
                        .sum();
                    (p.doc, idf * tf * (K1 + 1.0) / (K1 + tf))
                })
                .collect();
            if s.len() > MAX_POSTINGS {
                keep_best(&mut s, &mut bits);
            }
            s
        })
        .collect();
    let max = scored
        .iter()
        .flatten()
        .map(|p| p.1)
        .fold(f64::MIN_POSITIVE, f64::max);
    let encoded: Vec<String> = scored
        .iter()
        .map(|list| {
            let mut out = String::with_capacity(list.len() * 2);
            let mut last = 0;
            for &(doc, score) in list {
                push_varint(&mut out, doc - last);
                last = doc;
                let q = level(score / max);
                out.push(ALPHABET[q as usize] as char);
            }
            out
        })
        .collect();
    encoded
}

/// The level (1 to [`LEVELS`]) of a score that is `share` of the best, rounded up: `f64::ceil`
/// by a conversion (which truncates) and a compare, not a call.
fn level(share: f64) -> u32 {
    let x = (share * LEVELS).clamp(1.0, LEVELS);
    let floor = x as u32;
    floor + u32::from(f64::from(floor) < x)
}

/// The word shards, added to `files`: the first key and the path of each.
#[inline(never)]
fn word_shards(
    lang: Lang,
    surfaces: &[(String, u32)],
    encoded: &[String],
    files: &mut Vec<OutputFile>,
) -> Vec<(String, String)> {
    // The keys, sorted, each with its forms and their terms.
    let mut keys: Vec<(String, &str, u32)> = surfaces
        .iter()
        .map(|(surface, t)| (fold(surface).into_owned(), surface.as_str(), *t))
        .collect();
    keys.sort_unstable();

    let mut words_manifest = Vec::new();
    let total: usize = keys.iter().map(|k| k.0.len() * 2 + 8).sum::<usize>()
        + encoded.iter().map(|e| e.len() + 3).sum::<usize>();
    let target = shard_target(total);
    let mut start = 0;
    while start < keys.len() {
        let mut end = start;
        let mut size = 0;
        let mut seen: HashSet<u32> = HashSet::new();
        while end < keys.len() && (size < target || end == start || keys[end].0 == keys[end - 1].0)
        {
            let (key, surface, t) = &keys[end];
            size += key.len() + surface.len() + 8;
            if seen.insert(*t) {
                size += encoded[*t as usize].len() + 3;
            }
            end += 1;
        }
        let json = word_shard(&keys[start..end], encoded);
        let path = hashed(lang, 'w', &json);
        words_manifest.push((keys[start].0.clone(), relative(&path)));
        files.push(OutputFile::text(path, json));
        start = end;
    }
    words_manifest
}

/// The text shards, added to `files`: pages per shard, and the path of each.
#[inline(never)]
fn text_shards(lang: Lang, docs: &[&Doc], files: &mut Vec<OutputFile>) -> (usize, Vec<String>) {
    let per = docs.len().div_ceil(MAX_TEXT_SHARDS).max(8);
    let mut texts = Vec::new();
    for chunk in docs.chunks(per) {
        let mut json = String::from("[");
        for (i, doc) in chunk.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            json.push('[');
            push_json_str(&mut json, &doc.path);
            for s in [&doc.title, &doc.section, &doc.excerpt] {
                json.push(',');
                push_json_str(&mut json, s);
            }
            json.push(']');
        }
        json.push_str("]\n");
        let path = hashed(lang, 't', &json);
        texts.push(relative(&path));
        files.push(OutputFile::text(path, json));
    }
    (per, texts)
}

/// The manifest, JSON.
fn manifest(
    lang: Lang,
    pages: usize,
    per: usize,
    words_manifest: &[(String, String)],
    texts: &[String],
) -> String {
    let mut manifest = String::new();
    let _ = write!(
        manifest,
        "{{\"version\":1,\"lang\":\"{}\",\"pages\":{},\"per\":{per},\"words\":[",
        lang.code(),
        pages
    );
    for (i, (key, path)) in words_manifest.iter().enumerate() {
        if i > 0 {
            manifest.push(',');
        }
        manifest.push('[');
        push_json_str(&mut manifest, key);
        manifest.push(',');
        push_json_str(&mut manifest, path);
        manifest.push(']');
    }
    manifest.push_str("],\"texts\":[");
    for (i, path) in texts.iter().enumerate() {
        if i > 0 {
            manifest.push(',');
        }
        push_json_str(&mut manifest, path);
    }
    manifest.push_str("]}");
    manifest
}

/// Keeps the [`MAX_POSTINGS`] best of a term's scored pages (`s`, in page order; ties: the
/// first pages), in page order. The score the last of them has is found by selection among the
/// scores alone (in `bits`, reused: a positive score's bits order as it does); then every page
/// above it is kept, and the first pages at it that are still needed.
fn keep_best(s: &mut Vec<(u32, f64)>, bits: &mut Vec<u64>) {
    bits.clear();
    bits.extend(s.iter().map(|p| p.1.to_bits()));
    let last = *bits
        .select_nth_unstable_by(MAX_POSTINGS - 1, |a, b| b.cmp(a))
        .1;
    let above = bits.iter().filter(|&&b| b > last).count();
    let mut at = MAX_POSTINGS - above;
    s.retain(|p| {
        let b = p.1.to_bits();
        b > last
            || (b == last && at > 0 && {
                at -= 1;
                true
            })
    });
}

/// A word shard's size: [`SHARD_BYTES`], or more when the index would otherwise need more
/// than [`MAX_SHARDS`].
fn shard_target(total: usize) -> usize {
    SHARD_BYTES.max(total.div_ceil(MAX_SHARDS))
}

/// `{"w":[[key,form,term,form,term…],…],"t":[postings…]}`: the terms numbered within the
/// shard; a form equal to its key is written `""`.
fn word_shard(keys: &[(String, &str, u32)], encoded: &[String]) -> String {
    let mut local: HashMap<u32, usize> = HashMap::new();
    let mut order: Vec<u32> = Vec::new();
    let mut out = String::from("{\"w\":[");
    let mut i = 0;
    while i < keys.len() {
        if i > 0 {
            out.push(',');
        }
        out.push('[');
        push_json_str(&mut out, &keys[i].0);
        let key = &keys[i].0;
        while i < keys.len() && keys[i].0 == *key {
            let (_, surface, t) = &keys[i];
            out.push(',');
            push_json_str(&mut out, if surface == key { "" } else { surface });
            let n = *local.entry(*t).or_insert_with(|| {
                order.push(*t);
                order.len() - 1
            });
            let _ = write!(out, ",{n}");
            i += 1;
        }
        out.push(']');
    }
    out.push_str("],\"t\":[");
    for (j, t) in order.iter().enumerate() {
        if j > 0 {
            out.push(',');
        }
        push_json_str(&mut out, &encoded[*t as usize]);
    }
    out.push_str("]}\n");
    out
}

/// The 64 characters postings are written in: each needs no escaping in JSON.
const ALPHABET: &[u8; 64] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";

/// `n` in base 32, least significant digit first; every digit but the last is marked by adding
/// 32.
fn push_varint(out: &mut String, mut n: u32) {
    while n >= 32 {
        out.push(ALPHABET[(32 + (n & 31)) as usize] as char);
        n >>= 5;
    }
    out.push(ALPHABET[n as usize] as char);
}

/// `s` as a JSON string, escaped as `serde_json` escapes it (the same bytes), without a
/// string of its own: runs that need no escape are copied whole.
fn push_json_str(out: &mut String, s: &str) {
    out.push('"');
    let bytes = s.as_bytes();
    let mut run = 0;
    let mut i = 0;
    loop {
        // Eight bytes at a time past those that need no escape.
        while let Some(eight) = bytes.get(i..i + 8) {
            if needs_escape(u64::from_le_bytes(eight.try_into().expect("eight bytes"))) {
                break;
            }
            i += 8;
        }
        let Some(&b) = bytes.get(i) else {
            break;
        };
        i += 1;
        let escape = JSON_ESCAPE[b as usize];
        if escape == 0 {
            continue;
        }
        out.push_str(&s[run..i - 1]);
        run = i;
        out.push('\\');
        if escape == b'u' {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push(char::from(escape));
        }
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// Whether one of the eight bytes of `x` needs an escape in a JSON string: a control
/// character (below `0x20`: the same borrow test [`has_byte`] makes for a zero), `"` or `\\`.
fn needs_escape(x: u64) -> bool {
    let control = x.wrapping_sub(ONES * 0x20) & !x & HIGH_BITS != 0;
    control || has_byte(x, b'"') || has_byte(x, b'\\')
}

/// What a byte becomes in a JSON string after a backslash: 0 for none (kept as it is), `u` for
/// a control character written `\u00XX`.
static JSON_ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 0x20 {
        t[i] = b'u';
        i += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

/// A shard's path as the manifest gives it: from the manifest's folder.
fn relative(path: &str) -> String {
    path.strip_prefix("search/").unwrap_or(path).to_string()
}

/// `search/LANG/KIND.HASH.json` for `contents`.
fn hashed(lang: Lang, kind: char, contents: &str) -> String {
    // FNV-1a, 64 bits: the name only has to change when the bytes do.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in contents.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("search/{}/{kind}.{:012x}.json", lang.code(), h >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let mut s = String::new();
            push_varint(&mut s, n);
            assert_eq!(decode(&s), n, "{s}");
        }
        let mut s = String::new();
        push_varint(&mut s, 31);
        assert_eq!(s.len(), 1);
        s.clear();
        push_varint(&mut s, 32);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them() {
        let all: String = (0u8..0x80).map(char::from).collect();
        for s in [
            "",
            "plain",
            "<script>\"q\" \\ ışık",
            "\u{7f}\u{1f}\u{0}\u{2028}é",
            all.as_str(),
        ] {
            let mut out = String::from("x");
            push_json_str(&mut out, s);
            assert_eq!(out[1..], serde_json::to_string(s).unwrap(), "{s:?}");
        }
        // Every character up to U+00FF at every place of a text that is read eight bytes at a
        // time, next to letters outside ASCII.
        for c in '\0'..='\u{ff}' {
            for at in 0..19 {
                let mut s: Vec<char> = "abcdefgh ışık 12345".chars().collect();
                s[at] = c;
                let s: String = s.into_iter().collect();
                let mut out = String::new();
                push_json_str(&mut out, &s);
                assert_eq!(out, serde_json::to_string(&s).unwrap(), "{s:?}");
            }
        }
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

    #[test]
    fn a_term_keeps_its_best_pages_in_page_order() {
        let mut bits = Vec::new();
        // Scores that repeat: the best, then the first pages among equals.
        let scores: Vec<(u32, f64)> = (0..500u32)
            .map(|d| (d * 2, f64::from((d * 7919) % 40 + 1) / 8.0))
            .collect();
        let mut want = scores.clone();
        want.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        want.truncate(MAX_POSTINGS);
        want.sort_by_key(|p| p.0);
        let mut got = scores.clone();
        keep_best(&mut got, &mut bits);
        assert_eq!(got, want);
        // All equal: the first pages. One more than kept: the worst goes.
        let mut same: Vec<(u32, f64)> = (0..300).map(|d| (d, 1.5)).collect();
        keep_best(&mut same, &mut bits);
        assert_eq!(same, (0..160).map(|d| (d, 1.5)).collect::<Vec<_>>());
        let mut one_more: Vec<(u32, f64)> = (0..=160).map(|d| (d, f64::from(d + 1))).collect();
        keep_best(&mut one_more, &mut bits);
        assert_eq!(one_more.len(), MAX_POSTINGS);
        assert_eq!(one_more[0], (1, 2.0));
    }

    #[test]
    fn shards_grow_past_their_size_only_to_stay_few() {
        assert_eq!(shard_target(1), SHARD_BYTES);
        assert_eq!(shard_target(SHARD_BYTES * MAX_SHARDS), SHARD_BYTES);
        assert_eq!(shard_target(SHARD_BYTES * MAX_SHARDS * 2), SHARD_BYTES * 2);
    }
}
