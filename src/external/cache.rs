//! The links found good, with when: `.sade/cache/external.json` under the site's root. Read
//! once at the start of a check, written once at its end through a temporary file renamed over
//! it, so a check that is stopped leaves the old cache or the new one, never half of one. The
//! `.sade/` folder holds a `.gitignore` of its own, so the cache stays out of the site's history.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::Verdict;
use crate::diagnostic::Diagnostic;

/// The cache, from the site's root.
pub const CACHE_FILE: &str = ".sade/cache/external.json";

/// The layout of the file; a cache of another version is not read.
const VERSION: u32 = 1;

/// One URL's verdict and when it was reached (seconds since 1970).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// When it was checked.
    pub checked: u64,
    /// What it was.
    #[serde(flatten)]
    pub verdict: Verdict,
}

impl Entry {
    /// Whether it was checked less than `max_age` before `now` (a time after `now`, from a
    /// clock that was set back, is not trusted).
    pub fn fresh(&self, now: SystemTime, max_age: Duration) -> bool {
        seconds(now)
            .checked_sub(self.checked)
            .is_some_and(|age| Duration::from_secs(age) < max_age)
    }
}

/// The file as written.
#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    links: BTreeMap<String, Entry>,
}

/// Seconds since 1970 (0 for a clock before it).
pub fn seconds(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The cache at `path`: empty when there is none. One that cannot be read is a warning (every
/// link is checked again, and the file is replaced).
pub fn load(path: &Path) -> (BTreeMap<String, Entry>, Option<Diagnostic>) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (BTreeMap::new(), None),
        Err(e) => return (BTreeMap::new(), Some(unreadable(path, &e.to_string()))),
    };
    match serde_json::from_str::<File>(&text) {
        Ok(file) if file.version == VERSION => (file.links, None),
        Ok(_) => (BTreeMap::new(), None),
        Err(e) => (BTreeMap::new(), Some(unreadable(path, &e.to_string()))),
    }
}

fn unreadable(path: &Path, why: &str) -> Diagnostic {
    Diagnostic::warning(format!(
        "the link cache {} cannot be read ({why}); every external link is checked again",
        path.display()
    ))
}

/// Writes `links` to `path` atomically; a failure is a warning (the check itself stands).
pub fn save(path: &Path, links: &BTreeMap<String, Entry>) -> Option<Diagnostic> {
    let failed = |e: std::io::Error| {
        Some(Diagnostic::warning(format!(
            "cannot write the link cache {}: {e}",
            path.display()
        )))
    };
    let dir = path.parent()?;
    if let Err(e) = std::fs::create_dir_all(dir) {
        return failed(e);
    }
    if let Some(top) = dir.parent() {
        let ignore = top.join(".gitignore");
        if !ignore.exists() {
            let note = "# Made by sade: caches, not sources.\n*\n";
            if let Err(e) = std::fs::write(&ignore, note) {
                return failed(e);
            }
        }
    }
    let file = File {
        version: VERSION,
        links: links.clone(),
    };
    let mut text = serde_json::to_string_pretty(&file).unwrap_or_default();
    text.push('\n');
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::write(&temporary, text).and_then(|()| std::fs::rename(&temporary, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return failed(e);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::external::Hop;

    #[test]
    fn freshness() {
        let now = UNIX_EPOCH + Duration::from_secs(1_000);
        let entry = |checked| Entry {
            checked,
            verdict: Verdict::Ok,
        };
        let day = Duration::from_secs(100);
        assert!(entry(1_000).fresh(now, day));
        assert!(entry(901).fresh(now, day));
        assert!(!entry(900).fresh(now, day));
        assert!(!entry(1_001).fresh(now, day));
        assert!(!entry(1_000).fresh(now, Duration::ZERO));
    }

    #[test]
    fn written_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(CACHE_FILE);
        let mut links = BTreeMap::new();
        links.insert(
            "https://a.dev/".to_string(),
            Entry {
                checked: 7,
                verdict: Verdict::Moved {
                    chain: vec![Hop {
                        status: 301,
                        to: "https://b.dev/".into(),
                    }],
                },
            },
        );
        assert!(save(&path, &links).is_none());
        let (read, problem) = load(&path);
        assert_eq!(read, links);
        assert!(problem.is_none());
        let ignore = std::fs::read_to_string(dir.path().join(".sade/.gitignore")).unwrap();
        assert!(ignore.lines().any(|l| l == "*"), "{ignore}");
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["external.json"], "only the cache is left");
        std::fs::write(&path, "{ not json").unwrap();
        let (links, problem) = load(&path);
        assert!(links.is_empty());
        assert!(problem.unwrap().message.contains("cannot be read"));
    }
}
