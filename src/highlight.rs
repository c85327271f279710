//! Stage 3b — highlighted code: a fenced code block whose language sade knows is written with
//! each word-like token in a `<span class="hl-KIND">` (`hl-keyword`, `hl-string`, `hl-comment`, …), at
//! build time, so pages need no script and no inline style (the strict CSP stays); the theme's
//! stylesheet colours the classes for light and dark. A language it does not know, or none, is
//! left plain, as pulldown-cmark writes it: never an error.
//!
//! The tokens come from [`hl_lite`]: hand-written lexers, one pass over the text, no regular
//! expressions and nothing to load, for Rust, Python, JavaScript, TypeScript, Bash, YAML, TOML,
//! JSON, HTML, CSS, Markdown and Dockerfiles. Lexical, as highlight.js or Prism are: a
//! TextMate or tree-sitter highlighter costs 25–150 times as much per block (see the guide's
//! "Code blocks").

use hl_lite::{Kind, Lang};

use crate::html::push_escaped;

/// The first word of a fence's info string (`rust`, `py`, `sh`, …), as pulldown-cmark reads it,
/// and its language, if sade highlights it.
pub fn language(info: &str) -> Option<(&str, Lang)> {
    let word = info.split(' ').next().unwrap_or("");
    Lang::from_slug(word).map(|lang| (word, lang))
}

/// Appends `code` highlighted as `lang` to `out`: the inside of its `<code>` element, escaped.
/// Operators and punctuation are written as plain text, in the text's colour: they are most of
/// the tokens, and spans around them only made pages bigger.
pub fn push_code(out: &mut String, lang: Lang, code: &str) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_languages_are_spans_and_the_text_is_kept() {
        let (word, lang) = language("rust").unwrap();
        let html = code_block(word, lang, "let x = \"<b>\"; // hi\n");
        assert_eq!(
            html,
            "<pre><code class=\"language-rust\"><span class=\"hl-keyword\">let</span> x = \
             <span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span>; \
             <span class=\"hl-comment\">// hi</span>\n</code></pre>\n"
        );
    }

    #[test]
    fn languages_by_the_fences_first_word() {
        assert!(language("py").is_some());
        assert!(language("sh title=x").is_some());
        assert!(language("go").is_none());
        assert!(language("").is_none());
        assert!(language("text").is_none());
    }
}
