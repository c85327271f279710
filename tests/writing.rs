//! Writing posts (issue: math without a script, shortcodes with a body, callouts): each feature
//! built into a real site and read back from the pages, the markdown twins and `sade mdbook`.

mod common;

use std::collections::BTreeMap;

fn page(title: &str, lang: &str, body: &str) -> String {
    format!(
        "---\ntitle: \"{title}\"\nlang: {lang}\npublished: 2026-06-17\nsection: Post\n---\n{body}"
    )
}

fn built(pages: &[(&str, &str)]) -> BTreeMap<String, String> {
    let site = common::site_with(pages);
    common::outputs(site.path())
        .into_iter()
        .map(|(k, v)| (k, String::from_utf8_lossy(&v).into_owned()))
        .collect()
}

const MATH_EN: &str =
    "The wait before retry $n$ is $d_n = \\min(\\mathrm{cap}, b \\cdot f^{n-1})$.\n\n\
$$\n\\sum_{n=1}^{N} d_n = b \\, \\frac{f^N - 1}{f - 1}\n$$\n\nA price of $5 stays text.\n";
const MATH_TR: &str =
    "Denemenin başarısız olma olasılığı $1 - p^K$ olur.\n\n$$\nP = 1 - f^{K}\n$$\n";

#[test]
fn math_becomes_mathml_in_both_languages_and_the_twin_keeps_the_tex() {
    let out = built(&[
        ("blog/m.en.md", &page("Math", "en", MATH_EN)),
        ("blog/m.tr.md", &page("Matematik", "tr", MATH_TR)),
    ]);
    let en = common::main_of(&out["en/blog/m/index.html"]).to_string();
    // Inline: a <math> inside the sentence; display: a block; nothing left as TeX.
    assert!(
        en.contains(
            "before retry <math><mi>n</mi></math> is <math><msub><mi>d</mi><mi>n</mi></msub>"
        ),
        "{en}"
    );
    assert!(en.contains("<math display=\"block\">"), "{en}");
    assert!(en.contains("<mfrac>"), "{en}");
    assert!(!en.contains("\\frac") && !en.contains("$$"), "{en}");
    assert!(en.contains("A price of $5 stays text."), "{en}");
    let tr = common::main_of(&out["tr/blog/m/index.html"]).to_string();
    assert!(
        tr.contains(
            "olasılığı <math><mn>1</mn><mo>−</mo><msup><mi>p</mi><mi>K</mi></msup></math> olur"
        ),
        "{tr}"
    );
    assert!(tr.contains("<math display=\"block\"><mi>P</mi>"), "{tr}");
    // The twins keep the formulas as written.
    assert!(out["en/blog/m/index.md"].contains("$d_n = \\min(\\mathrm{cap}, b \\cdot f^{n-1})$"));
    assert!(out["tr/blog/m/index.md"].contains("$$\nP = 1 - f^{K}\n$$"));
    // No script is needed for it.
    assert!(
        !out["en/blog/m/index.html"].contains("katex")
            && !out["en/blog/m/index.html"].contains("mathjax")
    );
}

#[test]
fn math_in_mdbook_is_mathml_for_html_and_tex_for_other_renderers() {
    let chapter = "Wait $d_n = b \\cdot f^{n-1}$.\n\n$$\n1 - p^K\n$$\n";
    let book = |renderer: &str| {
        let content = serde_json::to_string(chapter).unwrap();
        format!(
            r#"[{{"root":"/b","config":{{"book":{{"language":"en","src":"src"}}}},"renderer":"{renderer}","mdbook_version":"0.5.0"}},
{{"items":[{{"Chapter":{{"name":"A","content":{content},"number":[1],"sub_items":[],"path":"a.md","source_path":"a.md","parent_names":[]}}}}]}}]"#
        )
    };
    let registry = sade::shortcode::Registry::builtin();
    let html = sade::mdbook::run(&book("html"), &registry).unwrap();
    assert!(
        html.contains("Wait <math><msub><mi>d</mi><mi>n</mi></msub>"),
        "{html}"
    );
    assert!(html.contains("<math display=\\\"block\\\">"), "{html}");
    let md = sade::mdbook::run(&book("markdown"), &registry).unwrap();
    assert!(md.contains("Wait $d_n = b \\\\cdot f^{n-1}$."), "{md}");
}
