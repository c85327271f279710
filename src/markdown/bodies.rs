//! Shortcodes with a body: `<< note(kind=warning) >>`, blocks of markdown, `<< /note >>`, the
//! opening and the closing call each alone in its paragraph, both in the same block (the page,
//! a list item, a quote). Bodies nest and hold anything a page holds: other shortcodes, code
//! blocks, lists, math.
//!
//! The pairs are found on the page's events before anything is expanded ([`pair`]): a stack of
//! open bodies per nesting of blocks, as an HTML parser keeps its open elements. A shortcode
//! that may go without a body (`allowed`) and is followed by no closing call before its block
//! ends, or before the closing call of a body around it, simply has none; one that needs a body
//! is then an error, and so is a closing call that closes nothing or the wrong body. The body
//! is then rendered like a page ([`Walk::body_call`]) and handed to the shortcode as HTML and
//! as markdown for the twin.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use pulldown_cmark::{html, BlockQuoteKind, CowStr, Event, Tag, TagEnd};

use super::{lone_call, lone_text, splice, ExpandedCall, Walk};
use crate::diagnostic::{Diagnostic, Source};
use crate::shortcode::grammar::{parse_close, starts_call, Close};
use crate::shortcode::writing::{callout_html, kind_title};
use crate::shortcode::{Body, BodyRule, Context, Registry};

/// An opening call waiting for its close.
struct Open {
    /// Its paragraph's `Start` event.
    at: usize,
    /// How many blocks it stands in.
    depth: usize,
    name: String,
    span: Range<usize>,
    rule: BodyRule,
}

/// How a page's body calls pair up.
#[derive(Default)]
pub(super) struct Pairs {
    /// Each body call's opening paragraph → its closing paragraph (indices of their `Start`
    /// events).
    pub close: HashMap<usize, usize>,
    /// Opening calls already reported (never closed, or closed by the wrong name): left out,
    /// so that one mistake is one error.
    pub broken: HashSet<usize>,
}

/// How the body calls of `events` pair up, and the errors of those that do not.
pub(super) fn pair(
    source: &Source,
    events: &[(Event, Range<usize>)],
    registry: &Registry,
) -> (Pairs, Vec<Diagnostic>) {
    let mut pairs = Pairs::default();
    // Names of bodies reported as closed by the wrong name, whose own close is then expected.
    let mut dangling: Vec<(usize, String)> = Vec::new();
    let mut errors = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut depth = 0usize;
    for (i, (event, _)) in events.iter().enumerate() {
        match event {
            Event::Start(Tag::Paragraph) => {
                if let Some(name) = lone_call_name(source, events, i) {
                    // An unknown name pairs as if allowed: the call's own error says the rest.
                    // Most calls refuse a body (every chart and table): those are not parsed
                    // here, only when they expand.
                    let rule = registry.get(name).map_or(BodyRule::Allowed, |s| s.body());
                    if rule != BodyRule::Refused {
                        if let Some((_, call)) = lone_call(source, events, i) {
                            open.push(Open {
                                at: i,
                                depth,
                                name: call.name,
                                span: call.span,
                                rule,
                            });
                        }
                    }
                } else if let Some(close) = lone_close(source, events, i) {
                    // Calls that may go without a body and are still open here have none.
                    while open.last().is_some_and(|o| {
                        o.depth == depth && o.name != close.name && o.rule == BodyRule::Allowed
                    }) {
                        open.pop();
                    }
                    if let Some(o) = open
                        .last()
                        .filter(|o| o.depth == depth && o.name != close.name)
                    {
                        // A body closed by another's name: one error; the close then ends the
                        // body of its own name if that is next, and the other's own close, if
                        // it comes, closes nothing silently.
                        errors.push(mismatched(source, &close, o));
                        pairs.broken.insert(o.at);
                        dangling.push((depth, o.name.clone()));
                        open.pop();
                    }
                    match open.last() {
                        Some(o) if o.depth == depth && o.name == close.name => {
                            pairs.close.insert(o.at, i);
                            open.pop();
                        }
                        _ => match dangling
                            .iter()
                            .position(|(d, n)| *d == depth && *n == close.name)
                        {
                            Some(k) => {
                                dangling.remove(k);
                            }
                            None => errors.push(closes_nothing(source, &close)),
                        },
                    }
                }
                depth += 1;
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                unclosed(source, &mut open, Some(depth), &mut pairs, &mut errors);
            }
            _ => {}
        }
    }
    unclosed(source, &mut open, None, &mut pairs, &mut errors);
    (pairs, errors)
}

/// The bodies opened deeper than `depth` (in a block that has ended; all of them at the end of
/// the page, `None`) that were never closed: an error for each that needs one.
fn unclosed(
    source: &Source,
    open: &mut Vec<Open>,
    depth: Option<usize>,
    pairs: &mut Pairs,
    errors: &mut Vec<Diagnostic>,
) {
    while open
        .last()
        .is_some_and(|o| depth.is_none_or(|d| o.depth > d))
    {
        let o = open.pop().expect("checked");
        if o.rule == BodyRule::Required {
            pairs.broken.insert(o.at);
            errors.push(
                Diagnostic::error(format!("the body of `{}` is never closed", o.name))
                    .at(source, o.span.clone(), "opened here")
                    .with_help(format!(
                        "end it with `<< /{} >>` alone in its paragraph, in the same block as \
                         the opening (the page, a list item or a quote)",
                        o.name
                    )),
            );
        }
    }
}

fn mismatched(source: &Source, close: &Close, o: &Open) -> Diagnostic {
    let (line, col) = source.line_col(o.span.start);
    Diagnostic::error(format!(
        "`<< /{} >>` closes `{}`, but the body open here is `{}`'s (opened at line {line}, \
         column {col})",
        close.name, close.name, o.name
    ))
    .at(source, close.span.clone(), "closes the wrong body")
    .with_help(format!(
        "close `{}` first with `<< /{} >>`; bodies nest like parentheses",
        o.name, o.name
    ))
}

fn closes_nothing(source: &Source, close: &Close) -> Diagnostic {
    let d = Diagnostic::error(format!(
        "`<< /{} >>` closes a body, but no `{}` body is open in this block",
        close.name, close.name
    ))
    .at(source, close.span.clone(), "closes nothing");
    // `<< tabs >>` (no parentheses) is text, not a call: the likeliest cause, so named.
    match bare_open(&source.text[..close.span.start], &close.name) {
        Some(at) => {
            let (line, col) = source.line_col(at);
            d.with_help(format!(
                "`<< {0} >>` at line {line}, column {col} is text, not a call: write \
                 `<< {0}() >>` (a call has parentheses, even with no arguments)",
                close.name
            ))
        }
        None => d.with_help(format!(
            "open it with `<< {}(...) >>` alone in a paragraph before it, in the same block",
            close.name
        )),
    }
}

/// Where the last `<< name >>` without parentheses alone on its line in `before` starts.
fn bare_open(before: &str, name: &str) -> Option<usize> {
    let mut found = None;
    let mut at = 0;
    for line in before.split_inclusive('\n') {
        let inner = line
            .trim()
            .strip_prefix("<<")
            .and_then(|r| r.strip_suffix(">>"))
            .map(str::trim);
        if inner == Some(name) {
            found = Some(at + (line.len() - line.trim_start().len()));
        }
        at += line.len();
    }
    found
}

/// If the paragraph starting at `i` holds only text that starts a shortcode call: the call's
/// name (whether the call is well formed and alone is for [`lone_call`] to say).
fn lone_call_name<'s>(
    source: &'s Source,
    events: &[(Event, Range<usize>)],
    i: usize,
) -> Option<&'s str> {
    let (_, text) = lone_text(events, source, i)?;
    if !starts_call(&source.text, text.start) {
        return None;
    }
    let rest = source.text[text.start + 2..].trim_start_matches([' ', '\t']);
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..len])
}

/// If the paragraph starting at `i` holds nothing but a `<< /name >>`: it.
fn lone_close(source: &Source, events: &[(Event, Range<usize>)], i: usize) -> Option<Close> {
    let (_, text) = lone_text(events, source, i)?;
    let close = parse_close(&source.text, text.start, text.end)?;
    source.text[close.span.end..text.end]
        .trim()
        .is_empty()
        .then_some(close)
}

/// The index of the `End` event of the paragraph whose `Start` is at `i`.
pub(super) fn paragraph_end(events: &[(Event, Range<usize>)], i: usize) -> usize {
    i + events[i..]
        .iter()
        .position(|(e, _)| matches!(e, Event::End(TagEnd::Paragraph)))
        .expect("a paragraph ends")
}

impl Walk<'_, '_> {
    /// [`Walk::walk`] into events of their own (a body, a callout's content), which become
    /// one run of HTML: what the shortcodes inside said a reader sees of theirs is dropped,
    /// since their HTML is read back with the rest.
    fn walk_apart<'e>(
        &mut self,
        events: &mut [(Event<'e>, Range<usize>)],
        range: Range<usize>,
    ) -> Vec<Event<'e>> {
        let mark = self.seen.len();
        let mut inner = Vec::new();
        self.walk(events, range, &mut inner);
        self.seen.truncate(mark);
        inner
    }

    /// Expands the body call whose opening paragraph starts at `open` and whose closing one
    /// starts at `close`; returns the index after the closing paragraph.
    pub(super) fn body_call<'e>(
        &mut self,
        events: &mut [(Event<'e>, Range<usize>)],
        open: usize,
        close: usize,
        out: &mut Vec<Event<'e>>,
    ) -> usize {
        let source = self.source;
        let open_end = paragraph_end(events, open);
        let close_end = paragraph_end(events, close);
        let (_, call) = lone_call(source, events, open).expect("paired as a lone call");
        let closing = lone_close(source, events, close).expect("paired as a lone close");
        // The body, rendered like a page; what it expanded belongs to this call now.
        let mark = self.expanded.len();
        let body_events = self.walk_apart(events, open_end + 1..close);
        let inner: Vec<ExpandedCall> = self.expanded.drain(mark..).collect();
        let mut body_html = String::new();
        html::push_html(&mut body_html, body_events.into_iter());
        let text = events[open_end].1.end..events[close].1.start;
        let mut inner = inner;
        inner.sort_by_key(|x| x.span.start);
        let body_markdown = splice(source, text, &inner, false);
        let ctx = Context {
            block: true,
            body: Some(Body {
                html: &body_html,
                markdown: body_markdown.trim_matches('\n'),
            }),
            ..self.ctx.clone()
        };
        match self.registry.expand(&call, source, &ctx) {
            Ok(x) => {
                out.push(Event::Html(CowStr::from(x.html.clone())));
                self.expanded.push(ExpandedCall {
                    span: call.span.start..closing.span.end,
                    html: x.html,
                    markdown: x.markdown,
                });
            }
            Err(d) => self.errors.push(d),
        }
        close_end + 1
    }

    /// GitHub's alert whose quote starts at `open` (before `end_at`) as a callout; returns the
    /// index after the quote.
    pub(super) fn alert<'e>(
        &mut self,
        events: &mut [(Event<'e>, Range<usize>)],
        open: usize,
        kind: BlockQuoteKind,
        end_at: usize,
        out: &mut Vec<Event<'e>>,
    ) -> usize {
        let mut depth = 0usize;
        let mut close = end_at;
        for (j, (e, _)) in events.iter().enumerate().take(end_at).skip(open) {
            match e {
                Event::Start(Tag::BlockQuote(_)) => depth += 1,
                Event::End(TagEnd::BlockQuote(_)) => {
                    depth -= 1;
                    if depth == 0 {
                        close = j;
                        break;
                    }
                }
                _ => {}
            }
        }
        let inner = self.walk_apart(events, open + 1..close);
        let mut body = String::new();
        html::push_html(&mut body, inner.into_iter());
        let kind = match kind {
            BlockQuoteKind::Note => "note",
            BlockQuoteKind::Tip => "tip",
            BlockQuoteKind::Important => "important",
            BlockQuoteKind::Warning => "warning",
            BlockQuoteKind::Caution => "danger",
        };
        let html = callout_html(kind, kind_title(kind, self.ctx.lang), &body);
        out.push(Event::Html(CowStr::from(html)));
        close + 1
    }
}
