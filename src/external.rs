//! `sade check --external`: every `http(s)` link of the site, fetched once per URL however many
//! pages use it, on a small pool of threads with a limit per host; each failure reported at every
//! place the URL is written, like a broken internal link. Never part of `build` or a plain
//! `check`: nothing here runs unless asked.
//!
//! - Where links come from: markdown links and autolinks (the positions [`crate::markdown`]
//!   records), `href`s in the HTML a shortcode wrote (at the shortcode's call) and `href`s in raw
//!   HTML written in a page (at the attribute).
//! - How a URL is checked ([`fetch`]): `HEAD`, then `GET` when `HEAD` is refused; redirects
//!   followed one hop at a time so the chain can be shown; a `#fragment` looked for among the
//!   page's `id`s and `<a name>`s (which needs a `GET`, and reads at most the first
//!   [`Settings::max_body`] bytes); `429 Too Many Requests` waited out when its `Retry-After` is
//!   short.
//! - What is reported: an error for a link that answers 4xx or 5xx, cannot be reached, times out,
//!   redirects in a loop or more than [`fetch::MAX_HOPS`] times, or lacks its fragment; a warning
//!   for a permanent redirect (link to where it ends instead) and for a link that could not be
//!   judged (still rate-limited, a fragment past the bytes read).
//! - What is remembered ([`cache`]): links found good (or moved) are written to
//!   `.sade/cache/external.json` under the site's root with the time they were checked, and are
//!   not fetched again for [`Settings::max_age`]; a failure is never remembered, so the next run
//!   checks it again.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Source};
use crate::site::Site;

mod cache;
mod fetch;
mod pool;

use pool::{run_pool, Job};

pub use cache::CACHE_FILE;

/// How links are checked: the flags of `sade check --external`, and fixed limits.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Longest wait for a connection (the name looked up, TCP and TLS) (`--connect-timeout`).
    pub connect_timeout: Duration,
    /// Longest wait for one request and its answer, connecting included (`--timeout`).
    pub timeout: Duration,
    /// How long a link found good is trusted without fetching it again (`--max-age`).
    pub max_age: Duration,
    /// Requests at once, across all hosts.
    pub workers: usize,
    /// Requests at once to one host.
    pub per_host: usize,
    /// Most bytes of a page read when looking for a fragment.
    pub max_body: u64,
    /// Longest `Retry-After` waited out on a `429` before trying again.
    pub max_retry_wait: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(15),
            max_age: Duration::from_secs(24 * 3600),
            workers: 8,
            per_host: 2,
            max_body: 8 << 20,
            max_retry_wait: Duration::from_secs(10),
        }
    }
}

/// What one URL turned out to be.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Verdict {
    /// It answers 2xx (after temporary redirects, if any), with its fragment.
    Ok,
    /// It answers 2xx after a permanent redirect: a warning, to link to where it ends.
    Moved {
        /// Every redirect on the way.
        chain: Vec<Hop>,
    },
    /// An error status, a fragment it lacks, a redirect loop, a timeout.
    Broken {
        /// What went wrong, as a sentence's end: "answered 404 Not Found".
        reason: String,
        /// Redirects followed before that.
        chain: Vec<Hop>,
    },
    /// Its host could not be reached (the name does not resolve, the connection is refused or
    /// not made in time, TLS fails): an error, reported once per URL.
    Unreachable {
        /// Why.
        reason: String,
    },
    /// It could not be judged (still rate-limited; a fragment past the bytes read): a warning.
    Unsure {
        /// Why.
        reason: String,
    },
}

impl Verdict {
    /// Whether it is remembered: only good links are, so a failure is checked again next run.
    fn lasts(&self) -> bool {
        matches!(self, Verdict::Ok | Verdict::Moved { .. })
    }
}

/// One redirect: its status and where it sent the request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hop {
    /// 301, 302, 303, 307 or 308.
    pub status: u16,
    /// The absolute URL it named.
    pub to: String,
}

/// A place a URL is written: a page's file and the span of the link (or of the shortcode call
/// that wrote it).
#[derive(Clone, Debug)]
pub struct Use {
    /// The page's file.
    pub source: Source,
    /// Byte range in `source.text`.
    pub span: Range<usize>,
}

/// What a run did, for the line `sade check --external` ends with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Distinct URLs (a fragment makes a URL of its own).
    pub urls: usize,
    /// Places they are written.
    pub uses: usize,
    /// URLs answered from the cache.
    pub cached: usize,
    /// Pages fetched (a page linked with several fragments is fetched once).
    pub fetched: usize,
    /// Pages not asked for, their host having been found unreachable.
    pub skipped: usize,
    /// Time taken, the cache read and written included.
    pub took: Duration,
}

/// Every `http(s)` URL of the site's pages, with every place it is written, by URL.
pub fn collect(site: &Site) -> BTreeMap<String, Vec<Use>> {
    let mut found: BTreeMap<String, Vec<Use>> = BTreeMap::new();
    let mut add = |url: &str, source: &Source, span: Range<usize>| {
        if is_external(url) {
            found.entry(url.to_string()).or_default().push(Use {
                source: source.clone(),
                span,
            });
        }
    };
    for (page, rendered) in site.pages.iter().zip(&site.rendered) {
        let source = &page.source;
        for link in &rendered.links {
            add(&link.dest, source, link.span.clone());
        }
        for call in &rendered.calls {
            for (_, url) in hrefs(&call.html) {
                add(url, source, call.span.clone());
            }
        }
        let Some(body) = source.text.get(page.body.clone()) else {
            continue;
        };
        let parser = pulldown_cmark::Parser::new_ext(body, crate::markdown::options());
        for (event, range) in parser.into_offset_iter() {
            if let pulldown_cmark::Event::Html(_) | pulldown_cmark::Event::InlineHtml(_) = event {
                let at = page.body.start + range.start;
                for (offset, url) in hrefs(&body[range]) {
                    add(url, source, at + offset..at + offset + url.len());
                }
            }
        }
    }
    for uses in found.values_mut() {
        uses.sort_by(|a, b| (&a.source.path, a.span.start).cmp(&(&b.source.path, b.span.start)));
        uses.dedup_by(|a, b| a.source.path == b.source.path && a.span == b.span);
    }
    found
}

/// Whether a link leaves the site over HTTP(S) (`https://…`, `http://…`, any case).
fn is_external(url: &str) -> bool {
    let lower = |n: usize| url.get(..n).map(str::to_ascii_lowercase);
    lower(8).as_deref() == Some("https://") || lower(7).as_deref() == Some("http://")
}

/// Every `href="…"` (or `'…'`) value in an HTML text, with its byte offset in it.
fn hrefs(html: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let lower = html.to_ascii_lowercase();
    for (at, _) in lower.match_indices("href=") {
        let value_at = at + "href=".len();
        let rest = &html[value_at..];
        let Some(quote) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
            continue;
        };
        let Some(end) = rest[1..].find(quote) else {
            continue;
        };
        let value = &rest[1..1 + end];
        let lead = value.len() - value.trim_start().len();
        out.push((value_at + 1 + lead, value.trim()));
    }
    out
}

/// The URL without its fragment, and the fragment (`None` without `#`).
fn split_fragment(url: &str) -> (&str, Option<&str>) {
    match url.split_once('#') {
        Some((doc, fragment)) => (doc, Some(fragment)),
        None => (url, None),
    }
}

/// The host (and port) of an absolute URL, lower-cased: the unit of the per-host limit.
fn host_of(url: &str) -> String {
    let after = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = after.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    host.to_ascii_lowercase()
}

/// Checks every external link of `site` (whose root is `root`), from the cache where it is
/// fresh: the problems, each at the places its URL is written, and what was done.
pub fn check(site: &Site, root: &Path, settings: &Settings) -> (Vec<Diagnostic>, Summary) {
    let started = std::time::Instant::now();
    let found = collect(site);
    let mut diagnostics = Vec::new();
    let cache_path = root.join(CACHE_FILE);
    let now = SystemTime::now();
    let (old, problem) = cache::load(&cache_path);
    diagnostics.extend(problem);
    let mut verdicts: BTreeMap<String, Verdict> = BTreeMap::new();
    let mut kept: BTreeMap<String, cache::Entry> = BTreeMap::new();
    let mut cached = 0;
    for url in found.keys() {
        if let Some(entry) = old.get(url).filter(|e| e.fresh(now, settings.max_age)) {
            verdicts.insert(url.clone(), entry.verdict.clone());
            kept.insert(url.clone(), entry.clone());
            cached += 1;
        }
    }
    // The rest, grouped by page: each page is fetched once for all its fragments.
    let mut pages: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for url in found.keys().filter(|u| !verdicts.contains_key(*u)) {
        pages.entry(split_fragment(url).0).or_default().push(url);
    }
    let jobs: Vec<Job> = pages
        .into_iter()
        .map(|(doc, urls)| Job {
            host: host_of(doc),
            doc: doc.to_string(),
            fragments: urls
                .iter()
                .map(|u| split_fragment(u).1.map(str::to_string))
                .collect(),
        })
        .collect();
    let checked_at = cache::seconds(now);
    let (done, skipped) = run_pool(&jobs, settings);
    for (job, results) in done {
        let urls = job.fragments.iter().map(|f| match f {
            Some(f) => format!("{}#{f}", job.doc),
            None => job.doc.clone(),
        });
        for (url, verdict) in urls.zip(results) {
            if verdict.lasts() {
                kept.insert(
                    url.clone(),
                    cache::Entry {
                        checked: checked_at,
                        verdict: verdict.clone(),
                    },
                );
            }
            verdicts.insert(url, verdict);
        }
    }
    if !jobs.is_empty() || kept.len() != old.len() {
        diagnostics.extend(cache::save(&cache_path, &kept));
    }
    // An unreachable host is reported once for all its URLs that failed the same way.
    let mut down: BTreeMap<(String, &str), Vec<&str>> = BTreeMap::new();
    for (url, uses) in &found {
        match verdicts.get(url) {
            Some(Verdict::Unreachable { reason }) => {
                down.entry((host_of(url), reason)).or_default().push(url);
            }
            Some(verdict) => diagnostics.extend(report(url, verdict, uses)),
            None => {}
        }
    }
    for ((host, reason), urls) in down {
        diagnostics.push(unreachable(&host, reason, &urls, &found));
    }
    let summary = Summary {
        urls: found.len(),
        uses: found.values().map(Vec::len).sum(),
        cached,
        fetched: jobs.len() - skipped,
        skipped,
        took: started.elapsed(),
    };
    (diagnostics, summary)
}

/// The error for `urls` of `host`, which could not be reached for `reason`: at the first
/// place any of them is written, each URL's places in a help line.
fn unreachable(
    host: &str,
    reason: &str,
    urls: &[&str],
    found: &BTreeMap<String, Vec<Use>>,
) -> Diagnostic {
    let uses = |url: &str| found.get(url).map_or(&[][..], Vec::as_slice);
    if let [url] = urls {
        let reason = reason.to_string();
        let mut one = report(url, &Verdict::Unreachable { reason }, uses(url));
        if let Some(d) = one.pop() {
            return d;
        }
    }
    let mut d = Diagnostic::error(format!(
        "cannot reach `{host}`: {reason}; its {} URLs were not checked",
        urls.len()
    ));
    let first = urls
        .iter()
        .flat_map(|u| uses(u))
        .min_by(|a, b| (&a.source.path, a.span.start).cmp(&(&b.source.path, b.span.start)));
    if let Some(u) = first {
        d = d.at(&u.source, u.span.clone(), "this link");
    }
    for url in urls {
        let places: Vec<String> = uses(url).iter().map(place).collect();
        d = d.with_help(format!("`{url}` at {}", places.join(", ")));
    }
    d
}

/// The chain of redirects in words: "301 to `b`, then 302 to `c`".
fn chain_words(chain: &[Hop]) -> String {
    let hops: Vec<String> = chain
        .iter()
        .map(|h| format!("{} to `{}`", h.status, h.to))
        .collect();
    hops.join(", then ")
}

/// `path:line:col` of a use.
fn place(u: &Use) -> String {
    let (line, col) = u.source.line_col(u.span.start);
    format!("{}:{line}:{col}", u.source.path.display())
}

/// The diagnostics of one URL: one per place for what the page can fix there (a broken or
/// moved link), one for the URL (at its first place, naming the others) for what lies with
/// its host (unreachable, rate-limited).
fn report(url: &str, verdict: &Verdict, uses: &[Use]) -> Vec<Diagnostic> {
    let at = |d: Diagnostic, u: &Use| d.at(&u.source, u.span.clone(), "this link");
    let redirected = |d: Diagnostic, chain: &[Hop]| {
        if chain.is_empty() {
            d
        } else {
            d.with_help(format!("it redirects: {}", chain_words(chain)))
        }
    };
    let once = |d: Diagnostic| -> Vec<Diagnostic> {
        let Some((first, others)) = uses.split_first() else {
            return vec![d];
        };
        let mut d = at(d, first);
        if !others.is_empty() {
            let places: Vec<String> = others.iter().map(place).collect();
            d = d.with_help(format!("also linked from {}", places.join(", ")));
        }
        vec![d]
    };
    match verdict {
        Verdict::Ok => Vec::new(),
        Verdict::Moved { chain } => {
            let end = chain.last().map_or(url, |h| h.to.as_str());
            uses.iter()
                .map(|u| {
                    let d = Diagnostic::warning(format!("external link `{url}` has moved"));
                    redirected(at(d, u), chain).with_help(format!("link to `{end}`"))
                })
                .collect()
        }
        Verdict::Broken { reason, chain } => uses
            .iter()
            .map(|u| {
                let d = Diagnostic::error(format!("broken external link: `{url}` {reason}"));
                redirected(at(d, u), chain)
            })
            .collect(),
        Verdict::Unreachable { reason } => once(Diagnostic::error(format!(
            "external link `{url}` cannot be reached: {reason}"
        ))),
        Verdict::Unsure { reason } => once(Diagnostic::warning(format!(
            "external link `{url}` was not checked: {reason}"
        ))),
    }
}

/// A duration as the flags take it: a number and a unit, `300ms`, `10s`, `5m`, `12h`, `1d`
/// (`0` alone is zero).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if text == "0" {
        return Ok(Duration::ZERO);
    }
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let scale = match unit.trim() {
        "ms" => 0.001,
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        "" => return Err(format!("`{text}` needs a unit: ms, s, m, h or d (`10s`)")),
        other => {
            return Err(format!(
                "`{other}` is not a unit of time: write ms, s, m, h or d (`10s`)"
            ))
        }
    };
    number
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite())
        .map(|n| Duration::from_secs_f64(n * scale))
        .ok_or_else(|| format!("`{text}` is not a duration: write a number and a unit (`10s`)"))
}

/// The line the check ends with: what was checked, how, and how long it took.
pub fn summary_line(summary: &Summary, cache: &Path) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut line = format!(
        "checked {} ({}) in {} ms: {} fetched",
        plural(summary.urls, "external URL"),
        plural(summary.uses, "link"),
        summary.took.as_millis(),
        plural(summary.fetched, "page"),
    );
    if summary.skipped > 0 {
        line.push_str(&format!(
            ", {} on unreachable hosts not asked for",
            summary.skipped
        ));
    }
    if summary.cached > 0 {
        line.push_str(&format!(
            ", {} from {}",
            plural(summary.cached, "URL"),
            cache.display()
        ));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_hrefs_with_their_offsets() {
        let html = r#"<a href="https://a.dev/x">a</a> <A HREF=' http://b.dev'>b</A> <a href=c>"#;
        let found = hrefs(html);
        assert_eq!(found, vec![(9, "https://a.dev/x"), (42, "http://b.dev")]);
        for (at, url) in found {
            assert_eq!(&html[at..at + url.len()], url);
        }
    }

    #[test]
    fn tells_external_links() {
        assert!(is_external("https://a.dev/"));
        assert!(is_external("HTTP://a.dev/"));
        assert!(!is_external("/tr/blog/"));
        assert!(!is_external("mailto:a@b.dev"));
        assert!(!is_external("ftp://a.dev/"));
        assert!(!is_external("http:/"));
    }

    #[test]
    fn hosts_and_fragments() {
        assert_eq!(host_of("https://GitHub.com/a/b#L3"), "github.com");
        assert_eq!(host_of("http://u:p@127.0.0.1:8080/x?y"), "127.0.0.1:8080");
        assert_eq!(host_of("https://a.dev"), "a.dev");
        assert_eq!(
            split_fragment("https://a.dev/x#y"),
            ("https://a.dev/x", Some("y"))
        );
        assert_eq!(split_fragment("https://a.dev/x"), ("https://a.dev/x", None));
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("300ms"), Ok(Duration::from_millis(300)));
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("1.5m"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("12h"), Ok(Duration::from_secs(43200)));
        assert_eq!(parse_duration("1d"), Ok(Duration::from_secs(86400)));
        assert_eq!(parse_duration("0"), Ok(Duration::ZERO));
        assert!(parse_duration("10").unwrap_err().contains("needs a unit"));
        assert!(parse_duration("10y").unwrap_err().contains("not a unit"));
        assert!(parse_duration("s").unwrap_err().contains("not a duration"));
    }

    #[test]
    fn the_closing_line() {
        let cache = Path::new(CACHE_FILE);
        let mut summary = Summary {
            urls: 1,
            uses: 3,
            fetched: 1,
            took: Duration::from_millis(42),
            ..Summary::default()
        };
        assert_eq!(
            summary_line(&summary, cache),
            "checked 1 external URL (3 links) in 42 ms: 1 page fetched"
        );
        summary.cached = 2;
        summary.skipped = 4;
        assert_eq!(
            summary_line(&summary, cache),
            "checked 1 external URL (3 links) in 42 ms: 1 page fetched, 4 on unreachable hosts \
             not asked for, 2 URLs from .sade/cache/external.json"
        );
    }

    #[test]
    fn chains_in_words() {
        let chain = [
            Hop {
                status: 301,
                to: "http://b/".into(),
            },
            Hop {
                status: 302,
                to: "http://c/".into(),
            },
        ];
        assert_eq!(
            chain_words(&chain),
            "301 to `http://b/`, then 302 to `http://c/`"
        );
    }
}
