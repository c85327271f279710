//! Stage 5 — the site: load everything, render every page through the templates, and list every
//! output file. Nothing is written here; [`crate::output`] writes the list. Every problem of every
//! page is collected, so one run reports them all.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;
use serde_json::{json, Value};

use crate::check::OutputIndex;
use crate::config::Config;
use crate::content::{load_pages, slugify, translations, Page};
use crate::diagnostic::{Diagnostic, Diagnostics, Source};
use crate::i18n::Lang;
use crate::markdown::{self, Rendered};
use crate::output::{OutputFile, Outputs};
use crate::render::{map, Templates};
use crate::shortcode::{Context, Registry};
use crate::timings::{time, Part, Timings};

/// Folder copied as is into the output.
pub const STATIC_DIR: &str = "static";

/// How to build.
#[derive(Clone, Debug)]
pub struct Options {
    /// Site root (holds `sade.yaml`).
    pub root: PathBuf,
    /// Include `draft: true` pages.
    pub drafts: bool,
    /// Inject the preview's live-reload script (only `sade serve` sets this).
    pub live_reload: bool,
    /// Where to add up the time of each part of the build (`--timings`); `None` measures nothing.
    pub timings: Option<Arc<Timings>>,
}

impl Options {
    /// Defaults for a plain build of `root`.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        Options {
            root: root.into(),
            drafts: false,
            live_reload: false,
            timings: None,
        }
    }
}

/// Everything loaded and rendered.
pub struct Site {
    /// `sade.yaml`.
    pub config: Config,
    /// Pages in path order (drafts left out unless asked for).
    pub pages: Vec<Page>,
    /// For each page, the index of its translation.
    pub translations: Vec<Option<usize>>,
    /// For each page, its rendered body.
    pub rendered: Vec<Rendered>,
    /// Drafts that were left out.
    pub drafts_skipped: Vec<Page>,
}

impl Site {
    /// Reads back the texts a build let go after rendering (see [`build_into`]), so diagnostics
    /// can quote them. A file whose length changed since it was read is left empty: its
    /// diagnostics then name the file without quoting it. (An edit that keeps the length is
    /// quoted as the file is now; [`Source::clamp`] keeps any span inside the text.)
    pub fn reload_sources(&mut self, root: &Path) {
        for page in &mut self.pages {
            if !page.source.text.is_empty() {
                continue;
            }
            if let Ok(text) = crate::content::read_text(&root.join(&page.source.path)) {
                if text.len() == page.body.end && text.is_char_boundary(page.body.start) {
                    page.source.text = text.into();
                }
            }
        }
    }
}

/// The result of a build in memory: the files, and every problem found.
pub struct Build {
    /// What would be written (empty when there are errors).
    pub outputs: Outputs,
    /// Errors and warnings, sorted.
    pub diagnostics: Diagnostics,
    /// The loaded site, when loading got that far.
    pub site: Option<Site>,
    /// Paths and ids of the outputs, for link checks (empty when there are errors).
    pub index: OutputIndex,
    /// The templates and shortcodes the build used, when it got as far as rendering pages.
    pub tools: Option<Tools>,
}

/// What a build rendered with, for callers that go on rendering (the preview) or
/// checking (`sade check`) without loading them again.
pub struct Tools {
    /// The site's templates and UI strings.
    pub templates: Templates,
    /// The shortcodes, the site's template shortcodes included.
    pub registry: Registry,
}

/// The result of a build streamed into a [`Sink`].
pub struct Report {
    /// Errors and warnings, sorted. With errors, what the sink received must be discarded.
    pub diagnostics: Diagnostics,
    /// The loaded site, when loading got that far.
    pub site: Option<Site>,
    /// Every file the sink received (by path, with its ids): what the link checks used.
    pub index: OutputIndex,
    /// For a build over an existing site ([`build_to_dir`]): what it wrote and removed.
    pub updated: Option<crate::output::Updated>,
    /// The templates and shortcodes the build used, when it got as far as rendering pages.
    pub tools: Option<Tools>,
}

/// Where a build's files go, one at a time, from several threads.
pub trait Sink: Sync {
    /// Takes one file.
    fn put(&self, file: OutputFile) -> std::io::Result<()>;
}

/// Keeps every file in memory (tests, `check`, the preview server).
#[derive(Default)]
pub struct Collect(Mutex<Vec<OutputFile>>);

impl Collect {
    /// The files, sorted by path.
    pub fn into_outputs(self) -> Outputs {
        let mut o = Outputs(self.0.into_inner().unwrap_or_else(|e| e.into_inner()));
        o.sort();
        o
    }
}

impl Sink for Collect {
    fn put(&self, file: OutputFile) -> std::io::Result<()> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(file);
        Ok(())
    }
}

/// Drops every file: for runs that only check (`sade check`).
pub struct Discard;

impl Sink for Discard {
    fn put(&self, _file: OutputFile) -> std::io::Result<()> {
        Ok(())
    }
}

/// Writes each file under a folder as soon as it is rendered, so a big site never sits in memory.
pub struct WriteTo {
    dir: PathBuf,
    /// Folders already made: a page's second file needs no `mkdir` (a syscall each).
    made: Mutex<std::collections::HashSet<PathBuf>>,
}

impl WriteTo {
    /// Writes under `dir`, which must exist.
    pub fn new(dir: impl Into<PathBuf>) -> WriteTo {
        WriteTo {
            dir: dir.into(),
            made: Mutex::default(),
        }
    }
}

impl Sink for WriteTo {
    fn put(&self, file: OutputFile) -> std::io::Result<()> {
        let path = self.dir.join(&file.path);
        if let Some(parent) = path.parent() {
            let known = self
                .made
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .contains(parent);
            if !known {
                std::fs::create_dir_all(parent)?;
                self.made
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(parent.to_path_buf());
            }
        }
        std::fs::write(path, &file.bytes)
    }
}

/// Builds over an existing site: a file whose bytes `out` already holds is left alone (not even
/// its modification time changes); the others are staged, to be moved in by
/// [`crate::output::apply_update`] once the whole build succeeded.
pub struct Update {
    out: PathBuf,
    staged: WriteTo,
    changed: Mutex<Vec<String>>,
}

impl Update {
    /// Compares against `out`; stages into `staging`, which must exist.
    pub fn new(out: impl Into<PathBuf>, staging: impl Into<PathBuf>) -> Update {
        Update {
            out: out.into(),
            staged: WriteTo::new(staging),
            changed: Mutex::default(),
        }
    }

    /// The paths it staged.
    pub fn into_changed(self) -> Vec<String> {
        self.changed.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

impl Sink for Update {
    fn put(&self, file: OutputFile) -> std::io::Result<()> {
        if crate::output::holds(&self.out.join(&file.path), &file.bytes) {
            return Ok(());
        }
        self.changed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(file.path.clone());
        self.staged.put(file)
    }
}

/// Records what passes through to a sink: paths and HTML ids, for the link checks.
struct Recorder<'a> {
    sink: &'a dyn Sink,
    timings: Option<&'a Timings>,
    index: Mutex<OutputIndex>,
    errors: Mutex<Vec<Diagnostic>>,
}

impl Recorder<'_> {
    fn put(&self, file: OutputFile) {
        time(self.timings, Part::Writing, "", || {
            // Scanned for ids before the lock: the workers write pages at the same time.
            let ids = OutputIndex::ids_in(&file);
            let path = file.path.clone();
            if let Err(e) = self.sink.put(file) {
                self.errors
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(Diagnostic::error(format!("cannot write {path}: {e}")));
            }
            self.index
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(path, ids);
        })
    }
}

/// Pages whose rendered body a feed needs: the newest [`crate::listing::FEED_ENTRIES`] of each
/// language.
fn feed_pages(site: &Site) -> Vec<bool> {
    let mut keep = vec![false; site.pages.len()];
    for lang in Lang::ALL {
        for i in crate::listing::pages_of(site, lang)
            .into_iter()
            .take(crate::listing::FEED_ENTRIES)
        {
            keep[i] = true;
        }
    }
    keep
}

/// Builds into the folder `out`: files are written as they are rendered into a staging folder
/// beside it. Only if the build succeeded does the staging folder replace a new or empty `out`,
/// or, over an existing site, the files that changed move into it (see [`Update`]). On error the
/// staging folder is removed and `out` is left exactly as it was.
pub fn build_to_dir(options: &Options, registry: &Registry, out: &Path) -> Report {
    // Through a symbolic link to the real folder: staged beside it, on its file system, and the
    // link stays a link.
    let resolved = std::fs::canonicalize(out).ok();
    let out = resolved.as_deref().unwrap_or(out);
    let staging = match crate::output::staging_dir(out) {
        Ok(s) => s,
        Err(e) => {
            let mut diagnostics = Diagnostics::default();
            diagnostics.push(Diagnostic::error(format!(
                "cannot create a staging folder beside {}: {e}",
                out.display()
            )));
            return Report {
                diagnostics,
                site: None,
                index: OutputIndex::default(),
                updated: None,
                tools: None,
            };
        }
    };
    if crate::output::has_contents(out) {
        let update = Update::new(out, &staging);
        let mut report = build_into(options, registry, &update, false);
        if report.diagnostics.has_errors() {
            let _ = std::fs::remove_dir_all(&staging);
            return report;
        }
        let made = report.index.paths().collect();
        let changed = update.into_changed();
        let applied = time(options.timings.as_deref(), Part::Writing, "", || {
            crate::output::apply_update(&staging, out, &changed, &made)
        });
        match applied {
            Ok(updated) => report.updated = Some(updated),
            Err(e) => {
                let _ = std::fs::remove_dir_all(&staging);
                report.diagnostics.push(
                    Diagnostic::error(format!("cannot update {}: {e}", out.display())).with_help(
                        "no file is half-written: each one was moved in whole or left as it was",
                    ),
                );
            }
        }
        return report;
    }
    let mut report = build_into(options, registry, &WriteTo::new(&staging), false);
    if report.diagnostics.has_errors() {
        let _ = std::fs::remove_dir_all(&staging);
        return report;
    }
    let swapped = time(options.timings.as_deref(), Part::Writing, "", || {
        crate::output::swap_in(&staging, out)
    });
    if let Err(e) = swapped {
        report.diagnostics.push(Diagnostic::error(format!(
            "cannot replace {}: {e}",
            out.display()
        )));
    }
    report
}

/// Loads and renders the whole site in memory.
pub fn build(options: &Options, registry: &Registry) -> Build {
    let collect = Collect::default();
    let report = build_into(options, registry, &collect, true);
    let outputs = if report.diagnostics.has_errors() {
        Outputs::default()
    } else {
        collect.into_outputs()
    };
    Build {
        outputs,
        diagnostics: report.diagnostics,
        site: report.site,
        index: report.index,
        tools: report.tools,
    }
}

/// Loads the site and renders it into `sink`, page by page in parallel. With `keep_bodies` the
/// returned [`Site`] holds every page's rendered body (the preview re-renders single pages);
/// without, only those the feeds need, so memory stays flat however big the site is.
pub fn build_into(
    options: &Options,
    registry: &Registry,
    sink: &dyn Sink,
    keep_bodies: bool,
) -> Report {
    let mut diagnostics = Diagnostics::default();
    let fail = |mut diagnostics: Diagnostics, site: Option<Site>| {
        diagnostics.sort();
        Report {
            diagnostics,
            site,
            index: OutputIndex::default(),
            updated: None,
            tools: None,
        }
    };
    let root = &options.root;
    let timings = options.timings.as_deref();
    let config = match time(timings, Part::Setup, "", || Config::load(root)) {
        Ok((c, _)) => c,
        Err(d) => {
            diagnostics.push(d);
            return fail(diagnostics, None);
        }
    };
    let templates = time(timings, Part::Setup, "", || Templates::load(root));
    let (all_pages, problems) = load_pages(&config, root, timings);
    diagnostics.extend(problems);
    let templates = match templates {
        Ok(t) => t.with_timings(options.timings.clone()),
        Err(ds) => {
            // Without templates, template shortcodes are unknown: rendering pages would only
            // add "unknown shortcode" noise to the real error.
            diagnostics.extend(ds);
            return fail(diagnostics, None);
        }
    };
    let site_registry = match time(timings, Part::Setup, "", || {
        registry.with_templates(root, &templates)
    }) {
        Ok(r) => r,
        Err(ds) => {
            diagnostics.extend(ds);
            registry.clone()
        }
    };
    let registry = &site_registry;
    let (pages, drafts_skipped): (Vec<Page>, Vec<Page>) = all_pages
        .into_iter()
        .partition(|p| options.drafts || !p.front.draft);
    let mut site = Site {
        translations: translations(&pages),
        config,
        rendered: vec![Rendered::default(); pages.len()],
        pages,
        drafts_skipped,
    };
    let keep = if keep_bodies {
        vec![true; site.pages.len()]
    } else {
        feed_pages(&site)
    };
    let recorder = Recorder {
        sink,
        timings,
        index: Mutex::new(OutputIndex::default()),
        errors: Mutex::new(Vec::new()),
    };
    let page_problems = diagnostics.has_errors();
    // Every page of a language starts from the same template context.
    let bases = Lang::ALL.map(|lang| base_context(&site, &templates, lang, options));
    // The pages' texts are lent to the render workers. Without `keep_bodies` (writing to disk,
    // `sade check`) each text is let go once its page is rendered: on big sites the sources are
    // most of the memory. `Site::reload_sources` reads them back if a diagnostic needs them.
    let texts: Vec<Arc<String>> = site
        .pages
        .iter_mut()
        .map(|p| std::mem::take(&mut p.source.text))
        .collect();
    let render_pages = || -> Vec<(PageResult, Option<Arc<String>>)> {
        texts
            .into_par_iter()
            .enumerate()
            .map(|(i, text)| {
                let page = &site.pages[i];
                let source = Source::shared(page.source.path.clone(), text);
                let file = source.path.display();
                let result = crate::timings::page(timings, &file, || {
                    let ctx = Context {
                        lang: page.lang,
                        page_title: &page.front.title,
                        page_path: &page.path,
                        block: false,
                        strings: Some(templates.strings(page.lang)),
                        timings,
                    };
                    let mut body = time(timings, Part::Markdown, "", || {
                        markdown::render(&source, page.body.clone(), registry, &ctx)
                    })?;
                    if !page_problems {
                        let files = time(timings, Part::PageData, "", || {
                            let base = bases[page.lang.index()].clone();
                            render_page_with(&site, &templates, i, &source, &mut body, base)
                        })
                        .map_err(|d| vec![d])?;
                        for f in files {
                            recorder.put(f);
                        }
                    }
                    if !keep[i] {
                        body.html = String::new();
                        body.markdown = String::new();
                        body.calls = Vec::new();
                    }
                    Ok(body)
                });
                (result, keep_bodies.then_some(source.text))
            })
            .collect()
    };
    // The lists need front matter only, so they are made while the pages render: the biggest
    // (a section listing every page) would otherwise run alone at the end.
    let make_lists = || -> Vec<Diagnostic> {
        if page_problems {
            return Vec::new();
        }
        match time(timings, Part::Lists, "", || {
            crate::listing::lists(&site, &templates, options)
        }) {
            Ok(files) => {
                files.into_iter().for_each(|f| recorder.put(f));
                Vec::new()
            }
            Err(ds) => ds,
        }
    };
    let (rendered, list_problems) = rayon::join(render_pages, make_lists);
    for (i, (r, text)) in rendered.into_iter().enumerate() {
        match r {
            Ok(b) => site.rendered[i] = b,
            Err(ds) => diagnostics.extend(ds),
        }
        if let Some(text) = text {
            site.pages[i].source.text = text;
        }
    }
    diagnostics.extend(list_problems);
    let tools = Tools {
        templates,
        registry: site_registry,
    };
    if diagnostics.has_errors() {
        let mut report = fail(diagnostics, Some(site));
        report.tools = Some(tools);
        return report;
    }
    for f in time(timings, Part::Lists, "", || crate::listing::feeds(&site)) {
        recorder.put(f);
    }
    match time(timings, Part::Reading, "", || static_files(root)) {
        Ok(files) => files.into_iter().for_each(|f| recorder.put(f)),
        Err(d) => diagnostics.push(d),
    }
    let index = recorder
        .index
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    diagnostics.extend(
        recorder
            .errors
            .into_inner()
            .unwrap_or_else(|e| e.into_inner()),
    );
    let mut errors = time(timings, Part::Checks, "", || {
        crate::check::site_errors(&site, &index)
    });
    if !errors.is_empty() && !keep_bodies {
        // The diagnostics quote the sources, which were let go after rendering.
        site.reload_sources(root);
        errors = crate::check::site_errors(&site, &index);
    }
    diagnostics.extend(errors);
    diagnostics.sort();
    Report {
        diagnostics,
        site: Some(site),
        index,
        updated: None,
        tools: Some(tools),
    }
}

/// A page's rendered body, or why it could not be rendered.
type PageResult = Result<Rendered, Vec<Diagnostic>>;

/// The `index.html` path of a site URL path: `/tr/x/` → `tr/x/index.html`.
pub fn file_of(path: &str) -> String {
    format!("{}index.html", path.trim_start_matches('/'))
}

/// The two files page `page` produces: `index.html` and its markdown twin.
pub fn page_files(page: &crate::content::Page) -> [String; 2] {
    [
        file_of(&page.path),
        urls::twin(page.path.trim_start_matches('/')),
    ]
}

/// The URL paths of the files sade makes besides pages, in one place.
pub mod urls {
    /// A language's home: `/tr/`.
    pub fn home(lang: &str) -> String {
        ["/", lang, "/"].concat()
    }
    /// A section's list: `/tr/blog/`.
    pub fn section(lang: &str, section_path: &str) -> String {
        ["/", lang, "/", section_path, "/"].concat()
    }
    /// A page's markdown twin: `/tr/x/` → `/tr/x/index.md`.
    pub fn twin(page_path: &str) -> String {
        [page_path, "index.md"].concat()
    }
    /// A language's Atom feed: `/tr/atom.xml`.
    pub fn feed(lang: &str) -> String {
        format!("/{lang}/atom.xml")
    }
    /// A language's tag index: `/tr/tags/`.
    pub fn tags(lang: &str) -> String {
        format!("/{lang}/tags/")
    }
    /// One tag's list: `/tr/tags/SLUG/`.
    pub fn tag(lang: &str, slug: &str) -> String {
        ["/", lang, "/tags/", slug, "/"].concat()
    }
}

/// Template context shared by every page of `lang`.
pub fn base_context(
    site: &Site,
    templates: &Templates,
    lang: Lang,
    options: &Options,
) -> tera::Context {
    crate::render::context(base_value(site, templates, lang, options))
}

/// [`base_context`] as JSON (built once per language, so its form does not matter for speed).
fn base_value(
    site: &Site,
    templates: &Templates,
    lang: Lang,
    options: &Options,
) -> serde_json::Map<String, Value> {
    let config = &site.config;
    let value = json!({
        "lang": lang.code(),
        "site": {
            "title": config.title(lang),
            "description": config.languages[&lang].description,
            "base_url": config.base_url,
            "home": urls::home(lang.code()),
            "feed": urls::feed(lang.code()),
            "sections": config.sections.iter().map(|(name, s)| json!({
                "name": name,
                "label": s.label[&lang],
                "url": urls::section(lang.code(), &s.path),
            })).collect::<Vec<_>>(),
        },
        "t": templates.strings(lang),
        "other": {
            "lang": lang.other().code(),
            "name": lang.other().native_name(),
            "home": urls::home(lang.other().code()),
        },
        "live_reload": options.live_reload,
        "alternates": [],
        "translation": null,
    });
    match value {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}

/// A page's data for templates, with its `headings` and rendered `content` last.
pub fn page_value(
    site: &Site,
    i: usize,
    headings: tera::Value,
    content: tera::Value,
) -> tera::Value {
    let page = &site.pages[i];
    let lang = page.lang;
    let f = &page.front;
    let section = &site.config.sections[&f.section];
    let tags: Vec<tera::Value> = f
        .tags
        .iter()
        .map(|t| {
            let url = urls::tag(lang.code(), &slugify(t));
            map([("name", t.as_str().into()), ("url", url.into())])
        })
        .collect();
    map([
        ("title", f.title.as_str().into()),
        ("description", f.description.as_str().into()),
        ("author", f.author.as_str().into()),
        ("lang", lang.code().into()),
        ("url", page.path.as_str().into()),
        ("permalink", page.permalink(&site.config).into()),
        ("markdown_url", urls::twin(&page.path).into()),
        ("published", f.published.iso().into()),
        ("published_long", f.published.long(lang).into()),
        ("updated", f.updated.iso().into()),
        ("updated_long", f.updated.long(lang).into()),
        ("section", f.section.as_str().into()),
        ("section_label", section.label[&lang].as_str().into()),
        (
            "section_url",
            urls::section(lang.code(), &section.path).into(),
        ),
        ("tags", tags.into()),
        ("draft", f.draft.into()),
        ("headings", headings),
        ("content", content),
    ])
}

/// Renders page `i` into its `index.html` and `index.md` (the preview re-renders single pages).
pub fn render_page(
    site: &Site,
    templates: &Templates,
    i: usize,
    options: &Options,
) -> Result<[OutputFile; 2], Diagnostic> {
    let base = base_context(site, templates, site.pages[i].lang, options);
    let mut body = site.rendered[i].clone();
    render_page_with(site, templates, i, &site.pages[i].source, &mut body, base)
}

/// Renders page `i` with the given rendered body onto `base`, its language's
/// [`base_context`].
fn render_page_with(
    site: &Site,
    templates: &Templates,
    i: usize,
    source: &Source,
    body: &mut Rendered,
    mut ctx: tera::Context,
) -> Result<[OutputFile; 2], Diagnostic> {
    let page = &site.pages[i];
    let lang = page.lang;
    let headings: Vec<tera::Value> = body
        .headings
        .iter()
        .map(|h| {
            map([
                ("level", h.level.into()),
                ("id", h.id.as_str().into()),
                ("text", h.text.as_str().into()),
            ])
        })
        .collect();
    let value = page_value(site, i, headings.into(), body.html.as_str().into());
    ctx.insert_value("page", value);
    let mut alternates = vec![(lang.code(), page.permalink(&site.config))];
    if let Some(t) = site.translations[i] {
        let other = &site.pages[t];
        let translation = map([
            ("lang", other.lang.code().into()),
            ("name", other.lang.native_name().into()),
            ("url", other.path.as_str().into()),
            ("title", other.front.title.as_str().into()),
        ]);
        ctx.insert_value("translation", translation);
        alternates.push((other.lang.code(), other.permalink(&site.config)));
    }
    alternates.sort();
    let alternates: Vec<tera::Value> = alternates
        .into_iter()
        .map(|(code, url)| map([("lang", code.into()), ("url", url.into())]))
        .collect();
    ctx.insert_value("alternates", alternates.into());
    let [html_path, twin_path] = page_files(page);
    // The page is named only if rendering fails.
    let what = source.path.display();
    let html = templates.render_file("page.html", &ctx, &what, html_path);
    // An error Tera located stays in the template (a help line names the page).
    let html = html.map_err(|d| match d.position() {
        Some(_) => d,
        None => d.at(source, 0..3, "while rendering this page"),
    })?;
    let md = markdown_twin(site, i, body);
    Ok([html, OutputFile::text(twin_path, md)])
}

/// The page in the reference page's own form: front matter (title, description, url, lang,
/// author, published, updated, section, tags — in that order), then the markdown with every
/// shortcode expanded.
pub fn markdown_twin(site: &Site, i: usize, body: &Rendered) -> String {
    let page = &site.pages[i];
    let f = &page.front;
    let mut out = String::with_capacity(body.markdown.len() + 512);
    // JSON strings are valid YAML double-quoted scalars.
    let quoted = |out: &mut String, key: &str, s: &str| {
        out.push_str(key);
        out.push_str(&serde_json::to_string(s).unwrap_or_default());
        out.push('\n');
    };
    let plain = |out: &mut String, key: &str, s: &str| {
        out.push_str(key);
        out.push_str(s);
        out.push('\n');
    };
    out.push_str("---\n");
    quoted(&mut out, "title: ", &f.title);
    quoted(&mut out, "description: ", &f.description);
    plain(&mut out, "url: ", &page.permalink(&site.config));
    plain(&mut out, "lang: ", page.lang.code());
    quoted(&mut out, "author: ", &f.author);
    plain(&mut out, "published: ", &f.published.iso());
    plain(&mut out, "updated: ", &f.updated.iso());
    plain(&mut out, "section: ", &f.section);
    out.push_str("tags: [");
    for (n, t) in f.tags.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(&serde_json::to_string(t).unwrap_or_default());
    }
    out.push_str("]\n---\n\n# ");
    out.push_str(&f.title);
    out.push_str("\n\n");
    if !f.description.is_empty() {
        out.push_str("> ");
        out.push_str(&f.description);
        out.push_str("\n\n");
    }
    let mut body = body.markdown.as_str();
    while let Some(rest) = body
        .strip_prefix('\n')
        .or_else(|| body.strip_prefix("\r\n"))
    {
        body = rest;
    }
    // The `memchr` crate searches with vector instructions; `str::contains` goes a word at a time.
    if memchr::memchr(b'\r', body.as_bytes()).is_some() {
        out.push_str(&body.replace("\r\n", "\n"));
    } else {
        out.push_str(body);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

/// Every file of `root/static`, as is.
pub fn static_files(root: &Path) -> Result<Vec<OutputFile>, Diagnostic> {
    static_sources(root)?
        .into_iter()
        .map(|(path, file)| {
            let bytes = std::fs::read(&file)
                .map_err(|e| Diagnostic::error(format!("cannot read {}: {e}", file.display())))?;
            Ok(OutputFile { path, bytes })
        })
        .collect()
}

/// Every file of `root/static` as (output path, file), without reading them.
pub fn static_sources(root: &Path) -> Result<Vec<(String, PathBuf)>, Diagnostic> {
    let dir = root.join(STATIC_DIR);
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.map_err(|e| Diagnostic::error(format!("cannot read static/: {e}")))?;
        if !entry.file_type().is_file() {
            continue;
        }
        files.push((
            crate::output::relative(&dir, entry.path()),
            entry.into_path(),
        ));
    }
    Ok(files)
}
