//! Strip charts, as the herd chart (`backoff_chart`) and the outage chart (`backoff_outage`) draw
//! them: one strip of bars per strategy on one shared count scale, a time axis beneath, inline
//! SVG that needs no script.
//!
//! The SVG has no `viewBox`: its width is the column's and its units are CSS pixels, so its text
//! is always the stylesheet's size, crisp at any width. Horizontal places are percentages of
//! the width (text and ticks), and each strip's bars are a nested SVG stretched to the width
//! (`preserveAspectRatio="none"`, one unit per bin). The browser's script draws the same markup
//! (`stripsSvg` in `static/js/calculator.js`).

use std::fmt::Write;

use crate::backoff::Timeline;
use crate::html::push_escaped;
use crate::i18n::{fill, format_duration, Lang};

/// Height of a strip's name line, its bars and the gap under them, in CSS pixels.
const NAME: f64 = 18.0;
const BARS: f64 = 44.0;
const GAP: f64 = 12.0;
const STRIP: f64 = NAME + BARS + GAP;
/// Below the strips: the axis line, the ticks and their labels.
const AXIS: f64 = 30.0;

/// One strip: a strategy's bars.
pub struct Strip<'a> {
    /// The strategy's name (its colour class, `bar-NAME`).
    pub class: &'a str,
    /// The label at its left.
    pub label: &'a str,
    /// The note at its right (its peak share, its share in the first 100 ms).
    pub note: String,
    /// Count per bin.
    pub counts: &'a [u32],
}

/// A labelled place on the time axis.
pub struct Tick {
    /// Where, in `[0, 1]` of the axis.
    pub at: f64,
    /// The time, in words.
    pub label: String,
    /// Kept on narrow screens (the others' labels are hidden there).
    pub major: bool,
}

/// The labelled places of a logarithmic time axis ([`Timeline::ticks`]), in `lang`.
pub fn time_ticks(timeline: &Timeline, lang: Lang) -> Vec<Tick> {
    timeline
        .ticks()
        .into_iter()
        .map(|t| Tick {
            at: timeline.position(t.ms),
            label: format_duration(t.ms, lang),
            major: t.major,
        })
        .collect()
}

/// How to read a time axis: `template` with `{from}` and `{to}`, the axis's ends, in `lang`.
pub fn axis_note(template: &str, timeline: &Timeline, lang: Lang) -> String {
    let edges = timeline.edges();
    fill(
        template,
        &[
            ("from", &format_duration(edges[0], lang)),
            ("to", &format_duration(edges[edges.len() - 1], lang)),
        ],
    )
}

/// A fleet chart's `<figure class="CLASSES">`: the SVG of `strips` over `ticks`, and a caption
/// of the title, `facts` as a list (one sentence per strip) and how to read the axis. The herd
/// chart (`backoff_chart`) and the libraries' chart (`backoff_libraries`) are drawn so.
pub fn fleet_figure(
    classes: &str,
    title: &str,
    strips: &[Strip],
    ticks: &[Tick],
    facts: &[String],
    axis: &str,
) -> String {
    let mut s = String::with_capacity(8 * 1024);
    let _ = writeln!(s, "<figure class=\"{classes}\">");
    s.push_str(&svg(title, strips, ticks, None));
    s.push_str("<figcaption>");
    push_escaped(&mut s, title);
    s.push_str("\n<ul class=\"peak\">\n");
    for fact in facts {
        s.push_str("<li>");
        push_escaped(&mut s, fact);
        s.push_str("</li>\n");
    }
    s.push_str("</ul>\n<span class=\"axis-note\">");
    push_escaped(&mut s, axis);
    s.push_str("</span></figcaption>\n</figure>\n");
    s
}

/// `x` (in `[0, 1]`) as a percentage with two decimals: `37.50%`.
fn percent(out: &mut String, x: f64) {
    let _ = write!(out, "{:.2}%", x * 100.0);
}

/// The `<svg>` of `strips` over one time axis with `ticks`; `band` shades a stretch of the axis
/// (from, to in `[0, 1]`) across every strip. Bar heights share one scale: the tallest bin of
/// all strips fills its strip.
pub fn svg(title: &str, strips: &[Strip], ticks: &[Tick], band: Option<(f64, f64)>) -> String {
    let tallest = strips
        .iter()
        .flat_map(|s| s.counts.iter().copied())
        .max()
        .unwrap_or(0)
        .max(1);
    let height = strips.len() as f64 * STRIP + AXIS;
    let mut s = String::with_capacity(2048 + strips.len() * 4096);
    let _ = write!(
        s,
        "<svg class=\"strips\" width=\"100%\" height=\"{height}\" role=\"img\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n<title>"
    );
    push_escaped(&mut s, title);
    s.push_str("</title>\n");
    if let Some((from, to)) = band {
        s.push_str("<rect class=\"band\" x=\"");
        percent(&mut s, from);
        s.push_str("\" y=\"0\" width=\"");
        percent(&mut s, to - from);
        let _ = writeln!(s, "\" height=\"{}\"/>", strips.len() as f64 * STRIP);
    }
    for (row, strip) in strips.iter().enumerate() {
        let top = row as f64 * STRIP;
        let bins = strip.counts.len().max(1);
        let _ = write!(
            s,
            "<g class=\"strip bar-{}\">\n<text class=\"name\" x=\"0\" y=\"{}\">",
            strip.class,
            top + 14.0
        );
        push_escaped(&mut s, strip.label);
        let _ = write!(
            s,
            "</text>\n<text class=\"note\" x=\"100%\" y=\"{}\" text-anchor=\"end\">",
            top + 14.0
        );
        push_escaped(&mut s, &strip.note);
        let _ = write!(
            s,
            "</text>\n<svg x=\"0\" y=\"{}\" width=\"100%\" height=\"{BARS}\" viewBox=\"0 0 {bins} 100\" \
             preserveAspectRatio=\"none\">\n",
            top + NAME
        );
        for (i, &count) in strip.counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let h = (f64::from(count) / f64::from(tallest) * 100.0).max(2.0);
            let _ = writeln!(
                s,
                "<rect x=\"{i}\" y=\"{:.2}\" width=\"1\" height=\"{h:.2}\"/>",
                100.0 - h
            );
        }
        let base = top + NAME + BARS;
        let _ = write!(
            s,
            "</svg>\n<line class=\"base\" x1=\"0\" y1=\"{base}\" x2=\"100%\" y2=\"{base}\"/>\n</g>\n"
        );
    }
    let y = strips.len() as f64 * STRIP;
    let _ = writeln!(
        s,
        "<g class=\"axis\">\n<line x1=\"0\" y1=\"{y}\" x2=\"100%\" y2=\"{y}\"/>"
    );
    for tick in ticks {
        let anchor = if tick.at < 0.04 {
            "start"
        } else if tick.at > 0.96 {
            "end"
        } else {
            "middle"
        };
        let _ = write!(
            s,
            "<g class=\"tick{}\"><line x1=\"",
            if tick.major { " major" } else { "" }
        );
        percent(&mut s, tick.at);
        s.push_str("\" y1=\"");
        let _ = write!(s, "{y}\" x2=\"");
        percent(&mut s, tick.at);
        let _ = write!(s, "\" y2=\"{}\"/><text x=\"", y + 5.0);
        percent(&mut s, tick.at);
        let _ = write!(s, "\" y=\"{}\" text-anchor=\"{anchor}\">", y + 20.0);
        push_escaped(&mut s, &tick.label);
        s.push_str("</text></g>\n");
    }
    s.push_str("</g>\n</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_share_one_scale_and_text_has_no_view_box() {
        let tall = [0, 100, 0];
        let low = [5, 0, 1];
        let strips = [
            Strip {
                class: "none",
                label: "None",
                note: "50%".into(),
                counts: &tall,
            },
            Strip {
                class: "full",
                label: "Full",
                note: "<5%>".into(),
                counts: &low,
            },
        ];
        let ticks = [
            Tick {
                at: 0.0,
                label: "10 ms".into(),
                major: true,
            },
            Tick {
                at: 0.5,
                label: "20 ms".into(),
                major: false,
            },
        ];
        let svg = svg("T & t", &strips, &ticks, Some((0.0, 0.25)));
        assert!(svg.starts_with(
            "<svg class=\"strips\" width=\"100%\" height=\"178\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>T &amp; t</title>\n"
        ));
        assert!(svg.contains("<rect x=\"1\" y=\"0.00\" width=\"1\" height=\"100.00\"/>"));
        assert!(svg.contains("<rect x=\"0\" y=\"95.00\" width=\"1\" height=\"5.00\"/>"));
        // One retry in a hundred still shows: at least 2 % of the strip.
        assert!(svg.contains("<rect x=\"2\" y=\"98.00\" width=\"1\" height=\"2.00\"/>"));
        assert!(svg.contains("&lt;5%&gt;"));
        assert!(svg.contains("<g class=\"tick major\"><line x1=\"0.00%\""));
        assert!(svg.contains("text-anchor=\"start\">10 ms</text>"));
        assert!(svg.contains("<g class=\"tick\"><line x1=\"50.00%\""));
        assert!(svg.contains(
            "<rect class=\"band\" x=\"0.00%\" y=\"0\" width=\"25.00%\" height=\"148\"/>"
        ));
        assert_eq!(svg.matches("viewBox").count(), 2, "only the bars stretch");
    }

    /// The whole markup: each strip 74 px tall (its name line, 44 px of bars, a gap) one under
    /// the other, the axis 30 px under the strips, the band from 10 % to 35 % of the width, and
    /// the tick labels anchored at their start near the left end (below 4 %), at their end near
    /// the right end (above 96 %), at their middle elsewhere.
    #[test]
    fn the_whole_svg() {
        let (one, two) = ([3, 0, 6, 1], [0, 12, 0, 0]);
        let strips = [
            Strip {
                class: "none",
                label: "None",
                note: "%50".into(),
                counts: &one,
            },
            Strip {
                class: "full",
                label: "Full",
                note: "%5".into(),
                counts: &two,
            },
        ];
        let ticks = [
            (0.0, "0"),
            (0.039, "a"),
            (0.04, "b"),
            (0.5, "c"),
            (0.96, "d"),
            (0.961, "e"),
        ]
        .map(|(at, label)| Tick {
            at,
            label: label.into(),
            major: label == "c",
        });
        let svg = svg("Başlık", &strips, &ticks, Some((0.1, 0.35)));
        assert_eq!(
            svg,
            r#"<svg class="strips" width="100%" height="178" role="img" xmlns="http://www.w3.org/2000/svg">
<title>Başlık</title>
<rect class="band" x="10.00%" y="0" width="25.00%" height="148"/>
<g class="strip bar-none">
<text class="name" x="0" y="14">None</text>
<text class="note" x="100%" y="14" text-anchor="end">%50</text>
<svg x="0" y="18" width="100%" height="44" viewBox="0 0 4 100" preserveAspectRatio="none">
<rect x="0" y="75.00" width="1" height="25.00"/>
<rect x="2" y="50.00" width="1" height="50.00"/>
<rect x="3" y="91.67" width="1" height="8.33"/>
</svg>
<line class="base" x1="0" y1="62" x2="100%" y2="62"/>
</g>
<g class="strip bar-full">
<text class="name" x="0" y="88">Full</text>
<text class="note" x="100%" y="88" text-anchor="end">%5</text>
<svg x="0" y="92" width="100%" height="44" viewBox="0 0 4 100" preserveAspectRatio="none">
<rect x="1" y="0.00" width="1" height="100.00"/>
</svg>
<line class="base" x1="0" y1="136" x2="100%" y2="136"/>
</g>
<g class="axis">
<line x1="0" y1="148" x2="100%" y2="148"/>
<g class="tick"><line x1="0.00%" y1="148" x2="0.00%" y2="153"/><text x="0.00%" y="168" text-anchor="start">0</text></g>
<g class="tick"><line x1="3.90%" y1="148" x2="3.90%" y2="153"/><text x="3.90%" y="168" text-anchor="start">a</text></g>
<g class="tick"><line x1="4.00%" y1="148" x2="4.00%" y2="153"/><text x="4.00%" y="168" text-anchor="middle">b</text></g>
<g class="tick major"><line x1="50.00%" y1="148" x2="50.00%" y2="153"/><text x="50.00%" y="168" text-anchor="middle">c</text></g>
<g class="tick"><line x1="96.00%" y1="148" x2="96.00%" y2="153"/><text x="96.00%" y="168" text-anchor="middle">d</text></g>
<g class="tick"><line x1="96.10%" y1="148" x2="96.10%" y2="153"/><text x="96.10%" y="168" text-anchor="end">e</text></g>
</g>
</svg>
"#
        );
    }
}
