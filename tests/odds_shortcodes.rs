//! `backoff_odds` and `backoff_outage` (SPEC §7) on real pages: the table, the inline values and
//! the outage chart in both languages, their `index.md` twins, and their errors, as goldens; and
//! `backoff_recovery`'s frontier (SPEC §9): its table, advice, map and inline figures, the same
//! way. Re-bless with `INSTA_UPDATE=always cargo test --test odds_shortcodes`.

mod common;

use sade::build::{build, Options};
use sade::shortcode::Registry;

fn front_matter(lang: &str) -> String {
    format!("---\ntitle: \"Odds\"\nlang: {lang}\npublished: 2026-06-17\nsection: Tool\n---\n")
}

/// Builds `body` as a Turkish and an English page; returns the build.
fn run(body: &str) -> sade::build::Build {
    let site = common::site_with(&[
        ("tools/x.tr.md", &format!("{}{body}", front_matter("tr"))),
        ("tools/x.en.md", &format!("{}{body}", front_matter("en"))),
    ]);
    build(&Options::new(site.path()), &Registry::builtin())
}

/// The page's `<article>` (everything the shortcodes wrote is in it).
fn article(b: &sade::build::Build, lang: &str) -> String {
    let html = b
        .outputs
        .text(&format!("{lang}/tools/x/index.html"))
        .unwrap()
        .to_string();
    html[html.find("<article").unwrap()..html.find("</article>").unwrap()].to_string()
}

fn errors(body: &str) -> String {
    let site = common::site_with(&[("tools/x.en.md", &format!("{}{body}", front_matter("en")))]);
    let b = build(&Options::new(site.path()), &Registry::builtin());
    assert!(b.diagnostics.has_errors(), "expected errors");
    b.diagnostics.render()
}

const SCHEDULE: &str = "base=100ms, cap=30s, attempts=8";

fn page() -> String {
    format!(
        "With these settings << backoff_odds({SCHEDULE}, fail=30%, timeout=2s, show=p_fail) >> \
         of requests still fail; each makes << backoff_odds({SCHEDULE}, fail=30%, timeout=2s, \
         show=expected_calls) >> calls on average, and with full jitter 99% succeed within \
         << backoff_odds({SCHEDULE}, jitter=full, fail=30%, timeout=2s, clients=500, show=p99) >>.\n\n\
         << backoff_odds({SCHEDULE}, fail=30%, timeout=2s, deadline=20s, clients=500) >>\n\n\
         After a 10 s outage << backoff_outage({SCHEDULE}, jitter=decorrelated, timeout=2s, \
         outage=10s, clients=500, show=first_100ms) >> of the decorrelated clients arrive in the \
         first 100 ms.\n\n\
         << backoff_outage({SCHEDULE}, timeout=2s, outage=10s, clients=500) >>\n"
    )
}

#[test]
fn odds_and_outage_render_in_both_languages() {
    let b = run(&page());
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    let en = article(&b, "en");
    let tr = article(&b, "tr");
    // Every number carries its exact value.
    assert!(
        en.contains("<data value=\"0.000019682999999999998\">0.002%</data>"),
        "{en}"
    );
    assert!(
        tr.contains("<data value=\"0.000019682999999999998\">%0,002</data>"),
        "{tr}"
    );
    assert!(
        en.contains("<data value=\"1.42854331\">1.43</data>"),
        "{en}"
    );
    // Lists only where a figure may hold them: inside the figcaption.
    let outage = &en[en
        .find("<figure class=\"backoff-chart backoff-outage\">")
        .unwrap()..];
    let figure = &outage[..outage.find("</figure>").unwrap() + "</figure>".len()];
    assert!(
        figure.contains("</li>\n</ul>\n<span class=\"axis-note\">")
            && figure.ends_with("</span></figcaption>\n</figure>"),
        "{figure}"
    );
    // No text inherits a stroke: the markup sets none (the stylesheet strokes lines only).
    let svg = &outage[..outage.rfind("</svg>").unwrap()];
    assert!(!svg.contains("stroke"), "{svg}");
    insta::assert_snapshot!("odds_en_article", en);
    insta::assert_snapshot!("odds_tr_article", tr);
    insta::assert_snapshot!(
        "odds_tr_index_md",
        b.outputs.text("tr/tools/x/index.md").unwrap()
    );
    insta::assert_snapshot!(
        "odds_en_index_md",
        b.outputs.text("en/tools/x/index.md").unwrap()
    );
}

/// A Turkish author writes the sign first: `fail=%30` is `fail=30%`, and so is `fail=0.3`.
#[test]
fn a_percentage_reads_the_same_in_either_order() {
    assert!(
        page().contains("fail=30%"),
        "the page the others are written from"
    );
    let written = |fail: &str| {
        let page = page().replace("fail=30%", &format!("fail={fail}"));
        let b = run(&page);
        assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
        (article(&b, "tr"), article(&b, "en"))
    };
    let english = written("30%");
    assert!(english.0.contains("%30"), "the Turkish page writes %30");
    assert_eq!(written("%30"), english);
    assert_eq!(written("0.3"), english);
}

/// The calculator renders its form, the results the build computed (the schedule, the totals,
/// the herd chart; the odds and a library when asked for) and the data block its script reads;
/// its markdown twin has the tables in GFM.
#[test]
fn the_calculator_renders_its_form_results_and_data() {
    let b = run("<< backoff_calculator(base=100ms, attempts=4, fail=30%, library=tenacity) >>\n");
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    for (lang, label) in [("tr", "İlk bekleme"), ("en", "First wait")] {
        let html = article(&b, lang);
        assert!(
            html.contains("<form class=\"backoff-calculator\""),
            "{lang}"
        );
        assert!(
            html.contains(label),
            "{lang}: the form's labels are the page's language"
        );
        assert!(
            html.contains("<table class=\"backoff-table"),
            "{lang}: the schedule"
        );
        assert!(html.contains("backoff-odds-table"), "{lang}: the odds");
        assert!(
            html.contains("backoff-libraries-table"),
            "{lang}: the library"
        );
        assert!(html.contains("<svg"), "{lang}: the herd chart");
        let data = &html[html.find("class=\"sade-data\">").expect("the data block")..];
        let data = &data[data.find('>').unwrap() + 1..data.find("</script>").unwrap()];
        let json: serde_json::Value = serde_json::from_str(data).expect("the data block is JSON");
        assert!(json.is_object(), "{lang}");
        let twin = b.outputs.text(&format!("{lang}/tools/x/index.md")).unwrap();
        assert!(twin.contains("|---"), "{lang}: the twin's GFM tables");
    }
}

#[test]
fn a_page_simulates_each_set_of_inputs_once() {
    // Two builds of the same page give the same bytes (the simulation is seeded).
    let a = run(&page());
    let b = run(&page());
    assert_eq!(a.outputs.0, b.outputs.0);
}

#[test]
fn odds_errors() {
    insta::assert_snapshot!(
        "odds_errors",
        errors(concat!(
            "<< backoff_odds(base=100ms, fail=130%) >>\n\n",
            "Inline << backoff_odds(base=100ms, fail=0.3) >> is a table.\n\n",
            "All << backoff_odds(base=100ms, fail=0.3, show=p99) >> strategies.\n\n",
            "No << backoff_odds(base=100ms, fail=0.3, jitter=full, show=fit_attempts) >> deadline.\n\n",
            "Never << backoff_odds(base=100ms, fail=1, jitter=none, show=p50) >> succeeds.\n\n",
            "Too << backoff_odds(base=100ms, fail=0.3, jitter=none, timeout=2s, deadline=1s, show=fit_attempts) >> slow.\n\n",
            "<< backoff_odds(base=100ms, fail=0.3, shw=p99) >>\n\n",
            "<< backoff_outage(base=100ms, attempts=2) >>\n\n",
            "Gone << backoff_outage(base=100ms, attempts=2, jitter=none, outage=1h, show=p50) >> by then.\n\n",
            "<< backoff_outage(base=100ms, outage=1s, clients=0) >>\n",
        ))
    );
}

/// A small fleet (quick to search): 40 clients, 40 requests a second, 50 calls a second, a slowdown
/// to half for 5 s, 15 s after it.
const FLEET: &str = "base=100ms, cap=30s, attempts=8, seed=7, clients=40, demand=40, capacity=50, \
                     outage=5s, horizon=15s, trigger=slowdown, degraded=50%";

#[test]
fn the_frontier_renders_in_both_languages() {
    let body = format!(
        "It survives << backoff_recovery({FLEET}, budget=none, show=longest_trigger) >> and \
         needs << backoff_recovery({FLEET}, budget=none, show=capacity_needed) >>.\n\n\
         << backoff_recovery({FLEET}, budget=[none, grpc, envoy], show=advice) >>\n\n\
         << backoff_recovery({FLEET}, budget=[none, grpc, envoy], show=frontier) >>\n\n\
         << backoff_recovery({FLEET}, budget=[none, grpc], show=map) >>\n"
    );
    let b = run(&body);
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    for lang in ["tr", "en"] {
        insta::assert_snapshot!(format!("frontier_{lang}"), article(&b, lang));
        insta::assert_snapshot!(
            format!("frontier_{lang}_index_md"),
            b.outputs.text(&format!("{lang}/tools/x/index.md")).unwrap()
        );
    }
}
