//! The pages of a long list: a section's or a tag's list shows `paginate` entries a page, the
//! first page at the list's own address and page `n` at `…/page/n/` (see
//! [`Urls::list_page`](crate::urls::Urls::list_page)). Each page gets its [`Pager`]: the
//! neighbours it links with `rel="prev"` and `rel="next"` and the numbered pages around it.

use std::ops::Range;

use serde::Serialize;

use crate::urls::Urls;

/// Numbered pages shown on each side of the current one (the first and last are always shown).
pub const AROUND: usize = 2;

/// `pager`: where a page of a list is among its pages.
#[derive(Debug, Serialize)]
pub struct Pager {
    /// This page's number, from 1.
    pub number: usize,
    /// How many pages the list has.
    pub total: usize,
    /// "Page 2" in the page's language (the title's suffix), for every page but the first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The previous page's URL path, if any.
    pub previous: Option<String>,
    /// The next page's URL path, if any.
    pub next: Option<String>,
    /// The numbered links: the first and last pages and [`AROUND`] on each side of this one,
    /// with a gap where pages are left out.
    pub pages: Vec<PagerItem>,
}

/// One place of the numbered links.
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct PagerItem {
    /// The page's number; 0 for a gap (pages left out).
    pub number: usize,
    /// Its URL path (empty for a gap).
    pub url: String,
    /// "Page 2" in the page's language, the link's name for screen readers.
    pub label: String,
    /// Whether it is this page.
    pub current: bool,
}

/// The range of `len` entries that page `n` (from 1) shows at `per_page` a page; empty past
/// the end.
pub fn entries(len: usize, per_page: usize, n: usize) -> Range<usize> {
    let start = n.saturating_sub(1).saturating_mul(per_page).min(len);
    start..start.saturating_add(per_page).min(len)
}

/// The numbers the pager of page `n` of `total` shows, in order; `None` for a gap. A gap stands
/// for two pages or more: a single page left out is shown instead.
pub fn window(n: usize, total: usize) -> Vec<Option<usize>> {
    let low = n.saturating_sub(AROUND).max(1);
    let high = n.saturating_add(AROUND).min(total);
    let mut out = Vec::with_capacity(2 * AROUND + 5);
    // Page 1 and what lies between it and `low`: a gap, or the one page a gap would hide.
    if low > 3 {
        out.extend([Some(1), None]);
    } else {
        out.extend((1..low).map(Some));
    }
    out.extend((low..=high).map(Some));
    if total - high > 2 {
        out.extend([None, Some(total)]);
    } else {
        out.extend((high + 1..=total).map(Some));
    }
    out
}

impl Pager {
    /// The pager of page `n` of `total` of the list at `list` (its first page's URL path);
    /// `label` names a page ("Page 2" for 2).
    pub fn new(
        urls: &Urls,
        list: &str,
        n: usize,
        total: usize,
        label: impl Fn(usize) -> String,
    ) -> Pager {
        let url = |k: usize| urls.list_page(list, k);
        Pager {
            number: n,
            total,
            label: (n > 1).then(|| label(n)),
            previous: (n > 1).then(|| url(n - 1)),
            next: (n < total).then(|| url(n + 1)),
            pages: window(n, total)
                .into_iter()
                .map(|k| match k {
                    Some(k) => PagerItem {
                        number: k,
                        url: url(k),
                        label: label(k),
                        current: k == n,
                    },
                    None => PagerItem {
                        number: 0,
                        url: String::new(),
                        label: String::new(),
                        current: false,
                    },
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(n: usize, total: usize) -> String {
        window(n, total)
            .iter()
            .map(|k| k.map_or("…".to_string(), |k| k.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_window_shows_the_ends_and_the_neighbours() {
        assert_eq!(shown(1, 1), "1");
        assert_eq!(shown(1, 2), "1 2");
        assert_eq!(shown(2, 2), "1 2");
        assert_eq!(shown(1, 5), "1 2 3 4 5");
        assert_eq!(shown(1, 6), "1 2 3 … 6");
        assert_eq!(shown(1, 7), "1 2 3 … 7");
        assert_eq!(shown(4, 7), "1 2 3 4 5 6 7");
        assert_eq!(shown(5, 9), "1 2 3 4 5 6 7 8 9");
        assert_eq!(shown(6, 12), "1 … 4 5 6 7 8 … 12");
        assert_eq!(shown(12, 12), "1 … 10 11 12");
        assert_eq!(shown(9, 12), "1 … 7 8 9 10 11 12");
        assert_eq!(shown(100, 100), "1 … 98 99 100");
    }

    #[test]
    fn every_page_is_reachable_and_numbers_rise() {
        for total in 1..40 {
            for n in 1..=total {
                let w = window(n, total);
                let numbers: Vec<usize> = w.iter().flatten().copied().collect();
                assert!(
                    numbers.windows(2).all(|p| p[0] < p[1]),
                    "{n}/{total}: {w:?}"
                );
                assert_eq!(numbers.first(), Some(&1));
                assert_eq!(numbers.last(), Some(&total));
                assert!(numbers.contains(&n));
                // A gap stands for two pages or more; two gaps never touch.
                for (i, k) in w.iter().enumerate() {
                    if k.is_none() {
                        let (a, b) = (w[i - 1].unwrap(), w[i + 1].unwrap());
                        assert!(b - a > 2, "{n}/{total}: {w:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn entries_split_a_list_without_losing_or_repeating_one() {
        for len in 0..30 {
            for per in 1..8 {
                let pages = crate::plan::page_count(len, per);
                let mut next = 0;
                for n in 1..=pages {
                    let r = entries(len, per, n);
                    assert_eq!(r.start, next);
                    assert!(r.len() <= per && (r.len() == per || n == pages));
                    next = r.end;
                }
                assert_eq!(next, len);
                assert!(entries(len, per, pages + 1).is_empty());
            }
        }
        assert_eq!(entries(5, usize::MAX, 1), 0..5);
    }

    #[test]
    fn the_pager_links_its_neighbours() {
        let urls = Urls::new("https://x.test/notes");
        let label = |k: usize| format!("Page {k}");
        let first = Pager::new(&urls, "/notes/en/blog/", 1, 3, label);
        assert_eq!(first.previous, None);
        assert_eq!(first.next.as_deref(), Some("/notes/en/blog/page/2/"));
        assert_eq!(first.label, None);
        let middle = Pager::new(&urls, "/notes/en/blog/", 2, 3, label);
        assert_eq!(middle.previous.as_deref(), Some("/notes/en/blog/"));
        assert_eq!(middle.next.as_deref(), Some("/notes/en/blog/page/3/"));
        assert_eq!(middle.label.as_deref(), Some("Page 2"));
        let current: Vec<usize> = (middle.pages.iter())
            .filter(|p| p.current)
            .map(|p| p.number)
            .collect();
        assert_eq!(current, [2]);
        assert_eq!(middle.pages[2].label, "Page 3");
        let last = Pager::new(&urls, "/notes/en/blog/", 3, 3, label);
        assert_eq!(last.next, None);
        assert_eq!(last.previous.as_deref(), Some("/notes/en/blog/page/2/"));
        let long = Pager::new(&urls, "/en/t/", 1, 9, label);
        let gap = &long.pages[3];
        assert_eq!((gap.number, gap.url.as_str(), gap.current), (0, "", false));
    }
}
