//! Go cenkalti/backoff v4, `ExponentialBackOff` (`exponential.go`), checked against Debian's
//! package (the same file as the v4.1.3 tag):
//!
//! ```text
//! next := getRandomValueFromInterval(b.RandomizationFactor, rand.Float64(), b.currentInterval)
//! b.incrementCurrentInterval()
//! // incrementCurrentInterval:
//! if float64(b.currentInterval) >= float64(b.MaxInterval)/b.Multiplier {
//!     b.currentInterval = b.MaxInterval
//! } else {
//!     b.currentInterval = time.Duration(float64(b.currentInterval) * b.Multiplier)
//! }
//! // getRandomValueFromInterval:
//! return time.Duration(minInterval + (random * (maxInterval - minInterval + 1)))
//! ```
//!
//! In nanoseconds: I₁ = InitialInterval, Iₙ₊₁ = MaxInterval once Iₙ ≥ MaxInterval/Multiplier,
//! else ⌊Iₙ·Multiplier⌋; retry n waits ⌊Iₙ(1 − r) + u·(2rIₙ + 1)⌋ with r = 0.5. The cap bounds
//! the interval, not the delay: delays reach 1.5 × MaxInterval. SPEC §6's table left out the
//! truncation to whole nanoseconds at each step, the `+ 1` ns, and that the default
//! MaxElapsedTime (15 min) stops retrying; the snippet sets it to 0.

use serde_json::json;

use super::snippet::{go_duration, jnum, num};
use super::{mean_floor, to_ns, Dist, Formula, Input, Note, Plan, Snippet, U_MAX};
use crate::i18n::{format_duration, Lang};

/// The release checked (Debian's golang-github-cenkalti-backoff-dev 4.1.3).
pub const VERSION: &str = "4.1.3";
/// `exponential.go` at that tag.
pub const SOURCE: &str = "https://github.com/cenkalti/backoff/blob/v4.1.3/exponential.go";

/// `DefaultRandomizationFactor`.
const R: f64 = 0.5;
/// `float64(math.MaxInt64)`: the largest `time.Duration`, as Go's float arithmetic sees it.
const MAX_DURATION: f64 = 9_223_372_036_854_775_808.0;

struct Cenkalti {
    /// Iₙ per retry, ns.
    intervals: Vec<f64>,
}

impl Cenkalti {
    /// `(minInterval, maxInterval − minInterval + 1)` of an interval.
    fn span(i: f64) -> (f64, f64) {
        let delta = R * i;
        let lo = i - delta;
        let hi = i + delta;
        (lo, hi - lo + 1.0)
    }
    fn delay(i: f64, u: f64) -> f64 {
        let (lo, width) = Cenkalti::span(i);
        (lo + u * width).trunc()
    }
}

impl Formula for Cenkalti {
    fn retries(&self) -> usize {
        self.intervals.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            self.intervals
                .iter()
                .zip(units)
                .map(|(&i, &u)| Cenkalti::delay(i, u) / 1e6),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let i = self.intervals[k];
        (
            Cenkalti::delay(i, 0.0) / 1e6,
            Cenkalti::delay(i, U_MAX) / 1e6,
        )
    }
    fn mean(&self, k: usize) -> Option<f64> {
        let (lo, width) = Cenkalti::span(self.intervals[k]);
        Some(mean_floor(lo, lo + width) / 1e6)
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        let (lo, width) = Cenkalti::span(self.intervals[k]);
        Some(Dist::Floor {
            lo,
            hi: lo + width,
            floor: 0.0,
            cap: f64::INFINITY,
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let initial = to_ns(input.base_ms);
    let max = input.cap_ms.map_or(MAX_DURATION, to_ns);
    let m = input.factor;
    let mut intervals = Vec::with_capacity(input.attempts);
    let mut i = initial;
    for k in 0..input.attempts {
        if k > 0 {
            i = if i >= max / m { max } else { (i * m).trunc() };
        }
        intervals.push(i);
    }

    let max_expr = match input.cap_ms {
        Some(_) => go_duration(max),
        None => "time.Duration(math.MaxInt64)".to_string(),
    };
    let mut notes = vec![Note::new(
        "RandomizationFactor 0.5 spreads each delay over ±50 % of the interval; MaxInterval caps \
         the interval before that, so delays reach 1.5 × MaxInterval.",
        "RandomizationFactor 0,5 her gecikmeyi aralığın ±%50'sine yayar; MaxInterval aralığı \
         bundan önce sınırlar, bu yüzden gecikmeler 1,5 × MaxInterval'e ulaşır.",
    )];
    if let Some(cap) = input.cap_ms {
        if intervals.iter().any(|&i| i * 1.5 > max) {
            notes.push(Note::new(
                format!(
                    "Here delays go past your cap of {}, up to {}.",
                    format_duration(cap, Lang::En),
                    format_duration(cap * 1.5, Lang::En)
                ),
                format!(
                    "Burada gecikmeler {} üst sınırını aşıp {} değerine kadar çıkar.",
                    format_duration(cap, Lang::Tr),
                    format_duration(cap * 1.5, Lang::Tr)
                ),
            ));
        }
    } else {
        notes.push(Note::new(
            "Without a cap MaxInterval is set to the largest time.Duration (about 292 years).",
            "Üst sınır olmadığında MaxInterval en büyük time.Duration'a (yaklaşık 292 yıl) \
             ayarlanır.",
        ));
    }
    notes.push(Note::new(
        "The default MaxElapsedTime of 15 minutes makes the policy stop once that much time has \
         passed since the first call; the snippet sets it to 0 (no limit).",
        "Varsayılan 15 dakikalık MaxElapsedTime, ilk çağrıdan beri o kadar zaman geçince \
         yeniden denemeyi durdurur; örnek kod onu 0 yapar (sınır yok).",
    ));
    notes.push(Note::new(
        "Go durations are whole nanoseconds: the interval is truncated at every step, and so is \
         each delay.",
        "Go süreleri tam nanosaniyedir: aralık her adımda, gecikme de her seferinde aşağı \
         yuvarlanır.",
    ));

    let math_import = if input.cap_ms.is_none() {
        "\t\"math\"\n"
    } else {
        ""
    };
    let code = format!(
        "import (\n\
         {math_import}\
         \t\"time\"\n\
         \n\
         \t\"github.com/cenkalti/backoff/v4\"\n\
         )\n\
         \n\
         func newBackOff() backoff.BackOff {{\n\
         \tb := backoff.NewExponentialBackOff()\n\
         \tb.InitialInterval = {}\n\
         \tb.RandomizationFactor = 0.5\n\
         \tb.Multiplier = {}\n\
         \tb.MaxInterval = {max_expr}\n\
         \tb.MaxElapsedTime = 0 // no limit on the total time\n\
         \treturn backoff.WithMaxRetries(b, {})\n\
         }}\n\
         \n\
         // backoff.Retry calls Reset, which starts from InitialInterval:\n\
         // err := backoff.Retry(operation, newBackOff())\n",
        go_duration(initial),
        num(m),
        input.attempts
    );
    Plan {
        config: vec![
            ("InitialInterval", json!(go_duration(initial))),
            ("RandomizationFactor", jnum(R)),
            ("Multiplier", jnum(m)),
            ("MaxInterval", json!(max_expr)),
            ("MaxElapsedTime", json!("0")),
            ("WithMaxRetries", json!(input.attempts)),
        ],
        notes,
        snippet: Snippet {
            language: "go",
            code,
        },
        formula: Box::new(Cenkalti { intervals }),
        unit_ms: 1e-6,
    }
}
