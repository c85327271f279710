//! Presentations of a computed [`Schedule`] that are not HTML: the terminal table of `sade calc`,
//! its JSON form, and the one-sentence description of the parameters that captions reuse.

use serde_json::{json, Map, Value};

use crate::backoff::{Params, Schedule};
use crate::i18n::{fill, format_duration, format_number, format_percent, strategy_label, Lang};

/// The parameters in words: "First wait 100 ms, ×2 per attempt, capped at 30 s; 8 attempts,
/// seed 7" (the sentence of the language's word table).
pub fn describe_params(params: &Params, lang: Lang) -> String {
    let d = &lang.words().describe;
    let n = params.attempts().to_string();
    let cap = params.cap().map(|c| format_duration(c.as_ms(), lang));
    fill(
        d.sentence,
        &[
            ("base", &format_duration(params.base().as_ms(), lang)),
            ("factor", &format_number(params.factor(), 6, lang)),
            (
                "cap",
                &match &cap {
                    Some(c) => fill(d.capped, &[("cap", c)]),
                    None => d.no_cap.to_string(),
                },
            ),
            (
                "attempts",
                &fill(
                    if params.attempts() == 1 {
                        d.one_attempt
                    } else {
                        d.attempts
                    },
                    &[("n", &n)],
                ),
            ),
            ("seed", &params.seed().to_string()),
        ],
    )
}

/// Column widths in characters, so Turkish letters line up.
fn widths(rows: &[Vec<String>]) -> Vec<usize> {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// Pads cells to aligned columns, two spaces apart; `right[c]` right-aligns column `c`.
pub(crate) fn aligned(rows: &[Vec<String>], right: &[bool]) -> String {
    let width = widths(rows);
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = width[c] - cell.chars().count();
            if c > 0 {
                line.push_str("  ");
            }
            if right.get(c).copied().unwrap_or(false) {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The cells of each attempt's row, each duration formatted by `dur`: the attempt number, the
/// nominal delay, then min, max and sample of every strategy shown (terminal and GFM tables).
pub fn row_cells(schedule: &Schedule, dur: impl Fn(f64) -> String) -> Vec<Vec<String>> {
    let strategies = schedule.params().strategies();
    schedule
        .rows()
        .iter()
        .map(|row| {
            let mut cells = vec![row.attempt.to_string(), dur(row.nominal.as_ms())];
            for &s in strategies {
                let c = row.cell(s);
                cells.extend([c.min, c.max, c.sample].map(|d| dur(d.as_ms())));
            }
            cells
        })
        .collect()
}

/// Terminal output of `sade calc`: the schedule table, the totals and each strategy's fleet peak.
pub fn render_text(schedule: &Schedule, lang: Lang) -> String {
    let words = lang.words();
    let (w, t) = (&words.table, &words.terminal);
    let params = schedule.params();
    let strategies = params.strategies();
    let dur = |ms: f64| format_duration(ms, lang).replace('\u{a0}', " ");
    let mut out = format!(
        "{}: {}\n\n",
        t.schedule,
        describe_params(params, lang).replace('\u{a0}', " ")
    );

    let mut head = vec![w.attempt.to_string(), w.delay.to_string()];
    for _ in strategies {
        head.extend([w.min.to_string(), w.max.to_string(), w.sample.to_string()]);
    }
    let mut table = vec![head];
    table.extend(row_cells(schedule, dur));
    // A line of strategy names, each over the first column of its group.
    let width = widths(&table);
    let mut labels = String::new();
    let mut at = width[0] + 2 + width[1] + 2;
    for (g, &s) in strategies.iter().enumerate() {
        let label = strategy_label(s);
        let pad = at
            .saturating_sub(labels.chars().count())
            .max(usize::from(!labels.is_empty()));
        labels.push_str(&" ".repeat(pad));
        labels.push_str(label);
        at += (0..3).map(|k| width[2 + 3 * g + k]).sum::<usize>() + 6;
    }
    out.push_str(&labels);
    out.push('\n');
    out.push_str(&aligned(&table, &vec![true; width.len()]));
    out.push('\n');
    let mut totals = vec![vec![
        String::new(),
        w.best_total.to_string(),
        w.mean_total.to_string(),
        w.worst_total.to_string(),
        words.chart.peak_share.to_string(),
    ]];
    for &s in strategies {
        let t = schedule.totals(s);
        let mean = if t.mean_is_estimate {
            format!("{} ({})", dur(t.mean.as_ms()), w.estimated)
        } else {
            dur(t.mean.as_ms())
        };
        let peak = schedule
            .fleet()
            .strategy(s)
            .map(|f| format_percent(f.peak_share, lang))
            .unwrap_or_default();
        totals.push(vec![
            strategy_label(s).to_string(),
            dur(t.best.as_ms()),
            mean,
            dur(t.worst.as_ms()),
            peak,
        ]);
    }
    out.push_str(&aligned(&totals, &[false, true, true, true, true]));
    let clients = format_number(f64::from(schedule.fleet().clients), 0, lang);
    out.push_str(&format!(
        "\n{}: {}, {}\n",
        words.chart.peak_share,
        fill(t.clients, &[("n", &clients)]),
        t.peak_note
    ));
    out
}

/// The `sade calc --json` document (numbers in milliseconds, only the strategies asked for).
pub fn render_json(schedule: &Schedule) -> Value {
    let params = schedule.params();
    let strategies = params.strategies();
    let rows: Vec<Value> = schedule
        .rows()
        .iter()
        .map(|row| {
            let mut m = Map::new();
            m.insert("attempt".into(), json!(row.attempt));
            m.insert("nominal_ms".into(), json!(row.nominal.as_ms()));
            for &s in strategies {
                let c = row.cell(s);
                m.insert(
                    s.name().into(),
                    json!({"min_ms": c.min.as_ms(), "max_ms": c.max.as_ms(), "sample_ms": c.sample.as_ms()}),
                );
            }
            Value::Object(m)
        })
        .collect();
    let mut totals = Map::new();
    let fleet = schedule.fleet();
    let mut fleet_json = Map::new();
    fleet_json.insert("clients".into(), json!(fleet.clients));
    fleet_json.insert("horizon_ms".into(), json!(fleet.horizon.as_ms()));
    fleet_json.insert("bin_ms".into(), json!(fleet.bin.as_ms()));
    fleet_json.insert("timeline_ms".into(), json!(fleet.timeline.edges()));
    for &s in strategies {
        let t = schedule.totals(s);
        totals.insert(
            s.name().into(),
            json!({"best_ms": t.best.as_ms(), "worst_ms": t.worst.as_ms(),
                   "mean_ms": t.mean.as_ms(), "sample_ms": t.sample.as_ms()}),
        );
        if let Some(f) = fleet.strategy(s) {
            fleet_json.insert(
                s.name().into(),
                json!({"peak_share": f.peak_share, "histogram": f.histogram, "timeline": f.timeline}),
            );
        }
    }
    json!({
        "params": {
            "base_ms": params.base().as_ms(),
            "factor": params.factor(),
            "cap_ms": params.cap().map(|c| c.as_ms()),
            "attempts": params.attempts(),
            "seed": params.seed(),
            "clients": params.clients(),
            "strategies": strategies.iter().map(|s| s.name()).collect::<Vec<_>>(),
        },
        "rows": rows,
        "totals": totals,
        "fleet": fleet_json,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Delay;

    #[test]
    fn description() {
        let p = Params::builder(Delay::from_ms(100.0).unwrap())
            .cap(Some(Delay::from_secs(30.0).unwrap()))
            .build()
            .unwrap();
        assert_eq!(
            describe_params(&p, Lang::Tr),
            "İlk bekleme 100\u{a0}ms, her denemede ×2, üst sınır 30\u{a0}sn; 8 deneme, tohum 7"
        );
        assert_eq!(
            describe_params(&p, Lang::En),
            "First wait 100\u{a0}ms, ×2 per attempt, capped at 30\u{a0}s; 8 attempts, seed 7"
        );
    }
}
