//! sade — a static site generator for bilingual (Turkish/English) engineering sites whose pages
//! compute things.
//!
//! The stages, in the order data flows:
//!
//! 1. [`backoff`] — the pure math: schedules, seeded jitter, the fleet simulation; [`odds`] —
//!    what a schedule means for requests: success, load, deadlines, outages (SPEC §7).
//! 2. [`config`] and [`content`] — `sade.yaml`, then `content/**/NAME.{tr,en}.md` with typed
//!    front matter, paired into translations.
//! 3. [`markdown`] with [`shortcode`] — pulldown-cmark events, shortcodes expanded on the event
//!    stream, heading anchors, and each page's markdown twin.
//! 4. [`render`] — one owned Tera and the UI strings; [`site`] and [`listing`] render every page
//!    and site-wide file into an explicit list of outputs; [`check`] validates links.
//! 5. [`output`] — a staging folder: swapped in whole, or over an existing site only the changed
//!    files move in; a failed build leaves `public/` untouched.
//! 6. [`serve`] — the preview: the same build in memory, served over HTTP, rebuilt on change,
//!    with live reload.
//!
//! [`mdbook`] runs the shortcodes as an mdBook preprocessor.
//!
//! [`i18n`] formats numbers, durations and dates per language; [`report`] is `sade calc`'s
//! terminal and JSON output; [`diagnostic`] renders errors with file, line, column and a caret;
//! [`timings`] adds up where a build's time goes (`sade build --timings`).
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

pub mod backoff;
pub mod build;
pub mod check;
pub mod config;
pub mod content;
pub mod diagnostic;
pub mod html;
pub mod i18n;
pub mod libraries;
pub mod links;
pub mod listing;
pub mod markdown;
pub mod mdbook;
pub mod odds;
pub mod output;
pub mod pipeline;
pub mod plan;
pub mod render;
pub mod report;
pub mod serve;
pub mod shortcode;
pub mod site;
pub mod statics;
pub mod templates;
pub mod timings;
pub mod urls;
