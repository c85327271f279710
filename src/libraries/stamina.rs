//! Python stamina, `stamina.retry` (`src/stamina/_core.py`, `_compute_backoff`), checked against
//! the installed package:
//!
//! ```text
//! jitter = random.uniform(0, max_jitter) if max_jitter else 0
//! return min(max_backoff, initial * (exp_base ** (num - 1)) + jitter)
//! ```
//!
//! `num` is tenacity's `attempt_number`, the calls made so far, so retry n waits
//! min(wait_max, wait_initial·wait_exp_base^(n−1) + U(0, wait_jitter)) seconds: the jitter is
//! added before the cap, and the growth itself is not capped first. `wait_jitter` is 1 s unless
//! set, whatever the base: sade keeps it, since that is what stamina does. `wait_max` is 5 s
//! unless set; with no cap sade gives it the last retry's value plus the jitter, so that it
//! never binds. `attempts` counts the first call; `timeout` (45 s by default) is switched off so
//! that the count decides.

use serde_json::json;

use super::snippet::{jnum, num, secs};
use super::{Dist, Formula, Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The stamina release checked.
pub const VERSION: &str = "26.1.0";
/// `src/stamina/_core.py` at that tag.
pub const SOURCE: &str = "https://github.com/hynek/stamina/blob/26.1.0/src/stamina/_core.py";

/// `wait_jitter`'s default, ms.
const JITTER_MS: f64 = 1_000.0;

struct Stamina {
    /// `wait_initial·wait_exp_base^(n−1)` per retry, ms, uncapped.
    grow: Vec<f64>,
    /// `wait_max`, ms.
    max: f64,
}

impl Formula for Stamina {
    fn retries(&self) -> usize {
        self.grow.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            self.grow
                .iter()
                .zip(units)
                .map(|(&g, &u)| self.max.min(g + u * JITTER_MS)),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let g = self.grow[k];
        (self.max.min(g), self.max.min(g + JITTER_MS))
    }
    fn mean(&self, k: usize) -> Option<f64> {
        let (a, b, c) = (self.grow[k], self.grow[k] + JITTER_MS, self.max);
        Some(if c >= b {
            (a + b) / 2.0
        } else if c <= a {
            c
        } else {
            ((c - a) * (a + c) / 2.0 + (b - c) * c) / (b - a)
        })
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        Some(Dist::Capped {
            lo: self.grow[k],
            hi: self.grow[k] + JITTER_MS,
            cap: self.max,
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let grow = super::growth(input.base_ms, input.factor, None, input.attempts);
    let last = grow.last().copied().unwrap_or(input.base_ms);
    let max = input.cap_ms.unwrap_or(last + JITTER_MS);
    let attempts = input.attempts + 1;
    let config = vec![
        ("on", json!("ConnectionError")),
        ("attempts", json!(attempts)),
        ("timeout", json!(null)),
        ("wait_initial", jnum(input.base_ms / 1000.0)),
        ("wait_max", jnum(max / 1000.0)),
        ("wait_jitter", jnum(JITTER_MS / 1000.0)),
        ("wait_exp_base", jnum(input.factor)),
    ];
    let mut notes = vec![
        Note::new(
            format!(
                "stamina adds a random 0 to wait_jitter seconds to every wait, and wait_jitter \
                 is 1 s unless set, whatever the base: the first retry comes between {} and {}.",
                format_duration(grow[0].min(max), Lang::En),
                format_duration((grow[0] + JITTER_MS).min(max), Lang::En)
            ),
            format!(
                "stamina her beklemeye 0 ile wait_jitter saniye arası rastgele bir süre ekler; \
                 wait_jitter, taban ne olursa olsun, verilmezse 1 sn'dir: ilk yeniden deneme {} \
                 ile {} arasında gelir.",
                format_duration(grow[0].min(max), Lang::Tr),
                format_duration((grow[0] + JITTER_MS).min(max), Lang::Tr)
            ),
        ),
        Note::new(
            "wait_max caps the wait after the jitter is added: capped waits are exactly \
             wait_max, with no spread left.",
            "wait_max beklemeyi sapma eklendikten sonra sınırlar: sınıra takılan beklemeler tam \
             wait_max olur, hiç yayılmaz.",
        ),
        Note::new(
            format!(
                "attempts counts the first call ({attempts} calls make {} retries); timeout, 45 s \
                 by default, is switched off here so that the count decides.",
                input.attempts
            ),
            format!(
                "attempts ilk çağrıyı da sayar ({attempts} çağrı {} yeniden deneme eder); \
                 varsayılanı 45 sn olan timeout, sayı belirlesin diye burada kapatılır.",
                input.attempts
            ),
        ),
    ];
    if input.cap_ms.is_none() {
        notes.push(Note::new(
            format!(
                "wait_max is 5 s unless set; with no cap it is set to the last retry's wait with \
                 its jitter ({}), so it never binds.",
                format_duration(max, Lang::En)
            ),
            format!(
                "wait_max verilmezse 5 sn'dir; üst sınır olmadığında son yeniden denemenin \
                 sapmalı beklemesi ({}) verilir, böylece hiç devreye girmez.",
                format_duration(max, Lang::Tr)
            ),
        ));
    }
    let code = format!(
        "import stamina\n\
         \n\
         \n\
         @stamina.retry(\n    \
         on=ConnectionError,\n    \
         attempts={attempts},\n    \
         timeout=None,\n    \
         wait_initial={},\n    \
         wait_max={},\n    \
         wait_jitter={},\n    \
         wait_exp_base={},\n\
         )\n\
         def call():\n    \
         ...  # your request here\n",
        secs(input.base_ms),
        secs(max),
        secs(JITTER_MS),
        num(input.factor)
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "python",
            code,
        },
        formula: Box::new(Stamina { grow, max }),
        unit_ms: 1.0,
    }
}
