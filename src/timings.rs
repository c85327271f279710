//! `sade build --timings`: where a build's time goes.
//!
//! The build runs each part of its work in a scope ([`time`]): reading a source, its front
//! matter, its markdown, each shortcode call, each template render, each file written. A scope
//! records its own time only: time spent in scopes opened inside it (a shortcode inside the
//! markdown, a template inside a page) is counted there and taken out of the outer one. So the
//! parts add up, over all threads, to the time the build spent working, and no time is counted
//! twice. A scope's time is its thread's wall time: a part that waits inside for other threads
//! (the lists, which render in parallel) counts the wait, unless the thread picks up other
//! scoped work meanwhile.
//!
//! With no [`Timings`] (the default) a scope does nothing, not even read the clock.

use parking_lot::Mutex;
use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// A part of the build, in the order the report lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Part {
    /// `sade.yaml`, the templates, the UI strings, the template shortcodes, finding the pages.
    Setup,
    /// Reading the pages (and checking they are UTF-8) and the static files.
    Reading,
    /// Front matter: YAML and its checks.
    FrontMatter,
    /// Markdown to HTML and to the markdown twin, without the shortcodes.
    Markdown,
    /// Shortcode calls, per shortcode (without the backoff math).
    Shortcode,
    /// Schedules and fleet simulations, each computed once per set of arguments and shared by
    /// the backoff shortcodes that ask for it.
    BackoffMath,
    /// A page's template data and its `index.md`.
    PageData,
    /// Template renders, per template.
    Template,
    /// Lists, tag pages and feeds (their templates counted under templates).
    Lists,
    /// Writing files (with the id index of the link checks) and moving them in; for `check`,
    /// which writes nothing, only the id index.
    Writing,
    /// Site-wide link checks.
    Checks,
    /// Each page's words for the search index, and the index.
    Search,
    /// Social cards: drawn, or read from the cache.
    Cards,
}

impl Part {
    fn label(self) -> &'static str {
        match self {
            Part::Setup => "setup",
            Part::Reading => "reading sources",
            Part::FrontMatter => "front matter",
            Part::Markdown => "markdown",
            Part::Shortcode => "shortcodes",
            Part::BackoffMath => "backoff math",
            Part::PageData => "page data",
            Part::Template => "templates",
            Part::Lists => "lists and feeds",
            Part::Writing => "writing",
            Part::Checks => "link checks",
            Part::Search => "search index",
            Part::Cards => "social cards",
        }
    }
}

/// Time and count of one part, or of one shortcode or template.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Scopes closed.
    pub calls: u64,
    /// Their own time (inner scopes taken out), summed.
    pub time: Duration,
}

impl Entry {
    fn add(&mut self, time: Duration) {
        self.calls += 1;
        self.time += time;
    }
}

/// Collects the time of every scope a build opens, and the pages slowest to render; shared by
/// the build's threads.
#[derive(Debug, Default)]
pub struct Timings {
    parts: Mutex<BTreeMap<Part, BTreeMap<String, Entry>>>,
    /// The slowest pages, slowest first: their render time and file.
    slowest: Mutex<Vec<(Duration, String)>>,
}

/// Pages listed in the report as slowest to render.
pub const SLOWEST: usize = 5;

thread_local! {
    /// Time recorded by scopes that closed inside the innermost open scope of this thread.
    static INNER: Cell<Duration> = const { Cell::new(Duration::ZERO) };
}

impl Timings {
    /// Every part, shortcode and template seen, in report order: a part's total, then (for
    /// shortcodes and templates) one entry per name.
    pub fn entries(&self) -> Vec<(Part, Option<String>, Entry)> {
        let map = self.parts.lock();
        let mut out = Vec::new();
        for (part, names) in map.iter() {
            let mut total = Entry::default();
            for e in names.values() {
                total.calls += e.calls;
                total.time += e.time;
            }
            out.push((*part, None, total));
            // Parts other than shortcodes and templates are recorded under the empty name.
            for (name, e) in names.iter().filter(|(n, _)| !n.is_empty()) {
                out.push((*part, Some(name.clone()), *e));
            }
        }
        out
    }

    /// The report `--timings` prints: each part's own time, its share of all the time measured
    /// and its calls, with shortcodes and templates by name; `wall` and `threads` say how long
    /// the build took and on how many threads the parts ran.
    pub fn report(&self, wall: Duration, threads: usize) -> String {
        let entries = self.entries();
        let total: Duration = entries
            .iter()
            .filter(|(_, name, _)| name.is_none())
            .map(|(_, _, e)| e.time)
            .sum();
        let mut s = format!(
            "where the time went: {:.1} ms of work on {threads} thread{} in {:.1} ms\n",
            ms(total),
            if threads == 1 { "" } else { "s" },
            ms(wall)
        );
        let _ = writeln!(
            s,
            "  {:<24} {:>10} {:>6} {:>8}",
            "part", "ms", "share", "calls"
        );
        for (part, name, e) in &entries {
            let label = match name {
                Some(n) => format!("  {n}"),
                None => part.label().to_string(),
            };
            let share = if total.is_zero() {
                0.0
            } else {
                100.0 * e.time.as_secs_f64() / total.as_secs_f64()
            };
            let _ = writeln!(
                s,
                "  {label:<24} {:>10.1} {share:>5.1}% {:>8}",
                ms(e.time),
                e.calls
            );
        }
        let slowest = self.slowest();
        if !slowest.is_empty() {
            s.push_str("slowest pages to render (ms, every part inside included):\n");
            for (time, file) in slowest {
                let _ = writeln!(s, "  {:>10.1}  {file}", ms(time));
            }
        }
        s
    }

    /// The pages slowest to render, slowest first (ties by file): render time and file.
    pub fn slowest(&self) -> Vec<(Duration, String)> {
        self.slowest.lock().clone()
    }

    fn record_page(&self, file: &dyn std::fmt::Display, time: Duration) {
        let mut slowest = self.slowest.lock();
        if slowest.len() == SLOWEST && slowest.last().is_some_and(|(t, _)| *t >= time) {
            return;
        }
        slowest.push((time, file.to_string()));
        slowest.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        slowest.truncate(SLOWEST);
    }

    fn record(&self, part: Part, name: &str, time: Duration) {
        let mut map = self.parts.lock();
        let names = map.entry(part).or_default();
        match names.get_mut(name) {
            Some(e) => e.add(time),
            None => names.entry(name.to_string()).or_default().add(time),
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Runs `f`, the rendering of the page in `file`, and keeps its whole time (every part inside
/// included) if it is among the slowest. Not a part: the scopes inside `f` record the parts.
pub fn page<T>(
    timings: Option<&Timings>,
    file: &dyn std::fmt::Display,
    f: impl FnOnce() -> T,
) -> T {
    let Some(timings) = timings else {
        return f();
    };
    let start = Instant::now();
    let value = f();
    timings.record_page(file, start.elapsed());
    value
}

/// Runs `f` as a scope of `part` (named for shortcodes and templates) when `timings` is on.
pub fn time<T>(timings: Option<&Timings>, part: Part, name: &str, f: impl FnOnce() -> T) -> T {
    let Some(timings) = timings else {
        return f();
    };
    let outer = INNER.with(|c| c.replace(Duration::ZERO));
    let start = Instant::now();
    let value = f();
    let elapsed = start.elapsed();
    let inner = INNER.with(|c| c.replace(outer + elapsed));
    timings.record(part, name, elapsed.saturating_sub(inner));
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spin(d: Duration) {
        let start = Instant::now();
        while start.elapsed() < d {
            std::hint::spin_loop();
        }
    }

    #[test]
    fn inner_scopes_are_taken_out_of_outer_ones() {
        let t = Timings::default();
        let start = Instant::now();
        time(Some(&t), Part::Markdown, "", || {
            spin(Duration::from_millis(20));
            for _ in 0..2 {
                time(Some(&t), Part::Shortcode, "backoff_table", || {
                    spin(Duration::from_millis(15));
                });
            }
        });
        let whole = start.elapsed();
        let e = t.entries();
        let find = |p: Part, n: Option<&str>| {
            e.iter()
                .find(|(part, name, _)| *part == p && name.as_deref() == n)
                .map(|x| x.2)
                .unwrap()
        };
        let md = find(Part::Markdown, None);
        let sc = find(Part::Shortcode, None);
        assert_eq!(find(Part::Shortcode, Some("backoff_table")), sc);
        assert_eq!((md.calls, sc.calls), (1, 2));
        assert!(sc.time >= Duration::from_millis(30), "{sc:?}");
        assert!(md.time >= Duration::from_millis(20), "{md:?}");
        // Markdown's own time leaves out the shortcodes': together they fit in the whole.
        assert!(md.time + sc.time <= whole, "{md:?} + {sc:?} > {whole:?}");
    }

    #[test]
    fn without_timings_the_value_comes_back() {
        assert_eq!(time(None, Part::Reading, "", || 7), 7);
    }

    #[test]
    fn the_report_lists_parts_then_their_names() {
        let t = Timings::default();
        t.record(Part::Template, "page.html", Duration::from_millis(3));
        t.record(Part::Template, "list.html", Duration::from_millis(1));
        t.record(Part::Reading, "", Duration::from_millis(4));
        // Seven pages; the five slowest are listed, ties in file order.
        for (ms, file) in [
            (1, "a"),
            (9, "b"),
            (3, "c"),
            (9, "a2"),
            (2, "d"),
            (7, "e"),
            (5, "f"),
        ] {
            t.record_page(&file, Duration::from_millis(ms));
        }
        let r = t.report(Duration::from_millis(5), 2);
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(
            lines[0],
            "where the time went: 8.0 ms of work on 2 threads in 5.0 ms"
        );
        let rows: Vec<Vec<&str>> = lines[2..6]
            .iter()
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(
            rows,
            [
                vec!["reading", "sources", "4.0", "50.0%", "1"],
                vec!["templates", "4.0", "50.0%", "2"],
                vec!["list.html", "1.0", "12.5%", "1"],
                vec!["page.html", "3.0", "37.5%", "1"],
            ]
        );
        assert_eq!(
            lines[6..],
            [
                "slowest pages to render (ms, every part inside included):",
                "         9.0  a2",
                "         9.0  b",
                "         7.0  e",
                "         5.0  f",
                "         3.0  c",
            ]
        );
    }
}
