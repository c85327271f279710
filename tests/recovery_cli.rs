//! `sade calc`'s fleet under load (SPEC §8) end to end, on the real binary: the verdicts in both
//! languages, the `"recovery"` JSON object, which flags ask for it, and the one-line errors with
//! exit code 2 that name the flag and its range.

mod common;

use common::{error_line, sade, stdout_of};
use serde_json::Value;

/// A small fleet, quick to simulate: 100 clients sending 80 requests/s to a service of 100
/// calls/s, a 4 s outage, 20 s after it.
const SMALL: [&str; 15] = [
    "calc",
    "--base",
    "100ms",
    "--cap",
    "30s",
    "--clients",
    "100",
    "--demand",
    "80",
    "--capacity",
    "100",
    "--outage",
    "4s",
    "--horizon",
    "20s",
];

/// [`SMALL`] with `--jitter full` unless `extra` names the strategies.
fn small(extra: &[&'static str]) -> Vec<&'static str> {
    let jitter: &[&str] = if extra.contains(&"--jitter") {
        &[]
    } else {
        &["--jitter", "full"]
    };
    SMALL.iter().chain(jitter).chain(extra).copied().collect()
}

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

#[test]
fn text_en() {
    let out = stdout_of(&small(&["--budget", "all"]));
    assert!(out.contains("Will the service come back?\n"), "{out}");
    assert!(out.contains("No budget "), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn text_tr() {
    let out = stdout_of(&small(&["--budget", "none,grpc", "--lang", "tr"]));
    assert!(out.contains("Servis geri gelecek mi?\n"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn json_recovery_object() {
    let out = stdout_of(&small(&[
        "--budget",
        "grpc,none",
        "--json",
        "--jitter",
        "none,full",
    ]));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(keys(&v), ["params", "rows", "totals", "fleet", "recovery"]);
    let r = &v["recovery"];
    assert_eq!(keys(r), ["none", "full"]);
    assert_eq!(
        keys(&r["full"]),
        ["none", "grpc"],
        "budgets in their own order"
    );
    let run = &r["full"]["grpc"];
    assert_eq!(
        keys(run),
        [
            "recovered_after_ms",
            "peak_load",
            "retries_sent",
            "retries_refused",
            "requests_given_up",
            "wasted_work",
            "max_retries_per_client_during_outage",
            "requests",
            "bins"
        ]
    );
    let bins = run["bins"].as_array().unwrap();
    // From −5 s to 4 s + 20 s in 100 ms bins.
    assert_eq!(bins.len(), 290);
    assert_eq!(bins[0]["start_ms"], -5000.0);
    assert_eq!(bins[50]["start_ms"], 0.0);
    assert_eq!(
        keys(&bins[0]),
        [
            "start_ms",
            "new_requests",
            "retries_sent",
            "calls",
            "retry_calls",
            "succeeded",
            "refused",
            "rejected",
            "timed_out",
            "rejected_locally",
            "budget_refused",
            "queue"
        ]
    );
    let total = |key: &str| -> u64 { bins.iter().map(|b| b[key].as_u64().unwrap()).sum() };
    assert_eq!(total("new_requests"), run["requests"].as_u64().unwrap());
    assert_eq!(total("retries_sent"), run["retries_sent"].as_u64().unwrap());
    assert_eq!(
        total("budget_refused"),
        run["retries_refused"].as_u64().unwrap()
    );
    // During the outage every call that reaches the service is refused.
    for b in &bins[51..90] {
        assert_eq!(b["refused"], b["calls"], "{b}");
    }
}

#[test]
fn any_flag_of_the_group_asks_for_it_and_keeps_timeout_and_outage_for_itself() {
    let v: Value = serde_json::from_str(&stdout_of(&[
        "calc",
        "--base",
        "100ms",
        "--jitter",
        "full",
        "--clients",
        "20",
        "--demand",
        "10",
        "--horizon",
        "10s",
        "--timeout",
        "2s",
        "--outage",
        "1s",
        "--json",
    ]))
    .unwrap();
    assert_eq!(keys(&v), ["params", "rows", "totals", "fleet", "recovery"]);
    assert_eq!(
        keys(&v["recovery"]["full"]),
        ["none"],
        "no budget by default"
    );
    // 1 s outage + 10 s horizon: 160 bins.
    assert_eq!(
        v["recovery"]["full"]["none"]["bins"]
            .as_array()
            .unwrap()
            .len(),
        160
    );
    // With --fail the odds come too, with the same timeout and outage.
    let v: Value = serde_json::from_str(&stdout_of(&[
        "calc",
        "--base",
        "100ms",
        "--jitter",
        "full",
        "--clients",
        "20",
        "--budget",
        "sre",
        "--horizon",
        "10s",
        "--timeout",
        "2s",
        "--outage",
        "1s",
        "--fail",
        "0.1",
        "--json",
        "--demand",
        "10",
    ]))
    .unwrap();
    assert_eq!(
        keys(&v),
        ["params", "rows", "totals", "fleet", "odds", "recovery"]
    );
    assert_eq!(v["odds"]["timeout_ms"], 2000.0);
    assert_eq!(keys(&v["recovery"]["full"]), ["sre"]);
    // Without the group, --timeout and --outage are the odds'.
    let v: Value = serde_json::from_str(&stdout_of(&[
        "calc", "--base", "100ms", "--outage", "1s", "--json",
    ]))
    .unwrap();
    assert_eq!(keys(&v), ["params", "rows", "totals", "fleet", "odds"]);
}

#[test]
fn output_is_deterministic() {
    let args = small(&["--budget", "all", "--json", "--jitter", "decorrelated"]);
    assert_eq!(stdout_of(&args), stdout_of(&args));
}

/// The calculator page's defaults tell the lesson: without a budget the service does not come
/// back within the minute; with gRPC's retry throttling it does.
#[test]
fn the_defaults_without_a_budget_do_not_recover_and_grpc_does() {
    let v: Value = serde_json::from_str(&stdout_of(&[
        "calc",
        "--base",
        "100ms",
        "--cap",
        "30s",
        "--jitter",
        "full",
        "--demand",
        "800",
        "--budget",
        "none,grpc",
        "--json",
    ]))
    .unwrap();
    let r = &v["recovery"]["full"];
    assert_eq!(r["none"]["recovered_after_ms"], Value::Null);
    assert_eq!(r["grpc"]["recovered_after_ms"], 0.0);
    assert!(r["none"]["wasted_work"].as_f64().unwrap() > 0.9);
    assert_eq!(r["grpc"]["max_retries_per_client_during_outage"], 4);
}

#[test]
fn bad_values_exit_2_naming_the_flag_and_the_range() {
    let base = ["calc", "--base", "100ms"];
    let err = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        error_line(&args)
    };
    assert_eq!(
        err(&["--demand", "0"]),
        "error: `demand` is 0, but it must be a number of requests per second above 0 and at most 1000000"
    );
    assert_eq!(
        err(&["--capacity", "lots"]),
        "error: `capacity` is lots, but it must be a plain number (e.g. `800`)"
    );
    assert_eq!(
        err(&["--horizon", "5s"]),
        "error: `horizon` is 5s, but it must be a duration from 10s to 1h (recovery is judged over ten seconds)"
    );
    assert_eq!(
        err(&["--horizon", "5"]),
        "error: `horizon` is 5, but a duration needs a unit (ms, s, m, h), e.g. `100ms`"
    );
    assert_eq!(
        err(&["--queue", "-1"]),
        "error: `queue` is -1, but it must be a whole number from 0 to 10000000, or none"
    );
    assert_eq!(
        err(&["--budget", "gprc"]),
        "error: unknown retry budget `gprc`; did you mean `grpc`?"
    );
    assert_eq!(
        err(&["--demand", "800", "--timeout", "0ms"]),
        "error: `timeout` is 0ms, but it must be a duration above 0 and at most 1h"
    );
    assert_eq!(
        err(&["--grpc-max-tokens", "0"]),
        "error: `grpc-max-tokens` is 0, but it must be a whole number from 1 to 1000 (gRFC A6)"
    );
    assert_eq!(
        err(&["--finagle-ttl", "1.5s"]),
        "error: `finagle-ttl` is 1500ms, but it must be whole seconds from 1s to 60s (Finagle's `require`)"
    );
    assert!(err(&["--demand", "900000"]).starts_with(
        "error: `demand` is 900000, but over 5s + outage + horizon that is 67500000 requests"
    ));
}

#[test]
fn triggers_and_the_frontier_refuse_bad_values_at_their_flag() {
    let base = ["calc", "--base", "100ms"];
    let err = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        error_line(&args)
    };
    assert_eq!(
        err(&["--trigger", "slowdwon"]),
        "error: unknown trigger `slowdwon`; did you mean `slowdown`?"
    );
    assert_eq!(
        err(&["--trigger", "lightning"]),
        "error: unknown trigger `lightning`; use outage, slowdown or surge"
    );
    assert_eq!(
        err(&["--trigger", "slowdown", "--degraded", "0"]),
        "error: `degraded` is 0, but it must be the share of capacity left, above 0 and at most 1 (`0.5` or `50%`)"
    );
    assert_eq!(
        err(&["--trigger", "slowdown", "--degraded", "150%"]),
        "error: `degraded` is 1.5, but it must be the share of capacity left, above 0 and at most 1 (`0.5` or `50%`)"
    );
    assert_eq!(
        err(&["--trigger", "slowdown", "--degraded", "half"]),
        "error: `degraded` is half, but it must be the share of capacity left, above 0 and at most 1 (`0.5` or `50%`)"
    );
    assert_eq!(
        err(&["--trigger", "surge", "--surge", "0.99"]),
        "error: `surge` is 0.99, but it must be the multiple of demand, from 1 to 100"
    );
    assert_eq!(
        err(&["--trigger", "surge", "--surge", "101"]),
        "error: `surge` is 101, but it must be the multiple of demand, from 1 to 100"
    );
    assert_eq!(
        err(&["--degraded", "0.5"]),
        "error: `--degraded` is the slowdown's, but the trigger is outage; add `--trigger slowdown`"
    );
    assert_eq!(
        err(&["--trigger", "slowdown", "--surge", "2"]),
        "error: `--surge` is the surge's, but the trigger is slowdown; add `--trigger surge`"
    );
    assert!(err(&["--demand", "60000", "--frontier"]).starts_with(
        "error: `demand` is 60000, but the frontier simulates triggers up to 2 min: with 5s before \
         and the horizon after, that is 11100000 requests"
    ));
    assert!(
        err(&["--demand", "30000", "--trigger", "surge", "--surge", "40"])
            .contains("over 5s + outage + horizon (with the surge's) that is 13950000 requests")
    );
    // The edges are accepted: all the capacity left, no surge, a hundredfold one.
    for ok in [
        &["--trigger", "slowdown", "--degraded", "100%"][..],
        &["--trigger", "surge", "--surge", "1"],
        &["--trigger", "surge", "--surge", "100"],
    ] {
        let args: Vec<&str> = small(ok);
        sade(&args).assert().success();
    }
}

#[test]
fn the_frontier_and_its_map_are_in_the_json_and_the_text() {
    let out = stdout_of(&small(&["--budget", "none,grpc", "--map", "--json"]));
    let doc: Value = serde_json::from_str(&out).unwrap();
    for budget in ["none", "grpc"] {
        let f = &doc["recovery"]["full"][budget]["frontier"];
        assert_eq!(
            keys(f),
            [
                "longest_trigger_ms",
                "longest_trigger_capped",
                "capacity_needed",
                "map"
            ],
            "{budget}"
        );
        let rows = f["map"].as_array().unwrap();
        let us: Vec<f64> = rows
            .iter()
            .map(|r| r["utilization"].as_f64().unwrap())
            .collect();
        assert_eq!(us, [0.5, 0.6, 0.7, 0.8, 0.9]);
        for r in rows {
            assert_eq!(
                keys(r),
                [
                    "utilization",
                    "longest_trigger_ms",
                    "longest_trigger_capped"
                ]
            );
            // Quarter seconds, up to two minutes.
            let ms = r["longest_trigger_ms"].as_f64().unwrap();
            assert!(ms % 250.0 == 0.0 && ms <= 120_000.0, "{ms}");
        }
    }
    // `--frontier` alone: no map.
    let out = stdout_of(&small(&["--budget", "grpc", "--frontier", "--json"]));
    let doc: Value = serde_json::from_str(&out).unwrap();
    let f = &doc["recovery"]["full"]["grpc"]["frontier"];
    assert!(f.get("map").is_none());
    // Without either, no frontier at all.
    let out = stdout_of(&small(&["--budget", "grpc", "--json"]));
    let doc: Value = serde_json::from_str(&out).unwrap();
    assert!(doc["recovery"]["full"]["grpc"].get("frontier").is_none());
    // The text: the frontier's table and the map's, in both languages.
    let en = stdout_of(&small(&["--budget", "none,grpc", "--map"]));
    assert!(en.contains("Full jitter: what each budget survives, and the capacity it needs"));
    assert!(en.contains("Longest outage survived"));
    assert!(en.contains("Full jitter: the longest outage survived at each utilization"));
    let tr = stdout_of(&small(&[
        "--budget",
        "none",
        "--map",
        "--lang",
        "tr",
        "--trigger",
        "surge",
    ]));
    assert!(tr.contains("Atlatılan en uzun talep artışı"), "{tr}");
    assert!(tr.contains("%50"), "{tr}");
}
