//! The natural logarithm of the Poisson gaps, from additions, multiplications and divisions only,
//! in a fixed order, so that `static/js/recovery.js` repeats it bit for bit (the platforms' `ln`
//! and `Math.log` may differ in the last place). Accurate to a few units in the last place.

/// ln 2 (the script writes its digits: 0.6931471805599453).
const LN2: f64 = std::f64::consts::LN_2;
/// √½ (0.7071067811865476).
const SQRT_HALF: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// Terms of the series: with |s| ≤ 0.172, s²⁸/29 < 1e-22.
const TERMS: u32 = 14;

/// ln x for 0 < x ≤ 1: x = m·2ᵏ with m in [√½, 1] by exact doublings, then
/// ln m = 2·atanh s = 2s·(1 + s²/3 + s⁴/5 + …), s = (m − 1)/(m + 1).
pub fn ln_unit(x: f64) -> f64 {
    let (mut m, mut k) = (x, 0.0);
    while m < SQRT_HALF {
        m *= 2.0;
        k -= 1.0;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut series = 0.0;
    for i in (0..TERMS).rev() {
        series = 1.0 / f64::from(2 * i + 1) + s2 * series;
    }
    k * LN2 + 2.0 * s * series
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_platform_to_a_few_ulps() {
        let mut x = 1.0;
        while x > 1e-300 {
            for y in [x, x * 0.999_999_7, x * 0.75, x * 0.707, x * 0.5000001] {
                let (a, b) = (ln_unit(y), y.ln());
                assert!(
                    (a - b).abs() <= 4.0 * f64::EPSILON * b.abs().max(1e-300),
                    "ln({y}) = {a}, not {b}"
                );
            }
            x *= 0.61;
        }
        assert_eq!(ln_unit(1.0), 0.0);
        assert_eq!(ln_unit(0.5), -LN2);
        // The smallest 1 − u: u = 1 − 2⁻⁵³.
        let tiny = 1.0 / 9_007_199_254_740_992.0;
        assert!((ln_unit(tiny) + 53.0 * LN2).abs() < 1e-13);
    }
}
