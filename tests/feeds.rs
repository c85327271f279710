//! Feeds and dates on a test site, read from real outputs: each section's and tag's Atom feed
//! (parsed with atom_syndication), the lists linking them, pages published in the future left
//! out unless asked for (and listed by `sade check`), and `updated` as the sitemap's `lastmod`.

mod common;

use std::collections::BTreeMap;
use std::process::Command;

use sade::build::Options;
use sade::i18n::Date;

fn page(front: &str) -> String {
    format!("---\n{front}\n---\n\nSome text.\n")
}

/// Four English posts (one in the future), a tool, a Turkish post; tags across sections.
fn pages() -> Vec<(&'static str, String)> {
    vec![
        (
            "blog/old.en.md",
            page("title: \"Old\"\npublished: 2026-01-05\nsection: Post\ntags: [\"retry\"]"),
        ),
        (
            "blog/new.en.md",
            page(
                "title: \"New <b> & \\\"quoted\\\"\"\npublished: 2026-03-01\nupdated: 2026-04-02\nsection: Post\ntags: [\"retry\", \"queues\"]",
            ),
        ),
        (
            "blog/mid.en.md",
            page("title: \"Mid\"\npublished: 2026-02-01\nsection: Post"),
        ),
        (
            "blog/later.en.md",
            page("title: \"Later\"\npublished: 2027-01-10\nsection: Post\ntags: [\"retry\"]"),
        ),
        (
            "tools/calc.en.md",
            page("title: \"Calc\"\npublished: 2026-02-10\nsection: Tool\ntags: [\"retry\"]"),
        ),
        (
            "blog/eski.tr.md",
            page("title: \"Eski yazı\"\npublished: 2026-01-05\nsection: Post\ntags: [\"retry\"]"),
        ),
    ]
}

fn outputs(future: bool) -> BTreeMap<String, String> {
    let pages = pages();
    let refs: Vec<(&str, &str)> = pages.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let dir = common::site_with(&refs);
    common::outputs_with(&Options {
        future,
        today: Date::parse("2026-12-03").unwrap(),
        ..Options::new(dir.path())
    })
    .into_iter()
    .filter(|(path, _)| !path.ends_with(".png"))
    .map(|(path, bytes)| (path, String::from_utf8(bytes).unwrap()))
    .collect()
}

fn feed(out: &BTreeMap<String, String>, path: &str) -> atom_syndication::Feed {
    out.get(path)
        .unwrap_or_else(|| panic!("no {path}"))
        .parse()
        .unwrap_or_else(|e| panic!("{path} is not Atom: {e}"))
}

fn titles(feed: &atom_syndication::Feed) -> Vec<String> {
    feed.entries()
        .iter()
        .map(|e| e.title().to_string())
        .collect()
}

#[test]
fn each_section_and_tag_has_a_feed_of_its_own_pages_newest_first() {
    let out = outputs(false);
    let blog = feed(&out, "en/blog/atom.xml");
    assert_eq!(
        titles(&blog),
        ["New <b> & \"quoted\"", "Mid", "Old"],
        "the section's pages, newest first, the future one left out"
    );
    assert_eq!(blog.title().to_string(), "Blog · Fixture site");
    assert_eq!(blog.id(), "https://fixture.example/en/blog/atom.xml");
    let links: Vec<(&str, &str)> = blog.links().iter().map(|l| (l.rel(), l.href())).collect();
    assert!(links.contains(&("self", "https://fixture.example/en/blog/atom.xml")));
    assert!(links.contains(&("alternate", "https://fixture.example/en/blog/")));
    assert_eq!(blog.lang(), Some("en"));
    // A list's feed carries summaries, not bodies; the language's feed keeps its bodies.
    assert!(blog.entries().iter().all(|e| e.content().is_none()));
    assert!(feed(&out, "en/atom.xml")
        .entries()
        .iter()
        .all(|e| e.content().is_some()));
    let newest = &blog.entries()[0];
    assert_eq!(newest.id(), "https://fixture.example/en/blog/new/");
    assert_eq!(newest.updated().to_rfc3339(), "2026-04-02T00:00:00+00:00");

    let tools = feed(&out, "en/tools/atom.xml");
    assert_eq!(titles(&tools), ["Calc"]);

    let tag = feed(&out, "en/tags/retry/atom.xml");
    assert_eq!(titles(&tag), ["New <b> & \"quoted\"", "Calc", "Old"]);
    assert_eq!(tag.title().to_string(), "#retry · Fixture site");
    assert_eq!(
        titles(&feed(&out, "en/tags/queues/atom.xml")),
        ["New <b> & \"quoted\""]
    );
    // Each language lists its own pages.
    assert_eq!(titles(&feed(&out, "tr/tags/retry/atom.xml")), ["Eski yazı"]);
    assert_eq!(titles(&feed(&out, "tr/blog/atom.xml")), ["Eski yazı"]);
    // A section without pages in a language still has a (valid, empty) feed beside its list.
    assert!(feed(&out, "tr/tools/atom.xml").entries().is_empty());
}

#[test]
fn lists_link_their_feeds_in_the_head_and_the_page() {
    let out = outputs(false);
    for (list, feed) in [
        ("en/blog/index.html", "/en/blog/atom.xml"),
        ("en/tags/retry/index.html", "/en/tags/retry/atom.xml"),
        ("tr/blog/index.html", "/tr/blog/atom.xml"),
    ] {
        let html = &out[list];
        let head = &html[..html.find("</head>").unwrap()];
        assert!(
            head.contains(&format!(
                "type=\"application/atom+xml\" title=\"{}",
                if list.contains("tags") {
                    "#retry · "
                } else {
                    ""
                }
            )) && head.contains(&format!("href=\"{feed}\"")),
            "{list}: {head}"
        );
        assert!(
            common::main_of(html).contains(&format!("<a href=\"{feed}\">")),
            "{list} shows no link to {feed}"
        );
    }
    assert!(out["en/blog/index.html"].contains(">This list as an Atom feed</a>"));
    assert!(out["tr/blog/index.html"].contains(">Bu listenin Atom akışı</a>"));
    // Feeds are not pages: the sitemap does not list them.
    assert!(!out["sitemap.xml"].contains("atom.xml"));
}

#[test]
fn a_page_published_after_the_build_day_is_left_out_unless_asked_for() {
    let out = outputs(false);
    assert!(!out.contains_key("en/blog/later/index.html"));
    for (path, text) in &out {
        assert!(
            !text.contains("/en/blog/later/"),
            "{path} links the future page"
        );
    }
    let with = outputs(true);
    assert!(with.contains_key("en/blog/later/index.html"));
    assert_eq!(
        titles(&feed(&with, "en/blog/atom.xml"))[0],
        "Later",
        "with --future it is the newest"
    );
    assert!(with["sitemap.xml"].contains("/en/blog/later/"));
}

#[test]
fn updated_is_the_sitemaps_lastmod() {
    let out = outputs(false);
    let sitemap = &out["sitemap.xml"];
    let entry = &sitemap[sitemap.find("/en/blog/new/</loc>").unwrap()..];
    let entry = &entry[..entry.find("</url>").unwrap()];
    assert!(entry.contains("<lastmod>2026-04-02</lastmod>"), "{entry}");
    let entry = &sitemap[sitemap.find("/en/blog/mid/</loc>").unwrap()..];
    let entry = &entry[..entry.find("</url>").unwrap()];
    assert!(
        entry.contains("<lastmod>2026-02-01</lastmod>"),
        "without updated, the published day: {entry}"
    );
}

/// `sade check` and `sade build` take the build day from SOURCE_DATE_EPOCH.
fn run(cmd: &str, root: &std::path::Path, extra: &[&str], day_secs: u64) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .arg(cmd)
        .arg("--root")
        .arg(root)
        .args(extra)
        .env("SOURCE_DATE_EPOCH", day_secs.to_string())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn check_lists_future_pages_with_their_position_and_the_day_comes_from_source_date_epoch() {
    let pages = pages();
    let refs: Vec<(&str, &str)> = pages.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let dir = common::site_with(&refs);
    // 2026-12-03T12:00:00Z.
    let (ok, err) = run("check", dir.path(), &[], 1_796_299_200);
    assert!(ok, "{err}");
    assert!(
        err.contains(
            "`blog/later` is published on 2027-01-10, in the future, and is left out of the build"
        ),
        "{err}"
    );
    assert!(err.contains("content/blog/later.en.md:3:"), "{err}");
    assert!(err.contains("build with --future to include it"), "{err}");
    // On 2027-01-10 (midnight UTC) it is no longer in the future.
    let (ok, err) = run("check", dir.path(), &[], 1_799_539_200);
    assert!(ok && !err.contains("in the future"), "{err}");
    // --future builds it.
    let (ok, err) = run("build", dir.path(), &["--future"], 1_796_299_200);
    assert!(ok, "{err}");
    assert!(dir.path().join("public/en/blog/later/index.html").exists());
    let (ok, err) = run("build", dir.path(), &[], 1_796_299_200);
    assert!(ok, "{err}");
    assert!(!dir.path().join("public/en/blog/later/index.html").exists());
}
