//! Formulas on their way to MathML ([`crate::math`]), as expansions: the page gets MathML, the
//! twin keeps the TeX, and an error points at the offending part of the formula.

use std::ops::Range;

use super::ExpandedCall;
use crate::diagnostic::{Diagnostic, Source};

/// A formula (`$tex$`, or `$$tex$$` when `display`, written at `range`) as MathML; the twin
/// keeps its source. An error points at the offending part of the formula.
pub(super) fn math(
    source: &Source,
    tex: &str,
    range: &Range<usize>,
    display: bool,
) -> Result<ExpandedCall, Diagnostic> {
    let written = &source.text[range.clone()];
    match crate::math::to_mathml(tex, display) {
        Ok(html) => Ok(ExpandedCall {
            span: range.clone(),
            html,
            markdown: written.to_string(),
        }),
        Err(e) => {
            // Where the formula starts in the file: after its opening dollars, when the text
            // between them is the formula as given (it always is: math takes no escapes).
            let open = if display { 2 } else { 1 };
            let inner = range.start + open..range.end.saturating_sub(open);
            let span = if source.text.get(inner.clone()) == Some(tex) {
                let end = (inner.start + e.span.end).max(inner.start + e.span.start);
                let start = inner.start + e.span.start;
                if start == end {
                    // The formula stops short: point at its closing dollar.
                    start..(start + 1).min(range.end)
                } else {
                    start..end
                }
            } else {
                range.clone()
            };
            Err(Diagnostic::error(format!("this formula does not parse: {}", e.message))
                .at(source, span, "here")
                .with_suggestion(e.suggestion.as_deref())
                .with_help(
                    "formulas are TeX between `$` (inline) or `$$` (display); to write a dollar \
                     sign as text, escape it: `\\$`",
                ))
        }
    }
}
