//! The shortcode language of SPEC §4: `<< name(key=value, ...) >>`, parsed with byte spans into
//! the page's whole source text, so every error can point at the exact argument.
//!
//! Values: durations with a unit (`100ms`, `1.5s`, `2m`, `1h`), numbers (a percentage such as
//! `30%` is the number 0.3, for the failure rate of SPEC §7), booleans, `"strings"` (with `\"`
//! and `\\`), bare words (`full`), lists (`[full, equal]`) and `none`.

use std::ops::Range;

use crate::backoff::Delay;

/// A value as written, with its meaning.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `100ms`, `1.5s`.
    Duration(Delay),
    /// `2`, `1.5`, `-3`, `1e3`, `30%`: a finite number, kept as written in [`Spanned::text`] so
    /// each argument kind reads it itself (a whole number exactly, never through a float; a
    /// percentage as its hundredth).
    Number,
    /// `true` / `false`.
    Bool(bool),
    /// `"text"`.
    Str(String),
    /// A bare word: `full`, `worst`.
    Word(String),
    /// `[a, b]`.
    List(Vec<Spanned>),
    /// `none`.
    None,
}

impl Value {
    /// What kind of value it is, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Duration(_) => "a duration",
            Value::Number => "a number",
            Value::Bool(_) => "a boolean",
            Value::Str(_) => "a string",
            Value::Word(_) => "a word",
            Value::List(_) => "a list",
            Value::None => "`none`",
        }
    }
}

/// A value and where it is in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned {
    /// The value.
    pub value: Value,
    /// Byte range in the source.
    pub span: Range<usize>,
    /// The text as written.
    pub text: String,
}

/// One `key=value` argument.
#[derive(Clone, Debug, PartialEq)]
pub struct Arg {
    /// The key.
    pub name: String,
    /// Where the key is.
    pub name_span: Range<usize>,
    /// The value.
    pub value: Spanned,
}

/// A parsed shortcode call.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// Shortcode name.
    pub name: String,
    /// Where the name is.
    pub name_span: Range<usize>,
    /// Arguments in written order.
    pub args: Vec<Arg>,
    /// From `<<` to `>>` inclusive.
    pub span: Range<usize>,
}

/// The end of a shortcode's body: `<< /name >>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Close {
    /// The name of the shortcode whose body it ends.
    pub name: String,
    /// From `<<` to `>>` inclusive.
    pub span: Range<usize>,
}

/// The `<< /name >>` that `src[start..limit]` begins with, if it is one (spaces and tabs are
/// allowed around the `/` and the name).
pub fn parse_close(src: &str, start: usize, limit: usize) -> Option<Close> {
    let text = &src[start..limit];
    let rest = text.strip_prefix("<<")?.trim_start_matches([' ', '\t']);
    let rest = rest.strip_prefix('/')?.trim_start_matches([' ', '\t']);
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let name = &rest[..len];
    let after = rest[len..].trim_start_matches([' ', '\t']);
    if name.is_empty() || !after.starts_with(">>") {
        return None;
    }
    let end = limit - (after.len() - 2);
    Some(Close {
        name: name.to_string(),
        span: start..end,
    })
}

/// A syntax error inside `<< … >>`.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Range<usize>,
    /// What to write instead.
    pub help: Option<String>,
}

/// Does a shortcode start at `at`: `<<`, optional spaces, a name, optional spaces, `(`? A name
/// here is what looks like one to a reader: letters of any script, digits and `_`, starting with
/// a letter or `_`, so `<< tablo_şğı(x=1) >>` is a call (with a bad name, an error) rather than
/// prose. Anything else (`x << 2`, `1 << 4 (16)`, `<<<`) is ordinary text.
pub fn starts_call(src: &str, at: usize) -> bool {
    let rest = &src[at..];
    let Some(rest) = rest.strip_prefix("<<") else {
        return false;
    };
    let rest = rest.trim_start_matches([' ', '\t']);
    if !rest
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
    {
        return false;
    }
    let name_len = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
    rest[name_len..]
        .trim_start_matches([' ', '\t'])
        .starts_with('(')
}

/// A character of what looks like a shortcode name (see [`starts_call`]).
fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `name` can name a shortcode: ASCII letters, digits and `_`, starting with a letter.
pub fn is_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    end: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..self.end].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn error(&self, message: impl Into<String>, span: Range<usize>) -> SyntaxError {
        SyntaxError {
            message: message.into(),
            span,
            help: None,
        }
    }

    fn here(&self) -> Range<usize> {
        let len = self.peek().map_or(0, char::len_utf8);
        self.pos..self.pos + len.max(if self.pos < self.src.len() { 1 } else { 0 })
    }

    /// A shortcode's name as written: what [`starts_call`] took for one (checked against
    /// [`is_name`] where the name is looked up).
    fn name(&mut self) -> Option<(String, Range<usize>)> {
        let start = self.pos;
        while let Some(c) = self.peek().filter(|&c| is_name_char(c)) {
            self.pos += c.len_utf8();
        }
        (self.pos > start).then(|| (self.src[start..self.pos].to_string(), start..self.pos))
    }

    fn ident(&mut self) -> Option<(String, Range<usize>)> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' || (c == '-' && self.pos > start) {
                self.pos += 1;
            } else {
                break;
            }
        }
        (self.pos > start).then(|| (self.src[start..self.pos].to_string(), start..self.pos))
    }

    /// Takes `c`, or fails with "expected {what}"; `what` is only made on failure (it is
    /// called for every argument of every call).
    fn expect(&mut self, c: char, what: impl FnOnce() -> String) -> Result<(), SyntaxError> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            let found = match self.peek() {
                Some(f) => format!("found `{f}`"),
                None => "found the end of the shortcode".to_string(),
            };
            Err(self.error(format!("expected {}, {found}", what()), self.here()))
        }
    }

    fn value(&mut self) -> Result<Spanned, SyntaxError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some('"') => {
                self.pos += 1;
                let mut s = String::new();
                loop {
                    match self.peek() {
                        None => return Err(self.error("unterminated string", start..self.pos)),
                        Some('"') => {
                            self.pos += 1;
                            break;
                        }
                        Some('\\') => {
                            self.pos += 1;
                            match self.peek() {
                                Some(c @ ('"' | '\\')) => {
                                    s.push(c);
                                    self.pos += 1;
                                }
                                next => {
                                    // The backslash and the character after it, whatever its
                                    // length (`\ş` is three bytes).
                                    let end = self.pos + next.map_or(0, char::len_utf8);
                                    return Err(self.error(
                                        "unknown escape; only `\\\"` and `\\\\` are allowed",
                                        self.pos - 1..end,
                                    ));
                                }
                            }
                        }
                        Some(c) => {
                            s.push(c);
                            self.pos += c.len_utf8();
                        }
                    }
                }
                Ok(self.spanned(Value::Str(s), start))
            }
            Some('[') => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_ws();
                    if self.peek() == Some(']') {
                        self.pos += 1;
                        break;
                    }
                    let item = self.value()?;
                    if matches!(item.value, Value::List(_)) {
                        return Err(self.error("lists cannot be nested", item.span));
                    }
                    items.push(item);
                    self.skip_ws();
                    match self.peek() {
                        Some(',') => self.pos += 1,
                        Some(']') => {}
                        _ => return Err(self.error("expected `,` or `]` in the list", self.here())),
                    }
                }
                Ok(self.spanned(Value::List(items), start))
            }
            _ => {
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || matches!(c, ',' | ')' | ']' | '(' | '[' | '"' | '=') {
                        break;
                    }
                    self.pos += c.len_utf8();
                }
                if self.pos == start {
                    return Err(self.error("expected a value", self.here()));
                }
                let text = &self.src[start..self.pos];
                let value = classify(text).map_err(|(message, help)| SyntaxError {
                    message,
                    span: start..self.pos,
                    help,
                })?;
                Ok(self.spanned(value, start))
            }
        }
    }

    fn spanned(&self, value: Value, start: usize) -> Spanned {
        Spanned {
            value,
            span: start..self.pos,
            text: self.src[start..self.pos].to_string(),
        }
    }
}

/// Meaning of a bare token.
fn classify(text: &str) -> Result<Value, (String, Option<String>)> {
    match text {
        "true" => return Ok(Value::Bool(true)),
        "false" => return Ok(Value::Bool(false)),
        "none" => return Ok(Value::None),
        _ => {}
    }
    let first = text.chars().next().unwrap_or(' ');
    if first.is_ascii_digit() || first == '-' || first == '+' || first == '.' || first == '%' {
        // `30%`, or `%30` as Turkish writes it, is a number too (the number kind reads it as 0.3,
        // as `sade calc --fail 30%` does).
        if crate::i18n::parse_number(text).is_some() {
            return Ok(Value::Number);
        }
        return Delay::parse(text).map(Value::Duration).map_err(|e| {
            (
                format!("`{text}` is not a number or a duration: {e}"),
                Some("durations are written like `100ms`, `1.5s`, `2m`, `1h`".to_string()),
            )
        });
    }
    if text
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Ok(Value::Word(text.to_string()));
    }
    Err((
        format!("`{text}` is not a value"),
        Some("quote text: \"like this\"".to_string()),
    ))
}

/// Parses `text` as one value, all of it (a default declared in a template shortcode).
pub fn parse_value(text: &str) -> Result<Spanned, SyntaxError> {
    let mut p = Parser {
        src: text,
        pos: 0,
        end: text.len(),
    };
    let value = p.value()?;
    p.skip_ws();
    if p.pos < p.end {
        return Err(p.error("expected one value", p.here()));
    }
    Ok(value)
}

/// Parses the call starting at `start` (which [`starts_call`]); `limit` bounds the search for
/// `>>` (the end of the paragraph). Returns the call; its span ends after `>>`.
pub fn parse_call(src: &str, start: usize, limit: usize) -> Result<Call, SyntaxError> {
    let mut p = Parser {
        src,
        pos: start + 2,
        end: limit,
    };
    p.skip_ws();
    let (name, name_span) = p
        .name()
        .ok_or_else(|| p.error("expected a shortcode name after `<<`", p.here()))?;
    p.expect('(', || "`(` after the shortcode name".into())?;
    let mut args: Vec<Arg> = Vec::new();
    loop {
        p.skip_ws();
        if p.peek() == Some(')') {
            p.pos += 1;
            break;
        }
        if p.peek().is_none() {
            return Err(SyntaxError {
                message: "unterminated shortcode: `(` is never closed".into(),
                span: start..start + 2,
                help: Some("close it with `) >>`".into()),
            });
        }
        let (key, key_span) = p
            .ident()
            .ok_or_else(|| p.error("expected an argument name (`key=value`)", p.here()))?;
        p.expect('=', || format!("`=` after `{key}`"))?;
        let value = p.value()?;
        if args.iter().any(|a| a.name == key) {
            return Err(SyntaxError {
                message: format!("`{key}` is given twice"),
                span: key_span,
                help: Some("remove one of them".into()),
            });
        }
        args.push(Arg {
            name: key,
            name_span: key_span,
            value,
        });
        p.skip_ws();
        match p.peek() {
            Some(',') => p.pos += 1,
            Some(')') => {}
            None => {
                return Err(SyntaxError {
                    message: "unterminated shortcode: `(` is never closed".into(),
                    span: start..start + 2,
                    help: Some("close it with `) >>`".into()),
                })
            }
            Some(c) => {
                return Err(p.error(
                    format!("expected `,` or `)` after an argument, found `{c}`"),
                    p.here(),
                ))
            }
        }
    }
    p.skip_ws();
    if !p.src[p.pos..p.end].starts_with(">>") {
        return Err(SyntaxError {
            message: "unterminated shortcode: expected `>>`".into(),
            span: start..start + 2,
            help: Some("end the shortcode with `>>`".into()),
        });
    }
    p.pos += 2;
    Ok(Call {
        name,
        name_span,
        args,
        span: start..p.pos,
    })
}

#[cfg(test)]
mod tests;
