//! The output plan: every file a site makes, as typed [`Output`]s, decided from front matter and
//! the `static/` folder before anything is rendered. The build renders a plan; the preview
//! compares the plan before an edit with the plan after it to know what to render again and what
//! to remove.

use std::collections::BTreeSet;

use crate::content::slugify;
use crate::i18n::Lang;
use crate::site::Site;
use crate::urls::twin;

/// One output of the site, and so how it is rendered.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Output {
    /// Page `i` of [`Site::pages`]: its `index.html` (through `page.html`), its `index.md`
    /// and its social card (`card.png`, unless it names its own `image` or cards are off).
    Page(usize),
    /// A language's home (`home.html`).
    Home(Lang),
    /// A section's list (`list.html`), by the section's name in `sade.yaml`.
    Section(Lang, String),
    /// One tag's list (`tag.html`), by the tag's slug.
    Tag(Lang, String),
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
            Output::Section(lang, name) => {
                one(urls.section(*lang, &site.config.sections[name].path))
            }
            Output::Tag(lang, slug) => one(urls.tag(*lang, slug)),
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
        let mut out: Vec<Output> = (0..site.pages.len()).map(Output::Page).collect();
        for lang in Lang::ALL {
            out.push(Output::Home(lang));
            for name in site.config.sections.keys() {
                out.push(Output::Section(lang, name.clone()));
                out.push(Output::SectionFeed(lang, name.clone()));
            }
            let slugs: BTreeSet<String> = site
                .pages
                .iter()
                .filter(|p| p.lang == lang)
                .flat_map(|p| p.front.tags.iter().map(|t| slugify(t)))
                .collect();
            for slug in slugs {
                out.push(Output::TagFeed(lang, slug.clone()));
                out.push(Output::Tag(lang, slug));
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
