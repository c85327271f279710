//! Benchmarks of the backoff engine: a long schedule, the largest fleet simulation a page may ask
//! for (100 000 clients × 20 attempts × 4 strategies), and the odds of SPEC §7 for 10 000
//! requests × 4 strategies.
//!
//! `cargo bench --bench engine`

use divan::black_box;
use sade::backoff::{defaults, limits, Delay, Fleet, Params, Schedule};
use sade::odds::{Inputs, Odds};

fn main() {
    divan::main();
}

fn params(attempts: u32, clients: u32) -> Params {
    Params::builder(Delay::from_ms(100.0).unwrap())
        .factor(2.0)
        .cap(Some(Delay::from_secs(30.0).unwrap()))
        .attempts(attempts)
        .clients(clients)
        .build()
        .unwrap()
}

/// Rows, totals and the default 1000-client fleet for 100 attempts.
#[divan::bench]
fn schedule_100_attempts(bencher: divan::Bencher) {
    let p = params(100, defaults::CLIENTS);
    bencher.bench(|| Schedule::compute(black_box(&p)));
}

/// The thundering-herd picture at its limit: 100 000 clients × 20 attempts × 4 strategies.
#[divan::bench(sample_count = 20, sample_size = 1)]
fn fleet_100k_clients_20_attempts(bencher: divan::Bencher) {
    let p = params(20, limits::MAX_CLIENTS);
    bencher.bench(|| Fleet::simulate(black_box(&p)));
}

/// What a table costs: rows, totals, and decorrelated's mean estimated from the default
/// 1000 clients (no histogram).
#[divan::bench(args = [8, 10])]
fn table_1000_clients(bencher: divan::Bencher, attempts: u32) {
    let p = params(attempts, defaults::CLIENTS);
    bencher.bench(|| Schedule::compute_without_fleet(black_box(&p)));
}

/// SPEC §7 with every input (30 % failures, 2 s timeout, 20 s deadline, 10 s outage) for the
/// default 10 000 requests of each of the 4 strategies, 8 attempts: `none` exact, the three
/// jittered strategies simulated, the deadline fit searched. `Odds::compute` runs on the calling
/// thread only, so this is one core.
#[divan::bench]
fn odds_10k_clients_4_strategies(bencher: divan::Bencher) {
    let p = params(8, defaults::CLIENTS);
    let s = |x: f64| Delay::from_secs(x).unwrap();
    let inputs = Inputs::builder()
        .fail(Some(0.3))
        .timeout(s(2.0))
        .deadline(Some(s(20.0)))
        .outage(Some(s(10.0)))
        .build(&p)
        .unwrap();
    bencher.bench(|| Odds::compute(black_box(&p), black_box(&inputs)));
}
