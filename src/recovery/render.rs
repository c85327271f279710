//! The fleet under load in words and numbers: the verdict of each budget, `sade calc`'s text
//! section, and the `"recovery"` JSON object of SPEC §8. The simulation is in the parent module;
//! this only formats it.

use serde_json::{json, Map, Value};

use super::{Bin, Budget, Recovery, Run, Summary, START_MS};
use crate::backoff::Params;
use crate::i18n::{
    fill, format_duration, format_number, format_percent, strategy_label, Lang, RecoveryWords,
};

/// The budget's name in `lang`.
pub fn budget_label(budget: Budget, lang: Lang) -> &'static str {
    let b = &lang.words().recovery.budgets;
    match budget {
        Budget::None => b.none,
        Budget::Grpc => b.grpc,
        Budget::Aws => b.aws,
        Budget::Finagle => b.finagle,
        Budget::Linkerd => b.linkerd,
        Budget::Envoy => b.envoy,
        Budget::Sre => b.sre,
    }
}

/// "recovers 3 s after the outage", "recovers as soon as the outage ends" or "does not recover
/// within 60 s".
pub fn verdict(summary: &Summary, recovery: &Recovery, lang: Lang) -> String {
    let w = &lang.words().recovery;
    match summary.recovered_after_ms {
        Some(ms) if ms <= 0.0 => w.recovers_at_once.into(),
        Some(ms) => fill(w.recovers, &[("t", &format_duration(ms, lang))]),
        None => fill(
            w.no_recovery,
            &[(
                "h",
                &format_duration(recovery.inputs().horizon().as_ms(), lang),
            )],
        ),
    }
}

/// A load as a multiple of the capacity, one decimal: `7.2×` / `7,2×`.
pub fn times(x: f64, lang: Lang) -> String {
    format!("{}×", format_number(x, 1, lang))
}

/// The inputs in words: the fleet, the service, the outage, the timeout, the queue, shedding,
/// and what was simulated.
pub fn describe(recovery: &Recovery, params: &Params, lang: Lang) -> String {
    let w: &RecoveryWords = &lang.words().recovery;
    let i = recovery.inputs();
    let queue = match i.queue() {
        None => w.queue_unbounded.to_string(),
        Some(q) => fill(
            w.queue_bounded,
            &[("q", &format_number(f64::from(q), 0, lang))],
        ),
    };
    let mut out = fill(
        w.inputs,
        &[
            (
                "clients",
                &format_number(f64::from(params.clients()), 0, lang),
            ),
            ("demand", &format_number(i.demand(), 2, lang)),
            ("capacity", &format_number(i.capacity(), 2, lang)),
            ("outage", &format_duration(i.outage().as_ms(), lang)),
            ("timeout", &format_duration(i.timeout().as_ms(), lang)),
            ("queue", &queue),
        ],
    );
    if i.shed() {
        out.push_str(w.shed);
    }
    out.push(' ');
    out.push_str(&fill(
        w.span,
        &[
            ("before", &format_duration(-START_MS, lang)),
            ("horizon", &format_duration(i.horizon().as_ms(), lang)),
        ],
    ));
    out
}

/// One budget's figures in a sentence (the chart's caption and its markdown twin).
pub fn fact(run: &Run, recovery: &Recovery, lang: Lang) -> String {
    let s = &run.summary;
    fill(
        lang.words().recovery.fact,
        &[
            ("budget", budget_label(run.budget, lang)),
            ("verdict", &verdict(s, recovery, lang)),
            (
                "peak",
                &fill(
                    lang.words().recovery.times_capacity,
                    &[("x", &format_number(s.peak_load, 1, lang))],
                ),
            ),
            ("given_up", &format_percent(s.requests_given_up, lang)),
            ("wasted", &format_percent(s.wasted_work, lang)),
        ],
    )
}

/// The cells of one run's row: budget, verdict, peak load, given up, wasted, retries sent,
/// refused, most retries of one client during the outage.
pub fn row_cells(run: &Run, recovery: &Recovery, lang: Lang) -> Vec<String> {
    let s = &run.summary;
    vec![
        budget_label(run.budget, lang).to_string(),
        verdict(s, recovery, lang),
        times(s.peak_load, lang),
        format_percent(s.requests_given_up, lang),
        format_percent(s.wasted_work, lang),
        format_number(s.retries_sent as f64, 0, lang),
        format_number(s.retries_refused as f64, 0, lang),
        format_number(f64::from(s.max_retries_per_client_during_outage), 0, lang),
    ]
}

/// The column headings of [`row_cells`].
pub fn headings(lang: Lang) -> [&'static str; 8] {
    let w = &lang.words().recovery;
    [
        w.budget,
        w.verdict,
        w.peak_load,
        w.given_up,
        w.wasted,
        w.retries,
        w.refused,
        w.per_client,
    ]
}

/// `sade calc`'s section: the inputs in words, then per strategy a table with a row per budget.
pub fn render_text(recovery: &Recovery, params: &Params, lang: Lang) -> String {
    let w = &lang.words().recovery;
    let nbsp = |s: String| s.replace('\u{a0}', " ");
    let mut out = format!("{}\n{}\n", w.title, nbsp(describe(recovery, params, lang)));
    let right = [false, false, true, true, true, true, true, true];
    for &strategy in params.strategies() {
        out.push_str(&format!("\n{}\n", strategy_label(strategy)));
        let mut rows = vec![headings(lang).map(String::from).to_vec()];
        for run in recovery.runs.iter().filter(|r| r.strategy == strategy) {
            rows.push(
                row_cells(run, recovery, lang)
                    .into_iter()
                    .map(nbsp)
                    .collect(),
            );
        }
        out.push_str(&crate::report::aligned(&rows, &right));
    }
    out
}

/// One bin as JSON: its start and every count.
fn bin_json(index: usize, b: &Bin) -> Value {
    json!({
        "start_ms": START_MS + index as f64 * super::BIN_MS,
        "new_requests": b.new_requests,
        "retries_sent": b.retries_sent,
        "calls": b.calls,
        "retry_calls": b.retry_calls,
        "succeeded": b.succeeded,
        "refused": b.refused,
        "rejected": b.rejected,
        "timed_out": b.timed_out,
        "rejected_locally": b.rejected_locally,
        "budget_refused": b.budget_refused,
        "queue": b.queue,
    })
}

/// The `"recovery"` object of `sade calc --json` (SPEC §8): per strategy, per budget, the
/// summary's figures and the bins.
pub fn render_json(recovery: &Recovery, params: &Params) -> Value {
    let mut out = Map::new();
    for &strategy in params.strategies() {
        let mut per_budget = Map::new();
        for run in recovery.runs.iter().filter(|r| r.strategy == strategy) {
            let s = &run.summary;
            per_budget.insert(
                run.budget.name().into(),
                json!({
                    "recovered_after_ms": s.recovered_after_ms,
                    "peak_load": s.peak_load,
                    "retries_sent": s.retries_sent,
                    "retries_refused": s.retries_refused,
                    "requests_given_up": s.requests_given_up,
                    "wasted_work": s.wasted_work,
                    "max_retries_per_client_during_outage": s.max_retries_per_client_during_outage,
                    "requests": s.requests,
                    "bins": run.bins.iter().enumerate().map(|(i, b)| bin_json(i, b)).collect::<Vec<_>>(),
                }),
            );
        }
        out.insert(strategy.name().into(), Value::Object(per_budget));
    }
    Value::Object(out)
}
