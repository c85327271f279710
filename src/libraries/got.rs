//! Node got's built-in retry (`source/core/calculate-retry-delay.ts`), checked against the
//! installed package (its `dist/source/core/calculate-retry-delay.js`, driven directly):
//!
//! ```text
//! const noise = Math.random() * retryOptions.noise;
//! return Math.min(((2 ** (attemptCount - 1)) * 1000), retryOptions.backoffLimit) + noise;
//! ```
//!
//! `attemptCount` is 1 on the first retry, so retry n waits min(1000·2^(n−1), backoffLimit) +
//! U(0, noise) ms: the base is fixed at 1 s and the factor at 2; the user's cap becomes
//! `backoffLimit` (∞ by default), and `noise` keeps its default, 100 ms (at most ±100), added
//! after the cap. `limit` counts retries (2 by default).

use serde_json::json;

use super::p_retry::timer_note;
use super::shared::fixed_factor;
use super::snippet::{jnum, num};
use super::{Dist, Formula, Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The got release checked.
pub const VERSION: &str = "14.6.6";
/// `source/core/calculate-retry-delay.ts` at that tag.
pub const SOURCE: &str =
    "https://github.com/sindresorhus/got/blob/v14.6.6/source/core/calculate-retry-delay.ts";

/// got's first wait, ms, and `noise`'s default, ms.
const BASE_MS: f64 = 1_000.0;
const NOISE_MS: f64 = 100.0;

/// `d + U(0, spread)` per retry, ms: a one-sided uniform (got's noise, axios-retry's 20 %).
pub(super) struct Plus {
    /// `d` per retry.
    pub(super) start: Vec<f64>,
    /// The spread per retry.
    pub(super) spread: Vec<f64>,
}

impl Formula for Plus {
    fn retries(&self) -> usize {
        self.start.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            self.start
                .iter()
                .zip(&self.spread)
                .zip(units)
                .map(|((&d, &s), &u)| d + s * u),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        (self.start[k], self.start[k] + self.spread[k])
    }
    fn mean(&self, k: usize) -> Option<f64> {
        Some(self.start[k] + self.spread[k] / 2.0)
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        Some(Dist::Uniform {
            lo: self.start[k],
            hi: self.start[k] + self.spread[k],
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let start = super::growth(BASE_MS, 2.0, input.cap_ms, input.attempts);
    let spread = vec![NOISE_MS; input.attempts];
    let mut config = vec![("limit", json!(input.attempts))];
    let mut options = format!("    limit: {},\n", input.attempts);
    if let Some(cap) = input.cap_ms {
        config.push(("backoffLimit", jnum(cap)));
        options.push_str(&format!("    backoffLimit: {},\n", num(cap)));
    }
    config.push(("noise", jnum(NOISE_MS)));
    options.push_str(&format!("    noise: {},\n", num(NOISE_MS)));

    let mut notes = vec![];
    if input.base_ms != BASE_MS {
        notes.push(Note::new(
            format!(
                "got's first wait is fixed at 1 s: your base, {}, cannot be set (only a \
                 calculateDelay function of your own changes it).",
                format_duration(input.base_ms, Lang::En)
            ),
            format!(
                "got'un ilk beklemesi 1 sn'ye sabittir: tabanınız ({}) ayarlanamaz (yalnızca \
                 kendi calculateDelay işleviniz değiştirir).",
                format_duration(input.base_ms, Lang::Tr)
            ),
        ));
    }
    notes.extend(fixed_factor(input.factor));
    notes.push(Note::new(
        "noise adds a random 0 to 100 ms after backoffLimit: a wait can pass backoffLimit by up \
         to 100 ms.",
        "noise, backoffLimit'ten sonra 0 ile 100 ms arası rastgele bir süre ekler: bir bekleme \
         backoffLimit'i 100 ms'ye kadar aşabilir.",
    ));
    notes.push(Note::new(
        "limit is 2 unless set; only GET, PUT, HEAD, DELETE, OPTIONS and TRACE are retried by \
         default, and a Retry-After header on a 413, 429 or 503 response replaces the wait.",
        "limit verilmezse 2'dir; varsayılan olarak yalnızca GET, PUT, HEAD, DELETE, OPTIONS ve \
         TRACE yeniden denenir; 413, 429 ya da 503 yanıtındaki Retry-After başlığı beklemenin \
         yerine geçer.",
    ));
    notes.extend(timer_note(start.iter().map(|d| d + NOISE_MS)));
    let code = format!(
        "import got from \"got\";\n\
         \n\
         const client = got.extend({{\n  \
         retry: {{\n\
         {options}  }},\n\
         }});\n\
         \n\
         const response = await client(\"https://example.com/\");\n"
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "javascript",
            code,
        },
        formula: Box::new(Plus { start, spread }),
        unit_ms: 1.0,
    }
}
