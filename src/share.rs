//! What a page's head tells link previews and search engines: Open Graph, the Twitter card and
//! JSON-LD (schema.org), as one typed value per page and list (`share` in templates, written by
//! the theme's `share.html`). The JSON-LD is made here with serde_json, never in a template, and
//! escaped so that no text of the site can end the `<script>` element that holds it.

use serde::Serialize;
use serde_json::json;

use crate::config::Config;
use crate::i18n::Lang;
use crate::site::Site;

/// `share`: a page's or a list's sharing metadata.
#[derive(Serialize)]
pub struct Share<'a> {
    /// `og:title`, `twitter:title`: the page's own title (without the site's).
    pub title: &'a str,
    /// `og:description`: the page's description, or the site's when it has none.
    pub description: &'a str,
    /// `og:url`: the canonical URL (absolute).
    pub url: String,
    /// `og:type`: `article` for a page with a `published` date, `website` otherwise.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `og:locale`: `tr_TR` or `en_US`.
    pub locale: &'static str,
    /// `og:locale:alternate`: the translation's locale, when there is one.
    pub locale_alternate: Option<&'static str>,
    /// `og:site_name`: the site's title in the page's language.
    pub site_name: &'a str,
    /// `article:published_time`, `YYYY-MM-DD` (articles only).
    pub published_time: Option<String>,
    /// `article:modified_time` (articles only).
    pub modified_time: Option<String>,
    /// `article:tag`, one per tag (articles only).
    pub tags: &'a [String],
    /// `og:image`: an absolute URL, from the page's `image`, or its card.
    pub image: Option<String>,
    /// `og:image:width`, when known (a card's).
    pub image_width: Option<u32>,
    /// `og:image:height`, when known (a card's).
    pub image_height: Option<u32>,
    /// `og:image:alt`: the page's `image_alt`, or its title.
    pub image_alt: &'a str,
    /// `twitter:card`: `summary_large_image` with an image, `summary` without.
    pub card: &'static str,
    /// The JSON-LD, ready for `<script type="application/ld+json">` (written with `| safe`).
    pub json_ld: String,
}

/// A step of a page's breadcrumb trail.
pub struct Crumb<'a> {
    /// What it is called.
    pub name: &'a str,
    /// Its absolute URL.
    pub url: String,
}

/// `og:locale` of a language.
pub fn locale(lang: Lang) -> &'static str {
    match lang {
        Lang::Tr => "tr_TR",
        Lang::En => "en_US",
    }
}

/// The absolute URL of a page's `image` (an `http(s)` URL as it is, or a path from the site's
/// root, under the base path).
pub fn image_url(config: &Config, image: &str) -> String {
    if image.starts_with("https://") || image.starts_with("http://") {
        image.to_string()
    } else {
        config.urls.absolute(&config.urls.rooted(image))
    }
}

/// `value` as JSON that is safe inside a `<script>` element: `<`, `>` and `&` (and the line and
/// paragraph separators older JavaScript parsers stop at) written as `\u` escapes, which only
/// occur inside JSON strings and read back as the same text.
pub fn script_json<T: Serialize + ?Sized>(value: &T) -> String {
    let text = serde_json::to_string(value).unwrap_or_default();
    // Most text has none of them (0xE2 starts both separators, and other characters).
    if !text.bytes().any(|b| matches!(b, b'<' | b'>' | b'&' | 0xE2)) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// A node of the JSON-LD graph: a page (a `BlogPosting` or a `WebPage`) or its trail. Typed,
/// so that each page's graph is written straight to text (fields in this order).
#[derive(Serialize)]
#[serde(untagged)]
enum Node<'a> {
    Thing(Box<Thing<'a>>),
    Trail(Trail<'a>),
}

/// A page or a list as schema.org sees it.
#[derive(Serialize)]
struct Thing<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "@id")]
    id: &'a str,
    url: &'a str,
    headline: &'a str,
    description: &'a str,
    #[serde(rename = "inLanguage")]
    in_language: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<Typed<'a>>,
    #[serde(rename = "isPartOf")]
    is_part_of: WebSite<'a>,
    #[serde(rename = "mainEntityOfPage", skip_serializing_if = "Option::is_none")]
    main_entity_of_page: Option<Typed<'a>>,
    #[serde(rename = "datePublished", skip_serializing_if = "Option::is_none")]
    date_published: Option<String>,
    #[serde(rename = "dateModified", skip_serializing_if = "Option::is_none")]
    date_modified: Option<String>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    keywords: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<&'a str>,
}

/// `{"@type": …, "name": …}` (a `Person`) or `{"@type": …, "@id": …}` (a `WebPage` by id).
#[derive(Serialize)]
struct Typed<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(rename = "@id", skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
}

/// The site in a language as schema.org's `WebSite`.
#[derive(Serialize)]
struct WebSite<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    name: &'a str,
    url: String,
}

/// The trail as a schema.org `BreadcrumbList`.
#[derive(Serialize)]
struct Trail<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    #[serde(rename = "itemListElement")]
    items: Vec<TrailItem<'a>>,
}

#[derive(Serialize)]
struct TrailItem<'a> {
    #[serde(rename = "@type")]
    kind: &'static str,
    position: usize,
    name: &'a str,
    item: &'a str,
}

#[derive(Serialize)]
struct Graph<'a> {
    #[serde(rename = "@context")]
    context: &'static str,
    #[serde(rename = "@graph")]
    graph: Vec<Node<'a>>,
}

/// The site in `lang` as schema.org's `WebSite`.
fn website(config: &Config, lang: Lang) -> WebSite<'_> {
    WebSite {
        kind: "WebSite",
        name: config.title(lang),
        url: config.home_url(lang),
    }
}

/// `{"@context": …, "@graph": [main, breadcrumbs]}` (no trail for a trail of one step).
fn graph(main: Thing, crumbs: &[Crumb]) -> String {
    let mut nodes = vec![Node::Thing(Box::new(main))];
    if crumbs.len() > 1 {
        nodes.push(Node::Trail(Trail {
            kind: "BreadcrumbList",
            items: crumbs
                .iter()
                .enumerate()
                .map(|(n, c)| TrailItem {
                    kind: "ListItem",
                    position: n + 1,
                    name: c.name,
                    item: &c.url,
                })
                .collect(),
        }));
    }
    script_json(&Graph {
        context: "https://schema.org",
        graph: nodes,
    })
}

/// The sharing metadata of page `i`.
pub fn page(site: &Site, i: usize) -> Share<'_> {
    let page = &site.pages[i];
    let config = &site.config;
    let urls = &config.urls;
    let (lang, f) = (page.lang, &page.front);
    let url = page.permalink(config);
    let description = match f.description.as_str() {
        "" => config.languages[&lang].description.as_str(),
        d => d,
    };
    let card = f.image.is_none() && config.cards;
    let image = match f.image.as_deref() {
        Some(img) => Some(image_url(config, img)),
        None => card.then(|| urls.absolute(&crate::cards::path_of(&page.path))),
    };
    let article = f.published.is_some();
    let mut crumbs = vec![home(config, lang)];
    if let Some(section) = f.section.as_ref().and_then(|s| config.sections.get(s)) {
        crumbs.push(Crumb {
            name: &section.label[&lang],
            url: urls.absolute(&urls.section(lang, &section.path)),
        });
    }
    crumbs.push(Crumb {
        name: &f.title,
        url: url.clone(),
    });
    let main = Thing {
        kind: if article { "BlogPosting" } else { "WebPage" },
        id: &url,
        url: &url,
        headline: &f.title,
        description,
        in_language: lang.code(),
        author: Some(Typed {
            kind: "Person",
            name: Some(&f.author),
            id: None,
        }),
        is_part_of: website(config, lang),
        main_entity_of_page: article.then_some(Typed {
            kind: "WebPage",
            name: None,
            id: Some(&url),
        }),
        date_published: f.published.map(|d| d.iso()),
        date_modified: f.updated.map(|d| d.iso()),
        keywords: &f.tags,
        image: image.as_deref(),
    };
    let json_ld = graph(main, &crumbs);
    Share {
        title: &f.title,
        description,
        kind: if article { "article" } else { "website" },
        locale: locale(lang),
        locale_alternate: site.translations[i].map(|t| locale(site.pages[t].lang)),
        site_name: config.title(lang),
        published_time: f.published.filter(|_| article).map(|d| d.iso()),
        modified_time: f.updated.filter(|_| article).map(|d| d.iso()),
        tags: if article { &f.tags } else { &[] },
        card: if image.is_some() {
            "summary_large_image"
        } else {
            "summary"
        },
        image_alt: f.image_alt.as_deref().unwrap_or(&f.title),
        image,
        image_width: card.then_some(crate::cards::WIDTH),
        image_height: card.then_some(crate::cards::HEIGHT),
        json_ld,
        url,
    }
}

/// The sharing metadata of a list of `lang` (a home, a section, a tag, the tag index) called
/// `title`, at `path`; its trail goes from the home through `between` (names and paths: the tag
/// index, for a tag; the list's first page, for its later pages) to it. Each list has its
/// counterpart in the other language.
pub fn list<'a>(
    config: &'a Config,
    lang: Lang,
    title: &'a str,
    path: &str,
    between: Vec<(&'a str, String)>,
) -> Share<'a> {
    let urls = &config.urls;
    let url = urls.absolute(path);
    let mut crumbs = vec![home(config, lang)];
    if path != urls.home(lang) {
        crumbs.extend(between.into_iter().map(|(name, path)| Crumb {
            name,
            url: urls.absolute(&path),
        }));
        crumbs.push(Crumb {
            name: title,
            url: url.clone(),
        });
    }
    let description = config.languages[&lang].description.as_str();
    let main = Thing {
        kind: "WebPage",
        id: &url,
        url: &url,
        headline: title,
        description,
        in_language: lang.code(),
        author: None,
        is_part_of: website(config, lang),
        main_entity_of_page: None,
        date_published: None,
        date_modified: None,
        keywords: &[],
        image: None,
    };
    let json_ld = graph(main, &crumbs);
    Share {
        title,
        description,
        kind: "website",
        locale: locale(lang),
        locale_alternate: Some(locale(lang.other())),
        site_name: config.title(lang),
        published_time: None,
        modified_time: None,
        tags: &[],
        image: None,
        image_width: None,
        image_height: None,
        image_alt: title,
        card: "summary",
        json_ld,
        url,
    }
}

/// The sharing metadata of `/`, the language chooser: the site in its default language, with
/// the other as the alternate, as schema.org's `WebSite` in both.
pub fn root(config: &Config) -> Share<'_> {
    let lang = config.default_language;
    let urls = &config.urls;
    let url = urls.absolute(urls.root());
    let (title, description) = (config.title(lang), &config.languages[&lang].description);
    let site = json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "@id": url,
        "url": url,
        "name": title,
        "description": description,
        "inLanguage": Lang::ALL.map(Lang::code),
    });
    // A list's metadata (the home's), at `/` and with the site as its JSON-LD.
    let mut share = list(config, lang, title, &urls.home(lang), Vec::new());
    share.url = url;
    share.json_ld = script_json(&site);
    share
}

/// The home of `lang`, the first step of every trail.
pub fn home(config: &Config, lang: Lang) -> Crumb<'_> {
    Crumb {
        name: config.title(lang),
        url: config.home_url(lang),
    }
}

#[cfg(test)]
mod tests {
    use super::script_json;

    #[test]
    fn script_json_cannot_end_its_element() {
        let text = "</script><!-- & \u{2028} \u{2029} ğüşıöç İ \"q\"";
        let out = script_json(&serde_json::json!({ "t": text }));
        assert!(!out.contains('<') && !out.contains('>') && !out.contains('&'));
        assert!(!out.contains('\u{2028}') && !out.contains('\u{2029}'));
        let back: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(back["t"], text);
    }
}
