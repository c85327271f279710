//! A computed schedule: one [`Row`] per attempt with each strategy's range and client 0's seeded
//! sample (SPEC §1–§2), the [`Totals`], and the fleet of SPEC §3.

use super::fleet::simulate_strategy;
use super::{client_rng, Delay, Fleet, Params, Strategy};

/// One strategy's wait for one attempt: its range and client 0's seeded sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// Shortest possible wait.
    pub min: Delay,
    /// Longest possible wait.
    pub max: Delay,
    /// The wait client 0 draws with this seed.
    pub sample: Delay,
}

/// One attempt of a schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based attempt number.
    pub attempt: u32,
    /// `min(cap, base × factorⁿ⁻¹)`.
    pub nominal: Delay,
    cells: [Cell; 4],
}

impl Row {
    /// This attempt under `strategy`.
    pub fn cell(&self, strategy: Strategy) -> Cell {
        self.cells[strategy.index()]
    }
}

/// Sums over a schedule for one strategy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Totals {
    /// Σ min: the shortest a client can wait in all.
    pub best: Delay,
    /// Σ max: the longest a client can wait before giving up.
    pub worst: Delay,
    /// Expected total wait. Exact for none/full/equal; see [`Totals::mean_is_estimate`].
    pub mean: Delay,
    /// `true` for decorrelated, whose mean is estimated from the fleet simulation.
    pub mean_is_estimate: bool,
    /// Σ of client 0's samples.
    pub sample: Delay,
}

/// Where one strategy's retries land over time, for the whole fleet.
/// A computed schedule: one [`Row`] per attempt, [`Totals`] and the [`Fleet`] simulation.
#[derive(Clone, Debug)]
pub struct Schedule {
    params: Params,
    rows: Vec<Row>,
    totals: [Totals; 4],
    fleet: Fleet,
    /// Decorrelated's estimated mean total. Simulated when the fleet is, or when decorrelated is
    /// one of the strategies shown; otherwise only if [`Schedule::totals`] asks for it.
    decorrelated_mean: std::sync::OnceLock<f64>,
}

/// Equal parameters give equal schedules: the lazily estimated mean is a function of them, so
/// whether it was computed yet does not count.
impl PartialEq for Schedule {
    fn eq(&self, other: &Schedule) -> bool {
        self.params == other.params
            && self.rows == other.rows
            && self.totals == other.totals
            && self.fleet == other.fleet
    }
}

impl Schedule {
    /// Computes rows, totals and the fleet simulation for `params`.
    pub fn compute(params: &Params) -> Schedule {
        Schedule::compute_with(params, true)
    }

    /// Rows and totals only: [`Schedule::fleet`] has the time axis but no strategy's histogram
    /// (decorrelated's mean is still estimated from the clients). What tables need, far cheaper.
    pub fn compute_without_fleet(params: &Params) -> Schedule {
        Schedule::compute_with(params, false)
    }

    fn compute_with(params: &Params, fleet: bool) -> Schedule {
        let nominal = params.nominal_ms();
        let ranges: [Vec<(f64, f64)>; 4] = Strategy::ALL.map(|s| params.ranges_ms(s));
        let samples: [Vec<f64>; 4] = Strategy::ALL.map(|s| {
            let mut rng = client_rng(params.seed(), s, 0);
            let mut out = Vec::new();
            params.client_waits(s, &mut rng, &ranges[s.index()], &mut out);
            out
        });
        let rows = (0..params.attempts() as usize)
            .map(|i| Row {
                attempt: i as u32 + 1,
                nominal: Delay(nominal[i]),
                cells: Strategy::ALL.map(|s| {
                    let (lo, hi) = ranges[s.index()][i];
                    Cell {
                        min: Delay(lo),
                        max: Delay(hi),
                        sample: Delay(samples[s.index()][i]),
                    }
                }),
            })
            .collect();
        let fleet = if fleet {
            Fleet::simulate(params)
        } else {
            Fleet::axis(params)
        };
        let totals = Strategy::ALL.map(|s| {
            let r = &ranges[s.index()];
            let best = r.iter().map(|x| x.0).sum::<f64>();
            let worst = r.iter().map(|x| x.1).sum::<f64>();
            let sample = samples[s.index()].iter().sum::<f64>();
            let (mean, mean_is_estimate) = match s {
                // Filled in by `Schedule::totals` from `decorrelated_mean`.
                Strategy::Decorrelated => (0.0, true),
                _ => (r.iter().map(|x| (x.0 + x.1) / 2.0).sum::<f64>(), false),
            };
            Totals {
                best: Delay(best),
                worst: Delay(worst),
                mean: Delay(mean),
                mean_is_estimate,
                sample: Delay(sample),
            }
        });
        let decorrelated_mean = std::sync::OnceLock::new();
        if let Some(f) = fleet.strategy(Strategy::Decorrelated) {
            let _ = decorrelated_mean.set(f.mean_total.as_ms());
        }
        let schedule = Schedule {
            params: params.clone(),
            rows,
            totals,
            fleet,
            decorrelated_mean,
        };
        if params.strategies().contains(&Strategy::Decorrelated) {
            schedule.decorrelated_mean();
        }
        schedule
    }

    /// Decorrelated's mean total wait, estimated from the clients (SPEC §1): only the clients'
    /// totals are needed, not the histograms.
    fn decorrelated_mean(&self) -> f64 {
        *self.decorrelated_mean.get_or_init(|| {
            simulate_strategy(
                &self.params,
                Strategy::Decorrelated,
                self.fleet.bin.as_ms(),
                None,
            )
            .mean_total
            .as_ms()
        })
    }

    /// The parameters this schedule was computed from.
    pub fn params(&self) -> &Params {
        &self.params
    }
    /// One row per attempt.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }
    /// Sums for `strategy`.
    pub fn totals(&self, strategy: Strategy) -> Totals {
        let mut totals = self.totals[strategy.index()];
        if strategy == Strategy::Decorrelated {
            totals.mean = Delay(self.decorrelated_mean());
        }
        totals
    }
    /// The fleet simulation.
    pub fn fleet(&self) -> &Fleet {
        &self.fleet
    }
}

/// The nominal delay of attempt `n` (1-based) without computing a whole schedule.
pub fn nominal_delay(params: &Params, n: u32) -> Option<Delay> {
    params
        .nominal_ms()
        .get(n.checked_sub(1)? as usize)
        .map(|&d| Delay(d))
}

/// The SPEC §1 vectors and the ChaCha golden value are checked in `tests/engine_spec.rs`; these
/// are the engine's own invariants.
#[cfg(test)]
mod tests {
    use super::*;

    fn ms(x: f64) -> Delay {
        Delay::from_ms(x).unwrap()
    }

    #[test]
    fn decorrelated_mean_is_the_same_when_estimated_lazily() {
        let builder = || Params::builder(ms(100.0)).cap(Some(ms(30_000.0))).seed(11);
        let all = builder().build().unwrap();
        let only_none = builder().strategies(vec![Strategy::None]).build().unwrap();
        let shown = Schedule::compute_without_fleet(&all);
        assert!(shown.decorrelated_mean.get().is_some(), "shown: simulated");
        let not_shown = Schedule::compute_without_fleet(&only_none);
        assert!(
            not_shown.decorrelated_mean.get().is_none(),
            "not shown: not yet"
        );
        let eager = shown.totals(Strategy::Decorrelated);
        let with_fleet = Schedule::compute(&all).totals(Strategy::Decorrelated);
        let lazy = not_shown.totals(Strategy::Decorrelated);
        assert!(eager.mean.as_ms() > 0.0 && eager.mean_is_estimate);
        assert_eq!(eager, with_fleet);
        assert_eq!(eager, lazy);
    }
}
