//! Stage 4b — what templates see, and a page's two files. Every template context is a typed
//! struct serialized into Tera's values, so a field a template relies on cannot be misspelt here;
//! each page's `index.html` is `page.html` rendered onto its language's [`base`] context, and its
//! `index.md` twin is the page in the reference page's own form.

use serde::Serialize;

use crate::content::slugify;
use crate::diagnostic::{Diagnostic, Source};
use crate::i18n::Lang;
use crate::markdown::Rendered;
use crate::output::OutputFile;
use crate::site::Site;
use crate::templates::{Strings, Templates};
use crate::urls::twin;

/// What every template of a language sees: `lang`, `site`, `t` (the UI strings), `other` (the
/// other language), `live_reload`, and empty `alternates`, `translation` and `share` that pages
/// and lists fill in.
#[derive(Serialize)]
pub struct Base<'a> {
    /// The language.
    pub lang: Lang,
    /// The site in this language.
    pub site: SiteInfo<'a>,
    /// UI strings of this language.
    pub t: &'a Strings,
    /// The other language.
    pub other: OtherLanguage,
    /// Include the preview's live-reload script.
    pub live_reload: bool,
    /// hreflang alternates of the page being rendered.
    pub alternates: Vec<Alternate>,
    /// The page's translation, if any.
    pub translation: Option<Translation<'a>>,
    /// The sharing metadata of the page being rendered (see [`crate::share`]).
    pub share: Option<crate::share::Share<'a>>,
}

/// `site`: the site's identity and menu in one language.
#[derive(Serialize)]
pub struct SiteInfo<'a> {
    /// Title in this language.
    pub title: &'a str,
    /// One-line description in this language.
    pub description: &'a str,
    /// Absolute URL of the site, without a trailing slash.
    pub base_url: &'a str,
    /// The site's base path, to put before a template's own links: `/`, or `/notes/` for a site
    /// at `https://user.github.io/notes` (`href="{{ site.root }}style.css"`).
    pub root: &'a str,
    /// This language's home.
    pub home: String,
    /// This language's Atom feed.
    pub feed: String,
    /// The sections, in `sade.yaml`'s order.
    pub sections: Vec<SectionLink<'a>>,
    /// The stand-alone pages of this language (no section: About, Contact), by `weight`, then
    /// title: the menu links them after the sections.
    pub pages: Vec<MenuLink<'a>>,
    /// This language's search page (`None` when `sade.yaml` says `search: false`).
    pub search: Option<String>,
    /// The header's search form: `search_form.html` rendered once for the language (it is the
    /// same on every page), or `""` with no search.
    pub search_form: String,
}

/// A page to link to: a stand-alone page in the menu, or a page's previous or next.
#[derive(Serialize)]
pub struct MenuLink<'a> {
    /// Its title.
    pub title: &'a str,
    /// Its URL path.
    pub url: &'a str,
}

/// A section in the menu.
#[derive(Serialize)]
pub struct SectionLink<'a> {
    /// Its name in `sade.yaml`.
    pub name: &'a str,
    /// Its label in this language.
    pub label: &'a str,
    /// Its list.
    pub url: String,
}

/// `other`: the other language and its home.
#[derive(Serialize)]
pub struct OtherLanguage {
    /// Its code.
    pub lang: Lang,
    /// Its own name.
    pub name: &'static str,
    /// Its home.
    pub home: String,
}

/// An hreflang alternate: a language (or `x-default`) and an absolute URL.
#[derive(Serialize)]
pub struct Alternate {
    /// `tr`, `en`.
    pub lang: &'static str,
    /// Absolute URL.
    pub url: String,
}

/// `translation`: the same page in the other language.
#[derive(Serialize)]
pub struct Translation<'a> {
    /// Its language.
    pub lang: Lang,
    /// The language's own name.
    pub name: &'static str,
    /// Its URL path.
    pub url: String,
    /// Its title (pages only; a list's translation is the list).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'a str>,
}

/// The base context of every page and list of `lang`; an error when `search_form.html` does not
/// render.
pub fn base(
    site: &Site,
    templates: &Templates,
    lang: Lang,
    live_reload: bool,
) -> Result<tera::Context, Diagnostic> {
    let config = &site.config;
    let urls = &config.urls;
    let mut base = Base {
        lang,
        site: SiteInfo {
            title: config.title(lang),
            description: &config.languages[&lang].description,
            base_url: &config.base_url,
            root: urls.root(),
            home: urls.home(lang),
            feed: urls.feed(lang),
            sections: config
                .sections
                .iter()
                .map(|(name, s)| SectionLink {
                    name,
                    label: &s.label[&lang],
                    url: urls.section(lang, &s.path),
                })
                .collect(),
            pages: site
                .standalone_pages_of(lang)
                .into_iter()
                .map(|i| MenuLink {
                    title: &site.pages[i].front.title,
                    url: &site.pages[i].path,
                })
                .collect(),
            search: config.search.then(|| urls.search(lang)),
            search_form: String::new(),
        },
        t: templates.strings(lang),
        other: OtherLanguage {
            lang: lang.other(),
            name: lang.other().native_name(),
            home: urls.home(lang.other()),
        },
        live_reload,
        alternates: Vec::new(),
        translation: None,
        share: None,
    };
    if config.search {
        let ctx = tera::Context::from_serialize(&base).unwrap_or_default();
        base.site.search_form = templates.render_string(SEARCH_FORM, &ctx).map_err(|e| {
            e.with_help(format!(
                "while rendering the search form in {}",
                lang.native_name()
            ))
        })?;
    }
    Ok(tera::Context::from_serialize(&base).unwrap_or_default())
}

/// The template of the header's search form ([`SiteInfo::search_form`]).
const SEARCH_FORM: &str = "search_form.html";

/// `base` with the fields of `parts` added (a typed struct: its field names are the keys).
pub fn extend<T: Serialize>(base: &tera::Context, parts: &T) -> tera::Context {
    let mut ctx = base.clone();
    if let Ok(more) = tera::Context::from_serialize(parts) {
        ctx.extend(more);
    }
    ctx
}

/// What `page.html` sees on top of the base context.
#[derive(Serialize)]
struct PageContext<'a> {
    page: PageData<'a>,
    translation: Option<Translation<'a>>,
    alternates: Vec<Alternate>,
    share: crate::share::Share<'a>,
}

/// `page`: a page's front matter, URLs, headings and rendered body.
#[derive(Serialize)]
pub struct PageData<'a> {
    /// Title.
    pub title: &'a str,
    /// One-sentence summary.
    pub description: &'a str,
    /// Author.
    pub author: &'a str,
    /// Language.
    pub lang: Lang,
    /// URL path.
    pub url: &'a str,
    /// Absolute URL.
    pub permalink: String,
    /// URL path of the markdown twin.
    pub markdown_url: String,
    /// `2026-06-17`; none on a stand-alone page without a date.
    pub published: Option<String>,
    /// `17 Haziran 2026` / `June 17, 2026`.
    pub published_long: Option<String>,
    /// Last update, `YYYY-MM-DD` (`published` unless set).
    pub updated: Option<String>,
    /// Last update, long form.
    pub updated_long: Option<String>,
    /// Section name; none on a stand-alone page.
    pub section: Option<&'a str>,
    /// Section label in the page's language.
    pub section_label: Option<&'a str>,
    /// The section's list.
    pub section_url: Option<String>,
    /// Tags with their lists.
    pub tags: Vec<TagLink<'a>>,
    /// Left out of builds without `--drafts`.
    pub draft: bool,
    /// Headings in order.
    pub headings: Vec<HeadingData<'a>>,
    /// The contents to show, as HTML: a list of its headings of level 2, each with the level-3
    /// ones under it; empty when the page shows none (see [`crate::aids::contents`]).
    pub toc: String,
    /// Words of its text.
    pub words: usize,
    /// Minutes to read it, at least one.
    pub reading_minutes: usize,
    /// The same in words: the UI string `reading_time` with `{n}` filled in ("5 min read").
    pub reading_time: String,
    /// The page of its section published before it; none on a stand-alone page.
    pub previous: Option<MenuLink<'a>>,
    /// The page published after it.
    pub next: Option<MenuLink<'a>>,
    /// The series it is a part of.
    pub series: Option<SeriesData<'a>>,
    /// The rendered body (HTML; templates write it with `| safe`).
    pub content: &'a str,
}

/// `page.series`: the series a page is a part of.
#[derive(Serialize)]
pub struct SeriesData<'a> {
    /// Its name.
    pub name: &'a str,
    /// Which part this page is, from 1.
    pub part: usize,
    /// How many parts it has.
    pub total: usize,
    /// Its parts in order.
    pub parts: Vec<SeriesPart<'a>>,
}

/// A part of a series.
#[derive(Serialize)]
pub struct SeriesPart<'a> {
    /// Its title.
    pub title: &'a str,
    /// Its URL path.
    pub url: &'a str,
    /// Whether it is the page being rendered.
    pub current: bool,
}

/// A tag of a page and its list.
#[derive(Serialize)]
pub struct TagLink<'a> {
    /// As written.
    pub name: &'a str,
    /// Its list in the page's language.
    pub url: String,
}

/// A heading of a page.
#[derive(Serialize)]
pub struct HeadingData<'a> {
    /// 1..=6.
    pub level: u8,
    /// Its anchor.
    pub id: &'a str,
    /// Its plain text.
    pub text: &'a str,
}

impl<'a> PageData<'a> {
    /// Page `i` of `site` with the rendered `body`; `strings` are its language's UI strings.
    pub fn of(site: &'a Site, i: usize, body: &'a Rendered, strings: &Strings) -> PageData<'a> {
        let page = &site.pages[i];
        let lang = page.lang;
        let f = &page.front;
        let section = f.section.as_ref().map(|s| &site.config.sections[s]);
        let urls = &site.config.urls;
        let links = site.links.pages[i];
        let minutes = crate::aids::reading_minutes(body.words, lang);
        let link = |j: usize| MenuLink {
            title: &site.pages[j].front.title,
            url: &site.pages[j].path,
        };
        let series = links.series.map(|s| {
            let series = &site.links.series[s];
            SeriesData {
                name: &series.name,
                part: series
                    .parts
                    .iter()
                    .position(|&j| j == i)
                    .map_or(0, |k| k + 1),
                total: series.parts.len(),
                parts: series
                    .parts
                    .iter()
                    .map(|&j| SeriesPart {
                        title: &site.pages[j].front.title,
                        url: &site.pages[j].path,
                        current: j == i,
                    })
                    .collect(),
            }
        });
        PageData {
            title: &f.title,
            description: &f.description,
            author: &f.author,
            lang,
            url: &page.path,
            permalink: page.permalink(&site.config),
            markdown_url: twin(&page.path),
            published: f.published.map(|d| d.iso()),
            published_long: f.published.map(|d| d.long(lang)),
            updated: f.updated.map(|d| d.iso()),
            updated_long: f.updated.map(|d| d.long(lang)),
            section: f.section.as_deref(),
            section_label: section.map(|s| s.label[&lang].as_str()),
            section_url: section.map(|s| urls.section(lang, &s.path)),
            tags: f
                .tags
                .iter()
                .map(|t| TagLink {
                    name: t,
                    url: urls.tag(lang, &slugify(t)),
                })
                .collect(),
            draft: f.draft,
            headings: body
                .headings
                .iter()
                .map(|h| HeadingData {
                    level: h.level,
                    id: &h.id,
                    text: &h.text,
                })
                .collect(),
            toc: crate::aids::contents(&body.headings, f.toc),
            words: body.words,
            reading_minutes: minutes,
            reading_time: strings.get("reading_time").map_or_else(String::new, |t| {
                crate::i18n::fill(t, &[("n", itoa::Buffer::new().format(minutes))])
            }),
            previous: links.previous.map(link),
            next: links.next.map(link),
            series,
            content: &body.html,
        }
    }
}

/// Renders page `i` with its rendered `body` onto `base`, its language's [`base`] context: its
/// `index.html` and its `index.md` twin. `source` is the page's text, for errors.
pub fn page(
    site: &Site,
    templates: &Templates,
    i: usize,
    source: &Source,
    body: &Rendered,
    base: &tera::Context,
) -> Result<[OutputFile; 2], Diagnostic> {
    let page = &site.pages[i];
    let mut alternates = vec![(page.lang.code(), page.permalink(&site.config))];
    let translation = site.translations[i].map(|t| {
        let other = &site.pages[t];
        alternates.push((other.lang.code(), other.permalink(&site.config)));
        Translation {
            lang: other.lang,
            name: other.lang.native_name(),
            url: other.path.clone(),
            title: Some(&other.front.title),
        }
    });
    alternates.sort();
    let ctx = extend(
        base,
        &PageContext {
            page: PageData::of(site, i, body, templates.strings(page.lang)),
            translation,
            alternates: alternates
                .into_iter()
                .map(|(lang, url)| Alternate { lang, url })
                .collect(),
            share: crate::share::page(site, i),
        },
    );
    let urls = &site.config.urls;
    let html_path = urls.file_of(&page.path);
    // The page is named only if rendering fails.
    let what = source.path.display();
    let html = templates.render_file("page.html", &ctx, &what, html_path);
    // An error Tera located stays in the template (a help line names the page).
    let html = html.map_err(|d| match d.position() {
        Some(_) => d,
        None => d.at(source, 0..3, "while rendering this page"),
    })?;
    let twin_path = urls.file_of(&twin(&page.path));
    Ok([
        html,
        OutputFile::text(twin_path, markdown_twin(site, i, body)),
    ])
}

/// The page in the reference page's own form: front matter (title, description, url, lang,
/// author, published, updated, section, tags — in that order; a stand-alone page leaves out the
/// ones it does not have), then the markdown with every shortcode expanded.
pub fn markdown_twin(site: &Site, i: usize, body: &Rendered) -> String {
    let page = &site.pages[i];
    let f = &page.front;
    let mut out = String::with_capacity(body.markdown.len() + 512);
    // JSON strings are valid YAML double-quoted scalars.
    let quoted = |out: &mut String, key: &str, s: &str| {
        out.push_str(key);
        out.push_str(&serde_json::to_string(s).unwrap_or_default());
        out.push('\n');
    };
    let plain = |out: &mut String, key: &str, s: &str| {
        out.push_str(key);
        out.push_str(s);
        out.push('\n');
    };
    out.push_str("---\n");
    quoted(&mut out, "title: ", &f.title);
    quoted(&mut out, "description: ", &f.description);
    plain(&mut out, "url: ", &page.permalink(&site.config));
    plain(&mut out, "lang: ", page.lang.code());
    quoted(&mut out, "author: ", &f.author);
    // A stand-alone page has no section, and may have no dates: those keys are left out.
    if let Some(d) = f.published {
        plain(&mut out, "published: ", &d.iso());
    }
    if let Some(d) = f.updated {
        plain(&mut out, "updated: ", &d.iso());
    }
    if let Some(s) = &f.section {
        plain(&mut out, "section: ", s);
    }
    out.push_str("tags: [");
    for (n, t) in f.tags.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(&serde_json::to_string(t).unwrap_or_default());
    }
    out.push_str("]\n---\n\n# ");
    out.push_str(&f.title);
    out.push_str("\n\n");
    if !f.description.is_empty() {
        out.push_str("> ");
        out.push_str(&f.description);
        out.push_str("\n\n");
    }
    let mut body = body.markdown.as_str();
    while let Some(rest) = body
        .strip_prefix('\n')
        .or_else(|| body.strip_prefix("\r\n"))
    {
        body = rest;
    }
    // The `memchr` crate searches with vector instructions; `str::contains` goes a word at a time.
    if memchr::memchr(b'\r', body.as_bytes()).is_some() {
        out.push_str(&body.replace("\r\n", "\n"));
    } else {
        out.push_str(body);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}
