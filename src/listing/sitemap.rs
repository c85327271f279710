//! `sitemap.xml`: every page, each language's home, every page of every list and each tag
//! index, with reciprocal hreflang alternates.

use super::{pager, Lists};
use crate::config::Config;
use crate::html::push_escaped;
use crate::i18n::Lang;
use crate::plan::Paged;

/// A sitemap `<url>`: location, lastmod, (hreflang, href) alternates.
type SitemapEntry = (String, Option<String>, Vec<(String, String)>);

/// The hreflang alternates of a URL of the sitemap: `this` (a language and an absolute URL) and
/// its counterpart `twin` in the other language if any, sorted, then `x-default` (the one in the
/// default language) when there are two.
fn alternates(
    config: &Config,
    this: (Lang, String),
    twin: Option<(Lang, String)>,
) -> Vec<(String, String)> {
    let mut alts: Vec<(String, String)> = std::iter::once(this)
        .chain(twin)
        .map(|(lang, url)| (lang.code().to_string(), url))
        .collect();
    alts.sort();
    let default = alts
        .iter()
        .find(|(l, _)| l == config.default_language.code())
        .map(|(_, u)| u.clone());
    if let Some(d) = default.filter(|_| alts.len() > 1) {
        alts.push(("x-default".into(), d));
    }
    alts
}

impl Lists<'_> {
    /// `sitemap.xml`: every page with `lastmod`, each language's home, every page of every list
    /// (a section's, a tag's) and each tag index, with reciprocal hreflang alternates plus
    /// `x-default`.
    pub fn sitemap(&self) -> String {
        let site = self.site;
        let config = &site.config;
        let urls = &config.urls;
        let mut entries: Vec<SitemapEntry> = Vec::new();
        for (i, page) in site.pages.iter().enumerate() {
            let twin = site.translations[i].map(|t| {
                let other = &site.pages[t];
                (other.lang, other.permalink(config))
            });
            let alts = alternates(config, (page.lang, page.permalink(config)), twin);
            let lastmod = page.front.updated.map(|d| d.iso());
            entries.push((page.permalink(config), lastmod, alts));
        }
        let newest = |idx: &[usize]| {
            (idx.iter())
                .filter_map(|&i| site.pages[i].front.updated)
                .max()
                .map(|d| d.iso())
        };
        for lang in Lang::ALL {
            let other = lang.other();
            let lists = &self.langs[lang.index()];
            let home = (lang, config.home_url(lang));
            let alts = alternates(config, home.clone(), Some((other, config.home_url(other))));
            entries.push((home.1, newest(&lists.pages), alts));
            let index = (lang, urls.absolute(&urls.tags(lang)));
            let alts = alternates(
                config,
                index.clone(),
                Some((other, urls.absolute(&urls.tags(other)))),
            );
            entries.push((index.1, newest(&lists.pages), alts));
            let sections = config.sections.keys().map(|n| Paged::Section(n.clone()));
            let tags = lists.tags.keys().map(|s| Paged::Tag(s.clone()));
            for list in sections.chain(tags) {
                let Some(listing) = self.listing(lang, &list) else {
                    continue;
                };
                let counterpart = self.listing(other, &list);
                for n in 1..=listing.pages() {
                    let range = pager::entries(listing.idx.len(), listing.per_page, n);
                    let url = urls.absolute(&urls.list_page(&listing.path, n));
                    let twin = (counterpart.as_ref())
                        .filter(|l| n <= l.pages())
                        .map(|l| (other, urls.absolute(&urls.list_page(&l.path, n))));
                    let alts = alternates(config, (lang, url.clone()), twin);
                    entries.push((url, newest(&listing.idx[range]), alts));
                }
            }
        }
        write_sitemap(entries)
    }
}

/// The text of `sitemap.xml` with `entries`, sorted.
fn write_sitemap(mut entries: Vec<SitemapEntry>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    entries.sort();
    // Pushed piece by piece: a big site has thousands of entries.
    for (loc, lastmod, alts) in entries {
        out.push_str("  <url>\n    <loc>");
        push_escaped(&mut out, &loc);
        out.push_str("</loc>\n");
        if let Some(m) = lastmod {
            out.push_str("    <lastmod>");
            out.push_str(&m);
            out.push_str("</lastmod>\n");
        }
        if alts.len() > 1 {
            for (l, u) in alts {
                out.push_str("    <xhtml:link rel=\"alternate\" hreflang=\"");
                out.push_str(&l);
                out.push_str("\" href=\"");
                push_escaped(&mut out, &u);
                out.push_str("\"/>\n");
            }
        }
        out.push_str("  </url>\n");
    }
    out.push_str("</urlset>\n");
    out
}
