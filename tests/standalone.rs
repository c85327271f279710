//! Stand-alone pages: a page with no `section` (and no `published` date) is served at
//! `/LANG/SLUG/`, linked from every page's menu, listed in the sitemap and `llms.txt`, and left
//! out of the section lists and the feeds. A site needs no sections at all.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use sade::build::{build, Options};
use sade::shortcode::Registry;

const ABOUT_TR: &str = "---\ntitle: \"Hakkında\"\ndescription: \"Kim yazıyor\"\n---\n\nMerhaba.\n";
const ABOUT_EN: &str = "---\ntitle: \"About\"\ndescription: \"Who writes\"\n---\n\nHello.\n";

/// Every output but the social cards, as text.
fn outputs(root: &Path) -> BTreeMap<String, String> {
    common::outputs(root)
        .into_iter()
        .filter(|(path, _)| !path.ends_with(".png"))
        .map(|(path, bytes)| (path, String::from_utf8(bytes).unwrap()))
        .collect()
}

fn errors(root: &Path) -> String {
    let built = build(&Options::new(root), &Registry::builtin());
    assert!(built.diagnostics.has_errors(), "expected an error");
    built.diagnostics.render()
}

#[test]
fn a_site_without_sections_or_dates_builds() {
    let site = tempfile::tempdir().unwrap();
    fs::write(
        site.path().join("sade.yaml"),
        "base_url: https://example.com\ndefault_language: en\nauthor: \"A\"\nlanguages:\n  \
         tr: { title: \"T\", description: \"t\" }\n  en: { title: \"E\", description: \"e\" }\n",
    )
    .unwrap();
    fs::create_dir_all(site.path().join("content")).unwrap();
    fs::write(site.path().join("content/about.tr.md"), ABOUT_TR).unwrap();
    fs::write(site.path().join("content/about.en.md"), ABOUT_EN).unwrap();
    let out = outputs(site.path());
    let page = &out["en/about/index.html"];
    assert!(page.contains("<h1>About</h1>"), "{page}");
    assert!(
        !page.contains("page-meta"),
        "no date, no section: no meta line"
    );
    assert!(out["tr/about/index.html"].contains("hreflang=\"en\""));
    // The menu of every page links it, marked on its own page.
    assert!(out["en/index.html"].contains("<a href=\"/en/about/\">About</a>"));
    assert!(page.contains("<a href=\"/en/about/\" aria-current=\"page\">About</a>"));
    // In the sitemap without a date; in no feed.
    let sitemap = &out["sitemap.xml"];
    let entry = sitemap
        .split("<url>")
        .find(|u| u.contains("<loc>https://example.com/en/about/</loc>"))
        .expect("the page is in the sitemap");
    assert!(!entry.contains("<lastmod>"), "{entry}");
    assert!(!out["en/atom.xml"].contains("<entry>"));
    assert!(out["llms.txt"].contains("/en/about/index.md"));
    // The twin leaves out the keys the page does not have.
    let twin = &out["en/about/index.md"];
    assert!(twin.starts_with(
        "---\ntitle: \"About\"\ndescription: \"Who writes\"\nurl: https://example.com/en/about/\n\
         lang: en\nauthor: \"A\"\ntags: []\n---\n"
    ));
}

#[test]
fn stand_alone_pages_stay_out_of_section_lists_and_feeds() {
    let site = common::fixture_site();
    fs::write(site.path().join("content/about.tr.md"), ABOUT_TR).unwrap();
    fs::write(site.path().join("content/about.en.md"), ABOUT_EN).unwrap();
    let out = outputs(site.path());
    for list in ["tr/blog/index.html", "tr/tools/index.html", "tr/index.html"] {
        assert!(
            !out[list].contains("/tr/about/\">Hakkında</a></li>"),
            "{list}"
        );
    }
    assert!(!out["tr/atom.xml"].contains("/tr/about/"));
    // Every page's menu has it, after the sections.
    for page in [
        "tr/tools/calc/index.html",
        "tr/tags/index.html",
        "tr/blog/index.html",
    ] {
        let html = &out[page];
        let nav = &html[html.find("<nav class=\"site-nav\"").unwrap()..];
        let nav = &nav[..nav.find("</nav>").unwrap()];
        assert!(nav.contains("<a href=\"/tr/about/\""), "{page}: {nav}");
        assert!(nav.find("/tr/blog/").unwrap() < nav.find("/tr/about/").unwrap());
    }
}

#[test]
fn a_stand_alone_page_with_a_date_shows_it_and_stays_out_of_the_feed() {
    let site = common::fixture_site();
    fs::write(
        site.path().join("content/contact.en.md"),
        "---\ntitle: \"Contact\"\npublished: 2026-03-01\nweight: 2\n---\n\nMail me.\n",
    )
    .unwrap();
    let out = outputs(site.path());
    let page = &out["en/contact/index.html"];
    assert!(
        page.contains("<p class=\"page-meta\"><time datetime=\"2026-03-01\">March 1, 2026</time>"),
        "{page}"
    );
    assert!(!out["en/atom.xml"].contains("/en/contact/"));
    assert!(out["sitemap.xml"].contains(
        "<loc>https://fixture.example/en/contact/</loc>\n    <lastmod>2026-03-01</lastmod>"
    ));
}

#[test]
fn a_page_in_a_section_still_needs_its_date() {
    let site = common::site_with(&[(
        "blog/x.en.md",
        "---\ntitle: \"X\"\nsection: Post\n---\n\nx\n",
    )]);
    let report = errors(site.path());
    assert!(
        report.contains("error: a page in a section needs a `published` date"),
        "{report}"
    );
    assert!(report.contains("content/blog/x.en.md:3:10"), "{report}");
    assert!(report.contains("or leave `section` out for a stand-alone page"));
}

#[test]
fn a_stand_alone_page_may_not_take_the_place_of_a_list() {
    for (name, taken) in [
        ("tags", "the tag index"),
        ("blog", "the list of section `Post`"),
    ] {
        let site = common::site_with(&[(
            &format!("{name}.en.md") as &str,
            "---\ntitle: \"X\"\n---\n\nx\n",
        )]);
        let report = errors(site.path());
        assert!(
            report.contains(&format!(
                "this stand-alone page would be served at /en/{name}/, where {taken} is"
            )),
            "{report}"
        );
    }
}
