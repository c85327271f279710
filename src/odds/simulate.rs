//! The seeded simulation of a jittered strategy's requests (SPEC §7), [`LANES`] requests at a
//! time: request c's waits come from stream `strategy × 2³² + c` (§2, the same draws as the
//! sample column and the fleet), its calls' failures from stream `(4 + strategy) × 2³² + c`.
//! Both streams are computed eight side by side by [`Keystreams`], as the fleet does.

use super::Inputs;
use crate::backoff::chacha::{Keystreams, LANES};
use crate::backoff::{limits, Params, Strategy};

/// Most calls a request makes.
const MAX_CALLS: usize = limits::MAX_ATTEMPTS as usize + 1;

/// What the requests of one strategy did.
#[derive(Debug, Default)]
pub(crate) struct Simulated {
    /// Time to success of every request that succeeded, sorted (with `fail`).
    pub success: Vec<f64>,
    /// Requests that succeeded with T ≤ D (with `fail` and `deadline`).
    pub within_deadline: u32,
    /// Delay after O of every request that waited the outage out, sorted (with `outage`).
    pub delays_after: Vec<f64>,
}

/// The failure stream of request `client` under `strategy`: `(4 + index) × 2³² + client`.
pub(crate) fn fail_stream(strategy: Strategy, client: u32) -> u64 {
    ((4 + strategy as u64) << 32) + u64::from(client)
}

/// Simulates `inputs.clients()` requests of `strategy` (any strategy; `none`'s waits are fixed).
pub(crate) fn simulate(
    params: &Params,
    strategy: Strategy,
    inputs: &Inputs,
    keystreams: &Keystreams,
) -> Simulated {
    let ranges = params.ranges_ms(strategy);
    let attempts = ranges.len();
    let calls = attempts + 1;
    let base = params.base().as_ms();
    // `x.min(∞) == x` for every finite x: `Params::capped` without the branch, as in the fleet.
    let cap = params.cap().map_or(f64::INFINITY, |c| c.as_ms());
    let tau = inputs.timeout().as_ms();
    let fail = inputs.fail();
    let deadline = inputs.deadline().map(|d| d.as_ms());
    let outage = inputs.outage().map(|o| o.as_ms());
    let clients = inputs.clients();

    let mut out = Simulated::default();
    if fail.is_some() {
        out.success.reserve(clients as usize);
    }
    if outage.is_some() {
        out.delays_after.reserve(clients as usize);
    }
    let mut draws = [[0.0; LANES]; MAX_CALLS];
    let mut fails = [[0.0; LANES]; MAX_CALLS];
    // starts[k][lane]: when call k + 1 of that lane's request starts.
    let mut starts = [[0.0; LANES]; MAX_CALLS];
    for first in (0..clients).step_by(LANES) {
        // The last group may be short; its extra lanes are computed and ignored.
        let lanes = (clients - first).min(LANES as u32) as usize;
        if strategy != Strategy::None {
            keystreams.units(strategy.stream(first), &mut draws[..attempts]);
        }
        let (mut s, mut prev) = ([0.0; LANES], [base; LANES]);
        starts[0] = [0.0 * tau; LANES];
        for (k, draws) in draws[..attempts].iter().enumerate() {
            let (lo, hi) = ranges[k];
            let at = (k + 1) as f64 * tau;
            for lane in 0..LANES {
                let u = draws[lane];
                let w = match strategy {
                    Strategy::None => lo,
                    Strategy::Full | Strategy::Equal => lo + u * (hi - lo),
                    Strategy::Decorrelated => (base + u * (3.0 * prev[lane] - base)).min(cap),
                };
                prev[lane] = w;
                s[lane] += w;
                starts[k + 1][lane] = at + s[lane];
            }
        }
        if let Some(f) = fail {
            keystreams.units(fail_stream(strategy, first), &mut fails[..calls]);
            for lane in 0..lanes {
                // Call j fails when u_j < f; the first that does not is the success.
                if let Some(j) = (0..calls).find(|&j| fails[j][lane] >= f) {
                    let t = starts[j][lane];
                    out.success.push(t);
                    if deadline.is_some_and(|d| t <= d) {
                        out.within_deadline += 1;
                    }
                }
            }
        }
        if let Some(o) = outage {
            for lane in 0..lanes {
                let mut times = starts[..calls].iter().map(|call| call[lane]);
                if let Some(t) = times.find(|&t| t >= o) {
                    out.delays_after.push(t - o);
                }
            }
        }
    }
    // Non-negative finite values: `total_cmp` is the numeric order.
    out.success.sort_unstable_by(f64::total_cmp);
    out.delays_after.sort_unstable_by(f64::total_cmp);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::{client_rng, unit_draw, Delay};

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    /// SPEC §2 and §7 written out plainly, one request after the other with `rand_chacha`'s own
    /// generators: what the lanes must reproduce bit for bit.
    fn reference(p: &Params, st: Strategy, inputs: &Inputs) -> Simulated {
        let tau = inputs.timeout().as_ms();
        let mut out = Simulated::default();
        let mut waits = Vec::new();
        for c in 0..inputs.clients() {
            p.client_waits(
                st,
                &mut client_rng(p.seed(), st, c),
                &p.ranges_ms(st),
                &mut waits,
            );
            let mut starts = vec![0.0 * tau];
            let mut s = 0.0;
            for (k, w) in waits.iter().enumerate() {
                s += w;
                starts.push((k + 1) as f64 * tau + s);
            }
            if let Some(f) = inputs.fail() {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(p.seed());
                rng.set_stream(fail_stream(st, c));
                for &t in &starts {
                    if unit_draw(&mut rng) >= f {
                        out.success.push(t);
                        if inputs.deadline().is_some_and(|d| t <= d.as_ms()) {
                            out.within_deadline += 1;
                        }
                        break;
                    }
                }
            }
            if let Some(o) = inputs.outage() {
                if let Some(&t) = starts.iter().find(|&&t| t >= o.as_ms()) {
                    out.delays_after.push(t - o.as_ms());
                }
            }
        }
        out.success.sort_unstable_by(f64::total_cmp);
        out.delays_after.sort_unstable_by(f64::total_cmp);
        out
    }

    use rand_core::SeedableRng;

    #[test]
    fn lanes_match_one_generator_per_request() {
        let p = Params::builder(ms(100.0))
            .cap(Some(ms(20_000.0)))
            .attempts(11)
            .seed(2026)
            .build()
            .unwrap();
        let keystreams = Keystreams::new(p.seed());
        for (fail, clients) in [(0.3, 1_003), (0.9, 64), (0.0, 9), (1.0, 17)] {
            let inputs = Inputs::builder()
                .fail(Some(fail))
                .timeout(ms(250.0))
                .deadline(Some(ms(4_000.0)))
                .outage(Some(ms(3_000.0)))
                .clients(clients)
                .build(&p)
                .unwrap();
            for st in Strategy::ALL {
                let lanes = simulate(&p, st, &inputs, &keystreams);
                let plain = reference(&p, st, &inputs);
                let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&lanes.success), bits(&plain.success), "{st} {fail}");
                assert_eq!(lanes.within_deadline, plain.within_deadline, "{st} {fail}");
                assert_eq!(bits(&lanes.delays_after), bits(&plain.delays_after), "{st}");
            }
        }
    }

    #[test]
    fn request_zero_waits_the_sample_column() {
        let p = Params::builder(ms(250.0))
            .cap(Some(ms(30_000.0)))
            .attempts(6)
            .build()
            .unwrap();
        let schedule = crate::backoff::Schedule::compute_without_fleet(&p);
        // With f = 0 and τ = 0 every request succeeds at once; with an outage longer than any
        // wait, request 0's last call starts at its total sample wait.
        let inputs = Inputs::builder()
            .outage(Some(ms(1e9)))
            .clients(1)
            .build(&p)
            .unwrap();
        let keystreams = Keystreams::new(p.seed());
        for st in Strategy::ALL {
            let sim = simulate(&p, st, &inputs, &keystreams);
            assert!(sim.delays_after.is_empty(), "{st}: everyone gives up");
            let total: f64 = schedule
                .rows()
                .iter()
                .map(|r| r.cell(st).sample.as_ms())
                .sum();
            let outage = Inputs::builder()
                .outage(Some(Delay::from_ms(total).unwrap()))
                .clients(1)
                .build(&p)
                .unwrap();
            let sim = simulate(&p, st, &outage, &keystreams);
            assert_eq!(sim.delays_after, [0.0], "{st}");
        }
    }
}
