//! Stage 1b — library models (SPEC §6): what a real retry library, configured as closely as it
//! allows, does with the user's `base`, `factor`, `cap` and `attempts`.
//!
//! Pure, like [`crate::backoff`]: no I/O, no HTML. One file per library holds its formula, read
//! from the library's own source at the pinned version ([`Model::source`]), its configuration in
//! the library's own names, its notes (everything it cannot represent, in English and Turkish),
//! and a snippet in its language.
//!
//! Every model takes one uniform draw per retry (SPEC §2's `u`), from the stream
//! `(16 + i) × 2³² + client`, `i` the library's index in [`Library::ALL`]. Per retry:
//!
//! - `min_ms` is the shortest delay the library's arithmetic produces (at `u = 0`);
//! - `max_ms` is the least upper bound: for delays in whole units (ns, ticks, ms) the largest one
//!   the arithmetic produces with the largest draw below 1; for continuous ones (Python floats)
//!   the supremum, which is approached but not reached;
//! - `sample_ms` is client 0's delay.
//!
//! Totals: best = Σ min, worst = Σ max, mean = Σ per-retry means where they have a closed form
//! (uniform draws, truncated or rounded to whole units: `mean_floor`); otherwise (Polly) the
//! mean of a seeded simulation of [`SIMULATED_CLIENTS`] clients, marked as an estimate.
//!
//! Libraries compute `x · factor^n` with `pow`; sade multiplies repeatedly (SPEC §1), so both sides
//! of the browser get the same bits. The two agree to a few units in the last place, which moves
//! no delay by more than a nanosecond; the real-library tests allow for that.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;

use crate::backoff::chacha::{Keystreams, LANES};
use crate::backoff::{unit_draw, Params};
use math::{js_round, mean_floor, mean_min_floor, to_ns};

mod aws_sdk;
mod axios_retry;
mod backon;
mod cenkalti;
mod exponential_backoff;
mod go_retryablehttp;
mod google_api_core;
mod got;
mod grpc;
mod grpc_core;
mod herd;
mod library;
mod math;
mod p_retry;
mod polly;
mod python_backoff;
pub mod report;
mod resilience4j;
mod shared;
mod snippet;
mod stamina;
mod tenacity;
mod urllib3;

pub use herd::{herd, Herd, HerdLine};
pub use library::{parse_list, Group, Library, UnknownLibrary};

/// A plain-language remark, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// English.
    pub en: String,
    /// Turkish.
    pub tr: String,
}

impl Note {
    fn new(en: impl Into<String>, tr: impl Into<String>) -> Note {
        Note {
            en: en.into(),
            tr: tr.into(),
        }
    }

    /// The text in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> &str {
        match lang {
            crate::i18n::Lang::Tr => &self.tr,
            crate::i18n::Lang::En => &self.en,
        }
    }
}

/// One retry of a model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LibRow {
    /// 1-based retry number.
    pub attempt: u32,
    /// Shortest delay.
    pub min_ms: f64,
    /// Least upper bound of the delay (see the module docs).
    pub max_ms: f64,
    /// Client 0's delay with this seed.
    pub sample_ms: f64,
}

/// Sums over a model's retries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LibTotals {
    /// Σ min.
    pub best_ms: f64,
    /// Σ max.
    pub worst_ms: f64,
    /// Expected total wait.
    pub mean_ms: f64,
    /// `true` when the mean comes from a simulation, not a formula.
    pub mean_is_estimate: bool,
}

/// Code or configuration that sets these numbers in the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snippet {
    /// The language, as a code-fence info string (`go`, `python`, `javascript`, ...).
    pub language: &'static str,
    /// The code.
    pub code: String,
}

/// The distribution of one retry's delay, in the library's own unit, for statistical checks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dist {
    /// Uniform on `[lo, hi)` (a point when `lo == hi`).
    Uniform {
        /// Lower end.
        lo: f64,
        /// Upper end.
        hi: f64,
    },
    /// `min(max(floor, ⌊X⌋), cap)` with `X` uniform on `[lo, hi)`: whole units.
    Floor {
        /// Lower end of `X`.
        lo: f64,
        /// Upper end of `X`.
        hi: f64,
        /// Smallest value (`max(1, ·)` in resilience4j; 0 elsewhere).
        floor: f64,
        /// Largest value (`f64::INFINITY` for none).
        cap: f64,
    },
    /// `min(X, cap)` with `X` uniform on `[lo, hi)`: a continuous part and, when `cap < hi`, an
    /// atom at `cap`.
    Capped {
        /// Lower end of `X`.
        lo: f64,
        /// Upper end of `X`.
        hi: f64,
        /// The cap.
        cap: f64,
    },
}

impl Dist {
    /// `(P(D < x), P(D ≤ x))`.
    pub fn cdf(&self, x: f64) -> (f64, f64) {
        let share = |v: f64, lo: f64, hi: f64| {
            if hi <= lo {
                if v >= lo {
                    1.0
                } else {
                    0.0
                }
            } else {
                ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
            }
        };
        match *self {
            Dist::Uniform { lo, hi } => {
                if hi <= lo {
                    (if x > lo { 1.0 } else { 0.0 }, share(x, lo, hi))
                } else {
                    let p = share(x, lo, hi);
                    (p, p)
                }
            }
            Dist::Floor { lo, hi, floor, cap } => {
                let below = if x > cap {
                    1.0
                } else if x <= floor {
                    0.0
                } else {
                    // ⌊X⌋ < x ⇔ X < ⌈x⌉
                    share(x.ceil(), lo, hi)
                };
                let at_most = if x >= cap {
                    1.0
                } else if x < floor {
                    0.0
                } else {
                    // ⌊X⌋ ≤ x ⇔ X < ⌊x⌋ + 1
                    share(x.floor() + 1.0, lo, hi)
                };
                (below, at_most)
            }
            Dist::Capped { lo, hi, cap } => {
                let p = share(x, lo, hi);
                if x < cap {
                    (p, p)
                } else if x == cap {
                    (p, 1.0)
                } else {
                    (1.0, 1.0)
                }
            }
        }
    }
}

/// A library's answer for the user's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// Which library.
    pub library: Library,
    /// The version the formula was read from and checked against.
    pub version: &'static str,
    /// The file of the formula at the pinned tag.
    pub source: &'static str,
    /// The settings given to the library, in its own names, in the snippet's order.
    pub config: Vec<(&'static str, Value)>,
    /// Everything the library cannot represent or changes.
    pub notes: Vec<Note>,
    /// One row per retry the library really makes.
    pub rows: Vec<LibRow>,
    /// Sums.
    pub totals: LibTotals,
    /// Code that sets these numbers.
    pub snippet: Snippet,
    /// Each retry's distribution in the library's unit (`unit_ms` ms each), where it depends
    /// on that retry's draw alone; `None` for Polly, whose delay takes two draws.
    pub dists: Option<Vec<Dist>>,
    /// Milliseconds per unit of [`Model::dists`] (1e-6 for nanoseconds).
    pub unit_ms: f64,
}

/// The user's numbers, from validated [`Params`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Input {
    /// First wait, ms.
    pub base_ms: f64,
    /// Growth per retry.
    pub factor: f64,
    /// Cap of one wait, ms.
    pub cap_ms: Option<f64>,
    /// Number of retries asked for.
    pub attempts: usize,
    /// Seed of the samples.
    pub seed: u64,
}

impl Input {
    /// The numbers of validated parameters.
    pub fn from_params(params: &Params) -> Input {
        Input {
            base_ms: params.base().as_ms(),
            factor: params.factor(),
            cap_ms: params.cap().map(|c| c.as_ms()),
            attempts: params.attempts() as usize,
            seed: params.seed(),
        }
    }

    /// SPEC §1's nominal delays, ms: d₁ = base, dₙ = min(cap, dₙ₋₁ × factor).
    fn nominal(&self) -> Vec<f64> {
        growth(self.base_ms, self.factor, self.cap_ms, self.attempts)
    }
}

/// `n` values: `start`, then each the previous × `factor`, capped.
fn growth(start: f64, factor: f64, cap: Option<f64>, n: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(n);
    let mut d = start;
    for k in 0..n {
        if k > 0 {
            d *= factor;
        }
        if let Some(c) = cap {
            d = d.min(c);
        }
        out.push(d);
    }
    out
}

/// Clients simulated for an estimated mean.
pub const SIMULATED_CLIENTS: u32 = 10_000;

/// The largest draw below 1 of SPEC §2: `(2⁵³ − 1) × 2⁻⁵³`.
const U_MAX: f64 = 1.0 - 1.0 / 9_007_199_254_740_992.0;

/// What a library module hands back: everything but the rows, which the engine computes from
/// the formula.
struct Plan {
    config: Vec<(&'static str, Value)>,
    notes: Vec<Note>,
    snippet: Snippet,
    formula: Box<dyn Formula>,
    unit_ms: f64,
}

/// A library's arithmetic.
trait Formula {
    /// Retries the library makes.
    fn retries(&self) -> usize;
    /// One client's delays (ms) from its draws, one per retry.
    fn delays(&self, units: &[f64], out: &mut Vec<f64>);
    /// Retry `k`'s (0-based) `(min, max)`, ms.
    fn range(&self, k: usize) -> (f64, f64);
    /// Retry `k`'s mean, ms, if it has a closed form.
    fn mean(&self, k: usize) -> Option<f64>;
    /// Retry `k`'s distribution in the library's unit, if it depends on that draw alone.
    fn dist(&self, k: usize) -> Option<Dist>;
}

/// U(0, dₙ) per retry in floating point, ms: full jitter as Python does it
/// (`random.uniform(0, d)` and `random() * d` both give `d·u`).
struct FullJitter {
    /// dₙ per retry, ms.
    top: Vec<f64>,
}

impl Formula for FullJitter {
    fn retries(&self) -> usize {
        self.top.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(self.top.iter().zip(units).map(|(&d, &u)| u * d));
    }
    fn range(&self, k: usize) -> (f64, f64) {
        (0.0, self.top[k])
    }
    fn mean(&self, k: usize) -> Option<f64> {
        Some(self.top[k] / 2.0)
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        Some(Dist::Uniform {
            lo: 0.0,
            hi: self.top[k],
        })
    }
}

/// The model of `library` for validated `params`.
pub fn model(library: Library, params: &Params) -> Model {
    model_of(library, &Input::from_params(params))
}

/// What `library`'s module makes of `input`.
fn plan(library: Library, input: &Input) -> Plan {
    match library {
        Library::Grpc => grpc::plan(input),
        Library::AwsSdk => aws_sdk::plan(input),
        Library::Tenacity => tenacity::plan(input),
        Library::PythonBackoff => python_backoff::plan(input),
        Library::Cenkalti => cenkalti::plan(input),
        Library::PRetry => p_retry::plan(input),
        Library::ExponentialBackoff => exponential_backoff::plan(input),
        Library::Backon => backon::plan(input),
        Library::Polly => polly::plan(input),
        Library::Resilience4j => resilience4j::plan(input),
        Library::Urllib3 => urllib3::plan(input),
        Library::GoogleApiCore => google_api_core::plan(input),
        Library::Stamina => stamina::plan(input),
        Library::Got => got::plan(input),
        Library::AxiosRetry => axios_retry::plan(input),
        Library::GoRetryablehttp => go_retryablehttp::plan(input),
        Library::GrpcCore => grpc_core::plan(input),
    }
}

/// The model of `library` for `input` (which must satisfy SPEC §1's rules).
pub fn model_of(library: Library, input: &Input) -> Model {
    let plan = plan(library, input);
    let f = plan.formula.as_ref();
    let n = f.retries();
    let mut units = vec![0.0; n];
    let mut sample = Vec::with_capacity(n);
    draws(library, input.seed, 0, &mut units);
    f.delays(&units, &mut sample);
    let rows: Vec<LibRow> = (0..n)
        .map(|k| {
            let (min_ms, max_ms) = f.range(k);
            LibRow {
                attempt: k as u32 + 1,
                min_ms,
                max_ms,
                sample_ms: sample[k],
            }
        })
        .collect();
    let means: Option<Vec<f64>> = (0..n).map(|k| f.mean(k)).collect();
    let (mean_ms, mean_is_estimate) = match means {
        Some(m) => (m.iter().sum(), false),
        None => (simulated_mean(library, input.seed, f), true),
    };
    let totals = LibTotals {
        best_ms: rows.iter().map(|r| r.min_ms).sum(),
        worst_ms: rows.iter().map(|r| r.max_ms).sum(),
        mean_ms,
        mean_is_estimate,
    };
    let dists = (0..n).map(|k| f.dist(k)).collect();
    let (version, source) = library.source();
    Model {
        library,
        version,
        source,
        config: plan.config,
        notes: plan.notes,
        rows,
        totals,
        snippet: plan.snippet,
        dists,
        unit_ms: plan.unit_ms,
    }
}

/// Client `client`'s draws for `library`, one per retry (SPEC §2's `u`).
fn draws(library: Library, seed: u64, client: u32, out: &mut [f64]) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(library.stream(client));
    for u in out {
        *u = unit_draw(&mut rng);
    }
}

/// The mean total wait of [`SIMULATED_CLIENTS`] clients, each client's delays added in order,
/// the clients' totals added in client order.
fn simulated_mean(library: Library, seed: u64, f: &dyn Formula) -> f64 {
    let mut total = 0.0;
    each_client(library, seed, f, SIMULATED_CLIENTS, |delays| {
        let mut t = 0.0;
        for d in delays {
            t += d;
        }
        total += t;
    });
    total / f64::from(SIMULATED_CLIENTS)
}

/// Calls `visit` with the delays of clients `0..clients` of `library`, in client order: each
/// client's draws are [`draws`]', generated [`LANES`] streams at a time.
fn each_client(
    library: Library,
    seed: u64,
    f: &dyn Formula,
    clients: u32,
    mut visit: impl FnMut(&[f64]),
) {
    let n = f.retries();
    let keystreams = Keystreams::new(seed);
    let mut lanes = vec![[0.0; LANES]; n];
    let mut units = vec![0.0; n];
    let mut delays = Vec::with_capacity(n);
    for first in (0..clients).step_by(LANES) {
        keystreams.units(library.stream(first), &mut lanes);
        for lane in 0..LANES.min((clients - first) as usize) {
            for (u, draws) in units.iter_mut().zip(&lanes) {
                *u = draws[lane];
            }
            f.delays(&units, &mut delays);
            visit(&delays);
        }
    }
}

/// "Retry 5 is not made." / "Retries 5–8 are not made."
fn not_made_en(first: usize, last: usize) -> String {
    if first == last {
        format!("Retry {first} is not made.")
    } else {
        format!("Retries {first}–{last} are not made.")
    }
}

/// The same in Turkish.
fn not_made_tr(first: usize, last: usize) -> String {
    if first == last {
        format!("{first}. yeniden deneme yapılmaz.")
    } else {
        format!("{first}–{last}. yeniden denemeler yapılmaz.")
    }
}

#[cfg(test)]
mod tests;
