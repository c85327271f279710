//! A client of the fleet under load: its streams of draws (the strategy's waits, its request
//! gaps), its retry budget's state and its circuit breaker; and a request in progress.

use super::breaker::ClientBreaker;
use super::trackers::{AwsQuota, EnvoyBudget, FinagleBudget, GrpcThrottle, SreThrottle, TpsBudget};
use super::{Breaker, Budget, Inputs, START_MS};
use crate::backoff::chacha::Stream;
use crate::backoff::Strategy;

/// The stream of client c's request gaps: `64 × 2³² + c`.
pub fn gap_stream(client: u32) -> u64 {
    (64 << 32) + u64::from(client)
}

/// The stream of client c's local-rejection draws under `sre`: `80 × 2³² + c`.
pub fn sre_stream(client: u32) -> u64 {
    (80 << 32) + u64::from(client)
}

/// A client's budget state.
pub(super) enum Tracker {
    None,
    Grpc(GrpcThrottle),
    Aws(AwsQuota),
    Finagle(FinagleBudget),
    Linkerd(TpsBudget),
    Envoy(EnvoyBudget),
    /// The throttle and the client's stream of local-rejection draws.
    Sre(Box<(SreThrottle, Stream)>),
}

/// A client (kept small: a fleet's clients are touched at random, and the smaller they are the
/// more of them stay in the cache).
pub(super) struct Client {
    /// The strategy's draws: bit for bit the `ChaCha8Rng` of [`crate::backoff::client_rng`].
    pub waits: Stream,
    pub gaps: Stream,
    pub tracker: Tracker,
    pub breaker: ClientBreaker,
    pub outage_retries: u32,
    pub retries: u32,
}

impl Client {
    /// Client `c` of a fleet running `strategy` under `budget`, its calls behind `breaker`,
    /// with the settings of `inputs`.
    pub fn new(
        c: u32,
        strategy: Strategy,
        budget: Budget,
        breaker: Breaker,
        inputs: &Inputs,
    ) -> Client {
        let set = inputs.settings();
        Client {
            waits: Stream::new(strategy.stream(c)),
            gaps: Stream::new(gap_stream(c)),
            tracker: match budget {
                Budget::None => Tracker::None,
                Budget::Grpc => {
                    Tracker::Grpc(GrpcThrottle::new(set.grpc_max_tokens, set.grpc_ratio_milli))
                }
                Budget::Aws => Tracker::Aws(AwsQuota::new(set.aws_quota)),
                Budget::Finagle => Tracker::Finagle(FinagleBudget::new(
                    set.finagle_ttl_s,
                    set.finagle_min_retries,
                    set.finagle_percent,
                    START_MS.floor() as i64,
                )),
                Budget::Linkerd => Tracker::Linkerd(TpsBudget::new(
                    set.linkerd_ttl_s,
                    set.linkerd_min_retries,
                    set.linkerd_ratio,
                    START_MS,
                )),
                Budget::Envoy => Tracker::Envoy(EnvoyBudget::new(set.envoy_percent, set.envoy_min)),
                Budget::Sre => Tracker::Sre(Box::new((
                    SreThrottle::new(set.sre_k, set.sre_window_s, START_MS),
                    Stream::new(sre_stream(c)),
                ))),
            },
            breaker: ClientBreaker::new(breaker, inputs.breaker_settings(), START_MS),
            outage_retries: 0,
            retries: 0,
        }
    }
}

/// A request in progress (32 bytes).
#[derive(Clone, Debug)]
pub(super) struct Request {
    /// The wait before its last retry (`base` before the first): decorrelated's previous.
    pub(super) prev_wait: f64,
    pub(super) client: u32,
    pub(super) id: u32,
    /// The id of its call in progress (0: none).
    pub(super) call: u32,
    /// The AWS quota cost of its last retry ([`NO_COST`]: it had none).
    pub(super) last_cost: u32,
    /// The breaker's ticket for its call in progress (gobreaker's generation).
    pub(super) ticket: u32,
    /// Calls made so far (the current one included; at most 101).
    pub(super) calls: u8,
    /// Whether that call is a retry.
    pub(super) retry: bool,
    /// Whether that call was admitted by the service (in flight).
    pub(super) admitted: bool,
}

/// [`Request::last_cost`] of a request without a retry.
pub(super) const NO_COST: u32 = u32::MAX;

/// How a call failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// Refused while being sent, during the outage.
    Refused,
    /// Dropped at 0 by the service going down (counted as refused).
    Dropped,
    /// Rejected by a full queue while being sent.
    Rejected,
    TimedOut,
    /// Rejected by the client's own throttle (`sre`): never sent.
    Local,
    /// Rejected by the client's circuit breaker: never sent.
    Breaker,
}
