//! Durations: [`Delay`], a wait in milliseconds, and the units a user writes it in.

use std::fmt;

/// A wait, in milliseconds. Always finite and never negative.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd, Default)]
pub struct Delay(pub(super) f64);

impl Delay {
    /// Zero wait.
    pub const ZERO: Delay = Delay(0.0);

    /// A delay of `ms` milliseconds; `None` when `ms` is negative, NaN or infinite.
    pub fn from_ms(ms: f64) -> Option<Delay> {
        (ms.is_finite() && ms >= 0.0).then_some(Delay(ms))
    }

    /// A delay of `ms` milliseconds for a constant (a default); `ms` must be finite and not
    /// negative, which a `const` checks when it is compiled.
    pub const fn from_ms_const(ms: f64) -> Delay {
        assert!(
            ms >= 0.0 && ms <= f64::MAX,
            "a delay is finite and not negative"
        );
        Delay(ms)
    }

    /// A delay of `secs` seconds; `None` when not a finite, non-negative number.
    pub fn from_secs(secs: f64) -> Option<Delay> {
        Delay::from_ms(secs * 1000.0)
    }

    /// The delay in milliseconds.
    pub fn as_ms(self) -> f64 {
        self.0
    }

    /// Parses `100ms`, `1.5s`, `2m`, `1h` (also `min`). A bare number is not a duration.
    pub fn parse(text: &str) -> Result<Delay, DelayParseError> {
        let text = text.trim();
        let split = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+'))
            .ok_or(DelayParseError::MissingUnit)?;
        let (number, unit) = text.split_at(split);
        // `1e3ms`: the `e3` is an exponent, not the start of a unit.
        let mut rest = unit.strip_prefix(['e', 'E']).unwrap_or(unit);
        rest = rest.strip_prefix(['+', '-']).unwrap_or(rest);
        if rest.len() < unit.len() && rest.starts_with(|c: char| c.is_ascii_digit()) {
            let digits = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let exponent = &unit[..unit.len() - rest.len() + digits];
            return Err(DelayParseError::Exponent(format!("{number}{exponent}")));
        }
        let scale = match unit {
            "ms" => 1.0,
            "s" => 1_000.0,
            "m" | "min" => 60_000.0,
            "h" => 3_600_000.0,
            _ => return Err(DelayParseError::UnknownUnit(unit.to_string())),
        };
        let value: f64 = number
            .parse()
            .map_err(|_| DelayParseError::BadNumber(number.to_string()))?;
        Delay::from_ms(value * scale).ok_or(DelayParseError::OutOfRange)
    }
}

impl fmt::Display for Delay {
    /// Shortest form that parses back: `100ms`, `30s`, `2m`, `1h`, else milliseconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0;
        for (unit, scale) in [("h", 3_600_000.0), ("m", 60_000.0), ("s", 1_000.0)] {
            if ms >= scale && (ms / scale).fract() == 0.0 && ms / scale * scale == ms {
                return write!(f, "{}{unit}", ms / scale);
            }
        }
        write!(f, "{ms}ms")
    }
}

/// Why a duration did not parse.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DelayParseError {
    /// `100` instead of `100ms`.
    #[error("a duration needs a unit (ms, s, m, h), e.g. `100ms`")]
    MissingUnit,
    /// `100sec`.
    #[error("unknown unit `{0}`; use ms, s, m or h")]
    UnknownUnit(String),
    /// `1.2.3s`.
    #[error("`{0}` is not a number")]
    BadNumber(String),
    /// `1e3ms`: the number has an exponent.
    #[error(
        "`{0}` is written with an exponent; write durations with plain decimal numbers, like \
         `1000ms` or `1.5s`"
    )]
    Exponent(String),
    /// Negative or too large.
    #[error("the duration must be a finite, non-negative amount")]
    OutOfRange,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delay_parse() {
        assert_eq!(Delay::parse("100ms").unwrap().as_ms(), 100.0);
        assert_eq!(Delay::parse("1.5s").unwrap().as_ms(), 1500.0);
        assert_eq!(Delay::parse("2m").unwrap().as_ms(), 120_000.0);
        assert_eq!(Delay::parse("1h").unwrap().as_ms(), 3_600_000.0);
        assert_eq!(Delay::parse("100"), Err(DelayParseError::MissingUnit));
        assert!(matches!(
            Delay::parse("3sec"),
            Err(DelayParseError::UnknownUnit(_))
        ));
        assert_eq!(Delay::parse("-1s"), Err(DelayParseError::OutOfRange));
        for (text, number) in [("1e3ms", "1e3"), ("2.5E-1s", "2.5E-1"), ("1e+2m", "1e+2")] {
            assert_eq!(
                Delay::parse(text),
                Err(DelayParseError::Exponent(number.into())),
                "{text}"
            );
        }
        assert!(matches!(
            Delay::parse("1em"),
            Err(DelayParseError::UnknownUnit(_))
        ));
        assert_eq!(Delay::parse("30s").unwrap().to_string(), "30s");
        assert_eq!(Delay::parse("250ms").unwrap().to_string(), "250ms");
        assert_eq!(Delay::parse("1.5s").unwrap().to_string(), "1500ms");
        // The exponent is named whole, however long its sign and digits.
        for (text, number) in [
            ("1e-10s", "1e-10"),
            ("2E+12min", "2E+12"),
            ("3e45h", "3e45"),
        ] {
            assert_eq!(
                Delay::parse(text),
                Err(DelayParseError::Exponent(number.into())),
                "{text}"
            );
        }
        assert_eq!(Delay::parse("2min").unwrap().as_ms(), 120_000.0);
    }

    /// Each unit is used from exactly one of it; a delay that is no whole number of any unit is
    /// written in milliseconds.
    #[test]
    fn delays_display_in_the_largest_whole_unit() {
        for (ms, shown) in [
            (0.0, "0ms"),
            (999.0, "999ms"),
            (1_000.0, "1s"),
            (1_500.0, "1500ms"),
            (59_000.0, "59s"),
            (60_000.0, "1m"),
            (90_000.0, "90s"),
            (3_600_000.0, "1h"),
            (5_400_000.0, "90m"),
            (7_200_000.0, "2h"),
            (0.5, "0.5ms"),
        ] {
            assert_eq!(Delay::from_ms(ms).unwrap().to_string(), shown, "{ms}");
        }
    }

    #[test]
    fn delays_from_seconds() {
        assert_eq!(Delay::from_secs(1.5), Delay::from_ms(1_500.0));
        assert_eq!(Delay::from_secs(30.0).map(Delay::as_ms), Some(30_000.0));
        assert_eq!(Delay::from_secs(0.0), Some(Delay::ZERO));
        assert_eq!(Delay::from_secs(-1.0), None);
        assert_eq!(Delay::from_secs(f64::NAN), None);
        assert_eq!(
            Delay::from_secs(1e306),
            None,
            "past f64::MAX in milliseconds"
        );
        assert_eq!(Delay::from_ms(f64::INFINITY), None);
        assert_eq!(Delay::from_ms(-0.5), None);
    }
}
