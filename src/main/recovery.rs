//! `sade calc`'s flags of the fleet under load (SPEC §8): the service, the queue, the budgets and
//! every budget's settings, read exactly as typed and validated by the engine.

use clap::Args;
use sade::backoff::Delay;
use sade::recovery::{Breaker, BreakerSettings, Budget, Inputs, SettingKind, Settings, Trigger};

#[derive(Args, Default)]
pub struct RecoveryArgs {
    /// Fleet under load (SPEC §8): new requests per second from the whole fleet (default 800).
    /// Any flag of this group asks whether the service recovers after `--outage` (default 10s),
    /// with clients timing out after `--timeout` (default 1s).
    #[arg(long, allow_hyphen_values = true, help_heading = "Fleet under load")]
    demand: Option<String>,
    /// Calls per second the service completes (default 1000).
    #[arg(long, allow_hyphen_values = true, help_heading = "Fleet under load")]
    capacity: Option<String>,
    /// How long after the outage to simulate (10s to 1h; default 60s).
    #[arg(long, allow_hyphen_values = true, help_heading = "Fleet under load")]
    horizon: Option<String>,
    /// The most calls waiting at the service, or `none` (default none).
    #[arg(long, allow_hyphen_values = true, help_heading = "Fleet under load")]
    queue: Option<String>,
    /// The server skips calls that can no longer finish within their client's timeout.
    #[arg(long, help_heading = "Fleet under load")]
    shed: bool,
    /// Retry budgets: `all`, or a comma list of none, grpc, aws, finagle, linkerd, envoy, sre
    /// (default none).
    #[arg(long, help_heading = "Fleet under load")]
    budget: Option<String>,
    /// Circuit breakers in front of every call, inside the retry (SPEC §10): `all`, or a comma
    /// list of none, resilience4j, polly, gobreaker, hystrix, each with its library's defaults.
    /// With budget none only.
    #[arg(long, help_heading = "Circuit breakers")]
    breaker: Option<String>,
    /// What happens for `--outage` from t = 0: `outage` (the service is down; the default),
    /// `slowdown` (it keeps `--degraded` of its capacity) or `surge` (demand rises to `--surge`
    /// times its rate).
    #[arg(long, help_heading = "Triggers and the frontier")]
    trigger: Option<String>,
    /// The share of capacity a slowdown leaves: `0.5` or `50%` (above 0, at most 1; default
    /// 0.5). Needs `--trigger slowdown`.
    #[arg(
        long,
        allow_hyphen_values = true,
        help_heading = "Triggers and the frontier"
    )]
    degraded: Option<String>,
    /// The multiple of demand in a surge (1 to 100; default 3). Needs `--trigger surge`.
    #[arg(
        long,
        allow_hyphen_values = true,
        help_heading = "Triggers and the frontier"
    )]
    surge: Option<String>,
    /// Adds, per strategy and budget, the longest trigger the fleet survives and the least
    /// capacity that recovers from the trigger as given (SPEC §9's pinned searches).
    #[arg(long, help_heading = "Triggers and the frontier")]
    frontier: bool,
    /// Adds the edge of the vulnerable region: the longest trigger survived at utilizations
    /// 50 % to 90 %. Implies `--frontier`.
    #[arg(long, help_heading = "Triggers and the frontier")]
    map: bool,
    #[command(flatten)]
    settings: SettingArgs,
    #[command(flatten)]
    breaker_settings: BreakerSettingArgs,
}

/// What `--frontier` and `--map` ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontierAsked {
    /// Neither.
    No,
    /// The frontier.
    Frontier,
    /// The frontier and its map.
    Map,
}

/// One flag per budget setting (`sade::recovery::SETTINGS`), each with the library's default.
#[derive(Args, Default)]
struct SettingArgs {
    /// gRPC retryThrottling.maxTokens (default 10).
    #[arg(long, help_heading = "Budget settings")]
    grpc_max_tokens: Option<String>,
    /// gRPC retryThrottling.tokenRatio (default 0.1).
    #[arg(long, help_heading = "Budget settings")]
    grpc_token_ratio: Option<String>,
    /// AWS SDK retry quota capacity (default 500).
    #[arg(long, help_heading = "Budget settings")]
    aws_quota: Option<String>,
    /// AWS SDK quota cost of a retry (default 5).
    #[arg(long, help_heading = "Budget settings")]
    aws_retry_cost: Option<String>,
    /// AWS SDK quota cost of a retry after a timeout (default 10).
    #[arg(long, help_heading = "Budget settings")]
    aws_timeout_cost: Option<String>,
    /// AWS SDK quota refund of a request that succeeds at once (default 1).
    #[arg(long, help_heading = "Budget settings")]
    aws_no_retry_increment: Option<String>,
    /// Finagle RetryBudget ttl, whole seconds (default 10s).
    #[arg(long, help_heading = "Budget settings")]
    finagle_ttl: Option<String>,
    /// Finagle RetryBudget minRetriesPerSec (default 10).
    #[arg(long, help_heading = "Budget settings")]
    finagle_min_retries_per_sec: Option<String>,
    /// Finagle RetryBudget percentCanRetry, a ratio (default 0.2).
    #[arg(long, help_heading = "Budget settings")]
    finagle_percent_can_retry: Option<String>,
    /// Linkerd retryBudget.ttl, whole seconds (default 10s).
    #[arg(long, help_heading = "Budget settings")]
    linkerd_ttl: Option<String>,
    /// Linkerd retryBudget.minRetriesPerSecond (default 10).
    #[arg(long, help_heading = "Budget settings")]
    linkerd_min_retries_per_second: Option<String>,
    /// Linkerd retryBudget.retryRatio (default 0.2).
    #[arg(long, help_heading = "Budget settings")]
    linkerd_retry_ratio: Option<String>,
    /// Envoy retry_budget.budget_percent (default 20).
    #[arg(long, help_heading = "Budget settings")]
    envoy_budget_percent: Option<String>,
    /// Envoy retry_budget.min_retry_concurrency (default 3).
    #[arg(long, help_heading = "Budget settings")]
    envoy_min_retry_concurrency: Option<String>,
    /// SRE adaptive throttling K (default 2).
    #[arg(long, help_heading = "Budget settings")]
    sre_k: Option<String>,
    /// SRE adaptive throttling window, whole seconds (default 120s).
    #[arg(long, help_heading = "Budget settings")]
    sre_window: Option<String>,
}

impl SettingArgs {
    /// Every setting given, with its name.
    fn given(&self) -> Vec<(&'static str, &str)> {
        let all = [
            ("grpc-max-tokens", &self.grpc_max_tokens),
            ("grpc-token-ratio", &self.grpc_token_ratio),
            ("aws-quota", &self.aws_quota),
            ("aws-retry-cost", &self.aws_retry_cost),
            ("aws-timeout-cost", &self.aws_timeout_cost),
            ("aws-no-retry-increment", &self.aws_no_retry_increment),
            ("finagle-ttl", &self.finagle_ttl),
            (
                "finagle-min-retries-per-sec",
                &self.finagle_min_retries_per_sec,
            ),
            ("finagle-percent-can-retry", &self.finagle_percent_can_retry),
            ("linkerd-ttl", &self.linkerd_ttl),
            (
                "linkerd-min-retries-per-second",
                &self.linkerd_min_retries_per_second,
            ),
            ("linkerd-retry-ratio", &self.linkerd_retry_ratio),
            ("envoy-budget-percent", &self.envoy_budget_percent),
            (
                "envoy-min-retry-concurrency",
                &self.envoy_min_retry_concurrency,
            ),
            ("sre-k", &self.sre_k),
            ("sre-window", &self.sre_window),
        ];
        all.into_iter()
            .filter_map(|(name, v)| v.as_deref().map(|v| (name, v)))
            .collect()
    }
}

/// One flag per breaker setting (`sade::recovery::BREAKER_SETTINGS`), each with the library's
/// default.
#[derive(Args, Default)]
struct BreakerSettingArgs {
    /// resilience4j slidingWindowSize (default 100).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_sliding_window_size: Option<String>,
    /// resilience4j minimumNumberOfCalls (default 100).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_minimum_number_of_calls: Option<String>,
    /// resilience4j failureRateThreshold, percent (default 50).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_failure_rate_threshold: Option<String>,
    /// resilience4j slowCallRateThreshold, percent (default 100).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_slow_call_rate_threshold: Option<String>,
    /// resilience4j slowCallDurationThreshold (default 60s).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_slow_call_duration_threshold: Option<String>,
    /// resilience4j waitDurationInOpenState (default 60s).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_wait_duration_in_open_state: Option<String>,
    /// resilience4j permittedNumberOfCallsInHalfOpenState (default 10).
    #[arg(long, help_heading = "Breaker settings")]
    r4j_permitted_calls_in_half_open: Option<String>,
    /// Polly FailureRatio (default 0.1).
    #[arg(long, help_heading = "Breaker settings")]
    polly_failure_ratio: Option<String>,
    /// Polly MinimumThroughput (default 100).
    #[arg(long, help_heading = "Breaker settings")]
    polly_minimum_throughput: Option<String>,
    /// Polly SamplingDuration (default 30s).
    #[arg(long, help_heading = "Breaker settings")]
    polly_sampling_duration: Option<String>,
    /// Polly BreakDuration (default 5s).
    #[arg(long, help_heading = "Breaker settings")]
    polly_break_duration: Option<String>,
    /// gobreaker MaxRequests (default 1).
    #[arg(long, help_heading = "Breaker settings")]
    gobreaker_max_requests: Option<String>,
    /// gobreaker Timeout (default 60s).
    #[arg(long, help_heading = "Breaker settings")]
    gobreaker_timeout: Option<String>,
    /// gobreaker ReadyToTrip: opens when consecutive failures exceed this (default 5).
    #[arg(long, help_heading = "Breaker settings")]
    gobreaker_consecutive_failures: Option<String>,
    /// Hystrix circuitBreaker.requestVolumeThreshold (default 20).
    #[arg(long, help_heading = "Breaker settings")]
    hystrix_request_volume_threshold: Option<String>,
    /// Hystrix circuitBreaker.errorThresholdPercentage (default 50).
    #[arg(long, help_heading = "Breaker settings")]
    hystrix_error_threshold_percentage: Option<String>,
    /// Hystrix circuitBreaker.sleepWindowInMilliseconds (default 5s).
    #[arg(long, help_heading = "Breaker settings")]
    hystrix_sleep_window: Option<String>,
}

impl BreakerSettingArgs {
    /// Every setting given, with its name.
    fn given(&self) -> Vec<(&'static str, &str)> {
        let all = [
            ("r4j-sliding-window-size", &self.r4j_sliding_window_size),
            (
                "r4j-minimum-number-of-calls",
                &self.r4j_minimum_number_of_calls,
            ),
            (
                "r4j-failure-rate-threshold",
                &self.r4j_failure_rate_threshold,
            ),
            (
                "r4j-slow-call-rate-threshold",
                &self.r4j_slow_call_rate_threshold,
            ),
            (
                "r4j-slow-call-duration-threshold",
                &self.r4j_slow_call_duration_threshold,
            ),
            (
                "r4j-wait-duration-in-open-state",
                &self.r4j_wait_duration_in_open_state,
            ),
            (
                "r4j-permitted-calls-in-half-open",
                &self.r4j_permitted_calls_in_half_open,
            ),
            ("polly-failure-ratio", &self.polly_failure_ratio),
            ("polly-minimum-throughput", &self.polly_minimum_throughput),
            ("polly-sampling-duration", &self.polly_sampling_duration),
            ("polly-break-duration", &self.polly_break_duration),
            ("gobreaker-max-requests", &self.gobreaker_max_requests),
            ("gobreaker-timeout", &self.gobreaker_timeout),
            (
                "gobreaker-consecutive-failures",
                &self.gobreaker_consecutive_failures,
            ),
            (
                "hystrix-request-volume-threshold",
                &self.hystrix_request_volume_threshold,
            ),
            (
                "hystrix-error-threshold-percentage",
                &self.hystrix_error_threshold_percentage,
            ),
            ("hystrix-sleep-window", &self.hystrix_sleep_window),
        ];
        all.into_iter()
            .filter_map(|(name, v)| v.as_deref().map(|v| (name, v)))
            .collect()
    }
}

impl RecoveryArgs {
    /// Whether any flag of the group was given.
    pub fn asked(&self) -> bool {
        self.demand.is_some()
            || self.capacity.is_some()
            || self.horizon.is_some()
            || self.queue.is_some()
            || self.shed
            || self.budget.is_some()
            || self.trigger.is_some()
            || self.degraded.is_some()
            || self.surge.is_some()
            || self.frontier
            || self.map
            || !self.settings.given().is_empty()
            || self.breaker.is_some()
            || !self.breaker_settings.given().is_empty()
    }

    /// Whether the frontier, and its map, were asked for (`--map` implies `--frontier`).
    pub fn frontier(&self) -> FrontierAsked {
        if self.map {
            FrontierAsked::Map
        } else if self.frontier {
            FrontierAsked::Frontier
        } else {
            FrontierAsked::No
        }
    }

    /// The trigger of `--trigger`, `--degraded` and `--surge`.
    fn trigger(&self) -> Result<Trigger, String> {
        let name = self.trigger.as_deref().map_or("outage", str::trim);
        let degraded = match self.degraded.as_deref() {
            None => sade::recovery::DEFAULT_DEGRADED,
            Some(text) => sade::i18n::parse_number(text.trim()).ok_or_else(|| {
                format!(
                    "`degraded` is {}, but it must be the share of capacity left, above 0 and \
                     at most 1 (`0.5` or `50%`)",
                    text.trim()
                )
            })?,
        };
        let surge =
            number("surge", self.surge.as_deref())?.unwrap_or(sade::recovery::DEFAULT_SURGE);
        let trigger =
            Trigger::from_name(name, degraded, surge).map_err(|e| format!("{e}; {}", e.help()))?;
        for (flag, given, kind) in [
            ("degraded", self.degraded.is_some(), "slowdown"),
            ("surge", self.surge.is_some(), "surge"),
        ] {
            if given && trigger.name() != kind {
                return Err(format!(
                    "`--{flag}` is the {kind}'s, but the trigger is {}; add `--trigger {kind}`",
                    trigger.name()
                ));
            }
        }
        Ok(trigger)
    }

    /// The validated inputs, `--timeout` and `--outage` (when given) among them.
    pub fn inputs(&self, timeout: Option<Delay>, outage: Option<Delay>) -> Result<Inputs, String> {
        let mut b = Inputs::builder();
        if let Some(d) = number("demand", self.demand.as_deref())? {
            b = b.demand(d);
        }
        if let Some(c) = number("capacity", self.capacity.as_deref())? {
            b = b.capacity(c);
        }
        if let Some(h) = &self.horizon {
            b = b.horizon(duration("horizon", h)?);
        }
        if let Some(t) = timeout {
            b = b.timeout(t);
        }
        if let Some(o) = outage {
            b = b.outage(o);
        }
        if let Some(q) = self.queue.as_deref() {
            b = b.queue(queue(q)?);
        }
        if let Some(names) = &self.budget {
            let budgets = Budget::parse_names(names.split(',').map(str::trim))
                .map_err(|e| format!("{e}; {}", e.help()))?;
            b = b.budgets(budgets);
        }
        let mut settings = Settings::default();
        for (name, text) in self.settings.given() {
            let spec = sade::recovery::setting_spec(name).expect("a known setting");
            let value = setting_value(name, spec.kind, text)?;
            settings.set(name, value).map_err(|e| e.to_string())?;
        }
        if let Some(names) = &self.breaker {
            let breakers = Breaker::parse_names(names.split(',').map(str::trim))
                .map_err(|e| format!("{e}; {}", e.help()))?;
            b = b.breakers(breakers);
        }
        let mut breaker_settings = BreakerSettings::default();
        for (name, text) in self.breaker_settings.given() {
            let spec =
                sade::recovery::breaker::breaker_setting_spec(name).expect("a known setting");
            let value = setting_value(name, spec.kind, text)?;
            breaker_settings
                .set(name, value)
                .map_err(|e| e.to_string())?;
        }
        b.shed(self.shed)
            .settings(settings)
            .breaker_settings(breaker_settings)
            .trigger(self.trigger()?)
            .build()
            .map_err(|e| e.to_string())
    }
}

/// A budget's or a breaker's setting from its flag: a duration (in ms) or a plain number.
fn setting_value(flag: &str, kind: SettingKind, text: &str) -> Result<f64, String> {
    if kind.is_duration() {
        Ok(duration(flag, text)?.as_ms())
    } else {
        Ok(number(flag, Some(text))?.expect("given"))
    }
}

/// A plain number (`800`, `1.5e3`), or an error naming the flag.
fn number(flag: &str, text: Option<&str>) -> Result<Option<f64>, String> {
    let Some(text) = text else { return Ok(None) };
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(Some(v)),
        _ => Err(format!(
            "`{flag}` is {}, but it must be a plain number (e.g. `800`)",
            text.trim()
        )),
    }
}

fn duration(flag: &str, text: &str) -> Result<Delay, String> {
    Delay::parse(text).map_err(|e| format!("`{flag}` is {}, but {e}", text.trim()))
}

fn queue(text: &str) -> Result<Option<u32>, String> {
    if text.trim() == "none" {
        return Ok(None);
    }
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|&q| q <= 10_000_000)
        .map(Some)
        .ok_or_else(|| {
            format!(
                "`queue` is {}, but it must be a whole number from 0 to 10000000, or none",
                text.trim()
            )
        })
}
