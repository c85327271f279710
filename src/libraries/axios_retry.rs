//! Node axios-retry with `retryDelay: exponentialDelay` (`src/index.ts`), checked against the
//! installed package (its `exponentialDelay`, driven directly):
//!
//! ```text
//! const calculatedDelay = 2 ** retryNumber * delayFactor;
//! const delay = Math.max(calculatedDelay, retryAfter(error));
//! const randomSum = delay * 0.2 * Math.random(); // 0-20% of the delay
//! return delay + randomSum;
//! ```
//!
//! `retryCount` is raised before `retryDelay` is called, so retry n waits
//! delayFactor·2^n·(1 + 0.2·U) ms: sade gives `delayFactor` half the user's base, so that retry n
//! waits base·2^(n−1) plus up to 20 %. The factor is fixed at 2 and there is no cap.

use serde_json::json;

use super::got::Plus;
use super::p_retry::timer_note;
use super::shared::fixed_factor;
use super::snippet::{jnum, num};
use super::{Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The axios-retry release checked.
pub const VERSION: &str = "4.5.0";
/// `src/index.ts` at that tag.
pub const SOURCE: &str = "https://github.com/softonic/axios-retry/blob/v4.5.0/src/index.ts";

pub(super) fn plan(input: &Input) -> Plan {
    let delay_factor = input.base_ms / 2.0;
    let start = super::growth(input.base_ms, 2.0, None, input.attempts);
    let spread: Vec<f64> = start.iter().map(|&d| d * 0.2).collect();
    let config = vec![
        ("retries", json!(input.attempts)),
        ("retryDelay", json!("exponentialDelay")),
        ("delayFactor", jnum(delay_factor)),
    ];
    let mut notes = vec![Note::new(
        format!(
            "exponentialDelay waits delayFactor × 2^n on retry n, plus a random 0 to 20 %: \
             retry 1 already waits 2 × delayFactor, so delayFactor is half your base ({}).",
            format_duration(delay_factor, Lang::En)
        ),
        format!(
            "exponentialDelay n. yeniden denemede delayFactor × 2^n ve üstüne rastgele %0 ile \
             %20 arası bekler: 1. yeniden deneme zaten 2 × delayFactor bekler, bu yüzden \
             delayFactor tabanınızın yarısıdır ({}).",
            format_duration(delay_factor, Lang::Tr)
        ),
    )];
    notes.extend(fixed_factor(input.factor));
    if input.cap_ms.is_some() {
        notes.push(Note::new(
            "exponentialDelay has no cap: your cap is not used (only a retryDelay function of \
             your own can cap the wait).",
            "exponentialDelay'in üst sınırı yoktur: üst sınırınız kullanılmaz (beklemeyi yalnızca \
             kendi retryDelay işleviniz sınırlayabilir).",
        ));
    }
    notes.push(Note::new(
        "axios-retry does not wait at all unless retryDelay is set (its default is noDelay) and \
         makes 3 retries unless told; a Retry-After header raises the wait before the 20 % is \
         added. By default only network errors and 5xx responses to idempotent requests are \
         retried.",
        "axios-retry, retryDelay verilmedikçe hiç beklemez (varsayılanı noDelay'dir) ve \
         söylenmedikçe 3 kez yeniden dener; Retry-After başlığı %20 eklenmeden önce beklemeyi \
         uzatır. Varsayılan olarak yalnızca ağ hataları ve idempotent isteklere gelen 5xx \
         yanıtları yeniden denenir.",
    ));
    notes.extend(timer_note(start.iter().map(|d| d * 1.2)));
    let code = format!(
        "import axios from \"axios\";\n\
         import axiosRetry from \"axios-retry\";\n\
         \n\
         axiosRetry(axios, {{\n  \
         retries: {},\n  \
         retryDelay: (retryCount, error) =>\n    \
         axiosRetry.exponentialDelay(retryCount, error, {}),\n\
         }});\n\
         \n\
         const response = await axios.get(\"https://example.com/\");\n",
        input.attempts,
        num(delay_factor)
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
