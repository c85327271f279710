//! Stage 7 — preview: `sade serve`. The site is built in memory by the same pipeline as
//! `sade build` (only the live-reload script differs), served over HTTP from that in-memory list
//! (nothing outside it can be reached), rebuilt when `content/`, `templates/`, `static/` or
//! `sade.yaml` change, and open pages are told over server-sent events to reload, or to show the
//! build error in place of the page. A failed build never stops the server.
//!
//! The library does not print: [`Server::run`] reports what happens as [`Note`]s.

mod rebuild;

use std::collections::HashMap;
use std::io::{self, Write};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;

use parking_lot::{Condvar, Mutex, RwLock};
use std::time::Duration;

use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{new_debouncer, new_debouncer_opt, DebounceEventResult, NoCache};
use tiny_http::{Header, Method, Request, Response, StatusCode};

pub use rebuild::{Outcome, Rebuilder};

use crate::pipeline::Options;
use crate::shortcode::Registry;

/// URL of the live-reload script (the templates include it when `live_reload` is on).
pub const LIVE_JS_URL: &str = "/__sade/live.js";
/// URL of the event stream.
pub const EVENTS_URL: &str = "/__sade/events";
const LIVE_JS: &str = include_str!("serve/live.js");
/// Quiet time after the last change before rebuilding.
const DEBOUNCE: Duration = Duration::from_millis(50);
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
}

/// Something worth telling the person at the terminal.
#[derive(Debug)]
pub enum Note {
    /// Listening at this address.
    Serving(SocketAddr),
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
    /// A build failed; the rendered diagnostics.
    Failed(String),
}

/// What is being served now.
struct Snapshot {
    generation: u64,
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
        let root = std::fs::canonicalize(&self.options.root)?;
        let build_options = Options {
            root: root.clone(),
            drafts: self.options.drafts,
            live_reload: true,
            timings: None,
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
        let _watcher = watch(&root, changes_tx, &*note)?;
        note(Note::Serving(self.addr));

        while !stop.load(Ordering::SeqCst) {
            match self.http.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(request)) => {
                    let shared = self.shared.clone();
                    std::thread::spawn(move || handle(request, &shared));
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
        note(Note::Failed(text.clone()));
        shared.publish(Snapshot {
            generation: old.generation + 1,
            files: old.files.clone(),
            error: Some(text.into()),
        });
        return;
    }
    let warnings = outcome.diagnostics.render();
    if outcome.changed.is_empty() && old.error.is_none() {
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

type NativeWatcher = notify_debouncer_full::Debouncer<
    notify::RecommendedWatcher,
    notify_debouncer_full::RecommendedCache,
>;

/// A file watcher, native or polling; dropping it stops watching.
struct Watcher {
    _native: Option<NativeWatcher>,
    _polling: Option<notify_debouncer_full::Debouncer<notify::PollWatcher, NoCache>>,
}

/// Watches the site's inputs; each debounced burst of changes is sent as one list of paths.
fn watch(
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

/// Why a request path was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Malformed or escaping: 400.
    BadRequest,
}

/// Turns a request target into the key of a served file: `/tr/x/?q` → `tr/x/index.html`.
/// Anything that could name a file outside the site is refused: `.` and `..` segments (plain or
/// percent-encoded), encoded `/` or `\`, backslashes, empty segments, drive letters, NUL,
/// and paths that do not start with `/`.
pub fn resolve(target: &str) -> Result<String, Refusal> {
    let path = target.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/') {
        return Err(Refusal::BadRequest);
    }
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            let hex = bytes.get(i + 1..i + 3).ok_or(Refusal::BadRequest)?;
            let hex = std::str::from_utf8(hex).map_err(|_| Refusal::BadRequest)?;
            let value = u8::from_str_radix(hex, 16).map_err(|_| Refusal::BadRequest)?;
            if matches!(value, b'/' | b'\\' | 0) {
                return Err(Refusal::BadRequest);
            }
            decoded.push(value);
            i += 3;
        } else {
            decoded.push(b);
            i += 1;
        }
    }
    let decoded = String::from_utf8(decoded).map_err(|_| Refusal::BadRequest)?;
    if decoded.contains(['\\', '\0']) {
        return Err(Refusal::BadRequest);
    }
    let rest = &decoded[1..];
    let segments: Vec<&str> = rest.split('/').collect();
    let last = segments.len() - 1;
    for (n, seg) in segments.iter().enumerate() {
        if (seg.is_empty() && n != last) || *seg == "." || *seg == ".." || seg.contains(':') {
            return Err(Refusal::BadRequest);
        }
    }
    if rest.is_empty() || rest.ends_with('/') {
        Ok(format!("{rest}index.html"))
    } else {
        Ok(rest.to_string())
    }
}

/// `Content-Type` of a served file, by extension.
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "xml" if path.ends_with("atom.xml") => "application/atom+xml; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "svg" => "image/svg+xml; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "json" => "application/json; charset=utf-8",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn reply(request: Request, status: u16, kind: &str, body: Arc<[u8]>, extra: &[Header]) {
    let head = request.method() == &Method::Head;
    let len = body.len();
    let mut response = Response::new(
        StatusCode(status),
        vec![
            header("Content-Type", kind),
            header("Cache-Control", "no-store"),
        ],
        io::Cursor::new(if head { Arc::from(&[][..]) } else { body }),
        Some(len),
        None,
    );
    for h in extra {
        response.add_header(h.clone());
    }
    let _ = request.respond(response);
}

fn plain(request: Request, status: u16, text: &str, extra: &[Header]) {
    let body: Arc<[u8]> = Arc::from(text.as_bytes());
    reply(request, status, "text/plain; charset=utf-8", body, extra);
}

/// The page shown in place of any page while the last build failed.
fn error_page(text: &str) -> String {
    let escaped = crate::html::escape(text);
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Build error · sade</title>\n</head>\n<body>\n\
         <div class=\"error-overlay\" role=\"alert\"><pre>{escaped}</pre></div>\n\
         <script src=\"{LIVE_JS_URL}\"></script>\n</body>\n</html>\n"
    )
}

fn handle(request: Request, shared: &Arc<Shared>) {
    if !matches!(request.method(), Method::Get | Method::Head) {
        return plain(
            request,
            405,
            "method not allowed\n",
            &[header("Allow", "GET, HEAD")],
        );
    }
    let target = request.url().to_string();
    let path = target.split(['?', '#']).next().unwrap_or("");
    if path == EVENTS_URL {
        return events(request, shared);
    }
    if path == LIVE_JS_URL {
        let body: Arc<[u8]> = Arc::from(LIVE_JS.as_bytes());
        return reply(request, 200, content_type(LIVE_JS_URL), body, &[]);
    }
    let key = match resolve(&target) {
        Ok(k) => k,
        Err(Refusal::BadRequest) => return plain(request, 400, "bad request path\n", &[]),
    };
    let snapshot = shared.current();
    let found = snapshot.files.get(&key);
    let is_page = found.is_none() || key.ends_with(".html");
    if let (Some(error), true) = (&snapshot.error, is_page) {
        let body: Arc<[u8]> = Arc::from(error_page(error).into_bytes());
        return reply(request, 500, content_type("x.html"), body, &[]);
    }
    if let Some(bytes) = found {
        return reply(request, 200, content_type(&key), bytes.clone(), &[]);
    }
    if !key.ends_with("/index.html") && snapshot.files.contains_key(&format!("{key}/index.html")) {
        let query = target.find('?').map_or("", |i| &target[i..]);
        let location = format!("{path}/{query}");
        return plain(request, 301, "moved\n", &[header("Location", &location)]);
    }
    match snapshot.files.get("404.html") {
        Some(page) => reply(request, 404, content_type("404.html"), page.clone(), &[]),
        None => plain(request, 404, "not found\n", &[]),
    }
}

/// Text of one server-sent event; every line of `data` gets its own `data:` field.
fn event_text(name: &str, data: &str) -> String {
    let mut out = format!("event: {name}\n");
    for line in data.split('\n') {
        out.push_str("data: ");
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    out
}

/// Streams `event: reload` / `event: error` to one open page until it goes away. The response
/// is written by hand on the raw connection: tiny_http's chunked encoder would hold small events
/// back in its buffer, and each event must leave at once.
fn events(request: Request, shared: &Arc<Shared>) {
    let head = request.method() == &Method::Head;
    let mut out = request.into_writer();
    let start = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
                 Cache-Control: no-store\r\nConnection: close\r\n\r\n";
    let mut seen = shared.current().generation;
    let mut first = format!("retry: 500\n{}", event_text("hello", &seen.to_string()));
    if let Some(error) = &shared.current().error {
        first.push_str(&event_text("error", error));
    }
    if out.write_all(start.as_bytes()).is_err() || head {
        let _ = out.flush();
        return;
    }
    if out
        .write_all(first.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return;
    }
    loop {
        let text = {
            let mut guard = shared.generation.lock();
            shared.changed.wait_while_for(
                &mut guard,
                |g| *g == seen && !shared.stopping.load(Ordering::SeqCst),
                HEARTBEAT,
            );
            if shared.stopping.load(Ordering::SeqCst) {
                return;
            }
            if *guard == seen {
                ": heartbeat\n\n".to_string()
            } else {
                drop(guard);
                let snapshot = shared.current();
                seen = snapshot.generation;
                match &snapshot.error {
                    Some(error) => event_text("error", error),
                    None => event_text("reload", &seen.to_string()),
                }
            }
        };
        if out
            .write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_folders_and_files() {
        assert_eq!(resolve("/").unwrap(), "index.html");
        assert_eq!(resolve("/tr/").unwrap(), "tr/index.html");
        assert_eq!(
            resolve("/tr/blog/x/?a=1#b").unwrap(),
            "tr/blog/x/index.html"
        );
        assert_eq!(resolve("/style.css").unwrap(), "style.css");
        assert_eq!(resolve("/tr").unwrap(), "tr");
        assert_eq!(resolve("/tr/%C3%A7ay/").unwrap(), "tr/çay/index.html");
    }

    #[test]
    fn refuses_escapes() {
        for bad in [
            "/../sade.yaml",
            "/%2e%2e/sade.yaml",
            "/%2E%2E/sade.yaml",
            "/..%2fsade.yaml",
            "/..%2Fsade.yaml",
            "/tr/..\\..\\sade.yaml",
            "/tr/%5c..%5csade.yaml",
            "/tr/./x",
            "//etc/passwd",
            "/C:/Windows",
            "/a%00b",
            "/%zz",
            "/%2",
            "sade.yaml",
            "http://example.com/x",
            "/%ff",
        ] {
            assert_eq!(resolve(bad), Err(Refusal::BadRequest), "{bad}");
        }
    }

    #[test]
    fn content_types() {
        assert_eq!(content_type("a/index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("style.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("x/index.md"), "text/markdown; charset=utf-8");
        assert_eq!(
            content_type("sitemap.xml"),
            "application/xml; charset=utf-8"
        );
        assert_eq!(content_type("i.svg"), "image/svg+xml; charset=utf-8");
        assert_eq!(content_type("live.js"), "text/javascript; charset=utf-8");
    }

    #[test]
    fn events_put_every_line_in_data() {
        assert_eq!(
            event_text("error", "a:1:2\n  b"),
            "event: error\ndata: a:1:2\ndata:   b\n\n"
        );
    }
}
