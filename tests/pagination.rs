//! Long lists split into pages, read from real builds: a section's list and a tag's list show
//! `paginate` entries a page (newest first, none lost or repeated), page `n` at `…/page/n/` with
//! its own canonical link, title and `rel="prev"`/`rel="next"`, a pager in the page's language,
//! each page in the sitemap and none of them in the search or llms.txt; `…/page/1/` redirects to
//! the list; a bad `paginate` is an error at its value; and the preview adds and removes pages
//! as posts come and go.

mod common;

use std::collections::BTreeMap;

use sade::build::{build, Options};
use sade::shortcode::Registry;

/// `n` English posts (`Post 1` the oldest) and `tr` Turkish ones, all tagged `retry`; the
/// newest English post also carries `Retry` (the same tag written again).
fn posts(n: usize, tr: usize) -> Vec<(String, String)> {
    let post = |title: String, day: usize, tags: &str| {
        format!(
            "---\ntitle: \"{title}\"\npublished: 2026-{:02}-{:02}\nsection: Post\ntags: [{tags}]\n---\n\nText of {title}.\n",
            1 + day / 28,
            1 + day % 28
        )
    };
    let mut out = Vec::new();
    for k in 1..=n {
        let tags = if k == n {
            "\"retry\", \"Retry\""
        } else {
            "\"retry\""
        };
        out.push((
            format!("blog/p{k}.en.md"),
            post(format!("Post {k}"), k, tags),
        ));
    }
    for k in 1..=tr {
        out.push((
            format!("blog/y{k}.tr.md"),
            post(format!("Yazı {k}"), k, "\"retry\""),
        ));
    }
    out
}

/// A site of `posts` whose `sade.yaml` gets `top` before `sections:` and `section` inside the
/// `Post` section's entry (e.g. `paginate: 2, `).
fn site(posts: &[(String, String)], top: &str, section: &str) -> tempfile::TempDir {
    let refs: Vec<(&str, &str)> = posts
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let dir = common::site_with(&refs);
    let config = dir.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    let yaml = yaml
        .replace("sections:", &format!("{top}sections:"))
        .replace(
            "Post: { path: blog, ",
            &format!("Post: {{ path: blog, {section}"),
        );
    std::fs::write(&config, yaml).unwrap();
    dir
}

fn outputs(dir: &tempfile::TempDir) -> BTreeMap<String, String> {
    common::outputs_with(&Options::new(dir.path()))
        .into_iter()
        .filter_map(|(path, bytes)| String::from_utf8(bytes).ok().map(|t| (path, t)))
        .collect()
}

/// The titles a list page shows, in order.
fn entries(html: &str) -> Vec<String> {
    let Some(start) = html.find("<ul class=\"page-list\">") else {
        return Vec::new();
    };
    let list = &html[start..];
    let list = &list[..list.find("</ul>").unwrap()];
    list.split("<li>")
        .skip(1)
        .map(|li| {
            let a = &li[li.find("<a href=").unwrap()..];
            let a = &a[a.find("\">").unwrap() + 2..];
            a[..a.find("</a>").unwrap()].to_string()
        })
        .collect()
}

/// The `href` of the head's `<link rel="REL">`, if any.
fn head_link(html: &str, rel: &str) -> Option<String> {
    let head = &html[..html.find("</head>").unwrap()];
    let open = format!("<link rel=\"{rel}\" href=\"");
    let rest = &head[head.find(&open)? + open.len()..];
    Some(rest[..rest.find('"').unwrap()].to_string())
}

/// The pages of the list at `dir` (`en/blog/`), in order, as far as they go.
fn pages_of<'a>(out: &'a BTreeMap<String, String>, dir: &str) -> Vec<(String, &'a str)> {
    let mut pages = vec![(
        format!("{dir}index.html"),
        out[&format!("{dir}index.html")].as_str(),
    )];
    for n in 2.. {
        let path = format!("{dir}page/{n}/index.html");
        match out.get(&path) {
            Some(html) => pages.push((path, html.as_str())),
            None => break,
        }
    }
    pages
}

/// The page count, entries and links of a list of `len` English posts at `paginate`.
fn check_list(out: &BTreeMap<String, String>, dir: &str, len: usize, per_page: usize) {
    let pages = pages_of(out, dir);
    let want_pages = len.div_ceil(per_page).max(1);
    assert_eq!(
        pages.len(),
        want_pages,
        "{dir}: {len} entries at {per_page}"
    );
    assert!(
        !out.contains_key(&format!("{dir}page/{}/index.html", want_pages + 1)),
        "{dir}: a page past the end"
    );
    // Every entry once, newest first, across the pages.
    let shown: Vec<String> = pages.iter().flat_map(|(_, html)| entries(html)).collect();
    let want: Vec<String> = (1..=len).rev().map(|k| format!("Post {k}")).collect();
    assert_eq!(shown, want, "{dir}");
    for (i, (path, html)) in pages.iter().enumerate() {
        let n = i + 1;
        assert!(entries(html).len() <= per_page, "{path}");
        let url = |k: usize| match k {
            1 => format!("/{dir}"),
            k => format!("/{dir}page/{k}/"),
        };
        let previous = (n > 1).then(|| url(n - 1));
        let next = (n < want_pages).then(|| url(n + 1));
        assert_eq!(head_link(html, "prev"), previous, "{path}");
        assert_eq!(head_link(html, "next"), next, "{path}");
        let canonical = format!("https://fixture.example{}", url(n));
        assert_eq!(head_link(html, "canonical").as_deref(), Some(&*canonical));
        assert!(
            html.contains(&format!(
                "<meta property=\"og:url\" content=\"{canonical}\">"
            )),
            "{path}"
        );
        if want_pages == 1 {
            assert!(
                !html.contains("class=\"pager\""),
                "{path}: a pager for one page"
            );
            continue;
        }
        let pager = &html[html.find("<nav class=\"pager\"").expect(path)..];
        let pager = &pager[..pager.find("</nav>").unwrap()];
        assert_eq!(
            pager.matches("aria-current=\"page\"").count(),
            1,
            "{path}: {pager}"
        );
        assert!(
            pager.contains(&format!("<a href=\"{}\" aria-current=\"page\">", url(n))),
            "{path}: {pager}"
        );
        assert_eq!(pager.contains("rel=\"prev\""), n > 1, "{path}");
        assert_eq!(pager.contains("rel=\"next\""), n < want_pages, "{path}");
    }
}

#[test]
fn five_posts_two_a_page_make_three_pages_with_every_post_once_in_order() {
    let dir = site(&posts(5, 3), "", "paginate: 2, ");
    let out = outputs(&dir);
    check_list(&out, "en/blog/", 5, 2);
    // The Turkish list has its own pages; the empty section keeps its one page.
    assert_eq!(pages_of(&out, "tr/blog/").len(), 2);
    assert_eq!(pages_of(&out, "en/tools/").len(), 1);
    // The same order as one long list.
    let whole = outputs(&site(&posts(5, 3), "", "paginate: 100, "));
    assert_eq!(pages_of(&whole, "en/blog/").len(), 1);
    let one: Vec<String> = entries(&whole["en/blog/index.html"]);
    let split: Vec<String> = (pages_of(&out, "en/blog/").iter())
        .flat_map(|(_, h)| entries(h))
        .collect();
    assert_eq!(one, split);
}

#[test]
fn a_later_page_has_its_own_title_and_a_pager_in_its_language() {
    let dir = site(&posts(5, 5), "", "paginate: 2, ");
    let out = outputs(&dir);
    let en = &out["en/blog/page/2/index.html"];
    assert!(en.contains("<title>Blog · Page 2 · Fixture site</title>"));
    assert!(en.contains("<meta property=\"og:title\" content=\"Blog · Page 2\">"));
    assert!(en.contains("<nav class=\"pager\" aria-label=\"Pages of this list\">"));
    assert!(en.contains("<span class=\"visually-hidden\">Page 3</span>"));
    assert!(en.contains(">Previous</a>") && en.contains(">Next</a>"));
    let tr = &out["tr/blog/page/2/index.html"];
    assert!(tr.contains("<title>Yazılar · Sayfa 2 · Deneme sitesi</title>"));
    assert!(tr.contains("<nav class=\"pager\" aria-label=\"Bu listenin sayfaları\">"));
    assert!(tr.contains(">Önceki</a>") && tr.contains(">Sonraki</a>"));
    // Its counterpart in the other language is the same page of the same list.
    assert!(en.contains(
        "<link rel=\"alternate\" hreflang=\"tr\" href=\"https://fixture.example/tr/blog/page/2/\">"
    ));
    assert!(en.contains("<a href=\"/tr/blog/page/2/\" hreflang=\"tr\""));
    // The first page's title is the list's; its JSON-LD trail is home, list.
    let first = &out["en/blog/index.html"];
    assert!(first.contains("<title>Blog · Fixture site</title>"));
    // A later page's trail goes through the first.
    assert!(en.contains(
        "{\"@type\":\"ListItem\",\"position\":2,\"name\":\"Blog\",\"item\":\"https://fixture.example/en/blog/\"},{\"@type\":\"ListItem\",\"position\":3,\"name\":\"Blog · Page 2\""
    ));
    // The list's feed stays one feed, linked from every page.
    for (_, html) in pages_of(&out, "en/blog/") {
        assert!(html.contains("<a href=\"/en/blog/atom.xml\">"));
    }
    let feed: atom_syndication::Feed = out["en/blog/atom.xml"].parse().unwrap();
    assert_eq!(feed.entries().len(), 5);
}

#[test]
fn a_page_without_a_counterpart_names_only_itself() {
    // Five English posts (three pages), one Turkish (one page).
    let out = outputs(&site(&posts(5, 1), "", "paginate: 2, "));
    let en = &out["en/blog/page/3/index.html"];
    assert!(!en.contains("hreflang=\"tr\" href=\"https://fixture.example/tr/blog/page/"));
    assert!(en.contains("<link rel=\"alternate\" hreflang=\"en\""));
    // The language switch goes to the other language's list.
    assert!(en.contains("<a href=\"/tr/blog/\" hreflang=\"tr\""), "{en}");
}

#[test]
fn the_default_is_twenty_a_page_and_the_boundaries_hold() {
    // Twenty posts: one page; twenty-one: two (twenty and one).
    let out = outputs(&site(&posts(20, 0), "", ""));
    check_list(&out, "en/blog/", 20, 20);
    assert!(!out.keys().any(|p| p.contains("/page/")), "one page only");
    let out = outputs(&site(&posts(21, 0), "", ""));
    check_list(&out, "en/blog/", 21, 20);
    assert_eq!(entries(&out["en/blog/page/2/index.html"]), ["Post 1"]);
    // Exactly `paginate` entries: one page; one more: two.
    let out = outputs(&site(&posts(2, 0), "", "paginate: 2, "));
    check_list(&out, "en/blog/", 2, 2);
    let out = outputs(&site(&posts(3, 0), "", "paginate: 2, "));
    check_list(&out, "en/blog/", 3, 2);
    // One a page: each post is a page.
    let out = outputs(&site(&posts(4, 0), "", "paginate: 1, "));
    check_list(&out, "en/blog/", 4, 1);
}

#[test]
fn tags_take_the_sites_paginate_and_a_section_may_say_its_own() {
    // The site says 2, the section 3: tags go two a page, the section three.
    let out = outputs(&site(&posts(7, 0), "paginate: 2\n", "paginate: 3, "));
    check_list(&out, "en/blog/", 7, 3);
    // The tag's list: every post once (the newest also carries `Retry`, the same tag).
    check_list(&out, "en/tags/retry/", 7, 2);
    let tag = &out["en/tags/retry/page/2/index.html"];
    assert!(tag.contains("<title>#retry · Page 2 · Fixture site</title>"));
    assert!(tag.contains(
        "{\"@type\":\"ListItem\",\"position\":2,\"name\":\"Tags\",\"item\":\"https://fixture.example/en/tags/\"},{\"@type\":\"ListItem\",\"position\":3,\"name\":\"retry\""
    ));
    // Without a section's own, the site's applies to the section too.
    let out = outputs(&site(&posts(5, 0), "paginate: 2\n", ""));
    check_list(&out, "en/blog/", 5, 2);
    // The tag index counts pages, not list pages.
    assert!(out["en/tags/index.html"].contains("retry"));
}

#[test]
fn page_one_redirects_to_the_list() {
    let out = outputs(&site(&posts(3, 0), "paginate: 2\n", ""));
    for (file, list) in [
        ("en/blog/page/1/index.html", "/en/blog/"),
        ("en/tags/retry/page/1/index.html", "/en/tags/retry/"),
    ] {
        let html = &out[file];
        assert!(html.contains(&format!(
            "<meta http-equiv=\"refresh\" content=\"0; url={list}\">"
        )));
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(html.contains(&format!(
            "<link rel=\"canonical\" href=\"https://fixture.example{list}\">"
        )));
        assert!(html.contains(&format!("<a href=\"{list}\">")));
    }
    // A list of one page has none.
    assert!(!out.contains_key("tr/blog/page/1/index.html"));
}

#[test]
fn the_sitemap_lists_every_page_of_every_list_and_nothing_else_lists_them() {
    let out = outputs(&site(&posts(5, 3), "paginate: 2\n", ""));
    let sitemap = &out["sitemap.xml"];
    for loc in [
        "/en/blog/",
        "/en/blog/page/2/",
        "/en/blog/page/3/",
        "/tr/blog/page/2/",
        "/en/tags/retry/page/3/",
        "/en/tags/",
    ] {
        assert!(
            sitemap.contains(&format!("<loc>https://fixture.example{loc}</loc>")),
            "{loc} not in the sitemap"
        );
    }
    assert!(!sitemap.contains("/page/1/"), "the redirect is not a page");
    assert!(!sitemap.contains("/page/4/"));
    // Page 2 has its counterpart; page 3 has none in Turkish.
    let entry = |loc: &str| {
        let at = sitemap
            .find(&format!("<loc>https://fixture.example{loc}</loc>"))
            .unwrap();
        let e = &sitemap[at..];
        e[..e.find("</url>").unwrap()].to_string()
    };
    let second = entry("/en/blog/page/2/");
    assert!(
        second.contains("hreflang=\"tr\" href=\"https://fixture.example/tr/blog/page/2/\""),
        "{second}"
    );
    assert!(
        second.contains("hreflang=\"x-default\" href=\"https://fixture.example/tr/blog/page/2/\"")
    );
    // Its lastmod is its newest entry's: Post 3 on 2026-01-04.
    assert!(second.contains("<lastmod>2026-01-04</lastmod>"), "{second}");
    assert!(!entry("/en/blog/page/3/").contains("hreflang"));
    // The search and llms.txt list pages, not lists.
    for (path, text) in &out {
        if path.starts_with("search/") || path.contains("/search/") || path == "llms.txt" {
            assert!(!text.contains("/page/2/"), "{path} lists a list's page");
        }
    }
    assert!(out["llms.txt"].contains("/en/blog/p5/index.md"));
}

#[test]
fn under_a_base_path_every_pager_link_is_a_file_of_the_site() {
    let dir = site(&posts(5, 0), "paginate: 2\n", "");
    let config = dir.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        yaml.replace("https://fixture.example", "https://fixture.example/notes"),
    )
    .unwrap();
    let out = outputs(&dir);
    let html = &out["en/blog/page/2/index.html"];
    assert_eq!(head_link(html, "prev").as_deref(), Some("/notes/en/blog/"));
    assert_eq!(
        head_link(html, "next").as_deref(),
        Some("/notes/en/blog/page/3/")
    );
    assert_eq!(
        head_link(html, "canonical").as_deref(),
        Some("https://fixture.example/notes/en/blog/page/2/")
    );
    let pager = &html[html.find("<nav class=\"pager\"").unwrap()..];
    let pager = &pager[..pager.find("</nav>").unwrap()];
    for href in pager.split("href=\"").skip(1) {
        let href = &href[..href.find('"').unwrap()];
        let rel = href.strip_prefix("/notes/").expect(href);
        assert!(out.contains_key(&format!("{rel}index.html")), "{href}");
    }
    assert!(out["en/blog/page/1/index.html"].contains("url=/notes/en/blog/\""));
}

/// The report of a build of the fixture site whose `sade.yaml` has `from` replaced by `to`.
fn config_error(from: &str, to: &str) -> String {
    let dir = site(&posts(1, 0), "", "");
    let config = dir.path().join("sade.yaml");
    let yaml = std::fs::read_to_string(&config).unwrap();
    assert!(yaml.contains(from));
    std::fs::write(&config, yaml.replacen(from, to, 1)).unwrap();
    let result = build(&Options::new(dir.path()), &Registry::builtin());
    assert!(result.diagnostics.has_errors(), "no error for {to}");
    result.diagnostics.render()
}

macro_rules! golden {
    ($name:ident, $from:expr, $to:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(stringify!($name), config_error($from, $to));
        }
    };
}

golden!(paginate_zero, "path: blog, ", "path: blog, paginate: 0, ");
golden!(
    paginate_negative,
    "path: blog, ",
    "path: blog, paginate: -3, "
);
golden!(paginate_a_float, "sections:", "paginate: 2.5\nsections:");
golden!(paginate_text, "sections:", "paginate: ten\nsections:");
golden!(
    paginate_misspelt,
    "path: blog, ",
    "path: blog, pagniate: 5, "
);

/// `sade serve` rebuilds the lists as posts come and go: a third post at two a page adds page
/// 2 (and its redirect at page 1), removing it takes them away.
#[test]
fn the_preview_adds_and_removes_list_pages() {
    let dir = site(&posts(2, 0), "", "paginate: 2, ");
    let serve = common::Serve::start(dir.path());
    let events = serve.events();
    assert_eq!(serve.get("/en/blog/page/2/").status, 404);
    assert!(!serve.get("/en/blog/").body.contains("class=\"pager\""));
    let third = &posts(3, 0)[2];
    serve.write(&format!("content/{}", third.0), &third.1);
    events.next_named("reload");
    let second = serve.get("/en/blog/page/2/");
    assert_eq!(second.status, 200);
    assert_eq!(entries(&second.body), ["Post 1"]);
    assert_eq!(entries(&serve.get("/en/blog/").body), ["Post 3", "Post 2"]);
    assert!(serve.get("/en/blog/").body.contains("rel=\"next\""));
    assert_eq!(serve.get("/en/blog/page/1/").status, 200);
    assert!(serve.get("/sitemap.xml").body.contains("/en/blog/page/2/"));
    std::fs::remove_file(dir.path().join("content").join(&third.0)).unwrap();
    events.next_named("reload");
    assert_eq!(serve.get("/en/blog/page/2/").status, 404);
    assert_eq!(serve.get("/en/blog/page/1/").status, 404);
    assert!(!serve.get("/en/blog/").body.contains("rel=\"next\""));
}

/// The plan has each page of each list once, and a page past the end (an output of a plan made
/// before posts were removed) is an error, not an empty page.
#[test]
fn the_plan_has_each_page_once_and_a_page_past_the_end_is_refused() {
    use sade::i18n::Lang;
    use sade::plan::{Output, Paged};
    let dir = site(&posts(5, 0), "paginate: 2\n", "");
    let pipeline = sade::pipeline::Pipeline::load(&Options::new(dir.path()), &Registry::builtin())
        .unwrap_or_else(|d| panic!("{}", d.render()));
    let plan = pipeline.plan().unwrap();
    let blog: Vec<usize> = (plan.0.iter())
        .filter_map(|o| match o {
            Output::Section(Lang::En, name, n) if name == "Post" => Some(*n),
            _ => None,
        })
        .collect();
    assert_eq!(blog, [1, 2, 3]);
    let firsts: Vec<&Output> = (plan.0.iter())
        .filter(|o| matches!(o, Output::FirstPage(..)))
        .collect();
    assert_eq!(
        firsts,
        [
            &Output::FirstPage(Lang::En, Paged::Section("Post".into())),
            &Output::FirstPage(Lang::En, Paged::Tag("retry".into())),
        ]
    );
    for stale in [
        Output::Section(Lang::En, "Post".into(), 4),
        Output::Section(Lang::En, "Post".into(), 0),
        Output::Tag(Lang::En, "retry".into(), 4),
        Output::Tag(Lang::Tr, "retry".into(), 1),
    ] {
        assert!(
            pipeline.render_outputs(&[&stale]).is_err(),
            "{stale:?} was made"
        );
    }
    let made = pipeline
        .render_outputs(&[&Output::Section(Lang::En, "Post".into(), 3)])
        .unwrap();
    assert_eq!(made[0].path, "en/blog/page/3/index.html");
}
