//! The deadline fit of SPEC §7: the largest `attempts`, and the largest whole-millisecond `base`,
//! whose worst case K·τ + Σ max w stays within the deadline D.
//!
//! Both searches rely on the worst case growing with what they change: one more attempt adds τ
//! and a wait ≥ 0; a larger base makes every ceiling larger or equal, since multiplying by a
//! factor ≥ 1 (or by 3) and taking the minimum with the cap are monotone in floating point too.

use crate::backoff::{limits, Params, Strategy};

/// The largest whole-millisecond base the search considers: 2⁵³ ms (about 285 000 years), the
/// largest integer below which every whole number is a double.
const MAX_BASE_MS: f64 = 9_007_199_254_740_992.0;

/// The ceilings max w₁, max w₂, … of `strategy` for `base`, with the schedule's factor and cap:
/// the same operations as [`Params::ranges_ms`], for any number of attempts.
fn ceilings(params: &Params, strategy: Strategy, base: f64) -> impl Iterator<Item = f64> {
    let cap = params.cap().map(|c| c.as_ms());
    let capped = move |x: f64| cap.map_or(x, |c| x.min(c));
    let growth = match strategy {
        Strategy::Decorrelated => 3.0,
        _ => params.factor(),
    };
    let decorrelated = strategy == Strategy::Decorrelated;
    let mut d = base;
    let mut first = true;
    std::iter::from_fn(move || {
        // d₁ = base, dₙ = min(cap, dₙ₋₁ × factor); decorrelated mₙ = min(cap, 3 × mₙ₋₁), m₀ = base.
        if decorrelated || !first {
            d = capped(d * growth);
        }
        first = false;
        Some(d)
    })
}

/// The largest `attempts` in 0..=100 whose worst case (a + 1)·τ + Σ_(n ≤ a) max wₙ is ≤ D;
/// `None` when not even the first call (τ) fits.
pub fn fit_attempts(params: &Params, strategy: Strategy, tau: f64, deadline: f64) -> Option<u32> {
    let mut best = None;
    let mut waits = 0.0;
    let mut ceilings = ceilings(params, strategy, params.base().as_ms());
    for a in 0..=limits::MAX_ATTEMPTS {
        if a > 0 {
            waits += ceilings.next().unwrap_or(f64::INFINITY);
        }
        if f64::from(a + 1) * tau + waits <= deadline {
            best = Some(a);
        } else {
            break;
        }
    }
    best
}

/// The largest whole-millisecond base b (1 ≤ b ≤ cap) whose worst case K·τ + Σ max w, with the
/// schedule's factor, cap and attempts, is ≤ D; `None` when even 1 ms does not fit.
pub fn fit_base_ms(params: &Params, strategy: Strategy, tau: f64, deadline: f64) -> Option<f64> {
    let calls = f64::from(params.attempts() + 1);
    let fits = |b: u64| {
        let waits: f64 = ceilings(params, strategy, b as f64)
            .take(params.attempts() as usize)
            .fold(0.0, |sum, w| sum + w);
        calls * tau + waits <= deadline
    };
    // The worst case is at least the first ceiling, which is at least the base: b ≤ D.
    let mut top = deadline.floor().min(MAX_BASE_MS);
    if let Some(cap) = params.cap() {
        top = top.min(cap.as_ms().floor());
    }
    if top < 1.0 || !fits(1) {
        return None;
    }
    let (mut lo, mut hi) = (1u64, top as u64);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(lo as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Delay;

    fn params(base: f64, cap: Option<f64>, attempts: u32) -> Params {
        Params::builder(Delay::from_ms(base).unwrap())
            .cap(cap.map(|c| Delay::from_ms(c).unwrap()))
            .attempts(attempts)
            .build()
            .unwrap()
    }

    #[test]
    fn ceilings_are_the_schedules() {
        for (base, cap) in [(100.0, Some(30_000.0)), (250.0, None), (7.0, Some(7.0))] {
            let p = params(base, cap, 40);
            for st in Strategy::ALL {
                let want: Vec<u64> = p.ranges_ms(st).iter().map(|r| r.1.to_bits()).collect();
                let got: Vec<u64> = ceilings(&p, st, base).take(40).map(f64::to_bits).collect();
                assert_eq!(got, want, "{st}");
            }
        }
    }

    /// base 100 ms, ×2, cap 30 s: none's worst case after a attempts is 100·(2^a − 1) until the
    /// cap; τ = 2 s adds 2 s per call.
    #[test]
    fn attempts_fit() {
        let p = params(100.0, Some(30_000.0), 8);
        // a = 3: 4·2000 + 700 = 8 700; a = 4: 5·2000 + 1500 = 11 500.
        assert_eq!(fit_attempts(&p, Strategy::None, 2_000.0, 11_499.0), Some(3));
        assert_eq!(fit_attempts(&p, Strategy::None, 2_000.0, 11_500.0), Some(4));
        assert_eq!(fit_attempts(&p, Strategy::Full, 2_000.0, 11_500.0), Some(4));
        // Only the first call fits; not even that.
        assert_eq!(fit_attempts(&p, Strategy::None, 2_000.0, 2_000.0), Some(0));
        assert_eq!(fit_attempts(&p, Strategy::None, 2_000.0, 1_999.0), None);
        // Decorrelated: 300, 900, 2700 → a = 2: 3·2000 + 1200 = 7 200.
        assert_eq!(
            fit_attempts(&p, Strategy::Decorrelated, 2_000.0, 7_200.0),
            Some(2)
        );
        // Everything fits: at most 100.
        assert_eq!(fit_attempts(&p, Strategy::None, 0.0, 1e12), Some(100));
        // Uncapped growth overflows long before 100 attempts and stops the search.
        let wild = Params::builder(Delay::from_ms(1e300).unwrap())
            .factor(1e10)
            .attempts(1)
            .build()
            .unwrap();
        assert_eq!(fit_attempts(&wild, Strategy::None, 0.0, f64::MAX), Some(1));
    }

    #[test]
    fn base_fits() {
        // 4 attempts, τ = 0, no cap: none's worst case is 15·b: D = 1 500 → b = 100.
        let p = params(100.0, None, 4);
        assert_eq!(fit_base_ms(&p, Strategy::None, 0.0, 1_500.0), Some(100.0));
        assert_eq!(fit_base_ms(&p, Strategy::None, 0.0, 1_514.0), Some(100.0));
        assert_eq!(fit_base_ms(&p, Strategy::None, 0.0, 1_515.0), Some(101.0));
        assert_eq!(fit_base_ms(&p, Strategy::None, 0.0, 14.0), None);
        // With τ = 1 s (5 calls = 5 s) there is 1 s left: b = 66 (990 ms).
        assert_eq!(
            fit_base_ms(&p, Strategy::None, 1_000.0, 6_000.0),
            Some(66.0)
        );
        // Decorrelated: 3b + 9b + 27b + 81b = 120b.
        assert_eq!(
            fit_base_ms(&p, Strategy::Decorrelated, 0.0, 1_200.0),
            Some(10.0)
        );
        // The base may not pass the cap: with cap 50 ms and a roomy deadline, 50.
        let capped = params(10.0, Some(50.5), 4);
        assert_eq!(fit_base_ms(&capped, Strategy::None, 0.0, 1e9), Some(50.0));
        // A cap below 1 ms leaves no whole millisecond.
        let tiny = params(0.25, Some(0.5), 4);
        assert_eq!(fit_base_ms(&tiny, Strategy::None, 0.0, 1e9), None);
        // A huge deadline is bounded by 2^53 ms.
        let open = params(1.0, None, 1);
        assert_eq!(
            fit_base_ms(&open, Strategy::None, 0.0, f64::MAX),
            Some(MAX_BASE_MS)
        );
    }
}
