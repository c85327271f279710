//! The frontier of SPEC §9 on a page, as `backoff_recovery` (`show=frontier`, `show=map`,
//! `show=advice`) and the calculator's "Will it come back?" section draw it: a table of what each
//! budget survives and the capacity it needs, one plain sentence of advice drawn from it, and the
//! map of the vulnerable region (utilization across, the longest trigger survived up on a log
//! scale, one line per budget, the region above each line, where the service stays down,
//! tinted). Inline SVG, no script; `static/js/calculator.js` writes the same markup.

use std::fmt::Write;

use crate::backoff::{Params, Strategy};
use crate::html::push_escaped;
use crate::i18n::{fill, format_duration, format_number, strategy_label, Lang};
use crate::recovery::frontier::{Alternatives, LONGEST_TRIGGER_MS, TRIGGER_GRID_MS, UTILIZATIONS};
use crate::recovery::render::{
    budget_label, capacity_text, describe, frontier_cells, frontier_headings, longest_text,
    trigger_words, utilization_text,
};
use crate::recovery::{ln_unit, Frontiers, Longest, Recovery};

/// The table: per strategy and budget, the longest trigger survived, the capacity needed and
/// the verdict with the inputs (a `<figure class="backoff backoff-frontier">`), and as GFM.
pub fn table(
    recovery: &Recovery,
    frontiers: &Frontiers,
    params: &Params,
    lang: Lang,
) -> (String, String) {
    let w = &lang.words().recovery;
    let strategies = params.strategies();
    let several = strategies.len() > 1;
    let title = if several {
        // The strategies are named in their column.
        fill(w.frontier.title, &[("strategy", "")])
            .trim_start_matches([' ', ':'])
            .to_string()
    } else {
        fill(
            w.frontier.title,
            &[("strategy", strategy_label(strategies[0]))],
        )
    };
    let caption = format!("{title}. {}", describe(recovery, params, lang));
    let heads = frontier_headings(recovery.inputs().trigger(), lang);
    let mut h = String::with_capacity(4096);
    let mut md = String::with_capacity(1024);
    h.push_str(
        "<figure class=\"backoff backoff-frontier\">\n<div class=\"scroll\" tabindex=\"0\" \
         role=\"region\" aria-label=\"",
    );
    // The caption, not the title: a page may show the frontier of several triggers.
    push_escaped(&mut h, &caption);
    h.push_str("\">\n<table class=\"backoff-table backoff-frontier-table\">\n<caption>");
    push_escaped(&mut h, &caption);
    h.push_str("<span class=\"legend\">");
    push_escaped(&mut h, w.frontier.note);
    h.push_str("</span></caption>\n<thead>\n<tr>");
    let _ = write!(md, "*{}*\n\n|", caption.replace('\u{a0}', " "));
    let strategy_head = lang.words().table.strategy;
    if several {
        let _ = write!(h, "<th scope=\"col\">{strategy_head}</th>");
        let _ = write!(md, " {strategy_head} |");
    }
    for head in heads {
        h.push_str("<th scope=\"col\">");
        push_escaped(&mut h, head);
        h.push_str("</th>");
        let _ = write!(md, " {head} |");
    }
    h.push_str("</tr>\n</thead>\n<tbody>\n");
    md.push_str("\n|");
    if several {
        md.push_str(" --- |");
    }
    md.push_str(" --- | ---: | ---: | --- |\n");
    for run in &recovery.runs {
        let Some(f) = frontiers.get(run.strategy, run.budget) else {
            continue;
        };
        let cells = frontier_cells(run, f, recovery, lang);
        h.push_str("<tr>");
        md.push('|');
        if several {
            let _ = write!(
                h,
                "<td data-label=\"{strategy_head}\">{}</td>",
                strategy_label(run.strategy)
            );
            let _ = write!(md, " {} |", strategy_label(run.strategy));
        }
        let values = [
            None,
            Some(f.longest.ms),
            f.capacity_needed,
            run.summary.recovered_after_ms,
        ];
        super::recovery_table::push_cells(&mut h, &mut md, &heads, &cells, &values, 3);
        h.push_str("</tr>\n");
        md.push('\n');
    }
    h.push_str("</tbody>\n</table>\n</div>\n</figure>\n");
    (h, md)
}

/// One plain sentence of advice about the first budget of `strategy`: what it survives, and
/// what would carry it through the trigger as given: a capacity, the other budgets that recover,
/// shedding, a queue limit (`alternatives`); or, when it recovers, the least capacity that does.
pub fn advice(
    recovery: &Recovery,
    frontiers: &Frontiers,
    strategy: Strategy,
    alternatives: &Alternatives,
    lang: Lang,
) -> Option<String> {
    let w = &lang.words().recovery.frontier;
    let inputs = recovery.inputs();
    let t = trigger_words(inputs.trigger(), lang);
    let run = recovery.runs.iter().find(|r| r.strategy == strategy)?;
    let f = frontiers.get(strategy, run.budget)?;
    let survives = survives(&f.longest, lang, t);
    let one = fill(
        t.one,
        &[("t", &format_duration(inputs.outage().as_ms(), lang))],
    );
    let budget = budget_label(run.budget, lang);
    if run.summary.recovered_after_ms.is_some() {
        let enough = f.capacity_needed.unwrap_or(inputs.capacity());
        return Some(fill(
            w.advice_recovers,
            &[
                ("budget", budget),
                ("survives", &survives),
                ("one", &one),
                (
                    "capacity",
                    &capacity_text(Some(enough), inputs.demand(), lang),
                ),
            ],
        ));
    }
    let mut needs = capacity_text(f.capacity_needed, inputs.demand(), lang);
    for other in recovery.runs.iter().filter(|r| {
        r.strategy == strategy && r.budget != run.budget && r.summary.recovered_after_ms.is_some()
    }) {
        needs.push_str(w.or);
        needs.push_str(budget_label(other.budget, lang));
    }
    if alternatives.shedding == Some(true) {
        needs.push_str(w.or);
        needs.push_str(w.shedding);
    }
    if let Some((q, true)) = alternatives.queue {
        needs.push_str(w.or);
        needs.push_str(&fill(
            w.queue_limit,
            &[("q", &format_number(f64::from(q), 0, lang))],
        ));
    }
    Some(fill(
        w.advice_fails,
        &[
            ("budget", budget),
            ("survives", &survives),
            ("one", &one),
            ("needs", &needs),
        ],
    ))
}

/// "survives outages of up to 1.5 s", "… every outage tried, up to 2 min", "does not survive
/// even a 0.25 s outage".
fn survives(l: &Longest, lang: Lang, t: &crate::i18n::TriggerWords) -> String {
    let (template, ms) = if l.capped {
        (t.survives_all, LONGEST_TRIGGER_MS)
    } else if l.ms == 0.0 {
        (t.survives_none, TRIGGER_GRID_MS[0])
    } else {
        (t.survives, l.ms)
    };
    fill(
        template,
        &[("t", &crate::recovery::render::seconds_text(ms, lang))],
    )
}

/// The map's height: the plot and, under it, the utilization axis and its title, in CSS px.
const PLOT: f64 = 220.0;
const TOP: f64 = 8.0;
const AXIS: f64 = 44.0;
/// The floor of the log scale, where "not even the shortest trigger" sits: half of 0.25 s, in
/// quarter seconds; the top, 2 min.
const FLOOR_QUARTERS: f64 = 0.5;
const TOP_QUARTERS: f64 = 480.0;
/// The grid's triggers, in quarter seconds: 0.25 s, 1 s, 5 s, 30 s, 2 min.
const GRID_QUARTERS: [f64; 5] = [1.0, 4.0, 20.0, 120.0, 480.0];

/// Where a longest trigger sits on the map's plot, as a percentage from the top: log scale from
/// 2 min (0) to the floor (100). Logarithms of [`ln_unit`], which the browser repeats bit for
/// bit.
pub fn map_y(l: &Longest) -> f64 {
    let q = if l.ms == 0.0 {
        FLOOR_QUARTERS
    } else {
        l.ms / 250.0
    };
    // `+ 0.0`: the top is ln 1 = 0 over a negative, −0, which would print as "-0.00".
    100.0 * ln_unit(q / TOP_QUARTERS) / ln_unit(FLOOR_QUARTERS / TOP_QUARTERS) + 0.0
}

/// Where utilization `u` sits across the plot, as a percentage: 50 % at 12 (the grid's labels
/// stand left of it), 90 % at 95.
pub fn map_x(u: f64) -> f64 {
    12.0 + (u - 0.5) / 0.4 * 83.0
}

/// `x` with two decimals.
fn two(out: &mut String, x: f64) {
    let _ = write!(out, "{x:.2}");
}

/// The map of `strategy`: a `<figure class="backoff-chart backoff-map">` with its SVG, a legend
/// and each budget's line in words; and the markdown twin, a table of the same numbers.
pub fn map_html(
    recovery: &Recovery,
    frontiers: &Frontiers,
    strategy: Strategy,
    lang: Lang,
) -> (String, String) {
    let w = &lang.words().recovery.frontier;
    let t = trigger_words(recovery.inputs().trigger(), lang);
    let title = fill(
        w.map_title,
        &[("strategy", strategy_label(strategy)), ("trigger", t.name)],
    );
    let lines: Vec<_> = recovery
        .runs
        .iter()
        .filter(|r| r.strategy == strategy)
        .filter_map(|r| Some((r.budget, frontiers.get(strategy, r.budget)?.map.as_ref()?)))
        .collect();
    let mut s = String::with_capacity(8 * 1024);
    let _ = writeln!(
        s,
        "<figure class=\"backoff-chart backoff-map\" data-strategy=\"{}\">",
        strategy.name()
    );
    let height = TOP + PLOT + AXIS;
    let _ = write!(
        s,
        "<svg class=\"frontier-map\" width=\"100%\" height=\"{height}\" role=\"img\" \
         xmlns=\"http://www.w3.org/2000/svg\">\n<title>"
    );
    push_escaped(&mut s, &title);
    s.push_str("</title>\n<g class=\"grid\">\n");
    let floor = Longest {
        ms: 0.0,
        capped: false,
    };
    for q in GRID_QUARTERS.iter().map(|&q| Some(q)).chain([None]) {
        let l = q.map_or(floor, |q| Longest {
            ms: q * 250.0,
            capped: false,
        });
        let y = TOP + map_y(&l) / 100.0 * PLOT;
        let label = match q {
            Some(q) => crate::recovery::render::seconds_text(q * 250.0, lang),
            None => format!("< {}", crate::recovery::render::seconds_text(250.0, lang)),
        };
        // Labels sit on their line, the top one under it.
        let _ = write!(
            s,
            "<line x1=\"0\" y1=\"{y:.2}\" x2=\"100%\" y2=\"{y:.2}\"/><text x=\"0\" y=\"{:.2}\">",
            if q == Some(TOP_QUARTERS) {
                y + 13.0
            } else {
                y - 4.0
            }
        );
        push_escaped(&mut s, &label);
        s.push_str("</text>\n");
    }
    let _ = write!(
        s,
        "</g>\n<svg x=\"0\" y=\"{TOP}\" width=\"100%\" height=\"{PLOT}\" viewBox=\"0 0 100 100\" \
         preserveAspectRatio=\"none\" overflow=\"visible\">\n"
    );
    for (budget, rows) in &lines {
        let points: Vec<(f64, f64)> = rows
            .iter()
            .map(|r| (map_x(r.utilization), map_y(&r.longest)))
            .collect();
        let _ = write!(
            s,
            "<g class=\"line budget-{}\">\n<polygon class=\"region\" points=\"",
            budget.name()
        );
        if let (Some(first), Some(last)) = (points.first(), points.last()) {
            two(&mut s, first.0);
            s.push_str(",0 ");
            for &(x, y) in &points {
                two(&mut s, x);
                s.push(',');
                two(&mut s, y);
                s.push(' ');
            }
            two(&mut s, last.0);
            s.push_str(",0");
        }
        s.push_str("\"/>\n<polyline points=\"");
        for (i, &(x, y)) in points.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            two(&mut s, x);
            s.push(',');
            two(&mut s, y);
        }
        s.push_str("\" vector-effect=\"non-scaling-stroke\"/>\n<path class=\"dot\" d=\"");
        for &(x, y) in &points {
            s.push('M');
            two(&mut s, x);
            s.push(' ');
            two(&mut s, y);
            s.push_str("h0");
        }
        s.push_str("\" vector-effect=\"non-scaling-stroke\"/>\n</g>\n");
    }
    s.push_str("</svg>\n<g class=\"axis\">\n");
    let y = TOP + PLOT;
    let _ = writeln!(s, "<line x1=\"0\" y1=\"{y}\" x2=\"100%\" y2=\"{y}\"/>");
    for u in UTILIZATIONS {
        let x = map_x(u);
        let _ = write!(
            s,
            "<g class=\"tick\"><line x1=\"{x:.2}%\" y1=\"{y}\" x2=\"{x:.2}%\" y2=\"{}\"/><text \
             x=\"{x:.2}%\" y=\"{}\" text-anchor=\"middle\">",
            y + 5.0,
            y + 19.0
        );
        push_escaped(&mut s, &utilization_text(u, lang));
        s.push_str("</text></g>\n");
    }
    let _ = write!(
        s,
        "<text class=\"axis-title\" x=\"50%\" y=\"{}\" text-anchor=\"middle\">",
        y + 37.0
    );
    push_escaped(&mut s, w.map_axis);
    s.push_str("</text>\n</g>\n</svg>\n<figcaption>");
    push_escaped(&mut s, &title);
    s.push_str(".\n<span class=\"legend\">");
    for (budget, _) in &lines {
        let _ = write!(
            s,
            "<span class=\"entry\"><span class=\"key budget-{}\"></span>",
            budget.name()
        );
        push_escaped(&mut s, budget_label(*budget, lang));
        s.push_str("</span>");
    }
    s.push_str("<span class=\"entry\"><span class=\"key region\"></span>");
    push_escaped(&mut s, w.map_region);
    s.push_str("</span></span>\n");
    push_escaped(
        &mut s,
        &fill(
            w.map_note,
            &[
                ("top", &longest_text(&capped(), lang)),
                (
                    "bottom",
                    &crate::recovery::render::seconds_text(TRIGGER_GRID_MS[0], lang),
                ),
            ],
        ),
    );
    s.push_str("\n<ul class=\"recovery\">\n");
    let mut md = format!("*{}*\n\n| {} |", title, w.map_axis);
    for u in UTILIZATIONS {
        let _ = write!(md, " {} |", utilization_text(u, lang));
    }
    md.push_str("\n| --- |");
    for _ in UTILIZATIONS {
        md.push_str(" ---: |");
    }
    md.push('\n');
    for (budget, rows) in &lines {
        let points: Vec<String> = rows
            .iter()
            .map(|r| {
                fill(
                    w.map_point,
                    &[
                        ("t", &longest_text(&r.longest, lang)),
                        ("u", &utilization_text(r.utilization, lang)),
                    ],
                )
            })
            .collect();
        s.push_str("<li>");
        push_escaped(
            &mut s,
            &fill(
                w.map_line,
                &[
                    ("budget", budget_label(*budget, lang)),
                    ("points", &points.join(", ")),
                ],
            ),
        );
        s.push_str("</li>\n");
        let _ = write!(md, "| {} |", budget_label(*budget, lang));
        for r in rows.iter() {
            let _ = write!(
                md,
                " {} |",
                longest_text(&r.longest, lang).replace('\u{a0}', " ")
            );
        }
        md.push('\n');
    }
    s.push_str("</ul></figcaption>\n</figure>\n");
    (s, md.replace('\u{a0}', " "))
}

/// The longest trigger searched, as a capped answer.
fn capped() -> Longest {
    Longest {
        ms: LONGEST_TRIGGER_MS,
        capped: true,
    }
}
