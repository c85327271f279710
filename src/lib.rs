//! sade — a static site generator for bilingual (Turkish/English) engineering sites whose pages
//! compute things.
//!
//! The stages, in the order data flows:
//!
//! 1. The engines, pure: [`backoff`] (schedules, seeded jitter, the fleet simulation and its
//!    time axis), [`odds`] (success, load, deadlines, outages; SPEC §7) and [`libraries`] (what
//!    ten retry libraries do with the same numbers; SPEC §6).
//! 2. [`config`] and [`content`]: `sade.yaml`, then `content/**/NAME.{tr,en}.md` with typed
//!    front matter, paired into translations; [`site`] is the site as data.
//! 3. [`markdown`] with [`shortcode`]: pulldown-cmark events, shortcodes expanded on the event
//!    stream with typed arguments, heading anchors, fenced code highlighted ([`highlight`]),
//!    each page's markdown twin.
//! 4. [`templates`] (one owned Tera and the UI strings: the built-in [`theme`]'s, with the site's
//!    own over them) and [`render`] (typed template contexts,
//!    a page's two files, with the reading aids of [`aids`]: contents, reading time, previous
//!    and next, series, and the sharing metadata of [`share`] with the social [`cards`]);
//!    [`listing`] makes the site-wide outputs, [`redirects`] the pages' old addresses; [`plan`] lists every output
//!    before anything renders; [`links`] checks every link against what was made.
//! 5. [`pipeline`]: one way from sources to outputs, driven by [`build`] (into a staging
//!    folder, see [`output`]), [`check`] (into nothing, with warnings; with `--external`, every outside link fetched by
//!    [`external`]), [`serve`] (in memory,
//!    re-rendering what an edit changes) and [`mdbook`] (the markdown stage alone); [`scaffold`]
//!    writes new sites and pages (`sade init`, `sade new`).
//!
//! Around them: [`i18n`] (languages, sade's word tables, numbers, durations and dates per
//! language), [`html`] (escaping, numbers for machines), [`urls`] (every URL path sade makes),
//! [`statics`] (the theme's static files and the site's `static/` folder), [`report`]
//! (`sade calc`'s terminal and JSON output), [`diagnostic`] (errors with file, line, column and a caret) and [`timings`]
//! (`sade build --timings`). No module depends on one that depends on it
//! (`tests/module_graph.rs`).
//!
//! ```no_run
//! use sade::shortcode::Registry;
//! use sade::build::{build_to_dir, Options};
//!
//! let report = build_to_dir(&Options::new("."), &Registry::builtin(), "public".as_ref());
//! eprint!("{}", report.diagnostics.render());
//! if report.diagnostics.has_errors() {
//!     std::process::exit(1); // public/ was left as it was
//! }
//! ```

pub mod aids;
pub mod backoff;
pub mod build;
pub mod cards;
pub mod check;
pub mod config;
pub mod content;
pub mod diagnostic;
pub mod external;
pub mod highlight;
pub mod html;
pub mod i18n;
pub mod libraries;
pub mod links;
pub mod listing;
pub mod markdown;
pub mod math;
pub mod mdbook;
pub mod odds;
pub mod output;
pub mod pipeline;
pub mod plan;
pub mod recovery;
pub mod redirects;
pub mod render;
pub mod report;
pub mod scaffold;
pub mod search;
pub mod serve;
pub mod share;
pub mod shortcode;
pub mod site;
pub mod statics;
pub mod store;
pub mod templates;
pub mod theme;
pub mod timings;
pub mod urls;
