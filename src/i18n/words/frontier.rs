//! The words of SPEC §9: each trigger's, and the frontier's (the table, the map, the advice).

use serde::Serialize;

/// Words of one trigger: what the inputs' sentence, the verdicts, the chart and the frontier
/// say of it.
#[derive(Debug, Serialize)]
pub struct TriggerWords {
    /// Its name, the label of the chart's shaded band: "outage".
    pub name: &'static str,
    /// Its name as a choice of the calculator's form: "Outage".
    pub label: &'static str,
    /// Its part of the inputs' sentence: `{outage}` (its length), `{degraded}` (a share) and
    /// `{surge}` (a multiple).
    pub describe: &'static str,
    /// What is simulated: `{before}` it to `{horizon}` after it.
    pub span: &'static str,
    /// Column: the most retries one client sent during it.
    pub per_client: &'static str,
    /// Verdict: recovers `{t}` after it.
    pub recovers: &'static str,
    /// Verdict: recovers as soon as it ends.
    pub recovers_at_once: &'static str,
    /// The time axis.
    pub axis: &'static str,
    /// Column (and the map's vertical axis): the longest one survived.
    pub longest: &'static str,
    /// Advice: survives every one up to `{t}`.
    pub survives: &'static str,
    /// Advice: survives every one searched, up to `{t}`.
    pub survives_all: &'static str,
    /// Advice: does not survive even one of `{t}`.
    pub survives_none: &'static str,
    /// One of `{t}`, as the advice names the trigger as given.
    pub one: &'static str,
}

/// The three triggers' words.
#[derive(Debug, Serialize)]
pub struct TriggerSet {
    /// The service is down.
    pub outage: TriggerWords,
    /// The service is slow.
    pub slowdown: TriggerWords,
    /// Demand rises.
    pub surge: TriggerWords,
}

/// Words of the frontier: its table, its map and the advice drawn from it.
#[derive(Debug, Serialize)]
pub struct FrontierWords {
    /// The heading of the calculator's part.
    pub heading: &'static str,
    /// The table's title: `{strategy}`.
    pub title: &'static str,
    /// Column: the least capacity that recovers from the trigger as given.
    pub capacity: &'static str,
    /// Column: the verdict at the inputs.
    pub at_inputs: &'static str,
    /// A longest trigger that reached the searched limit: at least `{t}`.
    pub at_least: &'static str,
    /// A longest trigger of 0: shorter than `{t}`, the shortest searched.
    pub under: &'static str,
    /// A capacity: `{n}` calls per second.
    pub calls_per_second: &'static str,
    /// The capacity as a multiple of the demand: `{x}`.
    pub times_demand: &'static str,
    /// No capacity up to ten times the demand recovers.
    pub more_than: &'static str,
    /// The table's note: how each figure was searched.
    pub note: &'static str,
    /// Advice when the fleet does not recover at the inputs: `{budget}`, `{survives}`, `{one}`,
    /// `{needs}` (the capacity, then the alternatives, each after [`FrontierWords::or`]).
    pub advice_fails: &'static str,
    /// Advice when it recovers: `{budget}`, `{survives}`, `{one}`, `{capacity}`.
    pub advice_recovers: &'static str,
    /// Between two alternatives.
    pub or: &'static str,
    /// An alternative: shedding.
    pub shedding: &'static str,
    /// An alternative: a queue limit of `{q}` calls.
    pub queue_limit: &'static str,
    /// The map's title: `{strategy}`, `{trigger}` (its name).
    pub map_title: &'static str,
    /// The map's horizontal axis.
    pub map_axis: &'static str,
    /// How to read the map: `{top}` (the longest searched), `{bottom}` (the shortest).
    pub map_note: &'static str,
    /// The marked region's label.
    pub map_region: &'static str,
    /// One budget's line in words: `{budget}`, `{points}`.
    pub map_line: &'static str,
    /// One point of it: `{t}` at `{u}`.
    pub map_point: &'static str,
    /// The calculator's button that recomputes the map.
    pub map_button: &'static str,
    /// Said while the frontier is searched: `{done}` of `{total}` steps.
    pub progress: &'static str,
}
