//! Reading aids: a page's contents (from its headings), its reading time (from the words of its
//! text), its previous and next pages in its section, and the series it is a part of. The links
//! between pages ([`Links`]) are worked out once from front matter, when the site is loaded (and
//! again when the preview replaces a page); the rest comes from the rendered body.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use crate::content::{FrontMatter, Page};
use crate::html::push_escaped;
use crate::i18n::Lang;
use crate::markdown::Heading;

/// How many headings of level 2 and 3 a page needs before it shows its contents unasked
/// (`toc: true` shows them with fewer, `toc: false` never).
pub const TOC_MIN_HEADINGS: usize = 3;

/// The contents of a page with `headings`, as its front matter's `toc` asks: a list of its
/// level-2 headings, each with a list of the level-3 headings under it, as HTML (`<ol>…</ol>`);
/// empty when they are not shown. Made here rather than in a template: it is on most pages of
/// a big site, and a loop in Tera costs more than the rest of the page's aids together.
pub fn contents(headings: &[Heading], toc: Option<bool>) -> String {
    let listed = headings.iter().filter(|h| matches!(h.level, 2 | 3));
    let show = match toc {
        Some(wanted) => wanted,
        None => listed.clone().count() >= TOC_MIN_HEADINGS,
    };
    let mut out = String::new();
    if !show || listed.clone().next().is_none() {
        return out;
    }
    out.push_str("<ol>\n");
    // The open item's heading level (0 when none is open), and whether it holds a list.
    let mut open = 0;
    let mut nested = false;
    for h in listed {
        if h.level == 3 && open == 2 {
            if !nested {
                out.push_str("\n<ol>\n");
                nested = true;
            }
            link(&mut out, h);
            out.push_str("</li>\n");
            continue;
        }
        if nested {
            out.push_str("</ol>\n");
            nested = false;
        }
        if open != 0 {
            out.push_str("</li>\n");
        }
        link(&mut out, h);
        open = h.level;
    }
    if nested {
        out.push_str("</ol>\n");
    }
    out.push_str("</li>\n</ol>\n");
    out
}

/// `<li><a href="#ID">TEXT</a>` (the item left open).
fn link(out: &mut String, h: &Heading) {
    out.push_str("<li><a href=\"#");
    push_escaped(out, &h.id);
    out.push_str("\">");
    push_escaped(out, &h.text);
    out.push_str("</a>");
}

/// Words a reader gets through in a minute, by language. Turkish words are longer (its
/// suffixes make one word of what English says in three), so fewer of them are read a minute:
/// 150 against English's 200, for technical prose a little below the rates measured for
/// ordinary text (IReST, Trauzettel-Klosinski et al. 2012: 166 and 228).
pub fn words_per_minute(lang: Lang) -> usize {
    match lang {
        Lang::Tr => 150,
        Lang::En => 200,
    }
}

/// Minutes to read `words` words in `lang`, rounded up, at least one.
pub fn reading_minutes(words: usize, lang: Lang) -> usize {
    words.div_ceil(words_per_minute(lang)).max(1)
}

/// The order of the lists: newest first, then by weight (lower first) and title; pages without
/// a date last.
pub fn newest_first(a: &FrontMatter, b: &FrontMatter) -> Ordering {
    b.published
        .cmp(&a.published)
        .then(a.weight.cmp(&b.weight))
        .then(a.title.cmp(&b.title))
}

/// The order of a series' parts: oldest first, then by weight (lower first) and title; parts
/// without a date last.
pub fn oldest_first(a: &FrontMatter, b: &FrontMatter) -> Ordering {
    let undated = |f: &FrontMatter| f.published.is_none();
    undated(a)
        .cmp(&undated(b))
        .then(a.published.cmp(&b.published))
        .then(a.weight.cmp(&b.weight))
        .then(a.title.cmp(&b.title))
}

/// A page's neighbours, by index into the site's pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Neighbours {
    /// The page of its section (and language) published just before it.
    pub previous: Option<usize>,
    /// The page published just after it.
    pub next: Option<usize>,
    /// Its series, by index into [`Links::series`].
    pub series: Option<usize>,
}

/// A series: the pages of one language whose `series` has the same name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// Its name as written.
    pub name: String,
    /// Its parts, in order ([`oldest_first`]).
    pub parts: Vec<usize>,
}

/// How the pages of a site link to each other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Links {
    /// For each page, its neighbours.
    pub pages: Vec<Neighbours>,
    /// Every series, by language and then name.
    pub series: Vec<Series>,
}

impl Links {
    /// The links between `pages`. Previous and next are the pages of the same section and
    /// language published just before and just after (of the same day, the lower `weight`
    /// first, as in a series: [`oldest_first`]); a stand-alone page has neither.
    pub fn of(pages: &[Page]) -> Links {
        let mut links = Links {
            pages: vec![Neighbours::default(); pages.len()],
            series: Vec::new(),
        };
        let mut sections: BTreeMap<(Lang, &str), Vec<usize>> = BTreeMap::new();
        let mut series: BTreeMap<(Lang, &str), Vec<usize>> = BTreeMap::new();
        for (i, p) in pages.iter().enumerate() {
            if let Some(s) = &p.front.section {
                sections.entry((p.lang, s)).or_default().push(i);
            }
            if let Some(s) = &p.front.series {
                series.entry((p.lang, s)).or_default().push(i);
            }
        }
        for mut list in sections.into_values() {
            list.sort_by(|&a, &b| oldest_first(&pages[a].front, &pages[b].front));
            for (k, &i) in list.iter().enumerate() {
                let here = &mut links.pages[i];
                here.previous = k.checked_sub(1).map(|k| list[k]);
                here.next = list.get(k + 1).copied();
            }
        }
        for ((_, name), mut parts) in series {
            parts.sort_by(|&a, &b| oldest_first(&pages[a].front, &pages[b].front));
            for &i in &parts {
                links.pages[i].series = Some(links.series.len());
            }
            links.series.push(Series {
                name: name.to_string(),
                parts,
            });
        }
        links
    }

    /// The pages whose previous, next or series links show something of the `edited` pages'
    /// front matter, before (`self`) or after (`after`) the edit, or whose links changed.
    pub fn touched(&self, after: &Links, edited: &[usize]) -> BTreeSet<usize> {
        let mut touched: BTreeSet<usize> = (0..self.pages.len().max(after.pages.len()))
            .filter(|&i| self.pages.get(i) != after.pages.get(i))
            .collect();
        for links in [self, after] {
            for &i in edited {
                let Some(n) = links.pages.get(i) else {
                    continue;
                };
                touched.extend(n.previous);
                touched.extend(n.next);
                if let Some(s) = n.series {
                    touched.extend(&links.series[s].parts);
                }
            }
        }
        touched
    }
}

#[cfg(test)]
mod tests;
