use super::*;

/// Sorting by [`walk_order`] visits files as walkdir's own sort by file name does.
#[test]
fn walk_order_is_walkdirs_sorted_order() {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "a/z.md", "a-b/x.md", "a.md", "a0.md", "a/b/c.md", "a/b.md", "ab/a.md", "ç/ğ.md", "c/ı.md",
        "c.d/e.md", "Z.md", "a b/x.md",
    ] {
        let path = dir.path().join(f);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }
    let files = |walk: WalkDir| -> Vec<PathBuf> {
        walk.into_iter()
            .map(|e| e.unwrap())
            .filter(|e| e.file_type().is_file())
            .map(|e| e.path().strip_prefix(dir.path()).unwrap().to_path_buf())
            .collect()
    };
    let walkdirs = files(WalkDir::new(dir.path()).sort_by_file_name());
    let mut ours = files(WalkDir::new(dir.path()));
    ours.sort_by_cached_key(|p| walk_order(p));
    assert_eq!(ours, walkdirs);
    // Not plain string order: `a-b/x.md` sorts before `a/z.md` as text.
    assert!(
        walkdirs.iter().position(|p| p.ends_with("a/z.md"))
            < walkdirs.iter().position(|p| p.ends_with("a-b/x.md"))
    );
}

#[test]
fn turkish_slugs() {
    assert_eq!(
        slugify("Neden jitter — thundering herd"),
        "neden-jitter-thundering-herd"
    );
    assert_eq!(
        slugify("Güvenilirlik İçin Şık Çözüm: Öğren!"),
        "guvenilirlik-icin-sik-cozum-ogren"
    );
    assert_eq!(slugify("IŞIK ılık"), "isik-ilik");
    assert_eq!(slugify("  --a  b-- "), "a-b");
}

/// Letters of other scripts are kept, lowercased, and separated like Latin ones.
#[test]
fn greek_and_cyrillic_slugs() {
    assert_eq!(slugify("Ελληνικά Γράμματα"), "ελληνικά-γράμματα");
    assert_eq!(
        slugify("Повторные попытки: ЭКСПОНЕНТА!"),
        "повторные-попытки-экспонента"
    );
    assert_eq!(slugify("ΑΒΓ-abc Дж"), "αβγ-abc-дж");
    assert_eq!(slugify("—Ωmega—"), "ωmega");
    assert_eq!(
        slugify("٣ 日本"),
        "٣-日本",
        "digits and letters without case"
    );
}

fn page_text(front_matter: &str) -> Source {
    Source::new(Path::new("x.tr.md"), format!("---\n{front_matter}---\nx\n"))
}

/// The value on the key's line, found past any spaces; an empty value, an empty span at the
/// line's end (before a CRLF's `\r` too).
#[test]
fn value_spans_skip_spaces_and_point_at_an_empty_value() {
    let fm_of = |s: &Source| split_front_matter(&s.text).unwrap().0;
    let s = page_text("title: x\npublished:    2026-06-17  \nupdated:\ntags:[a]\nlang:   \n");
    let fm = fm_of(&s);
    let at = |key: &str| {
        let span = value_span(&s, fm.clone(), key);
        (&s.text[span.clone()], span.start)
    };
    assert_eq!(at("title"), ("x", 11));
    assert_eq!(at("published"), ("2026-06-17", 27));
    assert_eq!(at("updated"), ("", 48), "right after `updated:`");
    assert_eq!(at("tags"), ("[a]", 54));
    assert_eq!(at("lang"), ("", 66), "after the spaces");
    let s = page_text("title:\tşık\r\nupdated:\r\n");
    let fm = fm_of(&s);
    assert_eq!(&s.text[value_span(&s, fm.clone(), "title")], "şık");
    assert_eq!(value_span(&s, fm, "updated"), 26..26);
}

/// A key no line starts with (quoted, or spelled `title :`) is pointed at by the opening
/// `---`, as is any key of a text no longer at hand.
#[test]
fn a_key_not_found_points_at_the_opening_line() {
    let s = page_text("# Şöyle\n\"title\": x\nsection : Tool\n");
    let fm = split_front_matter(&s.text).unwrap().0;
    assert_eq!(value_span(&s, fm.clone(), "title"), 0..3);
    assert_eq!(value_span(&s, fm.clone(), "section"), 0..3);
    assert_eq!(value_span(&s, fm.clone(), "author"), 0..3);
    let gone = Source::new(Path::new("x.tr.md"), String::new());
    assert_eq!(value_span(&gone, fm, "title"), 0..3);
}

#[test]
fn front_matter_split_handles_crlf() {
    let t = "---\r\ntitle: x\r\n---\r\nbody";
    let (fm, body) = split_front_matter(t).unwrap();
    assert_eq!(&t[fm], "title: x\r\n");
    assert_eq!(&t[body], "body");
}
