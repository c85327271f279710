//! Stage 3b — highlighted code: a fenced code block whose language sade knows is written with
//! each word-like token in a `<span class="hl-KIND">` (`hl-keyword`, `hl-string`, `hl-comment`, …), at
//! build time, so pages need no script and no inline style (the strict CSP stays); the theme's
//! stylesheet colours the classes for light and dark. A language it does not know, or none, is
//! left plain, as pulldown-cmark writes it: never an error.
//!
//! The tokens come from hand-written lexers: one pass over the text, no regular expressions and
//! nothing to load. [`hl_lite`]'s for Rust, Python, JavaScript, TypeScript, Bash, YAML, TOML,
//! JSON, HTML, CSS, Markdown and Dockerfiles; sade's own, written into the page as they scan,
//! for the languages of C's family ([`clike`]: Go, Java, C#, Kotlin, Scala, C, C++) and SQL
//! ([`sql`]), with hl-lite's kinds and classes. Lexical, as highlight.js or Prism are: a
//! TextMate or tree-sitter highlighter costs 25–150 times as much per block (see the guide's
//! "Code blocks").

use hl_lite::Kind;

use crate::html::push_escaped;

mod clike;
mod out;
mod scan;
mod sql;
#[cfg(test)]
mod tests;
mod words;

/// A language sade highlights: one of hl-lite's, or one of its own lexers'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// Rust, Python, JavaScript, TypeScript, Bash, YAML, TOML, JSON, HTML, CSS, Markdown and
    /// Dockerfiles, by [`hl_lite`].
    Lite(hl_lite::Lang),
    /// A language of C's family, by [`clike`].
    CLike(CLike),
    /// SQL, by [`sql`].
    Sql,
}

/// The languages of C's family that sade's own lexer reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CLike {
    /// Go (`go`, `golang`).
    Go,
    /// Java (`java`).
    Java,
    /// C# (`cs`, `csharp`, `c#`).
    CSharp,
    /// Kotlin (`kotlin`, `kt`, `kts`).
    Kotlin,
    /// Scala (`scala`, `sc`).
    Scala,
    /// C (`c`, `h`).
    C,
    /// C++ (`cpp`, `c++`, `cc`, `cxx`, `hpp`, `hh`, `hxx`).
    Cpp,
}

/// The fence names of sade's own languages, matched in any case.
const SLUGS: &[(&str, Lang)] = &[
    ("go", Lang::CLike(CLike::Go)),
    ("golang", Lang::CLike(CLike::Go)),
    ("java", Lang::CLike(CLike::Java)),
    ("cs", Lang::CLike(CLike::CSharp)),
    ("csharp", Lang::CLike(CLike::CSharp)),
    ("c#", Lang::CLike(CLike::CSharp)),
    ("kotlin", Lang::CLike(CLike::Kotlin)),
    ("kt", Lang::CLike(CLike::Kotlin)),
    ("kts", Lang::CLike(CLike::Kotlin)),
    ("scala", Lang::CLike(CLike::Scala)),
    ("sc", Lang::CLike(CLike::Scala)),
    ("c", Lang::CLike(CLike::C)),
    ("h", Lang::CLike(CLike::C)),
    ("cpp", Lang::CLike(CLike::Cpp)),
    ("c++", Lang::CLike(CLike::Cpp)),
    ("cc", Lang::CLike(CLike::Cpp)),
    ("cxx", Lang::CLike(CLike::Cpp)),
    ("hpp", Lang::CLike(CLike::Cpp)),
    ("hh", Lang::CLike(CLike::Cpp)),
    ("hxx", Lang::CLike(CLike::Cpp)),
    ("sql", Lang::Sql),
    ("postgresql", Lang::Sql),
    ("postgres", Lang::Sql),
    ("pgsql", Lang::Sql),
    ("mysql", Lang::Sql),
    ("sqlite", Lang::Sql),
];

/// The first word of a fence's info string (`rust`, `py`, `go`, …), as pulldown-cmark reads it,
/// and its language, if sade highlights it.
pub fn language(info: &str) -> Option<(&str, Lang)> {
    let word = info.split(' ').next().unwrap_or("");
    let lang = match hl_lite::Lang::from_slug(word) {
        Some(lang) => Lang::Lite(lang),
        None => SLUGS.iter().find(|(s, _)| s.eq_ignore_ascii_case(word))?.1,
    };
    Some((word, lang))
}

/// Appends `code` highlighted as `lang` to `out`: the inside of its `<code>` element, escaped.
/// Operators and punctuation are written as plain text, in the text's colour: they are most of
/// the tokens, and spans around them only made pages bigger.
pub fn push_code(out: &mut String, lang: Lang, code: &str) {
    let lang = match lang {
        Lang::Lite(lang) => return push_lite(out, lang, code),
        Lang::CLike(lang) => Some(lang),
        Lang::Sql => None,
    };
    let mut o = out::Out::new(out, code);
    match lang {
        Some(lang) => clike::lex(&mut o, code, lang),
        None => sql::lex(&mut o, code),
    }
    o.finish();
}

/// [`push_code`] for hl-lite's languages.
fn push_lite(out: &mut String, lang: hl_lite::Lang, code: &str) {
    for span in hl_lite::highlight(lang, code) {
        if matches!(span.kind, Kind::Plain | Kind::Operator | Kind::Punctuation) {
            push_escaped(out, span.text);
        } else {
            out.push_str("<span class=\"hl-");
            out.push_str(span.kind.class());
            out.push_str("\">");
            push_escaped(out, span.text);
            out.push_str("</span>");
        }
    }
}

/// A fenced code block in `lang` (the fence's first word, `word`), whole, as pulldown-cmark
/// would write it but with its tokens in spans.
pub fn code_block(word: &str, lang: Lang, code: &str) -> String {
    let mut out = String::with_capacity(code.len() * 3 + 64);
    out.push_str("<pre><code class=\"language-");
    push_escaped(&mut out, word);
    out.push_str("\">");
    push_code(&mut out, lang, code);
    out.push_str("</code></pre>\n");
    out
}
