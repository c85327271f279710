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

/// A percentage in either order is its hundredth; a sign on both sides, or inside, is no number.
#[test]
fn a_percent_sign_on_either_side() {
    assert_eq!(parse_number("30%"), Some(0.3));
    assert_eq!(parse_number("%30"), Some(0.3));
    assert_eq!(parse_number("% 12.5"), Some(0.125));
    assert_eq!(parse_number("30"), Some(30.0));
    assert_eq!(parse_number("%30%"), None);
    assert_eq!(parse_number("%"), None);
    assert_eq!(parse_number("3%0"), None);
    assert_eq!(parse_number("1e999%"), None);
    assert_eq!(parse_number("inf"), None);
}

#[test]
fn days_to_dates() {
    for (days, iso) in [
        (0, "1970-01-01"),
        (-1, "1969-12-31"),
        (59, "1970-03-01"),
        (10_956, "1999-12-31"),
        (11_016, "2000-02-29"),
        (20_619, "2026-06-15"),
        (20_819, "2027-01-01"),
    ] {
        assert_eq!(Date::from_days(days).iso(), iso, "{days}");
    }
    // Every day of four centuries reads back as the day after the one before.
    let mut last = Date::from_days(-1);
    for days in 0..146_097 {
        let d = Date::from_days(days);
        assert!(d > last, "{days}: {d} after {last}");
        assert_eq!(Date::parse(&d.iso()), Ok(d));
        last = d;
    }
}
