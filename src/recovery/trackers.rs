//! The retry budgets' own state machines, one per client, each the arithmetic of the library it
//! models (SPEC §8; where the SPEC and the code differ, the code, and the difference is said
//! here). Public so that the tests can drive each through a sequence of outcomes beside the real
//! code (botocore, tower, grpcio) and compare every decision and every count.
//!
//! Time is the simulation's, in milliseconds (negative during the warm-up).

/// gRPC's `retryThrottling` (gRFC A6), as C-core implements it
/// (`src/core/client_channel/retry_throttle.cc`): integer milli-tokens, starting full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrpcThrottle {
    tokens: u32,
    max: u32,
    threshold: u32,
    ratio: u32,
}

impl GrpcThrottle {
    /// A full bucket of `max_tokens` tokens that a success refills by `ratio_milli` thousandths
    /// of a token (`tokenRatio`, read to three decimals).
    pub fn new(max_tokens: u32, ratio_milli: u32) -> GrpcThrottle {
        let max = max_tokens * 1000;
        GrpcThrottle {
            tokens: max,
            max,
            threshold: max / 2,
            ratio: ratio_milli,
        }
    }

    /// A failed call: one token less (not below 0). Whether a retry is allowed: the tokens
    /// left are above half the maximum (`RecordFailure`, run before the attempts are counted).
    pub fn record_failure(&mut self) -> bool {
        self.tokens = self.tokens.saturating_sub(1000);
        self.tokens > self.threshold
    }

    /// A successful call: `tokenRatio` tokens more, not above the maximum.
    pub fn record_success(&mut self) {
        self.tokens = (self.tokens + self.ratio).min(self.max);
    }

    /// The tokens, in thousandths.
    pub fn milli_tokens(&self) -> u32 {
        self.tokens
    }
}

/// The AWS SDKs' retry quota in standard mode (botocore `retries/quota.py` `RetryQuota`, and
/// `standard.py`'s `RetryQuotaChecker`): a bucket that retries take from and successful requests
/// give back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AwsQuota {
    available: u32,
    max: u32,
}

impl AwsQuota {
    /// A full quota of `capacity` (500 in the SDKs).
    pub fn new(capacity: u32) -> AwsQuota {
        AwsQuota {
            available: capacity,
            max: capacity,
        }
    }

    /// Takes `amount` if that much is left (`acquire`): whether the retry may go.
    pub fn acquire(&mut self, amount: u32) -> bool {
        if amount > self.available {
            return false;
        }
        self.available -= amount;
        true
    }

    /// Gives `amount` back, not above the capacity (`release`).
    pub fn release(&mut self, amount: u32) {
        self.available = self.available.saturating_add(amount).min(self.max);
    }

    /// What is left.
    pub fn available(&self) -> u32 {
        self.available
    }
}

/// Finagle's `RetryBudget()` (finagle-core `service/RetryBudget.scala`): a leaky token bucket
/// over twitter/util's `WindowedAdder` (`util-core/.../TokenBucket.scala`, `WindowedAdder.scala`),
/// with time in whole milliseconds as `Stopwatch.systemMillis` gives it: ⌊t⌋.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinagleBudget {
    adder: WindowedAdder,
    reserve: i64,
    deposit: i64,
    withdraw: i64,
}

impl FinagleBudget {
    /// `RetryBudget(ttl, minRetriesPerSec, percentCanRetry)` made at `now_ms`: a deposit is 1000
    /// (0 when the percentage is 0), a withdrawal `(1000.0 / percentCanRetry).toInt` (1 when it
    /// is 0), the reserve `minRetriesPerSec × ttl × withdrawal`.
    pub fn new(ttl_s: u32, min_retries_per_sec: u32, percent_can_retry: f64, now_ms: i64) -> Self {
        // Scala's `toInt` of a double saturates at the Int range, as `as i32` does.
        let (deposit, withdraw) = if percent_can_retry == 0.0 {
            (0, 1)
        } else {
            (1000, i64::from((1000.0 / percent_can_retry) as i32))
        };
        FinagleBudget {
            adder: WindowedAdder::new(i64::from(ttl_s) * 1000, 10, now_ms),
            reserve: i64::from(min_retries_per_sec) * i64::from(ttl_s) * withdraw,
            deposit,
            withdraw,
        }
    }

    /// `deposit()`: what each request adds (the `RetryFilter` deposits on every request).
    pub fn deposit(&mut self, now_ms: i64) {
        self.adder.add(self.deposit, now_ms);
    }

    /// `tryWithdraw()`: takes one retry's worth if the window's sum plus the reserve covers it.
    pub fn try_withdraw(&mut self, now_ms: i64) -> bool {
        let ok = self.count(now_ms) >= self.withdraw;
        if ok {
            self.adder.add(-self.withdraw, now_ms);
        }
        ok
    }

    /// The tokens: the window's sum plus the reserve (`TokenBucket.count`).
    pub fn count(&mut self, now_ms: i64) -> i64 {
        self.adder.sum(now_ms) + self.reserve
    }

    /// Retries the budget would allow now (`balance`: the count over one withdrawal).
    pub fn balance(&mut self, now_ms: i64) -> i64 {
        self.count(now_ms) / self.withdraw
    }
}

/// twitter/util's `WindowedAdder(range, slices, now)`: `slices − 1` stored slices of
/// `range / slices` milliseconds and a writer; a slice expires lazily, at the first add or sum
/// at least one slice after the last expiry, and slices skipped since are zeroed.
#[derive(Clone, Debug, PartialEq, Eq)]
struct WindowedAdder {
    window: i64,
    buf: Vec<i64>,
    writer: i64,
    i: usize,
    old: i64,
}

impl WindowedAdder {
    fn new(range: i64, slices: usize, now: i64) -> WindowedAdder {
        WindowedAdder {
            window: range / slices as i64,
            buf: vec![0; slices - 1],
            writer: 0,
            i: 0,
            old: now,
        }
    }

    fn expired(&mut self, now: i64) {
        let n = self.buf.len();
        self.buf[self.i] = std::mem::take(&mut self.writer);
        self.i = (self.i + 1) % n;
        let skip = ((now - self.old) / self.window - 1).min(n as i64);
        if skip > 0 {
            let skip = skip as usize;
            for k in 0..skip {
                self.buf[(self.i + k) % n] = 0;
            }
            self.i = (self.i + skip) % n;
        }
        self.old = now;
    }

    fn add(&mut self, x: i64, now: i64) {
        if now - self.old >= self.window {
            self.expired(now);
        }
        self.writer += x;
    }

    fn sum(&mut self, now: i64) -> i64 {
        if now - self.old >= self.window {
            self.expired(now);
        }
        self.writer + self.buf.iter().sum::<i64>()
    }
}

/// tower's `TpsBudget` (`tower/src/retry/budget/tps_budget.rs`, tower 0.5), as linkerd2-proxy
/// builds it for a ServiceProfile's `retryBudget`: ten slots of `ttl / 10` and a writer,
/// expired lazily from the time of the last expiry (not on fixed boundaries).
#[derive(Clone, Debug, PartialEq)]
pub struct TpsBudget {
    index: usize,
    time: f64,
    slots: [i64; 10],
    writer: i64,
    window: f64,
    reserve: i64,
    deposit: i64,
    withdraw: i64,
}

impl TpsBudget {
    /// `TpsBudget::new(ttl, min_per_sec, retry_percent)` made at `now` (ms): the percentage is
    /// an `f32`, a withdrawal `(1.0 / p) as isize` for p ≤ 1 (so 0.3 allows a third, 0.7 all),
    /// else deposits of 1000 and withdrawals of `(1000.0 / p) as isize`.
    pub fn new(ttl_s: u32, min_per_sec: u32, retry_percent: f32, now: f64) -> TpsBudget {
        let (deposit, withdraw) = if retry_percent == 0.0 {
            (0, 1)
        } else if retry_percent <= 1.0 {
            (1, (1.0f32 / retry_percent) as i64)
        } else {
            (1000, (1000.0f32 / retry_percent) as i64)
        };
        TpsBudget {
            index: 0,
            time: now,
            slots: [0; 10],
            writer: 0,
            window: f64::from(ttl_s) * 100.0,
            reserve: i64::from(min_per_sec)
                .saturating_mul(i64::from(ttl_s))
                .saturating_mul(withdraw),
            deposit,
            withdraw,
        }
    }

    fn expire(&mut self, now: f64) {
        let mut diff = (now - self.time).max(0.0);
        if diff < self.window {
            return;
        }
        self.slots[self.index] = std::mem::take(&mut self.writer);
        let mut idx = (self.index + 1) % self.slots.len();
        while diff > self.window {
            self.slots[idx] = 0;
            diff -= self.window;
            idx = (idx + 1) % self.slots.len();
        }
        self.index = idx;
        self.time = now;
    }

    /// The writer, the slots and the reserve (what tower's `Debug` calls the balance). Reading
    /// it does not expire anything, as in tower.
    pub fn sum(&self) -> i64 {
        self.slots
            .iter()
            .fold(self.writer, |a, &s| a.saturating_add(s))
            .saturating_add(self.reserve)
    }

    /// `deposit()`: a success's worth.
    pub fn deposit(&mut self, now: f64) {
        self.expire(now);
        self.writer += self.deposit;
    }

    /// `withdraw()`: one retry's worth, if the sum covers it.
    pub fn withdraw(&mut self, now: f64) -> bool {
        self.expire(now);
        if self.sum() >= self.withdraw {
            self.writer -= self.withdraw;
            true
        } else {
            false
        }
    }
}

/// Envoy's `retry_budget` for one sidecar (`source/common/upstream/resource_manager_impl.h`
/// `RetryBudgetImpl`, `source/common/router/retry_state_impl.cc`): retries outstanding (decided,
/// waiting or in flight) may not reach `max(⌊percent/100 × active⌋, min)`, active being the
/// sidecar's requests with a call in flight.
#[derive(Clone, Debug, PartialEq)]
pub struct EnvoyBudget {
    percent: f64,
    min: u32,
    /// Calls admitted by the service and not yet ended.
    pub in_flight: u32,
    /// Retries decided and not yet ended.
    pub outstanding: u32,
}

impl EnvoyBudget {
    /// A sidecar with nothing in flight.
    pub fn new(budget_percent: f64, min_retry_concurrency: u32) -> EnvoyBudget {
        EnvoyBudget {
            percent: budget_percent,
            min: min_retry_concurrency,
            in_flight: 0,
            outstanding: 0,
        }
    }

    /// `max()`: the double `percent / 100.0 × active` truncated to a whole number, at least
    /// `min_retry_concurrency`.
    pub fn max(&self) -> u32 {
        ((self.percent / 100.0 * f64::from(self.in_flight)) as u32).max(self.min)
    }

    /// `canCreate()` and, when it says yes, `inc()`: whether a retry may be decided now.
    pub fn try_retry(&mut self) -> bool {
        if self.outstanding < self.max() {
            self.outstanding += 1;
            true
        } else {
            false
        }
    }
}

/// The Google SRE book's client-side adaptive throttling (ch. 21, "Handling Overload", equation
/// 21-1): reject a call locally with probability `max(0, (requests − K·accepts) / (requests + 1))`
/// over a trailing window. The window is grpc-go's `lookback`
/// (`balancer/rls/internal/adaptive/lookback.go`, the real implementation of the same formula
/// that grpc-go's RLS balancer uses) with bins on absolute time: one a second up to 120 s, else
/// 120 bins spanning the window (grpc-go's uses 100 over 30 s), so that a client's memory stays
/// within 120 bins whatever the window.
#[derive(Clone, Debug, PartialEq)]
pub struct SreThrottle {
    k: f64,
    requests: Lookback,
    accepts: Lookback,
}

impl SreThrottle {
    /// A throttle with multiplier `k` over a window of `window_s` seconds, starting at `now`
    /// (ms).
    pub fn new(k: f64, window_s: u32, now: f64) -> SreThrottle {
        let bins = window_s.min(MAX_BINS);
        let width = f64::from(window_s) * 1000.0 / f64::from(bins);
        SreThrottle {
            k,
            requests: Lookback::new(bins, width, now),
            accepts: Lookback::new(bins, width, now),
        }
    }

    /// The chance that a call made now is rejected locally.
    pub fn probability(&mut self, now: f64) -> f64 {
        let requests = self.requests.sum(now) as f64;
        let accepts = self.accepts.sum(now) as f64;
        ((requests - self.k * accepts) / (requests + 1.0)).max(0.0)
    }

    /// A call attempted now (rejected locally or not).
    pub fn record_request(&mut self, now: f64) {
        self.requests.add(now);
    }

    /// A call that succeeded now.
    pub fn record_accept(&mut self, now: f64) {
        self.accepts.add(now);
    }

    /// The window's requests and accepts now.
    pub fn counts(&mut self, now: f64) -> (i64, i64) {
        (self.requests.sum(now), self.accepts.sum(now))
    }
}

/// The most bins of the SRE throttle's window.
const MAX_BINS: u32 = 120;

/// A moving sum over bins of `width` ms (grpc-go's `lookback`, its head starting at the bin of
/// the throttle's creation rather than at 0, so that the warm-up's negative times index it).
#[derive(Clone, Debug, PartialEq)]
struct Lookback {
    head: i64,
    total: i64,
    width: f64,
    buf: Vec<u32>,
}

impl Lookback {
    fn new(bins: u32, width: f64, now: f64) -> Lookback {
        Lookback {
            head: bin_of(now, width),
            total: 0,
            width,
            buf: vec![0; bins as usize],
        }
    }

    fn advance(&mut self, now: f64) -> i64 {
        let bins = self.buf.len() as i64;
        let nh = bin_of(now, self.width);
        if nh <= self.head {
            return nh;
        }
        for j in 0..bins.min(nh - self.head) {
            let i = (self.head + j + 1).rem_euclid(bins) as usize;
            self.total -= i64::from(self.buf[i]);
            self.buf[i] = 0;
        }
        self.head = nh;
        nh
    }

    fn add(&mut self, now: f64) {
        let pos = self.advance(now);
        let bins = self.buf.len() as i64;
        if self.head - pos >= bins {
            return;
        }
        self.buf[pos.rem_euclid(bins) as usize] += 1;
        self.total += 1;
    }

    fn sum(&mut self, now: f64) -> i64 {
        self.advance(now);
        self.total
    }
}

/// The bin of a time in milliseconds.
fn bin_of(ms: f64, width: f64) -> i64 {
    (ms / width).floor() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grpc_worked_example() {
        // gRFC A6, maxTokens 10, ratio 0.1, every attempt failing, three attempts per RPC.
        let mut g = GrpcThrottle::new(10, 100);
        let allowed: Vec<bool> = (0..6).map(|_| g.record_failure()).collect();
        assert_eq!(allowed, [true, true, true, true, false, false]);
        assert_eq!(g.milli_tokens(), 4000);
        for _ in 0..10 {
            g.record_failure();
        }
        assert_eq!(g.milli_tokens(), 0);
        // From empty, 51 successes pass the threshold of 5 000.
        for _ in 0..50 {
            g.record_success();
        }
        assert_eq!(g.milli_tokens(), 5000);
        let mut h = g.clone();
        assert!(!h.record_failure());
        g.record_success();
        assert_eq!(g.milli_tokens(), 5100);
        for _ in 0..100 {
            g.record_success();
        }
        assert_eq!(g.milli_tokens(), 10_000);
    }

    #[test]
    fn aws_quota_covers_a_hundred_retries_and_refunds_to_its_capacity() {
        let mut q = AwsQuota::new(500);
        assert_eq!((0..101).filter(|_| q.acquire(5)).count(), 100);
        assert_eq!(q.available(), 0);
        q.release(1);
        assert!(!q.acquire(5));
        q.release(1000);
        assert_eq!(q.available(), 500);
        assert!(q.acquire(500));
        assert!(!q.acquire(1));
    }

    #[test]
    fn finagle_reserve_is_a_hundred_retries_and_deposits_expire_after_the_window() {
        let mut b = FinagleBudget::new(10, 10, 0.2, 0);
        assert_eq!(b.balance(0), 100);
        assert_eq!((0..101).filter(|_| b.try_withdraw(0)).count(), 100);
        // Five deposits buy one retry.
        for _ in 0..5 {
            b.deposit(100);
        }
        assert!(b.try_withdraw(100));
        assert!(!b.try_withdraw(100));
        // The withdrawals at 0 leave the window: nine slices later they still count, and
        // after ten (the writer and nine stored slices) they are gone.
        // Expiry is lazy: the sum at 9 999 ms expires the first slice and skips eight, and the
        // slice holding them is overwritten only one window after that.
        assert_eq!(b.count(9_999), 0);
        assert_eq!(b.count(10_998), 0);
        assert_eq!(b.count(10_999), 500_000);
        // 0.3 withdraws 3333, about 30.003 %.
        assert_eq!(FinagleBudget::new(10, 0, 0.3, 0).withdraw, 3333);
        let mut empty = FinagleBudget::new(10, 0, 0.0, 0);
        empty.deposit(0);
        assert!(!empty.try_withdraw(0));
    }

    #[test]
    fn tower_quantizes_the_ratio_and_keeps_ten_windows_and_the_writer() {
        assert_eq!(TpsBudget::new(10, 10, 0.3, 0.0).withdraw, 3);
        assert_eq!(TpsBudget::new(10, 10, 0.7, 0.0).withdraw, 1);
        assert_eq!(TpsBudget::new(10, 10, 0.2, 0.0).withdraw, 5);
        assert_eq!(TpsBudget::new(10, 10, 2.0, 0.0).withdraw, 500);
        let mut b = TpsBudget::new(10, 10, 0.2, 0.0);
        assert_eq!(b.sum(), 500);
        assert_eq!((0..101).filter(|_| b.withdraw(0.0)).count(), 100);
        b.deposit(500.0);
        // Not one window since creation: still the writer.
        assert_eq!(b.sum(), 1);
        // Exactly one window later the writer goes into slot 0.
        b.deposit(1_000.0);
        assert_eq!(b.slots[0], -499);
        assert_eq!(b.writer, 1);
        // Ten windows after that slot 0 is cleared; slot 1 now holds the deposit of 1 000 ms and
        // keeps it until the next expiry overwrites it.
        b.deposit(11_000.0);
        assert_eq!(b.slots[0], 0);
        assert_eq!(b.sum(), 500 + 1 + 1);
    }

    #[test]
    fn envoy_truncates_and_keeps_its_minimum() {
        let mut e = EnvoyBudget::new(20.0, 3);
        e.in_flight = 14;
        assert_eq!(e.max(), 3);
        e.in_flight = 20;
        assert_eq!(e.max(), 4);
        e.in_flight = 0;
        assert!(e.try_retry() && e.try_retry() && e.try_retry());
        assert!(!e.try_retry());
        assert_eq!(e.outstanding, 3);
    }

    #[test]
    fn sre_rejects_past_k_times_the_accepts_and_forgets_after_the_window() {
        let mut s = SreThrottle::new(2.0, 120, -5_000.0);
        assert_eq!(s.probability(-5_000.0), 0.0);
        for _ in 0..10 {
            s.record_request(-4_500.0);
        }
        for _ in 0..4 {
            s.record_accept(-4_500.0);
        }
        // (10 − 8) / 11.
        assert_eq!(s.probability(0.0), 2.0 / 11.0);
        assert_eq!(s.counts(114_999.0), (10, 4));
        assert_eq!(s.counts(115_000.0), (0, 0));
        // Past two minutes, 120 bins span the window: an hour's are 30 s wide.
        let mut hour = SreThrottle::new(2.0, 3_600, 0.0);
        assert_eq!(
            (hour.requests.buf.len(), hour.requests.width),
            (120, 30_000.0)
        );
        hour.record_request(29_999.0);
        assert_eq!(hour.counts(3_599_999.0), (1, 0));
        assert_eq!(hour.counts(3_600_000.0), (0, 0));
    }
}
