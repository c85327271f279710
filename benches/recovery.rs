//! Benchmarks of the fleet under load (SPEC §8): one strategy under one budget, on one core, for
//! the defaults of the calculator page — 1 000 clients sending 800 requests/s to a service of
//! 1 000 calls/s, a 1 s timeout, a 10 s outage and 60 s after it (75 s simulated, about 60 000
//! requests), base 100 ms, factor 2, cap 30 s, 8 attempts. The budget-less fleet does not
//! recover and retries all the way (about 375 000 retries): the most events a default run has.
//! The target is 50 ms per run. Behind each circuit breaker of SPEC §10 (budget none), a run is
//! to take at most 1.5× the plain one, at the defaults and at five times the capacity needed
//! (where the breakers' open states, not the overload, make the storm).
//!
//! `cargo bench --bench recovery`

use divan::black_box;
use sade::backoff::{Delay, Params, Strategy};
use sade::recovery::{Breaker, Budget, Inputs, Recovery, Run};

fn main() {
    divan::main();
}

fn params() -> Params {
    Params::builder(Delay::from_ms(100.0).unwrap())
        .factor(2.0)
        .cap(Some(Delay::from_secs(30.0).unwrap()))
        .attempts(8)
        .build()
        .unwrap()
}

const BUDGETS: [Budget; 7] = Budget::ALL;

/// One run of `full` jitter under each budget, on the calling thread.
#[divan::bench(args = BUDGETS, sample_count = 20, sample_size = 1)]
fn full_jitter(bencher: divan::Bencher, budget: Budget) {
    let p = params();
    let inputs = Inputs::builder().budgets(vec![budget]).build().unwrap();
    bencher.bench(|| Run::compute(black_box(&p), black_box(&inputs), Strategy::Full, budget));
}

/// One run of `none` (no jitter), no budget: the synchronized storm.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn no_jitter_no_budget(bencher: divan::Bencher) {
    let p = params();
    let inputs = Inputs::builder().build().unwrap();
    bencher.bench(|| {
        Run::compute(
            black_box(&p),
            black_box(&inputs),
            Strategy::None,
            Budget::None,
        )
    });
}

/// What the calculator's section asks for: one strategy, all seven budgets, on every core.
#[divan::bench(sample_count = 10, sample_size = 1)]
fn full_jitter_all_budgets(bencher: divan::Bencher) {
    let p = Params::builder(Delay::from_ms(100.0).unwrap())
        .cap(Some(Delay::from_secs(30.0).unwrap()))
        .strategies(vec![Strategy::Full])
        .build()
        .unwrap();
    let inputs = Inputs::builder()
        .budgets(Budget::ALL.to_vec())
        .build()
        .unwrap();
    bencher.bench(|| Recovery::compute(black_box(&p), black_box(&inputs)));
}

const BREAKERS: [Breaker; 5] = Breaker::ALL;

/// One run of `full` jitter behind each breaker (budget none), on the calling thread.
#[divan::bench(args = BREAKERS, sample_count = 20, sample_size = 1)]
fn full_jitter_breaker(bencher: divan::Bencher, breaker: Breaker) {
    let p = params();
    let inputs = Inputs::builder().breakers(vec![breaker]).build().unwrap();
    bencher.bench(|| Run::with_breaker(black_box(&p), black_box(&inputs), Strategy::Full, breaker));
}

/// The same at 4 000 calls/s: without a breaker the service recovers at once.
#[divan::bench(args = BREAKERS, sample_count = 20, sample_size = 1)]
fn full_jitter_breaker_5x_capacity(bencher: divan::Bencher, breaker: Breaker) {
    let p = params();
    let inputs = Inputs::builder()
        .capacity(4_000.0)
        .breakers(vec![breaker])
        .build()
        .unwrap();
    bencher.bench(|| Run::with_breaker(black_box(&p), black_box(&inputs), Strategy::Full, breaker));
}
