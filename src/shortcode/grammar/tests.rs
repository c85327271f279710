use super::*;

#[test]
fn parses_all_value_kinds() {
    let src = r#"x << t(a=100ms, b=2, c=true, d="q \"x\"", e=full, f=[full, equal], g=none,) >> y"#;
    let at = src.find("<<").unwrap();
    assert!(starts_call(src, at));
    let call = parse_call(src, at, src.len()).unwrap();
    assert_eq!(call.name, "t");
    assert_eq!(&src[call.span.clone()], &src[at..src.len() - 2]);
    let v: Vec<&Value> = call.args.iter().map(|a| &a.value.value).collect();
    assert_eq!(v[0], &Value::Duration(Delay::from_ms(100.0).unwrap()));
    assert_eq!(v[1], &Value::Number);
    assert_eq!(call.args[1].value.text, "2");
    assert_eq!(v[2], &Value::Bool(true));
    assert_eq!(v[3], &Value::Str("q \"x\"".into()));
    assert_eq!(v[4], &Value::Word("full".into()));
    assert!(matches!(v[5], Value::List(l) if l.len() == 2));
    assert_eq!(v[6], &Value::None);
}

#[test]
fn a_percentage_is_a_number() {
    let src = "<< t(a=30%, b=12.5%, c=-1%, d=%30, e=%12.5) >>";
    let call = parse_call(src, 0, src.len()).unwrap();
    let v: Vec<(&Value, &str)> = call
        .args
        .iter()
        .map(|a| (&a.value.value, a.value.text.as_str()))
        .collect();
    assert_eq!(
        v,
        [
            (&Value::Number, "30%"),
            (&Value::Number, "12.5%"),
            (&Value::Number, "-1%"),
            (&Value::Number, "%30"),
            (&Value::Number, "%12.5")
        ]
    );
    for bad in [
        "<< t(a=%) >>",
        "<< t(a=30%%) >>",
        "<< t(a=1e999%) >>",
        "<< t(a=%%30) >>",
        "<< t(a=%30%) >>",
        "<< t(a=%abc) >>",
    ] {
        assert!(parse_call(bad, 0, bad.len()).is_err(), "{bad}");
    }
}

#[test]
fn a_missing_paren_or_equals_sign_is_named() {
    let message = |src: &str| parse_call(src, 0, src.len()).unwrap_err().message;
    assert_eq!(
        message("<< t base=1 >>"),
        "expected `(` after the shortcode name, found `b`"
    );
    assert_eq!(
        message("<< t(base 1) >>"),
        "expected `=` after `base`, found `1`"
    );
    assert_eq!(
        message("<< t(base"),
        "expected `=` after `base`, found the end of the shortcode"
    );
}

#[test]
fn not_a_call() {
    assert!(!starts_call("a << b", 2));
    assert!(!starts_call("x <<", 2), "`<<` at the very end");
    assert!(!starts_call("x << ", 2));
    assert!(!starts_call("<< t", 0), "a name without `(`");
    assert!(
        !starts_call("<< 2t(a=1) >>", 0),
        "a name starts with a letter or `_`"
    );
    assert!(!starts_call("<< -t(a=1) >>", 0));
    assert!(
        !starts_call("<< t-x(a=1) >>", 0),
        "`-` is no part of a name"
    );
    assert!(starts_call("<<\t t \t(", 0));
    assert!(starts_call("<<_(", 0));
    assert!(starts_call("a <<t2_(", 2));
    assert!(!starts_call("<<<", 0));
    assert!(starts_call("<<x()>>", 0));
    for prose in [
        "1 << 3",
        "8 >> 1",
        "1 << 4 (16)",
        "x << (a+b)",
        "a <<-b(",
        "<< x y(1)",
    ] {
        let at = prose.find("<<").unwrap_or(0);
        assert!(!starts_call(prose, at), "{prose}");
    }
}

/// What looks like a call is one, whatever script its name is in; only ASCII names are valid.
#[test]
fn a_name_in_any_script_starts_a_call() {
    for (src, name) in [
        ("<< tablo_şğı(x=1) >>", "tablo_şğı"),
        ("<<ş()>>", "ş"),
        ("<< _x(a=1) >>", "_x"),
        ("<< таблица (a=1) >>", "таблица"),
        ("<< t2(a=1) >>", "t2"),
    ] {
        assert!(starts_call(src, 0), "{src}");
        let call = parse_call(src, 0, src.len()).unwrap();
        assert_eq!(call.name, name);
        assert_eq!(&src[call.name_span.clone()], name);
    }
    assert!(is_name("backoff_table") && is_name("t2"));
    for bad in ["tablo_şğı", "_x", "2t", "", "a-b", "ş"] {
        assert!(!is_name(bad), "{bad}");
    }
}

/// Found by fuzzing (fuzz/regressions/shortcode_grammar/): the span of an unknown escape
/// ended inside a Turkish letter after the backslash.
#[test]
fn an_unknown_escape_is_underlined_whole() {
    for (src, escape) in [
        (r#"<< t(a="\ş") >>"#, r"\ş"),
        (r#"<< t(a="\n") >>"#, r"\n"),
        ("<< t(a=\"\\", r"\"),
    ] {
        let e = parse_call(src, 0, src.len()).unwrap_err();
        assert!(e.message.starts_with("unknown escape"), "{e:?}");
        assert_eq!(&src[e.span.clone()], escape, "{src}");
    }
}

/// The error of `src` parsed whole: its message, the text it underlines and where that
/// starts (a byte offset).
fn error_of(src: &str) -> (String, &str, usize) {
    let e = parse_call(src, 0, src.len()).unwrap_err();
    (e.message, &src[e.span.clone()], e.span.start)
}

/// The meaning of each bare value: booleans, `none`, numbers by their first character
/// (a digit, `-`, `+` or `.`), words of ASCII letters, digits, `_` and `-`.
#[test]
fn bare_values_mean_what_they_say() {
    let value = |text: &str| parse_value(text).unwrap().value;
    assert_eq!(value("true"), Value::Bool(true));
    assert_eq!(value("false"), Value::Bool(false));
    assert_eq!(value("none"), Value::None);
    for number in [
        "7", "-3", "+2", ".5", "-.5", "1e3", "-1.5e-3", "30%", "+4%", ".5%",
    ] {
        assert_eq!(value(number), Value::Number, "{number}");
    }
    assert_eq!(
        value("-0ms"),
        Value::Duration(Delay::from_ms(0.0).unwrap()),
        "a sign starts a duration too"
    );
    assert_eq!(
        value("+1.5s"),
        Value::Duration(Delay::from_ms(1500.0).unwrap())
    );
    for word in ["full", "a_b", "a-b", "x2", "_x", "Tr", "True", "None"] {
        assert_eq!(value(word), Value::Word(word.to_string()), "{word}");
    }
    let error = |text: &str| {
        let e = parse_value(text).unwrap_err();
        assert_eq!(e.span, 0..text.len(), "{text}");
        (e.message, e.help)
    };
    let not_a_value = |text: &str| {
        (
            format!("`{text}` is not a value"),
            Some("quote text: \"like this\"".to_string()),
        )
    };
    for text in ["şık", "a.b", "x%", "a/b", "ı"] {
        assert_eq!(error(text), not_a_value(text), "{text}");
    }
    let durations = Some("durations are written like `100ms`, `1.5s`, `2m`, `1h`".to_string());
    assert_eq!(
        error("-1s"),
        (
            "`-1s` is not a number or a duration: the duration must be a finite, \
             non-negative amount"
                .to_string(),
            durations.clone()
        )
    );
    assert_eq!(
        error(".x"),
        (
            "`.x` is not a number or a duration: unknown unit `x`; use ms, s, m or h".to_string(),
            durations
        )
    );
}

/// Argument names: ASCII letters, digits and `_`, and `-` after the first character.
#[test]
fn argument_names_take_hyphens_after_their_first_character() {
    let src = "<< t(a-b=1, c_d=2, _e=3, 4f=4, g--=5) >>";
    let call = parse_call(src, 0, src.len()).unwrap();
    let names: Vec<&str> = call.args.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["a-b", "c_d", "_e", "4f", "g--"]);
    for a in &call.args {
        assert_eq!(&src[a.name_span.clone()], a.name);
    }
    for (src, at) in [
        ("<< t(-a=1) >>", "-"),
        ("<< t(=1) >>", "="),
        ("<< t(a=1, ş=2) >>", "ş"),
    ] {
        let (message, underlined, _) = error_of(src);
        assert_eq!(message, "expected an argument name (`key=value`)", "{src}");
        assert_eq!(underlined, at, "{src}");
    }
}

/// Each syntax error underlines the character where the call goes wrong (all of it, a
/// Turkish letter too), or the `<<` of a call that never ends.
#[test]
fn syntax_errors_underline_their_place() {
    let cases = [
        (
            "<< t(a=1 b=2) >>",
            "expected `,` or `)` after an argument, found `b`",
            "b",
            9,
        ),
        (
            "<< t(a=\"x\"ş=2) >>",
            "expected `,` or `)` after an argument, found `ş`",
            "ş",
            10,
        ),
        ("<< t(a=) >>", "expected a value", ")", 7),
        ("<< t(a=  , b=1) >>", "expected a value", ",", 9),
        ("<< t(a=ğ, b=) >>", "`ğ` is not a value", "ğ", 7),
        (
            "<< t(ğ=1) >>",
            "expected an argument name (`key=value`)",
            "ğ",
            5,
        ),
        ("<< t(a 1) >>", "expected `=` after `a`, found `1`", "1", 7),
        ("<< t(a ı) >>", "expected `=` after `a`, found `ı`", "ı", 7),
        (
            "<< t a=1) >>",
            "expected `(` after the shortcode name, found `a`",
            "a",
            5,
        ),
        (
            "<< (a=1) >>",
            "expected a shortcode name after `<<`",
            "(",
            3,
        ),
        (
            "<< t(a=[1 2]) >>",
            "expected `,` or `]` in the list",
            "2",
            10,
        ),
        ("<< t(a=[1, [2]]) >>", "lists cannot be nested", "[2]", 11),
        ("<< t(a=\"ab) >>", "unterminated string", "\"ab) >>", 7),
        (
            "<< t(a=\"\\ş\") >>",
            "unknown escape; only `\\\"` and `\\\\` are allowed",
            "\\ş",
            8,
        ),
        (
            "x << t(a=1,",
            "unterminated shortcode: `(` is never closed",
            "<<",
            2,
        ),
        (
            "ş << t(a=1",
            "unterminated shortcode: `(` is never closed",
            "<<",
            3,
        ),
        (
            "ğğ << t(a=1) x",
            "unterminated shortcode: expected `>>`",
            "<<",
            5,
        ),
        (
            "ğğ << t(a=1) >",
            "unterminated shortcode: expected `>>`",
            "<<",
            5,
        ),
    ];
    for (src, message, underlined, start) in cases {
        let at = src.find("<<").unwrap();
        let e = parse_call(src, at, src.len()).unwrap_err();
        assert_eq!(
            (e.message.as_str(), &src[e.span.clone()], e.span.start),
            (message, underlined, start),
            "{src}"
        );
    }
    let help = |src: &str| {
        parse_call(src, src.find("<<").unwrap(), src.len())
            .unwrap_err()
            .help
    };
    assert_eq!(help("ş << t(a=1,").as_deref(), Some("close it with `) >>`"));
    assert_eq!(help("ş << t(a=1").as_deref(), Some("close it with `) >>`"));
    assert_eq!(
        help("ş << t() x").as_deref(),
        Some("end the shortcode with `>>`")
    );
}

/// At the end of the text there is nothing to underline; at the end of a paragraph (the
/// limit), the character after it is.
#[test]
fn an_error_at_the_end_underlines_what_follows_or_nothing() {
    let src = "<< t(a=";
    assert_eq!(parse_call(src, 0, src.len()).unwrap_err().span, 7..7);
    let src = "<< t(base\n\nnext";
    let e = parse_call(src, 0, 9).unwrap_err();
    assert_eq!(
        e.message,
        "expected `=` after `base`, found the end of the shortcode"
    );
    assert_eq!(e.span, 9..10);
    let src = "<< t(a=1)\n\n>>";
    let e = parse_call(src, 0, 9).unwrap_err();
    assert_eq!(e.message, "unterminated shortcode: expected `>>`");
}

/// Values and names are found after any run of spaces, tabs and line breaks.
#[test]
fn spans_skip_any_whitespace() {
    let src = "<<  t \t(  a =   100ms ,\n  bb=\t\"ş\"  ,c=[ 1 ,2 ]  )   >> z";
    let call = parse_call(src, 0, src.len()).unwrap();
    assert_eq!(&src[call.name_span.clone()], "t");
    assert_eq!(&src[call.span.clone()], &src[..src.len() - 2]);
    let written: Vec<(&str, &str)> = call
        .args
        .iter()
        .map(|a| (&src[a.name_span.clone()], &src[a.value.span.clone()]))
        .collect();
    assert_eq!(
        written,
        [("a", "100ms"), ("bb", "\"ş\""), ("c", "[ 1 ,2 ]")]
    );
    assert_eq!(call.args[1].value.text, "\"ş\"");
    let Value::List(items) = &call.args[2].value.value else {
        panic!("{call:?}")
    };
    let items: Vec<&str> = items.iter().map(|i| &src[i.span.clone()]).collect();
    assert_eq!(items, ["1", "2"]);
    assert_eq!(parse_value(" \t1 ").unwrap().span, 2..3);
    let e = parse_value("1 2").unwrap_err();
    assert_eq!((e.message.as_str(), e.span), ("expected one value", 2..3));
    let e = parse_value("1 ş").unwrap_err();
    assert_eq!(e.span, 2..4);
}

#[test]
fn errors_have_spans() {
    let src = "<< t(a=100sec) >>";
    let e = parse_call(src, 0, src.len()).unwrap_err();
    assert_eq!(&src[e.span.clone()], "100sec");
    let src = "<< t(a=1";
    let e = parse_call(src, 0, src.len()).unwrap_err();
    assert!(e.message.contains("unterminated"), "{e:?}");
}

#[test]
fn a_body_closes_with_its_name_after_a_slash() {
    let at = |s: &str| parse_close(s, 0, s.len());
    assert_eq!(
        at("<< /note >>"),
        Some(Close {
            name: "note".into(),
            span: 0..11
        })
    );
    assert_eq!(at("<</tabs>> and more").unwrap().span, 0..9);
    assert_eq!(at("<< / tab_1 >>").unwrap().name, "tab_1");
    assert_eq!(at("x << /note >>"), None);
    assert_eq!(at("<< note >>"), None);
    assert_eq!(at("<< / >>"), None);
    assert_eq!(at("<< /note"), None);
    assert_eq!(at("<< /note x >>"), None);
    assert_eq!(at("<< /note() >>"), None);
    // Only up to `limit`.
    let s = "<< /note >>";
    assert_eq!(parse_close(s, 0, 9), None);
}
