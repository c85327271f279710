//! `backoff_calculator(base, factor, cap, attempts, jitter, seed, clients, fail, timeout,
//! deadline, outage, library)` — block: a form pre-filled with the arguments, and the results
//! for them computed at build time: the `backoff_table` and `backoff_chart`, and, when their
//! inputs are given, the odds table (`backoff_odds`), the outage chart (`backoff_outage`) and
//! one library's model (`backoff_libraries`).
//!
//! Self-hosted scripts (`/js/backoff.js`, `/js/odds.js` and `/js/libraries.js`, the engines, and
//! `/js/calculator.js`, the form) recompute everything in place when an input changes; without
//! them the page is complete as built. The scripts carry no words, limits or defaults of their
//! own: the calculator writes them into a `<script type="application/json" class="sade-data">`
//! block (the page language's [`Words`](crate::i18n::Words), the strategies' and libraries'
//! labels, the limits and the defaults), which `script-src 'self'` allows, as it allows the
//! scripts themselves.

use std::borrow::Cow;

use serde::Serialize;

use super::backoff_chart::chart_html;
use super::backoff_table::tables;
use super::common::{params, ATTEMPTS, BASE, CAP, CLIENTS, FACTOR, JITTER, SEED};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{defaults, limits, Delay, Strategy};
use crate::html::{push_escaped, Seen};
use crate::i18n::{strategy_label, Lang, Words};
use crate::libraries::{Group, Library};
use crate::odds::{Inputs, Odds};

/// The `backoff_calculator` shortcode.
pub struct BackoffCalculator(
    pub std::sync::Arc<super::common::Schedules>,
    pub std::sync::Arc<super::common::RecoveryCache>,
    pub std::sync::Arc<super::common::FrontierCache>,
);

/// The schedule's, the odds', the library's and the "Will it come back?" section's arguments.
static ARGS: std::sync::LazyLock<Vec<ArgSpec>> = std::sync::LazyLock::new(|| {
    let mut args = OWN_ARGS.to_vec();
    args.extend(super::calculator_recovery::args());
    args
});

static OWN_ARGS: [ArgSpec; 12] = [
    BASE,
    FACTOR,
    CAP,
    ATTEMPTS,
    JITTER,
    SEED,
    CLIENTS,
    ArgSpec::optional(
        "fail",
        ArgKind::Number,
        ArgValue::Absent,
        "the chance that one call fails, `0.3`, `30%` or `%30`; shows the odds",
    ),
    ArgSpec::optional(
        "timeout",
        ArgKind::Duration,
        ArgValue::Duration(Delay::ZERO),
        "how long a failing call takes",
    ),
    ArgSpec::optional(
        "deadline",
        ArgKind::DurationOrNone,
        ArgValue::DurationOrNone(None),
        "the deadline a request should finish within, or none",
    ),
    ArgSpec::optional(
        "outage",
        ArgKind::DurationOrNone,
        ArgValue::DurationOrNone(None),
        "an outage to show who meets the recovery, or none",
    ),
    ArgSpec::optional(
        "library",
        ArgKind::LibraryPicks,
        ArgValue::Libraries(Cow::Borrowed(&[])),
        "retry libraries to compare (up to three), or none",
    ),
];

/// What the script reads from the page: words, labels, limits, defaults.
#[derive(Serialize)]
struct Data {
    lang: Lang,
    words: &'static Words,
    strategies: Vec<Label>,
    libraries: Vec<LibraryLabel>,
    limits: Limits,
    defaults: Defaults,
}

#[derive(Serialize)]
struct Label {
    name: &'static str,
    label: &'static str,
}

#[derive(Serialize)]
struct LibraryLabel {
    name: &'static str,
    label: &'static str,
    package: &'static str,
}

#[derive(Serialize)]
struct Limits {
    max_attempts: u32,
    max_clients: u32,
}

#[derive(Serialize)]
struct Defaults {
    factor: f64,
    attempts: u32,
    seed: u64,
    clients: u32,
    odds_clients: u32,
}

/// The data block of a calculator in `lang`: JSON with `<` written `\u003c`, so nothing in it can
/// end the script element.
pub fn data_json(lang: Lang) -> String {
    let data = Data {
        lang,
        words: lang.words(),
        strategies: Strategy::ALL
            .iter()
            .map(|&s| Label {
                name: s.name(),
                label: strategy_label(s),
            })
            .collect(),
        libraries: Library::ALL
            .iter()
            .map(|&l| LibraryLabel {
                name: l.id(),
                label: l.label(),
                package: l.package().0,
            })
            .collect(),
        limits: Limits {
            max_attempts: limits::MAX_ATTEMPTS,
            max_clients: limits::MAX_CLIENTS,
        },
        defaults: Defaults {
            factor: defaults::FACTOR,
            attempts: defaults::ATTEMPTS,
            seed: defaults::SEED,
            clients: defaults::CLIENTS,
            odds_clients: crate::odds::DEFAULT_CLIENTS,
        },
    };
    serde_json::to_string(&data)
        .unwrap_or_default()
        .replace('<', "\\u003c")
}

/// One labelled input.
pub(super) struct Field<'a> {
    pub name: &'a str,
    pub label: &'a str,
    pub value: &'a str,
    /// `type` and the other attributes of the input.
    pub attributes: &'a str,
    pub hint: Option<&'a str>,
}

impl Field<'_> {
    pub fn push(&self, out: &mut String) {
        let name = self.name;
        out.push_str("<div class=\"field field-");
        out.push_str(name);
        out.push_str("\"><label for=\"bc-");
        out.push_str(name);
        out.push_str("\">");
        push_escaped(out, self.label);
        out.push_str("</label><input id=\"bc-");
        out.push_str(name);
        out.push_str("\" name=\"");
        out.push_str(name);
        out.push_str("\" ");
        out.push_str(self.attributes);
        out.push_str(" value=\"");
        push_escaped(out, self.value);
        push_described_by(out, name, self.hint.is_some());
        out.push('>');
        push_hint_and_error(out, name, self.hint);
    }
}

/// ` aria-describedby="…"` of field `name`: its hint's id (when it has one) and its error slot's.
fn push_described_by(out: &mut String, name: &str, hint: bool) {
    out.push_str("\" aria-describedby=\"");
    if hint {
        out.push_str("bc-");
        out.push_str(name);
        out.push_str("-hint ");
    }
    out.push_str("bc-");
    out.push_str(name);
    out.push_str("-error\"");
}

/// What follows field `name`'s control: its hint, if any, its error slot, and the end of the field.
fn push_hint_and_error(out: &mut String, name: &str, hint: Option<&str>) {
    if let Some(hint) = hint {
        out.push_str("<small class=\"hint\" id=\"bc-");
        out.push_str(name);
        out.push_str("-hint\">");
        push_escaped(out, hint);
        out.push_str("</small>");
    }
    out.push_str("<span class=\"field-error\" id=\"bc-");
    out.push_str(name);
    out.push_str("-error\" role=\"alert\"></span></div>\n");
}

/// A labelled `<select>` of `options` ((value, label)) with `selected` chosen.
pub(super) fn select(
    out: &mut String,
    name: &str,
    label: &str,
    options: &[(&str, &str)],
    selected: &str,
) {
    select_grouped(
        out,
        name,
        label,
        &[(None, options.to_vec())],
        selected,
        None,
    );
}

/// Options of a `<select>` under an `<optgroup>` label, or under none: (value, label) each.
type OptionGroup<'a> = (Option<&'a str>, Vec<(&'a str, &'a str)>);

/// A labelled `<select>` whose options come in groups, with `selected` chosen.
pub(super) fn select_grouped(
    out: &mut String,
    name: &str,
    label: &str,
    groups: &[OptionGroup],
    selected: &str,
    hint: Option<&str>,
) {
    out.push_str("<div class=\"field field-");
    out.push_str(name);
    out.push_str("\"><label for=\"bc-");
    out.push_str(name);
    out.push_str("\">");
    push_escaped(out, label);
    out.push_str("</label><select id=\"bc-");
    out.push_str(name);
    out.push_str("\" name=\"");
    out.push_str(name);
    push_described_by(out, name, hint.is_some());
    out.push('>');
    let mut known = false;
    for (group, options) in groups {
        if let Some(g) = group {
            out.push_str("<optgroup label=\"");
            push_escaped(out, g);
            out.push_str("\">");
        }
        for (value, text) in options {
            out.push_str("<option value=\"");
            push_escaped(out, value);
            out.push('"');
            if *value == selected {
                known = true;
                out.push_str(" selected");
            }
            out.push('>');
            push_escaped(out, text);
            out.push_str("</option>");
        }
        if group.is_some() {
            out.push_str("</optgroup>");
        }
    }
    if !known {
        out.push_str("<option value=\"");
        push_escaped(out, selected);
        out.push_str("\" selected>");
        push_escaped(out, selected);
        out.push_str("</option>");
    }
    out.push_str("</select>");
    push_hint_and_error(out, name, hint);
}

/// A number as a form shows it: the shortest text that reads back (`2`, `1.5`).
fn number_text(n: f64) -> String {
    let mut out = String::new();
    crate::html::push_float(&mut out, n);
    out
}

impl Shortcode for BackoffCalculator {
    fn name(&self) -> &str {
        "backoff_calculator"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "An interactive calculator: a form, the schedule, the chart, and with odds arguments the odds, the outage chart and a library's model; the page's scripts recompute them in the browser and keep the form in the URL."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params(args, "attempts")?;
        let schedule = self.0.get(&p, true, ctx.timings);
        let lang = ctx.lang;
        let words = lang.words();
        let f = &words.form;
        let fail = match args.value("fail") {
            Some(ArgValue::Number(n)) => Some(*n),
            _ => None,
        };
        let timeout = args.duration("timeout")?;
        let deadline = args.duration_or_none("deadline")?;
        let outage = args.duration_or_none("outage")?;
        let picked = args.libraries("library")?;
        let jitter = if p.strategies() == Strategy::ALL {
            "all".to_string()
        } else {
            p.strategies()
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(",")
        };
        let text = |d: Option<Delay>| d.map_or(String::new(), |d| d.to_string());

        let mut html = String::with_capacity(48 * 1024);
        html.push_str("<div class=\"backoff-calculator-block\" data-lang=\"");
        html.push_str(lang.code());
        html.push_str("\">\n<form class=\"backoff-calculator\" method=\"get\" novalidate>\n");
        html.push_str("<fieldset class=\"schedule\">\n<legend>");
        html.push_str(f.legend);
        html.push_str("</legend>\n<div class=\"fields\">\n");
        let duration_input =
            "type=\"text\" inputmode=\"decimal\" autocomplete=\"off\" spellcheck=\"false\"";
        let number_input = "type=\"text\" inputmode=\"decimal\" autocomplete=\"off\"";
        let whole_input = "type=\"text\" inputmode=\"numeric\" autocomplete=\"off\"";
        let base = p.base().to_string();
        let factor = number_text(p.factor());
        let cap = p.cap().map_or("none".to_string(), |c| c.to_string());
        let attempts = p.attempts().to_string();
        let seed = p.seed().to_string();
        let clients = p.clients().to_string();
        for field in [
            Field {
                name: "base",
                label: f.base,
                value: &base,
                attributes: duration_input,
                hint: Some(f.hint_duration),
            },
            Field {
                name: "factor",
                label: f.factor,
                value: &factor,
                attributes: number_input,
                hint: None,
            },
            Field {
                name: "cap",
                label: f.cap,
                value: &cap,
                attributes: duration_input,
                hint: Some(f.hint_cap),
            },
            Field {
                name: "attempts",
                label: f.attempts,
                value: &attempts,
                attributes: whole_input,
                hint: None,
            },
        ] {
            field.push(&mut html);
        }
        let mut strategies: Vec<(&str, &str)> = vec![("all", f.all)];
        strategies.extend(Strategy::ALL.map(|s| (s.name(), strategy_label(s))));
        select(&mut html, "jitter", f.jitter, &strategies, &jitter);
        for field in [
            Field {
                name: "seed",
                label: f.seed,
                value: &seed,
                attributes: whole_input,
                hint: None,
            },
            Field {
                name: "clients",
                label: f.clients,
                value: &clients,
                attributes: whole_input,
                hint: None,
            },
        ] {
            field.push(&mut html);
        }
        html.push_str(
            "<div class=\"field actions\"><button type=\"button\" class=\"new-seed\" hidden>",
        );
        html.push_str(f.new_seed);
        html.push_str(
            "</button></div>\n</div>\n</fieldset>\n<fieldset class=\"outcomes\">\n<legend>",
        );
        html.push_str(f.odds_legend);
        html.push_str("</legend>\n<div class=\"fields\">\n");
        let fail_text = fail.map_or(String::new(), number_text);
        let timeout_text = if timeout == Delay::ZERO {
            String::new()
        } else {
            timeout.to_string()
        };
        let (deadline_text, outage_text) = (text(deadline), text(outage));
        for field in [
            Field {
                name: "fail",
                label: f.fail,
                value: &fail_text,
                attributes: number_input,
                hint: Some(f.hint_fail),
            },
            Field {
                name: "timeout",
                label: f.timeout,
                value: &timeout_text,
                attributes: duration_input,
                hint: Some(f.hint_timeout),
            },
            Field {
                name: "deadline",
                label: f.deadline,
                value: &deadline_text,
                attributes: duration_input,
                hint: Some(f.hint_deadline),
            },
            Field {
                name: "outage",
                label: f.outage,
                value: &outage_text,
                attributes: duration_input,
                hint: Some(f.hint_outage),
            },
        ] {
            field.push(&mut html);
        }
        // None first, then the libraries by group (HTTP clients, cloud SDKs, RPC, general).
        let mut libraries = vec![(None, vec![("none", f.no_library)])];
        let groups = lang.words().libraries.groups;
        libraries.extend(Group::ALL.into_iter().zip(groups).map(|(g, name)| {
            (
                Some(name),
                g.libraries().map(|l| (l.id(), l.label())).collect(),
            )
        }));
        // The first choice, and two more to compare it with; the results list them by group.
        for (i, (name, label)) in [
            ("library", f.library),
            ("library-2", f.library_2),
            ("library-3", f.library_3),
        ]
        .into_iter()
        .enumerate()
        {
            let selected = picked.get(i).map_or("none", |l| l.id());
            let hint = (i == 0).then_some(f.hint_library);
            select_grouped(&mut html, name, label, &libraries, selected, hint);
        }
        html.push_str("</div>\n</fieldset>\n");
        let load = super::calculator_recovery::compute(args, &p, &self.1, &self.2, ctx)?;
        if load.is_some() {
            super::calculator_recovery::fieldset(&mut html, args, lang)?;
        }
        html.push_str("<noscript><p>");
        html.push_str(f.noscript);
        html.push_str("</p></noscript>\n</form>\n<p class=\"stale-note\" role=\"status\" hidden>");
        html.push_str(f.stale);
        html.push_str("</p>\n<div class=\"backoff-results\" aria-live=\"polite\">\n");
        let (table, table_markdown) = tables(&schedule, lang, &mut Seen::default());
        html.push_str(&table);
        html.push_str(&chart_html(&schedule, lang));
        let mut markdown = format!(
            "{}\n\n{}",
            table_markdown.trim_end(),
            super::backoff_chart::chart_markdown(&schedule, lang)
        );
        if fail.is_some() || outage.is_some() {
            let odds_params = super::common::params_without_fleet(args)?;
            let inputs = Inputs::builder()
                .fail(fail)
                .timeout(timeout)
                .deadline(deadline)
                .outage(outage)
                .build(&odds_params)
                .map_err(|e| ArgError::new(e.param.name(), e.to_string()))?;
            let odds = Odds::compute(&odds_params, &inputs);
            if fail.is_some() {
                let (h, md) = super::backoff_odds::table(&odds, &odds_params, lang);
                html.push_str(&h);
                markdown.push('\n');
                markdown.push_str(md.trim_end());
                markdown.push('\n');
            }
            if outage.is_some() {
                html.push_str(&super::backoff_outage::chart_html(
                    &odds,
                    &odds_params,
                    lang,
                ));
            }
        }
        if !picked.is_empty() {
            let models = super::backoff_libraries::models_by_group(picked, &p);
            let herd = super::backoff_libraries::herd(&models, &p);
            let caption = crate::report::describe_params(&p, lang);
            let (h, md) = super::backoff_libraries::render(
                &models,
                &caption,
                lang,
                super::backoff_libraries::Snippets::Plain,
                Some(&herd),
            );
            html.push_str(&h);
            markdown.push('\n');
            markdown.push_str(md.trim_end());
            markdown.push('\n');
        }
        html.push_str("</div>\n");
        if let Some(load) = &load {
            let (h, md) = super::calculator_recovery::section(load, lang, ctx.root);
            html.push_str(&h);
            markdown.push('\n');
            markdown.push_str(&md);
            markdown.push('\n');
        }
        html.push_str("<script type=\"application/json\" class=\"sade-data\">");
        html.push_str(&data_json(lang));
        html.push_str("</script>\n</div>\n");
        // The scripts are the site's own files, under its base path; the section's worker loads
        // its own (`js/recovery-worker.js`, beside them).
        let scripts: &[&str] = if load.is_some() {
            &["backoff", "odds", "libraries", "recovery", "calculator"]
        } else {
            &["backoff", "odds", "libraries", "calculator"]
        };
        for script in scripts {
            html.push_str("<script src=\"");
            html.push_str(ctx.root);
            html.push_str("js/");
            html.push_str(script);
            html.push_str(".js\" defer></script>\n");
        }
        Ok(Expansion {
            html,
            markdown,
            text: None,
        })
    }
}
