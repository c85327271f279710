//! `backoff_table(base, factor, cap, attempts, jitter, seed)` — block: the schedule of SPEC §1 with
//! client 0's seeded samples (§2) as a localized HTML table, and as a GFM table for `index.md`.
//!
//! Layout: a `<caption>` with the parameters in words; one header row per strategy group
//! (Min / Max / Sample under each strategy's name when several are compared); one `<tbody>` row
//! per attempt; a `<tfoot>` with the worst-case, best-case and mean totals. Every number is a
//! `<data value="MS">` element, so scripts and tests read exact milliseconds.

use std::fmt::Write;

use super::common::{escape, params, push_data_ms, SCHEDULE_ARGS};
use super::{ArgError, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::{Schedule, Strategy};
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
        let schedule = self.0.get(&params(args, "attempts")?, false);
        Ok(Expansion {
            html: table_html(&schedule, ctx.lang),
            markdown: table_markdown(&schedule, ctx.lang),
        })
    }
}

/// The `<figure class="backoff">` with the table (also used by the calculator).
pub fn table_html(schedule: &Schedule, lang: Lang) -> String {
    // Writes go straight into one buffer (writing to a String cannot fail): a table has a few
    // hundred cells and big sites have thousands of tables.
    let w = lang.words();
    let strategies = schedule.params().strategies();
    let grouped = strategies.len() > 1;
    let mut h = String::with_capacity(2048 + schedule.rows().len() * strategies.len() * 160);
    h.push_str("<figure class=\"backoff\">\n<table class=\"backoff-table\">\n<caption>");
    h.push_str(&escape(&describe_params(schedule.params(), lang)));
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
    for row in schedule.rows() {
        // Rows are the bulk of a table: pushed without `write!`'s formatting machinery.
        h.push_str("<tr><th scope=\"row\">");
        h.push_str(itoa::Buffer::new().format(row.attempt));
        h.push_str("</th><td>");
        push_data_ms(&mut h, row.nominal.as_ms(), lang);
        h.push_str("</td>");
        for &s in strategies {
            let c = row.cell(s);
            for ms in [c.min.as_ms(), c.max.as_ms(), c.sample.as_ms()] {
                h.push_str("<td>");
                push_data_ms(&mut h, ms, lang);
                h.push_str("</td>");
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n<tfoot>\n");
    for (label, pick) in totals_rows(lang) {
        let _ = write!(h, "<tr><th scope=\"row\" colspan=\"2\">{label}</th>");
        for &s in strategies {
            let (ms, estimated) = pick(schedule, s);
            h.push_str("<td colspan=\"3\">");
            push_data_ms(&mut h, ms, lang);
            if estimated {
                let _ = write!(h, " <small>({})</small>", w.estimated);
            }
            h.push_str("</td>");
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tfoot>\n</table>\n</figure>\n");
    h
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

/// The same table as GFM markdown (totals as bold rows at the end).
pub fn table_markdown(schedule: &Schedule, lang: Lang) -> String {
    let w = lang.words();
    let strategies = schedule.params().strategies();
    let grouped = strategies.len() > 1;
    let columns = 2 + 3 * strategies.len();
    let mut out = String::with_capacity(512 + schedule.rows().len() * columns * 16);
    out.push('*');
    out.push_str(&describe_params(schedule.params(), lang));
    out.push_str("*\n\n| ");
    out.push_str(w.attempt);
    out.push_str(" | ");
    out.push_str(w.delay);
    for &s in strategies {
        for col in [w.min, w.max, w.sample] {
            out.push_str(" | ");
            if grouped {
                out.push_str(strategy_label(s));
                out.push(' ');
            }
            out.push_str(col);
        }
    }
    out.push_str(" |\n|");
    for _ in 0..columns {
        out.push_str(" ---: |");
    }
    out.push('\n');
    for row in schedule.rows() {
        out.push_str("| ");
        out.push_str(itoa::Buffer::new().format(row.attempt));
        out.push_str(" | ");
        push_duration(&mut out, row.nominal.as_ms(), lang);
        for &s in strategies {
            let c = row.cell(s);
            for d in [c.min, c.max, c.sample] {
                out.push_str(" | ");
                push_duration(&mut out, d.as_ms(), lang);
            }
        }
        out.push_str(" |\n");
    }
    for (label, pick) in totals_rows(lang) {
        // Cells: the label, an empty delay cell, then value, empty, empty per strategy.
        let _ = write!(out, "| **{label}** |  |");
        for &s in strategies {
            let (ms, estimated) = pick(schedule, s);
            out.push_str(" **");
            push_duration(&mut out, ms, lang);
            out.push_str("**");
            if estimated {
                let _ = write!(out, " ({})", w.estimated);
            }
            out.push_str(" |  |  |");
        }
        out.push('\n');
    }
    out
}
