//! Contents, reading time, previous/next and series on a test section, read from the built HTML:
//! a blog of four English posts (one a draft) and three Turkish ones, two series, a tool in
//! another section and a stand-alone page.

mod common;

use std::collections::BTreeMap;

/// `n` words of prose.
fn words(n: usize) -> String {
    let mut out = String::new();
    for i in 0..n {
        out.push_str(if i % 12 == 11 { "word.\n" } else { "word " });
    }
    out
}

fn page(front: &str, body: &str) -> String {
    format!("---\n{front}\n---\n\n{body}\n")
}

fn site() -> BTreeMap<String, String> {
    let three = "## One\n\ntext\n\n### One a\n\ntext\n\n## Two `code`\n\ntext\n";
    let four = "## A\n\nx\n\n## B\n\nx\n\n## C\n\nx\n\n## D\n\nx\n";
    let pages = [
        (
            "blog/a.en.md",
            page(
                "title: \"First\"\npublished: 2026-01-01\nsection: Post\nseries: \"Learning retries\"",
                three,
            ),
        ),
        (
            "blog/b.en.md",
            page(
                "title: \"Second\"\npublished: 2026-02-01\nsection: Post\nseries: \"Learning retries\"\ntoc: false",
                four,
            ),
        ),
        (
            "blog/c.en.md",
            page(
                "title: \"Fourth\"\npublished: 2026-03-01\nsection: Post",
                &format!("## Only\n\n{}\n\n## Two\n\nend\n", words(898)),
            ),
        ),
        (
            "blog/d.en.md",
            page(
                "title: \"Third\"\npublished: 2026-02-15\nsection: Post\nseries: \"  Learning retries \"\ntoc: true",
                "## Lone heading\n\nshort\n\n```\nnot counted at all\n```\n",
            ),
        ),
        (
            "blog/e.en.md",
            page(
                "title: \"Draft\"\npublished: 2026-02-20\nsection: Post\nseries: \"Learning retries\"\ndraft: true",
                "x",
            ),
        ),
        (
            "blog/a.tr.md",
            page(
                "title: \"Birinci\"\npublished: 2026-01-01\nsection: Post\nseries: \"Yeniden denemeler\"",
                &words(900),
            ),
        ),
        (
            "blog/b.tr.md",
            page(
                "title: \"Üçüncü\"\npublished: 2026-02-01\nsection: Post\nseries: \"Yeniden denemeler\"",
                "x",
            ),
        ),
        // The same day as b.tr.md, with a lower weight: before it.
        (
            "blog/c.tr.md",
            page(
                "title: \"İkinci\"\npublished: 2026-02-01\nweight: -1\nsection: Post\nseries: \"Yeniden denemeler\"",
                "x",
            ),
        ),
        (
            "tools/t.en.md",
            page(
                "title: \"Tool\"\npublished: 2026-02-10\nsection: Tool\nseries: \"Learning retries\"",
                "x",
            ),
        ),
        (
            "about.en.md",
            page("title: \"About\"", three),
        ),
    ];
    let pages: Vec<(&str, &str)> = pages.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let dir = common::site_with(&pages);
    common::outputs(dir.path())
        .into_iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .map(|(path, bytes)| (path, String::from_utf8(bytes).unwrap()))
        .collect()
}

/// The element of `html` that starts with `open` (up to its first `close`), or "" when there
/// is none.
fn part<'a>(html: &'a str, open: &str, close: &str) -> &'a str {
    let Some(start) = html.find(open) else {
        return "";
    };
    let end = html[start..]
        .find(close)
        .map_or(html.len(), |e| start + e + close.len());
    &html[start..end]
}

fn toc(html: &str) -> &str {
    part(html, "<nav class=\"toc\"", "</nav>")
}

fn series(html: &str) -> &str {
    part(html, "<nav class=\"series\"", "</nav>")
}

fn page_nav(html: &str) -> &str {
    part(html, "<nav class=\"page-nav\"", "</nav>")
}

#[test]
fn contents_show_on_pages_with_enough_headings_nested_and_as_front_matter_says() {
    let site = site();
    let a = &site["en/blog/a/index.html"];
    assert_eq!(
        toc(a),
        "<nav class=\"toc\" aria-labelledby=\"toc_title\">\n<details open>\n\
         <summary><h2 id=\"toc_title\">Contents</h2></summary>\n<ol>\n\
         <li><a href=\"#one\">One</a>\n<ol>\n<li><a href=\"#one-a\">One a</a></li>\n</ol>\n</li>\n\
         <li><a href=\"#two-code\">Two code</a></li>\n</ol>\n</details>\n</nav>"
    );
    // `toc: false` with four headings; two headings without `toc`; `toc: true` with one.
    assert_eq!(toc(&site["en/blog/b/index.html"]), "");
    assert_eq!(toc(&site["en/blog/c/index.html"]), "");
    assert!(toc(&site["en/blog/d/index.html"])
        .contains("<li><a href=\"#lone-heading\">Lone heading</a></li>"));
    // A stand-alone page has contents too, in its language.
    assert!(toc(&site["en/about/index.html"]).contains(">Contents</h2>"));
    // Turkish pages say it in Turkish (a.tr.md has no headings: none).
    assert_eq!(toc(&site["tr/blog/a/index.html"]), "");
}

#[test]
fn reading_time_is_in_the_pages_language() {
    let site = site();
    let meta = |path: &str| part(&site[path], "<p class=\"page-meta\">", "</p>").to_string();
    // 900 words: 4.5 minutes in English, rounded up; 6 in Turkish, at 150 a minute.
    assert!(
        meta("en/blog/c/index.html").contains("<span class=\"reading-time\">5 min read</span>"),
        "{}",
        meta("en/blog/c/index.html")
    );
    assert!(meta("tr/blog/a/index.html").contains("<span class=\"reading-time\">6 dk okuma</span>"));
    // At least a minute; a code block is not read word by word.
    assert!(meta("en/blog/d/index.html").contains(">1 min read<"));
    assert!(meta("tr/blog/b/index.html").contains(">1 dk okuma<"));
    // A stand-alone page without a date has no meta line.
    assert!(!site["en/about/index.html"].contains("reading-time"));
}

#[test]
fn previous_and_next_stay_in_the_section_and_the_language() {
    let site = site();
    let link = |rel: &str, url: &str, label: &str, title: &str| {
        format!(
            "<a class=\"page-nav-{}\" href=\"{url}\" rel=\"{rel}\"><span class=\"page-nav-label\">{label}</span> {title}</a>",
            if rel == "prev" { "previous" } else { "next" }
        )
    };
    let nav = |links: &[String], label: &str| {
        format!(
            "<nav class=\"page-nav\" aria-label=\"{label}\">\n{}\n</nav>",
            links.join("\n")
        )
    };
    const EN: &str = "Previous and next pages";
    // By date: a, b, d, c (the draft e is not built, so d's next is c).
    assert_eq!(
        page_nav(&site["en/blog/a/index.html"]),
        nav(&[link("next", "/en/blog/b/", "Next", "Second")], EN)
    );
    assert_eq!(
        page_nav(&site["en/blog/d/index.html"]),
        nav(
            &[
                link("prev", "/en/blog/b/", "Previous", "Second"),
                link("next", "/en/blog/c/", "Next", "Fourth"),
            ],
            EN
        )
    );
    assert_eq!(
        page_nav(&site["en/blog/c/index.html"]),
        nav(&[link("prev", "/en/blog/d/", "Previous", "Third")], EN)
    );
    // Of the same day, the lower weight first; Turkish labels.
    assert_eq!(
        page_nav(&site["tr/blog/c/index.html"]),
        nav(
            &[
                link("prev", "/tr/blog/a/", "Önceki", "Birinci"),
                link("next", "/tr/blog/b/", "Sonraki", "Üçüncü"),
            ],
            "Önceki ve sonraki sayfalar"
        )
    );
    // Alone in its section, and a stand-alone page: none.
    assert_eq!(page_nav(&site["en/tools/t/index.html"]), "");
    assert_eq!(page_nav(&site["en/about/index.html"]), "");
}

#[test]
fn every_part_of_a_series_lists_them_all_in_order() {
    let site = site();
    let b = series(&site["en/blog/b/index.html"]);
    // The tool names the same series, in another section: a part too. The draft is not.
    assert_eq!(
        b,
        "<nav class=\"series\" aria-labelledby=\"series_title\">\n\
         <p><span id=\"series_title\">Series: Learning retries</span> \
         <span class=\"series-part\">Part 2 of 4</span></p>\n<ol>\n\
         <li><a href=\"/en/blog/a/\">First</a></li>\n\
         <li><a href=\"/en/blog/b/\" aria-current=\"page\">Second</a></li>\n\
         <li><a href=\"/en/tools/t/\">Tool</a></li>\n\
         <li><a href=\"/en/blog/d/\">Third</a></li>\n</ol>\n</nav>"
    );
    // Every part shows the same list, marking itself; the name is trimmed.
    for (path, n) in [
        ("en/blog/a/index.html", 1),
        ("en/tools/t/index.html", 3),
        ("en/blog/d/index.html", 4),
    ] {
        let s = series(&site[path]);
        assert!(s.contains(&format!("Part {n} of 4")), "{path}: {s}");
        assert_eq!(s.matches("aria-current").count(), 1, "{path}");
        assert_eq!(
            s.replace(" aria-current=\"page\"", "")
                .replace(&format!("Part {n} of"), "Part 2 of"),
            b.replace(" aria-current=\"page\"", ""),
            "{path}"
        );
    }
    // Turkish: the same day's parts by weight.
    let tr = series(&site["tr/blog/b/index.html"]);
    assert!(tr
        .contains("Seri: Yeniden denemeler</span> <span class=\"series-part\">Bölüm 3 / 3</span>"));
    assert!(tr.find("/tr/blog/a/") < tr.find("/tr/blog/c/"));
    assert!(tr.find("/tr/blog/c/") < tr.find("/tr/blog/b/"));
    // Not in a series: no list.
    assert_eq!(series(&site["en/blog/c/index.html"]), "");
}
