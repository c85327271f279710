//! `sade build --timings` and `sade check --timings`: the report names every part, counts every
//! shortcode call and template render, and changes nothing in the output.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const PAGE_TR: &str = "---\ntitle: Ölçüm\ndescription: d\nlang: tr\nauthor: a\npublished: 2026-01-02\nsection: Post\n---\n\n\
<< backoff_table(base=100ms, factor=2, cap=30s, attempts=4, jitter=all, seed=7) >>\n\n\
Dördüncü bekleme << backoff_delay(base=100ms, factor=2, attempt=4) >> sürer.\n\n\
<< backoff_table(base=1s, factor=3, cap=1m, attempts=5, jitter=decorrelated, seed=9) >>\n";

const PAGE_EN: &str = "---\ntitle: Measure\ndescription: d\nlang: en\nauthor: a\npublished: 2026-01-02\nsection: Post\n---\n\n\
<< backoff_table(base=100ms, factor=2, cap=30s, attempts=4, jitter=all, seed=7) >>\n\n\
In code it stays as written: `<< backoff_table(base=1s) >>`.\n";

/// Runs `sade COMMAND --root ROOT --timings [extra]`; returns its standard error.
fn run(command: &str, root: &Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .args([command, "--root"])
        .arg(root)
        .arg("--timings")
        .args(extra)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stderr}");
    stderr
}

/// The report's rows: label → (milliseconds, share in %, calls).
fn rows(stderr: &str) -> BTreeMap<String, (f64, f64, u64)> {
    let start = stderr
        .find("where the time went:")
        .unwrap_or_else(|| panic!("no report in:\n{stderr}"));
    let mut lines = stderr[start..].lines();
    let head = lines.next().unwrap();
    assert!(head.contains(" ms of work on "), "{head}");
    assert_eq!(
        lines.next().unwrap().split_whitespace().collect::<Vec<_>>(),
        ["part", "ms", "share", "calls"]
    );
    lines
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let n = words.len();
            assert!(n >= 4, "{l}");
            let share = words[n - 2].strip_suffix('%').unwrap();
            (
                words[..n - 3].join(" "),
                (
                    words[n - 3].parse().unwrap(),
                    share.parse().unwrap(),
                    words[n - 1].parse().unwrap(),
                ),
            )
        })
        .collect()
}

fn calls(rows: &BTreeMap<String, (f64, f64, u64)>, label: &str) -> u64 {
    rows.get(label)
        .unwrap_or_else(|| panic!("no row {label:?} in {rows:?}"))
        .2
}

fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().display().to_string();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

#[test]
fn build_timings_count_every_call_and_change_no_byte() {
    let site = common::site_with(&[("blog/m.tr.md", PAGE_TR), ("blog/m.en.md", PAGE_EN)]);
    let timed = site.path().join("timed");
    let stderr = run("build", site.path(), &["--out", timed.to_str().unwrap()]);
    let r = rows(&stderr);

    // Three tables and one inline delay; the call in a code span is not a call.
    assert_eq!(calls(&r, "backoff_table"), 3);
    assert_eq!(calls(&r, "backoff_delay"), 1);
    assert_eq!(calls(&r, "shortcodes"), 4);
    // Two sets of table arguments: the English table repeats the first Turkish one, and is
    // computed again only if both pages asked for it at the same moment, on two threads.
    let math = calls(&r, "backoff math");
    assert!((2..=3).contains(&math), "{math}");
    // One page template render per page; a part's calls are the sum of its names'.
    assert_eq!(calls(&r, "page.html"), 2);
    assert_eq!(calls(&r, "front matter"), 2);
    assert_eq!(calls(&r, "markdown"), 2);
    // One card per page.
    assert_eq!(calls(&r, "social cards"), 2);
    let templates: u64 = r
        .keys()
        .filter(|k| k.ends_with(".html"))
        .map(|k| calls(&r, k))
        .sum();
    assert_eq!(calls(&r, "templates"), templates);
    // Every file written, and the staging folder moved in once.
    let files = tree(&timed);
    assert_eq!(calls(&r, "writing"), files.len() as u64 + 1);
    assert!(
        stderr.contains(&format!("{} files into", files.len())),
        "{stderr}"
    );

    // The parts' shares add up to the whole, and every part listed took some time.
    let parts = [
        "setup",
        "reading sources",
        "front matter",
        "markdown",
        "shortcodes",
        "backoff math",
        "page data",
        "templates",
        "lists and feeds",
        "writing",
        "link checks",
        "search index",
        "social cards",
    ];
    let share: f64 = parts.iter().map(|p| r[*p].1).sum();
    assert!((share - 100.0).abs() < 0.6, "shares add up to {share}");
    // The rest are the names: two shortcodes and eight templates (no tags, so no tag pages; the
    // header's search form rendered once per language).
    let names: Vec<&str> = r
        .keys()
        .map(String::as_str)
        .filter(|k| !parts.contains(k))
        .collect();
    assert_eq!(
        names,
        [
            "404.html",
            "backoff_delay",
            "backoff_table",
            "home.html",
            "list.html",
            "page.html",
            "root.html",
            "search.html",
            "search_form.html",
            "tags.html"
        ]
    );

    // The same bytes as a build without the report.
    let plain = site.path().join("plain");
    let (code, plain_err) = common::sade_build(site.path(), Some(&plain));
    assert_eq!(code, Some(0), "{plain_err}");
    assert!(!plain_err.contains("where the time went"), "{plain_err}");
    assert_eq!(tree(&plain), files);
}

#[test]
fn check_timings_report_the_same_parts_without_writing() {
    let site = common::site_with(&[("blog/m.tr.md", PAGE_TR), ("blog/m.en.md", PAGE_EN)]);
    let stderr = run("check", site.path(), &[]);
    let r = rows(&stderr);
    assert_eq!(calls(&r, "backoff_table"), 3);
    assert_eq!(calls(&r, "page.html"), 2);
    // `check` writes nothing: the files are only indexed for the link checks.
    assert!(!site.path().join("public").exists());
    assert!(calls(&r, "writing") > 0);
}

/// The pages listed as slowest, in order: (milliseconds, file).
fn slowest(stderr: &str) -> Vec<(f64, String)> {
    let head = "slowest pages to render (ms, every part inside included):\n";
    let start = stderr
        .find(head)
        .unwrap_or_else(|| panic!("no list in:\n{stderr}"));
    stderr[start + head.len()..]
        .lines()
        .take_while(|l| l.starts_with("  "))
        .map(|l| {
            let (ms, file) = l.trim().split_once("  ").unwrap();
            (ms.parse().unwrap(), file.trim().to_string())
        })
        .collect()
}

#[test]
fn the_slowest_page_to_render_comes_first() {
    // One page simulates 20 000 clients over 20 attempts for four strategies; the others have
    // a table of 1 000 clients or none.
    let heavy = "---\ntitle: Heavy\ndescription: d\nlang: en\nauthor: a\npublished: 2026-01-02\nsection: Post\n---\n\n\
<< backoff_chart(base=100ms, factor=2, cap=30s, attempts=20, jitter=all, seed=7, clients=20000) >>\n";
    let light = "---\ntitle: Light\ndescription: d\nlang: en\nauthor: a\npublished: 2026-01-02\nsection: Post\n---\n\nJust words.\n";
    let site = common::site_with(&[
        ("blog/m.tr.md", PAGE_TR),
        ("blog/m.en.md", PAGE_EN),
        ("blog/heavy.en.md", heavy),
        ("blog/light.en.md", light),
    ]);
    let out = site.path().join("out");
    let stderr = run("build", site.path(), &["--out", out.to_str().unwrap()]);
    let list = slowest(&stderr);
    let files: Vec<&str> = list.iter().map(|(_, f)| f.as_str()).collect();
    assert_eq!(files.len(), 4, "{stderr}");
    assert_eq!(files[0], "content/blog/heavy.en.md", "{stderr}");
    assert!(list.windows(2).all(|w| w[0].0 >= w[1].0), "{list:?}");
}
