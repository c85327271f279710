use super::*;
use crate::shortcode::grammar::parse_value;

fn check_text(kind: ArgKind, text: &str) -> Result<ArgValue, (String, Option<String>)> {
    kind.check("x", &parse_value(text).unwrap())
}

/// Whole numbers are read from their digits: no rounding through a float, no clamping.
#[test]
fn integers_are_exact_or_refused() {
    for (text, n) in [
        ("0", 0),
        ("7", 7),
        ("9007199254740993", 9_007_199_254_740_993),
        ("18446744073709551615", u64::MAX),
    ] {
        assert_eq!(check_text(ArgKind::Integer, text), Ok(ArgValue::Integer(n)));
    }
    for text in ["1e30", "18446744073709551616", "-1", "1.5", "1e3"] {
        let (message, help) = check_text(ArgKind::Integer, text).unwrap_err();
        assert_eq!(
            message,
            format!("`x` must be a whole number from 0 to 18446744073709551615, not a number (`{text}`)")
        );
        assert!(help
            .unwrap()
            .contains("without a sign, a fraction or an exponent"));
    }
}

#[test]
fn numbers_durations_and_strategies() {
    assert_eq!(
        check_text(ArgKind::Number, "1.5"),
        Ok(ArgValue::Number(1.5))
    );
    assert_eq!(
        check_text(ArgKind::Number, "-2"),
        Ok(ArgValue::Number(-2.0))
    );
    assert_eq!(
        check_text(ArgKind::DurationOrNone, "none"),
        Ok(ArgValue::DurationOrNone(None))
    );
    let (message, help) = check_text(ArgKind::Duration, "100").unwrap_err();
    assert!(message.starts_with("`x` must be a duration"), "{message}");
    assert_eq!(
        help.as_deref(),
        Some("a bare number is not a duration: write `100ms` or `100s`")
    );
    assert_eq!(
        check_text(ArgKind::Strategies, "[equal, full, equal]"),
        Ok(ArgValue::Strategies(Cow::Owned(vec![
            Strategy::Full,
            Strategy::Equal
        ])))
    );
    assert_eq!(
        check_text(ArgKind::Strategies, "all").unwrap().to_string(),
        "all"
    );
    let (message, help) = check_text(ArgKind::Strategies, "[full, eqaul]").unwrap_err();
    assert_eq!(message, "unknown jitter strategy `eqaul`");
    assert_eq!(help.as_deref(), Some("did you mean `equal`?"));
    assert!(check_text(ArgKind::Strategies, "[]").is_err());
    let choice = ArgKind::Choice(Cow::Borrowed(&[Cow::Borrowed("none"), Cow::Borrowed("a")]));
    assert_eq!(
        check_text(choice, "none"),
        Ok(ArgValue::Str(Cow::Borrowed("none")))
    );
    let choice = ArgKind::Choice(Cow::Borrowed(&[Cow::Borrowed("a")]));
    assert!(check_text(choice, "none").is_err());
}

/// `all`, one id, or a list of ids in the order given, each once.
#[test]
fn libraries_are_all_one_or_a_list() {
    let libraries = |text: &str| check_text(ArgKind::Libraries, text);
    assert_eq!(
        libraries("all"),
        Ok(ArgValue::Libraries(Cow::Borrowed(&Library::ALL)))
    );
    assert_eq!(
        libraries("tenacity"),
        Ok(ArgValue::Libraries(Cow::Owned(vec![Library::Tenacity])))
    );
    assert_eq!(
        libraries("[tenacity, grpc, tenacity]"),
        Ok(ArgValue::Libraries(Cow::Owned(vec![
            Library::Tenacity,
            Library::Grpc
        ])))
    );
    assert_eq!(
        libraries("grpcc"),
        Err((
            "unknown retry library `grpcc`".to_string(),
            Some("did you mean `grpc`?".to_string())
        ))
    );
    assert_eq!(
        libraries("[grpc, zzzzzz]"),
        Err((
            "unknown retry library `zzzzzz`".to_string(),
            Some(format!("use all, or {}", Library::ids()))
        ))
    );
    let (message, help) = libraries("[]").unwrap_err();
    assert!(
        message.starts_with("`x` must be `all`, one of grpc, "),
        "{message}"
    );
    assert_eq!(help.as_deref(), Some("name at least one library"));
    assert!(libraries("[grpc, 2]").unwrap_err().1.is_none());
    assert!(libraries("\"grpc\"").is_err());
    assert_eq!(libraries("all").unwrap().to_string(), "all");
    assert_eq!(
        libraries("[tenacity, grpc]").unwrap().to_string(),
        "[tenacity, grpc]"
    );
    assert_eq!(libraries("grpc").unwrap().to_string(), "[grpc]");
}

/// A calculator's libraries: `none`, one id, or a list of at most three, each once; `all` and
/// a fourth are refused with what to do instead.
#[test]
fn a_calculator_picks_none_or_up_to_three_libraries() {
    let picks = |text: &str| check_text(ArgKind::LibraryPicks, text);
    assert_eq!(picks("none"), Ok(ArgValue::Libraries(Cow::Borrowed(&[]))));
    assert_eq!(picks("none").unwrap().to_string(), "none");
    assert_eq!(
        picks("got"),
        Ok(ArgValue::Libraries(Cow::Owned(vec![Library::Got])))
    );
    // Three, and three after a repeat is dropped.
    for text in ["[got, urllib3, grpc]", "[got, urllib3, got, grpc]"] {
        assert_eq!(
            picks(text),
            Ok(ArgValue::Libraries(Cow::Owned(vec![
                Library::Got,
                Library::Urllib3,
                Library::Grpc
            ]))),
            "{text}"
        );
    }
    assert_eq!(
        picks("[got, urllib3, grpc, stamina]"),
        Err((
            "`x` names 4 libraries; a calculator compares at most 3".to_string(),
            Some("`backoff_libraries` shows more of them in one table".to_string())
        ))
    );
    assert_eq!(
        picks("all"),
        Err((
            "`x` cannot be `all`: a calculator compares at most 3 libraries".to_string(),
            Some(
                "name up to three, like `[got, urllib3]`; `backoff_libraries` shows them all"
                    .to_string()
            )
        ))
    );
    assert_eq!(
        picks("gott").unwrap_err().1.as_deref(),
        Some("did you mean `got`?")
    );
    let (message, help) = picks("[]").unwrap_err();
    assert!(
        message.starts_with("`x` must be `none`, one of grpc, "),
        "{message}"
    );
    assert_eq!(help.as_deref(), Some("name a library, or write `none`"));
    assert!(picks("3").is_err());
    assert!(ArgKind::LibraryPicks
        .describe()
        .contains("a list of up to 3"));
}

/// Numbers as written, a percentage as its hundredth.
#[test]
fn numbers_and_percentages() {
    for (text, n) in [
        ("30%", 0.3),
        ("%30", 0.3),
        ("12.5%", 0.125),
        ("%12.5", 0.125),
        ("-1%", -0.01),
        ("1e3", 1_000.0),
        (".5", 0.5),
    ] {
        assert_eq!(
            check_text(ArgKind::Number, text),
            Ok(ArgValue::Number(n)),
            "{text}"
        );
    }
    assert_eq!(
        check_text(ArgKind::Number, "1s"),
        Err((
            "`x` must be a number, not a duration (`1s`)".to_string(),
            None
        ))
    );
}

/// A strategies argument takes `all`, one name, `none`, or a list of names and `none`.
#[test]
fn strategies_in_every_form() {
    let strategies = |text: &str| check_text(ArgKind::Strategies, text);
    let owned = |s: &[Strategy]| Ok(ArgValue::Strategies(Cow::Owned(s.to_vec())));
    assert_eq!(strategies("full"), owned(&[Strategy::Full]));
    assert_eq!(
        strategies("none"),
        Ok(ArgValue::Strategies(Cow::Borrowed(&[Strategy::None])))
    );
    assert_eq!(
        strategies("[decorrelated, none]"),
        owned(&[Strategy::None, Strategy::Decorrelated])
    );
    assert_eq!(
        strategies("fulll"),
        Err((
            "unknown jitter strategy `fulll`".to_string(),
            Some("did you mean `full`?".to_string())
        ))
    );
    assert_eq!(
        strategies("[full, 2]"),
        Err((
            "`x` must be `all`, one of none, full, equal, decorrelated, or a list like \
             `[full, equal]`, not a list (`[full, 2]`)"
                .to_string(),
            None
        ))
    );
}

/// Every kind's value reaches its accessor; another kind's accessor refuses it by name.
#[test]
fn checked_arguments_reach_their_accessors() {
    let kinds = [
        ArgSpec::required("d", ArgKind::Duration, "a duration"),
        ArgSpec::required("c", ArgKind::DurationOrNone, "a cap"),
        ArgSpec::required("c2", ArgKind::DurationOrNone, "another cap"),
        ArgSpec::required("n", ArgKind::Number, "a number"),
        ArgSpec::required("i", ArgKind::Integer, "a count"),
        ArgSpec::required("b", ArgKind::Bool, "a switch"),
        ArgSpec::required("f", ArgKind::Bool, "another switch"),
        ArgSpec::required("s", ArgKind::Str, "a text"),
        ArgSpec::required("w", ArgKind::Str, "a word"),
        ArgSpec::required("u", ArgKind::Url, "a link"),
        ArgSpec::required("u2", ArgKind::Url, "a bare link"),
        ArgSpec::required("j", ArgKind::Strategies, "strategies"),
        ArgSpec::required("l", ArgKind::Libraries, "libraries"),
        ArgSpec::optional("o", ArgKind::Number, ArgValue::Number(7.5), "a default"),
    ];
    let text = "<< t(d=2s, c=none, c2=1m, n=-2.5, i=42, b=true, f=false, s=\"Işık\", \
                w=word, u=\"/img/ş.svg\", u2=logo, j=[full, equal], l=grpc) >>";
    let source = Source::new("x.tr.md", text);
    let call = crate::shortcode::grammar::parse_call(text, 0, text.len()).unwrap();
    let args = check("t", &kinds, &call, &source).unwrap();
    assert_eq!(args.duration("d"), Ok(Delay::from_ms(2_000.0).unwrap()));
    assert_eq!(args.duration_or_none("d"), Ok(Delay::from_ms(2_000.0)));
    assert_eq!(args.duration_or_none("c"), Ok(None));
    assert_eq!(args.duration_or_none("c2"), Ok(Delay::from_ms(60_000.0)));
    assert_eq!(args.duration("c2"), Ok(Delay::from_ms(60_000.0).unwrap()));
    assert_eq!(args.number("n"), Ok(-2.5));
    assert_eq!(args.number("o"), Ok(7.5));
    assert_eq!(args.integer("i"), Ok(42));
    assert_eq!(args.bool("b"), Ok(true));
    assert_eq!(args.bool("f"), Ok(false));
    assert_eq!(args.str("s"), Ok("Işık"));
    assert_eq!(args.str("w"), Ok("word"));
    assert_eq!(args.url("u"), Ok("/img/ş.svg"));
    assert_eq!(args.url("u2"), Ok("logo"));
    assert_eq!(
        args.strategies("j"),
        Ok(&[Strategy::Full, Strategy::Equal][..])
    );
    assert_eq!(args.libraries("l"), Ok(&[Library::Grpc][..]));
    assert_eq!(args.value("i"), Some(&ArgValue::Integer(42)));
    assert_eq!(args.value("zz"), None);
    let names: Vec<&str> = args.iter().map(|(name, _)| name).collect();
    assert_eq!(
        names,
        ["b", "c", "c2", "d", "f", "i", "j", "l", "n", "o", "s", "u", "u2", "w"]
    );
    let refused = |result: Result<(), ArgError>, name: &str, wanted: &str| {
        assert_eq!(
            result,
            Err(ArgError::new(name, format!("`{name}` is not {wanted}"))),
            "{name}"
        );
    };
    refused(args.duration("c").map(drop), "c", "a duration");
    refused(
        args.duration_or_none("n").map(drop),
        "n",
        "a duration or `none`",
    );
    refused(args.number("i").map(drop), "i", "a number");
    refused(args.integer("n").map(drop), "n", "a whole number");
    refused(args.bool("s").map(drop), "s", "`true` or `false`");
    refused(args.str("u").map(drop), "u", "text");
    refused(args.url("s").map(drop), "s", "a link");
    refused(args.strategies("l").map(drop), "l", "a list of strategies");
    refused(
        args.libraries("j").map(drop),
        "j",
        "a list of retry libraries",
    );
    assert_eq!(
        args.number("zz"),
        Err(ArgError::new("zz", "`zz` is not declared"))
    );
}

#[test]
fn values_display_in_shortcode_syntax() {
    let shown = [
        ArgValue::Number(2.0),
        ArgValue::Integer(8),
        ArgValue::DurationOrNone(None),
        ArgValue::Duration(Delay::from_ms(100.0).unwrap()),
        ArgValue::Str(Cow::Borrowed("worst")),
        ArgValue::Strategies(Cow::Borrowed(&[Strategy::None])),
        ArgValue::Strategies(Cow::Borrowed(&[Strategy::Full, Strategy::Equal])),
        ArgValue::Bool(false),
    ]
    .map(|v| v.to_string());
    assert_eq!(
        shown,
        [
            "2",
            "8",
            "none",
            "100ms",
            "\"worst\"",
            "none",
            "[full, equal]",
            "false"
        ]
    );
}
