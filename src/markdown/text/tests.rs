use super::*;

#[test]
fn text_is_what_a_reader_sees() {
    assert_eq!(
        html_text("<h2 id=a>Bir <em>başlık</em></h2><p>a&amp;b &lt;x&gt; &#305;&#x131;</p><script type=\"application/json\">{\"no\":1}</script><table><tr><td>1</td><td>2</td></tr></table>"),
        "Bir başlık a&b <x> ıı 1 2"
    );
    assert_eq!(html_text("d<sub>n</sub> &unknown; & x"), "dn &unknown; & x");
    assert_eq!(html_text("<STYLE>p{}</STYLE>ok<br>"), "ok");
    assert_eq!(
        html_text("delay <math><msub><mi>d</mi><mi>n</mi></msub></math> grows"),
        "delay grows"
    );
    // An unclosed tag is text.
    assert_eq!(html_text("a <b"), "a <b");
    assert_eq!(html_text("a <b  c&amp;\n"), "a <b c&");
    assert_eq!(html_text("x&#32;&nbsp;<p> y"), "x y");
    // White space inside a run of text, and at its ends.
    assert_eq!(
        html_text("<p>a  b\tc\n\nd </p> <p> e f \x01g</p>"),
        "a b c d e f g"
    );
    assert_eq!(html_text("a b<em> c</em>d"), "a b cd");
}

/// The words of `body_text` over `markdown`'s events.
fn event_words(markdown: &str) -> Vec<String> {
    let events: Vec<Event> =
        pulldown_cmark::Parser::new_ext(markdown, crate::markdown::options()).collect();
    let text = body_text(&events, &[], 0);
    text.split_whitespace().map(str::to_string).collect()
}

#[test]
fn inline_markup_joins_and_blocks_part() {
    // Emphasis inside a word keeps it whole; a nested list's start parts its item's words.
    assert_eq!(event_words("a re**try**d\n"), ["a", "retryd"]);
    assert_eq!(event_words("- one\n  - two\n"), ["one", "two"]);
    // A block's end parts what follows it, though nothing starts there.
    let events = [
        Event::Text("a".into()),
        Event::End(TagEnd::Paragraph),
        Event::Text("b".into()),
    ];
    assert_eq!(body_text(&events, &[], 0), "a b");
    // One event of inline HTML is read alone; its text is the reader's.
    let events = [
        Event::Text("press ".into()),
        Event::InlineHtml("<kbd>K</kbd>".into()),
        Event::Text(" now".into()),
    ];
    assert_eq!(body_text(&events, &[], 0), "press K now");
    // An image's description is left out, an image inside it included.
    assert_eq!(
        event_words("an ![outer ![inner](/i.png) tail](/o.png) here\n"),
        ["an", "here"]
    );
    // A footnote's number is not text: the word around it stays one.
    assert_eq!(
        event_words("word[^1]s\n\n[^1]: a note\n"),
        ["words", "a", "note"]
    );
}

/// The words of `markdown` as a reader sees them: from its events, and from its HTML.
fn both_ways(markdown: &str) -> (Vec<String>, Vec<String>) {
    let events: Vec<Event> =
        pulldown_cmark::Parser::new_ext(markdown, crate::markdown::options()).collect();
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events.iter().cloned());
    let words = |text: &str| {
        let mut v = Vec::new();
        v.extend(
            text.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_string),
        );
        v
    };
    (words(&body_text(&events, &[], 0)), words(&html_text(&html)))
}

#[test]
fn the_text_from_events_is_the_text_of_the_html() {
    for markdown in [
        "# A *title*\n\nSome **bo**ld and `code`, [a link](/x/) ~~struck~~.\n",
        "- one\n- two\n\n1. three\n\n> quoted\n> text\n",
        "| a | b |\n| - | - |\n| c d | e |\n",
        "```rust\nfn main() {}\n```\n\nafter\n",
        "an ![image of words](/i.png) here\n",
        "<div>raw\n<script>var hidden = 1;\n</script>\nshown</div>\n\ntail <kbd>Ctrl</kbd>+K\n",
        "line one  \nline two\nline three\n\n---\n\nend",
        "H<sub>2</sub>O and x<sup>2</sup>, a&amp;b &lt;c&gt;\n",
    ] {
        let (events, html) = both_ways(markdown);
        assert_eq!(events, html, "{markdown:?}");
    }
    // A formula's TeX is not text, as its MathML is not.
    assert_eq!(both_ways("delay $d_n$ grows\n").0, ["delay", "grows"]);
}
