//! `sade mdbook` with the real `mdbook` binary (installed by `.ci/run`): a small Turkish book whose
//! chapters use sade's shortcodes; the built HTML must contain the expanded, localized table.

mod common;

use std::fs;
use std::process::Command;

/// What the tests that build a book need.
fn mdbook_missing() -> Vec<String> {
    if common::runs("mdbook") {
        vec![]
    } else {
        vec!["`mdbook` (cargo install mdbook --locked)".to_string()]
    }
}

fn main() {
    common::run_trials(vec![
        common::needing(
            "mdbook_builds_a_book_with_expanded_shortcodes",
            mdbook_missing(),
            mdbook_builds_a_book_with_expanded_shortcodes,
        ),
        common::needing(
            "mdbook_errors_name_the_chapter_file_line_and_column",
            mdbook_missing(),
            mdbook_errors_name_the_chapter_file_line_and_column,
        ),
        common::needing(
            "the_user_guide_builds_with_live_tables",
            mdbook_missing(),
            the_user_guide_builds_with_live_tables,
        ),
        common::plain(
            "preprocessor_protocol_without_mdbook",
            preprocessor_protocol_without_mdbook,
        ),
    ]);
}

fn book_with(chapter_fix: Option<(&str, &str)>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&common::repo().join("tests/fixtures/book"), dir.path());
    let toml = dir.path().join("book.toml");
    let text = fs::read_to_string(&toml).unwrap().replace(
        "command = \"sade mdbook\"",
        &format!("command = \"{} mdbook\"", env!("CARGO_BIN_EXE_sade")),
    );
    fs::write(&toml, text).unwrap();
    if let Some((path, body)) = chapter_fix {
        fs::write(dir.path().join("src").join(path), body).unwrap();
    }
    dir
}

fn mdbook_builds_a_book_with_expanded_shortcodes() {
    let book = book_with(None);
    let out = Command::new("mdbook")
        .arg("build")
        .current_dir(book.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = fs::read_to_string(book.path().join("book/schedule.html")).unwrap();
    assert!(
        html.contains("<table class=\"backoff-table\">"),
        "no table in the book"
    );
    assert!(html.contains(
        "<caption>İlk bekleme 250\u{a0}ms, her denemede ×2, üst sınır 30\u{a0}sn; 6 deneme, tohum 7<span class=\"legend\">"
    ));
    assert!(html.contains("<data value=\"204800\">≈ 3,4\u{a0}dk</data>"));
    assert!(
        html.contains("<code>&lt;&lt; backoff_table(base=1s) &gt;&gt;</code>"),
        "code span was touched"
    );
    let nested = fs::read_to_string(book.path().join("book/detail/values.html")).unwrap();
    assert!(nested.contains("<data value=\"15750\">≈ 15,8\u{a0}sn</data>"));
}

fn mdbook_errors_name_the_chapter_file_line_and_column() {
    let book = book_with(Some((
        "detail/values.md",
        "# Ayrıntı\n\nşöyle << backoff_delay(base=1s, atempt=2) >>\n",
    )));
    let out = Command::new("mdbook")
        .arg("build")
        .current_dir(book.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("src/detail/values.md:3:33"), "{stderr}");
    assert!(stderr.contains("did you mean `attempt`?"), "{stderr}");
}

fn preprocessor_protocol_without_mdbook() {
    let bin = env!("CARGO_BIN_EXE_sade");
    assert!(Command::new(bin)
        .args(["mdbook", "supports", "html"])
        .status()
        .unwrap()
        .success());
    let input = r#"[{"root":"/x","config":{"book":{"language":"en"}},"renderer":"markdown","mdbook_version":"0.5.4"},
        {"items":[{"Chapter":{"name":"A","content":"Wait << backoff_delay(base=100ms, attempt=12) >>.","number":[1],"sub_items":[],"path":"a.md","source_path":"a.md","parent_names":[]}}]}]"#;
    let mut child = Command::new(bin)
        .arg("mdbook")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let book: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        book["items"][0]["Chapter"]["content"],
        "Wait ≈ 3.4\u{a0}min."
    );
}

/// `mdbook build docs`, the user guide, with this build of sade as its preprocessor: every
/// chapter builds, the examples are sade's tables, and the reference names every shortcode.
fn the_user_guide_builds_with_live_tables() {
    let dir = tempfile::tempdir().unwrap();
    common::copy_tree(&common::repo().join("docs"), dir.path());
    let toml = dir.path().join("book.toml");
    let text = fs::read_to_string(&toml).unwrap();
    let command = "command = \"cargo run --quiet --release -- mdbook\"";
    assert!(text.contains(command), "book.toml: {text}");
    let ours = format!("command = \"{} mdbook\"", env!("CARGO_BIN_EXE_sade"));
    fs::write(&toml, text.replace(command, &ours)).unwrap();
    let out = Command::new("mdbook")
        .arg("build")
        .current_dir(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("WARN"), "{stderr}");
    let page = |name: &str| fs::read_to_string(dir.path().join("book").join(name)).unwrap();
    let intro = page("introduction.html");
    assert!(
        intro.contains("<table class=\"backoff-table\">"),
        "no live table"
    );
    assert!(intro.contains("<data value=\"25600\">"), "no inline delay");
    let math = page("math.html");
    assert!(math.contains("<data value=\"204800\">"), "the twelfth wait");
    assert!(
        math.contains("<data value=\"15750\">"),
        "the worst case of the vector"
    );
    let reference = page("shortcodes/reference.html");
    for name in sade::shortcode::Registry::builtin().names() {
        assert!(
            reference.contains(&format!("<code>{name}</code>")),
            "{name}"
        );
    }
    // Shown syntax stays syntax.
    assert!(page("shortcodes.html").contains("&lt;&lt; backoff_delay(base=200ms"));
}
