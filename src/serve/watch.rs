//! Watching the site's inputs: native file events where the system has them, polling where it
//! does not; each debounced burst of changes goes to the rebuild thread as one list of paths.
//!
//! `content/`, `templates/` and `static/` are watched whole, and the root itself for
//! `sade.yaml`. A site on the built-in theme may have no `templates/` or `static/` when the preview
//! starts: when one appears (its creation is an event of the root), it is watched from then on,
//! before the change is passed on, so an override added there is seen.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc, Weak};
use std::time::Duration;

use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{new_debouncer, new_debouncer_opt, DebounceEventResult, NoCache};
use parking_lot::Mutex;

use super::Note;

/// Quiet time after the last change before rebuilding.
const DEBOUNCE: Duration = Duration::from_millis(50);

type NativeWatcher = notify_debouncer_full::Debouncer<
    notify::RecommendedWatcher,
    notify_debouncer_full::RecommendedCache,
>;

type PollingWatcher = notify_debouncer_full::Debouncer<notify::PollWatcher, NoCache>;

/// The debouncer, native or polling.
enum Debouncer {
    Native(NativeWatcher),
    Polling(PollingWatcher),
}

impl Debouncer {
    fn watch(&mut self, path: &Path, mode: RecursiveMode) -> notify::Result<()> {
        match self {
            Debouncer::Native(d) => d.watch(path, mode),
            Debouncer::Polling(d) => d.watch(path, mode),
        }
    }
}

/// A file watcher, native or polling; dropping it stops watching.
pub(super) struct Watcher {
    _debouncer: Arc<Mutex<Debouncer>>,
}

/// The folders watched whole, below the root.
const FOLDERS: [&str; 3] = [
    crate::content::CONTENT_DIR,
    crate::templates::TEMPLATES_DIR,
    crate::statics::STATIC_DIR,
];

/// Passes each burst of changes on to `changes`, first watching any of [`FOLDERS`] that it
/// shows was created. Ends when the debouncer is dropped (its handler holds `raw`'s sender).
fn relay(
    root: PathBuf,
    raw: mpsc::Receiver<Vec<PathBuf>>,
    debouncer: Weak<Mutex<Debouncer>>,
    changes: mpsc::Sender<Vec<PathBuf>>,
) {
    let mut watched: Vec<PathBuf> = FOLDERS
        .iter()
        .map(|f| root.join(f))
        .filter(|p| p.is_dir())
        .collect();
    while let Ok(paths) = raw.recv() {
        for folder in FOLDERS.map(|f| root.join(f)) {
            let appeared = paths.contains(&folder);
            if appeared && folder.is_dir() && !watched.contains(&folder) {
                let Some(d) = debouncer.upgrade() else { return };
                if d.lock().watch(&folder, RecursiveMode::Recursive).is_ok() {
                    watched.push(folder);
                }
            }
        }
        if changes.send(paths).is_err() {
            return;
        }
    }
}

/// Watches the site's inputs; each debounced burst of changes is sent as one list of paths.
pub(super) fn watch(
    root: &Path,
    changes: mpsc::Sender<Vec<PathBuf>>,
    note: &dyn Fn(Note),
) -> io::Result<Watcher> {
    let (raw_tx, raw_rx) = mpsc::channel::<Vec<PathBuf>>();
    let handler = |changes: mpsc::Sender<Vec<PathBuf>>| {
        move |result: DebounceEventResult| {
            if let Ok(events) = result {
                // Reading files (the build itself does) is not a change.
                let paths: Vec<PathBuf> = events
                    .into_iter()
                    .filter(|e| !matches!(e.event.kind, EventKind::Access(_)))
                    .flat_map(|e| e.event.paths)
                    .collect();
                if !paths.is_empty() {
                    let _ = changes.send(paths);
                }
            }
        }
    };
    let mut targets = vec![(root.to_path_buf(), RecursiveMode::NonRecursive)];
    for dir in FOLDERS {
        if root.join(dir).is_dir() {
            targets.push((root.join(dir), RecursiveMode::Recursive));
        }
    }
    let native = new_debouncer(DEBOUNCE, None, handler(raw_tx.clone())).and_then(|mut d| {
        for (path, mode) in &targets {
            d.watch(path, *mode)?;
        }
        Ok(d)
    });
    let debouncer = match native {
        Ok(d) => Debouncer::Native(d),
        Err(e) => {
            note(Note::Polling(e.to_string()));
            let config = notify::Config::default().with_poll_interval(Duration::from_millis(200));
            let mut d = new_debouncer_opt::<_, notify::PollWatcher, _>(
                DEBOUNCE,
                None,
                handler(raw_tx),
                NoCache,
                config,
            )
            .map_err(io::Error::other)?;
            for (path, mode) in &targets {
                d.watch(path, *mode).map_err(io::Error::other)?;
            }
            Debouncer::Polling(d)
        }
    };
    let debouncer = Arc::new(Mutex::new(debouncer));
    let weak = Arc::downgrade(&debouncer);
    let root = root.to_path_buf();
    std::thread::Builder::new()
        .name("sade-watch".into())
        .spawn(move || relay(root, raw_rx, weak, changes))?;
    Ok(Watcher {
        _debouncer: debouncer,
    })
}
