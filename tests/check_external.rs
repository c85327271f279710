//! `sade check --external` against a real HTTP server on 127.0.0.1, started here, which logs
//! every request it gets: good pages, a two-hop permanent redirect, a temporary one, 404, 500,
//! a page slower than the timeout, fragments present and missing, a server that refuses `HEAD`,
//! a redirect loop, rate limits; then the cache (a second run asks for nothing but the
//! failures), and a plain `check` or `build` that never asks for anything.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A server on a free port of 127.0.0.1 that answers the routes of [`respond`] and logs each
/// request as `METHOD /path`.
struct Server {
    base: String,
    port: u16,
    log: Arc<Mutex<Vec<String>>>,
    /// Requests being answered now, and the most there ever were.
    busy: Arc<Mutex<(usize, usize)>>,
}

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let log = Arc::new(Mutex::new(Vec::new()));
        let busy = Arc::new(Mutex::new((0, 0)));
        let (shared, gauge) = (log.clone(), busy.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (log, busy) = (shared.clone(), gauge.clone());
                std::thread::spawn(move || {
                    let _ = serve(stream, &log, &busy);
                });
            }
        });
        Server {
            base: format!("http://127.0.0.1:{port}"),
            port,
            log,
            busy,
        }
    }

    /// The most requests it was answering at once.
    fn most_at_once(&self) -> usize {
        self.busy.lock().unwrap().1
    }

    /// The requests since the last call, in the order they came.
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.log.lock().unwrap())
    }
}

/// Answers one request (and more on the same connection, while the client keeps it open).
fn serve(
    stream: TcpStream,
    log: &Mutex<Vec<String>>,
    busy: &Mutex<(usize, usize)>,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut stream = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
                break;
            }
        }
        let mut words = line.split_whitespace();
        let method = words.next().unwrap_or("").to_string();
        let path = words.next().unwrap_or("/").to_string();
        let seen = {
            let mut log = log.lock().unwrap();
            log.push(format!("{method} {path}"));
            log.iter()
                .filter(|l| l.ends_with(&format!(" {path}")))
                .count()
        };
        {
            let mut b = busy.lock().unwrap();
            b.0 += 1;
            b.1 = b.1.max(b.0);
        }
        if method == "HEAD" && path == "/drop-head" {
            // Hangs up on HEAD without a word.
            return Ok(());
        }
        let (status, headers, body) = respond(&method, &path, seen);
        busy.lock().unwrap().0 -= 1;
        let mut head = format!(
            "HTTP/1.1 {status}\r\nContent-Length: {}\r\n{headers}\r\n",
            body.len()
        );
        if method == "HEAD" {
            stream.write_all(head.as_bytes())?;
        } else {
            head.push_str(&body);
            stream.write_all(head.as_bytes())?;
        }
        stream.flush()?;
    }
}

const HTML: &str = "Content-Type: text/html; charset=utf-8\r\n";

/// The routes: status line, header lines, body. `seen` counts requests to `path` so far, this
/// one included.
fn respond(method: &str, path: &str, seen: usize) -> (&'static str, String, String) {
    let page = |body: &str| ("200 OK", HTML.to_string(), body.to_string());
    let moved =
        |status: &'static str, to: &str| (status, format!("Location: {to}\r\n"), String::new());
    match path {
        "/ok" | "/final" => page("<!doctype html><p>fine</p>"),
        "/r1" => moved("301 Moved Permanently", "/r2"),
        "/r2" => moved("301 Moved Permanently", "final"),
        "/temp" => moved("302 Found", "/ok"),
        "/loop-a" => moved("302 Found", "/loop-b"),
        "/loop-b" => moved("302 Found", "/loop-a"),
        "/error" => ("500 Internal Server Error", String::new(), "oops".into()),
        "/slow" => {
            std::thread::sleep(Duration::from_secs(3));
            page("late")
        }
        "/doc" => page("<html><h2 id=\"present\">Here</h2><a name=\"old\"></a></html>"),
        "/no-head" if method == "HEAD" => (
            "405 Method Not Allowed",
            "Allow: GET\r\n".into(),
            String::new(),
        ),
        "/no-head" => page("<p>only GET</p>"),
        "/drop-head" => page("<p>GET answered</p>"),
        "/busy" if seen == 1 => (
            "429 Too Many Requests",
            "Retry-After: 1\r\n".into(),
            String::new(),
        ),
        "/busy" => page("<p>now</p>"),
        held if held.starts_with("/held/") => {
            std::thread::sleep(Duration::from_millis(200));
            page("<p>held</p>")
        }
        "/throttled" => (
            "429 Too Many Requests",
            "Retry-After: 3600\r\n".into(),
            String::new(),
        ),
        _ => ("404 Not Found", String::new(), "not here".into()),
    }
}

/// A Turkish and an English page whose bodies are `tr` and `en`, `URL` standing for the
/// server's address.
fn site(server: &Server, tr: &str, en: &str) -> tempfile::TempDir {
    let page = |title: &str, body: &str| {
        format!(
            "---\ntitle: \"{title}\"\npublished: 2026-10-01\nsection: Post\n---\n\n{}",
            body.replace("URL", &server.base)
        )
    };
    common::site_with(&[
        ("blog/links.tr.md", &page("Bağlantılar", tr)),
        ("blog/links.en.md", &page("Links", en)),
    ])
}

/// Runs `sade check` with `args` on the site at `root`: the exit code and standard error.
fn check(root: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .arg("check")
        .arg("--root")
        .arg(root)
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The report with the server's port and the time taken made constant, for goldens.
fn steady(report: &str, server: &Server) -> String {
    let text = report.replace(&server.port.to_string(), "PORT");
    text.lines()
        .map(|line| match (line.find(" in "), line.find(" ms")) {
            (Some(a), Some(b)) if line.starts_with("checked ") && a < b => {
                format!("{} in N{}", &line[..a], &line[b..])
            }
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const TR: &str = "\
İyi: [iyi](URL/ok) ve <URL/ok>.
Taşındı: [iki adım](URL/r1).
Geçici: [geçici](URL/temp).
Yok: [kayıp](URL/missing).
Hata: ğüş [sunucu](URL/error).
Yavaş: [yavaş](URL/slow).
Parça: [var](URL/doc#present), [eski](URL/doc#old), [yok](URL/doc#absent).
HEAD yok: [get](URL/no-head), [kapanır](URL/drop-head).
Döngü: [döngü](URL/loop-a).

<p>Ham: <a href=\"URL/missing\">kayıp</a></p>
";

const EN: &str = "Gone: [gone](URL/missing). Good: [good](URL/ok).\n";

#[test]
fn every_external_link_is_checked_and_each_failure_is_reported_where_it_is_written() {
    let server = Server::start();
    let site = site(&server, TR, EN);
    let started = Instant::now();
    let (code, report) = check(site.path(), &["--external", "--timeout", "500ms"]);
    assert_eq!(code, 1, "{report}");
    // The slow page is given up on after half a second, not waited for.
    assert!(started.elapsed() < Duration::from_secs(20), "{report}");
    insta::assert_snapshot!("first_run", steady(&report, &server));
    let tr = "content/blog/links.tr.md";
    for needle in [
        // 404: every place it is written, the markdown link, the raw HTML and the other page.
        &format!("{tr}:10:6"),
        &format!("{tr}:17:18"),
        "content/blog/links.en.md:7:7",
        "/missing` answered 404 Not Found",
        // 500, the column counted in characters (`ğüş` are two bytes each).
        &format!("{tr}:11:11"),
        "/error` answered 500 Internal Server Error",
        // The two-hop permanent redirect, with where it ends.
        &format!("{tr}:8:10"),
        "it redirects: 301 to `http://127.0.0.1:PORT/r2`, then 301 to `http://127.0.0.1:PORT/final`",
        "link to `http://127.0.0.1:PORT/final`",
        "/slow` did not answer within 0.5 s",
        "/doc#absent` has no `#absent`",
        "/loop-a` redirects in a loop",
    ] {
        let needle = needle.replace("PORT", &server.port.to_string());
        assert!(report.contains(&needle), "missing `{needle}` in:\n{report}");
    }
    let headlines: Vec<&str> = report
        .lines()
        .filter(|l| l.starts_with("error") || l.starts_with("warning"))
        .collect();
    assert_eq!(headlines.len(), 8, "{report}");
    for fine in [
        "/ok`",
        "/temp`",
        "#present`",
        "#old`",
        "/no-head`",
        "/drop-head`",
    ] {
        assert!(
            !headlines.iter().any(|l| l.contains(fine)),
            "`{fine}` is good:\n{report}"
        );
    }
    let mut asked = server.take();
    asked.sort();
    let count = |r: &str| asked.iter().filter(|a| *a == r).count();
    // `/ok` is written three times and asked for once; `/doc`, linked with three fragments,
    // is read once (with GET, for its ids).
    assert_eq!(count("HEAD /ok") + count("GET /ok"), 2, "{asked:?}"); // one more via /temp
    assert_eq!((count("GET /doc"), count("HEAD /doc")), (1, 0), "{asked:?}");
    // A refused HEAD, or one the server hangs up on, falls back to GET.
    assert_eq!(
        (count("HEAD /drop-head"), count("GET /drop-head")),
        (1, 1),
        "{asked:?}"
    );
    assert_eq!(
        (count("HEAD /no-head"), count("GET /no-head")),
        (1, 1),
        "{asked:?}"
    );
    // Each hop of the redirects, asked for by hand.
    for hop in [
        "HEAD /r1",
        "HEAD /r2",
        "HEAD /final",
        "HEAD /loop-a",
        "HEAD /loop-b",
    ] {
        assert_eq!(count(hop), 1, "{hop}: {asked:?}");
    }

    // Again: the good links come from the cache; every failure is asked for again.
    let (code, again) = check(site.path(), &["--external", "--timeout", "500ms"]);
    assert_eq!(code, 1, "{again}");
    let mut asked: Vec<String> = server.take();
    asked.sort();
    asked.dedup();
    assert_eq!(
        asked,
        [
            "GET /doc",
            "HEAD /error",
            "HEAD /loop-a",
            "HEAD /loop-b",
            "HEAD /missing",
            "HEAD /slow",
        ],
        "only the failures are fetched again:\n{again}"
    );
    let strip = |r: &str| -> Vec<String> {
        steady(r, &server)
            .lines()
            .filter(|l| !l.starts_with("checked "))
            .map(String::from)
            .collect()
    };
    assert_eq!(
        strip(&again),
        strip(&report),
        "the same report from the cache"
    );
    assert!(
        again.contains("URLs from .sade/cache/external.json"),
        "{again}"
    );
}

#[test]
fn a_second_run_within_the_max_age_asks_for_nothing() {
    let server = Server::start();
    let tr = "[a](URL/ok) [b](URL/r1) [c](URL/doc#present) [d](URL/no-head) [e](URL/temp)\n";
    let site = site(&server, tr, "[a](URL/ok)\n");
    let (code, first) = check(site.path(), &["--external"]);
    assert_eq!(code, 0, "a moved link is a warning:\n{first}");
    assert!(first.contains("0 errors, 1 warning"), "{first}");
    assert!(!server.take().is_empty());
    let cache = site.path().join(".sade/cache/external.json");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    assert_eq!(saved["links"].as_object().unwrap().len(), 5, "{saved:#}");
    assert_eq!(
        saved["links"][format!("{}/r1", server.base)]["result"],
        "moved"
    );
    assert!(saved["links"][format!("{}/ok", server.base)]["checked"].is_u64());

    let (code, second) = check(site.path(), &["--external"]);
    assert_eq!(code, 0, "{second}");
    assert_eq!(
        server.take(),
        Vec::<String>::new(),
        "the second run fetched:\n{second}"
    );
    assert!(second.contains("0 pages fetched, 5 URLs from"), "{second}");
    assert!(
        second.contains("external link `http://127.0.0.1"),
        "the warning stays: {second}"
    );

    // With no age allowed, everything is fetched again.
    let (code, third) = check(site.path(), &["--external", "--max-age", "0"]);
    assert_eq!(code, 0, "{third}");
    assert!(server.take().contains(&"HEAD /ok".to_string()), "{third}");
    assert!(third.contains("5 pages fetched"), "{third}");
}

#[test]
fn a_plain_check_or_build_asks_for_nothing() {
    let server = Server::start();
    let site = site(&server, TR, EN);
    let (code, report) = check(site.path(), &[]);
    assert_eq!(code, 0, "{report}");
    assert!(!report.contains("external"), "{report}");
    let (code, report) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(server.take(), Vec::<String>::new());
    // The build keeps its social cards in `.sade/cache/`, but no link was looked at.
    assert!(
        !site.path().join(".sade/cache/external.json").exists(),
        "no link cache is written"
    );
    // The flags of the external check need it.
    let (code, report) = check(site.path(), &["--timeout", "1s"]);
    assert_eq!(code, 2, "{report}");
    assert!(report.contains("--external"), "{report}");
}

#[test]
fn rate_limits_are_waited_out_when_short_and_reported_when_long() {
    let server = Server::start();
    let site = site(&server, "[a](URL/busy) [b](URL/throttled)\n", "x\n");
    let (code, report) = check(site.path(), &["--external"]);
    assert_eq!(code, 0, "a rate limit is a warning:\n{report}");
    let asked = server.take();
    assert_eq!(
        asked.iter().filter(|a| a.ends_with("/busy")).count(),
        2,
        "asked again after `Retry-After: 1`: {asked:?}"
    );
    assert!(!report.contains("/busy`"), "{report}");
    assert!(
        report.contains("/throttled` was not checked: the host answered 429 Too Many Requests and asks to wait (3600)"),
        "{report}"
    );
    // Not remembered: asked again next time.
    let _ = check(site.path(), &["--external"]);
    assert!(server.take().contains(&"HEAD /throttled".to_string()));
}

#[test]
fn an_unreachable_host_is_reported_once_with_its_urls() {
    // A port nothing listens on any more.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let dead = format!("http://127.0.0.1:{port}");
    let tr = format!("[a]({dead}/a) [b]({dead}/b)\n\n[c](http://no-such-host.invalid/x)\n");
    let en = format!("[a]({dead}/a)\n");
    let site = common::site_with(&[
        (
            "blog/x.tr.md",
            &format!("---\ntitle: x\npublished: 2026-10-01\nsection: Post\n---\n{tr}"),
        ),
        (
            "blog/x.en.md",
            &format!("---\ntitle: x\npublished: 2026-10-01\nsection: Post\n---\n{en}"),
        ),
    ]);
    let started = Instant::now();
    let (code, report) = check(site.path(), &["--external", "--connect-timeout", "2s"]);
    assert_eq!(code, 1, "{report}");
    assert!(started.elapsed() < Duration::from_secs(15), "{report}");
    // One error for the host, its URLs each with every place it is written.
    let host = format!(
        "error: cannot reach `127.0.0.1:{port}`: the connection was refused; its 2 URLs were not checked"
    );
    assert_eq!(report.matches(&host).count(), 1, "{report}");
    let a = format!("`{dead}/a` at content/blog/x.en.md:6:1, content/blog/x.tr.md:6:1\n");
    assert!(report.contains(&a), "{report}");
    assert!(
        report.contains(&format!("`{dead}/b` at content/blog/x.tr.md:6:")),
        "{report}"
    );
    // A host with one URL: the error names the URL.
    assert!(
        report.contains(
            "external link `http://no-such-host.invalid/x` cannot be reached: the host name"
        ),
        "{report}"
    );
    assert!(report.contains("content/blog/x.tr.md:8:1"), "{report}");
    assert!(report.contains("2 errors"), "{report}");
}

#[test]
fn at_most_two_requests_at_once_go_to_one_host() {
    let server = Server::start();
    let links: String = (0..8).map(|i| format!("[{i}](URL/held/{i}) ")).collect();
    let site = site(&server, &links, "x\n");
    let started = Instant::now();
    let (code, report) = check(site.path(), &["--external"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(server.take().len(), 8);
    assert_eq!(server.most_at_once(), 2, "{report}");
    // Eight pages of 200 ms, two at a time: four rounds, not eight.
    assert!(
        started.elapsed() < Duration::from_millis(1600 + 3000),
        "{report}"
    );
}

#[test]
fn https_goes_through_tls() {
    // A listener that keeps the first byte it gets: 0x16 opens a TLS handshake record.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    // Waits ten seconds at most, so a check that never connects fails the test, not hangs it.
    listener.set_nonblocking(true).unwrap();
    let first = std::thread::spawn(move || {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok((mut stream, _)) = listener.accept() {
                stream.set_nonblocking(false).unwrap();
                stream
                    .set_read_timeout(Some(Duration::from_secs(5)))
                    .unwrap();
                let mut byte = [0u8; 1];
                return std::io::Read::read_exact(&mut stream, &mut byte)
                    .ok()
                    .map(|()| byte[0]);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    });
    let page = format!(
        "---\ntitle: x\npublished: 2026-10-01\nsection: Post\n---\n[a](https://127.0.0.1:{port}/)\n"
    );
    let site = common::site_with(&[("blog/x.tr.md", &page), ("blog/x.en.md", &page)]);
    let (code, report) = check(site.path(), &["--external", "--timeout", "2s"]);
    assert_eq!(first.join().unwrap(), Some(0x16), "{report}");
    assert_eq!(code, 1, "{report}");
    assert!(report.contains("cannot be reached"), "{report}");
}
