//! Go hashicorp/go-retryablehttp, `DefaultBackoff` (`client.go`), as Debian packages it
//! (golang-github-hashicorp-go-retryablehttp-dev 0.7.1) and checked with Debian's Go:
//!
//! ```text
//! mult := math.Pow(2, float64(attemptNum)) * float64(min)
//! sleep := time.Duration(mult)
//! if float64(sleep) != mult || sleep > max {
//!     sleep = max
//! }
//! ```
//!
//! `Do` passes `attemptNum` from 0, so retry n waits min(RetryWaitMin·2^(n−1), RetryWaitMax) ns:
//! no jitter at all, the factor fixed at 2. A product that does not fit a `Duration` becomes
//! `RetryWaitMax`. Without a cap sade gives `RetryWaitMax` the last retry's value (at most the
//! longest `Duration`), so that it never binds. `RetryMax` counts retries.
//!
//! The package's other backoff, `LinearJitterBackoff`, is described in the notes, not modelled:
//! (min + U·(max − min))·n, linear in n, from a generator seeded with the clock's nanoseconds.

use serde_json::json;

use super::shared::{fixed, fixed_factor};
use super::snippet::go_duration;
use super::{to_ns, Input, Note, Plan, Snippet};
use crate::i18n::{format_duration, Lang};

/// The go-retryablehttp release Debian packages.
pub const VERSION: &str = "0.7.1";
/// `client.go` at that tag.
pub const SOURCE: &str = "https://github.com/hashicorp/go-retryablehttp/blob/v0.7.1/client.go";

/// 2⁶³ ns: no `time.Duration` reaches it.
const DURATION_END: f64 = 9_223_372_036_854_775_808.0;
/// The longest `time.Duration` a float64 holds below 2⁶³, ns.
const DURATION_MAX: f64 = 9_223_372_036_854_774_784.0;

pub(super) fn plan(input: &Input) -> Plan {
    let min = to_ns(input.base_ms);
    let raw = super::growth(min, 2.0, None, input.attempts);
    let max = match input.cap_ms {
        Some(cap) => to_ns(cap),
        None => raw.last().copied().unwrap_or(min).min(DURATION_MAX),
    };
    let waits: Vec<f64> = raw
        .iter()
        .map(|&m| if m >= DURATION_END || m > max { max } else { m } / 1e6)
        .collect();
    let config = vec![
        ("RetryWaitMin", json!(go_duration(min))),
        ("RetryWaitMax", json!(go_duration(max))),
        ("RetryMax", json!(input.attempts)),
        ("Backoff", json!("retryablehttp.DefaultBackoff")),
    ];
    let mut notes = vec![Note::new(
        "DefaultBackoff has no jitter: every client that failed together retries together.",
        "DefaultBackoff'ta sapma yoktur: birlikte hata alan istemciler birlikte yeniden dener.",
    )];
    notes.extend(fixed_factor(input.factor));
    if input.cap_ms.is_none() {
        notes.push(Note::new(
            format!(
                "RetryWaitMax is 30 s unless set; with no cap it is set to the last retry's \
                 value ({}), so it never shortens a wait.",
                format_duration(max / 1e6, Lang::En)
            ),
            format!(
                "RetryWaitMax verilmezse 30 sn'dir; üst sınır olmadığında son yeniden denemenin \
                 değeri ({}) verilir, böylece hiçbir beklemeyi kısaltmaz.",
                format_duration(max / 1e6, Lang::Tr)
            ),
        ));
    }
    notes.push(Note::new(
        "LinearJitterBackoff, the package's other backoff, grows linearly, not exponentially: \
         retry n waits n × a random time between RetryWaitMin and RetryWaitMax, drawn from a \
         generator seeded with the clock's nanoseconds at each call.",
        "Paketin diğer beklemesi LinearJitterBackoff üstel değil doğrusal büyür: n. yeniden \
         deneme n × (RetryWaitMin ile RetryWaitMax arası rastgele bir süre) bekler; sayı, her \
         çağrıda saatin nanosaniyeleriyle tohumlanan bir üreteçten çekilir.",
    ));
    notes.push(Note::new(
        "A Retry-After header on a 429 or 503 response, in whole seconds, replaces the wait, \
         even past RetryWaitMax.",
        "429 ya da 503 yanıtındaki Retry-After başlığı (tam saniye) beklemenin yerine geçer, \
         RetryWaitMax'ı aşsa bile.",
    ));
    let code = format!(
        "client := retryablehttp.NewClient()\n\
         client.RetryWaitMin = {}\n\
         client.RetryWaitMax = {}\n\
         client.RetryMax = {}\n\
         client.Backoff = retryablehttp.DefaultBackoff\n\
         \n\
         resp, err := client.Get(\"https://example.com/\")\n",
        go_duration(min),
        go_duration(max),
        input.attempts
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "go",
            code,
        },
        formula: fixed(waits),
        unit_ms: 1.0,
    }
}
