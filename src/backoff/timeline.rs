//! The charts' time axis: logarithmic bins, so that every attempt of an exponential schedule
//! gets room (on a linear axis the first attempts of every strategy share one bin and the last
//! attempt's tail takes the rest), and ticks at round 1-2-5 times in the units people read.
//!
//! Every edge and tick is made by multiplication and division of exact decimal constants, never
//! by `ln`/`exp`/`powf`, so the browser's script (`static/js/backoff.js`) computes the same bits
//! and draws the same chart.

/// Mantissas of the bin edges in one decade, by how many bins a decade gets. 2 and 5 are exact
/// (ticks fall on edges); the others are 10^(k/n) to three digits.
const MANTISSAS: [&[f64]; 5] = [
    &[
        1.0, 1.12, 1.26, 1.41, 1.58, 1.78, 2.0, 2.24, 2.51, 2.82, 3.16, 3.55, 3.98, 4.47, 5.0,
        5.62, 6.31, 7.08, 7.94, 8.91,
    ],
    &[1.0, 1.26, 1.58, 2.0, 2.51, 3.16, 3.98, 5.0, 6.31, 7.94],
    &[1.0, 1.58, 2.51, 3.98, 6.31],
    &[1.0, 3.16],
    &[1.0],
];

/// Most bins an axis gets.
pub const MAX_BINS: usize = 120;

/// Log-spaced bins from a power of ten at or below a tenth of the first wait to the first edge
/// at or past the horizon. Times below the first edge count in the first bin, times past the
/// last in the last.
#[derive(Clone, Debug, PartialEq)]
pub struct Timeline {
    /// `bins + 1` increasing edges, in milliseconds.
    edges: Vec<f64>,
}

impl Timeline {
    /// The axis for a schedule whose first wait is `base_ms` and whose latest retry can come at
    /// `horizon_ms`.
    pub fn new(base_ms: f64, horizon_ms: f64) -> Timeline {
        let target = base_ms / 10.0;
        let mut start = 1.0;
        while start > target && start > f64::MIN_POSITIVE * 10.0 {
            start /= 10.0;
        }
        while start * 10.0 <= target {
            start *= 10.0;
        }
        let mut decades = 1usize;
        let mut top = start * 10.0;
        while top < horizon_ms && top.is_finite() {
            top *= 10.0;
            decades += 1;
        }
        // The densest mantissas that keep the axis within MAX_BINS; past one bin a decade, one
        // bin spans several decades.
        let mantissas = MANTISSAS
            .iter()
            .find(|m| m.len() * decades <= MAX_BINS)
            .copied()
            .unwrap_or(&[1.0]);
        let step = decades.div_ceil(MAX_BINS).max(1);
        let mut edges = Vec::with_capacity(MAX_BINS + 1);
        let mut decade = start;
        'decades: loop {
            for &m in mantissas {
                let edge = m * decade;
                edges.push(edge);
                if edge >= horizon_ms || !edge.is_finite() {
                    break 'decades;
                }
            }
            for _ in 0..step {
                decade *= 10.0;
            }
        }
        if edges.len() < 2 {
            edges.push(edges[0] * 10.0);
        }
        Timeline { edges }
    }

    /// The bin edges, in milliseconds.
    pub fn edges(&self) -> &[f64] {
        &self.edges
    }

    /// Number of bins.
    pub fn bins(&self) -> usize {
        self.edges.len() - 1
    }

    /// The bin of time `t`: the last edge at or below it (the first bin below the axis, the
    /// last past it).
    #[inline]
    pub fn index(&self, t: f64) -> usize {
        self.edges
            .partition_point(|&e| e <= t)
            .saturating_sub(1)
            .min(self.bins() - 1)
    }

    /// Where time `t` lies along the axis, in `[0, 1]`: its bin, plus its place inside the bin
    /// by linear interpolation (all ticks lie on the axis).
    pub fn position(&self, t: f64) -> f64 {
        let i = self.index(t);
        let (lo, hi) = (self.edges[i], self.edges[i + 1]);
        let inside = ((t - lo) / (hi - lo)).clamp(0.0, 1.0);
        (i as f64 + inside) / self.bins() as f64
    }

    /// Round times on the axis, ascending: 1-2-5 steps of milliseconds up to 500 ms; 1, 2, 5,
    /// 10, 20, 30 seconds; the same in minutes; then 1-2-5 steps of hours. `major` marks the
    /// decades and the unit changes (1 ms, 10 ms, 100 ms, 1 s, 10 s, 1 min, 10 min, 1 h, 10 h,
    /// …), which narrow charts keep. At most twelve: the 2s (and 20 and 30) go first, then the
    /// 5s, then every other major, as often as needed.
    pub fn ticks(&self) -> Vec<Tick> {
        let (first, last) = (self.edges[0], self.edges[self.bins()]);
        // (time, rank): 0 a major, 1 a 5, 2 a 2 (or 20, 30).
        let mut all: Vec<(f64, u8)> = Vec::new();
        let mut push = |ms: f64, rank: u8| {
            if ms >= first && ms <= last {
                all.push((ms, rank));
            }
        };
        // Below a second: powers of ten from the axis's start.
        let mut decade = self.edges[0];
        while decade < 1_000.0 && decade <= last && decade.is_finite() {
            for (m, rank) in [(1.0, 0), (2.0, 2), (5.0, 1)] {
                push(m * decade, rank);
            }
            decade *= 10.0;
        }
        for unit in [1_000.0, 60_000.0] {
            for (step, rank) in [
                (1.0, 0),
                (2.0, 2),
                (5.0, 1),
                (10.0, 0),
                (20.0, 2),
                (30.0, 2),
            ] {
                push(step * unit, rank);
            }
        }
        let mut hours = 3_600_000.0;
        while hours <= last && hours.is_finite() {
            for (m, rank) in [(1.0, 0), (2.0, 2), (5.0, 1)] {
                push(m * hours, rank);
            }
            hours *= 10.0;
        }
        let mut kept = all.clone();
        for rank in [1, 0] {
            if kept.len() <= 12 {
                break;
            }
            kept = all.iter().copied().filter(|&(_, r)| r <= rank).collect();
        }
        while kept.len() > 12 {
            let mut keep = false;
            kept.retain(|_| {
                keep = !keep;
                keep
            });
        }
        kept.into_iter()
            .map(|(ms, rank)| Tick {
                ms,
                major: rank == 0,
            })
            .collect()
    }
}

/// A round time on the axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tick {
    /// The time, in milliseconds.
    pub ms: f64,
    /// A decade or a unit's first step: labelled on narrow charts too.
    pub major: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_axis_runs_from_10_ms_past_the_horizon_twenty_bins_a_decade() {
        // base 100 ms; decorrelated's worst total with a 30 s cap, 8 attempts: 126.3 s.
        let t = Timeline::new(100.0, 126_300.0);
        assert_eq!(t.edges()[0], 10.0);
        assert!(t.edges()[t.bins()] >= 126_300.0);
        assert!(t.edges()[t.bins() - 1] < 126_300.0);
        // Four decades of twenty bins, and three into the fifth (100 s, 112 s, 126 s, 141 s).
        assert_eq!(t.bins(), 4 * 20 + 3);
        assert!(t.edges().windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn times_fall_in_their_bins_and_outside_ones_at_the_ends() {
        let t = Timeline::new(100.0, 25_500.0);
        assert_eq!(t.index(0.0), 0);
        assert_eq!(t.index(9.99), 0);
        assert_eq!(t.index(10.0), 0);
        assert_eq!(t.index(t.edges()[1]), 1);
        assert_eq!(t.index(11.1), 0);
        assert_eq!(t.index(20.0), 6);
        assert_eq!(t.index(1e12), t.bins() - 1);
        for (i, w) in t.edges().windows(2).enumerate() {
            assert_eq!(t.index(w[0]), i);
            assert_eq!(t.index((w[0] + w[1]) / 2.0), i);
        }
        assert_eq!(t.position(10.0), 0.0);
        assert_eq!(t.position(t.edges()[t.bins()]), 1.0);
        assert!((t.position(100.0) - 20.0 / t.bins() as f64).abs() < 1e-12);
    }

    /// Inside a bin the position is linear: a quarter and a half of the way between its edges
    /// are a quarter and a half of the bin's share of the axis.
    #[test]
    fn positions_inside_a_bin_are_linear() {
        let t = Timeline::new(100.0, 25_500.0);
        let bins = t.bins() as f64;
        for (i, w) in t.edges().windows(2).enumerate() {
            let (lo, hi) = (w[0], w[1]);
            for share in [0.25, 0.5, 0.75] {
                let at = t.position(lo + share * (hi - lo));
                let want = (i as f64 + share) / bins;
                assert!(
                    (at - want).abs() < 1e-12,
                    "bin {i} at {share}: {at} != {want}"
                );
            }
        }
        // Outside the axis: its ends.
        assert_eq!(t.position(1.0), 0.0);
        assert_eq!(t.position(1e9), 1.0);
    }

    #[test]
    fn ticks_are_round_and_in_order() {
        let t = Timeline::new(100.0, 126_300.0);
        let ms: Vec<f64> = t.ticks().iter().map(|t| t.ms).collect();
        assert_eq!(ms.first(), Some(&10.0));
        assert!(ms.windows(2).all(|w| w[0] < w[1]));
        assert!(ms.contains(&1_000.0) && ms.contains(&60_000.0), "{ms:?}");
        let majors: Vec<f64> = t.ticks().iter().filter(|t| t.major).map(|t| t.ms).collect();
        assert_eq!(majors, [10.0, 100.0, 1_000.0, 10_000.0, 60_000.0]);
        // Fourteen round times fit the axis: the 2s, 20 s, 30 s and 2 min give way.
        assert_eq!(
            ms,
            [10.0, 50.0, 100.0, 500.0, 1_000.0, 5_000.0, 10_000.0, 60_000.0]
        );
    }

    /// Twelve round times fit as they are; thirteen or more lose the 2s, then the 5s.
    #[test]
    fn twelve_ticks_are_kept_whole() {
        let t = Timeline::new(100.0, 30_000.0);
        let ms: Vec<f64> = t.ticks().iter().map(|t| t.ms).collect();
        assert_eq!(
            ms,
            [
                10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1_000.0, 2_000.0, 5_000.0, 10_000.0,
                20_000.0, 30_000.0
            ]
        );
    }

    /// Past an hour the ticks go on in hours.
    #[test]
    fn axes_past_an_hour_get_hour_ticks() {
        let t = Timeline::new(1_000.0, 3.0 * 3_600_000.0);
        let ticks: Vec<(f64, bool)> = t.ticks().iter().map(|t| (t.ms, t.major)).collect();
        assert_eq!(
            ticks,
            [
                (100.0, true),
                (500.0, false),
                (1_000.0, true),
                (5_000.0, false),
                (10_000.0, true),
                (60_000.0, true),
                (300_000.0, false),
                (600_000.0, true),
                (3_600_000.0, true)
            ]
        );
    }

    /// More than twelve majors: every other one is kept, from the first.
    #[test]
    fn a_wide_axis_keeps_every_other_major() {
        let t = Timeline::new(0.001, 1e12);
        let ticks: Vec<(f64, bool)> = t.ticks().iter().map(|t| (t.ms, t.major)).collect();
        let majors = [
            0.0001,
            0.01,
            1.0,
            100.0,
            10_000.0,
            600_000.0,
            36_000_000.0,
            3_600_000_000.0,
            360_000_000_000.0,
        ];
        assert_eq!(ticks, majors.map(|ms| (ms, true)));
    }

    #[test]
    fn wide_and_tiny_axes_stay_within_the_bin_limit() {
        for (base, horizon) in [
            (1e-9, 1e300),
            (1.0, f64::MAX),
            (0.5, 0.5),
            (3_600_000.0, 1e12),
            (1.0, 1e6),
        ] {
            let t = Timeline::new(base, horizon);
            assert!(
                t.bins() >= 1 && t.bins() <= MAX_BINS,
                "{base} {horizon}: {}",
                t.bins()
            );
            assert!(
                t.edges().windows(2).all(|w| w[0] < w[1]),
                "{base} {horizon}"
            );
            assert!(t.ticks().len() <= 12);
        }
    }
}
