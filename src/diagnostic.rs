//! Errors and warnings that point into a source file: file, line and column (1-based, counted in
//! characters, so Turkish letters and CRLF files are right), the offending text underlined, and a
//! suggestion where one is close. Rendering is codespan-reporting's, without colour, so the text
//! is the same in a terminal, a golden file and the preview's error overlay.

use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use codespan_reporting::diagnostic::{Diagnostic as Report, Label, Severity as ReportSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Fails the build.
    Error,
    /// Reported; the build goes on.
    Warning,
}

/// A source file as read from disk, shared by every diagnostic that points into it.
#[derive(Clone, Debug)]
pub struct Source {
    /// Path as shown to the user (relative to the site root where possible).
    pub path: PathBuf,
    /// The whole file, front matter included. An `Arc<String>`, not an `Arc<str>`: a file read
    /// into a `String` is shared without copying it again.
    pub text: Arc<String>,
}

impl Source {
    /// A source with the given display path and text.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<String>) -> Source {
        Source::shared(path, Arc::new(text.into()))
    }

    /// A source whose text is already shared.
    pub fn shared(path: impl Into<PathBuf>, text: Arc<String>) -> Source {
        Source {
            path: path.into(),
            text,
        }
    }

    /// `offset` moved into the text and back to the start of its character. A span can outlive
    /// its text (a source read back after it changed on disk): quoting it must not panic.
    fn boundary(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }

    /// `span` clamped to the text, on character boundaries.
    pub fn clamp(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.boundary(span.start);
        start..self.boundary(span.end).max(start)
    }

    /// 1-based line and character column of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let before = &self.text[..self.boundary(offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = before[line_start..].chars().count() + 1;
        (line, col)
    }
}

/// One problem, possibly pointing at a span of a source file.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One line saying what is wrong.
    pub message: String,
    /// Where, if the problem has a place in a file.
    pub location: Option<Box<Location>>,
    /// `help:` lines: what to do instead, "did you mean".
    pub help: Vec<String>,
}

/// A span of a source file with a short label under it.
#[derive(Clone, Debug)]
pub struct Location {
    /// The file.
    pub source: Source,
    /// Byte range in `source.text`.
    pub span: Range<usize>,
    /// Text printed under the underline.
    pub label: String,
}

impl Diagnostic {
    /// An error without a place (a missing folder, say).
    pub fn error(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            location: None,
            help: Vec::new(),
        }
    }

    /// A warning without a place.
    pub fn warning(message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(message)
        }
    }

    /// Points the diagnostic at `span` of `source`.
    pub fn at(mut self, source: &Source, span: Range<usize>, label: impl Into<String>) -> Self {
        self.location = Some(Box::new(Location {
            source: source.clone(),
            span,
            label: label.into(),
        }));
        self
    }

    /// Adds a `help:` line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help.push(help.into());
        self
    }

    /// Adds "did you mean `x`?" when `suggestion` is `Some`.
    pub fn with_suggestion(self, suggestion: Option<&str>) -> Self {
        match suggestion {
            Some(s) => self.with_help(format!("did you mean `{s}`?")),
            None => self,
        }
    }

    /// A YAML error of `what` (`front matter`, `sade.yaml`) at byte `offset` of `source`: the
    /// message, pointing at the key or value serde_yaml stopped at. When that is a key that is
    /// not one of `keys`, the closest of them is suggested.
    pub fn yaml(
        source: &Source,
        offset: usize,
        e: &serde_yaml::Error,
        what: &str,
        keys: &[&str],
    ) -> Diagnostic {
        let raw = e.to_string();
        // serde_yaml appends " at line L column C"; the position goes in the header instead.
        let message = raw.split(" at line ").next().unwrap_or(&raw);
        let mut d = Diagnostic::error(format!("{what}: {message}"));
        if let Some(loc) = e.location() {
            let start = (offset + loc.index()).min(source.text.len());
            let end = source.text[start..]
                .find(['\n', '\r', ':'])
                .map_or(source.text.len(), |i| start + i.max(1));
            let word = source.text.get(start..end).unwrap_or("").trim();
            let is_key = source.text[end..].starts_with(':');
            if is_key && !keys.contains(&word) {
                d = d.with_suggestion(closest(word, keys.iter().copied()));
            }
            d = d.at(source, start..end, "here");
        }
        d
    }

    /// Same severity, message and place (help lines may differ).
    fn repeats(&self, other: &Diagnostic) -> bool {
        fn place(d: &Diagnostic) -> Option<(&PathBuf, &Range<usize>, &String)> {
            d.location
                .as_ref()
                .map(|l| (&l.source.path, &l.span, &l.label))
        }
        self.severity == other.severity
            && self.message == other.message
            && place(self) == place(other)
    }

    /// Is it an error?
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `path:line:col` of the start, if located.
    pub fn position(&self) -> Option<(PathBuf, usize, usize)> {
        let loc = self.location.as_ref()?;
        let (line, col) = loc.source.line_col(loc.span.start);
        Some((loc.source.path.clone(), line, col))
    }

    /// Sort key: errors and warnings by file and position, unlocated ones first.
    pub fn sort_key(&self) -> (Option<PathBuf>, usize, String) {
        match &self.location {
            Some(loc) => (
                Some(loc.source.path.clone()),
                loc.span.start,
                self.message.clone(),
            ),
            None => (None, 0, self.message.clone()),
        }
    }

    /// The full text: `error: message`, then `┌─ path:line:col`, the line with the span
    /// underlined, and the help lines.
    pub fn render(&self) -> String {
        let severity = match self.severity {
            Severity::Error => ReportSeverity::Error,
            Severity::Warning => ReportSeverity::Warning,
        };
        let mut report = Report::new(severity).with_message(&self.message);
        let file;
        match &self.location {
            Some(loc) => {
                let name = loc.source.path.display().to_string();
                file = SimpleFile::new(name, loc.source.text.as_str());
                report =
                    report
                        .with_labels(vec![Label::primary((), loc.source.clamp(&loc.span))
                            .with_message(&loc.label)]);
            }
            None => file = SimpleFile::new(String::new(), ""),
        }
        report = report.with_notes(self.help.iter().map(|h| format!("help: {h}")).collect());
        let mut out = String::new();
        let config = Config::default();
        if term::emit_to_string(&mut out, &config, &file, &report).is_err() {
            out = format!("{self}\n");
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    /// One line: `path:line:col: error: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        match self.position() {
            Some((path, line, col)) => {
                write!(
                    f,
                    "{}:{line}:{col}: {kind}: {}",
                    path.display(),
                    self.message
                )
            }
            None => write!(f, "{kind}: {}", self.message),
        }
    }
}

/// Every problem of a run, in a stable order.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics(pub Vec<Diagnostic>);

/// A run that stopped on this one problem.
impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Diagnostics {
        Diagnostics(vec![d])
    }
}

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    /// Adds many.
    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(ds);
    }
    /// Any error among them?
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }
    /// Number of errors.
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }
    /// Number of warnings.
    pub fn warning_count(&self) -> usize {
        self.0.len() - self.error_count()
    }
    /// Sorts by file and position so output does not depend on thread scheduling. The same
    /// error at the same place (a template every page renders through) is kept once, with a
    /// count of the others.
    pub fn sort(&mut self) {
        self.0.sort_by_key(Diagnostic::sort_key);
        let mut kept: Vec<(Diagnostic, usize)> = Vec::with_capacity(self.0.len());
        for d in self.0.drain(..) {
            match kept.last_mut() {
                Some((last, more)) if last.repeats(&d) => *more += 1,
                _ => kept.push((d, 0)),
            }
        }
        self.0 = kept
            .into_iter()
            .map(|(d, more)| match more {
                0 => d,
                1 => d.with_help("the same error came up once more"),
                n => d.with_help(format!("the same error came up {n} more times")),
            })
            .collect();
    }
    /// All of them rendered, followed by a count line.
    pub fn render(&self) -> String {
        let mut out: String = self.0.iter().map(Diagnostic::render).collect();
        let (e, w) = (self.error_count(), self.warning_count());
        if e + w > 0 {
            let plural =
                |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
            out.push_str(&format!(
                "{}, {}\n",
                plural(e, "error"),
                plural(w, "warning")
            ));
        }
        out
    }
}

/// The UTF-8 byte-order mark, which Windows Notepad writes at the start of a file.
const BOM: &[u8] = "\u{FEFF}".as_bytes();

/// A source file's text: a page, `sade.yaml`, a template, a UI strings file. A leading UTF-8
/// byte-order mark is dropped (it is invisible, so columns count from the first character one
/// sees). UTF-8 is checked with vector instructions (`simdutf8`, several times faster than the
/// standard library's check on Turkish prose, which reading every page pays for); text that is
/// not UTF-8 is an error naming the line and column (in characters) of the first bad byte.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let read = std::fs::read(path)?;
    let bytes = read.strip_prefix(BOM).unwrap_or(&read);
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    // The standard library's check says where the bad byte is.
    let good = match std::str::from_utf8(bytes) {
        Ok(text) => return Ok(text.to_owned()),
        Err(e) => e.valid_up_to(),
    };
    let before = String::from_utf8_lossy(&bytes[..good]);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!(
            "not UTF-8 text: byte 0x{:02X} at line {line}, column {column} (save the file as UTF-8)",
            bytes[good]
        ),
    ))
}

/// A path relative to `root` for display, or the path itself.
pub fn display_path(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

/// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|&(d, c)| d > 0 && d <= (c.chars().count() / 3).max(2))
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_and_crlf() {
        let src = Source::new("a.md", "şğı\r\nçö << x >>");
        let at = src.text.find("<<").unwrap();
        assert_eq!(src.line_col(at), (2, 4));
        let d = Diagnostic::error("bad").at(&src, at..at + 8, "here");
        assert!(d.render().contains("a.md:2:4"), "{}", d.render());
        assert_eq!(d.to_string(), "a.md:2:4: error: bad");
    }

    #[test]
    fn spans_that_outlived_their_text_are_clamped_not_panicked_on() {
        // "ğğ": bytes 0–1 and 2–3; offsets 1 and 3 fall inside a letter, 9 past the end.
        let source = Source::new("x.tr.md", "ğğ\nb");
        assert_eq!(source.clamp(&(1..3)), 0..2);
        assert_eq!(source.clamp(&(3..9)), 2..source.text.len());
        assert_eq!(source.line_col(3), (1, 2));
        let shown = Diagnostic::error("x").at(&source, 3..9, "here").render();
        assert!(shown.contains("x.tr.md:1:2"), "{shown}");
        let empty = Source::new("y.tr.md", "");
        let shown = Diagnostic::error("y").at(&empty, 40..50, "here").render();
        assert!(shown.starts_with("error: y\n"), "{shown}");
        assert!(shown.contains("y.tr.md:1:1"), "{shown}");
    }

    #[test]
    fn closest_suggests_typos_only() {
        let names = ["base", "factor", "cap", "attempts"];
        assert_eq!(closest("atempts", names), Some("attempts"));
        assert_eq!(closest("zzzzzz", names), None);
    }
}
