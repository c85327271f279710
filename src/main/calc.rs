//! `sade calc`: its arguments, read exactly as typed, and the schedule, odds and library models
//! they ask for, as text in either language or as SPEC's JSON.

use clap::Args;
use sade::backoff::{defaults, Delay, Param, Params, Schedule, Strategy};
use sade::i18n::Lang;

#[derive(Args)]
pub struct CalcArgs {
    /// First wait, with a unit: 100ms, 1.5s, 2m, 1h.
    #[arg(long, value_parser = parse_delay, allow_hyphen_values = true)]
    base: Delay,
    /// Growth per attempt (≥ 1).
    #[arg(long, default_value_t = defaults::FACTOR, allow_hyphen_values = true)]
    factor: f64,
    /// Upper bound of one wait, or `none`.
    #[arg(long, value_parser = parse_cap, default_value = "none", allow_hyphen_values = true)]
    cap: Cap,
    /// Number of waits (1..=100).
    #[arg(long, default_value_t = u64::from(defaults::ATTEMPTS), value_parser = parse_whole, allow_hyphen_values = true)]
    attempts: u64,
    /// Strategies: `all`, or a comma list of none, full, equal, decorrelated.
    #[arg(long, value_parser = parse_jitter, default_value = "all")]
    jitter: Jitter,
    /// Seed of the jitter (0..=18446744073709551615).
    #[arg(long, default_value_t = defaults::SEED, value_parser = parse_whole, allow_hyphen_values = true)]
    seed: u64,
    /// Clients in the fleet simulation (1..=100000).
    #[arg(long, default_value_t = u64::from(defaults::CLIENTS), value_parser = parse_whole, allow_hyphen_values = true)]
    clients: u64,
    /// Odds (SPEC §7): the chance that one call fails, `0.3`, `30%` or `%30` (0 to 1).
    #[arg(long, allow_hyphen_values = true, help_heading = "Odds")]
    fail: Option<String>,
    /// Odds: how long a failing call takes (a duration ≥ 0; default 0ms).
    #[arg(long, value_parser = parse_odds_delay, allow_hyphen_values = true, help_heading = "Odds")]
    timeout: Option<Delay>,
    /// Odds: the deadline a request should finish within; adds P(within it) and the deadline fit.
    #[arg(long, value_parser = parse_odds_delay, allow_hyphen_values = true, help_heading = "Odds")]
    deadline: Option<Delay>,
    /// Odds: the service is down for this long from t = 0; adds who meets it when it is back.
    #[arg(long, value_parser = parse_odds_delay, allow_hyphen_values = true, help_heading = "Odds")]
    outage: Option<Delay>,
    /// Odds: requests simulated per jittered strategy (1..=100000; `--clients` is the fleet's).
    #[arg(long, default_value_t = sade::odds::DEFAULT_CLIENTS.into(), value_parser = parse_whole, allow_hyphen_values = true, help_heading = "Odds")]
    odds_clients: u64,
    /// Odds: nested retry layers, each retrying the one below (1..=10; needs --fail).
    #[arg(long, value_parser = parse_whole, allow_hyphen_values = true, help_heading = "Odds")]
    layers: Option<u64>,
    /// Language of the table: tr or en (any case).
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    lang: Lang,
    /// Print JSON (numbers in milliseconds) instead of a table.
    #[arg(long)]
    json: bool,
    /// Retry libraries to model (SPEC §6): `all`, or a comma list of grpc, aws-sdk, tenacity,
    /// python-backoff, cenkalti, p-retry, exponential-backoff, backon, polly, resilience4j.
    #[arg(long, value_parser = parse_libraries)]
    library: Option<Libraries>,
    #[command(flatten)]
    recovery: crate::recovery::RecoveryArgs,
}

#[derive(Clone)]
struct Libraries(Vec<sade::libraries::Library>);

fn parse_libraries(text: &str) -> Result<Libraries, String> {
    sade::libraries::parse_list(text)
        .map(Libraries)
        .map_err(|e| e.to_string())
}

#[derive(Clone)]
struct Cap(Option<Delay>);

#[derive(Clone)]
struct Jitter(Vec<Strategy>);

/// A whole number as written: its digits, read exactly (never through a float), so a count or a
/// seed is the value typed or an error, never a rounded or clamped one.
fn parse_whole(text: &str) -> Result<u64, String> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(n) = text.parse::<u64>() {
            return Ok(n);
        }
    }
    Err(format!(
        "write a whole number in digits (no sign, fraction or exponent), at most {}",
        u64::MAX
    ))
}

/// `tr`, `TR`, `Tr`: a language code in any case.
fn parse_lang(text: &str) -> Result<Lang, String> {
    text.to_ascii_lowercase()
        .parse()
        .map_err(|_| format!("unknown language `{text}`; sade knows `tr` and `en`"))
}

fn parse_delay(text: &str) -> Result<Delay, String> {
    Delay::parse(text).map_err(|e| e.to_string())
}

/// A duration of the odds (timeout, deadline, outage): zero is allowed, and the error says what
/// is.
fn parse_odds_delay(text: &str) -> Result<Delay, String> {
    Delay::parse(text).map_err(|e| match e {
        sade::backoff::DelayParseError::OutOfRange => e.to_string(),
        e => format!("{e} (a duration ≥ 0 is expected, e.g. `2s`)"),
    })
}

fn parse_cap(text: &str) -> Result<Cap, String> {
    if text == "none" {
        return Ok(Cap(None));
    }
    parse_delay(text).map(|d| Cap(Some(d)))
}

fn parse_jitter(text: &str) -> Result<Jitter, String> {
    Strategy::parse_names(text.split(',').map(str::trim))
        .map(Jitter)
        .map_err(|e| format!("{e}; {}", e.help()))
}

/// What `sade calc` prints: the schedule, with the odds and library models asked for, as text in
/// `--lang` or as JSON with `--json`.
pub fn run(args: CalcArgs) -> Result<String, String> {
    let count = |param, n| sade::backoff::count(param, n).map_err(|e| e.to_string());
    let params = Params::builder(args.base)
        .factor(args.factor)
        .cap(args.cap.0)
        .attempts(count(Param::Attempts, args.attempts)?)
        .strategies(args.jitter.0.clone())
        .seed(args.seed)
        .clients(count(Param::Clients, args.clients)?)
        .build()
        .map_err(|e| e.to_string())?;
    let (recovery, frontiers) = if args.recovery.asked() {
        use crate::recovery::FrontierAsked;
        let inputs = args.recovery.inputs(args.timeout, args.outage)?;
        let asked = args.recovery.frontier();
        if asked != FrontierAsked::No {
            sade::recovery::Frontiers::check(&inputs).map_err(|e| e.to_string())?;
        }
        let recovery = sade::recovery::Recovery::compute(&params, &inputs);
        let frontiers = (asked != FrontierAsked::No).then(|| {
            let map = asked == FrontierAsked::Map;
            sade::recovery::Frontiers::compute(&params, &inputs, map, Some(&recovery))
        });
        (Some(recovery), frontiers)
    } else {
        (None, None)
    };
    let odds = odds_inputs(&args, &params)?.map(|i| sade::odds::Odds::compute(&params, &i));
    let schedule = Schedule::compute(&params);
    let models: Vec<_> = args
        .library
        .map(|l| l.0)
        .unwrap_or_default()
        .into_iter()
        .map(|library| sade::libraries::model(library, &params))
        .collect();
    Ok(if args.json {
        let mut doc = sade::report::render_json(&schedule);
        if !models.is_empty() {
            doc["libraries"] = sade::libraries::report::render_json(&models);
        }
        if let (Some(odds), Some(doc)) = (&odds, doc.as_object_mut()) {
            doc.insert("odds".into(), sade::odds::render_json(odds, &params));
        }
        if let (Some(r), Some(doc)) = (&recovery, doc.as_object_mut()) {
            doc.insert(
                "recovery".into(),
                sade::recovery::render_json(r, frontiers.as_ref(), &params),
            );
            if !r.breakers.is_empty() {
                doc.insert(
                    "breakers".into(),
                    sade::recovery::breaker::render::render_breakers_json(r, &params),
                );
            }
        }
        let mut s = doc.to_string();
        s.push('\n');
        s
    } else {
        let mut s = sade::report::render_text(&schedule, args.lang);
        if !models.is_empty() {
            s.push('\n');
            s.push_str(&sade::libraries::report::render_text(&models, args.lang));
        }
        if let Some(odds) = &odds {
            s.push('\n');
            s.push_str(&sade::odds::render_text(odds, &params, args.lang));
        }
        if let Some(r) = &recovery {
            s.push('\n');
            s.push_str(&sade::recovery::render_text(
                r,
                frontiers.as_ref(),
                &params,
                args.lang,
            ));
            s.push_str(&sade::recovery::breaker::render::render_breakers_text(
                r, &params, args.lang,
            ));
        }
        s
    })
}

/// The odds inputs, when any of `--fail`, `--timeout`, `--deadline`, `--outage`, `--layers` is
/// given: each adds the odds its input allows (SPEC §7: keys whose input is absent are left out).
/// With the fleet under load asked for, `--timeout` and `--outage` are its own, and the odds
/// come only with `--fail`, `--deadline` or `--layers`.
fn odds_inputs(args: &CalcArgs, params: &Params) -> Result<Option<sade::odds::Inputs>, String> {
    let shared = !args.recovery.asked() && (args.timeout.is_some() || args.outage.is_some());
    if args.fail.is_none() && args.deadline.is_none() && args.layers.is_none() && !shared {
        return Ok(None);
    }
    let fail = args
        .fail
        .as_deref()
        .map(sade::odds::parse_fail)
        .transpose()
        .map_err(|e| e.to_string())?;
    // The engine's `clients` is this command's `--odds-clients`.
    let message = |e: sade::backoff::ParamError| match e.param {
        Param::OddsClients => e.message("odds-clients"),
        _ => e.to_string(),
    };
    let clients = sade::backoff::count(Param::OddsClients, args.odds_clients).map_err(message)?;
    let layers = args
        .layers
        .map(|n| sade::backoff::count(Param::Layers, n))
        .transpose()
        .map_err(message)?;
    sade::odds::Inputs::builder()
        .fail(fail)
        .timeout(args.timeout.unwrap_or(Delay::ZERO))
        .deadline(args.deadline)
        .outage(args.outage)
        .clients(clients)
        .layers(layers)
        .build(params)
        .map(Some)
        .map_err(message)
}
