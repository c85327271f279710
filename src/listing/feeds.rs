//! The Atom feeds: each language's (`/LANG/atom.xml`, the newest pages with their bodies) and
//! each section's and tag's (`/LANG/SECTION/atom.xml`, `/LANG/tags/TAG/atom.xml`: the newest
//! pages' titles and descriptions). A list's feed carries no bodies: it is made with the lists,
//! from front matter alone, so that keeping a body for every section and tag does not grow a big
//! site's memory; a reader who follows one section still gets each page's summary and link.

use std::collections::BTreeSet;

use super::FEED_ENTRIES;
use crate::html::escape;
use crate::i18n::Lang;
use crate::output::OutputFile;
use crate::site::Site;

/// `LANG/atom.xml`, with the newest pages' rendered bodies.
pub fn feed(site: &Site, lang: Lang) -> OutputFile {
    let config = &site.config;
    let urls = &config.urls;
    let head = Head {
        url: urls.feed(lang),
        title: config.title(lang).to_string(),
        subtitle: &config.languages[&lang].description,
        alternate: config.home_url(lang),
    };
    OutputFile::text(
        urls.file_of(&head.url),
        atom(site, lang, &site.section_pages_of(lang), &head, true),
    )
}

/// Pages whose rendered body a feed needs: the newest [`FEED_ENTRIES`] of each language.
pub fn feed_pages(site: &Site) -> BTreeSet<usize> {
    Lang::ALL
        .iter()
        .flat_map(|&lang| site.section_pages_of(lang).into_iter().take(FEED_ENTRIES))
        .collect()
}

/// The feed of a list at `list` (a section's or a tag's URL path), named `name` (the section's
/// label, `#tag`), of the pages `idx` (newest first).
pub fn list_feed(site: &Site, lang: Lang, list: &str, name: &str, idx: &[usize]) -> OutputFile {
    let config = &site.config;
    let urls = &config.urls;
    let head = Head {
        url: urls.list_feed(list),
        title: format!("{name} · {}", config.title(lang)),
        subtitle: &config.languages[&lang].description,
        alternate: urls.absolute(list),
    };
    OutputFile::text(urls.file_of(&head.url), atom(site, lang, idx, &head, false))
}

/// What a feed says of itself.
struct Head<'a> {
    /// Its own URL path.
    url: String,
    title: String,
    subtitle: &'a str,
    /// The page it is the feed of (absolute).
    alternate: String,
}

/// An Atom 1.0 feed: the newest [`FEED_ENTRIES`] of the pages `idx` (newest first), with their
/// rendered bodies when `bodies`.
fn atom(site: &Site, lang: Lang, idx: &[usize], head: &Head, bodies: bool) -> String {
    let config = &site.config;
    let feed_url = config.urls.absolute(&head.url);
    let updated = idx
        .iter()
        .filter_map(|&i| site.pages[i].front.updated)
        .max()
        .map(|d| d.iso())
        .unwrap_or_else(|| "1970-01-01".into());
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{code}\">\n  <title>{title}</title>\n  <subtitle>{sub}</subtitle>\n  <id>{feed_url}</id>\n  <link rel=\"self\" type=\"application/atom+xml\" href=\"{feed_url}\"/>\n  <link rel=\"alternate\" type=\"text/html\" href=\"{home}\"/>\n  <updated>{updated}T00:00:00Z</updated>\n  <generator>sade</generator>\n",
        code = lang.code(),
        title = escape(&head.title),
        sub = escape(head.subtitle),
        home = escape(&head.alternate),
    );
    for &i in idx.iter().take(FEED_ENTRIES) {
        let p = &site.pages[i];
        // Pages in a section have dates; a feed shows no other.
        let (Some(published), Some(updated)) = (p.front.published, p.front.updated) else {
            continue;
        };
        let url = p.permalink(config);
        out.push_str(&format!(
            "  <entry>\n    <title>{}</title>\n    <id>{url}</id>\n    <link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n    <published>{}T00:00:00Z</published>\n    <updated>{}T00:00:00Z</updated>\n    <author><name>{}</name></author>\n    <summary>{}</summary>\n",
            escape(&p.front.title),
            published.iso(),
            updated.iso(),
            escape(&p.front.author),
            escape(&p.front.description),
        ));
        for t in &p.front.tags {
            out.push_str(&format!("    <category term=\"{}\"/>\n", escape(t)));
        }
        if bodies {
            out.push_str(&format!(
                "    <content type=\"html\">{}</content>\n",
                escape(&site.rendered[i].html)
            ));
        }
        out.push_str("  </entry>\n");
    }
    out.push_str("</feed>\n");
    out
}
