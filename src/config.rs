//! Stage 1 — the site configuration, `sade.yaml` at the site root. Typed; unknown keys rejected.
//!
//! ```yaml
//! base_url: https://sade.dev
//! default_language: tr
//! author: "Muhammet Şafak"
//! languages:
//!   tr: { title: "sade", description: "…" }
//!   en: { title: "sade", description: "…" }
//! paginate: 20          # entries per page of each list (the default); a section may say its own
//! sections:
//!   Tool: { path: tools, label: { tr: "Araçlar", en: "Tools" } }
//!   Post: { path: blog, paginate: 10, label: { tr: "Yazılar", en: "Blog" } }
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::de::{self, Deserializer, Unexpected, Visitor};
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
pub const CONFIG_KEYS: [&str; 12] = [
    "base_url",
    "search",
    "paginate",
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
    /// Entries per page of a list: of each tag's, and of each section's that names no
    /// `paginate` of its own ([`PAGINATE`] when unsaid).
    #[serde(default = "paginate", deserialize_with = "per_page")]
    pub paginate: usize,
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

/// Entries per page of a list when `sade.yaml` says nothing. Hugo's default is 10; each page of a
/// list costs about what a page of the site costs to make (its frame: the head, the sharing
/// metadata, the menu), so twenty, still a short page, halves that cost on a big site.
pub const PAGINATE: usize = 20;

fn paginate() -> usize {
    PAGINATE
}

/// What `paginate` must be, in its errors.
const PER_PAGE: &str = "a whole number of entries per page, 1 or more";

/// `paginate:`: a whole number, 1 or more (a float, a negative number, zero or text is an
/// error at the value, with its line and column).
fn per_page<'de, D: Deserializer<'de>>(d: D) -> Result<usize, D::Error> {
    struct PerPage;
    impl Visitor<'_> for PerPage {
        type Value = usize;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(PER_PAGE)
        }

        fn visit_u64<E: de::Error>(self, n: u64) -> Result<usize, E> {
            match usize::try_from(n) {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(E::invalid_value(Unexpected::Unsigned(n), &self)),
            }
        }

        fn visit_i64<E: de::Error>(self, n: i64) -> Result<usize, E> {
            match u64::try_from(n) {
                Ok(n) => self.visit_u64(n),
                Err(_) => Err(E::invalid_value(Unexpected::Signed(n), &self)),
            }
        }
    }
    // Any: a float, a negative number or text reaches the visitor, which names what it got.
    d.deserialize_any(PerPage)
}

/// The error `d` about a `paginate` value at byte `start` of `source`: underlined is the value
/// alone (up to the `,` or `}` that ends it in a `{ … }` entry), with what to write.
fn per_page_error(d: Diagnostic, source: &Source, start: usize) -> Diagnostic {
    let text = &source.text;
    let start = start.min(text.len());
    let end = text[start..]
        .find([',', '}', ']', '\n', '\r', '#'])
        .map_or(text.len(), |i| start + i);
    let end = start + text[start..end].trim_end().len().max(1);
    d.at(source, start..end.min(text.len()), "here")
        .with_help("`paginate` is how many entries each page of a list shows, e.g. `paginate: 20`")
}

fn some_per_page<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    per_page(d).map(Some)
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
    /// Entries per page of its list; the site's `paginate` when unsaid.
    #[serde(default, deserialize_with = "some_per_page")]
    pub paginate: Option<usize>,
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
        let mut config: Config = serde_yaml::from_str(&source.text).map_err(|e| {
            let d = Diagnostic::yaml(source, 0, &e, CONFIG_FILE, &CONFIG_KEYS);
            match e.location().filter(|_| e.to_string().contains(PER_PAGE)) {
                Some(at) => per_page_error(d, source, at.index()),
                None => d,
            }
        })?;
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

    /// Entries per page of the list of section `name`: its own `paginate`, or the site's.
    pub fn section_per_page(&self, name: &str) -> usize {
        (self.sections.get(name))
            .and_then(|s| s.paginate)
            .unwrap_or(self.paginate)
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
