//! Stage 5b — site-wide outputs: per-language home, section lists, tag pages and tag index, the
//! `/` language chooser, `404.html`, `sitemap.xml` with hreflang alternates, an Atom feed per
//! language, `robots.txt` and `llms.txt`.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::content::slugify;
use crate::diagnostic::Diagnostic;
use crate::i18n::Lang;
use crate::output::OutputFile;
use crate::render::Templates;
use crate::shortcode::{escape, push_escaped};
use crate::site::{base_context, file_of, urls, Options, Site};

/// Entries of each Atom feed: the newest pages, as feed readers expect (the feed carries each
/// page's whole body, so a feed of every page would grow with the site).
pub const FEED_ENTRIES: usize = 20;

/// Pages of `lang`, newest first (then by weight and title), as indices.
pub fn pages_of(site: &Site, lang: Lang) -> Vec<usize> {
    let mut v: Vec<usize> = (0..site.pages.len())
        .filter(|&i| site.pages[i].lang == lang)
        .collect();
    v.sort_by(|&a, &b| {
        let (pa, pb) = (&site.pages[a].front, &site.pages[b].front);
        pb.published
            .cmp(&pa.published)
            .then(pa.weight.cmp(&pb.weight))
            .then(pa.title.cmp(&pb.title))
    });
    v
}

/// Pages the home page shows per section (newest first); the section list has them all.
pub const HOME_ENTRIES: usize = 10;

/// What a list shows of each page: a slim record, since big sites list thousands of pages. Made
/// once per page (a page is in its section's list, its tags' lists and maybe its home page) and
/// shared by each list (template values are reference-counted).
fn record(site: &Site, i: usize) -> tera::Value {
    let p = &site.pages[i];
    let f = &p.front;
    crate::render::map([
        ("title", f.title.as_str().into()),
        ("description", f.description.as_str().into()),
        ("url", p.path.as_str().into()),
        ("published", f.published.iso().into()),
        ("published_long", f.published.long(p.lang).into()),
        ("updated", f.updated.iso().into()),
        ("tags", f.tags.clone().into()),
    ])
}

/// The records of the pages `idx` as a template list (template values share their contents, so
/// a record in many lists is not copied).
fn records_of(records: &[tera::Value], idx: &[usize]) -> tera::Value {
    idx.iter()
        .map(|&i| records[i].clone())
        .collect::<Vec<_>>()
        .into()
}

/// One site-wide file to make; the jobs are independent, so they run in parallel.
type Job<'a> = Box<dyn Fn() -> Result<OutputFile, Diagnostic> + Send + Sync + 'a>;

/// Every site-wide file: [`lists`] and [`feeds`].
pub fn site_files(
    site: &Site,
    templates: &Templates,
    options: &Options,
) -> Result<Vec<OutputFile>, Vec<Diagnostic>> {
    let mut files = lists(site, templates, options)?;
    files.extend(feeds(site));
    Ok(files)
}

/// Each language's Atom feed. Unlike [`lists`], these carry rendered page bodies.
pub fn feeds(site: &Site) -> Vec<OutputFile> {
    Lang::ALL.iter().map(|&lang| feed(site, lang)).collect()
}

/// `LANG/atom.xml`.
pub fn feed(site: &Site, lang: Lang) -> OutputFile {
    OutputFile::text(
        urls::feed(lang.code()).trim_start_matches('/').to_string(),
        atom(site, lang, &pages_of(site, lang)),
    )
}

/// The site-wide files made from front matter alone (homes, section and tag lists, the tag
/// indexes, the language chooser, 404, sitemap, robots.txt, llms.txt): they can be made while
/// the pages render.
pub fn lists(
    site: &Site,
    templates: &Templates,
    options: &Options,
) -> Result<Vec<OutputFile>, Vec<Diagnostic>> {
    use rayon::prelude::*;
    let config = &site.config;
    // Every list starts from its language's template context, built once.
    let bases = Lang::ALL.map(|lang| base_context(site, templates, lang, options));
    let bases = &bases;
    let records: Vec<tera::Value> = (0..site.pages.len())
        .into_par_iter()
        .map(|i| record(site, i))
        .collect();
    let records = &records;
    let mut jobs: Vec<Job> = Vec::new();
    for lang in Lang::ALL {
        let code = lang.code();
        let other = lang.other().code();
        let all = pages_of(site, lang);
        let in_section = |name: &str| -> Vec<usize> {
            all.iter()
                .copied()
                .filter(|&i| site.pages[i].front.section == name)
                .collect()
        };
        let with_alternates = move |ctx: &mut tera::Context, path: &str, other_path: &str| {
            ctx.insert(
                "alternates",
                &json!([
                    {"lang": code, "url": format!("{}{}", config.base_url, path)},
                    {"lang": other, "url": format!("{}{}", config.base_url, other_path)},
                ]),
            );
            ctx.insert(
                "translation",
                &json!({"lang": other, "name": lang.other().native_name(), "url": other_path}),
            );
        };
        let sections: Vec<(&String, Vec<usize>)> = config
            .sections
            .keys()
            .map(|name| (name, in_section(name)))
            .collect();

        // Home.
        let home_sections: tera::Value = sections
            .iter()
            .map(|(name, idx)| {
                let s = &config.sections[*name];
                let shown = &idx[..idx.len().min(HOME_ENTRIES)];
                crate::render::map([
                    ("name", name.as_str().into()),
                    ("label", s.label[&lang].as_str().into()),
                    ("url", urls::section(code, &s.path).into()),
                    ("pages", records_of(records, shown)),
                    ("count", idx.len().into()),
                ])
            })
            .collect::<Vec<tera::Value>>()
            .into();
        jobs.push(Box::new(move || {
            let mut ctx = bases[lang.index()].clone();
            ctx.insert_value("sections", home_sections.clone());
            ctx.insert("title", config.title(lang));
            with_alternates(&mut ctx, &urls::home(code), &urls::home(other));
            let path = format!("{code}/index.html");
            templates.render_file("home.html", &ctx, "the home page", path)
        }));

        // Section lists.
        for (name, idx) in sections {
            jobs.push(Box::new(move || {
                let s = &config.sections[name];
                let mut ctx = bases[lang.index()].clone();
                ctx.insert("title", &s.label[&lang]);
                ctx.insert_value("pages", records_of(records, &idx));
                let path = urls::section(code, &s.path);
                with_alternates(&mut ctx, &path, &urls::section(other, &s.path));
                let what = format!("section {name}");
                templates.render_file("list.html", &ctx, &what, file_of(&path))
            }));
        }

        // Tags.
        let mut tags: BTreeMap<String, (String, Vec<usize>)> = BTreeMap::new();
        for &i in &all {
            for t in &site.pages[i].front.tags {
                tags.entry(slugify(t))
                    .or_insert_with(|| (t.clone(), Vec::new()))
                    .1
                    .push(i);
            }
        }
        let other_tags: std::collections::HashSet<String> = site
            .pages
            .iter()
            .filter(|p| p.lang == lang.other())
            .flat_map(|p| p.front.tags.iter().map(|t| slugify(t)))
            .collect();
        let tag_values: Vec<Value> = tags
            .iter()
            .map(|(slug, (name, idx))| {
                json!({"name": name, "url": urls::tag(code, slug), "count": idx.len()})
            })
            .collect();
        for (slug, (name, idx)) in tags {
            let other_path = if other_tags.contains(&slug) {
                urls::tag(other, &slug)
            } else {
                urls::tags(other)
            };
            jobs.push(Box::new(move || {
                let path = urls::tag(code, &slug);
                let mut ctx = bases[lang.index()].clone();
                ctx.insert("title", &name);
                ctx.insert("tag", &name);
                ctx.insert_value("pages", records_of(records, &idx));
                with_alternates(&mut ctx, &path, &other_path);
                let what = format!("tag {name}");
                templates.render_file("tag.html", &ctx, &what, file_of(&path))
            }));
        }
        jobs.push(Box::new(move || {
            let mut ctx = bases[lang.index()].clone();
            ctx.insert("tags", &tag_values);
            ctx.insert(
                "title",
                &templates
                    .strings(lang)
                    .get("tags")
                    .cloned()
                    .unwrap_or_default(),
            );
            let path = urls::tags(code);
            with_alternates(&mut ctx, &path, &urls::tags(other));
            templates.render_file("tags.html", &ctx, "the tag index", file_of(&path))
        }));
    }

    // `/`: the language chooser; `404.html`, both languages.
    let chooser = || {
        let mut ctx = bases[config.default_language.index()].clone();
        ctx.insert(
            "languages",
            &Lang::ALL
                .iter()
                .map(|l| {
                    json!({"lang": l.code(), "name": l.native_name(), "url": urls::home(l.code()),
                    "title": config.title(*l), "description": config.languages[l].description})
                })
                .collect::<Vec<_>>(),
        );
        ctx.insert("default_home", &urls::home(config.default_language.code()));
        ctx.insert(
            "alternates",
            &Lang::ALL
                .iter()
                .map(|l| json!({"lang": l.code(), "url": config.home_url(*l)}))
                .collect::<Vec<_>>(),
        );
        ctx.insert(
            "strings",
            &json!({
                "tr": templates.strings(Lang::Tr),
                "en": templates.strings(Lang::En),
            }),
        );
        ctx
    };
    jobs.push(Box::new(move || {
        let what = "the language chooser";
        templates.render_file("root.html", &chooser(), what, "index.html".into())
    }));
    jobs.push(Box::new(move || {
        templates.render_file("404.html", &chooser(), "the 404 page", "404.html".into())
    }));
    jobs.push(Box::new(|| {
        Ok(OutputFile::text("sitemap.xml", sitemap(site)))
    }));
    jobs.push(Box::new(|| {
        Ok(OutputFile::text(
            "robots.txt",
            format!(
                "User-agent: *\nAllow: /\n\nSitemap: {}/sitemap.xml\n",
                config.base_url
            ),
        ))
    }));
    jobs.push(Box::new(|| {
        Ok(OutputFile::text("llms.txt", llms_txt(site)))
    }));

    let (files, errors): (Vec<_>, Vec<_>) = jobs
        .par_iter()
        .map(|job| job())
        .collect::<Vec<_>>()
        .into_iter()
        .partition(Result::is_ok);
    if errors.is_empty() {
        Ok(files.into_iter().flatten().collect())
    } else {
        Err(errors.into_iter().filter_map(Result::err).collect())
    }
}

/// A sitemap `<url>`: location, lastmod, (hreflang, href) alternates.
type SitemapEntry = (String, Option<String>, Vec<(String, String)>);

/// `sitemap.xml`: every page with `lastmod` and reciprocal hreflang alternates plus `x-default`.
pub fn sitemap(site: &Site) -> String {
    let config = &site.config;
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    let mut entries: Vec<SitemapEntry> = Vec::new();
    for (i, page) in site.pages.iter().enumerate() {
        let mut alts = vec![(page.lang.code().to_string(), page.permalink(config))];
        if let Some(t) = site.translations[i] {
            alts.push((
                site.pages[t].lang.code().to_string(),
                site.pages[t].permalink(config),
            ));
        }
        alts.sort();
        let default = alts
            .iter()
            .find(|(l, _)| l == config.default_language.code())
            .map(|(_, u)| u.clone());
        if let Some(d) = default {
            if alts.len() > 1 {
                alts.push(("x-default".into(), d));
            }
        }
        entries.push((page.permalink(config), Some(page.front.updated.iso()), alts));
    }
    for lang in Lang::ALL {
        let alts = vec![
            ("en".to_string(), config.home_url(Lang::En)),
            ("tr".to_string(), config.home_url(Lang::Tr)),
            (
                "x-default".to_string(),
                config.home_url(config.default_language),
            ),
        ];
        let latest = site
            .pages
            .iter()
            .filter(|p| p.lang == lang)
            .map(|p| p.front.updated)
            .max()
            .map(|d| d.iso());
        entries.push((config.home_url(lang), latest, alts));
    }
    entries.sort();
    // Pushed piece by piece: a big site has thousands of entries.
    for (loc, lastmod, alts) in entries {
        out.push_str("  <url>\n    <loc>");
        push_escaped(&mut out, &loc);
        out.push_str("</loc>\n");
        if let Some(m) = lastmod {
            out.push_str("    <lastmod>");
            out.push_str(&m);
            out.push_str("</lastmod>\n");
        }
        if alts.len() > 1 {
            for (l, u) in alts {
                out.push_str("    <xhtml:link rel=\"alternate\" hreflang=\"");
                out.push_str(&l);
                out.push_str("\" href=\"");
                push_escaped(&mut out, &u);
                out.push_str("\"/>\n");
            }
        }
        out.push_str("  </url>\n");
    }
    out.push_str("</urlset>\n");
    out
}

/// The Atom 1.0 feed of `lang`: every page, newest first.
pub fn atom(site: &Site, lang: Lang, idx: &[usize]) -> String {
    let config = &site.config;
    let feed_url = format!("{}{}", config.base_url, urls::feed(lang.code()));
    let updated = idx
        .iter()
        .map(|&i| site.pages[i].front.updated)
        .max()
        .map(|d| d.iso())
        .unwrap_or_else(|| "1970-01-01".into());
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{code}\">\n  <title>{title}</title>\n  <subtitle>{sub}</subtitle>\n  <id>{feed_url}</id>\n  <link rel=\"self\" type=\"application/atom+xml\" href=\"{feed_url}\"/>\n  <link rel=\"alternate\" type=\"text/html\" href=\"{home}\"/>\n  <updated>{updated}T00:00:00Z</updated>\n  <generator>sade</generator>\n",
        code = lang.code(),
        title = escape(config.title(lang)),
        sub = escape(&config.languages[&lang].description),
        home = config.home_url(lang),
    );
    for &i in idx.iter().take(FEED_ENTRIES) {
        let p = &site.pages[i];
        let url = p.permalink(config);
        out.push_str(&format!(
            "  <entry>\n    <title>{}</title>\n    <id>{url}</id>\n    <link rel=\"alternate\" type=\"text/html\" href=\"{url}\"/>\n    <published>{}T00:00:00Z</published>\n    <updated>{}T00:00:00Z</updated>\n    <author><name>{}</name></author>\n    <summary>{}</summary>\n",
            escape(&p.front.title),
            p.front.published.iso(),
            p.front.updated.iso(),
            escape(&p.front.author),
            escape(&p.front.description),
        ));
        for t in &p.front.tags {
            out.push_str(&format!("    <category term=\"{}\"/>\n", escape(t)));
        }
        out.push_str(&format!(
            "    <content type=\"html\">{}</content>\n  </entry>\n",
            escape(&site.rendered[i].html)
        ));
    }
    out.push_str("</feed>\n");
    out
}

/// `/llms.txt`: the site in the llms.txt convention, linking every page's markdown twin.
pub fn llms_txt(site: &Site) -> String {
    let config = &site.config;
    let lang = config.default_language;
    let mut out = format!(
        "# {}\n\n> {}\n\n",
        config.title(lang),
        config.languages[&lang].description
    );
    for l in Lang::ALL {
        out.push_str(&format!("## {}\n\n", l.native_name()));
        for i in pages_of(site, l) {
            let p = &site.pages[i];
            out.push_str(&format!(
                "- [{}]({}{}): {}\n",
                p.front.title,
                config.base_url,
                urls::twin(&p.path),
                p.front.description
            ));
        }
        out.push('\n');
    }
    out
}
