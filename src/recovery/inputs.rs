//! The inputs of the fleet under load (SPEC §8, with §9's trigger), validated: each value in
//! its range, or an error naming the argument at fault and what it may be.

use super::{
    defaults, min_horizon_ms, Breaker, BreakerSettings, Budget, Settings, Trigger, BIN_MS,
    MAX_DURATION_MS, MAX_EXPECTED_REQUESTS, MAX_SURGE, MIN_HORIZON_MS, START_MS,
};
use crate::backoff::{Delay, Param, ParamError};

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
    trigger: Trigger,
    breakers: Vec<Breaker>,
    breaker_settings: BreakerSettings,
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
    /// What happens over [0, O): an outage (the default), a slowdown or a surge.
    pub fn trigger(mut self, trigger: Trigger) -> Self {
        self.0.trigger = trigger;
        self
    }
    /// How long the trigger lasts from t = 0 (for an outage, how long the service is down).
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

    /// The circuit breakers to compare (SPEC §10; each once, in [`Breaker::ALL`]'s order):
    /// only with budget none.
    pub fn breakers(mut self, breakers: Vec<Breaker>) -> Self {
        self.0.breakers = breakers;
        self
    }
    /// The breakers' settings.
    pub fn breaker_settings(mut self, settings: BreakerSettings) -> Self {
        self.0.breaker_settings = settings;
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
        match i.trigger {
            Trigger::Outage => {}
            Trigger::Slowdown { degraded } => {
                if !(degraded > 0.0 && degraded <= 1.0) {
                    return Err(err(
                        Param::Degraded,
                        degraded.to_string(),
                        "it must be the share of capacity left, above 0 and at most 1 (`0.5` or \
                         `50%`)",
                    ));
                }
            }
            Trigger::Surge { surge } => {
                if !(1.0..=MAX_SURGE).contains(&surge) {
                    return Err(err(
                        Param::Surge,
                        surge.to_string(),
                        "it must be the multiple of demand, from 1 to 100",
                    ));
                }
            }
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
        let expected = i.expected_requests();
        if expected > MAX_EXPECTED_REQUESTS {
            return Err(err(
                Param::Demand,
                i.demand.to_string(),
                &format!(
                    "over 5s + outage + horizon{} that is {expected:.0} requests, and at most \
                     10000000 are simulated: lower it or shorten the outage or the horizon",
                    if matches!(i.trigger, Trigger::Surge { .. }) {
                        " (with the surge's)"
                    } else {
                        ""
                    }
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
        i.breakers.sort();
        i.breakers.dedup();
        if !i.breakers.is_empty() {
            if let Some(b) = i.budgets.iter().find(|&&b| b != Budget::None) {
                return Err(err(
                    Param::Budget,
                    b.name().into(),
                    "a circuit breaker runs with budget none only (for now): drop the budget or \
                     the breaker",
                ));
            }
        }
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
            trigger: Trigger::Outage,
            breakers: Vec::new(),
            breaker_settings: BreakerSettings::default(),
        })
    }
    /// The requests expected over the run, R × (5 s + O + H), with a surge's K × R × O.
    pub fn expected_requests(&self) -> f64 {
        let o = self.outage.as_ms();
        let surged = match self.trigger {
            Trigger::Surge { surge } => (surge - 1.0) * o,
            _ => 0.0,
        };
        self.demand * (-START_MS + o + self.horizon.as_ms() + surged) / 1000.0
    }
    /// What happens over [0, O).
    pub fn trigger(&self) -> Trigger {
        self.trigger
    }
    /// These inputs with a trigger of `ms` (a step of a frontier search: not validated again;
    /// a horizon too short for the verdict's ten seconds only means it does not recover).
    pub fn with_outage_ms(&self, ms: f64) -> Inputs {
        let mut i = self.clone();
        i.outage = Delay::from_ms(ms).expect("a searched length");
        i
    }
    /// These inputs with the server shedding (an alternative the advice tries).
    pub fn with_shed(&self) -> Inputs {
        let mut i = self.clone();
        i.shed = true;
        i
    }
    /// These inputs with a queue limit of `q` calls (an alternative the advice tries).
    pub fn with_queue(&self, q: u32) -> Inputs {
        let mut i = self.clone();
        i.queue = Some(q);
        i
    }
    /// These inputs with a capacity of `capacity` calls per second (a step of a frontier
    /// search).
    pub fn with_capacity(&self, capacity: f64) -> Inputs {
        let mut i = self.clone();
        i.capacity = capacity;
        i
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
    /// The circuit breakers compared (empty unless asked for).
    pub fn breakers(&self) -> &[Breaker] {
        &self.breakers
    }
    /// The breakers' settings.
    pub fn breaker_settings(&self) -> &BreakerSettings {
        &self.breaker_settings
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
            self.trigger.key(),
            self.breakers.iter().map(|&b| b as u8).collect(),
            self.breaker_settings.bits(),
        )
    }
}

/// See [`Inputs::key`].
pub type InputsKey = (
    [u64; 5],
    Option<u32>,
    bool,
    Vec<u8>,
    [u64; 16],
    (u8, u64),
    Vec<u8>,
    [u64; 17],
);
