//! Watching the site's inputs: native file events where the system has them, polling where it
//! does not; each debounced burst of changes goes to the rebuild thread as one list of paths.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{new_debouncer, new_debouncer_opt, DebounceEventResult, NoCache};

use super::Note;

/// Quiet time after the last change before rebuilding.
const DEBOUNCE: Duration = Duration::from_millis(50);

type NativeWatcher = notify_debouncer_full::Debouncer<
    notify::RecommendedWatcher,
    notify_debouncer_full::RecommendedCache,
>;

/// A file watcher, native or polling; dropping it stops watching.
pub(super) struct Watcher {
    _native: Option<NativeWatcher>,
    _polling: Option<notify_debouncer_full::Debouncer<notify::PollWatcher, NoCache>>,
}

/// Watches the site's inputs; each debounced burst of changes is sent as one list of paths.
pub(super) fn watch(
    root: &Path,
    changes: mpsc::Sender<Vec<PathBuf>>,
    note: &dyn Fn(Note),
) -> io::Result<Watcher> {
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
    let targets = |r: &Path| -> Vec<(PathBuf, RecursiveMode)> {
        let mut t = vec![(r.to_path_buf(), RecursiveMode::NonRecursive)];
        for dir in [
            crate::content::CONTENT_DIR,
            crate::templates::TEMPLATES_DIR,
            crate::statics::STATIC_DIR,
        ] {
            if r.join(dir).is_dir() {
                t.push((r.join(dir), RecursiveMode::Recursive));
            }
        }
        t
    };
    let native = new_debouncer(DEBOUNCE, None, handler(changes.clone())).and_then(|mut d| {
        for (path, mode) in targets(root) {
            d.watch(&path, mode)?;
        }
        Ok(d)
    });
    match native {
        Ok(d) => Ok(Watcher {
            _native: Some(d),
            _polling: None,
        }),
        Err(e) => {
            note(Note::Polling(e.to_string()));
            let config = notify::Config::default().with_poll_interval(Duration::from_millis(200));
            let mut d = new_debouncer_opt::<_, notify::PollWatcher, _>(
                DEBOUNCE,
                None,
                handler(changes),
                NoCache,
                config,
            )
            .map_err(io::Error::other)?;
            for (path, mode) in targets(root) {
                d.watch(&path, mode).map_err(io::Error::other)?;
            }
            Ok(Watcher {
                _native: None,
                _polling: Some(d),
            })
        }
    }
}
