//! The site as data: the configuration, every page with its translation, and each page's rendered
//! body once the pipeline has made it. Every stage after loading reads it; only the pipeline and
//! the preview's rebuilds change it.

use std::path::Path;

use crate::aids::Links;
use crate::config::Config;
use crate::content::Page;
use crate::i18n::Lang;
use crate::markdown::Rendered;

/// Everything loaded, and what has been rendered of it.
pub struct Site {
    /// `sade.yaml`.
    pub config: Config,
    /// Pages in path order (drafts left out unless asked for).
    pub pages: Vec<Page>,
    /// For each page, the index of its translation.
    pub translations: Vec<Option<usize>>,
    /// Each page's previous and next pages in its section and its series (from front matter:
    /// made again with [`Links::of`] whenever `pages` change).
    pub links: Links,
    /// For each page, its rendered body (empty until rendered; let go after writing, except
    /// where a feed or the preview needs it).
    pub rendered: Vec<Rendered>,
    /// Drafts that were left out.
    pub drafts_skipped: Vec<Page>,
    /// Pages published after the build's day, left out (without `--future`).
    pub future_skipped: Vec<Page>,
    /// For each page, its share of the search index (once rendered; `None` for a page left out
    /// of search, or when the site has none).
    pub search: Vec<Option<crate::search::Doc>>,
    /// Each language's search shards as last made (beside its manifest), by output path.
    pub search_files: [Vec<String>; 2],
}

impl Site {
    /// The pages of `lang` in a section, newest first: what a feed shows.
    pub fn section_pages_of(&self, lang: Lang) -> Vec<usize> {
        let mut v = self.pages_of(lang);
        v.retain(|&i| self.pages[i].front.section.is_some());
        v
    }

    /// The stand-alone pages of `lang` (no section), by weight, then title: the menu's.
    pub fn standalone_pages_of(&self, lang: Lang) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.pages.len())
            .filter(|&i| self.pages[i].lang == lang && self.pages[i].front.section.is_none())
            .collect();
        v.sort_by(|&a, &b| {
            let (pa, pb) = (&self.pages[a].front, &self.pages[b].front);
            pa.weight.cmp(&pb.weight).then(pa.title.cmp(&pb.title))
        });
        v
    }

    /// The pages of `lang`, newest first (then by weight and title; pages without a date last),
    /// as indices.
    pub fn pages_of(&self, lang: Lang) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.pages.len())
            .filter(|&i| self.pages[i].lang == lang)
            .collect();
        v.sort_by(|&a, &b| crate::aids::newest_first(&self.pages[a].front, &self.pages[b].front));
        v
    }

    /// Reads back the texts a build let go after rendering (see [`crate::pipeline::Pipeline`]),
    /// so diagnostics can quote them. A file whose length changed since it was read is left
    /// empty: its diagnostics then name the file without quoting it. (An edit that keeps the
    /// length is quoted as the file is now; `Source::clamp` keeps any span inside the text.)
    pub fn reload_sources(&mut self, root: &Path) {
        for page in &mut self.pages {
            if !page.source.text.is_empty() {
                continue;
            }
            if let Ok(text) = crate::content::read_text(&root.join(&page.source.path)) {
                if text.len() == page.body.end && text.is_char_boundary(page.body.start) {
                    page.source.text = text.into();
                }
            }
        }
    }
}
