//! Hystrix's circuit breaker (v1.5.13, `HystrixCircuitBreaker.java`, with the health counts of
//! `HystrixCommandMetrics.java` and `metric/consumer/HealthCountsStream.java`): snapshots every
//! 500 ms of the last ten seconds' outcomes open it; after the sleep window one trial call, whose
//! outcome (or the first one recorded) decides.
//!
//! The snapshots are those of RxJava's timed windows: one bucket per 500 ms from the moment the
//! stream is subscribed, a snapshot when a bucket closes, over the last 20 buckets. The first
//! stream is subscribed when the simulation starts (−5 000 ms, so snapshots fall on whole
//! multiples of 500 ms); `markSuccess` on a half-open breaker subscribes a new, empty one
//! (`resetStream`), whose snapshots fall every 500 ms from that moment, and the trial's own
//! success is written to it (`markCommandDone` comes after `markSuccess`).

use super::{BreakerSettings, Permit};

/// The health stream's buckets: 10 000 ms of 500 ms buckets.
const BUCKETS: usize = 20;
/// `metrics.healthSnapshot.intervalInMilliseconds`.
const SNAPSHOT_MS: f64 = 500.0;

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Closed,
    Open { since: f64 },
    HalfOpen,
}

/// One client's Hystrix breaker.
#[derive(Clone, Debug)]
pub struct CircuitBreaker {
    /// The state, with `circuitOpened` while open.
    state: State,
    /// When the current stream was subscribed.
    origin: f64,
    /// The next snapshot is at `origin + next × 500`.
    next: u64,
    /// Closed buckets, oldest first from `head`: (outcomes, errors).
    buckets: [(u32, u32); BUCKETS],
    head: usize,
    /// The bucket being filled.
    current: (u32, u32),
    /// Sums over `buckets`.
    total: (u32, u32),
    volume: u32,
    percent: u32,
    sleep_ms: f64,
    /// Times it opened.
    pub trips: u32,
}

impl CircuitBreaker {
    /// A closed breaker whose stream is subscribed at `start`.
    pub fn new(set: &BreakerSettings, start: f64) -> CircuitBreaker {
        CircuitBreaker {
            state: State::Closed,
            origin: start,
            next: 1,
            buckets: [(0, 0); BUCKETS],
            head: 0,
            current: (0, 0),
            total: (0, 0),
            volume: set.hystrix_volume,
            percent: set.hystrix_percent,
            sleep_ms: set.hystrix_sleep_ms,
            trips: 0,
        }
    }

    fn tick_at(&self) -> f64 {
        self.origin + self.next as f64 * SNAPSHOT_MS
    }

    /// Takes the snapshots due before `t` (and at `t` when `inclusive`).
    fn snapshots(&mut self, t: f64, inclusive: bool) {
        let due = |at: f64| at < t || (inclusive && at == t);
        while due(self.tick_at()) {
            let empty = self.total == (0, 0) && self.current == (0, 0);
            if empty && !(self.state == State::Closed && self.trips_when_empty()) {
                // Every snapshot due until the next outcome is empty and changes nothing: go past
                // the last one due (the first at or after `t`, or the one before it).
                let mut last = ((t - self.origin) / SNAPSHOT_MS).ceil() as u64;
                while !due(self.origin + last as f64 * SNAPSHOT_MS) {
                    last -= 1;
                }
                self.next = last + 1;
                return;
            }
            self.snapshot();
        }
    }

    /// Whether a snapshot with no outcomes opens it (volume threshold 0 and error threshold 0:
    /// `HealthCounts` reads 0 % when there is no outcome).
    fn trips_when_empty(&self) -> bool {
        self.volume == 0 && self.percent == 0
    }

    /// A bucket closes: the snapshot of the last 20, and `onNext`'s check.
    fn snapshot(&mut self) {
        let at = self.tick_at();
        let old = std::mem::replace(&mut self.buckets[self.head], self.current);
        self.head = (self.head + 1) % BUCKETS;
        self.total.0 = self.total.0 - old.0 + self.current.0;
        self.total.1 = self.total.1 - old.1 + self.current.1;
        self.current = (0, 0);
        self.next += 1;
        let (n, errors) = self.total;
        // `(int) ((double) errorCount / totalCount * 100)`, 0 with no outcome.
        let percent = if n > 0 {
            (f64::from(errors) / f64::from(n) * 100.0) as u32
        } else {
            0
        };
        if self.state == State::Closed && n >= self.volume && percent >= self.percent {
            self.state = State::Open { since: at };
            self.trips += 1;
        }
    }

    /// `attemptExecution` at `t`, after the snapshots due then: closed permits; open permits
    /// one trial strictly after the sleep window (`currentTime > circuitOpenTime +
    /// sleepWindowTime`) and turns half-open; half-open rejects.
    pub fn permit(&mut self, t: f64) -> Permit {
        self.snapshots(t, true);
        match self.state {
            State::Closed => Permit::Yes(0),
            State::Open { since } if t > since + self.sleep_ms => {
                self.state = State::HalfOpen;
                Permit::Yes(0)
            }
            State::Open { .. } | State::HalfOpen => Permit::No,
        }
    }

    /// An outcome at `t` (`markSuccess` / `markNonSuccess`, then the completion event): the
    /// snapshot at `t` comes after it unless the call ended while being sent.
    pub fn record(&mut self, t: f64, ok: bool, sending: bool) {
        self.snapshots(t, sending);
        if self.state == State::HalfOpen {
            if ok {
                // `markSuccess`: closed, with a new stream subscribed now.
                self.state = State::Closed;
                self.origin = t;
                self.next = 1;
                self.buckets = [(0, 0); BUCKETS];
                self.head = 0;
                self.current = (0, 0);
                self.total = (0, 0);
            } else {
                // `markNonSuccess`: open again from now.
                self.state = State::Open { since: t };
                self.trips += 1;
            }
        }
        self.current.0 += 1;
        self.current.1 += u32::from(!ok);
    }

    /// Takes every snapshot before `end`.
    pub fn snapshots_before(&mut self, end: f64) {
        self.snapshots(end, false);
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
        CircuitBreaker::new(&BreakerSettings::default(), -5_000.0)
    }

    /// The run made against Hystrix 1.5.13 in virtual time (docs/breakers.md): 20 failures at
    /// 100 ms open it at the 500 ms snapshot; the trial is strictly after 5 s; a success closes
    /// it and the snapshots restart from then.
    #[test]
    fn the_sequence_hystrix_itself_gave() {
        let mut b = breaker();
        for _ in 0..20 {
            b.record(100.0, false, false);
        }
        b.snapshots_before(500.0);
        assert_eq!(b.state(), "closed", "no snapshot yet");
        assert_eq!(
            b.permit(500.0),
            Permit::No,
            "the snapshot at 500 comes first"
        );
        assert_eq!((b.state(), b.trips), ("open", 1));
        assert_eq!(b.permit(5_500.0), Permit::No);
        assert_eq!(b.permit(5_501.0), Permit::Yes(0));
        assert_eq!(b.permit(5_600.0), Permit::No, "one trial");
        b.record(5_600.0, false, false);
        assert_eq!((b.state(), b.trips), ("open", 2));
        assert_eq!(b.permit(10_600.0), Permit::No);
        assert_eq!(b.permit(10_601.0), Permit::Yes(0));
        b.record(10_601.0, true, false);
        assert_eq!(b.state(), "closed");
        for _ in 0..20 {
            b.record(10_700.0, false, false);
        }
        b.snapshots_before(11_101.0);
        assert_eq!(
            b.state(),
            "closed",
            "the trial's success is in the new stream: 20 of 21"
        );
        b.snapshots_before(11_101.5);
        assert_eq!(
            (b.state(), b.trips),
            ("open", 3),
            "snapshots from 10 601 + 500"
        );
    }

    #[test]
    fn the_volume_and_the_percentage_truncate() {
        let mut b = breaker();
        for i in 0..19 {
            b.record(f64::from(i), false, false);
        }
        b.snapshots_before(10_000.0);
        assert_eq!(b.state(), "closed", "19 outcomes");
        // 29 of 100 is 28.999999999999996 %; 50 of 100 opens, 49 does not.
        let mut b = breaker();
        for i in 0..100 {
            b.record(10.0, i < 49, false);
        }
        b.snapshots_before(600.0);
        assert_eq!(b.state(), "open", "51 % failed");
        let mut b = breaker();
        for i in 0..100 {
            b.record(10.0, i < 51, false);
        }
        b.snapshots_before(600.0);
        assert_eq!(b.state(), "closed", "49 % failed");
    }

    /// Ten failures at 0 and ten at `later`, the first ones recorded before the snapshot at 0
    /// or, `sending`, after it; the state after the snapshots before `until`.
    fn twice(sending: bool, later: f64, until: f64) -> &'static str {
        let mut b = breaker();
        for _ in 0..10 {
            b.record(0.0, false, sending);
        }
        for _ in 0..10 {
            b.record(later, false, false);
        }
        b.snapshots_before(until);
        b.state()
    }

    #[test]
    fn outcomes_leave_the_window_after_twenty_buckets() {
        // Recorded before the snapshot at 0: in the bucket it closes, gone at 10 000.
        assert_eq!(twice(false, 9_999.0, 10_000.5), "closed");
        assert_eq!(twice(false, 9_000.0, 9_500.5), "open");
        // Recorded after it (a call refused while being sent): in the next bucket, live at
        // 10 000.
        assert_eq!(twice(true, 9_999.0, 10_000.5), "open");
        assert_eq!(
            twice(true, 9_999.0, 10_000.0),
            "closed",
            "before the snapshot at 10 000"
        );
    }

    #[test]
    fn empty_snapshots_are_skipped_but_an_empty_trip_is_not() {
        let mut b = breaker();
        b.snapshots_before(3_600_000.0);
        assert_eq!((b.state(), b.next), ("closed", 7_210));
        let mut set = BreakerSettings::default();
        set.set("hystrix-request-volume-threshold", 0.0).unwrap();
        set.set("hystrix-error-threshold-percentage", 0.0).unwrap();
        let mut b = CircuitBreaker::new(&set, -5_000.0);
        b.snapshots_before(-4_000.0);
        assert_eq!((b.state(), b.trips), ("open", 1), "at −4 500");
    }
}
