//! Stage 4 — templates: one owned [`Tera`] loaded from `templates/`, and the UI strings of each
//! language (`templates/strings/{tr,en}.yaml`, same keys in both; a key missing in one is an
//! error, and a template asking for a key that does not exist fails the build).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use tera::Tera;

use crate::diagnostic::{Diagnostic, Source};
use crate::i18n::Lang;

/// Folder of the templates, relative to the site root.
pub const TEMPLATES_DIR: &str = "templates";

/// UI strings of one language.
pub type Strings = BTreeMap<String, String>;

/// The site's templates and UI strings.
pub struct Templates {
    tera: Arc<Tera>,
    strings: BTreeMap<Lang, Strings>,
}

/// Renders an error and its whole cause chain on one line each.
pub fn error_chain(e: &dyn std::error::Error) -> String {
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

impl Templates {
    /// Loads `root/templates/**/*.html` and `root/templates/strings/*.yaml`.
    pub fn load(root: &Path) -> Result<Templates, Vec<Diagnostic>> {
        let dir = root.join(TEMPLATES_DIR);
        let mut tera = Tera::default();
        tera.autoescape_on(vec![".html", ".xml"]);
        // Tera's default also escapes `/`, which turns every URL into `&#x2F;` soup.
        tera.set_escape_fn(crate::shortcode::escape);
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
            match entry {
                Ok(e) if e.file_type().is_file() => {
                    let path = e.path();
                    let ext = path.extension().and_then(|x| x.to_str()).unwrap_or("");
                    if !matches!(ext, "html" | "xml" | "txt") {
                        continue;
                    }
                    let name = crate::output::relative(&dir, path);
                    files.push((path.to_path_buf(), Some(name)));
                }
                Ok(_) => {}
                Err(e) => errors.push(Diagnostic::error(format!(
                    "cannot read {}: {e}",
                    dir.display()
                ))),
            }
        }
        if let Err(e) = tera.add_template_files(files) {
            errors.push(
                Diagnostic::error(format!("templates: {}", error_chain(&e)))
                    .with_help("fix the template syntax; the message names the file"),
            );
        }
        let strings = load_strings(root).unwrap_or_else(|mut ds| {
            errors.append(&mut ds);
            BTreeMap::new()
        });
        if errors.is_empty() {
            Ok(Templates {
                tera: Arc::new(tera),
                strings,
            })
        } else {
            Err(errors)
        }
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
        what: &str,
        path: String,
    ) -> Result<crate::output::OutputFile, Diagnostic> {
        let mut bytes = Vec::with_capacity(16 * 1024);
        self.tera.render_to(name, ctx, &mut bytes).map_err(|e| {
            Diagnostic::error(format!(
                "rendering {what} with templates/{name}: {}",
                error_chain(&e)
            ))
        })?;
        Ok(crate::output::OutputFile { path, bytes })
    }

    /// The Tera instance, shared (template shortcodes render with it).
    pub fn shared_tera(&self) -> Arc<Tera> {
        Arc::clone(&self.tera)
    }
}

/// Reads `templates/strings/{tr,en}.yaml`; a key present in one language only is an error.
fn load_strings(root: &Path) -> Result<BTreeMap<Lang, Strings>, Vec<Diagnostic>> {
    let mut all = BTreeMap::new();
    let mut sources = BTreeMap::new();
    let mut errors = Vec::new();
    for lang in Lang::ALL {
        let rel = format!("{TEMPLATES_DIR}/strings/{}.yaml", lang.code());
        let text = match std::fs::read_to_string(root.join(&rel)) {
            Ok(t) => t,
            Err(e) => {
                errors.push(Diagnostic::error(format!("cannot read {rel}: {e}")));
                continue;
            }
        };
        let source = Source::new(rel, text);
        match serde_yaml::from_str::<Strings>(&source.text) {
            Ok(map) => {
                all.insert(lang, map);
            }
            Err(e) => errors.push(crate::content::yaml_diagnostic(&source, 0, &e)),
        }
        sources.insert(lang, source);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for lang in Lang::ALL {
        let other = lang.other();
        for key in all[&other].keys() {
            if !all[&lang].contains_key(key) {
                let src = &sources[&other];
                let at = src.text.find(&format!("{key}:")).unwrap_or(0);
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
