//! `sade calc --library` end to end, on the real binary (SPEC §6): the ten models of the issue's
//! command with everything SPEC §6 asks of each, the order asked for, the unknown id with its
//! suggestion (exit 2), and the text in both languages.

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("sade")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const ISSUE: [&str; 13] = [
    "calc",
    "--base",
    "100ms",
    "--factor",
    "2",
    "--cap",
    "30s",
    "--attempts",
    "6",
    "--library",
    "all",
    "--json",
    "--clients=10",
];

const IDS: [&str; 17] = [
    "grpc",
    "aws-sdk",
    "tenacity",
    "python-backoff",
    "cenkalti",
    "p-retry",
    "exponential-backoff",
    "backon",
    "polly",
    "resilience4j",
    "urllib3",
    "google-api-core",
    "stamina",
    "got",
    "axios-retry",
    "go-retryablehttp",
    "grpc-core",
];

#[test]
fn the_issue_command_lists_seventeen_models_with_everything_spec_6_asks() {
    let doc: Value = serde_json::from_str(&stdout_of(&ISSUE)).unwrap();
    let libraries = doc["libraries"].as_array().unwrap();
    let names: Vec<&str> = libraries
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, IDS);
    for l in libraries {
        let name = l["name"].as_str().unwrap();
        let keys: Vec<&str> = l.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "name", "version", "source", "config", "notes", "notes_tr", "rows", "totals",
                "snippet"
            ],
            "{name}"
        );
        let version = l["version"].as_str().unwrap();
        assert!(!version.is_empty(), "{name}");
        let source = l["source"].as_str().unwrap();
        assert!(
            source.starts_with("https://github.com/") && source.contains(version),
            "{name}: {source}"
        );
        assert!(!l["config"].as_object().unwrap().is_empty(), "{name}");
        let notes = l["notes"].as_array().unwrap();
        assert!(
            !notes.is_empty()
                && notes
                    .iter()
                    .all(|n| n.as_str().is_some_and(|s| !s.is_empty()))
        );
        assert_eq!(notes.len(), l["notes_tr"].as_array().unwrap().len());
        let rows = l["rows"].as_array().unwrap();
        let expected_rows = if name.starts_with("grpc") { 4 } else { 6 };
        assert_eq!(rows.len(), expected_rows, "{name}");
        let (mut best, mut worst) = (0.0, 0.0);
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(r["attempt"], i + 1);
            let (min, max, sample) = (
                r["min_ms"].as_f64().unwrap(),
                r["max_ms"].as_f64().unwrap(),
                r["sample_ms"].as_f64().unwrap(),
            );
            assert!(min <= sample && sample <= max, "{name} {r}");
            best += min;
            worst += max;
        }
        let totals = &l["totals"];
        assert_eq!(totals["best_ms"].as_f64().unwrap(), best, "{name}");
        assert_eq!(totals["worst_ms"].as_f64().unwrap(), worst, "{name}");
        assert_eq!(totals["mean_is_estimate"], name == "polly", "{name}");
        let snippet = &l["snippet"];
        assert!(!snippet["language"].as_str().unwrap().is_empty());
        assert!(
            snippet["code"].as_str().unwrap().lines().count() >= 5,
            "{name}"
        );
    }
    // The schedule's document is still all there.
    for key in ["params", "rows", "totals", "fleet"] {
        assert!(doc.get(key).is_some(), "{key}");
    }
}

#[test]
fn libraries_come_in_the_order_asked_without_repeats() {
    let out = stdout_of(&[
        "calc",
        "--base",
        "1s",
        "--attempts",
        "3",
        "--json",
        "--library",
        "polly,grpc, polly",
    ]);
    let doc: Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> = doc["libraries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["polly", "grpc"]);
    // Without --library there is no "libraries" key.
    let out = stdout_of(&["calc", "--base", "1s", "--attempts", "3", "--json"]);
    assert!(serde_json::from_str::<Value>(&out)
        .unwrap()
        .get("libraries")
        .is_none());
}

#[test]
fn an_unknown_id_is_exit_2_with_a_suggestion() {
    let out = run(&[
        "calc",
        "--base",
        "100ms",
        "--attempts",
        "3",
        "--library",
        "grpc,tenacty",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    insta::assert_snapshot!(err.trim_end());
    assert!(err.contains("did you mean `tenacity`?"), "{err}");
    let out = run(&[
        "calc",
        "--base",
        "100ms",
        "--attempts",
        "3",
        "--library",
        "zzz",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("unknown library `zzz`; use all, or a comma list of grpc"),
        "{err}"
    );
}

const TEXT: [&str; 14] = [
    "calc",
    "--base",
    "250ms",
    "--factor",
    "1.5",
    "--cap",
    "2s",
    "--attempts",
    "6",
    "--jitter",
    "none",
    "--clients",
    "1",
    "--library=grpc,cenkalti,polly,resilience4j",
];

#[test]
fn text_en() {
    let out = stdout_of(&TEXT);
    assert!(out.contains("\nRetry libraries\n"), "{out}");
    insta::assert_snapshot!(out);
}

#[test]
fn text_tr() {
    let mut args = TEXT.to_vec();
    args.extend(["--lang", "tr"]);
    let out = stdout_of(&args);
    assert!(out.contains("\nYeniden deneme kütüphaneleri\n"), "{out}");
    assert!(out.contains("En kötü durumda toplam bekleme"), "{out}");
    insta::assert_snapshot!(out);
}
