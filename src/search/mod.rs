//! Site search: every page's words analysed at build time ([`analyze`]), an index per language
//! split so that a first query fetches little ([`index`]), and the search page that reads it
//! (`static/js/search.js`).

pub mod analyze;
pub mod doc;
mod excerpt;
pub mod forms;
pub mod index;
mod known;
mod memo;
mod postings;
pub mod uax29;
pub mod words;

pub use doc::{Doc, Fields};
