//! Stage 6 — output: the files a build produces, and the staging folder they are written into.
//!
//! A build hands each file to a [`Sink`] as soon as it is rendered: kept in memory ([`Collect`]),
//! dropped ([`Discard`], for `check`), written under a folder ([`WriteTo`]), or written only if
//! its bytes changed ([`Update`]). [`crate::build::build_to_dir`] writes into a staging folder
//! beside the output folder. Into a new (or empty) output folder, [`swap_in`] then replaces it with the
//! staging folder in two renames. Over an existing site, only the files whose bytes changed are
//! staged (see [`holds`]), and [`apply_update`] removes what the build no longer makes and moves
//! each staged file into place with one rename: unchanged files are not rewritten and keep their modification
//! time. Either way both happen only after the whole build succeeded: a failed build never
//! touches the previous `public/`.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use parking_lot::Mutex;

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

/// Where a build's files go, one at a time, from several threads.
pub trait Sink: Sync {
    /// Takes one file.
    fn put(&self, file: OutputFile) -> io::Result<()>;
}

/// Keeps every file in memory (tests, the preview server).
#[derive(Default)]
pub struct Collect(Mutex<Vec<OutputFile>>);

impl Collect {
    /// The files, sorted by path.
    pub fn into_outputs(self) -> Outputs {
        let mut o = Outputs(self.0.into_inner());
        o.sort();
        o
    }
}

impl Sink for Collect {
    fn put(&self, file: OutputFile) -> io::Result<()> {
        self.0.lock().push(file);
        Ok(())
    }
}

/// Drops every file: for runs that only check (`sade check`).
pub struct Discard;

impl Sink for Discard {
    fn put(&self, _file: OutputFile) -> io::Result<()> {
        Ok(())
    }
}

/// Writes each file under a folder as soon as it is rendered, so a big site never sits in memory.
pub struct WriteTo {
    dir: PathBuf,
    /// Folders already made: a page's second file needs no `mkdir` (a syscall each).
    made: Mutex<HashSet<PathBuf>>,
}

impl WriteTo {
    /// Writes under `dir`, which must exist.
    pub fn new(dir: impl Into<PathBuf>) -> WriteTo {
        WriteTo {
            dir: dir.into(),
            made: Mutex::default(),
        }
    }
}

impl Sink for WriteTo {
    fn put(&self, file: OutputFile) -> io::Result<()> {
        let path = self.dir.join(&file.path);
        if let Some(parent) = path.parent() {
            let known = self.made.lock().contains(parent);
            if !known {
                fs::create_dir_all(parent)?;
                self.made.lock().insert(parent.to_path_buf());
            }
        }
        fs::write(path, &file.bytes)
    }
}

/// Builds over an existing site: a file whose bytes `out` already holds is left alone (not even
/// its modification time changes); the others are staged, to be moved in by [`apply_update`]
/// once the whole build succeeded.
pub struct Update {
    out: PathBuf,
    staged: WriteTo,
    changed: Mutex<Vec<String>>,
}

impl Update {
    /// Compares against `out`; stages into `staging`, which must exist.
    pub fn new(out: impl Into<PathBuf>, staging: impl Into<PathBuf>) -> Update {
        Update {
            out: out.into(),
            staged: WriteTo::new(staging),
            changed: Mutex::default(),
        }
    }

    /// The paths it staged.
    pub fn into_changed(self) -> Vec<String> {
        self.changed.into_inner()
    }
}

impl Sink for Update {
    fn put(&self, file: OutputFile) -> io::Result<()> {
        if holds(&self.out.join(&file.path), &file.bytes) {
            return Ok(());
        }
        self.changed.lock().push(file.path.clone());
        self.staged.put(file)
    }
}

/// The two folders a build of `out` makes beside it: the staging folder, and the old tree while
/// [`swap_in`] replaces it.
const TAGS: [&str; 2] = ["staging", "old"];

/// `out`'s file name, as the folders beside it carry it.
fn out_name(out: &Path) -> String {
    out.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "public".into())
}

fn staging_path(out: &Path, tag: &str) -> PathBuf {
    out.with_file_name(format!(".{}.{tag}-{}", out_name(out), std::process::id()))
}

/// Whether the process `pid` is gone (`kill(pid, 0)` fails with "no such process"). `false`
/// when it runs, when it cannot be told, and for this process.
fn process_gone(pid: u32) -> bool {
    if pid == std::process::id() || pid == 0 {
        return false;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 sends nothing; kill only checks that the process exists.
        let alive = unsafe { libc::kill(pid, 0) } == 0;
        !alive && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// What [`clear_leftovers`] found beside an output folder.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leftovers {
    /// Folders removed.
    pub removed: Vec<PathBuf>,
    /// The previous output, put back from where a killed build had moved it.
    pub restored: Option<PathBuf>,
}

/// Removes what builds of `out` that were killed left beside it: folders named as sade names
/// its own (`.NAME.staging-PID`, `.NAME.old-PID`, NAME being `out`'s name) whose process is
/// gone. Anything else, and the folders of a build still running, is left alone. A build killed
/// in the middle of [`swap_in`] left no `out` but its old tree: that is put back first.
pub fn clear_leftovers(out: &Path) -> io::Result<Leftovers> {
    let mut found = Leftovers::default();
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(found);
    };
    let prefix = format!(".{}.", out_name(out));
    let mut stale: Vec<(PathBuf, &str)> = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix(&prefix)) else {
            continue;
        };
        for tag in TAGS {
            let pid = rest
                .strip_prefix(tag)
                .and_then(|r| r.strip_prefix('-'))
                .filter(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| p.parse::<u32>().ok());
            // Only folders, never followed through a link.
            let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
            if pid.is_some_and(process_gone) && is_dir {
                stale.push((entry.path(), tag));
            }
        }
    }
    stale.sort();
    if !out.exists() {
        // The newest old tree is the output the killed build was replacing.
        let newest = stale
            .iter()
            .filter(|(_, tag)| *tag == "old")
            .max_by_key(|(p, _)| fs::metadata(p).and_then(|m| m.modified()).ok())
            .map(|(p, _)| p.clone());
        if let Some(old) = newest {
            fs::rename(&old, out)?;
            stale.retain(|(p, _)| *p != old);
            found.restored = Some(old);
        }
    }
    for (path, _) in stale {
        fs::remove_dir_all(&path)?;
        found.removed.push(path);
    }
    Ok(found)
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

/// Whether `out` is a folder with something in it: a build then updates it in place
/// ([`apply_update`]) rather than swapping in a whole new tree.
pub fn has_contents(out: &Path) -> bool {
    fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_some())
}

/// Whether the file at `path` holds exactly `bytes`.
pub fn holds(path: &Path, bytes: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut file) = fs::File::open(path) else {
        return false;
    };
    if !file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
    {
        return false;
    }
    let mut old = Vec::with_capacity(bytes.len());
    file.read_to_end(&mut old).is_ok() && old == bytes
}

/// What [`apply_update`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Updated {
    /// Files written (new, or with new bytes).
    pub changed: usize,
    /// Files removed because the build no longer makes them.
    pub removed: usize,
}

/// Finishes a build over the existing folder `out`, where `made` is every path the build
/// produced: removes every file of `out` not in `made` and every folder that holds none of them
/// (which also clears a file standing where a folder must be, and the other way round), then
/// moves each of `changed` (paths relative to both folders, `/`-separated) from `staging` into
/// `out` with one rename, so no file is ever seen half-written; then removes the staging folder.
///
/// `out` is looked at first: a symbolic link where the site has a folder is an error before
/// anything changes (files behind it were compared through the link, but the link itself would
/// be removed as something the build does not make).
pub fn apply_update(
    staging: &Path,
    out: &Path,
    changed: &[String],
    made: &HashSet<&str>,
) -> io::Result<Updated> {
    // Folders that hold something the build made; every other one goes.
    let mut keep_dirs: HashSet<&str> = HashSet::new();
    for path in made {
        for (i, _) in path.match_indices('/') {
            keep_dirs.insert(&path[..i]);
        }
    }
    // What goes, deepest first, found before anything changes.
    let mut stale = Vec::new();
    for entry in walkdir::WalkDir::new(out).min_depth(1).contents_first(true) {
        let entry = entry.map_err(io::Error::other)?;
        let rel = relative(out, entry.path());
        let kind = entry.file_type();
        if kind.is_symlink() && keep_dirs.contains(rel.as_str()) {
            return Err(io::Error::other(format!(
                "{rel} is a symbolic link where the site has a folder; sade does not build \
                 through links inside the output folder"
            )));
        }
        let goes = if kind.is_dir() {
            !keep_dirs.contains(rel.as_str())
        } else {
            !made.contains(rel.as_str())
        };
        if goes {
            stale.push((entry.into_path(), kind.is_dir()));
        }
    }
    let mut removed = 0;
    for (path, is_dir) in stale {
        if is_dir {
            fs::remove_dir(&path)?;
        } else {
            fs::remove_file(&path)?;
            removed += 1;
        }
    }
    let mut ready: HashSet<&Path> = HashSet::new();
    for rel in changed {
        if let Some(parent) = Path::new(rel).parent() {
            if ready.insert(parent) {
                fs::create_dir_all(out.join(parent))?;
            }
        }
        fs::rename(staging.join(rel), out.join(rel))?;
    }
    fs::remove_dir_all(staging)?;
    Ok(Updated {
        changed: changed.len(),
        removed,
    })
}

/// `path` below `root` as a `/`-separated string (an output path, a template name).
pub fn relative(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path).to_string_lossy();
    if std::path::MAIN_SEPARATOR == '/' {
        rel.into_owned()
    } else {
        rel.replace(std::path::MAIN_SEPARATOR, "/")
    }
}
