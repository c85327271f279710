//! The pages of a section's or a tag's list (`list.html`, `tag.html`): each shows its slice of
//! the list's entries, sorted once for all of them, with its [`Pager`]; and the redirect at a
//! long list's `page/1/`.

use serde::Serialize;

use super::pager::{self, Pager};
use super::Lists;
use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::output::OutputFile;
use crate::plan::{page_count, Paged};
use crate::redirects;
use crate::render::{extend, Alternate, Translation};
use crate::share::{self, Share};

#[derive(Serialize)]
struct ListParts<'a> {
    title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<&'a str>,
    /// The list's own Atom feed (one for all its pages).
    feed: String,
    /// This page's entries.
    pages: Vec<tera::Value>,
    /// Where this page is among the list's pages (none for a list of one page).
    #[serde(skip_serializing_if = "Option::is_none")]
    pager: Option<Pager>,
    /// This page and its counterpart in the other language, when it has one.
    alternates: Vec<Alternate>,
    translation: Translation<'a>,
    share: Share<'a>,
}

/// A list of one language, as its pages show it.
pub(super) struct Listing<'l> {
    /// Its first page's URL path.
    pub(super) path: String,
    /// Its entries, newest first: each page shows a slice of them, never sorted again.
    pub(super) idx: &'l [usize],
    pub(super) per_page: usize,
}

impl Listing<'_> {
    /// How many pages it takes.
    pub(super) fn pages(&self) -> usize {
        page_count(self.idx.len(), self.per_page)
    }
}

impl<'a> Lists<'a> {
    /// The list `list` of `lang`; `None` for a tag no page of `lang` has.
    pub(super) fn listing(&self, lang: Lang, list: &Paged) -> Option<Listing<'_>> {
        let config = &self.site.config;
        let lists = &self.langs[lang.index()];
        let idx = match list {
            Paged::Section(name) => lists.sections.get(name)?,
            Paged::Tag(slug) => &lists.tags.get(slug)?.pages,
        };
        Some(Listing {
            path: list.path(config, lang),
            idx,
            per_page: list.per_page(config),
        })
    }

    /// Page `n` (from 1) of the list `list` of `lang`.
    pub(super) fn list_page(
        &self,
        lang: Lang,
        list: &Paged,
        n: usize,
    ) -> Result<OutputFile, Diagnostic> {
        let config = &self.site.config;
        let urls = &config.urls;
        let what = match list {
            Paged::Section(name) => format!("section {name}"),
            Paged::Tag(slug) => format!("tag {slug}"),
        };
        let Some(listing) = self.listing(lang, list) else {
            return Err(Diagnostic::error(format!("no {lang} page has the {what}")));
        };
        let total = listing.pages();
        if n == 0 || n > total {
            return Err(Diagnostic::error(format!(
                "the {lang} list of {what} has {total} page(s), not a page {n}"
            )));
        }
        let path = urls.list_page(&listing.path, n);
        let other = lang.other();
        let counterpart = self.listing(other, list);
        let twin = (counterpart.as_ref())
            .filter(|l| n <= l.pages())
            .map(|l| urls.list_page(&l.path, n));
        let mut alternates = vec![Alternate {
            lang: lang.code(),
            url: urls.absolute(&path),
        }];
        if let Some(twin) = &twin {
            alternates.push(Alternate {
                lang: other.code(),
                url: urls.absolute(twin),
            });
        }
        // Without a counterpart of this page, the other language's list (or its tag index).
        let other_path = twin
            .or_else(|| counterpart.map(|l| l.path))
            .unwrap_or_else(|| urls.tags(other));
        let translation = Translation {
            lang: other,
            name: other.native_name(),
            url: other_path,
            title: None,
        };
        let strings = self.templates.strings(lang);
        let page_n = strings.get("page_n").map_or("{n}", String::as_str);
        let label = |k: usize| page_n.replace("{n}", &k.to_string());
        let pager = (total > 1).then(|| Pager::new(urls, &listing.path, n, total, label));
        let (title, tag, template, mut between) = match list {
            Paged::Section(name) => {
                let label = &*config.sections[name].label[&lang];
                (label, None, "list.html", Vec::new())
            }
            Paged::Tag(slug) => {
                let name = &*self.langs[lang.index()].tags[slug].name;
                let tags = vec![(self.tags_title(lang), urls.tags(lang))];
                (name, Some(name), "tag.html", tags)
            }
        };
        // A later page is titled "Blog · Page 2", and its trail goes through the first.
        let heading = match pager.as_ref().and_then(|p| p.label.as_deref()) {
            Some(label) => {
                between.push((title, listing.path.clone()));
                format!("{title} · {label}")
            }
            None => title.to_string(),
        };
        let range = pager::entries(listing.idx.len(), listing.per_page, n);
        let parts = ListParts {
            title,
            tag,
            feed: urls.list_feed(&listing.path),
            pages: self.records(&listing.idx[range]),
            pager,
            alternates,
            translation,
            share: share::list(config, lang, &heading, &path, between),
        };
        let ctx = extend(&self.bases[lang.index()], &parts);
        let what = match n {
            1 => what,
            n => format!("page {n} of {what}"),
        };
        self.templates
            .render_file(template, &ctx, &what, urls.file_of(&path))
    }

    /// `…/page/1/` of the list `list` of `lang`: a redirect to the list.
    pub(super) fn first_page(&self, lang: Lang, list: &Paged) -> Result<OutputFile, Diagnostic> {
        let config = &self.site.config;
        let urls = &config.urls;
        let path = list.path(config, lang);
        let title = match list {
            Paged::Section(name) => config.sections[name].label[&lang].clone(),
            Paged::Tag(slug) => match self.langs[lang.index()].tags.get(slug) {
                Some(tag) => format!("#{}", tag.name),
                None => {
                    return Err(Diagnostic::error(format!(
                        "no {lang} page has the tag `{slug}`"
                    )))
                }
            },
        };
        let from = urls.list_page_one(&path);
        let redirect = redirects::Redirect {
            title: &title,
            url: &path,
            permalink: urls.absolute(&path),
            from: from.clone(),
        };
        let what = format!("the redirect at {from}");
        redirects::render(
            self.templates,
            self.bases,
            lang,
            redirect,
            &what,
            urls.file_of(&from),
        )
    }
}
