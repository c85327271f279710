//! One lexer for the languages of C's family: Go, Java, C#, Kotlin, Scala, C and C++. They share
//! `//` and `/* */` comments, `"…"` strings with backslash escapes, `'c'` characters, numbers and
//! calls written `name(`; each language's own literals are told apart where they open: Go's
//! `` `raw` `` strings, Java's `"""` text blocks, Kotlin's and Scala's `"""` strings and `${…}`
//! holes (Scala's after an interpolator, `s"…"`), C#'s `@"verbatim"`, `$"{holes}"` and `"""raw"""`
//! strings, C++'s `R"(raw)"` strings and `u8"…"` prefixes, annotations (`@Override`) and C's
//! preprocessor lines. A hole's code is written plain, as hl-lite writes JavaScript's.
//!
//! Lexical, like hl-lite: a name is a function where a `(` follows it, a type where it starts
//! with a capital (in Go, whose capitals mean exported, only before a `{`), a constant when it
//! is all capitals.

use hl_lite::Kind;

use super::out::Out;
use super::scan::{
    at_line_start, block_comment, char_literal, hole_end, ident_end, is_ident, is_ident_start,
    line_end, number_end, quoted, skip_blanks,
};
use super::{words, CLike};

/// Where a string's code holes are.
#[derive(Clone, Copy, PartialEq)]
enum Holes {
    None,
    /// `${…}` (Kotlin, Scala's interpolators).
    Dollar,
    /// `{…}`, `{{` being a brace of the text (C#'s `$"…"`).
    Brace,
}

/// The shape of a string literal after its opening quotes.
#[derive(Clone, Copy)]
struct Str {
    /// How many `"` close it: 1, 3 for `"""`, or as many as opened a C# raw string.
    quotes: usize,
    /// A backslash takes the next byte with it.
    escape: bool,
    /// `""` is a quote of the text (C#'s verbatim strings).
    doubled: bool,
    /// The string may go on past the end of its line.
    multiline: bool,
    holes: Holes,
}

/// `"…"` as C, Go and Java write it.
const PLAIN: Str = Str {
    quotes: 1,
    escape: true,
    doubled: false,
    multiline: false,
    holes: Holes::None,
};

/// Writes `src` highlighted as `lang` into `out`.
pub(super) fn lex(out: &mut Out<'_>, src: &str, lang: CLike) {
    let b = src.as_bytes();
    let nested = matches!(lang, CLike::Kotlin | CLike::Scala);
    let preprocessor = matches!(lang, CLike::C | CLike::Cpp | CLike::CSharp);
    let mut after_def = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        i = match c {
            b'/' if next == Some(b'/') => span(out, i, line_end(b, i), Kind::Comment),
            b'/' if next == Some(b'*') => span(out, i, block_comment(b, i, nested), Kind::Comment),
            b'"' => double_quote(out, b, i, i, lang),
            b'\'' => match char_literal(b, i) {
                Some(e) => span(out, i, e, Kind::String),
                None => i + 1,
            },
            b'`' => match lang {
                CLike::Go => span(out, i, quoted(b, i, b'`', false, false, true), Kind::String),
                // A name in backquotes (`` `type` ``) is a name, keyword or not.
                CLike::Kotlin | CLike::Scala => quoted(b, i, b'`', false, false, false),
                _ => i + 1,
            },
            b'0'..=b'9' => span(out, i, number_end(b, i, is_c(lang)), Kind::Number),
            b'.' if next.is_some_and(|d| d.is_ascii_digit())
                && (i == 0 || !is_ident(b[i - 1]) && b[i - 1] != b'.') =>
            {
                span(out, i, number_end(b, i + 1, false), Kind::Number)
            }
            b'@' => at(out, b, i, lang),
            b'$' if lang == CLike::CSharp => dollar(out, b, i),
            b'#' if preprocessor && at_line_start(b, i) => directive(out, b, src, i, lang),
            _ if is_ident_start(c) => {
                let (e, def) = identifier(out, b, src, i, lang, after_def);
                after_def = def;
                e
            }
            _ => i + 1,
        };
    }
}

/// `out.push(start, end, kind)`, and `end`, where the lexer goes on.
fn span(out: &mut Out<'_>, start: usize, end: usize, kind: Kind) -> usize {
    out.push(start, end, kind);
    end
}

/// C or C++: `'` separates digits (`1'000'000`), `_t` ends type names (`size_t`), strings take
/// prefixes (`u8"…"`).
fn is_c(lang: CLike) -> bool {
    matches!(lang, CLike::C | CLike::Cpp)
}

/// A string whose first `"` is at `q`, its span starting at `start` (before any prefix).
fn double_quote(out: &mut Out<'_>, b: &[u8], start: usize, q: usize, lang: CLike) -> usize {
    let run = b[q..].iter().take_while(|&&c| c == b'"').count();
    let triple = run >= 3;
    let s = match lang {
        CLike::Java if triple => Str {
            quotes: 3,
            multiline: true,
            ..PLAIN
        },
        CLike::Kotlin if triple => Str {
            quotes: 3,
            escape: false,
            multiline: true,
            holes: Holes::Dollar,
            ..PLAIN
        },
        CLike::Kotlin => Str {
            holes: Holes::Dollar,
            ..PLAIN
        },
        CLike::Scala if triple => Str {
            quotes: 3,
            escape: false,
            multiline: true,
            ..PLAIN
        },
        CLike::CSharp if triple => raw(run),
        _ => PLAIN,
    };
    string(out, b, start, q + s.quotes, s)
}

/// A C# raw string literal opened by `quotes` quotes: no escapes, closed by as many.
fn raw(quotes: usize) -> Str {
    Str {
        quotes,
        escape: false,
        multiline: true,
        ..PLAIN
    }
}

/// A string from `start` whose text begins at `from`, past its opening quotes, written as a
/// string with any holes' code plain; the index past its end.
fn string(out: &mut Out<'_>, b: &[u8], start: usize, from: usize, s: Str) -> usize {
    let mut seg = start;
    let mut j = from;
    let end = loop {
        let Some(&c) = b.get(j) else { break b.len() };
        match c {
            b'\\' if s.escape => j += 2,
            b'"' if s.quotes == 1 => {
                if s.doubled && b.get(j + 1) == Some(&b'"') {
                    j += 2;
                } else {
                    break j + 1;
                }
            }
            b'"' => {
                let run = b[j..].iter().take_while(|&&c| c == b'"').count();
                if run >= s.quotes {
                    // Quotes beyond the closing ones belong to the text (`""""` ends `"…"`).
                    break j + run;
                }
                j += run;
            }
            b'\n' if !s.multiline => break j,
            b'$' if s.holes == Holes::Dollar && b.get(j + 1) == Some(&b'{') => {
                (seg, j) = hole(out, b, seg, j + 2);
            }
            b'{' if s.holes == Holes::Brace => {
                if b.get(j + 1) == Some(&b'{') {
                    j += 2;
                } else {
                    (seg, j) = hole(out, b, seg, j + 1);
                }
            }
            _ => j += 1,
        }
    };
    out.push(seg, end, Kind::String);
    end
}

/// A hole whose code begins at `code`: the string up to it is written, and the hole's code left
/// plain. Where the string goes on (at the hole's `}`) and where to scan from (past it).
fn hole(out: &mut Out<'_>, b: &[u8], seg: usize, code: usize) -> (usize, usize) {
    out.push(seg, code, Kind::String);
    let e = hole_end(b, code);
    let close = if e > code && b[e - 1] == b'}' {
        e - 1
    } else {
        e
    };
    (close, e)
}

/// `@` in Java, Kotlin and Scala opens an annotation (`@Override`, `@tailrec`); in C#, a
/// verbatim string (`@"C:\x"`, `@$"…"`) or a name that may be a keyword (`@class`).
fn at(out: &mut Out<'_>, b: &[u8], i: usize, lang: CLike) -> usize {
    let next = b.get(i + 1).copied();
    match lang {
        CLike::CSharp => match next {
            Some(b'"') => string(out, b, i, i + 2, verbatim(Holes::None)),
            Some(b'$') if b.get(i + 2) == Some(&b'"') => {
                string(out, b, i, i + 3, verbatim(Holes::Brace))
            }
            Some(c) if is_ident_start(c) => ident_end(b, i + 1),
            _ => i + 1,
        },
        CLike::Java | CLike::Kotlin | CLike::Scala if next.is_some_and(is_ident_start) => {
            let mut e = ident_end(b, i + 1);
            if lang == CLike::Java && &b[i + 1..e] == b"interface" {
                return span(out, i, e, Kind::Keyword);
            }
            // `@javax.annotation.Nullable`
            while b.get(e) == Some(&b'.') && b.get(e + 1).is_some_and(|&c| is_ident_start(c)) {
                e = ident_end(b, e + 1);
            }
            span(out, i, e, Kind::Attribute)
        }
        _ => i + 1,
    }
}

/// C#'s verbatim strings: `""` for a quote, no escapes, any number of lines.
fn verbatim(holes: Holes) -> Str {
    Str {
        escape: false,
        doubled: true,
        multiline: true,
        holes,
        ..PLAIN
    }
}

/// C#'s `$` before a string: `$"{x}"`, `$@"…"`, or `$"""…"""` and `$$"""…"""` (raw, whose holes
/// stay in the string's colour).
fn dollar(out: &mut Out<'_>, b: &[u8], i: usize) -> usize {
    let dollars = b[i..].iter().take_while(|&&c| c == b'$').count();
    let mut q = i + dollars;
    let at = b.get(q) == Some(&b'@');
    if at {
        q += 1;
    }
    if b.get(q) != Some(&b'"') {
        return i + dollars;
    }
    let run = b[q..].iter().take_while(|&&c| c == b'"').count();
    if run >= 3 && !at {
        return string(out, b, i, q + run, raw(run));
    }
    let s = if at {
        verbatim(Holes::Brace)
    } else {
        Str {
            holes: Holes::Brace,
            ..PLAIN
        }
    };
    string(out, b, i, q + 1, s)
}

/// A preprocessor line's directive (`#include`, `#define`, C#'s `#region`) as a keyword, and
/// the `<header>` of an include as a string; the rest of the line is lexed as code.
fn directive(out: &mut Out<'_>, b: &[u8], src: &str, i: usize, lang: CLike) -> usize {
    let name = skip_blanks(b, i + 1);
    let e = ident_end(b, name);
    out.push(i, e, Kind::Keyword);
    let header = skip_blanks(b, e);
    if lang != CLike::CSharp
        && matches!(&src[name..e], "include" | "import" | "include_next")
        && b.get(header) == Some(&b'<')
    {
        let line = line_end(b, header);
        let close = b[header..line]
            .iter()
            .position(|&c| c == b'>')
            .map_or(line, |p| header + p + 1);
        return span(out, header, close, Kind::String);
    }
    e
}

/// The name at `i`: a reserved word, a call, a type or a constant by its shape, or the prefix
/// of a string (`u8"…"`, `R"(…)"`, Scala's `s"…"`). The index past it, and whether it is
/// Scala's `def`, whose next name is the function defined.
fn identifier(
    out: &mut Out<'_>,
    b: &[u8],
    src: &str,
    i: usize,
    lang: CLike,
    after_def: bool,
) -> (usize, bool) {
    let e = ident_end(b, i);
    if let Some(end) = prefixed(out, b, &src[i..e], i, e, lang) {
        return (end, false);
    }
    let word = &src[i..e];
    if let Some(kind) = words::word(lang, word) {
        out.push(i, e, kind);
        return (e, lang == CLike::Scala && word == "def");
    }
    let first = b[i];
    let kind = if after_def || b.get(e) == Some(&b'(') {
        Some(Kind::Function)
    } else if first.is_ascii_uppercase() && lang != CLike::Go {
        let caps = b[i..e]
            .iter()
            .all(|&c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_');
        Some(if caps && e - i > 1 {
            Kind::Constant
        } else {
            Kind::Type
        })
    } else if (first.is_ascii_uppercase() && b.get(e) == Some(&b'{'))
        || (is_c(lang) && word.ends_with("_t"))
    {
        Some(Kind::Type)
    } else {
        None
    };
    if let Some(kind) = kind {
        out.push(i, e, kind);
    }
    (e, false)
}

/// A string or character literal that `word` (at `i..e`) prefixes, if it is one: C's and C++'s
/// `L"…"`, `u8"…"`, `u'x'`, C++'s raw `R"delim(…)delim"`, Scala's interpolators (`s"…"`,
/// `f"""…"""`). The index past it.
fn prefixed(
    out: &mut Out<'_>,
    b: &[u8],
    word: &str,
    i: usize,
    e: usize,
    lang: CLike,
) -> Option<usize> {
    let quote = *b.get(e)?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    match lang {
        CLike::C | CLike::Cpp => {
            let end = match word {
                "L" | "u" | "U" | "u8" if quote == b'"' => string(out, b, i, e + 1, PLAIN),
                "L" | "u" | "U" | "u8" => span(out, i, char_literal(b, e)?, Kind::String),
                "R" | "LR" | "uR" | "UR" | "u8R" if lang == CLike::Cpp && quote == b'"' => {
                    span(out, i, raw_cpp(b, e)?, Kind::String)
                }
                _ => return None,
            };
            Some(end)
        }
        CLike::Scala if quote == b'"' => {
            let triple = b[e..].starts_with(b"\"\"\"");
            // `"""…"""` ends at its quotes whatever stands before them.
            let s = Str {
                quotes: if triple { 3 } else { 1 },
                escape: !triple,
                multiline: triple,
                holes: Holes::Dollar,
                ..PLAIN
            };
            Some(string(out, b, i, e + s.quotes, s))
        }
        _ => None,
    }
}

/// C++'s `R"delim(…)delim"` with its `"` at `q`: the index past it (the end of the text if it
/// is not closed), or `None` when no `(` follows a delimiter of at most 16 characters.
fn raw_cpp(b: &[u8], q: usize) -> Option<usize> {
    let open =
        q + 1
            + b[q + 1..].iter().take(17).position(|&c| {
                c == b'(' || matches!(c, b' ' | b')' | b'\\' | b'\t' | b'\n' | b'"')
            })?;
    if b[open] != b'(' {
        return None;
    }
    let delim = &b[q + 1..open];
    let mut j = open + 1;
    while j < b.len() {
        if b[j] == b')'
            && b[j + 1..].starts_with(delim)
            && b.get(j + 1 + delim.len()) == Some(&b'"')
        {
            return Some(j + 2 + delim.len());
        }
        j += 1;
    }
    Some(b.len())
}
