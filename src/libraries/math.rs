//! The models' arithmetic: the means of whole-unit draws (`mean_floor`, `mean_min_floor`),
//! JavaScript's rounding and Go's and Rust's whole nanoseconds, and `2^t` and `tanh` from
//! additions, multiplications, divisions and `sqrt` only, in a fixed order, so that `static/js/libraries.js` repeats them bit for bit (the platforms' `pow`, `exp` and
//! `tanh` may differ in the last place). Accurate to a few units in the last place, which is all
//! Polly's formula needs: its delays are whole ticks of 100 ns.

/// ln 2 (the script writes its digits: 0.6931471805599453).
const LN2: f64 = std::f64::consts::LN_2;
/// log₂ e (1.4426950408889634).
const LOG2E: f64 = std::f64::consts::LOG2_E;
/// Terms of the series below: for |y| < 0.75, y²⁵/25! < 1e-28.
const TERMS: u32 = 24;

/// eʸ − 1 for |y| < 0.75: `y·(1 + y/2·(1 + y/3·(…)))`.
fn expm1_small(y: f64) -> f64 {
    let mut e = 1.0;
    for i in (2..=TERMS).rev() {
        e = 1.0 + y * e / f64::from(i);
    }
    y * e
}

/// 2ᵏ for a whole `k` with |k| ≤ 1000, by exact doublings or halvings.
fn pow2_int(k: f64) -> f64 {
    let mut p = 1.0;
    let mut i = 0.0;
    while i < k {
        p *= 2.0;
        i += 1.0;
    }
    while i > k {
        p *= 0.5;
        i -= 1.0;
    }
    p
}

/// 2ᶻ: 2^⌊z⌋ · e^((z − ⌊z⌋)·ln 2). For |z| ≤ 1000.
pub fn exp2(z: f64) -> f64 {
    let k = z.floor();
    let f = z - k;
    (1.0 + expm1_small(f * LN2)) * pow2_int(k)
}

/// eʸ − 1 for y ≤ 0.
fn expm1_neg(y: f64) -> f64 {
    if y > -0.75 {
        expm1_small(y)
    } else if y < -700.0 {
        -1.0
    } else {
        exp2(y * LOG2E) - 1.0
    }
}

/// tanh x for x ≥ 0: −m / (2 + m) with m = e^(−2x) − 1.
pub fn tanh(x: f64) -> f64 {
    let m = expm1_neg(-2.0 * x);
    -m / (2.0 + m)
}

/// `E[⌊X⌋]` for `X` uniform on `[a, b)`, `0 ≤ a ≤ b` (`⌊a⌋` when `a == b`). Computed as
/// `E[X] − E[frac X]` so that large values keep their precision.
pub(super) fn mean_floor(a: f64, b: f64) -> f64 {
    if b <= a {
        return a.floor();
    }
    let (fa, fb) = (a.floor(), b.floor());
    let frac_integral = if fa == fb {
        (b - a) * ((a - fa) + (b - fb)) / 2.0
    } else {
        let first = (1.0 - (a - fa) * (a - fa)) / 2.0;
        let whole = (fb - (fa + 1.0)) / 2.0;
        let last = (b - fb) * (b - fb) / 2.0;
        first + whole + last
    };
    (a + b) / 2.0 - frac_integral / (b - a)
}

/// `E[min(⌊X⌋, c)]` for `X` uniform on `[a, b)`, `c ≥ 0` (`∞` for no cap).
pub(super) fn mean_min_floor(a: f64, b: f64, c: f64) -> f64 {
    // ⌊X⌋ ≥ c ⇔ X ≥ ⌈c⌉.
    let t = c.ceil();
    if a >= t {
        return c;
    }
    if b <= t {
        return mean_floor(a, b);
    }
    ((t - a) * mean_floor(a, t) + (b - t) * c) / (b - a)
}

/// JavaScript's `Math.round` for `x ≥ 0`: halves go up.
pub(super) fn js_round(x: f64) -> f64 {
    let r = x.floor();
    if x - r >= 0.5 {
        r + 1.0
    } else {
        r
    }
}

/// `ms` in whole nanoseconds (half away from zero), as Go and Rust durations hold it.
pub(super) fn to_ns(ms: f64) -> f64 {
    (ms * 1e6).round()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_to_the_platform_functions() {
        for i in 0..=4000 {
            let z = f64::from(i) * 0.0253 - 1.0;
            let (a, b) = (exp2(z), z.exp2());
            assert!((a - b).abs() <= b * 4e-16, "exp2({z}) = {a}, not {b}");
        }
        for i in 0..=4000 {
            let x = f64::from(i) * 0.00517;
            let (a, b) = (tanh(x), x.tanh());
            assert!(
                (a - b).abs() <= b * 8e-16 + 1e-300,
                "tanh({x}) = {a}, not {b}"
            );
        }
        assert_eq!(exp2(3.0), 8.0);
        assert_eq!(exp2(0.0), 1.0);
        assert_eq!(tanh(0.0), 0.0);
        assert_eq!(tanh(30.0), 1.0);
        assert!((tanh(1e-9) - 1e-9).abs() < 1e-24);
        assert_eq!(LN2.to_string(), "0.6931471805599453");
        assert_eq!(LOG2E.to_string(), "1.4426950408889634");
    }
}
