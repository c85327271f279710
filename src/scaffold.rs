//! Driver — `sade init` and `sade new`: a new site, and a new translation pair in a site.
//!
//! `sade init [DIR]` writes a small working bilingual site into a new or empty folder: `sade.yaml`,
//! a `.gitignore` (the output and the build's cache), a post in both languages with a
//! `backoff_table`, and a stand-alone About page. It builds with
//! the built-in theme ([`crate::theme`]), so it has no `templates/` or `static/` of its own.
//!
//! `sade new PATH` writes `content/PATH.tr.md` and `content/PATH.en.md` with their front matter
//! filled: the title from the file name, today's date, the section whose `path` is PATH's first
//! folder (no folder: a stand-alone page). Neither command overwrites anything.

use std::path::{Path, PathBuf};

use crate::config::{Config, CONFIG_FILE};
use crate::content::{slugify, CONTENT_DIR};
use crate::diagnostic::{closest, Diagnostic};
use crate::i18n::{Date, Lang};

/// The starter site, by path; `{{DATE}}` becomes the day it is made.
const STARTER: [(&str, &str); 6] = [
    ("sade.yaml", include_str!("scaffold/sade.yaml")),
    (".gitignore", include_str!("scaffold/gitignore")),
    (
        "content/about.en.md",
        include_str!("scaffold/content/about.en.md"),
    ),
    (
        "content/about.tr.md",
        include_str!("scaffold/content/about.tr.md"),
    ),
    (
        "content/blog/first-retries.en.md",
        include_str!("scaffold/content/blog/first-retries.en.md"),
    ),
    (
        "content/blog/first-retries.tr.md",
        include_str!("scaffold/content/blog/first-retries.tr.md"),
    ),
];

/// Writes the starter site into `dir` (made if missing), dated `today`; returns the files
/// written, relative to `dir`. A folder that has anything in it is refused, and nothing is
/// written.
pub fn init(dir: &Path, today: Date) -> Result<Vec<String>, Diagnostic> {
    if dir.exists() {
        let entries = std::fs::read_dir(dir).map_err(|e| {
            Diagnostic::error(format!("cannot use {} for a new site: {e}", dir.display()))
        })?;
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        if !names.is_empty() {
            names.sort();
            let shown = names.iter().take(3).cloned().collect::<Vec<_>>().join(", ");
            let more = if names.len() > 3 { ", …" } else { "" };
            return Err(Diagnostic::error(format!(
                "{} is not empty (it has {shown}{more}): sade init writes a new site only into \
                 a new or empty folder",
                dir.display()
            ))
            .with_help(format!(
                "name a new folder: sade init {}",
                dir.join("site").display()
            )));
        }
    }
    let mut written = Vec::new();
    for (rel, text) in STARTER {
        let path = dir.join(rel);
        write_new(&path, &text.replace("{{DATE}}", &today.iso()))?;
        written.push(rel.to_string());
    }
    Ok(written)
}

/// Writes `text` to `path`, making its folders; an existing file is an error, left as it is.
fn write_new(path: &Path, text: &str) -> Result<(), Diagnostic> {
    let cannot =
        |e: std::io::Error| Diagnostic::error(format!("cannot write {}: {e}", path.display()));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(cannot)?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(cannot)?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(cannot)
}

/// What `sade new` was asked for: `blog/first-post` → folder `blog`, name `first-post`.
struct NewPath {
    /// Below `content/`, without the `.LANG.md` suffix.
    stem: String,
    /// The file name's part: the page's slug.
    name: String,
    /// The first folder, if any: a section's path.
    folder: Option<String>,
}

fn new_path(path: &str) -> Result<NewPath, Diagnostic> {
    let mut stem = path.trim().trim_matches('/').replace('\\', "/");
    if let Some(rest) = stem.strip_prefix(&format!("{CONTENT_DIR}/")) {
        stem = rest.to_string();
    }
    for suffix in [".tr.md", ".en.md", ".md"] {
        if let Some(rest) = stem.strip_suffix(suffix) {
            stem = rest.to_string();
            break;
        }
    }
    let parts: Vec<&str> = stem.split('/').collect();
    let name = parts.last().copied().unwrap_or_default().to_string();
    for part in &parts {
        // `.` and `..` are not slugs either.
        if part.is_empty() || slugify(part) != *part {
            let hint = match slugify(part) {
                s if s.is_empty() => "use lowercase letters, digits and `-`".to_string(),
                s => format!("write `{s}`"),
            };
            return Err(Diagnostic::error(format!(
                "`{path}` cannot name a page: `{part}` is not a URL slug"
            ))
            .with_help(format!(
                "{hint}, as in `sade new blog/first-post` (content/blog/first-post.tr.md and \
                 .en.md)"
            )));
        }
    }
    Ok(NewPath {
        folder: (parts.len() > 1).then(|| parts[0].to_string()),
        name,
        stem,
    })
}

/// `first-post` → `First post`.
fn title_of(name: &str) -> String {
    let words = name.replace('-', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// Writes the translation pair `content/PATH.tr.md` and `content/PATH.en.md` into the site at
/// `root`, dated `today`; returns the two files, relative to `root`. The first folder of PATH
/// must be a section's path (none: a stand-alone page); an existing file is never overwritten.
pub fn new_page(root: &Path, path: &str, today: Date) -> Result<Vec<PathBuf>, Diagnostic> {
    let (config, _) = Config::load(root)?;
    let new = new_path(path)?;
    let section = match &new.folder {
        None => None,
        Some(folder) => match config.sections.iter().find(|(_, s)| s.path == *folder) {
            Some((name, _)) => Some(name.clone()),
            None => {
                let paths = config.sections.values().map(|s| s.path.as_str());
                let known = config
                    .sections
                    .iter()
                    .map(|(name, s)| format!("{}/ ({name})", s.path))
                    .collect::<Vec<_>>();
                let help = if known.is_empty() {
                    format!(
                        "{CONFIG_FILE} has no sections; `sade new {}` makes a stand-alone page",
                        new.name
                    )
                } else {
                    format!(
                        "sections in {CONFIG_FILE}: {}; or `sade new {}` for a stand-alone page",
                        known.join(", "),
                        new.name
                    )
                };
                return Err(Diagnostic::error(format!(
                    "no section of {CONFIG_FILE} has the path `{folder}`"
                ))
                .with_suggestion(closest(folder, paths))
                .with_help(help));
            }
        },
    };
    let files: Vec<PathBuf> = Lang::ALL
        .iter()
        .map(|lang| Path::new(CONTENT_DIR).join(format!("{}.{}.md", new.stem, lang.code())))
        .collect();
    for file in &files {
        if root.join(file).exists() {
            return Err(Diagnostic::error(format!(
                "{} already exists; sade new does not overwrite a page",
                file.display()
            ))
            .with_help("choose another name, or edit the page that is there"));
        }
    }
    let title = title_of(&new.name);
    for (lang, file) in Lang::ALL.iter().zip(&files) {
        let mut text = format!(
            "---\ntitle: {}\ndescription: \"\"\n",
            serde_json::json!(title)
        );
        if let Some(section) = &section {
            text.push_str(&format!(
                "published: {}\nsection: {section}\ntags: []\n",
                today.iso()
            ));
        }
        text.push_str("---\n\n");
        text.push_str(match lang {
            Lang::Tr => "Buraya yazın.\n",
            Lang::En => "Write here.\n",
        });
        write_new(&root.join(file), &text)?;
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder that is not empty is refused, naming up to three of its entries.
    #[test]
    fn init_names_what_is_in_the_way() {
        let dir = tempfile::tempdir().unwrap();
        let day = Date::from_days(0);
        for (n, name) in ["a", "b", "c"].iter().enumerate() {
            std::fs::write(dir.path().join(name), "").unwrap();
            let said = init(dir.path(), day).err().unwrap().render();
            let listed = ["a", "b", "c"][..=n].join(", ");
            assert!(
                said.contains(&format!("(it has {listed}): sade init")),
                "{said}"
            );
        }
        std::fs::write(dir.path().join("d"), "").unwrap();
        let said = init(dir.path(), day).err().unwrap().render();
        assert!(said.contains("(it has a, b, c, …): sade init"), "{said}");
        assert!(!dir.path().join("sade.yaml").exists());
    }

    #[test]
    fn paths_and_titles() {
        let p = new_path("blog/first-post").unwrap();
        assert_eq!(
            (p.stem.as_str(), p.name.as_str()),
            ("blog/first-post", "first-post")
        );
        assert_eq!(p.folder.as_deref(), Some("blog"));
        let p = new_path("content/about.en.md").unwrap();
        assert_eq!((p.stem.as_str(), p.folder), ("about", None));
        assert!(new_path("blog/İlk Yazı").is_err());
        assert!(new_path("../x").is_err());
        assert!(new_path("blog//x").is_err());
        let help = |p: &str| new_path(p).err().unwrap().render();
        assert!(help("blog/!!").contains("use lowercase letters, digits and `-`"));
        assert!(help("blog/İlk").contains("write `ilk`"));
        assert_eq!(title_of("first-post"), "First post");
        assert_eq!(title_of("x"), "X");
    }
}
