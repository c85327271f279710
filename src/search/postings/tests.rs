use super::*;

use crate::search::doc::Form;

#[test]
fn varints_round_trip() {
    let decode = |s: &str| -> u32 {
        let mut n = 0u32;
        let mut shift = 0;
        for c in s.bytes() {
            let v = ALPHABET.iter().position(|&a| a == c).unwrap() as u32;
            if v >= 32 {
                n |= (v - 32) << shift;
                shift += 5;
            } else {
                return n | (v << shift);
            }
        }
        unreachable!()
    };
    for n in [0, 1, 31, 32, 33, 1023, 1024, 99_999, u32::MAX] {
        let mut s = Vec::new();
        push_varint(&mut s, n);
        let s = String::from_utf8(s).unwrap();
        assert_eq!(decode(&s), n, "{s}");
    }
    let mut s = Vec::new();
    push_varint(&mut s, 31);
    assert_eq!(s.len(), 1);
    s.clear();
    push_varint(&mut s, 32);
    assert_eq!(s.len(), 2);
}

#[test]
fn levels_round_up_from_one_to_the_last() {
    for k in 0..=100_000 {
        let share = f64::from(k) / 100_000.0;
        let want = (share * LEVELS).ceil().clamp(1.0, LEVELS) as u32;
        assert_eq!(level(share), want, "{share}");
    }
    let step = 1.0 / LEVELS;
    for n in 1..=63 {
        let share = f64::from(n) * step;
        assert_eq!(level(share), (share * LEVELS).ceil() as u32, "{n}");
        assert_eq!(
            level(share.next_up()),
            (share.next_up() * LEVELS).ceil().min(LEVELS) as u32
        );
    }
    assert_eq!(level(0.0), 1);
    assert_eq!(level(1.0), 63);
}

/// The pages (with their scores) that a term scored `scores` keeps.
fn kept(scores: &[(u32, f64)]) -> Vec<(u32, f64)> {
    let only: Vec<f64> = scores.iter().map(|p| p.1).collect();
    let mut best = Best::of(&only, &mut Vec::new());
    scores.iter().copied().filter(|p| best.keeps(p.1)).collect()
}

/// What [`kept`] should give: the best by score (ties: the first pages), in page order.
fn kept_by_sorting(scores: &[(u32, f64)]) -> Vec<(u32, f64)> {
    let mut want = scores.to_vec();
    want.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    want.truncate(MAX_POSTINGS);
    want.sort_by_key(|p| p.0);
    want
}

#[test]
fn a_term_keeps_its_best_pages_in_page_order() {
    // Scores that repeat: the best, then the first pages among equals.
    let scores: Vec<(u32, f64)> = (0..500u32)
        .map(|d| (d * 2, f64::from((d * 7919) % 40 + 1) / 8.0))
        .collect();
    assert_eq!(kept(&scores), kept_by_sorting(&scores));
    // Every fourth page far above the rest: the bound among every fourth is above the
    // last kept score, too few reach it, and the selection runs on all of them.
    let fourth: Vec<(u32, f64)> = (0..400u32)
        .map(|d| {
            (
                d,
                if d % 4 == 0 { 100.0 } else { 1.0 } + f64::from(d) / 1000.0,
            )
        })
        .collect();
    assert_eq!(kept(&fourth), kept_by_sorting(&fourth));
    assert!(kept(&fourth).iter().any(|p| p.0 % 4 != 0));
    // All equal: the first pages. One more than kept: the worst goes. As many as kept, or
    // fewer: all of them, whatever their scores.
    let same: Vec<(u32, f64)> = (0..300).map(|d| (d, 1.5)).collect();
    assert_eq!(kept(&same), same[..MAX_POSTINGS]);
    let one_more: Vec<(u32, f64)> = (0..=160).map(|d| (d, f64::from(d + 1))).collect();
    assert_eq!(kept(&one_more), one_more[1..]);
    let few: Vec<(u32, f64)> = (0..160).map(|d| (d, f64::from(d % 3))).collect();
    assert_eq!(kept(&few), few);
}

#[test]
fn a_term_on_many_pages_selects_among_those_that_reach_the_bound() {
    // 1 000 distinct scores, scattered: the selection runs on those that reach the
    // SAMPLED-th best of every fourth, and finds the 160th best.
    let scores: Vec<f64> = (0..1000u32)
        .map(|d| f64::from(d.wrapping_mul(7919) % 1000) + 1.0)
        .collect();
    let mut bits = Vec::new();
    let best = Best::of(&scores, &mut bits);
    let mut sample: Vec<f64> = scores.iter().step_by(4).copied().collect();
    sample.sort_by(|a, b| b.total_cmp(a));
    let bound = sample[SAMPLED - 1];
    assert_eq!(bits.len(), scores.iter().filter(|&&s| s >= bound).count());
    assert!((MAX_POSTINGS..300).contains(&bits.len()), "{}", bits.len());
    assert_eq!((f64::from_bits(best.last), best.at), (841.0, 1));
    // Every fourth far above the rest: too few reach the bound, and it runs on all.
    let fourth: Vec<f64> = (0..400u32)
        .map(|d| if d % 4 == 0 { 100.0 } else { 1.0 } + f64::from(d) / 1000.0)
        .collect();
    Best::of(&fourth, &mut bits);
    assert_eq!(bits.len(), fourth.len());
    // Too few to sample (every fourth makes SAMPLED, the worst last): all of them.
    let few: Vec<f64> = (0..4 * SAMPLED as u32).rev().map(f64::from).collect();
    Best::of(&few, &mut bits);
    assert_eq!(bits.len(), few.len());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]
    /// With the bound among every fourth score or without it, a term keeps what sorting
    /// all its pages would keep: for terms on few pages and many, scores with many ties and
    /// none, and the best pages bunched at the start or the end.
    #[test]
    fn a_term_keeps_what_sorting_keeps(
        n in 150usize..1200,
        levels in proptest::sample::select(vec![3u32, 40, 1000, 1_000_000]),
        seed in 0u32..1000,
        order in 0u8..3,
    ) {
        let mut scores: Vec<(u32, f64)> = (0..n as u32)
            .map(|d| (d, f64::from((d.wrapping_mul(2_654_435_761) ^ seed) % levels + 1) / 7.0))
            .collect();
        if order > 0 {
            let mut by: Vec<f64> = scores.iter().map(|p| p.1).collect();
            by.sort_by(|a, b| if order == 1 { b.total_cmp(a) } else { a.total_cmp(b) });
            for (p, s) in scores.iter_mut().zip(by) {
                p.1 = s;
            }
        }
        proptest::prop_assert_eq!(kept(&scores), kept_by_sorting(&scores));
    }
}

#[test]
fn weighing_the_body_alone_gives_what_the_sum_gives() {
    let norm = [0.7, 1.3, 0.9, 1.1];
    let sum = |tf: &[u16; FIELDS]| -> f64 {
        (0..FIELDS)
            .map(|f| WEIGHTS[f] * f64::from(tf[f]) / norm[f])
            .sum()
    };
    for tf in [
        [0, 0, 0, 1],
        [0, 0, 0, 7],
        [1, 0, 0, 0],
        [0, 2, 0, 3],
        [0, 0, 1, 0],
        // Other fields whose counts are equal or cancel out bit by bit.
        [1, 1, 0, 2],
        [2, 0, 2, 1],
        [3, 1, 2, 0],
    ] {
        assert_eq!(weighted(&tf, &norm).to_bits(), sum(&tf).to_bits(), "{tf:?}");
    }
    assert_eq!(weighted(&[0, 0, 1, 0], &norm), 2.0 / 0.9);
}

/// A page whose share holds `forms` (numbers of the process's table) with counts.
fn doc(entries: &[(u32, [u16; FIELDS])]) -> Doc {
    Doc {
        entries: entries
            .iter()
            .map(|&(form, tf)| Form { form, tf })
            .collect(),
        lens: [1, 0, 0, 10],
        ..Doc::default()
    }
}

#[test]
fn forms_of_one_term_on_a_page_make_one_posting() {
    // Three forms, two of one stem; numbered by the process's table.
    let numbers: Vec<u32> = ["retries", "retry", "jitter"]
        .iter()
        .map(|w| {
            let doc = Doc::new(
                Lang::En,
                "/en/x/",
                "",
                &crate::search::Fields {
                    title: w,
                    tags: &[],
                    headings: &[],
                    description: "",
                    text: "",
                },
            );
            doc.entries[0].form
        })
        .collect();
    let (retries, retry, jitter) = (numbers[0], numbers[1], numbers[2]);
    let a = doc(&[
        (retries, [1, 0, 0, 2]),
        (jitter, [0, 0, 0, 1]),
        (retry, [0, 1, 0, 3]),
    ]);
    let b = doc(&[(jitter, [0, 0, 0, 4])]);
    let c = doc(&[(retry, [0, 0, 0, 1]), (retries, [0, 0, 0, 1])]);
    let docs = [&a, &b, &c];
    let merged = merge(Lang::En, &docs);
    assert_eq!(merged.df.len(), 2);
    let term = |form: u32| {
        let text = forms::table().text(form).to_string();
        merged.surfaces.iter().find(|s| s.0 == text).unwrap().1 as usize
    };
    assert_eq!(term(retries), term(retry));
    assert_eq!(
        merged.df[term(retry)],
        2,
        "one page each, though page 0 has two forms"
    );
    assert_eq!(merged.lens, [3.0, 0.0, 0.0, 30.0]);
    // Scored with the counts summed over a page's forms of the term: what a posting of those
    // counts scores, in page order.
    let scored = score(&docs, &merged);
    let want = |tf: [u16; FIELDS], df: f64| -> f64 {
        let avg = [1.0, 1.0, 1.0, 10.0];
        let norm: [f64; FIELDS] =
            std::array::from_fn(|f| 1.0 - B[f] + B[f] * [1.0, 0.0, 0.0, 10.0][f] / avg[f]);
        let idf = (1.0 + (3.0 - df + 0.5) / (df + 0.5)).ln();
        let w = weighted(&tf, &norm);
        idf * w * (K1 + 1.0) / (K1 + w)
    };
    let postings = |form: u32| -> (Vec<u32>, Vec<f64>) {
        let (pages, scores) = scored.postings(term(form));
        (pages.to_vec(), scores.to_vec())
    };
    assert_eq!(
        postings(retry),
        (
            vec![0, 2],
            vec![want([1, 1, 0, 5], 2.0), want([0, 0, 0, 2], 2.0)]
        )
    );
    assert_eq!(
        postings(jitter),
        (
            vec![0, 1],
            vec![want([0, 0, 0, 1], 2.0), want([0, 0, 0, 4], 2.0)]
        )
    );
    assert_eq!(scored.max, want([1, 1, 0, 5], 2.0));
    // Written: each term's pages as gaps, with their levels.
    let encoded = encode(&scored);
    let pages = |t: usize| -> Vec<u8> {
        let s = encoded.get(t as u32).as_bytes();
        s.iter().step_by(2).copied().collect()
    };
    assert_eq!(pages(term(retry)), b"02");
    assert_eq!(pages(term(jitter)), b"01");
}
