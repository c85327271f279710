//! `backoff_libraries(base, factor=2, cap=none, attempts=8, libraries=all, seed=7)` — block: what
//! real retry libraries do with these numbers (SPEC §6), localized.
//!
//! A table, one row per library: its name and version (linked to the source file of its
//! formula), the range of every retry it really makes, the worst-case and the mean total wait.
//! Then, per library, a `<details>` with its notes and its snippet as
//! `<pre><code class="language-…">`, highlighted as a fenced block of that language would be
//! ([`crate::highlight`], which knows every snippet's language). Every number is a `<data value="MS">`
//! element. The markdown twin is a GFM table, the notes as lists and each snippet as a fenced
//! code block.
//!
//! With `chart=true`, a chart follows the table: the thundering herd of SPEC §3 for each
//! library ([`crate::libraries::herd`]), one strip per library on one logarithmic time axis, as
//! `backoff_chart` draws the strategies (the calculator draws it for the libraries it compares).

use std::fmt::Write;

use std::borrow::Cow;

use super::common::{params, ATTEMPTS, BASE, CAP, CLIENTS, FACTOR, SEED};
use super::strips::{self, Strip};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::html::{push_data, push_escaped};
use crate::i18n::{fill, format_number, format_percent, push_duration, Lang};
use crate::libraries::{model, Herd, Input, Library, Model};
use crate::report::describe_params;

/// `libraries`: which libraries, in the order written.
const LIBRARIES: ArgSpec = ArgSpec::optional(
    "libraries",
    ArgKind::Libraries,
    ArgValue::Libraries(Cow::Borrowed(&Library::ALL)),
    "retry libraries to compare",
);

/// `chart`: the libraries' fleets on one chart after the table.
const CHART: ArgSpec = ArgSpec::optional(
    "chart",
    ArgKind::Bool,
    ArgValue::Bool(false),
    "draw each library's fleet on one chart after the table",
);

static ARGS: [ArgSpec; 8] = [BASE, FACTOR, CAP, ATTEMPTS, LIBRARIES, SEED, CHART, CLIENTS];

/// The `backoff_libraries` shortcode.
pub struct BackoffLibraries;

impl Shortcode for BackoffLibraries {
    fn name(&self) -> &str {
        "backoff_libraries"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "What retry libraries do with the same numbers: each library's waits, totals, notes and a snippet that configures it."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let params = params(args, "attempts")?;
        // By group (HTTP clients, cloud SDKs, RPC, general-purpose), in the order written within
        // each.
        let models = models_by_group(args.libraries("libraries")?, &params);
        // A page may compare several choices with the same numbers: the caption (and the
        // scroll region's name, which must be unique on the page) says which libraries a
        // chosen few are.
        let mut caption = describe_params(&params, ctx.lang);
        if models.len() < Library::ALL.len() {
            for (i, m) in models.iter().enumerate() {
                caption.push_str(if i == 0 { ": " } else { ", " });
                caption.push_str(m.library.label());
            }
        }
        let herd = if args.bool("chart")? {
            Some(herd(&models, &params))
        } else {
            None
        };
        let (html, markdown) = render(
            &models,
            &caption,
            ctx.lang,
            Snippets::Highlighted,
            herd.as_ref(),
        );
        Ok(Expansion {
            html,
            markdown,
            text: None,
        })
    }
}

/// `ms` as `<data value="MS">text</data>` into `h` and as text into `md`.
fn duration(h: &mut String, md: &mut String, ms: f64, lang: Lang) {
    let start = md.len();
    push_duration(md, ms, lang);
    push_data(h, ms, |h| h.push_str(&md[start..]));
}

/// How the snippets' code is written.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Snippets {
    /// Highlighted where sade knows the language, as fenced code is.
    Highlighted,
    /// Escaped text only: the calculator's script writes the same markup again in the browser,
    /// and it has no highlighter.
    Plain,
}

/// The table, the chart of `herd` if given, the notes and the snippets, as HTML and as markdown.
pub(super) fn render(
    models: &[Model],
    caption: &str,
    lang: Lang,
    snippets: Snippets,
    herd: Option<&Herd>,
) -> (String, String) {
    let w = &lang.words().libraries;
    let mut h = String::with_capacity(4096 * models.len().max(1));
    let mut md = String::with_capacity(2048 * models.len().max(1));
    h.push_str(
        "<figure class=\"backoff backoff-libraries\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"",
    );
    push_escaped(&mut h, caption);
    h.push_str("\">\n<table class=\"backoff-table backoff-libraries-table\">\n<caption>");
    push_escaped(&mut h, caption);
    let _ = write!(
        h,
        "</caption>\n<thead>\n<tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>\
         <th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr>\n</thead>\n",
        w.library, w.per_retry, w.worst, w.mean
    );
    let _ = write!(
        md,
        "{caption}\n\n| {} | {} | {} | {} |\n|---|---|---|---|\n",
        w.library, w.per_retry, w.worst, w.mean
    );
    // Several groups: a body and a heading for each; one group: one body, no heading.
    let grouped = models
        .windows(2)
        .any(|w| w[0].library.group() != w[1].library.group());
    let mut group = None;
    for m in models {
        let (package, version) = m.library.package();
        if group != Some(m.library.group()) {
            if group.is_some() {
                h.push_str("</tbody>\n");
            }
            h.push_str("<tbody>\n");
            group = Some(m.library.group());
            if grouped {
                let name = w.groups[m.library.group() as usize];
                h.push_str(
                    "<tr class=\"backoff-libraries-group\"><th scope=\"rowgroup\" colspan=\"4\">",
                );
                push_escaped(&mut h, name);
                h.push_str("</th></tr>\n");
                let _ = writeln!(md, "| **{name}** | | | |");
            }
        }
        h.push_str("<tr><th scope=\"row\">");
        push_escaped(&mut h, m.library.label());
        let _ = write!(h, "<br><small><a href=\"{}\">", m.source);
        push_escaped(&mut h, &format!("{package} {version}"));
        h.push_str("</a></small></th><td data-label=\"");
        h.push_str(w.per_retry);
        h.push_str("\"><ol class=\"backoff-retries\">");
        let _ = write!(
            md,
            "| {} ([{package} {version}]({})) | ",
            m.library.label(),
            m.source
        );
        for (i, r) in m.rows.iter().enumerate() {
            h.push_str("<li>");
            if i > 0 {
                md.push_str("; ");
            }
            let _ = write!(md, "{}: ", r.attempt);
            duration(&mut h, &mut md, r.min_ms, lang);
            if r.max_ms != r.min_ms {
                h.push_str(" – ");
                md.push_str(" – ");
                duration(&mut h, &mut md, r.max_ms, lang);
            }
            h.push_str("</li>");
        }
        let _ = write!(
            h,
            "</ol><small>{} {}</small></td><td data-label=\"{}\">",
            m.rows.len(),
            w.retries,
            w.worst
        );
        let _ = write!(md, " ({} {}) | ", m.rows.len(), w.retries);
        duration(&mut h, &mut md, m.totals.worst_ms, lang);
        let _ = write!(h, "</td><td data-label=\"{}\">", w.mean);
        md.push_str(" | ");
        duration(&mut h, &mut md, m.totals.mean_ms, lang);
        if m.totals.mean_is_estimate {
            let _ = write!(h, " <small>({})</small>", w.estimated);
            let _ = write!(md, " ({})", w.estimated);
        }
        h.push_str("</td></tr>\n");
        md.push_str(" |\n");
    }
    if group.is_some() {
        h.push_str("</tbody>\n");
    }
    h.push_str("</table>\n</div>\n</figure>\n");
    if let Some(herd) = herd {
        h.push_str(&chart_html(herd, lang));
        md.push('\n');
        md.push_str(&chart_markdown(herd, lang));
    }
    for m in models {
        h.push_str("<details class=\"backoff-library\">\n<summary>");
        push_escaped(&mut h, m.library.label());
        let _ = write!(h, ": {}</summary>\n<ul>\n", w.details);
        let _ = write!(md, "\n**{}**\n\n", m.library.label());
        for n in &m.notes {
            h.push_str("<li>");
            push_escaped(&mut h, n.text(lang));
            h.push_str("</li>\n");
            let _ = writeln!(md, "- {}", n.text(lang).replace('\u{a0}', " "));
        }
        let language = m.snippet.language;
        let _ = write!(
            h,
            "</ul>\n<div class=\"scroll\" tabindex=\"0\"><pre><code class=\"language-{language}\">"
        );
        match crate::highlight::language(language) {
            Some((_, hl)) if snippets == Snippets::Highlighted => {
                crate::highlight::push_code(&mut h, hl, &m.snippet.code);
            }
            _ => push_escaped(&mut h, &m.snippet.code),
        }
        let _ = write!(
            h,
            "</code></pre></div>\n<button type=\"button\" class=\"copy\">{}</button>\n</details>\n",
            lang.words().form.copy
        );
        let _ = write!(md, "\n```{language}\n{}```\n", m.snippet.code);
    }
    (h, md)
}

/// The models of `libraries` for validated `params`, by group (HTTP clients, cloud SDKs, RPC,
/// general-purpose), in the order given within each: the order the table and the chart show.
pub(super) fn models_by_group(
    libraries: &[Library],
    params: &crate::backoff::Params,
) -> Vec<Model> {
    let mut models: Vec<Model> = libraries.iter().map(|&l| model(l, params)).collect();
    models.sort_by_key(|m| m.library.group());
    models
}

/// The fleets of `models`' libraries, in their order, for validated `params`.
pub(super) fn herd(models: &[Model], params: &crate::backoff::Params) -> Herd {
    let libraries: Vec<Library> = models.iter().map(|m| m.library).collect();
    crate::libraries::herd(&libraries, &Input::from_params(params), params.clients())
}

/// Strip colours: a library's place among those shown, cycling after four.
const SERIES: [&str; 4] = ["series-1", "series-2", "series-3", "series-4"];

/// One sentence per library: "got: 2.3% of 6,000 retries land in the busiest window".
fn chart_summary(herd: &Herd, lang: Lang) -> Vec<String> {
    let template = lang.words().chart.summary;
    herd.lines
        .iter()
        .map(|line| {
            let retries = f64::from(herd.clients) * line.retries as f64;
            fill(
                template,
                &[
                    ("strategy", line.library.label()),
                    ("share", &format_percent(line.peak_share, lang)),
                    ("retries", &format_number(retries, 0, lang)),
                ],
            )
        })
        .collect()
}

/// The chart's title: "Fleet simulation: when 1,000 clients of each library retry, over time".
fn chart_title(herd: &Herd, lang: Lang) -> String {
    let words = lang.words();
    fill(
        words.libraries.chart_title,
        &[
            ("fleet", words.chart.fleet),
            ("clients", &format_number(f64::from(herd.clients), 0, lang)),
        ],
    )
}

/// The `<figure class="backoff-chart backoff-libraries-chart">` with each library's fleet as a
/// strip (also the calculator's).
pub(super) fn chart_html(herd: &Herd, lang: Lang) -> String {
    let strips: Vec<Strip> = herd
        .lines
        .iter()
        .enumerate()
        .map(|(i, line)| Strip {
            class: SERIES[i % SERIES.len()],
            label: line.library.label(),
            note: format_percent(line.peak_share, lang),
            counts: &line.counts,
        })
        .collect();
    let timeline = &herd.timeline;
    strips::fleet_figure(
        "backoff-chart backoff-libraries-chart",
        &chart_title(herd, lang),
        &strips,
        &strips::time_ticks(timeline, lang),
        &chart_summary(herd, lang),
        &strips::axis_note(lang.words().libraries.chart_axis, timeline, lang),
    )
}

/// The chart for `index.md`: its title and facts as a list (markdown has no charts).
pub(super) fn chart_markdown(herd: &Herd, lang: Lang) -> String {
    let mut out = chart_title(herd, lang);
    out.push_str("\n\n");
    for line in chart_summary(herd, lang) {
        out.push_str("- ");
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_data_and_code_is_escaped() {
        let params =
            crate::backoff::Params::builder(crate::backoff::Delay::from_ms(100.0).unwrap())
                .attempts(3)
                .build()
                .unwrap();
        let models: Vec<Model> = [Library::Grpc, Library::Polly]
            .into_iter()
            .map(|l| model(l, &params))
            .collect();
        let (h, md) = render(&models, "caption", Lang::En, Snippets::Highlighted, None);
        assert!(h.contains(
            "<code class=\"language-go\">conn, err := grpc.<span class=\"hl-function\">NewClient</span>(target,"
        ));
        assert!(h.contains("&quot;maxAttempts&quot;: 4"));
        assert!(h.contains("<data value=\"80\">80\u{a0}ms</data> – <data value=\"120\">"));
        assert!(h.contains("(estimated)</small>"));
        assert!(md.contains("```csharp\nusing Polly;\n"));
        assert!(md.contains("| gRPC ([grpc-go 1.83.1](https://github.com/grpc/grpc-go/blob/v1.83.1/stream.go)) | 1: 80"));
        assert_eq!(md.matches("```").count(), 4);
    }

    /// The chart follows the table and precedes the notes: a strip per library in its place's
    /// colour, its peak share beside it and in a sentence, in the page's language.
    #[test]
    fn the_chart_has_a_strip_per_library_between_the_table_and_the_notes() {
        let params =
            crate::backoff::Params::builder(crate::backoff::Delay::from_ms(100.0).unwrap())
                .cap(Some(crate::backoff::Delay::from_ms(30_000.0).unwrap()))
                .attempts(6)
                .clients(1000)
                .build()
                .unwrap();
        let models: Vec<Model> = [Library::Urllib3, Library::Got, Library::Tenacity]
            .into_iter()
            .map(|l| model(l, &params))
            .collect();
        let fleets = herd(&models, &params);
        let (h, md) = render(&models, "c", Lang::En, Snippets::Plain, Some(&fleets));
        let table = h.find("</table>").unwrap();
        let chart = h
            .find("<figure class=\"backoff-chart backoff-libraries-chart\">")
            .unwrap();
        let notes = h.find("<details class=\"backoff-library\">").unwrap();
        assert!(table < chart && chart < notes);
        for (i, label) in ["urllib3 (requests)", "got", "tenacity"].iter().enumerate() {
            assert!(
                h.contains(&format!(
                    "<g class=\"strip bar-series-{}\">\n<text class=\"name\" x=\"0\" y=\"{}\">{label}</text>",
                    i + 1,
                    i * 74 + 14
                )),
                "{label}: {h}"
            );
        }
        // urllib3 waits without jitter: a sixth of its retries in one window.
        assert!(h.contains(
            "<li>urllib3 (requests): 16.7% of 6,000 retries land in the busiest window</li>"
        ));
        assert!(h.contains("when 1,000 clients of each library retry, over time"));
        assert!(h.contains("beside each library"));
        assert!(md.contains(
            "\n- urllib3 (requests): 16.7% of 6,000 retries land in the busiest window\n"
        ));
        let (tr, _) = render(&models, "c", Lang::Tr, Snippets::Plain, Some(&fleets));
        assert!(tr.contains("her kütüphanenin 1.000 istemcisinin"), "{tr}");
        assert!(tr.contains("<li>urllib3 (requests): en kalabalık pencerede 6.000 yeniden denemenin %16,7 kadarı</li>"), "{tr}");
        // Five libraries: the colours start again after four.
        let five: Vec<Model> = Library::ALL[..5]
            .iter()
            .map(|&l| model(l, &params))
            .collect();
        let chart = chart_html(&herd(&five, &params), Lang::En);
        assert_eq!(chart.matches("bar-series-1\"").count(), 2);
        assert_eq!(chart.matches("<g class=\"strip ").count(), 5);
    }

    /// Every library's snippet gets its language's token classes in the shortcode's page, and
    /// none where the calculator's script writes the markup again.
    #[test]
    fn snippets_are_highlighted_where_the_language_is_known() {
        let params =
            crate::backoff::Params::builder(crate::backoff::Delay::from_ms(100.0).unwrap())
                .build()
                .unwrap();
        let code = |library, snippets| {
            let (h, md) = render(&[model(library, &params)], "c", Lang::En, snippets, None);
            let code = &h[h.find("<pre>").unwrap()..h.find("</pre>").unwrap()];
            (code.to_string(), md)
        };
        let (python, md) = code(Library::Tenacity, Snippets::Highlighted);
        assert!(
            python.contains("<span class=\"hl-keyword\">from</span> tenacity"),
            "{python}"
        );
        let (plain, plain_md) = code(Library::Tenacity, Snippets::Plain);
        assert!(!plain.contains("<span"), "{plain}");
        assert_eq!(md, plain_md, "the markdown twin is the same either way");
        for library in Library::ALL {
            assert!(
                code(library, Snippets::Highlighted)
                    .0
                    .contains("<span class=\"hl-"),
                "{library:?}"
            );
            assert!(!code(library, Snippets::Plain).0.contains("<span"));
        }
        let (go, _) = code(Library::Cenkalti, Snippets::Highlighted);
        assert!(
            go.contains("<span class=\"hl-keyword\">import</span>"),
            "{go}"
        );
        let (java, _) = code(Library::Resilience4j, Snippets::Highlighted);
        assert!(
            java.contains("<span class=\"hl-string\">&quot;backend&quot;</span>"),
            "{java}"
        );
        let (csharp, _) = code(Library::Polly, Snippets::Highlighted);
        assert!(
            csharp.contains("<span class=\"hl-keyword\">using</span> "),
            "{csharp}"
        );
    }
}
