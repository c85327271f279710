//! A shortcode's declared arguments ([`ArgSpec`]) and the checked values a call gives them
//! ([`Args`]). Each [`ArgKind`] reads its value from the text as written: a whole number is read
//! by `u64::from_str`, never through a float, so `seed=9007199254740993` is that seed and
//! `seed=1e30` is an error at its place, not a silently rounded or clamped number.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use super::grammar::{Call, Spanned, Value};
use crate::backoff::{Delay, Strategy, UnknownStrategy};
use crate::diagnostic::{closest, Diagnostic, Source};
use crate::libraries::{Library, UnknownLibrary};
use crate::recovery::{Breaker, Budget};

/// The type of an argument.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// `100ms`, `1.5s`, `2m`, `1h`.
    Duration,
    /// A duration or `none`.
    DurationOrNone,
    /// Any finite number.
    Number,
    /// A whole number from 0 to 2⁶⁴ − 1, exactly as written.
    Integer,
    /// `true` / `false`.
    Bool,
    /// `"text"` (a bare word is accepted too).
    Str,
    /// A link: `"/img/x.svg"`, `"x.png"`, `"https://…"`. One written from the site's root is
    /// rendered under the site's base path, as links in the page are.
    Url,
    /// One of the listed words.
    Choice(Cow<'static, [Cow<'static, str>]>),
    /// `all`, a strategy name, or a list of strategy names.
    Strategies,
    /// `all`, a retry library's id, or a list of ids (SPEC §6).
    Libraries,
    /// `none`, a retry library's id, or a list of at most [`COMPARED`] ids: the libraries a
    /// calculator compares.
    LibraryPicks,
    /// `all`, a retry budget's name, or a list of names (SPEC §8).
    Budgets,
    /// `all`, a circuit breaker's name, or a list of names (SPEC §10).
    Breakers,
    /// A whole number, or `none`.
    IntegerOrNone,
}

impl ArgKind {
    /// What a value of this kind looks like, for messages and the guide.
    pub fn describe(&self) -> String {
        match self {
            ArgKind::Duration => "a duration such as `100ms`, `1.5s`, `2m` or `1h`".into(),
            ArgKind::DurationOrNone => "a duration such as `30s`, or `none`".into(),
            ArgKind::Number => "a number".into(),
            ArgKind::Integer => format!("a whole number from 0 to {}", u64::MAX),
            ArgKind::Bool => "`true` or `false`".into(),
            ArgKind::Str => "a \"string\"".into(),
            ArgKind::Url => "a \"path\" or \"URL\", such as \"/img/x.svg\"".into(),
            ArgKind::Choice(c) => format!(
                "one of {}",
                c.iter().map(|x| x.as_ref()).collect::<Vec<_>>().join(", ")
            ),
            ArgKind::Strategies => {
                "`all`, one of none, full, equal, decorrelated, or a list like `[full, equal]`"
                    .into()
            }
            ArgKind::Libraries => format!(
                "`all`, one of {}, or a list like `[grpc, tenacity]`",
                Library::ids()
            ),
            ArgKind::LibraryPicks => format!(
                "`none`, one of {}, or a list of up to {COMPARED} like `[got, urllib3]`",
                Library::ids()
            ),
            ArgKind::Budgets => "`all`, one of none, grpc, aws, finagle, linkerd, envoy, sre, \
                                 or a list like `[none, grpc]`"
                .into(),
            ArgKind::Breakers => "`all`, one of none, resilience4j, polly, gobreaker, hystrix, \
                                  or a list like `[none, polly]`"
                .into(),
            ArgKind::IntegerOrNone => format!("a whole number from 0 to {}, or `none`", u64::MAX),
        }
    }

    /// The value `v` gives an argument of this kind, read from its written text; or what is
    /// wrong with it (a message, and help).
    pub fn check(&self, name: &str, v: &Spanned) -> Result<ArgValue, (String, Option<String>)> {
        let wrong = |extra: Option<String>| {
            Err((
                format!(
                    "`{name}` must be {}, not {} (`{}`)",
                    self.describe(),
                    v.value.kind(),
                    v.text
                ),
                extra,
            ))
        };
        match (self, &v.value) {
            (ArgKind::Duration, Value::Duration(d)) => Ok(ArgValue::Duration(*d)),
            (ArgKind::DurationOrNone, Value::Duration(d)) => Ok(ArgValue::DurationOrNone(Some(*d))),
            (ArgKind::DurationOrNone, Value::None) => Ok(ArgValue::DurationOrNone(None)),
            (ArgKind::Duration | ArgKind::DurationOrNone, Value::Number) => wrong(Some(format!(
                "a bare number is not a duration: write `{0}ms` or `{0}s`",
                v.text
            ))),
            // The grammar took it for a finite number (or percentage), so it parses.
            (ArgKind::Number, Value::Number) => match crate::i18n::parse_number(&v.text) {
                Some(n) => Ok(ArgValue::Number(n)),
                None => wrong(None),
            },
            (ArgKind::Integer, Value::Number) => match v.text.parse::<u64>() {
                Ok(n) => Ok(ArgValue::Integer(n)),
                Err(_) => wrong(Some(
                    "write the number's digits, without a sign, a fraction or an exponent".into(),
                )),
            },
            (ArgKind::Bool, Value::Bool(b)) => Ok(ArgValue::Bool(*b)),
            (ArgKind::Str, Value::Str(s) | Value::Word(s)) => {
                Ok(ArgValue::Str(Cow::Owned(s.clone())))
            }
            (ArgKind::Url, Value::Str(s) | Value::Word(s)) => Ok(ArgValue::Url(s.clone())),
            (ArgKind::Choice(choices), Value::Word(w)) => {
                if choices.iter().any(|c| c == w) {
                    Ok(ArgValue::Str(Cow::Owned(w.clone())))
                } else {
                    Err((
                        format!("`{name}` cannot be `{w}`"),
                        Some(match closest(w, choices.iter().map(|c| c.as_ref())) {
                            Some(s) => format!("did you mean `{s}`?"),
                            None => format!("use {}", self.describe()),
                        }),
                    ))
                }
            }
            // `none` is a value of its own in the grammar; a choice may list it as a word.
            (ArgKind::Choice(choices), Value::None) if choices.iter().any(|c| c == "none") => {
                Ok(ArgValue::Str(Cow::Borrowed("none")))
            }
            (ArgKind::Strategies, Value::Word(w)) => Strategy::named(w)
                .map(|s| ArgValue::Strategies(Cow::Owned(s)))
                .map_err(strategy_error),
            (ArgKind::Strategies, Value::None) => {
                Ok(ArgValue::Strategies(Cow::Borrowed(&[Strategy::None])))
            }
            (ArgKind::Strategies, Value::List(items)) => {
                if items.is_empty() {
                    return wrong(Some("name at least one strategy".into()));
                }
                let mut names = Vec::with_capacity(items.len());
                for item in items {
                    match &item.value {
                        Value::Word(w) => names.push(w.as_str()),
                        Value::None => names.push("none"),
                        _ => return wrong(None),
                    }
                }
                Strategy::parse_names(names)
                    .map(|s| ArgValue::Strategies(Cow::Owned(s)))
                    .map_err(strategy_error)
            }
            (ArgKind::Libraries, Value::Word(w)) if w == "all" => {
                Ok(ArgValue::Libraries(Cow::Borrowed(&Library::ALL)))
            }
            (ArgKind::Libraries, Value::Word(w)) => Library::from_id(w)
                .map(|l| ArgValue::Libraries(Cow::Owned(vec![l])))
                .ok_or_else(|| library_error(w)),
            (ArgKind::LibraryPicks, Value::None) => Ok(ArgValue::Libraries(Cow::Borrowed(&[]))),
            (ArgKind::LibraryPicks, Value::Word(w)) if w == "all" => Err((
                format!(
                    "`{name}` cannot be `all`: a calculator compares at most {COMPARED} libraries"
                ),
                Some(
                    "name up to three, like `[got, urllib3]`; `backoff_libraries` shows them all"
                        .into(),
                ),
            )),
            // `[]` is not a choice here: `none` says "no library".
            (ArgKind::LibraryPicks, Value::List(items)) if items.is_empty() => {
                wrong(Some("name a library, or write `none`".into()))
            }
            (ArgKind::LibraryPicks, Value::Word(_) | Value::List(_)) => {
                match ArgKind::Libraries.check(name, v)? {
                    ArgValue::Libraries(l) if l.len() > COMPARED => Err((
                        format!(
                            "`{name}` names {} libraries; a calculator compares at most {COMPARED}",
                            l.len()
                        ),
                        Some("`backoff_libraries` shows more of them in one table".into()),
                    )),
                    picked => Ok(picked),
                }
            }
            (ArgKind::Libraries, Value::List(items)) => {
                if items.is_empty() {
                    return wrong(Some("name at least one library".into()));
                }
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    match &item.value {
                        Value::Word(w) => match Library::from_id(w) {
                            Some(l) if !out.contains(&l) => out.push(l),
                            Some(_) => {}
                            None => return Err(library_error(w)),
                        },
                        _ => return wrong(None),
                    }
                }
                Ok(ArgValue::Libraries(Cow::Owned(out)))
            }
            (ArgKind::Budgets | ArgKind::Breakers, value) => {
                let names: Vec<&str> = match value {
                    Value::Word(w) => vec![w.as_str()],
                    Value::None => vec!["none"],
                    Value::List(items) if items.is_empty() => {
                        return wrong(Some("name at least one".into()))
                    }
                    Value::List(items) => {
                        let names = items.iter().map(|item| match &item.value {
                            Value::Word(w) => Some(w.as_str()),
                            Value::None => Some("none"),
                            _ => None,
                        });
                        match names.collect() {
                            Some(names) => names,
                            None => return wrong(None),
                        }
                    }
                    _ => return wrong(None),
                };
                if *self == ArgKind::Budgets {
                    Budget::parse_names(names)
                        .map(|b| ArgValue::Budgets(Cow::Owned(b)))
                        .map_err(|e| (e.to_string(), Some(e.help())))
                } else {
                    Breaker::parse_names(names)
                        .map(|b| ArgValue::Breakers(Cow::Owned(b)))
                        .map_err(|e| (e.to_string(), Some(e.help())))
                }
            }
            (ArgKind::IntegerOrNone, Value::None) => Ok(ArgValue::IntegerOrNone(None)),
            (ArgKind::IntegerOrNone, Value::Number) => match v.text.parse::<u64>() {
                Ok(n) => Ok(ArgValue::IntegerOrNone(Some(n))),
                Err(_) => wrong(Some(
                    "write the number's digits, without a sign, a fraction or an exponent".into(),
                )),
            },
            _ => wrong(None),
        }
    }
}

/// Most libraries a calculator compares side by side.
pub const COMPARED: usize = 3;

fn library_error(word: &str) -> (String, Option<String>) {
    let e = UnknownLibrary::new(word);
    (
        format!("unknown retry library `{word}`"),
        Some(match e.suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("use all, or {}", Library::ids()),
        }),
    )
}

fn strategy_error(e: UnknownStrategy) -> (String, Option<String>) {
    (e.to_string(), Some(e.help()))
}

/// A checked argument's value.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgValue {
    /// A duration.
    Duration(Delay),
    /// A duration, or `none` (no duration).
    DurationOrNone(Option<Delay>),
    /// A finite number.
    Number(f64),
    /// A whole number.
    Integer(u64),
    /// `true` or `false`.
    Bool(bool),
    /// Text: a string, a bare word, or one of a choice's words.
    Str(Cow<'static, str>),
    /// A link, as written.
    Url(String),
    /// Strategies, in index order.
    Strategies(Cow<'static, [Strategy]>),
    /// Retry libraries, in the order given.
    Libraries(Cow<'static, [Library]>),
    /// Retry budgets, in [`Budget::ALL`]'s order.
    Budgets(Cow<'static, [Budget]>),
    /// Circuit breakers, in [`Breaker::ALL`]'s order.
    Breakers(Cow<'static, [Breaker]>),
    /// A whole number, or `none`.
    IntegerOrNone(Option<u64>),
    /// Nothing: an optional argument of a template shortcode that was not given and has no
    /// default (the template sees `null`).
    Absent,
}

impl fmt::Display for ArgValue {
    /// In shortcode syntax: `2`, `none`, `"text"`, `[full, equal]` (defaults in the guide).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgValue::Duration(d) | ArgValue::DurationOrNone(Some(d)) => write!(f, "{d}"),
            ArgValue::DurationOrNone(None) | ArgValue::Absent | ArgValue::IntegerOrNone(None) => {
                f.write_str("none")
            }
            ArgValue::IntegerOrNone(Some(n)) => write!(f, "{n}"),
            ArgValue::Budgets(b) if **b == Budget::ALL => f.write_str("all"),
            ArgValue::Breakers(b) if **b == Breaker::ALL => f.write_str("all"),
            ArgValue::Budgets(b) => names(f, b.iter().map(|b| b.name())),
            ArgValue::Breakers(b) => names(f, b.iter().map(|b| b.name())),
            ArgValue::Number(n) => write!(f, "{n}"),
            ArgValue::Integer(n) => write!(f, "{n}"),
            ArgValue::Bool(b) => write!(f, "{b}"),
            ArgValue::Str(s) => write!(f, "{s:?}"),
            ArgValue::Libraries(l) if **l == Library::ALL => f.write_str("all"),
            ArgValue::Libraries(l) if l.is_empty() => f.write_str("none"),
            ArgValue::Libraries(l) => {
                let ids: Vec<&str> = l.iter().map(|l| l.id()).collect();
                write!(f, "[{}]", ids.join(", "))
            }
            ArgValue::Url(s) => write!(f, "{s:?}"),
            ArgValue::Strategies(s) if **s == Strategy::ALL => f.write_str("all"),
            ArgValue::Strategies(s) => match &s[..] {
                [one] => f.write_str(one.name()),
                many => {
                    let names: Vec<&str> = many.iter().map(|s| s.name()).collect();
                    write!(f, "[{}]", names.join(", "))
                }
            },
        }
    }
}

/// One declared argument. Built-in shortcodes declare theirs as constants; template shortcodes
/// read theirs from the template file, so the texts may be owned.
#[derive(Clone, Debug)]
pub struct ArgSpec {
    /// Its name.
    pub name: Cow<'static, str>,
    /// Its type.
    pub kind: ArgKind,
    /// Its value when the call does not give it; `None` = required.
    pub default: Option<ArgValue>,
    /// One line of documentation.
    pub doc: Cow<'static, str>,
}

impl ArgSpec {
    /// A required argument.
    pub const fn required(name: &'static str, kind: ArgKind, doc: &'static str) -> ArgSpec {
        ArgSpec {
            name: Cow::Borrowed(name),
            kind,
            default: None,
            doc: Cow::Borrowed(doc),
        }
    }

    /// An optional argument and its value when not given.
    pub const fn optional(
        name: &'static str,
        kind: ArgKind,
        default: ArgValue,
        doc: &'static str,
    ) -> ArgSpec {
        ArgSpec {
            name: Cow::Borrowed(name),
            kind,
            default: Some(default),
            doc: Cow::Borrowed(doc),
        }
    }
}

/// A problem with one argument (or the call as a whole), found while rendering.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgError {
    /// The argument at fault; `None` for the whole call.
    pub arg: Option<String>,
    /// What is wrong.
    pub message: String,
    /// What to do instead.
    pub help: Option<String>,
}

impl ArgError {
    /// An error about argument `arg`.
    pub fn new(arg: &str, message: impl Into<String>) -> ArgError {
        ArgError {
            arg: Some(arg.to_string()),
            message: message.into(),
            help: None,
        }
    }
}

/// Checked arguments: every declared one present (given or default), each of its declared type.
#[derive(Clone, Debug)]
pub struct Args {
    values: BTreeMap<String, ArgValue>,
    /// The names written in the call (the others took their defaults).
    given: Vec<String>,
}

impl Args {
    fn get(&self, name: &str) -> Result<&ArgValue, ArgError> {
        self.values
            .get(name)
            .ok_or_else(|| ArgError::new(name, format!("`{name}` is not declared")))
    }

    fn mismatch(name: &str, wanted: &str) -> ArgError {
        ArgError::new(name, format!("`{name}` is not {wanted}"))
    }

    /// A duration argument.
    pub fn duration(&self, name: &str) -> Result<Delay, ArgError> {
        match self.get(name)? {
            ArgValue::Duration(d) | ArgValue::DurationOrNone(Some(d)) => Ok(*d),
            _ => Err(Args::mismatch(name, "a duration")),
        }
    }
    /// A duration-or-none argument.
    pub fn duration_or_none(&self, name: &str) -> Result<Option<Delay>, ArgError> {
        match self.get(name)? {
            ArgValue::Duration(d) => Ok(Some(*d)),
            ArgValue::DurationOrNone(d) => Ok(*d),
            _ => Err(Args::mismatch(name, "a duration or `none`")),
        }
    }
    /// A number argument.
    pub fn number(&self, name: &str) -> Result<f64, ArgError> {
        match self.get(name)? {
            ArgValue::Number(n) => Ok(*n),
            _ => Err(Args::mismatch(name, "a number")),
        }
    }
    /// A whole-number argument, exactly as written.
    pub fn integer(&self, name: &str) -> Result<u64, ArgError> {
        match self.get(name)? {
            ArgValue::Integer(n) => Ok(*n),
            _ => Err(Args::mismatch(name, "a whole number")),
        }
    }
    /// A boolean argument.
    pub fn bool(&self, name: &str) -> Result<bool, ArgError> {
        match self.get(name)? {
            ArgValue::Bool(b) => Ok(*b),
            _ => Err(Args::mismatch(name, "`true` or `false`")),
        }
    }
    /// A string (or bare word, or choice) argument.
    pub fn str(&self, name: &str) -> Result<&str, ArgError> {
        match self.get(name)? {
            ArgValue::Str(s) => Ok(s),
            _ => Err(Args::mismatch(name, "text")),
        }
    }
    /// A link argument, as written (see [`ArgKind::Url`]).
    pub fn url(&self, name: &str) -> Result<&str, ArgError> {
        match self.get(name)? {
            ArgValue::Url(s) => Ok(s),
            _ => Err(Args::mismatch(name, "a link")),
        }
    }
    /// A strategies argument.
    pub fn strategies(&self, name: &str) -> Result<&[Strategy], ArgError> {
        match self.get(name)? {
            ArgValue::Strategies(s) => Ok(s),
            _ => Err(Args::mismatch(name, "a list of strategies")),
        }
    }
    /// A retry-libraries argument.
    pub fn libraries(&self, name: &str) -> Result<&[Library], ArgError> {
        match self.get(name)? {
            ArgValue::Libraries(l) => Ok(l),
            _ => Err(Args::mismatch(name, "a list of retry libraries")),
        }
    }
    /// A retry-budgets argument.
    pub fn budgets(&self, name: &str) -> Result<&[Budget], ArgError> {
        match self.get(name)? {
            ArgValue::Budgets(b) => Ok(b),
            _ => Err(Args::mismatch(name, "a list of retry budgets")),
        }
    }
    /// A circuit-breakers argument.
    pub fn breakers(&self, name: &str) -> Result<&[Breaker], ArgError> {
        match self.get(name)? {
            ArgValue::Breakers(b) => Ok(b),
            _ => Err(Args::mismatch(name, "a list of circuit breakers")),
        }
    }
    /// A whole-number-or-`none` argument.
    pub fn integer_or_none(&self, name: &str) -> Result<Option<u64>, ArgError> {
        match self.get(name)? {
            ArgValue::IntegerOrNone(n) => Ok(*n),
            _ => Err(Args::mismatch(name, "a whole number or `none`")),
        }
    }
    /// Whether the call wrote `name` (rather than taking its default).
    pub fn given(&self, name: &str) -> bool {
        self.given.iter().any(|g| g == name)
    }
    /// The value of `name`, if declared.
    pub fn value(&self, name: &str) -> Option<&ArgValue> {
        self.values.get(name)
    }
    /// Names and values, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &ArgValue)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// Checks the arguments of `call` against `specs`: unknown, repeated, missing and ill-typed
/// arguments are errors pointing into `source`; the others are filled in from their defaults.
pub fn check(
    shortcode: &str,
    specs: &[ArgSpec],
    call: &Call,
    source: &Source,
) -> Result<Args, Diagnostic> {
    let mut values = BTreeMap::new();
    for arg in &call.args {
        let Some(spec) = specs.iter().find(|s| s.name == arg.name) else {
            let names = specs.iter().map(|s| s.name.as_ref());
            return Err(
                Diagnostic::error(format!("`{shortcode}` has no argument `{}`", arg.name))
                    .at(source, arg.name_span.clone(), "unknown argument")
                    .with_suggestion(closest(&arg.name, names.clone()))
                    .with_help(format!(
                        "arguments of `{shortcode}`: {}",
                        names.collect::<Vec<_>>().join(", ")
                    )),
            );
        };
        let value = spec
            .kind
            .check(&spec.name, &arg.value)
            .map_err(|(msg, help)| {
                let mut d = Diagnostic::error(msg).at(
                    source,
                    arg.value.span.clone(),
                    format!("expected {}", spec.kind.describe()),
                );
                if let Some(h) = help {
                    d = d.with_help(h);
                }
                d
            })?;
        values.insert(spec.name.to_string(), value);
    }
    let given = values.keys().cloned().collect();
    for spec in specs {
        if values.contains_key(spec.name.as_ref()) {
            continue;
        }
        let Some(default) = &spec.default else {
            return Err(Diagnostic::error(format!(
                "`{shortcode}` needs the argument `{}`",
                spec.name
            ))
            .at(
                source,
                call.span.clone(),
                format!("`{}` is missing", spec.name),
            )
            .with_help(format!(
                "add `{}=…`: {} ({})",
                spec.name,
                spec.doc,
                spec.kind.describe()
            )));
        };
        values.insert(spec.name.to_string(), default.clone());
    }
    Ok(Args { values, given })
}

/// `name` or `[a, b]`.
fn names<'a>(f: &mut fmt::Formatter<'_>, names: impl Iterator<Item = &'a str>) -> fmt::Result {
    let names: Vec<&str> = names.collect();
    match &names[..] {
        [one] => f.write_str(one),
        many => write!(f, "[{}]", many.join(", ")),
    }
}

#[cfg(test)]
mod tests;
