//! Stage 4 — templates: one owned [`Tera`] with the built-in theme's templates ([`crate::theme`])
//! and, in place of any of them or beside them, the site's own `templates/**/*.html`; and the UI
//! strings of each language: the theme's `strings/{tr,en}.yaml` with the keys of the site's
//! `templates/strings/{tr,en}.yaml` over them (same keys in both languages; a key missing in one
//! is an error, and a template asking for a key that does not exist fails the build).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use tera::Tera;

use crate::diagnostic::{Diagnostic, Source};
use crate::i18n::Lang;
use crate::timings::{time, Part, Timings};

/// Folder of the templates, relative to the site root.
pub const TEMPLATES_DIR: &str = "templates";

/// UI strings of one language.
pub type Strings = BTreeMap<String, String>;

/// The site's templates and UI strings.
pub struct Templates {
    tera: Arc<Tera>,
    strings: BTreeMap<Lang, Strings>,
    /// Each template's file by template name, to point errors into it.
    sources: BTreeMap<String, Source>,
    /// Where renders add their time (`--timings`).
    timings: Option<Arc<Timings>>,
}

/// [`crate::html::escape`] for Tera's autoescaping, written straight into its output.
fn escape_to(text: &str, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut result = Ok(());
    crate::html::escape_pieces(text, |piece| {
        if result.is_ok() {
            result = out.write_all(piece.as_bytes());
        }
    });
    result
}

/// Tera's `safe`, without copying: a string is marked safe where it is (Tera's own copies it,
/// and `{{ page.content | safe }}` is a page's whole body); anything else becomes its text, as
/// with Tera's.
fn safe(val: &tera::Value, _: tera::Kwargs, _: &tera::State) -> tera::Value {
    if val.as_str().is_some() {
        val.clone().mark_safe()
    } else {
        tera::Value::safe_string(&val.to_string())
    }
}

/// See [`Templates::diagnostic`].
fn template_diagnostic(
    sources: &BTreeMap<String, Source>,
    headline: &str,
    e: &tera::Error,
) -> Diagnostic {
    let report = match e.kind() {
        tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => Some(r),
        _ => None,
    };
    let Some((r, source)) = report.and_then(|r| Some((r, sources.get(r.filename())?))) else {
        return Diagnostic::error(format!("{headline}: {}", tera_error(e)));
    };
    let span = r.span().range.clone();
    // "Field `x` is not defined. Available fields: a, b" (or variables): the names become a
    // suggestion and a help line.
    let listed = [" Available fields: ", " Available variables: "]
        .iter()
        .find_map(|marker| r.message().split_once(marker));
    let (message, fields) = match listed {
        Some((message, fields)) => (message, fields.split(", ").collect::<Vec<_>>()),
        None => (r.message(), Vec::new()),
    };
    let mut d =
        Diagnostic::error(format!("{headline}: {message}")).at(source, span.clone(), "here");
    if !fields.is_empty() {
        let word = source.text.get(span).unwrap_or_default();
        d = d
            .with_suggestion(crate::diagnostic::closest(word, fields.iter().copied()))
            .with_help(format!("defined here: {}", fields.join(", ")));
    }
    d
}

/// A Tera error as sade reports it: Tera's own report (message, `--> NAME:LINE:COL`, the line
/// and a caret), with the template's path from the site root, and its cause chain.
pub fn tera_error(e: &tera::Error) -> String {
    let text = error_chain(e);
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    text.lines()
        .map(|line| match line.strip_prefix(" --> ") {
            Some(at) if !at.starts_with(TEMPLATES_DIR) => format!(" --> {TEMPLATES_DIR}/{at}"),
            _ => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Renders an error and its whole cause chain on one line each.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut cur = e.source();
    while let Some(s) = cur {
        let text = s.to_string();
        if !out.contains(&text) {
            out.push_str("\n  caused by: ");
            out.push_str(&text);
        }
        cur = s.source();
    }
    out
}

/// Whether a file below `templates/` is a template (the strings are YAML).
fn is_template(name: &str) -> bool {
    let ext = name.rsplit_once('.').map_or("", |(_, ext)| ext);
    matches!(ext, "html" | "xml" | "txt")
}

/// The built-in file `name` below `templates/`, named as not being the site's in messages:
/// `(built-in) templates/page.html`.
fn built_in(name: &str, text: &str) -> Source {
    Source::new(
        format!("{} {TEMPLATES_DIR}/{name}", crate::theme::BUILT_IN),
        text,
    )
}

impl Templates {
    /// Loads the built-in templates and strings with the site's own (`root/templates/**/*.html`,
    /// `root/templates/strings/*.yaml`) over them.
    pub fn load(root: &Path) -> Result<Templates, Vec<Diagnostic>> {
        let dir = root.join(TEMPLATES_DIR);
        let mut tera = Tera::new();
        tera.autoescape_on([".html", ".xml"]);
        // The same five characters as every other escape in sade (`'` as `&#39;`).
        tera.set_escape_fn(escape_to);
        tera.register_filter("safe", safe);
        let mut sources: BTreeMap<String, Source> = crate::theme::templates()
            .filter(|(name, _)| is_template(name))
            .map(|(name, text)| (name.to_string(), built_in(name, text)))
            .collect();
        let mut errors = Vec::new();
        // A site on the built-in theme may have no templates/ at all.
        let walk = dir
            .is_dir()
            .then(|| walkdir::WalkDir::new(&dir).sort_by_file_name());
        for entry in walk.into_iter().flatten() {
            match entry {
                Ok(e) if e.file_type().is_file() => {
                    let path = e.path();
                    let name = crate::output::relative(&dir, path);
                    if !is_template(&name) {
                        continue;
                    }
                    let rel = Path::new(TEMPLATES_DIR).join(&name);
                    match crate::diagnostic::read_text(path) {
                        Ok(text) => {
                            sources.insert(name, Source::new(rel, text));
                        }
                        Err(e) => errors.push(Diagnostic::error(format!(
                            "cannot read {}: {e}",
                            rel.display()
                        ))),
                    }
                }
                Ok(_) => {}
                Err(e) => errors.push(Diagnostic::error(format!(
                    "cannot read {}: {e}",
                    dir.display()
                ))),
            }
        }
        let raw = sources
            .iter()
            .map(|(name, source)| (name.as_str(), source.text.as_str()));
        if let Err(e) = tera.add_raw_templates(raw) {
            errors.push(template_diagnostic(&sources, "template error", &e));
        }
        let strings = load_strings(root).unwrap_or_else(|mut ds| {
            errors.append(&mut ds);
            BTreeMap::new()
        });
        if errors.is_empty() {
            Ok(Templates {
                tera: Arc::new(tera),
                strings,
                sources,
                timings: None,
            })
        } else {
            Err(errors)
        }
    }

    /// These templates, adding the time of each render to `timings`.
    pub fn with_timings(self, timings: Option<Arc<Timings>>) -> Templates {
        Templates { timings, ..self }
    }

    /// UI strings of `lang`.
    pub fn strings(&self, lang: Lang) -> &Strings {
        static EMPTY: Strings = BTreeMap::new();
        self.strings.get(&lang).unwrap_or(&EMPTY)
    }

    /// Renders template `name` straight into the bytes of the output file at `path` (Tera writes
    /// UTF-8, so the text is not validated again as a `String` would be); `what` names the page
    /// for the error message.
    pub fn render_file(
        &self,
        name: &str,
        ctx: &tera::Context,
        what: impl std::fmt::Display,
        path: String,
    ) -> Result<crate::output::OutputFile, Diagnostic> {
        let mut bytes = Vec::with_capacity(16 * 1024);
        time(self.timings.as_deref(), Part::Template, name, || {
            self.tera.render_to(name, ctx, &mut bytes)
        })
        .map_err(|e| {
            self.diagnostic(&format!("rendering templates/{name}"), &e)
                .with_help(format!("while rendering {what}"))
        })?;
        Ok(crate::output::OutputFile { path, bytes })
    }

    /// Renders template `name` as a string (a part that pages carry, rendered once).
    pub fn render_string(&self, name: &str, ctx: &tera::Context) -> Result<String, Diagnostic> {
        time(self.timings.as_deref(), Part::Template, name, || {
            self.tera.render(name, ctx)
        })
        .map_err(|e| self.diagnostic(&format!("rendering templates/{name}"), &e))
    }

    /// A Tera error as a diagnostic: `headline: Tera's message`, pointing into the template
    /// when Tera says where, with a suggestion for a misspelt field.
    pub fn diagnostic(&self, headline: &str, e: &tera::Error) -> Diagnostic {
        template_diagnostic(&self.sources, headline, e)
    }

    /// Every template in use, by name (`page.html`, `shortcodes/note.html`): the site's own
    /// where it has one, else the built-in one.
    pub fn sources(&self) -> impl Iterator<Item = (&str, &Source)> {
        self.sources.iter().map(|(name, s)| (name.as_str(), s))
    }

    /// The Tera instance, shared (template shortcodes render with it).
    pub fn shared_tera(&self) -> Arc<Tera> {
        Arc::clone(&self.tera)
    }
}

/// Parses one strings file.
fn parse_strings(source: &Source) -> Result<Strings, Diagnostic> {
    serde_yaml::from_str::<Strings>(&source.text)
        .map_err(|e| Diagnostic::yaml(source, 0, &e, "UI strings", &[]))
}

/// The UI strings of each language: the built-in `strings/{tr,en}.yaml`, with the keys of the
/// site's `templates/strings/{tr,en}.yaml` (where it has one) over them. A key present in one
/// language only is an error.
fn load_strings(root: &Path) -> Result<BTreeMap<Lang, Strings>, Vec<Diagnostic>> {
    let mut all = BTreeMap::new();
    // Each language's files, the site's (if any) first: where a key is looked for in errors.
    let mut sources: BTreeMap<Lang, Vec<Source>> = BTreeMap::new();
    let mut errors = Vec::new();
    for lang in Lang::ALL {
        let name = format!("strings/{}.yaml", lang.code());
        let rel = format!("{TEMPLATES_DIR}/{name}");
        let mut files = Vec::new();
        let path = root.join(&rel);
        if path.exists() {
            match crate::diagnostic::read_text(&path) {
                Ok(text) => files.push(Source::new(rel.clone(), text)),
                Err(e) => errors.push(Diagnostic::error(format!("cannot read {rel}: {e}"))),
            }
        }
        files.extend(crate::theme::template(&name).map(|text| built_in(&name, text)));
        let mut merged = Strings::new();
        // The built-in keys first, the site's over them.
        for source in files.iter().rev() {
            match parse_strings(source) {
                Ok(map) => merged.extend(map),
                Err(d) => errors.push(d),
            }
        }
        all.insert(lang, merged);
        sources.insert(lang, files);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for lang in Lang::ALL {
        let other = lang.other();
        for key in all[&other].keys() {
            if !all[&lang].contains_key(key) {
                let needle = format!("{key}:");
                let files = &sources[&other];
                let (src, at) = files
                    .iter()
                    .find_map(|s| Some((s, s.text.find(&needle)?)))
                    .unwrap_or_else(|| (&files[0], 0));
                errors.push(
                    Diagnostic::error(format!(
                        "UI string `{key}` is missing from templates/strings/{}.yaml",
                        lang.code()
                    ))
                    .at(
                        src,
                        at..at + key.len(),
                        format!("defined for `{other}` only"),
                    ),
                );
            }
        }
    }
    if errors.is_empty() {
        Ok(all)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sade's `safe` gives what Tera's own gives, for strings and for everything else.
    #[test]
    fn safe_matches_teras_own_filter() {
        let render = |tera: &mut Tera, v: tera::Value| {
            tera.add_raw_template("t.html", "{{ v | safe }}|{{ v }}")
                .unwrap();
            let mut ctx = tera::Context::new();
            ctx.insert_value("v", v);
            tera.render("t.html", &ctx).unwrap()
        };
        let values: Vec<tera::Value> = vec![
            "<b>x & y</b>".into(),
            "a".repeat(200).into(),
            3.into(),
            2.5.into(),
            true.into(),
            tera::Value::none(),
            vec![tera::Value::from(1), "<a>".into()].into(),
        ];
        for v in values {
            let mut theirs = Tera::new();
            theirs.autoescape_on([".html"]);
            let mut ours = Tera::new();
            ours.autoescape_on([".html"]);
            ours.register_filter("safe", safe);
            assert_eq!(
                render(&mut ours, v.clone()),
                render(&mut theirs, v.clone()),
                "{v:?}"
            );
        }
    }
}
