//! SPEC §1–§3 pinned through the public API: the test vectors, the ChaCha golden value, the
//! exact uniform draws a browser implementation must reproduce, and a snapshot of every sample
//! column at full `f64` precision, so a dependency bump that moves a single bit fails here.

use std::fmt::Write as _;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use sade::backoff::{
    client_rng, limits, nominal_delay, unit_draw, Delay, Fleet, Params, Schedule, Strategy,
};

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

fn params(base: f64, factor: f64, cap: Option<f64>, attempts: u32) -> Params {
    Params::builder(ms(base))
        .factor(factor)
        .cap(cap.map(ms))
        .attempts(attempts)
        .build()
        .unwrap()
}

fn column(s: &Schedule, f: impl Fn(&sade::backoff::Row) -> Delay) -> Vec<f64> {
    s.rows().iter().map(|r| f(r).as_ms()).collect()
}

// ---- SPEC §1 test vectors -------------------------------------------------------------------

#[test]
fn vector_250ms_factor_2_cap_30s_6_attempts() {
    let p = params(250.0, 2.0, Some(30_000.0), 6);
    let s = Schedule::compute(&p);

    assert_eq!(
        column(&s, |r| r.nominal),
        [250.0, 500.0, 1000.0, 2000.0, 4000.0, 8000.0]
    );
    let attempts: Vec<u32> = s.rows().iter().map(|r| r.attempt).collect();
    assert_eq!(attempts, [1, 2, 3, 4, 5, 6]);
    for n in 1..=6 {
        assert_eq!(
            nominal_delay(&p, n).unwrap().as_ms(),
            250.0 * f64::from(1u32 << (n - 1))
        );
    }

    for st in [Strategy::None, Strategy::Full, Strategy::Equal] {
        assert_eq!(s.totals(st).worst.as_ms(), 15_750.0, "{st} worst case");
    }
    assert_eq!(s.totals(Strategy::Equal).best.as_ms(), 7_875.0);
    assert_eq!(s.totals(Strategy::None).best.as_ms(), 15_750.0);
    assert_eq!(s.totals(Strategy::Full).best.as_ms(), 0.0);

    assert_eq!(
        column(&s, |r| r.cell(Strategy::Decorrelated).max),
        [750.0, 2250.0, 6750.0, 20250.0, 30000.0, 30000.0]
    );
    assert_eq!(
        column(&s, |r| r.cell(Strategy::Decorrelated).min),
        [250.0; 6]
    );
    assert_eq!(s.totals(Strategy::Decorrelated).worst.as_ms(), 90_000.0);
    assert_eq!(s.totals(Strategy::Decorrelated).best.as_ms(), 1_500.0);
}

#[test]
fn vector_ranges_per_strategy() {
    let p = params(250.0, 2.0, Some(30_000.0), 6);
    let s = Schedule::compute(&p);
    for row in s.rows() {
        let d = row.nominal;
        let none = row.cell(Strategy::None);
        assert_eq!((none.min, none.max, none.sample), (d, d, d));
        let full = row.cell(Strategy::Full);
        assert_eq!((full.min, full.max), (Delay::ZERO, d));
        let equal = row.cell(Strategy::Equal);
        assert_eq!((equal.min.as_ms(), equal.max), (d.as_ms() / 2.0, d));
    }
}

#[test]
fn vector_means_exact_except_decorrelated() {
    let p = params(250.0, 2.0, Some(30_000.0), 6);
    let s = Schedule::compute(&p);
    let none = s.totals(Strategy::None);
    assert_eq!(none.mean.as_ms(), 15_750.0);
    assert!(!none.mean_is_estimate);
    let full = s.totals(Strategy::Full);
    assert_eq!(full.mean.as_ms(), 7_875.0);
    assert!(!full.mean_is_estimate);
    let equal = s.totals(Strategy::Equal);
    assert_eq!(equal.mean.as_ms(), 11_812.5);
    assert!(!equal.mean_is_estimate);
    let dec = s.totals(Strategy::Decorrelated);
    assert!(dec.mean_is_estimate);
    assert!(dec.best < dec.mean && dec.mean < dec.worst, "{dec:?}");
}

#[test]
fn vector_100ms_uncapped_attempt_12() {
    let p = params(100.0, 2.0, None, 12);
    assert_eq!(nominal_delay(&p, 12).unwrap().as_ms(), 204_800.0);
    assert_eq!(p.nominal_ms()[11], 204_800.0);
    let s = Schedule::compute(&p);
    assert_eq!(s.rows()[11].nominal.as_ms(), 204_800.0);
    // Out-of-range attempt numbers are `None`, not a panic.
    assert_eq!(nominal_delay(&p, 0), None);
    assert_eq!(nominal_delay(&p, 13), None);
}

#[test]
fn vector_100ms_cap_30s_8_attempts() {
    let p = params(100.0, 2.0, Some(30_000.0), 8);
    let s = Schedule::compute(&p);
    assert_eq!(s.totals(Strategy::None).worst.as_ms(), 25_500.0);
    assert_eq!(s.totals(Strategy::Decorrelated).worst.as_ms(), 126_300.0);
    assert_eq!(
        column(&s, |r| r.nominal),
        [100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0, 6400.0, 12800.0]
    );
    assert_eq!(
        column(&s, |r| r.cell(Strategy::Decorrelated).max),
        [300.0, 900.0, 2700.0, 8100.0, 24300.0, 30000.0, 30000.0, 30000.0]
    );
}

#[test]
fn nominal_uses_repeated_multiplication_not_powf() {
    // 1.1 is not exact in binary: repeated multiplication and powf disagree in the last bits.
    let p = params(100.0, 1.1, None, 40);
    let mut d = 100.0f64;
    for (i, &got) in p.nominal_ms().iter().enumerate() {
        if i > 0 {
            d *= 1.1;
        }
        assert_eq!(got.to_bits(), d.to_bits(), "attempt {}", i + 1);
    }
}

// ---- SPEC §1's rules at their edges ---------------------------------------------------------

/// `factor ≥ 1` and `cap ≥ base` include their edges: factor exactly 1 keeps the delay constant,
/// a cap equal to the base caps every wait (decorrelated's too) at the base.
#[test]
fn factor_exactly_1_and_cap_equal_to_base_are_accepted() {
    let p = params(100.0, 1.0, None, 4);
    assert_eq!(p.nominal_ms(), [100.0; 4]);
    let s = Schedule::compute(&params(100.0, 1.0, Some(100.0), 4));
    assert_eq!(column(&s, |r| r.nominal), [100.0; 4]);
    for st in Strategy::ALL {
        assert_eq!(column(&s, |r| r.cell(st).max), [100.0; 4], "{st}");
    }
    assert_eq!(s.totals(Strategy::Decorrelated).worst.as_ms(), 400.0);
    let s = Schedule::compute(&params(250.0, 2.0, Some(250.0), 3));
    assert_eq!(column(&s, |r| r.nominal), [250.0; 3]);

    // Just past each edge: refused, with the whole message.
    let below_one = 1.0 - f64::EPSILON;
    let e = Params::builder(ms(100.0))
        .factor(below_one)
        .build()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "`factor` is {below_one}, but it must be a finite number ≥ 1 (1 keeps the delay \
             constant, 2 doubles it)"
        )
    );
    let e = Params::builder(ms(100.0))
        .cap(Some(ms(99.999)))
        .build()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "`cap` is 99.999ms, but it must be at least `base` (100ms), or `none`"
    );
    let e = Params::builder(ms(0.0)).build().unwrap_err();
    assert_eq!(
        e.to_string(),
        "`base` is 0ms, but it must be a duration greater than zero, e.g. `100ms`"
    );
    assert!(Params::builder(ms(f64::MIN_POSITIVE)).build().is_ok());
    for (attempts, ok) in [(0, false), (1, true), (100, true), (101, false)] {
        let built = Params::builder(ms(100.0))
            .cap(Some(ms(1_000.0)))
            .attempts(attempts)
            .build();
        assert_eq!(built.is_ok(), ok, "{attempts} attempts");
        if let Err(e) = built {
            assert_eq!(
                e.to_string(),
                format!("`attempts` is {attempts}, but it must be a whole number from 1 to 100")
            );
        }
    }
    for (clients, ok) in [(0, false), (1, true), (100_000, true), (100_001, false)] {
        let built = Params::builder(ms(100.0)).clients(clients).build();
        assert_eq!(built.is_ok(), ok, "{clients} clients");
        if let Err(e) = built {
            assert_eq!(
                e.to_string(),
                format!("`clients` is {clients}, but it must be a whole number from 1 to 100000")
            );
        }
    }
}

/// Decorrelated's ceiling grows by 3 whatever the factor: with factor 1 and no cap the nominal
/// delays stay 1e300 ms, but the ceilings' sum passes `f64::MAX` at attempt 17 (Σ 3ᵏ·1e300 for
/// k = 1..17 ≈ 1.9e308), and that is refused too.
#[test]
fn the_decorrelated_ceiling_overflows_while_the_nominal_delay_stays_finite() {
    let base = || Params::builder(ms(1e300)).factor(1.0);
    let e = base().attempts(100).build().unwrap_err();
    assert_eq!(
        e.to_string(),
        "`attempts` is 100, but attempt 17's delay overflows without a cap; set `cap` or use \
         fewer attempts"
    );
    let e = base().attempts(17).clients(1).build().unwrap_err();
    assert_eq!(e.param.name(), "attempts");
    assert!(
        e.to_string().contains("attempt 17's delay overflows"),
        "{e}"
    );
    // Sixteen attempts add up (Σ 3ᵏ·1e300 ≈ 6.5e307), for one client; a thousand clients'
    // total does not.
    let p = base().attempts(16).clients(1).build().unwrap();
    assert_eq!(p.nominal_ms(), [1e300; 16]);
    let s = Schedule::compute(&p);
    let worst = s.totals(Strategy::Decorrelated).worst.as_ms();
    assert!(worst.is_finite() && worst > 6e307, "{worst}");
    let e = base().attempts(16).build().unwrap_err();
    assert_eq!(
        e.to_string(),
        "`attempts` is 16, but the total wait of 1000 clients overflows; set `cap` or use fewer \
         attempts"
    );
    // A cap keeps every ceiling finite.
    assert!(base().attempts(100).cap(Some(ms(1e300))).build().is_ok());
}

/// The nominal delay overflowing is refused at the attempt where it does: 1e300 ms × 10⁹ is past
/// `f64::MAX` on the second attempt.
#[test]
fn the_nominal_delay_overflows_at_its_attempt() {
    let e = Params::builder(ms(1e300))
        .factor(1e9)
        .attempts(3)
        .build()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "`attempts` is 3, but attempt 2's delay overflows without a cap; set `cap` or use fewer \
         attempts"
    );
}

// ---- SPEC §2 seeded randomness -------------------------------------------------------------

#[test]
fn chacha_golden() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    assert_eq!(rng.next_u64(), 12578764544318200737);
}

#[test]
fn client_rng_is_seed_then_stream() {
    for (strategy, index) in [
        (Strategy::None, 0u64),
        (Strategy::Full, 1),
        (Strategy::Equal, 2),
        (Strategy::Decorrelated, 3),
    ] {
        for client in [0u32, 1, 3, 99_999] {
            let mut want = ChaCha8Rng::seed_from_u64(7);
            want.set_stream(index * (1 << 32) + u64::from(client));
            let mut got = client_rng(7, strategy, client);
            for _ in 0..4 {
                assert_eq!(
                    got.next_u64(),
                    want.next_u64(),
                    "{strategy} client {client}"
                );
            }
        }
    }
}

#[test]
fn unit_draw_is_top_53_bits() {
    let mut a = client_rng(7, Strategy::Full, 0);
    let mut b = client_rng(7, Strategy::Full, 0);
    for _ in 0..16 {
        let u = unit_draw(&mut a);
        let raw = b.next_u64();
        assert_eq!(u, (raw >> 11) as f64 / 9_007_199_254_740_992.0);
        assert!((0.0..1.0).contains(&u));
    }
}

/// Cross-check values for the browser implementation: seed 7, `full`, client 0.
const DRAWS_SEED7_FULL_CLIENT0: [f64; 8] = [
    0.3675042909889261,
    0.36682634707587525,
    0.4257952833253138,
    0.3331826598127644,
    0.6489529027375777,
    0.45952310721962775,
    0.5193553478858878,
    0.9022133893917076,
];

/// Cross-check values for the browser implementation: seed 7, `decorrelated`, client 3.
const DRAWS_SEED7_DECORRELATED_CLIENT3: [f64; 8] = [
    0.30504306050111274,
    0.5265926915929295,
    0.10947333701603779,
    0.2801297441799723,
    0.6952467971359155,
    0.8252639720002855,
    0.4215242650105884,
    0.5343067451194311,
];

fn draws(seed: u64, strategy: Strategy, client: u32) -> [f64; 8] {
    let mut rng = client_rng(seed, strategy, client);
    std::array::from_fn(|_| unit_draw(&mut rng))
}

#[test]
fn unit_draws_cross_check_values() {
    let got = draws(7, Strategy::Full, 0);
    for (g, w) in got.iter().zip(DRAWS_SEED7_FULL_CLIENT0) {
        assert_eq!(g.to_bits(), w.to_bits(), "{got:?}");
    }
    let got = draws(7, Strategy::Decorrelated, 3);
    for (g, w) in got.iter().zip(DRAWS_SEED7_DECORRELATED_CLIENT3) {
        assert_eq!(g.to_bits(), w.to_bits(), "{got:?}");
    }
}

#[test]
fn samples_follow_the_spec_formulas() {
    let p = params(100.0, 2.0, Some(30_000.0), 8);
    let s = Schedule::compute(&p);
    let u = draws(7, Strategy::Full, 0);
    let mut rng_eq = client_rng(7, Strategy::Equal, 0);
    let mut rng_dec = client_rng(7, Strategy::Decorrelated, 0);
    let mut prev = 100.0f64;
    for (i, row) in s.rows().iter().enumerate() {
        let d = row.nominal.as_ms();
        assert_eq!(row.cell(Strategy::Full).sample.as_ms(), 0.0 + u[i] * d);
        let ue = unit_draw(&mut rng_eq);
        assert_eq!(
            row.cell(Strategy::Equal).sample.as_ms(),
            d / 2.0 + ue * (d - d / 2.0)
        );
        let ud = unit_draw(&mut rng_dec);
        let want = (100.0 + ud * (3.0 * prev - 100.0)).min(30_000.0);
        assert_eq!(row.cell(Strategy::Decorrelated).sample.as_ms(), want);
        prev = want;
    }
}

// ---- SPEC §3 fleet ---------------------------------------------------------------------------

/// Without jitter every client retries at the same instants: base 100 ms, factor 2, 4 attempts
/// retry at 100, 300, 700 and 1 500 ms. The common axis runs to the longest worst case
/// (decorrelated's 300 + 900 + 2 700 + 8 100 = 12 000 ms) in 100 bins of 120 ms, so the ten
/// clients land in bins 0, 2, 5 and 12, and the busiest window holds a quarter of all retries.
#[test]
fn the_fleet_of_synchronized_clients() {
    let builder = || Params::builder(ms(100.0)).attempts(4).clients(10);
    let fleet = Fleet::simulate(&builder().build().unwrap());
    assert_eq!(fleet.horizon.as_ms(), 12_000.0);
    assert_eq!(fleet.bin.as_ms(), 120.0);
    let none = fleet.strategy(Strategy::None).unwrap();
    let mut histogram = vec![0; limits::FLEET_BINS];
    for bin in [0, 2, 5, 12] {
        histogram[bin] = 10;
    }
    assert_eq!(none.histogram, histogram);
    assert_eq!(none.peak_share, 0.25);
    assert_eq!(none.mean_total.as_ms(), 1_500.0);
    assert_eq!(none.timeline.iter().sum::<u32>(), 40);
    for st in [Strategy::Full, Strategy::Equal, Strategy::Decorrelated] {
        let f = fleet.strategy(st).unwrap();
        assert!(f.peak_share < 0.25, "{st}: jitter spreads the retries");
    }
    // Shown alone, `none` sets the axis: its last retry is at the horizon, in the last bin.
    let alone = builder().strategies(vec![Strategy::None]).build().unwrap();
    let fleet = Fleet::simulate(&alone);
    assert_eq!(fleet.horizon.as_ms(), 1_500.0);
    assert!(fleet.strategy(Strategy::Full).is_none());
    let none = fleet.strategy(Strategy::None).unwrap();
    assert_eq!(none.histogram[limits::FLEET_BINS - 1], 10);
    assert_eq!(none.histogram.iter().sum::<u32>(), 40);
}

/// Two schedules are equal when their parameters are: parameters that differ make different
/// schedules even where every number agrees (here, a cap no delay reaches).
#[test]
fn schedules_are_equal_when_their_parameters_are() {
    let params = |cap| {
        Params::builder(ms(100.0))
            .cap(cap)
            .attempts(3)
            .clients(10)
            .build()
            .unwrap()
    };
    let uncapped = Schedule::compute(&params(None));
    let capped = Schedule::compute(&params(Some(ms(1e9))));
    assert_eq!(uncapped.rows(), capped.rows());
    assert_eq!(uncapped.fleet(), capped.fleet());
    for st in Strategy::ALL {
        assert_eq!(uncapped.totals(st), capped.totals(st), "{st}");
    }
    assert_ne!(uncapped, capped);
    assert_eq!(uncapped, Schedule::compute(&params(None)));
}

// ---- Snapshot of every sample column at full precision --------------------------------------

/// A YAML document of the sample columns, every float with `{:?}` (shortest exact round trip).
fn samples_yaml(p: &Params) -> String {
    let s = Schedule::compute(p);
    let mut out = String::new();
    let cap = p
        .cap()
        .map_or("none".to_string(), |c| format!("{:?}", c.as_ms()));
    writeln!(
        out,
        "params: {{base_ms: {:?}, factor: {:?}, cap_ms: {cap}, attempts: {}, seed: {}, clients: {}}}",
        p.base().as_ms(),
        p.factor(),
        p.attempts(),
        p.seed(),
        p.clients()
    )
    .unwrap();
    writeln!(out, "samples:").unwrap();
    for st in Strategy::ALL {
        let col: Vec<String> = s
            .rows()
            .iter()
            .map(|r| format!("{:?}", r.cell(st).sample.as_ms()))
            .collect();
        writeln!(out, "  {st}: [{}]", col.join(", ")).unwrap();
    }
    writeln!(out, "sample_totals:").unwrap();
    for st in Strategy::ALL {
        writeln!(out, "  {st}: {:?}", s.totals(st).sample.as_ms()).unwrap();
    }
    let dec = s.totals(Strategy::Decorrelated);
    writeln!(out, "decorrelated_mean_estimate: {:?}", dec.mean.as_ms()).unwrap();
    writeln!(out, "fleet_peak_share:").unwrap();
    for st in Strategy::ALL {
        let f = s.fleet().strategy(st).unwrap();
        writeln!(out, "  {st}: {:?}", f.peak_share).unwrap();
    }
    writeln!(out, "fleet_histograms:").unwrap();
    for st in Strategy::ALL {
        let f = s.fleet().strategy(st).unwrap();
        writeln!(out, "  {st}: {:?}", f.histogram).unwrap();
    }
    out
}

#[test]
fn snapshot_samples_100ms_cap_30s_8_attempts_seed_7() {
    let p = Params::builder(ms(100.0))
        .factor(2.0)
        .cap(Some(ms(30_000.0)))
        .attempts(8)
        .seed(7)
        .build()
        .unwrap();
    insta::assert_snapshot!(samples_yaml(&p));
}

#[test]
fn snapshot_samples_250ms_factor_1_5_uncapped_12_attempts_seed_2026() {
    let p = Params::builder(ms(250.0))
        .factor(1.5)
        .cap(None)
        .attempts(12)
        .seed(2026)
        .clients(5_000)
        .build()
        .unwrap();
    insta::assert_snapshot!(samples_yaml(&p));
}
