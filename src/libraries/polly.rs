//! .NET Polly v8 retry with `BackoffType = Exponential` and `UseJitter = true`
//! (`RetryHelper.DecorrelatedJitterBackoffV2`); transcribed, not run: there is no .NET here.
//!
//! ```text
//! double t = attempt + randomizer();
//! double next = Math.Pow(ExponentialFactor, t) * Math.Tanh(Math.Sqrt(PFactor * t));
//! double formulaIntrinsicValue = next - prev;
//! prev = next;
//! long ticks = (long)Math.Min(formulaIntrinsicValue * RpScalingFactor * targetTicksFirstDelay, MaxTimeSpanTicks);
//! // then: if (delay > maxDelay) return maxDelay;
//! ```
//!
//! `attempt` is 0-based (SPEC §6's table wrote `t = n + U` for a 1-based n: one too many), the
//! state `prev` starts at 0, ExponentialFactor = 2 and PFactor = 4 are fixed, RpScalingFactor is
//! 1/1.4. With f(t) = 2ᵗ·tanh(√(4t)), retry n waits (f(n − 1 + uₙ) − f(n − 2 + uₙ₋₁))/1.4 × Delay,
//! in whole ticks, then at most MaxDelay: retry 1 between 0 and f(1)/1.4 ≈ 1.38 × Delay, retry
//! n ≥ 2 between 0 and (f(n) − f(n − 2))/1.4 × Delay. Two draws shape each delay, so the mean
//! is estimated. `2ᵗ` and `tanh` are [`super::math`]'s, which the browser repeats bit for bit.

use serde_json::json;

use super::math::{exp2, tanh};
use super::snippet::timespan;
use super::{Dist, Formula, Input, Note, Plan, Snippet};

/// The Polly release the formula was read from.
pub const VERSION: &str = "8.7.0";
/// `RetryHelper.cs` at that tag.
pub const SOURCE: &str =
    "https://github.com/App-vNext/Polly/blob/8.7.0/src/Polly.Core/Retry/RetryHelper.cs";

/// `1 / 1.4d`.
const RP_SCALING: f64 = 1.0 / 1.4;
/// `(double)TimeSpan.MaxValue.Ticks - 1_000` (rounds to 2⁶³).
const MAX_TICKS: f64 = 9_223_372_036_854_775_808.0;

/// 2ᵗ·tanh(√(4t)).
fn curve(t: f64) -> f64 {
    exp2(t) * tanh((4.0 * t).sqrt())
}

struct Polly {
    retries: usize,
    /// Delay, ticks.
    base: f64,
    /// MaxDelay, ticks (∞ for none).
    max: f64,
}

impl Polly {
    fn ticks(&self, intrinsic: f64) -> f64 {
        (intrinsic * RP_SCALING * self.base)
            .min(MAX_TICKS)
            .trunc()
            .min(self.max)
    }
}

impl Formula for Polly {
    fn retries(&self) -> usize {
        self.retries
    }
    fn delays(&self, units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        let mut prev = 0.0;
        for (attempt, &u) in units.iter().enumerate() {
            let next = curve(attempt as f64 + u);
            out.push(self.ticks(next - prev) / 1e4);
            prev = next;
        }
    }
    fn range(&self, k: usize) -> (f64, f64) {
        let n = k as f64;
        let low = if k == 0 { 0.0 } else { curve(n - 1.0) };
        (0.0, self.ticks(curve(n + 1.0) - low) / 1e4)
    }
    fn mean(&self, _: usize) -> Option<f64> {
        None
    }
    fn dist(&self, _: usize) -> Option<Dist> {
        None
    }
}

pub(super) fn plan(input: &Input) -> Plan {
    let base = (input.base_ms * 1e4).round();
    let max = input.cap_ms.map(|c| (c * 1e4).round());
    let formula = Polly {
        retries: input.attempts,
        base,
        max: max.unwrap_or(f64::INFINITY),
    };
    let factor_en = if input.factor == 2.0 {
        "as is your factor".to_string()
    } else {
        format!(
            "your factor, {}, is not used",
            super::snippet::num(input.factor)
        )
    };
    let factor_tr = if input.factor == 2.0 {
        "sizin çarpanınız da 2".to_string()
    } else {
        format!(
            "sizin çarpanınız, {}, kullanılmaz",
            crate::i18n::format_number(input.factor, 6, crate::i18n::Lang::Tr)
        )
    };
    let mut notes = vec![
        Note::new(
            format!(
                "With UseJitter, Exponential becomes Polly's decorrelated jitter \
                 (DecorrelatedJitterBackoffV2): the growth is fixed at 2 per retry ({factor_en})."
            ),
            format!(
                "UseJitter ile Exponential, Polly'nin ilintisiz sapmasına \
                 (DecorrelatedJitterBackoffV2) dönüşür: büyüme her yeniden denemede 2'ye \
                 sabittir ({factor_tr})."
            ),
        ),
        Note::new(
            "Each delay is the step between two random points of a smooth curve: retry 1 waits \
             between 0 and 1.38 × Delay, later retries between 0 and about 3 × their median, \
             and none has a floor, so any retry may come almost at once.",
            "Her gecikme düzgün bir eğrinin iki rastgele noktası arasındaki adımdır: 1. yeniden \
             deneme 0 ile 1,38 × Delay arasında, sonrakiler 0 ile medyanlarının yaklaşık 3 katı \
             arasında bekler; hiçbirinin alt sınırı yoktur, her yeniden deneme neredeyse hemen \
             gelebilir.",
        ),
    ];
    if input.cap_ms.is_some() {
        notes.push(Note::new(
            "MaxDelay cuts a delay after the jitter, so no delay exceeds it.",
            "MaxDelay gecikmeyi sapmadan sonra keser; hiçbir gecikme onu aşmaz.",
        ));
    }
    notes.push(Note::new(
        "Delays are whole ticks (100 ns). Not run here (no .NET): transcribed from RetryHelper.cs.",
        "Gecikmeler tam tick'tir (100 ns). Burada çalıştırılmadı (.NET yok): RetryHelper.cs'ten \
         aktarıldı.",
    ));
    let mut lines = format!(
        "        BackoffType = DelayBackoffType.Exponential,\n        UseJitter = true,\n        \
         Delay = {},\n",
        timespan(base)
    );
    let mut config = vec![
        ("BackoffType", json!("DelayBackoffType.Exponential")),
        ("UseJitter", json!(true)),
        ("Delay", json!(timespan(base))),
    ];
    if let Some(max) = max {
        lines.push_str(&format!("        MaxDelay = {},\n", timespan(max)));
        config.push(("MaxDelay", json!(timespan(max))));
    }
    config.push(("MaxRetryAttempts", json!(input.attempts)));
    let code = format!(
        "using Polly;\n\
         using Polly.Retry;\n\
         \n\
         var pipeline = new ResiliencePipelineBuilder()\n    \
         .AddRetry(new RetryStrategyOptions\n    \
         {{\n\
         {lines}        \
         MaxRetryAttempts = {},\n    \
         }})\n    \
         .Build();\n",
        input.attempts
    );
    Plan {
        config,
        notes,
        snippet: Snippet {
            language: "csharp",
            code,
        },
        formula: Box::new(formula),
        unit_ms: 1e-4,
    }
}
