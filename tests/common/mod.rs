//! Helpers shared by the integration tests: fixture sites in temporary folders.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Copies a folder tree.
pub fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let rel = entry.path().strip_prefix(from).unwrap();
        let dest = to.join(rel);
        if entry.file_type().is_dir() {
            fs::create_dir_all(&dest).unwrap();
        } else {
            fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// A temporary site: the fixture's `sade.yaml` and `content/` with the repository's
/// `templates/` and `static/`.
pub fn fixture_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&repo().join("tests/fixtures/site"), dir.path());
    copy_tree(&repo().join("templates"), &dir.path().join("templates"));
    copy_tree(&repo().join("static"), &dir.path().join("static"));
    dir
}

/// A temporary site with the fixture's config and templates, and only the given pages.
pub fn site_with(pages: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        repo().join("tests/fixtures/site/sade.yaml"),
        dir.path().join("sade.yaml"),
    )
    .unwrap();
    copy_tree(&repo().join("templates"), &dir.path().join("templates"));
    for (path, text) in pages {
        let p = dir.path().join("content").join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    dir
}

/// The `<main>` element of an HTML page.
pub fn main_of(html: &str) -> &str {
    let start = html.find("<main").expect("no <main>");
    let end = html.find("</main>").expect("no </main>") + "</main>".len();
    &html[start..end]
}
