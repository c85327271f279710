//! `backoff_outage(base, factor, cap, attempts, jitter, seed, timeout, outage, clients, show)` —
//! who meets the service when it comes back after an outage (SPEC §7).
//!
//! As a block (`show=chart`, the default): an inline SVG (no script) with one strip per
//! strategy, the successful calls after the recovery binned over a shared time axis (round
//! 1-2-5 ticks) on one shared count scale, so a synchronized herd towers over a spread one; the
//! first 100 ms after the recovery are shaded. The figure's caption carries the same facts as a
//! list, and the `index.md` twin gets that list.
//!
//! Inline, `show=` picks one value of one strategy (`jitter` names it): `give_up_share`, `p50`,
//! `p99` (the delay after the recovery) or `first_100ms` (the share that arrives in the first
//! 100 ms).
//!
//! The SVG is drawn for a 400-unit-wide view box with 14-unit text, so a chart scaled down to a
//! 390 px phone screen still shows its text at 12 px or more; texts carry `stroke="none"` and
//! sit outside the stroked axis group, so they never inherit a stroke.

use std::borrow::Cow;
use std::fmt::Write;

use super::backoff_odds::{inputs, ODDS_CLIENTS, TIMEOUT};
use super::common::{
    data_expansion, one_strategy, params_without_fleet, OddsCache, ATTEMPTS, BASE, CAP, FACTOR,
    JITTER, SEED,
};
use super::strips::{self, Strip, Tick};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Params, Strategy};
use crate::html::escape;
use crate::i18n::{fill, format_duration, format_number, format_probability, strategy_label, Lang};
use crate::odds::{Odds, Outage, FIRST_WINDOW_MS};

/// The `backoff_outage` shortcode.
pub struct BackoffOutage(pub std::sync::Arc<OddsCache>);

static ARGS: [ArgSpec; 10] = [
    BASE,
    FACTOR,
    CAP,
    ATTEMPTS,
    JITTER,
    SEED,
    TIMEOUT,
    ArgSpec::required(
        "outage",
        ArgKind::Duration,
        "how long the service is down, from the moment every request fails",
    ),
    ODDS_CLIENTS,
    ArgSpec::optional(
        "show",
        ArgKind::Choice(Cow::Borrowed(&[
            Cow::Borrowed("chart"),
            Cow::Borrowed("give_up_share"),
            Cow::Borrowed("p50"),
            Cow::Borrowed("p99"),
            Cow::Borrowed("first_100ms"),
        ])),
        ArgValue::Str(Cow::Borrowed("chart")),
        "the chart, or one value for a sentence",
    ),
];

impl Shortcode for BackoffOutage {
    fn name(&self) -> &str {
        "backoff_outage"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "Who meets a service coming back after an outage, as a chart, or one number inline."
    }
    fn placement(&self) -> Placement {
        Placement::Both
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params_without_fleet(args)?;
        let inputs = inputs(args, &p, None, None, Some(args.duration("outage")?))?;
        let show = args.str("show")?;
        if show == "chart" && !ctx.block {
            return Err(ArgError {
                arg: Some("show".into()),
                message: "the outage chart is a block, but this call stands inside a sentence"
                    .into(),
                help: Some(
                    "put it in a paragraph of its own, or pick one value: `show=first_100ms`, …"
                        .into(),
                ),
            });
        }
        let odds = self.0.get(&p, &inputs, ctx.timings);
        if show == "chart" {
            let mut markdown = format!("*{}*\n\n", title(&odds, ctx.lang));
            for f in facts(&odds, &p, ctx.lang) {
                markdown.push_str("- ");
                markdown.push_str(&f);
                markdown.push('\n');
            }
            return Ok(Expansion {
                html: chart_html(&odds, &p, ctx.lang),
                markdown,
                text: None,
            });
        }
        let what = format!("`show={show}`");
        let strategy = one_strategy(&p, &what)?;
        let o = outage_of(&odds, strategy);
        let everyone_gave_up = || {
            ArgError::new(
                "outage",
                format!(
                    "every request gives up before the service is back, so {what} has no value"
                ),
            )
        };
        let lang = ctx.lang;
        let share = |x: f64| data_expansion(x, &format_probability(x, lang), ctx);
        let duration = |ms: f64| data_expansion(ms, &format_duration(ms, lang), ctx);
        match show {
            "give_up_share" => Ok(share(o.give_up_share)),
            "p50" => o.p50_ms.map(duration).ok_or_else(everyone_gave_up),
            "p99" => o.p99_ms.map(duration).ok_or_else(everyone_gave_up),
            "first_100ms" => o.first_window_share.map(share).ok_or_else(everyone_gave_up),
            _ => Err(ArgError::new("show", format!("unknown value {what}"))),
        }
    }
}

/// A strategy's outage view (always there: `outage` is required).
fn outage_of(odds: &Odds, strategy: Strategy) -> &Outage {
    const NONE: &Outage = &Outage {
        give_up_share: 1.0,
        p50_ms: None,
        p99_ms: None,
        first_window_share: None,
        delays_ms: Vec::new(),
    };
    odds.strategy(strategy)
        .and_then(|s| s.outage.as_ref())
        .unwrap_or(NONE)
}

/// One sentence per strategy, the chart's facts in words.
fn facts(odds: &Odds, params: &Params, lang: Lang) -> Vec<String> {
    let w = lang.odds_words();
    params
        .strategies()
        .iter()
        .map(|&s| {
            let o = outage_of(odds, s);
            let name = strategy_label(s);
            match (o.p50_ms, o.p99_ms, o.first_window_share) {
                (Some(p50), Some(p99), Some(first)) => fill(
                    w.outage_fact,
                    &[
                        ("strategy", name),
                        ("give_up", &format_probability(o.give_up_share, lang)),
                        ("p50", &format_duration(p50, lang)),
                        ("p99", &format_duration(p99, lang)),
                        ("first", &format_probability(first, lang)),
                    ],
                ),
                _ => fill(w.outage_fact_none, &[("strategy", name)]),
            }
        })
        .collect()
}

/// The chart's title (and the twin's caption).
fn title(odds: &Odds, lang: Lang) -> String {
    let outage = odds.inputs().outage().map_or(0.0, |o| o.as_ms());
    fill(
        lang.odds_words().outage_title,
        &[
            ("outage", &format_duration(outage, lang)),
            (
                "requests",
                &format_number(f64::from(odds.inputs().clients()), 0, lang),
            ),
        ],
    )
}

/// Bins of the time axis.
const BINS: usize = 50;

/// The time axis: a round 1-2-5 step in milliseconds with at most 5 intervals, and the end
/// (a whole number of steps, at least 100 ms so the first window always shows).
fn axis(longest: f64) -> (f64, f64) {
    let longest = longest.max(FIRST_WINDOW_MS);
    let mut scale = 1.0;
    loop {
        for m in [1.0, 2.0, 5.0] {
            let step = m * scale;
            let steps = (longest / step).ceil();
            if steps <= 5.0 {
                return (step, steps.max(1.0) * step);
            }
        }
        scale *= 10.0;
    }
}

/// Successful calls per bin of `end / BINS` (a delay at the end goes in the last bin).
fn histogram(delays: &[f64], end: f64) -> [u32; BINS] {
    let mut counts = [0; BINS];
    let width = end / BINS as f64;
    for &d in delays {
        counts[((d / width) as usize).min(BINS - 1)] += 1;
    }
    counts
}

/// The `<figure class="backoff-chart backoff-outage">` with the SVG and its facts.
pub fn chart_html(odds: &Odds, params: &Params, lang: Lang) -> String {
    let w = lang.odds_words();
    let strategies = params.strategies();
    let outages: Vec<&Outage> = strategies.iter().map(|&s| outage_of(odds, s)).collect();
    let longest = outages
        .iter()
        .filter_map(|o| o.delays_ms.last())
        .fold(0.0, |a: f64, &b| a.max(b));
    let (step, end) = axis(longest);
    let counts: Vec<[u32; BINS]> = outages
        .iter()
        .map(|o| histogram(&o.delays_ms, end))
        .collect();
    let tallest = counts.iter().flatten().copied().max().unwrap_or(0).max(1);
    let strips: Vec<Strip> = strategies
        .iter()
        .zip(&outages)
        .zip(&counts)
        .map(|((&st, o), counts)| Strip {
            class: st.name(),
            label: strategy_label(st),
            note: match o.first_window_share {
                Some(first) => fill(
                    w.outage_first_note,
                    &[("p", &format_probability(first, lang))],
                ),
                None => w.everyone_gives_up.to_string(),
            },
            counts,
        })
        .collect();
    let steps = (end / step).round() as usize;
    let ticks: Vec<Tick> = (0..=steps)
        .map(|k| Tick {
            at: k as f64 / steps as f64,
            label: format_duration(k as f64 * step, lang),
            major: k == 0 || k == steps || steps <= 3,
        })
        .collect();
    let title = title(odds, lang);
    let bars = fill(
        w.outage_bars,
        &[
            ("bin", &format_duration(end / BINS as f64, lang)),
            ("tallest", &format_number(f64::from(tallest), 0, lang)),
        ],
    );
    let mut s = String::with_capacity(8 * 1024);
    s.push_str("<figure class=\"backoff-chart backoff-outage\">\n");
    s.push_str(&strips::svg(
        &title,
        &strips,
        &ticks,
        Some((0.0, FIRST_WINDOW_MS.min(end) / end)),
    ));
    s.push_str("<figcaption>");
    s.push_str(&escape(&title));
    s.push_str(". ");
    s.push_str(&escape(&bars));
    s.push_str("\n<ul class=\"outage\">\n");
    for l in facts(odds, params, lang) {
        let _ = writeln!(s, "<li>{}</li>", escape(&l));
    }
    let _ = write!(
        s,
        "</ul>\n<span class=\"axis-note\">{}</span></figcaption>\n</figure>\n",
        escape(w.after_recovery)
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_takes_round_steps() {
        assert_eq!(axis(0.0), (20.0, 100.0));
        assert_eq!(axis(100.0), (20.0, 100.0));
        assert_eq!(axis(101.0), (50.0, 150.0));
        assert_eq!(axis(3_100.0), (1_000.0, 4_000.0));
        assert_eq!(axis(4_900.0), (1_000.0, 5_000.0));
        assert_eq!(axis(5_001.0), (2_000.0, 6_000.0));
        assert_eq!(axis(29_999.0), (10_000.0, 30_000.0));
    }

    #[test]
    fn histogram_puts_the_end_in_the_last_bin() {
        let h = histogram(&[0.0, 1.9, 2.0, 100.0], 100.0);
        assert_eq!((h[0], h[1], h[BINS - 1]), (2, 1, 1));
        assert_eq!(h.iter().sum::<u32>(), 4);
    }
}
