//! `backoff_odds(base, factor, cap, attempts, jitter, seed, fail, timeout, deadline, clients,
//! show)` — what a schedule means for the requests (SPEC §7).
//!
//! As a block (`show=table`, the default): a table with one column per strategy and one row per
//! measure — P(success), the load multiplier, the time to success at p50/p90/p99, P(success
//! within the deadline), the longest time before giving up, and the deadline fit (most attempts,
//! largest base). Every number is a `<data value>` (shares as shares, durations in
//! milliseconds); the `index.md` twin gets the same table in GFM.
//!
//! Inline, `show=` picks one value for a sentence: "with these settings
//! `<< backoff_odds(…, show=p_fail) >>` of requests still fail". `p_success`, `p_fail` and
//! `expected_calls` are the same for every strategy; the others need `jitter` to name one.

use std::borrow::Cow;

use super::common::{
    data_expansion, one_strategy, params_without_fleet, OddsCache, ATTEMPTS, BASE, CAP, FACTOR,
    JITTER, SEED,
};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Delay, Param, Params};
use crate::html::{push_data, push_escaped};
use crate::i18n::{format_duration, format_number, format_probability, strategy_label, Lang};
use crate::odds::render::{describe_inputs, odds_rows, Row, MISSING};
use crate::odds::{Inputs, Odds};
use crate::report::describe_params;

/// The `backoff_odds` shortcode.
pub struct BackoffOdds(pub std::sync::Arc<OddsCache>);

/// `fail`: the chance that one call fails.
const FAIL: ArgSpec = ArgSpec::required(
    "fail",
    ArgKind::Number,
    "the chance that one call fails: `0.3`, `30%` or `%30`",
);
/// `timeout`: how long a failing call takes.
pub(super) const TIMEOUT: ArgSpec = ArgSpec::optional(
    "timeout",
    ArgKind::Duration,
    ArgValue::Duration(Delay::ZERO),
    "how long a failing call takes",
);
/// `clients`: requests simulated per jittered strategy (SPEC §7's default, not the fleet's).
pub(super) const ODDS_CLIENTS: ArgSpec = ArgSpec::optional(
    "clients",
    ArgKind::Integer,
    ArgValue::Integer(crate::odds::DEFAULT_CLIENTS as u64),
    "requests simulated per jittered strategy (1–100000)",
);

static ARGS: [ArgSpec; 11] = [
    BASE,
    FACTOR,
    CAP,
    ATTEMPTS,
    JITTER,
    SEED,
    FAIL,
    TIMEOUT,
    ArgSpec::optional(
        "deadline",
        ArgKind::DurationOrNone,
        ArgValue::DurationOrNone(None),
        "the deadline a request should finish within, or none",
    ),
    ODDS_CLIENTS,
    ArgSpec::optional(
        "show",
        ArgKind::Choice(Cow::Borrowed(&[
            Cow::Borrowed("table"),
            Cow::Borrowed("p_success"),
            Cow::Borrowed("p_fail"),
            Cow::Borrowed("expected_calls"),
            Cow::Borrowed("p50"),
            Cow::Borrowed("p90"),
            Cow::Borrowed("p99"),
            Cow::Borrowed("p_within_deadline"),
            Cow::Borrowed("give_up_worst"),
            Cow::Borrowed("fit_attempts"),
            Cow::Borrowed("fit_base"),
        ])),
        ArgValue::Str(Cow::Borrowed("table")),
        "the table, or one value for a sentence",
    ),
];

impl Shortcode for BackoffOdds {
    fn name(&self) -> &str {
        "backoff_odds"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "The odds under the schedule (success, calls per request, time to success, deadline fit) as a table, or one of them inline."
    }
    fn placement(&self) -> Placement {
        Placement::Both
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params_without_fleet(args)?;
        let fail = args.number("fail")?;
        let deadline = args.duration_or_none("deadline")?;
        let inputs = inputs(args, &p, Some(fail), deadline, None)?;
        let show = args.str("show")?;
        if show == "table" && !ctx.block {
            return Err(ArgError {
                arg: Some("show".into()),
                message: "the odds table is a block, but this call stands inside a sentence".into(),
                help: Some(
                    "put it in a paragraph of its own, or pick one value: `show=p_fail`, \
                     `show=p99`, …"
                        .into(),
                ),
            });
        }
        let odds = self.0.get(&p, &inputs, ctx.timings);
        if show == "table" {
            let (html, markdown) = table(&odds, &p, ctx.lang);
            return Ok(Expansion {
                html,
                markdown,
                text: None,
            });
        }
        value(&odds, &p, show, ctx)
    }
}

/// Validated odds inputs from checked arguments; an error names its argument.
pub(super) fn inputs(
    args: &Args,
    params: &Params,
    fail: Option<f64>,
    deadline: Option<Delay>,
    outage: Option<Delay>,
) -> Result<Inputs, ArgError> {
    let clients = crate::backoff::count(Param::OddsClients, args.integer("clients")?)
        .map_err(|e| ArgError::new("clients", e.to_string()))?;
    Inputs::builder()
        .fail(fail)
        .timeout(args.duration("timeout")?)
        .deadline(deadline)
        .outage(outage)
        .clients(clients)
        .build(params)
        .map_err(|e| {
            let message = if e.param == Param::Fail {
                // The number as written (`130%`) is underlined; 1.3 would only confuse.
                format!("`fail` {}", e.allowed.trim_start_matches("it "))
            } else {
                e.to_string()
            };
            ArgError::new(e.param.name(), message)
        })
}

/// The table as HTML (a `<figure class="backoff backoff-odds">`) and as GFM.
pub(super) fn table(odds: &Odds, params: &Params, lang: Lang) -> (String, String) {
    let caption = format!(
        "{}. {}",
        describe_params(params, lang),
        describe_inputs(odds, params, lang)
    );
    let rows = odds_rows(odds, params, lang);
    let strategies = params.strategies();
    let head = lang.words().table.strategy;
    let mut h = String::with_capacity(1024 + rows.len() * strategies.len() * 96);
    let mut md = String::with_capacity(256 + rows.len() * strategies.len() * 24);

    h.push_str("<figure class=\"backoff backoff-odds\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"");
    push_escaped(&mut h, &caption);
    h.push_str("\">\n<table class=\"backoff-table backoff-odds-table\">\n<caption>");
    push_escaped(&mut h, &caption);
    h.push_str("</caption>\n<thead>\n<tr><th scope=\"col\">");
    h.push_str(head);
    h.push_str("</th>");
    md.push('*');
    md.push_str(&caption);
    md.push_str("*\n\n| ");
    md.push_str(head);
    md.push_str(" |");
    for &s in strategies {
        h.push_str("<th scope=\"col\">");
        h.push_str(strategy_label(s));
        h.push_str("</th>");
        md.push(' ');
        md.push_str(strategy_label(s));
        md.push_str(" |");
    }
    h.push_str("</tr>\n</thead>\n<tbody>\n");
    md.push_str("\n| --- |");
    for _ in strategies {
        md.push_str(" ---: |");
    }
    md.push('\n');
    for Row { label, cells } in &rows {
        h.push_str("<tr><th scope=\"row\">");
        push_escaped(&mut h, label);
        h.push_str("</th>");
        md.push_str("| ");
        md.push_str(label);
        md.push_str(" |");
        for (cell, &s) in cells.iter().zip(strategies) {
            h.push_str("<td data-label=\"");
            h.push_str(strategy_label(s));
            h.push_str("\">");
            md.push(' ');
            match cell {
                Some(c) => {
                    push_data(&mut h, c.value, |h| push_escaped(h, &c.text));
                    md.push_str(&c.text);
                }
                None => {
                    h.push_str(MISSING);
                    md.push_str(MISSING);
                }
            }
            h.push_str("</td>");
            md.push_str(" |");
        }
        h.push_str("</tr>\n");
        md.push('\n');
    }
    h.push_str("</tbody>\n</table>\n</div>\n</figure>\n");
    (h, md)
}

/// One value for a sentence (`show=` other than `table`).
fn value(odds: &Odds, params: &Params, show: &str, ctx: &Context) -> Result<Expansion, ArgError> {
    let lang = ctx.lang;
    let share = |p: f64| data_expansion(p, &format_probability(p, lang), ctx);
    let duration = |ms: f64| data_expansion(ms, &format_duration(ms, lang), ctx);
    let needs_deadline = || {
        ArgError::new(
            "show",
            format!("`show={show}` is about a deadline: give one with `deadline=…`"),
        )
    };
    match show {
        // `fail` is a required argument, so these are always there.
        "p_success" => return Ok(share(odds.p_success.unwrap_or_default())),
        "p_fail" => return Ok(share(odds.p_fail.unwrap_or_default())),
        "expected_calls" => {
            let e = odds.expected_calls.unwrap_or_default();
            return Ok(data_expansion(e, &format_number(e, 2, lang), ctx));
        }
        _ => {}
    }
    let what = format!("`show={show}`");
    let strategy = one_strategy(params, &what)?;
    let s = odds
        .strategy(strategy)
        .ok_or_else(|| ArgError::new("jitter", "no such strategy"))?;
    let quantile = |i: usize| {
        s.success_ms
            .and_then(|q| q[i])
            .map(duration)
            .ok_or_else(|| {
                ArgError::new(
                    "fail",
                    format!("no request succeeds with `fail` = 1, so {what} has no value"),
                )
            })
    };
    match show {
        "p50" => quantile(0),
        "p90" => quantile(1),
        "p99" => quantile(2),
        "p_within_deadline" => s.p_within_deadline.map(share).ok_or_else(needs_deadline),
        "give_up_worst" => Ok(duration(s.give_up_worst_ms)),
        "fit_attempts" => match s.fit_attempts.ok_or_else(needs_deadline)? {
            Some(a) => Ok(data_expansion(f64::from(a), &a.to_string(), ctx)),
            None => Err(ArgError::new(
                "deadline",
                "not even the first call fits: `timeout` is longer than `deadline`",
            )),
        },
        "fit_base" => match s.fit_base_ms.ok_or_else(needs_deadline)? {
            Some(b) => Ok(duration(b)),
            None => Err(ArgError::new(
                "deadline",
                "no base of 1 ms or more fits this deadline with these attempts and timeout",
            )),
        },
        _ => Err(ArgError::new("show", format!("unknown value {what}"))),
    }
}
