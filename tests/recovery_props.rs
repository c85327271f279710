//! Properties of the fleet under load (SPEC §8) on random small fleets: nothing is lost or
//! counted twice, a healthy service fails nothing, more capacity never delays the recovery,
//! shedding never wastes work, and every budget keeps its clients' retries within its bound.
//! And of §9's triggers and searches: a surge of 1 is §8's arrivals draw for draw and the same
//! run as a slowdown of 1, a slowdown refuses nothing, and a run made only for its verdict,
//! stopping as soon as it is known, gives the full run's verdict.

use proptest::prelude::*;
use proptest::strategy::Strategy as _;
use sade::backoff::{Delay, Params, Strategy};
use sade::recovery::{
    frontier, min_horizon_ms, Bin, Budget, Inputs, Recovery, Run, Trigger, BIN_MS, START_MS,
};

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

fn strategy() -> impl proptest::strategy::Strategy<Value = Strategy> {
    prop_oneof![
        Just(Strategy::None),
        Just(Strategy::Full),
        Just(Strategy::Equal),
        Just(Strategy::Decorrelated),
    ]
}

fn budget() -> impl proptest::strategy::Strategy<Value = Budget> {
    proptest::sample::select(Budget::ALL.to_vec())
}

/// A small random fleet: its schedule and its load.
#[derive(Debug, Clone)]
struct Case {
    base: f64,
    cap: f64,
    attempts: u32,
    clients: u32,
    seed: u64,
    demand: f64,
    capacity: f64,
    timeout: f64,
    outage: f64,
    horizon: f64,
    queue: Option<u32>,
    shed: bool,
    trigger: Trigger,
}

fn trigger() -> impl proptest::strategy::Strategy<Value = Trigger> {
    prop_oneof![
        Just(Trigger::Outage),
        (0.05f64..=1.0).prop_map(|degraded| Trigger::Slowdown { degraded }),
        Just(Trigger::Slowdown { degraded: 1.0 }),
        (1.0f64..8.0).prop_map(|surge| Trigger::Surge { surge }),
        Just(Trigger::Surge { surge: 1.0 }),
    ]
}

fn case() -> impl proptest::strategy::Strategy<Value = Case> {
    (
        (
            1.0f64..500.0,
            1.0f64..20.0,
            1u32..=10,
            1u32..=40,
            any::<u64>(),
        ),
        (
            5.0f64..300.0,
            5.0f64..400.0,
            10.0f64..3_000.0,
            prop_oneof![Just(0.0), 0.0f64..8_000.0],
            0.0f64..4_000.0,
            prop_oneof![Just(None), (0u32..50).prop_map(Some)],
            any::<bool>(),
        ),
    )
        .prop_map(
            |(
                (base, cap_factor, attempts, clients, seed),
                (demand, capacity, timeout, outage, extra, queue, shed),
            )| Case {
                base,
                cap: base * cap_factor,
                attempts,
                clients,
                seed,
                demand,
                capacity,
                timeout,
                outage,
                // The shortest horizon the inputs accept, and up to 4 s more.
                horizon: min_horizon_ms(outage) + extra,
                queue,
                shed,
                trigger: Trigger::Outage,
            },
        )
}

/// A [`case`] with any trigger.
fn triggered() -> impl proptest::strategy::Strategy<Value = Case> {
    (case(), trigger()).prop_map(|(c, trigger)| Case { trigger, ..c })
}

impl Case {
    fn params(&self, strategy: Strategy) -> Params {
        Params::builder(ms(self.base))
            .cap(Some(ms(self.cap)))
            .attempts(self.attempts)
            .strategies(vec![strategy])
            .clients(self.clients)
            .seed(self.seed)
            .build()
            .unwrap()
    }

    fn inputs(&self, budget: Budget) -> Inputs {
        Inputs::builder()
            .demand(self.demand)
            .capacity(self.capacity)
            .timeout(ms(self.timeout))
            .outage(ms(self.outage))
            .horizon(ms(self.horizon))
            .queue(self.queue)
            .shed(self.shed)
            .budgets(vec![budget])
            .trigger(self.trigger)
            .build()
            .unwrap()
    }

    fn run(&self, strategy: Strategy, budget: Budget) -> Run {
        Run::compute(
            &self.params(strategy),
            &self.inputs(budget),
            strategy,
            budget,
        )
    }
}

fn sum(bins: &[Bin], f: impl Fn(&Bin) -> u32) -> u64 {
    bins.iter().map(|b| u64::from(f(b))).sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every request ends once (a success or a give-up) or is still in progress; every call
    /// sent is a first call or a retry; every call ends once or is still in flight.
    #[test]
    fn conservation(c in case(), st in strategy(), b in budget()) {
        let run = c.run(st, b);
        let s = &run.summary;
        let bins = &run.bins;
        prop_assert_eq!(sum(bins, |b| b.new_requests), s.requests);
        prop_assert_eq!(
            sum(bins, |b| b.succeeded) + s.given_up + s.in_progress,
            s.requests,
            "requests: succeeded + gave up + in progress"
        );
        let attempted = sum(bins, |b| b.calls) + sum(bins, |b| b.rejected_locally);
        prop_assert_eq!(attempted, s.requests + s.retries_sent, "calls = first calls + retries");
        prop_assert_eq!(sum(bins, |b| b.retries_sent), s.retries_sent);
        prop_assert!(sum(bins, |b| b.retry_calls) <= s.retries_sent);
        prop_assert_eq!(
            sum(bins, Bin::ended) + s.calls_in_flight,
            attempted,
            "every call ends once"
        );
        prop_assert!(s.calls_in_flight <= s.in_progress);
        prop_assert_eq!(sum(bins, |b| b.budget_refused), s.retries_refused);
        prop_assert!(s.given_up >= s.retries_refused, "a refused retry gives its request up");
        if b != Budget::Sre {
            prop_assert_eq!(sum(bins, |b| b.rejected_locally), 0);
        }
        if b == Budget::None || b == Budget::Sre {
            prop_assert_eq!(s.retries_refused, 0);
        }
        if c.queue.is_none() {
            prop_assert_eq!(sum(bins, |b| b.rejected), 0);
        }
        if c.outage == 0.0 {
            // Only the drop at 0 refuses.
            let at_zero = (-START_MS / BIN_MS) as usize;
            for (i, bin) in bins.iter().enumerate() {
                prop_assert!(bin.refused == 0 || i == at_zero, "bin {i}: {bin:?}");
            }
        }
        prop_assert!(s.requests_given_up >= 0.0 && s.requests_given_up <= 1.0);
        prop_assert!(s.wasted_work >= 0.0 && s.wasted_work <= 1.0);
        prop_assert!(s.max_retries_per_client_during_outage <= s.max_retries_per_client);
        prop_assert!(u64::from(s.max_retries_per_client) <= s.retries_sent);
        // A request makes at most `attempts` retries.
        prop_assert!(s.retries_sent <= s.requests * u64::from(c.attempts));
    }

    /// Without an outage and with a service far faster than the demand, nothing fails but the
    /// calls the server held at 0 (dropped then, and retried), and no request gives up. The
    /// SRE throttle may still refuse a call locally: a client whose first call is in flight
    /// has sent one request and had none accepted, so its next is refused with odds
    /// (1 − 2 × 0) / (1 + 1) = ½ (the formula's own cold start, which the real one shares),
    /// and that request gives up.
    #[test]
    fn a_healthy_service_fails_nothing(c in case(), st in strategy(), b in budget()) {
        let c = Case {
            outage: 0.0,
            capacity: c.demand * 1_000.0,
            timeout: c.timeout.max(100.0),
            queue: None,
            attempts: c.attempts.max(2),
            ..c
        };
        let run = c.run(st, b);
        for bin in &run.bins {
            prop_assert_eq!(bin.timed_out + bin.rejected, 0, "{:?}", bin);
            if b != Budget::Sre {
                prop_assert_eq!(bin.rejected_locally, 0, "{:?}", bin);
            }
        }
        let dropped = sum(&run.bins, |b| b.refused);
        prop_assert!(dropped <= 1, "at most the call in service at 0 ({dropped})");
        prop_assert_eq!(run.summary.wasted_work, 0.0);
        // A locally refused call gives its request up (SPEC §8): those are the only ones.
        let local = sum(&run.bins, |b| b.rejected_locally);
        prop_assert_eq!(run.summary.given_up, local);
        if local == 0 {
            prop_assert_eq!(run.summary.recovered_after_ms, Some(0.0));
        }
    }

    /// With shedding the server never finishes a call its client gave up on.
    #[test]
    fn shedding_wastes_no_work(c in case(), st in strategy(), b in budget()) {
        let shed = Case { shed: true, ..c.clone() }.run(st, b);
        let kept = Case { shed: false, ..c }.run(st, b);
        prop_assert_eq!(shed.summary.wasted_work, 0.0);
        prop_assert!(shed.summary.wasted_work <= kept.summary.wasted_work);
    }

    /// The same inputs give the same bits, simulated alone or beside other runs in parallel.
    #[test]
    fn deterministic(c in case(), st in strategy()) {
        let p = c.params(st);
        let mut inputs = c.inputs(Budget::None);
        inputs = Inputs::builder()
            .demand(inputs.demand())
            .capacity(inputs.capacity())
            .timeout(inputs.timeout())
            .outage(inputs.outage())
            .horizon(inputs.horizon())
            .queue(inputs.queue())
            .shed(inputs.shed())
            .budgets(Budget::ALL.to_vec())
            .build()
            .unwrap();
        let all = Recovery::compute(&p, &inputs);
        for b in Budget::ALL {
            let alone = Run::compute(&p, &inputs, st, b);
            prop_assert_eq!(all.run(st, b), Some(&alone));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// More capacity never delays the recovery (no budget, no queue limit: each call waits no
    /// longer with a faster server, so fewer time out and fewer retries come).
    #[test]
    fn more_capacity_never_delays_recovery(c in case(), st in strategy(), more in 1.0f64..4.0) {
        let c = Case { queue: None, ..c };
        let slow = c.run(st, Budget::None).summary.recovered_after_ms;
        let fast = Case { capacity: c.capacity * more, ..c }.run(st, Budget::None)
            .summary
            .recovered_after_ms;
        match (slow, fast) {
            (Some(s), Some(f)) => prop_assert!(f <= s, "{f} > {s}"),
            (Some(s), None) => prop_assert!(false, "recovered at {s} with less capacity only"),
            _ => {}
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A run made only for its verdict stops as soon as the verdict is known (ten healthy
    /// seconds found, or too little time left for them): it gives the full run's verdict, under
    /// every trigger and budget, and for the triggers of a frontier search (the trigger's
    /// length changed, the horizon not).
    #[test]
    fn a_verdict_only_run_gives_the_full_runs_verdict(
        c in triggered(),
        st in strategy(),
        b in budget(),
        other in prop_oneof![Just(None), (0usize..17).prop_map(Some)],
    ) {
        let p = c.params(st);
        let mut i = c.inputs(b);
        if let Some(k) = other {
            i = i.with_outage_ms(frontier::TRIGGER_GRID_MS[k] / 8.0);
        }
        let full = Run::compute(&p, &i, st, b).summary.recovered_after_ms;
        prop_assert_eq!(frontier::recovered_after(&p, &i, st, b), full);
    }

    /// A surge of 1 and a slowdown of 1 change nothing over [0, O): the same run, bin for bin;
    /// and its arrivals are §8's, draw for draw (an outage changes the calls, not the requests).
    #[test]
    fn a_surge_of_one_is_a_slowdown_of_one_with_section_8s_arrivals(c in case(), st in strategy(), b in budget()) {
        let surge = Case { trigger: Trigger::Surge { surge: 1.0 }, ..c.clone() }.run(st, b);
        let slow = Case { trigger: Trigger::Slowdown { degraded: 1.0 }, ..c.clone() }.run(st, b);
        prop_assert_eq!(&surge, &slow);
        let outage = c.run(st, b);
        let arrivals = |r: &Run| r.bins.iter().map(|b| b.new_requests).collect::<Vec<_>>();
        prop_assert_eq!(arrivals(&surge), arrivals(&outage));
        prop_assert_eq!(surge.summary.requests, outage.summary.requests);
    }

    /// A slowdown and a surge never refuse a call (only an outage does), and a surge only adds
    /// requests: never fewer than §8's, and the same before it.
    #[test]
    fn slowdowns_and_surges_refuse_nothing(c in triggered(), st in strategy(), b in budget()) {
        prop_assume!(c.trigger != Trigger::Outage);
        let run = c.run(st, b);
        prop_assert_eq!(sum(&run.bins, |b| b.refused), 0);
        if let Trigger::Surge { .. } = c.trigger {
            let plain = Case { trigger: Trigger::Surge { surge: 1.0 }, ..c.clone() }.run(st, b);
            prop_assert!(run.summary.requests >= plain.summary.requests);
            let before = ((0.0 - START_MS) / BIN_MS) as usize;
            for k in 0..before {
                prop_assert_eq!(run.bins[k].new_requests, plain.bins[k].new_requests);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The searches of one strategy and budget share their verdicts, and take the plain run's
    /// at the inputs as given: neither changes an answer. One pair's frontier alone is the same
    /// as among all of them.
    #[test]
    fn shared_verdicts_change_no_frontier(c in triggered(), st in strategy()) {
        let c = Case { clients: c.clients.min(12), demand: c.demand.min(60.0), ..c };
        let p = c.params(st);
        let i = Inputs::builder()
            .demand(c.demand)
            .capacity(c.capacity)
            .timeout(ms(c.timeout))
            .outage(ms(c.outage))
            .horizon(ms(c.horizon))
            .queue(c.queue)
            .shed(c.shed)
            .budgets(vec![Budget::None, Budget::Grpc, Budget::Envoy])
            .trigger(c.trigger)
            .build()
            .unwrap();
        let plain = Recovery::compute(&p, &i);
        let seeded = frontier::Frontiers::compute(&p, &i, true, Some(&plain));
        let fresh = frontier::Frontiers::compute(&p, &i, true, None);
        prop_assert_eq!(&seeded, &fresh);
        for (s, b, f) in &fresh.entries {
            let alone = frontier::Frontier::compute(&p, &i, *s, *b, true, None);
            prop_assert_eq!(&alone, f);
        }
    }
}

/// The seed is taken at its word: a plain run's verdict said the other way round changes the
/// capacity search's step at the capacity as given (so it is used, not run again).
#[test]
fn the_plain_runs_verdict_is_used_not_run_again() {
    let p = Params::builder(ms(100.0))
        .cap(Some(ms(30_000.0)))
        .attempts(8)
        .strategies(vec![Strategy::Full])
        .clients(50)
        .build()
        .unwrap();
    // 80 requests a second against 100: no budget does not recover from 10 s.
    let i = Inputs::builder()
        .demand(80.0)
        .capacity(100.0)
        .build()
        .unwrap();
    let plain = Recovery::compute(&p, &i);
    let run = plain.run(Strategy::Full, Budget::None).unwrap();
    assert_eq!(run.summary.recovered_after_ms, None);
    let honest =
        frontier::Frontier::compute(&p, &i, Strategy::Full, Budget::None, false, Some(false));
    assert_eq!(
        honest,
        frontier::Frontier::compute(&p, &i, Strategy::Full, Budget::None, false, None)
    );
    // Told that 100 calls a second (k = 125) recovers, the capacity search ends there or below.
    let told = frontier::Frontier::compute(&p, &i, Strategy::Full, Budget::None, false, Some(true));
    assert!(told.capacity_needed.unwrap() <= 100.0, "{told:?}");
    assert!(
        honest.capacity_needed.is_none_or(|c| c > 100.0),
        "{honest:?}"
    );
}

/// A slowdown to a quarter of the capacity: a server that is always busy completes a quarter of
/// its calls during it, and all of them before and after.
#[test]
fn a_slowdown_serves_calls_that_reach_the_head_during_it_at_its_rate() {
    // 2 000 requests/s at 1 000 calls/s: the server is never idle once the queue builds, and
    // a timeout of an hour keeps every call waiting.
    let p = Params::builder(ms(100.0))
        .attempts(1)
        .strategies(vec![Strategy::None])
        .clients(10)
        .build()
        .unwrap();
    let inputs = Inputs::builder()
        .demand(2_000.0)
        .capacity(1_000.0)
        .timeout(ms(3_600_000.0))
        .outage(ms(4_000.0))
        .horizon(ms(10_000.0))
        .trigger(Trigger::Slowdown { degraded: 0.25 })
        .build()
        .unwrap();
    let run = Run::compute(&p, &inputs, Strategy::None, Budget::None);
    let per_second = |s: i64| {
        let first = ((s as f64 * 1000.0 - START_MS) / BIN_MS) as usize;
        sum(&run.bins[first..first + 10], |b| b.succeeded)
    };
    // One call each 4 ms during [0, 4 s), one each 1 ms after it; the edges may take one more
    // or one fewer.
    for s in 1..4 {
        assert!(
            (249..=251).contains(&per_second(s)),
            "{s}: {}",
            per_second(s)
        );
    }
    for s in [-3, -2, 5, 8] {
        assert!(
            (999..=1_001).contains(&per_second(s)),
            "{s}: {}",
            per_second(s)
        );
    }
    assert_eq!(sum(&run.bins, |b| b.refused + b.rejected + b.timed_out), 0);
}

/// A fleet whose every call during the outage is refused, with `budget` and enough attempts
/// that only the budget limits the retries: `clients` clients sending `demand` requests/s,
/// retries after a fixed `wait` (base = cap, no jitter).
fn storm(budget: Budget, clients: u32, demand: f64, wait: f64, outage: f64) -> Run {
    let p = Params::builder(ms(wait))
        .cap(Some(ms(wait)))
        .attempts(100)
        .strategies(vec![Strategy::None])
        .clients(clients)
        .build()
        .unwrap();
    let inputs = Inputs::builder()
        .demand(demand)
        .outage(ms(outage))
        .horizon(ms(10_000.0))
        .budgets(vec![budget])
        .build()
        .unwrap();
    Run::compute(&p, &inputs, Strategy::None, budget)
}

/// gRPC with its defaults (10 tokens, a retry only while more than 5 are left): a client whose
/// calls all fail retries at most 4 times.
#[test]
fn grpc_allows_four_retries_per_client_while_nothing_succeeds() {
    let run = storm(Budget::Grpc, 50, 400.0, 50.0, 30_000.0);
    assert_eq!(run.summary.max_retries_per_client_during_outage, 4);
    // Each client's tokens are at most full when the outage begins (the warm-up's successes
    // fill a full bucket no further): 4 retries each, then none.
    assert_eq!(run.summary.retries_sent, 4 * 50);
}

/// The AWS quota (500, 5 a retry): at most 100 retries per client while nothing succeeds; 50
/// when every failure is a timeout (10 a retry).
#[test]
fn aws_allows_a_hundred_retries_or_fifty_after_timeouts() {
    let run = storm(Budget::Aws, 20, 400.0, 10.0, 30_000.0);
    assert_eq!(run.summary.max_retries_per_client_during_outage, 100);
    // A server slower than the timeout: every call times out, no outage.
    let p = Params::builder(ms(10.0))
        .cap(Some(ms(10.0)))
        .attempts(100)
        .strategies(vec![Strategy::Full])
        .clients(20)
        .build()
        .unwrap();
    let inputs = Inputs::builder()
        .demand(400.0)
        .capacity(0.5)
        .timeout(ms(1_000.0))
        .outage(ms(0.0))
        .horizon(ms(20_000.0))
        .budgets(vec![Budget::Aws])
        .build()
        .unwrap();
    let run = Run::compute(&p, &inputs, Strategy::Full, Budget::Aws);
    assert_eq!(sum(&run.bins, |b| b.succeeded), 0);
    assert_eq!(run.summary.max_retries_per_client, 50);
}

/// Finagle (a deposit per request, 5 deposits a retry, a reserve of 100 retries per 10 s) and
/// Linkerd (a deposit per success, none in an outage): the retries of a stretch of time stay
/// within the ratio of the deposits around them plus the reserve.
///
/// Linkerd's stretch is 4.4 s, not its 10 s ttl: tower's `TpsBudget` zeroes one slot more for
/// every whole window past the first since its last expiry, and with calls every few
/// milliseconds an expiry comes a little more than one window after the last, so each one uses
/// two of the ten slots and a withdrawal is forgotten after about five windows (here: 100
/// retries every 6 s per client, not every 10 s). tests/budgets_real.rs drives the real tower
/// crate through the same sequences.
#[test]
fn finagle_and_linkerd_keep_to_their_windows() {
    let clients = 10;
    let reserve = 100 * u64::from(clients);
    let start = (-START_MS / BIN_MS) as usize + 120;
    for (budget, stretch) in [(Budget::Finagle, 89), (Budget::Linkerd, 44)] {
        let run = storm(budget, clients, 800.0, 1.0, 60_000.0);
        let bins = &run.bins;
        let mut most = 0;
        for from in start..start + 400 {
            let retries = sum(&bins[from..from + stretch], |b| b.retries_sent);
            let deposits = match budget {
                // 1 000 per request, 5 000 per retry; a deposit counts for about ten seconds
                // (the writer and nine slices, lazily expired): those of the 12 s before the
                // stretch bound it.
                Budget::Finagle => sum(&bins[from - 120..from + stretch], |b| b.new_requests) / 5,
                _ => 0,
            };
            assert!(
                retries <= deposits + reserve,
                "{budget}: {retries} retries in {stretch} bins from bin {from}, bound {}",
                deposits + reserve
            );
            most = most.max(retries);
        }
        assert!(run.summary.retries_refused > 0, "{budget}");
        if budget == Budget::Linkerd {
            assert_eq!(most, reserve, "the reserve is reached and never passed");
        }
    }
}

/// Envoy: with nothing in flight (every call refused at once) a client may have 3 retries
/// outstanding; each is outstanding for its whole wait, so no 100 ms holds more than 3 per
/// client.
#[test]
fn envoy_keeps_outstanding_retries_under_its_cap() {
    let clients = 25;
    let run = storm(Budget::Envoy, clients, 2_000.0, 100.0, 60_000.0);
    let from = (-START_MS / BIN_MS) as usize + 2;
    let to = from + 500;
    let most = run.bins[from..to]
        .iter()
        .map(|b| b.retries_sent)
        .max()
        .unwrap();
    assert_eq!(most, 3 * clients, "the cap is reached and never passed");
}
