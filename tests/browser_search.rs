//! The search page in headless Chromium, on a bilingual fixture site with enough text
//! (`tests/fixtures/search-site/`): the golden queries of `queries.tsv` (each query's expected
//! page in the top 3, typed on the page of its language), typing with prefixes, the keyboard, the
//! header form on every page, results built as text, and no violation of a strict content
//! security policy (`default-src 'self'`, no inline script, no eval, no WASM, no `blob:`);
//! axe on the search page with results, light and dark, 1280 and 390 px.
//!
//! Needs node, Debian's chromium and `npm ci --prefix tests/browser`: without them `cargo test`
//! lists the test as ignored with what is missing; under `CI` it fails.

mod common;

use std::path::Path;
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";
/// What every response carries: the theme's strict policy.
const CSP_HEADER: &str = "Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'\r\n";

fn missing(root: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    if !common::runs("node") {
        missing.push("`node`".to_string());
    }
    if !Path::new(CHROMIUM).exists() {
        missing.push(CHROMIUM.to_string());
    }
    let absent: Vec<&str> = ["playwright-core", "axe-core"]
        .into_iter()
        .filter(|p| !root.join("tests/browser/node_modules").join(p).exists())
        .collect();
    if !absent.is_empty() {
        missing.push(format!(
            "{} in tests/browser/node_modules (run `npm ci --prefix tests/browser`)",
            absent.join(", ")
        ));
    }
    missing
}

fn search_page_finds_the_golden_queries() {
    let root = common::repo();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("public");
    let site = root.join("tests/fixtures/search-site");
    let (code, stderr) = common::sade_build(&site, Some(&out));
    assert_eq!(code, Some(0), "sade build failed:\n{stderr}");
    let url = common::serve_dir(out, CSP_HEADER);
    let run = Command::new("node")
        .arg("--test")
        .arg("--test-reporter=tap")
        .arg("tests/browser/search.test.mjs")
        .current_dir(&root)
        .env("SADE_URL", &url)
        .env("SADE_QUERIES", site.join("queries.tsv"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    println!("{stdout}");
    assert!(
        run.status.success() && stdout.contains("# fail 0") && !stdout.contains("# pass 0"),
        "tests/browser/search.test.mjs failed:\n{stdout}\n{stderr}"
    );
}

fn main() {
    common::run_trials(vec![common::needing(
        "search_page_finds_the_golden_queries",
        missing(&common::repo()),
        search_page_finds_the_golden_queries,
    )]);
}
