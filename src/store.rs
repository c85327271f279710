//! Shared piece — results that take long to compute, kept between builds: each is a file in a
//! folder of the site's cache (`.sade/cache/<kind>/`), named by a 128-bit hash of everything it
//! was computed from, so a result is reused exactly when its inputs (and the code that computes
//! it, through [`ENGINE`]) are the same, whatever the files' times say. An unchanged page's
//! frontier (SPEC §9) is read back, not searched again, as an unchanged page's social card is
//! not drawn again.
//!
//! A store that cannot be read or written only means computing again: nothing fails for it.

use std::collections::HashSet;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use parking_lot::Mutex;

/// Where a site keeps the fleets its pages simulated and the frontiers they searched (SPEC §8,
/// §9), below its root.
pub const RECOVERY_DIR: &str = ".sade/cache/recovery";

/// A hash of the sources of the engines whose results are kept (`build.rs` reads them): a
/// change to the simulation makes every kept result stale.
pub const ENGINE: u64 = include!(concat!(env!("OUT_DIR"), "/engine_hash.txt"));

/// Results of one kind, by key, in a folder.
#[derive(Debug)]
pub struct Store {
    /// The folder (`None`: nothing is kept).
    dir: Option<PathBuf>,
    computed: AtomicUsize,
    reused: AtomicUsize,
    /// The names this build used.
    used: Mutex<HashSet<String>>,
}

/// How many results a build computed, and how many it read back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Computed now.
    pub computed: usize,
    /// Read from the store.
    pub reused: usize,
}

impl Store {
    /// A store in `dir` (made when the first result is kept), or none.
    pub fn new(dir: Option<PathBuf>) -> Store {
        Store {
            dir,
            computed: AtomicUsize::new(0),
            reused: AtomicUsize::new(0),
            used: Mutex::default(),
        }
    }

    /// The name of the result of `key` (a description of every input): a SipHash of
    /// [`ENGINE`] and the key, in hex.
    pub fn name(key: &str) -> String {
        let mut h = siphasher::sip128::SipHasher13::new();
        h.write_u64(ENGINE);
        h.write(key.as_bytes());
        format!(
            "{:032x}.json",
            siphasher::sip128::Hasher128::finish128(&h).as_u128()
        )
    }

    /// The result kept for `key`, if there is one that `read` accepts; else `compute`s it and
    /// keeps what `write` makes of it.
    pub fn get_or<T>(
        &self,
        key: &str,
        read: impl FnOnce(&str) -> Option<T>,
        write: impl FnOnce(&T) -> String,
        compute: impl FnOnce() -> T,
    ) -> T {
        let name = Store::name(key);
        let path = self.dir.as_ref().map(|d| d.join(&name));
        let kept = path
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| read(&text));
        self.used.lock().insert(name);
        if let Some(value) = kept {
            self.reused.fetch_add(1, Ordering::Relaxed);
            return value;
        }
        let value = compute();
        self.computed.fetch_add(1, Ordering::Relaxed);
        if let Some(path) = path {
            let _ = keep(&path, write(&value).as_bytes());
        }
        value
    }

    /// What this store computed and reused so far.
    pub fn counts(&self) -> Counts {
        Counts {
            computed: self.computed.load(Ordering::Relaxed),
            reused: self.reused.load(Ordering::Relaxed),
        }
    }

    /// Removes the results this build did not use (of changed or removed pages); returns how
    /// many. Only after a build that made every page.
    pub fn prune(&self) -> usize {
        let Some(dir) = &self.dir else { return 0 };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        let used = self.used.lock();
        let mut removed = 0;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".json") && !used.contains(name.as_ref()) {
                removed += usize::from(std::fs::remove_file(entry.path()).is_ok());
            }
        }
        removed
    }
}

/// Writes `bytes` to `path` whole: into a file of this process and thread beside it, then
/// renamed over it (builds running at once may keep the same result).
pub fn keep(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!(
        "tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_computed_once_then_read_back_and_unused_ones_are_pruned() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(Some(dir.path().join("kind")));
        let read = |t: &str| t.parse::<u32>().ok();
        let write = |v: &u32| v.to_string();
        assert_eq!(store.get_or("a", read, write, || 7), 7);
        assert_eq!(store.get_or("a", read, write, || unreachable!()), 7);
        assert_eq!(
            store.counts(),
            Counts {
                computed: 1,
                reused: 1
            }
        );
        // A kept file that does not read is computed again (and replaced).
        std::fs::write(dir.path().join("kind").join(Store::name("b")), "junk").unwrap();
        assert_eq!(store.get_or("b", read, write, || 9), 9);
        assert_eq!(
            std::fs::read_to_string(dir.path().join("kind").join(Store::name("b"))).unwrap(),
            "9"
        );
        // A later build that uses only `b`: `a` goes.
        let next = Store::new(Some(dir.path().join("kind")));
        assert_eq!(next.get_or("b", read, write, || unreachable!()), 9);
        assert_eq!(next.prune(), 1);
        assert!(!dir.path().join("kind").join(Store::name("a")).exists());
        // No folder: every result is computed.
        let none = Store::new(None);
        assert_eq!(none.get_or("a", read, write, || 3), 3);
        assert_eq!(none.prune(), 0);
        assert_ne!(Store::name("a"), Store::name("b"));
    }
}
