//! Stage 6 — output: the files a build produces, and the staging folder they are written into.
//!
//! [`crate::site::build_to_dir`] writes each page into a staging folder beside the output folder
//! as it is rendered; only when the whole build succeeded does [`swap_in`] replace the old output
//! with it in two renames. A failed build therefore never touches the previous `public/`.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One file of the site: a path relative to the output root (`tr/blog/x/index.html`) and bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputFile {
    /// Relative path with `/` separators.
    pub path: String,
    /// Contents.
    pub bytes: Vec<u8>,
}

impl OutputFile {
    /// A text file.
    pub fn text(path: impl Into<String>, text: String) -> OutputFile {
        OutputFile {
            path: path.into(),
            bytes: text.into_bytes(),
        }
    }
}

/// The site's files, sorted by path, without duplicates (a duplicate is a bug upstream).
#[derive(Clone, Debug, Default)]
pub struct Outputs(pub Vec<OutputFile>);

impl Outputs {
    /// Sorts by path.
    pub fn sort(&mut self) {
        self.0.sort_by(|a, b| a.path.cmp(&b.path));
    }

    /// The file at `path`, if any.
    pub fn get(&self, path: &str) -> Option<&OutputFile> {
        self.0
            .binary_search_by(|f| f.path.as_str().cmp(path))
            .ok()
            .map(|i| &self.0[i])
    }

    /// The text of the file at `path`, if there is one and it is UTF-8.
    pub fn text(&self, path: &str) -> Option<&str> {
        self.get(path)
            .and_then(|f| std::str::from_utf8(&f.bytes).ok())
    }
}

fn staging_path(out: &Path, tag: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "public".into());
    out.with_file_name(format!(".{name}.{tag}-{}", std::process::id()))
}

/// A fresh, empty staging folder beside `out` (same file system, so the swap is a rename).
pub fn staging_dir(out: &Path) -> io::Result<PathBuf> {
    let staging = staging_path(out, "staging");
    if staging.exists() {
        fs::remove_dir_all(&staging)?;
    }
    if let Some(parent) = staging.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent)?;
    }
    fs::create_dir(&staging)?;
    Ok(staging)
}

/// Replaces `out` with the finished `staging` folder in two renames; the old tree is removed
/// afterwards. If the second rename fails, the old tree is put back.
pub fn swap_in(staging: &Path, out: &Path) -> io::Result<()> {
    let old = staging_path(out, "old");
    let had_old = out.exists();
    if had_old {
        fs::rename(out, &old)?;
    }
    if let Err(e) = fs::rename(staging, out) {
        if had_old {
            let _ = fs::rename(&old, out);
        }
        let _ = fs::remove_dir_all(staging);
        return Err(e);
    }
    if had_old {
        fs::remove_dir_all(&old)?;
    }
    Ok(())
}
