//! Stage 7 — preview: `sade serve`. The site is built in memory by the same pipeline as
//! `sade build` (only the live-reload script differs), served over HTTP from that in-memory list
//! (nothing outside it can be reached), rebuilt when `content/`, `templates/`, `static/` or
//! `sade.yaml` change, and open pages are told over server-sent events to reload, or to show the
//! build error in place of the page. A failed build never stops the server.
//!
//! The library does not print: [`Server::run`] reports what happens as [`Note`]s.

mod rebuild;

mod http;
mod outputs;
mod watch;

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use parking_lot::{Condvar, Mutex, RwLock};

pub use http::{content_type, resolve, Refusal};
pub use rebuild::{Outcome, Rebuilder};

use crate::pipeline::Options;
use crate::shortcode::Registry;

/// URL of the live-reload script (the templates include it when `live_reload` is on), for a site
/// at the root of its host; under a base path (`/notes/`) it is below that (`/notes/__sade/…`).
pub const LIVE_JS_URL: &str = "/__sade/live.js";
/// URL of the event stream (under the base path, as [`LIVE_JS_URL`]).
pub const EVENTS_URL: &str = "/__sade/events";
const LIVE_JS: &str = include_str!("serve/live.js");
/// A comment line on idle event streams, so dead connections are noticed.
const HEARTBEAT: Duration = Duration::from_secs(15);

/// How to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Site root (holds `sade.yaml`).
    pub root: PathBuf,
    /// Address to listen on.
    pub bind: IpAddr,
    /// Port (0 picks a free one).
    pub port: u16,
    /// Include `draft: true` pages.
    pub drafts: bool,
    /// Include pages published after today.
    pub future: bool,
    /// Serve under this base URL's path instead of `sade.yaml`'s (`--base-url`).
    pub base_url: Option<String>,
}

/// Something worth telling the person at the terminal.
#[derive(Debug)]
pub enum Note {
    /// Listening at this address, the site under this base path (`/`, `/notes/`).
    Serving(SocketAddr, String),
    /// `--bind` is not a loopback address: the site is reachable from the network.
    NotLoopback(IpAddr),
    /// Files are watched by polling (the native watcher failed with this message).
    Polling(String),
    /// A build finished without errors.
    Built {
        /// Build generation after it (bumped when something changed).
        generation: u64,
        /// Output files that changed.
        changed: usize,
        /// Whole build or incremental.
        full: bool,
        /// Duration of each step.
        steps: Vec<(&'static str, Duration)>,
        /// Warnings, rendered.
        warnings: String,
    },
    /// A build failed.
    Failed {
        /// The rendered diagnostics.
        report: String,
        /// Whether an earlier good build is still served (otherwise every page shows the error).
        serving: bool,
    },
}

/// What is being served now.
struct Snapshot {
    generation: u64,
    /// The site's base path (`/`, `/notes/`): the site is served below it.
    root: Arc<str>,
    files: Arc<HashMap<String, Arc<[u8]>>>,
    /// The rendered diagnostics of the last build, when it failed.
    error: Option<Arc<str>>,
}

/// State shared by the request threads, the rebuild thread and the event streams.
struct Shared {
    snapshot: RwLock<Arc<Snapshot>>,
    /// The generation, signalled to event streams when it changes.
    generation: Mutex<u64>,
    changed: Condvar,
    stopping: AtomicBool,
}

impl Shared {
    fn current(&self) -> Arc<Snapshot> {
        self.snapshot.read().clone()
    }

    fn publish(&self, snapshot: Snapshot) {
        let generation = snapshot.generation;
        *self.snapshot.write() = Arc::new(snapshot);
        *self.generation.lock() = generation;
        self.changed.notify_all();
    }

    fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let _guard = self.generation.lock();
        self.changed.notify_all();
    }
}

/// The preview server: an HTTP listener and what it serves.
pub struct Server {
    http: tiny_http::Server,
    shared: Arc<Shared>,
    options: ServeOptions,
    addr: SocketAddr,
}

impl Server {
    /// Listens on `options.bind:options.port`.
    pub fn bind(options: ServeOptions) -> io::Result<Server> {
        let http = tiny_http::Server::http(SocketAddr::new(options.bind, options.port))
            .map_err(io::Error::other)?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| io::Error::other("not an IP listener"))?;
        let shared = Arc::new(Shared {
            snapshot: RwLock::new(Arc::new(Snapshot {
                generation: 0,
                root: Arc::from("/"),
                files: Arc::default(),
                error: None,
            })),
            generation: Mutex::new(0),
            changed: Condvar::new(),
            stopping: AtomicBool::new(false),
        });
        Ok(Server {
            http,
            shared,
            options,
            addr,
        })
    }

    /// The address actually listened on (the port is known even when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Builds, watches and serves until `stop` is set. `note` hears about builds and problems.
    pub fn run(self, stop: &AtomicBool, note: Arc<dyn Fn(Note) + Send + Sync>) -> io::Result<()> {
        if !self.options.bind.is_loopback() {
            note(Note::NotLoopback(self.options.bind));
        }
        let root = std::fs::canonicalize(&self.options.root).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot open {}: {e}", self.options.root.display()),
            )
        })?;
        let build_options = Options {
            root: root.clone(),
            drafts: self.options.drafts,
            future: self.options.future,
            base_url: self.options.base_url.clone(),
            live_reload: true,
            timings: None,
            ..Options::new(&root)
        };
        // The first build happens before the address is announced, so the first request sees it.
        let (changes_tx, changes_rx) = mpsc::channel::<Vec<PathBuf>>();
        let (ready_tx, ready_rx) = mpsc::channel::<()>();
        let shared = self.shared.clone();
        let rebuild_note = note.clone();
        let rebuilder = std::thread::Builder::new()
            .name("sade-rebuild".into())
            .spawn(move || {
                let mut rebuilder = Rebuilder::new(build_options, Registry::builtin());
                let outcome = rebuilder.full();
                publish(&shared, &rebuilder, outcome, &*rebuild_note);
                let _ = ready_tx.send(());
                while let Ok(mut paths) = changes_rx.recv() {
                    while let Ok(more) = changes_rx.try_recv() {
                        paths.extend(more);
                    }
                    paths.sort();
                    paths.dedup();
                    let outcome = rebuilder.rebuild(&paths);
                    publish(&shared, &rebuilder, outcome, &*rebuild_note);
                }
            })?;
        let _ = ready_rx.recv();
        let _watcher = watch::watch(&root, changes_tx, &*note)?;
        let root = self.shared.current().root.to_string();
        note(Note::Serving(self.addr, root));

        while !stop.load(Ordering::SeqCst) {
            match self.http.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(request)) => {
                    let shared = self.shared.clone();
                    std::thread::spawn(move || http::handle(request, &shared));
                }
                Ok(None) => {}
                Err(e) => return Err(e),
            }
        }
        self.shared.stop();
        drop(_watcher);
        let _ = rebuilder.join();
        Ok(())
    }
}

/// Makes the outcome of a build what is served, and tells the event streams.
fn publish(shared: &Shared, rebuilder: &Rebuilder, outcome: Outcome, note: &dyn Fn(Note)) {
    let old = shared.current();
    if outcome.diagnostics.has_errors() {
        let text = outcome.diagnostics.render();
        note(Note::Failed {
            report: text.clone(),
            // A good build always has files (at least the sitemap).
            serving: !old.files.is_empty(),
        });
        shared.publish(Snapshot {
            generation: old.generation + 1,
            root: old.root.clone(),
            files: old.files.clone(),
            error: Some(text.into()),
        });
        return;
    }
    let warnings = outcome.diagnostics.render();
    let same_root = rebuilder.root().is_none_or(|r| *r == *old.root);
    if outcome.changed.is_empty() && old.error.is_none() && same_root {
        if !outcome.steps.is_empty() {
            note(Note::Built {
                generation: old.generation,
                changed: 0,
                full: outcome.full,
                steps: outcome.steps,
                warnings,
            });
        }
        return;
    }
    let mut files = (*old.files).clone();
    if let Some(outputs) = rebuilder.outputs() {
        for path in &outcome.changed {
            match outputs.get(path) {
                Some(f) => files.insert(path.clone(), Arc::from(f.bytes.as_slice())),
                None => files.remove(path),
            };
        }
    }
    let generation = old.generation + 1;
    shared.publish(Snapshot {
        generation,
        root: rebuilder.root().map_or_else(|| old.root.clone(), Arc::from),
        files: Arc::new(files),
        error: None,
    });
    note(Note::Built {
        generation,
        changed: outcome.changed.len(),
        full: outcome.full,
        steps: outcome.steps,
        warnings,
    });
}
