//! The fleet under load as a table (SPEC §8, §10): a row per budget, or with circuit breakers a
//! row per breaker, per strategy; shared by `backoff_recovery` and the calculator's "Will it
//! come back?" section, with its GFM twin.

use std::fmt::Write;

use crate::backoff::{Params, Strategy};
use crate::html::{push_data, push_escaped};
use crate::i18n::{strategy_label, Lang};
use crate::recovery::breaker::render::{breaker_cells, breaker_headings, breaker_label};
use crate::recovery::render::{budget_label, describe, headings, row_cells};
use crate::recovery::{Recovery, Run};

/// The figures of every strategy and budget as a table (a `<figure class="backoff
/// backoff-recovery">`), and as GFM; with breakers (SPEC §10), every breaker's instead.
pub fn table(recovery: &Recovery, params: &Params, lang: Lang) -> (String, String) {
    let mut rows = Vec::new();
    for &strategy in params.strategies() {
        for (run, _) in compared(recovery, strategy, lang) {
            let s = &run.summary;
            let (cells, counts) = if recovery.breakers.is_empty() {
                let counts = [s.retries_sent as f64, s.retries_refused as f64];
                (
                    row_cells(run, recovery, lang),
                    [s.wasted_work, counts[0], counts[1]],
                )
            } else {
                let counts = [s.calls_rejected_by_breaker as f64, s.breaker_trips as f64];
                let cells = breaker_cells(run, recovery, lang);
                (cells, [counts[0], counts[1], s.retries_sent as f64])
            };
            let values = vec![
                None,
                s.recovered_after_ms,
                Some(s.peak_load),
                Some(s.requests_given_up),
                Some(counts[0]),
                Some(counts[1]),
                Some(counts[2]),
                Some(f64::from(s.max_retries_per_client_during_outage)),
            ];
            rows.push((strategy, cells, values));
        }
    }
    let heads = if recovery.breakers.is_empty() {
        headings(recovery.inputs().trigger(), lang)
    } else {
        breaker_headings(recovery, lang)
    };
    let caption = describe(recovery, params, lang);
    table_of(&caption, &heads, params.strategies().len() > 1, &rows, lang)
}

/// The runs a chart or table compares, with their labels: the breakers' when there are any,
/// else the budgets'.
pub fn compared(recovery: &Recovery, strategy: Strategy, lang: Lang) -> Vec<(&Run, &'static str)> {
    let breakers = !recovery.breakers.is_empty();
    let runs = if breakers {
        &recovery.breakers
    } else {
        &recovery.runs
    };
    let label = |r: &Run| match breakers {
        true => breaker_label(r.breaker, lang),
        false => budget_label(r.budget, lang),
    };
    runs.iter()
        .filter(|r| r.strategy == strategy)
        .map(|r| (r, label(r)))
        .collect()
}

/// One row: its strategy, its cells, and each cell's number if it has one.
type Row = (Strategy, Vec<String>, Vec<Option<f64>>);

/// A table of `rows` (strategy, cells, each cell's number if it has one) under `heads`: the
/// first cell heads its row, the second is the verdict; and its GFM.
fn table_of(
    caption: &str,
    heads: &[&str],
    several: bool,
    rows: &[Row],
    lang: Lang,
) -> (String, String) {
    let mut h = String::with_capacity(4096);
    let mut md = String::with_capacity(2048);
    h.push_str(
        "<figure class=\"backoff backoff-recovery\">\n<div class=\"scroll\" tabindex=\"0\" \
         role=\"region\" aria-label=\"",
    );
    push_escaped(&mut h, caption);
    h.push_str("\">\n<table class=\"backoff-table backoff-recovery-table\">\n<caption>");
    push_escaped(&mut h, caption);
    h.push_str("</caption>\n<thead>\n<tr>");
    let _ = write!(md, "*{}*\n\n|", caption.replace('\u{a0}', " "));
    if several {
        let label = lang.words().table.strategy;
        let _ = write!(h, "<th scope=\"col\">{label}</th>");
        let _ = write!(md, " {label} |");
    }
    for head in heads {
        let _ = write!(h, "<th scope=\"col\">{head}</th>");
        let _ = write!(md, " {head} |");
    }
    h.push_str("</tr>\n</thead>\n<tbody>\n");
    md.push_str("\n|");
    if several {
        md.push_str(" --- |");
    }
    md.push_str(" --- | --- |");
    for _ in 2..heads.len() {
        md.push_str(" ---: |");
    }
    md.push('\n');
    for (strategy, cells, values) in rows {
        h.push_str("<tr>");
        md.push('|');
        if several {
            let _ = write!(
                h,
                "<td data-label=\"{}\">{}</td>",
                lang.words().table.strategy,
                strategy_label(*strategy)
            );
            let _ = write!(md, " {} |", strategy_label(*strategy));
        }
        push_cells(&mut h, &mut md, heads, cells, values, 1);
        h.push_str("</tr>\n");
        md.push('\n');
    }
    h.push_str("</tbody>\n</table>\n</div>\n</figure>\n");
    (h, md)
}

/// One row's cells under `heads`, in HTML and GFM: the first heads the row, the one at
/// `verdict` is the verdict, and a cell with a number holds it in `<data>`.
pub fn push_cells(
    h: &mut String,
    md: &mut String,
    heads: &[&str],
    cells: &[String],
    values: &[Option<f64>],
    verdict: usize,
) {
    for (i, (cell, value)) in cells.iter().zip(values).enumerate() {
        if i == 0 {
            h.push_str("<th scope=\"row\">");
            push_escaped(h, cell);
            h.push_str("</th>");
        } else {
            h.push_str(if i == verdict {
                "<td class=\"verdict\" data-label=\""
            } else {
                "<td data-label=\""
            });
            push_escaped(h, heads[i]);
            h.push_str("\">");
            match value {
                Some(v) => push_data(h, *v, |h| push_escaped(h, cell)),
                None => push_escaped(h, cell),
            }
            h.push_str("</td>");
        }
        let _ = write!(md, " {} |", cell.replace('\u{a0}', " "));
    }
}
