//! What the backoff shortcodes share: their argument declarations, turning checked arguments into
//! validated [`Params`], and small HTML helpers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{ArgError, ArgKind, ArgSpec, Args, Context, Expansion, Value};
use crate::backoff::{Params, ParamsKey, Schedule, Strategy};
use crate::i18n::{format_duration, push_duration, Lang};
use crate::odds::{Inputs, InputsKey, Odds};
use crate::timings::{time, Part, Timings};

/// `base`: the first wait.
pub const BASE: ArgSpec = ArgSpec::required("base", ArgKind::Duration, "the first wait");
/// `factor`: growth per attempt.
pub const FACTOR: ArgSpec =
    ArgSpec::optional("factor", ArgKind::Number, "2", "growth per attempt (≥ 1)");
/// `cap`: upper bound of one wait.
pub const CAP: ArgSpec = ArgSpec::optional(
    "cap",
    ArgKind::DurationOrNone,
    "none",
    "upper bound of one wait, or none",
);
/// `attempts`: number of waits.
pub const ATTEMPTS: ArgSpec =
    ArgSpec::optional("attempts", ArgKind::Integer, "8", "number of waits (1–100)");
/// `jitter`: strategies to compare.
pub const JITTER: ArgSpec = ArgSpec::optional(
    "jitter",
    ArgKind::Strategies,
    "all",
    "strategies to compare",
);
/// `seed`: seed of the jitter samples.
pub const SEED: ArgSpec =
    ArgSpec::optional("seed", ArgKind::Integer, "7", "seed of the jitter samples");
/// `clients`: clients in the fleet simulation.
pub const CLIENTS: ArgSpec = ArgSpec::optional(
    "clients",
    ArgKind::Integer,
    "1000",
    "clients in the fleet simulation",
);

/// `base`, `factor`, `cap`, `attempts`, `jitter`, `seed`, `clients` — the schedule's arguments.
pub static SCHEDULE_ARGS: [ArgSpec; 7] = [BASE, FACTOR, CAP, ATTEMPTS, JITTER, SEED, CLIENTS];

/// The strategies named by a `jitter` value.
pub fn strategies(value: &Value) -> Vec<Strategy> {
    match value {
        Value::Word(w) if w == "all" => Strategy::ALL.to_vec(),
        Value::Word(w) => Strategy::from_name(w).into_iter().collect(),
        Value::None => vec![Strategy::None],
        Value::List(items) => items
            .iter()
            .filter_map(|i| match &i.value {
                Value::Word(w) => Strategy::from_name(w),
                Value::None => Some(Strategy::None),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Validated parameters from the schedule arguments; a bad one names its argument.
pub fn params(args: &Args, attempts_arg: &str) -> Result<Params, ArgError> {
    let jitter = args
        .value("jitter")
        .map(strategies)
        .unwrap_or_else(|| Strategy::ALL.to_vec());
    let clamp_u32 = |name: &str| -> Result<u32, ArgError> {
        let n = args.integer(name)?;
        u32::try_from(n).map_err(|_| ArgError::new(name, format!("`{name}` is too large ({n})")))
    };
    let seed = match args.value("seed") {
        Some(_) => args.integer("seed")?,
        None => 7,
    };
    let clients = match args.value("clients") {
        Some(_) => clamp_u32("clients")?,
        None => crate::backoff::limits::DEFAULT_CLIENTS,
    };
    Params::builder(args.duration("base")?)
        .factor(args.number("factor")?)
        .cap(args.duration_or_none("cap")?)
        .attempts(clamp_u32(attempts_arg)?)
        .strategies(jitter)
        .seed(seed)
        .clients(clients)
        .build()
        .map_err(|e| {
            let arg = if e.arg == "attempts" {
                attempts_arg
            } else {
                e.arg
            };
            ArgError {
                arg: Some(arg.to_string()),
                message: e.to_string().replacen("`attempts`", &format!("`{arg}`"), 1),
                help: None,
            }
        })
}

/// Escapes text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    push_escaped(&mut out, text);
    out
}

/// [`escape`] appended to `out`.
pub fn push_escaped(out: &mut String, text: &str) {
    escape_pieces(text, |piece| out.push_str(piece));
}

/// [`escape`] in pieces: `push` gets the runs of plain text and the entities, in order (Tera's
/// autoescaping writes them straight into its output).
pub fn escape_pieces(text: &str, mut push: impl FnMut(&str)) {
    // The five characters are ASCII, so every other byte run is copied whole (and stays UTF-8).
    let mut copied = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            b'\'' => "&#39;",
            _ => continue,
        };
        push(&text[copied..i]);
        push(entity);
        copied = i + 1;
    }
    push(&text[copied..]);
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

/// `<data value="MS">…</data>` appended to `out`, `shown` writing what people read.
pub fn push_data(out: &mut String, ms: f64, shown: impl FnOnce(&mut String)) {
    out.push_str("<data value=\"");
    push_float(out, ms);
    out.push_str("\">");
    shown(out);
    out.push_str("</data>");
}

/// `value` in plain digits for machines (`<data value>`, SVG coordinates): the shortest digits
/// that read back as the same double, never an exponent. When two shortest forms are equally
/// close, the even one, as browsers' `String(number)` picks, so the calculator's script writes
/// the same bytes (`rustF64` in `static/js/backoff.js`). Rust's `Display` rounds those rare ties
/// up instead; otherwise the two agree.
pub fn push_float(out: &mut String, value: f64) {
    use std::fmt::Write;
    if let Some(n) = whole(value).filter(|_| value != 0.0) {
        // Most table cells: no float formatting at all (zero keeps `Display`'s sign).
        out.push_str(itoa::Buffer::new().format(n));
    } else if !value.is_finite() || value == 0.0 {
        let _ = write!(out, "{value}");
    } else {
        push_plain(out, ryu::Buffer::new().format_finite(value));
    }
}

/// `value` as an integer when it is a whole number an `f64` holds exactly (below 2^53).
pub fn whole(value: f64) -> Option<i64> {
    (value.fract() == 0.0 && value.abs() < 9_007_199_254_740_992.0).then_some(value as i64)
}

/// Ryu's text (`1.5`, `1e-7`, `1.2345e20`, `-3.0`) as plain digits (`1.5`, `0.0000001`,
/// `123450000000000000000`, `-3`).
fn push_plain(out: &mut String, text: &str) {
    // Most values have no exponent: Ryu's text is then plain already, but for a `.0` ending.
    if !text.as_bytes().contains(&b'e') {
        out.push_str(text.strip_suffix(".0").unwrap_or(text));
        return;
    }
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    out.push_str(sign);
    let (mantissa, exponent) = match text.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let frac = if frac == "0" { "" } else { frac };
    if exponent == 0 {
        out.push_str(int);
        if !frac.is_empty() {
            out.push('.');
            out.push_str(frac);
        }
        return;
    }
    // The digits without the point, and where the point goes among them.
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    let point = int.trim_start_matches('0').len() as i32 + exponent;
    if point <= 0 {
        out.push_str("0.");
        (0..-point).for_each(|_| out.push('0'));
        out.push_str(digits);
    } else if point as usize >= digits.len() {
        out.push_str(digits);
        (0..point as usize - digits.len()).for_each(|_| out.push('0'));
    } else {
        out.push_str(&digits[..point as usize]);
        out.push('.');
        out.push_str(&digits[point as usize..]);
    }
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
            let map = self.0.lock().unwrap_or_else(|e| e.into_inner());
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
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
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
        if let Some(o) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            return Arc::clone(o);
        }
        let odds = Arc::new(time(timings, Part::BackoffMath, "", || {
            Odds::compute(params, inputs)
        }));
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= Self::LIMIT {
            map.clear();
        }
        map.insert(key, Arc::clone(&odds));
        odds
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_replaces_the_five_characters_only() {
        assert_eq!(
            escape(r#"a<b>&"c" 'ğ'"#),
            "a&lt;b&gt;&amp;&quot;c&quot; &#39;ğ&#39;"
        );
        assert_eq!(escape("İstanbul → Ankara"), "İstanbul → Ankara");
        assert_eq!(escape(""), "");
    }

    /// Display's text, except on exact ties between two shortest forms, where it rounds up and
    /// `push_float` takes the even one; both read back as `v` and have the same length.
    fn agrees_with_display(v: f64) -> Result<(), String> {
        let mut out = String::new();
        push_float(&mut out, v);
        let display = v.to_string();
        if out == display {
            return Ok(());
        }
        let last_even = out.bytes().last().is_some_and(|d| (d - b'0') % 2 == 0);
        if out.parse::<f64>() == Ok(v) && out.len() == display.len() && last_even {
            Ok(())
        } else {
            Err(format!("{v:?}: push_float {out}, Display {display}"))
        }
    }

    #[test]
    fn push_float_writes_plain_shortest_digits() {
        let values = [
            0.0,
            -0.0,
            1.0,
            250.0,
            30_000.0,
            0.5,
            -0.5,
            1234.567,
            1e15,
            9_007_199_254_740_992.0,
            9_007_199_254_740_994.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            1e22,
            1.5e300,
            -3.0,
            0.1 + 0.2,
            1e-7,
            1.234e-5,
            0.000_012_34,
            1e16 + 2.0,
            137.000_000_000_000_03,
        ];
        for v in values {
            let mut out = String::new();
            push_float(&mut out, v);
            assert_eq!(out, v.to_string(), "{v:?}");
        }
    }

    #[test]
    fn push_float_breaks_ties_to_even_as_browsers_do() {
        // Exactly halfway between two shortest forms; `String(x)` in a browser gives these.
        for (v, text) in [
            (1_660_497_269_074_587.0 + 0.25, "1660497269074587.2"),
            (123_349_687_790_391.0 + 0.125, "123349687790391.12"),
            (8.0 + 1.0 / 65_536.0, "8.000015258789062"),
            // A mean total wait (equal jitter; base 250 ms, factor 2.5, no cap, 11 attempts).
            (2_980_107.0 + 489.0 / 2048.0, "2980107.2387695312"),
        ] {
            let mut out = String::new();
            push_float(&mut out, v);
            assert_eq!(out, text);
            agrees_with_display(v).unwrap();
        }
    }

    proptest::proptest! {
        #[test]
        fn push_float_agrees_with_display_for_any_double(bits in proptest::num::u64::ANY) {
            let v = f64::from_bits(bits);
            proptest::prop_assume!(v.is_finite());
            proptest::prop_assert!(agrees_with_display(v).is_ok(), "{}", agrees_with_display(v).unwrap_err());
        }

        #[test]
        fn push_float_agrees_with_display_for_delays(ms in 1e-9f64..1e17) {
            proptest::prop_assert!(agrees_with_display(ms).is_ok(), "{}", agrees_with_display(ms).unwrap_err());
        }
    }
}
