//! Sharing metadata, read from built pages: Open Graph, the Twitter card and JSON-LD on pages and
//! lists of a small fixture site, with a title that holds quotes, `<`, `&`, `</script>` and
//! Turkish letters, a picture by path and by URL, and a site below a base path.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

const HOSTILE: &str = "\"quotes\" <b> & </script> ğüşıöç İ";

fn page(front: &str, body: &str) -> String {
    format!("---\n{front}\n---\n\n{body}\n")
}

/// The fixture site's pages for these tests.
fn pages() -> Vec<(&'static str, String)> {
    vec![
        (
            "blog/hostile.tr.md",
            page(
                &format!(
                    "title: {}\ndescription: \"Kısa & <öz> 'tek'\"\npublished: 2026-06-17\nupdated: 2026-07-01\nsection: Post\ntags: [\"retry\", \"çığ\"]\nimage: /img/kapak.png\nimage_alt: \"Bir <grafik> & çizgi\"",
                    serde_json::to_string(HOSTILE).unwrap()
                ),
                "Metin.",
            ),
        ),
        (
            "blog/hostile.en.md",
            page(
                "title: \"Plain\"\ndescription: \"An English page.\"\npublished: 2026-06-18\nsection: Post\nimage: img/kapak.png",
                "Text.",
            ),
        ),
        (
            "hakkinda.tr.md",
            page("title: \"Hakkında\"\nauthor: \"Ayşe Yılmaz\"", "Biz."),
        ),
        (
            "tools/x.en.md",
            page(
                "title: \"Tool\"\npublished: 2026-01-02\nsection: Tool\nimage: https://cdn.example/x.png?v=1&w=2",
                "Tool.",
            ),
        ),
    ]
}

/// The site built in memory: output path → text.
fn build_site(base_url: Option<&str>) -> BTreeMap<String, String> {
    let pages = pages();
    let refs: Vec<(&str, &str)> = pages.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let site = common::site_with(&refs);
    let img = site.path().join("static/img");
    std::fs::create_dir_all(&img).unwrap();
    std::fs::write(img.join("kapak.png"), b"\x89PNG").unwrap();
    if let Some(url) = base_url {
        let config = site.path().join("sade.yaml");
        let text = std::fs::read_to_string(&config).unwrap();
        std::fs::write(
            &config,
            text.replace("https://fixture.example", url.trim_end_matches('/')),
        )
        .unwrap();
    }
    texts(site.path())
}

fn texts(root: &Path) -> BTreeMap<String, String> {
    common::outputs(root)
        .into_iter()
        .map(|(p, b)| (p, String::from_utf8_lossy(&b).into_owned()))
        .collect()
}

fn head(html: &str) -> &str {
    &html[..html.find("</head>").expect("no </head>")]
}

fn unescape(value: &str) -> String {
    value
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The values of every `<TAG ATTR="KEY" VALUE_ATTR="…">` of the head, unescaped.
fn all(html: &str, attr: &str, key: &str, value_attr: &str) -> Vec<String> {
    let open = format!("{attr}=\"{key}\" {value_attr}=\"");
    head(html)
        .match_indices(&open)
        .map(|(at, _)| {
            let rest = &head(html)[at + open.len()..];
            unescape(&rest[..rest.find('"').unwrap()])
        })
        .collect()
}

/// The one `<meta property|name="KEY" content="…">`, unescaped; `None` when there is none.
fn meta(html: &str, key: &str) -> Option<String> {
    let attr = if key.starts_with("twitter:") {
        "name"
    } else {
        "property"
    };
    let found = all(html, attr, key, "content");
    assert!(found.len() <= 1, "{key} written {} times", found.len());
    found.into_iter().next()
}

fn canonical(html: &str) -> String {
    let found = all(html, "rel", "canonical", "href");
    assert_eq!(found.len(), 1, "one canonical link");
    found[0].clone()
}

/// The JSON-LD block: its raw text (up to the first `</script>` after it) and its value.
fn json_ld(html: &str) -> (String, Value) {
    let open = "<script type=\"application/ld+json\">";
    let at = head(html).find(open).expect("no JSON-LD") + open.len();
    let raw = &html[at..at + html[at..].find("</script>").unwrap()];
    let value = serde_json::from_str(raw).unwrap_or_else(|e| panic!("{e}: {raw}"));
    (raw.to_string(), value)
}

#[test]
fn an_article_carries_open_graph_twitter_and_json_ld() {
    let site = build_site(None);
    let html = &site["tr/blog/hostile/index.html"];
    let url = "https://fixture.example/tr/blog/hostile/";
    assert_eq!(canonical(html), url);
    assert_eq!(meta(html, "og:url").as_deref(), Some(url));
    assert_eq!(meta(html, "og:type").as_deref(), Some("article"));
    assert_eq!(meta(html, "og:locale").as_deref(), Some("tr_TR"));
    assert_eq!(meta(html, "og:locale:alternate").as_deref(), Some("en_US"));
    assert_eq!(meta(html, "og:site_name").as_deref(), Some("Deneme sitesi"));
    assert_eq!(
        meta(html, "article:published_time").as_deref(),
        Some("2026-06-17")
    );
    assert_eq!(
        meta(html, "article:modified_time").as_deref(),
        Some("2026-07-01")
    );
    assert_eq!(
        all(html, "property", "article:tag", "content"),
        ["retry", "çığ"]
    );
    assert_eq!(
        meta(html, "twitter:card").as_deref(),
        Some("summary_large_image")
    );

    let (_, ld) = json_ld(html);
    assert_eq!(ld["@context"], "https://schema.org");
    let post = &ld["@graph"][0];
    assert_eq!(post["@type"], "BlogPosting");
    assert_eq!(post["inLanguage"], "tr");
    assert_eq!(post["url"], url);
    assert_eq!(post["mainEntityOfPage"]["@id"], url);
    assert_eq!(post["datePublished"], "2026-06-17");
    assert_eq!(post["dateModified"], "2026-07-01");
    assert_eq!(
        post["author"],
        serde_json::json!({"@type": "Person", "name": "Fixture Yazar"})
    );
    assert_eq!(
        post["isPartOf"],
        serde_json::json!({"@type": "WebSite", "name": "Deneme sitesi", "url": "https://fixture.example/tr/"})
    );
    assert_eq!(post["image"], "https://fixture.example/img/kapak.png");
    let trail = &ld["@graph"][1];
    assert_eq!(trail["@type"], "BreadcrumbList");
    let steps: Vec<(u64, &str, &str)> = trail["itemListElement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert_eq!(s["@type"], "ListItem");
            (
                s["position"].as_u64().unwrap(),
                s["name"].as_str().unwrap(),
                s["item"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        steps,
        [
            (1, "Deneme sitesi", "https://fixture.example/tr/"),
            (2, "Yazılar", "https://fixture.example/tr/blog/"),
            (3, HOSTILE, url),
        ]
    );
}

#[test]
fn a_hostile_title_stays_itself_in_every_field() {
    let site = build_site(None);
    let html = &site["tr/blog/hostile/index.html"];
    for key in ["og:title", "twitter:title"] {
        assert_eq!(meta(html, key).as_deref(), Some(HOSTILE), "{key}");
    }
    let description = "Kısa & <öz> 'tek'";
    for key in ["og:description", "twitter:description"] {
        assert_eq!(meta(html, key).as_deref(), Some(description), "{key}");
    }
    let alt = "Bir <grafik> & çizgi";
    for key in ["og:image:alt", "twitter:image:alt"] {
        assert_eq!(meta(html, key).as_deref(), Some(alt), "{key}");
    }
    let (raw, ld) = json_ld(html);
    // Nothing in the block can end the element or open a comment: the first `</script>` after
    // it is its own, and the JSON read up to there is the whole value.
    assert!(!raw.contains(['<', '>', '&']), "{raw}");
    assert!(raw.contains("\\u003c/script\\u003e"), "{raw}");
    assert_eq!(ld["@graph"][0]["headline"], HOSTILE);
    assert_eq!(ld["@graph"][0]["description"], description);
    assert_eq!(ld["@graph"][0]["keywords"][1], "çığ");
    // The head holds exactly the script elements the theme writes.
    assert_eq!(head(html).matches("<script").count(), 1);
    assert_eq!(head(html).matches("</script>").count(), 1);
    // Attribute values are escaped, never cut short by a quote.
    assert!(head(html)
        .contains("content=\"&quot;quotes&quot; &lt;b&gt; &amp; &lt;/script&gt; ğüşıöç İ\""));
}

#[test]
fn images_are_absolute_urls_and_twitter_cards_follow_them() {
    let site = build_site(None);
    let en = &site["en/blog/hostile/index.html"];
    // Written without a leading slash: from the site's root all the same.
    assert_eq!(
        meta(en, "og:image").as_deref(),
        Some("https://fixture.example/img/kapak.png")
    );
    assert_eq!(meta(en, "og:image:alt").as_deref(), Some("Plain"));
    assert_eq!(meta(en, "og:locale").as_deref(), Some("en_US"));
    assert_eq!(meta(en, "og:locale:alternate").as_deref(), Some("tr_TR"));
    let tool = &site["en/tools/x/index.html"];
    assert_eq!(
        meta(tool, "og:image").as_deref(),
        Some("https://cdn.example/x.png?v=1&w=2")
    );
    assert_eq!(meta(tool, "og:locale:alternate"), None, "no translation");
    // A page without an image shows its social card (tests/cards.rs).
    let about = &site["tr/hakkinda/index.html"];
    assert_eq!(
        meta(about, "og:image").as_deref(),
        Some("https://fixture.example/tr/hakkinda/card.png")
    );
    assert_eq!(
        meta(about, "twitter:card").as_deref(),
        Some("summary_large_image")
    );
    // A page's own image has no size sade knows.
    assert_eq!(meta(en, "og:image:width"), None);
}

#[test]
fn a_page_without_a_date_is_a_web_page() {
    let site = build_site(None);
    let html = &site["tr/hakkinda/index.html"];
    let url = "https://fixture.example/tr/hakkinda/";
    assert_eq!(canonical(html), url);
    assert_eq!(meta(html, "og:url").as_deref(), Some(url));
    assert_eq!(meta(html, "og:type").as_deref(), Some("website"));
    assert_eq!(meta(html, "og:locale:alternate"), None);
    assert_eq!(meta(html, "article:published_time"), None);
    // No description: the site's, in the page's language.
    assert_eq!(
        meta(html, "og:description").as_deref(),
        Some("Sınama için küçük bir site")
    );
    let (_, ld) = json_ld(html);
    let main = &ld["@graph"][0];
    assert_eq!(main["@type"], "WebPage");
    assert_eq!(main["headline"], "Hakkında");
    assert_eq!(main["author"]["name"], "Ayşe Yılmaz");
    assert!(main.get("datePublished").is_none());
    let steps = ld["@graph"][1]["itemListElement"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "home, then the page");
    assert_eq!(steps[1]["item"], url);
}

#[test]
fn lists_are_web_pages_whose_url_is_their_canonical() {
    let site = build_site(None);
    for (file, url, trail) in [
        ("tr/index.html", "https://fixture.example/tr/", 0),
        ("en/blog/index.html", "https://fixture.example/en/blog/", 2),
        ("tr/tags/index.html", "https://fixture.example/tr/tags/", 2),
        (
            "tr/tags/cig/index.html",
            "https://fixture.example/tr/tags/cig/",
            3,
        ),
    ] {
        let html = &site[file];
        assert_eq!(canonical(html), url, "{file}");
        assert_eq!(meta(html, "og:url").as_deref(), Some(url), "{file}");
        assert_eq!(meta(html, "og:type").as_deref(), Some("website"), "{file}");
        assert!(meta(html, "og:locale:alternate").is_some(), "{file}");
        let (_, ld) = json_ld(html);
        assert_eq!(ld["@graph"][0]["@type"], "WebPage", "{file}");
        assert_eq!(ld["@graph"][0]["url"], url, "{file}");
        let steps = ld["@graph"][1]["itemListElement"]
            .as_array()
            .map_or(0, Vec::len);
        assert_eq!(steps, trail, "{file}");
    }
    let tag = json_ld(&site["tr/tags/cig/index.html"]).1;
    assert_eq!(tag["@graph"][0]["headline"], "çığ");
    assert_eq!(
        tag["@graph"][1]["itemListElement"][1]["item"],
        "https://fixture.example/tr/tags/"
    );
}

#[test]
fn below_a_base_path_every_url_is_under_it() {
    let site = build_site(Some("https://user.github.io/notes"));
    let html = &site["tr/blog/hostile/index.html"];
    let url = "https://user.github.io/notes/tr/blog/hostile/";
    assert_eq!(canonical(html), url);
    assert_eq!(meta(html, "og:url").as_deref(), Some(url));
    assert_eq!(
        meta(html, "og:image").as_deref(),
        Some("https://user.github.io/notes/img/kapak.png")
    );
    let (_, ld) = json_ld(html);
    assert_eq!(
        ld["@graph"][0]["isPartOf"]["url"],
        "https://user.github.io/notes/tr/"
    );
    assert!(html.contains("<link rel=\"icon\" href=\"/notes/favicon.svg\""));
}

#[test]
fn the_theme_has_a_favicon_on_every_page() {
    let site = build_site(None);
    assert!(site["favicon.svg"].starts_with("<svg"));
    for (path, html) in &site {
        if path.ends_with(".html") {
            assert!(
                head(html)
                    .contains("<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">"),
                "{path}"
            );
        }
    }
}

#[test]
fn the_language_chooser_is_the_web_site_in_both_languages() {
    for (base, url) in [
        (None, "https://fixture.example/"),
        (
            Some("https://user.github.io/notes"),
            "https://user.github.io/notes/",
        ),
    ] {
        let site = build_site(base);
        let html = &site["index.html"];
        assert_eq!(canonical(html), url);
        assert_eq!(meta(html, "og:url").as_deref(), Some(url));
        assert_eq!(meta(html, "og:type").as_deref(), Some("website"));
        assert_eq!(meta(html, "og:locale").as_deref(), Some("tr_TR"));
        assert_eq!(meta(html, "og:locale:alternate").as_deref(), Some("en_US"));
        assert_eq!(meta(html, "og:title").as_deref(), Some("Deneme sitesi"));
        let (_, ld) = json_ld(html);
        assert_eq!(ld["@type"], "WebSite");
        assert_eq!(ld["url"], url);
        assert_eq!(ld["inLanguage"], serde_json::json!(["tr", "en"]));
        // The 404 page has none of it.
        assert!(!site["404.html"].contains("og:url"));
    }
}
