//! Stage 6 — output: the explicit list of files a build produces, and writing it atomically.
//!
//! A build renders everything in memory first. Only when no error was found is the tree written,
//! into a staging folder beside the output folder, which then replaces the old output in two
//! renames. A failed build therefore never touches the previous `public/`.

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
}

fn staging_path(out: &Path, tag: &str) -> PathBuf {
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "public".into());
    out.with_file_name(format!(".{name}.{tag}-{}", std::process::id()))
}

/// Writes `files` as the new contents of `out`, replacing it whole, or leaves `out` as it was.
pub fn write_atomically(out: &Path, files: &Outputs) -> io::Result<()> {
    let staging = staging_dir(out)?;
    if let Err(e) = write_tree(&staging, files) {
        let _ = fs::remove_dir_all(&staging);
        return Err(e);
    }
    swap_in(&staging, out)
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

/// Writes every file under `dir` (which must not exist yet or be empty).
pub fn write_tree(dir: &Path, files: &Outputs) -> io::Result<()> {
    use rayon::prelude::*;
    fs::create_dir_all(dir)?;
    let mut dirs: Vec<PathBuf> = files
        .0
        .iter()
        .filter_map(|f| Path::new(&f.path).parent().map(|p| dir.join(p)))
        .collect();
    dirs.sort();
    dirs.dedup();
    for d in &dirs {
        fs::create_dir_all(d)?;
    }
    files
        .0
        .par_iter()
        .try_for_each(|f| fs::write(dir.join(&f.path), &f.bytes))
}

/// Writes only the files whose bytes differ from what `dir` holds, and removes files that are no
/// longer produced. Used by the preview server, where a full swap would break open connections.
pub fn sync_tree(dir: &Path, files: &Outputs) -> io::Result<usize> {
    let mut changed = 0;
    for f in &files.0 {
        let path = dir.join(&f.path);
        if fs::read(&path).ok().as_deref() != Some(f.bytes.as_slice()) {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent)?;
            }
            fs::write(&path, &f.bytes)?;
            changed += 1;
        }
    }
    if dir.exists() {
        for entry in walkdir::WalkDir::new(dir).contents_first(true) {
            let entry = entry.map_err(io::Error::other)?;
            let Ok(rel) = entry.path().strip_prefix(dir) else {
                continue;
            };
            let rel = rel.to_string_lossy().replace('\\', "/");
            if entry.file_type().is_file() && files.get(&rel).is_none() {
                fs::remove_file(entry.path())?;
                changed += 1;
            }
        }
    }
    Ok(changed)
}
