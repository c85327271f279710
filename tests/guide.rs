//! The user guide (`docs/`) and the program agree: its shortcode reference is exactly what
//! `sade::shortcode::guide::reference` makes from the shortcodes' declarations, the built-in
//! ones and the built-in theme's template shortcodes, so an argument added, renamed or dropped
//! in the code fails this test until the guide says so. Re-make the page with
//! `SADE_BLESS=1 cargo test --test guide`.

mod common;

use sade::shortcode::Registry;
use sade::templates::Templates;

#[test]
fn the_guide_lists_every_shortcode_and_argument() {
    // An empty site: the built-in theme's template shortcodes only.
    let empty = tempfile::tempdir().unwrap();
    let templates = Templates::load(empty.path()).unwrap_or_else(|_| panic!("templates"));
    let registry = Registry::builtin()
        .with_templates(&templates)
        .unwrap_or_else(|_| panic!("template shortcodes"));
    let made = sade::shortcode::guide::reference(&registry);
    let path = common::repo().join("docs/src/shortcodes/reference.md");
    if std::env::var_os("SADE_BLESS").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    let guide = std::fs::read_to_string(&path).unwrap_or_default();
    // Name what is missing first, then the whole page.
    for name in registry.names() {
        let heading = format!("\n## `{name}`\n");
        let Some(at) = guide.find(&heading) else {
            panic!(
                "the guide has no entry for the shortcode `{name}` ({})",
                path.display()
            );
        };
        let section = &guide[at + heading.len()..];
        let section = &section[..section.find("\n## ").unwrap_or(section.len())];
        for arg in registry.get(name).unwrap().args() {
            assert!(
                section.contains(&format!("| `{}` |", arg.name)),
                "the guide's entry for `{name}` does not list its argument `{}`",
                arg.name
            );
        }
    }
    assert!(
        guide == made,
        "{} is not what the declarations make; run `SADE_BLESS=1 cargo test --test guide`",
        path.display()
    );
}
