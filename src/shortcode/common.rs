//! What the backoff shortcodes share: their argument declarations, turning checked arguments into
//! validated [`Params`], localized `<data>` values, and the schedules they share.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;

use super::{ArgError, ArgKind, ArgSpec, ArgValue, Args, Context, Expansion};
use crate::backoff::{defaults, Param, Params, ParamsKey, Schedule, Strategy};
use crate::html::{push_data, push_escaped};
use crate::i18n::{format_duration, push_duration, Lang};
use crate::odds::{Inputs, InputsKey, Odds};
use crate::recovery::frontier::Alternatives;
use crate::recovery::render::{frontier_from_json, frontier_json, run_from_kept, run_to_kept};
use crate::recovery::{Breaker, Budget, Frontier, Frontiers, Recovery, Run, Shared};
use crate::store::Store;
use crate::timings::{time, Part, Timings};

/// `base`: the first wait.
pub const BASE: ArgSpec = ArgSpec::required("base", ArgKind::Duration, "the first wait");
/// `factor`: growth per attempt.
pub const FACTOR: ArgSpec = ArgSpec::optional(
    "factor",
    ArgKind::Number,
    ArgValue::Number(defaults::FACTOR),
    "growth per attempt (≥ 1)",
);
/// `cap`: upper bound of one wait.
pub const CAP: ArgSpec = ArgSpec::optional(
    "cap",
    ArgKind::DurationOrNone,
    ArgValue::DurationOrNone(None),
    "upper bound of one wait, or none",
);
/// `attempts`: number of waits.
pub const ATTEMPTS: ArgSpec = ArgSpec::optional(
    "attempts",
    ArgKind::Integer,
    ArgValue::Integer(defaults::ATTEMPTS as u64),
    "number of waits (1–100)",
);
/// `jitter`: strategies to compare.
pub const JITTER: ArgSpec = ArgSpec::optional(
    "jitter",
    ArgKind::Strategies,
    ArgValue::Strategies(Cow::Borrowed(&Strategy::ALL)),
    "strategies to compare",
);
/// `seed`: seed of the jitter samples.
pub const SEED: ArgSpec = ArgSpec::optional(
    "seed",
    ArgKind::Integer,
    ArgValue::Integer(defaults::SEED),
    "seed of the jitter samples",
);
/// `clients`: clients in the fleet simulation.
pub const CLIENTS: ArgSpec = ArgSpec::optional(
    "clients",
    ArgKind::Integer,
    ArgValue::Integer(defaults::CLIENTS as u64),
    "clients in the fleet simulation",
);

/// `base`, `factor`, `cap`, `attempts`, `jitter`, `seed`, `clients` — the schedule's arguments.
pub static SCHEDULE_ARGS: [ArgSpec; 7] = [BASE, FACTOR, CAP, ATTEMPTS, JITTER, SEED, CLIENTS];

/// Validated parameters from the schedule arguments a shortcode declares (the others keep their
/// defaults); the number of waits is the argument `attempts_arg`. A bad value names its argument.
pub fn params(args: &Args, attempts_arg: &str) -> Result<Params, ArgError> {
    schedule_params(args, attempts_arg, true)
}

/// [`params`] for shortcodes whose `clients` are not the fleet's (the odds simulate their own
/// requests): the fleet keeps its default.
pub fn params_without_fleet(args: &Args) -> Result<Params, ArgError> {
    schedule_params(args, Param::Attempts.name(), false)
}

fn schedule_params(args: &Args, attempts_arg: &str, fleet: bool) -> Result<Params, ArgError> {
    let name = |param: Param| match param {
        Param::Attempts => attempts_arg,
        other => other.name(),
    };
    let u32_arg = |param: Param| -> Result<Option<u32>, ArgError> {
        let name = name(param);
        if args.value(name).is_none() {
            return Ok(None);
        }
        crate::backoff::count(param, args.integer(name)?)
            .map(Some)
            .map_err(|e| ArgError::new(name, e.message(name)))
    };
    let mut builder = Params::builder(args.duration(name(Param::Base))?)
        .factor(args.number(name(Param::Factor))?)
        .cap(args.duration_or_none(name(Param::Cap))?);
    if let Some(n) = u32_arg(Param::Attempts)? {
        builder = builder.attempts(n);
    }
    if fleet {
        if let Some(n) = u32_arg(Param::Clients)? {
            builder = builder.clients(n);
        }
    }
    if args.value(name(Param::Jitter)).is_some() {
        builder = builder.strategies(args.strategies(name(Param::Jitter))?.to_vec());
    }
    if args.value(name(Param::Seed)).is_some() {
        builder = builder.seed(args.integer(name(Param::Seed))?);
    }
    builder.build().map_err(|e| {
        let arg = name(e.param);
        ArgError {
            arg: Some(arg.to_string()),
            message: e.message(arg),
            help: None,
        }
    })
}

/// `<data value="MS">localized</data>`: the exact milliseconds for machines, words for people.
pub fn data_ms(ms: f64, lang: Lang) -> String {
    let mut out = String::with_capacity(48);
    push_data_ms(&mut out, ms, lang);
    out
}

/// [`data_ms`] appended to `out`.
pub fn push_data_ms(out: &mut String, ms: f64, lang: Lang) {
    push_data(out, ms, |out| push_duration(out, ms, lang));
}

/// A single duration as a shortcode's output: `<data>` inline, in its own `<p>` as a block.
pub fn value_expansion(ms: f64, ctx: &Context) -> Expansion {
    let html = data_ms(ms, ctx.lang);
    Expansion {
        html: if ctx.block {
            format!("<p>{html}</p>\n")
        } else {
            html
        },
        markdown: format_duration(ms, ctx.lang),
        text: None,
    }
}

/// Schedules already computed in this registry's lifetime, shared by the backoff shortcodes: a
/// translation pair, or a page with a calculator, a chart and a table of the same arguments,
/// simulates its fleet once. Bounded: cleared when it holds [`Schedules::LIMIT`] entries.
#[derive(Default)]
pub struct Schedules(Mutex<HashMap<(ParamsKey, bool), Arc<Schedule>>>);

impl Schedules {
    /// Entries kept at most.
    pub const LIMIT: usize = 4096;

    /// The schedule of `params`, with the fleet simulation when `fleet`; the computing of one
    /// not yet known adds its time to `timings`.
    pub fn get(&self, params: &Params, fleet: bool, timings: Option<&Timings>) -> Arc<Schedule> {
        let key = params.key();
        {
            let map = self.0.lock();
            // A schedule with its fleet also answers for one without.
            if let Some(s) = map
                .get(&(key.clone(), true))
                .or_else(|| (!fleet).then(|| map.get(&(key.clone(), false))).flatten())
            {
                return Arc::clone(s);
            }
        }
        let schedule = Arc::new(time(timings, Part::BackoffMath, "", || {
            if fleet {
                Schedule::compute(params)
            } else {
                Schedule::compute_without_fleet(params)
            }
        }));
        let mut map = self.0.lock();
        if map.len() >= Self::LIMIT {
            map.clear();
        }
        map.insert((key, fleet), Arc::clone(&schedule));
        schedule
    }
}

/// Odds already computed in this registry's lifetime, shared by `backoff_odds` and
/// `backoff_outage`: a page's table, its inline values and the translation twin simulate once.
/// Bounded like [`Schedules`]: cleared when it holds [`OddsCache::LIMIT`] entries (each keeps
/// its outage delays, up to 100 000 per strategy).
#[derive(Default)]
pub struct OddsCache(Mutex<HashMap<(ParamsKey, InputsKey), Arc<Odds>>>);

impl OddsCache {
    /// Entries kept at most.
    pub const LIMIT: usize = 256;

    /// The odds of `params` under `inputs`; computing ones not yet known adds its time to
    /// `timings` as backoff math.
    pub fn get(&self, params: &Params, inputs: &Inputs, timings: Option<&Timings>) -> Arc<Odds> {
        let key = (params.key(), inputs.key());
        if let Some(o) = self.0.lock().get(&key) {
            return Arc::clone(o);
        }
        let odds = Arc::new(time(timings, Part::BackoffMath, "", || {
            Odds::compute(params, inputs)
        }));
        let mut map = self.0.lock();
        if map.len() >= Self::LIMIT {
            map.clear();
        }
        map.insert(key, Arc::clone(&odds));
        odds
    }
}

/// Runs of the fleet under load already simulated in this registry's lifetime, one per
/// strategy and budget, shared by `backoff_recovery` and the calculator: a chart of every budget
/// and the inline figures of one budget beside it, and the translation twin rendered at the same
/// time on another thread, simulate each run once (a run being simulated is waited for, not
/// started again). Bounded: cleared when it holds [`RecoveryCache::LIMIT`] runs (each keeps its
/// bins, about 35 kB for a minute).
#[derive(Default)]
pub struct RecoveryCache(Mutex<HashMap<RunKey, Arc<Shared<Run>>>>);

/// A run's identity: the schedule with its one strategy, the load with its one budget.
type RunKey = (ParamsKey, crate::recovery::InputsKey);

impl RecoveryCache {
    /// Runs kept at most.
    pub const LIMIT: usize = 1024;

    /// Every strategy of `params` under every budget of `inputs`; simulating the runs not yet
    /// known (in parallel) adds its time to `timings` as backoff math.
    pub fn get(
        &self,
        params: &Params,
        inputs: &crate::recovery::Inputs,
        kept: Option<&Store>,
        timings: Option<&Timings>,
    ) -> Arc<Recovery> {
        // The budgets' runs, then the breakers' (budget none).
        let strategies = params.strategies();
        let runs: Vec<(Strategy, Budget, Breaker)> = strategies
            .iter()
            .flat_map(|&s| inputs.budgets().iter().map(move |&b| (s, b, Breaker::None)))
            .chain(
                strategies
                    .iter()
                    .flat_map(|&s| inputs.breakers().iter().map(move |&k| (s, Budget::None, k))),
            )
            .collect();
        let cells: Vec<_> = {
            let mut map = self.0.lock();
            if map.len() + runs.len() > Self::LIMIT {
                map.clear();
            }
            runs.iter()
                .map(|&(s, b, k)| {
                    Arc::clone(map.entry(run_key(params, inputs, s, b, k)).or_default())
                })
                .collect()
        };
        if cells.iter().any(|c| c.get().is_none()) {
            use rayon::prelude::*;
            time(timings, Part::BackoffMath, "", || {
                cells.par_iter().zip(&runs).for_each(|(cell, &(s, b, k))| {
                    cell.get_or_compute(|| {
                        let run = || match k {
                            Breaker::None => Run::compute(params, inputs, s, b),
                            k => Run::with_breaker(params, inputs, s, k),
                        };
                        match kept {
                            Some(store) => store.get_or(
                                &store_key("run", &run_key(params, inputs, s, b, k)),
                                |text| run_from_kept(text, s, b, k),
                                run_to_kept,
                                run,
                            ),
                            None => run(),
                        }
                    });
                });
            });
        }
        let mut runs: Vec<Run> = cells
            .iter()
            .map(|c| c.get().expect("initialized above").clone())
            .collect();
        let breakers = runs.split_off(strategies.len() * inputs.budgets().len());
        Arc::new(Recovery::from_runs(inputs.clone(), runs, breakers))
    }
}

/// The one strategy an inline value is about; `what` names the value in the error.
pub fn one_strategy(params: &Params, what: &str) -> Result<Strategy, ArgError> {
    match params.strategies() {
        [s] => Ok(*s),
        _ => Err(ArgError {
            arg: Some("jitter".into()),
            message: format!("{what} is one strategy's: name exactly one in `jitter`"),
            help: Some("e.g. `jitter=full`".into()),
        }),
    }
}

/// `<data value="VALUE">TEXT</data>`, escaped, inline or in its own `<p>` as a block; the text
/// alone in markdown.
pub fn data_expansion(value: f64, text: &str, ctx: &Context) -> Expansion {
    let mut html = String::with_capacity(48 + text.len());
    if ctx.block {
        html.push_str("<p>");
    }
    push_data(&mut html, value, |h| push_escaped(h, text));
    if ctx.block {
        html.push_str("</p>\n");
    }
    Expansion {
        html,
        markdown: text.to_string(),
        text: None,
    }
}

/// Frontiers (SPEC §9) already searched, one per strategy and budget, shared by
/// `backoff_recovery` and the calculator, in memory for this registry's lifetime (a search being
/// made is waited for, not started again) and, through the page's [`Context::kept`], on disk
/// between builds. Bounded like [`RecoveryCache`].
#[derive(Default)]
pub struct FrontierCache {
    frontiers: Memo<Frontier>,
    alternatives: Memo<Alternatives>,
}

/// Results by key, each computed once.
type Memo<T> = Mutex<HashMap<String, Arc<Shared<T>>>>;

/// The key of one strategy under one budget: `what`, the schedule and the load.
/// The identity of one run: the schedule with its one strategy, the load with its one budget
/// and its one breaker (none: no breaker, and the breakers' settings do not matter).
fn run_key(
    params: &Params,
    inputs: &crate::recovery::Inputs,
    s: Strategy,
    b: Budget,
    k: Breaker,
) -> RunKey {
    let mut pk = params.key();
    pk.4 = vec![s as u8];
    let mut ik = inputs.key();
    ik.3 = vec![b as u8];
    ik.6 = match k {
        Breaker::None => Vec::new(),
        k => vec![k as u8],
    };
    if k == Breaker::None {
        ik.7 = crate::recovery::BreakerSettings::default().bits();
    }
    (pk, ik)
}

/// The store's key of one strategy and budget's `what` (a frontier, alternatives).
fn pair_key(
    what: &str,
    params: &Params,
    inputs: &crate::recovery::Inputs,
    s: Strategy,
    b: Budget,
) -> String {
    store_key(what, &run_key(params, inputs, s, b, Breaker::None))
}

/// `what` of the run `key` in the store.
fn store_key(what: &str, (pk, ik): &RunKey) -> String {
    format!("{what} {pk:?} {ik:?}")
}

/// The cell of `key` in `memo` (emptied when it holds [`FrontierCache::LIMIT`]).
fn cell<T>(memo: &Memo<T>, key: &str) -> Arc<Shared<T>> {
    let mut m = memo.lock();
    if m.len() >= FrontierCache::LIMIT {
        m.clear();
    }
    Arc::clone(m.entry(key.to_string()).or_default())
}

impl FrontierCache {
    /// Frontiers kept in memory at most.
    pub const LIMIT: usize = 1024;

    /// The frontier of every strategy of `params` under every budget of `inputs` (with the map
    /// when `map`): read back from `kept` when it holds them, else searched (in parallel, the
    /// time added to `timings` as backoff math) and kept. `recovery` has the full runs at the
    /// inputs as given, whose verdicts the searches then need not make again.
    #[allow(clippy::too_many_arguments)]
    pub fn get(
        &self,
        params: &Params,
        inputs: &crate::recovery::Inputs,
        map: bool,
        recovery: &Recovery,
        kept: Option<&Store>,
        timings: Option<&Timings>,
    ) -> Frontiers {
        let pairs: Vec<(Strategy, Budget)> = params
            .strategies()
            .iter()
            .flat_map(|&s| inputs.budgets().iter().map(move |&b| (s, b)))
            .collect();
        let keys: Vec<String> = pairs
            .iter()
            .map(|&(s, b)| pair_key(&format!("frontier map={map}"), params, inputs, s, b))
            .collect();
        let cells: Vec<_> = keys.iter().map(|k| cell(&self.frontiers, k)).collect();
        let find = |cell: &Shared<Frontier>, key: &str, s, b| {
            cell.get_or_compute(|| {
                let known = recovery
                    .run(s, b)
                    .map(|r| r.summary.recovered_after_ms.is_some());
                let search = || Frontier::compute(params, inputs, s, b, map, known);
                match kept {
                    Some(store) => store.get_or(
                        key,
                        |text| {
                            serde_json::from_str(text)
                                .ok()
                                .and_then(|v| frontier_from_json(&v))
                        },
                        |f| frontier_json(f).to_string(),
                        search,
                    ),
                    None => search(),
                }
            })
            .clone()
        };
        let entries = if cells.iter().all(|c| c.get().is_some()) {
            cells
                .iter()
                .zip(&keys)
                .zip(&pairs)
                .map(|((c, k), &(s, b))| (s, b, find(c, k, s, b)))
                .collect()
        } else {
            use rayon::prelude::*;
            time(timings, Part::BackoffMath, "", || {
                cells
                    .par_iter()
                    .zip(&keys)
                    .zip(&pairs)
                    .map(|((c, k), &(s, b))| (s, b, find(c, k, s, b)))
                    .collect()
            })
        };
        Frontiers { entries }
    }

    /// What else would bring `strategy` under `budget` back ([`Alternatives`]), kept as the
    /// frontiers are.
    pub fn alternatives(
        &self,
        params: &Params,
        inputs: &crate::recovery::Inputs,
        strategy: Strategy,
        budget: Budget,
        kept: Option<&Store>,
        timings: Option<&Timings>,
    ) -> Alternatives {
        let key = pair_key("alternatives", params, inputs, strategy, budget);
        let search = || {
            time(timings, Part::BackoffMath, "", || {
                crate::recovery::frontier::alternatives(params, inputs, strategy, budget)
            })
        };
        *cell(&self.alternatives, &key).get_or_compute(|| match kept {
            Some(store) => store.get_or(
                &key,
                |text| {
                    let v: serde_json::Value = serde_json::from_str(text).ok()?;
                    let shedding = match &v["shedding"] {
                        serde_json::Value::Null => None,
                        b => Some(b.as_bool()?),
                    };
                    let queue = match &v["queue"] {
                        serde_json::Value::Null => None,
                        q => Some((u32::try_from(q[0].as_u64()?).ok()?, q[1].as_bool()?)),
                    };
                    Some(Alternatives { shedding, queue })
                },
                |a| serde_json::json!({ "shedding": a.shedding, "queue": a.queue }).to_string(),
                search,
            ),
            None => search(),
        })
    }
}
