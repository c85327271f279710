//! resilience4j's circuit breaker (v2.4.0, `CircuitBreakerStateMachine.java`, the count-based
//! `FixedSizeSlidingWindowMetrics`): a ring of the last outcomes while closed, a wait while
//! open, a fixed number of trial calls while half-open.

use std::collections::VecDeque;

use super::{BreakerSettings, Outcome, Permit};

const FAILED: u8 = 1;
const SLOW: u8 = 2;

/// A count-based ring of outcomes with its totals (`FixedSizeSlidingWindowMetrics`).
#[derive(Clone, Debug)]
struct Ring {
    size: usize,
    minimum: u32,
    outcomes: VecDeque<u8>,
    failed: u32,
    slow: u32,
}

impl Ring {
    fn new(size: u32, minimum: u32) -> Ring {
        Ring {
            size: size as usize,
            minimum,
            outcomes: VecDeque::new(),
            failed: 0,
            slow: 0,
        }
    }

    /// Records an outcome, evicting the oldest when full.
    fn push(&mut self, flags: u8) {
        if self.outcomes.len() == self.size {
            let old = self.outcomes.pop_front().expect("a full ring");
            self.failed -= u32::from(old & FAILED);
            self.slow -= u32::from(old & SLOW) >> 1;
        }
        self.outcomes.push_back(flags);
        self.failed += u32::from(flags & FAILED);
        self.slow += u32::from(flags & SLOW) >> 1;
    }

    /// `CircuitBreakerMetrics.checkIfThresholdsExceeded`: `None` below the minimum number of
    /// calls, else whether the failure or slow-call rate, as Java floats, reached its
    /// threshold (`>=`).
    fn exceeded(&self, failure_rate: f32, slow_rate: f32) -> Option<bool> {
        let n = self.outcomes.len() as u32;
        if n == 0 || n < self.minimum {
            return None;
        }
        // SnapshotImpl: `totalNumberOfFailedCalls * 100.0f / totalNumberOfCalls`.
        let rate = |k: u32| k as f32 * 100.0f32 / n as f32;
        Some(rate(self.failed) >= failure_rate || rate(self.slow) >= slow_rate)
    }
}

#[derive(Clone, Debug)]
enum State {
    Closed(Ring),
    Open { since: f64 },
    HalfOpen { permits: u32, ring: Ring },
}

/// One client's resilience4j breaker.
#[derive(Clone, Debug)]
pub struct CircuitBreaker {
    state: State,
    window: u32,
    /// minimumNumberOfCalls as given (each ring takes at most its own size of it).
    minimum: u32,
    failure_rate: f32,
    slow_rate: f32,
    slow_ms: f64,
    open_ms: f64,
    half_open: u32,
    /// Times it opened.
    pub trips: u32,
}

impl CircuitBreaker {
    /// A closed breaker with an empty ring.
    pub fn new(set: &BreakerSettings) -> CircuitBreaker {
        CircuitBreaker {
            state: State::Closed(Ring::new(set.r4j_window, set.r4j_minimum())),
            window: set.r4j_window,
            minimum: set.r4j_min_calls,
            failure_rate: set.r4j_failure_rate,
            slow_rate: set.r4j_slow_rate,
            slow_ms: set.r4j_slow_ms,
            open_ms: set.r4j_open_ms,
            half_open: set.r4j_half_open,
            trips: 0,
        }
    }

    /// `tryAcquirePermission` at `t`: closed permits; open permits only strictly after the
    /// wait (`clock.instant().isAfter(retryAfterWaitDuration)`), turning half-open and taking
    /// its first permit; half-open permits while permits are left.
    pub fn permit(&mut self, t: f64) -> Permit {
        match &mut self.state {
            State::Closed(_) => Permit::Yes(0),
            State::Open { since } => {
                if t > *since + self.open_ms {
                    // `forHalfOpen`: a ring of the permitted calls, which decides once it holds
                    // `min(minimumNumberOfCalls, permitted)` (`CircuitBreakerMetrics`' constructor).
                    self.state = State::HalfOpen {
                        permits: self.half_open - 1,
                        ring: Ring::new(self.half_open, self.minimum.min(self.half_open)),
                    };
                    Permit::Yes(0)
                } else {
                    Permit::No
                }
            }
            State::HalfOpen { permits, .. } => {
                if *permits > 0 {
                    *permits -= 1;
                    Permit::Yes(0)
                } else {
                    Permit::No
                }
            }
        }
    }

    /// `onSuccess` / `onError` at `t`, to the state current then. Closed and half-open record
    /// into their ring and check it; open records into metrics nothing reads again.
    pub fn record(&mut self, t: f64, outcome: Outcome) {
        let flags = u8::from(!outcome.ok) * FAILED
            // `durationUnit.toNanos(duration) > slowCallDurationThresholdInNanos`.
            + u8::from(outcome.duration > self.slow_ms) * SLOW;
        let (failure_rate, slow_rate) = (self.failure_rate, self.slow_rate);
        match &mut self.state {
            State::Closed(ring) => {
                ring.push(flags);
                if ring.exceeded(failure_rate, slow_rate) == Some(true) {
                    self.open(t);
                }
            }
            State::Open { .. } => {}
            State::HalfOpen { ring, .. } => {
                ring.push(flags);
                match ring.exceeded(failure_rate, slow_rate) {
                    Some(true) => self.open(t),
                    // `transitionToClosedState`: a new, empty ring.
                    Some(false) => {
                        self.state =
                            State::Closed(Ring::new(self.window, self.minimum.min(self.window)));
                    }
                    None => {}
                }
            }
        }
    }

    fn open(&mut self, t: f64) {
        self.state = State::Open { since: t };
        self.trips += 1;
    }

    /// "closed", "open" or "half-open".
    pub fn state(&self) -> &'static str {
        match self.state {
            State::Closed(_) => "closed",
            State::Open { .. } => "open",
            State::HalfOpen { .. } => "half-open",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok() -> Outcome {
        Outcome {
            ok: true,
            duration: 1.0,
        }
    }
    fn fail() -> Outcome {
        Outcome {
            ok: false,
            duration: 1.0,
        }
    }

    fn opened_at(t: f64) -> CircuitBreaker {
        let mut b = CircuitBreaker::new(&BreakerSettings::default());
        for i in 0..50 {
            b.record(t - 99.0 + f64::from(i), fail());
        }
        for i in 50..99 {
            b.record(t - 99.0 + f64::from(i), ok());
            assert_eq!(b.state(), "closed", "{i} outcomes are below the minimum");
        }
        b.record(t, ok());
        b
    }

    #[test]
    fn fifty_failures_in_a_hundred_open_it_at_the_hundredth() {
        let b = opened_at(99.0);
        assert_eq!((b.state(), b.trips), ("open", 1));
        // 49 failures in 100 do not.
        let mut b = CircuitBreaker::new(&BreakerSettings::default());
        for i in 0..100 {
            b.record(f64::from(i), if i < 49 { fail() } else { ok() });
        }
        assert_eq!(b.state(), "closed");
        // The ring forgets the oldest: a failure in place of a failure is still 49 %...
        b.record(100.0, fail());
        assert_eq!(b.state(), "closed", "the first failure fell out");
        // ...and in place of a success 50 %.
        let mut b = CircuitBreaker::new(&BreakerSettings::default());
        for i in 0..100 {
            b.record(f64::from(i), if i < 51 { ok() } else { fail() });
        }
        assert_eq!(b.state(), "closed");
        b.record(100.0, fail());
        assert_eq!(b.state(), "open");
    }

    #[test]
    fn it_turns_half_open_strictly_after_the_wait() {
        let mut b = opened_at(99.0);
        assert_eq!(b.permit(60_099.0), Permit::No);
        assert_eq!(b.permit(60_099.5), Permit::Yes(0));
        assert_eq!(b.state(), "half-open");
        for _ in 1..10 {
            assert_eq!(b.permit(60_100.0), Permit::Yes(0));
        }
        assert_eq!(b.permit(60_100.0), Permit::No, "ten permits, no more");
    }

    #[test]
    fn half_open_decides_at_its_tenth_outcome() {
        let mut b = opened_at(0.0);
        b.permit(60_001.0);
        for i in 0..4 {
            b.record(60_002.0, fail());
            b.record(60_002.0, ok());
            assert_eq!(b.state(), "half-open", "{i}");
        }
        b.record(60_003.0, ok());
        b.record(60_004.0, fail());
        // 5 of 10 failed: 50 % opens it again, at that time.
        assert_eq!((b.state(), b.trips), ("open", 2));
        assert_eq!(b.permit(120_004.0), Permit::No);
        assert_eq!(b.permit(120_004.1), Permit::Yes(0));
        for _ in 0..4 {
            b.record(120_005.0, fail());
        }
        for _ in 0..6 {
            b.record(120_005.0, ok());
        }
        assert_eq!(b.state(), "closed");
        // With an empty ring: 99 failures do not open it.
        for _ in 0..99 {
            b.record(120_006.0, fail());
        }
        assert_eq!(b.state(), "closed");
        b.record(120_006.0, fail());
        assert_eq!((b.state(), b.trips), ("open", 3));
    }

    #[test]
    fn outcomes_while_open_change_nothing() {
        let mut b = opened_at(0.0);
        for _ in 0..200 {
            b.record(1.0, ok());
        }
        assert_eq!(b.permit(60_000.0), Permit::No);
    }

    #[test]
    fn slow_calls_alone_open_it() {
        let mut b = CircuitBreaker::new(&BreakerSettings::default());
        let slow = Outcome {
            ok: true,
            duration: 60_000.5,
        };
        let edge = Outcome {
            ok: true,
            duration: 60_000.0,
        };
        b.record(0.0, edge);
        for _ in 0..99 {
            b.record(1.0, slow);
        }
        assert_eq!(b.state(), "closed", "a call of exactly 60 s is not slow");
        b.record(2.0, slow);
        assert_eq!(b.state(), "open");
    }

    #[test]
    fn a_smaller_minimum_and_rate() {
        let mut set = BreakerSettings::default();
        set.set("r4j-sliding-window-size", 10.0).unwrap();
        set.set("r4j-failure-rate-threshold", 30.0).unwrap();
        let mut b = CircuitBreaker::new(&set);
        for _ in 0..7 {
            b.record(0.0, ok());
        }
        b.record(0.0, fail());
        b.record(0.0, fail());
        assert_eq!(b.state(), "closed", "nine outcomes");
        b.record(0.0, fail());
        assert_eq!(b.state(), "open", "3 of 10 is 30 %");
    }

    /// The half-open ring decides at `min(minimumNumberOfCalls, permitted)` outcomes, as
    /// resilience4j itself did in tests/peers/breakers (minimum 3, 6 permitted: three outcomes).
    #[test]
    fn half_open_decides_at_the_smaller_of_the_minimum_and_the_permits() {
        let mut set = BreakerSettings::default();
        set.set("r4j-sliding-window-size", 10.0).unwrap();
        set.set("r4j-minimum-number-of-calls", 3.0).unwrap();
        set.set("r4j-permitted-calls-in-half-open", 6.0).unwrap();
        set.set("r4j-wait-duration-in-open-state", 1_000.0).unwrap();
        let mut b = CircuitBreaker::new(&set);
        for _ in 0..3 {
            b.record(0.0, fail());
        }
        assert_eq!(b.state(), "open");
        for _ in 0..3 {
            assert_eq!(b.permit(1_001.0), Permit::Yes(0));
        }
        b.record(1_002.0, ok());
        b.record(1_002.0, fail());
        assert_eq!(b.state(), "half-open", "two outcomes");
        b.record(1_002.0, fail());
        assert_eq!((b.state(), b.trips), ("open", 2), "2 of 3 failed");
        // With more permits than the minimum allows, the closed ring keeps its own minimum.
        let mut set = BreakerSettings::default();
        set.set("r4j-sliding-window-size", 4.0).unwrap();
        set.set("r4j-permitted-calls-in-half-open", 6.0).unwrap();
        set.set("r4j-wait-duration-in-open-state", 1_000.0).unwrap();
        let mut b = CircuitBreaker::new(&set);
        for _ in 0..4 {
            b.record(0.0, fail());
        }
        assert_eq!(b.state(), "open", "the minimum of 100 is the window's 4");
        for _ in 0..6 {
            assert_eq!(b.permit(1_001.0), Permit::Yes(0));
        }
        for _ in 0..5 {
            b.record(1_002.0, ok());
        }
        assert_eq!(b.state(), "half-open", "100 is the six permits' 6");
        b.record(1_002.0, ok());
        assert_eq!(b.state(), "closed");
        for _ in 0..3 {
            b.record(1_003.0, fail());
        }
        assert_eq!(b.state(), "closed", "three outcomes in a ring of 4");
        b.record(1_003.0, fail());
        assert_eq!(b.state(), "open");
    }
}
