//! The preview's rebuilds. The first build, and any change to `sade.yaml`, `templates/`, a new,
//! removed or renamed page, runs the whole pipeline. An edit to an existing page re-parses and
//! re-renders that file only; then the page, its translation (whose language switcher names it)
//! and the site-wide outputs are made again, as the plan before and after the edit says: every
//! list when front matter changed, only the language's feed when just the body did, and the
//! outputs the new plan no longer has (a tag nobody uses now) are removed. An edit to `static/`
//! compares the plans' static files. The link checks run again after each; any step that fails
//! leaves the last good outputs as they were.

use std::collections::{BTreeSet, HashMap};
use std::path::{Component, PathBuf};
use std::time::{Duration, Instant};

use crate::content::{parse_page, Page};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::i18n::Lang;
use crate::links::OutputIndex;
use crate::output::{Collect, OutputFile, Outputs};

use super::outputs::{apply, changed_paths, diff, restore, Undo};
use crate::pipeline::{Options, Pipeline};
use crate::plan::{Kind, Output, Plan};
use crate::shortcode::Registry;
use crate::site::Site;

/// The result of one rebuild.
pub struct Outcome {
    /// Errors (the outputs were left as they were) and warnings.
    pub diagnostics: Diagnostics,
    /// Output paths added, removed or changed, sorted.
    pub changed: Vec<String>,
    /// Was it the whole build?
    pub full: bool,
    /// How long each step took, in order.
    pub steps: Vec<(&'static str, Duration)>,
}

impl Outcome {
    /// Total time of the steps.
    pub fn elapsed(&self) -> Duration {
        self.steps.iter().map(|(_, d)| *d).sum()
    }

    fn nothing(steps: Vec<(&'static str, Duration)>) -> Outcome {
        Outcome {
            diagnostics: Diagnostics::default(),
            changed: Vec::new(),
            full: false,
            steps,
        }
    }
}

/// What a set of changed paths asks for.
#[derive(Debug, PartialEq, Eq)]
enum Change {
    Nothing,
    Full,
    Static,
    Pages(BTreeSet<PathBuf>),
}

/// The last good build, kept to rebuild from.
struct State {
    /// The loaded site, its templates and shortcodes, every page's body and text.
    pipeline: Pipeline,
    /// What `outputs` was made from.
    plan: Plan,
    /// Paths and HTML ids of `outputs`, kept in step with them for the link checks.
    index: OutputIndex,
    outputs: Outputs,
    /// Page source path (relative to the root) → index in the site's pages.
    by_source: HashMap<PathBuf, usize>,
}

/// Rebuilds a site after changes, as little of it as is correct.
pub struct Rebuilder {
    options: Options,
    registry: Registry,
    state: Option<State>,
    /// The next rebuild must be a full one (the last full build failed).
    stale: bool,
    /// Pages edited since the last good build whose edit failed; retried with the next change.
    pending: BTreeSet<PathBuf>,
}

impl Rebuilder {
    /// A rebuilder for `options.root` (nothing is built yet; call [`Rebuilder::full`]).
    pub fn new(options: Options, registry: Registry) -> Rebuilder {
        Rebuilder {
            options,
            registry,
            state: None,
            stale: true,
            pending: BTreeSet::new(),
        }
    }

    /// The outputs of the last good build.
    pub fn outputs(&self) -> Option<&Outputs> {
        self.state.as_ref().map(|s| &s.outputs)
    }

    /// The base path the last good build is served under (`/`, `/notes/`).
    pub fn root(&self) -> Option<&str> {
        self.state
            .as_ref()
            .map(|s| s.pipeline.site().config.urls.root())
    }

    /// Rebuilds after `paths` (absolute, or relative to the root) changed.
    pub fn rebuild(&mut self, paths: &[PathBuf]) -> Outcome {
        match self.classify(paths) {
            Change::Nothing => Outcome::nothing(Vec::new()),
            Change::Full => self.full(),
            Change::Static => self.statics(),
            Change::Pages(files) => self.pages(files),
        }
    }

    fn classify(&self, paths: &[PathBuf]) -> Change {
        let Some(state) = self.state.as_ref().filter(|_| !self.stale) else {
            return Change::Full;
        };
        let mut pages = BTreeSet::new();
        let mut statics = false;
        for path in paths {
            let rel = path.strip_prefix(&self.options.root).unwrap_or(path);
            let name = rel.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.starts_with('.') || name.ends_with('~') || name.ends_with(".swp") {
                continue;
            }
            let mut parts = rel.components();
            let top = match parts.next() {
                Some(Component::Normal(top)) => top.to_str().unwrap_or(""),
                _ => continue,
            };
            let exists = self.options.root.join(rel).exists();
            match top {
                crate::config::CONFIG_FILE if parts.next().is_none() => return Change::Full,
                crate::templates::TEMPLATES_DIR => return Change::Full,
                crate::statics::STATIC_DIR => statics = true,
                crate::content::CONTENT_DIR => {
                    let is_md = rel.extension().is_some_and(|e| e == "md");
                    if is_md && exists && state.by_source.contains_key(rel) {
                        pages.insert(rel.to_path_buf());
                    } else if is_md
                        || (!exists && state.by_source.keys().any(|k| k.starts_with(rel)))
                    {
                        // A page added, removed or renamed, or a folder of them.
                        return Change::Full;
                    }
                }
                _ => {}
            }
        }
        match (statics, pages.is_empty()) {
            (true, true) => Change::Static,
            (true, false) => Change::Full,
            (false, false) => Change::Pages(pages),
            (false, true) if !self.pending.is_empty() => Change::Pages(BTreeSet::new()),
            (false, true) => Change::Nothing,
        }
    }

    /// Builds everything again.
    pub fn full(&mut self) -> Outcome {
        let started = Instant::now();
        let collect = Collect::default();
        let report = Pipeline::build(&self.options, &self.registry, &collect, true);
        let steps = vec![("build", started.elapsed())];
        let mut diagnostics = report.diagnostics;
        let pipeline = match report.pipeline {
            Some(p) if !diagnostics.has_errors() => p,
            _ => {
                self.stale = true;
                if !diagnostics.has_errors() {
                    diagnostics.push(Diagnostic::error("the build returned no site"));
                }
                return Outcome {
                    diagnostics,
                    changed: Vec::new(),
                    full: true,
                    steps,
                };
            }
        };
        let outputs = collect.into_outputs();
        let changed = match &self.state {
            Some(old) => diff(&old.outputs, &outputs),
            None => outputs.0.iter().map(|f| f.path.clone()).collect(),
        };
        let by_source = pipeline
            .site()
            .pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.source.path.clone(), i))
            .collect();
        self.state = Some(State {
            pipeline,
            plan: report.plan,
            index: report.index,
            outputs,
            by_source,
        });
        self.stale = false;
        self.pending.clear();
        Outcome {
            diagnostics,
            changed,
            full: true,
            steps,
        }
    }

    /// Re-reads `static/`: the new plan's static files are made again, the old plan's that
    /// are gone are removed.
    fn statics(&mut self) -> Outcome {
        let started = Instant::now();
        let state = self.state.as_mut().expect("classify checked the state");
        let plan = match state.pipeline.plan() {
            Ok(p) => p,
            Err(d) => return failed(vec![d], vec![("static", started.elapsed())]),
        };
        let render: Vec<&Output> = plan.of_kind(Kind::Static).collect();
        let made = state.pipeline.render_outputs(&render);
        let mut steps = vec![("static", started.elapsed())];
        let files = match made {
            Ok(files) => files,
            Err(ds) => return failed(ds, steps),
        };
        match state.replace(plan, files, Vec::new()) {
            Ok(changed) => {
                steps.push(("check", started.elapsed()));
                Outcome {
                    changed,
                    ..Outcome::nothing(steps)
                }
            }
            Err(errors) => failed(errors, steps),
        }
    }

    /// Re-parses and re-renders the edited pages `files` (and any whose last edit failed).
    fn pages(&mut self, mut files: BTreeSet<PathBuf>) -> Outcome {
        files.append(&mut self.pending.clone());
        let started = Instant::now();
        let root = &self.options.root;
        let state = self.state.as_mut().expect("classify checked the state");
        let pipeline = &state.pipeline;
        let site = pipeline.site();
        let mut errors = Vec::new();
        let mut fresh = Vec::new();
        let mut moved = false;
        for rel in &files {
            let (Some(&i), Ok(text)) = (
                state.by_source.get(rel),
                crate::content::read_text(&root.join(rel)),
            ) else {
                moved = true;
                break;
            };
            let old = &site.pages[i];
            if *old.source.text == *text {
                continue;
            }
            let page = match parse_page(&site.config, rel, old.name.clone(), old.lang, text) {
                Ok(p) => p,
                Err(ds) => {
                    errors.extend(ds);
                    continue;
                }
            };
            let in_menu = |p: &Page| p.front.section.is_none();
            let menu_changed = (in_menu(old) || in_menu(&page))
                && (in_menu(old) != in_menu(&page)
                    || old.front.title != page.front.title
                    || old.front.weight != page.front.weight);
            if page.path != old.path
                || self.options.skips_draft(&page.front)
                || self.options.skips_future(&page.front)
                || menu_changed
            {
                // The page moved, became a draft or moved into the future, or the menu every
                // page shows changed: other pages' links and lists change shape.
                moved = true;
                break;
            }
            match pipeline.render_body(&page, &page.source) {
                Ok(mut r) => {
                    let doc = pipeline.search_doc(&page, &r);
                    r.text = String::new();
                    fresh.push((i, page, r, doc));
                }
                Err(ds) => errors.extend(ds),
            }
        }
        if moved {
            return self.full();
        }
        let mut steps = vec![("parse", started.elapsed())];
        if !errors.is_empty() {
            self.pending = files;
            return failed(errors, steps);
        }
        self.pending.clear();
        if fresh.is_empty() {
            return Outcome::nothing(steps);
        }

        let started = Instant::now();
        // Lists, tags, the sitemap and llms.txt show front matter only; the feeds also carry the
        // body. A body-only edit therefore makes just the feed of the page's language again.
        let body_only = fresh
            .iter()
            .all(|(i, page, _, _)| page.front == site.pages[*i].front);
        let langs: BTreeSet<Lang> = fresh.iter().map(|(_, page, _, _)| page.lang).collect();
        let mut affected = BTreeSet::new();
        let mut undo_pages = Vec::new();
        let site = state.pipeline.site_mut();
        for (i, page, rendered, doc) in fresh {
            affected.insert(i);
            affected.extend(site.translations[i]);
            let old_page = std::mem::replace(&mut site.pages[i], page);
            let old_rendered = std::mem::replace(&mut site.rendered[i], rendered);
            let old_doc = std::mem::replace(&mut site.search[i], doc);
            undo_pages.push((i, old_page, old_rendered, old_doc));
        }
        // Pages show their neighbours' and their series' titles: those of the edited pages, before
        // and after the edit, are made again, with every page whose links changed.
        let old_links = (!body_only).then(|| {
            let links = crate::aids::Links::of(&site.pages);
            let edited: Vec<usize> = undo_pages.iter().map(|(i, ..)| *i).collect();
            affected.extend(site.links.touched(&links, &edited));
            std::mem::replace(&mut site.links, links)
        });
        let undo_site = |site: &mut Site, undo: Vec<_>| {
            for (i, p, r, d) in undo {
                site.pages[i] = p;
                site.rendered[i] = r;
                site.search[i] = d;
            }
            if let Some(links) = old_links {
                site.links = links;
            }
        };
        let plan = match state.pipeline.plan() {
            Ok(p) => p,
            Err(d) => {
                undo_site(state.pipeline.site_mut(), undo_pages);
                self.pending = files;
                return failed(vec![d], steps);
            }
        };
        let mut render: Vec<&Output> = Vec::new();
        let pages: Vec<Output> = affected.iter().map(|&i| Output::Page(i)).collect();
        render.extend(&pages);
        let feeds: Vec<Output> = langs.into_iter().map(Output::Feed).collect();
        if body_only {
            render.extend(&feeds);
        } else {
            render.extend(plan.of_kind(Kind::List).chain(plan.of_kind(Kind::Feed)));
        }
        // Every edit can change what the search finds.
        render.extend(plan.of_kind(Kind::Search));
        let made = state.pipeline.render_outputs(&render);
        // The shards the index no longer has (their names are their contents' hashes).
        let (stale, shards) = match &made {
            Ok(files) => search_shards(state.pipeline.site(), files),
            Err(_) => Default::default(),
        };
        steps.push(("render", started.elapsed()));
        let started = Instant::now();
        let result = made.and_then(|files| state.replace(plan, files, stale));
        steps.push(("check", started.elapsed()));
        match result {
            Ok(changed) => {
                state.pipeline.site_mut().search_files = shards;
                Outcome {
                    changed,
                    ..Outcome::nothing(steps)
                }
            }
            Err(errors) => {
                undo_site(state.pipeline.site_mut(), undo_pages);
                self.pending = files;
                failed(errors, steps)
            }
        }
    }
}

impl State {
    /// Puts `files` into the outputs, removes the files of every output the current plan has and
    /// `plan` does not, and checks the links; then `plan` is the current one. On a broken link
    /// nothing changes. Returns the paths whose bytes changed.
    fn replace(
        &mut self,
        plan: Plan,
        files: Vec<OutputFile>,
        also_remove: Vec<String>,
    ) -> Result<Vec<String>, Vec<Diagnostic>> {
        let site = self.pipeline.site();
        let mut remove: Vec<String> = self
            .plan
            .missing_from(&plan)
            .into_iter()
            .flat_map(|o| o.paths(site))
            .collect();
        remove.extend(also_remove);
        let undo = self.apply(files, &remove);
        let errors = crate::links::site_errors(self.pipeline.site(), &self.index);
        if !errors.is_empty() {
            self.restore(undo);
            return Err(errors);
        }
        self.plan = plan;
        Ok(changed_paths(&self.outputs, &undo))
    }
}

/// The search shards among `files` (made again), by language, and those `site` had before
/// that they replace.
fn search_shards(site: &Site, files: &[OutputFile]) -> (Vec<String>, [Vec<String>; 2]) {
    let shards = crate::pipeline::search_files(files);
    let stale = site
        .search_files
        .iter()
        .flatten()
        .filter(|p| !shards.iter().flatten().any(|n| n == *p))
        .cloned()
        .collect();
    (stale, shards)
}

fn failed(errors: Vec<Diagnostic>, steps: Vec<(&'static str, Duration)>) -> Outcome {
    let mut diagnostics = Diagnostics::default();
    diagnostics.extend(errors);
    diagnostics.sort();
    Outcome {
        diagnostics,
        changed: Vec::new(),
        full: false,
        steps,
    }
}

impl State {
    /// [`apply`] to the outputs, keeping the link-check index in step.
    fn apply(&mut self, files: Vec<OutputFile>, remove: &[String]) -> Undo {
        let undo = apply(&mut self.outputs, files, remove);
        self.refresh_index(undo.iter().map(|(p, _)| p.clone()).collect());
        undo
    }

    /// [`restore`] the outputs, keeping the link-check index in step.
    fn restore(&mut self, undo: Undo) {
        let paths = undo.iter().map(|(p, _)| p.clone()).collect();
        restore(&mut self.outputs, undo);
        self.refresh_index(paths);
    }

    /// Re-reads the index entries of `paths` (recorded, or forgotten if gone).
    fn refresh_index(&mut self, paths: Vec<String>) {
        for path in paths {
            match self.outputs.get(&path) {
                Some(f) => self.index.record(f),
                None => self.index.remove(&path),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// Incremental rebuilds must give exactly what a whole build gives.
    #[test]
    fn incremental_matches_a_whole_build() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        // The fixture's content and config, with the repository's templates.
        for (from, to) in [
            (
                repo.join("tests/fixtures/serve-site"),
                dir.path().to_path_buf(),
            ),
            (repo.join("templates"), dir.path().join("templates")),
        ] {
            for entry in walkdir::WalkDir::new(&from) {
                let entry = entry.unwrap();
                let dest = to.join(entry.path().strip_prefix(&from).unwrap());
                if entry.file_type().is_dir() {
                    std::fs::create_dir_all(&dest).unwrap();
                } else {
                    std::fs::copy(entry.path(), &dest).unwrap();
                }
            }
        }
        // A second page in the section, in a series: the first page's edits show on it.
        std::fs::write(
            dir.path().join("content/blog/later.en.md"),
            "---\ntitle: \"Later\"\npublished: 2026-02-01\nsection: Post\nseries: \"S\"\n---\n\nLater.\n",
        )
        .unwrap();
        let options = Options {
            live_reload: true,
            ..Options::new(dir.path())
        };
        let mut rebuilder = Rebuilder::new(options.clone(), Registry::builtin());
        assert!(!rebuilder.full().diagnostics.has_errors());
        let page = dir.path().join("content/blog/hello.en.md");
        let text = std::fs::read_to_string(&page).unwrap();
        let edits = [
            text.replace(
                "Hello from the fixture site.",
                "A body edit.\n\n## New heading",
            ),
            text.replace("title: \"Hello\"", "title: \"Renamed\"")
                .replace("[\"retry\"]", "[\"retry\", \"new-tag\"]"),
            format!("{text}\n<< backoff_table(base=100) >>\n"),
            text.replace("section: Post", "section: Post\nseries: \"S\""),
            text.replace("section: Post", "section: Post\nseries: \"S\"")
                .replace("2026-01-05", "2026-03-01")
                .replace("title: \"Hello\"", "title: \"Renamed\""),
            text.replace("2026-01-05", "2026-03-01"),
            text.clone(),
        ];
        for (n, edit) in edits.iter().enumerate() {
            std::fs::write(&page, edit).unwrap();
            let outcome = rebuilder.rebuild(std::slice::from_ref(&page));
            assert!(!outcome.full, "edit {n} was incremental");
            let whole = crate::build::build(&options, &Registry::builtin());
            assert_eq!(
                outcome.diagnostics.has_errors(),
                whole.diagnostics.has_errors(),
                "edit {n}"
            );
            if whole.diagnostics.has_errors() {
                continue;
            }
            let ours = rebuilder.outputs().unwrap();
            let paths = |o: &Outputs| o.0.iter().map(|f| f.path.clone()).collect::<Vec<_>>();
            assert_eq!(paths(ours), paths(&whole.outputs), "edit {n}");
            for (a, b) in ours.0.iter().zip(&whole.outputs.0) {
                assert!(a.bytes == b.bytes, "edit {n}: {} differs", a.path);
            }
        }
    }
}
