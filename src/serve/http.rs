//! The preview's HTTP side: request paths mapped to served files (nothing outside the build can
//! be named), content types, the error page shown while a build fails, and the server-sent event
//! stream that tells open pages to reload.

use std::io::{self, Write};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use tiny_http::{Header, Method, Request, Response, StatusCode};

use super::{Shared, EVENTS_URL, HEARTBEAT, LIVE_JS, LIVE_JS_URL};

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

/// The page shown in place of any page while the last build failed; `root` is the base path.
fn error_page(text: &str, root: &str) -> String {
    let escaped = crate::html::escape(text);
    let script = [root, &LIVE_JS_URL[1..]].concat();
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Build error · sade</title>\n</head>\n<body>\n\
         <div class=\"error-overlay\" role=\"alert\"><pre>{escaped}</pre></div>\n\
         <script src=\"{script}\"></script>\n</body>\n</html>\n"
    )
}

pub(super) fn handle(request: Request, shared: &Arc<Shared>) {
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
    let query = target.find('?').map_or("", |i| &target[i..]);
    if !path.starts_with('/') {
        return plain(request, 400, "bad request path\n", &[]);
    }
    let snapshot = shared.current();
    let root: &str = &snapshot.root;
    // The site is served below its base path: the path below it, from its own `/`
    // (`/notes/tr/x/` → `/tr/x/`). `/` and the base path without its slash lead there.
    let below = path.starts_with(root).then(|| &path[root.len() - 1..]);
    if below.is_none() && (path == "/" || path == root.trim_end_matches('/')) {
        let location = [root, query].concat();
        return plain(request, 302, "found\n", &[header("Location", &location)]);
    }
    if below == Some(EVENTS_URL) {
        return events(request, shared);
    }
    if below == Some(LIVE_JS_URL) {
        let body: Arc<[u8]> = Arc::from(LIVE_JS.as_bytes());
        return reply(request, 200, content_type(LIVE_JS_URL), body, &[]);
    }
    // Outside the base path nothing is served: as a missing file.
    let key = match below.map(resolve) {
        Some(Ok(k)) => Some(k),
        Some(Err(Refusal::BadRequest)) => return plain(request, 400, "bad request path\n", &[]),
        None => None,
    };
    let found = key.as_ref().and_then(|k| snapshot.files.get(k));
    let is_page = found.is_none() || key.as_ref().is_some_and(|k| k.ends_with(".html"));
    if let (Some(error), true) = (&snapshot.error, is_page) {
        let body: Arc<[u8]> = Arc::from(error_page(error, root).into_bytes());
        return reply(request, 500, content_type("x.html"), body, &[]);
    }
    if let (Some(bytes), Some(key)) = (found, &key) {
        return reply(request, 200, content_type(key), bytes.clone(), &[]);
    }
    if let Some(key) = &key {
        if !key.ends_with("/index.html")
            && snapshot.files.contains_key(&format!("{key}/index.html"))
        {
            let location = format!("{path}/{query}");
            return plain(request, 301, "moved\n", &[header("Location", &location)]);
        }
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
