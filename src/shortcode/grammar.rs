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
    if first.is_ascii_digit() || first == '-' || first == '+' || first == '.' {
        if text.parse::<f64>().is_ok_and(f64::is_finite) {
            return Ok(Value::Number);
        }
        // `30%`: a number too (the number kind reads it as 0.3, as `sade calc --fail 30%` does).
        if let Some(Ok(n)) = text.strip_suffix('%').map(str::parse::<f64>) {
            if n.is_finite() {
                return Ok(Value::Number);
            }
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
mod tests {
    use super::*;

    #[test]
    fn parses_all_value_kinds() {
        let src =
            r#"x << t(a=100ms, b=2, c=true, d="q \"x\"", e=full, f=[full, equal], g=none,) >> y"#;
        let at = src.find("<<").unwrap();
        assert!(starts_call(src, at));
        let call = parse_call(src, at, src.len()).unwrap();
        assert_eq!(call.name, "t");
        assert_eq!(&src[call.span.clone()], &src[at..src.len() - 2]);
        let v: Vec<&Value> = call.args.iter().map(|a| &a.value.value).collect();
        assert_eq!(v[0], &Value::Duration(Delay::from_ms(100.0).unwrap()));
        assert_eq!(v[1], &Value::Number);
        assert_eq!(call.args[1].value.text, "2");
        assert_eq!(v[2], &Value::Bool(true));
        assert_eq!(v[3], &Value::Str("q \"x\"".into()));
        assert_eq!(v[4], &Value::Word("full".into()));
        assert!(matches!(v[5], Value::List(l) if l.len() == 2));
        assert_eq!(v[6], &Value::None);
    }

    #[test]
    fn a_percentage_is_a_number() {
        let src = "<< t(a=30%, b=12.5%, c=-1%) >>";
        let call = parse_call(src, 0, src.len()).unwrap();
        let v: Vec<(&Value, &str)> = call
            .args
            .iter()
            .map(|a| (&a.value.value, a.value.text.as_str()))
            .collect();
        assert_eq!(
            v,
            [
                (&Value::Number, "30%"),
                (&Value::Number, "12.5%"),
                (&Value::Number, "-1%")
            ]
        );
        for bad in ["<< t(a=%) >>", "<< t(a=30%%) >>", "<< t(a=1e999%) >>"] {
            assert!(parse_call(bad, 0, bad.len()).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_missing_paren_or_equals_sign_is_named() {
        let message = |src: &str| parse_call(src, 0, src.len()).unwrap_err().message;
        assert_eq!(
            message("<< t base=1 >>"),
            "expected `(` after the shortcode name, found `b`"
        );
        assert_eq!(
            message("<< t(base 1) >>"),
            "expected `=` after `base`, found `1`"
        );
        assert_eq!(
            message("<< t(base"),
            "expected `=` after `base`, found the end of the shortcode"
        );
    }

    #[test]
    fn not_a_call() {
        assert!(!starts_call("a << b", 2));
        assert!(!starts_call("x <<", 2), "`<<` at the very end");
        assert!(!starts_call("x << ", 2));
        assert!(!starts_call("<< t", 0), "a name without `(`");
        assert!(
            !starts_call("<< 2t(a=1) >>", 0),
            "a name starts with a letter or `_`"
        );
        assert!(!starts_call("<< -t(a=1) >>", 0));
        assert!(
            !starts_call("<< t-x(a=1) >>", 0),
            "`-` is no part of a name"
        );
        assert!(starts_call("<<\t t \t(", 0));
        assert!(starts_call("<<_(", 0));
        assert!(starts_call("a <<t2_(", 2));
        assert!(!starts_call("<<<", 0));
        assert!(starts_call("<<x()>>", 0));
        for prose in [
            "1 << 3",
            "8 >> 1",
            "1 << 4 (16)",
            "x << (a+b)",
            "a <<-b(",
            "<< x y(1)",
        ] {
            let at = prose.find("<<").unwrap_or(0);
            assert!(!starts_call(prose, at), "{prose}");
        }
    }

    /// What looks like a call is one, whatever script its name is in; only ASCII names are valid.
    #[test]
    fn a_name_in_any_script_starts_a_call() {
        for (src, name) in [
            ("<< tablo_şğı(x=1) >>", "tablo_şğı"),
            ("<<ş()>>", "ş"),
            ("<< _x(a=1) >>", "_x"),
            ("<< таблица (a=1) >>", "таблица"),
            ("<< t2(a=1) >>", "t2"),
        ] {
            assert!(starts_call(src, 0), "{src}");
            let call = parse_call(src, 0, src.len()).unwrap();
            assert_eq!(call.name, name);
            assert_eq!(&src[call.name_span.clone()], name);
        }
        assert!(is_name("backoff_table") && is_name("t2"));
        for bad in ["tablo_şğı", "_x", "2t", "", "a-b", "ş"] {
            assert!(!is_name(bad), "{bad}");
        }
    }

    /// Found by fuzzing (fuzz/regressions/shortcode_grammar/): the span of an unknown escape
    /// ended inside a Turkish letter after the backslash.
    #[test]
    fn an_unknown_escape_is_underlined_whole() {
        for (src, escape) in [
            (r#"<< t(a="\ş") >>"#, r"\ş"),
            (r#"<< t(a="\n") >>"#, r"\n"),
            ("<< t(a=\"\\", r"\"),
        ] {
            let e = parse_call(src, 0, src.len()).unwrap_err();
            assert!(e.message.starts_with("unknown escape"), "{e:?}");
            assert_eq!(&src[e.span.clone()], escape, "{src}");
        }
    }

    /// The error of `src` parsed whole: its message, the text it underlines and where that
    /// starts (a byte offset).
    fn error_of(src: &str) -> (String, &str, usize) {
        let e = parse_call(src, 0, src.len()).unwrap_err();
        (e.message, &src[e.span.clone()], e.span.start)
    }

    /// The meaning of each bare value: booleans, `none`, numbers by their first character
    /// (a digit, `-`, `+` or `.`), words of ASCII letters, digits, `_` and `-`.
    #[test]
    fn bare_values_mean_what_they_say() {
        let value = |text: &str| parse_value(text).unwrap().value;
        assert_eq!(value("true"), Value::Bool(true));
        assert_eq!(value("false"), Value::Bool(false));
        assert_eq!(value("none"), Value::None);
        for number in [
            "7", "-3", "+2", ".5", "-.5", "1e3", "-1.5e-3", "30%", "+4%", ".5%",
        ] {
            assert_eq!(value(number), Value::Number, "{number}");
        }
        assert_eq!(
            value("-0ms"),
            Value::Duration(Delay::from_ms(0.0).unwrap()),
            "a sign starts a duration too"
        );
        assert_eq!(
            value("+1.5s"),
            Value::Duration(Delay::from_ms(1500.0).unwrap())
        );
        for word in ["full", "a_b", "a-b", "x2", "_x", "Tr", "True", "None"] {
            assert_eq!(value(word), Value::Word(word.to_string()), "{word}");
        }
        let error = |text: &str| {
            let e = parse_value(text).unwrap_err();
            assert_eq!(e.span, 0..text.len(), "{text}");
            (e.message, e.help)
        };
        let not_a_value = |text: &str| {
            (
                format!("`{text}` is not a value"),
                Some("quote text: \"like this\"".to_string()),
            )
        };
        for text in ["şık", "a.b", "x%", "a/b", "ı"] {
            assert_eq!(error(text), not_a_value(text), "{text}");
        }
        let durations = Some("durations are written like `100ms`, `1.5s`, `2m`, `1h`".to_string());
        assert_eq!(
            error("-1s"),
            (
                "`-1s` is not a number or a duration: the duration must be a finite, \
                 non-negative amount"
                    .to_string(),
                durations.clone()
            )
        );
        assert_eq!(
            error(".x"),
            (
                "`.x` is not a number or a duration: unknown unit `x`; use ms, s, m or h"
                    .to_string(),
                durations
            )
        );
    }

    /// Argument names: ASCII letters, digits and `_`, and `-` after the first character.
    #[test]
    fn argument_names_take_hyphens_after_their_first_character() {
        let src = "<< t(a-b=1, c_d=2, _e=3, 4f=4, g--=5) >>";
        let call = parse_call(src, 0, src.len()).unwrap();
        let names: Vec<&str> = call.args.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["a-b", "c_d", "_e", "4f", "g--"]);
        for a in &call.args {
            assert_eq!(&src[a.name_span.clone()], a.name);
        }
        for (src, at) in [
            ("<< t(-a=1) >>", "-"),
            ("<< t(=1) >>", "="),
            ("<< t(a=1, ş=2) >>", "ş"),
        ] {
            let (message, underlined, _) = error_of(src);
            assert_eq!(message, "expected an argument name (`key=value`)", "{src}");
            assert_eq!(underlined, at, "{src}");
        }
    }

    /// Each syntax error underlines the character where the call goes wrong (all of it, a
    /// Turkish letter too), or the `<<` of a call that never ends.
    #[test]
    fn syntax_errors_underline_their_place() {
        let cases = [
            (
                "<< t(a=1 b=2) >>",
                "expected `,` or `)` after an argument, found `b`",
                "b",
                9,
            ),
            (
                "<< t(a=\"x\"ş=2) >>",
                "expected `,` or `)` after an argument, found `ş`",
                "ş",
                10,
            ),
            ("<< t(a=) >>", "expected a value", ")", 7),
            ("<< t(a=  , b=1) >>", "expected a value", ",", 9),
            ("<< t(a=ğ, b=) >>", "`ğ` is not a value", "ğ", 7),
            (
                "<< t(ğ=1) >>",
                "expected an argument name (`key=value`)",
                "ğ",
                5,
            ),
            ("<< t(a 1) >>", "expected `=` after `a`, found `1`", "1", 7),
            ("<< t(a ı) >>", "expected `=` after `a`, found `ı`", "ı", 7),
            (
                "<< t a=1) >>",
                "expected `(` after the shortcode name, found `a`",
                "a",
                5,
            ),
            (
                "<< (a=1) >>",
                "expected a shortcode name after `<<`",
                "(",
                3,
            ),
            (
                "<< t(a=[1 2]) >>",
                "expected `,` or `]` in the list",
                "2",
                10,
            ),
            ("<< t(a=[1, [2]]) >>", "lists cannot be nested", "[2]", 11),
            ("<< t(a=\"ab) >>", "unterminated string", "\"ab) >>", 7),
            (
                "<< t(a=\"\\ş\") >>",
                "unknown escape; only `\\\"` and `\\\\` are allowed",
                "\\ş",
                8,
            ),
            (
                "x << t(a=1,",
                "unterminated shortcode: `(` is never closed",
                "<<",
                2,
            ),
            (
                "ş << t(a=1",
                "unterminated shortcode: `(` is never closed",
                "<<",
                3,
            ),
            (
                "ğğ << t(a=1) x",
                "unterminated shortcode: expected `>>`",
                "<<",
                5,
            ),
            (
                "ğğ << t(a=1) >",
                "unterminated shortcode: expected `>>`",
                "<<",
                5,
            ),
        ];
        for (src, message, underlined, start) in cases {
            let at = src.find("<<").unwrap();
            let e = parse_call(src, at, src.len()).unwrap_err();
            assert_eq!(
                (e.message.as_str(), &src[e.span.clone()], e.span.start),
                (message, underlined, start),
                "{src}"
            );
        }
        let help = |src: &str| {
            parse_call(src, src.find("<<").unwrap(), src.len())
                .unwrap_err()
                .help
        };
        assert_eq!(help("ş << t(a=1,").as_deref(), Some("close it with `) >>`"));
        assert_eq!(help("ş << t(a=1").as_deref(), Some("close it with `) >>`"));
        assert_eq!(
            help("ş << t() x").as_deref(),
            Some("end the shortcode with `>>`")
        );
    }

    /// At the end of the text there is nothing to underline; at the end of a paragraph (the
    /// limit), the character after it is.
    #[test]
    fn an_error_at_the_end_underlines_what_follows_or_nothing() {
        let src = "<< t(a=";
        assert_eq!(parse_call(src, 0, src.len()).unwrap_err().span, 7..7);
        let src = "<< t(base\n\nnext";
        let e = parse_call(src, 0, 9).unwrap_err();
        assert_eq!(
            e.message,
            "expected `=` after `base`, found the end of the shortcode"
        );
        assert_eq!(e.span, 9..10);
        let src = "<< t(a=1)\n\n>>";
        let e = parse_call(src, 0, 9).unwrap_err();
        assert_eq!(e.message, "unterminated shortcode: expected `>>`");
    }

    /// Values and names are found after any run of spaces, tabs and line breaks.
    #[test]
    fn spans_skip_any_whitespace() {
        let src = "<<  t \t(  a =   100ms ,\n  bb=\t\"ş\"  ,c=[ 1 ,2 ]  )   >> z";
        let call = parse_call(src, 0, src.len()).unwrap();
        assert_eq!(&src[call.name_span.clone()], "t");
        assert_eq!(&src[call.span.clone()], &src[..src.len() - 2]);
        let written: Vec<(&str, &str)> = call
            .args
            .iter()
            .map(|a| (&src[a.name_span.clone()], &src[a.value.span.clone()]))
            .collect();
        assert_eq!(
            written,
            [("a", "100ms"), ("bb", "\"ş\""), ("c", "[ 1 ,2 ]")]
        );
        assert_eq!(call.args[1].value.text, "\"ş\"");
        let Value::List(items) = &call.args[2].value.value else {
            panic!("{call:?}")
        };
        let items: Vec<&str> = items.iter().map(|i| &src[i.span.clone()]).collect();
        assert_eq!(items, ["1", "2"]);
        assert_eq!(parse_value(" \t1 ").unwrap().span, 2..3);
        let e = parse_value("1 2").unwrap_err();
        assert_eq!((e.message.as_str(), e.span), ("expected one value", 2..3));
        let e = parse_value("1 ş").unwrap_err();
        assert_eq!(e.span, 2..4);
    }

    #[test]
    fn errors_have_spans() {
        let src = "<< t(a=100sec) >>";
        let e = parse_call(src, 0, src.len()).unwrap_err();
        assert_eq!(&src[e.span.clone()], "100sec");
        let src = "<< t(a=1";
        let e = parse_call(src, 0, src.len()).unwrap_err();
        assert!(e.message.contains("unterminated"), "{e:?}");
    }
}
