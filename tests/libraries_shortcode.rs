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

/// `chart=true`: the libraries' fleets follow the table, one strip each; the markdown twin says
/// the same facts as a list. Built twice, the same bytes (the fleets are seeded).
#[test]
fn a_chart_of_the_fleets_follows_the_table() {
    let call = "<< backoff_libraries(base=100ms, cap=30s, attempts=6, \
                libraries=[urllib3, got, axios-retry], chart=true, clients=500) >>\n";
    let b = built("en", call);
    let main = main_of(&b, "en");
    let chart = &main[main.find("<figure class=\"backoff-chart").unwrap()..];
    let chart = &chart[..chart.find("</figure>").unwrap()];
    assert_eq!(chart.matches("<g class=\"strip bar-series-").count(), 3);
    assert!(
        chart.contains("when 500 clients of each library retry"),
        "{chart}"
    );
    insta::assert_snapshot!("chart_en", chart);
    let md = b.outputs.text("en/tools/x/index.md").unwrap();
    assert!(
        md.contains("\n- urllib3 (requests): 16.7% of 3,000 retries land in the busiest window\n"),
        "{md}"
    );
    assert_eq!(main, main_of(&built("en", call), "en"));
    // Without `chart`, no chart.
    let plain = main_of(&built("en", &call.replace(", chart=true", "")), "en");
    assert!(!plain.contains("backoff-libraries-chart"));
}

/// A calculator compares up to three libraries, and says so; `none` and one id still work.
#[test]
fn a_calculator_compares_up_to_three_libraries() {
    let calc = |library: &str| {
        built(
            "en",
            &format!("<< backoff_calculator(base=100ms, library={library}) >>\n"),
        )
    };
    for ok in ["none", "got", "[got, urllib3]", "[got, urllib3, grpc-core]"] {
        let b = calc(ok);
        assert!(
            !b.diagnostics.has_errors(),
            "{ok}: {}",
            b.diagnostics.render()
        );
    }
    let html = b_text(&calc("[grpc-core, got]"));
    // The choices keep the order written; the results list the libraries by group.
    assert!(
        html.contains("<option value=\"grpc-core\" selected>"),
        "{html}"
    );
    let second = &html[html.find("id=\"bc-library-2\"").unwrap()..];
    assert!(second[..second.find("</select>").unwrap()].contains("<option value=\"got\" selected>"));
    let third = &html[html.find("id=\"bc-library-3\"").unwrap()..];
    assert!(third[..third.find("</select>").unwrap()].contains("<option value=\"none\" selected>"));
    let results = &html[html.find("class=\"backoff-results\"").unwrap()..];
    assert!(results.find(">got<").unwrap() < results.find(">gRPC C-core<").unwrap());
    let four = calc("[got, urllib3, grpc-core, stamina]");
    let shown = four.diagnostics.render();
    assert!(
        shown.contains("names 4 libraries; a calculator compares at most 3"),
        "{shown}"
    );
    insta::assert_snapshot!("four_libraries", shown);
    let all = calc("all").diagnostics.render();
    assert!(all.contains("`backoff_libraries` shows them all"), "{all}");
    let typo = calc("[got, urlib3]").diagnostics.render();
    assert!(typo.contains("did you mean `urllib3`?"), "{typo}");
}

fn b_text(b: &sade::build::Build) -> String {
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    b.outputs.text("en/tools/x/index.html").unwrap().to_string()
}
