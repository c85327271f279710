//! Unit tests of the HTTP clients', Google's, stamina's and gRPC C-core's models: their ends on
//! hand-computed cases, the defaults they fall back to, and the notes that say so.

use super::*;

fn notes_en(m: &Model) -> String {
    // Durations keep a no-break space before their unit.
    let text: Vec<&str> = m.notes.iter().map(|n| n.en.as_str()).collect();
    text.join("\n").replace('\u{a0}', " ")
}

fn config(m: &Model, key: &str) -> Value {
    m.config
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.clone())
        .unwrap_or(Value::Null)
}

#[test]
fn urllib3_waits_nothing_first_then_doubles_its_factor_up_to_backoff_max() {
    let m = model_of(Library::Urllib3, &input(100.0, 3.0, Some(1_000.0), 6));
    assert_eq!(mins(&m), [0.0, 200.0, 400.0, 800.0, 1_000.0, 1_000.0]);
    assert_eq!(maxes(&m), mins(&m));
    assert_eq!(m.totals.mean_ms, 3_400.0);
    // Fixed waits: the mean is their sum, not an estimate, and each one is a point.
    assert!(!m.totals.mean_is_estimate);
    assert_eq!(
        m.dists.as_deref().unwrap()[..2],
        [
            Dist::Uniform { lo: 0.0, hi: 0.0 },
            Dist::Uniform {
                lo: 200.0,
                hi: 200.0
            }
        ]
    );
    assert_eq!(config(&m, "backoff_factor"), 0.1);
    assert_eq!(config(&m, "backoff_max"), 1);
    let notes = notes_en(&m);
    assert!(notes.contains("your factor, 3, is not used"), "{notes}");
    assert!(!notes.contains("unless set: from retry"), "{notes}");
    assert!(m.snippet.code.contains("backoff_max=1,\n"));

    // No cap: urllib3's own 120 s binds from the retry whose doubling reaches it.
    let m = model_of(Library::Urllib3, &input(1_000.0, 2.0, None, 9));
    assert_eq!(m.rows[6].min_ms, 64_000.0);
    assert_eq!(m.rows[7].min_ms, 120_000.0);
    let notes = notes_en(&m);
    assert!(
        notes.contains("from retry 8 on, every wait is 2 min"),
        "{notes}"
    );
    assert!(!notes.contains("is not used"), "{notes}");
    assert!(!m.snippet.code.contains("backoff_max"));
    assert_eq!(config(&m, "backoff_max"), Value::Null);
    // Exactly 120 s is where the note starts.
    let m = model_of(Library::Urllib3, &input(1_875.0, 2.0, None, 7));
    assert_eq!(m.rows[6].min_ms, 120_000.0);
    assert!(notes_en(&m).contains("from retry 7 on"));
}

#[test]
fn google_api_core_is_full_jitter_with_a_deadline_of_the_longest_total() {
    let m = model_of(Library::GoogleApiCore, &input(100.0, 2.0, Some(300.0), 4));
    assert_eq!(
        ends(&m),
        [(0.0, 100.0), (0.0, 200.0), (0.0, 300.0), (0.0, 300.0)]
    );
    assert_eq!(m.totals.mean_ms, 450.0);
    assert_eq!(config(&m, "timeout"), 0.9);
    assert_eq!(config(&m, "maximum"), 0.3);
    assert!(!notes_en(&m).contains("maximum is 60 s"));
    let m = model_of(Library::GoogleApiCore, &input(100.0, 2.0, None, 3));
    assert_eq!(config(&m, "maximum"), 0.4);
    assert!(notes_en(&m).contains("last retry's value (400 ms)"));
}

#[test]
fn stamina_adds_its_one_second_jitter_before_wait_max() {
    let m = model_of(Library::Stamina, &input(100.0, 2.0, Some(1_000.0), 4));
    assert_eq!(
        ends(&m),
        [
            (100.0, 1_000.0),
            (200.0, 1_000.0),
            (400.0, 1_000.0),
            (800.0, 1_000.0)
        ]
    );
    // min(U(100, 1100), 1000): 0.9 of the mass spread over [100, 1000), 0.1 at 1000.
    let mean = (900.0 * 550.0 + 100.0 * 1_000.0) / 1_000.0;
    let f = plan_formula(Library::Stamina, &input(100.0, 2.0, Some(1_000.0), 4));
    assert!(close(f.mean(0).unwrap(), mean, 1e-9));
    assert_eq!(
        f.mean(3).unwrap(),
        (200.0 * 900.0 + 800.0 * 1_000.0) / 1_000.0
    );
    // A cap under the growth: every wait is the cap.
    let f = plan_formula(Library::Stamina, &input(500.0, 2.0, Some(500.0), 2));
    assert_eq!(f.mean(1).unwrap(), 500.0);
    assert_eq!(f.range(1), (500.0, 500.0));
    let m = model_of(Library::Stamina, &input(100.0, 2.0, None, 3));
    assert_eq!(
        ends(&m),
        [(100.0, 1_100.0), (200.0, 1_200.0), (400.0, 1_400.0)]
    );
    assert_eq!(m.totals.mean_ms, 700.0 + 1_500.0);
    assert_eq!(config(&m, "wait_max"), 1.4);
    assert_eq!(config(&m, "attempts"), 4);
    let notes = notes_en(&m);
    assert!(notes.contains("between 100 ms and 1.1 s"), "{notes}");
    assert!(notes.contains("wait_max is 5 s unless set"), "{notes}");
    assert_eq!(
        f.dist(0),
        Some(Dist::Capped {
            lo: 500.0,
            hi: 1_500.0,
            cap: 500.0
        })
    );
}

#[test]
fn stamina_draws_a_whole_second_of_jitter_then_caps() {
    // min(wait_max, wait_initial × 2^(n−1) + u × 1 s): 100 + 500, 200 + 300, 400 + 950 → 1 s.
    let f = plan_formula(Library::Stamina, &input(100.0, 2.0, Some(1_000.0), 3));
    let mut out = Vec::new();
    f.delays(&[0.5, 0.3, 0.95], &mut out);
    assert_eq!(out, [600.0, 500.0, 1_000.0]);
    // Client 0's draw, from its own stream, is the sample.
    let input = input(100.0, 2.0, None, 3);
    let mut units = [0.0; 3];
    draws(Library::Stamina, input.seed, 0, &mut units);
    let m = model_of(Library::Stamina, &input);
    for (k, (r, u)) in m.rows.iter().zip(units).enumerate() {
        assert_eq!(r.sample_ms, 100.0 * 2f64.powi(k as i32) + u * 1_000.0);
    }
}

#[test]
fn capped_uniforms_have_an_atom_at_the_cap() {
    let d = Dist::Capped {
        lo: 0.0,
        hi: 10.0,
        cap: 8.0,
    };
    assert_eq!(d.cdf(4.0), (0.4, 0.4));
    assert_eq!(d.cdf(8.0), (0.8, 1.0));
    assert_eq!(d.cdf(9.0), (1.0, 1.0));
    assert_eq!(d.cdf(-1.0), (0.0, 0.0));
}

#[test]
fn got_waits_its_own_second_doubled_plus_noise_after_the_limit() {
    let m = model_of(Library::Got, &input(1_000.0, 2.0, Some(5_000.0), 4));
    assert_eq!(
        ends(&m),
        [
            (1_000.0, 1_100.0),
            (2_000.0, 2_100.0),
            (4_000.0, 4_100.0),
            (5_000.0, 5_100.0)
        ]
    );
    assert_eq!(m.totals.mean_ms, 12_000.0 + 200.0);
    assert!(!notes_en(&m).contains("fixed at 1 s"));
    assert_eq!(config(&m, "backoffLimit"), 5_000);
    let m = model_of(Library::Got, &input(100.0, 1.5, None, 2));
    assert_eq!(mins(&m), [1_000.0, 2_000.0]);
    let notes = notes_en(&m);
    assert!(
        notes.contains("your base, 100 ms, cannot be set"),
        "{notes}"
    );
    assert!(notes.contains("your factor, 1.5, is not used"), "{notes}");
    assert!(!m.snippet.code.contains("backoffLimit"));
    // 1 s × 2^22 is past Node's longest timer; 1 s × 2^21 + 100 ms is not.
    let m = model_of(Library::Got, &input(1_000.0, 2.0, None, 23));
    assert!(notes_en(&m).contains("from retry 23 on"));
    // The noise is added after backoffLimit: a limit 99 ms under the longest timer (2^31 − 1 ms)
    // passes it at the largest noise, a limit 100 ms under reaches it only.
    let m = model_of(
        Library::Got,
        &input(1_000.0, 2.0, Some(2_147_483_548.0), 23),
    );
    assert_eq!(m.rows[22].max_ms, 2_147_483_648.0);
    assert!(
        notes_en(&m).contains("from retry 23 on"),
        "{}",
        notes_en(&m)
    );
    let m = model_of(
        Library::Got,
        &input(1_000.0, 2.0, Some(2_147_483_547.0), 23),
    );
    assert!(!notes_en(&m).contains("setTimeout"), "{}", notes_en(&m));
}

#[test]
fn got_and_axios_retry_draw_one_sided_uniforms() {
    let u = |lo, hi| Dist::Uniform { lo, hi };
    // got: U(min(1000 × 2^(n−1), backoffLimit), that + 100).
    let m = model_of(Library::Got, &input(1_000.0, 2.0, Some(5_000.0), 4));
    assert_eq!(
        m.dists.unwrap(),
        [
            u(1_000.0, 1_100.0),
            u(2_000.0, 2_100.0),
            u(4_000.0, 4_100.0),
            u(5_000.0, 5_100.0)
        ]
    );
    // axios-retry: U(base × 2^(n−1), 1.2 times that).
    let m = model_of(Library::AxiosRetry, &input(100.0, 2.0, None, 2));
    assert_eq!(m.dists.unwrap(), [u(100.0, 120.0), u(200.0, 240.0)]);
}

#[test]
fn axios_retry_starts_at_twice_its_delay_factor_and_adds_up_to_a_fifth() {
    let m = model_of(Library::AxiosRetry, &input(100.0, 2.0, Some(150.0), 3));
    assert_eq!(ends(&m), [(100.0, 120.0), (200.0, 240.0), (400.0, 480.0)]);
    assert_eq!(m.totals.mean_ms, 770.0);
    assert_eq!(config(&m, "delayFactor"), 50);
    assert!(m
        .snippet
        .code
        .contains("exponentialDelay(retryCount, error, 50)"));
    assert!(notes_en(&m).contains("your cap is not used"));
    let m = model_of(Library::AxiosRetry, &input(100.0, 2.0, None, 3));
    assert!(!notes_en(&m).contains("your cap"));
    // Node's longest timer is 2^31 − 1 ms: 2 × 10^9 ms is under it, the 20 % on top is not.
    let m = model_of(Library::AxiosRetry, &input(1e9, 2.0, None, 2));
    assert_eq!(ends(&m), [(1e9, 1.2e9), (2e9, 2.4e9)]);
    assert!(notes_en(&m).contains("from retry 2 on"), "{}", notes_en(&m));
}

#[test]
fn go_retryablehttp_doubles_without_jitter_and_overflows_to_its_max() {
    let m = model_of(Library::GoRetryablehttp, &input(100.0, 2.0, Some(500.0), 4));
    assert_eq!(mins(&m), [100.0, 200.0, 400.0, 500.0]);
    assert_eq!(maxes(&m), mins(&m));
    assert_eq!(config(&m, "RetryWaitMax"), "500 * time.Millisecond");
    let m = model_of(Library::GoRetryablehttp, &input(100.0, 2.0, None, 3));
    assert_eq!(config(&m, "RetryWaitMax"), "400 * time.Millisecond");
    assert!(notes_en(&m).contains("RetryWaitMax is 30 s unless set"));
    // 1 h × 2^99 ns does not fit a Duration: the longest one below 2^63 ns is the max.
    let m = model_of(
        Library::GoRetryablehttp,
        &input(3_600_000.0, 2.0, None, 100),
    );
    let last = m.rows[99].min_ms;
    assert_eq!(last, 9_223_372_036_854_774_784.0 / 1e6);
    assert_eq!(m.rows[10].min_ms, 3_600_000.0 * 1_024.0);
    // With a cap, a product past 2^63 ns is the cap too.
    let m = model_of(
        Library::GoRetryablehttp,
        &input(3_600_000.0, 2.0, Some(3_600_000.0 * 4.0), 100),
    );
    assert!(m.rows.iter().skip(2).all(|r| r.min_ms == 14_400_000.0));
}

#[test]
fn grpc_core_truncates_to_whole_milliseconds_at_every_step() {
    // 333 ms × 1.5 = 499.5 → 499; × 1.5 = 748.5 → 748; then the 700 ms cap.
    let f = plan_formula(Library::GrpcCore, &input(333.0, 1.5, Some(700.0), 4));
    assert_eq!(f.range(0), (266.0, 399.0));
    assert_eq!(f.range(1), ((499.0f64 * 0.8).trunc(), 598.0));
    // 700 × 1.2 is 840 at the largest draw, whose weight is nil.
    assert_eq!(f.range(2), (560.0, 840.0));
    assert_eq!(f.range(3), (560.0, 840.0));
    assert_eq!(
        f.dist(1),
        Some(Dist::Floor {
            lo: 499.0 * 0.8,
            hi: 499.0 * 1.2,
            floor: 0.0,
            cap: f64::INFINITY
        })
    );
    assert!(close(f.mean(0).unwrap(), mean_floor(266.4, 399.6), 1e-12));
    let m = model_of(Library::GrpcCore, &input(0.4, 2.0, None, 7));
    assert_eq!(m.rows.len(), 4);
    assert_eq!(config(&m, "initialBackoff"), "0.001s");
    assert_eq!(config(&m, "maxBackoff"), "0.008s");
    assert_eq!(config(&m, "maxAttempts"), 5);
    let notes = notes_en(&m);
    assert!(notes.contains("Retries 5–7 are not made."), "{notes}");
    assert!(notes.contains("last retry's value (8 ms)"), "{notes}");
    let m = model_of(Library::GrpcCore, &input(100.0, 2.0, Some(250.6), 4));
    assert_eq!(config(&m, "maxBackoff"), "0.251s");
    assert_eq!(config(&m, "maxAttempts"), 5);
    assert!(!notes_en(&m).contains("not made"));
}

#[test]
fn groups_cover_every_library_once() {
    let mut seen: Vec<Library> = Group::ALL.into_iter().flat_map(Group::libraries).collect();
    seen.sort();
    assert_eq!(seen, Library::ALL.to_vec());
    assert_eq!(
        Group::HttpClients.libraries().collect::<Vec<_>>(),
        [
            Library::Urllib3,
            Library::Got,
            Library::AxiosRetry,
            Library::GoRetryablehttp
        ]
    );
    assert_eq!(
        Group::ALL.map(Group::id),
        ["http", "cloud", "rpc", "general"]
    );
    assert_eq!(Library::GrpcCore.package(), ("grpcio", "1.85.3"));
}
