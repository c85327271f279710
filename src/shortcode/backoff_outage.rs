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
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Params, Strategy};
use crate::html::escape;
use crate::i18n::{format_duration, format_number, format_probability, strategy_label, Lang};
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
    params
        .strategies()
        .iter()
        .map(|&s| {
            let o = outage_of(odds, s);
            let name = strategy_label(s);
            let give_up = format_probability(o.give_up_share, lang);
            match (o.p50_ms, o.p99_ms, o.first_window_share, lang) {
                (Some(p50), Some(p99), Some(first), Lang::En) => format!(
                    "{name}: {give_up} give up before the service is back; half of the others \
                     succeed within {} of the recovery, 99% within {}; {} arrive in the first \
                     100 ms.",
                    format_duration(p50, lang),
                    format_duration(p99, lang),
                    format_probability(first, lang)
                ),
                (Some(p50), Some(p99), Some(first), Lang::Tr) => format!(
                    "{name}: servis dönmeden vazgeçenler {give_up}; kalanların yarısı dönüşten \
                     sonraki {} içinde, yüzde 99'u {} içinde başarılı oluyor; ilk 100 ms içinde \
                     gelenler {}.",
                    format_duration(p50, lang),
                    format_duration(p99, lang),
                    format_probability(first, lang)
                ),
                (_, _, _, Lang::En) => {
                    format!("{name}: every request gives up before the service is back.")
                }
                (_, _, _, Lang::Tr) => {
                    format!("{name}: isteklerin hepsi servis dönmeden vazgeçiyor.")
                }
            }
        })
        .collect()
}

/// The chart's title (and the twin's caption).
fn title(odds: &Odds, lang: Lang) -> String {
    let outage = odds.inputs().outage().map_or(0.0, |o| o.as_ms());
    let outage = format_duration(outage, lang);
    let requests = format_number(f64::from(odds.inputs().clients()), 0, lang);
    match lang {
        Lang::En => format!(
            "Successful calls after a {outage} outage, by time after the service is back \
             ({requests} requests per strategy, one scale for all)"
        ),
        Lang::Tr => format!(
            "{outage} süren bir kesintiden sonra başarılı çağrılar, servisin dönüşünden itibaren \
             geçen süreye göre (strateji başına {requests} istek, hepsi aynı ölçekte)"
        ),
    }
}

/// View box width; the plot runs from `LEFT` to `LEFT + PLOT`.
const WIDTH: f64 = 400.0;
const LEFT: f64 = 10.0;
const PLOT: f64 = 380.0;
/// Per strip: a line for the name, then the bars.
const NAME: f64 = 20.0;
const BARS: f64 = 44.0;
const GAP: f64 = 10.0;
const STRIP: f64 = NAME + BARS + GAP;
/// Below the strips: ticks, tick labels, the axis title.
const AXIS: f64 = 50.0;
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
    let x = |ms: f64| LEFT + PLOT * ms / end;
    let height = strategies.len() as f64 * STRIP + AXIS;
    let bin = format_duration(end / BINS as f64, lang);
    let tallest_text = format_number(f64::from(tallest), 0, lang);
    let title = title(odds, lang);
    let bars = match lang {
        Lang::En => format!(
            "Each bar counts the successful calls in {bin}; the tallest holds {tallest_text}. \
             The shaded band is the first 100 ms."
        ),
        Lang::Tr => format!(
            "Her çubuk {bin} içindeki başarılı çağrıları sayar; en uzunu {tallest_text} çağrı. \
             Gölgeli şerit ilk 100 ms."
        ),
    };
    let lines = facts(odds, params, lang);

    let mut s = String::with_capacity(8 * 1024);
    s.push_str("<figure class=\"backoff-chart backoff-outage\">\n");
    let _ = write!(
        s,
        "<svg viewBox=\"0 0 {WIDTH} {height}\" width=\"100%\" role=\"img\" font-size=\"14\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n<title>{}</title>\n<desc>{}</desc>\n",
        escape(&title),
        escape(&lines.join(" "))
    );
    // The first 100 ms after the recovery, across every strip.
    let _ = writeln!(
        s,
        "<rect class=\"window\" x=\"{LEFT}\" y=\"0\" width=\"{:.2}\" height=\"{:.1}\"/>",
        x(FIRST_WINDOW_MS.min(end)) - LEFT,
        strategies.len() as f64 * STRIP
    );
    for (row, (&st, o)) in strategies.iter().zip(&outages).enumerate() {
        let top = row as f64 * STRIP;
        let base_y = top + NAME + BARS;
        let note = match (o.first_window_share, lang) {
            (Some(first), Lang::En) => {
                format!("{} in the first 100 ms", format_probability(first, lang))
            }
            (Some(first), Lang::Tr) => {
                format!("ilk 100 ms içinde {}", format_probability(first, lang))
            }
            (None, Lang::En) => "every request gives up".into(),
            (None, Lang::Tr) => "hepsi vazgeçiyor".into(),
        };
        let _ = writeln!(
            s,
            "<g class=\"strip bar-{}\">\n<text class=\"name\" x=\"{LEFT}\" y=\"{:.1}\" \
             stroke=\"none\" fill=\"currentColor\"><tspan font-weight=\"600\">{}</tspan> · {}</text>\n\
             <line class=\"grid\" x1=\"{LEFT}\" y1=\"{base_y:.1}\" x2=\"{:.1}\" y2=\"{base_y:.1}\"/>",
            st.name(),
            top + 15.0,
            strategy_label(st),
            escape(&note),
            LEFT + PLOT
        );
        let bar_w = PLOT / BINS as f64;
        for (i, &count) in counts[row].iter().enumerate() {
            if count == 0 {
                continue;
            }
            // At least 2 units: a thin spread stays visible next to a synchronized wall.
            let h = (f64::from(count) / f64::from(tallest) * BARS).max(2.0);
            let _ = writeln!(
                s,
                "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{bar_w:.2}\" height=\"{h:.2}\"/>",
                LEFT + i as f64 * bar_w,
                base_y - h
            );
        }
        s.push_str("</g>\n");
    }
    let axis_y = strategies.len() as f64 * STRIP;
    let _ = writeln!(
        s,
        "<g class=\"axis\">\n<line x1=\"{LEFT}\" y1=\"{axis_y:.1}\" x2=\"{:.1}\" y2=\"{axis_y:.1}\"/>",
        LEFT + PLOT
    );
    let ticks = (end / step).round() as usize;
    for k in 0..=ticks {
        let tx = x(k as f64 * step);
        let _ = writeln!(
            s,
            "<line x1=\"{tx:.1}\" y1=\"{axis_y:.1}\" x2=\"{tx:.1}\" y2=\"{:.1}\"/>",
            axis_y + 5.0
        );
    }
    s.push_str("</g>\n<g class=\"ticks\" stroke=\"none\" fill=\"currentColor\">\n");
    for k in 0..=ticks {
        let anchor = match k {
            0 => "start",
            k if k == ticks => "end",
            _ => "middle",
        };
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
            x(k as f64 * step),
            axis_y + 21.0,
            escape(&format_duration(k as f64 * step, lang))
        );
    }
    let _ = write!(
        s,
        "<text x=\"{LEFT}\" y=\"{:.1}\">{}</text>\n</g>\n</svg>\n",
        axis_y + 42.0,
        escape(w.after_recovery)
    );
    s.push_str("<figcaption>");
    s.push_str(&escape(&title));
    s.push_str(". ");
    s.push_str(&escape(&bars));
    s.push_str("\n<ul class=\"outage\">\n");
    for l in &lines {
        let _ = writeln!(s, "<li>{}</li>", escape(l));
    }
    s.push_str("</ul>\n</figcaption>\n</figure>\n");
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
