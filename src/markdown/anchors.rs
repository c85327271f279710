//! Heading ids and anchor links.

use std::collections::HashMap;

use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

use super::Heading;
use crate::content::slugify;
use crate::html::{escape, push_escaped};

/// Gives every heading an id (its `{#id}`, or its slug, made unique) and an anchor link. Works in
/// place: a heading's start and end events become the HTML of its opening and closing tags
/// (their indexes added to `tags`, in order).
pub(super) fn add_heading_anchors(events: &mut [Event<'_>], tags: &mut Vec<usize>) -> Vec<Heading> {
    let mut headings = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut i = 0;
    while i < events.len() {
        let Event::Start(Tag::Heading { .. }) = &events[i] else {
            i += 1;
            continue;
        };
        let mut text = String::new();
        let mut end = i + 1;
        while end < events.len() {
            match &events[end] {
                Event::End(TagEnd::Heading(_)) => break,
                Event::Text(t) | Event::Code(t) => text.push_str(t),
                _ => {}
            }
            end += 1;
        }
        let Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) = std::mem::replace(&mut events[i], Event::SoftBreak)
        else {
            unreachable!("checked above")
        };
        let wanted = id.map(|s| s.to_string()).unwrap_or_else(|| {
            let s = slugify(&text);
            if s.is_empty() {
                "section".to_string()
            } else {
                s
            }
        });
        let n = seen.entry(wanted.clone()).or_insert(0);
        let unique = if *n == 0 {
            wanted.clone()
        } else {
            format!("{wanted}-{n}")
        };
        *n += 1;
        let lvl = level as u8;
        let digit = char::from(b'0' + lvl);
        let id_html = escape(&unique);
        // Pushed piece by piece: every page has a dozen headings.
        let mut open = String::with_capacity(16 + id_html.len());
        open.push_str("<h");
        open.push(digit);
        open.push_str(" id=\"");
        open.push_str(&id_html);
        open.push('"');
        if !classes.is_empty() {
            open.push_str(" class=\"");
            for (n, c) in classes.iter().enumerate() {
                if n > 0 {
                    open.push(' ');
                }
                push_escaped(&mut open, c);
            }
            open.push('"');
        }
        for (k, v) in &attrs {
            open.push(' ');
            push_escaped(&mut open, k);
            if let Some(v) = v {
                open.push_str("=\"");
                push_escaped(&mut open, v);
                open.push('"');
            }
        }
        open.push('>');
        events[i] = Event::Html(CowStr::from(open));
        tags.push(i);
        let mut close = String::with_capacity(80 + id_html.len());
        close.push_str("<a class=\"anchor\" href=\"#");
        close.push_str(&id_html);
        close.push_str("\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h");
        close.push(digit);
        close.push_str(">\n");
        if end < events.len() {
            events[end] = Event::Html(CowStr::from(close));
            tags.push(end);
        }
        headings.push(Heading {
            level: lvl,
            id: unique,
            text,
        });
        i = end + 1;
    }
    headings
}

#[cfg(test)]
mod tests {
    use super::super::options;
    use super::*;
    use pulldown_cmark::{html, Parser};

    #[test]
    fn headings_get_unique_ids_classes_attributes_and_anchors() {
        let text = "## Attr & heading {#x-1 .a .b data-k=v&w flag}\n\n## Tekrar\n\n### Tekrar\n";
        let mut events: Vec<Event> = Parser::new_ext(text, options()).collect();
        let mut tags = Vec::new();
        let headings = add_heading_anchors(&mut events, &mut tags);
        assert_eq!(tags, [0, 2, 3, 5, 6, 8]);
        // What a reader searches of them: their text, not their anchors' sign.
        let given: Vec<(usize, String)> = tags.iter().map(|&i| (i, String::new())).collect();
        let text = super::super::text::body_text(&events, &given, 0);
        assert_eq!(text, "Attr & heading Tekrar Tekrar ");
        assert!(super::super::text::body_text(&events, &[], 0).contains("heading#"));
        let mut out = String::new();
        html::push_html(&mut out, events.into_iter());
        assert_eq!(
            out,
            "<h2 id=\"x-1\" class=\"a b\" data-k=\"v&amp;w\" flag>Attr &amp; heading\
             <a class=\"anchor\" href=\"#x-1\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h2>\n\
             <h2 id=\"tekrar\">Tekrar\
             <a class=\"anchor\" href=\"#tekrar\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h2>\n\
             <h3 id=\"tekrar-1\">Tekrar\
             <a class=\"anchor\" href=\"#tekrar-1\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h3>\n"
        );
        let ids: Vec<_> = headings.iter().map(|h| (h.level, h.id.as_str())).collect();
        assert_eq!(ids, [(2, "x-1"), (2, "tekrar"), (3, "tekrar-1")]);
    }
}
