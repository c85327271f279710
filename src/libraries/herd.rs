//! The thundering herd of SPEC §3, for retry libraries: `clients` clients of each library fail
//! at t = 0 and retry as the library's model says, client `c` with its own draws (the library's
//! stream for `c`, as [`super::model`]'s sample is client 0's). Where their retries land on the
//! charts' logarithmic axis, and the share of each library's retries in the busiest window, as
//! the strategies' fleet counts them ([`crate::backoff::Fleet`]). The libraries share one axis,
//! to the longest worst-case total among them, so they can be compared side by side.
//!
//! The browser's script (`herd` in `static/js/libraries.js`) counts the same retries.

use super::{each_client, plan, Input, Library};
use crate::backoff::{limits, window_index, Timeline, WINDOWS};

/// Where the retries of several libraries' fleets land.
#[derive(Clone, Debug, PartialEq)]
pub struct Herd {
    /// Clients per library.
    pub clients: u32,
    /// The axis's end: the longest worst-case total wait among the libraries, ms.
    pub horizon_ms: f64,
    /// The charts' logarithmic time axis, from a tenth of the user's first wait to the horizon.
    pub timeline: Timeline,
    /// One line per library, in the order asked.
    pub lines: Vec<HerdLine>,
}

/// One library's fleet.
#[derive(Clone, Debug, PartialEq)]
pub struct HerdLine {
    /// Which library.
    pub library: Library,
    /// Retries each client makes.
    pub retries: usize,
    /// Retries per bin of [`Herd::timeline`].
    pub counts: Vec<u32>,
    /// Share of the library's retries that land in the busiest window (1/10 000 of the axis),
    /// in `[0, 1]`; 0 when it makes none.
    pub peak_share: f64,
}

/// The fleets of `libraries` for `input`, `clients` clients each.
pub fn herd(libraries: &[Library], input: &Input, clients: u32) -> Herd {
    let plans: Vec<_> = libraries.iter().map(|&l| (l, plan(l, input))).collect();
    let horizon_ms = plans
        .iter()
        .map(|(_, p)| {
            let f = p.formula.as_ref();
            (0..f.retries()).map(|k| f.range(k).1).sum::<f64>()
        })
        .fold(0.0, f64::max);
    let timeline = Timeline::new(input.base_ms, horizon_ms);
    // The strategies' fleet's windows: the axis in `FLEET_BINS` bins, each in
    // `PEAK_WINDOWS_PER_BIN` windows (two divisions, as there, for the same bits).
    let window = horizon_ms / limits::FLEET_BINS as f64 / limits::PEAK_WINDOWS_PER_BIN as f64;
    let mut windows = vec![0u32; WINDOWS];
    let lines = plans
        .iter()
        .map(|(library, p)| {
            let f = p.formula.as_ref();
            let mut counts = vec![0u32; timeline.bins()];
            windows.fill(0);
            each_client(*library, input.seed, f, clients, |delays| {
                let mut t = 0.0;
                for d in delays {
                    t += d;
                    counts[timeline.index(t)] += 1;
                    windows[window_index(t, window)] += 1;
                }
            });
            let retries = f.retries();
            let all = f64::from(clients) * retries as f64;
            let peak = windows.iter().copied().max().unwrap_or(0);
            HerdLine {
                library: *library,
                retries,
                counts,
                peak_share: if all > 0.0 {
                    f64::from(peak) / all
                } else {
                    0.0
                },
            }
        })
        .collect();
    Herd {
        clients,
        horizon_ms,
        timeline,
        lines,
    }
}
