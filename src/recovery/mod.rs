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
mod budget;
mod math;
pub mod render;
mod simulate;
pub mod trackers;

pub use budget::{
    ratio_milli, setting_spec, Budget, SettingKind, SettingSpec, Settings, UnknownBudget, SETTINGS,
};
pub use math::ln_unit;
pub use render::{render_json, render_text};

use crate::backoff::{Delay, Param, ParamError, Params, Strategy};

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

/// Validated inputs of the fleet under load. Build with [`Inputs::builder`].
#[derive(Clone, Debug, PartialEq)]
pub struct Inputs {
    demand: f64,
    capacity: f64,
    timeout: Delay,
    outage: Delay,
    horizon: Delay,
    queue: Option<u32>,
    shed: bool,
    budgets: Vec<Budget>,
    settings: Settings,
}

/// Collects the inputs; [`InputsBuilder::build`] validates them.
#[derive(Clone, Debug)]
pub struct InputsBuilder(Inputs);

impl InputsBuilder {
    /// New requests per second from the whole fleet.
    pub fn demand(mut self, demand: f64) -> Self {
        self.0.demand = demand;
        self
    }
    /// Calls per second the service completes.
    pub fn capacity(mut self, capacity: f64) -> Self {
        self.0.capacity = capacity;
        self
    }
    /// How long a client waits for a call before it times out.
    pub fn timeout(mut self, timeout: Delay) -> Self {
        self.0.timeout = timeout;
        self
    }
    /// How long the service is down from t = 0.
    pub fn outage(mut self, outage: Delay) -> Self {
        self.0.outage = outage;
        self
    }
    /// How long after the outage the simulation runs.
    pub fn horizon(mut self, horizon: Delay) -> Self {
        self.0.horizon = horizon;
        self
    }
    /// The most calls waiting (the one in service not counted), or `None` for no limit.
    pub fn queue(mut self, queue: Option<u32>) -> Self {
        self.0.queue = queue;
        self
    }
    /// Whether the server skips calls that can no longer finish in time.
    pub fn shed(mut self, shed: bool) -> Self {
        self.0.shed = shed;
        self
    }
    /// The budgets to compare (each once, in [`Budget::ALL`]'s order).
    pub fn budgets(mut self, budgets: Vec<Budget>) -> Self {
        self.0.budgets = budgets;
        self
    }
    /// The budgets' settings.
    pub fn settings(mut self, settings: Settings) -> Self {
        self.0.settings = settings;
        self
    }

    /// Checks every input.
    pub fn build(self) -> Result<Inputs, ParamError> {
        let mut i = self.0;
        let err = |param, value: String, allowed: &str| ParamError {
            param,
            value,
            allowed: allowed.into(),
        };
        if !(i.demand > 0.0 && i.demand <= 1_000_000.0) {
            return Err(err(
                Param::Demand,
                i.demand.to_string(),
                "it must be a number of requests per second above 0 and at most 1000000",
            ));
        }
        if !(i.capacity > 0.0 && i.capacity <= 10_000_000.0) {
            return Err(err(
                Param::Capacity,
                i.capacity.to_string(),
                "it must be a number of calls per second above 0 and at most 10000000",
            ));
        }
        let t = i.timeout.as_ms();
        if !(t > 0.0 && t <= MAX_DURATION_MS) {
            return Err(err(
                Param::Timeout,
                i.timeout.to_string(),
                "it must be a duration above 0 and at most 1h",
            ));
        }
        if i.outage.as_ms() > MAX_DURATION_MS {
            return Err(err(
                Param::Outage,
                i.outage.to_string(),
                "it must be a duration from 0s to 1h",
            ));
        }
        let h = i.horizon.as_ms();
        if !(MIN_HORIZON_MS..=MAX_DURATION_MS).contains(&h) {
            return Err(err(
                Param::Horizon,
                i.horizon.to_string(),
                "it must be a duration from 10s to 1h (recovery is judged over ten seconds)",
            ));
        }
        // The verdict counts ten whole seconds from the first whole second after the outage:
        // after an outage of 2.5 s, the horizon must reach 13 s.
        let least = min_horizon_ms(i.outage.as_ms());
        if h < least {
            let least = Delay::from_ms(least).expect("finite");
            return Err(err(
                Param::Horizon,
                i.horizon.to_string(),
                &format!(
                    "it must be a duration from {least} to 1h (recovery is judged over ten \
                     whole seconds from the first whole second after the outage)"
                ),
            ));
        }
        if let Some(q) = i.queue {
            if q > 10_000_000 {
                return Err(err(
                    Param::Queue,
                    q.to_string(),
                    "it must be a whole number from 0 to 10000000, or none",
                ));
            }
        }
        let expected = i.demand * (-START_MS + i.outage.as_ms() + h) / 1000.0;
        if expected > MAX_EXPECTED_REQUESTS {
            return Err(err(
                Param::Demand,
                i.demand.to_string(),
                &format!(
                    "over 5s + outage + horizon that is {expected:.0} requests, and at most \
                     10000000 are simulated: lower it or shorten the outage or the horizon"
                ),
            ));
        }
        if i.budgets.is_empty() {
            return Err(err(
                Param::Budget,
                "empty".into(),
                "name at least one of none, grpc, aws, finagle, linkerd, envoy, sre (or `all`)",
            ));
        }
        // Finagle computes its reserve, minRetriesPerSec × ttl × withdrawal, as a 32-bit Int:
        // past its range the real budget wraps to a negative reserve.
        let set = &i.settings;
        if i.budgets.contains(&Budget::Finagle) && set.finagle_percent > 0.0 {
            let withdraw = i64::from((1000.0 / set.finagle_percent) as i32);
            let reserve =
                i64::from(set.finagle_min_retries) * i64::from(set.finagle_ttl_s) * withdraw;
            if reserve > i64::from(i32::MAX) {
                // Named after the setting moved furthest from its default: the ratio, else the
                // rate.
                let (name, value) = if set.finagle_percent != 0.2 {
                    ("finagle-percent-can-retry", set.finagle_percent.to_string())
                } else {
                    (
                        "finagle-min-retries-per-sec",
                        set.finagle_min_retries.to_string(),
                    )
                };
                return Err(err(
                    Param::Setting(name),
                    value,
                    &format!(
                        "Finagle's reserve, minRetriesPerSec × ttl × {withdraw} (1000 over \
                         percentCanRetry), must fit its 32-bit Int (at most 2147483647); \
                         this is {reserve}"
                    ),
                ));
            }
        }
        i.budgets.sort();
        i.budgets.dedup();
        i.demand += 0.0;
        i.capacity += 0.0;
        Ok(i)
    }
}

impl Inputs {
    /// The defaults of SPEC §8: 800 requests/s, 1000 calls/s, a 1 s timeout, a 10 s outage,
    /// 60 s after it, no queue limit, no shedding, no budget.
    pub fn builder() -> InputsBuilder {
        InputsBuilder(Inputs {
            demand: defaults::DEMAND,
            capacity: defaults::CAPACITY,
            timeout: Delay::from_ms(defaults::TIMEOUT_MS).expect("finite"),
            outage: Delay::from_ms(defaults::OUTAGE_MS).expect("finite"),
            horizon: Delay::from_ms(defaults::HORIZON_MS).expect("finite"),
            queue: None,
            shed: false,
            budgets: vec![Budget::None],
            settings: Settings::default(),
        })
    }
    /// New requests per second.
    pub fn demand(&self) -> f64 {
        self.demand
    }
    /// Calls per second the service completes.
    pub fn capacity(&self) -> f64 {
        self.capacity
    }
    /// The clients' timeout.
    pub fn timeout(&self) -> Delay {
        self.timeout
    }
    /// The outage.
    pub fn outage(&self) -> Delay {
        self.outage
    }
    /// The time simulated after the outage.
    pub fn horizon(&self) -> Delay {
        self.horizon
    }
    /// The queue limit.
    pub fn queue(&self) -> Option<u32> {
        self.queue
    }
    /// Whether the server sheds.
    pub fn shed(&self) -> bool {
        self.shed
    }
    /// The budgets compared.
    pub fn budgets(&self) -> &[Budget] {
        &self.budgets
    }
    /// The budgets' settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }
    /// When the simulation ends: O + H.
    pub fn end_ms(&self) -> f64 {
        self.outage.as_ms() + self.horizon.as_ms()
    }
    /// Number of 100 ms bins from −5 s to O + H (the last may be cut short).
    pub fn bins(&self) -> usize {
        ((self.end_ms() - START_MS) / BIN_MS).ceil() as usize
    }

    /// A hashable identity (floats by their bits), for caches.
    pub fn key(&self) -> InputsKey {
        (
            [
                self.demand.to_bits(),
                self.capacity.to_bits(),
                self.timeout.as_ms().to_bits(),
                self.outage.as_ms().to_bits(),
                self.horizon.as_ms().to_bits(),
            ],
            self.queue,
            self.shed,
            self.budgets.iter().map(|&b| b as u8).collect(),
            self.settings.key(),
        )
    }
}

/// See [`Inputs::key`].
pub type InputsKey = ([u64; 5], Option<u32>, bool, Vec<u8>, [u64; 16]);

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
    /// Calls waiting at the bin's end.
    pub queue: u32,
}

impl Bin {
    /// Calls that failed: refused, rejected, timed out or rejected locally.
    pub fn failed(&self) -> u32 {
        self.refused + self.rejected + self.timed_out + self.rejected_locally
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
}

/// One strategy under one budget: its summary and its bins.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The strategy.
    pub strategy: Strategy,
    /// The budget.
    pub budget: Budget,
    /// The figures.
    pub summary: Summary,
    /// 100 ms bins from −5 s.
    pub bins: Vec<Bin>,
}

impl Run {
    /// Simulates one strategy under one budget on the calling thread.
    pub fn compute(params: &Params, inputs: &Inputs, strategy: Strategy, budget: Budget) -> Run {
        simulate::run(params, inputs, strategy, budget)
    }
}

/// Every strategy of the schedule under every budget asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    inputs: Inputs,
    /// Strategy-major, budgets in order within each strategy.
    pub runs: Vec<Run>,
}

impl Recovery {
    /// Simulates every strategy of `params` under every budget of `inputs`, in parallel.
    pub fn compute(params: &Params, inputs: &Inputs) -> Recovery {
        use rayon::prelude::*;
        let pairs: Vec<(Strategy, Budget)> = params
            .strategies()
            .iter()
            .flat_map(|&s| inputs.budgets.iter().map(move |&b| (s, b)))
            .collect();
        let runs = pairs
            .into_par_iter()
            .map(|(s, b)| simulate::run(params, inputs, s, b))
            .collect();
        Recovery {
            inputs: inputs.clone(),
            runs,
        }
    }

    /// Runs already simulated for these inputs, strategy-major, budgets in order within each
    /// strategy (what [`Recovery::compute`] gives).
    pub fn from_runs(inputs: Inputs, runs: Vec<Run>) -> Recovery {
        Recovery { inputs, runs }
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
}

/// The summary of a run's bins and counts (module docs).
pub(crate) fn summarize(inputs: &Inputs, bins: &[Bin], counts: &simulate::Counts) -> Summary {
    let o = inputs.outage.as_ms();
    let end = inputs.end_ms();
    let per_second = 1000.0 / BIN_MS;
    // One-second bins: 100 ms bins 10j … 10j + 9, from −5 s on whole seconds.
    let second = |start_ms: f64| -> (u64, u64) {
        let first = ((start_ms - START_MS) / BIN_MS) as usize;
        bins[first..first + per_second as usize]
            .iter()
            .fold((0, 0), |(f, e), b| {
                (f + u64::from(b.failed()), e + u64::from(b.ended()))
            })
    };
    let healthy = |s: f64| {
        let (failed, ended) = second(s);
        20 * failed <= ended
    };
    let mut recovered_after_ms = None;
    let mut s = (o / 1000.0).ceil() * 1000.0;
    while s + 10_000.0 <= end {
        match (0..10)
            .map(|k| s + 1000.0 * f64::from(k))
            .find(|&t| !healthy(t))
        {
            None => {
                recovered_after_ms = Some(s - o);
                break;
            }
            Some(bad) => s = bad + 1000.0,
        }
    }
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
        peak_load: f64::from(peak) / (inputs.capacity * 0.1),
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
    }
}

#[cfg(test)]
mod tests;
