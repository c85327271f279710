//! `sade check`: the whole build without writing anything, plus warnings a build does not give:
//! pages missing a translation, translation pairs whose front matter disagrees, drafts left out,
//! and UI strings no template uses.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::i18n::Lang;
use crate::output::Discard;
use crate::pipeline::{Options, Pipeline};
use crate::shortcode::Registry;
use crate::site::Site;

/// Warnings `sade check` adds: missing translations, disagreeing pairs, drafts, unused UI strings.
pub fn site_warnings(site: &Site, templates_text: &str, strings: &[String]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, page) in site.pages.iter().enumerate() {
        match site.translations[i] {
            None => out.push(
                Diagnostic::warning(format!(
                    "`{}` has no {} translation",
                    page.name,
                    page.lang.other().native_name()
                ))
                .at(&page.source, 0..3, "this page")
                .with_help(format!(
                    "add {}.{}.md",
                    page.name,
                    page.lang.other().code()
                )),
            ),
            Some(t) if i < t => {
                let (a, b) = (&page.front, &site.pages[t].front);
                let other = &site.pages[t];
                let mut disagree = |what: &str, x: String, y: String| {
                    if x != y {
                        out.push(
                            Diagnostic::warning(format!(
                                "translations disagree on `{what}`: {x} here, {y} in {}",
                                other.source.path.display()
                            ))
                            .at(
                                &page.source,
                                page.front_span(what),
                                "this value",
                            ),
                        );
                    }
                };
                let count = |n: usize| format!("{n} tag{}", if n == 1 { "" } else { "s" });
                let none = || "none".to_string();
                let date = |d: Option<crate::i18n::Date>| d.map_or_else(none, |d| d.iso());
                disagree(
                    "section",
                    a.section.clone().unwrap_or_else(none),
                    b.section.clone().unwrap_or_else(none),
                );
                disagree("published", date(a.published), date(b.published));
                disagree("tags", count(a.tags.len()), count(b.tags.len()));
            }
            Some(_) => {}
        }
    }
    for d in &site.drafts_skipped {
        out.push(
            Diagnostic::warning(format!(
                "`{}` is a draft and is left out of the build",
                d.name
            ))
            .at(&d.source, d.front_span("draft"), "here")
            .with_help("build with --drafts to include it"),
        );
    }
    for f in &site.future_skipped {
        let day = f.front.published.map(|d| d.iso()).unwrap_or_default();
        out.push(
            Diagnostic::warning(format!(
                "`{}` is published on {day}, in the future, and is left out of the build",
                f.name
            ))
            .at(&f.source, f.front_span("published"), "here")
            .with_help("build with --future to include it"),
        );
    }
    // Keys built in a template (`t["callout_" ~ kind]`) count as used by their prefix.
    let prefixes: Vec<&str> = templates_text
        .split("\" ~")
        .filter_map(|before| before.rsplit('"').next())
        .collect();
    for key in strings {
        let used = templates_text.contains(&format!(".{key}"))
            || templates_text.contains(&format!("\"{key}\""))
            || prefixes.iter().any(|p| !p.is_empty() && key.starts_with(p));
        if !used {
            out.push(Diagnostic::warning(format!(
                "UI string `{key}` is not used by any template"
            )));
        }
    }
    out
}

/// `sade check`: the whole pipeline without writing, build errors plus the warnings above.
/// Nothing here touches the network.
pub fn run(options: &Options, registry: &Registry) -> Diagnostics {
    checked(options, registry, false).0
}

/// `sade check --external`: [`run`], then every external link checked ([`crate::external`]),
/// its problems among the others. The summary is `None` when the site could not be loaded.
pub fn run_external(
    options: &Options,
    registry: &Registry,
    settings: &crate::external::Settings,
) -> (Diagnostics, Option<crate::external::Summary>) {
    let (mut report, pipeline) = checked(options, registry, true);
    let Some(pipeline) = pipeline else {
        return (report, None);
    };
    let (problems, summary) = crate::external::check(pipeline.site(), &options.root, settings);
    report.extend(problems);
    (report, Some(summary))
}

/// [`run`]'s report, and the pipeline when the site loaded. With `keep_bodies` every page keeps
/// its text and its shortcodes' HTML (where the external check finds links).
fn checked(
    options: &Options,
    registry: &Registry,
    keep_bodies: bool,
) -> (Diagnostics, Option<Pipeline>) {
    // The cards are pictures of text a build checks anyway: drawing them would find nothing.
    let options = Options {
        cards: false,
        ..options.clone()
    };
    let result = Pipeline::build(&options, registry, &Discard, keep_bodies);
    let mut report = result.diagnostics;
    let Some(mut pipeline) = result.pipeline else {
        return (report, None);
    };
    // The warnings below point into the front matter.
    pipeline.site_mut().reload_sources(&options.root);
    let templates_text = templates_text(pipeline.templates());
    // The build already checked that both languages have the same keys; only the names matter.
    let strings: Vec<String> = pipeline
        .templates()
        .strings(Lang::Tr)
        .keys()
        .cloned()
        .collect();
    report.extend(site_warnings(pipeline.site(), &templates_text, &strings));
    (report, Some(pipeline))
}

/// Every template in use (the site's and the built-in ones it did not replace), one after another.
fn templates_text(templates: &crate::templates::Templates) -> String {
    let mut text = String::new();
    for (name, source) in templates.sources() {
        if name.ends_with(".html") || name.ends_with(".xml") {
            text.push_str(&source.text);
        }
    }
    text
}
