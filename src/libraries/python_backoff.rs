//! Python backoff, `on_exception(expo, …)` with its default `full_jitter`
//! (`backoff/_wait_gen.py`, `backoff/_jitter.py`), checked against the installed package:
//!
//! ```text
//! yield  # Advance past initial .send() call
//! n = 0
//! while True:
//!     a = factor * base ** n
//!     if max_value is None or a < max_value:
//!         yield a
//!         n += 1
//!     else:
//!         yield max_value
//! ```
//!
//! After the priming `send`, the first retry gets n = 0: retry n waits
//! U(0, min(factor·base^(n−1), max_value)) seconds (`full_jitter` is `random.uniform(0, v)`).
//! backoff's `base` is the growth and its `factor` the first wait: the other way round from
//! sade's names. `max_tries` counts the first call.

use serde_json::json;

use super::snippet::{jnum, num, secs};
use super::{FullJitter, Input, Note, Plan, Snippet};

/// The backoff release checked.
pub const VERSION: &str = "2.2.1";
/// `backoff/_wait_gen.py` at that tag.
pub const SOURCE: &str = "https://github.com/litl/backoff/blob/v2.2.1/backoff/_wait_gen.py";

pub(super) fn plan(input: &Input) -> Plan {
    let tries = input.attempts + 1;
    let mut config = vec![
        ("wait_gen", json!("backoff.expo")),
        ("base", jnum(input.factor)),
        ("factor", jnum(input.base_ms / 1000.0)),
    ];
    let mut args = format!(
        "    base={},  # growth per retry\n    factor={},  # first wait, seconds\n",
        num(input.factor),
        secs(input.base_ms)
    );
    if let Some(cap) = input.cap_ms {
        config.push(("max_value", jnum(cap / 1000.0)));
        args.push_str(&format!("    max_value={},\n", secs(cap)));
    }
    config.push(("max_tries", json!(tries)));
    config.push(("jitter", json!("backoff.full_jitter")));
    let notes = vec![
        Note::new(
            "backoff's names are the other way round: its base is the growth per retry and its \
             factor the first wait. expo starts at factor × base^0 for the first retry.",
            "backoff'un adları terstir: base her yeniden denemedeki büyüme, factor ise ilk \
             beklemedir. expo ilk yeniden denemede factor × base^0 ile başlar.",
        ),
        Note::new(
            "The default jitter, full_jitter, waits a random time between 0 and the exponential \
             value, so any retry may come at once.",
            "Varsayılan sapma full_jitter, 0 ile üstel değer arasında rastgele bekler; yani her \
             yeniden deneme hemen gelebilir.",
        ),
        Note::new(
            format!(
                "max_tries counts the first call: {tries} calls make {} retries. A max_time \
                 would also shorten the last wait.",
                input.attempts
            ),
            format!(
                "max_tries ilk çağrıyı da sayar: {tries} çağrı {} yeniden deneme eder. \
                 max_time verilirse son beklemeyi de kısaltır.",
                input.attempts
            ),
        ),
    ];
    let code = format!(
        "import backoff\n\
         \n\
         \n\
         @backoff.on_exception(\n    \
         backoff.expo,\n    \
         Exception,\n\
         {args}    \
         max_tries={tries},\n    \
         jitter=backoff.full_jitter,\n\
         )\n\
         def call():\n    \
         ...  # your request here\n"
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "python",
            code,
        },
        formula: Box::new(FullJitter {
            top: input.nominal(),
        }),
        unit_ms: 1.0,
    }
}
