//! The fleet under load's arguments (SPEC §8, §9), shared by `backoff_recovery` and the
//! calculator's "Will it come back?" section: the service, the fleet, the queue, the budgets and
//! each budget's settings, the trigger with its parameter; and the validated
//! [`Inputs`] they make, a bad value named at its argument.

use std::borrow::Cow;

use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args};
use crate::backoff::Delay;
use crate::recovery::{
    defaults, Breaker, BreakerSettings, Budget, Inputs, SettingKind, Settings, Trigger,
    BREAKER_SETTINGS, DEFAULT_DEGRADED, DEFAULT_SURGE, SETTINGS,
};

/// What `trigger` may be.
const TRIGGERS: [Cow<'static, str>; 3] = [
    Cow::Borrowed("outage"),
    Cow::Borrowed("slowdown"),
    Cow::Borrowed("surge"),
];

/// The trigger's arguments (the calculator declares them too).
pub const TRIGGER: ArgSpec = ArgSpec::optional(
    "trigger",
    ArgKind::Choice(Cow::Borrowed(&TRIGGERS)),
    ArgValue::Str(Cow::Borrowed("outage")),
    "what happens for `outage` from t = 0: the service is down (outage), keeps `degraded` of its \
     capacity (slowdown) or meets `surge` times the demand (surge)",
);
/// `degraded`.
pub const DEGRADED: ArgSpec = ArgSpec::optional(
    "degraded",
    ArgKind::Number,
    ArgValue::Absent,
    "a slowdown's share of capacity left, `0.5` or `50%` (above 0, at most 1; 0.5 when not \
     given)",
);
/// `surge`.
pub const SURGE: ArgSpec = ArgSpec::optional(
    "surge",
    ArgKind::Number,
    ArgValue::Absent,
    "a surge's multiple of the demand (1 to 100; 3 when not given)",
);

/// The service's and the fleet's arguments (the calculator declares them too).
pub const DEMAND: ArgSpec = ArgSpec::optional(
    "demand",
    ArgKind::Number,
    ArgValue::Number(defaults::DEMAND),
    "new requests per second from the whole fleet",
);
/// `capacity`.
pub const CAPACITY: ArgSpec = ArgSpec::optional(
    "capacity",
    ArgKind::Number,
    ArgValue::Number(defaults::CAPACITY),
    "calls per second the service completes",
);
/// `horizon`.
pub const HORIZON: ArgSpec = ArgSpec::optional(
    "horizon",
    ArgKind::Duration,
    ArgValue::Duration(Delay::from_ms_const(defaults::HORIZON_MS)),
    "how long after the outage to simulate (10s to 1h)",
);
/// `queue`.
pub const QUEUE: ArgSpec = ArgSpec::optional(
    "queue",
    ArgKind::IntegerOrNone,
    ArgValue::IntegerOrNone(None),
    "the most calls waiting at the service, or none",
);
/// `shed`.
pub const SHED: ArgSpec = ArgSpec::optional(
    "shed",
    ArgKind::Bool,
    ArgValue::Bool(false),
    "the server skips calls that can no longer finish within their client's timeout",
);
/// `budget`.
pub const BUDGET: ArgSpec = ArgSpec::optional(
    "budget",
    ArgKind::Budgets,
    ArgValue::Budgets(Cow::Borrowed(&Budget::ALL)),
    "retry budgets to compare: all, one, or a list",
);

/// `breaker`.
pub const BREAKER: ArgSpec = ArgSpec::optional(
    "breaker",
    ArgKind::Breakers,
    ArgValue::Breakers(Cow::Borrowed(&[Breaker::None])),
    "circuit breakers to compare, with budget none: all, one, or a list (none compares the \
     budgets)",
);

/// One argument per budget setting and per breaker setting, with the library's default.
pub fn setting_args() -> impl Iterator<Item = ArgSpec> {
    let budgets = SETTINGS.iter().map(|s| (s.name, s.kind, s.default, s.doc));
    let breakers = BREAKER_SETTINGS
        .iter()
        .map(|s| (s.name, s.kind, s.default, s.doc));
    budgets
        .chain(breakers)
        .map(|(name, kind, default, doc)| ArgSpec {
            name: Cow::Borrowed(name),
            kind: setting_kind(kind),
            default: Some(setting_default(kind, default)),
            doc: Cow::Borrowed(doc),
        })
}

/// The breakers `breaker` names besides none (empty when it names none alone or is not
/// declared): with any, the runs compared are the breakers'.
pub fn breakers(args: &Args) -> Vec<Breaker> {
    match args.value("breaker") {
        Some(ArgValue::Breakers(b)) if b.iter().any(|&b| b != Breaker::None) => b.to_vec(),
        _ => Vec::new(),
    }
}

/// A setting's argument kind.
fn setting_kind(kind: SettingKind) -> ArgKind {
    match kind {
        SettingKind::Seconds | SettingKind::Duration => ArgKind::Duration,
        SettingKind::Whole => ArgKind::Integer,
        SettingKind::Number => ArgKind::Number,
    }
}

/// A setting's default (a number, or ms for a duration) as its argument's value.
fn setting_default(kind: SettingKind, default: f64) -> ArgValue {
    match kind {
        SettingKind::Seconds | SettingKind::Duration => {
            ArgValue::Duration(Delay::from_ms_const(default))
        }
        SettingKind::Whole => ArgValue::Integer(default as u64),
        SettingKind::Number => ArgValue::Number(default),
    }
}

/// A setting's given value: a number, or ms for a duration.
fn setting_value(args: &Args, name: &str, kind: SettingKind) -> Result<f64, ArgError> {
    Ok(match kind {
        SettingKind::Seconds | SettingKind::Duration => args.duration(name)?.as_ms(),
        SettingKind::Whole => args.integer(name)? as f64,
        SettingKind::Number => args.number(name)?,
    })
}

/// The validated inputs of the load's arguments; a bad value names its argument. `timeout` and
/// `outage` are the arguments so named (the calculator passes its own names).
pub fn inputs(
    args: &Args,
    timeout: &str,
    outage: &str,
    budgets: Vec<Budget>,
) -> Result<Inputs, ArgError> {
    let mut settings = Settings::default();
    // The calculator does not declare the settings: the libraries' defaults then.
    for spec in SETTINGS.iter().filter(|s| args.value(s.name).is_some()) {
        let value = setting_value(args, spec.name, spec.kind)?;
        settings
            .set(spec.name, value)
            .map_err(|e| ArgError::new(spec.name, e.to_string()))?;
    }
    let mut breaker_settings = BreakerSettings::default();
    for spec in BREAKER_SETTINGS
        .iter()
        .filter(|s| args.value(s.name).is_some())
    {
        let value = setting_value(args, spec.name, spec.kind)?;
        breaker_settings
            .set(spec.name, value)
            .map_err(|e| ArgError::new(spec.name, e.to_string()))?;
    }
    let breakers = breakers(args);
    // Breakers run with budget none: that is the budget unless one was written.
    let budgets = if breakers.is_empty() || args.given("budget") {
        budgets
    } else {
        vec![Budget::None]
    };
    let queue = match args.integer_or_none("queue")? {
        Some(q) => Some(u32::try_from(q).map_err(|_| {
            ArgError::new(
                "queue",
                format!(
                    "`queue` is {q}, but it must be a whole number from 0 to 10000000, or none"
                ),
            )
        })?),
        None => None,
    };
    Inputs::builder()
        .trigger(trigger(args)?)
        .demand(args.number("demand")?)
        .capacity(args.number("capacity")?)
        .timeout(args.duration(timeout)?)
        .outage(args.duration(outage)?)
        .horizon(args.duration("horizon")?)
        .queue(queue)
        .shed(args.bool("shed")?)
        .budgets(budgets)
        .settings(settings)
        .breakers(breakers)
        .breaker_settings(breaker_settings)
        .build()
        .map_err(|e| {
            let arg = match e.param.name() {
                "timeout" => timeout,
                "outage" => outage,
                other => other,
            };
            ArgError::new(arg, e.message(arg))
        })
}

/// The trigger of `trigger`, `degraded` and `surge`; a parameter of another trigger is an
/// error at it.
pub fn trigger(args: &Args) -> Result<Trigger, ArgError> {
    let given = |name| match args.value(name) {
        Some(ArgValue::Number(n)) => Some(*n),
        _ => None,
    };
    let name = args.str("trigger")?;
    let t = Trigger::from_name(
        name,
        given("degraded").unwrap_or(DEFAULT_DEGRADED),
        given("surge").unwrap_or(DEFAULT_SURGE),
    )
    .map_err(|e| ArgError::new("trigger", e.to_string()))?;
    for (arg, kind) in [("degraded", "slowdown"), ("surge", "surge")] {
        if given(arg).is_some() && t.name() != kind {
            return Err(ArgError {
                arg: Some(arg.into()),
                message: format!("`{arg}` is the {kind}'s, but the trigger is {}", t.name()),
                help: Some(format!("add `trigger={kind}`, or leave `{arg}` out")),
            });
        }
    }
    Ok(t)
}
