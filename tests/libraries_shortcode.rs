//! The `backoff_libraries` shortcode in a built page, as goldens: the localized HTML (table,
//! notes, escaped snippets, `<data>` on every number), the GFM twin in `index.md`, and the
//! "did you mean" of an unknown library id. Re-bless with
//! `INSTA_UPDATE=always cargo test --test libraries_shortcode`.

mod common;

use sade::build::{build, Options};
use sade::shortcode::Registry;

fn front(lang: &str) -> String {
    format!("---\ntitle: \"Sayfa\"\nlang: {lang}\npublished: 2026-12-01\nsection: Tool\n---\n")
}

const CALL: &str =
    "<< backoff_libraries(base=1s, factor=2, cap=2s, attempts=3, libraries=[grpc, backon]) >>\n";

fn built(lang: &str, body: &str) -> sade::build::Build {
    let site = common::site_with(&[(
        &format!("tools/x.{lang}.md"),
        &format!("{}{body}", front(lang)),
    )]);
    build(&Options::new(site.path()), &Registry::builtin())
}

fn main_of(b: &sade::build::Build, lang: &str) -> String {
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    let html = b
        .outputs
        .text(&format!("{lang}/tools/x/index.html"))
        .unwrap();
    let start = html.find("<figure").unwrap();
    html[start..html.find("</article>").unwrap()].to_string()
}

#[test]
fn html_in_turkish() {
    let b = built("tr", CALL);
    let main = main_of(&b, "tr");
    assert!(main.contains("<th scope=\"col\">Kütüphane</th>"), "{main}");
    assert_eq!(
        main.matches("<data value=").count(),
        2 * 3 + 2 + 3 * 2 + 2,
        "{main}"
    );
    insta::assert_snapshot!(main);
}

#[test]
fn html_and_markdown_in_english() {
    let b = built("en", CALL);
    insta::assert_snapshot!("html_en", main_of(&b, "en"));
    let md = b.outputs.text("en/tools/x/index.md").unwrap();
    let body = &md[md.find("First wait").unwrap()..];
    assert!(body.contains(
        "\n| Library | Delay per retry | Worst-case total | Mean total |\n|---|---|---|---|\n"
    ));
    assert!(
        body.contains("\n```go\nconn, err := grpc.NewClient(target,\n"),
        "{body}"
    );
    insta::assert_snapshot!("markdown_en", body);
}

#[test]
fn unknown_library_suggests_the_closest() {
    let b = built(
        "en",
        "<< backoff_libraries(base=100ms, libraries=[grpc, tenacty]) >>\n",
    );
    assert!(b.diagnostics.has_errors());
    let shown = b.diagnostics.render();
    assert!(shown.contains("did you mean `tenacity`?"), "{shown}");
    insta::assert_snapshot!(shown);
}
