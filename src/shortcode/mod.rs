//! Shortcodes: the grammar ([`grammar`]), the [`Shortcode`] trait, typed argument declarations
//! ([`ArgSpec`]) and the [`Registry`] that checks a call against them. Each built-in shortcode
//! lives in its own file and declares its arguments, so "unknown argument", "missing argument",
//! "wrong type" and "did you mean" come from one place for all of them.
//!
//! A program embedding sade adds its own with [`Registry::register`]:
//!
//! ```
//! use sade::shortcode::{ArgKind, ArgSpec, Args, ArgError, Context, Expansion, Placement, Registry, Shortcode};
//!
//! struct Shout;
//! impl Shortcode for Shout {
//!     fn name(&self) -> &str { "shout" }
//!     fn args(&self) -> &[ArgSpec] {
//!         const ARGS: &[ArgSpec] = &[ArgSpec::required("text", ArgKind::Str, "what to shout")];
//!         ARGS
//!     }
//!     fn placement(&self) -> Placement { Placement::Inline }
//!     fn render(&self, args: &Args, _ctx: &Context) -> Result<Expansion, ArgError> {
//!         let text = args.str("text")?.to_uppercase();
//!         Ok(Expansion { html: format!("<strong>{text}</strong>"), markdown: format!("**{text}**") })
//!     }
//! }
//!
//! let mut registry = Registry::builtin();
//! registry.register(Box::new(Shout));
//! assert!(registry.get("shout").is_some());
//! ```

pub mod grammar;

mod backoff_calculator;
mod backoff_chart;
mod backoff_delay;
mod backoff_libraries;
mod backoff_table;
mod backoff_total;
mod common;
pub mod template;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use crate::backoff::Delay;
use crate::diagnostic::{closest, Diagnostic, Source};
use crate::i18n::Lang;
use crate::timings::{time, Part, Timings};
pub use common::{escape, escape_pieces, push_escaped, push_float, whole};
pub use grammar::{Call, Spanned, Value};

/// Where a shortcode may stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Alone in its paragraph (tables, charts, forms).
    Block,
    /// Inside a sentence (a single value).
    Inline,
    /// Either.
    Both,
}

/// The type of an argument.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// `100ms`, `1.5s`, `2m`, `1h`.
    Duration,
    /// A duration or `none`.
    DurationOrNone,
    /// Any finite number.
    Number,
    /// A whole number ≥ 0.
    Integer,
    /// `true` / `false`.
    Bool,
    /// `"text"` (a bare word is accepted too).
    Str,
    /// One of the listed words.
    Choice(Cow<'static, [Cow<'static, str>]>),
    /// `all`, a strategy name, or a list of strategy names.
    Strategies,
    /// `all`, a retry library's id, or a list of ids (SPEC §6).
    Libraries,
}

impl ArgKind {
    fn describe(&self) -> String {
        match self {
            ArgKind::Duration => "a duration such as `100ms`, `1.5s`, `2m` or `1h`".into(),
            ArgKind::DurationOrNone => "a duration such as `30s`, or `none`".into(),
            ArgKind::Number => "a number".into(),
            ArgKind::Integer => "a whole number".into(),
            ArgKind::Bool => "`true` or `false`".into(),
            ArgKind::Str => "a \"string\"".into(),
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
                crate::libraries::Library::ids()
            ),
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
    /// Default, written in shortcode syntax (`"2"`, `"none"`, `"all"`); `None` = required.
    pub default: Option<Cow<'static, str>>,
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
    /// An optional argument with a default written in shortcode syntax.
    pub const fn optional(
        name: &'static str,
        kind: ArgKind,
        default: &'static str,
        doc: &'static str,
    ) -> ArgSpec {
        ArgSpec {
            name: Cow::Borrowed(name),
            kind,
            default: Some(Cow::Borrowed(default)),
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
    values: BTreeMap<String, Value>,
}

impl Args {
    fn get(&self, name: &str) -> Result<&Value, ArgError> {
        self.values
            .get(name)
            .ok_or_else(|| ArgError::new(name, format!("`{name}` is not declared")))
    }

    /// A duration argument.
    pub fn duration(&self, name: &str) -> Result<Delay, ArgError> {
        match self.get(name)? {
            Value::Duration(d) => Ok(*d),
            v => Err(ArgError::new(name, format!("`{name}` is {}", v.kind()))),
        }
    }
    /// A duration-or-none argument.
    pub fn duration_or_none(&self, name: &str) -> Result<Option<Delay>, ArgError> {
        match self.get(name)? {
            Value::None => Ok(None),
            _ => self.duration(name).map(Some),
        }
    }
    /// A number argument.
    pub fn number(&self, name: &str) -> Result<f64, ArgError> {
        match self.get(name)? {
            Value::Number(n) => Ok(*n),
            v => Err(ArgError::new(name, format!("`{name}` is {}", v.kind()))),
        }
    }
    /// A whole-number argument.
    pub fn integer(&self, name: &str) -> Result<u64, ArgError> {
        self.number(name).map(|n| n as u64)
    }
    /// A boolean argument.
    pub fn bool(&self, name: &str) -> Result<bool, ArgError> {
        match self.get(name)? {
            Value::Bool(b) => Ok(*b),
            v => Err(ArgError::new(name, format!("`{name}` is {}", v.kind()))),
        }
    }
    /// A string (or bare word) argument.
    pub fn str(&self, name: &str) -> Result<&str, ArgError> {
        match self.get(name)? {
            Value::Str(s) | Value::Word(s) => Ok(s),
            v => Err(ArgError::new(name, format!("`{name}` is {}", v.kind()))),
        }
    }
    /// The raw value (for template shortcodes).
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }
    /// Names and values, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v))
    }
}

/// What a shortcode knows about where it is being expanded.
#[derive(Clone, Debug)]
pub struct Context<'a> {
    /// The page's language.
    pub lang: Lang,
    /// The page's title.
    pub page_title: &'a str,
    /// The page's site-relative URL path.
    pub page_path: &'a str,
    /// Is the call alone in its paragraph?
    pub block: bool,
    /// UI strings of the page's language (template shortcodes see them).
    pub strings: Option<&'a BTreeMap<String, String>>,
    /// Where each call adds its time (`--timings`); `None` measures nothing.
    pub timings: Option<&'a Timings>,
}

/// A shortcode's output: HTML for the page, markdown for its `index.md` twin.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expansion {
    /// HTML (a block element for block calls, phrasing content for inline ones).
    pub html: String,
    /// The same content as markdown (GFM tables for tables, plain text for values).
    pub markdown: String,
}

/// A shortcode: a name, declared arguments, and a renderer.
pub trait Shortcode: Send + Sync {
    /// The name used in `<< name(...) >>`.
    fn name(&self) -> &str;
    /// Declared arguments.
    fn args(&self) -> &[ArgSpec];
    /// Block, inline, or both.
    fn placement(&self) -> Placement;
    /// Renders checked arguments.
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError>;
}

/// All shortcodes a build knows, by name.
#[derive(Clone)]
pub struct Registry {
    shortcodes: BTreeMap<String, Arc<dyn Shortcode>>,
}

impl Registry {
    /// An empty registry.
    pub fn empty() -> Registry {
        Registry {
            shortcodes: BTreeMap::new(),
        }
    }

    /// The built-in shortcodes: `backoff_table`, `backoff_delay`, `backoff_total`, ...
    pub fn builtin() -> Registry {
        let mut r = Registry::empty();
        let schedules = Arc::new(common::Schedules::default());
        r.register(Box::new(backoff_table::BackoffTable(schedules.clone())));
        r.register(Box::new(backoff_delay::BackoffDelay));
        r.register(Box::new(backoff_total::BackoffTotal(schedules.clone())));
        r.register(Box::new(backoff_chart::BackoffChart(schedules.clone())));
        r.register(Box::new(backoff_calculator::BackoffCalculator(schedules)));
        r.register(Box::new(backoff_libraries::BackoffLibraries));
        r
    }

    /// Adds (or replaces) a shortcode.
    pub fn register(&mut self, shortcode: Box<dyn Shortcode>) {
        self.shortcodes
            .insert(shortcode.name().to_string(), Arc::from(shortcode));
    }

    /// The shortcode called `name`.
    pub fn get(&self, name: &str) -> Option<&dyn Shortcode> {
        self.shortcodes.get(name).map(|b| b.as_ref())
    }

    /// This registry plus the site's template shortcodes. A template may not replace a
    /// built-in shortcode of the same name.
    pub fn with_templates(
        &self,
        root: &std::path::Path,
        templates: &crate::render::Templates,
    ) -> Result<Registry, Vec<Diagnostic>> {
        let mut out = self.clone();
        let mut errors = Vec::new();
        for t in template::load(root, templates)? {
            if self.get(t.name()).is_some() {
                errors.push(
                    Diagnostic::error(format!(
                        "templates/shortcodes/{}.html would replace the built-in shortcode `{}`",
                        t.name(),
                        t.name()
                    ))
                    .with_help("rename the template"),
                );
                continue;
            }
            out.register(Box::new(t));
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors)
        }
    }

    /// Names of all shortcodes.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.shortcodes.keys().map(String::as_str)
    }

    /// Checks `call` against its shortcode's declaration and renders it.
    /// Every problem becomes a diagnostic pointing into `source`.
    pub fn expand(
        &self,
        call: &Call,
        source: &Source,
        ctx: &Context,
    ) -> Result<Expansion, Diagnostic> {
        let Some(shortcode) = self.get(&call.name) else {
            return Err(
                Diagnostic::error(format!("unknown shortcode `{}`", call.name))
                    .at(source, call.name_span.clone(), "no shortcode has this name")
                    .with_suggestion(closest(&call.name, self.names()))
                    .with_help(format!(
                        "known shortcodes: {}",
                        self.names().collect::<Vec<_>>().join(", ")
                    )),
            );
        };
        if shortcode.placement() == Placement::Block && !ctx.block {
            return Err(Diagnostic::error(format!(
                "`{}` is a block shortcode, but it stands inside a sentence",
                call.name
            ))
            .at(source, call.span.clone(), "not alone in its paragraph")
            .with_help("put it in a paragraph of its own, with blank lines around it"));
        }
        let args = check_args(shortcode, call, source)?;
        time(ctx.timings, Part::Shortcode, shortcode.name(), || {
            shortcode.render(&args, ctx)
        })
        .map_err(|e| {
            let (span, label) = match e
                .arg
                .as_deref()
                .and_then(|a| call.args.iter().find(|x| x.name == a))
            {
                Some(arg) => (arg.value.span.clone(), "this value"),
                None => (call.span.clone(), "in this shortcode"),
            };
            let mut d = Diagnostic::error(e.message).at(source, span, label);
            if let Some(h) = e.help {
                d = d.with_help(h);
            }
            d
        })
    }
}

fn check_args(shortcode: &dyn Shortcode, call: &Call, source: &Source) -> Result<Args, Diagnostic> {
    let specs = shortcode.args();
    let mut values = BTreeMap::new();
    for arg in &call.args {
        let Some(spec) = specs.iter().find(|s| s.name == arg.name) else {
            let names = specs.iter().map(|s| s.name.as_ref());
            return Err(Diagnostic::error(format!(
                "`{}` has no argument `{}`",
                call.name, arg.name
            ))
            .at(source, arg.name_span.clone(), "unknown argument")
            .with_suggestion(closest(&arg.name, names.clone()))
            .with_help(format!(
                "arguments of `{}`: {}",
                call.name,
                names.collect::<Vec<_>>().join(", ")
            )));
        };
        let value = check_value(spec, &arg.value).map_err(|(msg, help)| {
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
    for spec in specs {
        if values.contains_key(spec.name.as_ref()) {
            continue;
        }
        match &spec.default {
            Some(text) => {
                let value = default_value(text);
                values.insert(spec.name.to_string(), value);
            }
            None => {
                return Err(Diagnostic::error(format!(
                    "`{}` needs the argument `{}`",
                    call.name, spec.name
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
                )))
            }
        }
    }
    Ok(Args { values })
}

/// Parses a default written in shortcode syntax. Defaults are the program's own text, so a bad
/// one is a bug in the declaration; it falls back to a string rather than panicking.
fn default_value(text: &str) -> Value {
    let src = format!("<<d(v={text})>>");
    grammar::parse_call(&src, 0, src.len())
        .ok()
        .and_then(|c| c.args.into_iter().next())
        .map(|a| a.value.value)
        .unwrap_or_else(|| Value::Str(text.to_string()))
}

fn check_value(spec: &ArgSpec, v: &Spanned) -> Result<Value, (String, Option<String>)> {
    let wrong = |extra: Option<String>| {
        Err((
            format!(
                "`{}` must be {}, not {} (`{}`)",
                spec.name,
                spec.kind.describe(),
                v.value.kind(),
                v.text
            ),
            extra,
        ))
    };
    match (&spec.kind, &v.value) {
        (ArgKind::Duration | ArgKind::DurationOrNone, Value::Duration(_)) => Ok(v.value.clone()),
        (ArgKind::DurationOrNone, Value::None) => Ok(Value::None),
        (ArgKind::Duration | ArgKind::DurationOrNone, Value::Number(n)) => wrong(Some(format!(
            "a bare number is not a duration: write `{n}ms` or `{n}s`"
        ))),
        (ArgKind::Number, Value::Number(_)) => Ok(v.value.clone()),
        (ArgKind::Integer, Value::Number(n)) if n.fract() == 0.0 && *n >= 0.0 => {
            Ok(v.value.clone())
        }
        (ArgKind::Integer, Value::Number(_)) => wrong(Some(
            "write a whole number without a sign or fraction".into(),
        )),
        (ArgKind::Bool, Value::Bool(_)) => Ok(v.value.clone()),
        (ArgKind::Str, Value::Str(_) | Value::Word(_)) => Ok(v.value.clone()),
        (ArgKind::Choice(choices), Value::Word(w)) => {
            if choices.iter().any(|c| c == w) {
                Ok(v.value.clone())
            } else {
                Err((
                    format!("`{}` cannot be `{w}`", spec.name),
                    Some(match closest(w, choices.iter().map(|c| c.as_ref())) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!("use {}", spec.kind.describe()),
                    }),
                ))
            }
        }
        (ArgKind::Strategies, Value::Word(w)) => {
            if w == "all" || crate::backoff::Strategy::from_name(w).is_some() {
                Ok(v.value.clone())
            } else {
                Err(strategy_error(w))
            }
        }
        (ArgKind::Strategies, Value::None) => Ok(Value::Word("none".into())),
        (ArgKind::Strategies, Value::List(items)) => {
            for item in items {
                match &item.value {
                    Value::Word(w) if crate::backoff::Strategy::from_name(w).is_some() => {}
                    Value::None => {}
                    Value::Word(w) => return Err(strategy_error(w)),
                    _ => return wrong(None),
                }
            }
            if items.is_empty() {
                return wrong(Some("name at least one strategy".into()));
            }
            Ok(v.value.clone())
        }
        (ArgKind::Libraries, Value::Word(w)) => {
            if w == "all" || crate::libraries::Library::from_id(w).is_some() {
                Ok(v.value.clone())
            } else {
                Err(library_error(w))
            }
        }
        (ArgKind::Libraries, Value::List(items)) => {
            for item in items {
                match &item.value {
                    Value::Word(w) if crate::libraries::Library::from_id(w).is_some() => {}
                    Value::Word(w) => return Err(library_error(w)),
                    _ => return wrong(None),
                }
            }
            if items.is_empty() {
                return wrong(Some("name at least one library".into()));
            }
            Ok(v.value.clone())
        }
        _ => wrong(None),
    }
}

fn library_error(word: &str) -> (String, Option<String>) {
    let e = crate::libraries::UnknownLibrary::new(word);
    (
        format!("unknown retry library `{word}`"),
        Some(match e.suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("use all, or {}", crate::libraries::Library::ids()),
        }),
    )
}

fn strategy_error(word: &str) -> (String, Option<String>) {
    let names = ["all", "none", "full", "equal", "decorrelated"];
    (
        format!("unknown jitter strategy `{word}`"),
        Some(match closest(word, names) {
            Some(s) => format!("did you mean `{s}`?"),
            None => "use all, none, full, equal or decorrelated".into(),
        }),
    )
}
