//! Python tenacity, `wait_random_exponential` (`tenacity/wait.py`), checked against the installed
//! package:
//!
//! ```text
//! exp = self.exp_base ** (retry_state.attempt_number - 1)
//! result = self.multiplier * exp
//! high = max(max(0, self.min), min(result, self.max))
//! return random.uniform(self.min, high)
//! ```
//!
//! `attempt_number` is the number of calls made so far, so retry n waits
//! U(0, min(multiplier·exp_base^(n−1), max)) seconds: SPEC §1's full jitter, in seconds.
//! `stop_after_attempt` counts the first call. (tenacity 9.2 detects the cap with logarithms
//! first; the values are the same.)

use serde_json::json;

use super::snippet::{jnum, num, secs};
use super::{FullJitter, Input, Note, Plan, Snippet};

/// The tenacity release checked.
pub const VERSION: &str = "9.1.4";
/// `tenacity/wait.py` at that tag.
pub const SOURCE: &str = "https://github.com/jd/tenacity/blob/9.1.4/tenacity/wait.py";

pub(super) fn plan(input: &Input) -> Plan {
    let stop = input.attempts + 1;
    let mut config = vec![
        ("multiplier", jnum(input.base_ms / 1000.0)),
        ("exp_base", jnum(input.factor)),
    ];
    let mut wait_args = format!(
        "multiplier={}, exp_base={}",
        secs(input.base_ms),
        num(input.factor)
    );
    if let Some(cap) = input.cap_ms {
        config.push(("max", jnum(cap / 1000.0)));
        wait_args.push_str(&format!(", max={}", secs(cap)));
    }
    config.push(("stop_after_attempt", json!(stop)));
    let notes = vec![
        Note::new(
            "wait_random_exponential is full jitter: retry n waits a random time between 0 and \
             min(multiplier × exp_base^(n−1), max) seconds, so any retry may come at once.",
            "wait_random_exponential tam sapmadır (full jitter): n. yeniden deneme 0 ile \
             min(multiplier × exp_base^(n−1), max) saniye arasında rastgele bekler, yani her \
             yeniden deneme hemen gelebilir.",
        ),
        Note::new(
            format!(
                "stop_after_attempt counts the first call: {stop} calls make {} retries.",
                input.attempts
            ),
            format!(
                "stop_after_attempt ilk çağrıyı da sayar: {stop} çağrı {} yeniden deneme eder.",
                input.attempts
            ),
        ),
    ];
    let code = format!(
        "from tenacity import retry, stop_after_attempt, wait_random_exponential\n\
         \n\
         \n\
         @retry(\n    \
         wait=wait_random_exponential({wait_args}),\n    \
         stop=stop_after_attempt({stop}),\n\
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
