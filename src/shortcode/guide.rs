//! The user guide's shortcode reference (`docs/src/shortcodes/reference.md`), made from the
//! shortcodes' own declarations: each one's name, where it may stand, what it renders, and every
//! argument with its type, default and meaning. `tests/guide.rs` fails when the committed page
//! is not what this makes, so the guide cannot miss an argument.

use super::{BodyRule, Placement, Registry};

/// Escapes `|` for a GFM table cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// The reference page for every shortcode of `registry`, in name order.
pub fn reference(registry: &Registry) -> String {
    let mut out = String::from(
        "# Shortcode reference\n\n\
         <!-- Made by sade from the shortcodes' declarations (src/shortcode/guide.rs); \
         tests/guide.rs checks it. Do not edit: run `SADE_BLESS=1 cargo test --test guide`. -->\n\n\
         Every shortcode sade knows, with every argument it takes. An argument without a default \
         must be given. Values are written as in the [shortcode syntax](../shortcodes.md).\n",
    );
    for name in registry.names() {
        let Some(s) = registry.get(name) else {
            continue;
        };
        let placement = match s.placement() {
            Placement::Block => "a block: alone in its paragraph",
            Placement::Inline => "inline: inside a sentence",
            Placement::Both => "a block alone in its paragraph, or inline inside a sentence",
        };
        out.push_str(&format!("\n## `{name}`\n\n"));
        if !s.summary().is_empty() {
            out.push_str(s.summary());
            out.push_str("\n\n");
        }
        out.push_str(&format!("Stands as {placement}.\n\n"));
        match s.body() {
            BodyRule::Required => out.push_str(&format!(
                "Takes a body: markdown up to `<< /{name} >>`, which it needs.\n\n"
            )),
            BodyRule::Allowed => out.push_str(&format!(
                "May take a body: markdown up to `<< /{name} >>`.\n\n"
            )),
            BodyRule::Refused => {}
        }
        if s.args().is_empty() {
            out.push_str("It takes no arguments.\n");
            continue;
        }
        out.push_str("| argument | type | default | meaning |\n| --- | --- | --- | --- |\n");
        for a in s.args() {
            let default = match &a.default {
                Some(v) => format!("`{v}`"),
                None => "required".into(),
            };
            out.push_str(&format!(
                "| `{}` | {} | {} | {} |\n",
                a.name,
                cell(&a.kind.describe()),
                cell(&default),
                cell(&a.doc)
            ));
        }
    }
    out
}
