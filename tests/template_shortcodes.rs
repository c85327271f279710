//! Template shortcodes (`templates/shortcodes/NAME.html`): rendered output and declaration errors,
//! as goldens. Re-bless with `INSTA_UPDATE=always cargo test --test template_shortcodes`.

mod common;

use std::fs;

use sade::build::{build, Options};
use sade::shortcode::Registry;

const FM: &str = "---\ntitle: \"Sayfa\"\npublished: 2026-06-17\nsection: Tool\n---\n";

fn run(body: &str, extra_template: Option<(&str, &str)>) -> sade::build::Build {
    let site = common::site_with(&[("tools/x.tr.md", &format!("{FM}{body}"))]);
    if let Some((name, text)) = extra_template {
        let path = site.path().join("templates/shortcodes").join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    build(&Options::new(site.path()), &Registry::builtin())
}

fn main_html(body: &str) -> String {
    let b = run(body, None);
    assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
    let html = b.outputs.text("tr/tools/x/index.html").unwrap().to_string();
    let start = html
        .find("<p class=\"lead\">")
        .or_else(|| html.find("<article"))
        .unwrap();
    html[start..html.find("</article>").unwrap()].to_string()
}

fn errors(body: &str, extra: Option<(&str, &str)>) -> String {
    let b = run(body, extra);
    assert!(b.diagnostics.has_errors(), "expected errors");
    b.diagnostics.render()
}

#[test]
fn bundled_note_and_figure_render() {
    insta::assert_snapshot!(
        "note_and_figure",
        main_html(concat!(
            "<< note(text=\"Bir & iki <b>\") >>\n\n",
            "<< note(kind=tip, title=\"Kısa yol\", text=\"Önce ölç.\") >>\n\n",
            "<< figure(src=\"/img/a.svg\", alt=\"Şekil\", caption=\"Altyazı\") >>\n",
        ))
    );
}

#[test]
fn template_call_errors() {
    insta::assert_snapshot!(
        "call_errors",
        errors(
            concat!(
                "<< note(txt=\"x\") >>\n\n",
                "<< note(text=\"x\", kind=warnin) >>\n\n",
                "<< figure(src=\"/a.svg\", alt=\"a\", width=1.5) >>\n\n",
                "Satır içi << note(text=\"x\") >> olmaz.\n",
            ),
            None
        )
    );
}

#[test]
fn declaration_errors() {
    insta::assert_snapshot!(
        "no_declaration",
        errors("x\n", Some(("plain.html", "<b>{{ args.x }}</b>\n")))
    );
    insta::assert_snapshot!(
        "unknown_type",
        errors(
            "x\n",
            Some((
                "bad.html",
                "{#\nargs:\n  - { name: n, type: nmber }\n#}\n{{ args.n }}\n"
            ))
        )
    );
    insta::assert_snapshot!(
        "bad_default",
        errors(
            "x\n",
            Some(("bad.html", "{#\nargs:\n  - { name: wait, type: duration, default: 100 }\n#}\n{{ args.wait }}\n"))
        )
    );
    insta::assert_snapshot!(
        "replaces_builtin",
        errors("x\n", Some(("backoff_table.html", "{#\nargs: []\n#}\nx\n")))
    );
}

#[test]
fn template_sees_typed_arguments() {
    let html = {
        let b = run(
            "<< show(wait=1.5s, n=3, on=true, jitter=[full, equal]) >>\n",
            Some((
                "show.html",
                "{#\nplacement: block\nargs:\n  - { name: wait, type: duration, required: true }\n  - { name: n, type: integer, default: 1 }\n  - { name: on, type: bool, default: false }\n  - { name: jitter, type: strategies, default: all }\n#}\n<p>{{ args.wait }} {{ args.n }} {{ args.on }} {{ args.jitter | join(sep=\",\") }} {{ lang }} {{ page.title }}</p>\n",
            )),
        );
        assert!(!b.diagnostics.has_errors(), "{}", b.diagnostics.render());
        b.outputs.text("tr/tools/x/index.html").unwrap().to_string()
    };
    assert!(
        html.contains("<p>1500 3 true full,equal tr Sayfa</p>"),
        "{html}"
    );
}
