//! SPEC §7 pinned through the public API, one definition at a time: calls, P(success), the load
//! multiplier, nested layers, start times and giving up, `none`'s exact quantiles and
//! P(done within D), the seeded simulation of the jittered strategies (against a plain
//! one-request-at-a-time reference written from the SPEC's words), the deadline fit and the
//! outage view.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use sade::backoff::{client_rng, unit_draw, Delay, Params, Schedule, Strategy};
use sade::odds::{expected_calls, nested, parse_fail, Inputs, Odds};

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

fn params(base: f64, cap: Option<f64>, attempts: u32) -> Params {
    Params::builder(ms(base))
        .cap(cap.map(ms))
        .attempts(attempts)
        .build()
        .unwrap()
}

/// `none` alone: what needs no simulation runs fast in debug builds.
fn exact_only(base: f64, cap: Option<f64>, attempts: u32) -> Params {
    Params::builder(ms(base))
        .cap(cap.map(ms))
        .attempts(attempts)
        .strategies(vec![Strategy::None])
        .build()
        .unwrap()
}

/// 100 ms, ×2, cap 30 s, 4 attempts: waits 100, 200, 400, 800 ms (Σ 1 500 ms).
fn four() -> Params {
    params(100.0, Some(30_000.0), 4)
}

struct Given {
    fail: Option<f64>,
    timeout: f64,
    deadline: Option<f64>,
    outage: Option<f64>,
    clients: u32,
}

fn given(fail: Option<f64>) -> Given {
    Given {
        fail,
        timeout: 0.0,
        deadline: None,
        outage: None,
        clients: 10_000,
    }
}

fn odds(p: &Params, g: &Given) -> Odds {
    let inputs = Inputs::builder()
        .fail(g.fail)
        .timeout(ms(g.timeout))
        .deadline(g.deadline.map(ms))
        .outage(g.outage.map(ms))
        .clients(g.clients)
        .build(p)
        .unwrap();
    Odds::compute(p, &inputs)
}

// ---- calls, P(success), expected calls, nested layers --------------------------------------

#[test]
fn a_request_makes_attempts_plus_one_calls() {
    for attempts in [1, 4, 100] {
        let p = exact_only(100.0, Some(1_000.0), attempts);
        assert_eq!(odds(&p, &given(Some(0.5))).calls, attempts + 1);
    }
}

#[test]
fn p_success_and_expected_calls_the_issues_vector() {
    let o = odds(&four(), &given(Some(0.5)));
    assert_eq!(o.p_success, Some(0.96875));
    assert_eq!(o.expected_calls, Some(1.9375));
}

#[test]
fn p_success_and_expected_calls_follow_the_closed_forms() {
    for f in [0.0, 0.01, 0.1, 0.3, 0.5, 0.77, 0.9, 0.999] {
        for attempts in [1, 2, 7, 30, 100] {
            let p = exact_only(100.0, Some(1_000.0), attempts);
            let o = odds(&p, &given(Some(f)));
            let k = attempts as i32 + 1;
            let want_p = 1.0 - f64::powi(f, k);
            let want_e = (1.0 - f64::powi(f, k)) / (1.0 - f);
            let (got_p, got_e) = (o.p_success.unwrap(), o.expected_calls.unwrap());
            assert!(
                (got_p - want_p).abs() <= 1e-15,
                "f {f} K {k}: {got_p} vs {want_p}"
            );
            assert!(
                (got_e - want_e).abs() <= 1e-12 * want_e,
                "f {f} K {k}: {got_e} vs {want_e}"
            );
            assert_eq!(o.p_fail.unwrap(), (0..k).fold(1.0, |x, _| x * f));
        }
    }
    // f = 1: nothing succeeds and every request makes all K calls; f = 0: one call, always.
    let o = odds(&four(), &given(Some(1.0)));
    assert_eq!((o.p_success, o.expected_calls), (Some(0.0), Some(5.0)));
    let o = odds(&four(), &given(Some(0.0)));
    assert_eq!((o.p_success, o.expected_calls), (Some(1.0), Some(1.0)));
    assert_eq!(expected_calls(1.0, 101), 101.0);
}

#[test]
fn nested_layers_multiply_calls() {
    // Two layers of K = 3 over a service failing half the time: up to 9 calls; the inner layer
    // fails with 1/8, so the outer succeeds with 1 − 1/512 after 1.75 × (1 + 1/8 + 1/64) calls.
    let n = nested(3, 0.5, 2);
    assert_eq!(n.max_calls, 9.0);
    assert_eq!(n.p_success, 1.0 - 1.0 / 512.0);
    assert_eq!(n.expected_calls, 1.75 * 1.140625);
    assert_eq!(nested(5, 0.5, 1).expected_calls, 1.9375);
}

// ---- start times and giving up ---------------------------------------------------------------

#[test]
fn giving_up_takes_k_timeouts_plus_the_worst_waits() {
    let p = params(250.0, Some(30_000.0), 6);
    let s = Schedule::compute_without_fleet(&p);
    let g = Given {
        timeout: 1_500.0,
        ..given(Some(0.3))
    };
    let o = odds(&p, &g);
    for st in Strategy::ALL {
        let worst = s.totals(st).worst.as_ms();
        assert_eq!(
            o.strategy(st).unwrap().give_up_worst_ms,
            7.0 * 1_500.0 + worst,
            "{st}"
        );
    }
    // SPEC §1's worst cases: 15 750 ms, decorrelated 90 000 ms.
    assert_eq!(
        o.strategy(Strategy::None).unwrap().give_up_worst_ms,
        26_250.0
    );
    assert_eq!(
        o.strategy(Strategy::Decorrelated).unwrap().give_up_worst_ms,
        100_500.0
    );
}

// ---- none: exact ---------------------------------------------------------------------------

/// f = 0.5, τ = 1 s: T = 0, 1.1, 2.3, 3.7, 5.5 s; conditional CDF 16/31, 24/31, 28/31, 30/31, 1.
#[test]
fn none_quantiles_are_nearest_rank_on_the_conditional_distribution() {
    let g = Given {
        timeout: 1_000.0,
        ..given(Some(0.5))
    };
    let none = odds(&four(), &g).strategy(Strategy::None).cloned().unwrap();
    assert!(none.exact);
    assert_eq!(
        none.success_ms,
        Some([Some(0.0), Some(2_300.0), Some(5_500.0)])
    );
    // f = 0.9: CDF (1 − 0.9^k)/(1 − 0.9⁵) = 0.2442, 0.4641, 0.6620, 0.8401, 1 → p50 T₃, p90 T₅.
    let g = Given {
        timeout: 1_000.0,
        ..given(Some(0.9))
    };
    let none = odds(&four(), &g).strategy(Strategy::None).cloned().unwrap();
    assert_eq!(
        none.success_ms,
        Some([Some(2_300.0), Some(5_500.0), Some(5_500.0)])
    );
    // f = 0: the first call succeeds; f = 1: nobody does.
    let none = odds(&four(), &given(Some(0.0)));
    assert_eq!(
        none.strategy(Strategy::None).unwrap().success_ms,
        Some([Some(0.0); 3])
    );
    let none = odds(&four(), &given(Some(1.0)));
    assert_eq!(
        none.strategy(Strategy::None).unwrap().success_ms,
        Some([None; 3])
    );
}

#[test]
fn none_p_within_deadline_sums_the_calls_that_start_by_it() {
    let within = |deadline: f64, f: f64| {
        let g = Given {
            timeout: 1_000.0,
            deadline: Some(deadline),
            ..given(Some(f))
        };
        odds(&four(), &g)
            .strategy(Strategy::None)
            .unwrap()
            .p_within_deadline
            .unwrap()
    };
    // Σ f^(k−1)(1 − f) over T_k ≤ D, T = 0, 1.1, 2.3, 3.7, 5.5 s; a call at D counts.
    assert_eq!(within(0.0, 0.5), 0.5);
    assert_eq!(within(1_099.0, 0.5), 0.5);
    assert_eq!(within(1_100.0, 0.5), 0.75);
    assert_eq!(within(3_700.0, 0.5), 0.9375);
    assert_eq!(within(5_500.0, 0.5), 0.96875);
    // Every call starts by D: exactly P(success).
    let o = odds(&four(), &given(Some(0.3)));
    assert_eq!(within(1e9, 0.3), o.p_success.unwrap());
    // The SPEC's sum, term by term, agrees to rounding at any f.
    for f in [0.1, 0.3, 0.7] {
        let sum: f64 = (0..4).map(|k| f64::powi(f, k) * (1.0 - f)).sum();
        assert!((within(3_700.0, f) - sum).abs() < 1e-15, "{f}");
    }
}

// ---- jittered: the seeded simulation ---------------------------------------------------------

/// SPEC §2 and §7 written out plainly: request c's waits from `client_rng(seed, strategy, c)`,
/// call j failing when the j-th draw of stream (4 + strategy) × 2³² + c is below f.
struct Reference {
    success: Vec<f64>,
    within: usize,
    after: Vec<f64>,
}

fn reference(p: &Params, st: Strategy, g: &Given) -> Reference {
    let (base, cap) = (p.base().as_ms(), p.cap().map(|c| c.as_ms()));
    let mut r = Reference {
        success: vec![],
        within: 0,
        after: vec![],
    };
    for c in 0..g.clients {
        let mut rng = client_rng(p.seed(), st, c);
        let mut starts = vec![0.0];
        let (mut sum, mut prev) = (0.0, base);
        for (k, (lo, hi)) in p.ranges_ms(st).into_iter().enumerate() {
            let w = match st {
                Strategy::None => lo,
                Strategy::Full | Strategy::Equal => lo + unit_draw(&mut rng) * (hi - lo),
                Strategy::Decorrelated => {
                    let s = base + unit_draw(&mut rng) * (3.0 * prev - base);
                    cap.map_or(s, |cap| s.min(cap))
                }
            };
            prev = w;
            sum += w;
            starts.push((k + 1) as f64 * g.timeout + sum);
        }
        if let Some(f) = g.fail {
            let mut fails = ChaCha8Rng::seed_from_u64(p.seed());
            fails.set_stream(((4 + st as u64) << 32) + u64::from(c));
            if let Some(&t) = starts.iter().find(|_| unit_draw(&mut fails) >= f) {
                r.success.push(t);
                r.within += usize::from(g.deadline.is_some_and(|d| t <= d));
            }
        }
        if let Some(o) = g.outage {
            if let Some(&t) = starts.iter().find(|&&t| t >= o) {
                r.after.push(t - o);
            }
        }
    }
    r.success.sort_by(f64::total_cmp);
    r.after.sort_by(f64::total_cmp);
    r
}

/// Nearest rank as the SPEC writes it: sorted values, index ⌈q·n⌉ − 1.
fn rank(sorted: &[f64], q: f64) -> Option<f64> {
    let i = (q * sorted.len() as f64).ceil() as usize;
    (i > 0).then(|| sorted[i - 1])
}

#[test]
fn jittered_strategies_are_the_seeded_simulation() {
    let cases = [
        (
            params(100.0, Some(30_000.0), 8),
            0.3,
            2_000.0,
            20_000.0,
            10_000.0,
        ),
        (params(250.0, None, 5), 0.9, 0.0, 3_000.0, 1_000.0),
        (params(7.0, Some(700.0), 20), 0.5, 33.0, 1_000.0, 2_500.0),
    ];
    for (p, f, tau, deadline, outage) in cases {
        let g = Given {
            fail: Some(f),
            timeout: tau,
            deadline: Some(deadline),
            outage: Some(outage),
            clients: 3_001,
        };
        let o = odds(&p, &g);
        for st in [Strategy::Full, Strategy::Equal, Strategy::Decorrelated] {
            let r = reference(&p, st, &g);
            let s = o.strategy(st).unwrap();
            assert!(!s.exact);
            let want: Vec<Option<f64>> = [0.5, 0.9, 0.99]
                .iter()
                .map(|&q| rank(&r.success, q))
                .collect();
            assert_eq!(s.success_ms.unwrap().to_vec(), want, "{st}");
            assert_eq!(
                s.p_within_deadline,
                Some(r.within as f64 / 3_001.0),
                "{st}: a share of all requests"
            );
            let out = s.outage.as_ref().unwrap();
            assert_eq!(out.delays_ms, r.after, "{st}");
            assert_eq!(out.give_up_share, (3_001 - r.after.len()) as f64 / 3_001.0);
            assert_eq!(out.p50_ms, rank(&r.after, 0.5));
            assert_eq!(out.p99_ms, rank(&r.after, 0.99));
            let first = r.after.iter().filter(|&&d| d < 100.0).count();
            assert_eq!(
                out.first_window_share,
                (!r.after.is_empty()).then(|| first as f64 / r.after.len() as f64)
            );
        }
    }
}

// ---- deadline fit ----------------------------------------------------------------------------

#[test]
fn deadline_fit_finds_the_largest_attempts_and_base() {
    // 100 ms, ×2, cap 30 s, 8 attempts, τ = 2 s, D = 20 s.
    let p = params(100.0, Some(30_000.0), 8);
    let g = Given {
        timeout: 2_000.0,
        deadline: Some(20_000.0),
        ..given(None)
    };
    let o = odds(&p, &g);
    let none = o.strategy(Strategy::None).unwrap();
    // (a + 1)·2 s + 100·(2^a − 1) ms: a = 5 → 15.1 s, a = 6 → 20.3 s.
    assert_eq!(none.fit_attempts, Some(Some(5)));
    // 9·2 s + 255·b ≤ 20 s → b = 7 ms.
    assert_eq!(none.fit_base_ms, Some(Some(7.0)));
    let full = o.strategy(Strategy::Full).unwrap();
    assert_eq!(
        (full.fit_attempts, full.fit_base_ms),
        (none.fit_attempts, none.fit_base_ms)
    );
    // Decorrelated: a = 3 → 8 s + 3.9 s; a = 4 → 10 s + 12 s. Its 8 ceilings from 1 ms add up
    // to 9 840 ms, more than the 2 s left: no base fits.
    let dec = o.strategy(Strategy::Decorrelated).unwrap();
    assert_eq!(dec.fit_attempts, Some(Some(3)));
    assert_eq!(dec.fit_base_ms, Some(None));
    // Not even one call of 2 s fits 1.5 s.
    let g = Given {
        timeout: 2_000.0,
        deadline: Some(1_500.0),
        ..given(None)
    };
    let none = odds(&p, &g).strategy(Strategy::None).cloned().unwrap();
    assert_eq!(
        (none.fit_attempts, none.fit_base_ms),
        (Some(None), Some(None))
    );
    // The base stops at the cap.
    let p = params(10.0, Some(50.0), 4);
    let g = Given {
        deadline: Some(1e9),
        ..given(None)
    };
    let o = odds(&p, &g);
    assert_eq!(
        o.strategy(Strategy::None).unwrap().fit_base_ms,
        Some(Some(50.0))
    );
    assert_eq!(
        o.strategy(Strategy::None).unwrap().fit_attempts,
        Some(Some(100))
    );
}

// ---- outage ----------------------------------------------------------------------------------

#[test]
fn outage_none_is_exact() {
    // T = 0, 1.1, 2.3, 3.7, 5.5 s (τ = 1 s).
    let case = |outage: f64| {
        let g = Given {
            timeout: 1_000.0,
            outage: Some(outage),
            clients: 50,
            ..given(None)
        };
        odds(&four(), &g)
            .strategy(Strategy::None)
            .unwrap()
            .outage
            .clone()
            .unwrap()
    };
    let o = case(2_250.0);
    assert_eq!(o.give_up_share, 0.0);
    assert_eq!((o.p50_ms, o.p99_ms), (Some(50.0), Some(50.0)));
    assert_eq!(o.first_window_share, Some(1.0));
    assert_eq!(o.delays_ms, vec![50.0; 50]);
    let o = case(2_300.0);
    assert_eq!((o.p50_ms, o.first_window_share), (Some(0.0), Some(1.0)));
    let o = case(2_301.0);
    assert_eq!((o.p50_ms, o.first_window_share), (Some(1_399.0), Some(0.0)));
    // After the last call: everyone has given up.
    let o = case(5_501.0);
    assert_eq!(o.give_up_share, 1.0);
    assert_eq!(
        (o.p50_ms, o.p99_ms, o.first_window_share),
        (None, None, None)
    );
    // f plays no part.
    let with_fail = Given {
        timeout: 1_000.0,
        outage: Some(2_250.0),
        clients: 50,
        ..given(Some(0.99))
    };
    assert_eq!(
        odds(&four(), &with_fail)
            .strategy(Strategy::None)
            .unwrap()
            .outage,
        Some(case(2_250.0))
    );
}

// ---- inputs ----------------------------------------------------------------------------------

#[test]
fn fail_is_a_share_or_a_percentage() {
    assert_eq!(parse_fail("30%").unwrap(), parse_fail("0.3").unwrap());
    for bad in ["130%", "-0.1", "1.5", "x"] {
        let e = parse_fail(bad).unwrap_err();
        assert_eq!(e.param.name(), "fail");
        assert!(e.allowed.contains("from 0 to 1"), "{e}");
    }
}
