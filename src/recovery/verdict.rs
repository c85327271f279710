//! The verdict of SPEC §8, `recovered_after_ms`: the first whole second s ≥ O from which ten
//! consecutive one-second bins, all before O + H, each have at most 5 % of the calls that ended
//! in them failed, minus O. [`recovered_after`] reads it off a run's bins; a [`Watch`] follows
//! it second by second as a run's bins become final, so that a run made only for its verdict
//! (a step of a frontier search) can stop as soon as it is known.

use super::{Bin, Inputs, BIN_MS, START_MS};

/// `recovered_after_ms` of a run's bins (module docs).
pub fn recovered_after(inputs: &Inputs, bins: &[Bin]) -> Option<f64> {
    let o = inputs.outage().as_ms();
    let end = inputs.end_ms();
    let per_second = 1000.0 / BIN_MS;
    // One-second bins: 100 ms bins 10j … 10j + 9, from −5 s on whole seconds.
    let second = |start_ms: f64| -> (u64, u64) {
        let first = ((start_ms - START_MS) / BIN_MS) as usize;
        bins[first..first + per_second as usize]
            .iter()
            .fold((0, 0), |(f, e), b| {
                (f + u64::from(b.failed()), e + u64::from(b.ended()))
            })
    };
    let healthy = |s: f64| {
        let (failed, ended) = second(s);
        20 * failed <= ended
    };
    let mut recovered_after_ms = None;
    let mut s = (o / 1000.0).ceil() * 1000.0;
    while s + 10_000.0 <= end {
        match (0..10)
            .map(|k| s + 1000.0 * f64::from(k))
            .find(|&t| !healthy(t))
        {
            None => {
                recovered_after_ms = Some(s - o);
                break;
            }
            Some(bad) => s = bad + 1000.0,
        }
    }
    recovered_after_ms
}

/// Whether one second's bins (ten of them) are healthy: at most 5 % of the calls that ended in
/// them failed (a second in which none ended passes).
fn healthy(bins: &[Bin]) -> bool {
    let (failed, ended) = bins.iter().fold((0u64, 0u64), |(f, e), b| {
        (f + u64::from(b.failed()), e + u64::from(b.ended()))
    });
    20 * failed <= ended
}

/// What a verdict-only run has seen of its verdict: the seconds judged so far. The verdict is
/// known when ten healthy seconds in a row are found, or when too little time is left before
/// the end for them; it is then read off the bins by [`recovered_after`], as a full run's is
/// (the bins after the stop only hold seconds that cannot change it).
#[derive(Clone, Copy, Debug)]
pub struct Watch {
    /// The first second of the ten being tried (ms).
    start: f64,
    /// The next second to judge (ms).
    next: f64,
    /// Whether the verdict is known.
    pub known: bool,
}

impl Watch {
    /// A watch of a run whose trigger ends at `outage` and which ends at `end` (ms).
    pub fn new(outage: f64, end: f64) -> Watch {
        let start = (outage / 1000.0).ceil() * 1000.0;
        Watch {
            start,
            next: start,
            known: start + 10_000.0 > end,
        }
    }

    /// Judges every whole second that `final_bins` (the bins from −5 s that no event can change
    /// any more) hold entirely, until the verdict is known.
    pub fn see(&mut self, final_bins: &[Bin], end: f64) {
        let done = START_MS + final_bins.len() as f64 * BIN_MS;
        while !self.known && self.next + 1000.0 <= done {
            let first = ((self.next - START_MS) / BIN_MS) as usize;
            if healthy(&final_bins[first..first + 10]) {
                self.known = self.next - self.start >= 9_000.0;
            } else {
                self.start = self.next + 1000.0;
                self.known = self.start + 10_000.0 > end;
            }
            self.next += 1000.0;
        }
    }
}
