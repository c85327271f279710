//! The recovery frontier (SPEC §9): what a fleet survives and what would bring it back. Each
//! figure is a pinned search over §8's verdict (*recovers*: `recovered_after_ms` is not null),
//! every other input as given, so that two implementations give the same answer:
//!
//! - the longest trigger survived ([`search_longest`]): the longest trigger such that it and
//!   every shorter one of [`TRIGGER_GRID_MS`] recover. The grid is scanned from the shortest and
//!   the scan stops at the first that fails; the answer is bisected in quarter seconds inside
//!   that step only. A fleet need not be monotone (the AWS quota rides out a long outage that
//!   drains it and not a short one that leaves it half full), and the scan from the safe end
//!   says which edge is meant.
//! - the capacity needed ([`search_capacity`]): the least capacity, k·R/100 calls per second
//!   for k of [`CAPACITY_GRID`] scanned upwards, then bisected in whole k, that recovers from the
//!   trigger as given; `None` when even ten times the demand does not.
//! - the map: the longest trigger survived at the utilizations of [`UTILIZATIONS`] (C = R/u),
//!   the edge of the vulnerable region.
//!
//! One search's steps follow each other; the searches of different strategies, budgets and map
//! rows are independent and run in parallel, the dearest first ([`Frontiers::compute`]). Each
//! step is a run made only for its verdict, which stops as soon as the verdict is known
//! ([`recovered_after`]); the searches of one strategy and budget share their verdicts
//! ([`Verdicts`]), so a step two of them meet, or that the plain run already made, is run once.

use super::{simulate, Budget, Inputs, Recovery, Shared, MAX_EXPECTED_REQUESTS};
use crate::backoff::{Param, ParamError, Params, Strategy};

/// The triggers the longest-trigger search scans, ms, shortest first.
pub const TRIGGER_GRID_MS: [f64; 17] = [
    250.0, 500.0, 1_000.0, 1_500.0, 2_000.0, 3_000.0, 4_000.0, 5_000.0, 7_500.0, 10_000.0,
    15_000.0, 20_000.0, 30_000.0, 45_000.0, 60_000.0, 90_000.0, 120_000.0,
];
/// The longest trigger searched: a fleet that survives it is reported as surviving at least
/// this long.
pub const LONGEST_TRIGGER_MS: f64 = 120_000.0;
/// The bisection's step: a quarter second.
const QUARTER_MS: f64 = 250.0;
/// The capacities the capacity search scans, in hundredths of the demand, least first.
pub const CAPACITY_GRID: [u32; 16] = [
    100, 105, 110, 115, 120, 125, 133, 150, 175, 200, 250, 300, 400, 500, 700, 1000,
];
/// The utilizations (demand over capacity) of the map's rows.
pub const UTILIZATIONS: [f64; 5] = [0.5, 0.6, 0.7, 0.8, 0.9];

/// The longest trigger survived.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Longest {
    /// Its length in ms (a whole number of quarter seconds; 0: not even the shortest).
    pub ms: f64,
    /// Whether the fleet survived every trigger searched: it survives at least `ms`.
    pub capped: bool,
}

/// One row of the map: the longest trigger survived at one utilization.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MapRow {
    /// Demand over capacity.
    pub utilization: f64,
    /// The longest trigger survived at the capacity R/u.
    pub longest: Longest,
}

/// What one strategy under one budget survives and needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Frontier {
    /// The longest trigger survived, every other input as given.
    pub longest: Longest,
    /// The least capacity (calls per second) that recovers from the trigger as given; `None`
    /// when 10 × the demand does not.
    pub capacity_needed: Option<f64>,
    /// The map's rows, when asked for.
    pub map: Option<Vec<MapRow>>,
}

/// `recovered_after_ms` of `strategy` under `budget`, from a run made only for it: it stops as
/// soon as the verdict is known, and gives the full run's.
pub fn recovered_after(
    params: &Params,
    inputs: &Inputs,
    strategy: Strategy,
    budget: Budget,
) -> Option<f64> {
    simulate::recovers(params, inputs, strategy, budget)
}

impl Frontier {
    /// The frontier of `strategy` under `budget`, with the map when `map`: its searches (the
    /// longest trigger, the capacity needed, each map row) in parallel. `known` is the verdict
    /// of a full run at the inputs as given, when there is one.
    pub fn compute(
        params: &Params,
        inputs: &Inputs,
        strategy: Strategy,
        budget: Budget,
        map: bool,
        known: Option<bool>,
    ) -> Frontier {
        let verdicts = Verdicts::new(params, inputs, strategy, budget, known);
        let searches = searches(map);
        let found = pull(searches.len(), |i| search(&verdicts, searches[i]));
        assemble(found, map)
    }
}

/// The verdicts of one strategy under one budget, by the trigger's length and the capacity,
/// each found once: the searches of a frontier meet the same ones (the capacity search's step at
/// the capacity as given is the plain run, and the map's row at the utilization as given is the
/// longest-trigger search itself).
pub struct Verdicts<'a> {
    params: &'a Params,
    inputs: &'a Inputs,
    strategy: Strategy,
    budget: Budget,
    memo: parking_lot::Mutex<VerdictMemo>,
}

/// Verdicts by the bits of (the trigger's length, the capacity).
type VerdictMemo = std::collections::HashMap<(u64, u64), std::sync::Arc<Shared<bool>>>;

impl<'a> Verdicts<'a> {
    /// The verdicts of `strategy` under `budget` around `inputs`; `known`, a full run's verdict
    /// at the inputs as given.
    pub fn new(
        params: &'a Params,
        inputs: &'a Inputs,
        strategy: Strategy,
        budget: Budget,
        known: Option<bool>,
    ) -> Verdicts<'a> {
        let v = Verdicts {
            params,
            inputs,
            strategy,
            budget,
            memo: parking_lot::Mutex::default(),
        };
        if let Some(k) = known {
            v.cell(inputs.outage().as_ms(), inputs.capacity())
                .get_or_compute(|| k);
        }
        v
    }

    fn cell(&self, outage_ms: f64, capacity: f64) -> std::sync::Arc<Shared<bool>> {
        let mut memo = self.memo.lock();
        std::sync::Arc::clone(
            memo.entry((outage_ms.to_bits(), capacity.to_bits()))
                .or_default(),
        )
    }

    /// Whether the fleet recovers from a trigger of `outage_ms` with `capacity` calls per
    /// second, every other input as given.
    pub fn recovers(&self, outage_ms: f64, capacity: f64) -> bool {
        *self.cell(outage_ms, capacity).get_or_compute(|| {
            let i = self
                .inputs
                .with_outage_ms(outage_ms)
                .with_capacity(capacity);
            recovers(self.params, &i, self.strategy, self.budget)
        })
    }
}

/// The searches of one frontier: the capacity needed first (the dearest: its steps below the
/// edge are storms simulated to the end), then the longest trigger, then the map's rows.
fn searches(map: bool) -> Vec<Search> {
    let mut out = vec![Search::Capacity, Search::Longest];
    if map {
        out.extend(UTILIZATIONS.map(Search::Map));
    }
    out
}

/// One search over `verdicts`.
fn search(verdicts: &Verdicts, s: Search) -> Found {
    let inputs = verdicts.inputs;
    match s {
        Search::Longest => Found::Longest(search_longest(|ms| {
            verdicts.recovers(ms, inputs.capacity())
        })),
        Search::Capacity => Found::Capacity(search_capacity(inputs.demand(), |c| {
            verdicts.recovers(inputs.outage().as_ms(), c)
        })),
        Search::Map(u) => {
            let c = inputs.demand() / u;
            Found::Map(MapRow {
                utilization: u,
                longest: search_longest(|ms| verdicts.recovers(ms, c)),
            })
        }
    }
}

/// A frontier from its searches' answers (in [`searches`]' order).
fn assemble(found: Vec<Found>, map: bool) -> Frontier {
    let mut f = Frontier {
        longest: Longest {
            ms: 0.0,
            capped: false,
        },
        capacity_needed: None,
        map: map.then(Vec::new),
    };
    for found in found {
        match found {
            Found::Longest(l) => f.longest = l,
            Found::Capacity(c) => f.capacity_needed = c,
            Found::Map(row) => f.map.as_mut().expect("asked").push(row),
        }
    }
    f
}

/// `f(0)`, …, `f(n − 1)` on the pool's threads, each taking the next task as it is free, in
/// order: given the dearest tasks first, no thread is left with a long one at the end.
fn pull<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let out: Vec<parking_lot::Mutex<Option<T>>> =
        (0..n).map(|_| parking_lot::Mutex::new(None)).collect();
    rayon::scope(|scope| {
        for _ in 0..rayon::current_num_threads().min(n) {
            scope.spawn(|_| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                *out[i].lock() = Some(f(i));
            });
        }
    });
    out.into_iter()
        .map(|m| m.into_inner().expect("every task ran"))
        .collect()
}

/// Whether the fleet recovers: a verdict-only run.
fn recovers(params: &Params, inputs: &Inputs, strategy: Strategy, budget: Budget) -> bool {
    recovered_after(params, inputs, strategy, budget).is_some()
}

/// The longest-trigger search over a verdict, `recovers(ms)`: the grid from the shortest,
/// stopping at the first that fails, then the bisection in quarter seconds inside that step.
pub fn search_longest(mut recovers: impl FnMut(f64) -> bool) -> Longest {
    let mut last = None;
    for &ms in &TRIGGER_GRID_MS {
        if recovers(ms) {
            last = Some(ms);
            continue;
        }
        let Some(good) = last else {
            return Longest {
                ms: 0.0,
                capped: false,
            };
        };
        // In quarter seconds: the last that recovered, the first that failed.
        let (mut lo, mut hi) = ((good / QUARTER_MS) as u32, (ms / QUARTER_MS) as u32);
        while hi - lo > 1 {
            let m = (lo + hi) / 2;
            if recovers(f64::from(m) * QUARTER_MS) {
                lo = m;
            } else {
                hi = m;
            }
        }
        return Longest {
            ms: f64::from(lo) * QUARTER_MS,
            capped: false,
        };
    }
    Longest {
        ms: LONGEST_TRIGGER_MS,
        capped: true,
    }
}

/// The capacity k·R/100 calls per second.
pub fn capacity_at(k: u32, demand: f64) -> f64 {
    f64::from(k) * demand / 100.0
}

/// The capacity search over a verdict, `recovers(capacity)`: the grid of k upwards, stopping
/// at the first that recovers, then the bisection in whole k inside that step.
pub fn search_capacity(demand: f64, mut recovers: impl FnMut(f64) -> bool) -> Option<f64> {
    let mut at = |k: u32| recovers(capacity_at(k, demand));
    let first = CAPACITY_GRID.iter().position(|&k| at(k))?;
    if first == 0 {
        return Some(demand);
    }
    let (mut lo, mut hi) = (CAPACITY_GRID[first - 1], CAPACITY_GRID[first]);
    while hi - lo > 1 {
        let m = (lo + hi) / 2;
        if at(m) {
            hi = m;
        } else {
            lo = m;
        }
    }
    Some(capacity_at(hi, demand))
}

/// What else would bring the fleet back from the trigger as given, besides capacity: the
/// server skipping the calls that can no longer finish in time, and a queue the server gets
/// through within half a timeout ([`short_queue`]). Each `None` when the inputs have it already.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Alternatives {
    /// Whether shedding recovers.
    pub shedding: Option<bool>,
    /// The queue limit tried, [`short_queue`], and whether it recovers.
    pub queue: Option<(u32, bool)>,
}

/// The queue limit the advice tries: what the server works through within half a client
/// timeout, ⌊C × τ / 2⌋ calls, so a call that joins it still has half its timeout left when it
/// reaches the head. (A limit of a whole timeout's worth is the edge itself: the call at its
/// back, behind the one in service, times out; at the calculator's defaults a limit of 1 000
/// does not bring the service back, one of 900 does.)
pub fn short_queue(inputs: &Inputs) -> u32 {
    (inputs.capacity() * inputs.timeout().as_ms() / 2000.0).floor() as u32
}

/// [`Alternatives`] for `strategy` under `budget`: two verdict-only runs, side by side.
pub fn alternatives(
    params: &Params,
    inputs: &Inputs,
    strategy: Strategy,
    budget: Budget,
) -> Alternatives {
    let q = short_queue(inputs);
    let (shedding, queue) = rayon::join(
        || (!inputs.shed()).then(|| recovers(params, &inputs.with_shed(), strategy, budget)),
        || {
            (inputs.queue().is_none_or(|limit| limit > q))
                .then(|| (q, recovers(params, &inputs.with_queue(q), strategy, budget)))
        },
    );
    Alternatives { shedding, queue }
}

/// One search of the frontier.
#[derive(Clone, Copy, Debug)]
enum Search {
    Longest,
    Capacity,
    Map(f64),
}

/// What one search found.
enum Found {
    Longest(Longest),
    Capacity(Option<f64>),
    Map(MapRow),
}

/// The frontier of every strategy of a [`Recovery`] under every budget it ran.
#[derive(Clone, Debug, PartialEq)]
pub struct Frontiers {
    /// In the order of the recovery's runs: strategy-major, budgets in order.
    pub entries: Vec<(Strategy, Budget, Frontier)>,
}

impl Frontiers {
    /// Whether the searches stay within what is simulated: their longest trigger,
    /// [`LONGEST_TRIGGER_MS`], at most [`MAX_EXPECTED_REQUESTS`] requests.
    pub fn check(inputs: &Inputs) -> Result<(), ParamError> {
        let expected = inputs
            .with_outage_ms(LONGEST_TRIGGER_MS)
            .expected_requests();
        if expected > MAX_EXPECTED_REQUESTS {
            return Err(ParamError {
                param: Param::Demand,
                value: inputs.demand().to_string(),
                allowed: format!(
                    "the frontier simulates triggers up to 2 min: with 5s before and the \
                     horizon after, that is {expected:.0} requests, and at most 10000000 are \
                     simulated; lower it or shorten the horizon"
                ),
            });
        }
        Ok(())
    }

    /// Every strategy of `params` under every budget of `inputs`, with the map when `map`: all
    /// the searches in parallel, the dearest first. `known` has the verdicts of full runs at the
    /// inputs as given (a [`Recovery`] of them), which the searches then need not make again.
    pub fn compute(
        params: &Params,
        inputs: &Inputs,
        map: bool,
        known: Option<&Recovery>,
    ) -> Frontiers {
        let pairs: Vec<(Strategy, Budget)> = params
            .strategies()
            .iter()
            .flat_map(|&s| inputs.budgets().iter().map(move |&b| (s, b)))
            .collect();
        let verdicts: Vec<Verdicts> = pairs
            .iter()
            .map(|&(s, b)| {
                let known = known
                    .and_then(|r| r.run(s, b))
                    .map(|r| r.summary.recovered_after_ms.is_some());
                Verdicts::new(params, inputs, s, b, known)
            })
            .collect();
        let searches = searches(map);
        // Search-major: every pair's capacity search first.
        let tasks: Vec<(usize, Search)> = searches
            .iter()
            .flat_map(|&s| (0..pairs.len()).map(move |p| (p, s)))
            .collect();
        let mut found: Vec<Option<Found>> = pull(tasks.len(), |i| {
            let (p, s) = tasks[i];
            search(&verdicts[p], s)
        })
        .into_iter()
        .map(Some)
        .collect();
        let entries = pairs
            .iter()
            .enumerate()
            .map(|(p, &(s, b))| {
                let mine = (0..searches.len())
                    .map(|k| {
                        found[k * pairs.len() + p]
                            .take()
                            .expect("one answer per search")
                    })
                    .collect();
                (s, b, assemble(mine, map))
            })
            .collect();
        Frontiers { entries }
    }

    /// The frontier of `strategy` under `budget`, if both were searched.
    pub fn get(&self, strategy: Strategy, budget: Budget) -> Option<&Frontier> {
        self.entries
            .iter()
            .find(|(s, b, _)| *s == strategy && *b == budget)
            .map(|(_, _, f)| f)
    }

    /// Whether these are the frontiers of `recovery`'s runs.
    pub fn covers(&self, recovery: &Recovery) -> bool {
        self.entries.len() == recovery.runs.len()
            && self
                .entries
                .iter()
                .zip(&recovery.runs)
                .all(|((s, b, _), r)| *s == r.strategy && *b == r.budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The probes a search makes, in order, and its answer.
    fn longest_probes(edge: impl Fn(f64) -> bool) -> (Vec<f64>, Longest) {
        let mut probes = Vec::new();
        let l = search_longest(|ms| {
            probes.push(ms);
            edge(ms)
        });
        (probes, l)
    }

    #[test]
    fn the_longest_trigger_scans_the_grid_then_bisects_in_quarter_seconds() {
        // Survives up to 1.75 s: the grid stops at 2 s, then quarters 6..8 are bisected once.
        let (probes, l) = longest_probes(|ms| ms <= 1_750.0);
        assert_eq!(probes, [250.0, 500.0, 1_000.0, 1_500.0, 2_000.0, 1_750.0]);
        assert_eq!(
            l,
            Longest {
                ms: 1_750.0,
                capped: false
            }
        );
        // Up to 1.5 s: the same probes, the bisection fails.
        assert_eq!(longest_probes(|ms| ms <= 1_500.0).1.ms, 1_500.0);
        // Between 60 s and 90 s: quarters 240..360.
        let (probes, l) = longest_probes(|ms| ms < 71_300.0);
        assert_eq!(l.ms, 71_250.0);
        assert_eq!(probes.len(), 16 + 6);
        // Every trigger: capped at 2 min; the first fails: 0.
        assert_eq!(
            longest_probes(|_| true).1,
            Longest {
                ms: 120_000.0,
                capped: true
            }
        );
        assert_eq!(longest_probes(|_| true).0.len(), 17);
        let (probes, l) = longest_probes(|_| false);
        assert_eq!(
            (probes, l),
            (
                vec![250.0],
                Longest {
                    ms: 0.0,
                    capped: false
                }
            )
        );
        // Not monotone: fails at 1 s, recovers at 1.5 s and after. The scan from the safe end
        // stops at the first failure and bisects 0.5 s .. 1 s (quarters 2 and 4: one probe).
        let (probes, l) = longest_probes(|ms| ms != 1_000.0 && ms != 750.0);
        assert_eq!(probes, [250.0, 500.0, 1_000.0, 750.0]);
        assert_eq!(l.ms, 500.0);
        // A bisection that recovers again inside the step keeps the upper half: the answer
        // is the edge the bisection meets, pinned so every implementation gives it.
        let (_, l) = longest_probes(|ms| ms <= 5_000.0 || (6_000.0..=6_500.0).contains(&ms));
        assert_eq!(l.ms, 6_500.0);
    }

    /// The probes a capacity search makes (in hundredths of the demand) and its answer.
    fn capacity_probes(edge: impl Fn(f64) -> bool) -> (Vec<f64>, Option<f64>) {
        let mut probes = Vec::new();
        let c = search_capacity(800.0, |c| {
            probes.push(c / 8.0);
            edge(c)
        });
        (probes, c)
    }

    #[test]
    fn the_capacity_scans_up_from_the_demand_then_bisects_whole_hundredths() {
        // Recovers from 1 400/s (k = 175): the grid stops at 175, bisects 150..175.
        let (probes, c) = capacity_probes(|c| c >= 1_400.0);
        assert_eq!(c, Some(1_400.0));
        assert_eq!(
            probes,
            [
                100.0, 105.0, 110.0, 115.0, 120.0, 125.0, 133.0, 150.0, 175.0, 162.0, 168.0, 171.0,
                173.0, 174.0
            ]
        );
        // k = 163 is the least: 162 fails, 163 recovers.
        assert_eq!(capacity_probes(|c| c >= 163.0 * 8.0).1, Some(1_304.0));
        // The demand itself recovers: R, with one probe.
        assert_eq!(capacity_probes(|_| true), (vec![100.0], Some(800.0)));
        // Nothing up to 10 × R: none, after the whole grid.
        let (probes, c) = capacity_probes(|_| false);
        assert_eq!((probes.len(), c), (16, None));
        // The last step: 700..1000.
        assert_eq!(capacity_probes(|c| c >= 999.0 * 8.0).1, Some(7_992.0));
        // k·R/100 as written: 133 × 750 / 100.
        assert_eq!(capacity_at(133, 750.0), 997.5);
        assert_eq!(capacity_at(101, 0.1), 101.0 * 0.1 / 100.0);
    }
}
