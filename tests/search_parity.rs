//! The browser analyses a query as the build analysed the pages: `static/js/search.js`'s
//! `words`, `lower` and `fold` give, in Node, what `sade::search::analyze` gives, on text with
//! every case the index depends on (Turkish I/ı/İ/i, apostrophe suffixes, identifiers joined by
//! `.` and `_`, numbers, combining accents, other scripts).
//!
//! Needs node: without it `cargo test` lists the test as ignored; under `CI` it fails.

mod common;

use std::process::Command;

use sade::i18n::Lang;
use sade::search::analyze::{fold, lower, words};

const TEXTS: &[&str] = &[
    "IŞIK ölçümü, gün ışığı ve İSTANBUL'da Kadıköy’e bir yolculuk.",
    "ImportError ile ModuleNotFoundError: urllib3.util.Retry, max_attempts=5, v1.2.3",
    "İzmir–Isparta hattı: 3.5 ms, %80 doluluk; ÇĞIİÖŞÜ çğıiöşü",
    "Crème brûlée déjà vu — naïve façade; résumé “quotes” don't",
    "e-posta, k8s_cluster.node-pool; _private __dunder__ a.b. .c",
    "Ελληνικά ΣΊΣΥΦΟΣ, кириллица ПРИВЕТ, 日本語のテキスト, emoji 🙂 ok",
    "e\u{301}te\u{301} (combining accents), ﬁ ligature, ＦＵＬＬ width, ǅemal ǄEMAL",
    "a:b a::b 1,5 1,,5 3.5 3..5 x.1 1.x l’eau l'eau 'quoted' don’t. __a_b__ _ __ a_1 1_a",
    "Σ·Σ a·b «Türkçe» “tırnak” – tire — uzun… 10°C %50 €5 §3 x×y",
    "ş:ğ a.b.c. .d e. f' 'g h,i 1;2 1;a a;1 ŞİMDİ'Yİ İ'DE",
];

fn rust_side() -> serde_json::Value {
    let mut out = Vec::new();
    for text in TEXTS {
        for lang in Lang::ALL {
            let mut ws = Vec::new();
            words(text, lang, |w| {
                let l = lower(w, lang).into_owned();
                let f = fold(&l).into_owned();
                ws.push(serde_json::json!([w, l, f]));
            });
            out.push(serde_json::json!({ "text": text, "lang": lang.code(), "words": ws }));
        }
    }
    serde_json::Value::Array(out)
}

fn the_browser_analyses_queries_as_the_build_analyses_pages() {
    let expected = rust_side();
    let script = r#"
const { words, lower, fold } = require(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(({ text, lang }) => ({
  text,
  lang,
  words: words(text, lang).map((w) => { const l = lower(w, lang); return [w, l, fold(l)]; }),
}));
process.stdout.write(JSON.stringify(out));
"#;
    let mut child = Command::new("node")
        .arg("-e")
        .arg(script)
        .arg(common::repo().join("static/js/search.js"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(expected.to_string().as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for (e, g) in expected
        .as_array()
        .unwrap()
        .iter()
        .zip(got.as_array().unwrap())
    {
        assert_eq!(g, e, "search.js and sade::search::analyze differ");
    }
}

/// A word that matches nothing is tried as a typo (every word shard of its first letter) in
/// the page's own index only: in the other language's, that second round of requests would
/// mostly find noise.
fn typos_are_tried_in_the_pages_own_language_only() {
    let script = r#"
const { Index } = require(process.argv[1]);
const manifest = {
  version: 1, lang: "en", pages: 1, per: 8,
  words: [["a", "w.a.json"], ["k", "w.k1.json"], ["kz", "w.k2.json"]],
  texts: ["t.0.json"],
};
const shards = {
  "w.a.json": { w: [["alpha", "", 0]], t: ["01"] },
  "w.k1.json": { w: [["kuyruk", "", 0]], t: ["01"] },
  "w.k2.json": { w: [["kzz", "", 0]], t: ["01"] },
};
(async () => {
  const out = {};
  for (const typos of [true, false]) {
    const asked = [];
    const index = new Index(manifest, "/search/", async (url) => {
      asked.push(url);
      return shards[url.replace("/search/", "")];
    });
    const { hits } = await index.search("kuyrukk", typos);
    out[typos] = { asked: asked.sort(), hits: hits.length };
  }
  process.stdout.write(JSON.stringify(out));
})();
"#;
    let out = Command::new("node")
        .arg("-e")
        .arg(script)
        .arg(common::repo().join("static/js/search.js"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        got,
        serde_json::json!({
            // `kuyrukk` is one letter from `kuyruk`: found, after asking for every `k` shard.
            "true": { "asked": ["/search/w.k1.json", "/search/w.k2.json"], "hits": 1 },
            "false": { "asked": ["/search/w.k1.json"], "hits": 0 },
        })
    );
}

fn main() {
    let missing = if common::runs("node") {
        Vec::new()
    } else {
        vec!["`node`".to_string()]
    };
    common::run_trials(vec![
        common::needing(
            "the_browser_analyses_queries_as_the_build_analyses_pages",
            missing.clone(),
            the_browser_analyses_queries_as_the_build_analyses_pages,
        ),
        common::needing(
            "typos_are_tried_in_the_pages_own_language_only",
            missing,
            typos_are_tried_in_the_pages_own_language_only,
        ),
    ]);
}
