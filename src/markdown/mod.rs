//! Stage 3 — markdown: pulldown-cmark events with source offsets, shortcode expansion on the event
//! stream, heading ids with anchor links, and the page's markdown twin for `index.md`.
//!
//! Shortcodes are found only in text events, so nothing inside code spans, code blocks or raw
//! HTML is ever expanded. A paragraph that holds exactly one shortcode is a block: the paragraph
//! is replaced by the shortcode's HTML (no stray `<p>`). Positions are byte offsets into the whole
//! file, front matter included; diagnostics turn them into character columns.

use std::ops::Range;

use pulldown_cmark::{html, CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd};

use crate::diagnostic::{Diagnostic, Source};
use crate::shortcode::grammar::{parse_call, starts_call};
use crate::shortcode::{Call, Context, Registry};

mod anchors;
mod bodies;
mod formula;
pub mod text;
pub(crate) mod words;
use anchors::add_heading_anchors;
use formula::math;

/// A heading of the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Heading {
    /// 1..=6.
    pub level: u8,
    /// The `id` (anchor) it got.
    pub id: String,
    /// Its plain text.
    pub text: String,
}

/// A link in the page, with where it was written (for `check`).
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    /// The destination as written.
    pub dest: String,
    /// Byte range in the file.
    pub span: Range<usize>,
}

/// A rendered page body.
#[derive(Clone, Debug, Default)]
pub struct Rendered {
    /// The body as HTML.
    pub html: String,
    /// The body as markdown with every shortcode expanded.
    pub markdown: String,
    /// Headings in order.
    pub headings: Vec<Heading>,
    /// Links in order.
    pub links: Vec<Link>,
    /// Every expanded shortcode, in source order.
    pub calls: Vec<ExpandedCall>,
    /// Words of its text (for its reading time; see `words.rs`).
    pub words: usize,
    /// Its text as a reader sees it, for search ([`text::body_text`]), when
    /// [`render_with`] was asked for it; else empty.
    pub text: String,
}

/// One expanded call: where it was, what it became.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExpandedCall {
    /// Byte range of `<< … >>` in the file.
    pub span: Range<usize>,
    /// Its HTML.
    pub html: String,
    /// Its markdown.
    pub markdown: String,
}

/// The markdown extensions sade turns on (GFM tables, footnotes, strikethrough, task lists,
/// `{#id}` heading attributes, `$…$` and `$$…$$` math, GitHub's `> [!NOTE]` alerts).
pub fn options() -> Options {
    Options::ENABLE_MATH
        | Options::ENABLE_GFM
        | Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
}

/// Renders `body` (a byte range of `source.text`) to HTML, expanding shortcodes.
/// Every problem in the page is returned, not just the first.
pub fn render(
    source: &Source,
    body: Range<usize>,
    registry: &Registry,
    ctx: &Context,
) -> Result<Rendered, Vec<Diagnostic>> {
    render_with(source, body, registry, ctx, false)
}

/// [`render`], and `with_text`, the body's text for search ([`Rendered::text`]).
pub fn render_with(
    source: &Source,
    body: Range<usize>,
    registry: &Registry,
    ctx: &Context,
    with_text: bool,
) -> Result<Rendered, Vec<Diagnostic>> {
    let text = &source.text[body.clone()];
    let base = body.start;
    // Each event is moved from here to `out` once it is passed (the lookahead only goes forward).
    // Sized up front (prose gives one event per 20 to 40 bytes): grown by doubling, the list
    // was copied at every step.
    let mut events: Vec<(Event, Range<usize>)> = Vec::with_capacity(text.len() / 16 + 16);
    events.extend(
        Parser::new_ext(text, options())
            .into_offset_iter()
            .map(|(e, r)| (e, r.start + base..r.end + base)),
    );
    let (bodies, errors) = bodies::pair(source, &events, registry);
    let mut walk = Walk {
        source,
        registry,
        ctx,
        bodies,
        errors,
        expanded: Vec::new(),
        links: Vec::new(),
        with_text,
        seen: Vec::new(),
    };
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let len = events.len();
    walk.walk(&mut events, 0..len, &mut out);
    let Walk {
        errors,
        mut expanded,
        links,
        mut seen,
        ..
    } = walk;
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut heading_tags = Vec::new();
    let headings = add_heading_anchors(&mut out, &mut heading_tags);
    let words = words::count(&out);
    // Markup adds about half to prose; shortcodes add their own HTML.
    let expansions: usize = expanded.iter().map(|x| x.html.len()).sum();
    let search_text = if with_text {
        // A heading's tags are a block's edges and no text: its anchor's `#` is not read.
        seen.extend(heading_tags.into_iter().map(|i| (i, String::new())));
        seen.sort_unstable_by_key(|given| given.0);
        // About a fifth of a shortcode's HTML is text.
        text::body_text(&out, &seen, text.len() + expansions / 5)
    } else {
        String::new()
    };
    let mut html_out = String::with_capacity(text.len() * 3 / 2 + expansions);
    html::push_html(&mut html_out, out.into_iter());
    expanded.sort_by_key(|x| x.span.start);
    Ok(Rendered {
        html: html_out,
        markdown: splice(source, body, &expanded, false),
        headings,
        links,
        calls: expanded,
        words,
        text: search_text,
    })
}

/// A page's events on their way to HTML, with what the way collects.
struct Walk<'s, 'c> {
    source: &'s Source,
    registry: &'s Registry,
    ctx: &'s Context<'c>,
    /// How the page's body calls pair up.
    bodies: bodies::Pairs,
    errors: Vec<Diagnostic>,
    expanded: Vec<ExpandedCall>,
    links: Vec<Link>,
    /// Whether the body's text is wanted (for search).
    with_text: bool,
    /// Raw HTML events of `out` whose shortcodes gave their text (`Expansion::text`).
    seen: Vec<(usize, String)>,
}

impl<'s, 'c> Walk<'s, 'c> {
    /// Moves `events[range]` to `out`, expanding shortcodes, math and code blocks on the way.
    fn walk<'e>(
        &mut self,
        events: &mut [(Event<'e>, Range<usize>)],
        range: Range<usize>,
        out: &mut Vec<Event<'e>>,
    ) {
        let (source, registry, ctx) = (self.source, self.registry, self.ctx);
        let end_at = range.end;
        let mut code_depth = 0usize;
        let mut i = range.start;
        while i < end_at {
            let (event, range) = &events[i];
            // A fenced block in a language sade knows: highlighted, whole (nothing inside a code
            // block is a shortcode or a link).
            if let Some((end, code)) = highlighted(&events[..end_at], i) {
                let html = crate::highlight::code_block(code.word, code.lang, &code.text);
                // What a reader sees of it is its code: no need to read its HTML back.
                let given = self.with_text.then_some(code.text);
                if let Some(seen) = given.and_then(text::code_text) {
                    self.seen.push((out.len(), seen));
                }
                // One event, so that the text above stands for all of it.
                let block = [SCROLL_OPEN, &html, SCROLL_CLOSE].concat();
                out.push(Event::Html(CowStr::from(block)));
                i = end + 1;
                continue;
            }
            if let Event::Start(Tag::BlockQuote(Some(kind))) = event {
                // GitHub's `> [!NOTE]`: a callout, as `note` writes it.
                i = self.alert(events, i, *kind, end_at, out);
                continue;
            }
            match event {
                Event::Start(Tag::CodeBlock(_)) => code_depth += 1,
                Event::End(TagEnd::CodeBlock) => code_depth = code_depth.saturating_sub(1),
                Event::Start(Tag::Link { dest_url, .. }) => self.links.push(Link {
                    dest: dest_url.to_string(),
                    span: range.clone(),
                }),
                _ => {}
            }
            // Tables and code blocks may be wider than the column: each scrolls in a region a
            // keyboard can reach.
            if matches!(event, Event::Start(Tag::Table(_) | Tag::CodeBlock(_))) {
                out.push(Event::Html(CowStr::Borrowed(SCROLL_OPEN)));
            }
            if matches!(event, Event::End(TagEnd::Table | TagEnd::CodeBlock)) {
                out.push(take(&mut events[i].0));
                out.push(Event::Html(CowStr::Borrowed(SCROLL_CLOSE)));
                i += 1;
                continue;
            }
            if let Event::TaskListMarker(done) = event {
                // A checkbox with a name, so readers and checkers know what it says.
                let w = &ctx.lang.words().page;
                let html = if *done {
                    [
                        "<input type=\"checkbox\" disabled checked aria-label=\"",
                        w.task_done,
                        "\"> ",
                    ]
                } else {
                    [
                        "<input type=\"checkbox\" disabled aria-label=\"",
                        w.task_open,
                        "\"> ",
                    ]
                };
                out.push(Event::InlineHtml(CowStr::from(html.concat())));
                i += 1;
                continue;
            }
            if code_depth > 0 || !is_text(event) {
                // A paragraph that is exactly one shortcode becomes a block.
                if let Event::Start(Tag::Paragraph) = event {
                    if let Some(&close) = self.bodies.close.get(&i) {
                        i = self.body_call(events, i, close, out);
                        continue;
                    }
                    if self.bodies.broken.contains(&i) {
                        // Reported already; its paragraph is left out.
                        i = bodies::paragraph_end(events, i) + 1;
                        continue;
                    }
                    if let Some((end, call)) = lone_call(source, &events[..end_at], i) {
                        let block_ctx = Context {
                            block: true,
                            text: self.with_text,
                            ..ctx.clone()
                        };
                        match expand(&call, source, registry, &block_ctx) {
                            Ok((x, seen)) => {
                                if let Some(seen) = seen {
                                    self.seen.push((out.len(), seen));
                                }
                                out.push(Event::Html(CowStr::from(x.html.clone())));
                                self.expanded.push(x);
                            }
                            Err(d) => self.errors.push(d),
                        }
                        i = end + 1;
                        continue;
                    }
                }
                out.push(rooted(take(&mut events[i].0), ctx.root));
                i += 1;
                continue;
            }
            // A run of text: consecutive text events and line breaks.
            let start = i;
            while i < end_at && is_text(&events[i].0) {
                i += 1;
            }
            let run = &events[start..i];
            let run_range = run[0].1.start..run[run.len() - 1].1.end;
            let mut calls = Vec::new();
            let mut pos = run_range.start;
            while let Some(found) = find_open(&source.text.as_bytes()[pos..run_range.end]) {
                let at = pos + found;
                let escaped = at > 0 && source.text.as_bytes()[at - 1] == b'\\';
                let in_text = run
                    .iter()
                    .any(|(e, r)| matches!(e, Event::Text(_)) && r.contains(&at));
                if escaped || !in_text || !starts_call(&source.text, at) {
                    pos = at + 2;
                    continue;
                }
                match parse_and_expand(source, at, run_range.end, registry, ctx) {
                    Ok(x) => {
                        pos = x.span.end;
                        calls.push(x);
                    }
                    Err(d) => {
                        self.errors.push(d);
                        pos = at + 2;
                    }
                }
            }
            // Formulas outside every call become MathML (one inside a call's string argument
            // is the call's text).
            for (event, range) in &mut events[start..i] {
                let (Event::InlineMath(tex) | Event::DisplayMath(tex)) = &*event else {
                    continue;
                };
                if calls
                    .iter()
                    .any(|c| c.span.start <= range.start && range.end <= c.span.end)
                {
                    continue;
                }
                let display = matches!(event, Event::DisplayMath(_));
                match math(source, tex, range, display) {
                    Ok(x) => {
                        *event = Event::InlineHtml(CowStr::from(x.html.clone()));
                        self.expanded.push(x);
                    }
                    Err(d) => self.errors.push(d),
                }
            }
            if calls.is_empty() {
                out.extend(events[start..i].iter_mut().map(|(e, _)| take(e)));
                continue;
            }
            let run = &events[start..i];
            splice_run(source, run, &calls, out);
            self.expanded.extend(calls);
        }
    }
}

/// Opens the region a wide table or code block scrolls in.
const SCROLL_OPEN: &str = "<div class=\"scroll\" tabindex=\"0\">\n";
/// Closes it.
const SCROLL_CLOSE: &str = "</div>\n";

/// A fenced code block in a language sade highlights ([`highlighted`]).
struct Fenced<'i> {
    /// The word its info string names the language by…
    word: &'i str,
    /// …and the language.
    lang: crate::highlight::Lang,
    /// Its code.
    text: String,
}

/// If `events[i]` opens a fenced code block in a language sade highlights: the index of the
/// event that closes it, and the block.
fn highlighted<'i>(events: &'i [(Event, Range<usize>)], i: usize) -> Option<(usize, Fenced<'i>)> {
    let Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) = &events[i].0 else {
        return None;
    };
    let (word, lang) = crate::highlight::language(info)?;
    let end = i + events[i..]
        .iter()
        .position(|(e, _)| matches!(e, Event::End(TagEnd::CodeBlock)))?;
    let mut text = String::new();
    for (e, _) in &events[i + 1..end] {
        if let Event::Text(t) = e {
            text.push_str(t);
        }
    }
    Some((end, Fenced { word, lang, text }))
}

/// A link or image written from the site's root (`/en/blog/x/`, `/img/a.svg`) under the site's
/// base path `root` (see [`crate::urls::Urls::rooted`]): the page links where it is served.
fn rooted<'a>(event: Event<'a>, root: &str) -> Event<'a> {
    let under = |dest: CowStr<'a>| -> CowStr<'a> {
        match crate::urls::rooted(root, &dest) {
            std::borrow::Cow::Borrowed(_) => dest,
            std::borrow::Cow::Owned(under) => CowStr::from(under),
        }
    };
    match event {
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Link {
            link_type,
            dest_url: under(dest_url),
            title,
            id,
        }),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Image {
            link_type,
            dest_url: under(dest_url),
            title,
            id,
        }),
        other => other,
    }
}

/// Moves an event out of the parsed list, leaving a placeholder that is never read.
fn take<'a>(event: &mut Event<'a>) -> Event<'a> {
    std::mem::replace(event, Event::SoftBreak)
}

/// Where `<<` first occurs in `text`. Called once per run of text, so most runs are short:
/// `memchr` for the `<` beats setting up a substring search each time.
fn find_open(text: &[u8]) -> Option<usize> {
    memchr::memchr_iter(b'<', text).find(|&i| text.get(i + 1) == Some(&b'<'))
}

/// Events a shortcode call may span: text, line breaks, and inline HTML, code or math *inside*
/// a call's string argument. A call can only start in a text event.
fn is_text(e: &Event) -> bool {
    matches!(
        e,
        Event::Text(_)
            | Event::SoftBreak
            | Event::HardBreak
            | Event::InlineHtml(_)
            | Event::Code(_)
            | Event::InlineMath(_)
            | Event::DisplayMath(_)
    )
}

/// If the paragraph starting at `i` holds only text: the index of its `End(Paragraph)` and its
/// text's bytes, from the first that is not white space to the paragraph's end.
fn lone_text(
    events: &[(Event, Range<usize>)],
    source: &Source,
    i: usize,
) -> Option<(usize, Range<usize>)> {
    let mut j = i + 1;
    while j < events.len() && is_text(&events[j].0) {
        j += 1;
    }
    if j == i + 1 || !matches!(events.get(j)?.0, Event::End(TagEnd::Paragraph)) {
        return None;
    }
    let inner = events[i + 1].1.start..events[j - 1].1.end;
    let slice = &source.text[inner.clone()];
    let lead = slice.len() - slice.trim_start().len();
    Some((j, inner.start + lead..inner.end))
}

/// If the paragraph starting at `i` holds nothing but one shortcode, returns the index of its
/// `End(Paragraph)` and the parsed call.
fn lone_call(source: &Source, events: &[(Event, Range<usize>)], i: usize) -> Option<(usize, Call)> {
    let (j, text) = lone_text(events, source, i)?;
    if !starts_call(&source.text, text.start) {
        return None;
    }
    // Exactly one call, nothing after it: checked by parsing up to the paragraph's end.
    let call = parse_call(&source.text, text.start, text.end).ok()?;
    source.text[call.span.end..text.end]
        .trim()
        .is_empty()
        .then_some((j, call))
}

fn parse_and_expand(
    source: &Source,
    at: usize,
    limit: usize,
    registry: &Registry,
    ctx: &Context,
) -> Result<ExpandedCall, Diagnostic> {
    let call = parse_call(&source.text, at, limit).map_err(|e| {
        let mut d = Diagnostic::error(e.message).at(source, e.span, "here");
        if let Some(h) = e.help {
            d = d.with_help(h);
        }
        d
    })?;
    expand(&call, source, registry, ctx).map(|(x, _)| x)
}

/// Expands a parsed call: the call, and what a reader sees of it if the shortcode said.
fn expand(
    call: &Call,
    source: &Source,
    registry: &Registry,
    ctx: &Context,
) -> Result<(ExpandedCall, Option<String>), Diagnostic> {
    let x = registry.expand(call, source, ctx)?;
    let call = ExpandedCall {
        span: call.span.clone(),
        html: x.html,
        markdown: x.markdown,
    };
    Ok((call, x.text))
}

/// Re-emits a text run with the calls' HTML in place of their source.
fn splice_run<'a>(
    source: &Source,
    run: &[(Event<'a>, Range<usize>)],
    calls: &[ExpandedCall],
    out: &mut Vec<Event<'a>>,
) {
    let mut next_call = 0;
    for (event, range) in run {
        // Emit any call that starts before this event ends.
        let mut cursor = range.start;
        loop {
            let call = calls.get(next_call);
            match call {
                Some(c) if c.span.start < range.end => {
                    if c.span.start > cursor {
                        push_piece(source, event, range, cursor..c.span.start, out);
                    }
                    out.push(Event::InlineHtml(CowStr::from(c.html.clone())));
                    cursor = c.span.end.max(cursor);
                    next_call += 1;
                }
                _ => break,
            }
        }
        // Skip parts covered by the previous call, then the rest of the event.
        let covered_to = if next_call > 0 {
            calls[next_call - 1].span.end
        } else {
            0
        };
        let from = cursor.max(covered_to).max(range.start);
        if from < range.end {
            push_piece(source, event, range, from..range.end, out);
        }
    }
}

/// Emits part `piece` of a text event. Text whose characters match its source is cut by offset;
/// other text (entities, escapes) is kept whole when the piece is the whole event.
fn push_piece<'a>(
    source: &Source,
    event: &Event<'a>,
    range: &Range<usize>,
    piece: Range<usize>,
    out: &mut Vec<Event<'a>>,
) {
    match event {
        Event::Text(t) => {
            let raw = &source.text[range.clone()];
            if t.as_ref() == raw {
                out.push(Event::Text(CowStr::from(source.text[piece].to_string())));
            } else if piece == *range {
                out.push(Event::Text(CowStr::from(t.to_string())));
            }
        }
        other if piece == *range => out.push(other.clone()),
        _ => {}
    }
}

/// The body with each call's source replaced by its expansion: markdown, or HTML when `html`
/// (for hosts like mdBook that render markdown with raw HTML themselves).
pub fn splice(source: &Source, body: Range<usize>, calls: &[ExpandedCall], html: bool) -> String {
    let mut out = String::with_capacity(body.len() + 1024);
    let mut pos = body.start;
    for x in calls {
        out.push_str(&source.text[pos..x.span.start]);
        let text = if html { &x.html } else { &x.markdown };
        out.push_str(text.trim_end_matches('\n'));
        pos = x.span.end;
    }
    out.push_str(&source.text[pos..body.end]);
    out
}

#[cfg(test)]
mod tests;
