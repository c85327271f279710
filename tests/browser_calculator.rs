//! The calculator in a real browser: builds a fixture site with the `sade` binary, serves it
//! from a small HTTP server started here, and runs `node tests/browser/calculator.test.mjs`
//! (playwright-core driving Debian's headless Chromium) against it.
//!
//! The fixture has a calculator page per language and a page with the calculator followed by
//! the build-time `backoff_table` and `backoff_chart` of 50 seeded random parameter sets and one
//! fixed set whose numbers include exact ties between two shortest decimal forms, so
//! the browser test can compare what the script renders with what `sade` rendered; the
//! `sade calc --json` document of every set is handed over too. With `demand`, the calculator's
//! "Will it come back?" section: a page at its defaults (1000 clients, 800 requests a second),
//! a small one to type into, and one page per random small fleet under load, whose built section
//! the script's must equal.
//!
//! Without node, Chromium or `tests/browser/node_modules` `cargo test` lists the test as ignored
//! with what is missing; under `CI` it fails (`.ci/run` runs `npm ci --prefix tests/browser`).

mod common;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const SETS: usize = 50;
/// The calculator every fixture page starts with.
const DEFAULT_ARGS: &str =
    "base=100ms, factor=2, cap=30s, attempts=8, jitter=all, seed=7, clients=1000";

/// What the browser test needs that is not Rust.
fn missing(root: &Path) -> Vec<String> {
    let mut missing = Vec::new();
    if !common::runs("node") {
        missing.push("`node`".to_string());
    }
    if !Path::new(CHROMIUM).exists() {
        missing.push(CHROMIUM.to_string());
    }
    if !root
        .join("tests/browser/node_modules/playwright-core")
        .exists()
    {
        missing.push("tests/browser/node_modules (run `npm ci --prefix tests/browser`)".into());
    }
    missing
}

/// One random parameter set, as shortcode/query values (strings).
fn random_set(rng: &mut ChaCha8Rng, i: usize) -> Value {
    let pick = |rng: &mut ChaCha8Rng, n: u32| rng.next_u32() % n;
    let base = match pick(rng, 4) {
        0 => format!("{}s", [0.5, 1.5, 2.0, 0.25, 3.5][pick(rng, 5) as usize]),
        _ => format!("{}ms", 1 + pick(rng, 2000)),
    };
    let factor = match pick(rng, 3) {
        0 => ["1", "1.5", "2", "3"][pick(rng, 4) as usize].to_string(),
        _ => {
            let hundredths = 100 + pick(rng, 201);
            let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    };
    let cap = match pick(rng, 4) {
        0 => "none".to_string(),
        _ => ["5s", "10s", "30s", "1m", "90s", "2.5m", "10m", "1h"][pick(rng, 8) as usize].into(),
    };
    let attempts = match pick(rng, 5) {
        0 => 13 + pick(rng, 28),
        _ => 1 + pick(rng, 12),
    };
    let jitter = match pick(rng, 8) {
        0..=3 => "all",
        k => ["none", "full", "equal", "decorrelated"][k as usize - 4],
    };
    let seed = match pick(rng, 6) {
        0 => (u64::from(rng.next_u32()) << 20) | u64::from(pick(rng, 1 << 20)),
        _ => u64::from(rng.next_u32()),
    };
    // The first set is above the script's live-recompute limit (20 000 clients).
    let clients = if i == 0 { 25_000 } else { 1 + pick(rng, 4000) };
    json!({
        "base": base,
        "factor": factor,
        "cap": cap,
        "attempts": attempts.to_string(),
        "jitter": jitter,
        "seed": seed.to_string(),
        "clients": clients.to_string(),
    })
}

const KEYS: [&str; 7] = [
    "base", "factor", "cap", "attempts", "jitter", "seed", "clients",
];

/// Calculators with odds and a library: one page each, per language.
const OUTCOMES: usize = 18;
const OUTCOME_KEYS: [&str; 5] = ["fail", "timeout", "deadline", "outage", "library"];
/// `none` and every library's id.
fn libraries() -> Vec<&'static str> {
    let mut ids = vec!["none"];
    ids.extend(sade::libraries::Library::ALL.map(sade::libraries::Library::id));
    ids
}

/// A schedule with odds inputs (empty where not given) and libraries, as form values. Every
/// library is chosen first once across the sets; a third of the sets compare two libraries and
/// a third three (`library` is then a comma list, as in the query).
fn outcome_set(rng: &mut ChaCha8Rng, i: usize) -> Value {
    let mut set = random_set(rng, i + 1);
    let pick = |rng: &mut ChaCha8Rng, n: u32| (rng.next_u32() % n) as usize;
    set["attempts"] = json!((1 + pick(rng, 10)).to_string());
    set["clients"] = json!((1 + pick(rng, 1500)).to_string());
    let fail = match i % 6 {
        0 => String::new(),
        1 => "30%".into(),
        2 => "0".into(),
        3 => "1".into(),
        _ => format!("0.{:03}", 1 + pick(rng, 998)),
    };
    set["fail"] = json!(fail);
    set["timeout"] = json!(["", "2s", "500ms", "0ms"][pick(rng, 4)]);
    set["deadline"] = json!(["", "20s", "1m", "3s"][pick(rng, 4)]);
    // Without a failure rate the outage is what shows the odds.
    set["outage"] = json!(if i.is_multiple_of(6) {
        "10s"
    } else {
        ["", "10s", "60s", "500ms"][pick(rng, 4)]
    });
    let libraries = libraries();
    let first = libraries[i % libraries.len()];
    let mut picked = vec![first];
    if first != "none" {
        // The others from the libraries alone (not `none`), none of them twice.
        let ids = &libraries[1..];
        for k in 1..=i % 3 {
            let mut j = (i * 7 + k * 5) % ids.len();
            while picked.contains(&ids[j]) {
                j = (j + 1) % ids.len();
            }
            picked.push(ids[j]);
        }
    }
    set["library"] = json!(picked.join(","));
    set
}

/// Fleets under load (the "Will it come back?" section): one page each, per language.
const LOADS: usize = 8;
/// The section's fields, in the order the script writes them into the URL.
const LOAD_KEYS: [&str; 12] = [
    "demand",
    "capacity",
    "recovery-timeout",
    "recovery-outage",
    "horizon",
    "queue",
    "shed",
    "budget",
    "recovery-jitter",
    "trigger",
    "degraded",
    "surge",
];
const BUDGETS: [&str; 8] = [
    "all", "none", "grpc", "aws", "finagle", "linkerd", "envoy", "sre",
];
/// The small calculator with the section that the browser test types into.
const SMALL_LOAD_ARGS: &str = "base=100ms, factor=2, cap=30s, attempts=8, jitter=all, seed=7, \
     clients=100, demand=100, horizon=10s";

/// A small fleet under load (at most 200 clients and 200 requests a second, 10 to 20 s after
/// the outage), as form values: the schedule, then the section's fields (`shed` is `true` or
/// empty, as the checkbox). Every budget and every strategy is chosen across the sets.
fn load_set(rng: &mut ChaCha8Rng, i: usize) -> Value {
    let pick = |rng: &mut ChaCha8Rng, n: u32| (rng.next_u32() % n) as usize;
    let mut set = random_set(rng, i + 1);
    set["base"] = json!(["50ms", "100ms", "250ms", "500ms", "1s"][pick(rng, 5)]);
    set["cap"] = json!(["5s", "10s", "30s", "none"][pick(rng, 4)]);
    set["attempts"] = json!((1 + pick(rng, 10)).to_string());
    set["clients"] = json!((1 + pick(rng, 200)).to_string());
    let demand = 10 + pick(rng, 191);
    set["demand"] = json!(if i % 3 == 1 {
        format!("{demand}.5")
    } else {
        demand.to_string()
    });
    // From well below the demand (no recovery) to well above it.
    set["capacity"] = json!((demand * (6 + pick(rng, 25)) / 10).max(1).to_string());
    set["recovery-timeout"] = json!(["250ms", "500ms", "1s", "2s"][pick(rng, 4)]);
    set["recovery-outage"] = json!(["500ms", "1s", "3s", "5s", "10s"][pick(rng, 5)]);
    set["horizon"] = json!(["10s", "15s", "20s"][pick(rng, 3)]);
    set["queue"] = json!(["none", "0", "50", "200", "1000"][pick(rng, 5)]);
    set["shed"] = json!(if pick(rng, 2) == 0 { "true" } else { "" });
    set["budget"] = json!(BUDGETS[i % BUDGETS.len()]);
    set["recovery-jitter"] = json!(["none", "full", "equal", "decorrelated"][i % 4]);
    // SPEC §9's triggers: a slowdown (its share as a percentage or a ratio), a surge, an outage.
    // The parameter of the other trigger is the form's default (it is hidden there).
    let (trigger, degraded, surge) = match i % 3 {
        1 => ("slowdown", ["40%", "0.7", "25%"][pick(rng, 3)], "3"),
        2 => ("surge", "50%", ["2", "4.5", "1.5"][pick(rng, 3)]),
        _ => ("outage", "50%", "3"),
    };
    set["trigger"] = json!(trigger);
    set["degraded"] = json!(degraded);
    set["surge"] = json!(surge);
    set
}

/// The calculator's arguments for a fleet under load.
fn load_args(set: &Value) -> String {
    let mut args = shortcode_args(set);
    let trigger = set["trigger"].as_str().unwrap();
    for k in LOAD_KEYS {
        // A trigger's parameter only with its trigger.
        if (k == "degraded" && trigger != "slowdown") || (k == "surge" && trigger != "surge") {
            continue;
        }
        let v = set[k].as_str().unwrap();
        let v = if k == "shed" {
            if v == "true" {
                "true"
            } else {
                "false"
            }
        } else {
            v
        };
        args.push_str(&format!(", {k}={v}"));
    }
    args
}

/// The calculator's arguments for a set with outcomes: the given ones only.
fn outcome_args(set: &Value) -> String {
    let mut args = shortcode_args(set);
    for k in OUTCOME_KEYS {
        let v = set[k].as_str().unwrap();
        if v.contains(',') {
            args.push_str(&format!(", {k}=[{}]", v.replace(',', ", ")));
        } else if !v.is_empty() {
            args.push_str(&format!(", {k}={v}"));
        }
    }
    args
}

fn shortcode_args(set: &Value) -> String {
    KEYS.iter()
        .map(|k| format!("{k}={}", set[*k].as_str().unwrap()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `sade calc --json` of a set, as its text: serde_json's default float parsing may be off by an
/// ulp, so the browser test parses the document itself.
fn calc_json(set: &Value) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sade"));
    cmd.arg("calc").arg("--json");
    for k in KEYS {
        cmd.arg(format!("--{k}")).arg(set[k].as_str().unwrap());
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "sade calc failed for {set}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Value::String(String::from_utf8(out.stdout).unwrap())
}

fn page(lang: &str, title: &str, body: &str) -> String {
    format!(
        "---\ntitle: \"{title}\"\ndescription: \"Fixture page for the browser tests.\"\nlang: {lang}\npublished: 2026-06-17\nupdated: 2026-08-30\nsection: Tool\ntags: [\"retry\"]\n---\n\n{body}"
    )
}

/// Writes the fixture site (on the built-in theme, whose scripts are the calculator's) into
/// `dir` and returns the cases for the browser test.
fn fixture(root: &Path, dir: &Path) -> Value {
    std::fs::copy(
        root.join("tests/fixtures/site/sade.yaml"),
        dir.join("sade.yaml"),
    )
    .unwrap();
    let tools = dir.join("content/tools");
    std::fs::create_dir_all(&tools).unwrap();

    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut sets: Vec<Value> = (0..SETS).map(|i| random_set(&mut rng, i)).collect();
    // Equal jitter's mean total here is 2980107.23876953125 ms, halfway between two shortest
    // forms: the build and the script must both write ...312.
    sets.push(json!({
        "base": "250ms", "factor": "2.5", "cap": "none", "attempts": "11",
        "jitter": "all", "seed": "781", "clients": "1000",
    }));
    let calculator = format!("<< backoff_calculator({DEFAULT_ARGS}) >>\n");
    let mut refs = calculator.clone();
    for set in &sets {
        let args = shortcode_args(set);
        refs.push_str(&format!(
            "\n<< backoff_table({args}) >>\n\n<< backoff_chart({args}) >>\n"
        ));
    }
    let outcomes: Vec<Value> = (0..OUTCOMES).map(|i| outcome_set(&mut rng, i)).collect();
    for (i, set) in outcomes.iter().enumerate() {
        let body = format!("<< backoff_calculator({}) >>\n", outcome_args(set));
        for lang in ["en", "tr"] {
            std::fs::write(
                tools.join(format!("outcomes-{i}.{lang}.md")),
                page(lang, &format!("Outcomes {i}"), &body),
            )
            .unwrap();
        }
    }
    let loads: Vec<Value> = (0..LOADS).map(|i| load_set(&mut rng, i)).collect();
    for (i, set) in loads.iter().enumerate() {
        let body = format!("<< backoff_calculator({}) >>\n", load_args(set));
        for lang in ["en", "tr"] {
            std::fs::write(
                tools.join(format!("load-{i}.{lang}.md")),
                page(lang, &format!("Load {i}"), &body),
            )
            .unwrap();
        }
    }
    for lang in ["en", "tr"] {
        // The section at its defaults: 1000 clients, 800 requests a second, every budget.
        std::fs::write(
            tools.join(format!("load.{lang}.md")),
            page(
                lang,
                "Load",
                &format!("<< backoff_calculator({DEFAULT_ARGS}, demand=800) >>\n"),
            ),
        )
        .unwrap();
        std::fs::write(
            tools.join(format!("load-small.{lang}.md")),
            page(
                lang,
                "Small load",
                &format!("<< backoff_calculator({SMALL_LOAD_ARGS}) >>\n"),
            ),
        )
        .unwrap();
        std::fs::write(
            tools.join(format!("calc.{lang}.md")),
            page(lang, "Calculator", &calculator),
        )
        .unwrap();
        std::fs::write(
            tools.join(format!("snippets.{lang}.md")),
            page(
                lang,
                "Snippets",
                "<< backoff_libraries(base=100ms, factor=2, cap=30s, attempts=6) >>\n",
            ),
        )
        .unwrap();
        std::fs::write(
            tools.join(format!("sets.{lang}.md")),
            page(lang, "Parameter sets", &refs),
        )
        .unwrap();
    }

    let default = json!({
        "base": "100ms", "factor": "2", "cap": "30s", "attempts": "8", "jitter": "all",
        "seed": "7", "clients": "1000",
    });
    let shared = json!({
        "base": "250ms", "factor": "2", "cap": "30s", "attempts": "6", "jitter": "all",
        "seed": "7", "clients": "1000",
    });
    json!({
        "sets": sets.iter().map(|s| json!({"values": s, "calc": calc_json(s)})).collect::<Vec<_>>(),
        "default": {"values": default, "calc": calc_json(&default)},
        "shared": {"values": shared, "calc": calc_json(&shared)},
        "outcomes": outcomes,
        "loads": loads,
    })
}

/// Serves `dir` over HTTP/1.0 on 127.0.0.1. A path under `/csp/` is the same file sent with
/// `Content-Security-Policy: script-src 'self'`.
fn serve(dir: PathBuf) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || {
                let _ = respond(&dir, stream);
            });
        }
    });
    format!("http://{addr}")
}

fn respond(dir: &Path, mut stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" || line == "\n" {
            break;
        }
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let (csp, path) = match path.strip_prefix("/csp") {
        Some(rest) if rest.starts_with('/') => (true, rest),
        _ => (false, path),
    };
    let mut rel = path.trim_start_matches('/').to_string();
    if rel.is_empty() || rel.ends_with('/') {
        rel.push_str("index.html");
    }
    let file = dir.join(&rel);
    let safe = !rel.split('/').any(|part| part == "..");
    let (status, body, kind) = match std::fs::read(&file) {
        Ok(bytes) if safe => {
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("html") => "text/html; charset=utf-8",
                Some("js") => "text/javascript; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("xml") => "application/xml",
                Some("svg") => "image/svg+xml",
                _ => "text/plain; charset=utf-8",
            };
            ("200 OK", bytes, kind)
        }
        _ => ("404 Not Found", b"not found".to_vec(), "text/plain"),
    };
    let mut head = format!(
        "HTTP/1.0 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n",
        body.len()
    );
    if csp {
        head.push_str("Content-Security-Policy: script-src 'self'\r\n");
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(&body)?;
    stream.flush()
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    common::run_trials(vec![common::needing(
        "calculator_in_chromium",
        missing(root),
        calculator_in_chromium,
    )]);
}

fn calculator_in_chromium() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let cases = fixture(root, dir.path());
    let out_dir = dir.path().join("public");
    let (code, stderr) = common::sade_build(dir.path(), Some(&out_dir));
    assert_eq!(code, Some(0), "sade build failed:\n{stderr}");
    let cases_file = dir.path().join("cases.json");
    std::fs::write(&cases_file, cases.to_string()).unwrap();
    let url = serve(out_dir);

    // `SADE_BROWSER_TESTS=PATTERN` runs only the browser tests whose names match (while working
    // on one).
    let mut node = Command::new("node");
    if let Ok(pattern) = std::env::var("SADE_BROWSER_TESTS") {
        node.arg(format!("--test-name-pattern={pattern}"));
    }
    let run = node
        .arg("tests/browser/calculator.test.mjs")
        .current_dir(root)
        .env("SADE_URL", &url)
        .env("SADE_CASES", &cases_file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    println!("{stdout}");
    assert!(
        run.status.success(),
        "tests/browser/calculator.test.mjs failed:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("# fail 0") && !stdout.contains("# pass 0"),
        "no browser test ran:\n{stdout}"
    );
}
