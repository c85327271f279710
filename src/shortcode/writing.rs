//! Shortcodes for writing, with a body: `note` (a callout; GitHub's `> [!NOTE]` alerts become
//! the same), `details` (a summary and a body that opens) and `tabs` of `tab`s (the same thing
//! several ways, one shown at a time, without JavaScript: an exclusive group of `<details>`).
//! Each twin is markdown GitHub renders: an alert, a `<details>` element, labelled parts.

use std::borrow::Cow;
use std::hash::{BuildHasher, Hasher};

use super::{
    ArgError, ArgKind, ArgSpec, ArgValue, Args, BodyRule, Context, Expansion, Placement, Shortcode,
};
use crate::html::push_escaped;
use crate::i18n::Lang;

/// The shortcodes of this file, which a site's own template of the same name replaces (they
/// are the theme's look, not its numbers).
pub const REPLACEABLE: [&str; 4] = ["note", "details", "tabs", "tab"];

/// The kinds of callout, as written in `kind=`.
pub const KINDS: [&str; 5] = ["note", "tip", "important", "warning", "danger"];

/// A kind's name in `lang`, as a callout's title.
pub fn kind_title(kind: &str, lang: Lang) -> &'static str {
    let w = &lang.words().page;
    match kind {
        "tip" => w.callout_tip,
        "important" => w.callout_important,
        "warning" => w.callout_warning,
        "danger" => w.callout_danger,
        _ => w.callout_note,
    }
}

/// A callout's HTML around `inner` (block HTML).
pub fn callout_html(kind: &str, title: &str, inner: &str) -> String {
    let mut html = String::with_capacity(inner.len() + 96);
    html.push_str("<aside class=\"callout callout-");
    html.push_str(kind);
    html.push_str("\" role=\"note\">\n<p class=\"callout-title\">");
    push_escaped(&mut html, title);
    html.push_str("</p>\n");
    html.push_str(inner.trim_end_matches('\n'));
    html.push_str("\n</aside>\n");
    html
}

/// The `note` shortcode: a callout of a kind, its text given as `text=` or as a body.
pub struct Note;

static NOTE_ARGS: [ArgSpec; 3] = [
    ArgSpec::optional(
        "kind",
        ArgKind::Choice(Cow::Borrowed(&[
            Cow::Borrowed("note"),
            Cow::Borrowed("tip"),
            Cow::Borrowed("important"),
            Cow::Borrowed("warning"),
            Cow::Borrowed("danger"),
        ])),
        ArgValue::Str(Cow::Borrowed("note")),
        "note, tip, important, warning or danger",
    ),
    ArgSpec::optional(
        "title",
        ArgKind::Str,
        ArgValue::Str(Cow::Borrowed("")),
        "a title instead of the kind's name",
    ),
    ArgSpec::optional(
        "text",
        ArgKind::Str,
        ArgValue::Str(Cow::Borrowed("")),
        "the message, for a callout without a body",
    ),
];

impl Shortcode for Note {
    fn name(&self) -> &str {
        "note"
    }
    fn args(&self) -> &[ArgSpec] {
        &NOTE_ARGS
    }
    fn summary(&self) -> &str {
        "A callout (note, tip, important, warning, danger) around its body or `text`."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn body(&self) -> BodyRule {
        BodyRule::Allowed
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let kind = args.str("kind")?;
        let text = args.str("text")?;
        let title = match args.str("title")? {
            "" => kind_title(kind, ctx.lang),
            t => t,
        };
        let (inner, markdown) = match (ctx.body, text) {
            (Some(_), t) if !t.is_empty() => {
                return Err(ArgError::new(
                    "text",
                    "`note` has a body and `text`: give one of them",
                ))
            }
            (Some(body), _) => (body.html.to_string(), body.markdown.to_string()),
            (None, "") => {
                return Err(ArgError {
                    arg: None,
                    message: "`note` has nothing to say: give it a body or `text`".into(),
                    help: Some("write the text after it and end it with `<< /note >>`".into()),
                })
            }
            (None, t) => {
                let mut p = String::from("<p>");
                push_escaped(&mut p, t);
                p.push_str("</p>");
                (p, t.to_string())
            }
        };
        let alert = match kind {
            "tip" => "TIP",
            "important" => "IMPORTANT",
            "warning" => "WARNING",
            "danger" => "CAUTION",
            _ => "NOTE",
        };
        let mut md = format!("> [!{alert}]\n");
        if !args.str("title")?.is_empty() {
            md.push_str(&format!("> **{title}**\n>\n"));
        }
        for line in markdown.lines() {
            md.push_str(if line.is_empty() { ">" } else { "> " });
            md.push_str(line);
            md.push('\n');
        }
        Ok(Expansion {
            html: callout_html(kind, title, &inner),
            markdown: md,
            text: None,
        })
    }
}

/// The `details` shortcode: a summary a reader opens to see the body.
pub struct Details;

static DETAILS_ARGS: [ArgSpec; 2] = [
    ArgSpec::required("summary", ArgKind::Str, "what is always shown"),
    ArgSpec::optional(
        "open",
        ArgKind::Bool,
        ArgValue::Bool(false),
        "whether it starts open",
    ),
];

impl Shortcode for Details {
    fn name(&self) -> &str {
        "details"
    }
    fn args(&self) -> &[ArgSpec] {
        &DETAILS_ARGS
    }
    fn summary(&self) -> &str {
        "A summary that opens to show its body."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn body(&self) -> BodyRule {
        BodyRule::Required
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let body = ctx.body.expect("a body is required");
        let mut summary_html = String::new();
        push_escaped(&mut summary_html, args.str("summary")?);
        let mut html = String::from("<details class=\"details\"");
        if args.bool("open")? {
            html.push_str(" open");
        }
        html.push_str("><summary>");
        html.push_str(&summary_html);
        html.push_str("</summary>\n");
        html.push_str(body.html.trim_end_matches('\n'));
        html.push_str("\n</details>\n");
        Ok(Expansion {
            html,
            markdown: format!(
                "<details><summary>{summary_html}</summary>\n\n{}\n\n</details>\n",
                body.markdown
            ),
            text: None,
        })
    }
}

/// Marks a tab's group in its HTML until `tabs` names it.
const GROUP: &str = "name=\"sade-tabs\"";
/// How a tab's element starts.
const TAB_OPEN: &str = "<details class=\"tab\" ";

/// The `tab` shortcode: one labelled part of a `tabs` group.
pub struct Tab;

static TAB_ARGS: [ArgSpec; 1] = [ArgSpec::required(
    "label",
    ArgKind::Str,
    "the tab's name (a language, say)",
)];

impl Shortcode for Tab {
    fn name(&self) -> &str {
        "tab"
    }
    fn args(&self) -> &[ArgSpec] {
        &TAB_ARGS
    }
    fn summary(&self) -> &str {
        "One labelled part of `tabs`."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn body(&self) -> BodyRule {
        BodyRule::Required
    }
    fn render(&self, args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let body = ctx.body.expect("a body is required");
        let label = args.str("label")?;
        let mut html = String::from(TAB_OPEN);
        html.push_str(GROUP);
        html.push_str("><summary>");
        push_escaped(&mut html, label);
        html.push_str("</summary>\n<div class=\"tab-body\">\n");
        html.push_str(body.html.trim_end_matches('\n'));
        html.push_str("\n</div>\n</details>\n");
        Ok(Expansion {
            html,
            markdown: format!("**{label}**\n\n{}\n", body.markdown),
            text: None,
        })
    }
}

/// The `tabs` shortcode: its `tab`s, one open at a time (the first at first).
pub struct Tabs;

impl Shortcode for Tabs {
    fn name(&self) -> &str {
        "tabs"
    }
    fn args(&self) -> &[ArgSpec] {
        &[]
    }
    fn summary(&self) -> &str {
        "`tab`s shown one at a time, without JavaScript."
    }
    fn placement(&self) -> Placement {
        Placement::Block
    }
    fn body(&self) -> BodyRule {
        BodyRule::Required
    }
    fn render(&self, _args: &Args, ctx: &Context) -> Result<Expansion, ArgError> {
        let body = ctx.body.expect("a body is required");
        if !body.html.contains(TAB_OPEN) {
            return Err(ArgError {
                arg: None,
                message: "`tabs` holds no `tab`".into(),
                help: Some(
                    "put each part in `<< tab(label=\"…\") >>` … `<< /tab >>` inside it".into(),
                ),
            });
        }
        // A group name of the page's own: the same tabs twice on a page share it.
        let mut h = foldhash::fast::FixedState::with_seed(7).build_hasher();
        h.write(body.html.as_bytes());
        let group = format!("name=\"tabs-{:08x}\"", h.finish() as u32);
        let first = format!("{TAB_OPEN}open {GROUP}");
        let inner = body
            .html
            .replacen(&format!("{TAB_OPEN}{GROUP}"), &first, 1)
            .replace(GROUP, &group);
        Ok(Expansion {
            html: format!("<div class=\"tabs\">\n{}</div>\n", inner),
            markdown: body.markdown.to_string(),
            text: None,
        })
    }
}
