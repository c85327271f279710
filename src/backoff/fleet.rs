//! The fleet simulation of SPEC §3: every client fails at t = 0 and retries on its own seeded
//! schedule; where the retries land over time, and the share in the busiest window.

use rayon::prelude::*;

use super::chacha::{Keystreams, LANES};
use super::{limits, Delay, Params, Strategy, Timeline};

#[derive(Clone, Debug, PartialEq)]
pub struct FleetStrategy {
    /// Retries per bin (`limits::FLEET_BINS` bins of [`Fleet::bin`] each).
    pub histogram: Vec<u32>,
    /// Share of all retries that land in the busiest window (1/10 000 of the axis), in `[0, 1]`.
    pub peak_share: f64,
    /// Mean total wait per client.
    pub mean_total: Delay,
    /// Retries per bin of [`Fleet::timeline`] (the charts' logarithmic axis).
    pub timeline: Vec<u32>,
}

/// The thundering-herd picture of SPEC §3.
#[derive(Clone, Debug, PartialEq)]
pub struct Fleet {
    /// Number of clients simulated.
    pub clients: u32,
    /// The common time axis: the longest worst-case total among the strategies shown.
    pub horizon: Delay,
    /// Width of one histogram bin.
    pub bin: Delay,
    /// The charts' logarithmic time axis, from a tenth of the first wait to the horizon.
    pub timeline: Timeline,
    per_strategy: [Option<FleetStrategy>; 4],
}

impl Fleet {
    /// The simulation of `strategy`, if it was asked for.
    pub fn strategy(&self, strategy: Strategy) -> Option<&FleetStrategy> {
        self.per_strategy[strategy.index()].as_ref()
    }

    /// Simulates `params.clients()` clients for every strategy in `params`.
    /// Independent of the thread count: clients are summed in fixed chunks, in order.
    pub fn simulate(params: &Params) -> Fleet {
        let mut fleet = Fleet::axis(params);
        for &strategy in params.strategies() {
            fleet.per_strategy[strategy.index()] = Some(simulate_strategy(
                params,
                strategy,
                fleet.bin.as_ms(),
                Some(&fleet.timeline),
            ));
        }
        fleet
    }

    /// The time axis of `params`' fleet, without simulating anyone.
    pub(super) fn axis(params: &Params) -> Fleet {
        let horizon = params
            .strategies()
            .iter()
            .map(|&s| params.ranges_ms(s).iter().map(|r| r.1).sum::<f64>())
            .fold(0.0, f64::max);
        Fleet {
            clients: params.clients(),
            horizon: Delay(horizon),
            bin: Delay(horizon / limits::FLEET_BINS as f64),
            timeline: Timeline::new(params.base().as_ms(), horizon),
            per_strategy: Default::default(),
        }
    }
}

/// Clients per work unit. Fixed, so the float sums do not depend on the thread count.
const CHUNK: u32 = 1024;

/// Simulates one strategy's fleet, counting the retries in the histogram's windows and in the
/// bins of `timeline`. Without a timeline only the clients' mean total wait is computed (the
/// same float operations in the same order, so the same value).
pub(super) fn simulate_strategy(
    params: &Params,
    strategy: Strategy,
    bin: f64,
    timeline: Option<&Timeline>,
) -> FleetStrategy {
    let ranges = params.ranges_ms(strategy);
    let keystreams = Keystreams::new(params.seed());
    let base = params.base().as_ms();
    // `x.min(∞) == x` for every finite x, so this is `Params::capped` without the branch.
    let cap = params.cap().map_or(f64::INFINITY, Delay::as_ms);
    let walk = Walk {
        keystreams: &keystreams,
        strategy,
        attempts: ranges.len(),
        base,
        window: bin / limits::PEAK_WINDOWS_PER_BIN as f64,
    };
    // The same arithmetic as `Params::client_waits`, fused with the histogram (see `Walk`).
    // Counts are integers, so each worker keeps one histogram for all the chunks it runs; the
    // float totals are kept per chunk and added in chunk order afterwards, so the sum is the same
    // whatever the thread count.
    let (counts, mut totals) = (0..params.clients().div_ceil(CHUNK))
        .into_par_iter()
        .fold(
            || (Counts::new(timeline), Vec::new()),
            |(mut counts, mut totals), chunk| {
                let first = chunk * CHUNK;
                let last = (first + CHUNK).min(params.clients());
                let total = match strategy {
                    Strategy::None => {
                        // No jitter: every client waits the same, so count one client's
                        // windows `last - first` times; the total is still summed per client.
                        let mut t = 0.0;
                        for &(d, _) in &ranges {
                            t += d;
                            counts.add(t, walk.window, last - first);
                        }
                        let mut total = 0.0;
                        for _ in first..last {
                            total += t;
                        }
                        total
                    }
                    Strategy::Full | Strategy::Equal => {
                        let wait = |k: usize, u: f64, _: f64| {
                            let (lo, hi) = ranges[k];
                            lo + u * (hi - lo)
                        };
                        walk.clients_in_lanes(first..last, &mut counts, wait)
                    }
                    Strategy::Decorrelated => {
                        let wait =
                            |_: usize, u: f64, s: f64| (base + u * (3.0 * s - base)).min(cap);
                        walk.clients_in_lanes(first..last, &mut counts, wait)
                    }
                };
                totals.push((chunk, total));
                (counts, totals)
            },
        )
        .reduce(
            || (Counts::new(None), Vec::new()),
            |(a, mut ta), (b, tb)| {
                ta.extend(tb);
                (a.merge(b), ta)
            },
        );
    totals.sort_by_key(|&(chunk, _)| chunk);
    let total = totals.iter().fold(0.0, |acc, &(_, t)| acc + t);
    let Counts {
        windows: counts,
        timeline,
        ..
    } = counts;
    let histogram = counts
        .chunks(limits::PEAK_WINDOWS_PER_BIN)
        .map(|w| w.iter().sum())
        .collect();
    let retries = f64::from(params.clients()) * f64::from(params.attempts());
    let peak = counts.iter().copied().max().unwrap_or(0);
    FleetStrategy {
        histogram,
        peak_share: f64::from(peak) / retries,
        mean_total: Delay(total / f64::from(params.clients())),
        timeline,
    }
}

/// Windows of the fleet's time axis (histogram bins × peak windows per bin).
pub(crate) const WINDOWS: usize = limits::FLEET_BINS * limits::PEAK_WINDOWS_PER_BIN;

/// Window and timeline counts of one worker's clients; empty (and counting nothing) without a
/// timeline.
struct Counts<'a> {
    windows: Vec<u32>,
    timeline: Vec<u32>,
    axis: Option<&'a Timeline>,
}

impl<'a> Counts<'a> {
    fn new(axis: Option<&'a Timeline>) -> Counts<'a> {
        Counts {
            windows: if axis.is_some() {
                vec![0; WINDOWS]
            } else {
                Vec::new()
            },
            timeline: axis.map_or_else(Vec::new, |a| vec![0; a.bins()]),
            axis,
        }
    }
    /// Counts `n` retries at time `t`.
    #[inline]
    fn add(&mut self, t: f64, window: f64, n: u32) {
        if let Some(axis) = self.axis {
            self.windows[window_index(t, window)] += n;
            self.timeline[axis.index(t)] += n;
        }
    }
    /// Counts one retry at each of the first `n` times of `times`.
    #[inline]
    fn add_lanes(&mut self, times: &[f64; LANES], n: usize, window: f64) {
        if let Some(axis) = self.axis {
            // All lanes at once (the divisions vectorize), then the counts one by one.
            let windows = times.map(|t| window_index(t, window));
            for (&i, &t) in windows[..n].iter().zip(&times[..n]) {
                self.windows[i] += 1;
                self.timeline[axis.index(t)] += 1;
            }
        }
    }
    /// Adds another worker's counts (an empty one adds nothing).
    fn merge(mut self, other: Counts<'a>) -> Counts<'a> {
        if self.axis.is_none() {
            return other;
        }
        if other.axis.is_none() {
            return self;
        }
        for (a, b) in self.windows.iter_mut().zip(other.windows) {
            *a += b;
        }
        for (a, b) in self.timeline.iter_mut().zip(other.timeline) {
            *a += b;
        }
        self
    }
}

/// The window of retry time `t`: `⌊t / window⌋`, the last one for anything beyond.
#[inline]
pub(crate) fn window_index(t: f64, window: f64) -> usize {
    if window > 0.0 {
        // Clamping before the conversion gives the same index as clamping after it (`as` rounds
        // toward zero and takes NaN to 0), and the clamped value fits an `i32`, which converts
        // with fewer instructions than a `usize`.
        (t / window).clamp(0.0, (WINDOWS - 1) as f64) as i32 as usize
    } else {
        0
    }
}

/// What every client of one strategy's fleet shares.
struct Walk<'a> {
    keystreams: &'a Keystreams,
    strategy: Strategy,
    attempts: usize,
    base: f64,
    window: f64,
}

impl Walk<'_> {
    /// Simulates `clients` [`LANES`] at a time: their streams are generated together, and the
    /// CPU overlaps their independent chains of float operations. `wait(k, u, previous)` is
    /// attempt `k`'s wait from the draw `u` and the previous wait (`base` before the first).
    /// Counts every retry time into `counts` and returns the sum of the clients' total waits,
    /// added in client order.
    fn clients_in_lanes(
        &self,
        clients: std::ops::Range<u32>,
        counts: &mut Counts,
        wait: impl Fn(usize, f64, f64) -> f64,
    ) -> f64 {
        let (base, window) = (self.base, self.window);
        let mut draws = [[0.0; LANES]; limits::MAX_ATTEMPTS as usize];
        let draws = &mut draws[..self.attempts];
        let mut total = 0.0;
        for first in clients.clone().step_by(LANES) {
            // The last group may be short; its extra lanes are computed and ignored.
            let lanes = (clients.end - first).min(LANES as u32) as usize;
            self.keystreams.units(self.strategy.stream(first), draws);
            let (mut t, mut s) = ([0.0; LANES], [base; LANES]);
            for (k, draws) in draws.iter().enumerate() {
                for lane in 0..LANES {
                    s[lane] = wait(k, draws[lane], s[lane]);
                    t[lane] += s[lane];
                }
                counts.add_lanes(&t, lanes, window);
            }
            for &t in &t[..lanes] {
                total += t;
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::client_rng;

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    /// Every client's waits drawn from its own `rand_chacha` generator, one client after the
    /// other, summed per chunk: what `simulate_strategy` must reproduce bit for bit, here with
    /// several chunks, a short last group of lanes and draws from two ChaCha blocks.
    #[test]
    fn fleet_matches_one_generator_per_client() {
        let p = Params::builder(ms(100.0))
            .cap(Some(ms(20_000.0)))
            .attempts(11)
            .seed(2026)
            .clients(2 * CHUNK + 13)
            .build()
            .unwrap();
        let fleet = Fleet::simulate(&p);
        let window = fleet.bin.as_ms() / limits::PEAK_WINDOWS_PER_BIN as f64;
        for strategy in Strategy::ALL {
            let ranges = p.ranges_ms(strategy);
            let mut counts = vec![0u32; WINDOWS];
            let (mut total, mut chunk_total) = (0.0, 0.0);
            let mut waits = Vec::new();
            for client in 0..p.clients() {
                let mut rng = client_rng(p.seed(), strategy, client);
                p.client_waits(strategy, &mut rng, &ranges, &mut waits);
                let mut t = 0.0;
                for w in &waits {
                    t += w;
                    counts[window_index(t, window)] += 1;
                }
                chunk_total += t;
                if (client + 1) % CHUNK == 0 || client + 1 == p.clients() {
                    total += chunk_total;
                    chunk_total = 0.0;
                }
            }
            let histogram: Vec<u32> = counts
                .chunks(limits::PEAK_WINDOWS_PER_BIN)
                .map(|w| w.iter().sum())
                .collect();
            let simulated = fleet.strategy(strategy).unwrap();
            assert_eq!(simulated.histogram, histogram, "{strategy}");
            let mean = total / f64::from(p.clients());
            assert_eq!(
                simulated.mean_total.as_ms().to_bits(),
                mean.to_bits(),
                "{strategy}"
            );
        }
    }

    #[test]
    fn fleet_is_independent_of_thread_count() {
        let p = Params::builder(ms(100.0))
            .cap(Some(ms(30_000.0)))
            .clients(5_000)
            .build()
            .unwrap();
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| Fleet::simulate(&p));
        let four = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap()
            .install(|| Fleet::simulate(&p));
        assert_eq!(one, four);
        let none = one.strategy(Strategy::None).unwrap();
        assert_eq!(none.histogram.iter().sum::<u32>(), 5_000 * 8);
    }
}
