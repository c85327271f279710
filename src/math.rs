//! Stage 3c — math: `$…$` and `$$…$$` (pulldown-cmark's math events) become MathML at build
//! time, through [`math_core`], so a formula needs no script, no web font and nothing from
//! another origin; the browser lays MathML out itself and the theme styles it for light and
//! dark. The markdown twin keeps the TeX. A formula that does not parse is an error pointing
//! at the offending text, like every other error.

use std::ops::Range;
use std::sync::OnceLock;

use math_core::{LatexToMathML, MathCoreConfig, MathDisplay};

/// Why a formula did not convert: a message, and the bytes of the formula it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MathError {
    /// What is wrong, as math-core says it.
    pub message: String,
    /// Byte range within the formula's TeX (empty at the end when the formula stops short).
    pub span: Range<usize>,
    /// For an unknown command, the common one nearest to it (`\\frca` → `\\frac`).
    pub suggestion: Option<String>,
}

/// Commands a formula on an engineering page most often uses: the ones an unknown command is
/// compared with for "did you mean".
const COMMON: &[&str] = &[
    "alpha",
    "beta",
    "gamma",
    "delta",
    "epsilon",
    "lambda",
    "mu",
    "sigma",
    "tau",
    "theta",
    "pi",
    "rho",
    "omega",
    "Delta",
    "Sigma",
    "frac",
    "dfrac",
    "sqrt",
    "sum",
    "prod",
    "int",
    "lim",
    "log",
    "ln",
    "exp",
    "min",
    "max",
    "sup",
    "inf",
    "mathrm",
    "mathbf",
    "mathit",
    "mathbb",
    "mathcal",
    "text",
    "operatorname",
    "cdot",
    "times",
    "div",
    "pm",
    "le",
    "leq",
    "ge",
    "geq",
    "neq",
    "ne",
    "approx",
    "sim",
    "equiv",
    "infty",
    "lfloor",
    "rfloor",
    "lceil",
    "rceil",
    "left",
    "right",
    "bigl",
    "bigr",
    "langle",
    "rangle",
    "to",
    "mapsto",
    "in",
    "notin",
    "subset",
    "cup",
    "cap",
    "forall",
    "exists",
    "quad",
    "qquad",
    "ldots",
    "cdots",
    "binom",
    "overline",
    "underbrace",
    "hat",
    "bar",
    "tilde",
    "vec",
    "mid",
    "begin",
    "end",
    "Pr",
    "mathbb",
];

/// The converter, made once: it holds no state between formulas.
fn converter() -> &'static LatexToMathML {
    static CONVERTER: OnceLock<LatexToMathML> = OnceLock::new();
    CONVERTER.get_or_init(|| {
        LatexToMathML::new(MathCoreConfig::default())
            .expect("the default configuration defines no macros that could fail")
    })
}

/// `tex` as a `<math>` element: inline, or as a display block.
pub fn to_mathml(tex: &str, display: bool) -> Result<String, MathError> {
    let mode = if display {
        MathDisplay::Block
    } else {
        MathDisplay::Inline
    };
    match converter().convert_with_local_state(tex, mode) {
        Ok(result) => Ok(result.mathml),
        Err(e) => {
            let message = e.to_string();
            // The kind of error is private to math-core; its message says it.
            let suggestion = message
                .starts_with("Unknown command")
                .then(|| tex.get(e.0.clone()))
                .flatten()
                .and_then(|c| c.strip_prefix('\\'))
                .and_then(|name| crate::diagnostic::closest(name, COMMON.iter().copied()))
                .map(|c| format!("\\{c}"));
            Err(MathError {
                message,
                span: e.0.clone(),
                suggestion,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_mathml() {
        let inline = to_mathml("1 - f^K", false).unwrap();
        assert_eq!(
            inline,
            "<math><mn>1</mn><mo>−</mo><msup><mi>f</mi><mi>K</mi></msup></math>"
        );
        let block = to_mathml(r"\frac{a}{b}", true).unwrap();
        assert!(block.starts_with("<math display=\"block\">"), "{block}");
        assert!(block.contains("<mfrac>"), "{block}");
    }

    #[test]
    fn text_is_escaped() {
        let m = to_mathml(r"a < b \text{<x>}", false).unwrap();
        assert!(!m.contains("<x>") && m.matches("&lt;").count() == 2, "{m}");
    }

    #[test]
    fn errors_say_where() {
        let e = to_mathml(r"\frac{a}{", false).unwrap_err();
        assert_eq!(e.span, 9..9);
        assert!(e.message.contains("}"), "{}", e.message);
        let e = to_mathml(r"x + \qwerty{y}", false).unwrap_err();
        assert_eq!(e.span, 4..11);
        assert!(e.message.contains("qwerty"), "{}", e.message);
        assert_eq!(e.suggestion, None);
        let e = to_mathml(r"\frca{a}{b}", false).unwrap_err();
        assert_eq!(e.suggestion.as_deref(), Some(r"\frac"));
    }
}
