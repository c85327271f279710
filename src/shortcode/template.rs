//! Template shortcodes: `templates/shortcodes/NAME.html` becomes `<< NAME(...) >>`.
//!
//! The file opens with a Tera comment holding a YAML declaration of its arguments, so type errors
//! and "did you mean" work exactly as for the built-in shortcodes:
//!
//! ```text
//! {#
//! placement: block            # block | inline | both (default both)
//! body: allowed               # required | allowed | refused (default refused)
//! doc: A callout box.
//! args:
//!   - { name: kind, type: choice, choices: [note, tip, warning], default: note }
//!   - { name: title, type: string, default: "" }
//!   - { name: text, type: string, required: true, doc: the message }
//! #}
//! <aside class="callout callout-{{ args.kind }}">…</aside>
//! ```
//!
//! Types: `duration`, `duration_or_none`, `number`, `integer`, `bool`, `string`, `url`, `choice`
//! (with `choices`), `strategies`. The template sees `body` (a call's rendered body, to write
//! `{{ body | safe }}`; null without one), `args` (durations in milliseconds, `none` as
//! null, a `url` written from the site's root under its base path), `lang`, `page` (`title`,
//! `url`), `root` (the site's base path, `/` or `/notes/`), `block` and `t` (the page language's
//! UI strings).

use std::borrow::Cow;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value as Json};

use super::{
    ArgError, ArgKind, ArgSpec, ArgValue, Args, BodyRule, Context, Expansion, Placement, Shortcode,
    Value,
};
use crate::diagnostic::{closest, Diagnostic, Source};
use crate::templates::{tera_error, Templates};

/// Folder of template shortcodes inside `templates/`.
pub const SHORTCODES_DIR: &str = "shortcodes";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Declaration {
    #[serde(default)]
    placement: Option<String>,
    /// What it renders, in a sentence (the user guide's reference).
    #[serde(default)]
    doc: Option<String>,
    #[serde(default)]
    args: Vec<ArgDecl>,
    /// Whether a call takes a body: `required`, `allowed` or `refused` (the default).
    #[serde(default)]
    body: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArgDecl {
    name: String,
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    choices: Vec<String>,
    #[serde(default)]
    default: Option<serde_yaml::Value>,
    #[serde(default)]
    required: bool,
    #[serde(default)]
    doc: Option<String>,
}

/// Every key of a declaration, at either level.
const DECLARATION_KEYS: [&str; 9] = [
    "placement",
    "body",
    "doc",
    "args",
    "name",
    "type",
    "choices",
    "default",
    "required",
];

const TYPES: [&str; 13] = [
    "duration",
    "duration_or_none",
    "number",
    "integer",
    "integer_or_none",
    "bool",
    "string",
    "url",
    "choice",
    "strategies",
    "libraries",
    "budgets",
    "breakers",
];

/// A shortcode rendered by a Tera template of the site.
pub struct TemplateShortcode {
    name: String,
    template: String,
    placement: Placement,
    body: BodyRule,
    args: Vec<ArgSpec>,
    /// Its declaration's `doc`.
    summary: String,
    tera: Arc<tera::Tera>,
}

/// Reads the declaration of every template shortcode: `shortcodes/*.html` of the loaded
/// templates, the built-in theme's and the site's own `templates/shortcodes/` (which replaces a
/// built-in one of the same name).
pub fn load(templates: &Templates) -> Result<Vec<TemplateShortcode>, Vec<Diagnostic>> {
    let prefix = format!("{SHORTCODES_DIR}/");
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for (name, source) in templates.sources() {
        let Some(name) = name
            .strip_prefix(&prefix)
            .and_then(|n| n.strip_suffix(".html"))
            .filter(|n| !n.contains('/'))
        else {
            continue;
        };
        match parse(name, source, templates) {
            Ok(s) => out.push(s),
            Err(d) => errors.push(d),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

fn parse(
    name: &str,
    source: &Source,
    templates: &Templates,
) -> Result<TemplateShortcode, Diagnostic> {
    let text = &source.text;
    // The first line (or nothing, in an empty file).
    let head = || 0..text.split(['\n', '\r']).next().unwrap_or("").len();
    if !super::grammar::is_name(name) {
        return Err(Diagnostic::error(format!(
            "`{name}` cannot be a shortcode name; use ASCII letters, digits and `_`, starting \
             with a letter"
        ))
        .at(source, head(), "in this file"));
    }
    let Some(start) = text.find("{#").filter(|&i| text[..i].trim().is_empty()) else {
        return Err(Diagnostic::error(format!(
            "template shortcode `{name}` does not declare its arguments"
        ))
        .at(source, head(), "expected `{#` with a YAML declaration here")
        .with_help("start the file with {# args: [...] #}; see the README"));
    };
    let Some(len) = text[start..].find("#}") else {
        return Err(
            Diagnostic::error("the declaration comment is never closed").at(
                source,
                start..start + 2,
                "opened here",
            ),
        );
    };
    let yaml_at = start + 2;
    let yaml = &text[yaml_at..start + len];
    let decl: Declaration = serde_yaml::from_str(yaml).map_err(|e| {
        Diagnostic::yaml(
            source,
            yaml_at,
            &e,
            "shortcode declaration",
            &DECLARATION_KEYS,
        )
    })?;
    let at = |needle: &str| {
        let i = yaml.find(needle).map_or(yaml_at, |i| yaml_at + i);
        i..i + needle.len().max(1)
    };
    let placement = match decl.placement.as_deref() {
        None | Some("both") => Placement::Both,
        Some("block") => Placement::Block,
        Some("inline") => Placement::Inline,
        Some(other) => {
            return Err(Diagnostic::error(format!("unknown placement `{other}`"))
                .at(source, at(other), "here")
                .with_suggestion(closest(other, ["block", "inline", "both"])))
        }
    };
    let body = match decl.body.as_deref() {
        None | Some("refused") => BodyRule::Refused,
        Some("allowed") => BodyRule::Allowed,
        Some("required") => BodyRule::Required,
        Some(other) => {
            return Err(Diagnostic::error(format!("unknown body rule `{other}`"))
                .at(source, at(other), "here")
                .with_suggestion(closest(other, ["required", "allowed", "refused"])))
        }
    };
    let mut args = Vec::new();
    for a in decl.args {
        let kind = match a.kind.as_str() {
            "duration" => ArgKind::Duration,
            "duration_or_none" => ArgKind::DurationOrNone,
            "number" => ArgKind::Number,
            "integer" => ArgKind::Integer,
            "bool" => ArgKind::Bool,
            "string" => ArgKind::Str,
            "url" => ArgKind::Url,
            "strategies" => ArgKind::Strategies,
            "libraries" => ArgKind::Libraries,
            "budgets" => ArgKind::Budgets,
            "breakers" => ArgKind::Breakers,
            "integer_or_none" => ArgKind::IntegerOrNone,
            "choice" if !a.choices.is_empty() => ArgKind::Choice(Cow::Owned(
                a.choices.iter().cloned().map(Cow::Owned).collect(),
            )),
            "choice" => {
                return Err(Diagnostic::error(format!(
                    "`{}` is a choice without `choices`",
                    a.name
                ))
                .at(source, at(&a.name), "here"))
            }
            other => {
                return Err(
                    Diagnostic::error(format!("unknown argument type `{other}`"))
                        .at(source, at(other), "here")
                        .with_suggestion(closest(other, TYPES))
                        .with_help(format!("types: {}", TYPES.join(", "))),
                )
            }
        };
        let default = match (&a.default, a.required) {
            (Some(_), true) => {
                return Err(Diagnostic::error(format!(
                    "`{}` is required and has a default; choose one",
                    a.name
                ))
                .at(source, at(&a.name), "here"))
            }
            (None, true) => None,
            (None, false) => Some(match kind {
                ArgKind::Str => ArgValue::Str(Cow::Borrowed("")),
                _ => ArgValue::Absent,
            }),
            (Some(v), false) => Some(default_value(&a.name, v, &kind).map_err(|_| {
                Diagnostic::error(format!(
                    "the default of `{}` is not {}",
                    a.name,
                    kind.describe()
                ))
                .at(source, at(&a.name), "here")
            })?),
        };
        let spec = ArgSpec {
            name: Cow::Owned(a.name.clone()),
            kind,
            default,
            doc: Cow::Owned(a.doc.unwrap_or_default()),
        };
        args.push(spec);
    }
    let template = format!("{SHORTCODES_DIR}/{name}.html");
    Ok(TemplateShortcode {
        name: name.to_string(),
        template,
        placement,
        body,
        args,
        summary: decl.doc.unwrap_or_default(),
        tera: templates.shared_tera(),
    })
}

/// A default declared in YAML, read as the argument's kind reads a value written in a call:
/// text for strings, otherwise the YAML value's text (`100ms`, `3`, `none`, `[full, equal]`)
/// as one shortcode value.
fn default_value(name: &str, v: &serde_yaml::Value, kind: &ArgKind) -> Result<ArgValue, ()> {
    use serde_yaml::Value as Y;
    let text = match (v, kind) {
        (Y::String(s), ArgKind::Str) => return Ok(ArgValue::Str(Cow::Owned(s.clone()))),
        (Y::String(s), ArgKind::Url) => return Ok(ArgValue::Url(s.clone())),
        (Y::String(s), _) => s.clone(),
        (Y::Bool(b), _) => b.to_string(),
        (Y::Number(n), _) => n.to_string(),
        (Y::Null, _) => "none".into(),
        (Y::Sequence(items), _) => {
            let words: Option<Vec<&str>> = items.iter().map(Y::as_str).collect();
            format!("[{}]", words.ok_or(())?.join(", "))
        }
        _ => return Err(()),
    };
    let value = super::grammar::parse_value(&text).map_err(|_| ())?;
    // `none` for a kind that has no `none` of its own: no default, the template sees null.
    if value.value == Value::None && !matches!(kind, ArgKind::DurationOrNone | ArgKind::Strategies)
    {
        return Ok(ArgValue::Absent);
    }
    kind.check(name, &value).map_err(|_| ())
}

/// Arguments as template values. Whole numbers are integers, so a template writes `640`, not
/// `640.0`; durations are in milliseconds; strategies are a list of names; a link written from
/// the site's root is under the base path `root`.
fn to_json(v: &ArgValue, root: &str) -> Json {
    let number = |x: f64| crate::html::whole(x).map_or_else(|| json!(x), |n| json!(n));
    match v {
        ArgValue::Duration(d) | ArgValue::DurationOrNone(Some(d)) => number(d.as_ms()),
        ArgValue::DurationOrNone(None) | ArgValue::Absent => Json::Null,
        ArgValue::Number(n) => number(*n),
        ArgValue::Integer(n) => json!(n),
        ArgValue::Bool(b) => json!(b),
        ArgValue::Str(s) => json!(s),
        ArgValue::Url(s) => json!(crate::urls::rooted(root, s)),
        ArgValue::Strategies(s) => Json::Array(s.iter().map(|s| json!(s.name())).collect()),
        ArgValue::Libraries(l) => Json::Array(l.iter().map(|l| json!(l.id())).collect()),
        ArgValue::Budgets(b) => Json::Array(b.iter().map(|b| json!(b.name())).collect()),
        ArgValue::Breakers(b) => Json::Array(b.iter().map(|b| json!(b.name())).collect()),
        ArgValue::IntegerOrNone(n) => n.map_or(Json::Null, |n| json!(n)),
    }
}

impl Shortcode for TemplateShortcode {
    fn name(&self) -> &str {
        &self.name
    }
    fn args(&self) -> &[ArgSpec] {
        &self.args
    }
    fn placement(&self) -> Placement {
        self.placement
    }
    fn summary(&self) -> &str {
        &self.summary
    }
    fn body(&self) -> BodyRule {
        self.body
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let mut c = tera::Context::new();
        let values: serde_json::Map<String, Json> = args
            .iter()
            .map(|(k, v)| (k.to_string(), to_json(v, ctx.root)))
            .collect();
        c.insert("args", &values);
        c.insert("lang", ctx.lang.code());
        c.insert("block", &ctx.block);
        // The rendered body (write it `{{ body | safe }}`), or null.
        c.insert("body", &ctx.body.map(|b| b.html));
        c.insert("root", ctx.root);
        c.insert(
            "page",
            &json!({"title": ctx.page_title, "url": ctx.page_path}),
        );
        match ctx.strings {
            Some(t) => c.insert("t", t),
            None => c.insert("t", &json!({})),
        }
        let html = self.tera.render(&self.template, &c).map_err(|e| ArgError {
            arg: None,
            message: format!("rendering templates/{}: {}", self.template, tera_error(&e)),
            help: None,
        })?;
        let html = html.trim().to_string();
        let html = if ctx.block { format!("{html}\n") } else { html };
        Ok(Expansion {
            markdown: html.clone(),
            html,
            text: None,
        })
    }
}
