//! `backoff_chart(base, factor, cap, attempts, jitter, seed, clients)` — block: the fleet
//! simulation of SPEC §3 as an inline SVG (no script): one strip per strategy on a common time
//! axis, bar heights relative to the busiest bin of all strategies, so `none`'s synchronized
//! spikes and the jittered strategies' spread are visible at a glance. Each strip is labelled with
//! its peak share; `<title>`, `<desc>` and a caption give the same facts as text.

use super::common::{params, SCHEDULE_ARGS};
use super::{ArgError, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::Schedule;
use crate::html::escape;
use crate::i18n::{format_duration, format_number, format_percent, strategy_label, Lang};

/// The `backoff_chart` shortcode.
pub struct BackoffChart(pub std::sync::Arc<super::common::Schedules>);

impl Shortcode for BackoffChart {
    fn name(&self) -> &str {
        "backoff_chart"
    }
    fn args(&self) -> &[ArgSpec] {
        &SCHEDULE_ARGS
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let schedule = self.0.get(&params(args, "attempts")?, true, ctx.timings);
        Ok(Expansion {
            html: chart_html(&schedule, ctx.lang),
            markdown: chart_markdown(&schedule, ctx.lang),
        })
    }
}

const LEFT: f64 = 112.0;
const PLOT: f64 = 480.0;
const RIGHT: f64 = 104.0;
const STRIP: f64 = 44.0;
const GAP: f64 = 12.0;
const AXIS: f64 = 34.0;

/// One sentence per strategy: "Full: busiest window holds %12,5 of 8.000 retries".
fn summary(schedule: &Schedule, lang: Lang) -> Vec<String> {
    let fleet = schedule.fleet();
    let retries = u64::from(fleet.clients) * u64::from(schedule.params().attempts());
    schedule
        .params()
        .strategies()
        .iter()
        .filter_map(|&s| {
            let f = fleet.strategy(s)?;
            let share = format_percent(f.peak_share, lang);
            let total = format_number(retries as f64, 0, lang);
            Some(match lang {
                Lang::Tr => format!(
                    "{}: en kalabalık pencerede {total} yeniden denemenin {share} kadarı",
                    strategy_label(s)
                ),
                Lang::En => format!(
                    "{}: {share} of {total} retries land in the busiest window",
                    strategy_label(s)
                ),
            })
        })
        .collect()
}

/// The `<figure class="backoff-chart">` with the SVG (also used by the calculator).
pub fn chart_html(schedule: &Schedule, lang: Lang) -> String {
    let w = lang.words();
    let fleet = schedule.fleet();
    let strategies = schedule.params().strategies();
    let width = LEFT + PLOT + RIGHT;
    let height = strategies.len() as f64 * (STRIP + GAP) + AXIS;
    let max = strategies
        .iter()
        .filter_map(|&s| fleet.strategy(s))
        .flat_map(|f| f.histogram.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let title = match lang {
        Lang::Tr => format!(
            "{}: {} istemcinin yeniden denemeleri zamana göre",
            w.fleet,
            format_number(f64::from(fleet.clients), 0, lang)
        ),
        Lang::En => format!(
            "{}: when {} clients retry, over time",
            w.fleet,
            format_number(f64::from(fleet.clients), 0, lang)
        ),
    };
    let lines = summary(schedule, lang);
    let mut s = String::with_capacity(16 * 1024);
    s.push_str("<figure class=\"backoff-chart\">\n");
    s.push_str(&format!(
        "<svg viewBox=\"0 0 {width} {height}\" width=\"100%\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>{}</title>\n<desc>{}</desc>\n",
        escape(&title),
        escape(&lines.join(". "))
    ));
    let bins = fleet
        .strategy(strategies[0])
        .map_or(1, |f| f.histogram.len()) as f64;
    let bar_w = PLOT / bins;
    for (row, &st) in strategies.iter().enumerate() {
        let Some(f) = fleet.strategy(st) else {
            continue;
        };
        let top = row as f64 * (STRIP + GAP);
        let base_y = top + STRIP;
        s.push_str(&format!(
            "<g class=\"strip bar-{}\">\n<text class=\"label\" x=\"0\" y=\"{:.1}\">{}</text>\n<line class=\"grid\" x1=\"{LEFT}\" y1=\"{base_y:.1}\" x2=\"{:.1}\" y2=\"{base_y:.1}\"/>\n",
            st.name(),
            top + STRIP / 2.0 + 4.0,
            strategy_label(st),
            LEFT + PLOT
        ));
        for (i, &count) in f.histogram.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let h = (f64::from(count) / f64::from(max) * STRIP).max(1.0);
            s.push_str(&format!(
                "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{h:.2}\"/>\n",
                LEFT + i as f64 * bar_w,
                base_y - h,
                bar_w
            ));
        }
        s.push_str(&format!(
            "<text class=\"label peak\" x=\"{:.1}\" y=\"{:.1}\">{}</text>\n</g>\n",
            LEFT + PLOT + 8.0,
            top + STRIP / 2.0 + 4.0,
            format_percent(f.peak_share, lang)
        ));
    }
    let axis_y = strategies.len() as f64 * (STRIP + GAP);
    s.push_str(&format!(
        "<g class=\"axis\">\n<line x1=\"{LEFT}\" y1=\"{axis_y:.1}\" x2=\"{:.1}\" y2=\"{axis_y:.1}\"/>\n",
        LEFT + PLOT
    ));
    for k in 0..=4 {
        let x = LEFT + PLOT * f64::from(k) / 4.0;
        let t = fleet.horizon.as_ms() * f64::from(k) / 4.0;
        let anchor = match k {
            0 => "start",
            4 => "end",
            _ => "middle",
        };
        s.push_str(&format!(
            "<line x1=\"{x:.1}\" y1=\"{axis_y:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\"/>\n<text class=\"label\" x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>\n",
            axis_y + 4.0,
            axis_y + 18.0,
            escape(&format_duration(t, lang))
        ));
    }
    s.push_str(&format!(
        "<text class=\"label\" x=\"0\" y=\"{:.1}\">{}</text>\n<text class=\"label\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n</g>\n</svg>\n",
        axis_y + 18.0,
        w.time,
        width,
        axis_y + 32.0,
        w.peak_share
    ));
    s.push_str("<figcaption>");
    s.push_str(&escape(&title));
    s.push_str("</figcaption>\n<ul class=\"peak\">\n");
    for l in &lines {
        s.push_str(&format!("<li>{}</li>\n", escape(l)));
    }
    s.push_str("</ul>\n</figure>\n");
    s
}

/// The chart for `index.md`: its facts as a list (markdown has no charts).
pub fn chart_markdown(schedule: &Schedule, lang: Lang) -> String {
    let mut out = String::new();
    for l in summary(schedule, lang) {
        out.push_str(&format!("- {l}\n"));
    }
    out
}
