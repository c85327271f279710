//! `sade calc` end to end, on the real binary: the localized tables, the JSON document, the
//! one-line errors with exit code 2, and `--help`.

use assert_cmd::Command;
use serde_json::Value;

fn sade(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("sade").unwrap();
    cmd.args(args);
    cmd
}

fn stdout_of(args: &[&str]) -> String {
    let out = sade(args).assert().success().get_output().clone();
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const SPEC_ARGS: [&str; 7] = ["calc", "--base", "100ms", "--cap", "30s", "--attempts", "8"];

fn with(extra: &[&'static str]) -> Vec<&'static str> {
    SPEC_ARGS.iter().chain(extra).copied().collect()
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

// ---- text ---------------------------------------------------------------------------------

#[test]
fn text_en() {
    let out = stdout_of(&SPEC_ARGS);
    assert!(out.contains("25.5 s"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn text_tr() {
    let out = stdout_of(&with(&["--lang", "tr"]));
    assert!(out.contains("25,5 sn"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn text_en_is_the_default_language() {
    assert_eq!(stdout_of(&SPEC_ARGS), stdout_of(&with(&["--lang", "en"])));
}

#[test]
fn text_subset_of_strategies_uncapped() {
    let out = stdout_of(&[
        "calc",
        "--base",
        "250ms",
        "--attempts",
        "12",
        "--jitter",
        "equal,full",
        "--lang",
        "tr",
    ]);
    insta::assert_snapshot!(out);
}

// ---- JSON ---------------------------------------------------------------------------------

#[test]
fn json_shape_and_key_order() {
    let out = stdout_of(&with(&["--json"]));
    assert!(out.ends_with("}\n") && out.lines().count() == 1, "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(keys(&v), ["params", "rows", "totals", "fleet"]);
    assert_eq!(
        keys(&v["params"]),
        [
            "base_ms",
            "factor",
            "cap_ms",
            "attempts",
            "seed",
            "clients",
            "strategies"
        ]
    );
    assert_eq!(v["params"]["base_ms"], 100.0);
    assert_eq!(v["params"]["factor"], 2.0);
    assert_eq!(v["params"]["cap_ms"], 30_000.0);
    assert_eq!(v["params"]["attempts"], 8);
    assert_eq!(v["params"]["seed"], 7);
    assert_eq!(v["params"]["clients"], 1000);
    assert_eq!(
        v["params"]["strategies"],
        serde_json::json!(["none", "full", "equal", "decorrelated"])
    );

    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(
            keys(row),
            [
                "attempt",
                "nominal_ms",
                "none",
                "full",
                "equal",
                "decorrelated"
            ]
        );
        assert_eq!(row["attempt"], i + 1);
        for s in ["none", "full", "equal", "decorrelated"] {
            assert_eq!(keys(&row[s]), ["min_ms", "max_ms", "sample_ms"]);
        }
    }
    let nominal: Vec<f64> = rows
        .iter()
        .map(|r| r["nominal_ms"].as_f64().unwrap())
        .collect();
    assert_eq!(
        nominal,
        [100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0, 6400.0, 12800.0]
    );

    assert_eq!(
        keys(&v["totals"]),
        ["none", "full", "equal", "decorrelated"]
    );
    for s in ["none", "full", "equal", "decorrelated"] {
        assert_eq!(
            keys(&v["totals"][s]),
            ["best_ms", "worst_ms", "mean_ms", "sample_ms"]
        );
    }
    assert_eq!(v["totals"]["none"]["worst_ms"], 25_500.0);
    assert_eq!(v["totals"]["decorrelated"]["worst_ms"], 126_300.0);

    assert_eq!(
        keys(&v["fleet"]),
        [
            "clients",
            "horizon_ms",
            "bin_ms",
            "none",
            "full",
            "equal",
            "decorrelated"
        ]
    );
    assert_eq!(v["fleet"]["clients"], 1000);
    assert_eq!(v["fleet"]["horizon_ms"], 126_300.0);
    for s in ["none", "full", "equal", "decorrelated"] {
        assert_eq!(keys(&v["fleet"][s]), ["peak_share", "histogram"]);
        let h = v["fleet"][s]["histogram"].as_array().unwrap();
        assert_eq!(h.len(), 100);
        assert_eq!(h.iter().map(|x| x.as_u64().unwrap()).sum::<u64>(), 8_000);
    }

    insta::assert_snapshot!(out);
}

#[test]
fn json_only_requested_strategies_and_null_cap() {
    let out = stdout_of(&[
        "calc",
        "--base",
        "250ms",
        "--cap",
        "none",
        "--attempts",
        "3",
        "--jitter",
        "decorrelated,full",
        "--clients",
        "10",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["params"]["cap_ms"].is_null());
    assert_eq!(
        v["params"]["strategies"],
        serde_json::json!(["full", "decorrelated"])
    );
    for row in v["rows"].as_array().unwrap() {
        assert_eq!(keys(row), ["attempt", "nominal_ms", "full", "decorrelated"]);
    }
    assert_eq!(keys(&v["totals"]), ["full", "decorrelated"]);
    assert_eq!(
        keys(&v["fleet"]),
        ["clients", "horizon_ms", "bin_ms", "full", "decorrelated"]
    );
    insta::assert_snapshot!(out);
}

#[test]
fn json_cap_defaults_to_none() {
    let out = stdout_of(&["calc", "--base", "1s", "--attempts", "2", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["params"]["cap_ms"].is_null());
    assert_eq!(v["params"]["base_ms"], 1000.0);
}

#[test]
fn output_is_deterministic() {
    let args = with(&["--json", "--clients", "5000"]);
    assert_eq!(stdout_of(&args), stdout_of(&args));
}

// ---- errors -------------------------------------------------------------------------------

/// Runs a failing command: exit code 2, nothing on stdout, exactly one line on stderr.
fn error_line(args: &[&str]) -> String {
    let out = sade(args).assert().code(2).get_output().clone();
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.ends_with('\n'), "{err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    err.trim_end().to_string()
}

#[test]
fn error_duration_without_unit() {
    let line = error_line(&["calc", "--base", "100", "--attempts", "8"]);
    assert!(line.contains("--base"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn error_unknown_strategy_suggests() {
    let line = error_line(&with(&["--jitter", "fulll"]));
    assert!(line.contains("did you mean `full`?"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn error_cap_below_base() {
    let line = error_line(&["calc", "--base", "1s", "--cap", "500ms", "--attempts", "8"]);
    assert!(line.contains("`cap`"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn error_attempts_zero() {
    let line = error_line(&["calc", "--base", "100ms", "--attempts", "0"]);
    assert!(line.contains("`attempts`"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn error_attempts_101() {
    let line = error_line(&["calc", "--base", "100ms", "--attempts", "101"]);
    assert!(line.contains("`attempts`"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn error_factor_below_one() {
    let line = error_line(&with(&["--factor", "0.5"]));
    assert!(line.contains("`factor`"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn error_missing_required_argument() {
    let line = error_line(&["calc", "--base", "100ms"]);
    assert!(line.contains("--attempts"), "{line}");
    insta::assert_snapshot!(line);
}

#[test]
fn bare_sade_prints_usage_and_fails() {
    let out = sade(&[]).assert().code(2).get_output().clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Usage: sade <COMMAND>"), "{err}");
    assert!(err.contains("calc"), "{err}");
}

// ---- help ---------------------------------------------------------------------------------

#[test]
fn help_exits_zero() {
    let out = stdout_of(&["--help"]);
    assert!(out.contains("calc"), "{out}");
    let out = stdout_of(&["calc", "--help"]);
    for flag in [
        "--base",
        "--factor",
        "--cap",
        "--attempts",
        "--jitter",
        "--seed",
        "--lang",
        "--json",
    ] {
        assert!(out.contains(flag), "{flag} missing from:\n{out}");
    }
}
