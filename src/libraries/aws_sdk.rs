//! The AWS SDKs' standard retry mode, as botocore implements it in
//! `ExponentialBackoff.delay_amount` (`botocore/retries/standard.py`), checked against the
//! installed package:
//!
//! ```text
//! t_i = self._random() * min(
//!     self._get_base_scale(context) * (self._base ** (context.attempt_number - 1)),
//!     self._max_backoff,
//! )
//! ```
//!
//! `attempt_number` is the 1-based number of the call that failed, so retry n waits
//! U(0, min(s·2^(n−1), 20 s)) with s = 50 ms for ordinary errors (1 s for throttling errors,
//! 25 ms for DynamoDB). Base, factor and cap are fixed; `total_max_attempts` is the one setting.
//! Each retry takes 14 tokens (5 for throttling errors) from the client's quota of 500, given
//! back only on success: a fresh client retries ordinary errors at most 35 times in a row.
//!
//! Where SPEC §6's table was imprecise: the 50 ms scale is the default only from botocore 1.44;
//! from 1.43.3 it sat behind the `AWS_NEW_RETRIES_2026` variable, and without it standard mode
//! used 1 s for every error (legacy mode, the old default, is another formula).

use serde_json::json;

use super::{FullJitter, Input, Note, Plan, Snippet};

/// The botocore release checked.
pub const VERSION: &str = "1.44.8";
/// `botocore/retries/standard.py` at that tag.
pub const SOURCE: &str =
    "https://github.com/boto/botocore/blob/1.44.8/botocore/retries/standard.py";

/// Scale of ordinary (non-throttling) errors, ms.
const SCALE_MS: f64 = 50.0;
/// `_MAX_BACKOFF`, ms.
const MAX_MS: f64 = 20_000.0;
/// Ordinary-error retries one fresh client's quota allows: ⌊500 / 14⌋.
const QUOTA_RETRIES: usize = 35;

pub(super) fn plan(input: &Input) -> Plan {
    let retries = input.attempts.min(QUOTA_RETRIES);
    let top = super::growth(SCALE_MS, 2.0, Some(MAX_MS), retries);
    let total = retries + 1;
    let mut notes = vec![
        Note::new(
            "The AWS SDKs fix the backoff: retry n waits a random time between 0 and \
             min(50 ms × 2^(n−1), 20 s) for ordinary errors (1 s × 2^(n−1) for throttling errors, \
             25 ms × 2^(n−1) for DynamoDB). Your base, factor and cap are not used; the number of \
             attempts is the only setting.",
            "AWS SDK'ları backoff'u sabitler: n. yeniden deneme, sıradan hatalarda 0 ile \
             min(50 ms × 2^(n−1), 20 sn) arasında rastgele bekler (kısıtlama hatalarında \
             1 sn × 2^(n−1), DynamoDB'de 25 ms × 2^(n−1)). İlk bekleme, çarpan ve üst sınır \
             kullanılmaz; tek ayar deneme sayısıdır.",
        ),
        Note::new(
            "botocore made this the default in 1.44. From 1.43.3 it was opt-in \
             (AWS_NEW_RETRIES_2026=true); without it, standard mode waited up to 1 s × 2^(n−1) \
             for every error, and the default mode was legacy.",
            "botocore bunu 1.44'te varsayılan yaptı. 1.43.3'ten beri isteğe bağlıydı \
             (AWS_NEW_RETRIES_2026=true); o olmadan standard kip her hatada 1 sn × 2^(n−1)'e \
             kadar beklerdi ve varsayılan kip legacy idi.",
        ),
    ];
    if input.attempts > QUOTA_RETRIES {
        notes.push(Note::new(
            format!(
                "Each retry takes 14 tokens from the client's retry quota of 500 (5 for \
                 throttling errors), given back only on success: a fresh client retries ordinary \
                 errors at most 35 times in a row. {}",
                super::not_made_en(QUOTA_RETRIES + 1, input.attempts)
            ),
            format!(
                "Her yeniden deneme istemcinin 500 jetonluk kotasından 14 jeton alır \
                 (kısıtlama hatalarında 5) ve jetonlar yalnızca başarıda geri gelir: yeni bir \
                 istemci sıradan hataları art arda en fazla 35 kez dener. {}",
                super::not_made_tr(QUOTA_RETRIES + 1, input.attempts)
            ),
        ));
    } else {
        notes.push(Note::new(
            "Each retry takes 14 tokens from the client's retry quota of 500 (5 for throttling \
             errors), given back only on success: a client whose calls keep failing stops \
             retrying after 35 retries in all.",
            "Her yeniden deneme istemcinin 500 jetonluk kotasından 14 jeton alır (kısıtlama \
             hatalarında 5) ve jetonlar yalnızca başarıda geri gelir: çağrıları hep başarısız \
             olan bir istemci toplam 35 yeniden denemeden sonra durur.",
        ));
    }
    notes.push(Note::new(
        "An x-amz-retry-after response header can lengthen a delay by up to 5 s.",
        "Yanıttaki x-amz-retry-after başlığı bir gecikmeyi 5 sn'ye kadar uzatabilir.",
    ));
    let code = format!(
        "import botocore.session\n\
         from botocore.config import Config\n\
         \n\
         # The same Config works for boto3.client(\"s3\", config=config).\n\
         config = Config(retries={{\"mode\": \"standard\", \"total_max_attempts\": {total}}})\n\
         client = botocore.session.get_session().create_client(\"s3\", config=config)\n"
    );
    Plan {
        config: vec![
            ("mode", json!("standard")),
            ("total_max_attempts", json!(total)),
        ],
        notes,
        snippet: Snippet {
            language: "python",
            code,
        },
        formula: Box::new(FullJitter { top }),
        unit_ms: 1.0,
    }
}
