//! gRPC's C core, the retry filter of grpcio (Python), gRPC C++, Ruby and PHP: its
//! `BackOff::NextAttemptDelay` (`src/core/util/backoff.cc`) with the jitter of
//! `RetryFilter::BackoffJitter()` (0.2), read in grpcio 1.85.3's source distribution and checked
//! through grpcio's real retries against a local server:
//!
//! ```text
//! if (initial_) { initial_ = false; } else { current_backoff_ *= options_.multiplier(); }
//! current_backoff_ = std::min(current_backoff_, options_.max_backoff());
//! const double jitter = absl::Uniform(bitgen_, 1 - options_.jitter(), 1 + options_.jitter());
//! return current_backoff_ * jitter;
//! ```
//!
//! C-core `Duration`s are whole milliseconds, and `Duration * double` is
//! `Milliseconds(int64_t(ms * x / 1000.0 * 1000.0))` (`src/core/util/time.h`): the growth and the
//! jittered delay are truncated to whole milliseconds, the growth at every step. The service
//! config's durations are read down to the millisecond, and zero is refused: sade gives
//! `initialBackoff` and `maxBackoff` the user's numbers rounded to whole milliseconds, at least
//! 1 ms. `maxAttempts` counts the first call and is clamped at 5.

use super::snippet::{grpc_duration, num};
use super::{mean_floor, Dist, Formula, Input, Note, Plan, Snippet, U_MAX};
use crate::i18n::{format_duration, Lang};

/// The grpcio release whose C core was read.
pub const VERSION: &str = "1.85.3";
/// `src/core/util/backoff.cc` at that tag.
pub const SOURCE: &str = "https://github.com/grpc/grpc/blob/v1.85.3/src/core/util/backoff.cc";

/// Retries the C core makes at most: `maxAttempts` ≤ 5 counts the first call.
const MAX_RETRIES: usize = 4;

/// C-core's `Duration * double`, in whole milliseconds.
fn times(ms: f64, x: f64) -> f64 {
    (ms * x / 1000.0 * 1000.0).trunc()
}

struct GrpcCore {
    /// `current_backoff_` per retry, ms.
    cur: Vec<f64>,
}

impl GrpcCore {
    fn delay(cur: f64, u: f64) -> f64 {
        times(cur, 0.8 + 0.4 * u)
    }
}

impl Formula for GrpcCore {
    fn retries(&self) -> usize {
        self.cur.len()
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend(
            self.cur
                .iter()
                .zip(units)
                .map(|(&c, &u)| GrpcCore::delay(c, u)),
        );
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let c = self.cur[k];
        (GrpcCore::delay(c, 0.0), GrpcCore::delay(c, U_MAX))
    }
    fn mean(&self, k: usize) -> Option<f64> {
        let c = self.cur[k];
        Some(mean_floor(c * 0.8, c * 1.2))
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

/// `current_backoff_` for `retries` retries, ms, capped at `max`.
fn currents(initial: f64, factor: f64, max: f64, retries: usize) -> Vec<f64> {
    let mut out = Vec::with_capacity(retries);
    let mut c = initial;
    for k in 0..retries {
        if k > 0 {
            c = times(c, factor);
        }
        c = c.min(max);
        out.push(c);
    }
    out
}

pub(super) fn plan(input: &Input) -> Plan {
    let retries = input.attempts.min(MAX_RETRIES);
    let whole = |ms: f64| ms.round().max(1.0);
    let initial = whole(input.base_ms);
    let max = match input.cap_ms {
        Some(cap) => whole(cap),
        None => *currents(initial, input.factor, f64::INFINITY, retries)
            .last()
            .expect("a retry"),
    };
    let cur = currents(initial, input.factor, max, retries);
    let max_attempts = retries + 1;

    let mut notes = vec![Note::new(
        "The C core multiplies each delay by a random factor between 0.8 and 1.2, after \
         maxBackoff: a delay can be up to 20 % longer than maxBackoff.",
        "C çekirdeği her gecikmeyi maxBackoff'tan sonra 0,8 ile 1,2 arasında rastgele bir \
         katsayıyla çarpar: bir gecikme maxBackoff'u %20'ye kadar aşabilir.",
    )];
    if input.attempts > MAX_RETRIES {
        notes.push(Note::new(
            format!(
                "The C core retries at most 4 times: maxAttempts counts the first call and \
                 anything above 5 is clamped to 5. {}",
                super::not_made_en(MAX_RETRIES + 1, input.attempts)
            ),
            format!(
                "C çekirdeği en fazla 4 kez yeniden dener: maxAttempts ilk çağrıyı da sayar ve \
                 5'ten büyük değerler 5'e indirilir. {}",
                super::not_made_tr(MAX_RETRIES + 1, input.attempts)
            ),
        ));
    }
    notes.push(Note::new(
        "Durations are whole milliseconds: the service config is read down to the millisecond, \
         and each step of the growth and each delay are cut to whole milliseconds.",
        "Süreler tam milisaniyedir: hizmet yapılandırması milisaniyeye kadar okunur; büyümenin \
         her adımı ve her gecikme tam milisaniyeye kesilir.",
    ));
    if input.cap_ms.is_none() {
        notes.push(Note::new(
            format!(
                "The service config requires maxBackoff; with no cap it is set to the last \
                 retry's value ({}), so it never shortens a delay.",
                format_duration(max, Lang::En)
            ),
            format!(
                "Hizmet yapılandırması maxBackoff ister; üst sınır olmadığında son yeniden \
                 denemenin değeri ({}) verilir, böylece hiçbir gecikmeyi kısaltmaz.",
                format_duration(max, Lang::Tr)
            ),
        ));
    }
    notes.push(Note::new(
        "Retries need grpc.enable_retries (on by default); only retryableStatusCodes are \
         retried, a server's grpc-retry-pushback-ms replaces the delay and restarts the growth, \
         and retryThrottling, if configured, can stop retries.",
        "Yeniden denemeler grpc.enable_retries ister (varsayılan olarak açık); yalnızca \
         retryableStatusCodes yeniden denenir, sunucunun grpc-retry-pushback-ms değeri \
         gecikmenin yerine geçer ve büyümeyi baştan başlatır; yapılandırılmışsa \
         retryThrottling yeniden denemeleri durdurabilir.",
    ));

    let (initial_s, max_s) = (grpc_duration(initial * 1e6), grpc_duration(max * 1e6));
    let code = format!(
        "import json\n\
         \n\
         import grpc\n\
         \n\
         service_config = json.dumps({{\n    \
         \"methodConfig\": [{{\n        \
         \"name\": [{{\"service\": \"example.Service\"}}],\n        \
         \"retryPolicy\": {{\n            \
         \"maxAttempts\": {max_attempts},\n            \
         \"initialBackoff\": \"{initial_s}\",\n            \
         \"maxBackoff\": \"{max_s}\",\n            \
         \"backoffMultiplier\": {},\n            \
         \"retryableStatusCodes\": [\"UNAVAILABLE\"],\n        \
         }},\n    \
         }}],\n\
         }})\n\
         channel = grpc.insecure_channel(\n    \
         \"localhost:50051\",\n    \
         options=[(\"grpc.service_config\", service_config)],\n\
         )\n",
        num(input.factor)
    );
    Plan {
        config: super::grpc::retry_policy(max_attempts, &initial_s, &max_s, input.factor),
        notes,
        snippet: Snippet {
            language: "python",
            code,
        },
        formula: Box::new(GrpcCore { cur }),
        unit_ms: 1.0,
    }
}
