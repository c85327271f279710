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

const BODIES: &str = "<< note(kind=warning) >>\n\nA budget **longer** than the supervisor's patience:\n\n- restarts;\n- starts over.\n\n\
<< details(summary=\"Why it grows\") >>\n\nEach wait is $b \\cdot f^{n-1}$, in all << backoff_total(base=100ms, factor=2, cap=30s, attempts=8, jitter=none) >>:\n\n\
```python\ndelay = min(cap, base * factor ** (n - 1))\n```\n\n<< /details >>\n\n<< /note >>\n\nAfter.\n";

#[test]
fn bodies_nest_two_deep_with_a_shortcode_a_list_math_and_a_code_block() {
    let out = built(&[("blog/b.en.md", &page("Bodies", "en", BODIES))]);
    let html = common::main_of(&out["en/blog/b/index.html"]).to_string();
    let note = html
        .find("<aside class=\"callout callout-warning\" role=\"note\">")
        .expect(&html);
    let details = html
        .find("<details class=\"details\"><summary>Why it grows</summary>")
        .expect(&html);
    let code = html
        .find("<pre><code class=\"language-python\">")
        .expect(&html);
    let inner_end = html.find("</details>").unwrap();
    let outer_end = html.find("</aside>").unwrap();
    // The note holds the list and the details, which holds the total, the formula and the code.
    assert!(
        note < details && details < code && code < inner_end && inner_end < outer_end,
        "{html}"
    );
    assert!(html[note..details].contains("<li>restarts;</li>"), "{html}");
    assert!(
        html[details..inner_end].contains("<data value=\"25500\">25.5\u{a0}s</data>"),
        "{html}"
    );
    assert!(html[details..inner_end].contains("<math>"), "{html}");
    assert!(
        html[note..].contains("<p class=\"callout-title\">Warning</p>"),
        "{html}"
    );
    // No call is left as text, and what follows the note is outside it.
    assert!(!html.contains("&lt;&lt;"), "{html}");
    assert!(html[outer_end..].contains("<p>After.</p>"), "{html}");
    // The twin: an alert around the details element, the value computed, the TeX kept.
    let md = &out["en/blog/b/index.md"];
    assert!(md.contains("> [!WARNING]\n> A budget **longer**"), "{md}");
    assert!(
        md.contains("> <details><summary>Why it grows</summary>"),
        "{md}"
    );
    assert!(
        md.contains("> Each wait is $b \\cdot f^{n-1}$, in all 25.5\u{a0}s:"),
        "{md}"
    );
    assert!(md.contains("> ```python\n> delay = min("), "{md}");
    assert!(!md.contains("<<"), "{md}");
}

#[test]
fn github_alerts_are_callouts_in_the_pages_language() {
    let body = "> [!WARNING]\n> Bütçe **bitti**.\n\n> [!TIP]\n> Bir ipucu.\n\n> Düz bir alıntı.\n";
    let out = built(&[("blog/a.tr.md", &page("Uyarılar", "tr", body))]);
    let html = common::main_of(&out["tr/blog/a/index.html"]).to_string();
    assert!(html.contains(
        "<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Dikkat</p>\n<p>Bütçe <strong>bitti</strong>.</p>\n</aside>"
    ), "{html}");
    assert!(
        html.contains("<p class=\"callout-title\">İpucu</p>"),
        "{html}"
    );
    assert!(
        html.contains("<blockquote>\n<p>Düz bir alıntı.</p>\n</blockquote>"),
        "{html}"
    );
    // The twin keeps GitHub's form.
    assert!(out["tr/blog/a/index.md"].contains("> [!WARNING]\n> Bütçe **bitti**."));
}

#[test]
fn tabs_show_one_part_at_a_time_without_script() {
    let body =
        "<< tabs() >>\n\n<< tab(label=\"Go\") >>\n\n```go\ntime.Sleep(d)\n```\n\n<< /tab >>\n\n\
<< tab(label=\"Python\") >>\n\nWith `time.sleep`.\n\n<< /tab >>\n\n<< /tabs >>\n";
    let out = built(&[("blog/t.en.md", &page("Tabs", "en", body))]);
    let html = common::main_of(&out["en/blog/t/index.html"]).to_string();
    let start = html.find("<div class=\"tabs\">").expect(&html);
    let tabs = &html[start..];
    // An exclusive group of <details>: the first open, both in one group of the page's own.
    let names: Vec<&str> = tabs
        .match_indices("name=\"tabs-")
        .map(|(i, _)| &tabs[i..i + 20])
        .collect();
    assert_eq!(names.len(), 2, "{tabs}");
    assert_eq!(names[0], names[1]);
    assert!(
        tabs.contains("<details class=\"tab\" open name=\"tabs-"),
        "{tabs}"
    );
    assert_eq!(tabs.matches(" open ").count(), 1, "{tabs}");
    assert!(tabs.contains("<summary>Go</summary>") && tabs.contains("<summary>Python</summary>"));
    assert!(!out["en/blog/t/index.html"].contains("sade-tabs"));
    let md = &out["en/blog/t/index.md"];
    assert!(md.contains("**Go**\n\n```go\ntime.Sleep(d)\n```"), "{md}");
    assert!(md.contains("**Python**\n\nWith `time.sleep`."), "{md}");
}

#[test]
fn a_template_shortcode_sees_its_rendered_body() {
    let site = common::site_with(&[(
        "blog/x.en.md",
        &page("T", "en", "<< box(title=\"Inside\") >>\n\nSome *emphasis* and << backoff_delay(base=1s, attempt=2) >>.\n\n<< /box >>\n\n<< box(title=\"Empty\") >>\n"),
    )]);
    let dir = site.path().join("templates/shortcodes");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("box.html"),
        "{#\nplacement: block\nbody: allowed\nargs:\n  - { name: title, type: string, required: true }\n#}\n<section class=\"box\"><h3>{{ args.title }}</h3>{% if body %}{{ body | safe }}{% else %}<p>(nothing)</p>{% endif %}</section>\n",
    )
    .unwrap();
    let out = common::outputs(site.path());
    let html = String::from_utf8_lossy(&out["en/blog/x/index.html"]).into_owned();
    assert!(html.contains("<section class=\"box\"><h3>Inside</h3><p>Some <em>emphasis</em> and <data value=\"2000\">2\u{a0}s</data>.</p>"), "{html}");
    assert!(
        html.contains("<section class=\"box\"><h3>Empty</h3><p>(nothing)</p></section>"),
        "{html}"
    );
}
