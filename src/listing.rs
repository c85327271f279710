//! Stage 5b — the site-wide outputs of a [`Plan`](crate::plan::Plan): per-language home, section
//! lists and tag pages over as many pages as they need (paged.rs, pager.rs), the tag index, the
//! `/` language chooser, `404.html`, `sitemap.xml` with hreflang alternates (sitemap.rs), Atom
//! feeds (per language, section and tag; feeds.rs), `robots.txt` and `llms.txt`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::content::slugify;
use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::output::OutputFile;
use crate::plan::{Output, Paged};
use crate::redirects;
use crate::render::{extend, Alternate, Translation};
use crate::share::{self, Share};
use crate::site::Site;
use crate::templates::{Strings, Templates};
use crate::urls::twin;

mod feeds;
mod paged;
mod pager;
mod search;
mod sitemap;

pub use feeds::{feed, feed_pages};

/// Entries of each Atom feed: the newest pages, as feed readers expect (the feed carries each
/// page's whole body, so a feed of every page would grow with the site).
pub const FEED_ENTRIES: usize = 20;

/// Pages the home page shows per section (newest first); the section's list has them all.
pub const HOME_ENTRIES: usize = 10;

/// What a list shows of each page: a slim record, since big sites list thousands of pages.
#[derive(Serialize)]
struct Record<'a> {
    title: &'a str,
    description: &'a str,
    url: &'a str,
    /// `None` for a stand-alone page without a date (in a tag list).
    published: Option<String>,
    published_long: Option<String>,
    updated: Option<String>,
    tags: &'a [String],
}

/// A tag of one language: its name as first written (on the newest page) and its pages.
struct TagPages {
    name: String,
    pages: Vec<usize>,
}

/// One language's pages, sorted and grouped for its lists.
struct LangLists {
    /// Newest first.
    pages: Vec<usize>,
    /// By section name, newest first.
    sections: BTreeMap<String, Vec<usize>>,
    /// By slug.
    tags: BTreeMap<String, TagPages>,
}

/// What every list output shares, made once: each page's record (a template value, shared by
/// every list it is in rather than copied) and each language's pages grouped by section and tag.
pub struct Lists<'a> {
    site: &'a Site,
    templates: &'a Templates,
    bases: &'a [tera::Context; 2],
    records: Vec<tera::Value>,
    langs: [LangLists; 2],
}

#[derive(Serialize)]
struct HomeParts<'a> {
    sections: Vec<HomeSection<'a>>,
    title: &'a str,
    alternates: [Alternate; 2],
    translation: Translation<'a>,
    share: Share<'a>,
}

#[derive(Serialize)]
struct HomeSection<'a> {
    name: &'a str,
    label: &'a str,
    url: String,
    pages: Vec<tera::Value>,
    count: usize,
}

#[derive(Serialize)]
struct TagsParts<'a> {
    tags: Vec<TagCount<'a>>,
    title: &'a str,
    alternates: [Alternate; 2],
    translation: Translation<'a>,
    share: Share<'a>,
}

#[derive(Serialize)]
struct TagCount<'a> {
    name: &'a str,
    url: String,
    count: usize,
}

#[derive(Serialize)]
struct ChooserParts<'a> {
    languages: Vec<LanguageEntry<'a>>,
    default_home: String,
    /// `default_home` as an absolute URL (the canonical link of `/`).
    default_home_url: String,
    alternates: Vec<Alternate>,
    strings: BothStrings<'a>,
    share: Share<'a>,
}

#[derive(Serialize)]
struct LanguageEntry<'a> {
    lang: Lang,
    name: &'static str,
    url: String,
    title: &'a str,
    description: &'a str,
}

#[derive(Serialize)]
struct BothStrings<'a> {
    tr: &'a Strings,
    en: &'a Strings,
}

impl<'a> Lists<'a> {
    /// Groups `site`'s pages for the lists and makes every page's record.
    pub fn new(site: &'a Site, templates: &'a Templates, bases: &'a [tera::Context; 2]) -> Self {
        use rayon::prelude::*;
        let records = (0..site.pages.len())
            .into_par_iter()
            .map(|i| {
                let p = &site.pages[i];
                let f = &p.front;
                tera::Value::from_serializable(&Record {
                    title: &f.title,
                    description: &f.description,
                    url: &p.path,
                    published: f.published.map(|d| d.iso()),
                    published_long: f.published.map(|d| d.long(p.lang)),
                    updated: f.updated.map(|d| d.iso()),
                    tags: &f.tags,
                })
            })
            .collect();
        let langs = Lang::ALL.map(|lang| {
            let pages = site.pages_of(lang);
            let mut sections: BTreeMap<String, Vec<usize>> = site
                .config
                .sections
                .keys()
                .map(|name| (name.clone(), Vec::new()))
                .collect();
            let mut tags: BTreeMap<String, TagPages> = BTreeMap::new();
            for &i in &pages {
                let front = &site.pages[i].front;
                if let Some(list) = front.section.as_ref().and_then(|s| sections.get_mut(s)) {
                    list.push(i);
                }
                for t in &front.tags {
                    let tag = tags.entry(slugify(t)).or_insert_with(|| TagPages {
                        name: t.clone(),
                        pages: Vec::new(),
                    });
                    // A page with one tag written twice (`Retry`, `retry`) is listed once.
                    if tag.pages.last() != Some(&i) {
                        tag.pages.push(i);
                    }
                }
            }
            LangLists {
                pages,
                sections,
                tags,
            }
        });
        Lists {
            site,
            templates,
            bases,
            records,
            langs,
        }
    }

    fn records(&self, idx: &[usize]) -> Vec<tera::Value> {
        idx.iter().map(|&i| self.records[i].clone()).collect()
    }

    /// The two alternates and the translation of a list at `path` whose counterpart in the
    /// other language is at `other_path`.
    fn pair(&self, lang: Lang, path: &str, other_path: &str) -> ([Alternate; 2], Translation<'a>) {
        let urls = &self.site.config.urls;
        let other = lang.other();
        (
            [
                Alternate {
                    lang: lang.code(),
                    url: urls.absolute(path),
                },
                Alternate {
                    lang: other.code(),
                    url: urls.absolute(other_path),
                },
            ],
            Translation {
                lang: other,
                name: other.native_name(),
                url: other_path.to_string(),
                title: None,
            },
        )
    }

    /// Renders one site-wide output that needs front matter only (see
    /// [`Kind::List`](crate::plan::Kind::List)); `None` for an output of another kind.
    pub fn render(&self, output: &Output) -> Option<Result<OutputFile, Diagnostic>> {
        let site = self.site;
        let config = &site.config;
        let templates = self.templates;
        let urls = &config.urls;
        let file = |path: &str| urls.file_of(path);
        Some(match output {
            Output::Home(lang) => {
                let lang = *lang;
                let lists = &self.langs[lang.index()];
                let sections = config
                    .sections
                    .iter()
                    .map(|(name, s)| {
                        let idx = &lists.sections[name];
                        HomeSection {
                            name,
                            label: &s.label[&lang],
                            url: urls.section(lang, &s.path),
                            pages: self.records(&idx[..idx.len().min(HOME_ENTRIES)]),
                            count: idx.len(),
                        }
                    })
                    .collect();
                let path = urls.home(lang);
                let (alternates, translation) = self.pair(lang, &path, &urls.home(lang.other()));
                let parts = HomeParts {
                    sections,
                    title: config.title(lang),
                    alternates,
                    translation,
                    share: share::list(config, lang, config.title(lang), &path, Vec::new()),
                };
                let ctx = extend(&self.bases[lang.index()], &parts);
                templates.render_file("home.html", &ctx, "the home page", file(&path))
            }
            Output::Section(lang, name, n) => {
                self.list_page(*lang, &Paged::Section(name.clone()), *n)
            }
            Output::Tag(lang, slug, n) => self.list_page(*lang, &Paged::Tag(slug.clone()), *n),
            Output::FirstPage(lang, list) => self.first_page(*lang, list),
            Output::SectionFeed(lang, name) => {
                let s = &config.sections[name];
                let idx = &self.langs[lang.index()].sections[name];
                let path = urls.section(*lang, &s.path);
                Ok(feeds::list_feed(site, *lang, &path, &s.label[lang], idx))
            }
            Output::TagFeed(lang, slug) => {
                let Some(tag) = self.langs[lang.index()].tags.get(slug) else {
                    return Some(Err(Diagnostic::error(format!(
                        "no {lang} page has the tag `{slug}`"
                    ))));
                };
                let path = urls.tag(*lang, slug);
                let name = format!("#{}", tag.name);
                Ok(feeds::list_feed(site, *lang, &path, &name, &tag.pages))
            }
            Output::Tags(lang) => {
                let lang = *lang;
                let tags = self.langs[lang.index()]
                    .tags
                    .iter()
                    .map(|(slug, t)| TagCount {
                        name: &t.name,
                        url: urls.tag(lang, slug),
                        count: t.pages.len(),
                    })
                    .collect();
                let path = urls.tags(lang);
                let (alternates, translation) = self.pair(lang, &path, &urls.tags(lang.other()));
                let title = self.tags_title(lang);
                let parts = TagsParts {
                    tags,
                    title,
                    alternates,
                    translation,
                    share: share::list(config, lang, title, &path, Vec::new()),
                };
                let ctx = extend(&self.bases[lang.index()], &parts);
                templates.render_file("tags.html", &ctx, "the tag index", file(&path))
            }
            Output::Root => templates.render_file(
                "root.html",
                &self.chooser(),
                "the language chooser",
                "index.html".into(),
            ),
            Output::NotFound => templates.render_file(
                "404.html",
                &self.chooser(),
                "the 404 page",
                "404.html".into(),
            ),
            Output::Sitemap => Ok(OutputFile::text("sitemap.xml", self.sitemap())),
            Output::Robots => Ok(OutputFile::text(
                "robots.txt",
                format!(
                    "User-agent: *\nAllow: /\n\nSitemap: {}\n",
                    urls.absolute(&urls.top("sitemap.xml"))
                ),
            )),
            Output::Llms => Ok(OutputFile::text("llms.txt", self.llms_txt())),
            Output::Alias(i, alias) => redirects::page(site, templates, self.bases, *i, alias),
            Output::Redirects => Ok(redirects::redirects_file(site)),
            Output::Page(_) | Output::Feed(_) | Output::Search | Output::Static(_) => return None,
        })
    }

    /// The tag index's title in `lang`.
    fn tags_title(&self, lang: Lang) -> &'a str {
        let strings = self.templates.strings(lang);
        strings.get("tags").map_or("", String::as_str)
    }

    /// The context of `/` and `404.html`: both languages, in the default language's base.
    fn chooser(&self) -> tera::Context {
        let config = &self.site.config;
        let urls = &config.urls;
        let default_home = urls.home(config.default_language);
        let parts = ChooserParts {
            languages: Lang::ALL
                .iter()
                .map(|&l| LanguageEntry {
                    lang: l,
                    name: l.native_name(),
                    url: urls.home(l),
                    title: config.title(l),
                    description: &config.languages[&l].description,
                })
                .collect(),
            default_home_url: urls.absolute(&default_home),
            default_home,
            alternates: Lang::ALL
                .iter()
                .map(|&l| Alternate {
                    lang: l.code(),
                    url: config.home_url(l),
                })
                .collect(),
            strings: BothStrings {
                tr: self.templates.strings(Lang::Tr),
                en: self.templates.strings(Lang::En),
            },
            share: share::root(config),
        };
        extend(&self.bases[config.default_language.index()], &parts)
    }

    /// `/llms.txt`: the site in the llms.txt convention, linking every page's markdown twin.
    fn llms_txt(&self) -> String {
        let site = self.site;
        let config = &site.config;
        let lang = config.default_language;
        let mut out = format!(
            "# {}\n\n> {}\n\n",
            config.title(lang),
            config.languages[&lang].description
        );
        for l in Lang::ALL {
            out.push_str(&format!("## {}\n\n", l.native_name()));
            for &i in &self.langs[l.index()].pages {
                let p = &site.pages[i];
                out.push_str(&format!(
                    "- [{}]({}): {}\n",
                    p.front.title,
                    config.urls.absolute(&twin(&p.path)),
                    p.front.description
                ));
            }
            out.push('\n');
        }
        out
    }
}
