//! Accessibility and validity of every page the bundled site builds, of every page of the site
//! `sade init` makes, and of that site with its lists over several pages: axe-core in headless
//! Chromium (light and dark, 1280 and 390 px wide) and the Nu HTML Checker (`vnu.jar`, the W3C's
//! validator, on Java), with no violation and no error allowed.
//!
//! Needs node, Debian's chromium, Java and `npm ci --prefix tests/browser` (axe-core, vnu-jar):
//! without them `cargo test` lists each test as ignored with what is missing; under `CI` they
//! fail.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

const CHROMIUM: &str = "/usr/bin/chromium";

/// What the checks need that is not Rust.
fn missing(root: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    if !common::runs("node") {
        missing.push("`node`".to_string());
    }
    if !Path::new(CHROMIUM).exists() {
        missing.push(CHROMIUM.to_string());
    }
    if !Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        missing.push("`java` (for the Nu HTML Checker)".to_string());
    }
    let absent: Vec<&str> = ["playwright-core", "axe-core", "vnu-jar"]
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

/// Which site a test checks.
#[derive(Clone, Copy)]
enum Site {
    /// The bundled site, at the repository root.
    Bundled,
    /// The site `sade init` makes, in a new folder.
    Init,
    /// The same with two more posts (`sade new`, tagged like the first) and one entry a page
    /// (`paginate: 1`): every list runs over pages, with its pager and `page/1/` redirect.
    Paged,
}

/// The site built into a temporary folder (`public/` there).
fn built(site: Site) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("public");
    let root = match site {
        Site::Bundled => common::repo(),
        Site::Init | Site::Paged => {
            let root = dir.path().join("site");
            let sade = |args: &[&str], at: &Path| {
                let made = Command::new(env!("CARGO_BIN_EXE_sade"))
                    .args(args)
                    .current_dir(at)
                    .output()
                    .unwrap();
                assert!(
                    made.status.success(),
                    "{}",
                    String::from_utf8_lossy(&made.stderr)
                );
            };
            sade(&["init", "site"], dir.path());
            if matches!(site, Site::Paged) {
                for post in ["second-post", "third-post"] {
                    sade(&["new", &format!("blog/{post}")], &root);
                    for lang in ["tr", "en"] {
                        let path = root.join(format!("content/blog/{post}.{lang}.md"));
                        let text = std::fs::read_to_string(&path).unwrap();
                        let tagged = text.replacen("tags: []", "tags: [\"retry\"]", 1);
                        std::fs::write(&path, tagged).unwrap();
                    }
                }
                let config = root.join("sade.yaml");
                let yaml = std::fs::read_to_string(&config).unwrap();
                let paged = yaml.replacen("\nsections:", "\npaginate: 1\nsections:", 1);
                assert_ne!(paged, yaml);
                std::fs::write(&config, paged).unwrap();
            }
            root
        }
    };
    let (code, stderr) = common::sade_build(&root, Some(&out));
    assert_eq!(code, Some(0), "sade build failed:\n{stderr}");
    if matches!(site, Site::Paged) {
        for page in [
            "en/blog/page/3/index.html",
            "tr/tags/retry/page/2/index.html",
        ] {
            assert!(out.join(page).is_file(), "no {page}");
        }
    }
    (dir, out)
}

/// Every HTML file of a built site, relative to it, sorted.
fn pages(out: &Path) -> Vec<String> {
    let mut pages: Vec<String> = walkdir::WalkDir::new(out)
        .into_iter()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "html"))
        .map(|e| sade::output::relative(out, e.path()))
        .collect();
    pages.sort();
    pages
}

fn every_page_is_valid_html(site: Site) {
    let root = common::repo();
    let (_dir, out) = built(site);
    let files = pages(&out);
    assert!(files.len() > 10, "{files:?}");
    let run = Command::new("java")
        .arg("-jar")
        .arg(root.join("tests/browser/node_modules/vnu-jar/build/dist/vnu.jar"))
        .args(["--errors-only", "--format", "gnu"])
        .args(files.iter().map(|f| out.join(f)))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&run.stderr).replace(&*out.to_string_lossy(), "");
    assert!(
        run.status.success() && report.trim().is_empty(),
        "the Nu HTML Checker found errors:\n{report}"
    );
    println!("Nu HTML Checker: {} pages, no error", files.len());
}

fn axe_finds_nothing_on_any_page(site: Site) {
    let root = common::repo();
    let (dir, out) = built(site);
    let list = dir.path().join("pages.txt");
    let paths: Vec<String> = pages(&out)
        .into_iter()
        .map(|p| format!("/{}", p.trim_end_matches("index.html")))
        .collect();
    std::fs::write(&list, paths.join("\n")).unwrap();
    let url = common::serve_dir(out, "");
    let run = Command::new("node")
        .arg("tests/browser/a11y.test.mjs")
        .current_dir(&root)
        .env("SADE_URL", &url)
        .env("SADE_PAGES", &list)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    println!("{stdout}");
    assert!(
        run.status.success() && stdout.contains("# fail 0") && !stdout.contains("# pass 0"),
        "tests/browser/a11y.test.mjs failed:\n{stdout}\n{stderr}"
    );
}

fn main() {
    let need = || missing(&common::repo());
    common::run_trials(vec![
        common::needing("every_page_is_valid_html", need(), || {
            every_page_is_valid_html(Site::Bundled)
        }),
        common::needing("axe_finds_nothing_on_any_page", need(), || {
            axe_finds_nothing_on_any_page(Site::Bundled)
        }),
        common::needing("every_page_of_a_new_site_is_valid_html", need(), || {
            every_page_is_valid_html(Site::Init)
        }),
        common::needing(
            "axe_finds_nothing_on_any_page_of_a_new_site",
            need(),
            || axe_finds_nothing_on_any_page(Site::Init),
        ),
        common::needing("every_page_of_a_paged_site_is_valid_html", need(), || {
            every_page_is_valid_html(Site::Paged)
        }),
        common::needing(
            "axe_finds_nothing_on_any_page_of_a_paged_site",
            need(),
            || axe_finds_nothing_on_any_page(Site::Paged),
        ),
    ]);
}
