//! `backoff_delay(base, factor, cap, attempt)` — inline: the nominal delay of one attempt,
//! `min(cap, base × factorⁿ⁻¹)`, localized ("≈ 3,4 dk" / "≈ 3.4 min").

use super::common::{data_ms, params, SCHEDULE_ARGS};
use super::{ArgError, ArgKind, ArgSpec, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::nominal_delay;
use crate::i18n::format_duration;

/// The `backoff_delay` shortcode.
pub struct BackoffDelay;

const ARGS: [ArgSpec; 4] = [
    SCHEDULE_ARGS[0],
    SCHEDULE_ARGS[1],
    SCHEDULE_ARGS[2],
    ArgSpec::required("attempt", ArgKind::Integer, "which attempt's delay (1–100)"),
];

impl Shortcode for BackoffDelay {
    fn name(&self) -> &str {
        "backoff_delay"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn placement(&self) -> Placement {
        Placement::Both
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params(args, "attempt")?;
        let ms = nominal_delay(&p, p.attempts())
            .map(|d| d.as_ms())
            .ok_or_else(|| ArgError::new("attempt", "`attempt` must be at least 1"))?;
        let html = data_ms(ms, ctx.lang);
        let markdown = format_duration(ms, ctx.lang);
        Ok(if ctx.block {
            Expansion {
                html: format!("<p>{html}</p>\n"),
                markdown,
            }
        } else {
            Expansion { html, markdown }
        })
    }
}
