//! Pieces several models share: fixed waits (no jitter) and the note on a factor fixed at 2.

use super::{Dist, Formula, Note};
use crate::i18n::{format_number, Lang};

/// Fixed waits, ms: no draw moves them.
struct Fixed {
    waits: Vec<f64>,
}

impl Formula for Fixed {
    fn retries(&self) -> usize {
        self.waits.len()
    }
    fn delays(&self, _units: &[f64], out: &mut Vec<f64>) {
        out.clear();
        out.extend_from_slice(&self.waits);
    }
    fn range(&self, k: usize) -> (f64, f64) {
        (self.waits[k], self.waits[k])
    }
    fn mean(&self, k: usize) -> Option<f64> {
        Some(self.waits[k])
    }
    fn dist(&self, k: usize) -> Option<Dist> {
        Some(Dist::Uniform {
            lo: self.waits[k],
            hi: self.waits[k],
        })
    }
}

/// The formula of waits that do not vary, `waits` in ms.
pub(super) fn fixed(waits: Vec<f64>) -> Box<dyn Formula> {
    Box::new(Fixed { waits })
}

/// "The factor is fixed at 2 …" when the user's factor is another.
pub(super) fn fixed_factor(factor: f64) -> Option<Note> {
    (factor != 2.0).then(|| {
        Note::new(
            format!(
                "The factor is fixed at 2: your factor, {}, is not used.",
                format_number(factor, 6, Lang::En)
            ),
            format!(
                "Katsayı 2'ye sabittir: sizin katsayınız ({}) kullanılmaz.",
                format_number(factor, 6, Lang::Tr)
            ),
        )
    })
}
