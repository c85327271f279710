//! `sade check` on a fixture with planted problems (each must be found, with its position), on the
//! bundled site (nothing may be found), and the Atom feeds read by a real Atom parser.

mod common;

use sade::build::{build, Options};
use sade::shortcode::Registry;

fn check(root: &std::path::Path) -> (i32, String) {
    let (code, stderr) = common::sade_check(root);
    (code.unwrap(), stderr)
}

#[test]
fn check_finds_every_planted_problem() {
    let site = tempfile::tempdir().unwrap();
    common::copy_tree(
        &common::repo().join("tests/fixtures/check-site"),
        site.path(),
    );
    // An unused UI string, planted in both languages: the site's strings files hold only it,
    // the built-in theme's keys are there beside it.
    std::fs::create_dir_all(site.path().join("templates/strings")).unwrap();
    for lang in ["tr", "en"] {
        let path = site.path().join(format!("templates/strings/{lang}.yaml"));
        std::fs::write(&path, "planted_unused: \"x\"\n").unwrap();
    }
    let (code, report) = check(site.path());
    assert_eq!(code, 0, "warnings only must exit 0:\n{report}");
    insta::assert_snapshot!("planted_warnings", report);
    for needle in [
        "`blog/alone` has no English translation",
        "translations disagree on `section`",
        "translations disagree on `published`",
        "translations disagree on `tags`",
        "`blog/wip` is a draft",
        "UI string `planted_unused` is not used",
        "content/blog/alone.tr.md:1:1",
    ] {
        assert!(report.contains(needle), "missing `{needle}` in:\n{report}");
    }
    // A broken link is an error: exit 1.
    std::fs::write(
        site.path().join("content/blog/alone.tr.md"),
        "---\ntitle: x\npublished: 2026-06-17\nsection: Post\n---\n[kırık](/tr/blog/yok/)\n",
    )
    .unwrap();
    let (code, report) = check(site.path());
    assert_eq!(code, 1, "{report}");
    assert!(report.contains("content/blog/alone.tr.md:6:1"), "{report}");
}

#[test]
fn check_finds_nothing_in_the_bundled_site() {
    let (code, report) = check(&common::repo());
    assert_eq!(code, 0, "{report}");
    assert_eq!(report, "no problems found\n");
}

#[test]
fn feeds_are_valid_atom() {
    let result = build(&Options::new(common::repo()), &Registry::builtin());
    assert!(
        !result.diagnostics.has_errors(),
        "{}",
        result.diagnostics.render()
    );
    for lang in ["tr", "en"] {
        let file = result.outputs.get(&format!("{lang}/atom.xml")).unwrap();
        let text = std::str::from_utf8(&file.bytes).unwrap();
        let feed: atom_syndication::Feed = text.parse().expect("atom parses");
        assert_eq!(feed.lang.as_deref(), Some(lang));
        assert!(feed.id.starts_with("https://sade.dev/"));
        assert!(!feed.entries.is_empty());
        for e in &feed.entries {
            assert!(
                e.id.starts_with(&format!("https://sade.dev/{lang}/")),
                "{}",
                e.id
            );
            assert!(!e.authors.is_empty(), "entry without author");
            assert!(
                e.links.iter().any(|l| l.href == e.id),
                "entry link is not absolute"
            );
            assert!(e.content.as_ref().and_then(|c| c.value.as_ref()).is_some());
            assert!(e.published.is_some());
        }
        assert!(feed.links.iter().any(|l| l.rel == "self"));
    }
}

#[test]
fn drafts_are_left_out_unless_asked_for() {
    let site = common::fixture_named("check-site");
    let plain = build(&Options::new(site.path()), &Registry::builtin());
    assert!(plain.outputs.get("en/blog/wip/index.html").is_none());
    let sitemap = plain.outputs.text("sitemap.xml").unwrap();
    assert!(!sitemap.contains("/wip/"));
    let with = build(
        &Options {
            drafts: true,
            ..Options::new(site.path())
        },
        &Registry::builtin(),
    );
    assert!(with.outputs.get("en/blog/wip/index.html").is_some());
}
