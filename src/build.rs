//! `sade build`: the pipeline into a folder. Each file is written into a staging folder beside
//! the output as it is rendered; only if the whole build succeeded does the staging folder
//! replace a new or empty output folder, or, over an existing site, the files that changed move
//! into it. A failed build leaves the output exactly as it was.

use std::fs;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::links::OutputIndex;
use crate::output::{self, Collect, Outputs, Update, WriteTo};
pub use crate::pipeline::Options;
use crate::pipeline::{Pipeline, Report};
use crate::shortcode::Registry;
use crate::timings::{time, Part};

/// A build in memory: the files, and every problem found.
pub struct Build {
    /// What would be written (empty when there are errors).
    pub outputs: Outputs,
    /// Errors and warnings, sorted.
    pub diagnostics: Diagnostics,
    /// The pipeline, when loading got that far.
    pub pipeline: Option<Pipeline>,
    /// Paths and ids of the outputs, for link checks (empty when there are errors).
    pub index: OutputIndex,
}

/// Loads and renders the whole site in memory, keeping every page's body and text.
pub fn build(options: &Options, registry: &Registry) -> Build {
    let collect = Collect::default();
    let report = Pipeline::build(options, registry, &collect, true);
    let outputs = if report.diagnostics.has_errors() {
        Outputs::default()
    } else {
        collect.into_outputs()
    };
    Build {
        outputs,
        diagnostics: report.diagnostics,
        pipeline: report.pipeline,
        index: report.index,
    }
}

/// Builds into the folder `out` (see the module's documentation).
pub fn build_to_dir(options: &Options, registry: &Registry, out: &Path) -> Report {
    // Loaded before anything is made on disk: without a site (no `sade.yaml`, say) the build
    // stops here, and creates no folder.
    let pipeline = match Pipeline::load(options, registry) {
        Ok(p) => p,
        Err(diagnostics) => return Report::failed(diagnostics),
    };
    // Through a symbolic link to the real folder: staged beside it, on its file system, and the
    // link stays a link.
    let resolved = fs::canonicalize(out).ok();
    let out = resolved.as_deref().unwrap_or(out);
    // What killed builds left (their own folders only, and only if their process is gone).
    let leftovers = match output::clear_leftovers(out) {
        Ok(l) => l,
        Err(e) => {
            return Report::failed(
                Diagnostic::error(format!(
                    "cannot clear what an interrupted build left beside {}: {e}",
                    out.display()
                ))
                .into(),
            )
        }
    };
    let mut report = build_into(pipeline, options, out);
    report.leftovers = leftovers;
    report
}

/// [`build_to_dir`] once the site is loaded and `out` is clear of leftovers.
fn build_into(pipeline: Pipeline, options: &Options, out: &Path) -> Report {
    // Folders made for the staging folder's sake are removed again if the build fails.
    let made_from = first_missing(out.parent());
    let staging = match output::staging_dir(out) {
        Ok(s) => s,
        Err(e) => {
            return Report::failed(
                Diagnostic::error(format!(
                    "cannot create a staging folder beside {}: {e}",
                    out.display()
                ))
                .into(),
            )
        }
    };
    let discard = |staging: &Path| {
        let _ = fs::remove_dir_all(staging);
        if let Some(top) = &made_from {
            remove_empty_up_to(staging.parent(), top);
        }
    };
    let timings = options.timings.as_deref();
    if output::has_contents(out) {
        let update = Update::new(out, &staging);
        let mut report = pipeline.run(&update, false);
        if report.diagnostics.has_errors() {
            discard(&staging);
            return report;
        }
        let made = report.index.paths().collect();
        let changed = update.into_changed();
        let applied = time(timings, Part::Writing, "", || {
            output::apply_update(&staging, out, &changed, &made)
        });
        match applied {
            Ok(updated) => {
                report.updated = Some(updated);
                prune_kept(&report);
            }
            Err(e) => {
                let _ = fs::remove_dir_all(&staging);
                report.diagnostics.push(
                    Diagnostic::error(format!("cannot update {}: {e}", out.display())).with_help(
                        "no file is half-written: each one was moved in whole or left as it was",
                    ),
                );
            }
        }
        return report;
    }
    let mut report = pipeline.run(&WriteTo::new(&staging), false);
    if report.diagnostics.has_errors() {
        discard(&staging);
        return report;
    }
    let swapped = time(timings, Part::Writing, "", || {
        output::swap_in(&staging, out)
    });
    prune_kept(&report);
    if let Err(e) = swapped {
        report.diagnostics.push(Diagnostic::error(format!(
            "cannot replace {}: {e}",
            out.display()
        )));
    }
    report
}

/// After a build that made every page: the cached cards and kept frontiers it did not use go.
fn prune_kept(report: &Report) {
    if let Some(pipeline) = &report.pipeline {
        if let Some(cache) = pipeline.cards() {
            cache.prune();
        }
        pipeline.kept().prune();
    }
}

/// The outermost folder of `dir` and its ancestors that does not exist yet.
fn first_missing(dir: Option<&Path>) -> Option<PathBuf> {
    let mut missing = None;
    let mut cur = dir.filter(|d| !d.as_os_str().is_empty());
    while let Some(d) = cur.filter(|d| !d.exists()) {
        missing = Some(d.to_path_buf());
        cur = d.parent().filter(|p| !p.as_os_str().is_empty());
    }
    missing
}

/// Removes `dir` and its parents up to and including `top`, as long as each is empty.
fn remove_empty_up_to(dir: Option<&Path>, top: &Path) {
    let mut cur = dir;
    while let Some(d) = cur {
        if !d.starts_with(top) || fs::remove_dir(d).is_err() {
            return;
        }
        cur = d.parent();
    }
}

/// Why `out` must not receive the build of the site at `root`, if it must not: a build replaces
/// what `out` holds, so it may be neither the site's own folders (the root, a folder above it,
/// or anything inside `content/`, `templates/` or `static/`) nor a folder with files sade did not
/// make (a sade build always has `sitemap.xml` and `llms.txt` at its top).
pub fn unsafe_destination(root: &Path, out: &Path) -> Option<String> {
    let root = fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let out = absolute(out);
    if root.starts_with(&out) {
        return Some(format!(
            "{} holds the site itself: building into it would delete the sources",
            out.display()
        ));
    }
    for dir in [
        crate::content::CONTENT_DIR,
        crate::templates::TEMPLATES_DIR,
        crate::statics::STATIC_DIR,
    ] {
        if out.starts_with(root.join(dir)) {
            return Some(format!(
                "{} is inside the site's {dir}/ folder: building into it would replace sources",
                out.display()
            ));
        }
    }
    if output::has_contents(&out)
        && !(out.join("sitemap.xml").is_file() && out.join("llms.txt").is_file())
    {
        return Some(format!(
            "{} has files that sade did not make (no sitemap.xml and llms.txt at its top): a \
             build would remove them",
            out.display()
        ));
    }
    None
}

/// `path` made absolute with its symbolic links resolved, as far as it exists.
fn absolute(path: &Path) -> PathBuf {
    if let Ok(p) = fs::canonicalize(path) {
        return p;
    }
    match (path.parent(), path.file_name()) {
        (Some(parent), Some(name)) => {
            let parent = if parent.as_os_str().is_empty() {
                Path::new(".")
            } else {
                parent
            };
            absolute(parent).join(name)
        }
        _ => std::env::current_dir()
            .map(|d| d.join(path))
            .unwrap_or_else(|_| path.to_path_buf()),
    }
}
