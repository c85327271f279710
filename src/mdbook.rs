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

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::diagnostic::{Diagnostic, Diagnostics, Source};
use crate::i18n::Lang;
use crate::markdown;
use crate::shortcode::{Context, Registry};

/// What mdBook says about the run: the renderer and the book's configuration (other fields are
/// not needed).
#[derive(Deserialize)]
struct RunContext {
    #[serde(default)]
    renderer: String,
    #[serde(default)]
    config: BookToml,
}

#[derive(Default, Deserialize)]
struct BookToml {
    #[serde(default)]
    book: BookConfig,
}

#[derive(Default, Deserialize)]
struct BookConfig {
    /// `tr`, `en-GB`, ...
    language: Option<String>,
    /// The chapters' folder (mdBook's default is `src`).
    src: Option<String>,
}

/// The book: its items under mdBook 0.5's name (`items`) or 0.4's (`sections`), written back
/// under the name they came in, with every other field kept as it was.
#[derive(Deserialize, Serialize)]
struct Book {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    items: Option<Vec<BookItem>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sections: Option<Vec<BookItem>>,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// An item of the book: a chapter, or anything else (separators, part titles), kept as it is.
#[derive(Deserialize, Serialize)]
enum BookItem {
    Chapter(Chapter),
    #[serde(untagged)]
    Other(Value),
}

/// A chapter: what sade reads and changes, and every other field as it was.
#[derive(Deserialize, Serialize)]
struct Chapter {
    name: String,
    content: String,
    #[serde(default)]
    sub_items: Vec<BookItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    source_path: Option<String>,
    #[serde(flatten)]
    rest: Map<String, Value>,
}

/// Does sade support this renderer? Yes: every one.
pub fn supports(_renderer: &str) -> bool {
    true
}

/// Expands every chapter of the `[context, book]` document; returns the book as JSON.
pub fn run(input: &str, registry: &Registry) -> Result<String, Diagnostics> {
    let fail = |msg: String| Diagnostics::from(Diagnostic::error(msg));
    let (context, mut book): (RunContext, Book) = serde_json::from_str(input).map_err(|e| {
        fail(format!(
            "mdbook: expected `[context, book]` as JSON on standard input: {e}"
        ))
    })?;
    let lang = context
        .config
        .book
        .language
        .as_deref()
        .and_then(|l| l.split(['-', '_']).next())
        .and_then(|l| l.parse::<Lang>().ok())
        .unwrap_or(Lang::En);
    let expander = Expander {
        src: context.config.book.src.unwrap_or_else(|| "src".into()),
        lang,
        html: context.renderer == "html",
        registry,
    };
    let mut errors = Diagnostics::default();
    for items in [&mut book.items, &mut book.sections].into_iter().flatten() {
        expander.items(items, &mut errors);
    }
    if errors.has_errors() {
        errors.sort();
        return Err(errors);
    }
    serde_json::to_string(&book).map_err(|e| fail(format!("mdbook: {e}")))
}

/// Expands chapters for one run.
struct Expander<'a> {
    src: String,
    lang: Lang,
    html: bool,
    registry: &'a Registry,
}

impl Expander<'_> {
    fn items(&self, items: &mut [BookItem], errors: &mut Diagnostics) {
        for item in items {
            if let BookItem::Chapter(chapter) = item {
                self.chapter(chapter, errors);
                self.items(&mut chapter.sub_items, errors);
            }
        }
    }

    /// A chapter's markdown with every shortcode expanded: into sade's HTML for the `html`
    /// renderer, into markdown (GFM tables) for the others.
    fn chapter(&self, chapter: &mut Chapter, errors: &mut Diagnostics) {
        let path = chapter
            .source_path
            .as_deref()
            .or(chapter.path.as_deref())
            .unwrap_or("chapter.md");
        let source = Source::new(format!("{}/{path}", self.src), chapter.content.clone());
        let ctx = Context::new(self.lang, &chapter.name, path);
        let whole = 0..source.text.len();
        match markdown::render(&source, whole.clone(), self.registry, &ctx) {
            Ok(r) => chapter.content = markdown::splice(&source, whole, &r.calls, self.html),
            Err(ds) => errors.extend(ds),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// mdBook 0.4's book (`sections`, separators, part titles, `__non_exhaustive`) comes back
    /// in the same form, with only the chapters' shortcodes expanded.
    #[test]
    fn an_older_books_form_is_kept() {
        let input = r#"[{"root":"/b","config":{"book":{"language":"en","src":"text"}},"renderer":"markdown","mdbook_version":"0.4.40"},
{"sections":[{"PartTitle":"Part"},{"Chapter":{"name":"A","content":"Wait << backoff_delay(base=1s, attempt=2) >>.","number":[1],"sub_items":[],"path":"a.md","source_path":"a.md","parent_names":[]}},"Separator"],"__non_exhaustive":null}]"#;
        let out: Value = serde_json::from_str(&run(input, &Registry::builtin()).unwrap()).unwrap();
        let expected: Value = serde_json::from_str(
            r#"{"sections":[{"PartTitle":"Part"},{"Chapter":{"name":"A","content":"Wait 2\u00a0s.","sub_items":[],"path":"a.md","source_path":"a.md","number":[1],"parent_names":[]}},"Separator"],"__non_exhaustive":null}"#,
        )
        .unwrap();
        assert_eq!(out, expected);
    }

    #[test]
    fn errors_name_the_chapter_file_under_src() {
        let input = r#"[{"config":{"book":{}},"renderer":"html"},{"items":[{"Chapter":{"name":"A","content":"<< nope() >>","sub_items":[],"source_path":"a.md"}}]}]"#;
        let report = run(input, &Registry::builtin()).unwrap_err().render();
        assert!(report.contains("src/a.md:1:4"), "{report}");
        let bad = run("[1]", &Registry::builtin()).unwrap_err().render();
        assert!(bad.contains("expected `[context, book]`"), "{bad}");
    }
}
