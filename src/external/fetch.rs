//! One page fetched over HTTP(S) with ureq: `HEAD` first, `GET` when `HEAD` is refused or a
//! fragment must be looked for; redirects followed by hand, one hop at a time, so the chain can
//! be reported; a short `Retry-After` on `429` waited out; then one [`Verdict`] for each way the
//! site links to the page (with each fragment, or without one).

use std::collections::HashSet;
use std::io::Read;
use std::time::Duration;

use ureq::http::StatusCode;
use ureq::Agent;

use super::{Hop, Settings, Verdict};

/// Redirects followed before giving up.
pub const MAX_HOPS: usize = 10;

/// Times a `429` is waited out and asked again.
const RETRIES: usize = 2;

/// An HTTP client set up for checking links.
pub(super) struct Client {
    agent: Agent,
    settings: Settings,
}

/// How the last request ended.
#[derive(Debug)]
enum End {
    /// An answer (not a redirect that was followed).
    Answer(Answer),
    /// A failure that lies with the link: a timeout, a loop, a bad URL.
    Broken(String),
    /// A failure that lies with the host: no name, no connection, no TLS.
    Unreachable(String),
}

/// What a page answered.
#[derive(Debug, Default)]
struct Answer {
    status: u16,
    location: Option<String>,
    retry_after: Option<String>,
    /// Its anchors, when it is HTML and was read for a fragment.
    page: Option<Anchors>,
}

/// The `id`s and `<a name>`s of a page, and whether the whole page was read.
#[derive(Debug, Default)]
struct Anchors {
    names: HashSet<String>,
    complete: bool,
}

/// Where following a page's redirects ended, and the way there.
#[derive(Debug)]
struct Fetched {
    chain: Vec<Hop>,
    end: End,
}

impl Client {
    /// An agent with the settings' timeouts, no automatic redirects, statuses as answers.
    pub(super) fn new(settings: &Settings) -> Client {
        let config = Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .timeout_resolve(Some(settings.connect_timeout))
            .timeout_connect(Some(settings.connect_timeout))
            .timeout_global(Some(settings.timeout))
            .user_agent(format!("sade/{} (link check)", env!("CARGO_PKG_VERSION")))
            .accept("text/html,application/xhtml+xml;q=0.9,*/*;q=0.8")
            .build();
        Client {
            agent: Agent::new_with_config(config),
            settings: settings.clone(),
        }
    }

    /// Fetches `doc` once and judges each way it is linked (`fragments`, `None` for a link
    /// without one), in order.
    pub(super) fn check(&self, doc: &str, fragments: &[Option<String>]) -> Vec<Verdict> {
        let body = fragments.iter().flatten().any(|f| needs_looking(doc, f));
        let fetched = self.follow(doc, body);
        fragments
            .iter()
            .map(|f| judge(doc, f.as_deref(), &fetched, self.settings.max_body))
            .collect()
    }

    /// Requests `doc`, following redirects by hand and waiting out short `429`s.
    fn follow(&self, doc: &str, body: bool) -> Fetched {
        let mut chain: Vec<Hop> = Vec::new();
        let mut url = doc.to_string();
        let mut retries = 0;
        loop {
            let answer = match self.request(&url, body) {
                Ok(answer) => answer,
                Err(end) => return Fetched { chain, end },
            };
            if is_redirect(answer.status) {
                let Some(location) = &answer.location else {
                    return Fetched {
                        chain,
                        end: End::Answer(answer),
                    };
                };
                let next = join(&url, location);
                let looped = next == doc || chain.iter().any(|h| h.to == next);
                chain.push(Hop {
                    status: answer.status,
                    to: next.clone(),
                });
                if looped {
                    let end = End::Broken("redirects in a loop".into());
                    return Fetched { chain, end };
                }
                if chain.len() > MAX_HOPS {
                    let end = End::Broken(format!("redirects more than {MAX_HOPS} times"));
                    return Fetched { chain, end };
                }
                url = next;
                continue;
            }
            if answer.status == 429 && retries < RETRIES {
                let wait = answer.retry_after.as_deref().and_then(retry_after);
                if let Some(wait) = wait.filter(|w| *w <= self.settings.max_retry_wait) {
                    std::thread::sleep(wait);
                    retries += 1;
                    continue;
                }
            }
            let end = End::Answer(answer);
            return Fetched { chain, end };
        }
    }

    /// One request: `HEAD`, or `GET` when the body is wanted or `HEAD` was refused.
    fn request(&self, url: &str, body: bool) -> Result<Answer, End> {
        if !body {
            match self.agent.head(url).call() {
                Ok(response) if !refused(response.status().as_u16()) => {
                    return Ok(self.answer(response, false));
                }
                Ok(_) => {}
                Err(e) => {
                    if !worth_a_get(&e) {
                        return Err(self.classify(e));
                    }
                }
            }
        }
        match self.agent.get(url).call() {
            Ok(response) => Ok(self.answer(response, body)),
            Err(e) => Err(self.classify(e)),
        }
    }

    /// The parts of a response the check needs; the page's anchors when `body` is wanted and
    /// the page is HTML.
    fn answer(&self, response: ureq::http::Response<ureq::Body>, body: bool) -> Answer {
        let header = |name: &str| {
            response
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let status = response.status().as_u16();
        let html = header("content-type").is_some_and(|t| t.contains("html"));
        let mut answer = Answer {
            status,
            location: header("location"),
            retry_after: header("retry-after"),
            page: None,
        };
        if body && html && (200..300).contains(&status) {
            let limit = self.settings.max_body;
            let mut bytes = Vec::new();
            let reader = response.into_body().into_with_config().reader();
            let read = reader.take(limit + 1).read_to_end(&mut bytes);
            let complete = read.is_ok() && bytes.len() as u64 <= limit;
            bytes.truncate(limit as usize);
            answer.page = Some(Anchors {
                names: anchors(&bytes),
                complete,
            });
        }
        answer
    }

    /// A failed request in words, with whether it lies with the host.
    fn classify(&self, e: ureq::Error) -> End {
        let secs = |d: Duration| format_secs(d);
        match e {
            ureq::Error::HostNotFound => End::Unreachable("the host name does not resolve".into()),
            ureq::Error::Timeout(t) => match t {
                ureq::Timeout::Resolve => End::Unreachable(format!(
                    "the host name did not resolve within {}",
                    secs(self.settings.connect_timeout)
                )),
                ureq::Timeout::Connect => End::Unreachable(format!(
                    "no connection within {}",
                    secs(self.settings.connect_timeout)
                )),
                _ => End::Broken(format!(
                    "did not answer within {}",
                    secs(self.settings.timeout)
                )),
            },
            ureq::Error::Io(io) => {
                let text = io.to_string();
                if text.contains("lookup") || text.contains("resolve") {
                    End::Unreachable("the host name does not resolve".into())
                } else if io.kind() == std::io::ErrorKind::ConnectionRefused {
                    End::Unreachable("the connection was refused".into())
                } else {
                    End::Unreachable(text)
                }
            }
            ureq::Error::ConnectionFailed => End::Unreachable("no connection could be made".into()),
            ureq::Error::Tls(m) => End::Unreachable(format!("TLS failed: {m}")),
            ureq::Error::Rustls(e) => End::Unreachable(format!("TLS failed: {e}")),
            ureq::Error::BadUri(_) => End::Broken("is not a valid URL".into()),
            other => End::Broken(format!("failed: {other}")),
        }
    }
}

/// `3 s`, `0.3 s`.
fn format_secs(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// Statuses some servers give `HEAD` but not `GET`.
fn refused(status: u16) -> bool {
    matches!(status, 403 | 405 | 501)
}

/// Whether a failed `HEAD` may still work as a `GET` (the server dropped or garbled the answer
/// to `HEAD`): not when the host cannot be reached or is slow, which a `GET` would only repeat.
fn worth_a_get(e: &ureq::Error) -> bool {
    match e {
        ureq::Error::Protocol(_) => true,
        ureq::Error::Io(io) => matches!(
            io.kind(),
            std::io::ErrorKind::ConnectionReset
                | std::io::ErrorKind::ConnectionAborted
                | std::io::ErrorKind::UnexpectedEof
        ),
        _ => false,
    }
}

fn is_redirect(status: u16) -> bool {
    matches!(status, 301 | 302 | 303 | 307 | 308)
}

/// A permanent redirect: the link should name where it ends.
fn is_permanent(status: u16) -> bool {
    matches!(status, 301 | 308)
}

/// A `Retry-After` in seconds (the HTTP-date form is not waited for).
fn retry_after(value: &str) -> Option<Duration> {
    value.trim().parse::<u64>().ok().map(Duration::from_secs)
}

/// Whether a fragment must be looked for in the page: not the empty one or `#top` (every page
/// has them), nor GitHub's line anchors (`#L10`, `#L10-L20`), which its viewer makes in script.
fn needs_looking(doc: &str, fragment: &str) -> bool {
    if fragment.is_empty() || fragment.eq_ignore_ascii_case("top") {
        return false;
    }
    let line_anchor = fragment.strip_prefix('L').is_some_and(|rest| {
        rest.starts_with(|c: char| c.is_ascii_digit())
            && rest
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == 'L' || c == 'C')
    });
    !(line_anchor && super::host_of(doc) == "github.com")
}

/// The verdict on `doc` linked with `fragment`, from what fetching it gave.
fn judge(doc: &str, fragment: Option<&str>, fetched: &Fetched, max_body: u64) -> Verdict {
    let chain = fetched.chain.clone();
    let answer = match &fetched.end {
        End::Unreachable(reason) if chain.is_empty() => {
            return Verdict::Unreachable {
                reason: reason.clone(),
            }
        }
        End::Unreachable(reason) => {
            let reason = format!("cannot be reached: {reason}");
            return Verdict::Broken { reason, chain };
        }
        End::Broken(reason) => {
            let reason = reason.clone();
            return Verdict::Broken { reason, chain };
        }
        End::Answer(answer) => answer,
    };
    let status = answer.status;
    let words = StatusCode::from_u16(status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .map_or(status.to_string(), |r| format!("{status} {r}"));
    if status == 429 {
        let wait = match answer.retry_after.as_deref() {
            Some(after) => format!(" and asks to wait ({after})"),
            None => String::new(),
        };
        let reason = format!("the host answered {words}{wait}; check again later");
        return Verdict::Unsure { reason };
    }
    if is_redirect(status) {
        let reason = format!("answered {words} without a `Location` to follow");
        return Verdict::Broken { reason, chain };
    }
    if !(200..300).contains(&status) {
        let reason = format!("answered {words}");
        return Verdict::Broken { reason, chain };
    }
    if let Some(fragment) = fragment.filter(|f| needs_looking(doc, f)) {
        if let Some(page) = &answer.page {
            if !has_anchor(&page.names, fragment) {
                if !page.complete {
                    let mib = max_body >> 20;
                    let reason = format!("`#{fragment}` is not in the first {mib} MiB of the page");
                    return Verdict::Unsure { reason };
                }
                let reason = format!("has no `#{fragment}`");
                return Verdict::Broken { reason, chain };
            }
        }
    }
    if chain.iter().any(|h| is_permanent(h.status)) {
        Verdict::Moved { chain }
    } else {
        Verdict::Ok
    }
}

/// Whether a page with these anchors has `fragment` (percent-decoded; GitHub's rendered
/// markdown prefixes its heading ids with `user-content-`).
fn has_anchor(names: &HashSet<String>, fragment: &str) -> bool {
    let decoded = percent_decode(fragment);
    names.contains(fragment)
        || names.contains(&decoded)
        || names.contains(&format!("user-content-{decoded}"))
}

/// `%XX` escapes decoded (bad ones kept as written).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `location` resolved against `base` (RFC 3986, section 5.2, for the forms servers send).
fn join(base: &str, location: &str) -> String {
    let location = location.trim();
    let scheme_end = location.find(':').filter(|&i| {
        location[..i]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && !location[..i].is_empty()
    });
    if scheme_end.is_some() && !location.starts_with('/') {
        return location.to_string();
    }
    let (scheme, rest) = base.split_once("://").unwrap_or(("http", base));
    if let Some(beyond) = location.strip_prefix("//") {
        return format!("{scheme}://{beyond}");
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let origin = &base[..scheme.len() + 3 + authority_end];
    let path_and_more = &rest[authority_end..];
    let path = path_and_more.split(['?', '#']).next().unwrap_or("");
    if location.is_empty() {
        return base.split('#').next().unwrap_or(base).to_string();
    }
    if location.starts_with('?') || location.starts_with('#') {
        return format!("{origin}{path}{location}");
    }
    let (target, tail) = match location.find(['?', '#']) {
        Some(i) => location.split_at(i),
        None => (location, ""),
    };
    let merged = if target.starts_with('/') {
        target.to_string()
    } else {
        let dir = path.rfind('/').map_or("/", |i| &path[..=i]);
        format!("{dir}{target}")
    };
    format!("{origin}{}{tail}", remove_dots(&merged))
}

/// A path with its `.` and `..` segments resolved.
fn remove_dots(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len() - 1;
    for (i, seg) in segments.iter().enumerate() {
        match *seg {
            "." | ".." if i == last => {
                if *seg == ".." {
                    parts.pop();
                }
                parts.push("");
            }
            "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    if joined.starts_with('/') {
        joined
    } else {
        format!("/{joined}")
    }
}

/// Every `id` value, and every `name` of an `<a>`, in an HTML page.
fn anchors(html: &[u8]) -> HashSet<String> {
    let mut out = HashSet::new();
    let len = html.len();
    let mut i = 0;
    while let Some(lt) = memchr::memchr(b'<', &html[i..]) {
        let start = i + lt + 1;
        if html[start..].starts_with(b"!--") {
            i = memchr::memmem::find(&html[start..], b"-->").map_or(len, |e| start + e + 3);
            continue;
        }
        let name_len = html[start..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        if name_len == 0 {
            i = start;
            continue;
        }
        let is_a = html[start..start + name_len].eq_ignore_ascii_case(b"a");
        let mut j = start + name_len;
        loop {
            while j < len && (html[j].is_ascii_whitespace() || html[j] == b'/') {
                j += 1;
            }
            if j >= len || html[j] == b'>' || html[j] == b'<' {
                break;
            }
            let attr_start = j;
            while j < len && !b"= \t\r\n/><".contains(&html[j]) {
                j += 1;
            }
            let attr = &html[attr_start..j];
            while j < len && html[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= len || html[j] != b'=' {
                continue;
            }
            j += 1;
            while j < len && html[j].is_ascii_whitespace() {
                j += 1;
            }
            let value = match html.get(j) {
                Some(&q) if q == b'"' || q == b'\'' => {
                    let end = memchr::memchr(q, &html[j + 1..]).map_or(len, |e| j + 1 + e);
                    let value = &html[j + 1..end];
                    j = (end + 1).min(len);
                    value
                }
                _ => {
                    let s = j;
                    while j < len && !html[j].is_ascii_whitespace() && html[j] != b'>' {
                        j += 1;
                    }
                    &html[s..j]
                }
            };
            if attr.eq_ignore_ascii_case(b"id") || (is_a && attr.eq_ignore_ascii_case(b"name")) {
                out.insert(String::from_utf8_lossy(value).into_owned());
            }
        }
        i = j.max(start);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_ids_and_anchor_names() {
        let html = r##"<!doctype html><!-- <p id="hidden"> --><h2 id="one">x</h2>
            <a name='two'></a><div class=x id=three data-x="<y>"></div>
            <span name="not-an-anchor"></span><p ID="Four"/><a href="#x" id="çay">"##;
        let names = anchors(html.as_bytes());
        let mut got: Vec<&str> = names.iter().map(String::as_str).collect();
        got.sort_unstable();
        assert_eq!(got, ["Four", "one", "three", "two", "çay"]);
    }

    #[test]
    fn fragments_match_decoded_and_github_prefixed() {
        let names: HashSet<String> = ["çay", "user-content-usage", "a b"]
            .map(String::from)
            .into();
        assert!(has_anchor(&names, "%C3%A7ay"));
        assert!(has_anchor(&names, "usage"));
        assert!(has_anchor(&names, "a%20b"));
        assert!(!has_anchor(&names, "missing"));
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%41"), "%zzA");
    }

    #[test]
    fn some_fragments_are_not_looked_for() {
        assert!(!needs_looking("https://a.dev/", ""));
        assert!(!needs_looking("https://a.dev/", "top"));
        assert!(!needs_looking(
            "https://github.com/a/b/blob/v1/x.rs",
            "L10-L20"
        ));
        assert!(needs_looking("https://github.com/a/b", "Lemma"));
        assert!(needs_looking("https://a.dev/x", "L10"));
        assert!(needs_looking("https://a.dev/x", "usage"));
    }

    #[test]
    fn locations_resolve_against_the_url() {
        let base = "http://a.dev/x/y/z?q=1#f";
        assert_eq!(join(base, "https://b.dev/w"), "https://b.dev/w");
        assert_eq!(join(base, "//c.dev/v"), "http://c.dev/v");
        assert_eq!(join(base, "/top"), "http://a.dev/top");
        assert_eq!(join(base, "w"), "http://a.dev/x/y/w");
        assert_eq!(join(base, "../w?k=2"), "http://a.dev/x/w?k=2");
        assert_eq!(join(base, "./"), "http://a.dev/x/y/");
        assert_eq!(join(base, ".."), "http://a.dev/x/");
        assert_eq!(join(base, "?k=3"), "http://a.dev/x/y/z?k=3");
        assert_eq!(join(base, ""), "http://a.dev/x/y/z?q=1");
        assert_eq!(join("http://a.dev", "w"), "http://a.dev/w");
        assert_eq!(join("http://a.dev/", "../../w"), "http://a.dev/w");
    }

    #[test]
    fn retry_after_in_seconds_only() {
        assert_eq!(retry_after(" 3 "), Some(Duration::from_secs(3)));
        assert_eq!(retry_after("Wed, 21 Oct 2026 07:28:00 GMT"), None);
    }

    #[test]
    fn statuses() {
        assert!([403, 405, 501].iter().all(|&s| refused(s)));
        assert!(![200, 404, 500].iter().any(|&s| refused(s)));
        assert!([301, 302, 303, 307, 308].iter().all(|&s| is_redirect(s)));
        assert!(!is_redirect(304) && !is_redirect(200));
        assert!(is_permanent(301) && is_permanent(308) && !is_permanent(302));
    }
}
