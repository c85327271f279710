//! The load chart of the fleet under load (SPEC §8), as `backoff_recovery` and the calculator's
//! "Will it come back?" section draw it: one strip per retry budget, all on one scale, each a
//! stack of columns — first calls below, retries above — of the calls that reached the service,
//! with the line of what the service completes in the same time and the outage shaded across
//! every strip; the verdict under each budget's name. Inline SVG, no script: the browser's
//! `recoverySvg` (static/js/calculator.js) writes the same markup.
//!
//! Like the strip charts ([`super::strips`]), the SVG has no `viewBox`: its units are CSS pixels,
//! horizontal places are percentages, and each strip's columns are a nested SVG stretched to the
//! width (`preserveAspectRatio="none"`, one unit per column); the capacity line keeps its width
//! there with `vector-effect="non-scaling-stroke"`.

use std::fmt::Write;

use crate::html::push_escaped;
use crate::recovery::{Bin, START_MS};

/// A strip's name line, its verdict line, its columns and the gap under them, in CSS pixels.
const NAME: f64 = 18.0;
const VERDICT: f64 = 17.0;
const BARS: f64 = 56.0;
const GAP: f64 = 12.0;
const STRIP: f64 = NAME + VERDICT + BARS + GAP;
/// Below the strips: the axis line, the ticks and their labels, and the axis's title.
const AXIS: f64 = 48.0;
/// The most columns a strip has: 100 ms bins are added up into columns of a whole number of
/// bins so that a 75 s run has 150 columns of half a second.
pub const MAX_COLUMNS: usize = 150;

/// One strip: a budget's run.
pub struct Strip<'a> {
    /// The budget's name (its class, `budget-NAME`).
    pub class: &'a str,
    /// The budget's label.
    pub label: &'a str,
    /// The verdict.
    pub verdict: String,
    /// Per column, the lower and the upper part of its stack.
    pub columns: Vec<(u32, u32)>,
}

/// What a chart shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The calls reaching the service: first calls below, retries above, against the capacity.
    Load,
    /// The calls waiting in the queue, against what the server gets through in one timeout.
    Queue,
}

/// How many 100 ms bins one column adds up.
pub fn bins_per_column(bins: usize) -> usize {
    bins.div_ceil(MAX_COLUMNS).max(1)
}

/// Per column of `per` bins: for [`Measure::Load`], the first calls and the retries that
/// reached the service; for [`Measure::Queue`], the longest queue at a bin's end (and 0).
pub fn columns(bins: &[Bin], per: usize, measure: Measure) -> Vec<(u32, u32)> {
    bins.chunks(per)
        .map(|c| match measure {
            Measure::Load => c.iter().fold((0, 0), |(first, retries), b| {
                (first + b.calls - b.retry_calls, retries + b.retry_calls)
            }),
            Measure::Queue => (c.iter().map(|b| b.queue).max().unwrap_or(0), 0),
        })
        .collect()
}

/// `x` (in `[0, 1]`) as a percentage with two decimals.
fn percent(out: &mut String, x: f64) {
    let _ = write!(out, "{:.2}%", x * 100.0);
}

/// The time axis' ticks, in ms from the outage's start: a round step (1, 2, 5, 10, 15, 20 or
/// 30 s, 1, 2, 5, 10, 15, 20 or 30 min, …) giving at most 8 intervals from −5 s to `end`.
pub fn ticks(end: f64) -> Vec<f64> {
    let span = end - START_MS;
    let steps = [
        1_000.0,
        2_000.0,
        5_000.0,
        10_000.0,
        15_000.0,
        20_000.0,
        30_000.0,
        60_000.0,
        120_000.0,
        300_000.0,
        600_000.0,
        900_000.0,
        1_200_000.0,
        1_800_000.0,
        3_600_000.0,
    ];
    let step = steps
        .iter()
        .copied()
        .find(|s| span / s <= 8.0)
        .unwrap_or(3_600_000.0);
    let mut out = Vec::new();
    let mut t = (START_MS / step).ceil() * step + 0.0;
    while t <= end {
        out.push(t);
        t += step;
    }
    out
}

/// The `<svg>` of `measure`: `strips` over the time from −5 s to `end` (O + H), the trigger
/// [0, `outage`) shaded, `line` the level of the reference line in a column's units (the
/// capacity, or the queue a timeout can wait through); `label(ms)` writes a tick's time and
/// `axis` names the time axis, under its labels.
#[allow(clippy::too_many_arguments)]
pub fn svg(
    title: &str,
    axis: &str,
    measure: Measure,
    strips: &[Strip],
    end: f64,
    outage: f64,
    line: f64,
    label: impl Fn(f64) -> String,
) -> String {
    let n = strips.first().map_or(0, |s| s.columns.len()).max(1);
    let tallest = strips
        .iter()
        .flat_map(|s| &s.columns)
        .map(|&(a, b)| f64::from(a + b))
        .fold(line * 1.25, f64::max);
    let (lower, upper, class) = match measure {
        Measure::Load => ("first", "retry", "strips recovery"),
        Measure::Queue => ("queue", "retry", "strips recovery queue"),
    };
    let span = end - START_MS;
    let height = strips.len() as f64 * STRIP + AXIS;
    let mut s = String::with_capacity(4096 + strips.len() * n * 120);
    let _ = write!(
        s,
        "<svg class=\"{class}\" width=\"100%\" height=\"{height}\" role=\"img\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n<title>"
    );
    push_escaped(&mut s, title);
    s.push_str("</title>\n<rect class=\"band\" x=\"");
    percent(&mut s, -START_MS / span);
    s.push_str("\" y=\"0\" width=\"");
    percent(&mut s, outage.min(end) / span);
    let _ = writeln!(s, "\" height=\"{}\"/>", strips.len() as f64 * STRIP);
    let y_line = 100.0 - line / tallest * 100.0;
    for (row, strip) in strips.iter().enumerate() {
        let top = row as f64 * STRIP;
        let _ = write!(
            s,
            "<g class=\"strip budget-{}\">\n<text class=\"name\" x=\"0\" y=\"{}\">",
            strip.class,
            top + 14.0
        );
        push_escaped(&mut s, strip.label);
        let _ = write!(
            s,
            "</text>\n<text class=\"verdict\" x=\"0\" y=\"{}\">",
            top + NAME + 13.0
        );
        push_escaped(&mut s, &strip.verdict);
        let _ = write!(
            s,
            "</text>\n<svg x=\"0\" y=\"{}\" width=\"100%\" height=\"{BARS}\" viewBox=\"0 0 {n} 100\" \
             preserveAspectRatio=\"none\">\n",
            top + NAME + VERDICT
        );
        for (i, &(low, high)) in strip.columns.iter().enumerate() {
            let hl = f64::from(low) / tallest * 100.0;
            let hh = f64::from(high) / tallest * 100.0;
            if low > 0 {
                let _ = writeln!(
                    s,
                    "<rect class=\"{lower}\" x=\"{i}\" y=\"{:.2}\" width=\"1\" height=\"{hl:.2}\"/>",
                    100.0 - hl
                );
            }
            if high > 0 {
                let _ = writeln!(
                    s,
                    "<rect class=\"{upper}\" x=\"{i}\" y=\"{:.2}\" width=\"1\" height=\"{hh:.2}\"/>",
                    100.0 - hl - hh
                );
            }
        }
        let _ = write!(
            s,
            "<line class=\"capacity\" x1=\"0\" y1=\"{y_line:.2}\" x2=\"{n}\" y2=\"{y_line:.2}\" \
             vector-effect=\"non-scaling-stroke\"/>\n</svg>\n"
        );
        let base = top + NAME + VERDICT + BARS;
        let _ = write!(
            s,
            "<line class=\"base\" x1=\"0\" y1=\"{base}\" x2=\"100%\" y2=\"{base}\"/>\n</g>\n"
        );
    }
    let y = strips.len() as f64 * STRIP;
    let _ = writeln!(
        s,
        "<g class=\"axis\">\n<line x1=\"0\" y1=\"{y}\" x2=\"100%\" y2=\"{y}\"/>"
    );
    let ticks = ticks(end);
    let many = ticks.len() > 5;
    let zero = ticks.iter().position(|&x| x == 0.0).unwrap_or(0);
    for (k, &t) in ticks.iter().enumerate() {
        let at = (t - START_MS) / span;
        let anchor = if at < 0.04 {
            "start"
        } else if at > 0.96 {
            "end"
        } else {
            "middle"
        };
        // On narrow screens every other label is hidden when there are many; 0 always shows.
        let major = !many || k.abs_diff(zero) % 2 == 0;
        let _ = write!(
            s,
            "<g class=\"tick{}\"><line x1=\"",
            if major { " major" } else { "" }
        );
        percent(&mut s, at);
        let _ = write!(s, "\" y1=\"{y}\" x2=\"");
        percent(&mut s, at);
        let _ = write!(s, "\" y2=\"{}\"/><text x=\"", y + 5.0);
        percent(&mut s, at);
        let _ = write!(s, "\" y=\"{}\" text-anchor=\"{anchor}\">", y + 20.0);
        push_escaped(&mut s, &label(t));
        s.push_str("</text></g>\n");
    }
    let _ = write!(
        s,
        "<text class=\"axis-title\" x=\"50%\" y=\"{}\" text-anchor=\"middle\">",
        y + 40.0
    );
    push_escaped(&mut s, axis);
    s.push_str("</text>\n</g>\n</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_add_up_whole_bins() {
        assert_eq!(bins_per_column(750), 5);
        assert_eq!(bins_per_column(150), 1);
        assert_eq!(bins_per_column(151), 2);
        assert_eq!(bins_per_column(0), 1);
        let b = |calls, retry_calls| Bin {
            calls,
            retry_calls,
            ..Bin::default()
        };
        let bins = [b(3, 1), b(2, 2), b(5, 0)];
        assert_eq!(columns(&bins, 2, Measure::Load), [(2, 3), (5, 0)]);
        let q = |queue| Bin {
            queue,
            ..Bin::default()
        };
        assert_eq!(
            columns(&[q(3), q(9), q(4)], 2, Measure::Queue),
            [(9, 0), (4, 0)]
        );
    }

    #[test]
    fn ticks_take_round_steps_through_zero() {
        assert_eq!(
            ticks(70_000.0),
            [0.0, 10_000.0, 20_000.0, 30_000.0, 40_000.0, 50_000.0, 60_000.0, 70_000.0]
        );
        assert_eq!(
            ticks(15_000.0),
            [-5_000.0, 0.0, 5_000.0, 10_000.0, 15_000.0]
        );
        // Two hours: 20-minute steps.
        let two_hours = ticks(7_200_000.0);
        assert_eq!((two_hours.len(), two_hours[1]), (7, 1_200_000.0));
    }
}
