use pulldown_cmark::Event;

use super::body_text;
use crate::backoff::{Delay, Params, Schedule, Strategy};
use crate::html::Seen;
use crate::i18n::Lang;
use crate::shortcode::backoff_table::tables;

/// The body's text with `html` between two words, once read from the HTML and once as the
/// text its writer gave.
fn both(html: &str, given: &str) -> [(String, String); 2] {
    let around = |html: &str, seen: &[(usize, String)], at: usize| {
        let alone = [Event::Html(html.to_string().into())];
        let between = [
            Event::Text("before".into()),
            Event::Html(html.to_string().into()),
            Event::Text("after".into()),
        ];
        let shift = |d: usize| -> Vec<(usize, String)> {
            seen.iter().map(|(i, t)| (i + d, t.clone())).collect()
        };
        (
            body_text(&alone, &shift(0), 0),
            body_text(&between, &shift(at), 0),
        )
    };
    let read = around(html, &[], 1);
    let given = around(html, &[(0, given.to_string())], 1);
    [read, given]
}

#[test]
fn a_backoff_table_gives_the_text_its_html_shows() {
    let ms = |v: f64| Delay::from_ms(v).unwrap();
    let all = vec![
        Strategy::None,
        Strategy::Full,
        Strategy::Equal,
        Strategy::Decorrelated,
    ];
    let cases = [
        // (base, factor, cap, attempts, strategies, clients)
        (100.0, 2.0, Some(30_000.0), 8, all.clone(), 1),
        (1000.0, 2.0, None, 9, all[1..].to_vec(), 1),
        (250.0, 1.0, Some(250.0), 3, vec![Strategy::None], 1),
        (250.0, 3.0, Some(250.0), 1, vec![Strategy::Equal], 1),
        (50.0, 1.5, Some(60_000.0), 20, all.clone(), 10_000),
        (
            5.0,
            10.0,
            Some(3_600_000.0),
            12,
            vec![Strategy::Decorrelated],
            100,
        ),
    ];
    for (base, factor, cap, attempts, strategies, clients) in cases {
        let params = Params::builder(ms(base))
            .factor(factor)
            .cap(cap.map(ms))
            .attempts(attempts)
            .strategies(strategies)
            .clients(clients)
            .seed(7)
            .build()
            .unwrap();
        let schedule = Schedule::compute(&params);
        for lang in [Lang::Tr, Lang::En] {
            let mut seen = Seen::new(true, 0);
            let (html, _) = tables(&schedule, lang, &mut seen);
            let given = seen.finish().expect("asked for");
            let [read, made] = both(&html, &given);
            assert_eq!(read, made, "{lang:?} {params:?}");
            assert!(made.0.contains("ms") || made.0.contains(" s"), "{}", made.0);
            // Switched off, it keeps nothing.
            let mut off = Seen::new(false, 0);
            assert_eq!(tables(&schedule, lang, &mut off).0, html);
            assert_eq!(off.finish(), None);
        }
    }
}

#[test]
fn a_code_block_is_the_text_its_html_shows() {
    // White space runs as the code has it, where the HTML's reads as one space: the same
    // words, and the same excerpt (both take any run of it as one).
    let collapsed = |s: &str| {
        s.split(|c: char| c <= ' ')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (info, code) in [
        (
            "rust",
            "fn main() {\n    let x = a < b && c > d; // \"q\" 'r'\n}\n",
        ),
        ("yaml", "retry:\n  base: 100ms\n\tfactor: 2\r\n"),
        (
            "python",
            "  lead = 'ışık'  # İstanbul\nno_newline_at_the_end",
        ),
        ("sh", "echo &amp; &lt;x&gt; $HOME\n"),
        ("json", ""),
        ("toml", "\n\n"),
    ] {
        let given = super::code_text(code.to_string()).expect("plain code");
        let (word, lang) = crate::highlight::language(info).expect("a language sade knows");
        let html = [
            super::super::SCROLL_OPEN,
            &crate::highlight::code_block(word, lang, code),
            super::super::SCROLL_CLOSE,
        ]
        .concat();
        let [read, given] = both(&html, &given);
        assert_eq!(collapsed(&read.0), collapsed(&given.0), "{code:?}");
        assert_eq!(collapsed(&read.1), collapsed(&given.1), "{code:?}");
    }
    // A control character other than those is read from the HTML instead.
    assert_eq!(super::code_text("a\u{1}b".into()), None);
    assert_eq!(super::code_text("form\u{c}feed".into()), None);
    assert_eq!(super::code_text("x".into()).unwrap(), "x\n");
}

#[test]
fn given_text_stands_for_its_event_in_a_run() {
    // Next to other raw HTML, the rest of the run is read, and the given text is used.
    let events = [
        Event::Html("<p>read</p>".into()),
        Event::Html("<div>shown</div>".into()),
        Event::Html("<p>an <script>".into()),
        Event::InlineHtml("x</script> spanning</p>".into()),
    ];
    let seen = [(1, "given ".to_string())];
    assert_eq!(body_text(&events, &seen, 0), "read given an spanning ");
    let two = [(0, "one".to_string()), (1, String::new())];
    assert_eq!(body_text(&events, &two, 0), "one an spanning ");
    assert_eq!(body_text(&events, &[], 0), "read shown an spanning ");
    // Alone too: after a space for the block it starts with.
    let events = [Event::Text("a".into()), Event::Html("<div>x</div>".into())];
    assert_eq!(body_text(&events, &seen, 0), "a given ");
    // An empty text is the block's space alone.
    let seen = [(1, String::new())];
    assert_eq!(body_text(&events, &seen, 0), "a ");
    // One for an event before this run is passed over.
    let events = [
        Event::Text("a".into()),
        Event::Html("<div>x</div>".into()),
        Event::Text("b".into()),
        Event::Html("<div>y</div>".into()),
    ];
    let seen = [(1, "one ".to_string()), (3, "two".to_string())];
    assert_eq!(body_text(&events, &seen, 0), "a one b two");
    assert_eq!(body_text(&events, &seen[1..], 0), "a x b two");
}

#[test]
fn seen_text_collapses_where_a_piece_starts() {
    let mut seen = Seen::new(true, 0);
    seen.gap();
    seen.text("  a  b ");
    seen.text(" c");
    seen.gap();
    seen.text("");
    seen.text("d");
    seen.gap();
    seen.gap();
    assert_eq!(seen.finish().unwrap(), "a  b c d ");
}
