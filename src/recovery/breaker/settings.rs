//! Every breaker's settings: each library's parameters with its defaults and the range its own
//! code accepts (the source file named in each spec's `doc`).

use super::Breaker;
use crate::backoff::ParamError;
use crate::recovery::setting::Check;
pub use crate::recovery::setting::SettingKind;

/// One breaker setting: its name (the flag without `--`, the shortcode argument), the breaker it
/// belongs to, its kind, its default and what it means.
#[derive(Clone, Copy, Debug)]
pub struct BreakerSettingSpec {
    /// Flag and argument name.
    pub name: &'static str,
    /// The breaker it configures.
    pub breaker: Breaker,
    /// Whole number, number or duration.
    pub kind: SettingKind,
    /// Its default: a number, or milliseconds for a duration.
    pub default: f64,
    /// Its range, as error messages say it.
    pub allowed: &'static str,
    /// One sentence for the guide and `--help`: the library's name for it and its source.
    pub doc: &'static str,
}

const fn spec(
    name: &'static str,
    breaker: Breaker,
    kind: SettingKind,
    default: f64,
    allowed: &'static str,
    doc: &'static str,
) -> BreakerSettingSpec {
    BreakerSettingSpec {
        name,
        breaker,
        kind,
        default,
        allowed,
        doc,
    }
}

use Breaker as B;
use SettingKind as K;

/// Every breaker setting, in breaker order.
#[rustfmt::skip]
pub const BREAKER_SETTINGS: [BreakerSettingSpec; 17] = [
    spec("r4j-sliding-window-size", B::Resilience4j, K::Whole, 100.0, "it must be a whole number from 1 to 10000 (resilience4j: greater than 0)",
        "resilience4j slidingWindowSize: the count-based ring's length (CircuitBreakerConfig.java)"),
    spec("r4j-minimum-number-of-calls", B::Resilience4j, K::Whole, 100.0, "it must be a whole number from 1 to 10000 (resilience4j: greater than 0)",
        "resilience4j minimumNumberOfCalls: outcomes the ring needs before it can open (at most the ring's length)"),
    spec("r4j-failure-rate-threshold", B::Resilience4j, K::Number, 50.0, "it must be a number above 0 and at most 100 (a percentage)",
        "resilience4j failureRateThreshold, in percent"),
    spec("r4j-slow-call-rate-threshold", B::Resilience4j, K::Number, 100.0, "it must be a number above 0 and at most 100 (a percentage)",
        "resilience4j slowCallRateThreshold, in percent"),
    spec("r4j-slow-call-duration-threshold", B::Resilience4j, K::Duration, 60_000.0, "it must be a duration from 1ms to 1h",
        "resilience4j slowCallDurationThreshold: a call taking longer is slow"),
    spec("r4j-wait-duration-in-open-state", B::Resilience4j, K::Duration, 60_000.0, "it must be a duration from 1ms to 1h (resilience4j: at least 1 ms)",
        "resilience4j waitDurationInOpenState: how long it rejects before a call may turn it half-open"),
    spec("r4j-permitted-calls-in-half-open", B::Resilience4j, K::Whole, 10.0, "it must be a whole number from 1 to 10000 (resilience4j: at least 1)",
        "resilience4j permittedNumberOfCallsInHalfOpenState: the trial calls"),
    spec("polly-failure-ratio", B::Polly, K::Number, 0.1, "it must be a number from 0 to 1 (Polly's [Range(0, 1.0)])",
        "Polly FailureRatio: the share of failures that opens it (CircuitBreakerStrategyOptions.cs)"),
    spec("polly-minimum-throughput", B::Polly, K::Whole, 100.0, "it must be a whole number from 2 to 1000000 (Polly: at least 2)",
        "Polly MinimumThroughput: outcomes the windows need before it can open"),
    spec("polly-sampling-duration", B::Polly, K::Duration, 30_000.0, "it must be a duration from 500ms to 1h (Polly: 0.5 s to a day)",
        "Polly SamplingDuration: the ten windows' span"),
    spec("polly-break-duration", B::Polly, K::Duration, 5_000.0, "it must be a duration from 500ms to 1h (Polly: 0.5 s to a day)",
        "Polly BreakDuration: how long it rejects before the probe"),
    spec("gobreaker-max-requests", B::Gobreaker, K::Whole, 1.0, "it must be a whole number from 1 to 10000 (gobreaker reads 0 as 1)",
        "gobreaker MaxRequests: calls half-open permits, and the successes that close it (v2/gobreaker.go)"),
    spec("gobreaker-timeout", B::Gobreaker, K::Duration, 60_000.0, "it must be a duration from 1ms to 1h",
        "gobreaker Timeout: how long it stays open"),
    spec("gobreaker-consecutive-failures", B::Gobreaker, K::Whole, 5.0, "it must be a whole number from 0 to 10000",
        "gobreaker's default ReadyToTrip opens it when the consecutive failures exceed this"),
    spec("hystrix-request-volume-threshold", B::Hystrix, K::Whole, 20.0, "it must be a whole number from 0 to 1000000",
        "Hystrix circuitBreaker.requestVolumeThreshold: outcomes a snapshot needs (HystrixCommandProperties.java)"),
    spec("hystrix-error-threshold-percentage", B::Hystrix, K::Whole, 50.0, "it must be a whole number from 0 to 100",
        "Hystrix circuitBreaker.errorThresholdPercentage"),
    spec("hystrix-sleep-window", B::Hystrix, K::Duration, 5_000.0, "it must be a duration from 1ms to 1h",
        "Hystrix circuitBreaker.sleepWindowInMilliseconds: how long it rejects before the trial"),
];

/// The breaker setting of that name.
pub fn breaker_setting_spec(name: &str) -> Option<&'static BreakerSettingSpec> {
    BREAKER_SETTINGS.iter().find(|s| s.name == name)
}

/// Every breaker's settings, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct BreakerSettings {
    /// slidingWindowSize.
    pub r4j_window: u32,
    /// minimumNumberOfCalls, already at most the window (as the builder stores it).
    pub r4j_min_calls: u32,
    /// failureRateThreshold, a Java `float`.
    pub r4j_failure_rate: f32,
    /// slowCallRateThreshold, a Java `float`.
    pub r4j_slow_rate: f32,
    /// slowCallDurationThreshold, ms.
    pub r4j_slow_ms: f64,
    /// waitDurationInOpenState, ms.
    pub r4j_open_ms: f64,
    /// permittedNumberOfCallsInHalfOpenState.
    pub r4j_half_open: u32,
    /// FailureRatio.
    pub polly_ratio: f64,
    /// MinimumThroughput.
    pub polly_throughput: u32,
    /// SamplingDuration, ms.
    pub polly_sampling_ms: f64,
    /// BreakDuration, ms.
    pub polly_break_ms: f64,
    /// MaxRequests.
    pub go_max_requests: u32,
    /// Timeout, ms.
    pub go_timeout_ms: f64,
    /// ReadyToTrip's bound.
    pub go_failures: u32,
    /// requestVolumeThreshold.
    pub hystrix_volume: u32,
    /// errorThresholdPercentage.
    pub hystrix_percent: u32,
    /// sleepWindowInMilliseconds.
    pub hystrix_sleep_ms: f64,
}

impl Default for BreakerSettings {
    fn default() -> BreakerSettings {
        let mut s = BreakerSettings {
            r4j_window: 0,
            r4j_min_calls: 0,
            r4j_failure_rate: 0.0,
            r4j_slow_rate: 0.0,
            r4j_slow_ms: 0.0,
            r4j_open_ms: 0.0,
            r4j_half_open: 0,
            polly_ratio: 0.0,
            polly_throughput: 0,
            polly_sampling_ms: 0.0,
            polly_break_ms: 0.0,
            go_max_requests: 0,
            go_timeout_ms: 0.0,
            go_failures: 0,
            hystrix_volume: 0,
            hystrix_percent: 0,
            hystrix_sleep_ms: 0.0,
        };
        for spec in &BREAKER_SETTINGS {
            s.set(spec.name, spec.default)
                .expect("every default is in its range");
        }
        s
    }
}

impl BreakerSettings {
    /// Sets the setting `name` to `value` (a number; milliseconds for durations), checked
    /// against its range. `name` must be one of [`BREAKER_SETTINGS`].
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), ParamError> {
        let spec = breaker_setting_spec(name).expect("a setting of BREAKER_SETTINGS");
        let c = Check {
            name: spec.name,
            kind: spec.kind,
            allowed: spec.allowed,
            value,
        };
        match name {
            "r4j-sliding-window-size" => self.r4j_window = c.whole(1, 10_000)?,
            "r4j-minimum-number-of-calls" => self.r4j_min_calls = c.whole(1, 10_000)?,
            "r4j-failure-rate-threshold" => self.r4j_failure_rate = c.positive(100.0)? as f32,
            "r4j-slow-call-rate-threshold" => self.r4j_slow_rate = c.positive(100.0)? as f32,
            "r4j-slow-call-duration-threshold" => self.r4j_slow_ms = c.duration(1.0)?,
            "r4j-wait-duration-in-open-state" => self.r4j_open_ms = c.duration(1.0)?,
            "r4j-permitted-calls-in-half-open" => self.r4j_half_open = c.whole(1, 10_000)?,
            "polly-failure-ratio" => self.polly_ratio = c.number(0.0, 1.0)?,
            "polly-minimum-throughput" => self.polly_throughput = c.whole(2, 1_000_000)?,
            "polly-sampling-duration" => self.polly_sampling_ms = c.duration(500.0)?,
            "polly-break-duration" => self.polly_break_ms = c.duration(500.0)?,
            "gobreaker-max-requests" => self.go_max_requests = c.whole(1, 10_000)?,
            "gobreaker-timeout" => self.go_timeout_ms = c.duration(1.0)?,
            "gobreaker-consecutive-failures" => self.go_failures = c.whole(0, 10_000)?,
            "hystrix-request-volume-threshold" => self.hystrix_volume = c.whole(0, 1_000_000)?,
            "hystrix-error-threshold-percentage" => self.hystrix_percent = c.whole(0, 100)?,
            "hystrix-sleep-window" => self.hystrix_sleep_ms = c.duration(1.0)?,
            _ => unreachable!("every breaker setting is handled"),
        }
        Ok(())
    }

    /// resilience4j's minimumNumberOfCalls as its count-based window uses it: at most the
    /// window (`CircuitBreakerConfig.Builder.slidingWindow`).
    pub fn r4j_minimum(&self) -> u32 {
        self.r4j_min_calls.min(self.r4j_window)
    }

    /// The settings' bits, in [`BREAKER_SETTINGS`]' order, for cache keys.
    pub fn bits(&self) -> [u64; 17] {
        [
            u64::from(self.r4j_window),
            u64::from(self.r4j_min_calls),
            u64::from(self.r4j_failure_rate.to_bits()),
            u64::from(self.r4j_slow_rate.to_bits()),
            self.r4j_slow_ms.to_bits(),
            self.r4j_open_ms.to_bits(),
            u64::from(self.r4j_half_open),
            self.polly_ratio.to_bits(),
            u64::from(self.polly_throughput),
            self.polly_sampling_ms.to_bits(),
            self.polly_break_ms.to_bits(),
            u64::from(self.go_max_requests),
            self.go_timeout_ms.to_bits(),
            u64::from(self.go_failures),
            u64::from(self.hystrix_volume),
            u64::from(self.hystrix_percent),
            self.hystrix_sleep_ms.to_bits(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backoff::Param;

    #[test]
    fn defaults_are_the_libraries() {
        let s = BreakerSettings::default();
        assert_eq!(
            (s.r4j_window, s.r4j_min_calls, s.r4j_half_open),
            (100, 100, 10)
        );
        assert_eq!((s.r4j_failure_rate, s.r4j_open_ms), (50.0, 60_000.0));
        assert_eq!((s.polly_ratio, s.polly_throughput), (0.1, 100));
        assert_eq!((s.polly_sampling_ms, s.polly_break_ms), (30_000.0, 5_000.0));
        assert_eq!(
            (s.go_max_requests, s.go_timeout_ms, s.go_failures),
            (1, 60_000.0, 5)
        );
        assert_eq!((s.hystrix_volume, s.hystrix_percent), (20, 50));
        assert_eq!(s.hystrix_sleep_ms, 5_000.0);
    }

    #[test]
    fn ranges_are_the_libraries() {
        let mut s = BreakerSettings::default();
        for (name, bad, good) in [
            ("r4j-failure-rate-threshold", 0.0, 100.0),
            ("r4j-failure-rate-threshold", 100.5, 0.5),
            ("r4j-sliding-window-size", 0.0, 1.0),
            ("r4j-wait-duration-in-open-state", 0.5, 1.0),
            ("polly-failure-ratio", 1.01, 1.0),
            ("polly-failure-ratio", -0.01, 0.0),
            ("polly-minimum-throughput", 1.0, 2.0),
            ("polly-sampling-duration", 499.0, 500.0),
            ("polly-break-duration", 499.0, 500.0),
            ("gobreaker-max-requests", 0.0, 1.0),
            ("hystrix-error-threshold-percentage", 101.0, 100.0),
            ("hystrix-request-volume-threshold", 1.5, 0.0),
        ] {
            let e = s.set(name, bad).expect_err(name);
            assert_eq!(
                e.param,
                Param::Setting(breaker_setting_spec(name).unwrap().name)
            );
            s.set(name, good).expect(name);
        }
    }

    #[test]
    fn the_minimum_is_at_most_the_window() {
        let mut s = BreakerSettings::default();
        s.set("r4j-sliding-window-size", 20.0).unwrap();
        assert_eq!(s.r4j_minimum(), 20);
        s.set("r4j-minimum-number-of-calls", 5.0).unwrap();
        assert_eq!(s.r4j_minimum(), 5);
    }
}
