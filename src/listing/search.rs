//! The search page of each language: every page in search by section (what it shows without
//! script), and both languages' index manifests for `search.js`.

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::output::OutputFile;
use crate::render::{extend, Alternate, Translation};

use super::Lists;

#[derive(Serialize)]
struct SearchParts<'a> {
    /// Every page in search, by section (then the stand-alone pages): the page without script.
    groups: Vec<SearchGroup<'a>>,
    /// The manifests of this language's index and the other's, as one JSON object by language
    /// (`</` written `<\/`: it is a data block in the page).
    manifests: String,
    alternates: [Alternate; 2],
    translation: Translation<'a>,
}

#[derive(Serialize)]
struct SearchGroup<'a> {
    /// The section's label; `None` for the stand-alone pages.
    label: Option<&'a str>,
    pages: Vec<tera::Value>,
}

impl Lists<'_> {
    /// `lang`'s search page, which carries `manifests` (both languages' index manifests, a JSON
    /// object by language code).
    pub fn search_page(&self, lang: Lang, manifests: &str) -> Result<OutputFile, Diagnostic> {
        let site = self.site;
        let config = &site.config;
        let templates = self.templates;
        let urls = &config.urls;
        let path = urls.search(lang);
        let (alternates, translation) = self.pair(lang, &path, &urls.search(lang.other()));
        let lists = &self.langs[lang.index()];
        let in_search = |idx: &[usize]| -> Vec<tera::Value> {
            idx.iter()
                .filter(|&&i| site.pages[i].front.search)
                .map(|&i| self.records[i].clone())
                .collect()
        };
        let mut groups: Vec<SearchGroup> = config
            .sections
            .iter()
            .map(|(name, s)| SearchGroup {
                label: Some(&s.label[&lang]),
                pages: in_search(&lists.sections[name]),
            })
            .collect();
        groups.push(SearchGroup {
            label: None,
            pages: in_search(&site.standalone_pages_of(lang)),
        });
        groups.retain(|g| !g.pages.is_empty());
        let parts = SearchParts {
            groups,
            manifests: manifests.replace("</", "<\\/"),
            alternates,
            translation,
        };
        let ctx = extend(&self.bases[lang.index()], &parts);
        templates.render_file("search.html", &ctx, "the search page", urls.file_of(&path))
    }
}
