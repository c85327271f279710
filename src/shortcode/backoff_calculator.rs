//! `backoff_calculator(base, factor, cap, attempts, jitter, seed, clients)` — block: a form
//! pre-filled with the arguments, and the `backoff_table` and `backoff_chart` for them, computed
//! at build time. Two small self-hosted scripts (`/js/backoff.js`, the engine, and
//! `/js/calculator.js`, the wiring) recompute everything in place when an input changes; without
//! them the page is complete as built. Works under `Content-Security-Policy: script-src 'self'`.

use super::backoff_chart::chart_html;
use super::backoff_table::tables;
use super::common::{params, SCHEDULE_ARGS};
use super::{ArgError, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Delay, Strategy};
use crate::html::escape;
use crate::i18n::Lang;

/// The `backoff_calculator` shortcode.
pub struct BackoffCalculator(pub std::sync::Arc<super::common::Schedules>);

struct Labels {
    legend: &'static str,
    base: &'static str,
    factor: &'static str,
    cap: &'static str,
    attempts: &'static str,
    jitter: &'static str,
    all: &'static str,
    seed: &'static str,
    new_seed: &'static str,
    clients: &'static str,
    hint_duration: &'static str,
    hint_cap: &'static str,
    noscript: &'static str,
}

const TR: Labels = Labels {
    legend: "Parametreler",
    base: "İlk bekleme (base)",
    factor: "Çarpan (factor)",
    cap: "Üst sınır (cap)",
    attempts: "Deneme sayısı",
    jitter: "Jitter",
    all: "Hepsini karşılaştır",
    seed: "Tohum (seed)",
    new_seed: "Yeni tohum",
    clients: "İstemci sayısı",
    hint_duration: "örn. 100ms, 1.5s, 2m",
    hint_cap: "örn. 30s ya da none",
    noscript: "Değerleri değiştirmek için JavaScript gerekir; aşağıdaki sonuçlar derleme sırasında hesaplandı.",
};

const EN: Labels = Labels {
    legend: "Parameters",
    base: "First wait (base)",
    factor: "Factor",
    cap: "Cap",
    attempts: "Attempts",
    jitter: "Jitter",
    all: "Compare all",
    seed: "Seed",
    new_seed: "New seed",
    clients: "Clients",
    hint_duration: "e.g. 100ms, 1.5s, 2m",
    hint_cap: "e.g. 30s or none",
    noscript:
        "Changing the values needs JavaScript; the results below were computed at build time.",
};

fn duration_text(d: Delay) -> String {
    d.to_string()
}

impl Shortcode for BackoffCalculator {
    fn name(&self) -> &str {
        "backoff_calculator"
    }
    fn args(&self) -> &[ArgSpec] {
        &SCHEDULE_ARGS
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params(args, "attempts")?;
        let schedule = self.0.get(&p, true, ctx.timings);
        let lang = ctx.lang;
        let l = match lang {
            Lang::Tr => &TR,
            Lang::En => &EN,
        };
        let jitter = if p.strategies() == Strategy::ALL {
            "all".to_string()
        } else {
            p.strategies()
                .iter()
                .map(|s| s.name())
                .collect::<Vec<_>>()
                .join(",")
        };
        let cap = p.cap().map_or("none".to_string(), duration_text);
        let mut options = format!(
            "<option value=\"all\"{}>{}</option>",
            if jitter == "all" { " selected" } else { "" },
            l.all
        );
        for s in Strategy::ALL {
            let sel = if jitter == s.name() { " selected" } else { "" };
            options.push_str(&format!(
                "<option value=\"{0}\"{sel}>{1}</option>",
                s.name(),
                crate::i18n::strategy_label(s)
            ));
        }
        if !options.contains(" selected") {
            options.push_str(&format!(
                "<option value=\"{}\" selected>{}</option>",
                escape(&jitter),
                escape(&jitter)
            ));
        }
        let field = |name: &str, label: &str, value: &str, kind: &str, hint: Option<&str>| {
            let hint_html = hint
                .map(|h| format!("<small id=\"bc-{name}-hint\">{}</small>", escape(h)))
                .unwrap_or_default();
            let described = if hint.is_some() {
                format!(" aria-describedby=\"bc-{name}-hint bc-{name}-error\"")
            } else {
                format!(" aria-describedby=\"bc-{name}-error\"")
            };
            format!(
                "<div class=\"field\"><label for=\"bc-{name}\">{}</label><input id=\"bc-{name}\" name=\"{name}\" {kind} value=\"{}\"{described}>{hint_html}<span class=\"field-error\" id=\"bc-{name}-error\" role=\"alert\"></span></div>\n",
                escape(label),
                escape(value)
            )
        };
        let mut html = String::with_capacity(32 * 1024);
        html.push_str(&format!(
            "<div class=\"backoff-calculator-block\" data-lang=\"{}\">\n<form class=\"backoff-calculator\" action=\"\" method=\"get\" novalidate>\n<fieldset>\n<legend>{}</legend>\n",
            lang.code(),
            l.legend
        ));
        html.push_str(&field(
            "base",
            l.base,
            &duration_text(p.base()),
            "type=\"text\" inputmode=\"decimal\" autocomplete=\"off\" spellcheck=\"false\"",
            Some(l.hint_duration),
        ));
        html.push_str(&field(
            "factor",
            l.factor,
            &p.factor().to_string(),
            "type=\"number\" min=\"1\" step=\"any\"",
            None,
        ));
        html.push_str(&field(
            "cap",
            l.cap,
            &cap,
            "type=\"text\" autocomplete=\"off\" spellcheck=\"false\"",
            Some(l.hint_cap),
        ));
        html.push_str(&field(
            "attempts",
            l.attempts,
            &p.attempts().to_string(),
            "type=\"number\" min=\"1\" max=\"100\" step=\"1\"",
            None,
        ));
        html.push_str(&format!(
            "<div class=\"field\"><label for=\"bc-jitter\">{}</label><select id=\"bc-jitter\" name=\"jitter\" aria-describedby=\"bc-jitter-error\">{options}</select><span class=\"field-error\" id=\"bc-jitter-error\" role=\"alert\"></span></div>\n",
            l.jitter
        ));
        html.push_str(&field(
            "seed",
            l.seed,
            &p.seed().to_string(),
            "type=\"number\" min=\"0\" step=\"1\"",
            None,
        ));
        html.push_str(&field(
            "clients",
            l.clients,
            &p.clients().to_string(),
            "type=\"number\" min=\"1\" max=\"100000\" step=\"1\"",
            None,
        ));
        html.push_str(&format!(
            "<div class=\"field actions\"><button type=\"button\" class=\"new-seed\" hidden>{}</button><noscript><p>{}</p></noscript></div>\n</fieldset>\n</form>\n",
            l.new_seed, l.noscript
        ));
        html.push_str("<div class=\"backoff-results\" aria-live=\"polite\">\n");
        let (table, table_markdown) = tables(&schedule, lang);
        html.push_str(&table);
        html.push_str(&chart_html(&schedule, lang));
        html.push_str("</div>\n</div>\n");
        // The scripts are the site's own files, under its base path.
        for script in ["js/backoff.js", "js/calculator.js"] {
            html.push_str("<script src=\"");
            html.push_str(ctx.root);
            html.push_str(script);
            html.push_str("\" defer></script>\n");
        }
        Ok(Expansion {
            html,
            markdown: format!(
                "{}\n\n{}",
                table_markdown.trim_end(),
                super::backoff_chart::chart_markdown(&schedule, lang)
            ),
        })
    }
}
