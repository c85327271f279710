//! The words of SPEC §10: the circuit breakers' names and their table.

use serde::Serialize;

/// Words of the breakers' table.
#[derive(Debug, Serialize)]
pub struct BreakerWords {
    /// The table's title: `{strategy}`.
    pub title: &'static str,
    /// Column: the breaker.
    pub breaker: &'static str,
    /// Column: calls the breakers rejected.
    pub rejected: &'static str,
    /// Column: times a breaker opened.
    pub trips: &'static str,
    /// The load chart's title among breakers: `{strategy}`.
    pub chart_title: &'static str,
    /// The queue chart's title among breakers: `{strategy}`.
    pub queue_title: &'static str,
    /// After a breaker's figures in a sentence: `{trips}`, `{rejected}`.
    pub opened: &'static str,
    /// The breakers' names.
    pub labels: BreakerLabels,
}

/// The circuit breakers' names.
#[derive(Debug, Serialize)]
pub struct BreakerLabels {
    /// No breaker.
    pub none: &'static str,
    /// resilience4j.
    pub resilience4j: &'static str,
    /// Polly.
    pub polly: &'static str,
    /// gobreaker.
    pub gobreaker: &'static str,
    /// Hystrix.
    pub hystrix: &'static str,
}
