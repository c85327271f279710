//! No whole number is rounded or clamped on its way in: a template shortcode's `integer`
//! arguments (given in a call, or declared as a default), the built-in shortcodes' counts
//! (`attempts`, `attempt`, `clients`) and `sade calc`'s flags (`--seed`, `--attempts`,
//! `--clients`, `--odds-clients`, `--layers`). Any `u64` is either used exactly or refused with
//! a message that repeats it exactly; none goes through a float.

mod common;

use std::process::Command;

use proptest::prelude::*;
use sade::backoff::{Delay, Params, Schedule, Strategy as Jitter};
use sade::build::{build, Options};
use sade::shortcode::Registry;

const FM: &str = "---\ntitle: \"Sayfa\"\npublished: 2026-06-17\nsection: Tool\n---\n";

/// Whole numbers where a float would go wrong (around 2⁵³ and at the top of `u64`) and anywhere.
fn whole() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        0u64..=1 << 20,
        (1u64 << 53) - 8..=(1u64 << 53) + 8,
        u64::MAX - 8..=u64::MAX,
    ]
}

/// `sade calc ARGS`: exit code, standard output, standard error.
fn calc(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sade"))
        .arg("calc")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A template shortcode sees every `integer` exactly: given in a call, or as its default.
    #[test]
    fn template_shortcode_integers_are_exact(
        values in prop::collection::vec(whole(), 1..16),
        default in whole(),
    ) {
        let body: String = values
            .iter()
            .map(|n| format!("Değer: << echo(n={n}) >>.\n\n"))
            .collect();
        let site = common::site_with(&[("tools/x.tr.md", &format!("{FM}{body}"))]);
        std::fs::create_dir_all(site.path().join("templates/shortcodes")).unwrap();
        std::fs::write(
            site.path().join("templates/shortcodes/echo.html"),
            format!(
                "{{#\nplacement: inline\nargs:\n  - {{ name: n, type: integer, required: true }}\n  \
                 - {{ name: d, type: integer, default: {default} }}\n#}}\
                 <b>{{{{ args.n }}}}|{{{{ args.d }}}}</b>"
            ),
        )
        .unwrap();
        let result = build(&Options::new(site.path()), &Registry::builtin());
        prop_assert!(!result.diagnostics.has_errors(), "{}", result.diagnostics.render());
        let html = result.outputs.text("tr/tools/x/index.html").unwrap();
        for n in &values {
            let want = format!("<p>Değer: <b>{n}|{default}</b>.</p>");
            prop_assert!(html.contains(&want), "{want} not in {}", common::main_of(html));
        }
    }

    /// A count out of range in a built-in shortcode is refused with the number as written.
    #[test]
    fn shortcode_counts_are_refused_exactly(n in whole().prop_filter("out of range", |&n| n > 100_000 || n == 0)) {
        let calls = [
            (format!("<< backoff_table(base=1s, attempts={n}) >>"), "attempts", 100),
            (format!("Bekleme << backoff_delay(base=1s, attempt={n}) >>."), "attempt", 100),
            (format!("<< backoff_chart(base=1s, clients={n}) >>"), "clients", 100_000),
            (format!("<< backoff_odds(base=1s, fail=0.5, clients={n}) >>"), "clients", 100_000),
        ];
        for (call, name, max) in calls {
            let site = common::site_with(&[("tools/x.tr.md", &format!("{FM}{call}\n"))]);
            let result = build(&Options::new(site.path()), &Registry::builtin());
            let report = result.diagnostics.render();
            let want = format!(
                "error: `{name}` is {n}, but it must be a whole number from 1 to {max}\n"
            );
            prop_assert!(report.starts_with(&want), "{call}: {report}");
        }
    }

    /// `sade calc --seed N` computes with seed N itself: the JSON is the library's for that seed.
    #[test]
    fn calc_seed_is_exact(seed in whole()) {
        let (code, stdout, stderr) = calc(&[
            "--base", "100ms", "--attempts", "3", "--jitter", "full,decorrelated",
            "--clients", "3", "--seed", &seed.to_string(), "--json",
        ]);
        prop_assert_eq!(code, Some(0), "{}", stderr);
        let params = Params::builder(Delay::from_ms(100.0).unwrap())
            .attempts(3)
            .strategies(vec![Jitter::Full, Jitter::Decorrelated])
            .clients(3)
            .seed(seed)
            .build()
            .unwrap();
        let mut want = sade::report::render_json(&Schedule::compute(&params)).to_string();
        want.push('\n');
        prop_assert_eq!(stdout, want);
    }

    /// `sade calc`'s counts: out of range is refused naming the number exactly, never clamped.
    #[test]
    fn calc_counts_are_refused_exactly(n in whole().prop_filter("out of range", |&n| n > 100_000 || n == 0)) {
        let n_text = n.to_string();
        for (flag, name, max) in [
            ("--attempts", "attempts", 100),
            ("--clients", "clients", 100_000),
            ("--odds-clients", "odds-clients", 100_000),
            ("--layers", "layers", 10),
        ] {
            let mut args = vec!["--base", "1s", "--fail", "0.5"];
            if flag != "--attempts" {
                args.extend(["--attempts", "3"]);
            }
            args.extend([flag, n_text.as_str()]);
            let (code, _, stderr) = calc(&args);
            prop_assert_eq!(code, Some(2));
            prop_assert_eq!(
                stderr,
                format!("error: `{name}` is {n}, but it must be a whole number from 1 to {max}\n")
            );
        }
    }
}

/// What is not a whole number in digits is refused as such, not read as a float and rounded.
#[test]
fn calc_refuses_what_is_not_written_in_digits() {
    for (flag, value) in [
        ("--seed", "18446744073709551616"),
        ("--seed", "1e3"),
        ("--seed", "-1"),
        ("--attempts", "8.0"),
        ("--clients", "+5"),
    ] {
        let mut args = vec!["--base", "1s", flag, value];
        if flag != "--attempts" {
            args.extend(["--attempts", "3"]);
        }
        let (code, _, stderr) = calc(&args);
        assert_eq!(code, Some(2), "{flag} {value}");
        assert!(
            stderr.starts_with(&format!("error: invalid value '{value}' for '{flag} ")),
            "{stderr}"
        );
        assert!(
            stderr.contains("write a whole number in digits (no sign, fraction or exponent), at most 18446744073709551615"),
            "{stderr}"
        );
    }
}
