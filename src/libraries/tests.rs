//! Unit tests of the library models: each model's ends on hand-computed cases, the boundaries
//! (factor 1, cap = base, 1 and 100 retries, caps a library exceeds), the closed-form means, and
//! properties over random inputs.

use super::*;

fn input(base_ms: f64, factor: f64, cap_ms: Option<f64>, attempts: usize) -> Input {
    Input {
        base_ms,
        factor,
        cap_ms,
        attempts,
        seed: 7,
    }
}

fn ends(m: &Model) -> Vec<(f64, f64)> {
    m.rows.iter().map(|r| (r.min_ms, r.max_ms)).collect()
}

fn mins(m: &Model) -> Vec<f64> {
    m.rows.iter().map(|r| r.min_ms).collect()
}

fn maxes(m: &Model) -> Vec<f64> {
    m.rows.iter().map(|r| r.max_ms).collect()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn ids_streams_and_lists() {
    assert_eq!(Library::ALL.len(), 17);
    for (i, l) in Library::ALL.into_iter().enumerate() {
        assert_eq!(Library::from_id(l.id()), Some(l));
        assert_eq!(l.stream(3), ((16 + i as u64) << 32) + 3);
    }
    assert_eq!(parse_list("all").unwrap(), Library::ALL.to_vec());
    assert_eq!(
        parse_list("tenacity, grpc,tenacity").unwrap(),
        vec![Library::Tenacity, Library::Grpc]
    );
    let e = parse_list("grpc,tenacty").unwrap_err();
    assert_eq!(e.suggestion, Some("tenacity"));
    assert!(
        e.to_string()
            .starts_with("unknown library `tenacty` (did you mean `tenacity`?); use all, or"),
        "{e}"
    );
    assert_eq!(parse_list("zzzzzz").unwrap_err().suggestion, None);
    // Names for people, ids in text, and every id in a message's list.
    assert_eq!(Library::GrpcCore.label(), "gRPC C-core");
    assert_eq!(Library::Urllib3.label(), "urllib3 (requests)");
    assert_eq!(Library::GoRetryablehttp.to_string(), "go-retryablehttp");
    assert!(Library::ids().starts_with("grpc, aws-sdk, tenacity, "));
    assert!(Library::ids().ends_with(", go-retryablehttp, grpc-core"));
    assert_eq!(Library::ids().split(", ").count(), 17);
}

#[test]
fn grpc_at_most_four_retries_and_twenty_percent_over_the_cap() {
    let m = model_of(Library::Grpc, &input(100.0, 2.0, Some(30_000.0), 6));
    assert_eq!(m.rows.len(), 4);
    assert_eq!(mins(&m), [80.0, 160.0, 320.0, 640.0]);
    for (max, nominal) in maxes(&m).into_iter().zip([100.0, 200.0, 400.0, 800.0]) {
        // ⌊cur·(0.8 + 0.4u)⌋ ns with the largest u: 1.2·cur, less at most one nanosecond.
        assert!(close(max, nominal * 1.2, 1e-6), "{max}");
    }
    assert_eq!(m.config[0], ("maxAttempts", json_num(5.0)));
    assert!(m.notes.iter().any(|n| n.en.contains("Retries 5–6")));
    // The cap binds: delays go 20 % past it.
    let m = model_of(Library::Grpc, &input(1_000.0, 2.0, Some(2_000.0), 3));
    assert!(close(m.rows[2].max_ms, 2_400.0, 1e-6));
    assert_eq!(m.rows[2].min_ms, 1_600.0);
    assert!(m.notes.iter().any(|n| n.en.contains("20 % longer")));
    // No cap: maxBackoff is the last retry's value and shortens nothing.
    let m = model_of(Library::Grpc, &input(100.0, 3.0, None, 9));
    assert_eq!(m.config[2], ("maxBackoff", serde_json::json!("2.7s")));
    assert_eq!(mins(&m), [80.0, 240.0, 720.0, 2_160.0]);
    // One retry.
    let m = model_of(Library::Grpc, &input(100.0, 2.0, None, 1));
    assert_eq!(m.rows.len(), 1);
    assert_eq!(m.config[0], ("maxAttempts", json_num(2.0)));
}

fn json_num(x: f64) -> serde_json::Value {
    if x.fract() == 0.0 {
        serde_json::json!(x as u64)
    } else {
        serde_json::json!(x)
    }
}

#[test]
fn aws_ignores_the_inputs_and_stops_at_the_quota() {
    let m = model_of(Library::AwsSdk, &input(250.0, 3.0, Some(1_000.0), 40));
    assert_eq!(m.rows.len(), 35);
    let tops = maxes(&m);
    assert_eq!(
        &tops[..10],
        [50.0, 100.0, 200.0, 400.0, 800.0, 1_600.0, 3_200.0, 6_400.0, 12_800.0, 20_000.0]
    );
    assert!(tops[10..].iter().all(|&t| t == 20_000.0));
    assert!(mins(&m).iter().all(|&x| x == 0.0));
    assert!(m
        .notes
        .iter()
        .any(|n| n.en.contains("Retries 36–40 are not made")));
    assert_eq!(m.config[1], ("total_max_attempts", json_num(36.0)));
    assert_eq!(m.totals.mean_ms, m.totals.worst_ms / 2.0);
}

#[test]
fn python_full_jitter_follows_spec_nominal() {
    for lib in [Library::Tenacity, Library::PythonBackoff] {
        let m = model_of(lib, &input(250.0, 2.0, Some(30_000.0), 8));
        assert_eq!(
            maxes(&m),
            [250.0, 500.0, 1_000.0, 2_000.0, 4_000.0, 8_000.0, 16_000.0, 30_000.0]
        );
        assert!(mins(&m).iter().all(|&x| x == 0.0));
        // Factor 1 and cap = base: constant.
        for m in [
            model_of(lib, &input(100.0, 1.0, None, 5)),
            model_of(lib, &input(100.0, 3.0, Some(100.0), 5)),
        ] {
            assert_eq!(ends(&m), vec![(0.0, 100.0); 5]);
            assert_eq!(m.totals.mean_ms, 250.0);
        }
    }
    let m = model_of(Library::PythonBackoff, &input(100.0, 2.0, None, 3));
    assert!(m
        .snippet
        .code
        .contains("base=2,  # growth per retry\n    factor=0.1,"));
    assert!(m.snippet.code.contains("max_tries=4,"));
}

#[test]
fn cenkalti_caps_the_interval_not_the_delay() {
    let m = model_of(Library::Cenkalti, &input(100.0, 2.0, Some(30_000.0), 3));
    assert_eq!(mins(&m), [50.0, 100.0, 200.0]);
    // ⌊I/2 + u·(I + 1)⌋ ns: the largest is 1.5·I + 1 ns.
    assert_eq!(maxes(&m), [150.000_001, 300.000_001, 600.000_001]);
    let m = model_of(Library::Cenkalti, &input(1_000.0, 2.0, Some(2_000.0), 3));
    assert_eq!(mins(&m), [500.0, 1_000.0, 1_000.0]);
    assert_eq!(maxes(&m), [1_500.000_001, 3_000.000_001, 3_000.000_001]);
    assert!(m.notes.iter().any(|n| n.en.contains("go past your cap")));
    // Intervals are whole nanoseconds, truncated at every step: 1 ns × 1.5 stays 1 ns.
    let m = model_of(Library::Cenkalti, &input(1e-6, 1.5, None, 4));
    assert_eq!(mins(&m), [0.0; 4]);
    assert_eq!(maxes(&m), [2e-6; 4]);
    // 7 ns × 1.5 = 10.5 → 10 → 15 → 22.
    let m = model_of(Library::Cenkalti, &input(7e-6, 1.5, None, 4));
    let lows: Vec<f64> = mins(&m).iter().map(|x| (x * 1e6).round()).collect();
    assert_eq!(lows, [3.0, 5.0, 7.0, 11.0]);
}

#[test]
fn p_retry_rounds_doubles_and_cuts() {
    let m = model_of(Library::PRetry, &input(100.0, 2.0, Some(30_000.0), 3));
    assert_eq!(ends(&m), [(100.0, 200.0), (200.0, 400.0), (400.0, 800.0)]);
    // maxTimeout cuts after the jitter.
    let m = model_of(Library::PRetry, &input(1_000.0, 2.0, Some(1_500.0), 2));
    assert_eq!(ends(&m), [(1_000.0, 1_500.0), (1_500.0, 1_500.0)]);
    // minTimeout is at least 1 ms.
    let m = model_of(Library::PRetry, &input(0.1, 2.0, None, 2));
    assert_eq!(ends(&m), [(1.0, 2.0), (2.0, 4.0)]);
    assert!(m.notes.iter().any(|n| n.en.contains("raises minTimeout")));
    // Whole ms: 1.5 → 2 (halves go up), 2.25 → 2.
    let m = model_of(Library::PRetry, &input(1.5, 1.5, None, 2));
    assert_eq!(mins(&m), [2.0, 2.0]);
    // setTimeout's limit.
    let m = model_of(Library::PRetry, &input(3_600_000.0, 10.0, None, 4));
    assert!(m.notes.iter().any(|n| n.en.contains("from retry 4 on")));
}

#[test]
fn exponential_backoff_full_jitter_in_whole_ms() {
    let m = model_of(
        Library::ExponentialBackoff,
        &input(100.0, 2.0, Some(300.0), 4),
    );
    assert_eq!(
        ends(&m),
        [(0.0, 100.0), (0.0, 200.0), (0.0, 300.0), (0.0, 300.0)]
    );
    assert!(m.rows.iter().all(|r| r.sample_ms.fract() == 0.0));
    // E[round(u·d)] = d/2 for whole d.
    assert_eq!(m.totals.mean_ms, 450.0);
    assert_eq!(m.config[0], ("numOfAttempts", json_num(5.0)));
}

#[test]
fn backon_jitter_is_one_sided_in_f32() {
    let m = model_of(Library::Backon, &input(100.0, 2.0, Some(30_000.0), 3));
    // 0.1f32 s × 2 in f32, to the nearest ns: 200.000003 ms.
    assert_eq!(mins(&m), [100.0, 200.000_003, 400.000_006]);
    for (lo, hi) in ends(&m) {
        assert!(close(hi, 2.0 * lo, 1e-4), "{lo} {hi}");
    }
    let m = model_of(Library::Backon, &input(1_000.0, 2.0, Some(2_000.0), 3));
    assert_eq!(mins(&m), [1_000.0, 2_000.0, 2_000.0]);
    assert!(m.rows[2].max_ms > 3_999.0 && m.rows[2].max_ms < 4_000.0);
    assert!(m.notes.iter().any(|n| n.en.contains("go past your cap")));
    assert!(m
        .snippet
        .code
        .contains(".with_max_delay(Duration::from_secs(2))"));
    let m = model_of(Library::Backon, &input(100.0, 1.5, None, 2));
    assert!(m
        .snippet
        .code
        .contains(".with_factor(1.5)\n    .without_max_delay()"));
}

#[test]
fn polly_decorrelated_v2_ends() {
    let m = model_of(Library::Polly, &input(100.0, 3.0, None, 4));
    let f = |t: f64| t.exp2() * (4.0 * t).sqrt().tanh();
    let expected = [f(1.0), f(2.0) - f(0.0), f(3.0) - f(1.0), f(4.0) - f(2.0)];
    for (row, e) in m.rows.iter().zip(expected) {
        assert_eq!(row.min_ms, 0.0);
        let ticks = e / 1.4 * 1e6;
        assert!(
            close(row.max_ms * 1e4, ticks, 1.0),
            "{} vs {ticks}",
            row.max_ms
        );
    }
    assert!(close(m.rows[0].max_ms, 137.718, 0.001));
    assert!(m.notes[0].en.contains("your factor, 3, is not used"));
    // The mean is estimated; without a cap it telescopes to E[f(N − 1 + U)]/1.4 × Delay.
    assert!(m.totals.mean_is_estimate);
    let n = 2000;
    let integral: f64 = (0..n)
        .map(|i| f(3.0 + (f64::from(i) + 0.5) / f64::from(n)))
        .sum::<f64>()
        / f64::from(n);
    let exact = integral / 1.4 * 100.0;
    assert!(
        close(m.totals.mean_ms, exact, exact * 0.01),
        "{} vs {exact}",
        m.totals.mean_ms
    );
    // MaxDelay cuts after the jitter.
    let m = model_of(Library::Polly, &input(100.0, 2.0, Some(150.0), 6));
    assert!(maxes(&m).iter().all(|&x| x <= 150.0));
    assert_eq!(m.rows[5].max_ms, 150.0);
}

#[test]
fn resilience4j_whole_ms_and_the_jitter_that_disappears() {
    let m = model_of(Library::Resilience4j, &input(100.0, 2.0, Some(30_000.0), 2));
    // ⌊50 + u·101⌋: the largest draw gives 151.
    assert_eq!(ends(&m), [(50.0, 151.0), (100.0, 301.0)]);
    let m = model_of(
        Library::Resilience4j,
        &input(1_000.0, 2.0, Some(2_000.0), 5),
    );
    assert_eq!(mins(&m), [500.0, 1_000.0, 2_000.0, 2_000.0, 2_000.0]);
    assert_eq!(maxes(&m), [1_501.0, 2_000.0, 2_000.0, 2_000.0, 2_000.0]);
    assert!(m
        .notes
        .iter()
        .any(|n| n.en.contains("from retry 3 on every delay is exactly")));
    // The interval is truncated at every step: 3, 4 (4.5), 6, 9, 13 (13.5).
    let m = model_of(Library::Resilience4j, &input(3.0, 1.5, None, 5));
    assert_eq!(mins(&m), [1.0, 2.0, 3.0, 4.0, 6.0]);
    // Sub-millisecond inputs: whole milliseconds, at least 1.
    let m = model_of(Library::Resilience4j, &input(0.5, 2.0, None, 2));
    assert_eq!(m.config[1], ("initialIntervalMillis", json_num(1.0)));
    assert_eq!(ends(&m), [(1.0, 2.0), (1.0, 3.0)]);
    assert!(m
        .notes
        .iter()
        .any(|n| n.en.contains("first wait becomes 1")));
}

#[test]
fn closed_form_means_match_brute_force() {
    let brute = |a: f64, b: f64, c: f64| {
        let n = 200_000;
        (0..n)
            .map(|i| {
                (a + (b - a) * (f64::from(i) + 0.5) / f64::from(n))
                    .floor()
                    .min(c)
            })
            .sum::<f64>()
            / f64::from(n)
    };
    for (a, b, c) in [
        (0.5, 100.5, f64::INFINITY),
        (0.3, 0.7, f64::INFINITY),
        (2.25, 2.75, f64::INFINITY),
        // Within one whole number but not centred on its half, where a wrong fraction term
        // cancels out no longer.
        (2.1, 2.3, f64::INFINITY),
        (7.05, 7.9, f64::INFINITY),
        (50.0, 151.0, 120.0),
        (100.5, 200.5, 150.5),
        (1e9, 1.5e9 + 1.0, f64::INFINITY),
        (10.0, 20.0, 5.0),
    ] {
        let exact = mean_min_floor(a, b, c);
        assert!(
            close(exact, brute(a, b, c), 1e-3 * (1.0 + exact)),
            "{a} {b} {c}: {exact}"
        );
    }
    assert_eq!(mean_floor(3.0, 3.0), 3.0);
}

#[test]
fn simulated_mean_uses_the_same_draws_as_one_generator_per_client() {
    let input = input(100.0, 2.0, Some(5_000.0), 7);
    let f = plan_formula(Library::Polly, &input);
    let (mut units, mut out, mut total) = (vec![0.0; 7], Vec::new(), 0.0);
    for client in 0..SIMULATED_CLIENTS {
        draws(Library::Polly, 7, client, &mut units);
        f.delays(&units, &mut out);
        total += out.iter().fold(0.0, |a, d| a + d);
    }
    let expected = total / f64::from(SIMULATED_CLIENTS);
    assert_eq!(
        simulated_mean(Library::Polly, 7, f.as_ref()).to_bits(),
        expected.to_bits()
    );
}

#[test]
fn distributions() {
    let d = Dist::Floor {
        lo: 0.5,
        hi: 10.5,
        floor: 0.0,
        cap: f64::INFINITY,
    };
    assert_eq!(d.cdf(0.0), (0.0, 0.05));
    assert_eq!(d.cdf(10.0), (0.95, 1.0));
    let d = Dist::Floor {
        lo: 0.5,
        hi: 2.5,
        floor: 1.0,
        cap: 2.0,
    };
    assert_eq!(d.cdf(1.0), (0.0, 0.75));
    assert_eq!(d.cdf(2.0), (0.75, 1.0));
    let d = Dist::Uniform { lo: 2.0, hi: 4.0 };
    assert_eq!(d.cdf(3.0), (0.5, 0.5));
    assert_eq!(Dist::Uniform { lo: 2.0, hi: 2.0 }.cdf(2.0), (0.0, 1.0));
}

#[test]
fn the_issue_command_lists_seventeen_complete_models() {
    let params = crate::backoff::Params::builder(crate::backoff::Delay::from_ms(100.0).unwrap())
        .cap(crate::backoff::Delay::from_ms(30_000.0))
        .attempts(6)
        .build()
        .unwrap();
    for library in Library::ALL {
        let m = model(library, &params);
        assert!(!m.version.is_empty() && m.source.starts_with("https://github.com/"));
        assert!(m.source.contains(m.version), "{}", m.source);
        assert!(!m.notes.is_empty() && !m.config.is_empty() && !m.snippet.code.is_empty());
        assert!(m.notes.iter().all(|n| !n.tr.is_empty() && n.tr != n.en));
    }
}

/// Every client's delays, not only client 0's, lie within the rows' ends.
fn check_clients(m: &Model, input: &Input) -> Result<(), String> {
    let lib = m.library;
    let (mut units, mut out) = (vec![0.0; m.rows.len()], Vec::new());
    let f = plan_formula(lib, input);
    for client in 0..8 {
        draws(lib, input.seed, client, &mut units);
        f.delays(&units, &mut out);
        for (r, d) in m.rows.iter().zip(&out) {
            if !(r.min_ms <= *d && *d <= r.max_ms) {
                return Err(format!(
                    "{lib} client {client} retry {}: {d} not in [{}, {}]",
                    r.attempt, r.min_ms, r.max_ms
                ));
            }
        }
    }
    Ok(())
}

fn plan_formula(library: Library, input: &Input) -> Box<dyn Formula> {
    plan(library, input).formula
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    #[test]
    fn samples_lie_within_the_ends_and_totals_add_up(
        base in 0.001f64..100_000.0,
        factor in 1.0f64..6.0,
        cap_over in proptest::option::of(1.0f64..1_000.0),
        attempts in 1usize..=100,
        seed in proptest::prelude::any::<u64>(),
    ) {
        let cap_ms = cap_over.map(|c| base * c);
        let input = Input { base_ms: base, factor, cap_ms, attempts, seed };
        proptest::prop_assume!(crate::backoff::Params::builder(crate::backoff::Delay::from_ms(base).unwrap())
            .factor(factor)
            .cap(cap_ms.and_then(crate::backoff::Delay::from_ms))
            .attempts(attempts as u32)
            .build()
            .is_ok());
        for library in Library::ALL {
            let m = model_of(library, &input);
            proptest::prop_assert!(!m.rows.is_empty() && m.rows.len() <= attempts);
            for r in &m.rows {
                proptest::prop_assert!(r.min_ms >= 0.0 && r.min_ms <= r.sample_ms && r.sample_ms <= r.max_ms,
                    "{library} {r:?}");
            }
            let t = m.totals;
            proptest::prop_assert_eq!(t.best_ms, m.rows.iter().map(|r| r.min_ms).sum::<f64>());
            proptest::prop_assert_eq!(t.worst_ms, m.rows.iter().map(|r| r.max_ms).sum::<f64>());
            let slack = 1e-9 * t.worst_ms;
            proptest::prop_assert!(t.best_ms - slack <= t.mean_ms && t.mean_ms <= t.worst_ms + slack,
                "{library}: {t:?}");
            if let Err(e) = check_clients(&m, &input) {
                proptest::prop_assert!(false, "{}", e);
            }
        }
    }
}

mod clients;
mod herd;
