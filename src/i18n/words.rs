//! sade's own words, one table per language: what tables, charts, the calculator's form and its
//! messages, the odds, the library comparison and the terminal calculator say. Structs rather
//! than maps, so a word missing in one language is a compile error. The browser gets the table
//! of the page's language in the calculator's JSON data block (see
//! `src/shortcode/backoff_calculator.rs`), so its script carries no words of its own.
//!
//! Sentences are templates: `{name}` stands for a value filled in by [`fill`] (and by the
//! script's `fill`, the same rule).

use serde::Serialize;

use super::Lang;

mod breakers;
mod en;
mod frontier;
mod tr;

pub use breakers::{BreakerLabels, BreakerWords};
pub use frontier::{FrontierWords, TriggerSet, TriggerWords};

use en::EN;
use tr::TR;

/// `template` with each `{key}` replaced by its value; unknown `{…}` stay as they are.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let key = after.find('}').map(|close| &after[..close]);
        match key.and_then(|k| values.iter().find(|(name, _)| *name == k)) {
            Some((name, value)) => {
                out.push_str(value);
                rest = &after[name.len() + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every word of one language.
#[derive(Debug, Serialize)]
pub struct Words {
    /// The schedule table.
    pub table: TableWords,
    /// The thundering-herd chart.
    pub chart: ChartWords,
    /// The parameters in a sentence (table captions).
    pub describe: DescribeWords,
    /// `sade calc`'s text output.
    pub terminal: TerminalWords,
    /// The calculator's form.
    pub form: FormWords,
    /// The calculator's messages about its fields; `{label}` is the field's label.
    pub messages: MessageWords,
    /// The odds of SPEC §7.
    pub odds: OddsWords,
    /// The library comparison of SPEC §6.
    pub libraries: LibraryWords,
    /// The fleet under load of SPEC §8.
    pub recovery: RecoveryWords,
    /// Words sade adds to a page's own markdown.
    pub page: PageWords,
}

/// Words sade adds to a page's own markdown.
#[derive(Debug, Serialize)]
pub struct PageWords {
    /// A task list's checked box.
    pub task_done: &'static str,
    /// A task list's empty box.
    pub task_open: &'static str,
    /// Callout titles, by kind.
    pub callout_note: &'static str,
    pub callout_tip: &'static str,
    pub callout_important: &'static str,
    pub callout_warning: &'static str,
    pub callout_danger: &'static str,
}

/// Words of the schedule table.
#[derive(Debug, Serialize)]
pub struct TableWords {
    /// Column: attempt number.
    pub attempt: &'static str,
    /// Column: nominal delay.
    pub delay: &'static str,
    /// Shortest wait (the markdown twin's columns).
    pub min: &'static str,
    /// Longest wait.
    pub max: &'static str,
    /// The seeded sample.
    pub sample: &'static str,
    /// Column: the jitter strategy.
    pub strategy: &'static str,
    /// Row: Σ max.
    pub worst_total: &'static str,
    /// Row: Σ min.
    pub best_total: &'static str,
    /// Row: mean total.
    pub mean_total: &'static str,
    /// Marks an estimated value.
    pub estimated: &'static str,
    /// Caption of the totals table.
    pub totals: &'static str,
    /// How to read a cell: range, then the sample beneath.
    pub legend: &'static str,
}

/// Words of the thundering-herd chart.
#[derive(Debug, Serialize)]
pub struct ChartWords {
    /// Share of retries in the busiest window.
    pub peak_share: &'static str,
    /// The fleet simulation.
    pub fleet: &'static str,
    /// Title: `{fleet}`, `{clients}`.
    pub title: &'static str,
    /// One strategy's peak in a sentence: `{strategy}`, `{share}`, `{retries}`.
    pub summary: &'static str,
    /// How to read the chart: `{from}`, `{to}` (the time axis's ends).
    pub axis: &'static str,
}

/// The parameters in a sentence: "First wait 100 ms, ×2 per attempt, capped at 30 s; 8
/// attempts, seed 7".
#[derive(Debug, Serialize)]
pub struct DescribeWords {
    /// `{base}`, `{factor}`, `{cap}` (one of the two below), `{attempts}`, `{seed}`.
    pub sentence: &'static str,
    /// `{cap}`.
    pub capped: &'static str,
    /// No cap.
    pub no_cap: &'static str,
    /// One attempt: `{n}`.
    pub one_attempt: &'static str,
    /// Several attempts: `{n}`.
    pub attempts: &'static str,
}

/// Words of `sade calc`'s text output.
#[derive(Debug, Serialize)]
pub struct TerminalWords {
    /// Title of the schedule.
    pub schedule: &'static str,
    /// `{n} clients`.
    pub clients: &'static str,
    /// What the peak share counts.
    pub peak_note: &'static str,
}

/// The calculator's form: labels, hints, buttons.
#[derive(Debug, Serialize)]
pub struct FormWords {
    /// The fieldset of the schedule.
    pub legend: &'static str,
    /// The first wait.
    pub base: &'static str,
    /// Growth per attempt.
    pub factor: &'static str,
    /// Upper bound of one wait.
    pub cap: &'static str,
    /// Number of waits.
    pub attempts: &'static str,
    /// The strategies.
    pub jitter: &'static str,
    /// Every strategy.
    pub all: &'static str,
    /// Seed of the samples.
    pub seed: &'static str,
    /// Clients of the fleet simulation.
    pub clients: &'static str,
    /// Draws a new seed.
    pub new_seed: &'static str,
    /// Hint under a duration field.
    pub hint_duration: &'static str,
    /// Hint under the cap.
    pub hint_cap: &'static str,
    /// The fieldset of the odds (optional).
    pub odds_legend: &'static str,
    /// The chance that one call fails.
    pub fail: &'static str,
    /// How long a failing call takes.
    pub timeout: &'static str,
    /// The deadline of a request.
    pub deadline: &'static str,
    /// How long the service is down.
    pub outage: &'static str,
    /// Hint under the failure rate.
    pub hint_fail: &'static str,
    /// Hint under the timeout.
    pub hint_timeout: &'static str,
    /// Hint under the deadline.
    pub hint_deadline: &'static str,
    /// Hint under the outage.
    pub hint_outage: &'static str,
    /// The library choice.
    pub library: &'static str,
    /// The second library choice (to compare with the first).
    pub library_2: &'static str,
    /// The third library choice.
    pub library_3: &'static str,
    /// Hint under the library choices.
    pub hint_library: &'static str,
    /// No library.
    pub no_library: &'static str,
    /// Copies a snippet.
    pub copy: &'static str,
    /// Said once a snippet is copied.
    pub copied: &'static str,
    /// Without JavaScript.
    pub noscript: &'static str,
    /// Over results that no longer match the form.
    pub stale: &'static str,
}

/// The calculator's messages. `{label}` is the field's label, `{value}` what was typed.
#[derive(Debug, Serialize)]
pub struct MessageWords {
    /// A required field is empty.
    pub missing: &'static str,
    /// A duration without a unit.
    pub no_unit: &'static str,
    /// `{unit}` is not a unit.
    pub unknown_unit: &'static str,
    /// Not a number.
    pub not_number: &'static str,
    /// A duration written with an exponent (`{text}`: its number and exponent).
    pub exponent: &'static str,
    /// A duration below zero or too large.
    pub bad_duration: &'static str,
    /// Not a whole number (`{max}`).
    pub not_whole: &'static str,
    /// `{value}` is not a strategy.
    pub unknown_strategy: &'static str,
    /// `{value}` is not a library.
    pub unknown_library: &'static str,
    /// The first wait is zero.
    pub base_range: &'static str,
    /// The factor is below 1.
    pub factor_range: &'static str,
    /// The cap is below the first wait (`{base}`).
    pub cap_range: &'static str,
    /// A count outside 1..=`{max}`.
    pub count_range: &'static str,
    /// Attempt `{n}`'s wait overflows.
    pub overflow: &'static str,
    /// The fleet's total overflows (`{clients}`).
    pub total_overflow: &'static str,
    /// The failure rate is outside [0, 1].
    pub fail_range: &'static str,
    /// The timeout is so long that a request's worst case overflows.
    pub timeout_range: &'static str,
    /// Nested layers without a failure rate.
    pub layers_need_fail: &'static str,
    /// An argument the calculator does not take (`{suggestion}` may follow).
    pub unknown_argument: &'static str,
    /// A rate (demand, capacity) outside (0, `{max}`].
    pub rate_range: &'static str,
    /// A duration outside [`{min}`, `{max}`].
    pub duration_range: &'static str,
    /// A duration that must be above 0 and at most `{max}`.
    pub duration_above: &'static str,
    /// A queue limit that is not a whole number from 0 to `{max}`, or none.
    pub queue_range: &'static str,
    /// A retry budget's name that is not one.
    pub unknown_budget: &'static str,
    /// More than `{max}` expected requests (`{requests}`).
    pub too_many_requests: &'static str,
    /// A budget setting `{value}` outside its range, said in `{allowed}` (English).
    pub setting_range: &'static str,
    /// A yes-or-no field that is neither (`{value}`).
    pub not_bool: &'static str,
    /// A trigger's name that is not one.
    pub unknown_trigger: &'static str,
    /// A slowdown's share left outside (0, 1] (`{value}`).
    pub degraded_range: &'static str,
    /// A surge outside [1, 100] (`{value}`).
    pub surge_range: &'static str,
    /// The frontier asked for more than `{max}` expected requests (`{requests}`).
    pub frontier_requests: &'static str,
    /// A trigger's parameter given for another trigger: `{kind}` is the parameter's.
    pub trigger_param: &'static str,
}

/// Words of the odds (SPEC §7): `sade calc --fail …`, `backoff_odds`, `backoff_outage`.
/// `{d}` stands for a duration (the deadline), `{q}` for a quantile's name.
#[derive(Debug, Serialize)]
pub struct OddsWords {
    /// Title of the odds section.
    pub odds: &'static str,
    /// Title of the outage section.
    pub outage: &'static str,
    /// Row: P(success).
    pub p_success: &'static str,
    /// Row: the share that still fails.
    pub p_fail: &'static str,
    /// Row: expected calls per request.
    pub load: &'static str,
    /// Row: time to success at a quantile (`{q}` = p50, p90, p99).
    pub success_at: &'static str,
    /// Row: P(done within the deadline `{d}`).
    pub within: &'static str,
    /// Row: K·τ + Σ max w.
    pub give_up_worst: &'static str,
    /// Row: the most attempts that fit `{d}`.
    pub fit_attempts: &'static str,
    /// Row: the largest base that fits `{d}`.
    pub fit_base: &'static str,
    /// Row: share that gives up before the service is back.
    pub outage_give_up: &'static str,
    /// Row: delay after recovery at a quantile (`{q}`).
    pub outage_at: &'static str,
    /// Row: share that arrives in the first 100 ms after recovery.
    pub outage_first: &'static str,
    /// Chart axis: time after the service is back.
    pub after_recovery: &'static str,
    /// Inputs: a failure rate `{p}` and a timeout `{timeout}`.
    pub fails_with_timeout: &'static str,
    /// Inputs: a failure rate `{p}`, failing at once.
    pub fails_at_once: &'static str,
    /// Inputs: a timeout `{timeout}` only.
    pub timeout_only: &'static str,
    /// Inputs: at most `{calls}` calls, `{retries}` of them retries.
    pub calls: &'static str,
    /// Inputs: the jittered strategies are simulated with `{clients}` requests each.
    pub simulated: &'static str,
    /// The outage `{o}` in a sentence.
    pub outage_sentence: &'static str,
    /// Nested layers: `{layers}`, `{max}`, `{expected}`, `{p}`.
    pub nested: &'static str,
    /// The outage chart's title: `{outage}`, `{requests}`.
    pub outage_title: &'static str,
    /// How to read the outage chart: `{bin}`, `{tallest}`.
    pub outage_bars: &'static str,
    /// A strip's note: `{p}` in the first 100 ms.
    pub outage_first_note: &'static str,
    /// A strip's note when everyone gives up.
    pub everyone_gives_up: &'static str,
    /// One strategy's outage in a sentence: `{strategy}`, `{give_up}`, `{p50}`, `{p99}`,
    /// `{first}`.
    pub outage_fact: &'static str,
    /// One strategy's outage when every request gives up: `{strategy}`.
    pub outage_fact_none: &'static str,
}

/// Words of the library comparison.
#[derive(Debug, Serialize)]
pub struct LibraryWords {
    /// Column: the library.
    pub library: &'static str,
    /// Column: the delay of each retry.
    pub per_retry: &'static str,
    /// Column: Σ max.
    pub worst: &'static str,
    /// Column: the mean total.
    pub mean: &'static str,
    /// Marks an estimate.
    pub estimated: &'static str,
    /// Summary of a library's details.
    pub details: &'static str,
    /// `retries`.
    pub retries: &'static str,
    /// Title of the terminal comparison.
    pub title: &'static str,
    /// Column: a retry's number.
    pub retry: &'static str,
    /// A library's settings.
    pub config: &'static str,
    /// What a library cannot represent.
    pub notes: &'static str,
    /// Its snippet.
    pub code: &'static str,
    /// The pickers' groups, in [`crate::libraries::Group::ALL`]'s order: HTTP clients, cloud
    /// SDKs, RPC, general-purpose retry libraries.
    pub groups: [&'static str; 4],
    /// Title of the libraries' fleet chart: `{fleet}`, `{clients}`.
    pub chart_title: &'static str,
    /// How to read it: `{from}`, `{to}` (the time axis's ends).
    pub chart_axis: &'static str,
}

/// Words of the fleet under load (SPEC §8): `sade calc --demand …`, `backoff_recovery` and
/// the calculator's "Will it come back?" section.
#[derive(Debug, Serialize)]
pub struct RecoveryWords {
    /// Title of the section.
    pub title: &'static str,
    /// The inputs in a sentence: `{clients}`, `{demand}`, `{capacity}`, `{trigger}` (its
    /// [`TriggerWords::describe`]), `{timeout}`, `{queue}` (one of the two below).
    pub inputs: &'static str,
    /// No queue limit.
    pub queue_unbounded: &'static str,
    /// A queue limit of `{q}` calls.
    pub queue_bounded: &'static str,
    /// With `shed`, a sentence of its own (it starts with a space).
    pub shed: &'static str,
    /// Column: the budget.
    pub budget: &'static str,
    /// Column: the verdict.
    pub verdict: &'static str,
    /// Column: the peak load.
    pub peak_load: &'static str,
    /// Column: requests given up.
    pub given_up: &'static str,
    /// Column: wasted work.
    pub wasted: &'static str,
    /// Column: retries sent.
    pub retries: &'static str,
    /// Column: retries the budget refused.
    pub refused: &'static str,
    /// Verdict: not within the horizon `{h}`.
    pub no_recovery: &'static str,
    /// A load of `{x}` times the capacity.
    pub times_capacity: &'static str,
    /// The budgets' names.
    pub budgets: BudgetLabels,
    /// The chart's title: `{strategy}`.
    pub chart_title: &'static str,
    /// How to read the chart: `{column}` (a duration), `{per_bin}` calls in it at capacity,
    /// `{band}` (the trigger's name).
    pub chart_note: &'static str,
    /// The queue chart's title: `{strategy}`.
    pub queue_title: &'static str,
    /// How to read the queue chart: `{column}` (a duration), `{line}` calls.
    pub queue_note: &'static str,
    /// Legend: calls waiting.
    pub waiting: &'static str,
    /// The queue chart's line: what one timeout's wait gets through.
    pub timeout_line: &'static str,
    /// The capacity line's label.
    pub capacity_line: &'static str,
    /// Legend: first calls.
    pub first_calls: &'static str,
    /// Legend: retries.
    pub retry_calls: &'static str,
    /// One budget in a sentence: `{budget}`, `{verdict}`, `{peak}`, `{given_up}`, `{wasted}`.
    pub fact: &'static str,
    /// The calculator's fieldset.
    pub legend: &'static str,
    /// Field: new requests per second.
    pub demand: &'static str,
    /// Field: the service's capacity.
    pub capacity: &'static str,
    /// Field: the clients' timeout.
    pub timeout: &'static str,
    /// Field: the outage.
    pub outage: &'static str,
    /// Field: time simulated after the outage.
    pub horizon: &'static str,
    /// Field: the queue limit.
    pub queue: &'static str,
    /// Field: shedding.
    pub shed_field: &'static str,
    /// Field: the budgets compared.
    pub budgets_field: &'static str,
    /// Field: the strategy simulated.
    pub strategy: &'static str,
    /// Hint under the demand.
    pub hint_rate: &'static str,
    /// Hint under the capacity.
    pub hint_capacity: &'static str,
    /// Hint under the queue.
    pub hint_queue: &'static str,
    /// Said while the browser computes.
    pub computing: &'static str,
    /// Field: the trigger.
    pub trigger: &'static str,
    /// Field: the share of capacity a slowdown leaves.
    pub degraded: &'static str,
    /// Field: the multiple of demand in a surge.
    pub surge: &'static str,
    /// Hint under the share left.
    pub hint_degraded: &'static str,
    /// Hint under the multiple.
    pub hint_surge: &'static str,
    /// Each trigger's words.
    pub triggers: TriggerSet,
    /// The frontier's words.
    pub frontier: FrontierWords,
    /// The circuit breakers' words (SPEC §10).
    pub breakers: BreakerWords,
}

/// The retry budgets' names.
#[derive(Debug, Serialize)]
pub struct BudgetLabels {
    /// No budget.
    pub none: &'static str,
    /// gRPC retry throttling.
    pub grpc: &'static str,
    /// AWS retry quota.
    pub aws: &'static str,
    /// Finagle RetryBudget.
    pub finagle: &'static str,
    /// Linkerd retry budget.
    pub linkerd: &'static str,
    /// Envoy retry budget.
    pub envoy: &'static str,
    /// SRE adaptive throttling.
    pub sre: &'static str,
}

impl Lang {
    /// sade's own words in this language.
    pub fn words(self) -> &'static Words {
        match self {
            Lang::Tr => &TR,
            Lang::En => &EN,
        }
    }

    /// The odds' words in this language.
    pub fn odds_words(self) -> &'static OddsWords {
        &self.words().odds
    }
}

/// `Full`, `Equal`, ...: strategy names as headings (the same in both languages).
pub fn strategy_label(strategy: crate::backoff::Strategy) -> &'static str {
    use crate::backoff::Strategy;
    match strategy {
        Strategy::None => "None",
        Strategy::Full => "Full",
        Strategy::Equal => "Equal",
        Strategy::Decorrelated => "Decorrelated",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_known_keys_once_each() {
        assert_eq!(
            fill("{a} and {b}, {a}; {c} {", &[("a", "x"), ("b", "{a}")]),
            "x and {a}, x; {c} {"
        );
        assert_eq!(fill("", &[]), "");
        assert_eq!(fill("ğ{n}ş", &[("n", "3")]), "ğ3ş");
    }

    /// Both languages fill the same keys in every sentence: a template naming a key the other
    /// does not would print `{key}` in one language only.
    #[test]
    fn both_languages_use_the_same_placeholders() {
        fn keys(v: &serde_json::Value, path: String, out: &mut Vec<(String, Vec<String>)>) {
            match v {
                serde_json::Value::Object(m) => {
                    for (k, v) in m {
                        keys(v, format!("{path}.{k}"), out);
                    }
                }
                serde_json::Value::String(s) => {
                    let mut names: Vec<String> = s
                        .split('{')
                        .skip(1)
                        .filter_map(|rest| rest.split_once('}').map(|(k, _)| k.to_string()))
                        .collect();
                    names.sort();
                    out.push((path, names));
                }
                _ => {}
            }
        }
        let mut tr = Vec::new();
        let mut en = Vec::new();
        keys(&serde_json::to_value(&TR).unwrap(), String::new(), &mut tr);
        keys(&serde_json::to_value(&EN).unwrap(), String::new(), &mut en);
        assert_eq!(tr, en);
        assert!(tr.len() > 80, "{}", tr.len());
    }
}
