//! Where sade's own lexers write: straight into the page's HTML, escaped, each classified range
//! in a `<span class="hl-KIND">` and everything between them plain. No list of spans is built.

use hl_lite::Kind;

use crate::html::push_escaped;

/// The HTML of one block being written, and how far into the code it has got.
pub(super) struct Out<'a> {
    html: &'a mut String,
    src: &'a str,
    /// The first byte of `src` not yet accounted for.
    pos: usize,
    /// A span begun at this byte and not yet closed, so that the next one of the same kind
    /// starting where it ends only lengthens it (`"a" "b"` is not two spans side by side).
    open: Option<(usize, Kind)>,
}

impl<'a> Out<'a> {
    pub(super) fn new(html: &'a mut String, src: &'a str) -> Self {
        Out {
            html,
            src,
            pos: 0,
            open: None,
        }
    }

    /// `src[start..end]` is a `kind`; the code before it that no call classified is plain.
    /// Offsets out of order or inside a character are clamped, so a lexer's mistake can colour
    /// wrongly but never lose, repeat or split text.
    pub(super) fn push(&mut self, start: usize, end: usize, kind: Kind) {
        let start = self.snap(start).max(self.pos);
        let end = self.snap(end).max(start);
        if end == start {
            return;
        }
        match self.open {
            Some((_, k)) if k == kind && start == self.pos => {}
            _ => {
                self.close();
                self.plain_to(start);
                self.open = Some((start, kind));
            }
        }
        self.pos = end;
    }

    /// Writes the open span, if any.
    fn close(&mut self) {
        if let Some((start, kind)) = self.open.take() {
            self.html.push_str("<span class=\"hl-");
            self.html.push_str(kind.class());
            self.html.push_str("\">");
            push_escaped(self.html, &self.src[start..self.pos]);
            self.html.push_str("</span>");
        }
    }

    /// Writes the code up to `end` as plain text.
    fn plain_to(&mut self, end: usize) {
        if end > self.pos {
            push_escaped(self.html, &self.src[self.pos..end]);
            self.pos = end;
        }
    }

    /// The largest character boundary at or below `i`.
    fn snap(&self, i: usize) -> usize {
        let mut i = i.min(self.src.len());
        while !self.src.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    /// Writes what is left: the open span and the plain text after it.
    pub(super) fn finish(mut self) {
        self.close();
        self.plain_to(self.src.len());
    }
}
