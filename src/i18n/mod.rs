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
    fill, strategy_label, ChartWords, DescribeWords, FormWords, LibraryWords, MessageWords,
    OddsWords, TableWords, TerminalWords, Words,
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
mod tests {
    use super::*;

    // Messages name a language by its code (`lang: en` disagrees with the file name, which says
    // `tr`), and the code reads back as the language.
    #[test]
    fn a_language_is_written_as_its_code() {
        for (lang, code) in [(Lang::Tr, "tr"), (Lang::En, "en")] {
            assert_eq!(lang.to_string(), code);
            assert_eq!(format!("`{lang}`"), format!("`{code}`"));
            assert_eq!(code.parse::<Lang>().unwrap(), lang);
        }
    }

    #[test]
    fn numbers() {
        assert_eq!(format_number(15_750.0, 2, Lang::Tr), "15.750");
        assert_eq!(format_number(15_750.5, 2, Lang::Tr), "15.750,5");
        assert_eq!(format_number(15_750.5, 2, Lang::En), "15,750.5");
        assert_eq!(format_number(1_234_567.891, 2, Lang::En), "1,234,567.89");
        assert_eq!(format_number(999.0, 0, Lang::Tr), "999");
        assert_eq!(format_number(0.04, 1, Lang::En), "0");
        assert_eq!(format_number(-0.04, 1, Lang::En), "0");
        assert_eq!(format_number(-1500.0, 0, Lang::En), "-1,500");
        assert_eq!(format_number(2.5, 0, Lang::En), "3");
        assert_eq!(format_number(0.05, 1, Lang::En), "0.1");
        assert_eq!(
            format_number(1e22, 0, Lang::En),
            "10,000,000,000,000,000,000,000"
        );
        // More than 6 decimals are 6: no zero padding in front.
        assert_eq!(format_number(1.5, 8, Lang::En), "1.5");
        assert_eq!(format_number(1.0 / 3.0, 9, Lang::Tr), "0,333333");
    }

    #[test]
    fn durations() {
        assert_eq!(format_duration(204_800.0, Lang::Tr), "≈ 3,4\u{a0}dk");
        assert_eq!(format_duration(204_800.0, Lang::En), "≈ 3.4\u{a0}min");
        assert_eq!(format_duration(250.0, Lang::En), "250\u{a0}ms");
        assert_eq!(format_duration(25_500.0, Lang::Tr), "25,5\u{a0}sn");
        assert_eq!(format_duration(90_000.0, Lang::En), "1.5\u{a0}min");
        assert_eq!(format_duration(7_200_000.0, Lang::Tr), "2\u{a0}sa");
        assert_eq!(format_duration(347.4, Lang::En), "≈ 347\u{a0}ms");
        assert_eq!(format_duration(0.0, Lang::En), "0\u{a0}ms");
    }

    /// Each unit starts at exactly one of it: 1 000 ms is `1 s`, 60 000 ms `1 min`, 3 600 000 ms
    /// `1 h` (`1 sn`, `1 dk`, `1 sa`); just below, the smaller unit, rounded. One decimal below
    /// 100 of a unit, none from 100 on.
    #[test]
    fn durations_change_unit_at_exactly_one_of_the_larger() {
        for (ms, tr, en) in [
            (999.0, "999\u{a0}ms", "999\u{a0}ms"),
            (1_000.0, "1\u{a0}sn", "1\u{a0}s"),
            (59_999.0, "≈ 60\u{a0}sn", "≈ 60\u{a0}s"),
            (60_000.0, "1\u{a0}dk", "1\u{a0}min"),
            (3_599_999.0, "≈ 60\u{a0}dk", "≈ 60\u{a0}min"),
            (3_600_000.0, "1\u{a0}sa", "1\u{a0}h"),
            (359_820_000.0, "≈ 100\u{a0}sa", "≈ 100\u{a0}h"),
            (359_640_000.0, "99,9\u{a0}sa", "99.9\u{a0}h"),
            (102_000.0, "1,7\u{a0}dk", "1.7\u{a0}min"),
            (6_120_000.0, "1,7\u{a0}sa", "1.7\u{a0}h"),
            (360_000_000.0, "100\u{a0}sa", "100\u{a0}h"),
            (360_000_000_000.0, "100.000\u{a0}sa", "100,000\u{a0}h"),
        ] {
            assert_eq!(format_duration(ms, Lang::Tr), tr, "{ms}");
            assert_eq!(format_duration(ms, Lang::En), en, "{ms}");
        }
        assert_eq!(TimeUnit::for_ms(999.999), TimeUnit::Millis);
        assert_eq!(TimeUnit::for_ms(1_000.0), TimeUnit::Seconds);
        assert_eq!(TimeUnit::for_ms(60_000.0), TimeUnit::Minutes);
        assert_eq!(TimeUnit::for_ms(3_600_000.0), TimeUnit::Hours);
    }

    #[test]
    fn percents() {
        assert_eq!(format_percent(0.125, Lang::Tr), "%12,5");
        assert_eq!(format_percent(0.125, Lang::En), "12.5%");
    }

    #[test]
    fn probabilities() {
        assert_eq!(format_probability(0.96875, Lang::En), "96.9%");
        assert_eq!(format_probability(0.96875, Lang::Tr), "%96,9");
        assert_eq!(format_probability(0.5, Lang::En), "50%");
        assert_eq!(format_probability(0.0, Lang::En), "0%");
        assert_eq!(format_probability(1.0, Lang::Tr), "%100");
        // f = 0.3, K = 9: 0.3⁹ ≈ 0.0000197 fails.
        let fail = 0.3f64.powi(9);
        assert_eq!(format_probability(fail, Lang::En), "0.002%");
        assert_eq!(format_probability(1.0 - fail, Lang::En), "99.998%");
        assert_eq!(format_probability(1.0 - fail, Lang::Tr), "%99,998");
        assert_eq!(format_probability(0.001, Lang::En), "0.1%");
        assert_eq!(format_probability(0.0123, Lang::En), "1.2%");
        assert_eq!(format_probability(0.000_123_4, Lang::En), "0.012%");
        assert_eq!(format_probability(1e-12, Lang::En), "≈ 0%");
        assert_eq!(format_probability(1.0 - 1e-12, Lang::Tr), "≈ %100");
        assert_eq!(format_probability(4e-9, Lang::En), "≈ 0%");
        assert_eq!(format_probability(6e-9, Lang::En), "0.000001%");
        // Two significant digits: 0.0104 % is 0.010 %, shown without its trailing zero.
        assert_eq!(format_probability(0.000_104, Lang::En), "0.01%");
        assert_eq!(format_probability(1.0 - 0.000_104, Lang::Tr), "%99,99");
        assert_eq!(format_probability(0.000_099_6, Lang::En), "0.01%");
    }

    #[test]
    fn dates() {
        let d = Date::parse("2026-06-17").unwrap();
        assert_eq!(d.long(Lang::Tr), "17 Haziran 2026");
        assert_eq!(d.long(Lang::En), "June 17, 2026");
        // Messages write a date as it is written in front matter (`updated` (…) is before …).
        assert_eq!(d.to_string(), "2026-06-17");
        assert_eq!(format!("({d})"), "(2026-06-17)");
        assert!(Date::parse("2026-02-29").is_err());
        assert!(Date::parse("2024-02-29").is_ok());
        assert!(Date::parse("2026-13-01").is_err());
        assert!(Date::parse("17.06.2026").is_err());
    }

    /// `YYYY-MM-DD` exactly, and only days that exist: the Gregorian leap years (every fourth,
    /// but not centuries unless divisible by 400), the last day of each month, no day 0.
    #[test]
    fn dates_parse_only_days_that_exist() {
        let bad =
            |text: &str| format!("`{text}` is not a date; write it as YYYY-MM-DD, e.g. 2026-06-17");
        for text in [
            "2026-6-17",
            "26-06-17",
            "2026-06-7",
            "02026-06-17",
            "2026-06",
            "2026-06-17-1",
            "2026-0x-17",
            "",
        ] {
            assert_eq!(Date::parse(text), Err(bad(text)), "{text}");
        }
        for (text, ok) in [
            ("2024-02-29", true),
            ("2000-02-29", true),
            ("1600-02-29", true),
            ("1900-02-29", false),
            ("2100-02-29", false),
            ("2026-02-29", false),
            ("2026-02-28", true),
            ("2026-01-31", true),
            ("2026-04-30", true),
            ("2026-04-31", false),
            ("2026-12-31", true),
            ("2026-12-32", false),
            ("2026-06-00", false),
        ] {
            assert_eq!(Date::parse(text).is_ok(), ok, "{text}");
        }
        assert_eq!(
            Date::parse("2026-12-31"),
            Ok(Date {
                year: 2026,
                month: 12,
                day: 31
            })
        );
        for (text, message) in [
            ("1900-02-29", "month 2 of 1900 has no day 29"),
            ("2026-06-00", "month 6 of 2026 has no day 0"),
            ("2026-13-01", "there is no month 13"),
            ("2026-00-01", "there is no month 0"),
        ] {
            assert_eq!(Date::parse(text), Err(format!("`{text}`: {message}")));
        }
    }

    /// `push_number` as it was written first, digit by digit: the oracle for the faster one.
    fn number_digit_by_digit(value: f64, decimals: usize, lang: Lang) -> String {
        let decimals = decimals.min(6);
        let scaled = (value.abs() * 10f64.powi(decimals as i32)).round();
        let mut out = String::new();
        if value < 0.0 && scaled != 0.0 {
            out.push('-');
        }
        let mut digits = format!("{scaled:.0}");
        while digits.len() < decimals + 1 {
            digits.insert(0, '0');
        }
        let (int, frac) = digits.split_at(digits.len() - decimals);
        for (i, d) in int.chars().enumerate() {
            if i > 0 && (int.len() - i) % 3 == 0 {
                out.push(lang.group_sep());
            }
            out.push(d);
        }
        let frac = frac.trim_end_matches('0');
        if !frac.is_empty() {
            out.push(lang.decimal_sep());
            out.push_str(frac);
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn numbers_match_digit_by_digit(
            value in proptest::prop_oneof![
                -1e4f64..1e4,
                0.0f64..1.0,
                -1e17f64..1e17,
                proptest::num::f64::NORMAL,
            ],
            decimals in 0usize..9,
        ) {
            for lang in Lang::ALL {
                proptest::prop_assert_eq!(
                    format_number(value, decimals, lang),
                    number_digit_by_digit(value, decimals, lang)
                );
            }
        }
    }

    #[test]
    fn numbers_at_digit_count_edges() {
        for value in [
            0.0,
            0.001,
            0.01,
            0.1,
            0.5,
            1.0,
            9.99,
            10.0,
            99.5,
            100.0,
            999.9999,
            1e3,
            12_345.678_9,
            1e6,
            9_007_199_254_740_991.0,
            9_007_199_254_740_992.0,
            1e300,
        ] {
            for decimals in 0..=7 {
                for lang in Lang::ALL {
                    for v in [value, -value] {
                        assert_eq!(
                            format_number(v, decimals, lang),
                            number_digit_by_digit(v, decimals, lang),
                            "{v} with {decimals} decimals"
                        );
                    }
                }
            }
        }
    }

    /// The digit-by-digit forms read like the `format!` ones, for every month and day and for
    /// years at and past the edges of four digits.
    #[test]
    fn date_forms_match_format() {
        for year in [-123, -1, 0, 7, 99, 999, 1000, 2026, 9999, 10_000, 123_456] {
            for month in 1..=12 {
                for day in [1, 9, 10, 28, 31] {
                    let d = Date { year, month, day };
                    assert_eq!(d.iso(), format!("{year:04}-{month:02}-{day:02}"));
                    let (tr, en) = (MONTHS_TR[month as usize - 1], MONTHS_EN[month as usize - 1]);
                    assert_eq!(d.long(Lang::Tr), format!("{day} {tr} {year}"));
                    assert_eq!(d.long(Lang::En), format!("{en} {day}, {year}"));
                }
            }
        }
    }
}
