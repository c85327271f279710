//! A page's old addresses (its `aliases`, read by [`crate::content`]): a small redirect page at
//! each, in the page's language (`redirect.html`: a refresh, the canonical link, `noindex` and a
//! link to follow), and one `_redirects` file for the hosts that read one (Netlify, Cloudflare
//! Pages); and the check that no old address is where something else is written.

use std::collections::HashMap;

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::output::OutputFile;
use crate::plan::{Output, Plan};
use crate::render::extend;
use crate::site::Site;
use crate::templates::Templates;

/// The file of redirects, at the top of the output.
pub const REDIRECTS_FILE: &str = "_redirects";

/// `redirect`: what `redirect.html` sees besides the base context of the page's language.
#[derive(Serialize)]
pub struct Redirect<'a> {
    /// The page's title.
    pub title: &'a str,
    /// The page's URL path: where the refresh and the link go.
    pub url: &'a str,
    /// The page's absolute URL: the canonical link.
    pub permalink: String,
    /// The old address, as served (under the base path).
    pub from: String,
}

#[derive(Serialize)]
struct RedirectParts<'a> {
    redirect: Redirect<'a>,
}

/// Where an alias (a path from the site's root) is served: under the base path.
pub fn served(site: &Site, alias: &str) -> String {
    site.config.urls.rooted(alias).into_owned()
}

/// The output file of an alias: `/tr/eski/` → `tr/eski/index.html`.
pub fn file_of(site: &Site, alias: &str) -> String {
    site.config.urls.file_of(&served(site, alias))
}

/// The redirect page at `alias`, an old address of page `i`, on `bases` (each language's base
/// context).
pub fn page(
    site: &Site,
    templates: &Templates,
    bases: &[tera::Context; 2],
    i: usize,
    alias: &str,
) -> Result<OutputFile, Diagnostic> {
    let page = &site.pages[i];
    let redirect = Redirect {
        title: &page.front.title,
        url: &page.path,
        permalink: page.permalink(&site.config),
        from: served(site, alias),
    };
    let what = format!("the alias {alias} of {}", page.source.path.display());
    render(
        templates,
        bases,
        page.lang,
        redirect,
        &what,
        file_of(site, alias),
    )
}

/// A redirect page of `lang` (`redirect.html`) into the output file `file`; `what` names it in
/// errors.
pub fn render(
    templates: &Templates,
    bases: &[tera::Context; 2],
    lang: Lang,
    redirect: Redirect,
    what: &str,
    file: String,
) -> Result<OutputFile, Diagnostic> {
    let ctx = extend(&bases[lang.index()], &RedirectParts { redirect });
    templates.render_file("redirect.html", &ctx, what, file)
}

/// `_redirects`: a line `OLD NEW 301` per alias, both as served, sorted.
pub fn redirects_file(site: &Site) -> OutputFile {
    let mut lines: Vec<String> = site
        .pages
        .iter()
        .flat_map(|p| {
            p.front
                .aliases
                .iter()
                .map(|a| format!("{} {} 301\n", served(site, &a.path), p.path))
        })
        .collect();
    lines.sort();
    lines.dedup();
    OutputFile::text(REDIRECTS_FILE, lines.concat())
}

/// Who writes an output file.
enum Owner {
    /// Page `i`.
    Page(usize),
    /// An alias of page `i`.
    Alias(usize),
    /// Another output of the plan (a list, a feed).
    Other,
}

/// Aliases that are where something else is: a page (this one or another), another page's
/// alias, or another output of the site (a list, a feed, the search). Each error is at the alias,
/// and names the other file.
pub fn collisions(site: &Site) -> Vec<Diagnostic> {
    if site.pages.iter().all(|p| p.front.aliases.is_empty()) {
        return Vec::new();
    }
    let urls = &site.config.urls;
    let mut owners: HashMap<String, Owner> = HashMap::new();
    for (i, p) in site.pages.iter().enumerate() {
        owners
            .entry(urls.file_of(&p.path))
            .or_insert(Owner::Page(i));
    }
    for output in Plan::of(site, Vec::new()).0 {
        if !matches!(output, Output::Page(_) | Output::Alias(..)) {
            for path in output.paths(site) {
                owners.entry(path).or_insert(Owner::Other);
            }
        }
    }
    let mut errors = Vec::new();
    for (i, page) in site.pages.iter().enumerate() {
        for alias in &page.front.aliases {
            let file = file_of(site, &alias.path);
            let name = |j: usize| site.pages[j].source.path.display().to_string();
            let (message, help) = match owners.get(&file) {
                None => {
                    owners.insert(file, Owner::Alias(i));
                    continue;
                }
                // Two spellings of one path in one page are found when the page is read.
                Some(Owner::Alias(j)) if *j == i => continue,
                Some(Owner::Page(j)) if *j == i => (
                    format!("alias `{}` is this page's own address", alias.path),
                    "leave it out of `aliases`".to_string(),
                ),
                Some(Owner::Page(j)) => (
                    format!("alias `{}` is where {} is served", alias.path, name(*j)),
                    "an alias must be an address no page has; leave it out, or move that page"
                        .to_string(),
                ),
                Some(Owner::Alias(j)) => (
                    format!("alias `{}` is also an alias of {}", alias.path, name(*j)),
                    format!(
                        "an old address can redirect to one page only: leave it out of {} or of {}",
                        name(*j),
                        name(i)
                    ),
                ),
                Some(Owner::Other) => (
                    format!("alias `{}` is where sade writes {file}", alias.path),
                    "an alias must be an address the site does not use".to_string(),
                ),
            };
            errors.push(
                Diagnostic::error(message)
                    .at(&page.source, alias.span.clone(), "this alias")
                    .with_help(help),
            );
        }
    }
    errors
}
