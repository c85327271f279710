//! The built-in theme: sade's templates, UI strings, template shortcodes and static files,
//! embedded in the binary when it is compiled (from the repository's `templates/` and `static/`;
//! see `build.rs`). A site needs none of its own: each file it does have, by the same name under
//! its `templates/` or `static/`, is used instead of the built-in one, as in mdBook's theme
//! folder or Hugo's layout lookup. The UI strings merge key by key (see
//! [`crate::templates`]).

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/theme.rs"));
}

/// The prefix of a built-in file's path in messages: it is not a file of the site.
pub const BUILT_IN: &str = "(built-in)";

/// Every built-in template and strings file, by its path below `templates/`
/// (`page.html`, `shortcodes/note.html`, `strings/tr.yaml`), in path order.
pub fn templates() -> impl Iterator<Item = (&'static str, &'static str)> {
    embedded::TEMPLATES.iter().copied()
}

/// The built-in file at `name` below `templates/`.
pub fn template(name: &str) -> Option<&'static str> {
    templates().find(|(n, _)| *n == name).map(|(_, text)| text)
}

/// Every built-in static file, by its path below `static/` (`style.css`, `js/backoff.js`), in
/// path order.
pub fn statics() -> impl Iterator<Item = (&'static str, &'static [u8])> {
    embedded::STATIC.iter().copied()
}

/// The built-in static file at `path`.
pub fn static_file(path: &str) -> Option<&'static [u8]> {
    statics().find(|(p, _)| *p == path).map(|(_, bytes)| bytes)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// What is embedded is the repository's `templates/` and `static/`, byte for byte, and all
    /// of them but `static/img/` (the bundled site's own pictures).
    #[test]
    fn the_theme_is_the_repositorys_templates_and_static_folders() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let on_disk = |dir: &str| -> Vec<String> {
            let mut v: Vec<String> = walkdir::WalkDir::new(root.join(dir))
                .into_iter()
                .flatten()
                .filter(|e| e.file_type().is_file())
                .map(|e| crate::output::relative(&root.join(dir), e.path()))
                .filter(|p| !p.starts_with("img/"))
                .collect();
            v.sort();
            v
        };
        let templates: Vec<String> = super::templates().map(|(n, _)| n.to_string()).collect();
        assert_eq!(templates, on_disk("templates"));
        for (name, text) in super::templates() {
            assert_eq!(
                std::fs::read_to_string(root.join("templates").join(name)).unwrap(),
                text
            );
        }
        let statics: Vec<String> = super::statics().map(|(p, _)| p.to_string()).collect();
        assert_eq!(statics, on_disk("static"));
        assert!(statics.contains(&"style.css".to_string()));
        assert!(super::static_file("img/synchronized-retries.svg").is_none());
        assert!(super::template("page.html")
            .unwrap()
            .contains("page.content"));
    }
}
