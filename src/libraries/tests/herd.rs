//! The libraries' fleets: every client's retries counted once, on the axis and in the windows
//! the strategies' fleet uses, with each client's own draws.

use super::*;
use crate::backoff::{limits, window_index, Timeline, WINDOWS};

/// Each client's delays from its own `rand_chacha` generator ([`draws`]), one client after
/// the other: what [`herd`] must count, retry for retry.
fn counted_one_by_one(library: Library, input: &Input, clients: u32, h: &Herd) -> (Vec<u32>, u32) {
    let f = plan(library, input).formula;
    let window = h.horizon_ms / limits::FLEET_BINS as f64 / limits::PEAK_WINDOWS_PER_BIN as f64;
    let mut counts = vec![0; h.timeline.bins()];
    let mut windows = vec![0u32; WINDOWS];
    let mut units = vec![0.0; f.retries()];
    let mut delays = Vec::new();
    for c in 0..clients {
        draws(library, input.seed, c, &mut units);
        f.delays(&units, &mut delays);
        let mut t = 0.0;
        for d in &delays {
            t += d;
            counts[h.timeline.index(t)] += 1;
            windows[window_index(t, window)] += 1;
        }
    }
    (counts, windows.into_iter().max().unwrap())
}

#[test]
fn every_client_draws_its_own_stream_and_every_retry_counts_once() {
    let i = input(100.0, 2.0, Some(30_000.0), 8);
    // Not a multiple of the lanes, so the last group is short.
    let clients = 2 * 8 * 64 + 5;
    let libraries = [Library::Got, Library::Polly, Library::Cenkalti];
    let h = herd(&libraries, &i, clients);
    assert_eq!(h.clients, clients);
    assert_eq!(h.lines.len(), 3);
    for (line, &l) in h.lines.iter().zip(&libraries) {
        assert_eq!(line.library, l);
        let m = model_of(l, &i);
        assert_eq!(line.retries, m.rows.len());
        let (counts, peak) = counted_one_by_one(l, &i, clients, &h);
        assert_eq!(line.counts, counts, "{l:?}");
        assert_eq!(
            line.counts.iter().sum::<u32>() as usize,
            clients as usize * line.retries
        );
        let all = f64::from(clients) * line.retries as f64;
        assert_eq!(line.peak_share, f64::from(peak) / all, "{l:?}");
    }
}

#[test]
fn the_axis_ends_at_the_longest_worst_case() {
    let i = input(100.0, 2.0, Some(30_000.0), 6);
    let libraries = [Library::Urllib3, Library::Got, Library::AxiosRetry];
    let h = herd(&libraries, &i, 10);
    let worst = libraries
        .iter()
        .map(|&l| model_of(l, &i).totals.worst_ms)
        .fold(0.0, f64::max);
    assert_eq!(h.horizon_ms, worst);
    assert_eq!(h.timeline, Timeline::new(100.0, worst));
    // got waits 1 s, 2 s, … whatever the base: the longest of the three.
    assert_eq!(worst, model_of(Library::Got, &i).totals.worst_ms);
}

#[test]
fn without_jitter_every_client_retries_at_once() {
    // urllib3 draws nothing: 0, 200 ms, 400 ms, 800 ms, 1.6 s, 3.2 s. Each retry's clients all
    // land in one window, so the busiest holds one retry in six of the fleet's.
    let i = input(100.0, 2.0, Some(30_000.0), 6);
    let h = herd(&[Library::Urllib3], &i, 1000);
    let line = &h.lines[0];
    assert_eq!(line.retries, 6);
    assert_eq!(line.peak_share, 1.0 / 6.0);
    assert_eq!(line.counts.iter().filter(|&&c| c > 0).count(), 6);
    assert!(line.counts.iter().all(|&c| c == 0 || c == 1000));
    // The immediate first retry counts in the first bin (below the axis's start).
    assert_eq!(line.counts[0], 1000);
    // Full jitter spreads them: far less than a sixth in the busiest window.
    let spread = herd(&[Library::Tenacity], &i, 1000);
    assert!(
        spread.lines[0].peak_share < 0.05,
        "{}",
        spread.lines[0].peak_share
    );
}

#[test]
fn one_client_and_no_clients() {
    let i = input(250.0, 3.0, None, 4);
    let h = herd(&[Library::Backon], &i, 1);
    // One client: every retry is alone in its window.
    assert_eq!(h.lines[0].peak_share, 1.0 / 4.0);
    let none = herd(&[Library::Backon], &i, 0);
    assert!(none.lines[0].counts.iter().all(|&c| c == 0));
    assert_eq!(none.lines[0].peak_share, 0.0);
}
