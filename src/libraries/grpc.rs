//! gRPC's retry policy (gRFC A6 as amended in 2024), as grpc-go implements it in
//! `clientStream.shouldRetry` (`stream.go`); transcribed, not run: grpc-go does not install here
//! (Debian's package predates the 2024 change).
//!
//! ```text
//! fact := math.Pow(rp.BackoffMultiplier, float64(cs.numRetriesSincePushback))
//! cur := min(float64(rp.InitialBackoff)*fact, float64(rp.MaxBackoff))
//! cur *= 0.8 + 0.4*rand.Float64()
//! dur = time.Duration(int64(cur))
//! ```
//!
//! In nanoseconds, retry n (the counter starts at 0) waits ⌊min(initial·mult^(n−1), max) ×
//! (0.8 + 0.4u)⌋ ns. `maxAttempts` counts the first call and is capped at 5 (the default of
//! `WithMaxCallAttempts`), so at most 4 retries. The service config wants `maxBackoff`; without
//! a cap sade gives it the last retry's value, so that it never binds. Durations in the service
//! config are whole nanoseconds (seconds with up to 9 decimals).

use serde_json::json;

use super::snippet::{grpc_duration, jnum, num};
use super::{mean_floor, to_ns, Dist, Formula, Input, Note, Plan, Snippet, U_MAX};
use crate::i18n::{format_duration, Lang};

/// The grpc-go release the formula was read from.
pub const VERSION: &str = "1.83.1";
/// `stream.go` at that tag.
pub const SOURCE: &str = "https://github.com/grpc/grpc-go/blob/v1.83.1/stream.go";

/// Retries gRPC makes at most: `maxAttempts` ≤ 5 counts the first call.
const MAX_RETRIES: usize = 4;

struct Grpc {
    /// `min(initial·mult^k, max)` per retry, ns.
    cur: Vec<f64>,
}

impl Grpc {
    fn delay(cur: f64, u: f64) -> f64 {
        (cur * (0.8 + 0.4 * u)).trunc()
    }
}

impl Formula for Grpc {
    fn retries(&self) -> usize {
        self.cur.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            self.cur
                .iter()
                .zip(units)
                .map(|(&c, &u)| Grpc::delay(c, u) / 1e6),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let c = self.cur[k];
        (Grpc::delay(c, 0.0) / 1e6, Grpc::delay(c, U_MAX) / 1e6)
    }
    fn mean(&self, k: usize) -> Option<f64> {
        let c = self.cur[k];
        Some(mean_floor(c * 0.8, c * 1.2) / 1e6)
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        let c = self.cur[k];
        Some(Dist::Floor {
            lo: c * 0.8,
            hi: c * 1.2,
            floor: 0.0,
            cap: f64::INFINITY,
        })
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let retries = input.attempts.min(MAX_RETRIES);
    let initial = to_ns(input.base_ms);
    // The uncapped values, as `InitialBackoff * Pow(mult, k)`.
    let mut raw = Vec::with_capacity(retries);
    let mut c = initial;
    for k in 0..retries {
        if k > 0 {
            c *= input.factor;
        }
        raw.push(c);
    }
    let max = match input.cap_ms {
        Some(cap) => to_ns(cap),
        None => raw[retries - 1].ceil(),
    };
    let cur: Vec<f64> = raw.iter().map(|&c| c.min(max)).collect();
    let max_attempts = retries + 1;

    let mut notes = vec![Note::new(
        "gRPC multiplies each delay by a random factor between 0.8 and 1.2 (gRFC A6 as amended \
         in 2024, grpc-go since 1.69); earlier releases drew it between 0 and the computed value.",
        "gRPC her gecikmeyi 0,8 ile 1,2 arasında rastgele bir katsayıyla çarpar (2024'te \
         değişen gRFC A6, grpc-go 1.69'dan beri); önceki sürümler 0 ile hesaplanan değer \
         arasında çekerdi.",
    )];
    if input.attempts > MAX_RETRIES {
        notes.push(Note::new(
            format!(
                "gRPC retries at most 4 times: maxAttempts counts the first call and anything \
                 above 5 is treated as 5 (grpc-go's WithMaxCallAttempts dial option raises that \
                 limit). {}",
                super::not_made_en(MAX_RETRIES + 1, input.attempts)
            ),
            format!(
                "gRPC en fazla 4 kez yeniden dener: maxAttempts ilk çağrıyı da sayar ve 5'ten \
                 büyük değerler 5 sayılır (grpc-go'da WithMaxCallAttempts bu sınırı yükseltir). \
                 {}",
                super::not_made_tr(MAX_RETRIES + 1, input.attempts)
            ),
        ));
    }
    match input.cap_ms {
        Some(cap) if cur.iter().any(|&c| c * 1.2 > max) => notes.push(Note::new(
            format!(
                "The jitter comes after maxBackoff: a delay can be up to 20 % longer than \
                 maxBackoff, {} here.",
                format_duration(cap * 1.2, Lang::En)
            ),
            format!(
                "Sapma maxBackoff'tan sonra uygulanır: bir gecikme maxBackoff'u %20'ye kadar \
                 aşabilir, burada {}.",
                format_duration(cap * 1.2, Lang::Tr)
            ),
        )),
        Some(_) => {}
        None => notes.push(Note::new(
            format!(
                "gRPC requires maxBackoff; with no cap it is set to the last retry's value ({}), \
                 so it never shortens a delay.",
                format_duration(max / 1e6, Lang::En)
            ),
            format!(
                "gRPC maxBackoff ister; üst sınır olmadığında son yeniden denemenin değeri ({}) \
                 verilir, böylece hiçbir gecikmeyi kısaltmaz.",
                format_duration(max / 1e6, Lang::Tr)
            ),
        )),
    }
    notes.push(Note::new(
        "Only the status codes in retryableStatusCodes are retried; a server's \
         grpc-retry-pushback-ms replaces the delay, and retry throttling, if configured, can stop \
         retries.",
        "Yalnızca retryableStatusCodes'taki durum kodları yeniden denenir; sunucunun \
         grpc-retry-pushback-ms değeri gecikmenin yerine geçer ve yapılandırılmışsa retry \
         throttling yeniden denemeleri durdurabilir.",
    ));

    let (initial_s, max_s) = (grpc_duration(initial), grpc_duration(max));
    let code = format!(
        "conn, err := grpc.NewClient(target,\n\
         \tgrpc.WithTransportCredentials(insecure.NewCredentials()),\n\
         \tgrpc.WithDefaultServiceConfig(`{{\n  \
         \"methodConfig\": [{{\n    \
         \"name\": [{{\"service\": \"example.Service\"}}],\n    \
         \"retryPolicy\": {{\n      \
         \"maxAttempts\": {max_attempts},\n      \
         \"initialBackoff\": \"{initial_s}\",\n      \
         \"maxBackoff\": \"{max_s}\",\n      \
         \"backoffMultiplier\": {},\n      \
         \"retryableStatusCodes\": [\"UNAVAILABLE\"]\n    \
         }}\n  \
         }}]\n\
         }}`),\n\
         )\n",
        num(input.factor)
    );
    Plan {
        config: retry_policy(max_attempts, &initial_s, &max_s, input.factor),
        notes,
        snippet: Snippet {
            language: "go",
            code,
        },
        formula: Box::new(Grpc { cur }),
        unit_ms: 1e-6,
    }
}

/// A service config's `retryPolicy`, in its own names (grpc-go and the C core read the same).
pub(super) fn retry_policy(
    max_attempts: usize,
    initial: &str,
    max: &str,
    factor: f64,
) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("maxAttempts", json!(max_attempts)),
        ("initialBackoff", json!(initial)),
        ("maxBackoff", json!(max)),
        ("backoffMultiplier", jnum(factor)),
        ("retryableStatusCodes", json!(["UNAVAILABLE"])),
    ]
}
