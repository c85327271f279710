//! A site below a path of its host (`base_url: https://example.test/notes`, the usual GitHub
//! Pages project site), tested as it is served: `public/` mounted at `/notes/` by a plain HTTP
//! server (this file's, which knows nothing of sade), or `sade serve` itself, then every link of
//! every page — `href`, `src`, the sitemap's and feeds' URLs, `llms.txt`'s — fetched over HTTP.
//! A link that does not answer 200, or an anchor that is not on its page, fails the test.
//! `--base-url` moves the bundled site under another base without editing a page.

mod common;

use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};

use common::request;

/// The origin the fixture's `base_url` names.
const ORIGIN: &str = "https://example.test";

/// A page with every kind of link a writer makes: from the site's root, relative, to an anchor,
/// an image, a figure, and the calculator with its scripts.
const LINKS_PAGE: &str =
    "---\ntitle: \"Links\"\npublished: 2026-07-01\nsection: Post\ntags: [\"retry\"]\n---\n\n\
## Here\n\n\
From the root: [calc](/en/tools/calc/), [its anchor](/en/tools/calc/#it-starts-like-this), \
[the feed](/en/atom.xml), [home](/en/). Relative: [solo](../solo/), [here](#here), \
[the twin](index.md).\n\n\
![a picture](/img/synchronized-retries.svg)\n\n\
<< figure(src=\"/img/synchronized-retries.svg\", alt=\"x\") >>\n\n\
<< backoff_calculator(base=100ms, attempts=3) >>\n";

/// The fixture site with the links page, its `base_url` set to `base_url` (the `url:` lines
/// follow it), its lists one entry a page.
fn site_at(base_url: &str) -> tempfile::TempDir {
    let site = common::fixture_site();
    std::fs::write(site.path().join("content/blog/links.en.md"), LINKS_PAGE).unwrap();
    // The picture the page shows: a static file of the site's own, beside the theme's.
    common::copy_tree(
        &common::repo().join("static/img"),
        &site.path().join("static/img"),
    );
    let config = site.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    // One entry a page, so that every list has pages to link (and a redirect at `page/1/`).
    let yaml = yaml
        .replace("https://fixture.example", base_url)
        .replace("sections:", "paginate: 1\nsections:");
    std::fs::write(&config, yaml).unwrap();
    for entry in walkdir::WalkDir::new(site.path().join("content")) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let moved = text.replace(
                "url: https://fixture.example/",
                &format!("url: {}/", base_url.trim_end_matches('/')),
            );
            std::fs::write(entry.path(), moved).unwrap();
        }
    }
    site
}

/// Serves `dir` at `mount` (`/notes/`) over HTTP/1.1, as a plain static host does: a folder's
/// `index.html`, 404 for anything else. Returns `127.0.0.1:PORT`.
fn serve_static(dir: PathBuf, mount: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut line = String::new();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            loop {
                let mut header = String::new();
                if reader.read_line(&mut header).is_err() || header.trim().is_empty() {
                    break;
                }
            }
            let target = line.split(' ').nth(1).unwrap_or("");
            let path = percent_decode(target.split(['?', '#']).next().unwrap_or(""));
            let file = path
                .strip_prefix(mount)
                .filter(|rest| !rest.split('/').any(|s| s == ".."))
                .map(|rest| {
                    let f = dir.join(rest);
                    if f.is_dir() {
                        f.join("index.html")
                    } else {
                        f
                    }
                });
            let (status, body) = match file.and_then(|f| std::fs::read(f).ok()) {
                Some(bytes) => ("200 OK", bytes),
                None => ("404 Not Found", b"not found".to_vec()),
            };
            let _ = write!(
                stream,
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(&body);
        }
    });
    addr
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() + 1 {
            if let Ok(b) = u8::from_str_radix(text.get(i + 1..i + 3).unwrap_or(""), 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Origins a page of the sites built here may only link to as their base URL.
const OWN_ORIGINS: [&str; 5] = [
    "https://sade.dev",
    "https://example.test",
    "https://preview.example",
    "http://127.0.0.1",
    "http://localhost",
];

/// `reference` resolved against the page at path `page` (RFC 3986 §5.2, for the forms pages
/// use). `None` for other origins and schemes; absolute URLs of `origin` become paths.
fn join(origin: &str, page: &str, reference: &str) -> Option<String> {
    if reference.starts_with("mailto:") || reference.starts_with("data:") {
        return None;
    }
    let reference = match reference.strip_prefix(origin) {
        Some(path) if path.starts_with('/') => path.to_string(),
        Some(_) => return None,
        // A site's own origins (the fixture's, the bundled site's sade.yaml) are never left for
        // another; other sites (a library's source on GitHub) are linked to, not crawled.
        None if OWN_ORIGINS.iter().any(|o| reference.starts_with(o)) => {
            panic!("{page} links to another origin: {reference}")
        }
        None if reference.contains("://") || reference.starts_with("//") => return None,
        None => reference.to_string(),
    };
    let (without_fragment, fragment) = match reference.split_once('#') {
        Some((r, f)) => (r.to_string(), Some(f)),
        None => (reference.clone(), None),
    };
    let path = if without_fragment.is_empty() {
        page.to_string()
    } else if without_fragment.starts_with('/') {
        without_fragment
    } else {
        let dir = &page[..page.rfind('/').map_or(0, |i| i + 1)];
        format!("{dir}{without_fragment}")
    };
    let (path, query) = match path.split_once('?') {
        Some((p, q)) => (p.to_string(), format!("?{q}")),
        None => (path, String::new()),
    };
    let mut segments: Vec<&str> = Vec::new();
    let trailing = path.ends_with('/') || path.ends_with("/.") || path.ends_with("/..");
    for seg in path.split('/').skip(1) {
        match seg {
            "." => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    let mut out = format!("/{}", segments.join("/"));
    if trailing && !out.ends_with('/') {
        out.push('/');
    }
    out.push_str(&query);
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    Some(out)
}

/// Every link in a fetched text: `href`/`src` attributes, the `action` of a (GET) form, `<loc>`s, markdown `(url)`s of
/// `llms.txt` and the `url:` of a markdown twin.
fn links_in(path: &str, body: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Scripts and styles are not pages (a script's comment may show markup).
    if path.ends_with(".js") || path.ends_with(".css") || path.ends_with(".svg") {
        return out;
    }
    let mut between = |open: &str, close: char| {
        for piece in body.split(open).skip(1) {
            if let Some(end) = piece.find(close) {
                out.push(piece[..end].replace("&amp;", "&"));
            }
        }
    };
    between("href=\"", '"');
    between("src=\"", '"');
    between("action=\"", '"');
    between("<loc>", '<');
    if path.ends_with(".txt") {
        between("](", ')');
        between("Sitemap: ", '\n');
    }
    if path.ends_with(".md") {
        between("\nurl: ", '\n');
    }
    out
}

/// What a crawl found.
struct Crawl {
    /// Every path fetched (200).
    fetched: BTreeSet<String>,
    /// Links checked.
    links: usize,
}

/// Fetches `start` paths from the server at `addr` and everything they link to on the site,
/// failing on any link that does not answer 200 (after at most one redirect) or whose anchor its
/// page does not have. Absolute URLs must be under `origin` + `base`.
fn crawl(addr: &str, origin: &str, base: &str, start: &[&str]) -> Crawl {
    let mut queue: VecDeque<(String, String)> = start
        .iter()
        .map(|p| (p.to_string(), "(start)".to_string()))
        .collect();
    let mut fetched = BTreeSet::new();
    let mut links = 0;
    let mut anchors: Vec<(String, String, String)> = Vec::new();
    let mut bodies = std::collections::HashMap::new();
    while let Some((target, from)) = queue.pop_front() {
        let (path, fragment) = match target.split_once('#') {
            Some((p, f)) => (p.to_string(), Some(f.to_string())),
            None => (target.clone(), None),
        };
        if let Some(f) = fragment.filter(|f| !f.is_empty()) {
            anchors.push((path.split('?').next().unwrap().to_string(), f, from.clone()));
        }
        let path_only = path.split('?').next().unwrap().to_string();
        if !fetched.insert(path_only.clone()) {
            continue;
        }
        assert!(
            path_only.starts_with(base),
            "{from} links to {path_only}, outside the site's base path {base}"
        );
        let mut reply = request(addr, "GET", &path);
        if reply.status == 301 || reply.status == 302 {
            let location = reply.header("location").unwrap().to_string();
            reply = request(addr, "GET", &location);
        }
        assert_eq!(
            reply.status, 200,
            "{from} links to {path}, which answers {}",
            reply.status
        );
        for link in links_in(&path_only, &reply.body) {
            if let Some(next) = join(origin, &path_only, &link) {
                links += 1;
                queue.push_back((next, path_only.clone()));
            }
        }
        bodies.insert(path_only, reply.body);
    }
    for (path, anchor, from) in anchors {
        let body = &bodies[&path];
        assert!(
            body.contains(&format!("id=\"{anchor}\"")),
            "{from} links to {path}#{anchor}, which has no such id"
        );
    }
    Crawl { fetched, links }
}

/// Every file of a built site, as the paths a host serves them at under `base`.
fn served_paths(public: &Path, base: &str) -> BTreeSet<String> {
    walkdir::WalkDir::new(public)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(public)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            format!("{base}{rel}")
        })
        .collect()
}

const START: [&str; 5] = [
    "/notes/",
    "/notes/sitemap.xml",
    "/notes/robots.txt",
    "/notes/llms.txt",
    "/notes/404.html",
];

/// Built with `base_url: https://example.test/notes` and served from `public/` at `/notes/` by a
/// plain host: every link of every page, feed and sitemap resolves, and the crawl reaches every
/// page (each HTML file, and every file a page links to).
#[test]
fn a_site_below_a_path_works_served_from_that_path() {
    let site = site_at("https://example.test/notes");
    let (code, stderr) = common::sade_build(site.path(), None);
    assert_eq!(code, Some(0), "{stderr}");
    let public = site.path().join("public");
    assert!(
        public.join("en/blog/links/index.html").is_file(),
        "files stay at the top of public/, not under notes/"
    );
    let addr = serve_static(public.clone(), "/notes/");
    // Redirects (a list's `page/1/`) are where no link goes: the crawl starts at them too.
    let redirects: Vec<String> = served_paths(&public, "/notes/")
        .into_iter()
        .filter(|p| p.ends_with("/page/1/index.html"))
        .map(|p| p.trim_end_matches("index.html").to_string())
        .collect();
    assert!(
        redirects.contains(&"/notes/en/blog/page/1/".to_string()),
        "{redirects:?}"
    );
    let start: Vec<&str> = START
        .iter()
        .copied()
        .chain(redirects.iter().map(String::as_str))
        .collect();
    let crawl = crawl(&addr, ORIGIN, "/notes/", &start);
    assert!(crawl.fetched.contains("/notes/en/blog/page/2/"));
    let html: BTreeSet<String> = served_paths(&public, "/notes/")
        .into_iter()
        .filter(|p| p.ends_with(".html"))
        .map(|p| p.trim_end_matches("index.html").to_string())
        .collect();
    let missed: Vec<&String> = html
        .iter()
        .filter(|p| {
            !crawl.fetched.contains(*p) && !crawl.fetched.contains(&format!("{p}index.html"))
        })
        .collect();
    assert!(missed.is_empty(), "pages no link reaches: {missed:?}");
    for asset in [
        "/notes/style.css",
        "/notes/js/backoff.js",
        "/notes/js/calculator.js",
        "/notes/img/synchronized-retries.svg",
        "/notes/en/atom.xml",
        "/notes/tr/atom.xml",
        "/notes/en/blog/links/index.md",
    ] {
        assert!(crawl.fetched.contains(asset), "nothing links to {asset}");
    }
    assert!(crawl.links > 300, "only {} links", crawl.links);
    // What a page links from the site's root is under the base path, as written.
    let page = std::fs::read_to_string(public.join("en/blog/links/index.html")).unwrap();
    for href in [
        "href=\"/notes/en/tools/calc/\"",
        "href=\"../solo/\"",
        "src=\"/notes/img/synchronized-retries.svg\"",
        "src=\"/notes/js/backoff.js\"",
        "href=\"/notes/style.css\"",
        "<link rel=\"canonical\" href=\"https://example.test/notes/en/blog/links/\">",
    ] {
        assert!(page.contains(href), "{href} not in the page");
    }
    // Nothing is written for the root of the host.
    for wrong in [
        "href=\"/en/",
        "src=\"/js/",
        "href=\"/style.css",
        "https://example.test/en/",
    ] {
        assert!(!page.contains(wrong), "{wrong} in the page");
    }
}

/// A trailing slash in `base_url` is the same site.
#[test]
fn a_trailing_slash_in_base_url_changes_nothing() {
    let build = |base: &str| {
        let site = site_at(base);
        let result = sade::build::build(
            &sade::build::Options::new(site.path()),
            &sade::shortcode::Registry::builtin(),
        );
        assert!(
            !result.diagnostics.has_errors(),
            "{}",
            result.diagnostics.render()
        );
        result.outputs.0
    };
    assert_eq!(
        build("https://example.test/notes/"),
        build("https://example.test/notes")
    );
}

/// `sade serve` serves the site under its base path: `/` leads there, pages and the live-reload
/// script are below it, and every link resolves.
#[test]
fn sade_serve_serves_under_the_base_path() {
    let site = site_at("https://example.test/notes");
    let serve = common::Serve::start(site.path());
    // The address line names the base path; `Serve` keeps what follows the host.
    let addr = serve.addr.trim_end_matches("/notes").to_string();
    assert_ne!(addr, serve.addr, "sade serve announced http://ADDR/notes/");
    let home = request(&addr, "GET", "/?x=1");
    assert_eq!(home.status, 302);
    assert_eq!(home.header("location"), Some("/notes/?x=1"));
    assert_eq!(request(&addr, "GET", "/notes").status, 302);
    assert_eq!(
        request(&addr, "GET", "/en/").status,
        404,
        "nothing outside /notes/"
    );
    let page = request(&addr, "GET", "/notes/en/blog/links/");
    assert!(
        page.body
            .contains("<script src=\"/notes/__sade/live.js\"></script>"),
        "{}",
        page.body
    );
    let js = request(&addr, "GET", "/notes/__sade/live.js");
    assert_eq!(js.status, 200);
    assert!(js.body.contains("new URL(\"events\""), "{}", js.body);
    let crawl = crawl(&addr, ORIGIN, "/notes/", &START);
    assert!(crawl.fetched.contains("/notes/__sade/live.js"));
    assert!(crawl.links > 300, "only {} links", crawl.links);
    // The event stream is beside the script.
    let mut events = std::net::TcpStream::connect(&addr).unwrap();
    write!(
        events,
        "GET /notes/__sade/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut first = String::new();
    BufReader::new(events).read_line(&mut first).unwrap();
    assert_eq!(first.trim_end(), "HTTP/1.1 200 OK");
}

/// The bundled site under another base URL with `--base-url`, without editing a page (their `url:`
/// lines name sade.yaml's base): `check` finds nothing, `build` makes a site whose every link
/// resolves under the new path; and built with its own `sade.yaml` it is what it was.
#[test]
fn base_url_flag_moves_the_bundled_site() {
    let (code, stderr) = {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sade"))
            .args([
                "check",
                "--base-url",
                "https://preview.example/pr-7/",
                "--root",
            ])
            .arg(common::repo())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("no problems found"), "{stderr}");

    let out_dir = tempfile::tempdir().unwrap();
    let public = out_dir.path().join("public");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sade"))
        .args([
            "build",
            "--base-url",
            "https://preview.example/pr-7/",
            "--root",
        ])
        .arg(common::repo())
        .arg("--out")
        .arg(&public)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let addr = serve_static(public.clone(), "/pr-7/");
    let start: Vec<String> = START
        .iter()
        .map(|p| p.replace("/notes/", "/pr-7/"))
        .collect();
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let crawl = crawl(&addr, "https://preview.example", "/pr-7/", &start);
    assert!(crawl.fetched.contains("/pr-7/en/tools/backoff-calculator/"));
    assert!(crawl.fetched.contains("/pr-7/js/calculator.js"));
    // The markdown twin says where the page is served now.
    let twin =
        std::fs::read_to_string(public.join("en/tools/backoff-calculator/index.md")).unwrap();
    assert!(
        twin.contains("\nurl: https://preview.example/pr-7/en/tools/backoff-calculator/\n"),
        "{twin}"
    );
}

/// `sade serve --base-url` previews the site under that URL's path.
#[test]
fn sade_serve_takes_base_url_too() {
    let site = site_at("https://example.test");
    let serve = common::Serve::start_with(site.path(), &["--base-url", "http://localhost/pr-7"]);
    let addr = serve.addr.trim_end_matches("/pr-7").to_string();
    assert_ne!(addr, serve.addr, "sade serve announced http://ADDR/pr-7/");
    let start: Vec<String> = START
        .iter()
        .map(|p| p.replace("/notes/", "/pr-7/"))
        .collect();
    let start: Vec<&str> = start.iter().map(String::as_str).collect();
    let crawl = crawl(&addr, "http://localhost", "/pr-7/", &start);
    assert!(crawl.fetched.contains("/pr-7/en/blog/links/"));
}

/// `--base-url` that is not a usable base URL is an error that says why.
#[test]
fn a_bad_base_url_says_why() {
    let site = site_at("https://example.test");
    for (flag, why) in [
        ("example.test/x", "it is not an absolute URL"),
        (
            "ftp://example.test",
            "its scheme is `ftp`, not http or https",
        ),
        ("https://example.test/a b", "has characters other than"),
        ("https://example.test/?q=1", "it has a query or a fragment"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sade"))
            .args(["build", "--base-url", flag, "--root"])
            .arg(site.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr.starts_with(&format!("error: --base-url is `{flag}`, but ")),
            "{stderr}"
        );
        assert!(stderr.contains(why), "{stderr}");
    }
}
