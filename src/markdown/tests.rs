use super::*;

#[test]
fn a_page_gives_the_text_of_its_own_html_without_reading_it() {
    let reads = |markdown: &str| {
        let source = Source::new("p.tr.md", markdown.to_string());
        let ctx = Context::new(crate::i18n::Lang::Tr, "t", "/tr/p/");
        text::READS.with(|r| r.set(0));
        let page = render_with(&source, 0..markdown.len(), &Registry::builtin(), &ctx, true)
            .expect("renders");
        (page.text, text::READS.with(std::cell::Cell::get))
    };
    // Headings next to headings and to a highlighted block: nothing read back.
    let (text, read) = reads("# Bir\n## İki\n```rust\nfn a() {}\n```\n## Üç\n\nson\n");
    assert_eq!(read, 0, "{text:?}");
    assert!(!text.contains('#'), "{text:?}");
    let words: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(words, ["Bir", "İki", "fn", "a()", "{}", "Üç", "son"]);
    // Raw HTML is read: the `<kbd>` and its end, and the scroll region's two tags around a
    // code block in a language sade does not highlight (whose code is text).
    let (text, read) = reads("a <kbd>K</kbd>\n\n```nosuchlang\nx\n```\n");
    assert_eq!(read, 4, "{text:?}");
    assert_eq!(text.split_whitespace().collect::<Vec<_>>(), ["a", "K", "x"]);
}

#[test]
fn find_open_agrees_with_a_substring_search() {
    for text in [
        "",
        "<",
        "<<",
        "a < b << c",
        "< <<",
        "<<<",
        "x <y> <<z",
        "ğ<ü<<",
        "no call",
        "a<",
    ] {
        assert_eq!(find_open(text.as_bytes()), text.find("<<"), "{text:?}");
    }
}
