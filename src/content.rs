//! Stage 2 — content: walk `content/`, split and validate each page's YAML front matter, and pair
//! translations (`NAME.tr.md` with `NAME.en.md`).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use walkdir::WalkDir;

use crate::config::Config;
pub use crate::diagnostic::read_text;
use crate::diagnostic::{closest, Diagnostic, Source};
use crate::i18n::{Date, Lang};
use crate::timings::{time, Part, Timings};

mod aliases;
mod slug;
pub use aliases::Alias;
pub use slug::slugify;

/// Folder of the pages, relative to the site root.
pub const CONTENT_DIR: &str = "content";

/// Every front matter key a page may use (for "did you mean" on an unknown one).
pub const FRONT_MATTER_KEYS: [&str; 18] = [
    "title",
    "description",
    "url",
    "lang",
    "author",
    "published",
    "updated",
    "section",
    "tags",
    "draft",
    "slug",
    "weight",
    "search",
    "toc",
    "series",
    "image",
    "image_alt",
    "aliases",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFrontMatter {
    title: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    url: Option<String>,
    #[serde(default)]
    lang: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    published: Option<serde_yaml::Value>,
    #[serde(default)]
    updated: Option<serde_yaml::Value>,
    #[serde(default)]
    section: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    draft: bool,
    #[serde(default)]
    slug: Option<String>,
    #[serde(default)]
    weight: i64,
    #[serde(default = "yes")]
    search: bool,
    #[serde(default)]
    toc: Option<bool>,
    /// `Some(Null)` for `series:` written with no name (told apart from no `series` at all).
    #[serde(default, deserialize_with = "written")]
    series: Option<serde_yaml::Value>,
    #[serde(default)]
    image: Option<String>,
    #[serde(default)]
    image_alt: Option<String>,
    #[serde(default)]
    aliases: Option<serde_yaml::Value>,
}

fn written<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<serde_yaml::Value>, D::Error> {
    serde_yaml::Value::deserialize(d).map(Some)
}

fn yes() -> bool {
    true
}

/// A page's validated front matter.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontMatter {
    /// Page title.
    pub title: String,
    /// One-sentence summary (meta description, feeds, lists).
    pub description: String,
    /// Author (the page's, or the site's default).
    pub author: String,
    /// First publication day (required in a section; a stand-alone page may have none).
    pub published: Option<Date>,
    /// Last meaningful update (defaults to `published`).
    pub updated: Option<Date>,
    /// Section name as in `sade.yaml` (`Tool`, `Post`); `None` for a stand-alone page (an About
    /// page, say), served at `/LANG/SLUG/`, linked from the menu, in no section list or feed.
    pub section: Option<String>,
    /// Tags as written.
    pub tags: Vec<String>,
    /// Left out of builds unless `--drafts`.
    pub draft: bool,
    /// URL slug (the file's NAME unless set).
    pub slug: String,
    /// Ordering hint in lists (lower first); default 0.
    pub weight: i64,
    /// In the site's search (`search: false` leaves the page out); default true.
    pub search: bool,
    /// Show the contents (`toc: true`), never (`toc: false`), or when the page has enough
    /// headings (unset; see [`crate::aids::TOC_MIN_HEADINGS`]).
    pub toc: Option<bool>,
    /// The series it is a part of (its name, trimmed), with the pages of its language that say
    /// the same.
    pub series: Option<String>,
    /// The picture link previews show: an `http(s)` URL, or a path from the site's root.
    pub image: Option<String>,
    /// Its text alternative (the title unless set).
    pub image_alt: Option<String>,
    /// Old addresses that redirect here.
    pub aliases: Vec<Alias>,
}

/// One source page.
#[derive(Clone, Debug)]
pub struct Page {
    /// The file and its whole text.
    pub source: Source,
    /// Pair key: path below `content/` without the `.LANG.md` suffix, e.g. `tools/backoff-calculator`.
    pub name: String,
    /// Language from the file name.
    pub lang: Lang,
    /// Validated front matter.
    pub front: FrontMatter,
    /// Byte range of the markdown body in `source.text`.
    pub body: Range<usize>,
    /// Site-relative URL path, e.g. `/tr/tools/backoff-calculator/`.
    pub path: String,
}

impl Page {
    /// Where `key`'s value is written in the front matter (the opening `---` if it is not).
    pub fn front_span(&self, key: &str) -> Range<usize> {
        value_span(&self.source, 0..self.body.start, key)
    }

    /// Absolute URL.
    pub fn permalink(&self, config: &Config) -> String {
        config.urls.absolute(&self.path)
    }
}

/// The opening `---` line of a page's text (a byte-order mark is gone when the text is read).
const OPENING_LINE: Range<usize> = 0..3;

/// The span of `key`'s value in the front matter `fm` (for errors found after parsing): the value
/// on the key's line, or an empty span at the end of that line when the value is empty (a caret
/// after `key:`); the opening `---` when no line starts with `key:` (a quoted key, a text no
/// longer at hand).
fn value_span(source: &Source, fm: Range<usize>, key: &str) -> Range<usize> {
    // A text let go after rendering and not read back (see `Site::reload_sources`) has no span.
    let Some(text) = source.text.get(fm.clone()) else {
        return OPENING_LINE;
    };
    let mut pos = fm.start;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix(key) {
            if let Some(value) = rest.strip_prefix(':') {
                let value = value.trim_end_matches(['\n', '\r']);
                let start = pos + key.len() + 1 + (value.len() - value.trim_start().len());
                return start..start + value.trim().len();
            }
        }
        pos += line.len();
    }
    OPENING_LINE
}

fn yaml_date(value: &serde_yaml::Value) -> Result<Date, String> {
    match value {
        serde_yaml::Value::String(s) => Date::parse(s),
        other => Date::parse(
            serde_yaml::to_string(other)
                .unwrap_or_default()
                .trim()
                .trim_start_matches("---")
                .trim(),
        ),
    }
}

/// Splits `---\n…\n---\n` off the top; returns (front matter range, body range).
fn split_front_matter(text: &str) -> Option<(Range<usize>, Range<usize>)> {
    let first_end = text.find('\n')?;
    if text[..first_end].trim_end_matches('\r') != "---" {
        return None;
    }
    let fm_start = first_end + 1;
    let mut pos = fm_start;
    for line in text[fm_start..].split_inclusive('\n') {
        if line.trim_end_matches(['\r', '\n']) == "---" {
            return Some((fm_start..pos, pos + line.len()..text.len()));
        }
        pos += line.len();
    }
    None
}

/// Parses one page file whose display path is `rel` (below the site root).
pub fn parse_page(
    config: &Config,
    rel: &Path,
    name: String,
    lang: Lang,
    text: String,
) -> Result<Page, Vec<Diagnostic>> {
    let source = Source::new(rel, text);
    let Some((fm, body)) = split_front_matter(&source.text) else {
        let text = source.text.as_str();
        let message = if text.trim().is_empty() {
            "the page is empty"
        } else {
            "the page has no front matter"
        };
        // The first line, whole (a one-line file has no `\n`), or nothing in an empty file.
        let first = text.split(['\n', '\r']).next().unwrap_or("");
        return Err(vec![Diagnostic::error(message)
            .at(&source, 0..first.len(), "expected `---` here")
            .with_help(
                "start the file with a `---` line, the YAML keys, and another `---` line",
            )]);
    };
    let raw: RawFrontMatter = match serde_yaml::from_str(&source.text[fm.clone()]) {
        Ok(raw) => raw,
        Err(e) => {
            return Err(vec![Diagnostic::yaml(
                &source,
                fm.start,
                &e,
                "front matter",
                &FRONT_MATTER_KEYS,
            )])
        }
    };
    let mut errors = Vec::new();
    let err = |key: &str, msg: String| {
        Diagnostic::error(msg).at(&source, value_span(&source, fm.clone(), key), "here")
    };
    if let Some(l) = &raw.lang {
        if l != lang.code() {
            errors.push(
                err(
                    "lang",
                    format!("`lang: {l}` disagrees with the file name, which says `{lang}`"),
                )
                .with_help(format!("write `lang: {lang}`, or rename the file")),
            );
        }
    }
    let published = match &raw.published {
        Some(v) => yaml_date(v).map(Some).map_err(|m| err("published", m)),
        None => Ok(None),
    };
    let updated = match &raw.updated {
        Some(v) => yaml_date(v).map(Some).map_err(|m| err("updated", m)),
        None => Ok(None),
    };
    let (published, updated) = match (published, updated) {
        (Ok(p), Ok(u)) => {
            if let (Some(p), Some(u)) = (p, u) {
                if u < p {
                    errors.push(err(
                        "updated",
                        format!("`updated` ({u}) is before `published` ({p})"),
                    ));
                }
            }
            (p, u.or(p))
        }
        (p, u) => {
            errors.extend(p.err());
            errors.extend(u.err());
            return Err(errors);
        }
    };
    let section = match &raw.section {
        None => None,
        Some(name) => match config.sections.get(name) {
            Some(section) => Some(section),
            None => {
                let names = config.sections.keys().map(String::as_str);
                let mut d = err("section", format!("unknown section `{name}`"))
                    .with_suggestion(closest(name, names.clone()));
                d = match names.clone().next() {
                    Some(_) => d.with_help(format!(
                        "sections in sade.yaml: {}; or leave `section` out for a stand-alone page",
                        names.collect::<Vec<_>>().join(", ")
                    )),
                    None => d.with_help(
                        "sade.yaml has no sections; leave `section` out for a stand-alone page",
                    ),
                };
                errors.push(d);
                return Err(errors);
            }
        },
    };
    if section.is_some() && published.is_none() {
        // `published:` with nothing after it reads as no date; say so where it is written.
        let written = value_span(&source, fm.clone(), "published");
        errors.push(if written != OPENING_LINE {
            Diagnostic::error("`published` is empty; a page in a section needs a date")
                .at(&source, written, "a date here")
                .with_help(
                    "write it as YYYY-MM-DD, e.g. 2026-06-17, or leave `section` out for a stand-alone page",
                )
        } else {
            Diagnostic::error("a page in a section needs a `published` date")
                .at(
                    &source,
                    value_span(&source, fm.clone(), "section"),
                    "in this section",
                )
                .with_help(
                    "add `published: YYYY-MM-DD`, or leave `section` out for a stand-alone page",
                )
        });
    }
    let file_slug = name.rsplit('/').next().unwrap_or(&name).to_string();
    let slug = raw.slug.clone().unwrap_or(file_slug);
    if slugify(&slug) != slug {
        errors.push(
            err(
                if raw.slug.is_some() { "slug" } else { "title" },
                format!("`{slug}` is not a URL slug"),
            )
            .with_help(format!("use `{}`", slugify(&slug))),
        );
    }
    let section_path = section.map(|s| s.path.as_str());
    let path = config.urls.page(lang, section_path, &slug);
    if section.is_none() {
        // `/LANG/SLUG/` is also where the tag index and each section's list are.
        let taken = if slug == crate::urls::TAGS {
            Some("the tag index".to_string())
        } else {
            config
                .sections
                .iter()
                .find(|(_, s)| s.path == slug)
                .map(|(name, _)| format!("the list of section `{name}`"))
        };
        if let Some(taken) = taken {
            errors.push(
                err(
                    if raw.slug.is_some() { "slug" } else { "title" },
                    format!("this stand-alone page would be served at {path}, where {taken} is"),
                )
                .with_help("give it another `slug`, or rename the file"),
            );
        }
    }
    if let Some(url) = &raw.url {
        // `url:` is written for `sade.yaml`'s base URL; with `--base-url` the page moves, and
        // the line may stay as it is (or name the new place).
        let served = config.urls.absolute(&path);
        let written = config
            .written_urls
            .as_ref()
            .map(|w| w.absolute(&w.page(lang, section_path, &slug)));
        if *url != served && written.as_ref() != Some(url) {
            let message = match &written {
                None => format!("`url` is `{url}`, but this page is served at `{served}`"),
                Some(w) => format!(
                    "`url` is `{url}`, but this page is at `{w}` under sade.yaml's `base_url` \
                     (and served at `{served}` under --base-url)"
                ),
            };
            let expected = written.as_ref().unwrap_or(&served);
            errors.push(
                err("url", message)
                    .with_help(format!("write `url: {expected}` or leave `url` out")),
            );
        }
    }
    for tag in &raw.tags {
        if slugify(tag).is_empty() {
            errors.push(err("tags", format!("tag `{tag}` has no letters or digits")));
        }
    }
    let series = match &raw.series {
        None => None,
        Some(serde_yaml::Value::String(name)) if !name.trim().is_empty() => {
            Some(name.trim().to_string())
        }
        Some(value) => {
            let what = match value {
                serde_yaml::Value::String(_) | serde_yaml::Value::Null => "empty",
                _ => "not a name",
            };
            errors.push(
                err("series", format!("`series` is {what}"))
                    .with_help("write the series' name in quotes, the same on each of its parts: `series: \"Retry storms\"`"),
            );
            None
        }
    };
    let aliases = aliases::parse(&source, fm.clone(), raw.aliases.as_ref(), &mut errors);
    let image = aliases::image(&source, fm.clone(), raw.image.as_deref(), &mut errors);
    if raw.title.trim().is_empty() {
        errors.push(err("title", "`title` is empty".to_string()));
    }
    let author = match raw.author.clone().or_else(|| config.author.clone()) {
        Some(a) => a,
        None => {
            errors.push(err(
                "title",
                "the page has no `author` and sade.yaml sets none".into(),
            ));
            String::new()
        }
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Page {
        front: FrontMatter {
            title: raw.title,
            description: raw.description,
            author,
            published,
            updated,
            section: raw.section,
            tags: raw.tags,
            draft: raw.draft,
            slug,
            weight: raw.weight,
            search: raw.search,
            toc: raw.toc,
            series,
            image,
            image_alt: raw.image_alt,
            aliases,
        },
        source,
        name,
        lang,
        body,
        path,
    })
}

/// The page files under `root/content` (path as shown, name, language), in path order, and the
/// problems found on the way: folders that cannot be read, names that do not give a language.
fn find_pages(root: &Path) -> (Vec<(PathBuf, String, Lang)>, Vec<Diagnostic>) {
    let dir = root.join(CONTENT_DIR);
    let mut files: Vec<(PathBuf, String, Lang)> = Vec::new();
    let mut problems = Vec::new();
    // Unsorted: walkdir's sort compares names parsed from whole paths, which costs more than
    // the rest of the walk on a big site. The files are sorted into the same order below.
    for entry in WalkDir::new(&dir) {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                problems.push(Diagnostic::error(format!(
                    "cannot read {}: {e}",
                    dir.display()
                )));
                continue;
            }
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let path = entry.path();
        let rel = crate::diagnostic::display_path(root, path);
        let Some(stem) = path
            .strip_prefix(&dir)
            .ok()
            .and_then(|p| p.to_str())
            .and_then(|p| p.strip_suffix(".md"))
        else {
            continue;
        };
        let stem = stem.replace('\\', "/");
        match stem.rsplit_once('.') {
            Some((name, code)) => match code.parse::<Lang>() {
                Ok(lang) => files.push((rel, name.to_string(), lang)),
                Err(msg) => problems.push(
                    Diagnostic::error(format!("{}: {msg}", rel.display()))
                        .with_suggestion(closest(code, Lang::ALL.map(Lang::code))),
                ),
            },
            None => problems.push(
                Diagnostic::error(format!(
                    "{}: cannot tell the page's language",
                    rel.display()
                ))
                .with_help(format!("name it {stem}.tr.md or {stem}.en.md")),
            ),
        }
    }
    files.sort_by_cached_key(|(rel, _, _)| walk_order(rel));
    (files, problems)
}

/// Every page under `root/content`, in path order, and every problem found on the way.
pub fn load_pages(
    config: &Config,
    root: &Path,
    timings: Option<&Timings>,
) -> (Vec<Page>, Vec<Diagnostic>) {
    let (files, mut problems) = time(timings, Part::Setup, "", || find_pages(root));
    use rayon::prelude::*;
    let parsed: Vec<Result<Page, Vec<Diagnostic>>> = files
        .into_par_iter()
        .map(|(rel, name, lang)| {
            let text =
                time(timings, Part::Reading, "", || read_text(&root.join(&rel))).map_err(|e| {
                    vec![Diagnostic::error(format!(
                        "cannot read {}: {e}",
                        rel.display()
                    ))]
                })?;
            time(timings, Part::FrontMatter, "", || {
                parse_page(config, &rel, name, lang, text)
            })
        })
        .collect();
    let mut pages = Vec::with_capacity(parsed.len());
    for p in parsed {
        match p {
            Ok(page) => pages.push(page),
            Err(ds) => problems.extend(ds),
        }
    }
    (pages, problems)
}

/// A key that sorts paths as a walk sorted by file name visits them: folder by folder, each
/// folder's entries by name. Separators become `0`, which sorts before any byte of a name.
fn walk_order(path: &Path) -> Vec<u8> {
    path.as_os_str()
        .as_encoded_bytes()
        .iter()
        .map(|&b| {
            if std::path::is_separator(b as char) {
                0
            } else {
                b
            }
        })
        .collect()
}

/// Index of translations: for each page, its counterpart in the other language, if any.
pub fn translations(pages: &[Page]) -> Vec<Option<usize>> {
    let mut by_key: BTreeMap<(&str, Lang), usize> = BTreeMap::new();
    for (i, p) in pages.iter().enumerate() {
        by_key.insert((p.name.as_str(), p.lang), i);
    }
    pages
        .iter()
        .map(|p| by_key.get(&(p.name.as_str(), p.lang.other())).copied())
        .collect()
}

#[cfg(test)]
mod tests;
