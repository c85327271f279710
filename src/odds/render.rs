//! The odds in words and numbers: the rows that `sade calc`'s text, the `backoff_odds` table and
//! its GFM twin all show (one [`Row`] per measure, one cell per strategy), and the `"odds"` JSON
//! object of SPEC §7. The math is in the parent module; this only formats it.

use serde_json::{json, Map, Value};

use super::{Odds, StrategyOdds};
use crate::backoff::{Params, Strategy};
use crate::i18n::{
    fill, format_duration, format_number, format_probability, strategy_label, Lang, OddsWords,
};

/// One number of a row: the exact value (for `<data value>`) and its localized text.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The value for machines: a share in [0, 1], milliseconds, calls or attempts.
    pub value: f64,
    /// What people read (durations with U+00A0 before the unit).
    pub text: String,
}

/// One measure, per strategy; `None` where there is no number (nobody succeeded, nothing fits).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The measure, localized.
    pub label: String,
    /// One per strategy asked for, in index order.
    pub cells: Vec<Option<Cell>>,
}

fn share(value: f64, lang: Lang) -> Cell {
    Cell {
        value,
        text: format_probability(value, lang),
    }
}

fn duration(ms: f64, lang: Lang) -> Cell {
    Cell {
        value: ms,
        text: format_duration(ms, lang),
    }
}

/// The text for a missing number.
pub const MISSING: &str = "—";

const QUANTILE_NAMES: [&str; 3] = ["p50", "p90", "p99"];

/// Builds one row from each strategy's odds; `None` when no strategy has it (input absent).
fn row(
    odds: &Odds,
    params: &Params,
    label: String,
    cell: impl Fn(&StrategyOdds) -> Option<Option<Cell>>,
) -> Option<Row> {
    let cells: Vec<Option<Option<Cell>>> = params
        .strategies()
        .iter()
        .map(|&s| odds.strategy(s).and_then(&cell))
        .collect();
    if cells.iter().all(Option::is_none) {
        return None;
    }
    Some(Row {
        label,
        cells: cells.into_iter().map(Option::flatten).collect(),
    })
}

/// The rows of the odds table, those whose inputs were given: P(success), load, p50/p90/p99,
/// P(within the deadline), the worst time to give up, the deadline fit.
pub fn odds_rows(odds: &Odds, params: &Params, lang: Lang) -> Vec<Row> {
    let w = lang.odds_words();
    let deadline = odds
        .inputs()
        .deadline()
        .map(|d| format_duration(d.as_ms(), lang))
        .unwrap_or_default();
    let mut rows = Vec::new();
    // P(success) and the load do not depend on the waits: the same in every column.
    if let (Some(p), Some(e)) = (odds.p_success, odds.expected_calls) {
        rows.extend(row(odds, params, w.p_success.into(), |_| {
            Some(Some(share(p, lang)))
        }));
        rows.extend(row(odds, params, w.load.into(), |_| {
            Some(Some(Cell {
                value: e,
                text: format_number(e, 2, lang),
            }))
        }));
    }
    for (i, q) in QUANTILE_NAMES.iter().enumerate() {
        rows.extend(row(odds, params, w.success_at.replace("{q}", q), |s| {
            s.success_ms.map(|v| v[i].map(|ms| duration(ms, lang)))
        }));
    }
    rows.extend(row(odds, params, w.within.replace("{d}", &deadline), |s| {
        s.p_within_deadline.map(|p| Some(share(p, lang)))
    }));
    rows.extend(row(odds, params, w.give_up_worst.into(), |s| {
        Some(Some(duration(s.give_up_worst_ms, lang)))
    }));
    rows.extend(row(
        odds,
        params,
        w.fit_attempts.replace("{d}", &deadline),
        |s| {
            s.fit_attempts.map(|a| {
                a.map(|a| Cell {
                    value: f64::from(a),
                    text: a.to_string(),
                })
            })
        },
    ));
    rows.extend(row(
        odds,
        params,
        w.fit_base.replace("{d}", &deadline),
        |s| s.fit_base_ms.map(|b| b.map(|ms| duration(ms, lang))),
    ));
    rows
}

/// The rows of the outage view (with `outage`): who gives up, p50 and p99 after recovery, and
/// who arrives in the first 100 ms.
pub fn outage_rows(odds: &Odds, params: &Params, lang: Lang) -> Vec<Row> {
    let w = lang.odds_words();
    let mut rows = Vec::new();
    rows.extend(row(odds, params, w.outage_give_up.into(), |s| {
        s.outage
            .as_ref()
            .map(|o| Some(share(o.give_up_share, lang)))
    }));
    for (q, pick) in [("p50", 0), ("p99", 1)] {
        rows.extend(row(odds, params, w.outage_at.replace("{q}", q), |s| {
            s.outage
                .as_ref()
                .map(|o| [o.p50_ms, o.p99_ms][pick].map(|ms| duration(ms, lang)))
        }));
    }
    rows.extend(row(odds, params, w.outage_first.into(), |s| {
        s.outage
            .as_ref()
            .map(|o| o.first_window_share.map(|p| share(p, lang)))
    }));
    rows
}

/// The inputs in words: "A call fails 30% of the time and a failing call takes 2 s; at most 9
/// calls per request. None is exact; the jittered strategies are simulated, 10,000 requests
/// each." (The seed is in the schedule's own description.)
pub fn describe_inputs(odds: &Odds, params: &Params, lang: Lang) -> String {
    let w = lang.odds_words();
    let inputs = odds.inputs();
    let calls = odds.calls;
    let tau = inputs.timeout().as_ms();
    let timeout = format_duration(tau, lang);
    let mut out = match inputs.fail() {
        Some(f) => {
            let p = format_probability(f, lang);
            let template = if tau > 0.0 {
                w.fails_with_timeout
            } else {
                w.fails_at_once
            };
            fill(template, &[("p", &p), ("timeout", &timeout)])
        }
        None => fill(w.timeout_only, &[("timeout", &timeout)]),
    };
    out.push_str(&fill(
        w.calls,
        &[
            ("calls", &calls.to_string()),
            ("retries", &(calls - 1).to_string()),
        ],
    ));
    if params.strategies().iter().any(|&s| s != Strategy::None) {
        let clients = format_number(f64::from(inputs.clients()), 0, lang);
        out.push_str(&fill(w.simulated, &[("clients", &clients)]));
    }
    out
}

/// The outage in words: "The service is down for the first 60 s: calls before then fail, calls
/// after succeed."
pub fn describe_outage(odds: &Odds, lang: Lang) -> String {
    let o = odds
        .inputs()
        .outage()
        .map(|o| format_duration(o.as_ms(), lang))
        .unwrap_or_default();
    fill(lang.odds_words().outage_sentence, &[("o", &o)])
}

/// The nested layers in words (with `--layers`).
fn describe_nested(odds: &Odds, lang: Lang) -> Option<String> {
    let n = odds.nested?;
    Some(fill(
        lang.odds_words().nested,
        &[
            ("layers", &n.layers.to_string()),
            ("max", &format_number(n.max_calls, 0, lang)),
            ("expected", &format_number(n.expected_calls, 2, lang)),
            ("p", &format_probability(n.p_success, lang)),
        ],
    ))
}

/// Rows as an aligned terminal table: labels left, one right-aligned column per strategy.
fn text_table(rows: &[Row], params: &Params) -> String {
    let mut table = vec![std::iter::once(String::new())
        .chain(
            params
                .strategies()
                .iter()
                .map(|&s| strategy_label(s).into()),
        )
        .collect::<Vec<String>>()];
    for r in rows {
        let mut line = vec![r.label.clone()];
        line.extend(r.cells.iter().map(|c| {
            c.as_ref()
                .map_or(MISSING.to_string(), |c| c.text.replace('\u{a0}', " "))
        }));
        table.push(line);
    }
    let mut right = vec![true; params.strategies().len() + 1];
    right[0] = false;
    crate::report::aligned(&table, &right)
}

/// The odds section of `sade calc`'s text: the inputs in words, the odds table, the nested
/// layers, and the outage table.
pub fn render_text(odds: &Odds, params: &Params, lang: Lang) -> String {
    let w: &OddsWords = lang.odds_words();
    let nbsp = |s: String| s.replace('\u{a0}', " ");
    let mut out = format!(
        "{}: {}\n\n",
        w.odds,
        nbsp(describe_inputs(odds, params, lang))
    );
    out.push_str(&text_table(&odds_rows(odds, params, lang), params));
    if let Some(n) = describe_nested(odds, lang) {
        out.push('\n');
        out.push_str(&nbsp(n));
        out.push('\n');
    }
    let outage = outage_rows(odds, params, lang);
    if !outage.is_empty() {
        out.push_str(&format!(
            "\n{}: {}\n\n",
            w.outage,
            nbsp(describe_outage(odds, lang))
        ));
        out.push_str(&text_table(&outage, params));
    }
    out
}

/// The `"odds"` object of `sade calc --json` (SPEC §7): `fail`, `timeout_ms`, `calls`,
/// `p_success`, `expected_calls`, then per strategy asked for `p_within_deadline`,
/// `success_p50_ms`, `success_p90_ms`, `success_p99_ms`, `give_up_worst_ms`, `fit_attempts`,
/// `fit_base_ms`, `outage_give_up_share`, `outage_p50_ms`, `outage_p99_ms`,
/// `outage_first_100ms_share`. Keys whose input is absent are left out; a number that does not
/// exist (no request succeeded, nothing fits, everyone gave up) is `null`. With `--layers`,
/// `nested` follows `expected_calls`.
pub fn render_json(odds: &Odds, params: &Params) -> Value {
    let mut m = Map::new();
    let inputs = odds.inputs();
    if let Some(f) = inputs.fail() {
        m.insert("fail".into(), json!(f));
    }
    m.insert("timeout_ms".into(), json!(inputs.timeout().as_ms()));
    m.insert("calls".into(), json!(odds.calls));
    if let (Some(p), Some(e)) = (odds.p_success, odds.expected_calls) {
        m.insert("p_success".into(), json!(p));
        m.insert("expected_calls".into(), json!(e));
    }
    if let Some(n) = odds.nested {
        m.insert(
            "nested".into(),
            json!({"layers": n.layers, "max_calls": n.max_calls,
                   "expected_calls": n.expected_calls, "p_success": n.p_success}),
        );
    }
    for &s in params.strategies() {
        let Some(o) = odds.strategy(s) else { continue };
        let mut st = Map::new();
        if let Some(p) = o.p_within_deadline {
            st.insert("p_within_deadline".into(), json!(p));
        }
        if let Some(q) = o.success_ms {
            for (name, v) in QUANTILE_NAMES.iter().zip(q) {
                st.insert(format!("success_{name}_ms"), json!(v));
            }
        }
        st.insert("give_up_worst_ms".into(), json!(o.give_up_worst_ms));
        if let Some(a) = o.fit_attempts {
            st.insert("fit_attempts".into(), json!(a));
        }
        if let Some(b) = o.fit_base_ms {
            st.insert("fit_base_ms".into(), json!(b));
        }
        if let Some(out) = &o.outage {
            st.insert("outage_give_up_share".into(), json!(out.give_up_share));
            st.insert("outage_p50_ms".into(), json!(out.p50_ms));
            st.insert("outage_p99_ms".into(), json!(out.p99_ms));
            st.insert(
                "outage_first_100ms_share".into(),
                json!(out.first_window_share),
            );
        }
        m.insert(s.name().into(), Value::Object(st));
    }
    Value::Object(m)
}
