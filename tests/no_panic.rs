//! Bad input never panics: arbitrary page bodies made of shortcode fragments, markdown syntax and
//! multi-byte letters go through the whole markdown + shortcode stage, which must return either
//! HTML or located diagnostics.

use proptest::prelude::*;
use sade::diagnostic::Source;
use sade::i18n::Lang;
use sade::shortcode::{Context, Registry};

fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "<<",
        ">>",
        " ",
        "(",
        ")",
        "=",
        ",",
        "\"",
        "\\",
        "[",
        "]",
        "`",
        "```\n",
        "\n",
        "\n\n",
        "\r\n",
        "> ",
        "- ",
        "# ",
        "|",
        "*",
        "_",
        "backoff_table",
        "backoff_delay",
        "backoff_odds",
        "backoff_outage",
        "fail",
        "outage",
        "30%",
        "note",
        "base",
        "attempt",
        "100ms",
        "1.5s",
        "2",
        "-1",
        "none",
        "all",
        "full",
        "ş",
        "ğ",
        "İ",
        "ı",
        "ö",
        "😀",
        "<div>",
        "</div>",
        "&amp;",
        "[x](/a/)",
        "{#id}",
        "jitter",
        "=[",
        "1e400",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn markdown_and_shortcodes_never_panic(pieces in prop::collection::vec(piece(), 0..60)) {
        let body: String = pieces.concat();
        let text = format!("---\ntitle: x\n---\n{body}");
        let start = text.len() - body.len();
        let source = Source::new("content/x.tr.md", text.clone());
        let registry = Registry::builtin();
        let ctx = Context { lang: Lang::Tr, page_title: "x", page_path: "/tr/x/", root: "/", block: false, strings: None, timings: None, body: None, text: false, kept: None };
        // With the text for search, so that path is tried too.
        match sade::markdown::render_with(&source, start..text.len(), &registry, &ctx, true) {
            Ok(r) => prop_assert!(!r.html.contains(char::from(0)), "NUL in output"),
            Err(ds) => {
                for d in ds {
                    let rendered = d.render();
                    prop_assert!(rendered.contains("content/x.tr.md:"), "{}", rendered);
                }
            }
        }
    }
}

fn key() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "base", "factor", "cap", "attempts", "attempt", "jitter", "seed", "kind", "bsae",
    ])
}

fn value() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "100ms",
        "0ms",
        "1h",
        "1e308s",
        "1.5s",
        "99999999999999999999",
        "-0",
        "0.5",
        "1",
        "3",
        "101",
        "100",
        "none",
        "all",
        "full",
        "[full, equal]",
        "[]",
        "\"ş\"",
        "worst",
        "mean",
        "true",
        "decorrelated",
        "1e300",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn shortcode_arguments_never_panic(
        name in prop::sample::select(vec![
            "backoff_table", "backoff_delay", "backoff_total", "backoff_chart", "backoff_calculator",
        ]),
        args in prop::collection::vec((key(), value()), 0..7),
        inline in any::<bool>(),
    ) {
        let args: Vec<String> = args.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let call = format!("<< {name}(clients=10, {}) >>", args.join(", "));
        let body = if inline { format!("Metin {call} sonu.\n") } else { format!("{call}\n") };
        let text = format!("---\ntitle: x\n---\n{body}");
        let start = text.len() - body.len();
        let source = Source::new("content/x.tr.md", text.clone());
        let ctx = Context { lang: Lang::Tr, page_title: "x", page_path: "/tr/x/", root: "/", block: false, strings: None, timings: None, body: None, text: false, kept: None };
        if let Err(ds) = sade::markdown::render(&source, start..text.len(), &Registry::builtin(), &ctx) {
            for d in ds {
                prop_assert!(d.render().contains("content/x.tr.md:4:"), "{}", d.render());
            }
        }
    }
}
