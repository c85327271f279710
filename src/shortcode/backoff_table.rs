//! `backoff_table(base, factor, cap, attempts, jitter, seed)` — block: the schedule of SPEC §1 with
//! client 0's seeded samples (§2) as a localized HTML table, and as a GFM table for `index.md`.
//!
//! Layout, so that four strategies fit a laptop's column and a phone's width: a `<caption>` with
//! the parameters in words and how to read a cell; one column per strategy, each cell the range
//! of that attempt's wait (`min – max`, or one value when they are equal) with client 0's sample
//! beneath; the worst-case, best-case and mean totals in a compact table of their own. On narrow
//! screens the stylesheet turns each row into a card whose cells say what they are
//! (`data-label`). Every number is a `<data value="MS">` element, so scripts and tests read exact
//! milliseconds. The markdown twin keeps one GFM column per min, max and sample.

use std::fmt::Write;

use super::common::{params, SCHEDULE_ARGS};
use super::{ArgError, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Schedule, Strategy};
use crate::html::{push_data, push_escaped, Seen};
use crate::i18n::{push_duration, strategy_label, Lang};
use crate::report::describe_params;

/// The `backoff_table` shortcode.
pub struct BackoffTable(pub std::sync::Arc<super::common::Schedules>);

impl Shortcode for BackoffTable {
    fn name(&self) -> &str {
        "backoff_table"
    }
    fn args(&self) -> &[ArgSpec] {
        &SCHEDULE_ARGS
    }
    fn summary(&self) -> &str {
        "The schedule: per attempt the nominal delay and each strategy's least and greatest wait with a seeded sample; the totals beneath."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let schedule = self.0.get(&params(args, "attempts")?, false, ctx.timings);
        let mut seen = Seen::new(ctx.text, 256 + schedule.rows().len() * 96);
        let (html, markdown) = tables(&schedule, ctx.lang, &mut seen);
        Ok(Expansion {
            html,
            markdown,
            text: seen.finish(),
        })
    }
}

/// The table twice, made in one pass over the cells: as HTML (a `<figure class="backoff">`, also
/// used by the calculator) and as GFM markdown for `index.md` (totals as bold rows at the end).
/// Each localized duration is formatted once, into the markdown, and copied into the HTML.
/// What a reader sees of the HTML goes to `seen` on the way.
pub fn tables(schedule: &Schedule, lang: Lang, seen: &mut Seen) -> (String, String) {
    // Writes go straight into two buffers (writing to a String cannot fail): a table has a few
    // hundred cells and big sites have thousands of tables.
    let w = &lang.words().table;
    let strategies = schedule.params().strategies();
    let grouped = strategies.len() > 1;
    let columns = 2 + 3 * strategies.len();
    let caption = describe_params(schedule.params(), lang);
    let jittered = strategies.iter().any(|&s| s != Strategy::None);
    let mut h = String::with_capacity(2048 + schedule.rows().len() * strategies.len() * 200);
    let mut md = String::with_capacity(512 + schedule.rows().len() * columns * 16);

    h.push_str("<figure class=\"backoff\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"");
    push_escaped(&mut h, &caption);
    h.push_str("\">\n<table class=\"backoff-table\">\n<caption>");
    push_escaped(&mut h, &caption);
    seen.text(&caption);
    if jittered {
        h.push_str("<span class=\"legend\">");
        h.push_str(w.legend);
        h.push_str("</span>");
        seen.text(w.legend);
    }
    let _ = write!(
        h,
        "</caption>\n<thead>\n<tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        w.attempt, w.delay
    );
    for word in [w.attempt, w.delay] {
        seen.gap();
        seen.text(word);
    }
    for &s in strategies {
        let _ = write!(h, "<th scope=\"col\">{}</th>", strategy_label(s));
        seen.gap();
        seen.text(strategy_label(s));
    }
    seen.gap();
    h.push_str("</tr>\n</thead>\n<tbody>\n");

    md.push('*');
    md.push_str(&caption);
    md.push_str("*\n\n| ");
    md.push_str(w.attempt);
    md.push_str(" | ");
    md.push_str(w.delay);
    for &s in strategies {
        for col in [w.min, w.max, w.sample] {
            md.push_str(" | ");
            if grouped {
                md.push_str(strategy_label(s));
                md.push(' ');
            }
            md.push_str(col);
        }
    }
    md.push_str(" |\n|");
    for _ in 0..columns {
        md.push_str(" ---: |");
    }
    md.push('\n');

    for row in schedule.rows() {
        // Rows are the bulk of a table: pushed without `write!`'s formatting machinery.
        let mut number = itoa::Buffer::new();
        let attempt = number.format(row.attempt);
        h.push_str("<tr><th scope=\"row\" data-label=\"");
        h.push_str(w.attempt);
        h.push_str("\">");
        h.push_str(attempt);
        h.push_str("</th><td data-label=\"");
        h.push_str(w.delay);
        h.push_str("\">");
        md.push_str("| ");
        md.push_str(attempt);
        md.push_str(" | ");
        seen.text(attempt);
        seen.gap();
        push_duration_twice(&mut h, &mut md, seen, row.nominal.as_ms(), lang);
        h.push_str("</td>");
        seen.gap();
        for &s in strategies {
            let c = row.cell(s);
            h.push_str("<td data-label=\"");
            h.push_str(strategy_label(s));
            h.push_str("\">");
            seen.gap();
            let (min, max, sample) = (c.min.as_ms(), c.max.as_ms(), c.sample.as_ms());
            md.push_str(" | ");
            if min == max {
                // One value (no jitter): the min, max and sample cells of the twin repeat it.
                let start = md.len();
                push_duration_twice(&mut h, &mut md, seen, min, lang);
                let text = md[start..].to_string();
                for _ in 0..2 {
                    md.push_str(" | ");
                    md.push_str(&text);
                }
            } else {
                h.push_str("<span class=\"range\">");
                push_duration_twice(&mut h, &mut md, seen, min, lang);
                h.push_str(" – ");
                seen.text(" – ");
                md.push_str(" | ");
                push_duration_twice(&mut h, &mut md, seen, max, lang);
                // A space between the two (each its own line): their words stay apart in text.
                h.push_str("</span> <span class=\"sample\"><span class=\"vh\">");
                h.push_str(w.sample);
                h.push_str(": </span>");
                seen.text(" ");
                seen.text(w.sample);
                seen.text(": ");
                md.push_str(" | ");
                push_duration_twice(&mut h, &mut md, seen, sample, lang);
                h.push_str("</span>");
            }
            h.push_str("</td>");
            seen.gap();
        }
        h.push_str("</tr>\n");
        md.push_str(" |\n");
    }
    h.push_str("</tbody>\n</table>\n</div>\n<table class=\"backoff-totals\">\n<caption>");
    h.push_str(w.totals);
    h.push_str("</caption>\n<thead>\n<tr><td></td>");
    seen.text(w.totals);
    seen.gap();
    for &s in strategies {
        let _ = write!(h, "<th scope=\"col\">{}</th>", strategy_label(s));
        seen.text(strategy_label(s));
        seen.gap();
    }
    h.push_str("</tr>\n</thead>\n<tbody>\n");

    for (label, pick) in totals_rows(lang) {
        let _ = write!(h, "<tr><th scope=\"row\">{label}</th>");
        seen.text(label);
        seen.gap();
        // Cells: the label, an empty delay cell, then value, empty, empty per strategy.
        let _ = write!(md, "| **{label}** |  |");
        for &s in strategies {
            let (ms, estimated) = pick(schedule, s);
            md.push_str(" **");
            h.push_str("<td data-label=\"");
            h.push_str(strategy_label(s));
            h.push_str("\">");
            push_duration_twice(&mut h, &mut md, seen, ms, lang);
            md.push_str("**");
            if estimated {
                let _ = write!(h, " <small>({})</small>", w.estimated);
                let _ = write!(md, " ({})", w.estimated);
                seen.text(" (");
                seen.text(w.estimated);
                seen.text(")");
            }
            h.push_str("</td>");
            seen.gap();
            md.push_str(" |  |  |");
        }
        h.push_str("</tr>\n");
        md.push('\n');
    }
    h.push_str("</tbody>\n</table>\n</figure>\n");
    (h, md)
}

/// `ms` formatted once for people: the text appended to `md`, and copied into a
/// `<data value="MS">` element appended to `h` and into `seen`.
fn push_duration_twice(h: &mut String, md: &mut String, seen: &mut Seen, ms: f64, lang: Lang) {
    let start = md.len();
    push_duration(md, ms, lang);
    push_data(h, ms, |h| h.push_str(&md[start..]));
    seen.text(&md[start..]);
}

type Pick = fn(&Schedule, Strategy) -> (f64, bool);

fn totals_rows(lang: Lang) -> [(&'static str, Pick); 3] {
    let w = &lang.words().table;
    [
        (w.worst_total, |s, st| (s.totals(st).worst.as_ms(), false)),
        (w.best_total, |s, st| (s.totals(st).best.as_ms(), false)),
        (w.mean_total, |s, st| {
            let t = s.totals(st);
            (t.mean.as_ms(), t.mean_is_estimate)
        }),
    ]
}
