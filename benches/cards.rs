//! What one social card costs: composing its SVG, turning it into pixels (text to paths with the
//! embedded fonts, then resvg), and encoding the PNG, each alone and all together, for a short
//! title, a long Turkish one and a page with a computed figure. `main` first prints each card's
//! PNG size.
//!
//! `cargo bench --bench cards`

use divan::black_box;
use sade::cards::{self, Card, Figure};
use sade::i18n::Lang;

fn main() {
    for (name, card) in samples() {
        let bytes = cards::draw(&card).expect("draws");
        println!("{name}: {} bytes", bytes.len());
    }
    divan::main();
}

const NAMES: [&str; 3] = ["short", "long_tr", "figure"];

fn samples() -> Vec<(&'static str, Card<'static>)> {
    vec![
        (
            "short",
            Card {
                title: "Idempotent retries",
                site: "sade",
                lang: Lang::En,
                figure: None,
            },
        ),
        (
            "long_tr",
            Card {
                title: "Bir yeniden deneme fırtınasının anatomisi: kesinti bitti, servis neden \
                        dönmedi? İstemciler, şişen kuyruklar ve üstel geri çekilmenin sınırı",
                site: "Notlarım",
                lang: Lang::Tr,
                figure: None,
            },
        ),
        (
            "figure",
            Card {
                title: "Backoff ve Jitter Hesaplayıcı",
                site: "sade",
                lang: Lang::Tr,
                figure: Some(Figure {
                    label: "En kötü durumda toplam bekleme".into(),
                    value: "25,5 sn".into(),
                }),
            },
        ),
    ]
}

fn card(name: &str) -> Card<'static> {
    samples().into_iter().find(|(n, _)| *n == name).unwrap().1
}

/// Composing the SVG (measuring and wrapping the title).
#[divan::bench(args = NAMES)]
fn svg(bencher: divan::Bencher, name: &str) {
    let card = card(name);
    bencher.bench(|| cards::svg(black_box(&card)));
}

/// The SVG to pixels: parsing, text to paths, rendering.
#[divan::bench(args = NAMES)]
fn pixels(bencher: divan::Bencher, name: &str) {
    let svg = cards::svg(&card(name));
    bencher.bench(|| cards::pixels(black_box(&svg)).unwrap());
}

/// The pixels to a PNG.
#[divan::bench(args = NAMES)]
fn png(bencher: divan::Bencher, name: &str) {
    let pixmap = cards::pixels(&cards::svg(&card(name))).unwrap();
    bencher.bench(|| cards::png(black_box(&pixmap)).unwrap());
}

/// A whole card, as a build draws one.
#[divan::bench(args = NAMES)]
fn draw(bencher: divan::Bencher, name: &str) {
    let card = card(name);
    bencher.bench(|| cards::draw(black_box(&card)).unwrap());
}
