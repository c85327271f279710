//! What the retry budgets' settings and the circuit breakers' settings share: their kinds, the
//! range checks of their `set` functions, and reading a list of names with `all`.

use crate::backoff::{Delay, Param, ParamError};

/// What a setting's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingKind {
    /// A whole number.
    Whole,
    /// A number.
    Number,
    /// A duration of whole seconds (stored in seconds; given, like every duration, in ms).
    Seconds,
    /// A duration, to the millisecond or finer.
    Duration,
}

impl SettingKind {
    /// Whether the value is written as a duration (`10s`, `250ms`).
    pub fn is_duration(self) -> bool {
        matches!(self, SettingKind::Seconds | SettingKind::Duration)
    }
}

/// One value about to be set, for its range checks: a check returns the value as stored, or
/// the error naming the setting, the value as written and `allowed`.
pub(crate) struct Check {
    pub name: &'static str,
    pub kind: SettingKind,
    pub allowed: &'static str,
    /// The value: a number, or milliseconds for a duration.
    pub value: f64,
}

impl Check {
    /// The error for this value.
    pub fn error(&self) -> ParamError {
        ParamError {
            param: Param::Setting(self.name),
            value: if self.kind.is_duration() {
                Delay::from_ms(self.value).map_or_else(|| self.value.to_string(), |d| d.to_string())
            } else {
                self.value.to_string()
            },
            allowed: self.allowed.into(),
        }
    }

    /// A whole number from `lo` to `hi`.
    pub fn whole(&self, lo: u32, hi: u32) -> Result<u32, ParamError> {
        let v = self.value;
        if v.fract() == 0.0 && v >= f64::from(lo) && v <= f64::from(hi) {
            Ok(v as u32)
        } else {
            Err(self.error())
        }
    }

    /// A number from `lo` to `hi` (−0 read as 0).
    pub fn number(&self, lo: f64, hi: f64) -> Result<f64, ParamError> {
        if self.value >= lo && self.value <= hi {
            Ok(self.value + 0.0)
        } else {
            Err(self.error())
        }
    }

    /// A number above 0 and at most `hi`.
    pub fn positive(&self, hi: f64) -> Result<f64, ParamError> {
        if self.value > 0.0 && self.value <= hi {
            Ok(self.value)
        } else {
            Err(self.error())
        }
    }

    /// Whole seconds from 1 to `hi`, in seconds.
    pub fn seconds(&self, hi: u32) -> Result<u32, ParamError> {
        let s = self.value / 1000.0;
        if s.fract() == 0.0 && s >= 1.0 && s <= f64::from(hi) {
            Ok(s as u32)
        } else {
            Err(self.error())
        }
    }

    /// A duration from `lo` ms to [`super::MAX_DURATION_MS`], in ms.
    pub fn duration(&self, lo: f64) -> Result<f64, ParamError> {
        self.number(lo, super::MAX_DURATION_MS)
    }
}

/// Names (each `all` or one known to `from_name`) as values in `all`'s order, without repeats;
/// the first unknown name is `unknown`'s error.
pub(crate) fn parse_names<'a, T: Copy + Ord, E>(
    names: impl IntoIterator<Item = &'a str>,
    all: &[T],
    from_name: impl Fn(&str) -> Option<T>,
    unknown: impl Fn(&str) -> E,
) -> Result<Vec<T>, E> {
    let mut out = Vec::new();
    for name in names {
        if name == "all" {
            out.extend_from_slice(all);
        } else {
            out.push(from_name(name).ok_or_else(|| unknown(name))?);
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(kind: SettingKind, value: f64) -> Check {
        Check {
            name: "x",
            kind,
            allowed: "it must be right",
            value,
        }
    }

    #[test]
    fn each_check_takes_its_bounds_and_refuses_past_them() {
        let w = |v| check(SettingKind::Whole, v).whole(1, 10);
        assert_eq!((w(1.0), w(10.0)), (Ok(1), Ok(10)));
        assert!(w(0.0).is_err() && w(11.0).is_err() && w(2.5).is_err());
        let n = |v| check(SettingKind::Number, v).number(0.0, 1.0);
        assert_eq!((n(0.0), n(1.0)), (Ok(0.0), Ok(1.0)));
        assert!(n(-0.01).is_err() && n(1.01).is_err());
        assert!(n(-0.0).unwrap().is_sign_positive(), "−0 is stored as 0");
        let p = |v| check(SettingKind::Number, v).positive(100.0);
        assert_eq!(p(100.0), Ok(100.0));
        assert!(p(0.0).is_err() && p(100.5).is_err());
        let s = |v| check(SettingKind::Seconds, v).seconds(60);
        assert_eq!((s(1_000.0), s(60_000.0)), (Ok(1), Ok(60)));
        assert!(s(500.0).is_err() && s(61_000.0).is_err() && s(1_500.0).is_err());
        let d = |v| check(SettingKind::Duration, v).duration(1.0);
        assert_eq!(
            (d(1.0), d(super::super::MAX_DURATION_MS)),
            (Ok(1.0), Ok(super::super::MAX_DURATION_MS))
        );
        assert!(d(0.5).is_err() && d(super::super::MAX_DURATION_MS + 1.0).is_err());
    }

    #[test]
    fn errors_write_durations_as_durations() {
        let e = check(SettingKind::Duration, 1_500.0).error();
        assert_eq!((e.param, e.value.as_str()), (Param::Setting("x"), "1500ms"));
        assert_eq!(check(SettingKind::Whole, 3.0).error().value, "3");
        assert!(SettingKind::Seconds.is_duration() && !SettingKind::Number.is_duration());
    }

    #[test]
    fn names_are_read_in_order_without_repeats() {
        let from = |n: &str| ["a", "b", "c"].iter().position(|&x| x == n);
        let parse = |names: &[&'static str]| {
            parse_names(names.iter().copied(), &[0, 1, 2], from, |n| n.to_string())
        };
        assert_eq!(parse(&["c", "a", "c"]), Ok(vec![0, 2]));
        assert_eq!(parse(&["b", "all"]), Ok(vec![0, 1, 2]));
        assert_eq!(parse(&["a", "z", "y"]), Err("z".to_string()));
    }
}
