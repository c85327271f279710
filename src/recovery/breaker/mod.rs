//! The circuit breakers of SPEC §10 by name, their settings, and a client's breaker: one in
//! front of every call of every client, inside the retry (`Retry(CircuitBreaker(call))`).
//!
//! Each library's state machine is its own module, written from its code at a pinned tag
//! (docs/breakers.md maps every rule to its line):
//!
//! - [`resilience4j`]: v2.4.0, `CircuitBreakerStateMachine` and its count-based ring;
//! - [`polly`]: Polly 8.7.0, `CircuitStateController` and `RollingHealthMetrics`;
//! - [`gobreaker`]: sony/gobreaker v2.4.0, `v2/gobreaker.go`;
//! - [`hystrix`]: Hystrix v1.5.13, `HystrixCircuitBreaker` and `HealthCountsStream`.
//!
//! A breaker sees two things: a call about to be sent ([`ClientBreaker::permit`]: permitted,
//! with a ticket, or rejected) and the outcome of a permitted call when it ends
//! ([`ClientBreaker::record`]). A rejected call is not recorded. Times are the simulation's, in
//! milliseconds.

use std::fmt;

pub mod gobreaker;
pub mod hystrix;
pub mod polly;
pub mod render;
pub mod resilience4j;
mod settings;

pub use settings::{breaker_setting_spec, BreakerSettingSpec, BreakerSettings, BREAKER_SETTINGS};

/// A circuit breaker, by library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Breaker {
    /// No breaker: every call is sent.
    None = 0,
    /// resilience4j's `CircuitBreaker` with `CircuitBreakerConfig`'s defaults.
    Resilience4j = 1,
    /// Polly v8's circuit breaker strategy with `CircuitBreakerStrategyOptions`' defaults.
    Polly = 2,
    /// sony/gobreaker v2 with the zero `Settings`.
    Gobreaker = 3,
    /// Hystrix's `HystrixCircuitBreaker` with `HystrixCommandProperties`' defaults.
    Hystrix = 4,
}

impl Breaker {
    /// Every breaker, in this order.
    pub const ALL: [Breaker; 5] = [
        Breaker::None,
        Breaker::Resilience4j,
        Breaker::Polly,
        Breaker::Gobreaker,
        Breaker::Hystrix,
    ];

    /// The name used in flags, shortcodes and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Breaker::None => "none",
            Breaker::Resilience4j => "resilience4j",
            Breaker::Polly => "polly",
            Breaker::Gobreaker => "gobreaker",
            Breaker::Hystrix => "hystrix",
        }
    }

    /// The breaker of that name, if any.
    pub fn from_name(name: &str) -> Option<Breaker> {
        Breaker::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Breakers from names (each a breaker's or `all`), in [`Breaker::ALL`]'s order without
    /// repeats. An unknown name is an error with the closest known one.
    pub fn parse_names<'a>(
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Vec<Breaker>, UnknownBreaker> {
        crate::recovery::setting::parse_names(names, &Breaker::ALL, Breaker::from_name, |n| {
            UnknownBreaker(n.into())
        })
    }
}

impl fmt::Display for Breaker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A breaker name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBreaker(pub String);

impl UnknownBreaker {
    /// Every word a breaker may be named by.
    pub const NAMES: [&'static str; 6] = [
        "all",
        "none",
        "resilience4j",
        "polly",
        "gobreaker",
        "hystrix",
    ];

    /// The closest known name, if it is a likely typo.
    pub fn suggestion(&self) -> Option<&'static str> {
        // The settings' prefix for resilience4j.
        if self.0.eq_ignore_ascii_case("r4j") {
            return Some("resilience4j");
        }
        crate::diagnostic::closest(&self.0, UnknownBreaker::NAMES)
    }

    /// What to write instead.
    pub fn help(&self) -> String {
        match self.suggestion() {
            Some(s) => format!("did you mean `{s}`?"),
            None => "use all, none, resilience4j, polly, gobreaker or hystrix".into(),
        }
    }
}

impl fmt::Display for UnknownBreaker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown circuit breaker `{}`", self.0)
    }
}

impl std::error::Error for UnknownBreaker {}

/// What a breaker says to a call about to be sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Permit {
    /// Send it; give this ticket back with its outcome (gobreaker's generation, else 0).
    Yes(u32),
    /// Rejected: the call fails at once on the client and is not recorded.
    No,
}

/// A call's outcome as a breaker records it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Whether it succeeded (completed within its timeout).
    pub ok: bool,
    /// How long it took, ms (resilience4j's slow-call rule reads it).
    pub duration: f64,
}

/// One client's breaker.
pub(crate) enum ClientBreaker {
    None,
    Resilience4j(Box<resilience4j::CircuitBreaker>),
    Polly(Box<polly::CircuitBreaker>),
    Gobreaker(gobreaker::CircuitBreaker),
    Hystrix(Box<hystrix::CircuitBreaker>),
}

impl ClientBreaker {
    /// A closed breaker of kind `breaker` with settings `set`, created at `start`.
    pub fn new(breaker: Breaker, set: &BreakerSettings, start: f64) -> ClientBreaker {
        match breaker {
            Breaker::None => ClientBreaker::None,
            Breaker::Resilience4j => {
                ClientBreaker::Resilience4j(Box::new(resilience4j::CircuitBreaker::new(set)))
            }
            Breaker::Polly => ClientBreaker::Polly(Box::new(polly::CircuitBreaker::new(set))),
            Breaker::Gobreaker => ClientBreaker::Gobreaker(gobreaker::CircuitBreaker::new(set)),
            Breaker::Hystrix => {
                ClientBreaker::Hystrix(Box::new(hystrix::CircuitBreaker::new(set, start)))
            }
        }
    }

    /// Whether there is a breaker at all.
    #[inline]
    pub fn is_none(&self) -> bool {
        matches!(self, ClientBreaker::None)
    }

    /// A call is about to be sent at `t`.
    pub fn permit(&mut self, t: f64) -> Permit {
        match self {
            ClientBreaker::None => Permit::Yes(0),
            ClientBreaker::Resilience4j(b) => b.permit(t),
            ClientBreaker::Polly(b) => b.permit(t),
            ClientBreaker::Gobreaker(b) => b.permit(t),
            ClientBreaker::Hystrix(b) => b.permit(t),
        }
    }

    /// A permitted call, with `ticket`, ended at `t`. `sending` is true when it ended while
    /// being sent (refused or rejected at once), after the instant's snapshot.
    pub fn record(&mut self, t: f64, ticket: u32, outcome: Outcome, sending: bool) {
        match self {
            ClientBreaker::None => {}
            ClientBreaker::Resilience4j(b) => b.record(t, outcome),
            ClientBreaker::Polly(b) => b.record(t, outcome.ok),
            ClientBreaker::Gobreaker(b) => b.record(t, ticket, outcome.ok),
            ClientBreaker::Hystrix(b) => b.record(t, outcome.ok, sending),
        }
    }

    /// The times it opened, from closed or half-open, before `end` (Hystrix's snapshots up to
    /// then are taken first).
    pub fn trips(&mut self, end: f64) -> u32 {
        match self {
            ClientBreaker::None => 0,
            ClientBreaker::Resilience4j(b) => b.trips,
            ClientBreaker::Polly(b) => b.trips,
            ClientBreaker::Gobreaker(b) => b.trips,
            ClientBreaker::Hystrix(b) => {
                b.snapshots_before(end);
                b.trips
            }
        }
    }
}
