//! Node exponential-backoff with `jitter: "full"` (`src/delay/delay.base.ts`,
//! `src/jitter/full/full.jitter.ts`), checked against the installed package:
//!
//! ```text
//! const delay = constant * Math.pow(base, power);   // startingDelay, timeMultiple
//! return Math.min(delay, this.options.maxDelay);
//! // fullJitter:
//! return Math.round(Math.random() * delay);
//! ```
//!
//! With the default `delayFirstAttempt: false` the first call does not wait and
//! `power = attemptNumber − 1`, so retry n waits round(u·min(startingDelay·timeMultiple^(n−1),
//! maxDelay)) ms: full jitter in whole milliseconds. With `delayFirstAttempt: true` the first
//! call waits too and every power is one higher. `numOfAttempts` counts the first call.

use serde_json::json;

use super::snippet::jnum;

use super::snippet::num;
use super::{js_round, mean_floor, Dist, Formula, Input, Note, Plan, Snippet, U_MAX};

/// The exponential-backoff release checked.
pub const VERSION: &str = "3.1.2";
/// `src/delay/delay.base.ts` at that tag.
pub const SOURCE: &str =
    "https://github.com/coveooss/exponential-backoff/blob/v3.1.2/src/delay/delay.base.ts";

struct ExponentialBackoff {
    /// min(startingDelay·timeMultiple^(n−1), maxDelay) per retry, ms.
    top: Vec<f64>,
}

impl Formula for ExponentialBackoff {
    fn retries(&self) -> usize {
        self.top.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(self.top.iter().zip(units).map(|(&d, &u)| js_round(u * d)));
    }
    fn range(&self, k: usize) -> (f64, f64) {
        (0.0, js_round(U_MAX * self.top[k]))
    }
    fn mean(&self, k: usize) -> Option<f64> {
        Some(mean_floor(0.5, self.top[k] + 0.5))
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        Some(Dist::Floor {
            lo: 0.5,
            hi: self.top[k] + 0.5,
            floor: 0.0,
            cap: f64::INFINITY,
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let formula = ExponentialBackoff {
        top: input.nominal(),
    };
    let attempts = input.attempts + 1;
    let mut config = vec![
        ("numOfAttempts", json!(attempts)),
        ("startingDelay", jnum(input.base_ms)),
        ("timeMultiple", jnum(input.factor)),
    ];
    let mut lines = format!(
        "  numOfAttempts: {attempts},\n  startingDelay: {},\n  timeMultiple: {},\n",
        num(input.base_ms),
        num(input.factor)
    );
    if let Some(cap) = input.cap_ms {
        config.push(("maxDelay", jnum(cap)));
        lines.push_str(&format!("  maxDelay: {},\n", num(cap)));
    }
    config.push(("jitter", json!("full")));
    let mut notes = vec![
        Note::new(
            "jitter: \"full\" waits a random time between 0 and the exponential value, rounded \
             to whole milliseconds (the default jitter is \"none\"): any retry may come at once.",
            "jitter: \"full\" 0 ile üstel değer arasında rastgele, tam milisaniyeye yuvarlanmış \
             bir süre bekler (varsayılan sapma \"none\"dır): her yeniden deneme hemen gelebilir.",
        ),
        Note::new(
            format!(
                "numOfAttempts counts the first call: {attempts} calls make {} retries. With \
                 delayFirstAttempt: true the first call waits too, and retry n waits up to \
                 startingDelay × timeMultiple^n.",
                input.attempts
            ),
            format!(
                "numOfAttempts ilk çağrıyı da sayar: {attempts} çağrı {} yeniden deneme eder. \
                 delayFirstAttempt: true ile ilk çağrı da bekler ve n. yeniden deneme \
                 startingDelay × timeMultiple^n'e kadar bekler.",
                input.attempts
            ),
        ),
    ];
    let maxes: Vec<f64> = (0..input.attempts).map(|k| formula.range(k).1).collect();
    notes.extend(super::p_retry::timer_note(maxes));
    let code = format!(
        "import {{ backOff }} from \"exponential-backoff\";\n\
         \n\
         // `call` is your async function, e.g. () => fetch(url).\n\
         const result = await backOff(call, {{\n\
         {lines}  jitter: \"full\",\n\
         }});\n"
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "javascript",
            code,
        },
        formula: Box::new(formula),
        unit_ms: 1.0,
    }
}
