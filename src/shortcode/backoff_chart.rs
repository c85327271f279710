//! `backoff_chart(base, factor, cap, attempts, jitter, seed, clients)` — block: the fleet
//! simulation of SPEC §3 as an inline SVG (no script): one strip per strategy on a logarithmic
//! time axis, so every attempt has room, and one count scale for all strips, so `none`'s
//! synchronized spikes tower over the jittered strategies' spread. Beside each strip, its peak
//! share; in the caption, the same facts as sentences and how to read the axis.

use super::common::{params, SCHEDULE_ARGS};
use super::strips::{self, Strip};
use super::{ArgError, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::Schedule;
use crate::i18n::{fill, format_number, format_percent, strategy_label, Lang};

/// The `backoff_chart` shortcode.
pub struct BackoffChart(pub std::sync::Arc<super::common::Schedules>);

impl Shortcode for BackoffChart {
    fn name(&self) -> &str {
        "backoff_chart"
    }
    fn args(&self) -> &[ArgSpec] {
        &SCHEDULE_ARGS
    }
    fn summary(&self) -> &str {
        "The thundering-herd simulation as an inline SVG strip chart, with each strategy's peak share."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let schedule = self.0.get(&params(args, "attempts")?, true, ctx.timings);
        Ok(Expansion {
            html: chart_html(&schedule, ctx.lang),
            markdown: chart_markdown(&schedule, ctx.lang),
            text: None,
        })
    }
}

/// One sentence per strategy: "Full: 2.3% of 8,000 retries land in the busiest window".
fn summary(schedule: &Schedule, lang: Lang) -> Vec<String> {
    let fleet = schedule.fleet();
    let retries = u64::from(fleet.clients) * u64::from(schedule.params().attempts());
    let total = format_number(retries as f64, 0, lang);
    let template = lang.words().chart.summary;
    schedule
        .params()
        .strategies()
        .iter()
        .filter_map(|&s| {
            let f = fleet.strategy(s)?;
            let share = format_percent(f.peak_share, lang);
            Some(fill(
                template,
                &[
                    ("strategy", strategy_label(s)),
                    ("share", &share),
                    ("retries", &total),
                ],
            ))
        })
        .collect()
}

/// The `<figure class="backoff-chart">` with the SVG (also used by the calculator).
pub fn chart_html(schedule: &Schedule, lang: Lang) -> String {
    let w = &lang.words().chart;
    let fleet = schedule.fleet();
    let timeline = &fleet.timeline;
    let title = fill(
        w.title,
        &[
            ("fleet", w.fleet),
            ("clients", &format_number(f64::from(fleet.clients), 0, lang)),
        ],
    );
    let strips: Vec<Strip> = schedule
        .params()
        .strategies()
        .iter()
        .filter_map(|&s| {
            let f = fleet.strategy(s)?;
            Some(Strip {
                class: s.name(),
                label: strategy_label(s),
                note: format_percent(f.peak_share, lang),
                counts: &f.timeline,
            })
        })
        .collect();
    let ticks = strips::time_ticks(timeline, lang);
    let axis = strips::axis_note(w.axis, timeline, lang);
    strips::fleet_figure(
        "backoff-chart",
        &title,
        &strips,
        &ticks,
        &summary(schedule, lang),
        &axis,
    )
}

/// The chart for `index.md`: its facts as a list (markdown has no charts).
pub fn chart_markdown(schedule: &Schedule, lang: Lang) -> String {
    let mut out = String::new();
    for l in summary(schedule, lang) {
        out.push_str("- ");
        out.push_str(&l);
        out.push('\n');
    }
    out
}
