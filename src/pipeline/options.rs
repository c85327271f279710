//! How a build runs: [`Options`], which every driver fills from its command line.

use std::path::PathBuf;
use std::sync::Arc;

use crate::content::FrontMatter;
use crate::i18n::Date;
use crate::timings::Timings;

/// How to build.
#[derive(Clone, Debug)]
pub struct Options {
    /// Site root (holds `sade.yaml`).
    pub root: PathBuf,
    /// Include `draft: true` pages.
    pub drafts: bool,
    /// Include pages `published` after `today`.
    pub future: bool,
    /// The build's day: a page published after it is in the future. [`Date::build_day`] unless
    /// a caller fixes it.
    pub today: Date,
    /// Serve the site from this base URL instead of `sade.yaml`'s (`--base-url`, e.g. a preview
    /// deployment); pages' `url:` may stay as written for `sade.yaml`.
    pub base_url: Option<String>,
    /// Inject the preview's live-reload script (only `sade serve` sets this).
    pub live_reload: bool,
    /// Where to add up the time of each part of the build (`--timings`); `None` measures nothing.
    pub timings: Option<Arc<Timings>>,
    /// Make the social cards `sade.yaml` asks for (`sade check` does not).
    pub cards: bool,
}

impl Options {
    /// Whether a page of this front matter is a draft the build leaves out.
    pub fn skips_draft(&self, front: &FrontMatter) -> bool {
        front.draft && !self.drafts
    }

    /// Whether a page of this front matter is published after the build's day and left out.
    pub fn skips_future(&self, front: &FrontMatter) -> bool {
        !self.future && front.published.is_some_and(|d| d > self.today)
    }

    /// Defaults for a plain build of `root`.
    pub fn new(root: impl Into<PathBuf>) -> Options {
        Options {
            root: root.into(),
            drafts: false,
            future: false,
            today: Date::build_day(),
            base_url: None,
            live_reload: false,
            timings: None,
            cards: true,
        }
    }
}
