//! The built-in theme: a site with only `sade.yaml` and `content/` builds with sade's own
//! templates, strings and static files; a file of the site's own under `templates/` or `static/`
//! replaces the built-in one of the same name, and changes only what that file renders.

mod common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use sade::build::{build, Options};
use sade::shortcode::Registry;

use common::outputs;

/// The paths whose bytes differ between two builds (or that only one has).
fn differences(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let paths: std::collections::BTreeSet<&String> = a
        .keys()
        .chain(b.keys())
        .filter(|p| a.get(*p) != b.get(*p))
        .collect();
    paths.into_iter().cloned().collect()
}

fn write(site: &Path, rel: &str, text: &str) {
    let path = site.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

#[test]
fn a_site_of_sade_yaml_and_content_builds_with_the_built_in_theme() {
    let site = common::fixture_site();
    assert!(!site.path().join("templates").exists() && !site.path().join("static").exists());
    let built_in = outputs(site.path());
    for path in [
        "tr/index.html",
        "en/tools/calc/index.html",
        "style.css",
        "js/calculator.js",
        "404.html",
    ] {
        assert!(built_in.contains_key(path), "{path} is missing");
    }
    let page = String::from_utf8(built_in["en/tools/calc/index.html"].clone()).unwrap();
    assert!(page.contains("<link rel=\"stylesheet\" href=\"/style.css\">"));
    // The same site with a copy of the repository's templates/ and static/ (the theme's source)
    // as its own: the same bytes.
    let copied = common::fixture_site();
    common::copy_tree(
        &common::repo().join("templates"),
        &copied.path().join("templates"),
    );
    common::copy_tree(
        &common::repo().join("static"),
        &copied.path().join("static"),
    );
    let mut with_copy = outputs(copied.path());
    // The bundled site's own picture is not part of the theme.
    assert!(with_copy.remove("img/synchronized-retries.svg").is_some());
    assert!(!built_in.contains_key("img/synchronized-retries.svg"));
    assert_eq!(differences(&built_in, &with_copy), Vec::<String>::new());
}

#[test]
fn overriding_one_template_changes_only_what_it_renders() {
    let site = common::fixture_site();
    let before = outputs(site.path());
    // tags.html renders the two tag indexes and nothing else.
    let path = common::override_template(site.path(), "tags.html");
    let text = fs::read_to_string(&path).unwrap();
    let edited = text.replace("<h1>", "<h1 class=\"mine\">");
    assert_ne!(edited, text);
    fs::write(&path, edited).unwrap();
    let after = outputs(site.path());
    assert_eq!(
        differences(&before, &after),
        ["en/tags/index.html", "tr/tags/index.html"]
    );
    assert!(String::from_utf8_lossy(&after["en/tags/index.html"]).contains("<h1 class=\"mine\">"));
    // Removing it brings the built-in one back.
    fs::remove_file(&path).unwrap();
    assert_eq!(
        differences(&before, &outputs(site.path())),
        Vec::<String>::new()
    );
}

#[test]
fn a_static_file_of_the_site_replaces_the_built_in_one_and_adds_to_them() {
    let site = common::fixture_site();
    let before = outputs(site.path());
    write(site.path(), "static/style.css", "body { color: teal; }\n");
    write(
        site.path(),
        "static/img/logo.svg",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
    );
    let after = outputs(site.path());
    assert_eq!(
        differences(&before, &after),
        ["img/logo.svg", "style.css"],
        "only the two files change"
    );
    assert_eq!(after["style.css"], b"body { color: teal; }\n");
    // The built-in scripts are still there, as they were.
    assert_eq!(after["js/backoff.js"], before["js/backoff.js"]);
}

/// A static file of the site that cannot be read is an error, not a silent fall back to the
/// built-in file of that name.
#[test]
fn an_unreadable_static_file_is_an_error() {
    let site = common::fixture_site();
    // A folder where the site's style.css would be.
    write(site.path(), "static/style.css/x.txt", "x");
    let built = build(&Options::new(site.path()), &Registry::builtin());
    let report = built.diagnostics.render();
    assert!(built.diagnostics.has_errors(), "{report}");
    assert!(report.contains("static/style.css"), "{report}");
}

#[test]
fn the_sites_strings_replace_the_built_in_ones_key_by_key() {
    let site = common::fixture_site();
    let before = outputs(site.path());
    write(
        site.path(),
        "templates/strings/en.yaml",
        "tags: \"Topics\"\n",
    );
    let after = outputs(site.path());
    let page = String::from_utf8_lossy(&after["en/tools/calc/index.html"]).into_owned();
    assert!(page.contains(">Topics</a>"), "the site's word");
    assert!(
        page.contains("Skip to content"),
        "a built-in word beside it"
    );
    let turkish = differences(&before, &after)
        .into_iter()
        .filter(|p| p.starts_with("tr/"))
        .collect::<Vec<_>>();
    assert_eq!(turkish, Vec::<String>::new(), "Turkish pages are untouched");
}

#[test]
fn a_key_only_the_site_adds_must_be_in_both_languages() {
    let site = common::fixture_site();
    write(
        site.path(),
        "templates/strings/tr.yaml",
        "greeting: \"Merhaba\"\n",
    );
    let built = build(&Options::new(site.path()), &Registry::builtin());
    let report = built.diagnostics.render();
    assert!(
        report.contains("UI string `greeting` is missing from templates/strings/en.yaml"),
        "{report}"
    );
    assert!(report.contains("templates/strings/tr.yaml:1:1"), "{report}");
    // The key is underlined whole.
    assert!(
        report.contains("│ ^^^^^^^^ defined for `tr` only"),
        "{report}"
    );
}

/// Only templates are read from templates/: a note or a backup beside them is left alone.
#[test]
fn files_in_templates_that_are_not_templates_are_left_alone() {
    let site = common::fixture_site();
    let before = outputs(site.path());
    write(
        site.path(),
        "templates/README.md",
        "My templates. {% not tera",
    );
    write(site.path(), "templates/page.html.orig", "{{ broken");
    assert_eq!(
        differences(&before, &outputs(site.path())),
        Vec::<String>::new()
    );
}

#[test]
fn a_template_shortcode_of_the_site_replaces_the_built_in_one() {
    let page = "---\ntitle: \"Sayfa\"\npublished: 2026-06-17\nsection: Tool\n---\n\
                << note(text=\"dikkat\") >>\n";
    let site = common::site_with(&[("tools/x.tr.md", page)]);
    let before = String::from_utf8(outputs(site.path())["tr/tools/x/index.html"].clone()).unwrap();
    assert!(before.contains("<aside class=\"callout"), "{before}");
    write(
        site.path(),
        "templates/shortcodes/note.html",
        "{#\nplacement: block\nargs:\n  - { name: text, type: string, required: true }\n#}\
         <p class=\"mine\">{{ args.text }}</p>",
    );
    let after = String::from_utf8(outputs(site.path())["tr/tools/x/index.html"].clone()).unwrap();
    assert!(after.contains("<p class=\"mine\">dikkat</p>"), "{after}");
    assert!(!after.contains("callout"));
}

/// The repository root is the bundled site and the theme's source at once: its `templates/` and
/// `static/` (but `static/img/`, the site's own pictures) are the built-in theme, so it builds
/// to the same bytes with or without them.
#[test]
fn the_bundled_site_needs_only_its_own_files() {
    let repo = common::repo();
    let in_place = outputs(&repo);
    let bare = tempfile::tempdir().unwrap();
    fs::copy(repo.join("sade.yaml"), bare.path().join("sade.yaml")).unwrap();
    common::copy_tree(&repo.join("content"), &bare.path().join("content"));
    common::copy_tree(&repo.join("static/img"), &bare.path().join("static/img"));
    assert_eq!(
        differences(&in_place, &outputs(bare.path())),
        Vec::<String>::new()
    );
}
