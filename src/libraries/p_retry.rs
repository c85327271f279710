//! Node p-retry 7 with `randomize: true` (`index.js`, the last major that runs on Node 20),
//! checked against the installed package:
//!
//! ```text
//! const random = options.randomize ? (Math.random() + 1) : 1;
//! let timeout = Math.round(random * Math.max(options.minTimeout, 1) * (options.factor ** (attempt - 1)));
//! timeout = Math.min(timeout, options.maxTimeout);
//! ```
//!
//! `attempt` is the number of the call that failed, so retry n waits
//! min(round(R·max(minTimeout, 1)·factor^(n−1)), maxTimeout) ms, R = 1 + u ∈ [1, 2): whole
//! milliseconds, up to twice the exponential value, then cut by `maxTimeout`. Without
//! `randomize` (the default) there is no jitter. The values go to `setTimeout`, which waits 1 ms
//! instead of any delay over 2³¹ − 1 ms. (p-retry 9, for Node ≥ 22, rounds a fractional
//! `maxTimeout` up and clamps delays to that limit.)

use serde_json::json;

use super::snippet::jnum;

use super::snippet::num;
use super::{js_round, mean_min_floor, Dist, Formula, Input, Note, Plan, Snippet};

/// The p-retry release checked.
pub const VERSION: &str = "7.0.0";
/// `index.js` at that tag.
pub const SOURCE: &str = "https://github.com/sindresorhus/p-retry/blob/v7.0.0/index.js";

/// The largest `Math.random() + 1`: 2 − 2⁻⁵².
const R_MAX: f64 = 2.0 - 1.0 / 4_503_599_627_370_496.0;
/// The longest delay Node's `setTimeout` honours, ms.
pub(super) const TIMER_MAX_MS: f64 = 2_147_483_647.0;

struct PRetry {
    /// max(minTimeout, 1), ms.
    min_timeout: f64,
    /// factor^(n−1) per retry.
    powers: Vec<f64>,
    /// maxTimeout, ms (∞ for none).
    max_timeout: f64,
}

impl PRetry {
    fn delay(&self, k: usize, random: f64) -> f64 {
        js_round(random * self.min_timeout * self.powers[k]).min(self.max_timeout)
    }
}

impl Formula for PRetry {
    fn retries(&self) -> usize {
        self.powers.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            units
                .iter()
                .enumerate()
                .map(|(k, &u)| self.delay(k, u + 1.0)),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        (self.delay(k, 1.0), self.delay(k, R_MAX))
    }
    fn mean(&self, k: usize) -> Option<f64> {
        let Some(Dist::Floor { lo, hi, cap, .. }) = self.dist(k) else {
            return None;
        };
        Some(mean_min_floor(lo, hi, cap))
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        // round(R·a) = ⌊R·a + 0.5⌋ with R·a uniform on [a, 2a).
        let a = self.min_timeout * self.powers[k];
        Some(Dist::Floor {
            lo: a + 0.5,
            hi: 2.0 * a + 0.5,
            floor: 0.0,
            cap: self.max_timeout,
        })
    }
}

/// The note for delays past `setTimeout`'s limit, if any `max` passes it.
pub(super) fn timer_note(maxes: impl IntoIterator<Item = f64>) -> Option<Note> {
    let first = maxes.into_iter().position(|m| m > TIMER_MAX_MS)?;
    Some(Note::new(
        format!(
            "Node's setTimeout waits 1 ms instead of any delay over 2,147,483,647 ms (24.8 days): \
             from retry {} on, a delay that long comes at once.",
            first + 1
        ),
        format!(
            "Node'un setTimeout'u 2.147.483.647 ms'den (24,8 gün) uzun her gecikme yerine 1 ms \
             bekler: {}. yeniden denemeden başlayarak bu kadar uzun bir gecikme hemen gelir.",
            first + 1
        ),
    ))
}

pub(super) fn plan(input: &Input) -> Plan {
    let mut powers = Vec::with_capacity(input.attempts);
    let mut p = 1.0;
    for k in 0..input.attempts {
        if k > 0 {
            p *= input.factor;
        }
        powers.push(p);
    }
    let formula = PRetry {
        min_timeout: input.base_ms.max(1.0),
        powers,
        max_timeout: input.cap_ms.unwrap_or(f64::INFINITY),
    };
    let mut notes = vec![
        Note::new(
            "randomize: true multiplies each delay by a random factor between 1 and 2 (without \
             it there is no jitter at all): delays reach twice the exponential value before \
             maxTimeout cuts them.",
            "randomize: true her gecikmeyi 1 ile 2 arasında rastgele bir katsayıyla çarpar \
             (o olmadan hiç sapma yoktur): gecikmeler maxTimeout kesmeden önce üstel değerin iki \
             katına ulaşır.",
        ),
        Note::new(
            "Delays are whole milliseconds (Math.round); retries counts retries, not calls.",
            "Gecikmeler tam milisaniyedir (Math.round); retries çağrıları değil yeniden \
             denemeleri sayar.",
        ),
    ];
    if input.base_ms < 1.0 {
        notes.push(Note::new(
            "p-retry 7 raises minTimeout to 1 ms.",
            "p-retry 7 minTimeout'u 1 ms'ye yükseltir.",
        ));
    }
    let maxes: Vec<f64> = (0..input.attempts).map(|k| formula.range(k).1).collect();
    notes.extend(timer_note(maxes));

    let mut options = vec![
        ("retries", json!(input.attempts)),
        ("minTimeout", jnum(input.base_ms)),
        ("factor", jnum(input.factor)),
    ];
    let mut lines = format!(
        "  retries: {},\n  minTimeout: {},\n  factor: {},\n",
        input.attempts,
        num(input.base_ms),
        num(input.factor)
    );
    if let Some(cap) = input.cap_ms {
        options.push(("maxTimeout", jnum(cap)));
        lines.push_str(&format!("  maxTimeout: {},\n", num(cap)));
    }
    options.push(("randomize", json!(true)));
    let code = format!(
        "import pRetry from \"p-retry\";\n\
         \n\
         // `call` is your async function, e.g. () => fetch(url).\n\
         const result = await pRetry(call, {{\n\
         {lines}  randomize: true,\n\
         }});\n"
    );
    Plan {
        config: options,
        notes,
        snippet: Snippet {
            language: "javascript",
            code,
        },
        formula: Box::new(formula),
        unit_ms: 1.0,
    }
}
