//! `sade mdbook`: an mdBook preprocessor that expands sade's shortcodes in a book's chapters.
//!
//! mdBook runs `sade mdbook supports RENDERER` (sade supports every renderer), then
//! `sade mdbook` with `[context, book]` as JSON on standard input, and reads the book back from
//! standard output. Shortcodes are localized by the book's `language` (`tr` or `en`; anything
//! else is formatted as English). For the `html` renderer blocks expand to sade's HTML (tables
//! with `<data>` values, SVG charts); for other renderers to markdown (GFM tables).
//!
//! ```toml
//! [preprocessor.sade]
//! command = "sade mdbook"
//! ```

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Diagnostics, Source};
use crate::i18n::Lang;
use crate::markdown;
use crate::shortcode::{Context, Registry};

/// Does sade support this renderer? Yes: every one.
pub fn supports(_renderer: &str) -> bool {
    true
}

/// Expands every chapter of the `[context, book]` document; returns the book as JSON.
pub fn run(input: &str, registry: &Registry) -> Result<String, Diagnostics> {
    let fail = |msg: String| {
        let mut d = Diagnostics::default();
        d.push(Diagnostic::error(msg));
        d
    };
    let doc: Value = serde_json::from_str(input)
        .map_err(|e| fail(format!("mdbook: the input is not JSON: {e}")))?;
    let Value::Array(mut parts) = doc else {
        return Err(fail(
            "mdbook: expected `[context, book]` on standard input".into(),
        ));
    };
    if parts.len() != 2 {
        return Err(fail(
            "mdbook: expected `[context, book]` on standard input".into(),
        ));
    }
    let mut book = parts.pop().unwrap_or_default();
    let context = parts.pop().unwrap_or_default();
    let lang = context["config"]["book"]["language"]
        .as_str()
        .and_then(|l| l.split(['-', '_']).next())
        .and_then(|l| l.parse::<Lang>().ok())
        .unwrap_or(Lang::En);
    let html = context["renderer"].as_str() == Some("html");
    let src = context["config"]["book"]["src"]
        .as_str()
        .unwrap_or("src")
        .to_string();
    let mut errors = Diagnostics::default();
    expand_chapters(&mut book, &src, lang, html, registry, &mut errors);
    if errors.has_errors() {
        errors.sort();
        return Err(errors);
    }
    serde_json::to_string(&book).map_err(|e| fail(format!("mdbook: {e}")))
}

fn expand_chapters(
    node: &mut Value,
    src: &str,
    lang: Lang,
    html: bool,
    registry: &Registry,
    errors: &mut Diagnostics,
) {
    match node {
        Value::Object(map) => {
            if let Some(Value::Object(chapter)) = map.get_mut("Chapter") {
                let path = chapter
                    .get("source_path")
                    .or_else(|| chapter.get("path"))
                    .and_then(Value::as_str)
                    .unwrap_or("chapter.md")
                    .to_string();
                let name = chapter
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                if let Some(Value::String(content)) = chapter.get_mut("content") {
                    let source = Source::new(format!("{src}/{path}"), content.clone());
                    let ctx = Context {
                        lang,
                        page_title: &name,
                        page_path: &path,
                        block: false,
                        strings: None,
                        timings: None,
                    };
                    match markdown::render(&source, 0..source.text.len(), registry, &ctx) {
                        Ok(r) => {
                            *content =
                                markdown::splice(&source, 0..source.text.len(), &r.calls, html)
                        }
                        Err(ds) => errors.extend(ds),
                    }
                }
            }
            for v in map.values_mut() {
                expand_chapters(v, src, lang, html, registry, errors);
            }
        }
        Value::Array(items) => {
            for v in items {
                expand_chapters(v, src, lang, html, registry, errors);
            }
        }
        _ => {}
    }
}
