//! `sade init` and `sade new`, as the binary a person runs: a new site that builds and checks
//! clean at once, a folder that is not empty refused, and a new translation pair that shows in
//! both languages after a build. (The new site's HTML is validated and checked with axe in
//! tests/browser_a11y.rs.)

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

fn sade(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every file below `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| sade::output::relative(dir, e.path()))
        .collect();
    v.sort();
    v
}

/// Today as `sade new` writes it (UTC), and the day before, for a test that runs across midnight.
fn today_or_yesterday() -> [String; 2] {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
        / 86_400;
    [days, days - 1].map(|d| sade::i18n::Date::from_days(d).iso())
}

#[test]
fn init_makes_a_site_that_builds_and_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = sade(dir.path(), &["init", "site"]);
    assert_eq!(code, Some(0), "{stderr}");
    let site = dir.path().join("site");
    assert_eq!(
        files(&site),
        [
            ".gitignore",
            "content/about.en.md",
            "content/about.tr.md",
            "content/blog/first-retries.en.md",
            "content/blog/first-retries.tr.md",
            "sade.yaml"
        ]
    );
    let post = fs::read_to_string(site.join("content/blog/first-retries.en.md")).unwrap();
    let dates = today_or_yesterday();
    assert!(
        dates
            .iter()
            .any(|d| post.contains(&format!("published: {d}\n"))),
        "{post}"
    );
    let (code, stderr) = sade(&site, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    let (code, stderr) = sade(&site, &["check"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stderr.trim(), "no problems found", "check is clean");
    let public = site.join("public");
    for (page, needles) in [
        (
            "en/blog/first-retries/index.html",
            &[
                "<table class=\"backoff-table\">",
                "<code class=\"language-python\">",
            ][..],
        ),
        (
            "tr/blog/first-retries/index.html",
            &["<table class=\"backoff-table\">", "hreflang=\"en\""][..],
        ),
        ("en/about/index.html", &["<h1>About</h1>"][..]),
        ("tr/about/index.html", &["<h1>Hakkında</h1>"][..]),
        (
            "en/index.html",
            &[
                "<a href=\"/en/about/\">About</a>",
                "/en/blog/first-retries/",
            ][..],
        ),
    ] {
        let html = fs::read_to_string(public.join(page)).unwrap();
        for needle in needles {
            assert!(html.contains(needle), "{page} lacks {needle}");
        }
    }
    assert!(public.join("style.css").is_file() && public.join("js/calculator.js").is_file());
    // The output and the cards' cache are kept out of version control.
    assert!(public.join("en/blog/first-retries/card.png").is_file());
    assert!(site.join(".sade/cache/cards").is_dir());
    let ignore = fs::read_to_string(site.join(".gitignore")).unwrap();
    let lines: Vec<&str> = ignore.lines().collect();
    assert!(
        lines.contains(&"/public/") && lines.contains(&"/.sade/"),
        "{ignore}"
    );
}

#[test]
fn init_into_the_current_empty_folder() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stderr) = sade(dir.path(), &["init"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(dir.path().join("sade.yaml").is_file());
}

#[test]
fn init_refuses_a_folder_that_is_not_empty() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    let (code, stderr) = sade(dir.path(), &["init", "."]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("is not empty (it has notes.txt): sade init writes a new site only into a new or empty folder"),
        "{stderr}"
    );
    assert!(stderr.contains("help: name a new folder"), "{stderr}");
    assert_eq!(files(dir.path()), ["notes.txt"], "nothing was written");
}

#[test]
fn new_adds_a_translation_pair_that_builds_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(sade(dir.path(), &["init", "site"]).0, Some(0));
    let site = dir.path().join("site");
    let (code, stderr) = sade(&site, &["new", "blog/first-post"]);
    assert_eq!(code, Some(0), "{stderr}");
    for lang in ["tr", "en"] {
        let text =
            fs::read_to_string(site.join(format!("content/blog/first-post.{lang}.md"))).unwrap();
        let dated = today_or_yesterday().iter().any(|d| {
            text.starts_with(&format!(
                "---\ntitle: \"First post\"\ndescription: \"\"\npublished: {d}\nsection: Post\ntags: []\n---\n"
            ))
        });
        assert!(dated, "{text}");
    }
    let (code, stderr) = sade(&site, &["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    for lang in ["tr", "en"] {
        let html =
            fs::read_to_string(site.join(format!("public/{lang}/blog/first-post/index.html")))
                .unwrap();
        assert!(html.contains("<h1>First post</h1>"));
        let list = fs::read_to_string(site.join(format!("public/{lang}/blog/index.html"))).unwrap();
        assert!(list.contains(&format!("/{lang}/blog/first-post/")));
    }
    // Asked again, it refuses and leaves the pages as they are.
    let before = fs::read_to_string(site.join("content/blog/first-post.tr.md")).unwrap();
    let (code, stderr) = sade(&site, &["new", "blog/first-post"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains(
            "content/blog/first-post.tr.md already exists; sade new does not overwrite a page"
        ),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(site.join("content/blog/first-post.tr.md")).unwrap(),
        before
    );
}

#[test]
fn new_without_a_folder_makes_a_stand_alone_page() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(sade(dir.path(), &["init"]).0, Some(0));
    let (code, stderr) = sade(dir.path(), &["new", "contact"]);
    assert_eq!(code, Some(0), "{stderr}");
    let text = fs::read_to_string(dir.path().join("content/contact.en.md")).unwrap();
    assert_eq!(
        text,
        "---\ntitle: \"Contact\"\ndescription: \"\"\n---\n\nWrite here.\n"
    );
    assert_eq!(sade(dir.path(), &["build"]).0, Some(0));
    let home = fs::read_to_string(dir.path().join("public/en/index.html")).unwrap();
    assert!(home.contains("<a href=\"/en/contact/\">Contact</a>"));
}

#[test]
fn new_names_the_sections_when_the_folder_is_none_of_them() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(sade(dir.path(), &["init"]).0, Some(0));
    let (code, stderr) = sade(dir.path(), &["new", "blgo/x"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("error: no section of sade.yaml has the path `blgo`"),
        "{stderr}"
    );
    assert!(stderr.contains("did you mean `blog`?"), "{stderr}");
    assert!(
        stderr.contains(
            "sections in sade.yaml: blog/ (Post); or `sade new x` for a stand-alone page"
        ),
        "{stderr}"
    );
    let (code, stderr) = sade(dir.path(), &["new", "blog/İlk Yazı"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("write `ilk-yazi`"), "{stderr}");
    assert!(!dir.path().join("content/blgo").exists());
    // Outside a site.
    let empty = tempfile::tempdir().unwrap();
    let (code, stderr) = sade(empty.path(), &["new", "x"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("sade.yaml"), "{stderr}");
}
