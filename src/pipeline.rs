//! Stage 5 — the pipeline: one way from sources to outputs, shared by every driver.
//!
//! [`Pipeline::load`] reads `sade.yaml`, the templates, the site's template shortcodes and every
//! page (stages 1–2). A loaded pipeline knows how to make each output of the site's
//! [`Plan`]: a page's body from its markdown and shortcodes ([`Pipeline::render_body`], the one
//! place a page's shortcode [`Context`] is made), a page's two files ([`Pipeline::render_page`]),
//! and any other planned output ([`Pipeline::render_outputs`]). [`Pipeline::run`] makes the whole
//! plan into a [`Sink`], pages in parallel while the lists render, and checks every link.
//!
//! The drivers are thin: `sade build` runs it into a staging folder ([`crate::build`]),
//! `sade check` into nothing and adds warnings ([`crate::check`]), the preview keeps the loaded
//! pipeline and re-renders what an edit changes ([`crate::serve`]), and `sade mdbook` uses the
//! markdown stage alone ([`crate::mdbook`]).

use std::sync::Arc;

use parking_lot::Mutex;
use rayon::prelude::*;

use crate::cards::{self, Cache};
use crate::config::Config;
use crate::content::{load_pages, translations, Page};
use crate::diagnostic::{Diagnostic, Diagnostics, Source};
use crate::i18n::Lang;
use crate::links::OutputIndex;
use crate::listing::{self, Lists};
use crate::markdown::{self, Rendered};
use crate::output::{OutputFile, Sink};
use crate::plan::{Kind, Output, Plan};
use crate::shortcode::{Context, Registry};
use crate::site::Site;
use crate::statics;
use crate::store::Store;
use crate::templates::Templates;
use crate::timings::{time, Part, Timings};

mod options;
pub use options::Options;

/// A loaded site and everything it renders with.
pub struct Pipeline {
    options: Options,
    templates: Templates,
    /// The built-in shortcodes and the site's template shortcodes.
    registry: Registry,
    site: Site,
    /// Problems found while loading that do not stop the pages from rendering (a page's front
    /// matter, a template shortcode's declaration): the run still renders every page, to report
    /// every problem at once, but writes nothing.
    problems: Vec<Diagnostic>,
    /// Each language's base template context, made once.
    bases: [tera::Context; 2],
    /// The drawn social cards, when the build makes them.
    cards: Option<Cache>,
    /// The fleets simulated and the frontiers searched (SPEC §8, §9), kept between builds.
    kept: Store,
}

/// What a run did.
pub struct Report {
    /// Errors and warnings, sorted. With errors, what the sink received must be discarded.
    pub diagnostics: Diagnostics,
    /// The pipeline, when loading got that far (the preview renders on with it; `check` reads
    /// the site).
    pub pipeline: Option<Pipeline>,
    /// Every file the sink received (by path, with its ids): what the link checks used.
    pub index: OutputIndex,
    /// What was to be made.
    pub plan: Plan,
    /// For a build over an existing site: what it wrote and removed.
    pub updated: Option<crate::output::Updated>,
    /// For a build into a folder: what killed builds had left beside it, and was cleared.
    pub leftovers: crate::output::Leftovers,
}

impl Report {
    /// A run that stopped before it had a pipeline.
    pub fn failed(mut diagnostics: Diagnostics) -> Report {
        diagnostics.sort();
        Report {
            diagnostics,
            pipeline: None,
            index: OutputIndex::default(),
            plan: Plan::default(),
            updated: None,
            leftovers: Default::default(),
        }
    }
}

/// A page's rendered body and its share of the search index, or why it could not be rendered.
type PageResult = Result<(Rendered, Option<crate::search::Doc>), Vec<Diagnostic>>;

/// The search shards among `files` (the outputs of [`Output::Search`]), by language.
pub fn search_files(files: &[OutputFile]) -> [Vec<String>; 2] {
    Lang::ALL.map(|lang| {
        let dir = format!("search/{}/", lang.code());
        files
            .iter()
            .filter(|f| f.path.starts_with(&dir))
            .map(|f| f.path.clone())
            .collect()
    })
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
                let error = Diagnostic::error(format!("cannot write {path}: {e}"));
                self.errors.lock().push(error);
            }
            self.index.lock().insert(path, ids);
        })
    }
}

impl Pipeline {
    /// Loads `sade.yaml`, the templates, the site's template shortcodes (added to `registry`)
    /// and the pages. Without a configuration or templates nothing can be rendered: those errors
    /// (with any page's) are returned instead.
    pub fn load(options: &Options, registry: &Registry) -> Result<Pipeline, Diagnostics> {
        let mut problems = Diagnostics::default();
        let root = &options.root;
        let timings = options.timings.as_deref();
        let loaded = time(timings, Part::Setup, "", || {
            let (config, _) = Config::load(root)?;
            match &options.base_url {
                Some(url) => config.with_base_url(url),
                None => Ok(config),
            }
        });
        let config = match loaded {
            Ok(c) => c,
            Err(d) => {
                problems.push(d);
                return Err(problems);
            }
        };
        let templates = time(timings, Part::Setup, "", || Templates::load(root));
        let (pages, page_problems) = load_pages(&config, root, timings);
        problems.extend(page_problems);
        let templates = match templates {
            Ok(t) => t.with_timings(options.timings.clone()),
            Err(ds) => {
                // Without templates, template shortcodes are unknown: rendering pages would only
                // add "unknown shortcode" noise to the real error.
                problems.extend(ds);
                return Err(problems);
            }
        };
        let registry = match time(timings, Part::Setup, "", || {
            registry.with_templates(&templates)
        }) {
            Ok(r) => r,
            Err(ds) => {
                problems.extend(ds);
                registry.clone()
            }
        };
        let (pages, drafts_skipped): (Vec<Page>, Vec<Page>) = pages
            .into_iter()
            .partition(|p| !options.skips_draft(&p.front));
        let (pages, future_skipped): (Vec<Page>, Vec<Page>) = pages
            .into_iter()
            .partition(|p| !options.skips_future(&p.front));
        let site = Site {
            translations: translations(&pages),
            links: crate::aids::Links::of(&pages),
            config,
            rendered: vec![Rendered::default(); pages.len()],
            search: vec![None; pages.len()],
            search_files: Default::default(),
            pages,
            drafts_skipped,
            future_skipped,
        };
        let bases =
            Lang::ALL.map(|lang| crate::render::base(&site, &templates, lang, options.live_reload));
        let bases = match bases {
            [Ok(tr), Ok(en)] => [tr, en],
            [tr, en] => {
                problems.extend([tr.err(), en.err()].into_iter().flatten());
                return Err(problems);
            }
        };
        let cards = (options.cards && site.config.cards)
            .then(|| Cache::new(Some(root.join(cards::CACHE_DIR))));
        Ok(Pipeline {
            options: options.clone(),
            templates,
            registry,
            site,
            problems: problems.0,
            bases,
            cards,
            kept: Store::new(Some(root.join(crate::store::RECOVERY_DIR))),
        })
    }

    /// Loads the site and runs it into `sink`: [`Pipeline::load`], then [`Pipeline::run`].
    pub fn build(
        options: &Options,
        registry: &Registry,
        sink: &dyn Sink,
        keep_bodies: bool,
    ) -> Report {
        match Pipeline::load(options, registry) {
            Ok(pipeline) => pipeline.run(sink, keep_bodies),
            Err(diagnostics) => Report::failed(diagnostics),
        }
    }

    /// How it builds.
    pub fn options(&self) -> &Options {
        &self.options
    }
    /// The templates and UI strings.
    pub fn templates(&self) -> &Templates {
        &self.templates
    }
    /// The shortcodes, the site's template shortcodes included.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }
    /// The site.
    pub fn site(&self) -> &Site {
        &self.site
    }
    /// The site, to change (the preview replaces edited pages).
    pub fn site_mut(&mut self) -> &mut Site {
        &mut self.site
    }

    /// What the shortcodes of `page` know about where they are.
    pub fn context<'a>(&'a self, page: &'a Page) -> Context<'a> {
        Context {
            lang: page.lang,
            page_title: &page.front.title,
            page_path: &page.path,
            root: self.site.config.urls.root(),
            block: false,
            strings: Some(self.templates.strings(page.lang)),
            timings: self.options.timings.as_deref(),
            body: None,
            // Asked of block calls by the renderer when the page is searched.
            text: false,
            kept: Some(&self.kept),
        }
    }

    /// The body of `page` (whose text is `source`): markdown with every shortcode expanded.
    /// With search on for the page, the body's text comes too ([`Rendered::text`]).
    pub fn render_body(&self, page: &Page, source: &Source) -> Result<Rendered, Vec<Diagnostic>> {
        time(self.timings(), Part::Markdown, "", || {
            markdown::render_with(
                source,
                page.body.clone(),
                &self.registry,
                &self.context(page),
                self.searched(page),
            )
        })
    }

    /// Whether `page` goes into the search index.
    fn searched(&self, page: &Page) -> bool {
        self.site.config.search && page.front.search
    }

    /// Page `i`'s `index.html` and `index.md` from its rendered `body`; `source` is its text.
    pub fn render_page(
        &self,
        i: usize,
        source: &Source,
        body: &Rendered,
    ) -> Result<[OutputFile; 2], Diagnostic> {
        let base = &self.bases[self.site.pages[i].lang.index()];
        time(self.timings(), Part::PageData, "", || {
            crate::render::page(&self.site, &self.templates, i, source, body, base)
        })
    }

    /// Page `i`'s social card ([`cards::page_file`]), when the build makes cards.
    pub fn render_card(&self, i: usize, body: &Rendered) -> Result<Option<OutputFile>, Diagnostic> {
        let Some(cache) = &self.cards else {
            return Ok(None);
        };
        time(self.timings(), Part::Cards, "", || {
            cards::page_file(&self.site, i, body, cache)
        })
    }

    /// The social cards' cache, when the build makes cards.
    pub fn cards(&self) -> Option<&Cache> {
        self.cards.as_ref()
    }

    /// The fleets and frontiers kept between builds.
    pub fn kept(&self) -> &Store {
        &self.kept
    }

    /// The share of `page` (rendered as `body`) in the search index; `None` when it is left
    /// out of search or the site has none.
    pub fn search_doc(&self, page: &Page, body: &Rendered) -> Option<crate::search::Doc> {
        let config = &self.site.config;
        if !self.searched(page) {
            return None;
        }
        time(self.timings(), Part::Search, "", || {
            let section = page
                .front
                .section
                .as_ref()
                .and_then(|s| config.sections.get(s))
                .map_or("", |s| &s.label[&page.lang]);
            let headings: Vec<&str> = body.headings.iter().map(|h| h.text.as_str()).collect();
            let fields = crate::search::Fields {
                title: &page.front.title,
                tags: &page.front.tags,
                headings: &headings,
                description: &page.front.description,
                text: &body.text,
            };
            Some(crate::search::Doc::new(
                page.lang, &page.path, section, &fields,
            ))
        })
    }

    /// Search: both languages' indexes from every page's share, and both search pages (which
    /// carry the indexes' manifests).
    pub fn search_outputs(&self) -> Result<Vec<OutputFile>, Diagnostic> {
        let build = |lang: Lang| {
            time(self.timings(), Part::Search, "", || {
                let docs: Vec<&crate::search::Doc> = self
                    .site
                    .pages
                    .iter()
                    .zip(&self.site.search)
                    .filter(|(p, _)| p.lang == lang)
                    .filter_map(|(_, d)| d.as_ref())
                    .collect();
                crate::search::index::build(lang, &docs)
            })
        };
        let (tr, en) = rayon::join(|| build(Lang::Tr), || build(Lang::En));
        let manifests = format!("{{\"tr\":{},\"en\":{}}}", tr.manifest, en.manifest);
        let lists = Lists::new(&self.site, &self.templates, &self.bases);
        let mut files = tr.files;
        files.extend(en.files);
        for lang in Lang::ALL {
            files.push(time(self.timings(), Part::Lists, "", || {
                lists.search_page(lang, &manifests)
            })?);
        }
        Ok(files)
    }

    /// The plan of the site as loaded, with the files of `static/` as they are now.
    pub fn plan(&self) -> Result<Plan, Diagnostic> {
        let statics = statics::sources(&self.options.root)?;
        Ok(Plan::of(&self.site, statics))
    }

    /// Makes `outputs` from the site as it is (pages from their rendered bodies).
    pub fn render_outputs(&self, outputs: &[&Output]) -> Result<Vec<OutputFile>, Vec<Diagnostic>> {
        let lists = outputs
            .iter()
            .any(|o| o.kind() == Kind::List)
            .then(|| Lists::new(&self.site, &self.templates, &self.bases));
        let made: Vec<Result<Vec<OutputFile>, Diagnostic>> = outputs
            .par_iter()
            .map(|&output| match output {
                Output::Page(i) => {
                    let page = &self.site.pages[*i];
                    let body = &self.site.rendered[*i];
                    let mut files = Vec::from(self.render_page(*i, &page.source, body)?);
                    files.extend(self.render_card(*i, body)?);
                    Ok(files)
                }
                Output::Feed(lang) => Ok(vec![listing::feed(&self.site, *lang)]),
                Output::Search => self.search_outputs(),
                Output::Static(path) => self.static_file(path).map(|f| vec![f]),
                other => match lists.as_ref().and_then(|l| l.render(other)) {
                    Some(file) => file.map(|f| vec![f]),
                    None => Ok(Vec::new()),
                },
            })
            .collect();
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for m in made {
            match m {
                Ok(f) => files.extend(f),
                Err(d) => errors.push(d),
            }
        }
        if errors.is_empty() {
            Ok(files)
        } else {
            Err(errors)
        }
    }

    fn static_file(&self, path: &str) -> Result<OutputFile, Diagnostic> {
        time(self.timings(), Part::Reading, "", || {
            statics::read(&self.options.root, path)
        })
    }

    fn timings(&self) -> Option<&Timings> {
        self.options.timings.as_deref()
    }

    /// Makes the whole plan into `sink`, page by page in parallel, and checks every link. With
    /// `keep_bodies` the site keeps every page's rendered body and text (the preview re-renders
    /// single pages); without, only the bodies the feeds need, so memory stays flat however big
    /// the site is.
    pub fn run(mut self, sink: &dyn Sink, keep_bodies: bool) -> Report {
        let mut diagnostics = Diagnostics::default();
        diagnostics.extend(std::mem::take(&mut self.problems));
        let plan = match time(self.timings(), Part::Setup, "", || self.plan()) {
            Ok(p) => p,
            Err(d) => {
                diagnostics.push(d);
                Plan::of(&self.site, Vec::new())
            }
        };
        // Held apart from `self`, which the results are written back into.
        let timings = self.options.timings.clone();
        let timings = timings.as_deref();
        let recorder = Recorder {
            sink,
            timings,
            index: Mutex::new(OutputIndex::default()),
            errors: Mutex::new(Vec::new()),
        };
        let page_problems = diagnostics.has_errors();
        let keep: Vec<bool> = if keep_bodies {
            vec![true; self.site.pages.len()]
        } else {
            let feeds = listing::feed_pages(&self.site);
            (0..self.site.pages.len())
                .map(|i| feeds.contains(&i))
                .collect()
        };
        // The pages' texts are lent to the render workers. Without `keep_bodies` (writing to
        // disk, `sade check`) each text is let go once its page is rendered: on big sites the
        // sources are most of the memory. `Site::reload_sources` reads them back if a diagnostic
        // needs them.
        let texts: Vec<Arc<String>> = self
            .site
            .pages
            .iter_mut()
            .map(|p| std::mem::take(&mut p.source.text))
            .collect();
        let this = &self;
        let render_pages = || -> Vec<(PageResult, Option<Arc<String>>)> {
            texts
                .into_par_iter()
                .enumerate()
                .map(|(i, text)| {
                    let page = &this.site.pages[i];
                    let source = Source::shared(page.source.path.clone(), text);
                    let file = source.path.display();
                    let result = crate::timings::page(timings, &file, || {
                        let mut body = this.render_body(page, &source)?;
                        let doc = this.search_doc(page, &body);
                        // The text is in the page's share of the index now.
                        body.text = String::new();
                        if !page_problems {
                            let files = this.render_page(i, &source, &body).map_err(|d| vec![d])?;
                            let card = this.render_card(i, &body).map_err(|d| vec![d])?;
                            for f in files.into_iter().chain(card) {
                                recorder.put(f);
                            }
                        }
                        if !keep[i] {
                            body.html = String::new();
                            body.markdown = String::new();
                            body.calls = Vec::new();
                        }
                        Ok((body, doc))
                    });
                    (result, keep_bodies.then_some(source.text))
                })
                .collect()
        };
        // The lists need front matter only, so they are made while the pages render: the
        // biggest (a section listing every page) would otherwise run alone at the end.
        let make_lists = || -> Vec<Diagnostic> {
            if page_problems {
                return Vec::new();
            }
            time(timings, Part::Lists, "", || {
                let lists = Lists::new(&this.site, &this.templates, &this.bases);
                let outputs: Vec<&Output> = plan.of_kind(Kind::List).collect();
                outputs
                    .par_iter()
                    .filter_map(|o| lists.render(o))
                    .collect::<Vec<_>>()
                    .into_iter()
                    .filter_map(|made| match made {
                        Ok(f) => {
                            recorder.put(f);
                            None
                        }
                        Err(d) => Some(d),
                    })
                    .collect()
            })
        };
        let (rendered, list_problems) = rayon::join(render_pages, make_lists);
        for (i, (r, text)) in rendered.into_iter().enumerate() {
            match r {
                Ok((b, doc)) => {
                    self.site.rendered[i] = b;
                    self.site.search[i] = doc;
                }
                Err(ds) => diagnostics.extend(ds),
            }
            if let Some(text) = text {
                self.site.pages[i].source.text = text;
            }
        }
        diagnostics.extend(list_problems);
        if diagnostics.has_errors() {
            diagnostics.sort();
            return Report {
                diagnostics,
                pipeline: Some(self),
                index: OutputIndex::default(),
                plan,
                updated: None,
                leftovers: Default::default(),
            };
        }
        for output in plan.of_kind(Kind::Feed) {
            if let Output::Feed(lang) = output {
                let feed = time(timings, Part::Lists, "", || {
                    listing::feed(&self.site, *lang)
                });
                recorder.put(feed);
            }
        }
        if plan.of_kind(Kind::Search).next().is_some() {
            match self.search_outputs() {
                Ok(files) => {
                    self.site.search_files = search_files(&files);
                    for f in files {
                        recorder.put(f);
                    }
                }
                Err(d) => diagnostics.push(d),
            }
        }
        for output in plan.of_kind(Kind::Static) {
            if let Output::Static(path) = output {
                match self.static_file(path) {
                    Ok(f) => recorder.put(f),
                    Err(d) => diagnostics.push(d),
                }
            }
        }
        let index = recorder.index.into_inner();
        diagnostics.extend(recorder.errors.into_inner());
        let mut errors = time(timings, Part::Checks, "", || {
            crate::links::site_errors(&self.site, &index)
        });
        if !errors.is_empty() && !keep_bodies {
            // The diagnostics quote the sources, which were let go after rendering.
            self.site.reload_sources(&self.options.root);
            errors = crate::links::site_errors(&self.site, &index);
        }
        diagnostics.extend(errors);
        diagnostics.sort();
        Report {
            diagnostics,
            pipeline: Some(self),
            index,
            plan,
            updated: None,
            leftovers: Default::default(),
        }
    }
}
