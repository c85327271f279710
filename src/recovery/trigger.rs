//! What sets the storm off over [0, O) (SPEC §9): an outage (§8), a slowdown or a surge of
//! demand, by name and with its parameter; and the arrivals of a surge, drawn by time change.

use std::fmt;

/// The trigger's default share of capacity left in a slowdown.
pub const DEFAULT_DEGRADED: f64 = 0.5;
/// The trigger's default multiple of demand in a surge.
pub const DEFAULT_SURGE: f64 = 3.0;
/// The largest surge.
pub const MAX_SURGE: f64 = 100.0;

/// What happens over [0, O).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Trigger {
    /// The service is down (SPEC §8): it drops what it holds at 0 and refuses every call.
    Outage,
    /// The service keeps working at `degraded` (0 < F ≤ 1) of its capacity: a call reaching the
    /// head at h takes 1/(C·F) when 0 ≤ h < O.
    Slowdown {
        /// The share of capacity left.
        degraded: f64,
    },
    /// Every client sends new requests `surge` (1 ≤ K ≤ 100) times as often.
    Surge {
        /// The multiple of demand.
        surge: f64,
    },
}

impl Trigger {
    /// Every trigger's name, in this order.
    pub const NAMES: [&'static str; 3] = ["outage", "slowdown", "surge"];

    /// The name used in flags, shortcodes and JSON.
    pub fn name(self) -> &'static str {
        Trigger::NAMES[self.index()]
    }

    /// 0 for an outage, 1 for a slowdown, 2 for a surge.
    pub fn index(self) -> usize {
        match self {
            Trigger::Outage => 0,
            Trigger::Slowdown { .. } => 1,
            Trigger::Surge { .. } => 2,
        }
    }

    /// The trigger of that name with its parameter, `degraded` or `surge` (the other is not
    /// read); an unknown name is an error with the closest known one.
    pub fn from_name(name: &str, degraded: f64, surge: f64) -> Result<Trigger, UnknownTrigger> {
        match name {
            "outage" => Ok(Trigger::Outage),
            "slowdown" => Ok(Trigger::Slowdown { degraded }),
            "surge" => Ok(Trigger::Surge { surge }),
            _ => Err(UnknownTrigger(name.into())),
        }
    }

    /// The parameter's bits (0 for an outage), for caches.
    pub fn key(self) -> (u8, u64) {
        match self {
            Trigger::Outage => (0, 0),
            Trigger::Slowdown { degraded } => (1, degraded.to_bits()),
            Trigger::Surge { surge } => (2, surge.to_bits()),
        }
    }

    /// The same kind of trigger with the parameter it has by default.
    pub fn with_default(name: &str) -> Option<Trigger> {
        Trigger::from_name(name, DEFAULT_DEGRADED, DEFAULT_SURGE).ok()
    }
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A trigger name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTrigger(pub String);

impl UnknownTrigger {
    /// The closest known name, if it is a likely typo.
    pub fn suggestion(&self) -> Option<&'static str> {
        crate::diagnostic::closest(&self.0, Trigger::NAMES)
    }

    /// What to write instead.
    pub fn help(&self) -> String {
        match self.suggestion() {
            Some(s) => format!("did you mean `{s}`?"),
            None => "use outage, slowdown or surge".into(),
        }
    }
}

impl fmt::Display for UnknownTrigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown trigger `{}`", self.0)
    }
}

impl std::error::Error for UnknownTrigger {}

/// A client's arrivals under a surge of K over [0, O): the rate is K times the plain one there.
/// With Λ(t) the integral of the rate from −5 s, the next request after one at `after` arrives
/// at Λ⁻¹(Λ(after) + E), E the exponential draw. In milliseconds of the plain rate, E is
/// `need = E × mean gap`: outside [0, O) time passes at that rate, inside it K times as fast.
/// With K = 1 this is `after + need` exactly, §8's arrival.
#[derive(Clone, Copy, Debug)]
pub(super) struct Arrivals {
    /// The surge's end, O (ms).
    pub end: f64,
    /// K (1: no surge).
    pub surge: f64,
}

impl Arrivals {
    /// When the request after one at `after` arrives, `need` ms of the plain rate later.
    #[inline]
    pub fn next(self, after: f64, need: f64) -> f64 {
        if self.surge == 1.0 {
            return after + need;
        }
        surged(after, need, self.end, self.surge)
    }
}

/// [`Arrivals::next`] for K ≠ 1, one segment at a time: before 0, then [0, O), then after O.
/// `static/js/recovery.js` repeats these operations in this order.
#[cold]
fn surged(after: f64, need: f64, end: f64, k: f64) -> f64 {
    let (mut t, mut need) = (after, need);
    if t < 0.0 {
        if t + need < 0.0 {
            return t + need;
        }
        need -= -t;
        t = 0.0;
    }
    if t < end {
        let fast = need / k;
        if t + fast < end {
            return t + fast;
        }
        need -= (end - t) * k;
        t = end;
    }
    t + need
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_typos_get_a_suggestion() {
        for name in Trigger::NAMES {
            assert_eq!(Trigger::with_default(name).unwrap().name(), name);
        }
        assert_eq!(
            Trigger::from_name("slowdown", 0.25, 9.0),
            Ok(Trigger::Slowdown { degraded: 0.25 })
        );
        assert_eq!(
            Trigger::from_name("surge", 0.25, 9.0),
            Ok(Trigger::Surge { surge: 9.0 })
        );
        let e = Trigger::from_name("slowdwon", 0.5, 3.0).unwrap_err();
        assert_eq!(e.to_string(), "unknown trigger `slowdwon`");
        assert_eq!(e.help(), "did you mean `slowdown`?");
        assert_eq!(
            UnknownTrigger("lightning".into()).help(),
            "use outage, slowdown or surge"
        );
        assert_ne!(
            Trigger::Slowdown { degraded: 0.5 }.key(),
            Trigger::Surge { surge: 0.5 }.key()
        );
    }

    /// The time change against the rate's integral: Λ(next) − Λ(after) is the draw, in every
    /// segment and across each edge.
    #[test]
    fn a_surge_spends_the_draw_at_k_times_the_rate_inside_it() {
        let (end, k) = (2_000.0, 4.0);
        let lambda = |t: f64| {
            if t < 0.0 {
                t
            } else if t < end {
                k * t
            } else {
                k * end + (t - end)
            }
        };
        let a = Arrivals { end, surge: k };
        for (after, need) in [
            (-3_000.0, 1_000.0),
            (-1_000.0, 1_000.0),
            (-1_000.0, 5_000.0),
            (-1_000.0, 20_000.0),
            (500.0, 100.0),
            (500.0, 6_000.0),
            (500.0, 6_001.0),
            (1_999.0, 8.0),
            (2_000.0, 10.0),
            (9_000.0, 10.0),
        ] {
            let t = a.next(after, need);
            assert!(t >= after);
            let spent = lambda(t) - lambda(after);
            assert!((spent - need).abs() < 1e-9, "{after} + {need} → {t}");
        }
        // Exactly at the edges.
        assert_eq!(a.next(-1_000.0, 1_000.0), 0.0);
        assert_eq!(a.next(0.0, 8_000.0), 2_000.0);
        assert_eq!(a.next(1_000.0, 4_000.0), 2_000.0);
        assert_eq!(a.next(-1_000.0, 999.0), -1.0);
        assert_eq!(a.next(1_000.0, 3_996.0), 1_999.0);
        // K = 1 is §8's sum, bit for bit, whatever the edges.
        let plain = Arrivals { end, surge: 1.0 };
        for (after, need) in [(-0.1, 0.30000000000000004), (-1_000.0, 2_500.7), (1.1, 2.2)] {
            assert_eq!(plain.next(after, need).to_bits(), (after + need).to_bits());
        }
        // No surge window: the plain rate throughout.
        let none = Arrivals {
            end: 0.0,
            surge: 5.0,
        };
        assert_eq!(none.next(-1_000.0, 3_000.0), 2_000.0);
        assert_eq!(none.next(500.0, 3_000.0), 3_500.0);
    }
}
