//! Link checks, with positions: every internal link and anchor of every page must resolve to a
//! file and an `id` the build made, and no two pages may want the same URL. These are errors, so
//! `build`, `check` and the preview all refuse them.

use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::site::Site;
use crate::urls::Urls;

/// A link written on a page, resolved against the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The output file it names (`tr/x/index.html`); `None` when its path leaves the site
    /// (above the base path, with `..`).
    pub file: Option<String>,
    /// The `#anchor`, if any.
    pub anchor: Option<String>,
}

/// Resolves a link written on the page at `from` (a path `urls` made, like `/tr/blog/x/`) to an
/// output file and an optional anchor. A link written from the site's root (`/en/x/`) is under
/// the base path, as the page shows it ([`Urls::rooted`]). `None` for external links, `mailto:`
/// and the like.
pub fn resolve(urls: &Urls, from: &str, dest: &str) -> Option<Resolved> {
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
        urls.rooted(path).into_owned()
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
    let mut served = String::with_capacity(joined.len() + 1);
    served.push('/');
    served.push_str(&parts.join("/"));
    if joined.ends_with('/') && !parts.is_empty() {
        served.push('/');
    }
    let file = urls.in_site(&served).map(|rel| {
        if rel.is_empty() || rel.ends_with('/') {
            [rel, "index.html"].concat()
        } else {
            rel.to_string()
        }
    });
    Some(Resolved { file, anchor })
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
    let mut errors: Vec<Diagnostic> = per_page.into_iter().flatten().collect();
    errors.extend(crate::redirects::collisions(site));
    errors
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
    let urls = &site.config.urls;
    // A picture named by a path (not a URL) must be a file the build made.
    let image = page
        .front
        .image
        .as_deref()
        .filter(|img| img.starts_with('/'));
    if let Some(Resolved { file, .. }) = image.and_then(|img| resolve(urls, &page.path, img)) {
        if file.is_none_or(|f| outputs.ids(&f).is_none()) {
            errors.push(
                Diagnostic::error(format!(
                    "`image` `{}` is not a file of the site",
                    image.unwrap_or_default()
                ))
                .at(&page.source, page.front_span("image"), "this picture")
                .with_help("put it in `static/` (`static/img/a.png` is `/img/a.png`), or write an https URL"),
            );
        }
    }
    for link in &site.rendered[i].links {
        let Some(Resolved { file, anchor }) = resolve(urls, &page.path, &link.dest) else {
            continue;
        };
        let Some(file) = file else {
            errors.push(
                Diagnostic::error(format!(
                    "broken link: `{}` leads outside the site, above {}",
                    link.dest,
                    urls.root()
                ))
                .at(&page.source, link.span.clone(), "this link"),
            );
            continue;
        };
        match outputs.ids(&file) {
            None => {
                // Pages as a link from the site's root names them (without the base path).
                let from_root =
                    |p: &str| -> String { ["/", urls.in_site(p).unwrap_or(p)].concat() };
                let candidates: Vec<String> =
                    site.pages.iter().map(|p| from_root(&p.path)).collect();
                let suggestion = crate::diagnostic::closest(
                    &format!("/{}", file.trim_end_matches("index.html")),
                    candidates.iter().map(String::as_str),
                );
                let mut d =
                    Diagnostic::error(format!("broken link: nothing is built at `{}`", link.dest))
                        .at(&page.source, link.span.clone(), "this link")
                        .with_suggestion(suggestion);
                if urls.root() != "/" && link.dest.starts_with(urls.root()) {
                    d = d.with_help(format!(
                        "a link from the site's root is written without the base path: sade \
                         adds `{}`",
                        urls.root()
                    ));
                }
                errors.push(d);
            }
            Some(f) => {
                if let Some(a) = anchor.filter(|a| !a.is_empty()) {
                    if !f.contains(&a) {
                        let target_page = site
                            .pages
                            .iter()
                            .position(|p| urls.file_of(&p.path) == file);
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

#[cfg(test)]
mod tests {
    use super::{resolve, Resolved};
    use crate::urls::Urls;

    fn file(urls: &Urls, from: &str, dest: &str) -> Option<(Option<String>, Option<String>)> {
        resolve(urls, from, dest).map(|Resolved { file, anchor }| (file, anchor))
    }

    #[test]
    fn resolves_links() {
        let u = Urls::default();
        let some = |f: &str, a: Option<&str>| Some((Some(f.to_string()), a.map(String::from)));
        assert_eq!(
            file(&u, "/tr/blog/x/", "/tr/tools/y/"),
            some("tr/tools/y/index.html", None)
        );
        assert_eq!(
            file(&u, "/tr/blog/x/", "../y/#a"),
            some("tr/blog/y/index.html", Some("a"))
        );
        assert_eq!(
            file(&u, "/tr/blog/x/", "#h"),
            some("tr/blog/x/index.html", Some("h"))
        );
        assert_eq!(file(&u, "/tr/", "/atom.xml"), some("atom.xml", None));
        assert_eq!(file(&u, "/tr/", "../../x"), some("x", None));
        assert_eq!(file(&u, "/tr/", "https://x.dev/"), None);
    }

    /// Under a base path, links from the site's root are under it; `..` above it leaves the site.
    #[test]
    fn resolves_links_under_a_base_path() {
        let u = Urls::new("https://user.github.io/notes");
        let some = |f: &str| Some((Some(f.to_string()), None));
        assert_eq!(
            file(&u, "/notes/tr/blog/x/", "/tr/tools/y/"),
            some("tr/tools/y/index.html")
        );
        assert_eq!(
            file(&u, "/notes/tr/blog/x/", "../y/"),
            some("tr/blog/y/index.html")
        );
        assert_eq!(file(&u, "/notes/tr/", "/img/a.svg"), some("img/a.svg"));
        assert_eq!(file(&u, "/notes/tr/", "../"), some("index.html"));
        assert_eq!(file(&u, "/notes/tr/", "../../x/"), Some((None, None)));
        assert_eq!(
            file(&u, "/notes/tr/", "/notes/tr/"),
            some("notes/tr/index.html")
        );
    }
}
