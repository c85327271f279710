//! The output plan: every file a site makes, as typed [`Output`]s, decided from front matter and
//! the `static/` folder before anything is rendered. The build renders a plan; the preview
//! compares the plan before an edit with the plan after it to know what to render again and what
//! to remove.

use std::collections::{BTreeMap, BTreeSet};

use crate::config::Config;
use crate::content::slugify;
use crate::i18n::Lang;
use crate::site::Site;
use crate::urls::twin;

/// A list that runs over as many pages as its entries need.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Paged {
    /// A section's, by its name in `sade.yaml`.
    Section(String),
    /// A tag's, by the tag's slug.
    Tag(String),
}

impl Paged {
    /// The URL path of its first page in `lang`: `/tr/blog/`, `/tr/tags/SLUG/`.
    pub fn path(&self, config: &Config, lang: Lang) -> String {
        match self {
            Paged::Section(name) => config.urls.section(lang, &config.sections[name].path),
            Paged::Tag(slug) => config.urls.tag(lang, slug),
        }
    }

    /// Its entries per page.
    pub fn per_page(&self, config: &Config) -> usize {
        match self {
            Paged::Section(name) => config.section_per_page(name),
            Paged::Tag(_) => config.paginate,
        }
    }
}

/// How many pages a list of `entries` takes at `per_page` a page: one at least (an empty list
/// still has its page).
pub fn page_count(entries: usize, per_page: usize) -> usize {
    entries.div_ceil(per_page.max(1)).max(1)
}

/// One output of the site, and so how it is rendered.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Output {
    /// Page `i` of [`Site::pages`]: its `index.html` (through `page.html`), its `index.md`
    /// and its social card (`card.png`, unless it names its own `image` or cards are off).
    Page(usize),
    /// A language's home (`home.html`).
    Home(Lang),
    /// Page `n` (from 1) of a section's list (`list.html`), by the section's name in
    /// `sade.yaml`.
    Section(Lang, String, usize),
    /// Page `n` (from 1) of one tag's list (`tag.html`), by the tag's slug.
    Tag(Lang, String, usize),
    /// `/LANG/…/page/1/` of a list of more than one page: a redirect to the list.
    FirstPage(Lang, Paged),
    /// A language's tag index (`tags.html`).
    Tags(Lang),
    /// A language's Atom feed (it carries the newest pages' bodies).
    Feed(Lang),
    /// A section's Atom feed (`/LANG/SECTION/atom.xml`: titles and descriptions, no bodies).
    SectionFeed(Lang, String),
    /// One tag's Atom feed (`/LANG/tags/TAG/atom.xml`, like a section's).
    TagFeed(Lang, String),
    /// Search: each language's index (its shards, from every page's rendered body) and search
    /// page (`search.html`, which carries both indexes' manifests).
    Search,
    /// `/`: the language chooser (`root.html`).
    Root,
    /// `404.html`, both languages.
    NotFound,
    /// `sitemap.xml` with hreflang alternates.
    Sitemap,
    /// `robots.txt`.
    Robots,
    /// `llms.txt`.
    Llms,
    /// A file of `static/`, by its path there (the same as in the output).
    Static(String),
    /// An old address of page `i` (one of its `aliases`, normalized): a redirect page.
    Alias(usize, String),
    /// `_redirects`, every alias's line (planned when a page has aliases).
    Redirects,
}

/// When an output can be made, by what it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A page: its own rendered body and the templates.
    Page,
    /// Front matter and the templates only: made while the pages render.
    List,
    /// The newest pages' rendered bodies: made after them.
    Feed,
    /// Every page's rendered body: made after them.
    Search,
    /// A file copied as it is.
    Static,
}

impl Output {
    /// What making it needs.
    pub fn kind(&self) -> Kind {
        match self {
            Output::Page(_) => Kind::Page,
            Output::Feed(_) => Kind::Feed,
            Output::Search => Kind::Search,
            Output::Static(_) => Kind::Static,
            _ => Kind::List,
        }
    }

    /// The files it makes, relative to the output folder.
    pub fn paths(&self, site: &Site) -> Vec<String> {
        let urls = &site.config.urls;
        let one = |path: String| vec![urls.file_of(&path)];
        match self {
            Output::Page(i) => {
                let page = &site.pages[*i];
                let path = &page.path;
                let mut files = vec![urls.file_of(path), urls.file_of(&twin(path))];
                if site.config.cards && page.front.image.is_none() {
                    files.push(urls.file_of(&crate::cards::path_of(path)));
                }
                files
            }
            Output::Home(lang) => one(urls.home(*lang)),
            Output::Section(lang, name, n) => {
                one(urls.list_page(&urls.section(*lang, &site.config.sections[name].path), *n))
            }
            Output::Tag(lang, slug, n) => one(urls.list_page(&urls.tag(*lang, slug), *n)),
            Output::FirstPage(lang, list) => {
                one(urls.list_page_one(&list.path(&site.config, *lang)))
            }
            Output::SectionFeed(lang, name) => {
                one(urls.list_feed(&urls.section(*lang, &site.config.sections[name].path)))
            }
            Output::TagFeed(lang, slug) => one(urls.list_feed(&urls.tag(*lang, slug))),
            Output::Tags(lang) => one(urls.tags(*lang)),
            Output::Feed(lang) => one(urls.feed(*lang)),
            Output::Search => Lang::ALL
                .iter()
                .map(|&lang| urls.file_of(&urls.search(lang)))
                .chain(site.search_files.iter().flatten().cloned())
                .collect(),
            Output::Root => vec!["index.html".into()],
            Output::NotFound => vec!["404.html".into()],
            Output::Sitemap => vec!["sitemap.xml".into()],
            Output::Robots => vec!["robots.txt".into()],
            Output::Llms => vec!["llms.txt".into()],
            Output::Static(path) => vec![path.clone()],
            Output::Alias(_, alias) => vec![urls.file_of(&urls.rooted(alias))],
            Output::Redirects => vec!["_redirects".into()],
        }
    }
}

/// Every output of a site, pages first, then the lists, the feeds and the static files.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan(pub Vec<Output>);

impl Plan {
    /// The plan of `site`, whose `static/` folder holds `statics` (output paths).
    pub fn of(site: &Site, statics: Vec<String>) -> Plan {
        let config = &site.config;
        let mut out: Vec<Output> = (0..site.pages.len()).map(Output::Page).collect();
        for lang in Lang::ALL {
            out.push(Output::Home(lang));
            // Entries of each list, counted as the lists are made (a page with one tag written
            // twice is listed once).
            let mut sections: BTreeMap<&str, usize> =
                config.sections.keys().map(|n| (n.as_str(), 0)).collect();
            let mut tags: BTreeMap<String, (usize, usize)> = BTreeMap::new();
            for (i, page) in site.pages.iter().enumerate() {
                if page.lang != lang {
                    continue;
                }
                let section = page.front.section.as_deref();
                if let Some(n) = section.and_then(|s| sections.get_mut(s)) {
                    *n += 1;
                }
                for t in &page.front.tags {
                    let (n, last) = tags.entry(slugify(t)).or_insert((0, usize::MAX));
                    if *last != i {
                        (*n, *last) = (*n + 1, i);
                    }
                }
            }
            for (name, entries) in sections {
                let pages = page_count(entries, config.section_per_page(name));
                let list = Paged::Section(name.to_string());
                out.extend((1..=pages).map(|n| Output::Section(lang, name.to_string(), n)));
                if pages > 1 {
                    out.push(Output::FirstPage(lang, list));
                }
                out.push(Output::SectionFeed(lang, name.to_string()));
            }
            for (slug, (entries, _)) in tags {
                out.push(Output::TagFeed(lang, slug.clone()));
                let pages = page_count(entries, config.paginate);
                out.extend((1..=pages).map(|n| Output::Tag(lang, slug.clone(), n)));
                if pages > 1 {
                    out.push(Output::FirstPage(lang, Paged::Tag(slug)));
                }
            }
            out.push(Output::Tags(lang));
        }
        out.extend([
            Output::Root,
            Output::NotFound,
            Output::Sitemap,
            Output::Robots,
            Output::Llms,
        ]);
        let aliases = site.pages.iter().enumerate().flat_map(|(i, p)| {
            (p.front.aliases.iter()).map(move |a| Output::Alias(i, a.path.clone()))
        });
        let before = out.len();
        out.extend(aliases);
        if out.len() > before {
            out.push(Output::Redirects);
        }
        out.extend(Lang::ALL.map(Output::Feed));
        if site.config.search {
            out.push(Output::Search);
        }
        out.extend(statics.into_iter().map(Output::Static));
        Plan(out)
    }

    /// The outputs of one kind, in plan order.
    pub fn of_kind(&self, kind: Kind) -> impl Iterator<Item = &Output> {
        self.0.iter().filter(move |o| o.kind() == kind)
    }

    /// The outputs of this plan that `other` does not have.
    pub fn missing_from<'a>(&'a self, other: &Plan) -> Vec<&'a Output> {
        let theirs: BTreeSet<&Output> = other.0.iter().collect();
        self.0.iter().filter(|o| !theirs.contains(o)).collect()
    }
}
