//! The engine's own tests: small fleets whose every event can be worked out by hand.

use super::*;
use crate::backoff::Delay;

fn ms(x: f64) -> Delay {
    Delay::from_ms(x).unwrap()
}

fn params(strategies: Vec<Strategy>, clients: u32) -> Params {
    Params::builder(ms(100.0))
        .cap(Some(ms(30_000.0)))
        .attempts(8)
        .strategies(strategies)
        .clients(clients)
        .build()
        .unwrap()
}

#[test]
fn defaults_run() {
    let p = params(Strategy::ALL.to_vec(), 1000);
    let inputs = Inputs::builder()
        .budgets(Budget::ALL.to_vec())
        .build()
        .unwrap();
    let r = Recovery::compute(&p, &inputs);
    for run in &r.runs {
        eprintln!("{:?} {:?} {:?}", run.strategy, run.budget, run.summary);
    }
}
