//! Stage 0 — the backoff engine: exponential-backoff schedules, seeded jitter and the fleet
//! ("thundering herd") simulation of SPEC §1–§3.
//!
//! Pure: no I/O, no HTML, no formatting. Everything here is a function of [`Params`], so the same
//! parameters and seed give the same bits on every machine and every thread count.
//!
//! ```
//! use sade::backoff::{Delay, Params, Schedule, Strategy};
//!
//! let params = Params::builder(Delay::from_ms(250.0).unwrap())
//!     .factor(2.0)
//!     .cap(Some(Delay::from_secs(30.0).unwrap()))
//!     .attempts(6)
//!     .build()
//!     .unwrap();
//! let schedule = Schedule::compute(&params);
//! assert_eq!(schedule.totals(Strategy::None).worst.as_ms(), 15_750.0);
//! assert_eq!(schedule.totals(Strategy::Decorrelated).worst.as_ms(), 90_000.0);
//! ```

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

pub(crate) mod chacha;
mod delay;
mod fleet;
mod params;
mod schedule;
mod strategy;
mod timeline;

pub use delay::{Delay, DelayParseError};
pub(crate) use fleet::{window_index, WINDOWS};
pub use fleet::{Fleet, FleetStrategy};
pub use params::{count, Param, ParamError, Params, ParamsBuilder, ParamsKey};
pub use schedule::{nominal_delay, Cell, Row, Schedule, Totals};
pub use strategy::{Strategy, UnknownStrategy};
pub use timeline::{Tick, Timeline};

/// Limits of SPEC §1 and §3.
pub mod limits {
    /// Most attempts a schedule may have.
    pub const MAX_ATTEMPTS: u32 = 100;
    /// Most clients in a fleet simulation (and requests in the odds' simulation).
    pub const MAX_CLIENTS: u32 = 100_000;
    /// Most nested retry layers the odds report (SPEC §7).
    pub const MAX_LAYERS: u32 = 10;
    /// Bins of the fleet histogram (what charts show).
    pub const FLEET_BINS: usize = 100;
    /// Each histogram bin is split in this many windows to find the peak: the busiest window is
    /// 1/10 000 of the time axis, fine enough to tell a synchronized spike (every client in the
    /// same instant) from a spread one.
    pub const PEAK_WINDOWS_PER_BIN: usize = 100;
}

/// What a parameter is when it is not given: the one place the CLI, the shortcodes and the
/// browser's form take their defaults from.
pub mod defaults {
    /// Growth per attempt.
    pub const FACTOR: f64 = 2.0;
    /// Number of waits.
    pub const ATTEMPTS: u32 = 8;
    /// Seed of the jitter streams.
    pub const SEED: u64 = 7;
    /// Clients in the fleet simulation.
    pub const CLIENTS: u32 = 1_000;
}

/// A uniform draw in `[0, 1)`: the top 53 bits of one `next_u64` (SPEC §2).
pub fn unit_draw(rng: &mut ChaCha8Rng) -> f64 {
    unit(rng.next_u64())
}

/// The `[0, 1)` value of one `next_u64`: see [`unit_draw`].
#[inline]
pub(crate) fn unit(x: u64) -> f64 {
    (x >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The generator of `client` under `strategy` for `seed` (SPEC §2).
pub fn client_rng(seed: u64, strategy: Strategy, client: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(strategy.stream(client));
    rng
}
