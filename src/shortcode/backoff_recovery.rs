//! `backoff_recovery(base, factor, cap, attempts, jitter, seed, clients, demand, capacity,
//! timeout, outage, horizon, queue, shed, budget, breaker, <budget and breaker settings>, show)`
//! — will the service come back after an outage (SPEC §8)?
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
//!
//! `trigger` (SPEC §9) is `outage` (the default), `slowdown` (with `degraded`, the share of
//! capacity left: `0.5` or `50%`) or `surge` (with `surge`, the multiple of demand); `outage` is
//! its length. The frontier's figures are searched once and kept between builds: as a block,
//! `show=frontier` (a table of what each budget survives, the capacity it needs and the verdict
//! with the inputs), `show=map` (the edge of the vulnerable region: the longest trigger survived
//! at utilizations 50 % to 90 %, per budget) and `show=advice` (one sentence about the first
//! budget); inline, `show=longest_trigger` ("1.75 s", "at least 2 min") and
//! `show=capacity_needed` ("1,040 calls/s (1.3× the demand)", "more than 10× the demand").
//!
//! `breaker` (SPEC §10) names circuit breakers to compare instead of budgets (`all`, one, or a
//! list; budget none, the budget when none is written): the chart's strips and the table's rows
//! are then the breakers', the table with the calls each rejected and the times it opened, and
//! an inline figure is one breaker's, with `show=breaker_trips` and `show=rejected_by_breaker`
//! besides. The frontier is not searched for breakers yet.

use std::borrow::Cow;
use std::fmt::Write;

use super::common::{
    data_expansion, one_strategy, params, FrontierCache, RecoveryCache, ATTEMPTS, BASE, CAP,
    CLIENTS, FACTOR, SEED,
};
use super::recovery_args::{
    inputs, setting_args, BREAKER, BUDGET, CAPACITY, DEGRADED, DEMAND, HORIZON, QUEUE, SHED, SURGE,
    TRIGGER,
};
use super::recovery_chart::{self, Measure, Strip};
use super::recovery_frontier;
use super::recovery_table::{compared, table};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Delay, Params, Strategy};
use crate::html::{escape, push_escaped};
use crate::i18n::{
    fill, format_duration, format_number, format_percent, strategy_label, Lang, TimeUnit,
};
use crate::recovery::render::{
    capacity_text, describe, fact, longest_text, times, trigger_words, verdict,
};
use crate::recovery::{defaults, Budget, Frontiers, Inputs, Recovery, Run, BIN_MS};

/// The `backoff_recovery` shortcode.
pub struct BackoffRecovery(
    pub std::sync::Arc<RecoveryCache>,
    pub std::sync::Arc<FrontierCache>,
);

/// What `show` may be.
const SHOW: [Cow<'static, str>; 18] = [
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
    Cow::Borrowed("breaker_trips"),
    Cow::Borrowed("rejected_by_breaker"),
    Cow::Borrowed("frontier"),
    Cow::Borrowed("map"),
    Cow::Borrowed("advice"),
    Cow::Borrowed("longest_trigger"),
    Cow::Borrowed("capacity_needed"),
];

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
        BREAKER,
        TRIGGER,
        DEGRADED,
        SURGE,
    ];
    args.extend(setting_args());
    args.push(ArgSpec::optional(
        "show",
        ArgKind::Choice(Cow::Borrowed(&SHOW)),
        ArgValue::Str(Cow::Borrowed("chart")),
        "the chart, the table, the frontier, its map or the advice, or one figure for a sentence",
    ));
    args
});

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
        if matches!(show, "chart" | "queue" | "table" | "frontier" | "map") && !ctx.block {
            return Err(ArgError {
                arg: Some("show".into()),
                message: format!("the {show} is a block, but this call stands inside a sentence"),
                help: Some(
                    "put it in a paragraph of its own, or pick one figure: `show=verdict`, …"
                        .into(),
                ),
            });
        }
        let searched = matches!(
            show,
            "frontier" | "map" | "advice" | "longest_trigger" | "capacity_needed"
        );
        if searched && !inputs.breakers().is_empty() {
            return Err(ArgError {
                arg: Some("breaker".into()),
                message: format!(
                    "`show={show}` is searched for the retry budgets, not yet for circuit breakers"
                ),
                help: Some(
                    "leave `breaker` out, or show the breakers' chart, table or one figure".into(),
                ),
            });
        }
        if searched {
            Frontiers::check(&inputs).map_err(|e| ArgError::new("demand", e.message("demand")))?;
        }
        let recovery = self.0.get(&p, &inputs, ctx.kept, ctx.timings);
        let frontiers = |map| {
            self.1
                .get(&p, &inputs, map, &recovery, ctx.kept, ctx.timings)
        };
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
            "frontier" => {
                let (html, markdown) =
                    recovery_frontier::table(&recovery, &frontiers(false), &p, lang);
                Ok(Expansion {
                    html,
                    markdown,
                    text: None,
                })
            }
            "map" => {
                let f = frontiers(true);
                let mut html = String::new();
                let mut markdown = String::new();
                for &s in p.strategies() {
                    let (h, md) = recovery_frontier::map_html(&recovery, &f, s, lang);
                    html.push_str(&h);
                    markdown.push_str(&md);
                    markdown.push('\n');
                }
                Ok(Expansion {
                    html,
                    markdown: markdown.trim_end().to_string(),
                    text: None,
                })
            }
            "advice" => {
                let strategy = one_strategy(&p, "`show=advice`")?;
                let first = inputs.budgets()[0];
                let alternatives =
                    self.1
                        .alternatives(&p, &inputs, strategy, first, ctx.kept, ctx.timings);
                let text = recovery_frontier::advice(
                    &recovery,
                    &frontiers(false),
                    strategy,
                    &alternatives,
                    lang,
                )
                .expect("the strategy and its first budget were searched");
                let mut html = String::new();
                push_escaped(&mut html, &text);
                Ok(Expansion {
                    html: if ctx.block {
                        format!("<p class=\"advice\">{html}</p>\n")
                    } else {
                        html
                    },
                    markdown: text,
                    text: None,
                })
            }
            "longest_trigger" | "capacity_needed" => {
                let strategy = one_strategy(&p, &format!("`show={show}`"))?;
                let budget = one_budget(&inputs, show)?;
                let f = frontiers(false);
                let f = f.get(strategy, budget).expect("searched");
                Ok(match show {
                    "longest_trigger" => {
                        data_expansion(f.longest.ms, &longest_text(&f.longest, lang), ctx)
                    }
                    _ => {
                        let text = capacity_text(f.capacity_needed, inputs.demand(), lang);
                        match f.capacity_needed {
                            Some(c) => data_expansion(c, &text, ctx),
                            None => {
                                let mut html = String::new();
                                push_escaped(&mut html, &text);
                                Expansion {
                                    html,
                                    markdown: text,
                                    text: None,
                                }
                            }
                        }
                    }
                })
            }
            _ => value(&recovery, &p, &inputs, show, ctx),
        }
    }
}

/// The one budget an inline figure is about.
fn one_budget(inputs: &Inputs, show: &str) -> Result<Budget, ArgError> {
    match inputs.budgets() {
        [b] => Ok(*b),
        _ => Err(ArgError {
            arg: Some("budget".into()),
            message: format!("`show={show}` is one budget's: name exactly one in `budget`"),
            help: Some("e.g. `budget=grpc`".into()),
        }),
    }
}

/// The one run an inline figure is about: one budget's, or with breakers one breaker's.
fn one_run<'a>(
    recovery: &'a Recovery,
    inputs: &Inputs,
    strategy: Strategy,
    show: &str,
) -> Result<&'a Run, ArgError> {
    let breakers = inputs.breakers();
    if breakers.is_empty() {
        if matches!(show, "breaker_trips" | "rejected_by_breaker") {
            return Err(ArgError {
                arg: Some("breaker".into()),
                message: format!("`show={show}` is a circuit breaker's: name one in `breaker`"),
                help: Some("e.g. `breaker=polly`".into()),
            });
        }
        let budget = one_budget(inputs, show)?;
        return Ok(recovery.run(strategy, budget).expect("simulated"));
    }
    match breakers {
        [b] => Ok(recovery.breaker_run(strategy, *b).expect("simulated")),
        _ => Err(ArgError {
            arg: Some("breaker".into()),
            message: format!("`show={show}` is one breaker's: name exactly one in `breaker`"),
            help: Some("e.g. `breaker=resilience4j`".into()),
        }),
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
    let s = &one_run(recovery, inputs, strategy, show)?.summary;
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
        "breaker_trips" => Ok(count(s.breaker_trips as f64)),
        "rejected_by_breaker" => Ok(count(s.calls_rejected_by_breaker as f64)),
        _ => Err(ArgError::new("show", format!("unknown value {what}"))),
    }
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
    let runs = compared(recovery, strategy, lang);
    let per = recovery_chart::bins_per_column(runs.first().map_or(0, |(r, _)| r.bins.len()));
    let strips: Vec<Strip> = runs
        .iter()
        .map(|&(r, label)| Strip {
            class: if recovery.breakers.is_empty() {
                r.budget.name()
            } else {
                r.breaker.name()
            },
            label,
            verdict: verdict(&r.summary, recovery, lang),
            columns: recovery_chart::columns(&r.bins, per, measure),
        })
        .collect();
    let column = format_duration(per as f64 * BIN_MS, lang);
    let t = trigger_words(i.trigger(), lang);
    let b = &w.breakers;
    let among_breakers = !recovery.breakers.is_empty();
    let (title, line, note, keys) = match measure {
        Measure::Load => {
            let line = i.capacity() * per as f64 * BIN_MS / 1000.0;
            (
                if among_breakers {
                    b.chart_title
                } else {
                    w.chart_title
                },
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
                if among_breakers {
                    b.queue_title
                } else {
                    w.queue_title
                },
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
    for &(r, label) in &runs {
        let _ = writeln!(s, "<li>{}</li>", escape(&fact(r, label, recovery, lang)));
    }
    s.push_str("</ul></figcaption>\n</figure>\n");
    s
}
