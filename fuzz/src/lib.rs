//! What sade's fuzz targets do with an input, one function per target (`fuzz_targets/*.rs` call
//! them under libFuzzer; `tests/fuzz_corpus.rs` replays the committed corpus through them on the
//! stable toolchain). Besides "never panic", each checks what must hold of any result: spans
//! inside the text and on character boundaries, durations that print and parse back to
//! themselves, errors that render.

use std::path::Path;
use std::sync::OnceLock;

use sade::backoff::Delay;
use sade::config::Config;
use sade::content::{parse_page, Page};
use sade::diagnostic::{Diagnostic, Source};
use sade::i18n::Lang;
use sade::shortcode::grammar::{parse_call, parse_value, starts_call, Call, Spanned, Value};
use sade::shortcode::{Context, Registry};
use sade::site::Site;
use sade::templates::Templates;

/// The repository root (this file is compiled from `fuzz/` and from the root's tests).
fn repo() -> &'static Path {
    static ROOT: OnceLock<std::path::PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        if here.join("templates").is_dir() {
            here.to_path_buf()
        } else {
            here.parent()
                .expect("fuzz/ is inside the repository")
                .to_path_buf()
        }
    })
}

/// A site below a path, so that links and shortcodes that write URLs take the longer way.
const CONFIG: &str = "base_url: https://fuzz.example/notes
default_language: tr
author: \"Fuzz\"
languages:
  tr: { title: \"Deneme\", description: \"Bulanık\" }
  en: { title: \"Fuzz\", description: \"Fuzzy\" }
sections:
  Tool: { path: tools, label: { tr: \"Araçlar\", en: \"Tools\" } }
  Post: { path: blog, label: { tr: \"Yazılar\", en: \"Blog\" } }
";

fn config() -> &'static Config {
    static CONFIG_: OnceLock<Config> = OnceLock::new();
    CONFIG_.get_or_init(|| Config::parse(&Source::new("sade.yaml", CONFIG)).expect("valid"))
}

/// `span` lies in `text` on character boundaries.
fn assert_span(text: &str, span: &std::ops::Range<usize>, what: &str) {
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what}: span {span:?} outside a text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

fn check_value(text: &str, v: &Spanned) {
    assert_span(text, &v.span, "value");
    assert_eq!(&text[v.span.clone()], v.text, "a value's text is its span");
    if let Value::List(items) = &v.value {
        for item in items {
            assert!(item.span.start >= v.span.start && item.span.end <= v.span.end);
            check_value(text, item);
        }
    }
}

fn check_call(text: &str, at: usize, call: &Call) {
    assert_eq!(call.span.start, at);
    assert_span(text, &call.span, "call");
    assert!(text[call.span.clone()].ends_with(">>"));
    assert_span(text, &call.name_span, "name");
    assert_eq!(&text[call.name_span.clone()], call.name);
    for arg in &call.args {
        assert_span(text, &arg.name_span, "argument name");
        assert_eq!(&text[arg.name_span.clone()], arg.name);
        check_value(text, &arg.value);
    }
}

/// Target `shortcode_grammar`: every `<<` that starts a call parses to a call or to an error
/// whose span is in the text; a lone value parses or fails the same way; errors render.
pub fn shortcode_grammar(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let source = Source::new("content/x.tr.md", text);
    for (at, _) in text.match_indices("<<") {
        if !starts_call(text, at) {
            continue;
        }
        match parse_call(text, at, text.len()) {
            Ok(call) => check_call(text, at, &call),
            Err(e) => {
                assert_span(text, &e.span, &e.message);
                let _ = Diagnostic::error(e.message)
                    .at(&source, e.span, "here")
                    .render();
            }
        }
    }
    match parse_value(text) {
        Ok(v) => check_value(text, &v),
        Err(e) => assert_span(text, &e.span, &e.message),
    }
}

/// Target `durations`: a duration either parses to a finite, non-negative delay that prints as
/// text which parses back to the same delay, or is refused with a reason; never a panic.
pub fn durations(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Delay::parse(text) {
        Ok(d) => {
            let ms = d.as_ms();
            assert!(ms.is_finite() && ms >= 0.0, "{text:?} gave {ms}");
            let shown = d.to_string();
            assert_eq!(
                Delay::parse(&shown),
                Ok(d),
                "{text:?} prints as {shown:?}, which does not read back"
            );
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    // The grammar reads the same text as a value (a duration, a number, a word…).
    let _ = parse_value(text);
}

/// A page of `text`, as `content/tools/x.tr.md` (a Turkish page, so `lang: en` is an error).
fn page(text: &str) -> Result<Page, Vec<Diagnostic>> {
    parse_page(
        config(),
        Path::new("content/tools/x.tr.md"),
        "tools/x".into(),
        Lang::Tr,
        text.to_string(),
    )
}

/// Target `front_matter`: a page's text parses to a page whose parts are where it says, or to
/// errors that point into the text and render.
pub fn front_matter(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match page(text) {
        Ok(page) => {
            assert_span(text, &page.body, "body");
            for key in sade::content::FRONT_MATTER_KEYS {
                assert_span(text, &page.front_span(key), key);
            }
            assert!(page.path.starts_with("/notes/tr/"), "{}", page.path);
            assert!(page.front.updated >= page.front.published);
        }
        Err(ds) => {
            assert!(!ds.is_empty());
            render_all(text, &ds);
        }
    }
}

fn render_all(text: &str, ds: &[Diagnostic]) {
    for d in ds {
        if let Some(loc) = &d.location {
            if *loc.source.text == text {
                assert_span(text, &loc.span, &d.message);
            }
        }
        assert!(d.render().contains(&d.message));
    }
}

/// The templates, the UI strings and every shortcode of the bundled site.
fn site_parts() -> &'static (Templates, Registry) {
    static PARTS: OnceLock<(Templates, Registry)> = OnceLock::new();
    PARTS.get_or_init(|| {
        let templates = Templates::load(repo()).unwrap_or_else(|_| panic!("templates load"));
        let registry = Registry::builtin()
            .with_templates(&templates)
            .unwrap_or_else(|_| panic!("template shortcodes load"));
        (templates, registry)
    })
}

/// Target `page_render`: a whole page — front matter, markdown, every shortcode (the bundled
/// site's templates ones too), the page template and the markdown twin — renders, or fails with
/// errors that point into the page and render.
pub fn page_render(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let page = match page(text) {
        Ok(p) => p,
        Err(ds) => return render_all(text, &ds),
    };
    let (templates, registry) = site_parts();
    let strings = templates.strings(page.lang);
    let ctx = Context {
        strings: Some(strings),
        root: config().urls.root(),
        ..Context::new(page.lang, &page.front.title, &page.path)
    };
    let body =
        match sade::markdown::render_with(&page.source, page.body.clone(), registry, &ctx, true) {
            Ok(b) => b,
            Err(ds) => return render_all(text, &ds),
        };
    for call in &body.calls {
        assert_span(text, &call.span, "expanded call");
    }
    for link in &body.links {
        assert_span(text, &link.span, "link");
    }
    let source = page.source.clone();
    // The page's share of the search index: its text, words and excerpt from any body.
    let headings: Vec<&str> = body.headings.iter().map(|h| h.text.as_str()).collect();
    let doc = sade::search::Doc::new(
        page.lang,
        &page.path,
        "",
        &sade::search::Fields {
            title: &page.front.title,
            tags: &page.front.tags,
            headings: &headings,
            description: &page.front.description,
            text: &body.text,
        },
    );
    assert!(doc.excerpt.chars().count() <= sade::search::doc::EXCERPT_CHARS + 1);
    let index = sade::search::index::build(page.lang, &[&doc]);
    assert!(index.files.len() >= 2);
    let links = sade::aids::Links::of(std::slice::from_ref(&page));
    let site = Site {
        config: config().clone(),
        pages: vec![page],
        translations: vec![None],
        links,
        rendered: vec![body],
        drafts_skipped: Vec::new(),
        future_skipped: Vec::new(),
        search: vec![Some(doc)],
        search_files: Default::default(),
    };
    let base = match sade::render::base(&site, templates, Lang::Tr, false) {
        Ok(base) => base,
        Err(d) => panic!("the built-in search form renders: {}", d.render()),
    };
    let body = &site.rendered[0];
    match sade::render::page(&site, templates, 0, &source, body, &base) {
        Ok([html, twin]) => {
            // Files at the top of the output, without the base path.
            let folder = site.pages[0].path.trim_start_matches("/notes/");
            assert_eq!(html.path, format!("{folder}index.html"));
            assert_eq!(twin.path, format!("{folder}index.md"));
            assert!(std::str::from_utf8(&twin.bytes).is_ok());
        }
        Err(d) => render_all(text, &[d]),
    }
}
