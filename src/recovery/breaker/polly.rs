//! Polly v8's circuit breaker (8.7.0, `src/Polly.Core/CircuitBreaker/`:
//! `Controller/CircuitStateController.cs`, `Controller/AdvancedCircuitBehavior.cs`,
//! `Health/RollingHealthMetrics.cs`): outcomes counted in ten rolling windows, a break of fixed
//! length, one probe.

use std::collections::VecDeque;

use super::{BreakerSettings, Permit};

/// One of `RollingHealthMetrics`' windows.
#[derive(Clone, Copy, Debug)]
struct Window {
    started: f64,
    successes: u32,
    failures: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Closed,
    Open { until: f64 },
    HalfOpen,
}

/// One client's Polly breaker.
#[derive(Clone, Debug)]
pub struct CircuitBreaker {
    state: State,
    windows: VecDeque<Window>,
    sampling_ms: f64,
    window_ms: f64,
    ratio: f64,
    throughput: u32,
    break_ms: f64,
    /// Times it opened.
    pub trips: u32,
}

impl CircuitBreaker {
    /// A closed breaker with no windows.
    pub fn new(set: &BreakerSettings) -> CircuitBreaker {
        // `TimeSpan.FromTicks(_samplingDuration.Ticks / numberOfWindows)`: ticks of 100 ns,
        // ten windows (SamplingDuration is at least 0.5 s, so always rolling).
        let ticks = (set.polly_sampling_ms * 10_000.0).round() as u64;
        CircuitBreaker {
            state: State::Closed,
            windows: VecDeque::new(),
            sampling_ms: ticks as f64 / 10_000.0,
            window_ms: (ticks / 10) as f64 / 10_000.0,
            ratio: set.polly_ratio,
            throughput: set.polly_throughput,
            break_ms: set.polly_break_ms,
            trips: 0,
        }
    }

    /// `OnActionPreExecuteAsync` at `t`: closed permits; open permits the first call at or
    /// after its end (`now >= _blockedUntil`), the probe, and turns half-open; half-open
    /// rejects every other call, however long the probe takes.
    pub fn permit(&mut self, t: f64) -> Permit {
        match self.state {
            State::Closed => Permit::Yes(0),
            State::Open { until } if t >= until => {
                self.state = State::HalfOpen;
                Permit::Yes(0)
            }
            State::Open { .. } | State::HalfOpen => Permit::No,
        }
    }

    /// `OnActionSuccessAsync` / `OnActionFailureAsync` at `t`, to the state current then.
    pub fn record(&mut self, t: f64, ok: bool) {
        match (self.state, ok) {
            (State::Closed, true) => self.window(t).successes += 1,
            (State::Closed, false) => {
                self.window(t).failures += 1;
                // `shouldBreak = info.Throughput >= _minimumThroughput && info.FailureRate >=
                // _failureRatio`, checked after a failure only.
                let (n, f) = self.windows.iter().fold((0u32, 0u32), |(n, f), w| {
                    (n + w.successes + w.failures, f + w.failures)
                });
                if n >= self.throughput && f64::from(f) / f64::from(n) >= self.ratio {
                    self.open(t);
                }
            }
            // Counted while open (and a success while half-open): nothing reads those counts
            // before closing empties them, so they are not kept.
            (State::Open { .. }, _) => {}
            // The first outcome while half-open decides: success closes and empties the
            // windows (`OnCircuitClosed() => _metrics.Reset()`), failure opens it again.
            (State::HalfOpen, true) => {
                self.state = State::Closed;
                self.windows.clear();
            }
            (State::HalfOpen, false) => self.open(t),
        }
    }

    /// `OpenCircuitFor_NeedsLock`: blocked until `t` + BreakDuration.
    fn open(&mut self, t: f64) {
        self.state = State::Open {
            until: t + self.break_ms,
        };
        self.trips += 1;
    }

    /// `UpdateCurrentWindow` at `t`: a new window when there is none or the newest started at
    /// least a window's length ago; then those that started a sampling duration ago or more
    /// are dropped.
    fn window(&mut self, t: f64) -> &mut Window {
        if self
            .windows
            .back()
            .is_none_or(|w| t - w.started >= self.window_ms)
        {
            self.windows.push_back(Window {
                started: t,
                successes: 0,
                failures: 0,
            });
        }
        while self
            .windows
            .front()
            .is_some_and(|w| t - w.started >= self.sampling_ms)
        {
            self.windows.pop_front();
        }
        self.windows.back_mut().expect("the current window")
    }

    /// "closed", "open" or "half-open".
    pub fn state(&self) -> &'static str {
        match self.state {
            State::Closed => "closed",
            State::Open { .. } => "open",
            State::HalfOpen => "half-open",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn breaker() -> CircuitBreaker {
        CircuitBreaker::new(&BreakerSettings::default())
    }

    #[test]
    fn a_tenth_failed_of_a_hundred_opens_it_at_a_failure() {
        let mut b = breaker();
        for _ in 0..89 {
            b.record(0.0, true);
        }
        for _ in 0..10 {
            b.record(1.0, false);
        }
        assert_eq!(b.state(), "closed", "99 outcomes");
        b.record(2.0, true);
        assert_eq!(b.state(), "closed", "a success is not checked");
        b.record(3.0, false);
        assert_eq!((b.state(), b.trips), ("open", 1), "11 of 101 failed");
        assert_eq!(b.permit(5_002.9), Permit::No);
        assert_eq!(b.permit(5_003.0), Permit::Yes(0), "at the break's end");
        assert_eq!(b.state(), "half-open");
        assert_eq!(b.permit(60_000.0), Permit::No, "one probe, however long");
    }

    #[test]
    fn the_first_outcome_while_half_open_decides() {
        let mut b = breaker();
        for _ in 0..100 {
            b.record(0.0, false);
        }
        b.permit(5_000.0);
        b.record(5_001.0, false);
        assert_eq!((b.state(), b.trips), ("open", 2));
        assert_eq!(b.permit(10_000.9), Permit::No);
        b.permit(10_001.0);
        b.record(10_002.0, true);
        assert_eq!(b.state(), "closed");
        // The windows were emptied: 99 failures do not reach the minimum throughput.
        for _ in 0..99 {
            b.record(10_003.0, false);
        }
        assert_eq!(b.state(), "closed");
    }

    #[test]
    fn windows_age_out_at_thirty_seconds() {
        let mut b = breaker();
        for _ in 0..95 {
            b.record(0.0, true);
        }
        // Windows start at 0, 3000 (an outcome exactly a window later opens a new one).
        for _ in 0..4 {
            b.record(3_000.0, false);
        }
        // At 30 000 the window of 0 is dropped: 4 outcomes left, then 96 more failures.
        for _ in 0..95 {
            b.record(30_000.0, false);
        }
        assert_eq!(b.state(), "closed", "99 outcomes live");
        b.record(30_000.0, false);
        assert_eq!(b.state(), "open");
        // Had the first window lived (started 29 999.9 before), those 95 successes would count.
        let mut b = breaker();
        for _ in 0..95 {
            b.record(0.1, true);
        }
        for _ in 0..5 {
            b.record(30_000.0, false);
        }
        assert_eq!(b.state(), "closed", "5 of 100 failed");
    }
}
