//! The URL paths of everything a site serves, in one place, under the site's base path.
//!
//! A site may live below a path of its host (`base_url: https://user.github.io/notes`, the usual
//! GitHub Pages project site): [`Urls`] derives that base path (`/notes/`, or `/`) once from the
//! base URL, and every path sade makes starts with it — pages (through
//! [`Urls::page`], which gives [`crate::content::Page::path`]), lists, feeds, assets, links
//! written from the site's root in a page. Output files stay at the top of the output folder
//! (`public/en/…`): [`Urls::file_of`] takes the base path off again, so a plain host serving
//! `public/` at `/notes/` serves the site.

use std::borrow::Cow;

use crate::i18n::Lang;

/// The folder of the tag lists in each language (`/tr/tags/`).
pub const TAGS: &str = "tags";

/// The folder of a list's further pages (`/tr/blog/page/2/`).
pub const PAGE: &str = "page";

/// The paths of a site whose base URL is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Urls {
    /// `https://host` (scheme and authority).
    origin: String,
    /// `/` or `/notes/`: the base path, with a slash at both ends.
    root: String,
}

impl Default for Urls {
    /// A site at the root of its host.
    fn default() -> Urls {
        Urls {
            origin: String::new(),
            root: "/".into(),
        }
    }
}

/// Why a base URL cannot be used, in words that end "…; write …".
pub fn check_base_url(url: &str) -> Result<(), String> {
    let Some((scheme, rest)) = url.split_once("://") else {
        return Err("it is not an absolute URL".into());
    };
    if scheme != "https" && scheme != "http" {
        return Err(format!("its scheme is `{scheme}`, not http or https"));
    }
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    if host.is_empty() {
        return Err("it has no host".into());
    }
    if url.contains(['?', '#']) {
        return Err("it has a query or a fragment".into());
    }
    let path = path.trim_end_matches('/');
    if !path.is_empty() {
        for segment in path[1..].split('/') {
            if segment.is_empty() || segment == "." || segment == ".." {
                return Err(format!(
                    "its path `{path}` has an empty, `.` or `..` segment"
                ));
            }
            if !segment
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '~'))
            {
                return Err(format!(
                    "its path `{path}` has characters other than letters, digits, `-`, `_`, \
                     `.` and `~`"
                ));
            }
        }
    }
    Ok(())
}

impl Urls {
    /// The paths of a site at `base_url` (checked by [`check_base_url`]; a trailing `/` is
    /// optional).
    pub fn new(base_url: &str) -> Urls {
        let base = base_url.trim_end_matches('/');
        let after_scheme = base.find("://").map_or(0, |i| i + 3);
        let (origin, path) = base.split_at(
            base[after_scheme..]
                .find('/')
                .map_or(base.len(), |i| after_scheme + i),
        );
        Urls {
            origin: origin.to_string(),
            root: [path, "/"].concat(),
        }
    }

    /// The base path: `/`, or `/notes/` for a site at `https://user.github.io/notes`.
    pub fn root(&self) -> &str {
        &self.root
    }

    /// The base URL without a trailing slash: `https://user.github.io/notes`.
    pub fn base_url(&self) -> String {
        [self.origin.as_str(), self.root.trim_end_matches('/')].concat()
    }

    /// An absolute URL: the origin and `path`, a path this [`Urls`] made.
    pub fn absolute(&self, path: &str) -> String {
        [self.origin.as_str(), path].concat()
    }

    /// A language's home: `/tr/`.
    pub fn home(&self, lang: Lang) -> String {
        [self.root.as_str(), lang.code(), "/"].concat()
    }

    /// A section's list: `/tr/blog/`.
    pub fn section(&self, lang: Lang, section_path: &str) -> String {
        [self.root.as_str(), lang.code(), "/", section_path, "/"].concat()
    }

    /// A page: `/tr/blog/SLUG/` in a section, `/tr/SLUG/` standing alone.
    pub fn page(&self, lang: Lang, section_path: Option<&str>, slug: &str) -> String {
        let mut path = [self.root.as_str(), lang.code(), "/"].concat();
        if let Some(section) = section_path {
            path.push_str(section);
            path.push('/');
        }
        path.push_str(slug);
        path.push('/');
        path
    }

    /// A language's Atom feed: `/tr/atom.xml`.
    pub fn feed(&self, lang: Lang) -> String {
        [self.root.as_str(), lang.code(), "/atom.xml"].concat()
    }

    /// The Atom feed of a list (a section's or a tag's) at `list`: `/tr/blog/atom.xml`.
    pub fn list_feed(&self, list: &str) -> String {
        [list, "atom.xml"].concat()
    }

    /// Page `n` (from 1) of a list (a section's or a tag's) at `list`: the list itself for the
    /// first, `/tr/blog/page/2/` for the others.
    pub fn list_page(&self, list: &str, n: usize) -> String {
        if n <= 1 {
            return list.to_string();
        }
        let mut path = String::with_capacity(list.len() + 8);
        path.push_str(list);
        path.push_str(PAGE);
        path.push('/');
        path.push_str(&n.to_string());
        path.push('/');
        path
    }

    /// Where a list's first page would be if it were numbered like the others:
    /// `/tr/blog/page/1/` (a redirect to the list).
    pub fn list_page_one(&self, list: &str) -> String {
        [list, PAGE, "/1/"].concat()
    }

    /// A language's tag index: `/tr/tags/`.
    pub fn tags(&self, lang: Lang) -> String {
        [self.root.as_str(), lang.code(), "/", TAGS, "/"].concat()
    }

    /// One tag's list: `/tr/tags/SLUG/`.
    pub fn tag(&self, lang: Lang, slug: &str) -> String {
        [self.root.as_str(), lang.code(), "/", TAGS, "/", slug, "/"].concat()
    }

    /// A language's search page: `/tr/ara/`, `/en/search/`.
    pub fn search(&self, lang: Lang) -> String {
        let name = match lang {
            Lang::Tr => "ara",
            Lang::En => "search",
        };
        [self.root.as_str(), lang.code(), "/", name, "/"].concat()
    }

    /// A file at the top of the site: `sitemap.xml` → `/sitemap.xml`.
    pub fn top(&self, file: &str) -> String {
        [self.root.as_str(), file].concat()
    }

    /// A link written in a page from the site's root (`/en/blog/x/`, `/img/a.svg`), as it is
    /// served: under the base path. Other links (relative, `#anchor`, `//host`, `https://…`) are
    /// left as written.
    pub fn rooted<'a>(&self, dest: &'a str) -> Cow<'a, str> {
        rooted(&self.root, dest)
    }

    /// The part of a served path below the base path (`/notes/tr/x/` → `tr/x/`); `None` for a
    /// path outside the site.
    pub fn in_site<'a>(&self, path: &'a str) -> Option<&'a str> {
        path.strip_prefix(self.root.as_str())
            .or_else(|| (path == self.root.trim_end_matches('/')).then_some(""))
    }

    /// The output file of a path this [`Urls`] made, relative to the output folder:
    /// `/tr/x/` → `tr/x/index.html`, `/tr/atom.xml` → `tr/atom.xml` (the base path taken off).
    pub fn file_of(&self, path: &str) -> String {
        let rel = self
            .in_site(path)
            .unwrap_or_else(|| path.trim_start_matches('/'));
        if rel.is_empty() || rel.ends_with('/') {
            [rel, "index.html"].concat()
        } else {
            rel.to_string()
        }
    }
}

/// [`Urls::rooted`] for the base path `root` (`/` or `/notes/`).
pub fn rooted<'a>(root: &str, dest: &'a str) -> Cow<'a, str> {
    if root == "/" || !dest.starts_with('/') || dest.starts_with("//") {
        Cow::Borrowed(dest)
    } else {
        Cow::Owned([root, &dest[1..]].concat())
    }
}

/// A page's markdown twin: `/tr/x/` → `/tr/x/index.md`.
pub fn twin(page_path: &str) -> String {
    [page_path, "index.md"].concat()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_files_at_the_root() {
        let u = Urls::new("https://sade.dev");
        assert_eq!(u.root(), "/");
        assert_eq!(u.base_url(), "https://sade.dev");
        assert_eq!(u.home(Lang::Tr), "/tr/");
        assert_eq!(u.section(Lang::En, "blog"), "/en/blog/");
        assert_eq!(u.page(Lang::En, Some("blog"), "x"), "/en/blog/x/");
        assert_eq!(u.page(Lang::En, None, "about"), "/en/about/");
        assert_eq!(twin("/tr/x/"), "/tr/x/index.md");
        assert_eq!(u.feed(Lang::En), "/en/atom.xml");
        assert_eq!(u.tags(Lang::Tr), "/tr/tags/");
        assert_eq!(u.tag(Lang::Tr, "ag"), "/tr/tags/ag/");
        assert_eq!(u.list_page("/tr/blog/", 1), "/tr/blog/");
        assert_eq!(u.list_page("/tr/blog/", 2), "/tr/blog/page/2/");
        assert_eq!(u.list_page("/tr/tags/ag/", 12), "/tr/tags/ag/page/12/");
        assert_eq!(u.list_page_one("/tr/blog/"), "/tr/blog/page/1/");
        assert_eq!(u.top("sitemap.xml"), "/sitemap.xml");
        assert_eq!(u.file_of("/tr/x/"), "tr/x/index.html");
        assert_eq!(u.file_of("/"), "index.html");
        assert_eq!(u.file_of("/tr/atom.xml"), "tr/atom.xml");
        assert_eq!(u.absolute("/tr/x/"), "https://sade.dev/tr/x/");
        assert_eq!(u.rooted("/en/x/"), "/en/x/");
        assert_eq!(Urls::default().root(), "/");
    }

    #[test]
    fn paths_and_files_under_a_base_path() {
        for base in [
            "https://user.github.io/notes",
            "https://user.github.io/notes/",
        ] {
            let u = Urls::new(base);
            assert_eq!(u.root(), "/notes/");
            assert_eq!(u.base_url(), "https://user.github.io/notes");
            assert_eq!(u.home(Lang::Tr), "/notes/tr/");
            assert_eq!(u.page(Lang::En, Some("blog"), "x"), "/notes/en/blog/x/");
            assert_eq!(u.page(Lang::En, None, "about"), "/notes/en/about/");
            assert_eq!(u.file_of("/notes/en/blog/x/"), "en/blog/x/index.html");
            assert_eq!(u.file_of(&twin("/notes/en/x/")), "en/x/index.md");
            assert_eq!(u.file_of("/notes/"), "index.html");
            assert_eq!(u.file_of(&u.feed(Lang::Tr)), "tr/atom.xml");
            let second = u.list_page(&u.section(Lang::En, "blog"), 2);
            assert_eq!(second, "/notes/en/blog/page/2/");
            assert_eq!(u.file_of(&second), "en/blog/page/2/index.html");
            assert_eq!(u.absolute("/notes/tr/"), "https://user.github.io/notes/tr/");
            assert_eq!(u.rooted("/en/x/#a"), "/notes/en/x/#a");
            for kept in ["x/", "../y/", "#a", "//cdn.example/x", "https://x.dev/", ""] {
                assert_eq!(u.rooted(kept), kept);
            }
            assert_eq!(u.in_site("/notes/tr/"), Some("tr/"));
            assert_eq!(u.in_site("/notes"), Some(""));
            assert_eq!(u.in_site("/tr/"), None);
            assert_eq!(u.in_site("/notesx/"), None);
        }
        let deep = Urls::new("http://localhost:8080/a/b.c/~d");
        assert_eq!(deep.root(), "/a/b.c/~d/");
        assert_eq!(
            deep.absolute(&deep.home(Lang::En)),
            "http://localhost:8080/a/b.c/~d/en/"
        );
    }

    #[test]
    fn base_urls_that_cannot_be_used() {
        for good in [
            "https://sade.dev",
            "https://user.github.io/notes/",
            "http://localhost:1111",
            "https://x.test/a/b-c_d.e~f",
        ] {
            assert_eq!(check_base_url(good), Ok(()), "{good}");
        }
        for bad in [
            "sade.dev",
            "ftp://sade.dev",
            "https:///x",
            "https://x.test/a b",
            "https://x.test/a//b",
            "https://x.test/../b",
            "https://x.test/ç",
            "https://x.test/?q",
            "https://x.test/#f",
        ] {
            assert!(check_base_url(bad).is_err(), "{bad}");
        }
    }
}
