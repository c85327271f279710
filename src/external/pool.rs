//! The pool that fetches: a few threads taking pages in turn, each from a host that has room
//! (at most [`Settings::per_host`] requests to one host at a time), and no request at all to a
//! host already found unreachable.

use std::collections::HashMap;
use std::sync::{Condvar, Mutex};

use super::fetch;
use super::{Settings, Verdict};

/// One page to fetch, and the fragments it is linked with (`None`: linked without one).
#[derive(Clone, Debug)]
pub(super) struct Job {
    pub host: String,
    pub doc: String,
    pub fragments: Vec<Option<String>>,
}

/// Runs `jobs` on [`Settings::workers`] threads, at most [`Settings::per_host`] of them on one
/// host at a time; a host found unreachable is not tried again. Results in the jobs' order.
/// Also how many jobs were not fetched, their host being down.
pub(super) fn run_pool<'j>(
    jobs: &'j [Job],
    settings: &Settings,
) -> (Vec<(&'j Job, Vec<Verdict>)>, usize) {
    struct State {
        next: Vec<usize>,
        busy: HashMap<String, usize>,
        down: HashMap<String, String>,
        done: Vec<Option<Vec<Verdict>>>,
        skipped: usize,
    }
    let client = fetch::Client::new(settings);
    let state = Mutex::new(State {
        next: (0..jobs.len()).rev().collect(),
        busy: HashMap::new(),
        down: HashMap::new(),
        done: vec![None; jobs.len()],
        skipped: 0,
    });
    let freed = Condvar::new();
    let work = || loop {
        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
        // The next job whose host has room; none: wait for one to finish.
        let (i, down) = loop {
            if s.next.is_empty() {
                return;
            }
            let room = s.next.iter().rposition(|&i| {
                s.busy.get(&jobs[i].host).copied().unwrap_or(0) < settings.per_host
            });
            if let Some(at) = room {
                let i = s.next.remove(at);
                let down = s.down.get(&jobs[i].host).cloned();
                break (i, down);
            }
            s = freed.wait(s).unwrap_or_else(|e| e.into_inner());
        };
        let job = &jobs[i];
        s.skipped += usize::from(down.is_some());
        *s.busy.entry(job.host.clone()).or_default() += 1;
        drop(s);
        let results = match down {
            Some(reason) => vec![Verdict::Unreachable { reason }; job.fragments.len()],
            None => client.check(&job.doc, &job.fragments),
        };
        let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(Verdict::Unreachable { reason }) = results.first() {
            s.down.insert(job.host.clone(), reason.clone());
        }
        if let Some(n) = s.busy.get_mut(&job.host) {
            *n -= 1;
        }
        s.done[i] = Some(results);
        drop(s);
        freed.notify_all();
    };
    std::thread::scope(|scope| {
        for _ in 0..settings.workers.clamp(1, jobs.len().max(1)) {
            scope.spawn(work);
        }
    });
    let state = state.into_inner().unwrap_or_else(|e| e.into_inner());
    let done = jobs
        .iter()
        .zip(state.done)
        .map(|(job, results)| (job, results.unwrap_or_default()))
        .collect();
    (done, state.skipped)
}
