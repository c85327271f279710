//! The front matter keys of a page's old addresses and its picture: `aliases` (paths from the
//! site's root that redirect to the page, checked and normalized here; what is written for them
//! is [`crate::redirects`]) and `image` (a path from the site's root or an absolute URL).

use std::ops::Range;

use crate::diagnostic::{Diagnostic, Source};

/// An old address of a page, from its `aliases`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// From the site's root, normalized: `/tr/eski-adres/` (a path without an extension gets
    /// its trailing slash, and is written as a folder), `/old.html`.
    pub path: String,
    /// Where it is written in the page's text.
    pub span: Range<usize>,
}

/// The span of each item of the list written at `key` (whose value span is `at`): the item's
/// text, found in order from there, or `at` when it cannot be found (an escape in quotes).
fn item_spans<'a>(
    source: &Source,
    fm: &Range<usize>,
    at: Range<usize>,
    items: impl Iterator<Item = &'a str>,
) -> Vec<Range<usize>> {
    let text = source.text.get(..fm.end).unwrap_or("");
    let mut cursor = at.start;
    items
        .map(|item| {
            let found = (!item.is_empty())
                .then(|| text.get(cursor..))
                .flatten()
                .and_then(|rest| rest.find(item));
            match found {
                Some(i) => {
                    let start = cursor + i;
                    cursor = start + item.len();
                    start..cursor
                }
                None => at.clone(),
            }
        })
        .collect()
}

/// Why `path` cannot be an alias, in words, with a help line; or its normalized form.
fn normalize(path: &str) -> Result<String, (String, String)> {
    let help_root = "write it as a path from the site's root, like `/tr/eski-adres/`";
    let scheme = path
        .split_once(':')
        .is_some_and(|(s, _)| !s.is_empty() && !s.contains('/'));
    if path.is_empty() {
        return Err(("an alias is empty".into(), help_root.into()));
    }
    if scheme || path.starts_with("//") {
        return Err((
            format!("alias `{path}` is a URL, not a path of this site"),
            help_root.into(),
        ));
    }
    if !path.starts_with('/') {
        return Err((
            format!("alias `{path}` does not start with `/`"),
            format!("write it from the site's root: `/{path}`"),
        ));
    }
    if let Some(c) = path
        .chars()
        .find(|c| c.is_whitespace() || c.is_control() || matches!(c, '?' | '#' | '\\' | '%'))
    {
        return Err((
            format!("alias `{path}` has {}", what_char(c)),
            "an alias is a plain path: letters, digits, `-`, `_`, `.` and `/`".into(),
        ));
    }
    let segments: Vec<&str> = path[1..].split('/').collect();
    let (last, inner) = segments.split_last().unwrap_or((&"", &[]));
    for s in inner.iter().chain(std::iter::once(last)) {
        if *s == "." || *s == ".." {
            return Err((
                format!("alias `{path}` has a `{s}` segment"),
                "write the path it names, without `.` or `..`".into(),
            ));
        }
    }
    if inner.iter().any(|s| s.is_empty()) {
        return Err((
            format!("alias `{path}` has an empty segment (`//`)"),
            help_root.into(),
        ));
    }
    // `/tr/eski` is the folder `/tr/eski/`; `/eski.html` stays a file.
    if last.is_empty() || last.contains('.') {
        Ok(path.to_string())
    } else {
        Ok([path, "/"].concat())
    }
}

fn what_char(c: char) -> String {
    match c {
        ' ' => "a space".into(),
        '?' => "a query (`?`)".into(),
        '#' => "a fragment (`#`)".into(),
        '%' => "a `%` escape (write the letters themselves)".into(),
        c if c.is_whitespace() || c.is_control() => format!("the character U+{:04X}", c as u32),
        c => format!("a `{c}`"),
    }
}

/// The page's `aliases` (the value written at `value`, `None` when the key is not written),
/// checked: a list of paths from the site's root, none twice; each problem is pushed to
/// `errors`, at the item.
pub(super) fn parse(
    source: &Source,
    fm: Range<usize>,
    value: Option<&serde_yaml::Value>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<Alias> {
    let at = super::value_span(source, fm.clone(), "aliases");
    let items: &[serde_yaml::Value] = match value {
        None | Some(serde_yaml::Value::Null) => return Vec::new(),
        Some(serde_yaml::Value::Sequence(items)) => items,
        Some(_) => {
            errors.push(
                Diagnostic::error("`aliases` is not a list of paths")
                    .at(source, at, "here")
                    .with_help("write the old paths in brackets: `aliases: [\"/tr/eski-adres/\"]`"),
            );
            return Vec::new();
        }
    };
    let texts: Vec<String> = (items.iter())
        .map(|v| match v {
            serde_yaml::Value::String(s) => s.clone(),
            serde_yaml::Value::Number(n) => n.to_string(),
            serde_yaml::Value::Bool(b) => b.to_string(),
            _ => String::new(),
        })
        .collect();
    let spans = item_spans(source, &fm, at.clone(), texts.iter().map(String::as_str));
    let mut aliases: Vec<Alias> = Vec::with_capacity(items.len());
    for (item, span) in items.iter().zip(spans) {
        let Some(path) = item.as_str() else {
            errors.push(
                Diagnostic::error("an alias is not a path")
                    .at(source, span, "here")
                    .with_help("write each old path as text: `aliases: [\"/tr/eski-adres/\"]`"),
            );
            continue;
        };
        match normalize(path) {
            Ok(path) if aliases.iter().any(|a| a.path == path) => errors.push(
                Diagnostic::error(format!("alias `{path}` is written twice")).at(
                    source,
                    span,
                    "again here",
                ),
            ),
            Ok(path) => aliases.push(Alias { path, span }),
            Err((message, help)) => errors.push(
                Diagnostic::error(message)
                    .at(source, span, "here")
                    .with_help(help),
            ),
        }
    }
    aliases
}

/// The page's `image`, checked: an `http(s)` URL, or a path from the site's root (`/` added when
/// it is written without one).
pub(super) fn image(
    source: &Source,
    fm: Range<usize>,
    value: Option<&str>,
    errors: &mut Vec<Diagnostic>,
) -> Option<String> {
    let value = value?;
    let problem = if value.trim().is_empty() {
        Some("`image` is empty".to_string())
    } else if value.starts_with("https://") || value.starts_with("http://") {
        return Some(value.to_string());
    } else if value.contains("://") || value.starts_with("//") || value.starts_with("data:") {
        Some(format!("`image` `{value}` is not an http or https URL"))
    } else if value.split('/').any(|s| s == "..") {
        Some(format!("`image` `{value}` has a `..` segment"))
    } else {
        None
    };
    match problem {
        Some(message) => {
            errors.push(
                Diagnostic::error(message)
                    .at(source, super::value_span(source, fm, "image"), "here")
                    .with_help(
                        "write a path from the site's root (`/img/cover.png`, a file of `static/`) \
                         or an https URL",
                    ),
            );
            None
        }
        None if value.starts_with('/') => Some(value.to_string()),
        None => Some(["/", value].concat()),
    }
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn aliases_are_normalized() {
        assert_eq!(normalize("/tr/eski/").unwrap(), "/tr/eski/");
        assert_eq!(normalize("/tr/eski").unwrap(), "/tr/eski/");
        assert_eq!(normalize("/eski.html").unwrap(), "/eski.html");
        assert_eq!(normalize("/").unwrap(), "/");
        assert_eq!(normalize("/tr/çığ").unwrap(), "/tr/çığ/");
    }

    #[test]
    fn bad_aliases_are_refused() {
        for bad in [
            "",
            "tr/eski/",
            "https://x.dev/tr/",
            "//x.dev/tr/",
            "mailto:a@b",
            "/tr/../x/",
            "/tr/./x/",
            "/tr/..",
            "/tr//x/",
            "/tr/a b/",
            "/tr/x/?q=1",
            "/tr/x/#a",
            "/tr/%41/",
            "/tr\\x/",
        ] {
            assert!(normalize(bad).is_err(), "{bad:?} was accepted");
        }
    }
}
