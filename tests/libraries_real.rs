//! sade's library models (SPEC §6) against the real libraries, wherever they install here:
//! tenacity, backoff, botocore, urllib3 (with requests), google-api-core, stamina and grpcio
//! (Python, `pip install -r tests/libraries/requirements.txt`, into `tests/libraries/.venv` or the
//! `python3` on the path), p-retry, exponential-backoff, got and axios-retry (`npm ci --prefix
//! tests/libraries`), cenkalti/backoff and hashicorp/go-retryablehttp (Debian's
//! golang-github-cenkalti-backoff-dev and golang-github-hashicorp-go-retryablehttp-dev with
//! Debian's Go), resilience4j (its `IntervalFunction.java` at the v2.4.0 tag, in
//! `tests/libraries/resilience4j/` with its licence, compiled with Debian's Java; resilience4j's
//! jars are on Maven Central, which this machine cannot reach) and backon (a dev-dependency, in
//! process). gRPC (grpc-go) and Polly are transcribed from their sources, not run.
//!
//! For each library, 20 parameter sets × 10 000 draws per retry of the library's own delay code
//! (seeded, so a run is the same every time), checked against the model of the same numbers:
//! every draw within the model's `[min, max]`; the observed ends within 1 % of the range from the
//! model's; and a one-sample Kolmogorov–Smirnov test against the model's distribution that does
//! not reject at α = 0.001. Then sade's snippet itself runs (Python, Node, Go; Java's interval
//! function as the snippet writes it, and its `maxAttempts`; Rust's builder is compiled into this
//! file and compared with the snippet's text) and its delays get the same checks, on fewer draws.
//!
//! gRPC C-core is timed, not drawn: grpcio's own retries against a local server that fails every
//! call, the gaps between the attempts it receives less the measured time an attempt takes to
//! fail and the next to arrive (tests/libraries_real/clients.rs says what slack that needs).
//!
//! Nothing is installed here: a missing tool or package is a visible notice and a skipped test,
//! or a failure when `CI` is set (.ci/run installs them).

#[path = "libraries_real/clients.rs"]
mod clients;
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use sade::libraries::{model_of, Dist, Input, Library, Model};
use serde_json::json;

/// The parameter sets: (base ms, factor, cap ms, retries). Factor 1, cap = base, one retry,
/// uncapped growth, fractional milliseconds and caps that bind early are all in.
const SETS: [(f64, f64, Option<f64>, usize); 20] = [
    (100.0, 2.0, Some(30_000.0), 6),
    (250.0, 2.0, Some(30_000.0), 8),
    (100.0, 2.0, None, 8),
    (1.0, 2.0, Some(100.0), 8),
    (50.0, 1.0, None, 4),
    (300.0, 3.0, Some(300.0), 3),
    (1_000.0, 1.5, Some(5_000.0), 7),
    (10.0, 1.1, None, 8),
    (2_000.0, 2.0, Some(10_000.0), 5),
    (33.3, 2.5, Some(1_000.0), 6),
    (7.0, 3.0, None, 6),
    (500.0, 1.7, Some(4_000.0), 8),
    (120.0, 2.0, Some(1_000.0), 8),
    (5.0, 4.0, Some(2_000.0), 6),
    (1_500.0, 1.25, None, 5),
    (80.0, 2.2, Some(3_000.0), 7),
    (400.0, 1.0, Some(400.0), 2),
    (60.0, 1.9, None, 1),
    (15.0, 2.0, Some(500.0), 8),
    (900.0, 1.3, Some(2_500.0), 6),
];

/// Draws per retry and parameter set from each library.
const DRAWS: usize = 10_000;
/// Runs of each snippet per parameter set.
const SNIPPET_RUNS: usize = 2_000;
/// The parameter sets the snippets run with.
const SNIPPET_SETS: [usize; 3] = [0, 6, 9];

/// Kolmogorov's K at α = 0.001: √(−ln(α/2)/2).
fn ks_critical(n: usize) -> f64 {
    (-(0.001f64 / 2.0).ln() / 2.0).sqrt() / (n as f64).sqrt()
}

fn input(set: (f64, f64, Option<f64>, usize)) -> Input {
    Input {
        base_ms: set.0,
        factor: set.1,
        cap_ms: set.2,
        attempts: set.3,
        seed: 7,
    }
}

fn job_sets(sets: &[(f64, f64, Option<f64>, usize)]) -> serde_json::Value {
    sets.iter()
        .map(|s| json!({"base_ms": s.0, "factor": s.1, "cap_ms": s.2, "attempts": s.3}))
        .collect()
}

/// One-sample KS statistic of `values` (sorted in place) against `dist`, exact for step and
/// continuous distributions alike: both sides of every jump are compared.
fn ks(values: &mut [f64], dist: &Dist) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len() as f64;
    let mut d: f64 = 0.0;
    let mut i = 0;
    while i < values.len() {
        let x = values[i];
        let mut j = i;
        while j < values.len() && values[j] == x {
            j += 1;
        }
        let (below, at_most) = dist.cdf(x);
        d = d
            .max((i as f64 / n - below).abs())
            .max((j as f64 / n - at_most).abs());
        i = j;
    }
    d
}

/// What a library's draws showed, for the summary line.
#[derive(Default)]
struct Tally {
    sets: usize,
    retries: usize,
    draws: usize,
    worst_ks_ratio: f64,
    worst_end_gap: f64,
}

/// Checks one retry's draws (`values`, in the model's unit) against `model`'s row `k`.
/// `tolerance` is what the library's own arithmetic needs beyond the model's ends, in ms.
fn check_retry(
    what: &str,
    model: &Model,
    k: usize,
    values: &mut [f64],
    tolerance: f64,
    tally: &mut Tally,
) {
    let row = model.rows[k];
    let unit = model.unit_ms;
    let (lo, hi) = (row.min_ms, row.max_ms);
    let (mut seen_lo, mut seen_hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for &v in values.iter() {
        let ms = v * unit;
        assert!(
            lo - tolerance <= ms && ms <= hi + tolerance,
            "{what}, retry {}: {ms} ms outside the model's [{lo}, {hi}]",
            k + 1
        );
        seen_lo = seen_lo.min(ms);
        seen_hi = seen_hi.max(ms);
    }
    let dist = model.dists.as_ref().expect("a one-draw model")[k];
    // An end the model reaches only through rounding at the very largest (or smallest) draw,
    // such as resilience4j's `(long) (25 + u·51)` = 76 at u = 1 − 2⁻⁵³, has no weight: the
    // library almost never shows it. The distance to such an end is not held against the draws.
    let (below_seen_lo, _) = dist.cdf(seen_lo / unit);
    let (_, up_to_seen_hi) = dist.cdf(seen_hi / unit);
    let weightless = |p: f64| p < 1e-12;
    let gap_lo = if weightless(below_seen_lo) {
        0.0
    } else {
        (seen_lo - lo).abs()
    };
    let gap_hi = if weightless(1.0 - up_to_seen_hi) {
        0.0
    } else {
        (seen_hi - hi).abs()
    };
    let width = hi - lo;
    let gap = gap_lo.max(gap_hi);
    assert!(
        gap <= 0.01 * width + tolerance,
        "{what}, retry {}: observed ends [{seen_lo}, {seen_hi}] not within 1 % of [{lo}, {hi}]",
        k + 1
    );
    if width > 0.0 {
        tally.worst_end_gap = tally.worst_end_gap.max(gap / width);
    }
    let d = ks(values, &dist);
    let critical = ks_critical(values.len());
    assert!(
        d <= critical,
        "{what}, retry {}: Kolmogorov–Smirnov D = {d:.5} > {critical:.5} (α = 0.001, n = {})",
        k + 1,
        values.len()
    );
    tally.worst_ks_ratio = tally.worst_ks_ratio.max(d / critical);
    tally.retries += 1;
    tally.draws += values.len();
}

/// Parses a driver's "SET RETRY v1 v2 …" lines and checks them. `scale` turns the printed
/// values into the model's unit.
fn check_output(
    library: Library,
    what: &str,
    sets: &[(f64, f64, Option<f64>, usize)],
    output: &str,
    scale: f64,
    tolerance: impl Fn(&Model) -> f64,
) -> Tally {
    let models: Vec<Model> = sets.iter().map(|&s| model_of(library, &input(s))).collect();
    let mut tally = Tally {
        sets: sets.len(),
        ..Tally::default()
    };
    let mut seen = vec![0; sets.len()];
    for line in output.lines() {
        let mut parts = line.split(' ');
        let set: usize = parts.next().unwrap().parse().unwrap();
        let retry: usize = parts.next().unwrap().parse().unwrap();
        let mut values: Vec<f64> = parts.map(|v| v.parse::<f64>().unwrap() * scale).collect();
        let model = &models[set];
        let label = format!("{what}, set {set} {:?}", sets[set]);
        assert!(
            retry >= 1 && retry <= model.rows.len(),
            "{label}: retry {retry}"
        );
        check_retry(
            &label,
            model,
            retry - 1,
            &mut values,
            tolerance(model),
            &mut tally,
        );
        seen[set] += 1;
    }
    for (set, model) in models.iter().enumerate() {
        assert_eq!(seen[set], model.rows.len(), "{what}: set {set}'s retries");
    }
    tally
}

fn report(what: &str, t: &Tally) {
    println!(
        "{what}: {} sets, {} retries, {} draws; every draw within the model's ends; ends within \
         {:.3} % of the range; largest KS D/critical {:.3}",
        t.sets,
        t.retries,
        t.draws,
        t.worst_end_gap * 100.0,
        t.worst_ks_ratio
    );
}

/// Runs `program args` with `job` on standard input; its standard output.
fn run(mut cmd: Command, job: &serde_json::Value) -> String {
    use std::io::Write;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the driver");
    let mut stdin = child.stdin.take().unwrap();
    let text = job.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(
        out.status.success(),
        "driver failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn libraries_dir() -> PathBuf {
    common::repo().join("tests/libraries")
}

// ---- Python ---------------------------------------------------------------------------------

/// The Python with the pinned packages: `SADE_PYTHON`, the checks' own venv, or `python3`.
fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("SADE_PYTHON") {
        return p.into();
    }
    let venv = libraries_dir().join(".venv/bin/python");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

/// What is missing for the Python package `package` at `version`.
fn python_missing(package: &str, version: &str) -> Vec<String> {
    let out = Command::new(python())
        .args([
            "-c",
            &format!("import importlib.metadata as m; print(m.version('{package}'))"),
        ])
        .output();
    match out {
        Ok(o) if o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == version => {
            vec![]
        }
        _ => vec![format!(
            "the Python package {package}=={version} (pip install -r tests/libraries/requirements.txt)"
        )],
    }
}

fn python_job(library: Library, package: &str, tolerance: impl Fn(&Model) -> f64 + Copy) {
    let (_, version) = library.package();
    let what = format!("{package} {version}");
    let driver = libraries_dir().join("python_driver.py");
    let mut cmd = Command::new(python());
    cmd.arg(&driver);
    let job =
        json!({"library": library.id(), "sets": job_sets(&SETS), "runs": DRAWS, "seed": 2026});
    let out = run(cmd, &job);
    report(
        &what,
        &check_output(library, &what, &SETS, &out, 1000.0, tolerance),
    );

    // The snippet itself.
    let sets: Vec<_> = SNIPPET_SETS.iter().map(|&i| SETS[i]).collect();
    let (sets, runs) = if library == Library::AwsSdk {
        // Each run makes a client and its calls fail against a closed port: slower.
        (vec![(100.0, 2.0, None, 4)], 400)
    } else {
        (sets, SNIPPET_RUNS)
    };
    let snippets: Vec<String> = sets
        .iter()
        .map(|&s| model_of(library, &input(s)).snippet.code)
        .collect();
    let mut cmd = Command::new(python());
    cmd.arg(&driver)
        // botocore's snippet: fake credentials, and an endpoint on this machine where nothing
        // listens, so that every call fails at once and is retried.
        .env("AWS_ACCESS_KEY_ID", "sade-test")
        .env("AWS_SECRET_ACCESS_KEY", "sade-test")
        .env("AWS_DEFAULT_REGION", "us-east-1")
        .env("AWS_ENDPOINT_URL", "http://127.0.0.1:9")
        .env_remove("AWS_PROFILE");
    let job = json!({"library": format!("snippet-{}", library.id()), "sets": job_sets(&sets),
                     "runs": runs, "seed": 99, "snippets": snippets});
    let out = run(cmd, &job);
    let what = format!("{package} {version}, sade's snippet");
    report(
        &what,
        &check_output(library, &what, &sets, &out, 1000.0, tolerance),
    );
}

/// The axios release axios-retry's snippet runs with (tests/libraries/package.json).
const AXIOS: &str = "1.21.1";

/// The requests release urllib3's snippet runs with (tests/libraries/requirements.txt).
const REQUESTS: &str = "2.34.2";

/// Python computes in seconds with `pow`; sade in milliseconds by repeated multiplication.
fn float_tolerance(m: &Model) -> f64 {
    m.totals.worst_ms * 1e-12
}

fn tenacity_matches_its_model() {
    python_job(Library::Tenacity, "tenacity", float_tolerance);
}

fn python_backoff_matches_its_model() {
    python_job(Library::PythonBackoff, "backoff", float_tolerance);
}

fn botocore_matches_the_aws_sdk_model() {
    python_job(Library::AwsSdk, "botocore", float_tolerance);
}

fn urllib3_matches_its_model() {
    python_job(Library::Urllib3, "urllib3", float_tolerance);
}

fn google_api_core_matches_its_model() {
    python_job(Library::GoogleApiCore, "google-api-core", float_tolerance);
}

fn stamina_matches_its_model() {
    python_job(Library::Stamina, "stamina", float_tolerance);
}

// ---- Node -----------------------------------------------------------------------------------

fn node_missing(package: &str, version: &str) -> Vec<String> {
    let mut missing = vec![];
    if !common::runs("node") {
        missing.push("`node`".to_string());
    }
    let manifest = libraries_dir()
        .join("node_modules")
        .join(package)
        .join("package.json");
    let installed = std::fs::read_to_string(&manifest)
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .and_then(|v| v["version"].as_str().map(str::to_string));
    if installed.as_deref() != Some(version) {
        missing.push(format!(
            "the npm package {package}@{version} (npm ci --prefix tests/libraries)"
        ));
    }
    missing
}

fn node_job(library: Library) {
    let (package, version) = library.package();
    let what = format!("{package} {version}");
    let node = |job: &serde_json::Value| {
        let mut cmd = Command::new("node");
        cmd.arg("node_driver.mjs").current_dir(libraries_dir());
        run(cmd, job)
    };
    let job =
        json!({"library": library.id(), "sets": job_sets(&SETS), "runs": DRAWS, "seed": 2026});
    let out = node(&job);
    report(
        &what,
        &check_output(library, &what, &SETS, &out, 1.0, |_| 0.0),
    );

    let sets: Vec<_> = SNIPPET_SETS.iter().map(|&i| SETS[i]).collect();
    let snippets: Vec<String> = sets
        .iter()
        .map(|&s| model_of(library, &input(s)).snippet.code)
        .collect();
    // Next to node_modules, so that the snippet's import finds the package.
    let dir = tempfile::Builder::new()
        .prefix(".snippets-")
        .tempdir_in(libraries_dir())
        .unwrap();
    let job = json!({"library": format!("snippet-{}", library.id()), "sets": job_sets(&sets),
                     "runs": SNIPPET_RUNS, "seed": 99, "snippets": snippets,
                     "dir": dir.path()});
    let out = node(&job);
    let what = format!("{package} {version}, sade's snippet");
    report(
        &what,
        &check_output(library, &what, &sets, &out, 1.0, |_| 0.0),
    );
}

fn p_retry_matches_its_model() {
    node_job(Library::PRetry);
}

fn exponential_backoff_matches_its_model() {
    node_job(Library::ExponentialBackoff);
}

fn got_matches_its_model() {
    node_job(Library::Got);
}

fn axios_retry_matches_its_model() {
    node_job(Library::AxiosRetry);
}

// ---- Go: cenkalti/backoff -------------------------------------------------------------------

/// Debian's copy of cenkalti/backoff v4.
const GOCODE: &str = "/usr/share/gocode/src/github.com/cenkalti/backoff";

fn go_missing() -> Vec<String> {
    let mut missing = vec![];
    let go = Command::new("go").arg("version").output();
    if !go.is_ok_and(|o| o.status.success()) {
        missing.push("`go` (apt-get install golang-go)".to_string());
    }
    let version = Command::new("dpkg-query")
        .args(["-W", "-f=${Version}", "golang-github-cenkalti-backoff-dev"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let wanted = Library::Cenkalti.package().1;
    if !Path::new(GOCODE).join("exponential.go").exists()
        || !version.is_some_and(|v| v.starts_with(wanted))
    {
        missing.push(format!(
            "Debian's golang-github-cenkalti-backoff-dev {wanted} (apt-get install golang-github-cenkalti-backoff-dev)"
        ));
    }
    missing
}

/// `go run .` in a copy of tests/libraries/cenkalti with `policy` as policy.go: offline, the
/// module replaced by Debian's copy.
fn go_run(policy: Option<&str>, job: &serde_json::Value) -> String {
    let dir = tempfile::tempdir().unwrap();
    for f in ["driver.go", "policy.go", "go.mod"] {
        std::fs::copy(libraries_dir().join("cenkalti").join(f), dir.path().join(f)).unwrap();
    }
    if let Some(p) = policy {
        std::fs::write(dir.path().join("policy.go"), p).unwrap();
    }
    let mut cmd = Command::new("go");
    cmd.args(["run", "."])
        .current_dir(dir.path())
        .env("GOPROXY", "off")
        .env("GOFLAGS", "-mod=mod")
        .env("GO111MODULE", "on");
    run(cmd, job)
}

fn cenkalti_matches_its_model() {
    let (package, version) = Library::Cenkalti.package();
    let what = format!("{package} {version} (Debian)");
    let job = json!({"sets": job_sets(&SETS), "runs": DRAWS, "seed": 2026});
    let out = go_run(None, &job);
    report(
        &what,
        &check_output(Library::Cenkalti, &what, &SETS, &out, 1.0, |_| 0.0),
    );

    // Each snippet defines newBackOff(); the driver calls it for every run.
    for &i in &SNIPPET_SETS {
        let set = SETS[i];
        let snippet = model_of(Library::Cenkalti, &input(set)).snippet.code;
        let policy = format!(
            "package main\n\n{snippet}\nfunc policy(_ int, _ set) backoff.BackOff {{\n\treturn newBackOff()\n}}\n"
        );
        let job = json!({"sets": job_sets(&[set]), "runs": SNIPPET_RUNS, "seed": 99});
        let out = go_run(Some(&policy), &job);
        let what = format!("{what}, sade's snippet for set {i}");
        report(
            &what,
            &check_output(Library::Cenkalti, &what, &[set], &out, 1.0, |_| 0.0),
        );
    }
}

// ---- Java: resilience4j's IntervalFunction --------------------------------------------------

fn java_missing() -> Vec<String> {
    ["javac", "java"]
        .into_iter()
        .filter(|tool| {
            !Command::new(tool)
                .arg("-version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
        .map(|tool| format!("`{tool}` (apt-get install default-jdk-headless)"))
        .collect()
}

/// Compiles tests/libraries/resilience4j (the library's IntervalFunction.java at its tag, the
/// driver, and `policy` as Policy.java if given) and runs the driver on `sets`: `runs` draws
/// per retry, Math.random seeded with `seed`.
fn java_run(
    policy: Option<&str>,
    sets: &[(f64, f64, Option<f64>, usize)],
    runs: usize,
    seed: u64,
) -> String {
    let here = libraries_dir().join("resilience4j");
    let dir = tempfile::tempdir().unwrap();
    let policy_file = dir.path().join("Policy.java");
    match policy {
        Some(p) => std::fs::write(&policy_file, p).unwrap(),
        None => {
            std::fs::copy(here.join("Policy.java"), &policy_file).unwrap();
        }
    }
    let classes = dir.path().join("classes");
    let javac = Command::new("javac")
        .arg("-nowarn")
        .arg("-d")
        .arg(&classes)
        .arg(here.join("Driver.java"))
        .arg(&policy_file)
        .arg(here.join("io/github/resilience4j/core/IntervalFunction.java"))
        .output()
        .expect("start javac");
    assert!(
        javac.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&javac.stderr)
    );
    let mut cmd = Command::new("java");
    cmd.arg("-cp").arg(&classes).arg("Driver");
    cmd.arg(runs.to_string()).arg(seed.to_string());
    for &set in sets {
        // The values the model gives the library, by their names in its config.
        let model = model_of(Library::Resilience4j, &input(set));
        let config = |name: &str| {
            model
                .config
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, v)| v.to_string())
        };
        cmd.arg(config("initialIntervalMillis").unwrap())
            .arg(config("multiplier").unwrap())
            .arg(config("maxIntervalMillis").unwrap_or_else(|| "0".into()))
            .arg(set.3.to_string());
    }
    run(cmd, &json!({}))
}

fn resilience4j_matches_its_model() {
    let (package, version) = Library::Resilience4j.package();
    let what = format!("{package} {version} (IntervalFunction.java, Debian's Java)");
    let out = java_run(None, &SETS, DRAWS, 2026);
    report(
        &what,
        &check_output(Library::Resilience4j, &what, &SETS, &out, 1.0, |_| 0.0),
    );

    // The snippet's interval function, as written, in place of the driver's own; its
    // maxAttempts counts the first call.
    for &i in &SNIPPET_SETS {
        let set = SETS[i];
        let code = model_of(Library::Resilience4j, &input(set)).snippet.code;
        assert!(
            code.contains(&format!(".maxAttempts({})", set.3 + 1)),
            "set {i}: {code}"
        );
        let start = code
            .find("IntervalFunction.of")
            .expect("an interval function");
        let end = start + code[start..].find("))").expect("its closing brackets") + 1;
        let policy = format!(
            "import io.github.resilience4j.core.IntervalFunction;\n\nclass Policy {{\n    \
             static IntervalFunction of(long initial, double multiplier, long max) {{\n        \
             return {};\n    }}\n}}\n",
            &code[start..end]
        );
        let out = java_run(Some(&policy), &[set], SNIPPET_RUNS, 99);
        let what = format!("{what}, sade's snippet for set {i}");
        report(
            &what,
            &check_output(Library::Resilience4j, &what, &[set], &out, 1.0, |_| 0.0),
        );
    }
}

// ---- Rust: backon, in process ---------------------------------------------------------------

use backon::{BackoffBuilder, ExponentialBuilder};

/// `runs` delays per retry (ns) from `builder`, each run with its own jitter seed.
fn backon_draws(builder: ExponentialBuilder, retries: usize, runs: usize, seed: u64) -> String {
    let mut per_retry = vec![Vec::with_capacity(runs); retries];
    for run in 0..runs as u64 {
        let delays: Vec<Duration> = builder
            .with_jitter_seed(seed.wrapping_mul(1_000_003).wrapping_add(run))
            .build()
            .collect();
        assert_eq!(delays.len(), retries);
        for (k, d) in delays.into_iter().enumerate() {
            per_retry[k].push(d.as_nanos().to_string());
        }
    }
    per_retry
        .iter()
        .enumerate()
        .map(|(k, v)| format!("0 {} {}\n", k + 1, v.join(" ")))
        .collect()
}

fn backon_matches_its_model() {
    let (package, version) = Library::Backon.package();
    let what = format!("{package} {version}");
    let mut tally = Tally::default();
    for (i, &set) in SETS.iter().enumerate() {
        let (base, factor, cap, retries) = set;
        let mut builder = ExponentialBuilder::default()
            .with_min_delay(Duration::from_nanos((base * 1e6).round() as u64))
            .with_factor(factor as f32)
            .with_max_times(retries)
            .with_jitter();
        builder = match cap {
            Some(c) => builder.with_max_delay(Duration::from_nanos((c * 1e6).round() as u64)),
            None => builder.without_max_delay(),
        };
        let out = backon_draws(builder, retries, DRAWS, 2026 + i as u64);
        let t = check_output(Library::Backon, &what, &[set], &out, 1.0, |_| 0.0);
        tally.sets += 1;
        tally.retries += t.retries;
        tally.draws += t.draws;
        tally.worst_ks_ratio = tally.worst_ks_ratio.max(t.worst_ks_ratio);
        tally.worst_end_gap = tally.worst_end_gap.max(t.worst_end_gap);
    }
    report(&what, &tally);
}

// sade's backon snippets for SETS[0] and SETS[6], compiled: the test checks that the snippet
// sade writes has exactly this text between `let backoff = ` and `;`.
// snippet-begin 0
fn snippet_set_0() -> ExponentialBuilder {
    ExponentialBuilder::default()
        .with_min_delay(Duration::from_millis(100))
        .with_factor(2.0)
        .with_max_delay(Duration::from_secs(30))
        .with_max_times(6)
        .with_jitter()
}
// snippet-end
// snippet-begin 6
fn snippet_set_6() -> ExponentialBuilder {
    ExponentialBuilder::default()
        .with_min_delay(Duration::from_secs(1))
        .with_factor(1.5)
        .with_max_delay(Duration::from_secs(5))
        .with_max_times(7)
        .with_jitter()
}
// snippet-end

/// The builder expression of this file's `snippet_set_N`, as text.
fn compiled_snippet(n: usize) -> String {
    let source = include_str!("libraries_real.rs");
    let begin = format!("// snippet-begin {n}\n");
    let start = source.find(&begin).unwrap() + begin.len();
    let body = &source[start..];
    let body = &body[..body.find("// snippet-end").unwrap()];
    let lines: Vec<&str> = body.lines().collect();
    // Between the `fn` line and the closing brace, one indent less.
    lines[1..lines.len() - 1]
        .iter()
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

fn backon_snippet_is_what_this_test_compiles_and_runs() {
    for (n, builder) in [(0, snippet_set_0()), (6, snippet_set_6())] {
        let set = SETS[n];
        let code = model_of(Library::Backon, &input(set)).snippet.code;
        let start = code.find("let backoff = ").unwrap() + "let backoff = ".len();
        let expr = &code[start..start + code[start..].find(';').unwrap()];
        assert_eq!(expr, compiled_snippet(n), "set {n}");
        let out = backon_draws(builder, set.3, SNIPPET_RUNS, 99);
        let what = format!("backon, sade's snippet for set {n}");
        report(
            &what,
            &check_output(Library::Backon, &what, &[set], &out, 1.0, |_| 0.0),
        );
    }
}

// ---- gRPC: the snippet's service config ------------------------------------------------------

fn grpc_snippet_holds_a_valid_retry_policy() {
    // grpc-go does not install here; its service config is JSON, checked as grpc-go's
    // isValidRetryPolicy and duration parser would.
    for &set in &SETS {
        let m = model_of(Library::Grpc, &input(set));
        let code = &m.snippet.code;
        let json_text = &code[code.find('`').unwrap() + 1..code.rfind('`').unwrap()];
        let config: serde_json::Value = serde_json::from_str(json_text).unwrap();
        let policy = &config["methodConfig"][0]["retryPolicy"];
        let attempts = policy["maxAttempts"].as_u64().unwrap();
        assert!((2..=5).contains(&attempts), "{set:?}");
        assert_eq!(attempts as usize - 1, m.rows.len());
        let secs = |v: &serde_json::Value| {
            let s = v.as_str().unwrap().strip_suffix('s').unwrap();
            if let Some((_, frac)) = s.split_once('.') {
                assert!(frac.len() <= 9, "{s}");
            }
            s.parse::<f64>().unwrap()
        };
        let ns = |secs: f64| (secs * 1e9).round();
        assert_eq!(ns(secs(&policy["initialBackoff"])), (set.0 * 1e6).round());
        let max = secs(&policy["maxBackoff"]);
        assert!(max > 0.0);
        if let Some(cap) = set.2 {
            assert_eq!(ns(max), (cap * 1e6).round());
        }
        assert_eq!(policy["backoffMultiplier"].as_f64().unwrap(), set.1);
        assert_eq!(policy["retryableStatusCodes"][0], "UNAVAILABLE");
    }
}

fn main() {
    let python = |library: Library| {
        let (package, version) = library.package();
        python_missing(package, version)
    };
    let node = |library: Library| {
        let (package, version) = library.package();
        node_missing(package, version)
    };
    common::run_trials(vec![
        common::needing(
            "tenacity_matches_its_model",
            python(Library::Tenacity),
            tenacity_matches_its_model,
        ),
        common::needing(
            "python_backoff_matches_its_model",
            python(Library::PythonBackoff),
            python_backoff_matches_its_model,
        ),
        common::needing(
            "botocore_matches_the_aws_sdk_model",
            python(Library::AwsSdk),
            botocore_matches_the_aws_sdk_model,
        ),
        common::needing(
            "urllib3_matches_its_model",
            [
                python(Library::Urllib3),
                python_missing("requests", REQUESTS),
            ]
            .concat(),
            urllib3_matches_its_model,
        ),
        common::needing(
            "google_api_core_matches_its_model",
            python(Library::GoogleApiCore),
            google_api_core_matches_its_model,
        ),
        common::needing(
            "stamina_matches_its_model",
            python(Library::Stamina),
            stamina_matches_its_model,
        ),
        common::needing(
            "p_retry_matches_its_model",
            node(Library::PRetry),
            p_retry_matches_its_model,
        ),
        common::needing(
            "exponential_backoff_matches_its_model",
            node(Library::ExponentialBackoff),
            exponential_backoff_matches_its_model,
        ),
        common::needing(
            "got_matches_its_model",
            node(Library::Got),
            got_matches_its_model,
        ),
        common::needing(
            "axios_retry_matches_its_model",
            [node(Library::AxiosRetry), node_missing("axios", AXIOS)].concat(),
            axios_retry_matches_its_model,
        ),
        common::needing(
            "go_retryablehttp_matches_its_model",
            clients::retryablehttp_missing(),
            clients::go_retryablehttp_matches_its_model,
        ),
        common::needing(
            "grpc_core_matches_its_model",
            python_missing("grpcio", Library::GrpcCore.package().1),
            clients::grpc_core_matches_its_model,
        ),
        common::needing(
            "cenkalti_matches_its_model",
            go_missing(),
            cenkalti_matches_its_model,
        ),
        common::needing(
            "resilience4j_matches_its_model",
            java_missing(),
            resilience4j_matches_its_model,
        ),
        common::plain("backon_matches_its_model", backon_matches_its_model),
        common::plain(
            "backon_snippet_is_what_this_test_compiles_and_runs",
            backon_snippet_is_what_this_test_compiles_and_runs,
        ),
        common::plain(
            "grpc_snippet_holds_a_valid_retry_policy",
            grpc_snippet_holds_a_valid_retry_policy,
        ),
        common::plain(
            "grpc_core_ks_band_keeps_its_power",
            clients::grpc_core_ks_band_keeps_its_power,
        ),
    ]);
}
