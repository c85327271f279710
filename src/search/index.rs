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
//! Each posting holds a page and its score for the term, computed here ([`super::postings`]),
//! so the browser only adds scores up.

use std::fmt::Write as _;

use foldhash::{HashMap, HashMapExt as _, HashSet, HashSetExt as _};

use super::postings::{encode, merge, score, Encoded};

use crate::i18n::Lang;
use crate::output::OutputFile;

use super::analyze::fold;
use super::doc::Doc;
use super::words::{has_byte, HIGH_BITS, ONES};

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

/// Builds `lang`'s index from its pages' shares (`docs`, in page order).
/// Its stages are functions kept out of line, so that a profile shows what each one costs.
pub fn build(lang: Lang, docs: &[&Doc]) -> Built {
    let merged = merge(lang, docs);
    let encoded = encode(&score(docs, &merged));
    let mut files = Vec::new();
    let words = word_shards(lang, &merged.surfaces, &encoded, &mut files);
    let (per, texts) = text_shards(lang, docs, &mut files);
    let manifest = manifest(lang, docs.len(), per, &words, &texts);
    Built { manifest, files }
}

/// The word shards, added to `files`: the first key and the path of each.
#[inline(never)]
fn word_shards(
    lang: Lang,
    surfaces: &[(String, u32)],
    encoded: &Encoded,
    files: &mut Vec<OutputFile>,
) -> Vec<(String, String)> {
    // The keys, sorted, each with its forms and their terms.
    let mut keys: Vec<(String, &str, u32)> = surfaces
        .iter()
        .map(|(surface, t)| (fold(surface).into_owned(), surface.as_str(), *t))
        .collect();
    keys.sort_unstable();

    let mut words_manifest = Vec::new();
    let total: usize = keys.iter().map(|k| k.0.len() * 2 + 8).sum::<usize>() + encoded.json_bytes();
    let target = shard_target(total);
    let mut start = 0;
    // The terms of the shard being made (one set for every shard: it keeps its room).
    let mut seen: HashSet<u32> = HashSet::new();
    while start < keys.len() {
        let mut end = start;
        let mut size = 0;
        seen.clear();
        while end < keys.len() && (size < target || end == start || keys[end].0 == keys[end - 1].0)
        {
            let (key, surface, t) = &keys[end];
            size += key.len() + surface.len() + 8;
            if seen.insert(*t) {
                size += encoded.get(*t).len() + 3;
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

/// A word shard's size: [`SHARD_BYTES`], or more when the index would otherwise need more
/// than [`MAX_SHARDS`].
fn shard_target(total: usize) -> usize {
    SHARD_BYTES.max(total.div_ceil(MAX_SHARDS))
}

/// `{"w":[[key,form,term,form,term…],…],"t":[postings…]}`: the terms numbered within the
/// shard; a form equal to its key is written `""`.
fn word_shard(keys: &[(String, &str, u32)], encoded: &Encoded) -> String {
    let mut local: HashMap<u32, usize> = HashMap::with_capacity(keys.len());
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
        // Postings are written in characters that need no escape.
        out.push('"');
        out.push_str(encoded.get(*t));
        out.push('"');
    }
    out.push_str("]}\n");
    out
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
    fn shards_grow_past_their_size_only_to_stay_few() {
        assert_eq!(shard_target(1), SHARD_BYTES);
        assert_eq!(shard_target(SHARD_BYTES * MAX_SHARDS), SHARD_BYTES);
        assert_eq!(shard_target(SHARD_BYTES * MAX_SHARDS * 2), SHARD_BYTES * 2);
    }
}
