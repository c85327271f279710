//! Stage 1 — the site configuration, `sade.yaml` at the site root. Typed; unknown keys rejected.
//!
//! ```yaml
//! base_url: https://sade.dev
//! default_language: tr
//! author: "Muhammet Şafak"
//! languages:
//!   tr: { title: "sade", description: "…" }
//!   en: { title: "sade", description: "…" }
//! sections:
//!   Tool: { path: tools, label: { tr: "Araçlar", en: "Tools" } }
//!   Post: { path: blog, label: { tr: "Yazılar", en: "Blog" } }
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::diagnostic::{Diagnostic, Source};
use crate::i18n::Lang;
use crate::urls::{check_base_url, Urls};

/// What a base URL looks like, for errors about one.
const BASE_URL_HELP: &str = "write an absolute http(s) URL: `https://example.com`, or with a \
                             path, `https://user.github.io/notes`";

/// File name of the configuration at the site root.
pub const CONFIG_FILE: &str = "sade.yaml";

/// Every key `sade.yaml` may use, at any level (for "did you mean" on an unknown one).
pub const CONFIG_KEYS: [&str; 11] = [
    "base_url",
    "search",
    "cards",
    "default_language",
    "author",
    "languages",
    "sections",
    "title",
    "description",
    "path",
    "label",
];

/// The whole `sade.yaml`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Absolute URL the site is served from, without a trailing slash: `https://sade.dev`, or
    /// below a path, `https://user.github.io/notes`. `--base-url` replaces it (see
    /// [`Config::with_base_url`]).
    pub base_url: String,
    /// The language `/` sends visitors to.
    pub default_language: Lang,
    /// Default author of pages that name none.
    #[serde(default)]
    pub author: Option<String>,
    /// Title and description per language. Both `tr` and `en` must be present.
    pub languages: BTreeMap<Lang, LanguageConfig>,
    /// Sections by the name pages use in `section:` (none: a site of stand-alone pages).
    #[serde(default)]
    pub sections: BTreeMap<String, SectionConfig>,
    /// Whether the site has a search page and index (`search: false` turns them off).
    #[serde(default = "yes")]
    pub search: bool,
    /// Whether each page gets a social card, `card.png` beside it, as its `og:image` when it
    /// names no `image` of its own (`cards: false` turns them off).
    #[serde(default = "yes")]
    pub cards: bool,
    /// Every path of the site, under the base path of `base_url` (made by [`Config::parse`]).
    #[serde(skip)]
    pub urls: Urls,
    /// The paths under `sade.yaml`'s own `base_url`, when `--base-url` replaced it: the pages'
    /// `url:` front matter is written for that one.
    #[serde(skip)]
    pub written_urls: Option<Urls>,
}

fn yes() -> bool {
    true
}

/// Per-language site identity.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LanguageConfig {
    /// Site title in this language.
    pub title: String,
    /// One-line site description in this language.
    pub description: String,
}

/// A section: where its pages go and what it is called.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionConfig {
    /// URL path segment, e.g. `tools`.
    pub path: String,
    /// Localized name per language.
    pub label: BTreeMap<Lang, String>,
}

impl Config {
    /// Reads and validates `root/sade.yaml`.
    pub fn load(root: &Path) -> Result<(Config, Source), Diagnostic> {
        let path = root.join(CONFIG_FILE);
        let text = crate::diagnostic::read_text(&path).map_err(|e| {
            Diagnostic::error(format!("cannot read {}: {e}", path.display()))
                .with_help("run sade in a site folder, or pass --root DIR")
        })?;
        let source = Source::new(CONFIG_FILE, text);
        let config = Config::parse(&source)?;
        Ok((config, source))
    }

    /// Parses and validates a configuration text.
    pub fn parse(source: &Source) -> Result<Config, Diagnostic> {
        let mut config: Config = serde_yaml::from_str(&source.text)
            .map_err(|e| Diagnostic::yaml(source, 0, &e, CONFIG_FILE, &CONFIG_KEYS))?;
        // The first character: what a problem of the whole file points at.
        let whole = 0..source.text.chars().next().map_or(0, char::len_utf8);
        let fail = |msg: String| Err(Diagnostic::error(msg).at(source, whole.clone(), "here"));
        if let Err(why) = check_base_url(&config.base_url) {
            // Where it is written, if it is written as it reads (not quoted with escapes).
            let span = match source.text.find(&config.base_url) {
                Some(at) => at..at + config.base_url.len(),
                None => whole,
            };
            return Err(Diagnostic::error(format!(
                "`base_url` is `{}`, but {why}",
                config.base_url
            ))
            .at(source, span, "here")
            .with_help(BASE_URL_HELP));
        }
        config.urls = Urls::new(&config.base_url);
        config.base_url = config.urls.base_url();
        for lang in Lang::ALL {
            if !config.languages.contains_key(&lang) {
                return fail(format!("`languages` has no `{lang}` entry"));
            }
            for (name, section) in &config.sections {
                if !section.label.contains_key(&lang) {
                    return fail(format!("section `{name}` has no `{lang}` label"));
                }
            }
        }
        for (name, section) in &config.sections {
            if section.path.is_empty()
                || !section
                    .path
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                return fail(format!(
                    "section `{name}` has path `{}`; use lowercase letters, digits and `-`",
                    section.path
                ));
            }
        }
        Ok(config)
    }

    /// This configuration served from `base_url` instead of its own (`--base-url`, a preview
    /// deployment): every URL moves there; pages' `url:` may stay as written for `sade.yaml`.
    pub fn with_base_url(mut self, base_url: &str) -> Result<Config, Diagnostic> {
        if let Err(why) = check_base_url(base_url) {
            return Err(
                Diagnostic::error(format!("--base-url is `{base_url}`, but {why}"))
                    .with_help(BASE_URL_HELP),
            );
        }
        let urls = Urls::new(base_url);
        if urls != self.urls {
            self.written_urls.get_or_insert(self.urls.clone());
            self.base_url = urls.base_url();
            self.urls = urls;
        }
        Ok(self)
    }

    /// Site title in `lang`.
    pub fn title(&self, lang: Lang) -> &str {
        &self.languages[&lang].title
    }

    /// `https://host/tr/` — the home of a language.
    pub fn home_url(&self, lang: Lang) -> String {
        self.urls.absolute(&self.urls.home(lang))
    }
}
