//! sade's own lexers: for each language, its keywords, strings (its own forms included),
//! comments, numbers, types and calls get their classes, and the text is kept and escaped.

use super::{code_block, language, push_code, CLike, Lang};

/// `code` highlighted as the fence `fence` writes it.
fn hl(fence: &str, code: &str) -> String {
    let (_, lang) = language(fence).unwrap_or_else(|| panic!("no language {fence}"));
    let mut out = String::new();
    push_code(&mut out, lang, code);
    out
}

/// `<span class="hl-KIND">TEXT</span>`.
fn s(kind: &str, text: &str) -> String {
    format!("<span class=\"hl-{kind}\">{text}</span>")
}

/// Asserts that `html` has each `(kind, text)` span.
#[track_caller]
fn has(html: &str, spans: &[(&str, &str)]) {
    for (kind, text) in spans {
        assert!(
            html.contains(&s(kind, text)),
            "no {kind} {text:?} in\n{html}"
        );
    }
}

/// The text without its spans, entities decoded: the code as it came in.
fn text(html: &str) -> String {
    let mut t = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        t.push_str(&rest[..at]);
        rest = &rest[at + rest[at..].find('>').unwrap() + 1..];
    }
    t.push_str(rest);
    t.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn known_languages_are_spans_and_the_text_is_kept() {
    let (word, lang) = language("rust").unwrap();
    let html = code_block(word, lang, "let x = \"<b>\"; // hi\n");
    assert_eq!(
        html,
        "<pre><code class=\"language-rust\"><span class=\"hl-keyword\">let</span> x = \
         <span class=\"hl-string\">&quot;&lt;b&gt;&quot;</span>; \
         <span class=\"hl-comment\">// hi</span>\n</code></pre>\n"
    );
}

#[test]
fn languages_by_the_fences_first_word() {
    assert!(language("py").is_some());
    assert!(language("sh title=x").is_some());
    assert_eq!(language("Go").unwrap().1, Lang::CLike(CLike::Go));
    assert_eq!(language("c++").unwrap().1, Lang::CLike(CLike::Cpp));
    assert_eq!(language("SQL").unwrap().1, Lang::Sql);
    assert!(language("haskell").is_none());
    assert!(language("").is_none());
    assert!(language("text").is_none());
}

#[test]
fn fence_names_of_the_added_languages() {
    for fence in [
        "go",
        "golang",
        "java",
        "cs",
        "csharp",
        "C#",
        "kotlin",
        "kt",
        "scala",
        "c",
        "h",
        "cpp",
        "c++",
        "cc",
        "cxx",
        "hpp",
        "sql",
        "SQL",
        "postgresql",
    ] {
        assert!(language(fence).is_some(), "{fence}");
    }
    assert!(language("cobol").is_none());
    assert!(language("golang2").is_none());
}

#[test]
fn go() {
    let code = "package main\n\n// Wait <b> between tries.\nfunc wait(n int) time.Duration {\n\
                \tb := &backoff.ExponentialBackOff{InitialInterval: 100 * time.Millisecond}\n\
                \ts := \"a\\\"<b>\" + `raw\\n\nline` + string('x') + string('\\n')\n\
                \treturn nil, 0x1F, 1.5e-3, 2i /* done */\n}\n";
    let h = hl("go", code);
    has(
        &h,
        &[
            ("keyword", "package"),
            ("keyword", "func"),
            ("keyword", "return"),
            ("function", "wait"),
            ("type", "int"),
            ("type", "ExponentialBackOff"),
            // A conversion: the type's name.
            ("type", "string"),
            ("comment", "// Wait &lt;b&gt; between tries."),
            ("comment", "/* done */"),
            ("number", "100"),
            ("number", "0x1F"),
            ("number", "1.5e-3"),
            ("number", "2i"),
            ("string", "&quot;a\\&quot;&lt;b&gt;&quot;"),
            ("string", "`raw\\n\nline`"),
            ("string", "&#39;x&#39;"),
            ("string", "&#39;\\n&#39;"),
            ("constant", "nil"),
        ],
    );
    // Exported names are not types in Go: `time.Millisecond` stays plain.
    assert!(h.contains("time.Millisecond}"), "{h}");
    assert_eq!(text(&h), code);
}

#[test]
fn java() {
    let code = "@Override\npublic static long next(int attempt) {\n\
                String s = \"<\\\"x\\\">\"; char c = '\\'';\n\
                String block = \"\"\"\n    a \"quoted\" <tag>\n    \"\"\";\n\
                return Math.min(MAX_DELAY, 100L * attempt) + 0.5f; // cap\n}\n";
    let h = hl("java", code);
    has(
        &h,
        &[
            ("attribute", "@Override"),
            ("keyword", "public"),
            ("keyword", "static"),
            ("keyword", "return"),
            ("type", "long"),
            ("type", "String"),
            ("function", "next"),
            ("function", "min"),
            ("constant", "MAX_DELAY"),
            ("number", "100L"),
            ("number", "0.5f"),
            ("string", "&quot;&lt;\\&quot;x\\&quot;&gt;&quot;"),
            ("string", "&#39;\\&#39;&#39;"),
            (
                "string",
                "&quot;&quot;&quot;\n    a &quot;quoted&quot; &lt;tag&gt;\n    &quot;&quot;&quot;",
            ),
            ("comment", "// cap"),
        ],
    );
    assert_eq!(text(&h), code);
}

#[test]
fn csharp() {
    let code = "#region Retry\nusing Polly;\nvar path = @\"C:\\dir\\\"\"x\"\"<\";\n\
                var msg = $\"wait {delay.TotalSeconds:0.0} s, {(ok ? \"yes\" : \"no\")} {{x}}\";\n\
                var raw = \"\"\"\n  \"quoted\" <raw>\n  \"\"\";\nvar v = $@\"{a}\\\";\n\
                int @class = 3; decimal d = 1.5m; object o = null; // end\n";
    let h = hl("csharp", code);
    has(
        &h,
        &[
            ("keyword", "#region"),
            ("keyword", "using"),
            ("keyword", "var"),
            ("type", "Polly"),
            ("type", "int"),
            ("type", "decimal"),
            ("type", "object"),
            ("constant", "null"),
            ("number", "3"),
            ("number", "1.5m"),
            ("comment", "// end"),
            // Verbatim: no escapes, `""` is a quote.
            (
                "string",
                "@&quot;C:\\dir\\&quot;&quot;x&quot;&quot;&lt;&quot;",
            ),
            // Interpolated: the holes' code is plain, `{{` is text.
            ("string", "$&quot;wait {"),
            ("string", "} s, {"),
            ("string", "} {{x}}&quot;"),
            (
                "string",
                "&quot;&quot;&quot;\n  &quot;quoted&quot; &lt;raw&gt;\n  &quot;&quot;&quot;",
            ),
            ("string", "$@&quot;{"),
            ("string", "}\\&quot;"),
        ],
    );
    assert!(h.contains("{</span>delay.TotalSeconds:0.0<span"), "{h}");
    assert!(h.contains("(ok ? &quot;yes&quot; : &quot;no&quot;)"), "{h}");
    // `@class` is a name.
    assert!(h.contains(" @class = "), "{h}");
    assert_eq!(text(&h), code);
}

#[test]
fn kotlin() {
    let code = "@JvmStatic\nsuspend fun retry(times: Int = 3): Long {\n\
                val s = \"n=$times, ${map[\"k\"]} <ok>\"\n\
                val t = \"\"\"raw \\n ${x} \"q\" \"\"\"\n\
                val `when` = 'c' /* a /* nested */ comment */\n\
                return 1_000L + 0x0F // ms\n}\n";
    let h = hl("kotlin", code);
    has(
        &h,
        &[
            ("attribute", "@JvmStatic"),
            ("keyword", "suspend"),
            ("keyword", "fun"),
            ("keyword", "val"),
            ("keyword", "return"),
            ("function", "retry"),
            ("type", "Int"),
            ("type", "Long"),
            ("number", "3"),
            ("number", "1_000L"),
            ("number", "0x0F"),
            ("string", "&quot;n=$times, ${"),
            ("string", "} &lt;ok&gt;&quot;"),
            ("string", "&quot;&quot;&quot;raw \\n ${"),
            ("string", "} &quot;q&quot; &quot;&quot;&quot;"),
            ("string", "&#39;c&#39;"),
            ("comment", "/* a /* nested */ comment */"),
            ("comment", "// ms"),
        ],
    );
    assert!(h.contains("map[&quot;k&quot;]"), "{h}");
    assert!(h.contains("`when`"), "a quoted name is not a keyword: {h}");
    assert_eq!(text(&h), code);
}

#[test]
fn scala() {
    let code = "import scala.concurrent.duration._\n\n@tailrec\n\
                def delay(n: Int): FiniteDuration = {\n\
                val s = s\"try $n, ${n + 1} <x>\"\n\
                val r = raw\"\"\"a\\b \"q\" \"\"\"\n\
                if (n > 0) 100.millis * 2 else Duration.Zero // base\n}\n\
                /* a /* nested */ comment */ val c = 'z'\n";
    let h = hl("scala", code);
    has(
        &h,
        &[
            ("keyword", "import"),
            ("keyword", "def"),
            ("keyword", "val"),
            ("keyword", "if"),
            ("keyword", "else"),
            ("attribute", "@tailrec"),
            ("function", "delay"),
            ("type", "Int"),
            ("type", "FiniteDuration"),
            ("number", "100"),
            ("number", "2"),
            ("string", "s&quot;try $n, ${"),
            ("string", "} &lt;x&gt;&quot;"),
            (
                "string",
                "raw&quot;&quot;&quot;a\\b &quot;q&quot; &quot;&quot;&quot;",
            ),
            ("string", "&#39;z&#39;"),
            ("comment", "// base"),
            ("comment", "/* a /* nested */ comment */"),
        ],
    );
    assert_eq!(text(&h), code);
}

#[test]
fn c() {
    let code = "#include <stdio.h>\n#define CAP 30000\n\n\
                static unsigned long delay(size_t n) {\n\
                \tconst char *s = \"<%lu>\\n\"; char q = '\\'';\n\
                \treturn n > 0 ? 100UL << n : 0x1p3; /* ms */ // end\n}\n";
    let h = hl("c", code);
    has(
        &h,
        &[
            ("keyword", "#include"),
            ("string", "&lt;stdio.h&gt;"),
            ("keyword", "#define"),
            ("constant", "CAP"),
            ("number", "30000"),
            ("keyword", "static"),
            ("keyword", "const"),
            ("keyword", "return"),
            ("type", "unsigned"),
            ("type", "long"),
            ("type", "size_t"),
            ("function", "delay"),
            ("string", "&quot;&lt;%lu&gt;\\n&quot;"),
            ("string", "&#39;\\&#39;&#39;"),
            ("number", "100UL"),
            ("number", "0x1p3"),
            ("comment", "/* ms */"),
            ("comment", "// end"),
        ],
    );
    assert_eq!(text(&h), code);
}

#[test]
fn cpp() {
    let code = "#include \"retry.h\"\n\
                template <typename T> constexpr auto cap = 1'000'000;\n\
                auto s = R\"x(raw \"<quoted>\" )\" )x\";\n\
                auto u = u8\"<utf8>\"; auto w = L'w'; std::string* p = nullptr;\n\
                class Backoff final { public: virtual ~Backoff() = default; }; // ok\n";
    let h = hl("cpp", code);
    has(
        &h,
        &[
            ("keyword", "#include"),
            ("string", "&quot;retry.h&quot;"),
            ("keyword", "template"),
            ("keyword", "typename"),
            ("keyword", "constexpr"),
            ("keyword", "auto"),
            ("keyword", "class"),
            ("keyword", "final"),
            ("keyword", "public"),
            ("keyword", "virtual"),
            ("keyword", "default"),
            ("type", "T"),
            ("type", "Backoff"),
            ("number", "1&#39;000&#39;000"),
            (
                "string",
                "R&quot;x(raw &quot;&lt;quoted&gt;&quot; )&quot; )x&quot;",
            ),
            ("string", "u8&quot;&lt;utf8&gt;&quot;"),
            ("string", "L&#39;w&#39;"),
            ("constant", "nullptr"),
            ("comment", "// ok"),
        ],
    );
    assert_eq!(text(&h), code);
}

#[test]
fn sql() {
    let code = "-- every <late> call\nSELECT id, COUNT(*) AS n FROM calls c\n\
                where c.note = 'it''s <late>' AND c.ms > 1.5e3 AND c.x = E'\\'' \n\
                  and c.y = :name AND c.z = $1 AND c.w::int = @v /* block */\n\
                  and \"select\" IS NOT NULL;\n\
                CREATE FUNCTION f() RETURNS varchar(10) AS $$ SELECT 'x' $$ LANGUAGE sql;\n";
    let h = hl("sql", code);
    has(
        &h,
        &[
            ("comment", "-- every &lt;late&gt; call"),
            ("keyword", "SELECT"),
            ("keyword", "AS"),
            ("keyword", "FROM"),
            ("keyword", "where"),
            ("keyword", "AND"),
            ("keyword", "and"),
            ("keyword", "IS"),
            ("keyword", "NOT"),
            ("constant", "NULL"),
            ("function", "COUNT"),
            ("function", "f"),
            ("string", "&#39;it&#39;&#39;s &lt;late&gt;&#39;"),
            ("string", "E&#39;\\&#39;&#39;"),
            ("string", "$$ SELECT &#39;x&#39; $$"),
            ("number", "1.5e3"),
            ("variable", ":name"),
            ("variable", "$1"),
            ("variable", "@v"),
            ("type", "varchar"),
            ("type", "int"),
            ("comment", "/* block */"),
        ],
    );
    // A quoted name is a name.
    assert!(h.contains(" &quot;select&quot; "), "{h}");
    assert_eq!(text(&h), code);
}

/// Broken code (an unclosed string, comment, raw string or hole) still comes out whole, and
/// nothing a lexer reads past the end of the text can panic.
#[test]
fn unterminated_literals_keep_the_text() {
    let cases = [
        ("go", "x := `raw\nno end"),
        ("go", "s := \"no end\nnext"),
        ("java", "s = \"\"\"\nno end"),
        ("csharp", "s = $\"{a"),
        ("csharp", "s = @\"no end"),
        ("csharp", "s = $$\"\"\"no end"),
        ("kotlin", "s = \"${x"),
        ("kotlin", "/* a /* b */"),
        ("scala", "s\"\"\"no end"),
        ("c", "#include <stdio.h"),
        ("c", "c = '"),
        ("cpp", "s = R\"x(no end"),
        ("cpp", "s = R\"no paren\""),
        ("cpp", "s = u8"),
        ("sql", "'no end"),
        ("sql", "$tag$ no end"),
        ("sql", "x = $"),
        ("sql", "@"),
        ("go", "\\"),
        ("java", "@"),
        ("c", "#"),
        ("go", "é \"ü\" 'ç' `ş` // ğ\n.5"),
    ];
    for (fence, code) in cases {
        assert_eq!(text(&hl(fence, code)), code, "{fence}: {code:?}");
    }
    assert_eq!(hl("c", "x = .5;"), format!("x = {};", s("number", ".5")));
    // Two literals side by side are one span.
    assert_eq!(
        hl("c", "\"a\"\"b\""),
        s("string", "&quot;a&quot;&quot;b&quot;")
    );
    assert_eq!(
        hl("kotlin", "1..5"),
        format!("{}..{}", s("number", "1"), s("number", "5"))
    );
}

proptest::proptest! {
    /// Whatever the text, in every added language: no panic, no endless loop, and the text
    /// comes out whole, escaped, with each span closed.
    #[test]
    fn any_text_comes_out_whole(chars in proptest::collection::vec(proptest::sample::select(vec![
        'a', 'R', 'L', 'u', '8', 's', 'E', 'f', '_', '0', '1', 'x', '.', '\'', '"', '`', '\\', '$',
        '@', '#', '{', '}', '(', ')', '/', '*', '-', ':', '<', '&', ' ', '\t', '\n', 'é', 'ş', '日',
    ]), 0..40)) {
        let code: String = chars.into_iter().collect();
        for fence in ["go", "java", "cs", "kotlin", "scala", "c", "cpp", "sql"] {
            let html = hl(fence, &code);
            proptest::prop_assert_eq!(text(&html), code.as_str(), "{}", fence);
            proptest::prop_assert_eq!(
                html.matches("<span").count(),
                html.matches("</span>").count()
            );
            proptest::prop_assert!(!html.contains("<span class=\"hl-plain"));
        }
    }
}
