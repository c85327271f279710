//! The URL paths of everything a site serves, in one place: a page's path comes from its front
//! matter ([`crate::content::Page::path`]); every other path is made here.

use crate::i18n::Lang;

/// A language's home: `/tr/`.
pub fn home(lang: Lang) -> String {
    ["/", lang.code(), "/"].concat()
}

/// A section's list: `/tr/blog/`.
pub fn section(lang: Lang, section_path: &str) -> String {
    ["/", lang.code(), "/", section_path, "/"].concat()
}

/// A page's markdown twin: `/tr/x/` → `/tr/x/index.md` (`tr/x/` → `tr/x/index.md`).
pub fn twin(page_path: &str) -> String {
    [page_path, "index.md"].concat()
}

/// A language's Atom feed: `/tr/atom.xml`.
pub fn feed(lang: Lang) -> String {
    ["/", lang.code(), "/atom.xml"].concat()
}

/// A language's tag index: `/tr/tags/`.
pub fn tags(lang: Lang) -> String {
    ["/", lang.code(), "/tags/"].concat()
}

/// One tag's list: `/tr/tags/SLUG/`.
pub fn tag(lang: Lang, slug: &str) -> String {
    ["/", lang.code(), "/tags/", slug, "/"].concat()
}

/// The output file of a URL path: `/tr/x/` → `tr/x/index.html`, `/tr/atom.xml` → `tr/atom.xml`.
pub fn file_of(path: &str) -> String {
    let rel = path.trim_start_matches('/');
    if rel.is_empty() || rel.ends_with('/') {
        [rel, "index.html"].concat()
    } else {
        rel.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_files() {
        assert_eq!(home(Lang::Tr), "/tr/");
        assert_eq!(section(Lang::En, "blog"), "/en/blog/");
        assert_eq!(twin("/tr/x/"), "/tr/x/index.md");
        assert_eq!(feed(Lang::En), "/en/atom.xml");
        assert_eq!(tags(Lang::Tr), "/tr/tags/");
        assert_eq!(tag(Lang::Tr, "ag"), "/tr/tags/ag/");
        assert_eq!(file_of("/tr/x/"), "tr/x/index.html");
        assert_eq!(file_of("/"), "index.html");
        assert_eq!(file_of("/tr/atom.xml"), "tr/atom.xml");
    }
}
