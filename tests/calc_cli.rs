//! `sade calc` end to end, on the real binary: the localized tables, the JSON document, the
//! one-line errors with exit code 2, and `--help`.

mod common;

use common::{error_line, sade, stdout_of};
use serde_json::{json, Value};

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
            "timeline_ms",
            "none",
            "full",
            "equal",
            "decorrelated"
        ]
    );
    assert_eq!(v["fleet"]["clients"], 1000);
    assert_eq!(v["fleet"]["horizon_ms"], 126_300.0);
    for s in ["none", "full", "equal", "decorrelated"] {
        assert_eq!(
            keys(&v["fleet"][s]),
            ["peak_share", "histogram", "timeline"]
        );
        let h = v["fleet"][s]["histogram"].as_array().unwrap();
        assert_eq!(h.len(), 100);
        assert_eq!(h.iter().map(|x| x.as_u64().unwrap()).sum::<u64>(), 8_000);
        // The charts' logarithmic bins count every retry too, one bin fewer than edges.
        let t = v["fleet"][s]["timeline"].as_array().unwrap();
        assert_eq!(
            t.len() + 1,
            v["fleet"]["timeline_ms"].as_array().unwrap().len()
        );
        assert_eq!(t.iter().map(|x| x.as_u64().unwrap()).sum::<u64>(), 8_000);
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
        [
            "clients",
            "horizon_ms",
            "bin_ms",
            "timeline_ms",
            "full",
            "decorrelated"
        ]
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
    let line = error_line(&["calc", "--attempts", "3"]);
    assert!(line.contains("--base"), "{line}");
    insta::assert_snapshot!(line);
}

/// Every flag but `--base` has the shortcodes' default (`backoff::defaults`, said once).
#[test]
fn defaults_are_the_shortcodes() {
    let json = |args: &[&str]| -> Value {
        serde_json::from_str(&stdout_of(
            &[&["calc", "--base", "100ms", "--json"][..], args].concat(),
        ))
        .unwrap()
    };
    let p = &json(&[])["params"];
    assert_eq!(
        (&p["factor"], &p["attempts"], &p["seed"], &p["clients"]),
        (&json!(2.0), &json!(8), &json!(7), &json!(1000))
    );
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

// ---- odds (SPEC §7) -----------------------------------------------------------------------

const ODDS_ARGS: [&str; 15] = [
    "calc",
    "--base",
    "100ms",
    "--cap",
    "30s",
    "--attempts",
    "8",
    "--fail",
    "30%",
    "--timeout",
    "2s",
    "--deadline",
    "20s",
    "--outage",
    "10s",
];

fn odds_with(extra: &[&'static str]) -> Vec<&'static str> {
    ODDS_ARGS.iter().chain(extra).copied().collect()
}

#[test]
fn odds_the_issues_vector() {
    let out = stdout_of(&[
        "calc",
        "--base",
        "100ms",
        "--factor",
        "2",
        "--cap",
        "30s",
        "--attempts",
        "4",
        "--fail",
        "0.5",
        "--json",
    ]);
    let v: Value = serde_json::from_str(&out).unwrap();
    let odds = &v["odds"];
    assert_eq!(odds["p_success"].as_f64(), Some(0.96875));
    assert_eq!(odds["expected_calls"].as_f64(), Some(1.9375));
    assert_eq!(odds["calls"], 5);
    assert_eq!(odds["fail"].as_f64(), Some(0.5));
    assert_eq!(odds["timeout_ms"].as_f64(), Some(0.0));
    // Only what `--fail` allows: no deadline, fit or outage keys.
    assert_eq!(
        keys(odds),
        [
            "fail",
            "timeout_ms",
            "calls",
            "p_success",
            "expected_calls",
            "none",
            "full",
            "equal",
            "decorrelated"
        ]
    );
    for s in ["none", "full", "equal", "decorrelated"] {
        assert_eq!(
            keys(&odds[s]),
            [
                "success_p50_ms",
                "success_p90_ms",
                "success_p99_ms",
                "give_up_worst_ms"
            ]
        );
    }
    // none, 100/200/400/800 ms, τ = 0: T = 0, 100, 300, 700, 1500; CDF 16/31, 24/31, 28/31, …
    assert_eq!(odds["none"]["success_p50_ms"].as_f64(), Some(0.0));
    assert_eq!(odds["none"]["success_p90_ms"].as_f64(), Some(300.0));
    assert_eq!(odds["none"]["success_p99_ms"].as_f64(), Some(1500.0));
    assert_eq!(odds["none"]["give_up_worst_ms"].as_f64(), Some(1500.0));
    assert_eq!(
        odds["decorrelated"]["give_up_worst_ms"].as_f64(),
        Some(12_000.0)
    );
}

#[test]
fn odds_json_every_key_in_the_specs_order() {
    let out = stdout_of(&odds_with(&["--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(keys(&v), ["params", "rows", "totals", "fleet", "odds"]);
    let odds = &v["odds"];
    assert_eq!(odds["fail"].as_f64(), Some(0.3));
    assert_eq!(odds["timeout_ms"].as_f64(), Some(2_000.0));
    assert_eq!(odds["calls"], 9);
    for s in ["none", "full", "equal", "decorrelated"] {
        assert_eq!(
            keys(&odds[s]),
            [
                "p_within_deadline",
                "success_p50_ms",
                "success_p90_ms",
                "success_p99_ms",
                "give_up_worst_ms",
                "fit_attempts",
                "fit_base_ms",
                "outage_give_up_share",
                "outage_p50_ms",
                "outage_p99_ms",
                "outage_first_100ms_share"
            ],
            "{s}"
        );
    }
    // none: T_k = (k − 1)·2 s + S_(k−1): 0, 2.1, 4.3, 6.7, 9.5, 13.1, 18.3, 26.7, 41.5 s.
    let none = &odds["none"];
    assert_eq!(none["give_up_worst_ms"].as_f64(), Some(43_500.0));
    // Calls 1–7 start by 20 s: 1 − 0.3⁷.
    let f7 = 0.3 * 0.3 * 0.3 * 0.3 * 0.3 * 0.3 * 0.3;
    assert_eq!(none["p_within_deadline"].as_f64(), Some(1.0 - f7));
    // 9·2 s + 255·b ≤ 20 s → b = 7 ms; (a + 1)·2 s + 100·(2^a − 1) ms ≤ 20 s → a = 5.
    assert_eq!(none["fit_attempts"], 5);
    assert_eq!(none["fit_base_ms"].as_f64(), Some(7.0));
    // The first call at or after 10 s is call 6 at 13.1 s: everyone, 3.1 s late.
    assert_eq!(none["outage_give_up_share"].as_f64(), Some(0.0));
    assert_eq!(none["outage_p50_ms"].as_f64(), Some(3_100.0));
    assert_eq!(none["outage_p99_ms"].as_f64(), Some(3_100.0));
    assert_eq!(none["outage_first_100ms_share"].as_f64(), Some(0.0));
    // Decorrelated's ceilings (300 ms, 900 ms, …) leave no whole millisecond of base.
    assert!(odds["decorrelated"]["fit_base_ms"].is_null());
}

#[test]
fn odds_keys_follow_the_inputs_given() {
    // The outage needs no failure rate; only its keys and the worst case appear.
    let out = stdout_of(&with(&["--outage", "1s", "--jitter", "full", "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(keys(&v["odds"]), ["timeout_ms", "calls", "full"]);
    assert_eq!(
        keys(&v["odds"]["full"]),
        [
            "give_up_worst_ms",
            "outage_give_up_share",
            "outage_p50_ms",
            "outage_p99_ms",
            "outage_first_100ms_share"
        ]
    );
    // A deadline without a failure rate: the fit, not P(within it).
    let out = stdout_of(&with(&["--deadline", "5s", "--jitter", "none", "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        keys(&v["odds"]["none"]),
        ["give_up_worst_ms", "fit_attempts", "fit_base_ms"]
    );
    // Nested layers follow expected_calls.
    let out = stdout_of(&with(&["--fail", "0.5", "--layers", "2", "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        keys(&v["odds"])[..6],
        [
            "fail",
            "timeout_ms",
            "calls",
            "p_success",
            "expected_calls",
            "nested"
        ]
    );
    assert_eq!(v["odds"]["nested"]["max_calls"].as_f64(), Some(81.0));
    // Without any odds flag there is no odds object (the other JSON tests pin the rest).
    let out = stdout_of(&with(&["--json"]));
    assert!(!out.contains("\"odds\""));
}

#[test]
fn odds_percent_and_share_are_the_same_input() {
    let json = |fail: &'static str| stdout_of(&with(&["--fail", fail, "--json"]));
    assert_eq!(json("30%"), json("0.3"));
    assert_eq!(json("100%"), json("1"));
}

#[test]
fn odds_clients_are_their_own() {
    let v: Value = serde_json::from_str(&stdout_of(&with(&[
        "--fail",
        "0.3",
        "--odds-clients",
        "10",
        "--json",
    ])))
    .unwrap();
    // The fleet keeps its 1 000 clients.
    assert_eq!(v["fleet"]["clients"], 1000);
    let with_10: Value = v["odds"]["full"].clone();
    let v: Value = serde_json::from_str(&stdout_of(&with(&["--fail", "0.3", "--json"]))).unwrap();
    assert_ne!(with_10, v["odds"]["full"]);
}

#[test]
fn odds_text_en() {
    let out = stdout_of(&ODDS_ARGS);
    assert!(out.contains("99.998%"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn odds_text_tr() {
    let out = stdout_of(&odds_with(&["--lang", "tr", "--layers", "2"]));
    assert!(out.contains("%99,998"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn odds_errors_name_the_argument_and_the_range() {
    let line = error_line(&with(&["--fail", "130%"]));
    assert!(line.contains("from 0% to 100%"), "{line}");
    insta::assert_snapshot!("odds_error_fail_130_percent", line);
    let line = error_line(&with(&["--fail", "-0.1"]));
    assert!(
        line.contains("`fail` is -0.1") && line.contains("from 0 to 1"),
        "{line}"
    );
    let line = error_line(&with(&["--fail", "abc"]));
    assert!(line.contains("`fail` is abc"), "{line}");
    let line = error_line(&with(&["--fail", "0.3", "--timeout", "-1s"]));
    assert!(
        line.contains("--timeout") && line.contains("non-negative"),
        "{line}"
    );
    insta::assert_snapshot!("odds_error_negative_timeout", line);
    let line = error_line(&with(&["--outage", "abc"]));
    assert!(
        line.contains("--outage") && line.contains("duration ≥ 0"),
        "{line}"
    );
    insta::assert_snapshot!("odds_error_outage_not_a_duration", line);
    let line = error_line(&with(&["--deadline", "20"]));
    assert!(
        line.contains("--deadline") && line.contains("unit"),
        "{line}"
    );
    let line = error_line(&with(&["--layers", "2"]));
    assert!(
        line.contains("`layers`") && line.contains("need `fail`"),
        "{line}"
    );
    let line = error_line(&with(&["--fail", "0.1", "--layers", "11"]));
    assert!(line.contains("from 1 to 10"), "{line}");
    let line = error_line(&with(&["--fail", "0.1", "--odds-clients", "0"]));
    assert!(
        line.contains("`odds-clients` is 0") && line.contains("from 1 to 100000"),
        "{line}"
    );
}
