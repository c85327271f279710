//! Site checks, with positions: broken internal links and anchors and duplicate URLs (errors, so
//! `build` refuses them too), and for `sade check` also pages missing a translation, translation
//! pairs whose front matter disagrees, drafts and unused UI strings (warnings).

use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::site::Site;

/// Resolves a link written on the page at `from` (a URL path like `/tr/blog/x/`) to an output
/// file and an optional anchor. `None` for external links, `mailto:` and the like.
pub fn resolve(from: &str, dest: &str) -> Option<(String, Option<String>)> {
    if dest.contains("://")
        || dest.starts_with("mailto:")
        || dest.starts_with("tel:")
        || dest.starts_with("//")
    {
        return None;
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((p, a)) => (p, Some(a.to_string())),
        None => (dest, None),
    };
    let path = path.split('?').next().unwrap_or("");
    let joined = if path.is_empty() {
        from.to_string()
    } else if path.starts_with('/') {
        path.to_string()
    } else {
        format!(
            "{}{path}",
            from.rsplit_once('/').map_or("/", |(d, _)| d).to_string() + "/"
        )
    };
    // Normalize `.` and `..`.
    let mut parts: Vec<&str> = Vec::new();
    for seg in joined.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    let mut file = parts.join("/");
    if joined.ends_with('/') || file.is_empty() {
        if !file.is_empty() {
            file.push('/');
        }
        file.push_str("index.html");
    }
    Some((file, anchor))
}

/// What a build produced, as far as links care: every path, and the `id`s of each HTML file.
#[derive(Clone, Debug, Default)]
pub struct OutputIndex {
    /// Looked up once per link of every page, never walked in order.
    files: HashMap<String, Vec<String>>,
}

impl OutputIndex {
    /// Adds one file.
    pub fn record(&mut self, file: &crate::output::OutputFile) {
        self.insert(file.path.clone(), OutputIndex::ids_in(file));
    }

    /// The `id` values of a file (none unless it is HTML): what [`OutputIndex::insert`] takes,
    /// found before taking a lock on a shared index.
    pub fn ids_in(file: &crate::output::OutputFile) -> Vec<String> {
        if file.path.ends_with(".html") {
            ids_of(&file.bytes)
        } else {
            Vec::new()
        }
    }

    /// Adds one file by path and ids.
    pub fn insert(&mut self, path: String, ids: Vec<String>) {
        self.files.insert(path, ids);
    }

    /// Forgets one file.
    pub fn remove(&mut self, path: &str) {
        self.files.remove(path);
    }

    /// Every file's path.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Is it empty?
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    fn ids(&self, path: &str) -> Option<&[String]> {
        self.files.get(path).map(Vec::as_slice)
    }
}

/// Every `id="…"` value in an HTML text.
fn ids_of(html: &[u8]) -> Vec<String> {
    const OPEN: &[u8] = b" id=\"";
    memchr::memmem::find_iter(html, OPEN)
        .filter_map(|at| {
            let value = &html[at + OPEN.len()..];
            let end = memchr::memchr(b'"', value)?;
            Some(String::from_utf8_lossy(&value[..end]).into_owned())
        })
        .collect()
}

/// Problems that fail a build: broken internal links or anchors, duplicate URLs.
pub fn site_errors(site: &Site, outputs: &OutputIndex) -> Vec<Diagnostic> {
    use rayon::prelude::*;
    // The first page of each URL; a later page with the same URL is the duplicate.
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, page) in site.pages.iter().enumerate() {
        first.entry(page.path.as_str()).or_insert(i);
    }
    // Pages are checked in parallel (the preview re-checks every link after each edit) and the
    // problems kept in page order.
    let per_page: Vec<Vec<Diagnostic>> = (0..site.pages.len())
        .into_par_iter()
        .map(|i| page_errors(site, outputs, &first, i))
        .collect();
    per_page.into_iter().flatten().collect()
}

/// [`site_errors`] of page `i`.
fn page_errors(
    site: &Site,
    outputs: &OutputIndex,
    first: &HashMap<&str, usize>,
    i: usize,
) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let page = &site.pages[i];
    if let Some(&j) = first.get(page.path.as_str()).filter(|&&j| j != i) {
        let other = &site.pages[j];
        errors.push(
            Diagnostic::error(format!(
                "two pages want the URL {}: this one and {}",
                page.path,
                other.source.path.display()
            ))
            .at(&page.source, 0..3, "this page")
            .with_help("give one of them another `slug`"),
        );
    }
    for link in &site.rendered[i].links {
        let Some((file, anchor)) = resolve(&page.path, &link.dest) else {
            continue;
        };
        match outputs.ids(&file) {
            None => {
                let suggestion = crate::diagnostic::closest(
                    &format!("/{}", file.trim_end_matches("index.html")),
                    site.pages.iter().map(|p| p.path.as_str()),
                );
                errors.push(
                    Diagnostic::error(format!("broken link: nothing is built at `{}`", link.dest))
                        .at(&page.source, link.span.clone(), "this link")
                        .with_suggestion(suggestion),
                );
            }
            Some(f) => {
                if let Some(a) = anchor.filter(|a| !a.is_empty()) {
                    if !f.contains(&a) {
                        let target_page = site
                            .pages
                            .iter()
                            .position(|p| crate::site::file_of(&p.path) == file);
                        let ids: Vec<&str> = target_page
                            .map(|t| {
                                site.rendered[t]
                                    .headings
                                    .iter()
                                    .map(|h| h.id.as_str())
                                    .collect()
                            })
                            .unwrap_or_default();
                        errors.push(
                            Diagnostic::error(format!("broken anchor: `{}` has no `#{a}`", file))
                                .at(&page.source, link.span.clone(), "this link")
                                .with_suggestion(crate::diagnostic::closest(&a, ids)),
                        );
                    }
                }
            }
        }
    }
    errors
}

/// Warnings `sade check` adds: missing translations, disagreeing pairs, drafts, unused UI strings.
pub fn site_warnings(site: &Site, templates_text: &str, strings: &[String]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, page) in site.pages.iter().enumerate() {
        match site.translations[i] {
            None => out.push(
                Diagnostic::warning(format!(
                    "`{}` has no {} translation",
                    page.name,
                    page.lang.other().native_name()
                ))
                .at(&page.source, 0..3, "this page")
                .with_help(format!(
                    "add {}.{}.md",
                    page.name,
                    page.lang.other().code()
                )),
            ),
            Some(t) if i < t => {
                let (a, b) = (&page.front, &site.pages[t].front);
                let other = &site.pages[t];
                let mut disagree = |what: &str, x: String, y: String| {
                    if x != y {
                        out.push(
                            Diagnostic::warning(format!(
                                "translations disagree on `{what}`: {x} here, {y} in {}",
                                other.source.path.display()
                            ))
                            .at(
                                &page.source,
                                page.front_span(what),
                                "this value",
                            ),
                        );
                    }
                };
                let count = |n: usize| format!("{n} tag{}", if n == 1 { "" } else { "s" });
                disagree("section", a.section.clone(), b.section.clone());
                disagree("published", a.published.iso(), b.published.iso());
                disagree("tags", count(a.tags.len()), count(b.tags.len()));
            }
            Some(_) => {}
        }
    }
    for d in &site.drafts_skipped {
        out.push(
            Diagnostic::warning(format!(
                "`{}` is a draft and is left out of the build",
                d.name
            ))
            .at(&d.source, d.front_span("draft"), "here")
            .with_help("build with --drafts to include it"),
        );
    }
    // Keys built in a template (`t["callout_" ~ kind]`) count as used by their prefix.
    let prefixes: Vec<&str> = templates_text
        .split("\" ~")
        .filter_map(|before| before.rsplit('"').next())
        .collect();
    for key in strings {
        let used = templates_text.contains(&format!(".{key}"))
            || templates_text.contains(&format!("\"{key}\""))
            || prefixes.iter().any(|p| !p.is_empty() && key.starts_with(p));
        if !used {
            out.push(Diagnostic::warning(format!(
                "UI string `{key}` is not used by any template"
            )));
        }
    }
    out
}

/// `sade check`: the whole pipeline without writing, build errors plus the warnings above.
pub fn run(
    options: &crate::site::Options,
    registry: &crate::shortcode::Registry,
) -> crate::diagnostic::Diagnostics {
    let result = crate::site::build_into(options, registry, &crate::site::Discard, false);
    let mut report = result.diagnostics;
    let Some(mut site) = result.site else {
        return report;
    };
    // The warnings below point into the front matter.
    site.reload_sources(&options.root);
    let templates_text = templates_text(&options.root);
    // The build already checked that both languages have the same keys; only the names matter.
    let strings: Vec<String> = result.tools.map_or_else(Vec::new, |tools| {
        let keys = tools.templates.strings(crate::i18n::Lang::Tr).keys();
        keys.cloned().collect()
    });
    report.extend(site_warnings(&site, &templates_text, &strings));
    report
}

fn templates_text(root: &std::path::Path) -> String {
    let mut text = String::new();
    for e in walkdir::WalkDir::new(root.join(crate::render::TEMPLATES_DIR))
        .sort_by_file_name()
        .into_iter()
        .flatten()
    {
        if e.file_type().is_file()
            && e.path()
                .extension()
                .is_some_and(|x| x == "html" || x == "xml")
        {
            text.push_str(&std::fs::read_to_string(e.path()).unwrap_or_default());
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn resolves_links() {
        assert_eq!(
            resolve("/tr/blog/x/", "/tr/tools/y/"),
            Some(("tr/tools/y/index.html".into(), None))
        );
        assert_eq!(
            resolve("/tr/blog/x/", "../y/#a"),
            Some(("tr/blog/y/index.html".into(), Some("a".into())))
        );
        assert_eq!(
            resolve("/tr/blog/x/", "#h"),
            Some(("tr/blog/x/index.html".into(), Some("h".into())))
        );
        assert_eq!(
            resolve("/tr/", "/atom.xml"),
            Some(("atom.xml".into(), None))
        );
        assert_eq!(resolve("/tr/", "https://x.dev/"), None);
    }
}
