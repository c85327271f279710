//! The fleet under load in words and numbers: the verdict of each budget, `sade calc`'s text
//! section, and the `"recovery"` JSON object of SPEC §8. The simulation is in the parent module;
//! this only formats it.

use serde_json::{json, Map, Value};

use super::frontier::TRIGGER_GRID_MS;
use super::{
    Bin, Budget, Frontier, Frontiers, Inputs, Longest, MapRow, Recovery, Run, Summary, Trigger,
    START_MS,
};
use crate::backoff::Params;
use crate::i18n::{
    fill, format_duration, format_number, format_percent, strategy_label, Lang, RecoveryWords,
    TimeUnit, TriggerWords,
};

/// The words of `trigger` in `lang`.
pub fn trigger_words(trigger: Trigger, lang: Lang) -> &'static TriggerWords {
    let t = &lang.words().recovery.triggers;
    match trigger {
        Trigger::Outage => &t.outage,
        Trigger::Slowdown { .. } => &t.slowdown,
        Trigger::Surge { .. } => &t.surge,
    }
}

/// The trigger in the inputs' sentence: "It is down for 10 s", "For 10 s it completes only 50%
/// of that", "For 10 s its clients send 3× as many new requests".
pub fn describe_trigger(inputs: &Inputs, lang: Lang) -> String {
    let (degraded, surge) = match inputs.trigger() {
        Trigger::Outage => (String::new(), String::new()),
        Trigger::Slowdown { degraded } => (format_percent(degraded, lang), String::new()),
        Trigger::Surge { surge } => (String::new(), format_number(surge, 2, lang)),
    };
    fill(
        trigger_words(inputs.trigger(), lang).describe,
        &[
            ("outage", &format_duration(inputs.outage().as_ms(), lang)),
            ("degraded", &degraded),
            ("surge", &surge),
        ],
    )
}

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
    let t = trigger_words(recovery.inputs().trigger(), lang);
    match summary.recovered_after_ms {
        Some(ms) if ms <= 0.0 => t.recovers_at_once.into(),
        Some(ms) => fill(t.recovers, &[("t", &format_duration(ms, lang))]),
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
            ("trigger", &describe_trigger(i, lang)),
            ("timeout", &format_duration(i.timeout().as_ms(), lang)),
            ("queue", &queue),
        ],
    );
    if i.shed() {
        out.push_str(w.shed);
    }
    out.push(' ');
    out.push_str(&fill(
        trigger_words(i.trigger(), lang).span,
        &[
            ("before", &format_duration(-START_MS, lang)),
            ("horizon", &format_duration(i.horizon().as_ms(), lang)),
        ],
    ));
    out
}

/// A text table of `runs` under `heads`, one row of `cells` each: the name and the verdict
/// left, the figures right, non-breaking spaces plain.
pub fn runs_table<'a>(
    heads: &[&str],
    runs: impl Iterator<Item = &'a Run>,
    cells: impl Fn(&Run) -> Vec<String>,
) -> String {
    let nbsp = |s: String| s.replace('\u{a0}', " ");
    let mut rows = vec![heads.iter().map(|h| h.to_string()).collect::<Vec<_>>()];
    rows.extend(runs.map(|run| cells(run).into_iter().map(nbsp).collect()));
    let right: Vec<bool> = (0..heads.len()).map(|i| i >= 2).collect();
    crate::report::aligned(&rows, &right)
}

/// One run's figures in a sentence, `label` naming its budget or breaker (the chart's caption
/// and its markdown twin); a breaker's adds the times it opened and the calls it rejected.
pub fn fact(run: &Run, label: &str, recovery: &Recovery, lang: Lang) -> String {
    let s = &run.summary;
    let mut out = fill(
        lang.words().recovery.fact,
        &[
            ("budget", label),
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
    );
    if run.breaker != crate::recovery::Breaker::None {
        let n = |x: u64| format_number(x as f64, 0, lang);
        out.push_str(&fill(
            lang.words().recovery.breakers.opened,
            &[
                ("trips", &n(s.breaker_trips)),
                ("rejected", &n(s.calls_rejected_by_breaker)),
            ],
        ));
    }
    out
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

/// The column headings of [`row_cells`] for runs of `trigger`.
pub fn headings(trigger: Trigger, lang: Lang) -> [&'static str; 8] {
    let w = &lang.words().recovery;
    [
        w.budget,
        w.verdict,
        w.peak_load,
        w.given_up,
        w.wasted,
        w.retries,
        w.refused,
        trigger_words(trigger, lang).per_client,
    ]
}

/// `sade calc`'s section: the inputs in words, then per strategy a table with a row per budget
/// (and the frontier's figures, when searched).
pub fn render_text(
    recovery: &Recovery,
    frontiers: Option<&Frontiers>,
    params: &Params,
    lang: Lang,
) -> String {
    let w = &lang.words().recovery;
    let nbsp = |s: String| s.replace('\u{a0}', " ");
    let mut out = format!("{}\n{}\n", w.title, nbsp(describe(recovery, params, lang)));
    for &strategy in params.strategies() {
        out.push_str(&format!("\n{}\n", strategy_label(strategy)));
        out.push_str(&runs_table(
            &headings(recovery.inputs().trigger(), lang),
            recovery.runs.iter().filter(|r| r.strategy == strategy),
            |run| row_cells(run, recovery, lang),
        ));
        let Some(frontiers) = frontiers else { continue };
        let runs = || recovery.runs.iter().filter(|r| r.strategy == strategy);
        let w = &lang.words().recovery.frontier;
        out.push_str(&format!(
            "\n{}\n",
            fill(w.title, &[("strategy", strategy_label(strategy))])
        ));
        let mut rows = vec![frontier_headings(recovery.inputs().trigger(), lang)
            .map(String::from)
            .to_vec()];
        for run in runs() {
            if let Some(f) = frontiers.get(strategy, run.budget) {
                rows.push(
                    frontier_cells(run, f, recovery, lang)
                        .into_iter()
                        .map(nbsp)
                        .collect(),
                );
            }
        }
        out.push_str(&crate::report::aligned(&rows, &[false, true, true, false]));
        let maps: Vec<_> = runs()
            .filter_map(|r| Some((r, frontiers.get(strategy, r.budget)?.map.as_ref()?)))
            .collect();
        if let Some((_, first)) = maps.first() {
            let t = trigger_words(recovery.inputs().trigger(), lang);
            out.push_str(&format!(
                "\n{}\n",
                fill(
                    w.map_title,
                    &[("strategy", strategy_label(strategy)), ("trigger", t.name)]
                )
            ));
            let mut head = vec![w.map_axis.to_string()];
            head.extend(
                first
                    .iter()
                    .map(|row| utilization_text(row.utilization, lang)),
            );
            let mut rows = vec![head];
            for (run, map) in &maps {
                let mut row = vec![budget_label(run.budget, lang).to_string()];
                row.extend(map.iter().map(|r| nbsp(longest_text(&r.longest, lang))));
                rows.push(row);
            }
            let mut right = vec![true; rows[0].len()];
            right[0] = false;
            out.push_str(&crate::report::aligned(&rows, &right));
        }
    }
    out
}

/// A trigger's length exact to the quarter second, as the frontier finds them: "0.25 s",
/// "1.75 s", "97.5 s"; whole minutes as minutes, "2 min".
pub fn seconds_text(ms: f64, lang: Lang) -> String {
    if ms >= 60_000.0 && ms % 60_000.0 == 0.0 {
        return format_duration(ms, lang);
    }
    format!(
        "{}\u{a0}{}",
        format_number(ms / 1000.0, 2, lang),
        TimeUnit::Seconds.symbol(lang)
    )
}

/// A longest trigger in words: "1.75 s", "at least 2 min" when every trigger searched was
/// survived, "under 0.25 s" when not even the shortest was.
pub fn longest_text(l: &Longest, lang: Lang) -> String {
    let w = &lang.words().recovery.frontier;
    if l.capped {
        fill(w.at_least, &[("t", &seconds_text(l.ms, lang))])
    } else if l.ms == 0.0 {
        fill(w.under, &[("t", &seconds_text(TRIGGER_GRID_MS[0], lang))])
    } else {
        seconds_text(l.ms, lang)
    }
}

/// A capacity needed in words: "1,040 calls/s (1.3× the demand)", or "more than 10× the
/// demand" when none was found.
pub fn capacity_text(capacity: Option<f64>, demand: f64, lang: Lang) -> String {
    let w = &lang.words().recovery.frontier;
    match capacity {
        None => w.more_than.into(),
        Some(c) => format!(
            "{} ({})",
            fill(w.calls_per_second, &[("n", &format_number(c, 1, lang))]),
            // The multiple is kept on one line.
            fill(
                w.times_demand,
                &[("x", &format_number(c / demand, 2, lang))]
            )
            .replace(' ', "\u{a0}")
        ),
    }
}

/// The frontier's column headings: budget, longest trigger survived, capacity needed, the
/// verdict with the inputs.
pub fn frontier_headings(trigger: Trigger, lang: Lang) -> [&'static str; 4] {
    let w = &lang.words().recovery;
    [
        w.budget,
        trigger_words(trigger, lang).longest,
        w.frontier.capacity,
        w.frontier.at_inputs,
    ]
}

/// The cells of one run's frontier row (see [`frontier_headings`]).
pub fn frontier_cells(run: &Run, f: &Frontier, recovery: &Recovery, lang: Lang) -> [String; 4] {
    [
        budget_label(run.budget, lang).to_string(),
        longest_text(&f.longest, lang),
        capacity_text(f.capacity_needed, recovery.inputs().demand(), lang),
        verdict(&run.summary, recovery, lang),
    ]
}

/// A utilization as the map's columns name it: `50%` / `%50`.
pub fn utilization_text(u: f64, lang: Lang) -> String {
    format_percent(u, lang)
}

/// One bin as JSON: its start and every count.
pub(crate) fn bin_json(index: usize, b: &Bin) -> Value {
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

/// A longest trigger as JSON's two keys' values.
fn longest_json(l: &Longest) -> (Value, Value) {
    (json!(l.ms), json!(l.capped))
}

/// The `"frontier"` object of one run (SPEC §9).
pub fn frontier_json(f: &Frontier) -> Value {
    let (ms, capped) = longest_json(&f.longest);
    let mut out = Map::new();
    out.insert("longest_trigger_ms".into(), ms);
    out.insert("longest_trigger_capped".into(), capped);
    out.insert("capacity_needed".into(), json!(f.capacity_needed));
    if let Some(map) = &f.map {
        let rows = map
            .iter()
            .map(|row| {
                let (ms, capped) = longest_json(&row.longest);
                json!({
                    "utilization": row.utilization,
                    "longest_trigger_ms": ms,
                    "longest_trigger_capped": capped,
                })
            })
            .collect();
        out.insert("map".into(), Value::Array(rows));
    }
    Value::Object(out)
}

/// A frontier read back from [`frontier_json`]'s object, if it is one.
pub fn frontier_from_json(v: &Value) -> Option<Frontier> {
    let longest = |v: &Value| {
        Some(Longest {
            ms: v.get("longest_trigger_ms")?.as_f64()?,
            capped: v.get("longest_trigger_capped")?.as_bool()?,
        })
    };
    let capacity = v.get("capacity_needed")?;
    let map = match v.get("map") {
        None => None,
        Some(rows) => Some(
            rows.as_array()?
                .iter()
                .map(|row| {
                    Some(MapRow {
                        utilization: row.get("utilization")?.as_f64()?,
                        longest: longest(row)?,
                    })
                })
                .collect::<Option<Vec<_>>>()?,
        ),
    };
    Some(Frontier {
        longest: longest(v)?,
        capacity_needed: if capacity.is_null() {
            None
        } else {
            Some(capacity.as_f64()?)
        },
        map,
    })
}

/// The `"recovery"` object of `sade calc --json` (SPEC §8): per strategy, per budget, the
/// summary's figures and the bins, and with `frontiers` each run's `"frontier"` (SPEC §9).
pub fn render_json(recovery: &Recovery, frontiers: Option<&Frontiers>, params: &Params) -> Value {
    let mut out = Map::new();
    for &strategy in params.strategies() {
        let mut per_budget = Map::new();
        for run in recovery.runs.iter().filter(|r| r.strategy == strategy) {
            let s = &run.summary;
            let mut entry = json!({
                    "recovered_after_ms": s.recovered_after_ms,
                    "peak_load": s.peak_load,
                    "retries_sent": s.retries_sent,
                    "retries_refused": s.retries_refused,
                    "requests_given_up": s.requests_given_up,
                    "wasted_work": s.wasted_work,
                    "max_retries_per_client_during_outage": s.max_retries_per_client_during_outage,
                    "requests": s.requests,
                    "bins": run.bins.iter().enumerate().map(|(i, b)| bin_json(i, b)).collect::<Vec<_>>(),
            });
            if let Some(f) = frontiers.and_then(|f| f.get(strategy, run.budget)) {
                entry["frontier"] = frontier_json(f);
            }
            per_budget.insert(run.budget.name().into(), entry);
        }
        out.insert(strategy.name().into(), Value::Object(per_budget));
    }
    Value::Object(out)
}

/// A run as the store keeps it (not SPEC's JSON: compact, and complete): the summary's fields
/// in order, then each bin's counts in [`Bin`]'s order.
pub fn run_to_kept(run: &Run) -> String {
    let s = &run.summary;
    json!({
        "summary": [
            s.recovered_after_ms, s.peak_load, s.retries_sent, s.retries_refused,
            s.requests_given_up, s.wasted_work, s.max_retries_per_client_during_outage,
            s.requests, s.given_up, s.in_progress, s.calls_in_flight, s.max_retries_per_client,
            s.calls_rejected_by_breaker, s.breaker_trips,
        ],
        "bins": run.bins.iter().map(|b| [
            b.new_requests, b.retries_sent, b.calls, b.retry_calls, b.succeeded, b.refused,
            b.rejected, b.timed_out, b.rejected_locally, b.budget_refused, b.rejected_by_breaker,
            b.queue,
        ]).collect::<Vec<_>>(),
    })
    .to_string()
}

/// A run of `strategy` under `budget` behind `breaker` read back from [`run_to_kept`]'s text,
/// if it is one.
pub fn run_from_kept(
    text: &str,
    strategy: crate::backoff::Strategy,
    budget: Budget,
    breaker: super::Breaker,
) -> Option<Run> {
    let v: Value = serde_json::from_str(text).ok()?;
    let s = v.get("summary")?.as_array()?;
    if s.len() != 14 {
        return None;
    }
    let f = |i: usize| s[i].as_f64();
    let n = |i: usize| s[i].as_u64();
    let w = |i: usize| n(i).and_then(|x| u32::try_from(x).ok());
    let summary = Summary {
        recovered_after_ms: if s[0].is_null() { None } else { Some(f(0)?) },
        peak_load: f(1)?,
        retries_sent: n(2)?,
        retries_refused: n(3)?,
        requests_given_up: f(4)?,
        wasted_work: f(5)?,
        max_retries_per_client_during_outage: w(6)?,
        requests: n(7)?,
        given_up: n(8)?,
        in_progress: n(9)?,
        calls_in_flight: n(10)?,
        max_retries_per_client: w(11)?,
        calls_rejected_by_breaker: n(12)?,
        breaker_trips: n(13)?,
    };
    let bins = v
        .get("bins")?
        .as_array()?
        .iter()
        .map(|b| {
            let c: Vec<u32> = b
                .as_array()?
                .iter()
                .map(|x| x.as_u64().and_then(|x| u32::try_from(x).ok()))
                .collect::<Option<_>>()?;
            let [new_requests, retries_sent, calls, retry_calls, succeeded, refused, rejected, timed_out, rejected_locally, budget_refused, rejected_by_breaker, queue] =
                c[..]
            else {
                return None;
            };
            Some(Bin {
                new_requests,
                retries_sent,
                calls,
                retry_calls,
                succeeded,
                refused,
                rejected,
                timed_out,
                rejected_locally,
                budget_refused,
                rejected_by_breaker,
                queue,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Run {
        strategy,
        budget,
        breaker,
        summary,
        bins,
    })
}
