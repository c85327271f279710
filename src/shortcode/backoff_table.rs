//! `backoff_table(base, factor, cap, attempts, jitter, seed)` — block: the schedule of SPEC §1 with
//! client 0's seeded samples (§2) as a localized HTML table, and as a GFM table for `index.md`.
//!
//! Layout: a `<caption>` with the parameters in words; one header row per strategy group
//! (Min / Max / Sample under each strategy's name when several are compared); one `<tbody>` row
//! per attempt; a `<tfoot>` with the worst-case, best-case and mean totals. Every number is a
//! `<data value="MS">` element, so scripts and tests read exact milliseconds.

use std::fmt::Write;

use super::common::{params, SCHEDULE_ARGS};
use super::{ArgError, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Schedule, Strategy};
use crate::html::{push_data, push_escaped};
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
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let schedule = self.0.get(&params(args, "attempts")?, false, ctx.timings);
        let (html, markdown) = tables(&schedule, ctx.lang);
        Ok(Expansion { html, markdown })
    }
}

/// The table twice, made in one pass over the cells: as HTML (a `<figure class="backoff">`, also
/// used by the calculator) and as GFM markdown for `index.md` (totals as bold rows at the end).
/// Each localized duration is formatted once, into the markdown, and copied into the HTML.
pub fn tables(schedule: &Schedule, lang: Lang) -> (String, String) {
    // Writes go straight into two buffers (writing to a String cannot fail): a table has a few
    // hundred cells and big sites have thousands of tables.
    let w = lang.words();
    let strategies = schedule.params().strategies();
    let grouped = strategies.len() > 1;
    let columns = 2 + 3 * strategies.len();
    let caption = describe_params(schedule.params(), lang);
    let mut h = String::with_capacity(2048 + schedule.rows().len() * strategies.len() * 160);
    let mut md = String::with_capacity(512 + schedule.rows().len() * columns * 16);

    h.push_str("<figure class=\"backoff\">\n<table class=\"backoff-table\">\n<caption>");
    push_escaped(&mut h, &caption);
    h.push_str("</caption>\n<thead>\n");
    let rowspan = if grouped { " rowspan=\"2\"" } else { "" };
    let _ = write!(
        h,
        "<tr><th scope=\"col\"{rowspan}>{}</th><th scope=\"col\"{rowspan}>{}</th>",
        w.attempt, w.delay
    );
    if grouped {
        for &s in strategies {
            let _ = write!(
                h,
                "<th scope=\"colgroup\" colspan=\"3\">{}</th>",
                strategy_label(s)
            );
        }
        h.push_str("</tr>\n<tr>");
    }
    for _ in strategies {
        let _ = write!(
            h,
            "<th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
            w.min, w.max, w.sample
        );
    }
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
        h.push_str("<tr><th scope=\"row\">");
        h.push_str(attempt);
        h.push_str("</th>");
        md.push_str("| ");
        md.push_str(attempt);
        cell(&mut h, &mut md, row.nominal.as_ms(), lang);
        for &s in strategies {
            let c = row.cell(s);
            for d in [c.min, c.max, c.sample] {
                cell(&mut h, &mut md, d.as_ms(), lang);
            }
        }
        h.push_str("</tr>\n");
        md.push_str(" |\n");
    }
    h.push_str("</tbody>\n<tfoot>\n");

    for (label, pick) in totals_rows(lang) {
        let _ = write!(h, "<tr><th scope=\"row\" colspan=\"2\">{label}</th>");
        // Cells: the label, an empty delay cell, then value, empty, empty per strategy.
        let _ = write!(md, "| **{label}** |  |");
        for &s in strategies {
            let (ms, estimated) = pick(schedule, s);
            md.push_str(" **");
            h.push_str("<td colspan=\"3\">");
            push_duration_twice(&mut h, &mut md, ms, lang);
            md.push_str("**");
            if estimated {
                let _ = write!(h, " <small>({})</small>", w.estimated);
                let _ = write!(md, " ({})", w.estimated);
            }
            h.push_str("</td>");
            md.push_str(" |  |  |");
        }
        h.push_str("</tr>\n");
        md.push('\n');
    }
    h.push_str("</tfoot>\n</table>\n</figure>\n");
    (h, md)
}

/// One duration cell of a row: ` | TEXT` in the markdown and
/// `<td><data value="MS">TEXT</data></td>` in the HTML.
fn cell(h: &mut String, md: &mut String, ms: f64, lang: Lang) {
    md.push_str(" | ");
    h.push_str("<td>");
    push_duration_twice(h, md, ms, lang);
    h.push_str("</td>");
}

/// `ms` formatted once for people: the text appended to `md`, and copied into a
/// `<data value="MS">` element appended to `h`.
fn push_duration_twice(h: &mut String, md: &mut String, ms: f64, lang: Lang) {
    let start = md.len();
    push_duration(md, ms, lang);
    push_data(h, ms, |h| h.push_str(&md[start..]));
}

type Pick = fn(&Schedule, Strategy) -> (f64, bool);

fn totals_rows(lang: Lang) -> [(&'static str, Pick); 3] {
    let w = lang.words();
    [
        (w.worst_total, |s, st| (s.totals(st).worst.as_ms(), false)),
        (w.best_total, |s, st| (s.totals(st).best.as_ms(), false)),
        (w.mean_total, |s, st| {
            let t = s.totals(st);
            (t.mean.as_ms(), t.mean_is_estimate)
        }),
    ]
}
