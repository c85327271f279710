//! sony/gobreaker's circuit breaker (v2.4.0, `v2/gobreaker.go` and `v2/counter.go`) with the
//! zero `Settings` but the ones named here: consecutive failures open it, a timeout while open,
//! `MaxRequests` trial calls while half-open; every change of state starts a generation, and an
//! outcome of an older generation is dropped. `Interval` is 0: closed counts are never cleared
//! but by a change of state.

use super::{BreakerSettings, Permit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Closed,
    HalfOpen,
    Open,
}

/// One client's gobreaker.
#[derive(Clone, Debug)]
pub struct CircuitBreaker {
    state: State,
    generation: u32,
    /// `Counts.Requests`: calls permitted in this generation.
    requests: u32,
    consecutive_successes: u32,
    consecutive_failures: u32,
    /// When an open breaker may turn half-open (strictly after).
    expiry: f64,
    max_requests: u32,
    timeout_ms: f64,
    failures: u32,
    /// Times it opened.
    pub trips: u32,
}

impl CircuitBreaker {
    /// A closed breaker in generation 0.
    pub fn new(set: &BreakerSettings) -> CircuitBreaker {
        CircuitBreaker {
            state: State::Closed,
            generation: 0,
            requests: 0,
            consecutive_successes: 0,
            consecutive_failures: 0,
            expiry: 0.0,
            max_requests: set.go_max_requests,
            timeout_ms: set.go_timeout_ms,
            failures: set.go_failures,
            trips: 0,
        }
    }

    /// `currentState(now)`: an open breaker past its expiry (`cb.expiry.Before(now)`, strict)
    /// turns half-open. Runs before every call and every outcome.
    fn current(&mut self, t: f64) {
        if self.state == State::Open && self.expiry < t {
            self.set_state(State::HalfOpen, t);
        }
    }

    /// `setState` and `toNewGeneration`: a new generation with cleared counts.
    fn set_state(&mut self, state: State, t: f64) {
        if self.state == state {
            return;
        }
        self.state = state;
        self.generation += 1;
        self.requests = 0;
        self.consecutive_successes = 0;
        self.consecutive_failures = 0;
        if state == State::Open {
            self.expiry = t + self.timeout_ms;
            self.trips += 1;
        }
    }

    /// `beforeRequest` at `t`: open rejects (`ErrOpenState`), half-open rejects once it has
    /// permitted `MaxRequests` (`ErrTooManyRequests`); a permitted call's ticket is the
    /// generation.
    pub fn permit(&mut self, t: f64) -> Permit {
        self.current(t);
        if self.state == State::Open
            || (self.state == State::HalfOpen && self.requests >= self.max_requests)
        {
            return Permit::No;
        }
        self.requests += 1;
        Permit::Yes(self.generation)
    }

    /// `afterRequest` at `t` for a call permitted in generation `ticket`: dropped if the
    /// generation changed (this very call's `currentState` included).
    pub fn record(&mut self, t: f64, ticket: u32, ok: bool) {
        self.current(t);
        if ticket != self.generation {
            return;
        }
        if ok {
            self.consecutive_failures = 0;
            self.consecutive_successes += 1;
            if self.state == State::HalfOpen && self.consecutive_successes >= self.max_requests {
                self.set_state(State::Closed, t);
            }
        } else {
            self.consecutive_successes = 0;
            self.consecutive_failures += 1;
            match self.state {
                // The default ReadyToTrip: `counts.ConsecutiveFailures > 5`.
                State::Closed if self.consecutive_failures > self.failures => {
                    self.set_state(State::Open, t);
                }
                State::HalfOpen => self.set_state(State::Open, t),
                _ => {}
            }
        }
    }

    /// "closed", "open" or "half-open".
    pub fn state(&self) -> &'static str {
        match self.state {
            State::Closed => "closed",
            State::Open => "open",
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
    fn the_sixth_failure_in_a_row_opens_it() {
        let mut b = breaker();
        let g = match b.permit(0.0) {
            Permit::Yes(g) => g,
            Permit::No => panic!("closed permits"),
        };
        for i in 0..5 {
            b.record(f64::from(i), g, false);
        }
        b.record(5.0, g, true);
        for i in 0..5 {
            b.record(6.0 + f64::from(i), g, false);
        }
        assert_eq!(b.state(), "closed", "a success reset the count");
        b.record(11.0, g, false);
        assert_eq!((b.state(), b.trips), ("open", 1));
        // The open state's generation drops the older outcomes.
        b.record(12.0, g, true);
        assert_eq!(
            b.permit(60_011.0),
            Permit::No,
            "expiry.Before(now) is strict"
        );
        assert_eq!(b.permit(60_011.5), Permit::Yes(2));
        assert_eq!(b.state(), "half-open");
        assert_eq!(b.permit(60_012.0), Permit::No, "MaxRequests 1");
        b.record(60_013.0, 2, false);
        assert_eq!((b.state(), b.trips), ("open", 2));
        assert_eq!(b.permit(120_013.5), Permit::Yes(4));
        b.record(120_014.0, 4, true);
        assert_eq!(b.state(), "closed");
        assert_eq!(b.permit(120_015.0), Permit::Yes(5));
    }

    #[test]
    fn a_late_outcome_after_the_expiry_turns_it_half_open_and_is_dropped() {
        let mut b = breaker();
        for _ in 0..6 {
            b.record(0.0, 0, false);
        }
        assert_eq!(b.state(), "open");
        b.record(60_001.0, 0, false);
        assert_eq!(b.state(), "half-open", "currentState ran in afterRequest");
        assert_eq!(b.trips, 1, "the old outcome did not reopen it");
        assert_eq!(b.permit(60_002.0), Permit::Yes(2));
    }
}
