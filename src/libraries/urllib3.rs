//! Python urllib3's `Retry` (`src/urllib3/util/retry.py`, 2.x), which `requests` retries
//! through when a `Retry` is mounted on its `HTTPAdapter`; checked against the installed package:
//!
//! ```text
//! consecutive_errors_len = len(list(takewhile(lambda x: x.redirect_location is None,
//!                                             reversed(self.history))))
//! if consecutive_errors_len <= 1:
//!     return 0
//! backoff_value = self.backoff_factor * (2 ** (consecutive_errors_len - 1))
//! if self.backoff_jitter != 0.0:
//!     backoff_value += random.random() * self.backoff_jitter
//! return float(max(0, min(self.backoff_max, backoff_value)))
//! ```
//!
//! `history` holds one entry per failed call, so retry 1 waits nothing and retry n ≥ 2 waits
//! min(backoff_factor·2^(n−1), backoff_max) seconds: the factor is fixed at 2. sade gives
//! `backoff_factor` the user's base, so that from retry 2 on the waits are SPEC §1's for a factor
//! of 2. `backoff_jitter` is 0 unless set (what `requests` users get): no draw, every client
//! waits the same. `backoff_max` is 120 s unless set; with no cap sade leaves it, and says when
//! it binds. `total` counts retries, not calls.

use serde_json::json;

use super::shared::{fixed, fixed_factor};
use super::snippet::{jnum, secs};
use super::{Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The urllib3 release checked.
pub const VERSION: &str = "2.8.0";
/// `src/urllib3/util/retry.py` at that tag.
pub const SOURCE: &str = "https://github.com/urllib3/urllib3/blob/2.8.0/src/urllib3/util/retry.py";

/// `Retry.DEFAULT_BACKOFF_MAX`, ms.
const DEFAULT_BACKOFF_MAX_MS: f64 = 120_000.0;

pub(super) fn plan(input: &Input) -> Plan {
    let max = input.cap_ms.unwrap_or(DEFAULT_BACKOFF_MAX_MS);
    let mut waits = Vec::with_capacity(input.attempts);
    let mut d = input.base_ms;
    for k in 0..input.attempts {
        if k == 0 {
            waits.push(0.0);
        } else {
            d *= 2.0;
            waits.push(d.min(max));
        }
    }
    let mut config = vec![
        ("total", json!(input.attempts)),
        ("backoff_factor", jnum(input.base_ms / 1000.0)),
    ];
    let mut args = format!(
        "    total={},\n    backoff_factor={},\n",
        input.attempts,
        secs(input.base_ms)
    );
    if let Some(cap) = input.cap_ms {
        config.push(("backoff_max", jnum(cap / 1000.0)));
        args.push_str(&format!("    backoff_max={},\n", secs(cap)));
    }
    config.push(("status_forcelist", json!([429, 500, 502, 503, 504])));

    let mut notes = vec![Note::new(
        format!(
            "The first retry does not wait: urllib3 starts backing off from the second, which \
             waits backoff_factor × 2 ({}); each later one doubles.",
            format_duration(input.base_ms * 2.0, Lang::En)
        ),
        format!(
            "İlk yeniden deneme beklemez: urllib3 beklemeye ikinciden başlar, o da \
             backoff_factor × 2 ({}) bekler; sonrakilerin her biri ikiye katlanır.",
            format_duration(input.base_ms * 2.0, Lang::Tr)
        ),
    )];
    notes.extend(fixed_factor(input.factor));
    notes.push(Note::new(
        "No jitter unless backoff_jitter is set (it adds a random 0 to backoff_jitter seconds \
         before backoff_max applies): every client that failed together retries together.",
        "backoff_jitter verilmedikçe sapma yoktur (verilirse backoff_max'tan önce 0 ile \
         backoff_jitter saniye arası rastgele bir süre ekler): birlikte hata alan istemciler \
         birlikte yeniden dener.",
    ));
    if input.cap_ms.is_none() {
        if let Some(first) = waits.iter().position(|&w| w >= DEFAULT_BACKOFF_MAX_MS) {
            let max_en = format_duration(DEFAULT_BACKOFF_MAX_MS, Lang::En);
            let max_tr = format_duration(DEFAULT_BACKOFF_MAX_MS, Lang::Tr);
            notes.push(Note::new(
                format!(
                    "backoff_max is {max_en} unless set: from retry {} on, every wait is \
                     {max_en}.",
                    first + 1
                ),
                format!(
                    "backoff_max verilmezse {max_tr}: {}. yeniden denemeden itibaren her \
                     bekleme {max_tr}.",
                    first + 1
                ),
            ));
        }
    }
    notes.push(Note::new(
        "requests does not retry unless a Retry is mounted on its HTTPAdapter. A Retry-After \
         header on a 413, 429 or 503 response replaces the wait; statuses are retried only if \
         listed in status_forcelist, and POST only if allowed_methods says so.",
        "requests, HTTPAdapter'ına bir Retry takılmadıkça yeniden denemez. 413, 429 ya da 503 \
         yanıtındaki Retry-After başlığı beklemenin yerine geçer; durum kodları yalnızca \
         status_forcelist'teyse, POST da yalnızca allowed_methods izin verirse yeniden denenir.",
    ));

    let code = format!(
        "import requests\n\
         from requests.adapters import HTTPAdapter\n\
         from urllib3.util import Retry\n\
         \n\
         retry = Retry(\n\
         {args}    \
         status_forcelist=[429, 500, 502, 503, 504],\n\
         )\n\
         session = requests.Session()\n\
         session.mount(\"https://\", HTTPAdapter(max_retries=retry))\n\
         session.mount(\"http://\", HTTPAdapter(max_retries=retry))\n"
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "python",
            code,
        },
        formula: fixed(waits),
        unit_ms: 1.0,
    }
}
