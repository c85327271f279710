//! A value computed once by whichever thread asks first, the others running other work of the
//! thread pool meanwhile rather than blocking: the frontier's searches meet the same verdicts,
//! and two pages ask for the same frontier at once.

/// A value computed once, by whichever thread asks first. The others do not block on it (a
/// blocked thread of the pool could not take part in the computation's own parallel work, and
/// two pages asking for the same frontier at once would search it on one core): they run other
/// work of the pool until it is there.
pub struct Shared<T> {
    value: std::sync::OnceLock<T>,
    claimed: std::sync::atomic::AtomicBool,
}

impl<T> Default for Shared<T> {
    fn default() -> Self {
        Shared {
            value: std::sync::OnceLock::new(),
            claimed: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

impl<T> Shared<T> {
    /// The value, if it is there.
    pub fn get(&self) -> Option<&T> {
        self.value.get()
    }

    /// The value, computed by `f` if no thread has started it.
    pub fn get_or_compute(&self, f: impl FnOnce() -> T) -> &T {
        use std::sync::atomic::Ordering;
        if let Some(v) = self.value.get() {
            return v;
        }
        if !self.claimed.swap(true, Ordering::AcqRel) {
            let _ = self.value.set(f());
        }
        loop {
            if let Some(v) = self.value.get() {
                return v;
            }
            if rayon::yield_now() != Some(rayon::Yield::Executed) {
                std::thread::yield_now();
            }
        }
    }
}
