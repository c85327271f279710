//! Java resilience4j, `IntervalFunction.ofExponentialRandomBackoff` (`IntervalFunction.java`),
//! checked against that file at the tag, compiled and run with Debian's Java
//! (`tests/libraries/resilience4j/`; the library's jars are not reachable here):
//!
//! ```text
//! final long interval = of(initialIntervalMillis, x -> (long) (x * multiplier)).apply(attempt);
//! return (long) randomize(interval, randomizationFactor);   // then Math.min(interval, maxIntervalMillis)
//! // randomize:
//! final double randomizedValue = min + (Math.random() * (max - min + 1));   // min/max = current ∓ delta
//! return Math.max(1.0, randomizedValue);
//! ```
//!
//! All in whole milliseconds: I₁ = initialIntervalMillis, Iₙ₊₁ = (long)(Iₙ × multiplier) (each
//! step truncated; Java's cast saturates), retry n (the `attempt` Retry passes after n failures)
//! waits min((long)max(1, Iₙ(1 − r) + u·(2rIₙ + 1)), maxIntervalMillis), r = 0.5. The cap comes
//! after the jitter and the interval is never capped: once Iₙ(1 − r) passes the cap every delay
//! is exactly the cap. SPEC §6's table did not say the interval is truncated at every step, nor
//! the `+ 1` and the floor of 1 ms.

use serde_json::json;

use super::snippet::{float_lit, java_long, jnum};
use super::{mean_min_floor, Dist, Formula, Input, Note, Plan, Snippet, U_MAX};
use crate::i18n::{format_duration, Lang};

/// The resilience4j release the formula was read from.
pub const VERSION: &str = "2.4.0";
/// `IntervalFunction.java` at that tag.
pub const SOURCE: &str = "https://github.com/resilience4j/resilience4j/blob/v2.4.0/resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java";

/// `DEFAULT_RANDOMIZATION_FACTOR`.
const R: f64 = 0.5;
/// `(double) Long.MAX_VALUE`.
const LONG_MAX: f64 = 9_223_372_036_854_775_808.0;

struct Resilience4j {
    /// Iₙ per retry, ms.
    intervals: Vec<f64>,
    /// maxIntervalMillis (∞ for none).
    max: f64,
}

impl Resilience4j {
    /// `(min, max − min + 1)` of `randomize`.
    fn span(i: f64) -> (f64, f64) {
        let delta = R * i;
        let lo = i - delta;
        let hi = i + delta;
        (lo, hi - lo + 1.0)
    }
    fn delay(&self, i: f64, u: f64) -> f64 {
        let (lo, width) = Resilience4j::span(i);
        (lo + u * width)
            .max(1.0)
            .trunc()
            .min(LONG_MAX)
            .min(self.max)
    }
}

impl Formula for Resilience4j {
    fn retries(&self) -> usize {
        self.intervals.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            self.intervals
                .iter()
                .zip(units)
                .map(|(&i, &u)| self.delay(i, u)),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let i = self.intervals[k];
        (self.delay(i, 0.0), self.delay(i, U_MAX))
    }
    fn mean(&self, k: usize) -> Option<f64> {
        let (lo, width) = Resilience4j::span(self.intervals[k]);
        let hi = lo + width;
        // max(1, ⌊X⌋) differs from ⌊X⌋ only below 1, where it adds 1.
        let below_one = ((1.0 - lo) / width).clamp(0.0, 1.0);
        Some(mean_min_floor(lo, hi, self.max) + below_one)
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        let (lo, width) = Resilience4j::span(self.intervals[k]);
        Some(Dist::Floor {
            lo,
            hi: lo + width,
            floor: 1.0,
            cap: self.max,
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let initial = input.base_ms.floor().max(1.0);
    let max = input.cap_ms.map(|c| c.floor().max(1.0));
    let mut intervals = Vec::with_capacity(input.attempts);
    let mut i = initial;
    for k in 0..input.attempts {
        if k > 0 {
            i = (i * input.factor).trunc().min(LONG_MAX);
        }
        intervals.push(i);
    }
    let formula = Resilience4j {
        intervals,
        max: max.unwrap_or(f64::INFINITY),
    };
    let calls = input.attempts + 1;
    let mut notes = vec![Note::new(
        "Everything is whole milliseconds: the interval is truncated at every step, the \
         randomized delay (±50 %, RandomizationFactor 0.5) is truncated too, and never below 1 ms.",
        "Her şey tam milisaniyedir: aralık her adımda aşağı yuvarlanır, rastgeleleştirilmiş \
         gecikme (±%50, RandomizationFactor 0,5) de öyle ve hiçbir zaman 1 ms'nin altına inmez.",
    )];
    if input.base_ms != initial || input.cap_ms.is_some_and(|c| Some(c) != max) {
        notes.push(Note::new(
            format!(
                "resilience4j takes whole milliseconds (Duration.toMillis truncates, and 0 is \
                 refused): the first wait becomes {}{}.",
                format_duration(initial, Lang::En),
                max.map(|m| format!(" and the cap {}", format_duration(m, Lang::En)))
                    .unwrap_or_default()
            ),
            format!(
                "resilience4j tam milisaniye alır (Duration.toMillis aşağı yuvarlar, 0 kabul \
                 edilmez): ilk bekleme {}{} olur.",
                format_duration(initial, Lang::Tr),
                max.map(|m| format!(", üst sınır {}", format_duration(m, Lang::Tr)))
                    .unwrap_or_default()
            ),
        ));
    }
    if let Some(m) = max {
        let flat = formula
            .intervals
            .iter()
            .position(|&i| Resilience4j::span(i).0.max(1.0).trunc() >= m);
        let mut en = "maxIntervalMillis cuts each delay after the jitter, but the interval \
                      itself keeps growing"
            .to_string();
        let mut tr = "maxIntervalMillis her gecikmeyi sapmadan sonra keser, ama aralığın \
                      kendisi büyümeye devam eder"
            .to_string();
        if let Some(k) = flat {
            en.push_str(&format!(
                ": from retry {} on every delay is exactly {}, the jitter is gone.",
                k + 1,
                format_duration(m, Lang::En)
            ));
            tr.push_str(&format!(
                ": {}. yeniden denemeden başlayarak her gecikme tam {} olur, sapma kaybolur.",
                k + 1,
                format_duration(m, Lang::Tr)
            ));
        } else {
            en.push_str(": once half the interval passes the cap, every delay is the cap.");
            tr.push_str(": aralığın yarısı üst sınırı geçince her gecikme üst sınır olur.");
        }
        notes.push(Note::new(en, tr));
    }
    notes.push(Note::new(
        format!(
            "maxAttempts counts the first call: {calls} calls make {} retries.",
            input.attempts
        ),
        format!(
            "maxAttempts ilk çağrıyı da sayar: {calls} çağrı {} yeniden deneme eder.",
            input.attempts
        ),
    ));

    let args = match max {
        Some(m) => format!(
            "{}, {}, 0.5, {}",
            java_long(initial),
            float_lit(input.factor),
            java_long(m)
        ),
        None => format!("{}, {}, 0.5", java_long(initial), float_lit(input.factor)),
    };
    let code = format!(
        "import io.github.resilience4j.core.IntervalFunction;\n\
         import io.github.resilience4j.retry.Retry;\n\
         import io.github.resilience4j.retry.RetryConfig;\n\
         \n\
         RetryConfig config = RetryConfig.custom()\n    \
         .maxAttempts({calls})\n    \
         .intervalFunction(IntervalFunction.ofExponentialRandomBackoff({args}))\n    \
         .build();\n\
         Retry retry = Retry.of(\"backend\", config);\n"
    );
    let mut config = vec![
        ("maxAttempts", json!(calls)),
        ("initialIntervalMillis", jnum(initial)),
        ("multiplier", jnum(input.factor)),
        ("randomizationFactor", jnum(R)),
    ];
    if let Some(m) = max {
        config.push(("maxIntervalMillis", jnum(m)));
    }
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "java",
            code,
        },
        formula: Box::new(formula),
        unit_ms: 1.0,
    }
}
