use super::*;

fn card(title: &str) -> Card<'_> {
    Card {
        title,
        site: "sade",
        lang: Lang::Tr,
        figure: None,
    }
}

/// The pixels of `card`, decoded from its PNG: width, height and RGB bytes.
fn decoded(card: &Card) -> (u32, u32, Vec<u8>) {
    let bytes = draw(card).unwrap();
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Pixels of the rows `rows` much darker than the background.
fn dark_pixels(rgb: &[u8], rows: std::ops::Range<u32>) -> usize {
    let row = WIDTH as usize * 3;
    rgb[rows.start as usize * row..rows.end as usize * row]
        .chunks_exact(3)
        .filter(|p| p.iter().map(|&c| c as u32).sum::<u32>() < 3 * 128)
        .count()
}

#[test]
fn the_fonts_have_every_turkish_letter() {
    assert!(covers("ı İ ş Ş ğ Ğ ç Ç ö Ö ü Ü â î û"));
    assert!(covers("Backoff ve Jitter – “25,5 sn” …"));
    // Not in DejaVu Sans: the check can fail.
    assert!(!covers("漢字"));
}

#[test]
fn a_card_is_1200_by_630_rgb_with_the_title_drawn() {
    let (w, h, rgb) = decoded(&card("Geri çekilme"));
    assert_eq!((w, h), (1200, 630));
    let (_, _, empty) = decoded(&card(""));
    // The title's rows: dark where the title is, none on a card without one.
    assert!(dark_pixels(&rgb, 200..330) > 2_000);
    assert_eq!(dark_pixels(&empty, 200..330), 0);
    // The background is the light theme's.
    assert_eq!(&empty[..3], &[0xfd, 0xfd, 0xfc]);
}

#[test]
fn turkish_letters_are_their_own_glyphs() {
    // Dotless ı and dotted İ are drawn unlike i and I (not as a missing-glyph box, which
    // would be the same for both).
    let pairs = [("ı", "i"), ("İ", "I"), ("ş", "s"), ("ğ", "g")];
    for (turkish, latin) in pairs {
        let (_, _, a) = decoded(&card(turkish));
        let (_, _, b) = decoded(&card(latin));
        assert!(dark_pixels(&a, 200..330) > 100, "{turkish} drew nothing");
        assert_ne!(a, b, "{turkish} and {latin} look the same");
    }
}

#[test]
fn text_is_escaped_for_xml() {
    let hostile = "\"q\" <b> & 'a' </text></svg> \u{1}";
    let s = svg(&Card {
        title: hostile,
        site: "A & B <c>",
        lang: Lang::En,
        figure: Some(Figure {
            label: "<l>".into(),
            value: "&v".into(),
        }),
    });
    assert!(s.contains("&lt;b&gt; &amp; &apos;a&apos;"), "{s}");
    assert!(s.contains("A &amp; B &lt;c&gt;") && s.contains("&lt;l&gt;") && s.contains("&amp;v"));
    assert!(!s.contains('\u{1}'));
    // It parses, and is drawn.
    pixels(&s).unwrap();
}

#[test]
fn long_titles_wrap_within_the_margins() {
    let title = "Bir yeniden deneme fırtınasının anatomisi: kesinti bitti, servis neden dönmedi?";
    let width = 1040.0;
    let lines = wrap(title, 76.0, width);
    assert!(lines.len() > 1);
    assert_eq!(lines.join(" "), title);
    for line in &lines {
        assert!(fonts().bold.width(line, 76.0) <= width, "{line}");
    }
    // A word longer than a line is broken between its characters.
    let long = "a".repeat(80);
    let lines = wrap(&long, 76.0, width);
    assert!(lines.len() > 1);
    assert_eq!(lines.concat(), long);
    assert!(lines.iter().all(|l| fonts().bold.width(l, 76.0) <= width));
}

#[test]
fn the_title_shrinks_and_is_cut_only_when_it_must() {
    let (size, lines) = fit_title("Kısa", 1040.0, 270.0);
    assert_eq!((size, lines.len()), (TITLE_SIZES[0], 1));
    let medium = "Bir yeniden deneme fırtınasının anatomisi: kesinti bitti, servis neden dönmedi?";
    let (size, lines) = fit_title(medium, 1040.0, 270.0);
    assert!(size < TITLE_SIZES[0] && size > TITLE_SIZES[TITLE_SIZES.len() - 1]);
    assert!(lines.len() as f32 * size * LEADING <= 270.0);
    assert!(!lines.concat().contains('…'));
    let huge = medium.repeat(6);
    let (size, lines) = fit_title(&huge, 1040.0, 270.0);
    assert_eq!(size, TITLE_SIZES[TITLE_SIZES.len() - 1]);
    assert_eq!(lines.len(), (270.0 / (size * LEADING)) as usize);
    let last = lines.last().unwrap();
    assert!(last.ends_with(" …"), "{last}");
    assert!(lines.iter().all(|l| fonts().bold.width(l, size) <= 1040.0));
}

#[test]
fn the_figure_is_the_first_tables_worst_total() {
    let calls = [
        "<p>no table</p>",
        "<figure class=\"backoff\"><table class=\"backoff-table\"><data value=\"100\">100 ms</data>\
         </table><table class=\"backoff-totals\"><caption>Totals</caption><tr><td>\
         <data value=\"25500\">25.5 s</data></td><td><data value=\"1\">1 ms</data></td></tr>",
        "<table class=\"backoff-totals\"><data value=\"9\">9 ms</data>",
    ];
    let fig = figure(calls, Lang::En).unwrap();
    assert_eq!(fig.value, "25.5 s");
    assert_eq!(fig.label, "Worst-case total wait");
    assert_eq!(
        figure(calls, Lang::Tr).unwrap().label,
        "En kötü durumda toplam bekleme"
    );
    assert_eq!(figure(["<p>x</p>"], Lang::En), None);
    assert_eq!(
        figure(
            ["<table class=\"backoff-totals\"><data value=\"1\">"],
            Lang::En
        ),
        None
    );
}

#[test]
fn a_figure_is_drawn_below_the_title() {
    let with = Card {
        figure: Some(Figure {
            label: "Worst-case total wait".into(),
            value: "25.5 s".into(),
        }),
        ..card("Calculator")
    };
    let (_, _, a) = decoded(&with);
    let (_, _, b) = decoded(&card("Calculator"));
    assert_eq!(dark_pixels(&b, 480..600), 0);
    // The value is in the link colour, the label muted: both differ from the background.
    assert_ne!(a, b);
    let row = WIDTH as usize * 3;
    let changed = a[480 * row..600 * row]
        .iter()
        .zip(&b[480 * row..600 * row])
        .filter(|(x, y)| x != y)
        .count();
    assert!(changed > 3_000, "{changed}");
}

#[test]
fn the_key_is_the_drawing() {
    assert_eq!(key("<svg/>"), key("<svg/>"));
    assert_ne!(key("<svg/>"), key("<svg />"));
    assert_eq!(key("<svg/>").len(), 32);
    assert!(key("x").bytes().all(|b| b.is_ascii_hexdigit()));
}

#[test]
fn the_cache_draws_each_card_once_and_prunes_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let cards_dir = dir.path().join("cards");
    let first = Cache::new(Some(cards_dir.clone()));
    let a = first.get(&card("Bir")).unwrap();
    first.get(&card("İki")).unwrap();
    assert_eq!(
        first.counts(),
        Counts {
            drawn: 2,
            reused: 0
        }
    );
    assert_eq!(std::fs::read_dir(&cards_dir).unwrap().count(), 2);

    let second = Cache::new(Some(cards_dir.clone()));
    assert_eq!(second.get(&card("Bir")).unwrap(), a);
    assert_eq!(
        second.counts(),
        Counts {
            drawn: 0,
            reused: 1
        }
    );
    // "İki" was not used this time.
    assert_eq!(second.prune(), 1);
    let left: Vec<_> = std::fs::read_dir(&cards_dir).unwrap().collect();
    assert_eq!(left.len(), 1);

    let none = Cache::new(None);
    assert_eq!(none.get(&card("Bir")).unwrap(), a);
    assert_eq!(none.get(&card("Bir")).unwrap(), a);
    assert_eq!(
        none.counts(),
        Counts {
            drawn: 2,
            reused: 0
        }
    );
    assert_eq!(none.prune(), 0);
}

#[test]
fn a_card_is_next_to_its_page() {
    assert_eq!(path_of("/tr/blog/x/"), "/tr/blog/x/card.png");
}
