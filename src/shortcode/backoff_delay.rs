//! `backoff_delay(base, factor, cap, attempt)` — inline: the nominal delay of one attempt,
//! `min(cap, base × factorⁿ⁻¹)`, localized ("≈ 3,4 dk" / "≈ 3.4 min").

use super::common::{params, value_expansion, BASE, CAP, FACTOR};
use super::{ArgError, ArgKind, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::nominal_delay;

/// The `backoff_delay` shortcode.
pub struct BackoffDelay;

static ARGS: [ArgSpec; 4] = [
    BASE,
    FACTOR,
    CAP,
    ArgSpec::required("attempt", ArgKind::Integer, "which attempt's delay (1–100)"),
];

impl Shortcode for BackoffDelay {
    fn name(&self) -> &str {
        "backoff_delay"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "One attempt's nominal delay, as a localized duration."
    }
    fn placement(&self) -> Placement {
        Placement::Both
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params(args, "attempt")?;
        let ms = nominal_delay(&p, p.attempts())
            .map(|d| d.as_ms())
            .ok_or_else(|| ArgError::new("attempt", "`attempt` must be at least 1"))?;
        Ok(value_expansion(ms, ctx))
    }
}
