//! Stage 0 — the backoff engine: exponential-backoff schedules, seeded jitter and the fleet
//! ("thundering herd") simulation of SPEC §1–§3.
//!
//! Pure: no I/O, no HTML, no formatting. Everything here is a function of [`Params`], so the same
//! parameters and seed give the same bits on every machine and every thread count.
//!
//! ```
//! use sade::backoff::{Delay, Params, Schedule, Strategy};
//!
//! let params = Params::builder(Delay::from_ms(250.0).unwrap())
//!     .factor(2.0)
//!     .cap(Some(Delay::from_secs(30.0).unwrap()))
//!     .attempts(6)
//!     .build()
//!     .unwrap();
//! let schedule = Schedule::compute(&params);
//! assert_eq!(schedule.totals(Strategy::None).worst.as_ms(), 15_750.0);
//! assert_eq!(schedule.totals(Strategy::Decorrelated).worst.as_ms(), 90_000.0);
//! ```

use std::fmt;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use rayon::prelude::*;

pub(crate) mod chacha;

use chacha::{Keystreams, LANES};

/// A wait, in milliseconds. Always finite and never negative.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default)]
pub struct Delay(f64);

impl Delay {
    /// Zero wait.
    pub const ZERO: Delay = Delay(0.0);

    /// A delay of `ms` milliseconds; `None` when `ms` is negative, NaN or infinite.
    pub fn from_ms(ms: f64) -> Option<Delay> {
        (ms.is_finite() && ms >= 0.0).then_some(Delay(ms))
    }

    /// A delay of `secs` seconds; `None` when not a finite, non-negative number.
    pub fn from_secs(secs: f64) -> Option<Delay> {
        Delay::from_ms(secs * 1000.0)
    }

    /// The delay in milliseconds.
    pub fn as_ms(self) -> f64 {
        self.0
    }

    /// Parses `100ms`, `1.5s`, `2m`, `1h` (also `min`). A bare number is not a duration.
    pub fn parse(text: &str) -> Result<Delay, DelayParseError> {
        let text = text.trim();
        let split = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
            .ok_or(DelayParseError::MissingUnit)?;
        let (number, unit) = text.split_at(split);
        let scale = match unit {
            "ms" => 1.0,
            "s" => 1_000.0,
            "m" | "min" => 60_000.0,
            "h" => 3_600_000.0,
            _ => return Err(DelayParseError::UnknownUnit(unit.to_string())),
        };
        let value: f64 = number
            .parse()
            .map_err(|_| DelayParseError::BadNumber(number.to_string()))?;
        Delay::from_ms(value * scale).ok_or(DelayParseError::OutOfRange)
    }
}

impl fmt::Display for Delay {
    /// Shortest form that parses back: `100ms`, `30s`, `2m`, `1h`, else milliseconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0;
        for (unit, scale) in [("h", 3_600_000.0), ("m", 60_000.0), ("s", 1_000.0)] {
            if ms >= scale && (ms / scale).fract() == 0.0 && ms / scale * scale == ms {
                return write!(f, "{}{unit}", ms / scale);
            }
        }
        write!(f, "{ms}ms")
    }
}

/// Why a duration did not parse.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DelayParseError {
    /// `100` instead of `100ms`.
    #[error("a duration needs a unit (ms, s, m, h), e.g. `100ms`")]
    MissingUnit,
    /// `100sec`.
    #[error("unknown unit `{0}`; use ms, s, m or h")]
    UnknownUnit(String),
    /// `1.2.3s`.
    #[error("`{0}` is not a number")]
    BadNumber(String),
    /// Negative or too large.
    #[error("the duration must be a finite, non-negative amount")]
    OutOfRange,
}

/// A jitter strategy. The discriminant is the strategy index of SPEC §2's stream numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strategy {
    /// The bare, synchronized schedule.
    None = 0,
    /// Uniform in `[0, d]`.
    Full = 1,
    /// Uniform in `[d/2, d]`.
    Equal = 2,
    /// Uniform in `[base, 3 × previous]`, capped (AWS's formula).
    Decorrelated = 3,
}

impl Strategy {
    /// Every strategy, in index order.
    pub const ALL: [Strategy; 4] = [
        Strategy::None,
        Strategy::Full,
        Strategy::Equal,
        Strategy::Decorrelated,
    ];

    /// The name used in shortcodes, flags and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::None => "none",
            Strategy::Full => "full",
            Strategy::Equal => "equal",
            Strategy::Decorrelated => "decorrelated",
        }
    }

    /// The strategy with this name, if any.
    pub fn from_name(name: &str) -> Option<Strategy> {
        Strategy::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The ChaCha stream of `client` for this strategy: `index × 2³² + client`.
    pub fn stream(self, client: u32) -> u64 {
        ((self as u64) << 32) + u64::from(client)
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Limits of SPEC §1 and §3.
pub mod limits {
    /// Most attempts a schedule may have.
    pub const MAX_ATTEMPTS: u32 = 100;
    /// Most clients in a fleet simulation.
    pub const MAX_CLIENTS: u32 = 100_000;
    /// Clients simulated when none is given.
    pub const DEFAULT_CLIENTS: u32 = 1_000;
    /// Bins of the fleet histogram (what charts show).
    pub const FLEET_BINS: usize = 100;
    /// Each histogram bin is split in this many windows to find the peak: the busiest window is
    /// 1/10 000 of the time axis, fine enough to tell a synchronized spike (every client in the
    /// same instant) from a spread one.
    pub const PEAK_WINDOWS_PER_BIN: usize = 100;
}

/// A parameter that failed validation: which one, what it was, what is allowed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("`{arg}` is {value}, but {allowed}")]
pub struct ParamError {
    /// The argument's name as the user writes it (`factor`, `cap`, ...).
    pub arg: &'static str,
    /// The offending value, as text.
    pub value: String,
    /// What would have been accepted.
    pub allowed: String,
}

impl ParamError {
    fn new(arg: &'static str, value: impl fmt::Display, allowed: impl Into<String>) -> Self {
        ParamError {
            arg,
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }
}

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
                "base",
                self.base,
                "it must be a duration greater than zero, e.g. `100ms`",
            ));
        }
        if !self.factor.is_finite() || self.factor < 1.0 {
            return Err(ParamError::new(
                "factor",
                self.factor,
                "it must be a finite number ≥ 1 (1 keeps the delay constant, 2 doubles it)",
            ));
        }
        if let Some(cap) = self.cap {
            if cap < self.base {
                return Err(ParamError::new(
                    "cap",
                    cap,
                    format!("it must be at least `base` ({}), or `none`", self.base),
                ));
            }
        }
        if !(1..=limits::MAX_ATTEMPTS).contains(&self.attempts) {
            return Err(ParamError::new(
                "attempts",
                self.attempts,
                format!(
                    "it must be a whole number from 1 to {}",
                    limits::MAX_ATTEMPTS
                ),
            ));
        }
        if !(1..=limits::MAX_CLIENTS).contains(&self.clients) {
            return Err(ParamError::new(
                "clients",
                self.clients,
                format!(
                    "it must be a whole number from 1 to {}",
                    limits::MAX_CLIENTS
                ),
            ));
        }
        if self.strategies.is_empty() {
            return Err(ParamError::new(
                "jitter",
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
                    "attempts",
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
                "attempts",
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
            factor: 2.0,
            cap: None,
            attempts: 8,
            strategies: Strategy::ALL.to_vec(),
            seed: 7,
            clients: limits::DEFAULT_CLIENTS,
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

    fn capped(&self, ms: f64) -> f64 {
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
    fn client_waits(
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

/// A uniform draw in `[0, 1)`: the top 53 bits of one `next_u64` (SPEC §2).
pub fn unit_draw(rng: &mut ChaCha8Rng) -> f64 {
    unit(rng.next_u64())
}

/// The `[0, 1)` value of one `next_u64`: see [`unit_draw`].
#[inline]
fn unit(x: u64) -> f64 {
    (x >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The generator of `client` under `strategy` for `seed` (SPEC §2).
pub fn client_rng(seed: u64, strategy: Strategy, client: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(strategy.stream(client));
    rng
}

/// One strategy's wait for one attempt: its range and client 0's seeded sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// Shortest possible wait.
    pub min: Delay,
    /// Longest possible wait.
    pub max: Delay,
    /// The wait client 0 draws with this seed.
    pub sample: Delay,
}

/// One attempt of a schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based attempt number.
    pub attempt: u32,
    /// `min(cap, base × factorⁿ⁻¹)`.
    pub nominal: Delay,
    cells: [Cell; 4],
}

impl Row {
    /// This attempt under `strategy`.
    pub fn cell(&self, strategy: Strategy) -> Cell {
        self.cells[strategy.index()]
    }
}

/// Sums over a schedule for one strategy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Totals {
    /// Σ min: the shortest a client can wait in all.
    pub best: Delay,
    /// Σ max: the longest a client can wait before giving up.
    pub worst: Delay,
    /// Expected total wait. Exact for none/full/equal; see [`Totals::mean_is_estimate`].
    pub mean: Delay,
    /// `true` for decorrelated, whose mean is estimated from the fleet simulation.
    pub mean_is_estimate: bool,
    /// Σ of client 0's samples.
    pub sample: Delay,
}

/// Where one strategy's retries land over time, for the whole fleet.
#[derive(Clone, Debug, PartialEq)]
pub struct FleetStrategy {
    /// Retries per bin (`limits::FLEET_BINS` bins of [`Fleet::bin`] each).
    pub histogram: Vec<u32>,
    /// Share of all retries that land in the busiest window (1/10 000 of the axis), in `[0, 1]`.
    pub peak_share: f64,
    /// Mean total wait per client.
    pub mean_total: Delay,
}

/// The thundering-herd picture of SPEC §3.
#[derive(Clone, Debug, PartialEq)]
pub struct Fleet {
    /// Number of clients simulated.
    pub clients: u32,
    /// The common time axis: the longest worst-case total among the strategies shown.
    pub horizon: Delay,
    /// Width of one histogram bin.
    pub bin: Delay,
    per_strategy: [Option<FleetStrategy>; 4],
}

impl Fleet {
    /// The simulation of `strategy`, if it was asked for.
    pub fn strategy(&self, strategy: Strategy) -> Option<&FleetStrategy> {
        self.per_strategy[strategy.index()].as_ref()
    }

    /// Simulates `params.clients()` clients for every strategy in `params`.
    /// Independent of the thread count: clients are summed in fixed chunks, in order.
    pub fn simulate(params: &Params) -> Fleet {
        let mut fleet = Fleet::axis(params);
        for &strategy in params.strategies() {
            fleet.per_strategy[strategy.index()] =
                Some(simulate_strategy(params, strategy, fleet.bin.as_ms(), true));
        }
        fleet
    }

    /// The time axis of `params`' fleet, without simulating anyone.
    fn axis(params: &Params) -> Fleet {
        let horizon = params
            .strategies()
            .iter()
            .map(|&s| params.ranges_ms(s).iter().map(|r| r.1).sum::<f64>())
            .fold(0.0, f64::max);
        Fleet {
            clients: params.clients(),
            horizon: Delay(horizon),
            bin: Delay(horizon / limits::FLEET_BINS as f64),
            per_strategy: Default::default(),
        }
    }
}

/// Clients per work unit. Fixed, so the float sums do not depend on the thread count.
const CHUNK: u32 = 1024;

/// Simulates one strategy's fleet. Without `histogram` only the clients' mean total wait is
/// computed (the same float operations in the same order, so the same value).
fn simulate_strategy(
    params: &Params,
    strategy: Strategy,
    bin: f64,
    histogram: bool,
) -> FleetStrategy {
    let ranges = params.ranges_ms(strategy);
    let keystreams = Keystreams::new(params.seed());
    let base = params.base().as_ms();
    // `x.min(∞) == x` for every finite x, so this is `Params::capped` without the branch.
    let cap = params.cap().map_or(f64::INFINITY, Delay::as_ms);
    let walk = Walk {
        keystreams: &keystreams,
        strategy,
        attempts: ranges.len(),
        base,
        window: bin / limits::PEAK_WINDOWS_PER_BIN as f64,
    };
    // The same arithmetic as `Params::client_waits`, fused with the histogram (see `Walk`).
    // Counts are integers, so each worker keeps one histogram for all the chunks it runs; the
    // float totals are kept per chunk and added in chunk order afterwards, so the sum is the same
    // whatever the thread count.
    let (counts, mut totals) = (0..params.clients().div_ceil(CHUNK))
        .into_par_iter()
        .fold(
            || (Counts::new(histogram), Vec::new()),
            |(mut counts, mut totals), chunk| {
                let first = chunk * CHUNK;
                let last = (first + CHUNK).min(params.clients());
                let total = match strategy {
                    Strategy::None => {
                        // No jitter: every client waits the same, so count one client's
                        // windows `last - first` times; the total is still summed per client.
                        let mut t = 0.0;
                        for &(d, _) in &ranges {
                            t += d;
                            counts.add(t, walk.window, last - first);
                        }
                        let mut total = 0.0;
                        for _ in first..last {
                            total += t;
                        }
                        total
                    }
                    Strategy::Full | Strategy::Equal => {
                        let wait = |k: usize, u: f64, _: f64| {
                            let (lo, hi) = ranges[k];
                            lo + u * (hi - lo)
                        };
                        walk.clients_in_lanes(first..last, &mut counts, wait)
                    }
                    Strategy::Decorrelated => {
                        let wait =
                            |_: usize, u: f64, s: f64| (base + u * (3.0 * s - base)).min(cap);
                        walk.clients_in_lanes(first..last, &mut counts, wait)
                    }
                };
                totals.push((chunk, total));
                (counts, totals)
            },
        )
        .reduce(
            || (Counts::new(false), Vec::new()),
            |(a, mut ta), (b, tb)| {
                ta.extend(tb);
                (a.merge(b), ta)
            },
        );
    totals.sort_by_key(|&(chunk, _)| chunk);
    let total = totals.iter().fold(0.0, |acc, &(_, t)| acc + t);
    let counts = counts.0;
    let histogram = counts
        .chunks(limits::PEAK_WINDOWS_PER_BIN)
        .map(|w| w.iter().sum())
        .collect();
    let retries = f64::from(params.clients()) * f64::from(params.attempts());
    let peak = counts.iter().copied().max().unwrap_or(0);
    FleetStrategy {
        histogram,
        peak_share: f64::from(peak) / retries,
        mean_total: Delay(total / f64::from(params.clients())),
    }
}

/// Windows of the fleet's time axis (histogram bins × peak windows per bin).
const WINDOWS: usize = limits::FLEET_BINS * limits::PEAK_WINDOWS_PER_BIN;

/// Window counts of one worker's clients; empty (and counting nothing) without a histogram.
struct Counts(Vec<u32>);

impl Counts {
    fn new(enabled: bool) -> Counts {
        Counts(if enabled {
            vec![0; WINDOWS]
        } else {
            Vec::new()
        })
    }
    /// Counts `n` retries at time `t`.
    #[inline]
    fn add(&mut self, t: f64, window: f64, n: u32) {
        if !self.0.is_empty() {
            self.0[window_index(t, window)] += n;
        }
    }
    /// Counts one retry at each of the first `n` times of `times`.
    #[inline]
    fn add_lanes(&mut self, times: &[f64; LANES], n: usize, window: f64) {
        if !self.0.is_empty() {
            // All lanes at once (the divisions vectorize), then the counts one by one.
            let windows = times.map(|t| window_index(t, window));
            for &i in &windows[..n] {
                self.0[i] += 1;
            }
        }
    }
    /// Adds another worker's counts (an empty one adds nothing).
    fn merge(mut self, other: Counts) -> Counts {
        if self.0.is_empty() {
            return other;
        }
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
        self
    }
}

/// The window of retry time `t`: `⌊t / window⌋`, the last one for anything beyond.
#[inline]
fn window_index(t: f64, window: f64) -> usize {
    if window > 0.0 {
        // Clamping before the conversion gives the same index as clamping after it (`as` rounds
        // toward zero and takes NaN to 0), and the clamped value fits an `i32`, which converts
        // with fewer instructions than a `usize`.
        (t / window).clamp(0.0, (WINDOWS - 1) as f64) as i32 as usize
    } else {
        0
    }
}

/// What every client of one strategy's fleet shares.
struct Walk<'a> {
    keystreams: &'a Keystreams,
    strategy: Strategy,
    attempts: usize,
    base: f64,
    window: f64,
}

impl Walk<'_> {
    /// Simulates `clients` [`LANES`] at a time: their streams are generated together, and the
    /// CPU overlaps their independent chains of float operations. `wait(k, u, previous)` is
    /// attempt `k`'s wait from the draw `u` and the previous wait (`base` before the first).
    /// Counts every retry time into `counts` and returns the sum of the clients' total waits,
    /// added in client order.
    fn clients_in_lanes(
        &self,
        clients: std::ops::Range<u32>,
        counts: &mut Counts,
        wait: impl Fn(usize, f64, f64) -> f64,
    ) -> f64 {
        let (base, window) = (self.base, self.window);
        let mut draws = [[0.0; LANES]; limits::MAX_ATTEMPTS as usize];
        let draws = &mut draws[..self.attempts];
        let mut total = 0.0;
        for first in clients.clone().step_by(LANES) {
            // The last group may be short; its extra lanes are computed and ignored.
            let lanes = (clients.end - first).min(LANES as u32) as usize;
            self.keystreams.units(self.strategy.stream(first), draws);
            let (mut t, mut s) = ([0.0; LANES], [base; LANES]);
            for (k, draws) in draws.iter().enumerate() {
                for lane in 0..LANES {
                    s[lane] = wait(k, draws[lane], s[lane]);
                    t[lane] += s[lane];
                }
                counts.add_lanes(&t, lanes, window);
            }
            for &t in &t[..lanes] {
                total += t;
            }
        }
        total
    }
}

/// A computed schedule: one [`Row`] per attempt, [`Totals`] and the [`Fleet`] simulation.
#[derive(Clone, Debug)]
pub struct Schedule {
    params: Params,
    rows: Vec<Row>,
    totals: [Totals; 4],
    fleet: Fleet,
    /// Decorrelated's estimated mean total. Simulated when the fleet is, or when decorrelated is
    /// one of the strategies shown; otherwise only if [`Schedule::totals`] asks for it.
    decorrelated_mean: std::sync::OnceLock<f64>,
}

/// Equal parameters give equal schedules: the lazily estimated mean is a function of them, so
/// whether it was computed yet does not count.
impl PartialEq for Schedule {
    fn eq(&self, other: &Schedule) -> bool {
        self.params == other.params
            && self.rows == other.rows
            && self.totals == other.totals
            && self.fleet == other.fleet
    }
}

impl Schedule {
    /// Computes rows, totals and the fleet simulation for `params`.
    pub fn compute(params: &Params) -> Schedule {
        Schedule::compute_with(params, true)
    }

    /// Rows and totals only: [`Schedule::fleet`] has the time axis but no strategy's histogram
    /// (decorrelated's mean is still estimated from the clients). What tables need, far cheaper.
    pub fn compute_without_fleet(params: &Params) -> Schedule {
        Schedule::compute_with(params, false)
    }

    fn compute_with(params: &Params, fleet: bool) -> Schedule {
        let nominal = params.nominal_ms();
        let ranges: [Vec<(f64, f64)>; 4] = Strategy::ALL.map(|s| params.ranges_ms(s));
        let samples: [Vec<f64>; 4] = Strategy::ALL.map(|s| {
            let mut rng = client_rng(params.seed(), s, 0);
            let mut out = Vec::new();
            params.client_waits(s, &mut rng, &ranges[s.index()], &mut out);
            out
        });
        let rows = (0..params.attempts() as usize)
            .map(|i| Row {
                attempt: i as u32 + 1,
                nominal: Delay(nominal[i]),
                cells: Strategy::ALL.map(|s| {
                    let (lo, hi) = ranges[s.index()][i];
                    Cell {
                        min: Delay(lo),
                        max: Delay(hi),
                        sample: Delay(samples[s.index()][i]),
                    }
                }),
            })
            .collect();
        let fleet = if fleet {
            Fleet::simulate(params)
        } else {
            Fleet::axis(params)
        };
        let totals = Strategy::ALL.map(|s| {
            let r = &ranges[s.index()];
            let best = r.iter().map(|x| x.0).sum::<f64>();
            let worst = r.iter().map(|x| x.1).sum::<f64>();
            let sample = samples[s.index()].iter().sum::<f64>();
            let (mean, mean_is_estimate) = match s {
                // Filled in by `Schedule::totals` from `decorrelated_mean`.
                Strategy::Decorrelated => (0.0, true),
                _ => (r.iter().map(|x| (x.0 + x.1) / 2.0).sum::<f64>(), false),
            };
            Totals {
                best: Delay(best),
                worst: Delay(worst),
                mean: Delay(mean),
                mean_is_estimate,
                sample: Delay(sample),
            }
        });
        let decorrelated_mean = std::sync::OnceLock::new();
        if let Some(f) = fleet.strategy(Strategy::Decorrelated) {
            let _ = decorrelated_mean.set(f.mean_total.as_ms());
        }
        let schedule = Schedule {
            params: params.clone(),
            rows,
            totals,
            fleet,
            decorrelated_mean,
        };
        if params.strategies().contains(&Strategy::Decorrelated) {
            schedule.decorrelated_mean();
        }
        schedule
    }

    /// Decorrelated's mean total wait, estimated from the clients (SPEC §1): only the clients'
    /// totals are needed, not the histograms.
    fn decorrelated_mean(&self) -> f64 {
        *self.decorrelated_mean.get_or_init(|| {
            simulate_strategy(
                &self.params,
                Strategy::Decorrelated,
                self.fleet.bin.as_ms(),
                false,
            )
            .mean_total
            .as_ms()
        })
    }

    /// The parameters this schedule was computed from.
    pub fn params(&self) -> &Params {
        &self.params
    }
    /// One row per attempt.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
    /// Sums for `strategy`.
    pub fn totals(&self, strategy: Strategy) -> Totals {
        let mut totals = self.totals[strategy.index()];
        if strategy == Strategy::Decorrelated {
            totals.mean = Delay(self.decorrelated_mean());
        }
        totals
    }
    /// The fleet simulation.
    pub fn fleet(&self) -> &Fleet {
        &self.fleet
    }
}

/// The nominal delay of attempt `n` (1-based) without computing a whole schedule.
pub fn nominal_delay(params: &Params, n: u32) -> Option<Delay> {
    params
        .nominal_ms()
        .get(n.checked_sub(1)? as usize)
        .map(|&d| Delay(d))
}

/// The SPEC §1 vectors and the ChaCha golden value are checked in `tests/engine_spec.rs`; these
/// are the engine's own invariants.
#[cfg(test)]
mod tests {
    use super::*;

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    #[test]
    fn decorrelated_mean_is_the_same_when_estimated_lazily() {
        let builder = || Params::builder(ms(100.0)).cap(Some(ms(30_000.0))).seed(11);
        let all = builder().build().unwrap();
        let only_none = builder().strategies(vec![Strategy::None]).build().unwrap();
        let shown = Schedule::compute_without_fleet(&all);
        assert!(shown.decorrelated_mean.get().is_some(), "shown: simulated");
        let not_shown = Schedule::compute_without_fleet(&only_none);
        assert!(
            not_shown.decorrelated_mean.get().is_none(),
            "not shown: not yet"
        );
        let eager = shown.totals(Strategy::Decorrelated);
        let with_fleet = Schedule::compute(&all).totals(Strategy::Decorrelated);
        let lazy = not_shown.totals(Strategy::Decorrelated);
        assert!(eager.mean.as_ms() > 0.0 && eager.mean_is_estimate);
        assert_eq!(eager, with_fleet);
        assert_eq!(eager, lazy);
    }

    #[test]
    fn validation_names_argument_and_range() {
        let e = Params::builder(ms(100.0)).factor(0.5).build().unwrap_err();
        assert_eq!(e.arg, "factor");
        let e = Params::builder(ms(100.0))
            .cap(Some(ms(50.0)))
            .build()
            .unwrap_err();
        assert_eq!(e.arg, "cap");
        assert_eq!(
            e.to_string(),
            "`cap` is 50ms, but it must be at least `base` (100ms), or `none`"
        );
        for a in [0, 101] {
            let e = Params::builder(ms(100.0)).attempts(a).build().unwrap_err();
            assert_eq!(e.arg, "attempts");
        }
        let e = Params::builder(Delay::ZERO).build().unwrap_err();
        assert_eq!(e.arg, "base");
        let e = Params::builder(ms(100.0))
            .factor(f64::NAN)
            .build()
            .unwrap_err();
        assert_eq!(e.arg, "factor");
        let e = Params::builder(ms(100.0))
            .factor(1e10)
            .attempts(100)
            .build()
            .unwrap_err();
        assert_eq!(e.arg, "attempts");
        assert!(e.to_string().contains("overflows"), "{e}");
        // Every delay and total is finite, but the means would add up past f64::MAX.
        let huge = Params::builder(ms(100_000.0)).factor(1e10).attempts(31);
        let e = huge.clone().build().unwrap_err();
        assert_eq!(e.arg, "attempts");
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
        assert_eq!(e.arg, "clients");
    }

    #[test]
    fn delay_parse() {
        assert_eq!(Delay::parse("100ms").unwrap().as_ms(), 100.0);
        assert_eq!(Delay::parse("1.5s").unwrap().as_ms(), 1500.0);
        assert_eq!(Delay::parse("2m").unwrap().as_ms(), 120_000.0);
        assert_eq!(Delay::parse("1h").unwrap().as_ms(), 3_600_000.0);
        assert_eq!(Delay::parse("100"), Err(DelayParseError::MissingUnit));
        assert!(matches!(
            Delay::parse("3sec"),
            Err(DelayParseError::UnknownUnit(_))
        ));
        assert_eq!(Delay::parse("-1s"), Err(DelayParseError::OutOfRange));
        assert_eq!(Delay::parse("30s").unwrap().to_string(), "30s");
        assert_eq!(Delay::parse("250ms").unwrap().to_string(), "250ms");
        assert_eq!(Delay::parse("1.5s").unwrap().to_string(), "1500ms");
    }

    /// Every client's waits drawn from its own `rand_chacha` generator, one client after the
    /// other, summed per chunk: what `simulate_strategy` must reproduce bit for bit, here with
    /// several chunks, a short last group of lanes and draws from two ChaCha blocks.
    #[test]
    fn fleet_matches_one_generator_per_client() {
        let p = Params::builder(ms(100.0))
            .cap(Some(ms(20_000.0)))
            .attempts(11)
            .seed(2026)
            .clients(2 * CHUNK + 13)
            .build()
            .unwrap();
        let fleet = Fleet::simulate(&p);
        let window = fleet.bin.as_ms() / limits::PEAK_WINDOWS_PER_BIN as f64;
        for strategy in Strategy::ALL {
            let ranges = p.ranges_ms(strategy);
            let mut counts = vec![0u32; WINDOWS];
            let (mut total, mut chunk_total) = (0.0, 0.0);
            let mut waits = Vec::new();
            for client in 0..p.clients() {
                let mut rng = client_rng(p.seed(), strategy, client);
                p.client_waits(strategy, &mut rng, &ranges, &mut waits);
                let mut t = 0.0;
                for w in &waits {
                    t += w;
                    counts[window_index(t, window)] += 1;
                }
                chunk_total += t;
                if (client + 1) % CHUNK == 0 || client + 1 == p.clients() {
                    total += chunk_total;
                    chunk_total = 0.0;
                }
            }
            let histogram: Vec<u32> = counts
                .chunks(limits::PEAK_WINDOWS_PER_BIN)
                .map(|w| w.iter().sum())
                .collect();
            let simulated = fleet.strategy(strategy).unwrap();
            assert_eq!(simulated.histogram, histogram, "{strategy}");
            let mean = total / f64::from(p.clients());
            assert_eq!(
                simulated.mean_total.as_ms().to_bits(),
                mean.to_bits(),
                "{strategy}"
            );
        }
    }

    #[test]
    fn fleet_is_independent_of_thread_count() {
        let p = Params::builder(ms(100.0))
            .cap(Some(ms(30_000.0)))
            .clients(5_000)
            .build()
            .unwrap();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| Fleet::simulate(&p));
        let four = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap()
            .install(|| Fleet::simulate(&p));
        assert_eq!(one, four);
        let none = one.strategy(Strategy::None).unwrap();
        assert_eq!(none.histogram.iter().sum::<u32>(), 5_000 * 8);
    }
}
