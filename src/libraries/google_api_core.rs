//! Google's Python cloud clients retry through google-api-core: `retry.Retry(initial, maximum,
//! multiplier, timeout)` sleeps what `exponential_sleep_generator` yields
//! (`google/api_core/retry/retry_base.py`), checked against the installed package:
//!
//! ```text
//! max_delay = min(initial, maximum)
//! while True:
//!     yield random.uniform(0.0, max_delay)
//!     max_delay = min(max_delay * multiplier, maximum)
//! ```
//!
//! Retry n waits U(0, min(initial·multiplier^(n−1), maximum)) seconds, capped at every step as
//! SPEC §1 caps: full jitter, in seconds. There is no count of attempts: `retry_target` stops when
//! the next sleep would end after the deadline (`timeout`, 120 s by default, counted from the
//! first call). sade sets `timeout` to the longest total wait of the user's retries, so that
//! they all fit when the calls themselves take no time. `maximum` is 60 s unless set; with no
//! cap sade gives it the last retry's value, so that it never binds.

use super::snippet::{jnum, num, secs};
use super::{FullJitter, Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The google-api-core release checked.
pub const VERSION: &str = "2.44.0";
/// `google/api_core/retry/retry_base.py` at that tag.
pub const SOURCE: &str =
    "https://github.com/googleapis/python-api-core/blob/v2.44.0/google/api_core/retry/retry_base.py";

pub(super) fn plan(input: &Input) -> Plan {
    let top = input.nominal();
    let maximum = input
        .cap_ms
        .unwrap_or_else(|| top.last().copied().unwrap_or(input.base_ms));
    let timeout: f64 = top.iter().sum();
    let config = vec![
        ("initial", jnum(input.base_ms / 1000.0)),
        ("maximum", jnum(maximum / 1000.0)),
        ("multiplier", jnum(input.factor)),
        ("timeout", jnum(timeout / 1000.0)),
    ];
    let mut notes = vec![
        Note::new(
            "Full jitter: retry n sleeps a random time between 0 and min(initial × \
             multiplier^(n−1), maximum) seconds, so any retry may come at once.",
            "Tam sapma (full jitter): n. yeniden deneme 0 ile min(initial × \
             multiplier^(n−1), maximum) saniye arasında rastgele uyur, yani her yeniden deneme \
             hemen gelebilir.",
        ),
        Note::new(
            format!(
                "No count of attempts: Retry retries until the next sleep would pass timeout \
                 (120 s by default), counted from the first call. timeout = {} is the longest \
                 total wait of {} retries: slower calls leave room for fewer, quick failures for \
                 more.",
                format_duration(timeout, Lang::En),
                input.attempts
            ),
            format!(
                "Deneme sayısı yoktur: Retry, bir sonraki uyku timeout'u (varsayılan 120 sn) \
                 aşana dek yeniden dener; süre ilk çağrıdan sayılır. timeout = {}, {} yeniden \
                 denemenin en uzun toplam beklemesidir: yavaş çağrılar daha azına, hızlı hatalar \
                 daha fazlasına yer bırakır.",
                format_duration(timeout, Lang::Tr),
                input.attempts
            ),
        ),
    ];
    if input.cap_ms.is_none() {
        notes.push(Note::new(
            format!(
                "maximum is 60 s unless set; with no cap it is set to the last retry's value \
                 ({}), so it never shortens a sleep.",
                format_duration(maximum, Lang::En)
            ),
            format!(
                "maximum verilmezse 60 sn'dir; üst sınır olmadığında son yeniden denemenin \
                 değeri ({}) verilir, böylece hiçbir uykuyu kısaltmaz.",
                format_duration(maximum, Lang::Tr)
            ),
        ));
    }
    notes.push(Note::new(
        "Only errors the predicate accepts are retried; the default, if_transient_error, takes \
         429, 500, 502, 503 and 504 and connection errors.",
        "Yalnızca predicate'in kabul ettiği hatalar yeniden denenir; varsayılan \
         if_transient_error 429, 500, 502, 503, 504 ve bağlantı hatalarını alır.",
    ));
    let code = format!(
        "from google.api_core import retry\n\
         \n\
         policy = retry.Retry(\n    \
         initial={},\n    \
         maximum={},\n    \
         multiplier={},\n    \
         timeout={},\n\
         )\n\
         \n\
         \n\
         @policy\n\
         def call():\n    \
         ...  # your request here\n",
        secs(input.base_ms),
        secs(maximum),
        num(input.factor),
        secs(timeout)
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "python",
            code,
        },
        formula: Box::new(FullJitter { top }),
        unit_ms: 1.0,
    }
}
