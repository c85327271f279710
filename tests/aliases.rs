//! Old addresses of moved pages (`aliases`): the redirect page at each, the `_redirects` file,
//! what the link checks and the preview make of them, and what stays out of the sitemap and the
//! search. The errors are goldens in `tests/errors.rs`.

mod common;

use std::collections::BTreeMap;

fn page(front: &str) -> String {
    format!("---\n{front}\n---\n\nMetin.\n")
}

fn pages() -> Vec<(&'static str, String)> {
    vec![
        (
            "blog/yeni.tr.md",
            page("title: \"Yeni & \\\"adres\\\"\"\npublished: 2026-06-17\nsection: Post\naliases: [\"/tr/eski-adres/\", \"/tr/blog/daha-eski\", \"/eski.html\"]"),
        ),
        (
            "blog/yeni.en.md",
            page("title: \"New\"\npublished: 2026-06-17\nsection: Post\naliases:\n  - /en/old-address/\n"),
        ),
        (
            "blog/link.tr.md",
            "---\ntitle: \"Bağlantı\"\npublished: 2026-06-18\nsection: Post\n---\n\n[eski](/tr/eski-adres/) ve [daha eski](/tr/blog/daha-eski/)\n".to_string(),
        ),
    ]
}

fn build_site(base_url: Option<&str>) -> BTreeMap<String, String> {
    let pages = pages();
    let refs: Vec<(&str, &str)> = pages.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let site = common::site_with(&refs);
    if let Some(url) = base_url {
        let config = site.path().join("sade.yaml");
        let text = std::fs::read_to_string(&config).unwrap();
        std::fs::write(&config, text.replace("https://fixture.example", url)).unwrap();
    }
    common::outputs(site.path())
        .into_iter()
        .filter(|(p, _)| !p.ends_with(".png"))
        .map(|(p, b)| (p, String::from_utf8(b).unwrap()))
        .collect()
}

#[test]
fn each_alias_is_a_small_redirect_page_in_the_pages_language() {
    let site = build_site(None);
    let html = &site["tr/eski-adres/index.html"];
    for part in [
        "<html lang=\"tr\">",
        "<meta http-equiv=\"refresh\" content=\"0; url=/tr/blog/yeni/\">",
        "<link rel=\"canonical\" href=\"https://fixture.example/tr/blog/yeni/\">",
        "<meta name=\"robots\" content=\"noindex\">",
        "<title>Yeni &amp; &quot;adres&quot; · Deneme sitesi</title>",
        "<p>Bu sayfanın yeni adresi: <a href=\"/tr/blog/yeni/\">https://fixture.example/tr/blog/yeni/</a></p>",
    ] {
        assert!(html.contains(part), "no {part} in\n{html}");
    }
    // Without a trailing slash and an extension: a folder. With an extension: that file.
    assert!(site["tr/blog/daha-eski/index.html"].contains("url=/tr/blog/yeni/"));
    assert!(site["eski.html"].contains("url=/tr/blog/yeni/"));
    let en = &site["en/old-address/index.html"];
    assert!(en.contains("<html lang=\"en\">"), "{en}");
    assert!(
        en.contains("This page has moved to <a href=\"/en/blog/yeni/\">"),
        "{en}"
    );
}

#[test]
fn redirects_file_lists_every_alias_sorted() {
    let site = build_site(None);
    assert_eq!(
        site["_redirects"],
        "/en/old-address/ /en/blog/yeni/ 301\n\
         /eski.html /tr/blog/yeni/ 301\n\
         /tr/blog/daha-eski/ /tr/blog/yeni/ 301\n\
         /tr/eski-adres/ /tr/blog/yeni/ 301\n"
    );
    // The same bytes every time.
    assert_eq!(build_site(None)["_redirects"], site["_redirects"]);
}

#[test]
fn below_a_base_path_aliases_are_under_it() {
    let site = build_site(Some("https://user.github.io/notes"));
    assert!(site["tr/eski-adres/index.html"].contains("url=/notes/tr/blog/yeni/"));
    assert!(site["_redirects"].contains("/notes/tr/eski-adres/ /notes/tr/blog/yeni/ 301\n"));
}

#[test]
fn links_to_an_alias_resolve_and_aliases_are_no_pages() {
    // The build above has a page linking to two aliases: it would fail on a broken link.
    let site = build_site(None);
    let sitemap = &site["sitemap.xml"];
    assert!(!sitemap.contains("eski"), "{sitemap}");
    assert!(!site["llms.txt"].contains("eski"));
    let search: String = site
        .iter()
        .filter(|(p, _)| p.starts_with("search/"))
        .map(|(_, t)| t.as_str())
        .collect();
    assert!(!search.contains("eski-adres"));
    // A site without aliases has no `_redirects`.
    let plain = common::site_with(&[(
        "blog/a.tr.md",
        &page("title: a\npublished: 2026-01-01\nsection: Post"),
    )]);
    assert!(!common::outputs(plain.path()).contains_key("_redirects"));
}

#[test]
fn the_preview_serves_an_alias_and_drops_a_removed_one() {
    let pages = pages();
    let refs: Vec<(&str, &str)> = pages.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let site = common::site_with(&refs);
    let serve = common::Serve::start(site.path());
    let reply = serve.get("/tr/eski-adres/");
    assert_eq!(reply.status, 200);
    assert!(reply.body.contains("url=/tr/blog/yeni/"), "{}", reply.body);
    let events = serve.events();
    let text = serve.read("content/blog/yeni.en.md");
    serve.write(
        "content/blog/yeni.en.md",
        &text.replace("/en/old-address/", "/en/older-address/"),
    );
    events.next_named("reload");
    assert_eq!(serve.get("/en/old-address/").status, 404);
    assert_eq!(serve.get("/en/older-address/").status, 200);
    assert!(serve.get("/_redirects").body.contains("/en/older-address/"));
}
