//! Social cards: a 1200 × 630 PNG per page (`card.png` beside its `index.html`), drawn at build
//! time for link previews (`og:image`). Each card is an SVG composed here (the page's title,
//! wrapped and shrunk to fit, the site's name, the page's language and, on a page with a backoff
//! table, its worst-case total wait), turned into paths with the theme's fonts (DejaVu Sans,
//! embedded: no system font is ever read, so a card is the same on every machine) and drawn by
//! resvg. The colours are the light theme's (`static/style.css`).
//!
//! Drawing costs a few milliseconds; a [`Cache`] keeps each card under the site's
//! `.sade/cache/cards/`, named by a hash of its SVG (everything that is drawn) and of
//! [`DESIGN`], so a build redraws only the cards whose text changed.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::hash::Hasher as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use parking_lot::Mutex;
use resvg::{tiny_skia, usvg};
use skrifa::instance::{LocationRef, Size};
use skrifa::metrics::GlyphMetrics;
use skrifa::{FontRef, MetadataProvider};

use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::markdown::Rendered;
use crate::output::OutputFile;
use crate::site::Site;

/// Width of a card, in pixels (Open Graph's recommended 1.91:1).
pub const WIDTH: u32 = 1200;
/// Height of a card, in pixels.
pub const HEIGHT: u32 = 630;
/// A page's card, beside its `index.html`.
pub const FILE: &str = "card.png";
/// The site's cache of drawn cards, below its root.
pub const CACHE_DIR: &str = ".sade/cache/cards";
/// The version of the drawing: part of every card's hash. Change it when the fonts or the way
/// an SVG becomes pixels change (what the SVG says is hashed already).
pub const DESIGN: &str = "sade-card-1 dejavu-2.37 resvg-0.49";

/// The theme's fonts, with their licence in `src/cards/fonts/`.
const REGULAR: &[u8] = include_bytes!("cards/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("cards/fonts/DejaVuSans-Bold.ttf");
/// The family both fonts declare.
const FAMILY: &str = "DejaVu Sans";

/// Light theme colours (`static/style.css`, `:root`).
const BG: &str = "#fdfdfc";
const FG: &str = "#1d1f21";
const MUTED: &str = "#5c6166";
const RULE: &str = "#d9dcdf";
const SURFACE: &str = "#f2f4f5";
const LINK: &str = "#0b5cad";
/// The strategies' colours, as the charts draw them: the card's bottom edge.
const STRATEGIES: [&str; 4] = ["#6b7280", "#1f77b4", "#2a9d5c", "#c2410c"];

/// Left and right margin.
const MARGIN: f32 = 80.0;
/// Title sizes tried, largest first.
const TITLE_SIZES: [f32; 6] = [76.0, 68.0, 60.0, 52.0, 46.0, 40.0];
/// Line height of the title, in ems.
const LEADING: f32 = 1.2;

/// The path of the card of the page at `page_path`: `/tr/x/` → `/tr/x/card.png`.
pub fn path_of(page_path: &str) -> String {
    [page_path, FILE].concat()
}

/// Page `i`'s card (its body rendered as `body`) from `cache`, unless the page names an `image`
/// of its own.
pub fn page_file(
    site: &Site,
    i: usize,
    body: &Rendered,
    cache: &Cache,
) -> Result<Option<OutputFile>, Diagnostic> {
    let page = &site.pages[i];
    if page.front.image.is_some() {
        return Ok(None);
    }
    let card = Card {
        title: &page.front.title,
        site: site.config.title(page.lang),
        lang: page.lang,
        figure: figure(body.calls.iter().map(|c| c.html.as_str()), page.lang),
    };
    let bytes = cache.get(&card).map_err(|e| {
        Diagnostic::error(format!(
            "cannot draw the social card of {}: {e}",
            page.source.path.display()
        ))
    })?;
    Ok(Some(OutputFile {
        path: site.config.urls.file_of(&path_of(&page.path)),
        bytes,
    }))
}

/// What a card shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Card<'a> {
    /// The page's title.
    pub title: &'a str,
    /// The site's title in the page's language.
    pub site: &'a str,
    /// The page's language.
    pub lang: Lang,
    /// One computed number of the page, if it has one.
    pub figure: Option<Figure>,
}

/// A number a page computes, as the card shows it: what it is, and its value as the page
/// writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// What the number is (`Worst-case total wait`).
    pub label: String,
    /// The number with its unit, in the page's language (`12.7 s`).
    pub value: String,
}

/// The figure of a page whose expanded shortcodes' HTML are `calls`: the worst-case total wait
/// of its first backoff table (the table's totals, as the page shows them), if it has one.
pub fn figure<'a>(calls: impl IntoIterator<Item = &'a str>, lang: Lang) -> Option<Figure> {
    const TOTALS: &str = "class=\"backoff-totals\"";
    const DATA: &str = "<data value=\"";
    let html = calls.into_iter().find(|h| h.contains(TOTALS))?;
    let totals = &html[html.find(TOTALS)?..];
    let data = &totals[totals.find(DATA)? + DATA.len()..];
    let text = &data[data.find('>')? + 1..];
    let value = &text[..text.find("</data>")?];
    Some(Figure {
        label: lang.words().table.worst_total.to_string(),
        value: value.to_string(),
    })
}

/// The fonts, loaded once.
struct Fonts {
    /// Both faces, for usvg.
    db: Arc<usvg::fontdb::Database>,
    regular: Face,
    bold: Face,
}

/// A face's advances, to measure text before it is drawn.
struct Face {
    font: FontRef<'static>,
    metrics: GlyphMetrics<'static>,
    units_per_em: f32,
}

impl Face {
    fn new(bytes: &'static [u8]) -> Face {
        let font = FontRef::new(bytes).expect("the theme's fonts parse");
        let metrics = font.glyph_metrics(Size::unscaled(), LocationRef::default());
        let units_per_em = font
            .metrics(Size::unscaled(), LocationRef::default())
            .units_per_em as f32;
        Face {
            font,
            metrics,
            units_per_em,
        }
    }

    /// The width of `text` at `size` pixels (advances, without kerning).
    fn width(&self, text: &str, size: f32) -> f32 {
        let charmap = self.font.charmap();
        let units: f32 = text
            .chars()
            .map(|c| {
                let glyph = charmap.map(c).unwrap_or_default();
                self.metrics.advance_width(glyph).unwrap_or(0.0)
            })
            .sum();
        units * size / self.units_per_em
    }

    /// Whether the face has a glyph for `c`.
    fn covers(&self, c: char) -> bool {
        self.font.charmap().map(c).is_some()
    }
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        db.set_sans_serif_family(FAMILY);
        Fonts {
            db: Arc::new(db),
            regular: Face::new(REGULAR),
            bold: Face::new(BOLD),
        }
    })
}

/// Whether the theme's fonts draw every character of `text` (rather than a missing-glyph box).
pub fn covers(text: &str) -> bool {
    let f = fonts();
    text.chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| f.regular.covers(c) && f.bold.covers(c))
}

/// `text` for XML character data and attribute values; characters XML cannot hold (controls)
/// become spaces.
fn push_xml(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push(' '),
            c => out.push(c),
        }
    }
}

/// `text` broken into lines no wider than `width` at `size` (bold), at spaces; a word wider
/// than a line is broken between characters.
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let face = &fonts().bold;
    let space = face.width(" ", size);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut used = 0.0;
    for word in text.split_whitespace() {
        let w = face.width(word, size);
        if !line.is_empty() && used + space + w <= width {
            line.push(' ');
            line.push_str(word);
            used += space + w;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if w <= width {
            line.push_str(word);
            used = w;
            continue;
        }
        // Longer than a line on its own: as many characters as fit on each.
        used = 0.0;
        for c in word.chars() {
            let cw = face.width(c.encode_utf8(&mut [0; 4]), size);
            if !line.is_empty() && used + cw > width {
                lines.push(std::mem::take(&mut line));
                used = 0.0;
            }
            line.push(c);
            used += cw;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The title set in the largest size whose lines fit `height`; at the smallest size, the lines
/// that fit, the last one ending in `…`.
fn fit_title(title: &str, width: f32, height: f32) -> (f32, Vec<String>) {
    for size in TITLE_SIZES {
        let lines = wrap(title, size, width);
        if lines.len() as f32 * size * LEADING <= height {
            return (size, lines);
        }
    }
    let size = TITLE_SIZES[TITLE_SIZES.len() - 1];
    let keep = ((height / (size * LEADING)) as usize).max(1);
    let mut lines = wrap(title, size, width);
    lines.truncate(keep);
    let face = &fonts().bold;
    if let Some(last) = lines.last_mut() {
        while !last.is_empty() && face.width(&format!("{last} …"), size) > width {
            last.pop();
        }
        *last = format!("{} …", last.trim_end());
    }
    (size, lines)
}

/// The card as SVG: everything it shows, positioned.
pub fn svg(card: &Card) -> String {
    let f = fonts();
    let w = WIDTH as f32;
    let right = w - MARGIN;
    let mut s = String::with_capacity(2048);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"{FAMILY}\">\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"{BG}\"/>"
    );
    // The site's name, top left; the language, top right in a pill.
    let lang = card.lang.native_name();
    let lang_size = 28.0;
    let pill = f.regular.width(lang, lang_size) + 2.0 * 20.0;
    let site_width = right - MARGIN - pill - 40.0;
    let mut site_size = 36.0;
    while site_size > 20.0 && f.bold.width(card.site, site_size) > site_width {
        site_size -= 2.0;
    }
    s.push_str("<text x=\"80\" y=\"112\" font-weight=\"bold\" font-size=\"");
    let _ = write!(s, "{site_size}\" fill=\"{LINK}\">");
    push_xml(&mut s, card.site);
    let _ = write!(
        s,
        "</text><rect x=\"{}\" y=\"74\" width=\"{pill}\" height=\"50\" rx=\"25\" fill=\"{SURFACE}\" \
         stroke=\"{RULE}\" stroke-width=\"2\"/><text x=\"{}\" y=\"109\" font-size=\"{lang_size}\" \
         text-anchor=\"middle\" fill=\"{MUTED}\">{lang}</text>",
        right - pill,
        right - pill / 2.0
    );
    let _ = write!(
        s,
        "<rect x=\"80\" y=\"158\" width=\"{}\" height=\"2\" fill=\"{RULE}\"/>",
        right - MARGIN
    );
    // The title, below the rule; above the figure when there is one.
    let top = 200.0;
    let bottom = if card.figure.is_some() { 470.0 } else { 580.0 };
    let (size, lines) = fit_title(card.title, right - MARGIN, bottom - top);
    let _ = write!(
        s,
        "<text font-weight=\"bold\" font-size=\"{size}\" fill=\"{FG}\">"
    );
    for (n, line) in lines.iter().enumerate() {
        let y = top + size * (0.95 + LEADING * n as f32);
        let _ = write!(s, "<tspan x=\"80\" y=\"{y:.1}\">");
        push_xml(&mut s, line);
        s.push_str("</tspan>");
    }
    s.push_str("</text>");
    if let Some(fig) = &card.figure {
        s.push_str("<text x=\"80\" y=\"520\" font-size=\"28\" fill=\"");
        s.push_str(MUTED);
        s.push_str("\">");
        push_xml(&mut s, &fig.label);
        s.push_str("</text><text x=\"80\" y=\"580\" font-weight=\"bold\" font-size=\"52\" fill=\"");
        s.push_str(LINK);
        s.push_str("\">");
        push_xml(&mut s, &fig.value);
        s.push_str("</text>");
    }
    // The strategies' colours along the bottom edge.
    let band = w / STRATEGIES.len() as f32;
    for (n, colour) in STRATEGIES.iter().enumerate() {
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{band}\" height=\"14\" fill=\"{colour}\"/>",
            band * n as f32,
            HEIGHT - 14
        );
    }
    s.push_str("</svg>");
    s
}

/// `svg` drawn at 1200 × 630: the pixels, RGBA (opaque).
pub fn pixels(svg: &str) -> Result<tiny_skia::Pixmap, String> {
    let options = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: fonts().db.clone(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or("cannot allocate a card")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// `pixmap` as a PNG: RGB (a card is opaque), compressed fast (a card is mostly flat colour,
/// which compresses well at any level).
pub fn png(pixmap: &tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    let rgb: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer.write_image_data(&rgb).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}

/// The card drawn: its PNG.
pub fn draw(card: &Card) -> Result<Vec<u8>, String> {
    png(&pixels(&svg(card))?)
}

/// The name of the card drawn from `svg` in the cache: a 128-bit SipHash of [`DESIGN`] and the
/// SVG, in hex.
pub fn key(svg: &str) -> String {
    let mut h = siphasher::sip128::SipHasher13::new();
    h.write(DESIGN.as_bytes());
    h.write_u8(0);
    h.write(svg.as_bytes());
    format!(
        "{:032x}",
        siphasher::sip128::Hasher128::finish128(&h).as_u128()
    )
}

/// Drawn cards by hash, in a folder; counts what it drew and what it reused.
pub struct Cache {
    /// The folder (`None`: nothing is kept, every card is drawn).
    dir: Option<PathBuf>,
    drawn: AtomicUsize,
    reused: AtomicUsize,
    /// The names of the cards this build used.
    used: Mutex<HashSet<String>>,
}

/// How many cards a build drew, and how many it took from the cache.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Drawn now.
    pub drawn: usize,
    /// Taken from the cache unchanged.
    pub reused: usize,
}

impl Cache {
    /// A cache in `dir` (made when the first card is kept), or none.
    pub fn new(dir: Option<PathBuf>) -> Cache {
        Cache {
            dir,
            drawn: AtomicUsize::new(0),
            reused: AtomicUsize::new(0),
            used: Mutex::default(),
        }
    }

    /// The PNG of `card`: the cached one if its hash is there, else drawn now and kept.
    pub fn get(&self, card: &Card) -> Result<Vec<u8>, String> {
        let svg = svg(card);
        let name = format!("{}.png", key(&svg));
        let path = self.dir.as_ref().map(|d| d.join(&name));
        if let Some(bytes) = path.as_ref().and_then(|p| std::fs::read(p).ok()) {
            self.reused.fetch_add(1, Ordering::Relaxed);
            self.used.lock().insert(name);
            return Ok(bytes);
        }
        let bytes = png(&pixels(&svg)?)?;
        self.drawn.fetch_add(1, Ordering::Relaxed);
        if let Some(path) = path {
            // A cache that cannot be written only means drawing again next time.
            let _ = crate::store::keep(&path, &bytes);
        }
        self.used.lock().insert(name);
        Ok(bytes)
    }

    /// What this cache drew and reused so far.
    pub fn counts(&self) -> Counts {
        Counts {
            drawn: self.drawn.load(Ordering::Relaxed),
            reused: self.reused.load(Ordering::Relaxed),
        }
    }

    /// Removes the cached cards this build did not use (cards of old titles, of removed pages);
    /// returns how many. Only after a build that made every card.
    pub fn prune(&self) -> usize {
        let Some(dir) = &self.dir else { return 0 };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        let used = self.used.lock();
        let mut removed = 0;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".png") && !used.contains(name.as_ref()) {
                removed += usize::from(std::fs::remove_file(entry.path()).is_ok());
            }
        }
        removed
    }
}

#[cfg(test)]
mod tests;
