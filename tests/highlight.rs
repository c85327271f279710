//! Fenced code is highlighted at build time, as classes: a known language's tokens in
//! `hl-KIND` spans, an unknown language or none written plain as before, never an error, and
//! nothing inside a block expanded as a shortcode.

mod common;

const PAGE: &str = "---\ntitle: \"Kod\"\npublished: 2026-06-17\nsection: Post\n---\n\n\
```rust\nlet x = 1; // << backoff_delay(base=1s, attempt=2) >>\n```\n\n\
```go\nfunc f() {}\n```\n\n\
```haskell\nf x = x\n```\n\n\
```\nplain <b>\n```\n\n\
> ```sh title=\"x\"\n> echo \"hi\"\n> ```\n";

#[test]
fn known_languages_are_highlighted_and_others_left_plain() {
    let site = common::site_with(&[("blog/kod.tr.md", PAGE)]);
    let out = common::outputs(site.path());
    let html = String::from_utf8(out["tr/blog/kod/index.html"].clone()).unwrap();
    let main = common::main_of(&html);
    assert!(
        main.contains(
            "<pre><code class=\"language-rust\"><span class=\"hl-keyword\">let</span> x = \
             <span class=\"hl-number\">1</span>; <span class=\"hl-comment\">// \
             &lt;&lt; backoff_delay(base=1s, attempt=2) &gt;&gt;</span>\n</code></pre>"
        ),
        "{main}"
    );
    assert!(main.contains(
        "<pre><code class=\"language-go\"><span class=\"hl-keyword\">func</span> \
         <span class=\"hl-function\">f</span>() {}\n</code></pre>"
    ));
    assert!(main.contains("<pre><code class=\"language-haskell\">f x = x\n</code></pre>"));
    assert!(main.contains("<pre><code>plain &lt;b&gt;\n</code></pre>"));
    assert!(
        main.contains("<blockquote>\n<div class=\"scroll\" tabindex=\"0\">\n<pre><code class=\"language-sh\"><span class=\"hl-function\">echo</span>"),
        "{main}"
    );
    // No style attribute anywhere: the strict CSP holds.
    assert!(!main.contains("style="));
    // The markdown twin keeps the fence as written.
    let twin = String::from_utf8(out["tr/blog/kod/index.md"].clone()).unwrap();
    assert!(twin.contains("```rust\nlet x = 1; // << backoff_delay(base=1s, attempt=2) >>\n```"));
}
