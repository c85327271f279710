//! Properties of the backoff engine (SPEC §1–§3) over random valid and invalid parameters.

use proptest::prelude::*;
// `proptest::prelude::Strategy` shadows the engine's enum name; alias the engine's.
use sade::backoff::Strategy as Jitter;
use sade::backoff::{client_rng, limits, unit_draw, Delay, Fleet, Params, Schedule};

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

/// Valid parameters: base 0.5 ms..10 s, factor 1..4, an optional cap ≥ base, 1..=40 attempts,
/// any seed, a small fleet so each case stays fast in debug builds.
fn valid_params() -> impl Strategy<Value = Params> {
    params_with_factor(1.0..4.0)
}

/// [`valid_params`] with the factor drawn from `factor`.
fn params_with_factor(factor: std::ops::Range<f64>) -> impl Strategy<Value = Params> {
    (
        0.5f64..10_000.0,
        factor,
        proptest::option::of(1.0f64..1_000.0),
        1u32..=40,
        any::<u64>(),
        1u32..=24,
    )
        .prop_map(|(base, factor, cap_mult, attempts, seed, clients)| {
            Params::builder(ms(base))
                .factor(factor)
                .cap(cap_mult.map(|m| ms(base * m)))
                .attempts(attempts)
                .seed(seed)
                .clients(clients)
                .build()
                .expect("valid parameters must build")
        })
}

/// SPEC §2–§3 written out plainly, one client after the other: the reference the optimized
/// `Fleet::simulate` must match bit for bit (one chunk of clients, so the same summation order).
/// A retry at time t falls in window ⌊t / (bin / PEAK_WINDOWS_PER_BIN)⌋ of the axis, and a bin
/// is PEAK_WINDOWS_PER_BIN windows, as the README states. (Dividing t by `bin` directly rounds
/// differently at exact bin edges: 1.5 / 0.05 is 29.999…, 1.5 / 0.0005 is 3000.)
fn reference_fleet(p: &Params, st: Jitter, bin: f64) -> (Vec<u32>, f64) {
    let per_bin = limits::PEAK_WINDOWS_PER_BIN;
    let window = bin / per_bin as f64;
    let base = p.base().as_ms();
    let cap = |x: f64| p.cap().map_or(x, |c| x.min(c.as_ms()));
    let mut histogram = vec![0u32; limits::FLEET_BINS];
    let mut total = 0.0;
    for client in 0..p.clients() {
        let mut rng = client_rng(p.seed(), st, client);
        let (mut t, mut s) = (0.0, base);
        for (lo, hi) in p.ranges_ms(st) {
            let w = match st {
                Jitter::None => lo,
                Jitter::Full | Jitter::Equal => lo + unit_draw(&mut rng) * (hi - lo),
                Jitter::Decorrelated => {
                    s = cap(base + unit_draw(&mut rng) * (3.0 * s - base));
                    s
                }
            };
            t += w;
            let w = if window > 0.0 {
                (t / window) as usize
            } else {
                0
            };
            histogram[(w / per_bin).min(limits::FLEET_BINS - 1)] += 1;
        }
        total += t;
    }
    (histogram, total / f64::from(p.clients()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn sample_within_range(p in valid_params()) {
        let s = Schedule::compute(&p);
        for row in s.rows() {
            for st in Jitter::ALL {
                let c = row.cell(st);
                prop_assert!(c.min <= c.sample && c.sample <= c.max,
                    "{st} attempt {}: {:?}", row.attempt, c);
                prop_assert!(c.min.as_ms().is_finite() && c.max.as_ms().is_finite());
            }
        }
    }

    #[test]
    fn nominal_never_decreases_nor_exceeds_cap(p in valid_params()) {
        let nominal = p.nominal_ms();
        prop_assert_eq!(nominal.len(), p.attempts() as usize);
        prop_assert_eq!(nominal[0], p.base().as_ms());
        for w in nominal.windows(2) {
            prop_assert!(w[0] <= w[1], "{:?}", nominal);
        }
        if let Some(cap) = p.cap() {
            prop_assert!(nominal.iter().all(|&d| d <= cap.as_ms()));
        }
    }

    #[test]
    fn full_and_equal_worst_equals_none_worst(p in valid_params()) {
        let s = Schedule::compute(&p);
        let none = s.totals(Jitter::None).worst;
        prop_assert_eq!(s.totals(Jitter::Full).worst, none);
        prop_assert_eq!(s.totals(Jitter::Equal).worst, none);
        if let Some(cap) = p.cap() {
            for row in s.rows() {
                prop_assert!(row.cell(Jitter::Full).max <= cap);
                prop_assert!(row.cell(Jitter::Equal).max <= cap);
            }
        }
    }

    #[test]
    fn decorrelated_min_is_base_and_max_at_least_base(p in valid_params()) {
        let s = Schedule::compute(&p);
        for row in s.rows() {
            let c = row.cell(Jitter::Decorrelated);
            prop_assert_eq!(c.min, p.base());
            prop_assert!(c.max >= p.base());
            if let Some(cap) = p.cap() {
                prop_assert!(c.max <= cap);
            }
        }
        let t = s.totals(Jitter::Decorrelated);
        let best: f64 = (0..p.attempts()).map(|_| p.base().as_ms()).sum();
        prop_assert_eq!(t.best.as_ms(), best);
        prop_assert!(t.mean_is_estimate);
        prop_assert!(t.best <= t.mean && t.mean <= t.worst, "{:?}", t);
    }

    #[test]
    fn decorrelated_worst_at_least_none_worst(p in params_with_factor(1.0..3.0)) {
        let s = Schedule::compute(&p);
        for row in s.rows() {
            prop_assert!(row.cell(Jitter::Decorrelated).max >= row.nominal);
        }
        prop_assert!(s.totals(Jitter::Decorrelated).worst >= s.totals(Jitter::None).worst);
    }

    #[test]
    fn exact_means_lie_between_best_and_worst(p in valid_params()) {
        let s = Schedule::compute(&p);
        for st in [Jitter::None, Jitter::Full, Jitter::Equal] {
            let t = s.totals(st);
            prop_assert!(!t.mean_is_estimate);
            prop_assert!(t.best <= t.mean && t.mean <= t.worst, "{st}: {:?}", t);
            prop_assert!(t.best <= t.sample && t.sample <= t.worst, "{st}: {:?}", t);
        }
    }

    #[test]
    fn deterministic(p in valid_params()) {
        prop_assert_eq!(Schedule::compute(&p), Schedule::compute(&p));
    }

    #[test]
    fn fleet_histogram_counts_every_retry(p in valid_params()) {
        let s = Schedule::compute(&p);
        let fleet = s.fleet();
        prop_assert_eq!(fleet.clients, p.clients());
        let retries = u64::from(p.clients()) * u64::from(p.attempts());
        for &st in p.strategies() {
            let f = fleet.strategy(st).unwrap();
            prop_assert_eq!(f.histogram.len(), limits::FLEET_BINS);
            prop_assert_eq!(f.histogram.iter().map(|&x| u64::from(x)).sum::<u64>(), retries);
            prop_assert!(f.peak_share > 0.0 && f.peak_share <= 1.0);
        }
    }

    #[test]
    fn fleet_matches_plain_reference(p in valid_params()) {
        let fleet = Fleet::simulate(&p);
        for &st in p.strategies() {
            let f = fleet.strategy(st).unwrap();
            let (histogram, mean) = reference_fleet(&p, st, fleet.bin.as_ms());
            prop_assert_eq!(&f.histogram, &histogram, "{}", st);
            prop_assert_eq!(f.mean_total.as_ms().to_bits(), mean.to_bits(), "{}", st);
        }
    }

    #[test]
    fn factor_below_one_is_rejected(
        factor in prop_oneof![-1e9f64..1.0, Just(f64::NAN), Just(f64::INFINITY)],
    ) {
        let e = Params::builder(ms(100.0)).factor(factor).build().unwrap_err();
        prop_assert_eq!(e.param.name(), "factor");
        prop_assert!(e.to_string().starts_with("`factor` is "), "{}", e);
        prop_assert!(e.to_string().contains("≥ 1"), "{}", e);
    }

    #[test]
    fn cap_below_base_is_rejected(base in 1.0f64..1e6, share in 0.0f64..1.0) {
        let cap = base * share;
        prop_assume!(cap < base);
        let e = Params::builder(ms(base)).cap(Some(ms(cap))).build().unwrap_err();
        prop_assert_eq!(e.param.name(), "cap");
        prop_assert!(e.to_string().starts_with("`cap` is "), "{}", e);
        prop_assert!(e.to_string().contains("at least `base`"), "{}", e);
    }

    #[test]
    fn attempts_out_of_range_are_rejected(
        attempts in prop_oneof![Just(0u32), 101u32..=u32::MAX],
    ) {
        let e = Params::builder(ms(100.0)).attempts(attempts).build().unwrap_err();
        prop_assert_eq!(e.param.name(), "attempts");
        prop_assert!(e.to_string().starts_with("`attempts` is "), "{}", e);
        prop_assert!(e.to_string().contains("from 1 to 100"), "{}", e);
    }

    #[test]
    fn any_input_builds_or_errs_without_panic(
        base in prop_oneof![Just(0.0f64), 1e-9f64..1e12],
        factor in prop_oneof![-10.0f64..1e6, Just(f64::NAN), Just(f64::INFINITY)],
        cap in proptest::option::of(0.0f64..1e15),
        attempts in 0u32..=120,
    ) {
        let built = Params::builder(ms(base))
            .factor(factor)
            .cap(cap.map(ms))
            .attempts(attempts)
            .clients(8)
            .build();
        match built {
            Ok(p) => {
                let s = Schedule::compute(&p);
                for st in Jitter::ALL {
                    let t = s.totals(st);
                    for x in [t.best, t.worst, t.mean, t.sample] {
                        prop_assert!(x.as_ms().is_finite(), "{st}: {:?}", t);
                    }
                }
            }
            Err(e) => {
                prop_assert!(["base", "factor", "cap", "attempts"].contains(&e.param.name()), "{:?}", e);
                let named = format!("`{}`", e.param.name());
                prop_assert!(e.to_string().contains(&named), "{}", e);
            }
        }
    }

    #[test]
    fn delay_display_parses_back(
        x in prop_oneof![
            0.0f64..1e12,
            proptest::num::f64::POSITIVE
                | proptest::num::f64::NORMAL
                | proptest::num::f64::SUBNORMAL
                | proptest::num::f64::ZERO,
        ],
    ) {
        let d = ms(x);
        prop_assert_eq!(Delay::parse(&d.to_string()), Ok(d), "{}", d);
    }

    #[test]
    fn whole_units_display_parses_back(n in 0u32..1_000_000, unit in 0usize..4) {
        let scale = [1.0, 1_000.0, 60_000.0, 3_600_000.0][unit];
        let d = ms(f64::from(n) * scale);
        prop_assert_eq!(Delay::parse(&d.to_string()), Ok(d), "{}", d);
    }
}
