//! Properties of the odds (SPEC §7) over random valid inputs: the simulation converges to the
//! closed form, more attempts or a longer deadline never make things worse, and no input gives a
//! panic, NaN or ∞.

use proptest::prelude::*;
use sade::backoff::Strategy as Jitter;
use sade::backoff::{Delay, Params};
use sade::i18n::Lang;
use sade::odds::{render_json, render_text, Inputs, Odds};

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

/// A schedule: base 0.5 ms..10 s, factor 1..4, an optional cap ≥ base, `attempts`, any seed.
fn schedule(attempts: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Params> {
    (
        0.5f64..10_000.0,
        1.0f64..4.0,
        proptest::option::of(1.0f64..1_000.0),
        attempts,
        any::<u64>(),
    )
        .prop_map(|(base, factor, cap, attempts, seed)| {
            Params::builder(ms(base))
                .factor(factor)
                .cap(cap.map(|m| ms(base * m)))
                .attempts(attempts)
                .seed(seed)
                .build()
                .expect("valid parameters must build")
        })
}

/// A failure rate, with the ends and round values over-represented.
fn fail() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => 0.0f64..=1.0,
        1 => prop::sample::select(vec![0.0, 0.5, 0.9, 0.99, 1.0]),
    ]
}

fn with_attempts(p: &Params, attempts: u32) -> Params {
    Params::builder(p.base())
        .factor(p.factor())
        .cap(p.cap())
        .attempts(attempts)
        .seed(p.seed())
        .build()
        .unwrap()
}

fn compute(p: &Params, f: Option<f64>, tau: f64, d: Option<f64>, o: Option<f64>, n: u32) -> Odds {
    let inputs = Inputs::builder()
        .fail(f)
        .timeout(ms(tau))
        .deadline(d.map(ms))
        .outage(o.map(ms))
        .clients(n)
        .build(p)
        .unwrap();
    Odds::compute(p, &inputs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// With a deadline no request can miss, P(within D) of a jittered strategy is its simulated
    /// success share: within 5σ of 1 − f^K (plus one request for the rounding of a share).
    #[test]
    fn simulated_success_converges_to_the_closed_form(
        p in schedule(1..=12),
        f in fail(),
        tau in 0.0f64..5_000.0,
        n in 500u32..3_000,
    ) {
        let odds = compute(&p, Some(f), tau, Some(1e300), None, n);
        let want = odds.p_success.unwrap();
        let sigma = (want * (1.0 - want) / f64::from(n)).sqrt();
        for st in [Jitter::Full, Jitter::Equal, Jitter::Decorrelated] {
            let got = odds.strategy(st).unwrap().p_within_deadline.unwrap();
            prop_assert!(
                (got - want).abs() <= 5.0 * sigma + 1.0 / f64::from(n),
                "{st}: simulated {got}, closed form {want}"
            );
        }
        // none is the closed form itself.
        prop_assert_eq!(odds.strategy(Jitter::None).unwrap().p_within_deadline, Some(want));
    }

    /// More attempts never lower P(success), exactly or simulated (a request's draws are the
    /// same prefix, so whoever succeeded still does), nor shorten the worst case.
    #[test]
    fn more_attempts_never_hurt(
        p in schedule(1..=30),
        f in fail(),
        tau in 0.0f64..2_000.0,
        more in 1u32..5,
    ) {
        let longer = with_attempts(&p, (p.attempts() + more).min(100));
        let a = compute(&p, Some(f), tau, Some(1e300), None, 400);
        let b = compute(&longer, Some(f), tau, Some(1e300), None, 400);
        prop_assert!(b.p_success.unwrap() >= a.p_success.unwrap());
        prop_assert!(b.expected_calls.unwrap() >= a.expected_calls.unwrap());
        for st in Jitter::ALL {
            let (sa, sb) = (a.strategy(st).unwrap(), b.strategy(st).unwrap());
            prop_assert!(sb.p_within_deadline >= sa.p_within_deadline, "{st}");
            prop_assert!(sb.give_up_worst_ms >= sa.give_up_worst_ms, "{st}");
        }
    }

    /// A longer deadline never lowers P(done within D), and every fit grows with it.
    #[test]
    fn longer_deadlines_never_hurt(
        p in schedule(1..=20),
        f in fail(),
        tau in 0.0f64..2_000.0,
        d in 0.0f64..200_000.0,
        extra in 0.0f64..100_000.0,
    ) {
        let a = compute(&p, Some(f), tau, Some(d), None, 300);
        let b = compute(&p, Some(f), tau, Some(d + extra), None, 300);
        for st in Jitter::ALL {
            let (sa, sb) = (a.strategy(st).unwrap(), b.strategy(st).unwrap());
            prop_assert!(sb.p_within_deadline >= sa.p_within_deadline, "{st}");
            prop_assert!(sb.fit_attempts.unwrap() >= sa.fit_attempts.unwrap(), "{st}");
            prop_assert!(sb.fit_base_ms.unwrap() >= sa.fit_base_ms.unwrap(), "{st}");
        }
    }

    /// Every number is finite, every share in [0, 1], quantiles in order and within the worst
    /// case, and the fit agrees with the worst case; the text and JSON render.
    #[test]
    fn no_panic_nan_or_infinity(
        p in schedule(1..=100),
        f in proptest::option::of(fail()),
        tau in prop_oneof![Just(0.0), 0.0f64..1e6, 1e6f64..1e12],
        d in proptest::option::of(prop_oneof![Just(0.0), 0.0f64..1e6, 1e6f64..1e15]),
        o in proptest::option::of(prop_oneof![Just(0.0), 0.0f64..1e6, 1e6f64..1e12]),
        n in 1u32..200,
    ) {
        let odds = compute(&p, f, tau, d, o, n);
        let share = |x: f64| (0.0..=1.0).contains(&x);
        if let (Some(ps), Some(e)) = (odds.p_success, odds.expected_calls) {
            prop_assert!(share(ps));
            prop_assert!(e >= 1.0 && e <= f64::from(odds.calls), "{e}");
        }
        for &st in p.strategies() {
            let s = odds.strategy(st).unwrap();
            prop_assert!(s.give_up_worst_ms.is_finite());
            if let Some(q) = s.success_ms {
                let q: Vec<f64> = q.iter().flatten().copied().collect();
                prop_assert!(q.windows(2).all(|w| w[0] <= w[1]), "{q:?}");
                prop_assert!(q.iter().all(|&t| t >= 0.0 && t <= s.give_up_worst_ms));
            }
            if let Some(x) = s.p_within_deadline {
                prop_assert!(share(x));
            }
            if let (Some(Some(a)), Some(d)) = (s.fit_attempts, d) {
                prop_assert!(a <= 100);
                prop_assert_eq!(a >= p.attempts(), s.give_up_worst_ms <= d, "{}", st);
            }
            if let Some(Some(b)) = s.fit_base_ms {
                prop_assert!(b >= 1.0 && b.fract() == 0.0);
                prop_assert!(p.cap().is_none_or(|c| b <= c.as_ms()));
            }
            if let Some(out) = &s.outage {
                prop_assert!(share(out.give_up_share));
                prop_assert!(out.first_window_share.is_none_or(share));
                prop_assert!(out.delays_ms.iter().all(|x| x.is_finite() && *x >= 0.0));
                prop_assert!(out.p50_ms <= out.p99_ms);
            }
        }
        let json = render_json(&odds, &p).to_string();
        prop_assert!(!json.contains("NaN") && !json.contains("inf"));
        for lang in Lang::ALL {
            let text = render_text(&odds, &p, lang);
            prop_assert!(!text.contains("NaN") && !text.contains("inf"), "{text}");
        }
    }
}
