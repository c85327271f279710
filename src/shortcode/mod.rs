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
//!         Ok(Expansion { html: format!("<strong>{text}</strong>"), markdown: format!("**{text}**"), text: None })
//!     }
//! }
//!
//! let mut registry = Registry::builtin();
//! registry.register(Box::new(Shout));
//! assert!(registry.get("shout").is_some());
//! ```

mod args;
pub mod grammar;

mod backoff_calculator;
mod backoff_chart;
mod backoff_delay;
mod backoff_libraries;
mod backoff_odds;
mod backoff_outage;
mod backoff_recovery;
pub(crate) mod backoff_table;
mod backoff_total;
mod calculator_recovery;
mod common;
pub mod guide;
mod recovery_args;
mod recovery_chart;
mod recovery_frontier;
mod recovery_table;
mod strips;
pub mod template;
pub mod writing;

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::diagnostic::{closest, Diagnostic, Source};
use crate::i18n::Lang;
use crate::timings::{time, Part, Timings};
pub use args::{ArgError, ArgKind, ArgSpec, ArgValue, Args};
pub use backoff_calculator::data_json as calculator_data_json;
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

/// Whether a shortcode takes a body: markdown between `<< name(...) >>` and `<< /name >>`, each
/// alone in its paragraph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyRule {
    /// A call without a body is an error.
    Required,
    /// With or without.
    Allowed,
    /// A body is an error (most shortcodes).
    Refused,
}

/// A call's body, rendered: HTML for the page, markdown for the twin.
#[derive(Clone, Copy, Debug)]
pub struct Body<'a> {
    /// The body's markdown rendered, its own shortcodes expanded.
    pub html: &'a str,
    /// The body's markdown with its shortcodes expanded (for the twin).
    pub markdown: &'a str,
}

/// What a shortcode knows about where it is being expanded.
#[derive(Clone, Debug)]
pub struct Context<'a> {
    /// The page's language.
    pub lang: Lang,
    /// The page's title.
    pub page_title: &'a str,
    /// The page's URL path (under the site's base path).
    pub page_path: &'a str,
    /// The site's base path, `/` or `/notes/`: where a shortcode's own links start (the
    /// calculator's scripts), and what links written from the site's root get.
    pub root: &'a str,
    /// Is the call alone in its paragraph?
    pub block: bool,
    /// UI strings of the page's language (template shortcodes see them).
    pub strings: Option<&'a BTreeMap<String, String>>,
    /// Where each call adds its time (`--timings`); `None` measures nothing.
    pub timings: Option<&'a Timings>,
    /// The call's body, when it has one.
    pub body: Option<Body<'a>>,
    /// Whether the page is searched: a shortcode that can tell what a reader sees of its HTML
    /// cheaper than the index reads it back gives it ([`Expansion::text`]).
    pub text: bool,
    /// Where the site keeps results that take long to compute (the frontiers of SPEC §9)
    /// between builds; `None` computes them every time.
    pub kept: Option<&'a crate::store::Store>,
}

impl<'a> Context<'a> {
    /// A context for a document in `lang` titled `title` at `path`, on a site at the root of its
    /// host: inline, without UI strings or timings (a page's own context comes from
    /// [`crate::pipeline::Pipeline::context`]).
    pub fn new(lang: Lang, title: &'a str, path: &'a str) -> Context<'a> {
        Context {
            lang,
            page_title: title,
            page_path: path,
            root: "/",
            block: false,
            strings: None,
            timings: None,
            body: None,
            text: false,
            kept: None,
        }
    }
}

/// A shortcode's output: HTML for the page, markdown for its `index.md` twin.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Expansion {
    /// HTML (a block element for block calls, phrasing content for inline ones).
    pub html: String,
    /// The same content as markdown (GFM tables for tables, plain text for values).
    pub markdown: String,
    /// What a reader sees of `html`, as the search index would read it from the HTML, when the
    /// shortcode made it on the way (only asked for when [`Context::text`]; see
    /// [`crate::html::Seen`]). `None`: the index reads the HTML.
    pub text: Option<String>,
}

/// A shortcode: a name, declared arguments, and a renderer.
pub trait Shortcode: Send + Sync {
    /// The name used in `<< name(...) >>`.
    fn name(&self) -> &str;
    /// Declared arguments.
    fn args(&self) -> &[ArgSpec];
    /// Block, inline, or both.
    fn placement(&self) -> Placement;
    /// What it renders, in a sentence (the user guide's shortcode reference).
    fn summary(&self) -> &str {
        ""
    }
    /// Whether it takes a body ([`Context::body`]); most do not.
    fn body(&self) -> BodyRule {
        BodyRule::Refused
    }
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

    /// The built-in shortcodes: `backoff_table`, `backoff_delay`, `backoff_total`,
    /// `backoff_odds`, `backoff_outage`, ...
    pub fn builtin() -> Registry {
        let mut r = Registry::empty();
        let schedules = Arc::new(common::Schedules::default());
        r.register(Box::new(backoff_table::BackoffTable(schedules.clone())));
        r.register(Box::new(backoff_delay::BackoffDelay));
        r.register(Box::new(backoff_total::BackoffTotal(schedules.clone())));
        r.register(Box::new(backoff_chart::BackoffChart(schedules.clone())));
        let recovery = Arc::new(common::RecoveryCache::default());
        let frontiers = Arc::new(common::FrontierCache::default());
        r.register(Box::new(backoff_calculator::BackoffCalculator(
            schedules,
            recovery.clone(),
            frontiers.clone(),
        )));
        let odds = Arc::new(common::OddsCache::default());
        r.register(Box::new(backoff_odds::BackoffOdds(odds.clone())));
        r.register(Box::new(backoff_outage::BackoffOutage(odds)));
        r.register(Box::new(backoff_libraries::BackoffLibraries));
        r.register(Box::new(backoff_recovery::BackoffRecovery(
            recovery, frontiers,
        )));
        r.register(Box::new(writing::Note));
        r.register(Box::new(writing::Details));
        r.register(Box::new(writing::Tabs));
        r.register(Box::new(writing::Tab));
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
        templates: &crate::templates::Templates,
    ) -> Result<Registry, Vec<Diagnostic>> {
        let mut out = self.clone();
        let mut errors = Vec::new();
        for t in template::load(templates)? {
            // The writing shortcodes are the theme's look: a site may restyle them.
            if self.get(t.name()).is_some() && !writing::REPLACEABLE.contains(&t.name()) {
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
        if !grammar::is_name(&call.name) {
            // Turkish letters folded (`tablo_şğı` → `tablo_sgi`): the name meant, if there is one.
            let folded = crate::content::slugify(&call.name).replace('-', "_");
            let suggestion = match self.get(&folded) {
                Some(_) => Some(folded.as_str()),
                None => closest(&folded, self.names()),
            };
            return Err(Diagnostic::error(format!(
                "`{}` is not a shortcode name: shortcode names are ASCII letters, digits and `_`, \
                 starting with a letter",
                call.name
            ))
            .at(source, call.name_span.clone(), "not a shortcode name")
            .with_suggestion(suggestion)
            .with_help("to write `<<` as text, escape it: `\\<<`"));
        }
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
        match (shortcode.body(), ctx.body.is_some()) {
            (BodyRule::Required, false) => {
                return Err(Diagnostic::error(format!(
                    "`{}` needs a body, and this call has none",
                    call.name
                ))
                .at(source, call.span.clone(), "no body follows")
                .with_help(format!(
                    "write the body after it and close it with `<< /{} >>`, each alone in its \
                     paragraph",
                    call.name
                )))
            }
            (BodyRule::Refused, true) => {
                return Err(Diagnostic::error(format!("`{}` takes no body", call.name))
                    .at(source, call.span.clone(), "its body starts after this")
                    .with_help(format!("remove `<< /{} >>`", call.name)))
            }
            _ => {}
        }
        let args = args::check(shortcode.name(), shortcode.args(), call, source)?;
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
