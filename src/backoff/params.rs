//! A schedule's inputs: [`Params`], validated by [`ParamsBuilder::build`] against every rule of
//! SPEC §1, and [`ParamError`], which names the parameter at fault and what it allows.

use std::fmt;

use rand_chacha::ChaCha8Rng;

use super::{defaults, limits, unit_draw, Delay, Strategy};

/// A schedule's parameters, by what they are. Each one's user-facing name is [`Param::name`]; a
/// shortcode that calls a parameter otherwise (`backoff_delay`'s `attempt`) says so where it
/// reports a [`ParamError`], with [`ParamError::message`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    /// The first wait.
    Base,
    /// Growth per attempt.
    Factor,
    /// Upper bound of one wait.
    Cap,
    /// Number of waits.
    Attempts,
    /// Strategies shown.
    Jitter,
    /// Seed of the jitter streams.
    Seed,
    /// Clients of the fleet simulation.
    Clients,
    /// The chance that one call fails (SPEC §7).
    Fail,
    /// How long a failing call takes.
    Timeout,
    /// The time a request should finish within.
    Deadline,
    /// How long the service is down.
    Outage,
    /// Requests simulated for the odds.
    OddsClients,
    /// Nested retry layers.
    Layers,
    /// New requests per second from the whole fleet (SPEC §8).
    Demand,
    /// Calls per second the service completes.
    Capacity,
    /// How long after the outage the simulation runs.
    Horizon,
    /// The most calls waiting at the service.
    Queue,
    /// The retry budgets compared.
    Budget,
    /// A budget's setting, by its name (`grpc-max-tokens`, …).
    Setting(&'static str),
    /// What sets the storm off (SPEC §9).
    Trigger,
    /// The share of capacity a slowdown leaves.
    Degraded,
    /// The multiple of demand in a surge.
    Surge,
}

impl Param {
    /// The name users write: the shortcode argument and the `sade calc` flag without `--`.
    pub fn name(self) -> &'static str {
        match self {
            Param::Base => "base",
            Param::Factor => "factor",
            Param::Cap => "cap",
            Param::Attempts => "attempts",
            Param::Jitter => "jitter",
            Param::Seed => "seed",
            Param::Clients => "clients",
            Param::Fail => "fail",
            Param::Timeout => "timeout",
            Param::Deadline => "deadline",
            Param::Outage => "outage",
            // In shortcodes the odds' only clients; `sade calc` calls it `--odds-clients`.
            Param::OddsClients => "clients",
            Param::Layers => "layers",
            Param::Demand => "demand",
            Param::Capacity => "capacity",
            Param::Horizon => "horizon",
            Param::Queue => "queue",
            Param::Budget => "budget",
            Param::Setting(name) => name,
            Param::Trigger => "trigger",
            Param::Degraded => "degraded",
            Param::Surge => "surge",
        }
    }
}

impl Param {
    /// The largest value of a count (`attempts`, `clients`, `layers`), all of which start at 1;
    /// `None` for the other parameters.
    pub fn max_count(self) -> Option<u32> {
        match self {
            Param::Attempts => Some(limits::MAX_ATTEMPTS),
            Param::Clients | Param::OddsClients => Some(limits::MAX_CLIENTS),
            Param::Layers => Some(limits::MAX_LAYERS),
            _ => None,
        }
    }
}

/// A count as the engine takes it (`u32`), from a whole number as written (`u64`): the value
/// itself, never clamped; one that does not fit is refused with the count's range, as one that
/// fits but is out of range is by the builders.
pub fn count(param: Param, value: u64) -> Result<u32, ParamError> {
    u32::try_from(value).map_err(|_| ParamError::count(param, value))
}

/// A parameter that failed validation: which one, what it was, what is allowed.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamError {
    /// The parameter at fault.
    pub param: Param,
    /// The offending value, as text.
    pub value: String,
    /// What would have been accepted.
    pub allowed: String,
}

impl ParamError {
    fn new(param: Param, value: impl fmt::Display, allowed: impl Into<String>) -> Self {
        ParamError {
            param,
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }

    /// A count (see [`Param::max_count`]) outside its range.
    pub fn count(param: Param, value: impl fmt::Display) -> Self {
        let max = param.max_count().unwrap_or(u32::MAX);
        ParamError::new(
            param,
            value,
            format!("it must be a whole number from 1 to {max}"),
        )
    }

    /// The message with the parameter called `name` (what the user wrote for it).
    pub fn message(&self, name: &str) -> String {
        format!("`{name}` is {}, but {}", self.value, self.allowed)
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(self.param.name()))
    }
}

impl std::error::Error for ParamError {}

/// See [`Params::key`].
pub type ParamsKey = (u64, u64, Option<u64>, u32, Vec<u8>, u64, u32);

/// Validated inputs of a schedule. Build with [`Params::builder`].
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    base: Delay,
    factor: f64,
    cap: Option<Delay>,
    attempts: u32,
    strategies: Vec<Strategy>,
    seed: u64,
    clients: u32,
}

/// Collects the inputs of a [`Params`]; [`ParamsBuilder::build`] validates them.
#[derive(Clone, Debug)]
pub struct ParamsBuilder {
    base: Delay,
    factor: f64,
    cap: Option<Delay>,
    attempts: u32,
    strategies: Vec<Strategy>,
    seed: u64,
    clients: u32,
}

impl ParamsBuilder {
    /// Growth per attempt (default 2).
    pub fn factor(mut self, factor: f64) -> Self {
        self.factor = factor;
        self
    }
    /// Upper bound of a single wait, or `None` for no cap (default none).
    pub fn cap(mut self, cap: Option<Delay>) -> Self {
        self.cap = cap;
        self
    }
    /// Number of waits (default 8).
    pub fn attempts(mut self, attempts: u32) -> Self {
        self.attempts = attempts;
        self
    }
    /// Strategies to show (default all four, in index order).
    pub fn strategies(mut self, strategies: Vec<Strategy>) -> Self {
        self.strategies = strategies;
        self
    }
    /// Seed of the jitter streams (default 7).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    /// Clients in the fleet simulation (default 1000).
    pub fn clients(mut self, clients: u32) -> Self {
        self.clients = clients;
        self
    }

    /// Checks every SPEC §1 rule, including that no delay or total overflows.
    pub fn build(self) -> Result<Params, ParamError> {
        let base_ms = self.base.as_ms();
        if base_ms <= 0.0 {
            return Err(ParamError::new(
                Param::Base,
                self.base,
                "it must be a duration greater than zero, e.g. `100ms`",
            ));
        }
        if !self.factor.is_finite() || self.factor < 1.0 {
            return Err(ParamError::new(
                Param::Factor,
                self.factor,
                "it must be a finite number ≥ 1 (1 keeps the delay constant, 2 doubles it)",
            ));
        }
        if let Some(cap) = self.cap {
            if cap < self.base {
                return Err(ParamError::new(
                    Param::Cap,
                    cap,
                    format!("it must be at least `base` ({}), or `none`", self.base),
                ));
            }
        }
        if !(1..=limits::MAX_ATTEMPTS).contains(&self.attempts) {
            return Err(ParamError::count(Param::Attempts, self.attempts));
        }
        if !(1..=limits::MAX_CLIENTS).contains(&self.clients) {
            return Err(ParamError::count(Param::Clients, self.clients));
        }
        if self.strategies.is_empty() {
            return Err(ParamError::new(
                Param::Jitter,
                "empty",
                "name at least one of none, full, equal, decorrelated (or `all`)",
            ));
        }
        let mut strategies = self.strategies;
        strategies.sort();
        strategies.dedup();
        let params = Params {
            base: self.base,
            factor: self.factor,
            cap: self.cap,
            attempts: self.attempts,
            strategies,
            seed: self.seed,
            clients: self.clients,
        };
        // Overflow: every nominal and decorrelated ceiling, and their sums, must stay finite.
        let (mut nominal, mut ceiling) = (base_ms, base_ms);
        let (mut sum_nominal, mut sum_ceiling) = (0.0f64, 0.0f64);
        for n in 1..=params.attempts {
            if n > 1 {
                nominal = params.capped(nominal * params.factor);
                ceiling = params.capped(ceiling * 3.0);
            } else {
                ceiling = params.capped(base_ms * 3.0);
            }
            sum_nominal += nominal;
            sum_ceiling += ceiling;
            if !sum_nominal.is_finite() || !sum_ceiling.is_finite() {
                return Err(ParamError::new(
                    Param::Attempts,
                    params.attempts,
                    format!(
                        "attempt {n}'s delay overflows without a cap; set `cap` or use fewer attempts"
                    ),
                ));
            }
        }
        // Totals are added up once more: `min + max` for the means, and over the clients for the
        // fleet's mean. Twice the largest total times the clients bounds both, with room for
        // rounding.
        let largest = sum_nominal.max(sum_ceiling);
        if !(largest * 2.0 * f64::from(params.clients)).is_finite() {
            return Err(ParamError::new(
                Param::Attempts,
                params.attempts,
                format!(
                    "the total wait of {} clients overflows; set `cap` or use fewer attempts",
                    params.clients
                ),
            ));
        }
        Ok(params)
    }
}

impl Params {
    /// Starts a builder with the given first wait and the defaults: factor 2, no cap,
    /// 8 attempts, all strategies, seed 7, 1000 clients.
    pub fn builder(base: Delay) -> ParamsBuilder {
        ParamsBuilder {
            base,
            factor: defaults::FACTOR,
            cap: None,
            attempts: defaults::ATTEMPTS,
            strategies: Strategy::ALL.to_vec(),
            seed: defaults::SEED,
            clients: defaults::CLIENTS,
        }
    }

    /// First wait.
    pub fn base(&self) -> Delay {
        self.base
    }
    /// Growth per attempt.
    pub fn factor(&self) -> f64 {
        self.factor
    }
    /// Upper bound of one wait, if any.
    pub fn cap(&self) -> Option<Delay> {
        self.cap
    }
    /// Number of waits.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }
    /// Strategies asked for, in index order, without repeats.
    pub fn strategies(&self) -> &[Strategy] {
        &self.strategies
    }
    /// Seed of the jitter streams.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// Clients in the fleet simulation.
    pub fn clients(&self) -> u32 {
        self.clients
    }

    /// A hashable identity of these parameters (floats by their bits), for caches.
    pub fn key(&self) -> ParamsKey {
        (
            self.base.as_ms().to_bits(),
            self.factor.to_bits(),
            self.cap.map(|c| c.as_ms().to_bits()),
            self.attempts,
            self.strategies.iter().map(|&s| s as u8).collect(),
            self.seed,
            self.clients,
        )
    }

    pub(super) fn capped(&self, ms: f64) -> f64 {
        match self.cap {
            Some(cap) => ms.min(cap.as_ms()),
            None => ms,
        }
    }

    /// The nominal delays d₁..dₙ by repeated multiplication (SPEC §1), in milliseconds.
    pub fn nominal_ms(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.attempts as usize);
        let mut d = self.base.as_ms();
        for n in 0..self.attempts {
            if n > 0 {
                d = self.capped(d * self.factor);
            }
            out.push(d);
        }
        out
    }

    /// The range `[lo, hi]` of each attempt's wait under `strategy`, in milliseconds.
    pub fn ranges_ms(&self, strategy: Strategy) -> Vec<(f64, f64)> {
        let base = self.base.as_ms();
        match strategy {
            Strategy::None => self.nominal_ms().into_iter().map(|d| (d, d)).collect(),
            Strategy::Full => self.nominal_ms().into_iter().map(|d| (0.0, d)).collect(),
            Strategy::Equal => self
                .nominal_ms()
                .into_iter()
                .map(|d| (d / 2.0, d))
                .collect(),
            Strategy::Decorrelated => {
                let mut m = base;
                (0..self.attempts)
                    .map(|_| {
                        m = self.capped(m * 3.0);
                        (base, m)
                    })
                    .collect()
            }
        }
    }

    /// One client's waits under `strategy` (SPEC §2), written into `out` (cleared first).
    /// `nominal` and `ranges` are this schedule's, passed in so a fleet computes them once.
    pub(crate) fn client_waits(
        &self,
        strategy: Strategy,
        rng: &mut ChaCha8Rng,
        ranges: &[(f64, f64)],
        out: &mut Vec<f64>,
    ) {
        out.clear();
        match strategy {
            Strategy::None => out.extend(ranges.iter().map(|&(lo, _)| lo)),
            Strategy::Full | Strategy::Equal => out.extend(
                ranges
                    .iter()
                    .map(|&(lo, hi)| lo + unit_draw(rng) * (hi - lo)),
            ),
            Strategy::Decorrelated => {
                let base = self.base.as_ms();
                let mut s = base;
                for _ in 0..self.attempts {
                    s = self.capped(base + unit_draw(rng) * (3.0 * s - base));
                    out.push(s);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Schedule;

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    // The shortcodes' caches share a schedule between calls whose keys are equal: a key must
    // change with every parameter, or one call would get another's numbers.
    #[test]
    fn the_cache_key_changes_with_every_parameter_and_only_with_them() {
        let p = || Params::builder(ms(100.0));
        let key = |b: ParamsBuilder| b.build().unwrap().key();
        let same = key(p());
        assert_eq!(same, key(p()));
        let variants = [
            ("base", key(Params::builder(ms(200.0)))),
            ("factor", key(p().factor(3.0))),
            ("cap", key(p().cap(Some(ms(30_000.0))))),
            ("attempts", key(p().attempts(9))),
            ("strategies", key(p().strategies(vec![Strategy::Full]))),
            ("seed", key(p().seed(8))),
            ("clients", key(p().clients(999))),
        ];
        for (i, (name, k)) in variants.iter().enumerate() {
            assert_ne!(*k, same, "{name}");
            for (other, k2) in &variants[i + 1..] {
                assert_ne!(k, k2, "{name} and {other}");
            }
        }
    }

    #[test]
    fn validation_names_argument_and_range() {
        let e = Params::builder(ms(100.0)).factor(0.5).build().unwrap_err();
        assert_eq!(e.param.name(), "factor");
        let e = Params::builder(ms(100.0))
            .cap(Some(ms(50.0)))
            .build()
            .unwrap_err();
        assert_eq!(e.param.name(), "cap");
        assert_eq!(
            e.to_string(),
            "`cap` is 50ms, but it must be at least `base` (100ms), or `none`"
        );
        for a in [0, 101] {
            let e = Params::builder(ms(100.0)).attempts(a).build().unwrap_err();
            assert_eq!(e.param.name(), "attempts");
        }
        let e = Params::builder(Delay::ZERO).build().unwrap_err();
        assert_eq!(e.param.name(), "base");
        let e = Params::builder(ms(100.0))
            .factor(f64::NAN)
            .build()
            .unwrap_err();
        assert_eq!(e.param.name(), "factor");
        let e = Params::builder(ms(100.0))
            .factor(1e10)
            .attempts(100)
            .build()
            .unwrap_err();
        assert_eq!(e.param.name(), "attempts");
        assert!(e.to_string().contains("overflows"), "{e}");
        // Every delay and total is finite, but the means would add up past f64::MAX.
        let huge = Params::builder(ms(100_000.0)).factor(1e10).attempts(31);
        let e = huge.clone().build().unwrap_err();
        assert_eq!(e.param.name(), "attempts");
        assert!(
            e.to_string()
                .contains("total wait of 1000 clients overflows"),
            "{e}"
        );
        let p = huge.attempts(30).build().unwrap();
        let s = Schedule::compute(&p);
        for st in Strategy::ALL {
            let t = s.totals(st);
            assert!(
                t.mean.as_ms().is_finite() && t.worst.as_ms().is_finite(),
                "{st}"
            );
        }
        let e = Params::builder(ms(100.0)).clients(0).build().unwrap_err();
        assert_eq!(e.param.name(), "clients");
    }

    /// Counts are taken as written or refused with their range, never clamped.
    #[test]
    fn counts_name_their_range() {
        assert_eq!(count(Param::Attempts, 7), Ok(7));
        assert_eq!(
            count(Param::Attempts, 0),
            Ok(0),
            "the builders check the range"
        );
        assert_eq!(count(Param::Clients, u64::from(u32::MAX)), Ok(u32::MAX));
        let too_big = u64::from(u32::MAX) + 1;
        for (param, range) in [
            (Param::Attempts, "1 to 100"),
            (Param::Clients, "1 to 100000"),
            (Param::OddsClients, "1 to 100000"),
            (Param::Layers, "1 to 10"),
        ] {
            assert_eq!(
                count(param, too_big).unwrap_err().to_string(),
                format!(
                    "`{}` is 4294967296, but it must be a whole number from {range}",
                    param.name()
                )
            );
        }
        assert_eq!(Param::Layers.max_count(), Some(10));
        assert_eq!(Param::Seed.max_count(), None);
        assert_eq!(Param::Base.max_count(), None);
    }
}
