//! Golden error messages: each bad input, built alone in a fixture site, must give exactly this
//! report (file:line:col in characters, the text underlined, a suggestion where one is close).
//! Re-bless with `INSTA_UPDATE=always cargo test --test errors`.

mod common;

use sade::build::{build, Options};
use sade::shortcode::Registry;

const FM: &str = "---\ntitle: \"Sayfa\"\npublished: 2026-06-17\nsection: Tool\n---\n";

fn page(body: &str) -> String {
    format!("{FM}{body}")
}

fn report(pages: &[(&str, &str)]) -> String {
    let site = common::site_with(pages);
    let result = build(&Options::new(site.path()), &Registry::builtin());
    assert!(result.diagnostics.has_errors(), "expected an error");
    assert!(
        result.outputs.0.is_empty(),
        "a failed build must produce nothing"
    );
    result.diagnostics.render()
}

fn one(body: &str) -> String {
    report(&[("tools/x.tr.md", &page(body))])
}

macro_rules! golden {
    ($name:ident, $report:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), $report);
        }
    };
}

golden!(
    bad_yaml,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: \"Sayfa\npublished: 2026-06-17\n---\nx\n"
    )])
);
golden!(
    unknown_front_matter_key,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\ntitel: b\npublished: 2026-06-17\nsection: Tool\n---\nx\n"
    )])
);
golden!(
    wrong_lang,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\nlang: en\npublished: 2026-06-17\nsection: Tool\n---\nx\n"
    )])
);
golden!(
    bad_date,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\npublished: 2026-02-30\nsection: Tool\n---\nx\n"
    )])
);
golden!(
    unknown_section,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Tools\n---\nx\n"
    )])
);
golden!(no_front_matter, report(&[("tools/x.tr.md", "# Başlık\n")]));
golden!(
    unknown_language_suffix,
    report(&[("tools/x.fr.md", &page("x"))])
);
golden!(wrong_url, report(&[("tools/x.tr.md", "---\ntitle: a\nurl: https://fixture.example/tr/tool/x/\npublished: 2026-06-17\nsection: Tool\n---\nx\n")]));
golden!(unknown_shortcode, one("<< backof_table(base=100ms) >>\n"));
golden!(
    unknown_argument,
    one("<< backoff_table(base=100ms, atempts=8) >>\n")
);
golden!(missing_argument, one("<< backoff_table(factor=2) >>\n"));
golden!(bare_number_duration, one("<< backoff_table(base=100) >>\n"));
golden!(bad_unit, one("<< backoff_table(base=100sec) >>\n"));
golden!(
    unknown_strategy,
    one("<< backoff_table(base=100ms, jitter=fulll) >>\n")
);
golden!(
    cap_below_base,
    one("<< backoff_table(base=1s, cap=500ms) >>\n")
);
golden!(
    factor_below_one,
    one("<< backoff_table(base=1s, factor=0.5) >>\n")
);
golden!(
    too_many_attempts,
    one("<< backoff_table(base=1s, attempts=101) >>\n")
);
golden!(
    unterminated_shortcode,
    one("Metin << backoff_delay(base=1s, attempt=2\n\nsonraki paragraf\n")
);
golden!(
    block_shortcode_inline,
    one("Bu cümlede << backoff_table(base=1s) >> duruyor.\n")
);
golden!(
    turkish_text_before_error,
    one("Işığın ılık şöleni: çağrı << backoff_delay(base=1s, attempt=0) >> öğle.\n")
);
golden!(crlf_file, report(&[("tools/x.tr.md", "---\r\ntitle: \"Sayfa\"\r\npublished: 2026-06-17\r\nsection: Tool\r\n---\r\nbir\r\nşöyle << backoff_delay(base=1s, atempt=2) >>\r\n")]));
golden!(
    duplicate_argument,
    one("<< backoff_delay(base=1s, attempt=2, attempt=3) >>\n")
);
golden!(
    wrong_kind_choice,
    one("<< backoff_total(base=1s, attempts=3, kind=wrost) >>\n")
);
golden!(
    total_needs_one_strategy,
    one("<< backoff_total(base=1s, attempts=3, jitter=all) >>\n")
);
golden!(
    broken_internal_link,
    one("[git](/tr/tools/y/) ve [çapa](/tr/tools/x/#yok)\n\n## Var\n")
);
golden!(
    every_error_in_one_run,
    report(&[
        ("tools/a.tr.md", &page("<< backoff_table(base=1) >>\n")),
        ("tools/b.en.md", &page("<< nope() >>\n")),
    ])
);
// Whole numbers are read exactly: a seed that is not one is an error at its place, never a
// rounded or clamped number.
golden!(
    seed_not_a_whole_number,
    one(concat!(
        "<< backoff_table(base=100ms, seed=1e30) >>\n\n",
        "<< backoff_table(base=100ms, seed=18446744073709551616) >>\n\n",
        "<< backoff_table(base=100ms, seed=-1) >>\n\n",
        "Şöyle: << backoff_total(base=100ms, jitter=full, seed=1.5) >>\n",
    ))
);

// Where each syntax error points: the character where the call goes wrong, after Turkish
// letters on its line (columns count characters, not bytes).
golden!(
    syntax_error_positions,
    one(concat!(
        "Şöyle: << backoff_delay(base=1s attempt=2) >>\n\n",
        "Işık: << backoff_delay(base=, attempt=2) >>\n\n",
        "Ağır: << backoff_delay(base 1s) >>\n\n",
        "Çığ: << backoff_delay(=1s) >>\n\n",
        "İğne: << backoff_table(base=1s, jitter=[full equal]) >>\n\n",
        "Ilık: << backoff_table(base=1s, jitter=[none, [full]]) >>\n",
    ))
);
// A call that never ends is underlined at its `<<`, whether it stops after a value, after a
// comma, before `>>` or inside a string.
golden!(
    unterminated_shortcodes,
    one(concat!(
        "Öğle: << backoff_delay(base=1s, attempt=2\n\n",
        "Gölge: << backoff_delay(base=1s,\n\n",
        "Üzgün: << backoff_delay(base=1s, attempt=2) sonra\n\n",
        "Şık: << note(text=\"açık) >>\n",
    ))
);
// Values that are none: an unknown escape (with the letter after the backslash), a word of
// Turkish letters, a negative duration.
golden!(
    bad_values,
    one(concat!(
        "Çığ: << note(text=\"yol\\ş\") >>\n\n",
        "Ağaç: << backoff_delay(base=şimdi, attempt=2) >>\n\n",
        "Işık: << backoff_delay(base=-1s, attempt=2) >>\n",
    ))
);
// Front matter values are underlined where they are, past any spaces; an empty one at the end
// of its key's line.
golden!(
    front_matter_values_after_spaces_or_empty,
    report(&[
        (
            "tools/x.tr.md",
            "---\ntitle: \"Işık\"\nlang:     en\npublished:      2026-02-30\nsection: Tool\n---\nx\n"
        ),
        (
            "tools/y.tr.md",
            "---\ntitle: \"Işık\"\npublished:\nsection: Tool\n---\nx\n"
        ),
    ])
);
// A key no line starts with (here a quoted one) is pointed at by the opening `---`.
golden!(
    front_matter_key_not_found,
    report(&[(
        "tools/x.tr.md",
        "---\n# Şöyle bir sayfa\n\"title\": \"  \"\npublished: 2026-06-17\nsection: Tool\n---\nx\n"
    )])
);

// `aliases`: a list of paths from the site's root, each pointed at where it is written.
golden!(
    aliases_not_a_list,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Tool\naliases: /tr/eski/\n---\nx\n"
    )])
);
golden!(
    aliases_bad_paths,
    report(&[(
        "tools/x.tr.md",
        concat!(
            "---\ntitle: \"Işık\"\npublished: 2026-06-17\nsection: Tool\naliases:\n",
            "  - tr/göreli/\n  - https://eski.example/tr/x/\n  - /tr/../gizli/\n",
            "  - 42\n  - \"/tr/a b/\"\n  - /tr/eski\n  - /tr/eski/\n---\nx\n"
        )
    )])
);
golden!(
    alias_collides_with_a_page,
    report(&[
        (
            "tools/x.tr.md",
            "---\ntitle: a\npublished: 2026-06-17\nsection: Tool\naliases: [\"/tr/tools/y/\", \"/tr/tools/x\"]\n---\nx\n"
        ),
        ("tools/y.tr.md", &page("y\n")),
    ])
);
golden!(
    alias_collides_with_another_alias,
    report(&[
        (
            "tools/x.tr.md",
            "---\ntitle: a\npublished: 2026-06-17\nsection: Tool\naliases: [\"/tr/eski/\"]\n---\nx\n"
        ),
        (
            "tools/y.tr.md",
            "---\ntitle: b\npublished: 2026-06-17\nsection: Tool\naliases:\n  - /tr/çığ/\n  - /tr/eski\n---\nx\n"
        ),
    ])
);
golden!(
    alias_collides_with_a_list,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Tool\naliases: [\"/tr/tags/\", \"/sitemap.xml\"]\n---\nx\n"
    )])
);
// `image`: an http(s) URL, or a file of the site.
golden!(
    image_not_http,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Tool\nimage: ftp://eski.example/kapak.png\n---\nx\n"
    )])
);
golden!(
    image_not_a_file,
    report(&[(
        "tools/y.tr.md",
        "---\ntitle: b\npublished: 2026-06-17\nsection: Tool\nimage:   /img/yok.png\n---\nx\n"
    )])
);
golden!(
    unknown_front_matter_key_near_a_new_one,
    report(&[(
        "tools/x.tr.md",
        "---\ntitle: a\nalias: [\"/tr/eski/\"]\npublished: 2026-06-17\nsection: Tool\n---\nx\n"
    )])
);

/// The report of a build whose `templates/NAME` was changed by `edit`.
fn template_report(name: &str, edit: impl Fn(&str) -> String) -> String {
    let site = common::site_with(&[("tools/x.tr.md", &page("x\n"))]);
    let path = common::override_template(site.path(), name);
    let text = std::fs::read_to_string(&path).unwrap();
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit must change templates/{name}");
    std::fs::write(&path, changed).unwrap();
    let result = build(&Options::new(site.path()), &Registry::builtin());
    assert!(result.diagnostics.has_errors(), "expected an error");
    assert!(result.outputs.0.is_empty());
    result.diagnostics.render()
}

// Template errors point into the template: path from the site root, line and column, the text
// underlined (Tera's report), and for a misspelt field, the fields there are.
golden!(
    template_syntax_error,
    template_report("list.html", |t| t
        .replace("{{ title }}</h1>", "{{ title | nope }}</h1>"))
);
golden!(
    template_unknown_field,
    template_report("page.html", |t| t
        .replace("<h1>{{ page.title }}", "<h1>{{ page.titel }}"))
);
// The header's search form is rendered once per language: an error in it stops the build
// before any page, and says where.
golden!(
    template_search_form_unknown_field,
    template_report("search_form.html", |t| t.replace(
        "placeholder=\"{{ t.search_placeholder }}\"",
        "placeholder=\"{{ t.search_placeholdr }}\""
    ))
);

#[test]
fn a_template_error_every_page_hits_is_reported_once() {
    let pages: Vec<(String, String)> = (0..5)
        .map(|i| (format!("tools/p{i}.tr.md"), page("x\n")))
        .collect();
    let refs: Vec<(&str, &str)> = pages
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let site = common::site_with(&refs);
    let path = common::override_template(site.path(), "page.html");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("<h1>{{ page.title }}", "<h1>{{ page.titel }}"),
    )
    .unwrap();
    let result = build(&Options::new(site.path()), &Registry::builtin());
    assert_eq!(
        result.diagnostics.error_count(),
        1,
        "{}",
        result.diagnostics.render()
    );
    let report = result.diagnostics.render();
    assert!(
        report.contains("the same error came up 4 more times"),
        "{report}"
    );
    assert!(
        report.contains("while rendering content/tools/p0.tr.md"),
        "{report}"
    );
}

/// The page `body` builds to, on the fixture site, as `tools/x.tr.md`: a build without errors.
fn clean_page(body: &str) -> String {
    let site = common::site_with(&[("tools/x.tr.md", &page(body))]);
    let result = build(&Options::new(site.path()), &Registry::builtin());
    assert!(
        !result.diagnostics.has_errors(),
        "{}",
        result.diagnostics.render()
    );
    result
        .outputs
        .text("tr/tools/x/index.html")
        .unwrap()
        .to_string()
}

#[test]
fn shortcode_inside_code_is_not_an_error() {
    clean_page("`<< nope() >>`\n\n```\n<< nope() >>\n```\n");
}

#[test]
fn escaped_shortcode_stays_literal() {
    let html = clean_page("Yazım: \\<< nope(a=1) >>\n");
    assert!(
        html.contains("<p>Yazım: &lt;&lt; nope(a=1) &gt;&gt;</p>"),
        "{}",
        common::main_of(&html)
    );
}

/// Writing to disk lets each page's text go once it is rendered and reads it back for the link
/// checks' diagnostics: the report is the one the in-memory build gives.
#[test]
fn disk_build_reads_back_the_sources_it_quotes() {
    let text = page("Türkçe [git](/tr/tools/y/) ve [çapa](/tr/tools/x/#yok)\n\n## Var\n");
    let site = common::site_with(&[("tools/x.tr.md", &text)]);
    let options = Options::new(site.path());
    let in_memory = build(&options, &Registry::builtin()).diagnostics.render();
    let out = site.path().join("public");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("marker"), "previous build").unwrap();
    let on_disk = sade::build::build_to_dir(&options, &Registry::builtin(), &out)
        .diagnostics
        .render();
    assert_eq!(on_disk, in_memory);
    assert!(on_disk.contains("[git](/tr/tools/y/)"), "{on_disk}");
    let left: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        left,
        ["marker"],
        "a failed build leaves the output as it was"
    );
    common::assert_no_staging_left(site.path());
}

/// A source that changed length after it was read is not quoted with the old spans (which could
/// fall inside a letter): diagnostics still name the file, and nothing panics.
#[test]
fn a_source_changed_during_the_build_is_not_misquoted() {
    let site = common::site_with(&[("tools/x.tr.md", &page("Merhaba.\n"))]);
    let options = Options::new(site.path());
    let report = sade::pipeline::Pipeline::build(
        &options,
        &Registry::builtin(),
        &sade::output::Discard,
        false,
    );
    assert!(!report.diagnostics.has_errors());
    let mut pipeline = report.pipeline.expect("the pages were read");
    let built = pipeline.site_mut();
    assert!(
        built.pages[0].source.text.is_empty(),
        "let go after rendering"
    );
    std::fs::write(
        site.path().join("content/tools/x.tr.md"),
        page("ğğğ Merhaba.\n"),
    )
    .unwrap();
    built.reload_sources(site.path());
    let p = &built.pages[0];
    assert!(p.source.text.is_empty(), "a changed file is not read back");
    let span = p.front_span("title");
    assert_eq!(span, 0..3, "the opening `---`");
    let shown = sade::diagnostic::Diagnostic::error("x")
        .at(&p.source, span, "here")
        .render();
    // Named, with nothing quoted: the old spans would point into text that is no longer there.
    assert_eq!(
        shown,
        "error: x\n  ┌─ content/tools/x.tr.md:1:1\n  │\n1 │ \n  │ ^ here\n\n"
    );

    // Unchanged length: read back.
    std::fs::write(
        site.path().join("content/tools/x.tr.md"),
        page("Merhaba.\n"),
    )
    .unwrap();
    built.reload_sources(site.path());
    assert_eq!(built.pages[0].source.text.as_str(), page("Merhaba.\n"));
}

/// A page that is not UTF-8 fails the build with the place of the first bad byte (line, and
/// column in characters: the Turkish letters before it count once each).
#[test]
fn a_page_that_is_not_utf8_is_named_with_the_bad_byte() {
    let site = common::site_with(&[("tools/x.tr.md", &page("x\n"))]);
    let mut bytes = page("Merhaba\nçğü ").into_bytes();
    bytes.extend([0xFF, b'x', b'\n']);
    std::fs::write(site.path().join("content/tools/x.tr.md"), bytes).unwrap();
    let result = build(&Options::new(site.path()), &Registry::builtin());
    assert!(result.outputs.0.is_empty(), "a failed build makes nothing");
    assert_eq!(
        result.diagnostics.render(),
        "error: cannot read content/tools/x.tr.md: not UTF-8 text: byte 0xFF at line 7, \
         column 5 (save the file as UTF-8)\n\n1 error, 0 warnings\n"
    );
}

/// The UTF-8 byte-order mark Windows Notepad writes at the start of a file.
const BOM: &str = "\u{FEFF}";

/// A leading byte-order mark is ignored in pages, `sade.yaml`, the UI strings and templates: the
/// site builds to the same bytes as without it.
#[test]
fn a_byte_order_mark_is_ignored() {
    let text = page("Merhaba << backoff_delay(base=1s, attempt=2) >>.\n\n<< note(text=\"x\") >>\n");
    let plain = common::site_with(&[("tools/x.tr.md", &text)]);
    let marked = common::site_with(&[("tools/x.tr.md", &format!("{BOM}{text}"))]);
    for file in [
        "sade.yaml",
        "templates/strings/tr.yaml",
        "templates/strings/en.yaml",
        "templates/base.html",
        "templates/shortcodes/figure.html",
    ] {
        let path = match file.strip_prefix("templates/") {
            // The site's own copy of the built-in file.
            Some(name) => common::override_template(marked.path(), name),
            None => marked.path().join(file),
        };
        let old = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{BOM}{old}")).unwrap();
    }
    let want = build(&Options::new(plain.path()), &Registry::builtin());
    let got = build(&Options::new(marked.path()), &Registry::builtin());
    assert!(
        !got.diagnostics.has_errors(),
        "{}",
        got.diagnostics.render()
    );
    assert_eq!(got.outputs.0, want.outputs.0);
}

// Columns after a byte-order mark count from the first visible character.
golden!(
    byte_order_mark_page_error,
    report(&[("tools/x.tr.md", &format!("{BOM}# Başlık\n"))])
);
golden!(byte_order_mark_sade_yaml_error, {
    let site = common::site_with(&[("tools/x.tr.md", &page("x\n"))]);
    let path = site.path().join("sade.yaml");
    let old = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        format!("{BOM}{}", old.replacen("base_url", "base_ur", 1)),
    )
    .unwrap();
    let result = build(&Options::new(site.path()), &Registry::builtin());
    result.diagnostics.render()
});

// What looks like a call is one: a name with Turkish (or any non-ASCII) letters is a positioned
// error, not prose copied into the page; the name meant is suggested when folding finds it.
golden!(
    shortcode_name_not_ascii,
    one(concat!(
        "Tablo: << tablo_şğı(x=1) >> burada.\n\n",
        "<< backoff_tablé(base=1s) >>\n\n",
        "Işık << ışık() >>\n",
    ))
);

/// Shifts and arrows in prose stay prose.
#[test]
fn shift_operators_in_prose_stay_prose() {
    let html = clean_page("1 << 3 ve 8 >> 1; 1 << 4 (16); x << (a+b); a <<-b(c).\n");
    assert!(
        html.contains(
            "<p>1 &lt;&lt; 3 ve 8 &gt;&gt; 1; 1 &lt;&lt; 4 (16); x &lt;&lt; (a+b); a &lt;&lt;-b(c).</p>"
        ),
        "{}",
        common::main_of(&html)
    );
}

/// The report of a build of `pages` on the fixture site moved below `/notes/`.
fn report_under_notes(pages: &[(&str, &str)]) -> String {
    let site = common::site_with(pages);
    let config = site.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        yaml.replace("https://fixture.example", "https://fixture.example/notes"),
    )
    .unwrap();
    let result = build(&Options::new(site.path()), &Registry::builtin());
    assert!(result.diagnostics.has_errors(), "expected an error");
    result.diagnostics.render()
}

// Under a base path, links are written from the site's root (sade adds the base path): one that
// repeats the base path, or climbs above it, is broken, and says so.
golden!(
    broken_links_under_a_base_path,
    report_under_notes(&[(
        "tools/x.tr.md",
        &page("[iki kez](/notes/tr/tools/x/), [dışarı](../../../../y/), [doğru](/tr/tools/x/)\n")
    )])
);
golden!(bad_base_url, {
    let site = common::site_with(&[("tools/x.tr.md", &page("x\n"))]);
    let config = site.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        yaml.replace("https://fixture.example", "https://fixture.example/a b"),
    )
    .unwrap();
    build(&Options::new(site.path()), &Registry::builtin())
        .diagnostics
        .render()
});

/// The report of a build with `--base-url URL`.
fn report_with_base_url(url: &str, pages: &[(&str, &str)]) -> String {
    let site = common::site_with(pages);
    let options = Options {
        base_url: Some(url.to_string()),
        ..Options::new(site.path())
    };
    let result = build(&options, &Registry::builtin());
    assert!(result.diagnostics.has_errors(), "expected an error");
    result.diagnostics.render()
}

// With `--base-url`, `url:` is still checked: it may name the page under sade.yaml's base URL
// (so the site builds elsewhere unedited) or under the new one; anything else says both.
golden!(
    wrong_url_with_base_url,
    report_with_base_url(
        "https://preview.example/pr-7",
        &[
            ("tools/x.tr.md", "---\ntitle: a\nurl: https://fixture.example/tr/tool/x/\npublished: 2026-06-17\nsection: Tool\n---\nx\n"),
            ("tools/y.tr.md", "---\ntitle: a\nurl: https://fixture.example/tr/tools/y/\npublished: 2026-06-17\nsection: Tool\n---\nx\n"),
            ("tools/z.tr.md", "---\ntitle: a\nurl: https://preview.example/pr-7/tr/tools/z/\npublished: 2026-06-17\nsection: Tool\n---\nx\n"),
        ]
    )
);

// Found by fuzzing: an unknown escape before a Turkish letter is underlined whole (the span used
// to end inside the letter).
golden!(
    unknown_escape_before_a_turkish_letter,
    one("Şöyle: << note(text=\"yol\\şu\") >>\n")
);

// Found by fuzzing: an empty page was "the page has no front matter" underlined past its end,
// and a one-line page without a newline had only its first byte underlined (inside `ş`).
golden!(empty_page, report(&[("tools/x.tr.md", "")]));
golden!(
    one_line_page_without_a_newline,
    report(&[("tools/x.tr.md", "şimdilik boş")])
);
golden!(
    malformed_formula,
    one("Gecikme $d_n = \\frca{b}{2}$ ve $x^$ olur.\n\n$$\n\\sqrt[3 x\n$$\n")
);
golden!(
    unclosed_body,
    one("<< details(summary=\"Neden\") >>\n\nGövde.\n\n- bir madde\n\n<< note(kind=tip) >>\n\nİç not.\n")
);
golden!(
    mismatched_body,
    one("<< note(kind=tip) >>\n\n<< details(summary=\"Neden\") >>\n\nGövde.\n\n<< /note >>\n\n<< /details >>\n")
);
golden!(
    body_closes_nothing_and_refused,
    one("Metin.\n\n<< /note >>\n\n<< backoff_total(base=1s, attempts=3) >>\n\nGövde.\n\n<< /backoff_total >>\n")
);
// `<< tabs >>` without parentheses is text: the close that follows names it.
golden!(
    body_opened_without_parentheses,
    one("<< tabs >>\n\n<< tab(label=\"Go\") >>\n\nGövde.\n\n<< /tab >>\n\n<< /tabs >>\n")
);
golden!(
    series_without_a_name,
    report(&[(
        "blog/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Post\nseries:\n---\nx\n"
    )])
);
golden!(
    series_that_is_a_list,
    report(&[(
        "blog/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Post\nseries: [retries, storms]\n---\nx\n"
    )])
);
golden!(
    misspelt_series_key,
    report(&[(
        "blog/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Post\nserie: \"Retries\"\n---\nx\n"
    )])
);
golden!(
    toc_that_is_not_true_or_false,
    report(&[(
        "blog/x.tr.md",
        "---\ntitle: a\npublished: 2026-06-17\nsection: Post\ntoc: always\n---\nx\n"
    )])
);
golden!(
    recovery_trigger_errors,
    one(concat!(
        "Yavaş: << backoff_recovery(base=100ms, budget=none, trigger=slowdwon, show=verdict) >>\n\n",
        "Pay: << backoff_recovery(base=100ms, budget=none, trigger=slowdown, degraded=150%, show=verdict) >>\n\n",
        "Kat: << backoff_recovery(base=100ms, budget=none, trigger=surge, surge=0.5, show=verdict) >>\n\n",
        "Öbür: << backoff_recovery(base=100ms, budget=none, degraded=50%, show=verdict) >>\n",
    ))
);
golden!(
    frontier_errors,
    one(concat!(
        "Sınır << backoff_recovery(base=100ms, show=frontier) >> cümlede.\n\n",
        "En uzun: << backoff_recovery(base=100ms, show=longest_trigger) >>\n\n",
        "Çok: << backoff_recovery(base=100ms, budget=none, demand=60000, show=capacity_needed) >>\n",
    ))
);
