//! `backoff_recovery(base, factor, cap, attempts, jitter, seed, clients, demand, capacity,
//! timeout, outage, horizon, queue, shed, budget, <budget settings>, show)` — will the service
//! come back after an outage (SPEC §8)?
//!
//! As a block, `show=chart` (the default) draws, for each strategy of `jitter` (default `full`),
//! the load reaching the service over time, one strip per budget on one shared scale, against
//! the capacity line and the shaded outage ([`super::recovery_chart`]), with each budget's
//! verdict; the caption says each budget's figures in a sentence. `show=queue` draws the calls
//! waiting in the queue instead, against the queue a timeout can wait through. `show=table` gives those
//! figures as a table (budget, verdict, peak load, requests given up, wasted work, retries sent,
//! refused, most retries of one client during the outage). The `index.md` twin gets the table in
//! GFM either way.
//!
//! Inline, `show=` picks one figure of one strategy under one budget (`jitter` and `budget` name
//! exactly one each): `verdict` (in words), `recovered_after` (a duration; an error when the
//! service does not recover, so prose cannot claim it does), `peak_load`, `given_up`,
//! `wasted_work`, `retries_sent`, `retries_refused`, `max_retries_per_client`.

use std::borrow::Cow;
use std::fmt::Write;

use super::common::{
    data_expansion, one_strategy, params, RecoveryCache, ATTEMPTS, BASE, CAP, CLIENTS, FACTOR, SEED,
};
use super::recovery_chart::{self, Measure, Strip};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Delay, Params, Strategy};
use crate::html::{escape, push_data, push_escaped};
use crate::i18n::{
    fill, format_duration, format_number, format_percent, strategy_label, Lang, TimeUnit,
};
use crate::recovery::render::{
    budget_label, describe, fact, headings, row_cells, times, trigger_words, verdict,
};
use crate::recovery::{
    defaults, Budget, Inputs, Recovery, SettingKind, Settings, BIN_MS, SETTINGS,
};

/// The `backoff_recovery` shortcode.
pub struct BackoffRecovery(pub std::sync::Arc<RecoveryCache>);

/// What `show` may be.
const SHOW: [Cow<'static, str>; 11] = [
    Cow::Borrowed("chart"),
    Cow::Borrowed("queue"),
    Cow::Borrowed("table"),
    Cow::Borrowed("verdict"),
    Cow::Borrowed("recovered_after"),
    Cow::Borrowed("peak_load"),
    Cow::Borrowed("given_up"),
    Cow::Borrowed("wasted_work"),
    Cow::Borrowed("retries_sent"),
    Cow::Borrowed("retries_refused"),
    Cow::Borrowed("max_retries_per_client"),
];

/// The service's and the fleet's arguments (the calculator declares them too).
pub const DEMAND: ArgSpec = ArgSpec::optional(
    "demand",
    ArgKind::Number,
    ArgValue::Number(defaults::DEMAND),
    "new requests per second from the whole fleet",
);
/// `capacity`.
pub const CAPACITY: ArgSpec = ArgSpec::optional(
    "capacity",
    ArgKind::Number,
    ArgValue::Number(defaults::CAPACITY),
    "calls per second the service completes",
);
/// `horizon`.
pub const HORIZON: ArgSpec = ArgSpec::optional(
    "horizon",
    ArgKind::Duration,
    ArgValue::Duration(Delay::from_ms_const(defaults::HORIZON_MS)),
    "how long after the outage to simulate (10s to 1h)",
);
/// `queue`.
pub const QUEUE: ArgSpec = ArgSpec::optional(
    "queue",
    ArgKind::IntegerOrNone,
    ArgValue::IntegerOrNone(None),
    "the most calls waiting at the service, or none",
);
/// `shed`.
pub const SHED: ArgSpec = ArgSpec::optional(
    "shed",
    ArgKind::Bool,
    ArgValue::Bool(false),
    "the server skips calls that can no longer finish within their client's timeout",
);
/// `budget`.
pub const BUDGET: ArgSpec = ArgSpec::optional(
    "budget",
    ArgKind::Budgets,
    ArgValue::Budgets(Cow::Borrowed(&Budget::ALL)),
    "retry budgets to compare: all, one, or a list",
);

/// The arguments: the schedule's, the load's, one per budget setting, and `show`.
static ARGS: std::sync::LazyLock<Vec<ArgSpec>> = std::sync::LazyLock::new(|| {
    let mut args = vec![
        BASE,
        FACTOR,
        CAP,
        ATTEMPTS,
        ArgSpec::optional(
            "jitter",
            ArgKind::Strategies,
            ArgValue::Strategies(Cow::Borrowed(&[Strategy::Full])),
            "strategies to simulate, one chart each",
        ),
        SEED,
        CLIENTS,
        DEMAND,
        CAPACITY,
        ArgSpec::optional(
            "timeout",
            ArgKind::Duration,
            ArgValue::Duration(Delay::from_ms_const(defaults::TIMEOUT_MS)),
            "how long a client waits for a call",
        ),
        ArgSpec::optional(
            "outage",
            ArgKind::Duration,
            ArgValue::Duration(Delay::from_ms_const(defaults::OUTAGE_MS)),
            "how long the service is down",
        ),
        HORIZON,
        QUEUE,
        SHED,
        BUDGET,
    ];
    args.extend(setting_args());
    args.push(ArgSpec::optional(
        "show",
        ArgKind::Choice(Cow::Borrowed(&SHOW)),
        ArgValue::Str(Cow::Borrowed("chart")),
        "the chart or the table, or one figure for a sentence",
    ));
    args
});

/// One argument per budget setting, with the library's default.
pub fn setting_args() -> impl Iterator<Item = ArgSpec> {
    SETTINGS.iter().map(|s| ArgSpec {
        name: Cow::Borrowed(s.name),
        kind: match s.kind {
            SettingKind::Seconds => ArgKind::Duration,
            SettingKind::Whole => ArgKind::Integer,
            SettingKind::Number => ArgKind::Number,
        },
        default: Some(match s.kind {
            SettingKind::Seconds => ArgValue::Duration(Delay::from_ms_const(s.default)),
            SettingKind::Whole => ArgValue::Integer(s.default as u64),
            SettingKind::Number => ArgValue::Number(s.default),
        }),
        doc: Cow::Borrowed(s.doc),
    })
}

/// The validated inputs of the load's arguments; a bad value names its argument. `timeout` and
/// `outage` are the arguments so named (the calculator passes its own names).
pub fn inputs(
    args: &Args,
    timeout: &str,
    outage: &str,
    budgets: Vec<Budget>,
) -> Result<Inputs, ArgError> {
    let mut settings = Settings::default();
    // The calculator does not declare the settings: the libraries' defaults then.
    for spec in SETTINGS.iter().filter(|s| args.value(s.name).is_some()) {
        let value = match spec.kind {
            SettingKind::Seconds => args.duration(spec.name)?.as_ms(),
            SettingKind::Whole => args.integer(spec.name)? as f64,
            SettingKind::Number => args.number(spec.name)?,
        };
        settings
            .set(spec.name, value)
            .map_err(|e| ArgError::new(spec.name, e.to_string()))?;
    }
    let queue = match args.integer_or_none("queue")? {
        Some(q) => Some(u32::try_from(q).map_err(|_| {
            ArgError::new(
                "queue",
                format!(
                    "`queue` is {q}, but it must be a whole number from 0 to 10000000, or none"
                ),
            )
        })?),
        None => None,
    };
    Inputs::builder()
        .demand(args.number("demand")?)
        .capacity(args.number("capacity")?)
        .timeout(args.duration(timeout)?)
        .outage(args.duration(outage)?)
        .horizon(args.duration("horizon")?)
        .queue(queue)
        .shed(args.bool("shed")?)
        .budgets(budgets)
        .settings(settings)
        .build()
        .map_err(|e| {
            let arg = match e.param.name() {
                "timeout" => timeout,
                "outage" => outage,
                other => other,
            };
            ArgError::new(arg, e.message(arg))
        })
}

impl Shortcode for BackoffRecovery {
    fn name(&self) -> &str {
        "backoff_recovery"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "Whether a fleet lets a service recover after an outage, per retry budget: a load chart \
         or table, or one figure inline."
    }
    fn placement(&self) -> Placement {
        Placement::Both
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params(args, "attempts")?;
        let inputs = inputs(args, "timeout", "outage", args.budgets("budget")?.to_vec())?;
        let show = args.str("show")?;
        if matches!(show, "chart" | "queue" | "table") && !ctx.block {
            return Err(ArgError {
                arg: Some("show".into()),
                message: format!("the {show} is a block, but this call stands inside a sentence"),
                help: Some(
                    "put it in a paragraph of its own, or pick one figure: `show=verdict`, …"
                        .into(),
                ),
            });
        }
        let recovery = self.0.get(&p, &inputs, ctx.timings);
        let lang = ctx.lang;
        let (_, markdown) = table(&recovery, &p, lang);
        let charts = |measure| {
            p.strategies()
                .iter()
                .map(|&s| chart_html(&recovery, &p, s, measure, lang))
                .collect()
        };
        match show {
            "chart" => Ok(Expansion {
                html: charts(Measure::Load),
                markdown,
                text: None,
            }),
            "queue" => Ok(Expansion {
                html: charts(Measure::Queue),
                markdown,
                text: None,
            }),
            "table" => Ok(Expansion {
                html: table(&recovery, &p, lang).0,
                markdown,
                text: None,
            }),
            _ => value(&recovery, &p, &inputs, show, ctx),
        }
    }
}

/// One figure for a sentence.
fn value(
    recovery: &Recovery,
    params: &Params,
    inputs: &Inputs,
    show: &str,
    ctx: &Context,
) -> Result<Expansion, ArgError> {
    let what = format!("`show={show}`");
    let strategy = one_strategy(params, &what)?;
    let budget = match inputs.budgets() {
        [b] => *b,
        _ => {
            return Err(ArgError {
                arg: Some("budget".into()),
                message: format!("{what} is one budget's: name exactly one in `budget`"),
                help: Some("e.g. `budget=grpc`".into()),
            })
        }
    };
    let s = &recovery
        .run(strategy, budget)
        .expect("every strategy under every budget was simulated")
        .summary;
    let lang = ctx.lang;
    let share = |x: f64| data_expansion(x, &format_percent(x, lang), ctx);
    let count = |x: f64| data_expansion(x, &format_number(x, 0, lang), ctx);
    match show {
        "verdict" => {
            let text = verdict(s, recovery, lang);
            let mut html = String::new();
            push_escaped(&mut html, &text);
            Ok(Expansion {
                html: if ctx.block {
                    format!("<p>{html}</p>\n")
                } else {
                    html
                },
                markdown: text,
                text: None,
            })
        }
        "recovered_after" => match s.recovered_after_ms {
            Some(ms) => Ok(data_expansion(ms, &format_duration(ms, lang), ctx)),
            None => Err(ArgError {
                arg: Some("show".into()),
                message: format!(
                    "the service does not recover within the horizon ({}), so {what} has no \
                     value",
                    format_duration(inputs.horizon().as_ms(), crate::i18n::Lang::En)
                ),
                help: Some("say so with `show=verdict`, or lengthen `horizon`".into()),
            }),
        },
        "peak_load" => Ok(data_expansion(s.peak_load, &times(s.peak_load, lang), ctx)),
        "given_up" => Ok(share(s.requests_given_up)),
        "wasted_work" => Ok(share(s.wasted_work)),
        "retries_sent" => Ok(count(s.retries_sent as f64)),
        "retries_refused" => Ok(count(s.retries_refused as f64)),
        "max_retries_per_client" => Ok(count(f64::from(s.max_retries_per_client_during_outage))),
        _ => Err(ArgError::new("show", format!("unknown value {what}"))),
    }
}

/// The figures of every strategy and budget as a table (a `<figure class="backoff
/// backoff-recovery">`), and as GFM.
pub fn table(recovery: &Recovery, params: &Params, lang: Lang) -> (String, String) {
    let caption = describe(recovery, params, lang);
    let heads = headings(recovery.inputs().trigger(), lang);
    let strategies = params.strategies();
    let several = strategies.len() > 1;
    let mut h = String::with_capacity(4096);
    let mut md = String::with_capacity(2048);
    h.push_str(
        "<figure class=\"backoff backoff-recovery\">\n<div class=\"scroll\" tabindex=\"0\" \
         role=\"region\" aria-label=\"",
    );
    push_escaped(&mut h, &caption);
    h.push_str("\">\n<table class=\"backoff-table backoff-recovery-table\">\n<caption>");
    push_escaped(&mut h, &caption);
    h.push_str("</caption>\n<thead>\n<tr>");
    let _ = write!(md, "*{}*\n\n|", caption.replace('\u{a0}', " "));
    if several {
        let label = lang.words().table.strategy;
        let _ = write!(h, "<th scope=\"col\">{label}</th>");
        let _ = write!(md, " {label} |");
    }
    for head in heads {
        let _ = write!(h, "<th scope=\"col\">{head}</th>");
        let _ = write!(md, " {head} |");
    }
    h.push_str("</tr>\n</thead>\n<tbody>\n");
    md.push_str("\n|");
    if several {
        md.push_str(" --- |");
    }
    md.push_str(" --- | --- |");
    for _ in 2..heads.len() {
        md.push_str(" ---: |");
    }
    md.push('\n');
    for &strategy in strategies {
        for run in recovery.runs.iter().filter(|r| r.strategy == strategy) {
            let cells = row_cells(run, recovery, lang);
            let s = &run.summary;
            let values = [
                None,
                s.recovered_after_ms,
                Some(s.peak_load),
                Some(s.requests_given_up),
                Some(s.wasted_work),
                Some(s.retries_sent as f64),
                Some(s.retries_refused as f64),
                Some(f64::from(s.max_retries_per_client_during_outage)),
            ];
            h.push_str("<tr>");
            md.push('|');
            if several {
                let _ = write!(
                    h,
                    "<td data-label=\"{}\">{}</td>",
                    lang.words().table.strategy,
                    strategy_label(strategy)
                );
                let _ = write!(md, " {} |", strategy_label(strategy));
            }
            for (i, (cell, value)) in cells.iter().zip(values).enumerate() {
                if i == 0 {
                    h.push_str("<th scope=\"row\">");
                    push_escaped(&mut h, cell);
                    h.push_str("</th>");
                } else {
                    h.push_str(if i == 1 {
                        "<td class=\"verdict\" data-label=\""
                    } else {
                        "<td data-label=\""
                    });
                    push_escaped(&mut h, heads[i]);
                    h.push_str("\">");
                    match value {
                        Some(v) => push_data(&mut h, v, |h| push_escaped(h, cell)),
                        None => push_escaped(&mut h, cell),
                    }
                    h.push_str("</td>");
                }
                let _ = write!(md, " {} |", cell.replace('\u{a0}', " "));
            }
            h.push_str("</tr>\n");
            md.push('\n');
        }
    }
    h.push_str("</tbody>\n</table>\n</div>\n</figure>\n");
    (h, md)
}

/// `−5 s`, `0`, `10 s`: a tick's time from the outage's start, in seconds on an axis that ends
/// by 10 minutes, else in minutes (the ticks are whole ones then).
pub fn tick_label(ms: f64, end: f64, lang: Lang) -> String {
    if ms == 0.0 {
        return "0".into();
    }
    let unit = if end <= 600_000.0 {
        TimeUnit::Seconds
    } else {
        TimeUnit::Minutes
    };
    let sign = if ms < 0.0 { "−" } else { "" };
    format!(
        "{sign}{}\u{a0}{}",
        format_number(ms.abs() / unit.ms(), 0, lang),
        unit.symbol(lang)
    )
}

/// One strategy's chart of `measure`: a `<figure class="backoff-chart backoff-recovery">`.
pub fn chart_html(
    recovery: &Recovery,
    params: &Params,
    strategy: Strategy,
    measure: Measure,
    lang: Lang,
) -> String {
    let w = &lang.words().recovery;
    let i = recovery.inputs();
    let runs: Vec<_> = recovery
        .runs
        .iter()
        .filter(|r| r.strategy == strategy)
        .collect();
    let per = recovery_chart::bins_per_column(runs.first().map_or(0, |r| r.bins.len()));
    let strips: Vec<Strip> = runs
        .iter()
        .map(|r| Strip {
            class: r.budget.name(),
            label: budget_label(r.budget, lang),
            verdict: verdict(&r.summary, recovery, lang),
            columns: recovery_chart::columns(&r.bins, per, measure),
        })
        .collect();
    let column = format_duration(per as f64 * BIN_MS, lang);
    let t = trigger_words(i.trigger(), lang);
    let (title, line, note, keys) = match measure {
        Measure::Load => {
            let line = i.capacity() * per as f64 * BIN_MS / 1000.0;
            (
                w.chart_title,
                line,
                fill(
                    w.chart_note,
                    &[
                        ("column", &column),
                        ("per_bin", &format_number(line, 1, lang)),
                        ("band", t.name),
                    ],
                ),
                [
                    ("first", w.first_calls),
                    ("retry", w.retry_calls),
                    ("capacity", w.capacity_line),
                ],
            )
        }
        Measure::Queue => {
            let line = i.capacity() * i.timeout().as_ms() / 1000.0;
            (
                w.queue_title,
                line,
                fill(
                    w.queue_note,
                    &[("column", &column), ("line", &format_number(line, 0, lang))],
                ),
                [("queue", w.waiting), ("capacity", w.timeout_line), ("", "")],
            )
        }
    };
    let title = fill(title, &[("strategy", strategy_label(strategy))]);
    let mut s = String::with_capacity(16 * 1024);
    let _ = writeln!(
        s,
        "<figure class=\"backoff-chart backoff-recovery\" data-strategy=\"{}\">",
        strategy.name()
    );
    s.push_str(&recovery_chart::svg(
        &title,
        t.axis,
        measure,
        &strips,
        i.end_ms(),
        i.outage().as_ms(),
        line,
        |ms| tick_label(ms, i.end_ms(), lang),
    ));
    s.push_str("<figcaption>");
    s.push_str(&escape(&title));
    s.push_str(". ");
    s.push_str(&escape(&describe(recovery, params, lang)));
    s.push_str("\n<span class=\"legend\">");
    for (class, text) in keys.iter().filter(|(c, _)| !c.is_empty()) {
        let _ = write!(s, "<span class=\"key {class}\"></span>{}", escape(text));
    }
    let _ = writeln!(
        s,
        "<span class=\"key band\"></span>{}</span>",
        escape(t.name)
    );
    s.push_str(&escape(&note));
    s.push_str("\n<ul class=\"recovery\">\n");
    for r in &runs {
        let _ = writeln!(s, "<li>{}</li>", escape(&fact(r, recovery, lang)));
    }
    s.push_str("</ul></figcaption>\n</figure>\n");
    s
}
