//! Stage 0, continued — the fleet under load (SPEC §8): a service with finite capacity and a
//! queue, clients with timeouts that retry on their schedule, and the retry budgets real systems
//! use. Does the service come back after an outage, when, how much load meets it, and what does a
//! budget change?
//!
//! Pure, like [`crate::backoff`] and [`crate::odds`]: no I/O, no formatting (that is [`render`]).
//! Every result is a function of a validated [`Params`] and validated [`Inputs`]: the same inputs
//! give the same bits on every machine and thread count. `static/js/recovery.js` repeats every
//! float operation below in the same order, and `tests/js/recovery.test.mjs` checks it against
//! `sade calc --json`.
//!
//! # The model
//!
//! Time is in milliseconds, a double, from −5 000 (a warm-up in normal operation) to O + H; the
//! outage is [0, O). Events at exactly O + H are not simulated.
//!
//! - **Clients.** Client c (0 ≤ c < N) sends new requests as a Poisson process of rate R/N per
//!   second: gaps `−ln(1 − u) × g`, g = `1000 × N / R` (ms), u the next draw of stream
//!   `64 × 2³² + c`, the first request at −5 000 + the first gap. `ln` is [`math::ln_unit`]. A
//!   request makes at most K = attempts + 1 calls; its first call is sent when it arrives.
//! - **Retries.** A failed call with attempts left is retried, if the budget allows, after the
//!   strategy's wait for that retry (retry n of the request waits d_n for `none`, `lo + u·(hi −
//!   lo)` of §1's range for `full` and `equal`, `min(cap, base + u·(3·prev − base))` for
//!   `decorrelated`, prev being the request's own previous wait, `base` before its first). u is
//!   the next draw of client c's stream of the strategy (§2: `strategy × 2³² + c`), drawn only
//!   when a retry is scheduled, in the order the client schedules them. Otherwise the request
//!   gives up.
//! - **Calls.** A call reaching the service at t: during the outage it fails at once
//!   (*refused*); else, when the server is busy and Q calls are waiting, it fails at once
//!   (*rejected*); else it is admitted. An admitted call succeeds when the server completes it
//!   by its sending + τ; otherwise the client sees a *timeout* at sending + τ.
//! - **Server.** One FIFO queue and a server taking 1000/C ms per call: a call admitted to an
//!   idle server starts at once, else it starts when the one before completes. A call whose
//!   client timed out still costs its 1000/C when it reaches the head (*wasted work*), unless
//!   `shed`: then every call at the head that could no longer complete by its sending + τ
//!   (head time + 1000/C > sending + τ) is skipped at no cost. At 0 the server drops what it
//!   holds: every admitted call not yet ended fails then, refused (after the completions at 0,
//!   before every other event at 0).
//! - **Budgets** ([`Budget`], the per-client state machines of [`trackers`]): decisions are taken
//!   when a call fails; a refused retry makes the request give up. `none` allows every retry.
//!   `grpc` takes a token from every failed call, the request's last one too, and allows a retry
//!   while more than half the tokens are left; each successful call gives back `tokenRatio`.
//!   `aws` charges a retry 5 (10 after a timeout) when the request has attempts left, and a
//!   request that succeeds gives back its last retry's cost, or 1. `finagle` deposits 1000 for
//!   every new request and withdraws 5000 per retry against its 10 s window and reserve (time in
//!   whole milliseconds, ⌊t⌋, as Finagle's clock gives it). `linkerd` deposits 1 per successful
//!   call and withdraws 5 per retry (tower's `TpsBudget`). `envoy` allows a retry while the
//!   client's outstanding retries (decided and not ended) are fewer than max(⌊20 % of its calls
//!   in flight⌋, 3); a call is in flight from its admission until it ends, and a failing call
//!   has ended (and released its retry slot) before the decision. `sre` draws u from stream
//!   `80 × 2³² + c` before every call and rejects it locally when u < max(0, (requests −
//!   K·accepts)/(requests + 1)) over its window, counting the call among the requests after
//!   that; a locally rejected call never reaches the service and its request gives up.
//! - **Breakers** ([`Breaker`], SPEC §10, the per-client state machines of [`breaker`]): with
//!   budget none, every client's calls pass its breaker, inside the retry. A call the breaker
//!   rejects fails at once on the client (`rejected_by_breaker`, a failed call of its bin, never
//!   one reaching the service), is not recorded and is retried like any failure; a permitted
//!   call records its outcome when it ends, at that time, to the state current then (Hystrix's
//!   snapshot at an instant comes after the completions, timeouts and drop at it).
//! - **Order.** Events at the same instant: completions, (the drop at 0), timeouts, retries, new
//!   requests; within a kind by client, then by request.
//!
//! # Outputs
//!
//! Bins of 100 ms from −5 000 ([`Bin`]), and a [`Summary`]: `recovered_after_ms` (the first whole
//! second s ≥ O from which ten consecutive one-second bins, all before O + H, each have at most
//! 5 % of the calls that ended in them failed — locally rejected ones included — minus O; a bin
//! where no call ended passes), `peak_load` (the most calls reaching the service in a 100 ms bin
//! over C × 0.1), `retries_sent` (locally rejected ones included), `retries_refused` (by the
//! budget), `requests_given_up` (the share of the requests that arrived that gave up by O + H),
//! `wasted_work` (the share of the calls the server completed, over the whole run, that
//! completed after their client's timeout) and `max_retries_per_client_during_outage`.
//!
//! Every input is validated, with the argument at fault and its range: `demand` and `capacity`
//! positive rates, `timeout` positive, `horizon` at least 10 s (the recovery test needs ten
//! seconds), durations at most an hour, `queue` a whole number, and at most
//! [`MAX_EXPECTED_REQUESTS`] expected requests (R × (5 s + O + H)).

mod admitted;
mod agenda;
pub mod breaker;
mod budget;
mod client;
pub mod frontier;
mod inputs;
mod math;
pub mod render;
mod setting;
mod shared;
mod simulate;
pub mod trackers;
mod trigger;
mod verdict;

pub use breaker::{Breaker, BreakerSettings, UnknownBreaker, BREAKER_SETTINGS};
pub use budget::{
    ratio_milli, setting_spec, Budget, SettingKind, SettingSpec, Settings, UnknownBudget, SETTINGS,
};
pub use frontier::{Frontier, Frontiers, Longest, MapRow};
pub use inputs::{Inputs, InputsBuilder, InputsKey};
pub use math::ln_unit;
pub use render::{render_json, render_text};
pub use shared::Shared;
pub use trigger::{Trigger, UnknownTrigger, DEFAULT_DEGRADED, DEFAULT_SURGE, MAX_SURGE};

use crate::backoff::{Params, Strategy};

/// Where the simulation starts: five seconds of normal operation before the outage.
pub const START_MS: f64 = -5_000.0;
/// Width of a bin.
pub const BIN_MS: f64 = 100.0;
/// Most requests the simulation expects (R × (5 s + O + H)).
pub const MAX_EXPECTED_REQUESTS: f64 = 10_000_000.0;
/// Longest outage, horizon and timeout.
pub const MAX_DURATION_MS: f64 = 3_600_000.0;
/// Shortest horizon: the recovery test needs ten one-second bins.
pub const MIN_HORIZON_MS: f64 = 10_000.0;

/// The shortest horizon after an outage of `outage_ms`: ten whole seconds from the first whole
/// second at or after its end.
pub fn min_horizon_ms(outage_ms: f64) -> f64 {
    (outage_ms / 1000.0).ceil() * 1000.0 + MIN_HORIZON_MS - outage_ms
}

/// What a parameter is when it is not given (SPEC §8).
pub mod defaults {
    /// New requests per second from the fleet.
    pub const DEMAND: f64 = 800.0;
    /// Calls per second the service completes.
    pub const CAPACITY: f64 = 1_000.0;
    /// The clients' timeout, ms.
    pub const TIMEOUT_MS: f64 = 1_000.0;
    /// The outage, ms.
    pub const OUTAGE_MS: f64 = 10_000.0;
    /// How long after the outage the simulation runs, ms.
    pub const HORIZON_MS: f64 = 60_000.0;
}

/// What happened in one 100 ms bin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bin {
    /// Requests that arrived.
    pub new_requests: u32,
    /// Retries the clients attempted (locally rejected ones too).
    pub retries_sent: u32,
    /// Calls that reached the service (refused and rejected ones too).
    pub calls: u32,
    /// Of those, retries.
    pub retry_calls: u32,
    /// Calls that succeeded.
    pub succeeded: u32,
    /// Calls refused during the outage (or dropped at its start).
    pub refused: u32,
    /// Calls rejected by a full queue.
    pub rejected: u32,
    /// Calls whose client timed out.
    pub timed_out: u32,
    /// Calls the client's own throttle rejected (`sre`).
    pub rejected_locally: u32,
    /// Retries the budget refused.
    pub budget_refused: u32,
    /// Calls the client's circuit breaker rejected (SPEC §10): they never reach the service.
    pub rejected_by_breaker: u32,
    /// Calls waiting at the bin's end.
    pub queue: u32,
}

impl Bin {
    /// Calls that failed: refused, rejected, timed out, rejected locally or by the breaker.
    pub fn failed(&self) -> u32 {
        self.refused
            + self.rejected
            + self.timed_out
            + self.rejected_locally
            + self.rejected_by_breaker
    }
    /// Calls that ended: succeeded or failed.
    pub fn ended(&self) -> u32 {
        self.succeeded + self.failed()
    }
}

/// The figures of one strategy under one budget (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Time after the outage from which the service stays healthy; `None`: not within H.
    pub recovered_after_ms: Option<f64>,
    /// The busiest 100 ms, in multiples of what the service completes in 100 ms.
    pub peak_load: f64,
    /// Retries attempted.
    pub retries_sent: u64,
    /// Retries the budget refused.
    pub retries_refused: u64,
    /// Share of the requests that gave up.
    pub requests_given_up: f64,
    /// Share of the server's completed calls that came too late.
    pub wasted_work: f64,
    /// The most retries one client sent during the outage.
    pub max_retries_per_client_during_outage: u32,
    /// Requests that arrived.
    pub requests: u64,
    /// Requests that gave up.
    pub given_up: u64,
    /// Requests still in progress at the end.
    pub in_progress: u64,
    /// Calls admitted and not yet ended at the end.
    pub calls_in_flight: u64,
    /// The most retries one client sent over the whole run.
    pub max_retries_per_client: u32,
    /// Calls the clients' breakers rejected (SPEC §10).
    pub calls_rejected_by_breaker: u64,
    /// Times a client's breaker opened, from closed or half-open.
    pub breaker_trips: u64,
}

/// One strategy under one budget: its summary and its bins.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The strategy.
    pub strategy: Strategy,
    /// The budget.
    pub budget: Budget,
    /// The circuit breaker (SPEC §10; only with budget none).
    pub breaker: Breaker,
    /// The figures.
    pub summary: Summary,
    /// 100 ms bins from −5 s.
    pub bins: Vec<Bin>,
}

impl Run {
    /// Simulates one strategy under one budget on the calling thread.
    pub fn compute(params: &Params, inputs: &Inputs, strategy: Strategy, budget: Budget) -> Run {
        simulate::run(params, inputs, strategy, budget, Breaker::None)
    }

    /// Simulates one strategy with every client's calls behind `breaker` (budget none).
    pub fn with_breaker(
        params: &Params,
        inputs: &Inputs,
        strategy: Strategy,
        breaker: Breaker,
    ) -> Run {
        simulate::run(params, inputs, strategy, Budget::None, breaker)
    }
}

/// Every strategy of the schedule under every budget asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    inputs: Inputs,
    /// Strategy-major, budgets in order within each strategy.
    pub runs: Vec<Run>,
    /// Strategy-major, breakers in order within each strategy (SPEC §10; empty unless asked
    /// for).
    pub breakers: Vec<Run>,
}

impl Recovery {
    /// Simulates every strategy of `params` under every budget of `inputs`, and behind every
    /// breaker, in parallel.
    pub fn compute(params: &Params, inputs: &Inputs) -> Recovery {
        use rayon::prelude::*;
        let strategies = params.strategies();
        let triples: Vec<(Strategy, Budget, Breaker)> = strategies
            .iter()
            .flat_map(|&s| inputs.budgets().iter().map(move |&b| (s, b, Breaker::None)))
            .chain(
                strategies
                    .iter()
                    .flat_map(|&s| inputs.breakers().iter().map(move |&k| (s, Budget::None, k))),
            )
            .collect();
        let mut runs: Vec<Run> = triples
            .into_par_iter()
            .map(|(s, b, k)| simulate::run(params, inputs, s, b, k))
            .collect();
        let breakers = runs.split_off(strategies.len() * inputs.budgets().len());
        Recovery {
            inputs: inputs.clone(),
            runs,
            breakers,
        }
    }

    /// Runs already simulated for these inputs, strategy-major, budgets in order within each
    /// strategy (what [`Recovery::compute`] gives, without breakers).
    pub fn from_runs(inputs: Inputs, runs: Vec<Run>, breakers: Vec<Run>) -> Recovery {
        Recovery {
            inputs,
            runs,
            breakers,
        }
    }

    /// The inputs these runs were computed for.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// The run of `strategy` under `budget`, if both were asked for.
    pub fn run(&self, strategy: Strategy, budget: Budget) -> Option<&Run> {
        self.runs
            .iter()
            .find(|r| r.strategy == strategy && r.budget == budget)
    }

    /// The run of `strategy` behind `breaker`, if both were asked for.
    pub fn breaker_run(&self, strategy: Strategy, breaker: Breaker) -> Option<&Run> {
        self.breakers
            .iter()
            .find(|r| r.strategy == strategy && r.breaker == breaker)
    }
}

/// The summary of a run's bins and counts (module docs).
pub(crate) fn summarize(inputs: &Inputs, bins: &[Bin], counts: &simulate::Counts) -> Summary {
    let recovered_after_ms = verdict::recovered_after(inputs, bins);
    let peak = bins.iter().map(|b| b.calls).max().unwrap_or(0);
    let share = |part: u64, whole: u64| {
        if whole == 0 {
            0.0
        } else {
            part as f64 / whole as f64
        }
    };
    Summary {
        recovered_after_ms,
        peak_load: f64::from(peak) / (inputs.capacity() * 0.1),
        retries_sent: counts.retries_sent,
        retries_refused: counts.retries_refused,
        requests_given_up: share(counts.given_up, counts.requests),
        wasted_work: share(counts.late, counts.completed),
        max_retries_per_client_during_outage: counts.max_outage_retries,
        requests: counts.requests,
        given_up: counts.given_up,
        in_progress: counts.in_progress,
        calls_in_flight: counts.calls_in_flight,
        max_retries_per_client: counts.max_retries,
        calls_rejected_by_breaker: counts.rejected_by_breaker,
        breaker_trips: counts.breaker_trips,
    }
}

#[cfg(test)]
mod tests;
