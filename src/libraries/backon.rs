//! Rust backon, `ExponentialBuilder` with jitter (`backon/src/backoff/exponential.rs`), checked
//! in-process against the crate (a dev-dependency):
//!
//! ```text
//! Some(mut cur) => {
//!     if let Some(max_delay) = self.max_delay {
//!         if cur < max_delay { cur = saturating_mul(cur, self.factor); }
//!         if cur > max_delay { cur = max_delay; }
//!     } else { cur = saturating_mul(cur, self.factor); }
//!     cur }
//! ...
//! if self.jitter { tmp_cur = tmp_cur.saturating_add(tmp_cur.mul_f32(self.rng.f32())); }
//! // saturating_mul(d, rhs) = Duration::try_from_secs_f32(rhs * d.as_secs_f32())
//! ```
//!
//! The jitter is one-sided: retry n waits dₙ + r·dₙ, r ∈ [0, 1), so up to twice the delay and
//! twice `max_delay`, which caps dₙ before the jitter. backon computes in `f32` seconds; this
//! model repeats that arithmetic (the growth, the jitter, and `Duration`'s rounding to the
//! nearest nanosecond), so its ends are the crate's to the nanosecond. The draw r is the `f32`
//! nearest to u (backon's fastrand gives `f32`s too).

use serde_json::json;

use super::snippet::{float_lit, jnum, rust_duration};
use super::{to_ns, Dist, Formula, Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The backon release checked.
pub const VERSION: &str = "1.5.2";
/// `backon/src/backoff/exponential.rs` at that tag.
pub const SOURCE: &str =
    "https://github.com/Xuanwo/backon/blob/v1.5.2/backon/src/backoff/exponential.rs";

/// The largest `f32` below 1.
const R32_MAX: f32 = 1.0 - 1.0 / 16_777_216.0;

/// `Duration::as_secs_f32` of `ns` whole nanoseconds.
fn secs_f32(ns: f64) -> f32 {
    let nanos = ns % 1e9;
    let secs = (ns - nanos) / 1e9;
    (secs as f32) + (nanos as f32) / 1e9f32
}

/// `Duration::MAX` in nanoseconds (as an `f64`).
const DURATION_MAX_NS: f64 = 18_446_744_073_709_551_615.0 * 1e9 + 999_999_999.0;

/// `Duration::try_from_secs_f32(x).unwrap_or(Duration::MAX)`, in nanoseconds: the nearest,
/// ties to even. (`x·1e9` is exact in `f64`: 24 bits of `x` times the 21 odd bits of 10⁹.)
fn from_secs_f32(x: f32) -> f64 {
    if f64::from(x) >= 18_446_744_073_709_551_616.0 {
        return DURATION_MAX_NS;
    }
    (f64::from(x) * 1e9).round_ties_even()
}

/// `d.saturating_add(d.mul_f32(r))`, ns.
fn jittered(d: f64, r: f32) -> f64 {
    (d + from_secs_f32(r * secs_f32(d))).min(DURATION_MAX_NS)
}

struct Backon {
    /// dₙ per retry, ns.
    cur: Vec<f64>,
}

impl Formula for Backon {
    fn retries(&self) -> usize {
        self.cur.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(self.cur.iter().zip(units).map(|(&d, &u)| {
            let r = (u as f32).min(R32_MAX);
            jittered(d, r) / 1e6
        }));
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let d = self.cur[k];
        (d / 1e6, jittered(d, R32_MAX) / 1e6)
    }
    fn mean(&self, k: usize) -> Option<f64> {
        // d + E[r]·d, to f32 precision, as far as Duration::MAX allows.
        let d = self.cur[k];
        let (hi, max) = (2.0 * d, DURATION_MAX_NS);
        let mean = if hi <= max {
            d * 1.5
        } else if d >= max {
            max
        } else {
            ((max - d) * (d + max) / 2.0 + (hi - max) * max) / d
        };
        Some(mean / 1e6)
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        let d = self.cur[k];
        Some(Dist::Uniform {
            lo: d,
            hi: jittered(d, 1.0),
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let factor = input.factor as f32;
    let min_delay = to_ns(input.base_ms);
    let max_delay = input.cap_ms.map(to_ns);
    let mut cur = Vec::with_capacity(input.attempts);
    let mut d = min_delay;
    for k in 0..input.attempts {
        if k > 0 {
            match max_delay {
                Some(max) => {
                    if d < max {
                        d = from_secs_f32(factor * secs_f32(d));
                    }
                    if d > max {
                        d = max;
                    }
                }
                None => d = from_secs_f32(factor * secs_f32(d)),
            }
        }
        cur.push(d);
    }

    let mut notes = vec![Note::new(
        "with_jitter adds a random share of the delay to it: retry n waits between d and 2·d, \
         and max_delay caps d before that, so delays reach twice max_delay.",
        "with_jitter gecikmeye kendisinin rastgele bir payını ekler: n. yeniden deneme d ile \
         2·d arasında bekler ve max_delay d'yi bundan önce sınırlar; gecikmeler max_delay'in iki \
         katına ulaşır.",
    )];
    if let (Some(cap), Some(max)) = (input.cap_ms, max_delay) {
        if cur.iter().any(|&d| jittered(d, R32_MAX) > max) {
            notes.push(Note::new(
                format!(
                    "Here delays go past your cap of {}, up to {}.",
                    format_duration(cap, Lang::En),
                    format_duration(cap * 2.0, Lang::En)
                ),
                format!(
                    "Burada gecikmeler {} üst sınırını aşıp {} değerine kadar çıkar.",
                    format_duration(cap, Lang::Tr),
                    format_duration(cap * 2.0, Lang::Tr)
                ),
            ));
        }
    }
    notes.push(Note::new(
        "backon computes in f32 seconds: the factor and each delay keep about 7 significant \
         digits, and ExponentialBuilder::default() stops after 3 retries and caps at 60 s unless \
         told otherwise, as the snippet does.",
        "backon f32 saniyeyle hesaplar: çarpan ve her gecikme yaklaşık 7 anlamlı basamak \
         taşır; ExponentialBuilder::default() aksi söylenmezse 3 yeniden denemeden sonra durur \
         ve 60 sn'de sınırlar, örnek kod ikisini de ayarlar.",
    ));

    let max_line = match max_delay {
        Some(max) => format!("    .with_max_delay({})\n", rust_duration(max)),
        None => "    .without_max_delay()\n".to_string(),
    };
    let code = format!(
        "use std::time::Duration;\n\
         \n\
         use backon::ExponentialBuilder;\n\
         \n\
         let backoff = ExponentialBuilder::default()\n    \
         .with_min_delay({})\n    \
         .with_factor({})\n\
         {max_line}    \
         .with_max_times({})\n    \
         .with_jitter();\n\
         // let response = fetch.retry(backoff).await?;\n",
        rust_duration(min_delay),
        float_lit(input.factor),
        input.attempts
    );
    let mut config = vec![
        ("min_delay", json!(rust_duration(min_delay))),
        ("factor", jnum(f64::from(factor))),
    ];
    match max_delay {
        Some(max) => config.push(("max_delay", json!(rust_duration(max)))),
        None => config.push(("max_delay", json!(null))),
    }
    config.push(("max_times", json!(input.attempts)));
    config.push(("jitter", json!(true)));
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "rust",
            code,
        },
        formula: Box::new(Backon { cur }),
        unit_ms: 1e-6,
    }
}
