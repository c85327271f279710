//! Template shortcodes: `templates/shortcodes/NAME.html` becomes `<< NAME(...) >>`.
//!
//! The file opens with a Tera comment holding a YAML declaration of its arguments, so type errors
//! and "did you mean" work exactly as for the built-in shortcodes:
//!
//! ```text
//! {#
//! placement: block            # block | inline | both (default both)
//! doc: A callout box.
//! args:
//!   - { name: kind, type: choice, choices: [note, tip, warning], default: note }
//!   - { name: title, type: string, default: "" }
//!   - { name: text, type: string, required: true, doc: the message }
//! #}
//! <aside class="callout callout-{{ args.kind }}">…</aside>
//! ```
//!
//! Types: `duration`, `duration_or_none`, `number`, `integer`, `bool`, `string`, `choice`
//! (with `choices`), `strategies`. The template sees `args` (durations in milliseconds, `none` as
//! null), `lang`, `page` (`title`, `url`), `block` and `t` (the page language's UI strings).

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value as Json};

use super::{ArgError, ArgKind, ArgSpec, Args, Context, Expansion, Placement, Shortcode, Value};
use crate::diagnostic::{closest, Diagnostic, Source};
use crate::render::{tera_error, Templates, TEMPLATES_DIR};

/// Folder of template shortcodes inside `templates/`.
pub const SHORTCODES_DIR: &str = "shortcodes";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Declaration {
    #[serde(default)]
    placement: Option<String>,
    /// For people reading the template; accepted and not used.
    #[serde(default)]
    #[allow(dead_code)]
    doc: Option<String>,
    #[serde(default)]
    args: Vec<ArgDecl>,
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

const TYPES: [&str; 8] = [
    "duration",
    "duration_or_none",
    "number",
    "integer",
    "bool",
    "string",
    "choice",
    "strategies",
];

/// A shortcode rendered by a Tera template of the site.
pub struct TemplateShortcode {
    name: String,
    template: String,
    placement: Placement,
    args: Vec<ArgSpec>,
    tera: Arc<tera::Tera>,
}

/// Reads the declaration of every `templates/shortcodes/*.html`.
pub fn load(root: &Path, templates: &Templates) -> Result<Vec<TemplateShortcode>, Vec<Diagnostic>> {
    let dir = root.join(TEMPLATES_DIR).join(SHORTCODES_DIR);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    if !dir.exists() {
        return Ok(out);
    }
    let mut entries: Vec<_> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            return Err(vec![Diagnostic::error(format!(
                "cannot read {}: {e}",
                dir.display()
            ))])
        }
    };
    entries.sort();
    for path in entries {
        if path.extension().is_none_or(|x| x != "html") {
            continue;
        }
        let Some(name) = path
            .file_stem()
            .and_then(|s| s.to_str())
            .map(str::to_string)
        else {
            continue;
        };
        let rel = format!("{TEMPLATES_DIR}/{SHORTCODES_DIR}/{name}.html");
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                errors.push(Diagnostic::error(format!("cannot read {rel}: {e}")));
                continue;
            }
        };
        let source = Source::new(rel, text);
        match parse(&name, &source, templates) {
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
    let head = || 0..text.find('\n').unwrap_or(text.len()).max(1);
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || name.is_empty() {
        return Err(Diagnostic::error(format!(
            "`{name}` cannot be a shortcode name; use letters, digits and `_`"
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
    let decl: Declaration = serde_yaml::from_str(yaml)
        .map_err(|e| crate::content::yaml_diagnostic(source, yaml_at, &e))?;
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
    let mut args = Vec::new();
    for a in decl.args {
        let kind = match a.kind.as_str() {
            "duration" => ArgKind::Duration,
            "duration_or_none" => ArgKind::DurationOrNone,
            "number" => ArgKind::Number,
            "integer" => ArgKind::Integer,
            "bool" => ArgKind::Bool,
            "string" => ArgKind::Str,
            "strategies" => ArgKind::Strategies,
            "libraries" => ArgKind::Libraries,
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
                ArgKind::Str => "\"\"".to_string(),
                _ => "none".to_string(),
            }),
            (Some(v), false) => Some(default_text(v, &kind)),
        };
        let spec = ArgSpec {
            name: Cow::Owned(a.name.clone()),
            kind,
            default: default.clone().map(Cow::Owned),
            doc: Cow::Owned(a.doc.unwrap_or_default()),
        };
        if let Some(d) = &default {
            let src = format!("<<d(v={d})>>");
            let checked = super::grammar::parse_call(&src, 0, src.len())
                .ok()
                .and_then(|c| c.args.into_iter().next())
                .map(|arg| super::check_value(&spec, &arg.value));
            let ok = matches!(checked, Some(Ok(_)))
                || (d == "none" && !matches!(spec.kind, ArgKind::Str));
            if !ok {
                return Err(Diagnostic::error(format!(
                    "the default of `{}` is not {}",
                    a.name,
                    spec.kind.describe()
                ))
                .at(source, at(&a.name), "here"));
            }
        }
        args.push(spec);
    }
    let template = format!("{SHORTCODES_DIR}/{name}.html");
    Ok(TemplateShortcode {
        name: name.to_string(),
        template,
        placement,
        args,
        tera: templates.shared_tera(),
    })
}

/// A YAML default written back in shortcode syntax.
fn default_text(v: &serde_yaml::Value, kind: &ArgKind) -> String {
    match v {
        serde_yaml::Value::String(s) if matches!(kind, ArgKind::Str) => {
            format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
        }
        serde_yaml::Value::String(s) => s.clone(),
        serde_yaml::Value::Bool(b) => b.to_string(),
        serde_yaml::Value::Number(n) => n.to_string(),
        serde_yaml::Value::Null => "none".into(),
        other => serde_yaml::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

/// Arguments as template values. Whole numbers are integers, so a template writes `640`, not
/// `640.0`.
fn to_json(v: &Value) -> Json {
    let number = |x: f64| super::common::whole(x).map_or_else(|| json!(x), |n| json!(n));
    match v {
        Value::Duration(d) => number(d.as_ms()),
        Value::Number(n) => number(*n),
        Value::Bool(b) => json!(b),
        Value::Str(s) | Value::Word(s) => json!(s),
        Value::List(items) => Json::Array(items.iter().map(|i| to_json(&i.value)).collect()),
        Value::None => Json::Null,
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
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let mut c = tera::Context::new();
        let values: serde_json::Map<String, Json> = args
            .iter()
            .map(|(k, v)| (k.to_string(), to_json(v)))
            .collect();
        c.insert("args", &values);
        c.insert("lang", ctx.lang.code());
        c.insert("block", &ctx.block);
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
        })
    }
}
