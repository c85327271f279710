//! The preview's rebuilds. The first build, and any change to `sade.yaml`, `templates/`, a new,
//! removed or renamed page, runs the whole [`crate::site::build`]. An edit to an existing page
//! re-parses and re-renders that file only, then re-renders the page, its translation (whose
//! language switcher names it) and every site-wide file (lists, tags, feeds, sitemap), and runs
//! the site's link checks again. An edit to `static/` re-reads `static/`. Any step that fails
//! leaves the last good outputs as they were.

use std::collections::{BTreeSet, HashMap};
use std::path::{Component, Path, PathBuf};
use std::time::{Duration, Instant};

use crate::check::OutputIndex;
use crate::content::parse_page;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::i18n::Lang;
use crate::listing;
use crate::markdown;
use crate::output::{OutputFile, Outputs};
use crate::render::Templates;
use crate::shortcode::{Context, Registry};
use crate::site::{self, page_files, Options, Site, STATIC_DIR};

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
    site: Site,
    templates: Templates,
    /// The shortcodes of this build: the built-in ones plus the site's template shortcodes.
    registry: Registry,
    /// Paths and HTML ids of `outputs`, kept in step with them for the link checks.
    index: OutputIndex,
    outputs: Outputs,
    /// Page source path (relative to the root) → index in `site.pages`.
    by_source: HashMap<PathBuf, usize>,
    /// Paths of the site-wide files (everything that is neither a page nor static).
    listing_paths: BTreeSet<String>,
    /// Paths of the files copied from `static/`.
    static_paths: BTreeSet<String>,
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

    /// Rebuilds after `paths` (absolute, or relative to the root) changed.
    pub fn rebuild(&mut self, paths: &[PathBuf]) -> Outcome {
        match self.classify(paths) {
            Change::Nothing => Outcome {
                diagnostics: Diagnostics::default(),
                changed: Vec::new(),
                full: false,
                steps: Vec::new(),
            },
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
                "sade.yaml" if parts.next().is_none() => return Change::Full,
                crate::render::TEMPLATES_DIR => return Change::Full,
                STATIC_DIR => statics = true,
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
            (true, _) => {
                if pages.is_empty() {
                    Change::Static
                } else {
                    Change::Full
                }
            }
            (false, false) => Change::Pages(pages),
            (false, true) if !self.pending.is_empty() => Change::Pages(BTreeSet::new()),
            (false, true) => Change::Nothing,
        }
    }

    /// Builds everything again with [`site::build`].
    pub fn full(&mut self) -> Outcome {
        let started = Instant::now();
        let build = site::build(&self.options, &self.registry);
        let mut steps = vec![("build", started.elapsed())];
        let mut diagnostics = build.diagnostics;
        if diagnostics.has_errors() {
            self.stale = true;
            return Outcome {
                diagnostics,
                changed: Vec::new(),
                full: true,
                steps,
            };
        }
        let started = Instant::now();
        // A build without errors has both; the preview keeps rendering with what it used.
        let (Some(site), Some(tools)) = (build.site, build.tools) else {
            self.stale = true;
            diagnostics.push(Diagnostic::error("the build returned no site"));
            return Outcome {
                diagnostics,
                changed: Vec::new(),
                full: true,
                steps,
            };
        };
        let outputs = build.outputs;
        let changed = match &self.state {
            Some(old) => diff(&old.outputs, &outputs),
            None => outputs.0.iter().map(|f| f.path.clone()).collect(),
        };
        let by_source = site
            .pages
            .iter()
            .enumerate()
            .map(|(i, p)| (p.source.path.clone(), i))
            .collect();
        let static_paths = static_paths(&self.options.root);
        let page_paths: BTreeSet<String> = site.pages.iter().flat_map(page_files).collect();
        let listing_paths = outputs
            .0
            .iter()
            .map(|f| &f.path)
            .filter(|p| !page_paths.contains(*p) && !static_paths.contains(*p))
            .cloned()
            .collect();
        self.state = Some(State {
            index: build.index,
            site,
            templates: tools.templates,
            registry: tools.registry,
            outputs,
            by_source,
            listing_paths,
            static_paths,
        });
        self.stale = false;
        self.pending.clear();
        steps.push(("index", started.elapsed()));
        Outcome {
            diagnostics,
            changed,
            full: true,
            steps,
        }
    }

    /// Re-reads `static/` into the outputs.
    fn statics(&mut self) -> Outcome {
        let started = Instant::now();
        let state = self.state.as_mut().expect("classify checked the state");
        let files = match site::static_files(&self.options.root) {
            Ok(f) => f,
            Err(d) => return failed(vec![d], vec![("static", started.elapsed())]),
        };
        let new_paths: BTreeSet<String> = files.iter().map(|f| f.path.clone()).collect();
        let remove: Vec<String> = state.static_paths.difference(&new_paths).cloned().collect();
        let undo = state.apply(files, &remove);
        let mut steps = vec![("static", started.elapsed())];
        let started = Instant::now();
        let errors = crate::check::site_errors(&state.site, &state.index);
        steps.push(("check", started.elapsed()));
        if !errors.is_empty() {
            state.restore(undo);
            return failed(errors, steps);
        }
        state.static_paths = new_paths;
        Outcome {
            diagnostics: Diagnostics::default(),
            changed: changed_paths(&state.outputs, &undo),
            full: false,
            steps,
        }
    }

    /// Re-parses and re-renders the edited pages `files` (and any whose last edit failed).
    fn pages(&mut self, mut files: BTreeSet<PathBuf>) -> Outcome {
        files.append(&mut self.pending.clone());
        let started = Instant::now();
        let root = &self.options.root;
        let state = self.state.as_mut().expect("classify checked the state");
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
            let old = &state.site.pages[i];
            if *old.source.text == *text {
                continue;
            }
            let page = match parse_page(&state.site.config, rel, old.name.clone(), old.lang, text) {
                Ok(p) => p,
                Err(ds) => {
                    errors.extend(ds);
                    continue;
                }
            };
            if page.path != old.path || (page.front.draft && !self.options.drafts) {
                // The page moved or became a draft: other pages' links and lists change shape.
                moved = true;
                break;
            }
            let ctx = Context {
                lang: page.lang,
                page_title: &page.front.title,
                page_path: &page.path,
                block: false,
                strings: Some(state.templates.strings(page.lang)),
                timings: None,
            };
            match markdown::render(&page.source, page.body.clone(), &state.registry, &ctx) {
                Ok(r) => fresh.push((i, page, r)),
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
            return Outcome {
                diagnostics: Diagnostics::default(),
                changed: Vec::new(),
                full: false,
                steps,
            };
        }

        let started = Instant::now();
        // Lists, tags, the sitemap and llms.txt show front matter only; the feeds also carry the
        // body. A body-only edit therefore re-renders just the feed of the page's language.
        let body_only = fresh
            .iter()
            .all(|(i, page, _)| page.front == state.site.pages[*i].front);
        let langs: BTreeSet<Lang> = fresh.iter().map(|(_, page, _)| page.lang).collect();
        let mut affected = BTreeSet::new();
        let mut undo_pages = Vec::new();
        for (i, page, rendered) in fresh {
            affected.insert(i);
            affected.extend(state.site.translations[i]);
            let old_page = std::mem::replace(&mut state.site.pages[i], page);
            let old_rendered = std::mem::replace(&mut state.site.rendered[i], rendered);
            undo_pages.push((i, old_page, old_rendered));
        }
        let undo_site = |site: &mut Site, undo: Vec<_>| {
            for (i, p, r) in undo {
                site.pages[i] = p;
                site.rendered[i] = r;
            }
        };
        let mut new_files = Vec::new();
        for &i in &affected {
            match site::render_page(&state.site, &state.templates, i, &self.options) {
                Ok(files) => new_files.extend(files),
                Err(d) => errors.push(d),
            }
        }
        steps.push(("pages", started.elapsed()));
        let started = Instant::now();
        if body_only {
            new_files.extend(langs.into_iter().map(|l| listing::feed(&state.site, l)));
        } else {
            match listing::site_files(&state.site, &state.templates, &self.options) {
                Ok(files) => new_files.extend(files),
                Err(ds) => errors.extend(ds),
            }
        }
        steps.push(("lists", started.elapsed()));
        if !errors.is_empty() {
            undo_site(&mut state.site, undo_pages);
            self.pending = files;
            return failed(errors, steps);
        }
        let started = Instant::now();
        let page_paths: BTreeSet<String> = affected
            .iter()
            .flat_map(|&i| page_files(&state.site.pages[i]))
            .collect();
        let listing_paths: BTreeSet<String> = if body_only {
            state.listing_paths.clone()
        } else {
            new_files
                .iter()
                .map(|f| f.path.clone())
                .filter(|p| !page_paths.contains(p))
                .collect()
        };
        let remove: Vec<String> = state
            .listing_paths
            .difference(&listing_paths)
            .cloned()
            .collect();
        let undo = state.apply(new_files, &remove);
        let errors = crate::check::site_errors(&state.site, &state.index);
        steps.push(("check", started.elapsed()));
        if !errors.is_empty() {
            state.restore(undo);
            undo_site(&mut state.site, undo_pages);
            self.pending = files;
            return failed(errors, steps);
        }
        state.listing_paths = listing_paths;
        Outcome {
            diagnostics: Diagnostics::default(),
            changed: changed_paths(&state.outputs, &undo),
            full: false,
            steps,
        }
    }
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

fn static_paths(root: &Path) -> BTreeSet<String> {
    site::static_sources(root)
        .map(|files| files.into_iter().map(|(path, _)| path).collect())
        .unwrap_or_default()
}

/// What a path held before [`apply`]: its old bytes, or nothing when it was added.
type Undo = Vec<(String, Option<Vec<u8>>)>;

/// Puts `files` into `outputs` (replacing files with the same path), removes `remove`, and returns
/// what is needed to [`restore`] the previous contents.
fn apply(outputs: &mut Outputs, files: Vec<OutputFile>, remove: &[String]) -> Undo {
    let mut undo = Vec::with_capacity(files.len() + remove.len());
    let mut resort = false;
    for path in remove {
        if let Ok(i) = outputs.0.binary_search_by(|f| f.path.cmp(path)) {
            let old = outputs.0.remove(i);
            undo.push((old.path, Some(old.bytes)));
        }
    }
    for file in files {
        match outputs.0.binary_search_by(|f| f.path.cmp(&file.path)) {
            Ok(i) => {
                let old = std::mem::replace(&mut outputs.0[i].bytes, file.bytes);
                undo.push((file.path, Some(old)));
            }
            Err(_) => {
                undo.push((file.path.clone(), None));
                outputs.0.push(file);
                resort = true;
            }
        }
    }
    if resort {
        outputs.sort();
    }
    undo
}

/// Undoes [`apply`].
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

fn restore(outputs: &mut Outputs, undo: Undo) {
    for (path, old) in undo.into_iter().rev() {
        let at = outputs.0.binary_search_by(|f| f.path.cmp(&path));
        match (at, old) {
            (Ok(i), Some(bytes)) => outputs.0[i].bytes = bytes,
            (Ok(i), None) => {
                outputs.0.remove(i);
            }
            (Err(i), Some(bytes)) => outputs.0.insert(i, OutputFile { path, bytes }),
            (Err(_), None) => {}
        }
    }
}

/// Paths touched by [`apply`] whose bytes differ now.
fn changed_paths(outputs: &Outputs, undo: &Undo) -> Vec<String> {
    let mut changed: Vec<String> = undo
        .iter()
        .filter(|(path, old)| outputs.get(path).map(|f| &f.bytes) != old.as_ref())
        .map(|(path, _)| path.clone())
        .collect();
    changed.sort();
    changed.dedup();
    changed
}

/// Paths that differ between two sorted output lists.
fn diff(old: &Outputs, new: &Outputs) -> Vec<String> {
    let mut changed = Vec::new();
    let (mut a, mut b) = (old.0.iter().peekable(), new.0.iter().peekable());
    loop {
        match (a.peek(), b.peek()) {
            (None, None) => break,
            (Some(x), Some(y)) if x.path == y.path => {
                if x.bytes != y.bytes {
                    changed.push(x.path.clone());
                }
                a.next();
                b.next();
            }
            (Some(x), Some(y)) if x.path < y.path => {
                changed.push(x.path.clone());
                a.next();
            }
            (Some(x), None) => {
                changed.push(x.path.clone());
                a.next();
            }
            (_, Some(y)) => {
                changed.push(y.path.clone());
                b.next();
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(files: &[(&str, &str)]) -> Outputs {
        let mut o = Outputs(
            files
                .iter()
                .map(|(p, b)| OutputFile::text(*p, b.to_string()))
                .collect(),
        );
        o.sort();
        o
    }

    #[test]
    fn apply_then_restore_is_identity() {
        let before = out(&[("a", "1"), ("b", "2"), ("c", "3")]);
        let mut o = before.clone();
        let undo = apply(
            &mut o,
            vec![
                OutputFile::text("b", "x".into()),
                OutputFile::text("d", "4".into()),
            ],
            &["c".to_string()],
        );
        assert_eq!(o.0, out(&[("a", "1"), ("b", "x"), ("d", "4")]).0);
        assert_eq!(changed_paths(&o, &undo), ["b", "c", "d"]);
        restore(&mut o, undo);
        assert_eq!(o.0, before.0);
    }

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
            text.clone(),
        ];
        for (n, edit) in edits.iter().enumerate() {
            std::fs::write(&page, edit).unwrap();
            let outcome = rebuilder.rebuild(std::slice::from_ref(&page));
            assert!(!outcome.full, "edit {n} was incremental");
            let whole = site::build(&options, &Registry::builtin());
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

    #[test]
    fn diff_lists_added_removed_and_changed() {
        let a = out(&[("a", "1"), ("b", "2"), ("c", "3")]);
        let b = out(&[("b", "2"), ("c", "x"), ("d", "4")]);
        assert_eq!(diff(&a, &b), ["a", "c", "d"]);
    }
}
