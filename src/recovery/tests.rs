//! The engine's own tests: the verdict's rule on bins made by hand, and small fleets whose
//! events can be worked out.

use super::simulate::{self, Counts};
use super::verdict::recovered_after;
use super::*;
use crate::backoff::{Delay, Params, Strategy};

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

fn inputs(outage: f64, horizon: f64) -> Inputs {
    Inputs::builder()
        .outage(ms(outage))
        .horizon(ms(horizon))
        .build()
        .unwrap()
}

/// Bins from −5 s in which every one-second stretch has `ended` calls ended, `failed` of them
/// failed as `f(second)` says (second 0 is [−5 s, −4 s)).
fn bins(i: &Inputs, f: impl Fn(usize) -> (u32, u32)) -> Vec<Bin> {
    (0..i.bins())
        .map(|b| {
            let (ended, failed) = if b % 10 == 0 { f(b / 10) } else { (0, 0) };
            Bin {
                succeeded: ended - failed,
                timed_out: failed,
                calls: ended,
                ..Bin::default()
            }
        })
        .collect()
}

fn recovered(i: &Inputs, f: impl Fn(usize) -> (u32, u32)) -> Option<f64> {
    summarize(i, &bins(i, f), &Counts::default()).recovered_after_ms
}

#[test]
fn recovery_needs_ten_healthy_seconds_from_a_whole_second_after_the_outage() {
    let i = inputs(10_000.0, 60_000.0);
    // Second k covers [k − 5, k − 4) s: the outage is seconds 5…14.
    let bad_until = |last: usize| move |k: usize| if k <= last { (100, 100) } else { (100, 0) };
    assert_eq!(recovered(&i, bad_until(14)), Some(0.0));
    assert_eq!(recovered(&i, bad_until(17)), Some(3_000.0));
    // Healthy all along but the outage itself: still from O on.
    assert_eq!(
        recovered(&i, |k| if (5..15).contains(&k) { (9, 9) } else { (9, 0) }),
        Some(0.0)
    );
    // One bad second in the middle, [15 s, 16 s), restarts the count after it.
    assert_eq!(
        recovered(&i, |k| if k <= 14 || k == 20 {
            (100, 100)
        } else {
            (100, 0)
        }),
        Some(6_000.0)
    );
    // The last possible start is O + H − 10 s: seconds 55…64 are the last ten.
    assert_eq!(recovered(&i, bad_until(64)), Some(50_000.0));
    assert_eq!(recovered(&i, bad_until(65)), None);
}

#[test]
fn five_percent_failed_passes_and_more_does_not() {
    let i = inputs(0.0, 10_000.0);
    assert_eq!(recovered(&i, |_| (100, 5)), Some(0.0));
    assert_eq!(recovered(&i, |_| (100, 6)), None);
    assert_eq!(recovered(&i, |_| (20, 1)), Some(0.0));
    assert_eq!(recovered(&i, |_| (19, 1)), None);
    // A second in which no call ended passes.
    assert_eq!(recovered(&i, |_| (0, 0)), Some(0.0));
    // Locally rejected calls are failures too.
    let mut b = bins(&i, |_| (100, 0));
    b[55].rejected_locally = 6;
    assert_eq!(
        summarize(&i, &b, &Counts::default()).recovered_after_ms,
        None
    );
}

#[test]
fn an_outage_off_the_second_starts_the_count_at_the_next_whole_second() {
    let i = inputs(2_500.0, 20_000.0);
    // The first candidate is 3 s: 0.5 s after the outage.
    assert_eq!(recovered(&i, |_| (10, 0)), Some(500.0));
    assert_eq!(i.bins(), 275);
}

#[test]
fn peak_load_and_shares() {
    let i = Inputs::builder().capacity(400.0).build().unwrap();
    let mut b = vec![Bin::default(); i.bins()];
    b[7].calls = 120;
    b[9].calls = 80;
    let counts = Counts {
        requests: 8,
        given_up: 2,
        completed: 10,
        late: 9,
        ..Counts::default()
    };
    let s = summarize(&i, &b, &counts);
    // 400 calls/s complete 40 in 100 ms: 120 is three times that.
    assert_eq!(s.peak_load, 3.0);
    assert_eq!(s.requests_given_up, 0.25);
    assert_eq!(s.wasted_work, 0.9);
    let none = summarize(&i, &b, &Counts::default());
    assert_eq!((none.requests_given_up, none.wasted_work), (0.0, 0.0));
}

#[test]
fn inputs_are_checked_with_their_ranges() {
    let bad = |b: InputsBuilder| b.build().unwrap_err().to_string();
    assert_eq!(
        bad(Inputs::builder().demand(0.0)),
        "`demand` is 0, but it must be a number of requests per second above 0 and at most 1000000"
    );
    assert!(bad(Inputs::builder().demand(f64::NAN)).starts_with("`demand` is NaN"));
    assert!(bad(Inputs::builder().capacity(-1.0)).starts_with("`capacity` is -1"));
    assert!(bad(Inputs::builder().capacity(1e7 + 1.0)).starts_with("`capacity`"));
    Inputs::builder()
        .capacity(1e7)
        .demand(6e5)
        .horizon(ms(10_000.0))
        .outage(ms(0.0))
        .build()
        .unwrap();
    assert!(bad(Inputs::builder().timeout(Delay::ZERO)).starts_with("`timeout` is 0ms"));
    assert!(bad(Inputs::builder().timeout(ms(3_600_001.0))).starts_with("`timeout`"));
    Inputs::builder().timeout(ms(3_600_000.0)).build().unwrap();
    assert!(bad(Inputs::builder().outage(ms(3_600_001.0))).starts_with("`outage`"));
    assert_eq!(
        bad(Inputs::builder().horizon(ms(9_999.0))),
        "`horizon` is 9999ms, but it must be a duration from 10s to 1h (recovery is judged over ten seconds)"
    );
    Inputs::builder().horizon(ms(10_000.0)).build().unwrap();
    // After a 2.5 s outage the ten seconds run from 3 s to 13 s.
    let short = Inputs::builder().outage(ms(2_500.0)).horizon(ms(10_499.0));
    assert_eq!(
        bad(short),
        "`horizon` is 10499ms, but it must be a duration from 10500ms to 1h (recovery is judged \
         over ten whole seconds from the first whole second after the outage)"
    );
    Inputs::builder()
        .outage(ms(2_500.0))
        .horizon(ms(10_500.0))
        .build()
        .unwrap();
    assert_eq!(min_horizon_ms(0.0), 10_000.0);
    assert_eq!(min_horizon_ms(1_000.0), 10_000.0);
    assert_eq!(min_horizon_ms(1_001.0), 10_999.0);
    assert!(bad(Inputs::builder().queue(Some(10_000_001))).starts_with("`queue` is 10000001"));
    Inputs::builder().queue(Some(0)).build().unwrap();
    assert!(bad(Inputs::builder().budgets(vec![])).starts_with("`budget` is empty"));
    // 1 000 000 requests/s over 5 s + 10 s + 60 s.
    assert_eq!(
        bad(Inputs::builder().demand(1_000_000.0)),
        "`demand` is 1000000, but over 5s + outage + horizon that is 75000000 requests, and at \
         most 10000000 are simulated: lower it or shorten the outage or the horizon"
    );
    let mut settings = Settings::default();
    settings
        .set("finagle-min-retries-per-sec", 10_000.0)
        .unwrap();
    settings.set("finagle-ttl", 60_000.0).unwrap();
    let finagle = || Inputs::builder().budgets(vec![Budget::Finagle]);
    assert!(bad(finagle().settings(settings.clone()))
        .starts_with("`finagle-min-retries-per-sec` is 10000, but Finagle's reserve"));
    // Not asked about Finagle: not checked.
    Inputs::builder()
        .settings(settings.clone())
        .build()
        .unwrap();
    settings.set("finagle-ttl", 40_000.0).unwrap();
    finagle().settings(settings.clone()).build().unwrap();
    settings.set("finagle-min-retries-per-sec", 10.0).unwrap();
    settings.set("finagle-percent-can-retry", 0.00001).unwrap();
    assert!(bad(finagle().settings(settings))
        .starts_with("`finagle-percent-can-retry` is 0.00001, but Finagle's reserve"));
    let i = Inputs::builder()
        .budgets(vec![Budget::Sre, Budget::None, Budget::Sre])
        .build()
        .unwrap();
    assert_eq!(i.budgets(), [Budget::None, Budget::Sre]);
}

/// One client, a service that never fails and far outruns it: every request succeeds with its
/// first call.
#[test]
fn a_quiet_client_is_always_served() {
    let p = Params::builder(ms(100.0)).clients(1).build().unwrap();
    let i = Inputs::builder()
        .demand(2.0)
        .capacity(1_000.0)
        .outage(ms(0.0))
        .horizon(ms(20_000.0))
        .build()
        .unwrap();
    let run = Run::compute(&p, &i, Strategy::Full, Budget::None);
    let succeeded: u64 = run.bins.iter().map(|b| u64::from(b.succeeded)).sum();
    assert!(run.summary.requests > 20, "{}", run.summary.requests);
    assert_eq!(succeeded + run.summary.in_progress, run.summary.requests);
    assert_eq!(run.summary.retries_sent, 0);
    assert_eq!(run.summary.recovered_after_ms, Some(0.0));
}

/// A run made only for its verdict stops once it is known: a fleet that recovers at once stops
/// after ten healthy seconds, one that cannot recover once too little time is left; the bins
/// after the stop are empty, and the verdict is the full run's.
#[test]
fn a_verdict_only_run_stops_once_the_verdict_is_known() {
    let p = Params::builder(ms(100.0))
        .attempts(3)
        .strategies(vec![Strategy::Full])
        .clients(50)
        .build()
        .unwrap();
    let second = |s: f64| ((s - START_MS) / BIN_MS) as usize;
    let arrived = |bins: &[Bin], from: f64| {
        bins[second(from)..]
            .iter()
            .map(|b| b.new_requests)
            .sum::<u32>()
    };
    // A healthy service: ten good seconds from 1 s (after a 0.5 s outage), so nothing happens
    // after 11 s; the full run goes on to 60.5 s.
    let calm = Inputs::builder()
        .demand(100.0)
        .outage(ms(500.0))
        .build()
        .unwrap();
    let bins = simulate::watched(&p, &calm, Strategy::Full, Budget::None);
    let full = Run::compute(&p, &calm, Strategy::Full, Budget::None);
    assert_eq!(full.summary.recovered_after_ms, Some(500.0));
    assert_eq!(recovered_after(&calm, &bins), Some(500.0));
    assert!(arrived(&bins, 10_000.0) > 0);
    assert_eq!(arrived(&bins, 11_100.0), 0);
    assert!(arrived(&full.bins, 11_100.0) > 4_000);
    // An overloaded service never recovers: once fewer than ten seconds are left after the
    // last bad one (from 50.5 s on), the run stops.
    let over = Inputs::builder()
        .demand(2_000.0)
        .outage(ms(500.0))
        .build()
        .unwrap();
    let bins = simulate::watched(&p, &over, Strategy::Full, Budget::None);
    assert_eq!(recovered_after(&over, &bins), None);
    assert!(arrived(&bins, 50_000.0) > 0);
    assert_eq!(arrived(&bins, 51_100.0), 0);
}
