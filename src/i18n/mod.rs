//! Languages and localized formatting: numbers, durations, percentages and dates, in Turkish and
//! English, following CLDR's conventions for `tr` and `en`.
//!
//! | | tr | en |
//! |---|---|---|
//! | number | `15.750,5` | `15,750.5` |
//! | percent | `%12,5` | `12.5%` |
//! | duration units | ms, sn, dk, sa | ms, s, min, h |
//! | long date | `17 Haziran 2026` | `June 17, 2026` |
//!
//! Two languages with fixed rules do not justify an ICU data dependency; the tables below are
//! CLDR's (decimal and group symbols, percent pattern, month names, long date pattern).

use std::fmt;
use std::str::FromStr;

mod words;

pub use words::{
    fill, strategy_label, BreakerLabels, BreakerWords, BudgetLabels, ChartWords, DescribeWords,
    FormWords, FrontierWords, LibraryWords, MessageWords, OddsWords, RecoveryWords, TableWords,
    TerminalWords, TriggerSet, TriggerWords, Words,
};

/// A site language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// Turkish.
    Tr,
    /// English.
    En,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Tr, Lang::En];

    /// BCP 47 code: `tr` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Tr => "tr",
            Lang::En => "en",
        }
    }

    /// Position in [`Lang::ALL`], for per-language arrays.
    pub fn index(self) -> usize {
        match self {
            Lang::Tr => 0,
            Lang::En => 1,
        }
    }

    /// The other language of the pair.
    pub fn other(self) -> Lang {
        match self {
            Lang::Tr => Lang::En,
            Lang::En => Lang::Tr,
        }
    }

    /// The language's own name (`Türkçe`, `English`).
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::Tr => "Türkçe",
            Lang::En => "English",
        }
    }

    fn decimal_sep(self) -> char {
        match self {
            Lang::Tr => ',',
            Lang::En => '.',
        }
    }

    fn group_sep(self) -> char {
        match self {
            Lang::Tr => '.',
            Lang::En => ',',
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language is written as its code in `sade.yaml` and given to templates as its code.
impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Lang, String> {
        match s {
            "tr" => Ok(Lang::Tr),
            "en" => Ok(Lang::En),
            _ => Err(format!("unknown language `{s}`; sade knows `tr` and `en`")),
        }
    }
}

/// Formats `value` with at most `decimals` fraction digits (clamped to 0..=6; trailing zeros
/// dropped) and the language's grouping: `format_number(15750.5, 2, Tr) == "15.750,5"`.
///
/// Rounding is `round(|value| × 10^decimals)`, half away from zero, on IEEE doubles: the
/// browser script does the same two operations (`Math.round(x * 10 ** d)`), so both print
/// the same digits for every input.
pub fn format_number(value: f64, decimals: usize, lang: Lang) -> String {
    let mut out = String::with_capacity(16);
    push_number(&mut out, value, decimals, lang);
    out
}

/// [`format_number`] appended to `out` (tables format hundreds of numbers: no allocation).
pub fn push_number(out: &mut String, value: f64, decimals: usize, lang: Lang) {
    let decimals = decimals.min(6);
    let scale = [1.0, 10.0, 100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0][decimals];
    let scaled = (value.abs() * scale).round();
    if value < 0.0 && scaled != 0.0 {
        out.push('-');
    }
    // Integers below 2^53 print exactly as integers (and much faster than float formatting).
    let mut buf = itoa::Buffer::new();
    let long;
    let digits: &str = if scaled < 9_007_199_254_740_992.0 {
        buf.format(scaled as u64)
    } else {
        long = format!("{scaled:.0}");
        &long
    };
    // The last `decimals` digits are the fraction; with fewer digits than that, the integer part
    // is 0 and zeros come first in the fraction.
    let (int, zeros, tail) = match digits.len().checked_sub(decimals) {
        Some(split) if split > 0 => (&digits[..split], 0, &digits[split..]),
        _ => ("0", decimals - digits.len(), digits),
    };
    let tail = tail.trim_end_matches('0');
    // The digits are ASCII: whole groups are pushed as `str`s, not digit by digit.
    let first = match int.len() % 3 {
        0 => 3,
        r => r,
    };
    out.push_str(&int[..first]);
    let mut rest = &int[first..];
    while !rest.is_empty() {
        out.push(lang.group_sep());
        out.push_str(&rest[..3]);
        rest = &rest[3..];
    }
    if !tail.is_empty() {
        out.push(lang.decimal_sep());
        for _ in 0..zeros {
            out.push('0');
        }
        out.push_str(tail);
    }
}

/// A finite number as written (`1.5`, `-3`, `1e3`), or a percentage in either language's order:
/// `30%` (English) or `%30` (Turkish, as [`format_percent`] writes it) is 0.3, spaces between the
/// number and its sign allowed. `None` for anything else. The shortcodes' number kind, the
/// grammar and `sade calc --fail` read numbers with it (SPEC §7's failure rate is written either
/// way).
pub fn parse_number(text: &str) -> Option<f64> {
    let n = match text.strip_suffix('%').or_else(|| text.strip_prefix('%')) {
        Some(percent) => percent.trim().parse::<f64>().ok()? / 100.0,
        None => text.parse::<f64>().ok()?,
    };
    n.is_finite().then_some(n)
}

/// A share in `[0, 1]` as a percentage with one decimal: `%12,5` / `12.5%`.
pub fn format_percent(share: f64, lang: Lang) -> String {
    let n = format_number(share * 100.0, 1, lang);
    match lang {
        Lang::Tr => format!("%{n}"),
        Lang::En => format!("{n}%"),
    }
}

/// A probability as a percentage with enough decimals that a share strictly between 0 and 1
/// never reads as 0 % or 100 %: two significant digits of whichever is smaller, the share or
/// its complement, at least one decimal and at most six (`%99,998` for 1 − 0.00002, `0.002%`
/// for 0.00002, `96.9%` for 0.96875). A share closer than 0.000 000 5 % to 0 or 1 keeps six
/// decimals and gets `≈ ` in front, as rounded durations do.
///
/// The browser's `formatProbability` (static/js/odds.js) does the same operations.
pub fn format_probability(share: f64, lang: Lang) -> String {
    const SCALE: [f64; 7] = [1.0, 10.0, 100.0, 1_000.0, 10_000.0, 100_000.0, 1_000_000.0];
    let near = share.min(1.0 - share);
    let mut decimals = 1;
    while near > 0.0 && decimals < 6 && (near * 100.0 * SCALE[decimals]).round() < 10.0 {
        decimals += 1;
    }
    let approx = near > 0.0 && (near * 100.0 * SCALE[decimals]).round() == 0.0;
    let n = format_number(share * 100.0, decimals, lang);
    let approx = if approx { "≈ " } else { "" };
    match lang {
        Lang::Tr => format!("{approx}%{n}"),
        Lang::En => format!("{approx}{n}%"),
    }
}

/// The unit a duration is shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    /// Milliseconds.
    Millis,
    /// Seconds.
    Seconds,
    /// Minutes.
    Minutes,
    /// Hours.
    Hours,
}

impl TimeUnit {
    /// The largest unit in which `ms` is at least 1.
    pub fn for_ms(ms: f64) -> TimeUnit {
        if ms < 1_000.0 {
            TimeUnit::Millis
        } else if ms < 60_000.0 {
            TimeUnit::Seconds
        } else if ms < 3_600_000.0 {
            TimeUnit::Minutes
        } else {
            TimeUnit::Hours
        }
    }

    /// Milliseconds in one unit.
    pub fn ms(self) -> f64 {
        match self {
            TimeUnit::Millis => 1.0,
            TimeUnit::Seconds => 1_000.0,
            TimeUnit::Minutes => 60_000.0,
            TimeUnit::Hours => 3_600_000.0,
        }
    }

    /// Short unit name: ms/sn/dk/sa in Turkish, ms/s/min/h in English.
    pub fn symbol(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (_, TimeUnit::Millis) => "ms",
            (Lang::Tr, TimeUnit::Seconds) => "sn",
            (Lang::Tr, TimeUnit::Minutes) => "dk",
            (Lang::Tr, TimeUnit::Hours) => "sa",
            (Lang::En, TimeUnit::Seconds) => "s",
            (Lang::En, TimeUnit::Minutes) => "min",
            (Lang::En, TimeUnit::Hours) => "h",
        }
    }
}

/// A duration for people: the largest fitting unit, one decimal (none from 100 on, and none
/// for milliseconds), and `≈ ` in front when that rounding changed the value.
/// `format_duration(204_800.0, Tr) == "≈ 3,4 dk"`, `format_duration(250.0, En) == "250 ms"`.
pub fn format_duration(ms: f64, lang: Lang) -> String {
    let mut out = String::with_capacity(24);
    push_duration(&mut out, ms, lang);
    out
}

/// [`format_duration`] appended to `out`.
pub fn push_duration(out: &mut String, ms: f64, lang: Lang) {
    let unit = TimeUnit::for_ms(ms);
    let value = ms / unit.ms();
    let decimals = if unit == TimeUnit::Millis || value >= 100.0 {
        0
    } else {
        1
    };
    let scale = if decimals == 0 { 1.0 } else { 10.0 };
    let rounded = (value * scale).round() / scale;
    if (rounded - value).abs() > value.abs() * 1e-12 {
        out.push_str("≈ ");
    }
    push_number(out, value, decimals, lang);
    out.push('\u{a0}');
    out.push_str(unit.symbol(lang));
}

/// A calendar date (no time zone: front matter dates are days).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// Year, e.g. 2026.
    pub year: i32,
    /// Month, 1..=12.
    pub month: u32,
    /// Day of month, 1..=31.
    pub day: u32,
}

impl Date {
    /// The day `days` days after 1970-01-01 (the proleptic Gregorian calendar; H. Hinnant's
    /// `civil_from_days`).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date {
            year: year as i32,
            month: month as u32,
            day: day as u32,
        }
    }

    /// Today, in UTC.
    pub fn today() -> Date {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Date::from_days((secs / 86_400) as i64)
    }

    /// The day a build is for: `SOURCE_DATE_EPOCH`'s (seconds since 1970, the reproducible-builds
    /// convention) when it is set to a whole number, else today in UTC.
    pub fn build_day() -> Date {
        match std::env::var("SOURCE_DATE_EPOCH")
            .ok()
            .and_then(|s| s.trim().parse::<i64>().ok())
        {
            Some(secs) => Date::from_days(secs.div_euclid(86_400)),
            None => Date::today(),
        }
    }

    /// Parses `YYYY-MM-DD`, checking that the day exists (leap years included).
    pub fn parse(text: &str) -> Result<Date, String> {
        let bad = || format!("`{text}` is not a date; write it as YYYY-MM-DD, e.g. 2026-06-17");
        let mut parts = text.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let (year, month, day) = (
            y.parse::<i32>().map_err(|_| bad())?,
            m.parse::<u32>().map_err(|_| bad())?,
            d.parse::<u32>().map_err(|_| bad())?,
        );
        if !(1..=12).contains(&month) {
            return Err(format!("`{text}`: there is no month {month}"));
        }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = [
            31,
            if leap { 29 } else { 28 },
            31,
            30,
            31,
            30,
            31,
            31,
            30,
            31,
            30,
            31,
        ];
        if day == 0 || day > days[month as usize - 1] {
            return Err(format!(
                "`{text}`: month {month} of {year} has no day {day}"
            ));
        }
        Ok(Date { year, month, day })
    }

    /// `2026-06-17`.
    pub fn iso(self) -> String {
        // Every page and list entry shows two dates: digits pushed, without `format!`'s padding
        // machinery (years outside 0..=9999 never come from front matter, but still read right).
        if !(0..=9999).contains(&self.year) {
            return format!("{:04}-{:02}-{:02}", self.year, self.month, self.day);
        }
        let mut out = String::with_capacity(10);
        // `digit` keeps the last decimal digit of what it is given.
        let y = self.year as u32;
        for d in [y / 1000, y / 100, y / 10, y] {
            out.push(digit(d));
        }
        for part in [self.month, self.day] {
            out.push('-');
            out.push(digit(part / 10));
            out.push(digit(part));
        }
        out
    }

    /// `17 Haziran 2026` / `June 17, 2026` (CLDR long date).
    pub fn long(self, lang: Lang) -> String {
        let m = self.month as usize - 1;
        let (mut day, mut year) = (itoa::Buffer::new(), itoa::Buffer::new());
        let (day, year) = (day.format(self.day), year.format(self.year));
        match lang {
            Lang::Tr => [day, " ", MONTHS_TR[m], " ", year].concat(),
            Lang::En => [MONTHS_EN[m], " ", day, ", ", year].concat(),
        }
    }
}

/// Month names, January first.
const MONTHS_TR: [&str; 12] = [
    "Ocak", "Şubat", "Mart", "Nisan", "Mayıs", "Haziran", "Temmuz", "Ağustos", "Eylül", "Ekim",
    "Kasım", "Aralık",
];
const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The last decimal digit of `d`, as an ASCII digit.
fn digit(d: u32) -> char {
    char::from(b'0' + (d % 10) as u8)
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iso())
    }
}

#[cfg(test)]
mod tests;
