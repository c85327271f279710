//! `backoff_total(base, factor, cap, attempts, jitter, kind)` — inline: one strategy's total wait
//! over all attempts: `worst` (Σ max, default), `best` (Σ min) or `mean`.

use std::borrow::Cow;

use super::common::{params, value_expansion, ATTEMPTS, BASE, CAP, CLIENTS, FACTOR, SEED};
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion, Placement, Shortcode};
use crate::backoff::Strategy;

/// The `backoff_total` shortcode.
pub struct BackoffTotal(pub std::sync::Arc<super::common::Schedules>);

static ARGS: [ArgSpec; 8] = [
    BASE,
    FACTOR,
    CAP,
    ATTEMPTS,
    ArgSpec::optional(
        "jitter",
        ArgKind::Strategies,
        ArgValue::Strategies(Cow::Borrowed(&[Strategy::None])),
        "the strategy whose total to show",
    ),
    SEED,
    CLIENTS,
    ArgSpec::optional(
        "kind",
        ArgKind::Choice(Cow::Borrowed(&[
            Cow::Borrowed("worst"),
            Cow::Borrowed("best"),
            Cow::Borrowed("mean"),
        ])),
        ArgValue::Str(Cow::Borrowed("worst")),
        "which total",
    ),
];

impl Shortcode for BackoffTotal {
    fn name(&self) -> &str {
        "backoff_total"
    }
    fn args(&self) -> &[ArgSpec] {
        &ARGS
    }
    fn summary(&self) -> &str {
        "One strategy's total wait over all attempts: the worst case, the best case or the mean."
    }
    fn placement(&self) -> Placement {
        Placement::Both
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let p = params(args, "attempts")?;
        let [strategy] = p.strategies() else {
            return Err(ArgError::new(
                "jitter",
                "`backoff_total` shows one strategy's total; name exactly one",
            ));
        };
        let strategy = *strategy;
        let schedule = self.0.get(&p, false, ctx.timings);
        let t = schedule.totals(strategy);
        let ms = match args.str("kind")? {
            "best" => t.best,
            "mean" => t.mean,
            _ => t.worst,
        }
        .as_ms();
        Ok(value_expansion(ms, ctx))
    }
}
