//! The calculator's "Will it come back?" section (SPEC §8): with `demand`, the calculator's form
//! gains a fieldset for the fleet under load (demand, capacity, the clients' timeout, the
//! outage, the time after it, the queue, shedding, the budgets and one strategy), and its
//! results a section with the load chart of every budget and their table, computed at build
//! time for the arguments. `static/js/calculator.js` recomputes it in a worker
//! (`/js/recovery-worker.js`, the engine `static/js/recovery.js`) when a field changes and keeps
//! the fields in the URL under these names.
//!
//! The section's timeout and outage are its own (`recovery-timeout`, `recovery-outage`): the odds'
//! `timeout` is how long a failing call takes and its `outage` is optional, while a fleet under
//! load always has both.

use std::borrow::Cow;

use super::backoff_recovery::chart_html;
use super::recovery_args::{
    inputs, trigger, BUDGET, CAPACITY, DEGRADED, HORIZON, QUEUE, SHED, SURGE, TRIGGER,
};
use super::recovery_chart::Measure;
use super::recovery_frontier;
use super::recovery_table::table;
use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args};
use crate::backoff::{Delay, Params, Strategy};
use crate::html::push_escaped;
use crate::i18n::{strategy_label, Lang};
use crate::recovery::render::{budget_label, trigger_words};
use crate::recovery::{defaults, Budget, Recovery, Trigger, DEFAULT_DEGRADED, DEFAULT_SURGE};

/// The strategies the section can simulate.
const STRATEGIES: [Cow<'static, str>; 4] = [
    Cow::Borrowed("none"),
    Cow::Borrowed("full"),
    Cow::Borrowed("equal"),
    Cow::Borrowed("decorrelated"),
];

/// The calculator's arguments of the section.
pub fn args() -> [ArgSpec; 12] {
    [
        ArgSpec::optional(
            "demand",
            ArgKind::Number,
            ArgValue::Absent,
            "new requests per second from the whole fleet; shows the \"Will it come back?\" \
             section",
        ),
        CAPACITY,
        ArgSpec::optional(
            "recovery-timeout",
            ArgKind::Duration,
            ArgValue::Duration(Delay::from_ms_const(defaults::TIMEOUT_MS)),
            "the section's client timeout",
        ),
        ArgSpec::optional(
            "recovery-outage",
            ArgKind::Duration,
            ArgValue::Duration(Delay::from_ms_const(defaults::OUTAGE_MS)),
            "the section's outage",
        ),
        HORIZON,
        QUEUE,
        SHED,
        BUDGET,
        ArgSpec::optional(
            "recovery-jitter",
            ArgKind::Choice(Cow::Borrowed(&STRATEGIES)),
            ArgValue::Str(Cow::Borrowed("full")),
            "the strategy the section simulates",
        ),
        TRIGGER,
        DEGRADED,
        SURGE,
    ]
}

/// What the section computed: the runs, the frontier with its map, and what else would bring
/// the first budget back.
pub struct Load {
    /// Every budget's run.
    pub recovery: std::sync::Arc<Recovery>,
    /// The section's schedule (one strategy).
    pub params: Params,
    /// Every budget's frontier, with the map.
    pub frontiers: crate::recovery::Frontiers,
    /// The advice's alternatives.
    pub alternatives: crate::recovery::frontier::Alternatives,
}

/// The section's simulation for the arguments, if `demand` is given.
pub fn compute(
    args: &Args,
    params: &Params,
    cache: &super::common::RecoveryCache,
    frontiers: &super::common::FrontierCache,
    ctx: &super::Context,
) -> Result<Option<Load>, ArgError> {
    if !matches!(args.value("demand"), Some(ArgValue::Number(_))) {
        return Ok(None);
    }
    let strategy = Strategy::from_name(args.str("recovery-jitter")?).expect("a choice");
    let p = Params::builder(params.base())
        .factor(params.factor())
        .cap(params.cap())
        .attempts(params.attempts())
        .strategies(vec![strategy])
        .seed(params.seed())
        .clients(params.clients())
        .build()
        .map_err(|e| ArgError::new(e.param.name(), e.to_string()))?;
    let i = inputs(
        args,
        "recovery-timeout",
        "recovery-outage",
        args.budgets("budget")?.to_vec(),
    )?;
    crate::recovery::Frontiers::check(&i)
        .map_err(|e| ArgError::new("demand", e.message("demand")))?;
    let recovery = cache.get(&p, &i, ctx.kept, ctx.timings);
    let alternatives =
        frontiers.alternatives(&p, &i, strategy, i.budgets()[0], ctx.kept, ctx.timings);
    let frontiers = frontiers.get(&p, &i, true, &recovery, ctx.kept, ctx.timings);
    Ok(Some(Load {
        recovery,
        params: p,
        frontiers,
        alternatives,
    }))
}

/// The fieldset of the form, filled with the arguments.
pub fn fieldset(out: &mut String, args: &Args, lang: Lang) -> Result<(), ArgError> {
    let w = &lang.words().recovery;
    let number = |name: &str| -> Result<String, ArgError> {
        Ok(match args.value(name) {
            Some(ArgValue::Number(n)) => {
                let mut s = String::new();
                crate::html::push_float(&mut s, *n);
                s
            }
            _ => String::new(),
        })
    };
    let demand = number("demand")?;
    let capacity = number("capacity")?;
    let timeout = args.duration("recovery-timeout")?.to_string();
    let outage = args.duration("recovery-outage")?.to_string();
    let horizon = args.duration("horizon")?.to_string();
    let queue = args
        .integer_or_none("queue")?
        .map_or("none".to_string(), |q| q.to_string());
    let t = trigger(args)?;
    // A share as a percentage when it is a whole one (`50%`), else as the ratio given.
    let share = |f: f64| {
        let percent = f * 100.0;
        let mut text = String::new();
        if percent.fract() == 0.0 {
            crate::html::push_float(&mut text, percent);
            text.push('%');
        } else {
            crate::html::push_float(&mut text, f);
        }
        text
    };
    let degraded = share(match t {
        Trigger::Slowdown { degraded } => degraded,
        _ => DEFAULT_DEGRADED,
    });
    let mut surge = String::new();
    crate::html::push_float(
        &mut surge,
        match t {
            Trigger::Surge { surge } => surge,
            _ => DEFAULT_SURGE,
        },
    );
    out.push_str("<fieldset class=\"load\">\n<legend>");
    push_escaped(out, w.legend);
    out.push_str("</legend>\n<div class=\"fields\">\n");
    let rate = "type=\"text\" inputmode=\"decimal\" autocomplete=\"off\"";
    let duration = "type=\"text\" inputmode=\"decimal\" autocomplete=\"off\" spellcheck=\"false\"";
    let f = &lang.words().form;
    let field = |out: &mut String, name, label, value: &String, attributes, hint| {
        super::backoff_calculator::Field {
            name,
            label,
            value,
            attributes,
            hint,
        }
        .push(out);
    };
    field(out, "demand", w.demand, &demand, rate, Some(w.hint_rate));
    field(
        out,
        "capacity",
        w.capacity,
        &capacity,
        rate,
        Some(w.hint_capacity),
    );
    field(
        out,
        "recovery-timeout",
        w.timeout,
        &timeout,
        duration,
        Some(f.hint_duration),
    );
    // The trigger, its parameter, its length (labelled by its name: "Outage", "Slowdown").
    let triggers: Vec<(&str, &str)> = Trigger::NAMES
        .iter()
        .map(|&name| {
            let kind = Trigger::with_default(name).expect("a trigger's name");
            (name, trigger_words(kind, lang).label)
        })
        .collect();
    super::backoff_calculator::select(out, "trigger", w.trigger, &triggers, t.name());
    // The parameter of the trigger chosen shows; the script shows the other one's when the
    // reader picks its trigger.
    for (name, label, value, hint, kind) in [
        (
            "degraded",
            w.degraded,
            &degraded,
            w.hint_degraded,
            "slowdown",
        ),
        ("surge", w.surge, &surge, w.hint_surge, "surge"),
    ] {
        let mut one = String::new();
        field(&mut one, name, label, value, rate, Some(hint));
        if t.name() != kind {
            one = one.replacen("<div class=", "<div hidden class=", 1);
        }
        out.push_str(&one);
    }
    let length = trigger_words(t, lang).label;
    field(
        out,
        "recovery-outage",
        length,
        &outage,
        duration,
        Some(f.hint_outage),
    );
    field(out, "horizon", w.horizon, &horizon, duration, None);
    field(out, "queue", w.queue, &queue, rate, Some(w.hint_queue));
    let jitter = args.str("recovery-jitter")?;
    let strategies: Vec<(&str, &str)> = Strategy::ALL
        .iter()
        .map(|&s| (s.name(), strategy_label(s)))
        .collect();
    super::backoff_calculator::select(out, "recovery-jitter", w.strategy, &strategies, jitter);
    let budgets = args.budgets("budget")?;
    let chosen = match budgets {
        b if b == Budget::ALL => "all".to_string(),
        [one] => one.name().to_string(),
        many => many.iter().map(|b| b.name()).collect::<Vec<_>>().join(","),
    };
    let mut options: Vec<(String, &str)> = vec![("all".into(), lang.words().form.all)];
    options.extend(Budget::ALL.map(|b| (b.name().to_string(), budget_label(b, lang))));
    let options: Vec<(&str, &str)> = options.iter().map(|(v, l)| (v.as_str(), *l)).collect();
    super::backoff_calculator::select(out, "budget", w.budgets_field, &options, &chosen);
    out.push_str(
        "<div class=\"field field-shed\"><label><input type=\"checkbox\" name=\"shed\" \
         value=\"true\" id=\"bc-shed\"",
    );
    if args.bool("shed")? {
        out.push_str(" checked");
    }
    out.push_str("> ");
    push_escaped(out, w.shed_field);
    out.push_str("</label></div>\n</div>\n</fieldset>\n");
    Ok(())
}

/// The section of the results: a heading, the load chart of every budget, their table, then the
/// frontier's part: the advice, the frontier's table and its map. `root` is the site's base
/// path, under which the worker's script is (`data-worker`).
pub fn section(load: &Load, lang: Lang, root: &str) -> (String, String) {
    let (recovery, params) = (&load.recovery, &load.params);
    let w = &lang.words().recovery;
    let strategy = params.strategies()[0];
    let mut html = String::with_capacity(32 * 1024);
    html.push_str(
        "<section class=\"backoff-recovery-results\" aria-labelledby=\"bc-recovery-title\" \
         aria-live=\"polite\" data-worker=\"",
    );
    push_escaped(&mut html, root);
    html.push_str("js/recovery-worker.js\">\n<h2 id=\"bc-recovery-title\">");
    push_escaped(&mut html, w.title);
    html.push_str("</h2>\n<p class=\"computing\" hidden>");
    push_escaped(&mut html, w.computing);
    html.push_str("</p>\n");
    html.push_str("<div class=\"recovery-runs\">\n");
    html.push_str(&chart_html(recovery, params, strategy, Measure::Load, lang));
    let (table_html, table_md) = table(recovery, params, lang);
    html.push_str(&table_html);
    html.push_str("</div>\n");
    let f = &w.frontier;
    html.push_str(
        "<section class=\"frontier\" aria-labelledby=\"bc-frontier-title\">\n<h3 \
         id=\"bc-frontier-title\">",
    );
    push_escaped(&mut html, f.heading);
    html.push_str("</h3>\n<p class=\"advice\">");
    let advice = recovery_frontier::advice(
        recovery,
        &load.frontiers,
        strategy,
        &load.alternatives,
        lang,
    )
    .unwrap_or_default();
    push_escaped(&mut html, &advice);
    html.push_str(
        "</p>\n<p class=\"frontier-progress\" hidden><progress max=\"1\" value=\"0\" \
         aria-labelledby=\"bc-frontier-title\"></progress> <span class=\"status\"></span></p>\n",
    );
    let (frontier_html, frontier_md) =
        recovery_frontier::table(recovery, &load.frontiers, params, lang);
    html.push_str(&frontier_html);
    let (map_html, map_md) = recovery_frontier::map_html(recovery, &load.frontiers, strategy, lang);
    html.push_str(&map_html);
    html.push_str("<p class=\"map-again\" hidden><button type=\"button\">");
    push_escaped(&mut html, f.map_button);
    html.push_str("</button></p>\n</section>\n</section>\n");
    let markdown = format!(
        "## {}\n\n{}\n\n### {}\n\n{advice}\n\n{}\n\n{}",
        w.title,
        table_md.trim_end(),
        f.heading,
        frontier_md.trim_end(),
        map_md.trim_end()
    );
    (html, markdown)
}
