//! Helpers shared by the integration tests: fixture sites in temporary folders; for the preview,
//! the real `sade serve` on a free port, plain HTTP/1.1 over a `TcpStream`, and an event-stream
//! reader.

#![allow(dead_code)]

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A test that needs tools outside Rust (node, Chromium, Java, Go, Python packages, mdBook):
/// with nothing `missing` it runs; otherwise `cargo test` lists it as ignored, its name saying
/// what is missing, so a skipped test is never reported as passed. Under `CI` (`.ci/run`
/// installs everything) a missing tool fails the test instead. Asked to run anyway
/// (`--include-ignored`), a skipped test fails with the same reason.
///
/// The files that use it are `harness = false` test targets (`Cargo.toml`) run by
/// [`run_trials`].
pub fn needing(
    name: &str,
    missing: Vec<String>,
    test: impl FnOnce() + Send + 'static,
) -> libtest_mimic::Trial {
    use libtest_mimic::Trial;
    if missing.is_empty() {
        return Trial::test(name, move || {
            test();
            Ok(())
        });
    }
    let list = missing.join(", ");
    if std::env::var_os("CI").is_some() {
        let why =
            format!("missing {list}, and CI is set: this test must run (.ci/run installs it)");
        return Trial::test(name, move || Err(why.into()));
    }
    let why = format!("missing {list}");
    Trial::test(format!("{name} (skipped: {why})"), move || Err(why.into())).with_ignored_flag(true)
}

/// A test that needs nothing but Rust, beside [`needing`] ones.
pub fn plain(name: &str, test: impl FnOnce() + Send + 'static) -> libtest_mimic::Trial {
    needing(name, Vec::new(), test)
}

/// Runs `trials` as libtest would (the same arguments and output), and exits.
pub fn run_trials(trials: Vec<libtest_mimic::Trial>) -> ! {
    libtest_mimic::run(&libtest_mimic::Arguments::from_args(), trials).exit()
}

/// The `sade` binary with `args`.
pub fn sade(args: &[&str]) -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("sade").unwrap();
    cmd.args(args);
    cmd
}

/// Runs a succeeding command with nothing on stderr; its stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = sade(args).assert().success().get_output().clone();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a failing command: exit code 2, nothing on stdout, exactly one line on stderr that
/// starts with `error: `; that line.
pub fn error_line(args: &[&str]) -> String {
    let out = sade(args).assert().code(2).get_output().clone();
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.ends_with('\n'), "{err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    err.trim_end().to_string()
}

/// Whether `program --version` runs and succeeds.
pub fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs the real `sade build --root ROOT [--out OUT]`; returns its exit code and standard error.
pub fn sade_build(root: &Path, out: Option<&Path>) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sade"));
    cmd.arg("build").arg("--root").arg(root);
    if let Some(out) = out {
        cmd.arg("--out").arg(out);
    }
    exit_and_stderr(cmd)
}

/// Runs the real `sade check --root ROOT`; returns its exit code and standard error.
pub fn sade_check(root: &Path) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sade"));
    cmd.arg("check").arg("--root").arg(root);
    exit_and_stderr(cmd)
}

fn exit_and_stderr(mut cmd: Command) -> (Option<i32>, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Panics if a staging folder (`.public.*`) was left beside `site/public`.
pub fn assert_no_staging_left(site: &Path) {
    let beside: Vec<_> = fs::read_dir(site)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".public."))
        .collect();
    assert!(beside.is_empty(), "staging folders left behind: {beside:?}");
}

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

/// A temporary site: the fixture's `sade.yaml` and `content/`, on the built-in theme.
pub fn fixture_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&repo().join("tests/fixtures/site"), dir.path());
    dir
}

/// Gives the site at `site` its own copy of the built-in template `name` (the repository's
/// `templates/NAME`, which the theme is made from), to edit; returns its path.
pub fn override_template(site: &Path, name: &str) -> PathBuf {
    let path = site.join("templates").join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::copy(repo().join("templates").join(name), &path).unwrap();
    path
}

/// A temporary site with the fixture's config, on the built-in theme, and only the given pages.
pub fn site_with(pages: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        repo().join("tests/fixtures/site/sade.yaml"),
        dir.path().join("sade.yaml"),
    )
    .unwrap();
    for (path, text) in pages {
        let p = dir.path().join("content").join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    dir
}

/// Every output of a build of the site at `root` (in memory), by path; panics on a build error.
pub fn outputs(root: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    outputs_with(&sade::build::Options::new(root))
}

/// Every output of a build with `options` (in memory), by path; panics on a build error.
pub fn outputs_with(options: &sade::build::Options) -> std::collections::BTreeMap<String, Vec<u8>> {
    let built = sade::build::build(options, &sade::shortcode::Registry::builtin());
    assert!(
        !built.diagnostics.has_errors(),
        "{}",
        built.diagnostics.render()
    );
    built
        .outputs
        .0
        .into_iter()
        .map(|f| (f.path, f.bytes))
        .collect()
}

/// The `<main>` element of an HTML page.
pub fn main_of(html: &str) -> &str {
    let start = html.find("<main").expect("no <main>");
    let end = html.find("</main>").expect("no </main>") + "</main>".len();
    &html[start..end]
}

/// Longest wait for any one thing to happen.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// A copy of `tests/fixtures/serve-site` in a temporary folder, on the built-in theme (with its
/// own `static/style.css`).
pub fn fixture_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&repo().join("tests/fixtures/serve-site"), dir.path());
    dir
}

/// A temporary copy of a fixture site (`tests/fixtures/NAME`), on the built-in theme.
pub fn fixture_named(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&repo().join("tests/fixtures").join(name), dir.path());
    dir
}

/// A running `sade serve`; killed when dropped.
pub struct Serve {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    pub root: PathBuf,
}

impl Serve {
    /// Starts the real binary on a free port and waits for its address.
    pub fn start(root: &Path) -> Serve {
        Serve::start_with(root, &[])
    }

    /// [`Serve::start`] with more arguments.
    pub fn start_with(root: &Path, args: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sade"))
            .args(["serve", "--port", "0", "--root"])
            .arg(root)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start sade serve");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        let mut serve = Serve {
            child,
            addr: String::new(),
            root: root.to_path_buf(),
        };
        let line = rx
            .recv_timeout(TIMEOUT)
            .expect("sade serve printed its address");
        let url = line
            .strip_prefix("serving http://")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"));
        serve.addr = url.trim_end_matches('/').to_string();
        serve
    }

    /// `http://ADDR` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// A GET (or another method) of `target`, sent as is.
    pub fn request(&self, method: &str, target: &str) -> Reply {
        request(&self.addr, method, target)
    }

    pub fn get(&self, target: &str) -> Reply {
        self.request("GET", target)
    }

    /// Opens `/__sade/events` and reads it on a thread.
    pub fn events(&self) -> Events {
        Events::open(&self.addr)
    }

    /// Writes `text` to `rel` below the site root.
    /// Writes `rel` below the site, making its folders.
    pub fn write(&self, rel: &str, text: &str) {
        let path = self.root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root.join(rel)).unwrap()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A parsed HTTP response.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request with `Connection: close`; the target is sent byte for byte.
pub fn request(addr: &str, method: &str, target: &str) -> Reply {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(TIMEOUT)).unwrap();
    write!(
        stream,
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// One server-sent event.
#[derive(Debug, Clone)]
pub struct Event {
    pub name: String,
    pub data: String,
}

/// An open event stream.
pub struct Events {
    rx: mpsc::Receiver<Event>,
    stream: TcpStream,
}

impl Events {
    fn open(addr: &str) -> Events {
        let mut stream = TcpStream::connect(addr).unwrap();
        write!(
            stream,
            "GET /__sade/events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut name = String::new();
            let mut data: Vec<String> = Vec::new();
            let mut in_body = false;
            for line in reader.lines() {
                let Ok(line) = line else { break };
                if !in_body {
                    in_body = line.is_empty();
                    continue;
                }
                if line.is_empty() {
                    if !name.is_empty() || !data.is_empty() {
                        let event = Event {
                            name: std::mem::take(&mut name),
                            data: data.join("\n"),
                        };
                        data.clear();
                        if tx.send(event).is_err() {
                            break;
                        }
                    }
                } else if let Some(n) = line.strip_prefix("event: ") {
                    name = n.to_string();
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data.push(d.to_string());
                }
            }
        });
        let events = Events { rx, stream };
        let hello = events.next_named("hello");
        assert!(hello.data.parse::<u64>().is_ok(), "{hello:?}");
        events
    }

    /// Waits for the next event called `name`, skipping others.
    pub fn next_named(&self, name: &str) -> Event {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(e) if e.name == name => return e,
                Ok(_) => {}
                Err(_) => panic!("no `{name}` event within {TIMEOUT:?}"),
            }
        }
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
    }
}

/// `path:line:col` of a diagnostic, as in `content/blog/hello.en.md:12:1`.
pub fn has_file_line_col(text: &str, file: &str) -> bool {
    text.match_indices(file).any(|(i, _)| {
        let rest = &text[i + file.len()..];
        let mut parts = rest.splitn(3, ':');
        parts.next() == Some("")
            && parts.next().is_some_and(|l| l.parse::<u32>().is_ok())
            && parts
                .next()
                .is_some_and(|c| c.chars().take_while(char::is_ascii_digit).count() > 0)
    })
}

/// Serves `dir` over HTTP/1.0 on 127.0.0.1 (`…/` is `…/index.html`), each response with the
/// header lines `headers` (each ending in `\r\n`) besides its type and length.
pub fn serve_dir(dir: PathBuf, headers: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let _ = respond_file(&dir, stream, headers);
            });
        }
    });
    format!("http://{addr}")
}

fn respond_file(dir: &Path, mut stream: TcpStream, headers: &str) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let mut rel = path.trim_start_matches('/').to_string();
    if rel.is_empty() || rel.ends_with('/') {
        rel.push_str("index.html");
    }
    let file = dir.join(&rel);
    let safe = !rel.split('/').any(|part| part == "..");
    let (status, body) = match std::fs::read(&file) {
        Ok(bytes) if safe => ("200 OK", bytes),
        _ => ("404 Not Found", b"not found".to_vec()),
    };
    let kind = sade::serve::content_type(&rel);
    let head = format!(
        "HTTP/1.0 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&body)?;
    stream.flush()
}
