//! The circuit breakers' runs in words and numbers (SPEC §10): `sade calc`'s table per strategy
//! and the `"breakers"` JSON object, §8's shape with the breaker's name where the budget's
//! stands.

use serde_json::{json, Map, Value};

use super::Breaker;
use crate::backoff::Params;
use crate::i18n::{fill, format_number, format_percent, strategy_label, Lang};
use crate::recovery::render::{bin_json, runs_table, times, verdict};
use crate::recovery::{Recovery, Run};

/// The breaker's name in `lang`.
pub fn breaker_label(breaker: Breaker, lang: Lang) -> &'static str {
    let b = &lang.words().recovery.breakers.labels;
    match breaker {
        Breaker::None => b.none,
        Breaker::Resilience4j => b.resilience4j,
        Breaker::Polly => b.polly,
        Breaker::Gobreaker => b.gobreaker,
        Breaker::Hystrix => b.hystrix,
    }
}

/// The cells of one breaker's row: breaker, verdict, peak load, given up, rejected by the
/// breaker, times opened, retries sent, most retries of one client during the trigger.
pub fn breaker_cells(run: &Run, recovery: &Recovery, lang: Lang) -> Vec<String> {
    let s = &run.summary;
    let n = |x: u64| format_number(x as f64, 0, lang);
    vec![
        breaker_label(run.breaker, lang).to_string(),
        verdict(s, recovery, lang),
        times(s.peak_load, lang),
        format_percent(s.requests_given_up, lang),
        n(s.calls_rejected_by_breaker),
        n(s.breaker_trips),
        n(s.retries_sent),
        n(u64::from(s.max_retries_per_client_during_outage)),
    ]
}

/// The column headings of [`breaker_cells`].
pub fn breaker_headings(recovery: &Recovery, lang: Lang) -> [&'static str; 8] {
    let w = &lang.words().recovery;
    let b = &w.breakers;
    let trigger = crate::recovery::render::trigger_words(recovery.inputs().trigger(), lang);
    [
        b.breaker,
        w.verdict,
        w.peak_load,
        w.given_up,
        b.rejected,
        b.trips,
        w.retries,
        trigger.per_client,
    ]
}

/// `sade calc`'s breakers: per strategy a table with a row per breaker; empty without any.
pub fn render_breakers_text(recovery: &Recovery, params: &Params, lang: Lang) -> String {
    if recovery.breakers.is_empty() {
        return String::new();
    }
    let w = &lang.words().recovery.breakers;
    let mut out = String::new();
    for &strategy in params.strategies() {
        out.push_str(&format!(
            "\n{}\n",
            fill(w.title, &[("strategy", strategy_label(strategy))])
        ));
        out.push_str(&runs_table(
            &breaker_headings(recovery, lang),
            recovery.breakers.iter().filter(|r| r.strategy == strategy),
            |run| breaker_cells(run, recovery, lang),
        ));
    }
    out
}

/// The `"breakers"` object of `sade calc --json` (SPEC §10): per strategy, per breaker, §8's
/// figures with `calls_rejected_by_breaker` and `breaker_trips`, and the bins with
/// `rejected_by_breaker`.
pub fn render_breakers_json(recovery: &Recovery, params: &Params) -> Value {
    let mut out = Map::new();
    for &strategy in params.strategies() {
        let mut per_breaker = Map::new();
        for run in recovery.breakers.iter().filter(|r| r.strategy == strategy) {
            let s = &run.summary;
            let bins = run
                .bins
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let mut v = bin_json(i, b);
                    v["rejected_by_breaker"] = json!(b.rejected_by_breaker);
                    v
                })
                .collect::<Vec<_>>();
            per_breaker.insert(
                run.breaker.name().into(),
                json!({
                    "recovered_after_ms": s.recovered_after_ms,
                    "peak_load": s.peak_load,
                    "retries_sent": s.retries_sent,
                    "retries_refused": s.retries_refused,
                    "requests_given_up": s.requests_given_up,
                    "wasted_work": s.wasted_work,
                    "max_retries_per_client_during_outage": s.max_retries_per_client_during_outage,
                    "requests": s.requests,
                    "calls_rejected_by_breaker": s.calls_rejected_by_breaker,
                    "breaker_trips": s.breaker_trips,
                    "bins": bins,
                }),
            );
        }
        out.insert(strategy.name().into(), Value::Object(per_breaker));
    }
    Value::Object(out)
}
