//! `sade serve` end to end: the real binary on a free port, against a temporary copy of
//! `tests/fixtures/serve-site` (with the repository's templates), spoken to with plain HTTP/1.1.

mod common;

use common::{has_file_line_col, Serve};

const PAGE: &str = "content/blog/hello.en.md";

#[test]
fn serves_pages_assets_and_the_404_page() {
    let site = common::fixture_copy();
    let serve = Serve::start(site.path());

    let page = serve.get("/en/blog/hello/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(page.body.contains("Hello from the fixture site."));
    assert!(
        page.body
            .contains(r#"<script src="/__sade/live.js"></script>"#),
        "serve pages carry the live-reload script"
    );

    let tr = serve.get("/tr/");
    assert_eq!(tr.status, 200);
    assert!(tr.body.contains("Merhaba"), "{}", tr.body);

    let css = serve.get("/style.css");
    assert_eq!(css.status, 200);
    assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));
    assert!(css.body.contains("system-ui"));

    let md = serve.get("/en/blog/hello/index.md");
    assert_eq!(
        md.header("content-type"),
        Some("text/markdown; charset=utf-8")
    );
    let xml = serve.get("/sitemap.xml");
    assert_eq!(xml.status, 200);
    assert!(xml.header("content-type").unwrap().contains("xml"));

    let js = serve.get("/__sade/live.js");
    assert_eq!(js.status, 200);
    assert_eq!(
        js.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(js.body.contains("EventSource"));

    let moved = serve.get("/en/blog/hello?x=1");
    assert_eq!(moved.status, 301);
    assert_eq!(moved.header("location"), Some("/en/blog/hello/?x=1"));

    let missing = serve.get("/missing");
    assert_eq!(missing.status, 404);
    assert_eq!(
        missing.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(missing.body.contains("not-found"), "the site's 404.html");

    let head = serve.request("HEAD", "/en/blog/hello/");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    let post = serve.request("POST", "/en/blog/hello/");
    assert_eq!(post.status, 405);
    assert_eq!(post.header("allow"), Some("GET, HEAD"));
}

#[test]
fn refuses_every_path_escape() {
    let site = common::fixture_copy();
    let serve = Serve::start(site.path());
    let secret = serve.read("sade.yaml");
    let secret_line = secret.lines().next().unwrap();
    for target in [
        "/../sade.yaml",
        "/%2e%2e/sade.yaml",
        "/%2E%2E/sade.yaml",
        "/..%2fsade.yaml",
        "/..%2Fsade.yaml",
        "/tr/..\\..\\sade.yaml",
        "/tr/%5c..%5c..%5csade.yaml",
        "/tr/../../sade.yaml",
        "//sade.yaml",
        "/sade.yaml",
        "/content/blog/hello.en.md",
        "/%00",
        "/C:/sade.yaml",
    ] {
        let reply = serve.get(target);
        assert!(
            reply.status == 400 || reply.status == 404,
            "{target}: {}",
            reply.status
        );
        assert!(
            !reply.body.contains(secret_line),
            "{target} leaked sade.yaml"
        );
        assert!(
            !reply.body.contains("published: 2026"),
            "{target} leaked a page"
        );
    }
}

#[test]
fn edits_reload_and_errors_show_until_fixed() {
    let site = common::fixture_copy();
    let serve = Serve::start(site.path());
    let events = serve.events();
    let original = serve.read(PAGE);

    // An edit: a reload event, then the new text.
    serve.write(
        PAGE,
        &original.replace("Hello from the fixture site.", "Freshly edited words."),
    );
    events.next_named("reload");
    let page = serve.get("/en/blog/hello/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Freshly edited words."));
    assert!(!page.body.contains("Hello from the fixture site."));

    // A broken shortcode: an error event with file:line:col, and the error page.
    let broken = format!("{original}\n<< backoff_table(base=100) >>\n");
    serve.write(PAGE, &broken);
    let error = events.next_named("error");
    assert!(has_file_line_col(&error.data, PAGE), "{}", error.data);
    let page = serve.get("/en/blog/hello/");
    assert_eq!(page.status, 500);
    assert!(page
        .body
        .contains(r#"<div class="error-overlay" role="alert"><pre>"#));
    assert!(has_file_line_col(&page.body, PAGE), "{}", page.body);
    assert!(page
        .body
        .contains(r#"<script src="/__sade/live.js"></script>"#));
    assert_eq!(serve.get("/style.css").status, 200, "assets still served");

    // A stream opened now hears about the error at once.
    let late = serve.events();
    assert!(has_file_line_col(&late.next_named("error").data, PAGE));

    // Fixed: reload, and the page is back.
    serve.write(PAGE, &original);
    events.next_named("reload");
    let page = serve.get("/en/blog/hello/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Hello from the fixture site."));
}

#[test]
fn template_and_static_edits_rebuild() {
    let site = common::fixture_copy();
    let serve = Serve::start(site.path());
    let events = serve.events();

    serve.write("static/style.css", "body { color: rebeccapurple; }\n");
    events.next_named("reload");
    assert!(serve.get("/style.css").body.contains("rebeccapurple"));

    // The site has no templates/ folder: the override (and the folder) appear while serving.
    assert!(!site.path().join("templates").exists());
    let page = std::fs::read_to_string(common::repo().join("templates/page.html")).unwrap();
    serve.write(
        "templates/page.html",
        &page.replace(
            "<h1>{{ page.title }}</h1>",
            "<h1>{{ page.title }} (edited)</h1>",
        ),
    );
    events.next_named("reload");
    assert!(serve.get("/en/blog/hello/").body.contains("Hello (edited)"));
    // The folder that appeared is watched from then on: a second edit is seen, and removing the
    // override brings the built-in template back.
    serve.write(
        "templates/page.html",
        &page.replace(
            "<h1>{{ page.title }}</h1>",
            "<h1>{{ page.title }} (again)</h1>",
        ),
    );
    events.next_named("reload");
    assert!(serve.get("/en/blog/hello/").body.contains("Hello (again)"));
    std::fs::remove_file(site.path().join("templates/page.html")).unwrap();
    events.next_named("reload");
    assert!(serve.get("/en/blog/hello/").body.contains("<h1>Hello</h1>"));

    // A new page is picked up too.
    let other = serve
        .read(PAGE)
        .replace("title: \"Hello\"", "title: \"Second\"");
    serve.write("content/blog/second.en.md", &other);
    events.next_named("reload");
    assert_eq!(serve.get("/en/blog/second/").status, 200);
}

#[test]
fn a_stand_alone_page_renamed_changes_every_pages_menu() {
    let site = common::fixture_copy();
    std::fs::write(
        site.path().join("content/about.en.md"),
        "---\ntitle: \"About\"\n---\n\nHi.\n",
    )
    .unwrap();
    let serve = Serve::start(site.path());
    let events = serve.events();
    assert!(serve
        .get("/en/blog/hello/")
        .body
        .contains("<a href=\"/en/about/\">About</a>"));
    serve.write(
        "content/about.en.md",
        "---\ntitle: \"About me\"\n---\n\nHi.\n",
    );
    events.next_named("reload");
    assert!(serve
        .get("/en/blog/hello/")
        .body
        .contains("<a href=\"/en/about/\">About me</a>"));
}
