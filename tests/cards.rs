//! Social cards through the real `sade build`: a 1200 × 630 PNG beside each page that names no
//! `image`, the head's `og:image` pointing at it, the cache that keeps an unchanged card from
//! being drawn again (counted in the build's summary line), `cards: false`, and a broken
//! `cards` setting.

mod common;

use std::fs;
use std::path::Path;

const PAGES: [(&str, &str); 5] = [
    (
        "blog/firtina.tr.md",
        "---\ntitle: \"Fırtına: ılık İstanbul'da şişen ağ & <kuyruk>\"\npublished: 2026-06-17\nsection: Post\n---\n\nMetin.\n",
    ),
    (
        "blog/firtina.en.md",
        "---\ntitle: \"Storm\"\npublished: 2026-06-17\nsection: Post\n---\n\n<< backoff_table(base=100ms, attempts=6) >>\n",
    ),
    (
        "blog/kapak.tr.md",
        "---\ntitle: \"Kapaklı\"\npublished: 2026-06-18\nsection: Post\nimage: /img/kapak.png\n---\n\nMetin.\n",
    ),
    (
        "blog/kapak.en.md",
        "---\ntitle: \"With a cover\"\npublished: 2026-06-18\nsection: Post\n---\n\nText.\n",
    ),
    (
        "blog/tablo.tr.md",
        "---\ntitle: \"Storm\"\npublished: 2026-06-19\nsection: Post\n---\n\nMetin.\n",
    ),
];

/// A site of [`PAGES`], with the picture `kapak.tr.md` names.
fn site() -> tempfile::TempDir {
    let site = common::site_with(&PAGES);
    let img = site.path().join("static/img");
    fs::create_dir_all(&img).unwrap();
    fs::write(img.join("kapak.png"), b"\x89PNG").unwrap();
    site
}

/// `sade build` of `root` into `root/public`; panics unless it succeeds. Its summary line.
fn build(root: &Path) -> String {
    let (code, stderr) = common::sade_build(root, None);
    assert_eq!(code, Some(0), "{stderr}");
    stderr
}

/// `(drawn, reused)` from the build's summary line.
fn counts(stderr: &str) -> (usize, usize) {
    let at = stderr
        .find("cards: ")
        .unwrap_or_else(|| panic!("no count: {stderr}"));
    let words: Vec<&str> = stderr[at + 7..].split_whitespace().collect();
    assert_eq!((words[1], words[3]), ("drawn,", "reused"), "{stderr}");
    (words[0].parse().unwrap(), words[2].parse().unwrap())
}

fn read(root: &Path, rel: &str) -> String {
    fs::read_to_string(root.join("public").join(rel)).unwrap()
}

/// The `content` of the head's `<meta property|name="KEY">`, if there is one.
fn meta(html: &str, key: &str) -> Option<String> {
    let head = &html[..html.find("</head>").unwrap()];
    let open = format!("=\"{key}\" content=\"");
    let found: Vec<&str> = head
        .match_indices(&open)
        .map(|(at, _)| {
            let rest = &head[at + open.len()..];
            &rest[..rest.find('"').unwrap()]
        })
        .collect();
    assert!(found.len() <= 1, "{key} written {} times", found.len());
    found.first().map(|v| v.replace("&amp;", "&"))
}

/// Width, height and RGB pixels of a PNG file.
fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let file = fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgb);
    (info.width, info.height, buf)
}

/// Pixels of rows `rows` (1200 wide, RGB) much darker than the card's background.
fn dark(rgb: &[u8], rows: std::ops::Range<usize>) -> usize {
    rgb[rows.start * 3600..rows.end * 3600]
        .chunks_exact(3)
        .filter(|p| p.iter().map(|&c| c as u32).sum::<u32>() < 384)
        .count()
}

#[test]
fn each_page_without_an_image_gets_a_card_its_head_points_at() {
    let site = site();
    let root = site.path();
    let stderr = build(root);
    // Four pages name no image.
    assert_eq!(counts(&stderr), (4, 0));
    for (page, lang) in [
        ("tr/blog/firtina/", "tr"),
        ("en/blog/firtina/", "en"),
        ("en/blog/kapak/", "en"),
        ("tr/blog/tablo/", "tr"),
    ] {
        let html = read(root, &format!("{page}index.html"));
        let image = meta(&html, "og:image").unwrap();
        assert_eq!(image, format!("https://fixture.example/{page}card.png"));
        assert_eq!(meta(&html, "og:image:width").as_deref(), Some("1200"));
        assert_eq!(meta(&html, "og:image:height").as_deref(), Some("630"));
        assert_eq!(
            meta(&html, "twitter:card").as_deref(),
            Some("summary_large_image")
        );
        assert_eq!(meta(&html, "twitter:image"), Some(image.clone()));
        assert!(meta(&html, "og:image:alt").is_some_and(|a| !a.is_empty()));
        // The URL is the file's.
        let file = root
            .join("public")
            .join(image.strip_prefix("https://fixture.example/").unwrap());
        let (w, h, rgb) = decode(&file);
        assert_eq!((w, h), (1200, 630), "{page}");
        assert!(
            dark(&rgb, 200..330) > 2_000,
            "no title drawn on {page}'s card"
        );
        assert!(html.contains(&format!("lang=\"{lang}\"")));
    }
    // The alt text is the title, escaped once.
    let html = read(root, "tr/blog/firtina/index.html");
    let alt = meta(&html, "og:image:alt").unwrap();
    assert!(alt.starts_with("Fırtına: ılık İstanbul"), "{alt}");
    assert!(alt.contains("şişen ağ & &lt;kuyruk&gt;"), "{alt}");
}

#[test]
fn a_page_that_names_its_image_keeps_it() {
    let site = site();
    let root = site.path();
    build(root);
    let html = read(root, "tr/blog/kapak/index.html");
    assert_eq!(
        meta(&html, "og:image").as_deref(),
        Some("https://fixture.example/img/kapak.png")
    );
    assert_eq!(meta(&html, "og:image:width"), None);
    assert!(!root.join("public/tr/blog/kapak/card.png").exists());
}

#[test]
fn the_figure_and_the_language_are_drawn() {
    let site = site();
    let root = site.path();
    build(root);
    // The same title: the English page has a backoff table (its worst-case total is drawn
    // below the title), the Turkish one has none, and its own language and site name.
    let (_, _, with_table) = decode(&root.join("public/en/blog/firtina/card.png"));
    let (_, _, without) = decode(&root.join("public/tr/blog/tablo/card.png"));
    let row = 3600;
    let differ = |rows: std::ops::Range<usize>| {
        with_table[rows.start * row..rows.end * row]
            .iter()
            .zip(&without[rows.start * row..rows.end * row])
            .filter(|(a, b)| a != b)
            .count()
    };
    assert!(differ(480..600) > 3_000, "no figure drawn");
    assert!(
        differ(70..130) > 300,
        "the language and the site's name are not drawn"
    );
    assert_eq!(differ(200..300), 0, "the same title is drawn the same");
}

#[test]
fn a_second_build_draws_nothing_and_a_changed_title_one_card() {
    let site = site();
    let root = site.path();
    build(root);
    let card = |page: &str| fs::read(root.join("public").join(page).join("card.png")).unwrap();
    let before = [card("tr/blog/firtina"), card("en/blog/firtina")];
    assert_eq!(counts(&build(root)), (0, 4));
    let page = root.join("content/blog/firtina.tr.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(&page, text.replace("Fırtına:", "Büyük fırtına:")).unwrap();
    assert_eq!(counts(&build(root)), (1, 3));
    assert_ne!(card("tr/blog/firtina"), before[0]);
    assert_eq!(card("en/blog/firtina"), before[1]);
    // The old title's card left the cache; the cache holds the four in use.
    let cached = fs::read_dir(root.join(".sade/cache/cards"))
        .unwrap()
        .count();
    assert_eq!(cached, 4);
    // A build into a fresh folder takes them all from the cache.
    let out = tempfile::tempdir().unwrap();
    let (code, stderr) = common::sade_build(root, Some(&out.path().join("site")));
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(counts(&stderr), (0, 4));
}

#[test]
fn a_failed_build_leaves_the_cards_as_they_were() {
    let site = site();
    let root = site.path();
    build(root);
    let card = root.join("public/tr/blog/firtina/card.png");
    let before = fs::read(&card).unwrap();
    let page = root.join("content/blog/firtina.tr.md");
    let text = fs::read_to_string(&page).unwrap();
    fs::write(
        &page,
        text.replace("Metin.", "Yeni başlık.\n\n<< backoff_table(base=-1ms) >>")
            .replace("Fırtına:", "Başka:"),
    )
    .unwrap();
    let (code, _) = common::sade_build(root, None);
    assert_eq!(code, Some(1));
    assert_eq!(fs::read(&card).unwrap(), before);
    common::assert_no_staging_left(root);
}

#[test]
fn cards_false_makes_no_card_and_no_og_image() {
    let site = site();
    let root = site.path();
    let config = root.join("sade.yaml");
    let text = fs::read_to_string(&config).unwrap();
    fs::write(&config, format!("{text}cards: false\n")).unwrap();
    let stderr = build(root);
    assert!(!stderr.contains("cards:"), "{stderr}");
    let pngs = walkdir::WalkDir::new(root.join("public"))
        .into_iter()
        .filter(|e| e.as_ref().unwrap().file_name() == "card.png")
        .count();
    assert_eq!(pngs, 0);
    assert!(!root.join(".sade").exists());
    let html = read(root, "tr/blog/firtina/index.html");
    assert_eq!(meta(&html, "og:image"), None);
    assert_eq!(meta(&html, "twitter:card").as_deref(), Some("summary"));
    // A page's own image still counts.
    let html = read(root, "tr/blog/kapak/index.html");
    assert!(meta(&html, "og:image").is_some());
}

#[test]
fn a_broken_cards_setting_is_a_positioned_error() {
    for (setting, expected) in [
        ("cards: maybe", "cards"),
        ("cards: [true]", "cards"),
        ("crads: false", "did you mean `cards`"),
    ] {
        let site = site();
        let root = site.path();
        let config = root.join("sade.yaml");
        let text = fs::read_to_string(&config).unwrap();
        fs::write(&config, format!("{text}{setting}\n")).unwrap();
        let (code, stderr) = common::sade_build(root, None);
        assert_eq!(code, Some(1), "{setting}: {stderr}");
        assert!(common::has_file_line_col(&stderr, "sade.yaml"), "{stderr}");
        assert!(stderr.contains(expected), "{setting}: {stderr}");
        assert!(!root.join("public").exists());
    }
}

#[test]
fn check_draws_no_card() {
    let site = site();
    let (code, stderr) = common::sade_check(site.path());
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!site.path().join(".sade").exists());
}
