//! sade — a static site generator for bilingual (Turkish/English) engineering sites whose pages
//! compute things.
//!
//! The stages, in the order data flows:
//!
//! 1. [`backoff`] — the pure math: schedules, seeded jitter, the fleet simulation.
//! 2. [`i18n`] — languages and localized numbers, durations and dates.
//! 3. [`report`] — a schedule as terminal text or JSON (`sade calc`).

pub mod backoff;
pub mod i18n;
pub mod report;
