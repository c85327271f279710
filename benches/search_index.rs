//! The search index's own work, apart from the rest of the build: every page's share
//! ([`Doc::new`]) and then both languages' indexes ([`index::build`]), over the pages of a
//! site sade has built (their `<article>`s stand for the rendered bodies).
//!
//! Usage: `cargo bench --bench search_index -- BUILT_SITE [ROUNDS]`; with valgrind, the
//! instructions of the index alone:
//! `valgrind --tool=cachegrind --cache-sim=no target/release/deps/search_index-* BUILT_SITE`.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use sade::i18n::Lang;
use sade::search::{index, Doc, Fields};

struct Page {
    lang: Lang,
    path: String,
    title: String,
    html: String,
    /// Its text, as [`sade::markdown::text::html_text`] takes it from the HTML (a build takes it
    /// from the markdown's events instead).
    text: String,
}

fn pages(site: &Path) -> Vec<Page> {
    let mut pages = Vec::new();
    for (dir, lang) in [("tr", Lang::Tr), ("en", Lang::En)] {
        for entry in walkdir::WalkDir::new(site.join(dir)).sort_by_file_name() {
            let entry = entry.expect("a readable site");
            if entry.file_name() != "index.html" {
                continue;
            }
            let text = std::fs::read_to_string(entry.path()).expect("a page");
            let Some(start) = text.find("<article") else {
                continue;
            };
            let end = text[start..]
                .find("</article>")
                .map_or(text.len(), |e| start + e);
            let title = text
                .split_once("<h1>")
                .and_then(|(_, rest)| rest.split_once("</h1>"))
                .map_or(String::new(), |(t, _)| t.to_string());
            pages.push(Page {
                lang,
                path: entry.path().display().to_string(),
                title,
                html: text[start..end].to_string(),
                text: sade::markdown::text::html_text(&text[start..end]),
            });
        }
    }
    pages
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let site = args.next().unwrap_or_else(|| {
        eprintln!("usage: search_index BUILT_SITE [ROUNDS]");
        std::process::exit(2)
    });
    let rounds: usize = args
        .next()
        .map_or(1, |r| r.parse().expect("a number of rounds"));
    let pages = pages(Path::new(&site));
    let bytes: usize = pages.iter().map(|p| p.html.len()).sum();
    // SEARCH_STAGE=text: only the pages' text; =words: the text cut into words, not counted
    // (=spans: keyed, as the index's counter gets them);
    // =docs: the pages' shares, no index.
    let stage = std::env::var("SEARCH_STAGE").unwrap_or_default();
    if !stage.is_empty() && stage != "docs" {
        let mut n = 0usize;
        for _ in 0..rounds {
            for p in &pages {
                let text = sade::markdown::text::html_text(&p.html);
                if stage == "spans" {
                    sade::search::words::keyed_spans(&text, p.lang, |from, to, key| {
                        n += from ^ to;
                        if let sade::search::words::Key::Short(lo, hi, _) = key {
                            n += (lo ^ hi) as usize & 1;
                        }
                    });
                } else if stage == "words" {
                    sade::search::words::marked_words(&text, p.lang, |w, c| {
                        n += w.len() + usize::from(c);
                    });
                }
                n += black_box(text).len();
            }
        }
        println!("{stage}: {n}");
        return;
    }
    for _ in 0..rounds {
        let t0 = Instant::now();
        let docs: Vec<(Lang, Doc)> = pages
            .iter()
            .map(|p| {
                let fields = Fields {
                    title: &p.title,
                    tags: &[],
                    headings: &[],
                    description: "",
                    text: &p.text,
                };
                (p.lang, Doc::new(p.lang, &p.path, "", &fields))
            })
            .collect();
        let t1 = Instant::now();
        if stage == "docs" {
            let forms: usize = docs.iter().map(|d| d.1.entries.len()).sum();
            println!(
                "docs: {forms} forms in {:.1} ms",
                (t1 - t0).as_secs_f64() * 1e3
            );
            continue;
        }
        let mut files = 0;
        for lang in [Lang::Tr, Lang::En] {
            let of: Vec<&Doc> = docs.iter().filter(|d| d.0 == lang).map(|d| &d.1).collect();
            files += black_box(index::build(lang, &of)).files.len();
        }
        let t2 = Instant::now();
        println!(
            "{} pages, {:.1} MB of HTML: pages' shares {:.1} ms, indexes {:.1} ms ({files} files)",
            pages.len(),
            bytes as f64 / 1e6,
            (t1 - t0).as_secs_f64() * 1e3,
            (t2 - t1).as_secs_f64() * 1e3,
        );
    }
}
