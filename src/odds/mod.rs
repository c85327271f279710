//! Stage 0, continued — the odds of SPEC §7: what a backoff schedule means for the requests that
//! follow it. Will a request still fail, how many calls does it make, how long does a successful
//! one take, does it fit a deadline, and who meets a service that comes back after an outage?
//!
//! Pure, like [`crate::backoff`]: no I/O, no formatting (that is [`render`]). Everything is a
//! function of a validated [`Params`] and validated [`Inputs`], so the same inputs give the same
//! bits on every machine; `static/js/odds.js` repeats every float operation below in the same
//! order, and `tests/js/odds.test.mjs` checks it against `sade calc --json`.
//!
//! # Definitions
//!
//! Inputs on top of the schedule: `fail` f (the chance that one call fails, `0 ≤ f ≤ 1`),
//! `timeout` τ (how long a failing call takes, default 0), an optional `deadline` D, an optional
//! `outage` O, and `clients` (requests simulated per jittered strategy, default
//! [`DEFAULT_CLIENTS`] = 10 000; the fleet of SPEC §3 keeps its own default of 1 000).
//!
//! - **Calls.** A request makes at most K = attempts + 1 calls: the first, then one retry after
//!   each of the waits w₁…w_attempts.
//! - **Powers.** fᵏ is computed by repeated multiplication, `f⁰ = 1`, `fᵏ = fᵏ⁻¹ × f` (never
//!   `powf`, as for the delays of §1).
//! - **P(success)** = 1 − f^K; the share that still fails is f^K itself (kept as such, so a tiny
//!   failure share does not vanish in `1 − …`).
//! - **Expected calls** (the load multiplier) E = (1 − f^K)/(1 − f), E = K at f = 1. Computed as
//!   the sum 1 + f + f² + … + f^(K−1), added in that order: the same number, exact at the SPEC's
//!   vector (f = 0.5, K = 5 gives 1.9375), K at f = 1 without a special case, and without the
//!   cancellation of `1 − f^K` over `1 − f` when f is close to 1 (at f = 1 − 2⁻⁵², K = 101 the
//!   quotient is off by a quarter; the sum by a few units in the last place).
//! - **Nested layers** ([`nested`]): L layers that each retry the one below up to K times make
//!   up to K^L calls to the bottom service. Layer i's call fails with fᵢ = f^(K^i), so the
//!   request succeeds with 1 − f^(K^L), and by Wald's identity the expected bottom calls are the
//!   product E(f₀)·E(f₁)…E(f_(L−1)).
//! - **Start times.** Call k starts at T_k = (k − 1)·τ + S_(k−1), where S_j = w₁ + … + w_j is
//!   added in order (the retry times of the fleet, §3). A request that succeeds on call k does so
//!   with probability f^(k−1)·(1 − f); "time to success" is T_k, when the successful call starts.
//!   Giving up takes K·τ + S_attempts; the worst case, [`StrategyOdds::give_up_worst_ms`], uses
//!   each wait's maximum: K·τ + Σ max w (the worst-case total of §1).
//! - **`none` is exact** (its waits are fixed). Its quantiles p50/p90/p99 of T among successful
//!   requests are nearest-rank on the distribution conditional on success: the smallest T_k whose
//!   conditional CDF `(1 − f^k) / (1 − f^K)` (computed exactly so) is ≥ q, q being the double
//!   0.5, 0.9 or 0.99. **P(done within D)** = Σ over k with T_k ≤ D of f^(k−1)·(1 − f), computed
//!   as its telescoped form 1 − f^m, m the number of calls with T_k ≤ D: so a deadline that every
//!   call meets gives P(success) to the bit. "Done" means succeeded: giving up is not done.
//! - **Jittered strategies** are simulated: request c's waits are §2's (stream
//!   `strategy × 2³² + c`, the very waits of the table's sample column and the fleet), and its
//!   call j fails when u_j < f, u_j the j-th draw of stream `(4 + strategy) × 2³² + c`. Draw j
//!   belongs to call j whether or not the calls after a success are made, so "draw only for calls
//!   made" and "draw for all K" are the same thing. Quantiles are nearest-rank over the
//!   successful requests: sorted T, index ⌈q·n⌉ − 1, with ⌈q·n⌉ computed in integers from q in
//!   thousandths (`(500 | 900 | 990) × n`, rounded up, over 1000), never as a float product.
//!   P(done within D) is the share of *all* simulated requests that succeeded with T ≤ D.
//! - **Deadline fit** ([`fit_attempts`], [`fit_base_ms`]), per strategy: the largest `attempts` a in 0..=100 whose worst
//!   case (a + 1)·τ + Σ_(n ≤ a) max wₙ is ≤ D (0 = the first call alone fits, no retry does;
//!   `None` when not even one call's τ fits); and the largest `base`, in whole milliseconds from
//!   1 ms, for which the worst case with the given factor, cap and attempts is ≤ D. The base may
//!   not pass the cap (SPEC §1 requires cap ≥ base); `None` when even 1 ms does not fit.
//! - **Outage** ([`Outage`]): every call that starts before O fails, every call that starts at or
//!   after O succeeds (f is not used). A request gives up before O when all K calls start before
//!   O. For the others, the delay after O is T_k − O of their first call with T_k ≥ O; reported
//!   are the share that gives up, the nearest-rank p50 and p99 of that delay, and the share of
//!   them whose delay is < 100 ms (the herd that meets the recovering service). `none` is exact:
//!   every request is the same.
//!
//! Every input is validated: `fail` outside [0, 1] or not a number, `clients` outside
//! 1..=100 000, `layers` outside 1..=10, and a timeout so long that K·τ plus the waits overflows
//! are refused with a [`ParamError`](crate::backoff::ParamError) naming the argument and the allowed range.

use crate::backoff::{Params, Strategy};

mod fit;
mod inputs;
pub mod render;
mod simulate;

pub use fit::{fit_attempts, fit_base_ms};
pub use inputs::{parse_fail, Inputs, InputsBuilder, InputsKey, FAIL_ALLOWED};
pub use render::{render_json, render_text};

/// Requests simulated per jittered strategy when none is given (SPEC §7). The fleet of SPEC §3
/// keeps its own default, [`crate::backoff::defaults::CLIENTS`].
pub const DEFAULT_CLIENTS: u32 = 10_000;

/// Most nested layers [`nested`] accepts.
pub use crate::backoff::limits::MAX_LAYERS;

/// The shares of the quantiles reported, in thousandths: p50, p90, p99.
pub const QUANTILES: [u32; 3] = [500, 900, 990];

/// The window after the recovery in which a call counts as meeting the recovering service.
pub const FIRST_WINDOW_MS: f64 = 100.0;

/// `f⁰ … f^K` by repeated multiplication.
pub fn powers(f: f64, calls: u32) -> Vec<f64> {
    let mut out = Vec::with_capacity(calls as usize + 1);
    let mut p = 1.0;
    out.push(p);
    for _ in 0..calls {
        p *= f;
        out.push(p);
    }
    out
}

/// Expected calls of a request that makes at most `calls` calls, each failing with `f`:
/// 1 + f + … + f^(calls − 1), added in that order (see the module docs).
pub fn expected_calls(f: f64, calls: u32) -> f64 {
    let (mut sum, mut p) = (0.0, 1.0);
    for _ in 0..calls {
        sum += p;
        p *= f;
    }
    sum
}

/// What `layers` nested layers of retries, each making at most `calls` calls, add up to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Nested {
    /// Number of layers.
    pub layers: u32,
    /// Calls the bottom service can get from one top-level request: calls^layers.
    pub max_calls: f64,
    /// Expected calls to the bottom service per top-level request.
    pub expected_calls: f64,
    /// Chance that the top-level request succeeds: 1 − f^(calls^layers).
    pub p_success: f64,
}

/// Nested layers (module docs): layer i's call fails with fᵢ, f₀ = f, fᵢ₊₁ = fᵢ^calls.
pub fn nested(calls: u32, f: f64, layers: u32) -> Nested {
    let (mut fi, mut expected, mut max_calls) = (f, 1.0, 1.0);
    for _ in 0..layers {
        expected *= expected_calls(fi, calls);
        max_calls *= f64::from(calls);
        fi = powers(fi, calls)[calls as usize];
    }
    Nested {
        layers,
        max_calls,
        expected_calls: expected,
        p_success: 1.0 - fi,
    }
}

/// Σ max w of `strategy` over the schedule's attempts: the worst-case total of §1, added in
/// attempt order (the same bits as [`crate::backoff::Totals::worst`]).
pub(crate) fn worst_waits_ms(params: &Params, strategy: Strategy) -> f64 {
    params.ranges_ms(strategy).iter().map(|r| r.1).sum()
}

/// The odds of one strategy. Fields are `None` when their input was not given.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategyOdds {
    /// Exact (`none`) rather than simulated.
    pub exact: bool,
    /// Time to success at p50, p90, p99 (with `fail`); `None` inside when no request succeeds.
    pub success_ms: Option<[Option<f64>; 3]>,
    /// P(done within the deadline) (with `fail` and `deadline`).
    pub p_within_deadline: Option<f64>,
    /// K·τ + Σ max w: the longest a request can take before giving up.
    pub give_up_worst_ms: f64,
    /// The largest `attempts` that fits the deadline (with `deadline`); inner `None` when not
    /// even the first call's τ fits.
    pub fit_attempts: Option<Option<u32>>,
    /// The largest whole-millisecond `base` that fits the deadline (with `deadline`); inner
    /// `None` when even 1 ms does not.
    pub fit_base_ms: Option<Option<f64>>,
    /// The outage view (with `outage`).
    pub outage: Option<Outage>,
}

/// Who meets the service when it comes back at O (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Outage {
    /// Share of requests whose K calls all start before O.
    pub give_up_share: f64,
    /// Delay after O by which 50 % of the others have succeeded; `None` when all give up.
    pub p50_ms: Option<f64>,
    /// … 99 %.
    pub p99_ms: Option<f64>,
    /// Share of the others whose successful call starts within 100 ms after O.
    pub first_window_share: Option<f64>,
    /// Every request that waits it out, its delay after O, sorted (what charts draw).
    pub delays_ms: Vec<f64>,
}

/// The odds of SPEC §7 for a schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    inputs: Inputs,
    /// K = attempts + 1.
    pub calls: u32,
    /// 1 − f^K (with `fail`).
    pub p_success: Option<f64>,
    /// f^K (with `fail`).
    pub p_fail: Option<f64>,
    /// The load multiplier E (with `fail`).
    pub expected_calls: Option<f64>,
    /// Nested layers (with `layers`).
    pub nested: Option<Nested>,
    per_strategy: [Option<StrategyOdds>; 4],
}

impl Odds {
    /// Computes the odds of every strategy in `params`.
    pub fn compute(params: &Params, inputs: &Inputs) -> Odds {
        let calls = params.attempts() + 1;
        let mut per_strategy: [Option<StrategyOdds>; 4] = Default::default();
        let keystreams = crate::backoff::chacha::Keystreams::new(params.seed());
        for &s in params.strategies() {
            per_strategy[s as usize] = Some(strategy_odds(params, inputs, s, &keystreams));
        }
        let fail = inputs.fail;
        let p_fail = fail.map(|f| powers(f, calls)[calls as usize]);
        Odds {
            inputs: inputs.clone(),
            calls,
            p_success: p_fail.map(|p| 1.0 - p),
            p_fail,
            expected_calls: fail.map(|f| expected_calls(f, calls)),
            nested: inputs
                .layers
                .zip(fail)
                .map(|(layers, f)| nested(calls, f, layers)),
            per_strategy,
        }
    }

    /// The inputs these odds were computed for.
    pub fn inputs(&self) -> &Inputs {
        &self.inputs
    }

    /// The odds of `strategy`, if it was asked for.
    pub fn strategy(&self, strategy: Strategy) -> Option<&StrategyOdds> {
        self.per_strategy[strategy as usize].as_ref()
    }
}

/// One strategy's odds: exact for `none`, simulated otherwise.
fn strategy_odds(
    params: &Params,
    inputs: &Inputs,
    strategy: Strategy,
    keystreams: &crate::backoff::chacha::Keystreams,
) -> StrategyOdds {
    let calls = params.attempts() + 1;
    let tau = inputs.timeout.as_ms();
    let give_up_worst_ms = f64::from(calls) * tau + worst_waits_ms(params, strategy);
    let (fit_attempts, fit_base_ms) = match inputs.deadline {
        Some(d) => (
            Some(fit_attempts(params, strategy, tau, d.as_ms())),
            Some(fit_base_ms(params, strategy, tau, d.as_ms())),
        ),
        None => (None, None),
    };
    let (success_ms, p_within_deadline, outage) = if strategy == Strategy::None {
        let starts = none_starts(params, tau);
        let success = inputs.fail.map(|f| exact_success(f, &starts));
        let within = inputs
            .fail
            .zip(inputs.deadline)
            .map(|(f, d)| exact_within(f, &starts, d.as_ms()));
        let outage = inputs
            .outage
            .map(|o| exact_outage(&starts, o.as_ms(), inputs.clients));
        (success, within, outage)
    } else if inputs.fail.is_none() && inputs.outage.is_none() {
        // Only the worst case and the fit were asked for: nothing to simulate.
        (None, None, None)
    } else {
        let sim = simulate::simulate(params, strategy, inputs, keystreams);
        let clients = f64::from(inputs.clients);
        let success = inputs
            .fail
            .map(|_| QUANTILES.map(|q| nearest_rank(&sim.success, q)));
        let within = inputs
            .fail
            .zip(inputs.deadline)
            .map(|_| f64::from(sim.within_deadline) / clients);
        let outage = inputs
            .outage
            .map(|_| outage_of(sim.delays_after, inputs.clients));
        (success, within, outage)
    };
    StrategyOdds {
        exact: strategy == Strategy::None,
        success_ms,
        p_within_deadline,
        give_up_worst_ms,
        fit_attempts,
        fit_base_ms,
        outage,
    }
}

/// The value at nearest rank `per_mille`/1000 of `sorted`: index ⌈q·n⌉ − 1, in integers.
pub fn nearest_rank(sorted: &[f64], per_mille: u32) -> Option<f64> {
    let n = sorted.len() as u64;
    let rank = (u64::from(per_mille) * n).div_ceil(1000).max(1);
    sorted.get(rank as usize - 1).copied()
}

/// `none`'s call start times T₁…T_K: T_k = (k − 1)·τ + S_(k−1).
fn none_starts(params: &Params, tau: f64) -> Vec<f64> {
    let mut starts = Vec::with_capacity(params.attempts() as usize + 1);
    let mut s = 0.0;
    starts.push(0.0 * tau + s);
    for (k, d) in params.nominal_ms().into_iter().enumerate() {
        s += d;
        starts.push((k + 1) as f64 * tau + s);
    }
    starts
}

/// `none`'s p50/p90/p99 of T on the distribution conditional on success (module docs).
fn exact_success(f: f64, starts: &[f64]) -> [Option<f64>; 3] {
    let calls = starts.len() as u32;
    let pow = powers(f, calls);
    let succeeds = 1.0 - pow[calls as usize];
    QUANTILES.map(|per_mille| {
        if succeeds <= 0.0 {
            return None;
        }
        let q = f64::from(per_mille) / 1000.0;
        (1..=calls as usize)
            .find(|&k| (1.0 - pow[k]) / succeeds >= q)
            .map(|k| starts[k - 1])
    })
}

/// `none`'s P(done within D) = 1 − f^m, m the calls that start by D.
fn exact_within(f: f64, starts: &[f64], deadline: f64) -> f64 {
    let m = starts.iter().filter(|&&t| t <= deadline).count();
    1.0 - powers(f, m as u32)[m]
}

/// `none`'s outage: every request alike.
fn exact_outage(starts: &[f64], outage: f64, requests: u32) -> Outage {
    let delays = match starts.iter().find(|&&t| t >= outage) {
        Some(&t) => vec![t - outage; requests as usize],
        None => Vec::new(),
    };
    outage_of(delays, requests)
}

/// The outage figures of the sorted delays after O of the requests that waited it out.
fn outage_of(delays_ms: Vec<f64>, requests: u32) -> Outage {
    let waited = delays_ms.len() as u32;
    let first = delays_ms.partition_point(|&d| d < FIRST_WINDOW_MS) as u32;
    Outage {
        give_up_share: f64::from(requests - waited) / f64::from(requests),
        p50_ms: nearest_rank(&delays_ms, 500),
        p99_ms: nearest_rank(&delays_ms, 990),
        first_window_share: (waited > 0).then(|| f64::from(first) / f64::from(waited)),
        delays_ms,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Delay;

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    fn params(attempts: u32) -> Params {
        Params::builder(ms(100.0))
            .cap(Some(ms(30_000.0)))
            .attempts(attempts)
            .build()
            .unwrap()
    }

    #[test]
    fn the_issues_vector() {
        let p = params(4);
        let inputs = Inputs::builder().fail(Some(0.5)).build(&p).unwrap();
        let odds = Odds::compute(&p, &inputs);
        assert_eq!(odds.calls, 5);
        assert_eq!(odds.p_success, Some(0.96875));
        assert_eq!(odds.p_fail, Some(0.03125));
        assert_eq!(odds.expected_calls, Some(1.9375));
    }

    #[test]
    fn expected_calls_is_k_at_certain_failure_and_one_at_none() {
        for k in 1..=101 {
            assert_eq!(expected_calls(1.0, k), f64::from(k));
            assert_eq!(expected_calls(0.0, k), 1.0);
        }
    }

    #[test]
    fn expected_calls_stays_accurate_near_one() {
        // Where (1 − f^K)/(1 − f) cancels badly, the sum is within rounding of the true value.
        let f = 1.0 - f64::EPSILON;
        let e = expected_calls(f, 101);
        assert!(e <= 101.0 && e > 100.999_999, "{e}");
    }

    #[test]
    fn nested_layers_multiply() {
        let one = nested(3, 0.5, 1);
        assert_eq!(one.max_calls, 3.0);
        assert_eq!(one.expected_calls, expected_calls(0.5, 3));
        assert_eq!(one.p_success, 1.0 - 0.125);
        let three = nested(3, 0.5, 3);
        assert_eq!(three.max_calls, 27.0);
        // f₁ = 1/8, f₂ = 1/512: E = 1.75 × (1 + 1/8 + 1/64) × (1 + 1/512 + 1/262144).
        let want = 1.75 * (1.0 + 0.125 + 0.015625) * (1.0 + 1.0 / 512.0 + 1.0 / 262_144.0);
        assert_eq!(three.expected_calls, want);
        assert_eq!(three.p_success, 1.0 - 0.5f64.powi(27));
        let certain = nested(4, 1.0, 3);
        assert_eq!(certain.expected_calls, 64.0);
        assert_eq!(certain.max_calls, 64.0);
        assert_eq!(certain.p_success, 0.0);
    }

    #[test]
    fn nearest_rank_is_exact_in_integers() {
        let v: Vec<f64> = (0..10_000).map(f64::from).collect();
        assert_eq!(nearest_rank(&v, 500), Some(4_999.0));
        assert_eq!(nearest_rank(&v, 900), Some(8_999.0));
        assert_eq!(nearest_rank(&v, 990), Some(9_899.0));
        assert_eq!(nearest_rank(&v[..1], 990), Some(0.0));
        assert_eq!(nearest_rank(&v[..3], 500), Some(1.0));
        assert_eq!(nearest_rank(&v[..3], 900), Some(2.0));
        assert_eq!(nearest_rank(&[], 500), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// `none` simulated like the jittered strategies (its own failure stream, fixed waits)
        /// agrees with its exact odds: the outage view bit for bit (nothing is random there),
        /// and each quantile is the exact one unless the exact conditional CDF at the smaller of
        /// the two lies within the DKW bound of q.
        #[test]
        fn none_simulated_converges_to_exact(
            attempts in 1u32..=12,
            f in 0.0f64..=1.0,
            tau in 0.0f64..3_000.0,
            outage in 0.0f64..100_000.0,
            seed in proptest::prelude::any::<u64>(),
        ) {
            let p = Params::builder(ms(100.0))
                .cap(Some(ms(10_000.0)))
                .attempts(attempts)
                .strategies(vec![Strategy::None])
                .seed(seed)
                .build()
                .unwrap();
            let clients = 4_000;
            let inputs = Inputs::builder()
                .fail(Some(f))
                .timeout(ms(tau))
                .outage(Some(ms(outage)))
                .clients(clients)
                .build(&p)
                .unwrap();
            let exact = Odds::compute(&p, &inputs).strategy(Strategy::None).cloned().unwrap();
            let keystreams = crate::backoff::chacha::Keystreams::new(seed);
            let sim = simulate::simulate(&p, Strategy::None, &inputs, &keystreams);
            proptest::prop_assert_eq!(Some(outage_of(sim.delays_after, clients)), exact.outage);

            let starts = none_starts(&p, tau);
            let calls = attempts + 1;
            let pow = powers(f, calls);
            let n = sim.success.len() as f64;
            for (i, &per_mille) in QUANTILES.iter().enumerate() {
                let simulated = nearest_rank(&sim.success, per_mille);
                let want = exact.success_ms.unwrap()[i];
                if simulated == want {
                    continue;
                }
                let (Some(s), Some(e)) = (simulated, want) else {
                    // Nobody succeeded in the simulation: only when success is that rare.
                    proptest::prop_assert!((1.0 - pow[calls as usize]) * f64::from(clients) < 20.0);
                    continue;
                };
                let k = starts.iter().position(|&t| t == s.min(e)).unwrap() + 1;
                let cdf = (1.0 - pow[k]) / (1.0 - pow[calls as usize]);
                let q = f64::from(per_mille) / 1000.0;
                // The nearest rank s has an empirical CDF of at least q, and below s less than q;
                // so |F(min(s, e)) − q| is at most the empirical CDF's distance from F, which the
                // Dvoretzky–Kiefer–Wolfowitz inequality bounds for any n: beyond ε with
                // probability at most 2·exp(−2nε²), here 1e-9. (A normal 5σ band is too narrow
                // for the tail quantiles of a few dozen successes: f = 0.998, three attempts,
                // 4 000 clients and 0.99 failed about once in 4 000 runs.)
                let epsilon = ((2.0 / 1e-9_f64).ln() / (2.0 * n)).sqrt();
                proptest::prop_assert!(
                    (cdf - q).abs() <= epsilon + 1.0 / n,
                    "q {q}: simulated {s}, exact {e}, CDF {cdf}, n {n}"
                );
            }
        }
    }

    /// base 100 ms, ×2, cap 30 s, 4 attempts: waits 100, 200, 400, 800; τ = 1 s:
    /// T = 0, 1100, 2300, 3700, 5500; give up after 5·1000 + 1500 = 6500.
    #[test]
    fn none_is_exact() {
        let p = params(4);
        let inputs = Inputs::builder()
            .fail(Some(0.5))
            .timeout(ms(1000.0))
            .deadline(Some(ms(3_700.0)))
            .build(&p)
            .unwrap();
        let odds = Odds::compute(&p, &inputs);
        let none = odds.strategy(Strategy::None).unwrap();
        assert!(none.exact);
        // Conditional CDF: 16/31, 24/31, 28/31, 30/31, 1 → p50 T₁, p90 T₃ (28/31 ≈ 0.903),
        // p99 T₅ (30/31 ≈ 0.968 < 0.99).
        assert_eq!(
            none.success_ms,
            Some([Some(0.0), Some(2_300.0), Some(5_500.0)])
        );
        // Calls 1–4 start by 3.7 s: 1 − 1/16.
        assert_eq!(none.p_within_deadline, Some(0.9375));
        assert_eq!(none.give_up_worst_ms, 6_500.0);
    }
}
