//! go-retryablehttp (Debian's package, with Debian's Go) and gRPC C-core (grpcio's real retries
//! against a local server), for tests/libraries_real.rs.

use std::path::Path;
use std::process::Command;

use sade::libraries::{model_of, Dist, Library};
use serde_json::json;

use super::{check_output, input, job_sets, libraries_dir, python, report, run, Tally};
use super::{DRAWS, SETS, SNIPPET_RUNS, SNIPPET_SETS};

// ---- Go: hashicorp/go-retryablehttp ---------------------------------------------------------

/// Debian's copy of go-retryablehttp, in its GOPATH.
const GOPATH: &str = "/usr/share/gocode";
const PACKAGE: &str = "golang-github-hashicorp-go-retryablehttp-dev";

pub fn retryablehttp_missing() -> Vec<String> {
    let mut missing = vec![];
    if !Command::new("go")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        missing.push("`go` (apt-get install golang-go)".to_string());
    }
    let version = Command::new("dpkg-query")
        .args(["-W", "-f=${Version}", PACKAGE])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let wanted = Library::GoRetryablehttp.package().1;
    let client = Path::new(GOPATH).join("src/github.com/hashicorp/go-retryablehttp/client.go");
    if !client.exists() || !version.is_some_and(|v| v.starts_with(wanted)) {
        missing.push(format!(
            "Debian's {PACKAGE} {wanted} (apt-get install {PACKAGE})"
        ));
    }
    missing
}

/// `go run` of tests/libraries/retryablehttp in GOPATH mode against Debian's copy, with `policy`
/// as policy.go when given.
fn go_run(policy: Option<&str>, job: &serde_json::Value) -> String {
    let here = libraries_dir().join("retryablehttp");
    let dir = tempfile::tempdir().unwrap();
    for f in ["driver.go", "policy.go"] {
        std::fs::copy(here.join(f), dir.path().join(f)).unwrap();
    }
    if let Some(p) = policy {
        std::fs::write(dir.path().join("policy.go"), p).unwrap();
    }
    let mut cmd = Command::new("go");
    cmd.args(["run", "driver.go", "policy.go"])
        .current_dir(dir.path())
        .env("GO111MODULE", "off")
        .env("GOPATH", GOPATH)
        .env("GOPROXY", "off");
    run(cmd, job)
}

pub fn go_retryablehttp_matches_its_model() {
    let (package, version) = Library::GoRetryablehttp.package();
    let what = format!("{package} {version} (Debian), DefaultBackoff");
    let job = json!({"sets": job_sets(&SETS), "runs": DRAWS});
    let out = go_run(None, &job);
    report(
        &what,
        &check_output(Library::GoRetryablehttp, &what, &SETS, &out, 1e-6, |_| 0.0),
    );

    // The snippet builds the client; its requests go to a local server answering 503.
    for &i in &SNIPPET_SETS {
        let set = SETS[i];
        let code = model_of(Library::GoRetryablehttp, &input(set)).snippet.code;
        let (build, request) = code.split_once("\n\n").expect("a blank line");
        assert_eq!(
            request,
            "resp, err := client.Get(\"https://example.com/\")\n"
        );
        let body: String = build.lines().map(|l| format!("\t{l}\n")).collect();
        let policy = format!(
            "package main\n\nimport (\n\t\"time\"\n\n\tretryablehttp \"github.com/hashicorp/go-retryablehttp\"\n)\n\n\
             func newClient() *retryablehttp.Client {{\n{body}\treturn client\n}}\n\nvar _ = time.Second\n"
        );
        let job = json!({"sets": job_sets(&[set]), "runs": SNIPPET_RUNS / 10, "snippet": true});
        let out = go_run(Some(&policy), &job);
        let what = format!("{what}, sade's snippet for set {i}");
        report(
            &what,
            &check_output(Library::GoRetryablehttp, &what, &[set], &out, 1e-6, |_| 0.0),
        );
    }
}

// ---- gRPC C-core, through grpcio ------------------------------------------------------------

/// The sets whose delays grpcio's real retries are timed on: bases of 100 ms and more, so that
/// the time an attempt takes to fail and the next to arrive (about 2 ms here), and a busy
/// machine's lateness of a few ms, are small against the spread of the delays (0.4 × the
/// growth: 40 ms at the least). At a 50 ms base (a spread of 20 ms) a loaded two-core machine
/// pushed the first retry's KS statistic over its critical value.
pub const CORE_SETS: [(f64, f64, Option<f64>, usize); 3] = [
    (200.0, 2.0, Some(1_000.0), 4),
    (250.0, 1.5, None, 6),
    (100.0, 3.0, Some(500.0), 3),
];
/// Calls per set (each makes every retry its policy allows).
pub const CORE_CALLS: usize = 500;
/// A gap may exceed the model's delay plus the measured latency by this much: the machine is
/// shared, and a thread that is late to run makes a gap longer, never shorter.
const LATE_MS: f64 = 40.0;
/// And fall short of it by this much: the latency is a median, and single attempts are faster.
const EARLY_MS: f64 = 2.0;
/// How late the KS test lets each gap be (the timer's fraction of a millisecond included).
/// LATE_MS bounds the latest gap of all; this bounds the bulk. On a loaded machine most gaps are
/// late, by a little: with four busy loops on two cores the gaps' quantiles stood 1 to 4 ms past
/// the model's (the latest gap 25 ms past), and the KS statistic read with no slack reached 1.6
/// times its critical value, the model being right; with this band, in six such runs, it stayed
/// at 0.53 of it or under (as it did with 5 ms). A gap later still adds at most 1/n to D. A band
/// of LATE_MS would blind the test where the delays spread over 40 ms or less: at a 100 ms base,
/// delays 1.2 times the model's would pass.
const KS_LATE_MS: f64 = 10.0;

pub fn grpc_core_matches_its_model() {
    let (_, version) = Library::GrpcCore.package();
    let what = format!("grpcio {version} (C-core), its real retries");
    let snippets: Vec<String> = CORE_SETS
        .iter()
        .map(|&s| model_of(Library::GrpcCore, &input(s)).snippet.code)
        .collect();
    let job = json!({"sets": job_sets(&CORE_SETS), "runs": CORE_CALLS, "spacing_ms": 10,
                     "snippets": snippets});
    let mut cmd = Command::new(python());
    cmd.arg(libraries_dir().join("grpc_core_driver.py"))
        .env("no_grpc_proxy", "*")
        .env_remove("http_proxy")
        .env_remove("https_proxy")
        .env_remove("grpc_proxy");
    let out = run(cmd, &job);
    let mut lines = out.lines();
    let latency: f64 = lines
        .next()
        .and_then(|l| l.strip_prefix("latency "))
        .expect("the latency line")
        .parse()
        .unwrap();
    assert!(
        (0.0..20.0).contains(&latency),
        "an attempt took {latency} ms to fail and the next to arrive"
    );
    let mut tally = Tally {
        sets: CORE_SETS.len(),
        ..Tally::default()
    };
    let (mut late, mut early) = (0.0f64, 0.0f64);
    for line in lines {
        let mut parts = line.split(' ');
        let set: usize = parts.next().unwrap().parse().unwrap();
        let retry: usize = parts.next().unwrap().parse().unwrap();
        let mut gaps: Vec<f64> = parts.map(|v| v.parse::<f64>().unwrap() - latency).collect();
        let model = model_of(Library::GrpcCore, &input(CORE_SETS[set]));
        let row = model.rows[retry - 1];
        let label = format!("{what}, set {set} {:?}, retry {retry}", CORE_SETS[set]);
        let (lo, hi) = (row.min_ms, row.max_ms);
        let seen_lo = gaps.iter().copied().fold(f64::INFINITY, f64::min);
        let seen_hi = gaps.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!(
            seen_lo >= lo - EARLY_MS && seen_hi <= hi + LATE_MS,
            "{label}: gaps less the latency in [{seen_lo}, {seen_hi}], the model's [{lo}, {hi}]"
        );
        late = late.max(seen_hi - hi);
        early = early.max(lo - seen_lo);
        // The ends are reached: within 1 % of the range, and the slack.
        let width = hi - lo;
        let gap = (seen_lo - lo).max(hi - seen_hi).max(0.0);
        assert!(
            gap <= 0.01 * width + EARLY_MS,
            "{label}: observed ends [{seen_lo}, {seen_hi}] do not reach [{lo}, {hi}]"
        );
        tally.worst_end_gap = tally.worst_end_gap.max(gap / width);
        let dist = model.dists.as_ref().unwrap()[retry - 1];
        let d = ks_banded(&mut gaps, &dist, EARLY_MS, KS_LATE_MS);
        let critical = super::ks_critical(gaps.len());
        assert!(
            d <= critical,
            "{label}: Kolmogorov–Smirnov D = {d:.5} > {critical:.5} (n = {}), each gap allowed \
             {EARLY_MS} ms early to {KS_LATE_MS} ms late",
            gaps.len()
        );
        tally.worst_ks_ratio = tally.worst_ks_ratio.max(d / critical);
        tally.retries += 1;
        tally.draws += gaps.len();
    }
    assert_eq!(tally.retries, 4 + 4 + 3);
    report(&what, &tally);
    println!(
        "{what}: latency {latency:.2} ms taken off every gap; the latest gap {late:.1} ms past the \
         model's end, the earliest {early:.1} ms before it"
    );
}

/// KS of measured gaps against the model's whole-millisecond delays, each gap allowed to be its
/// delay less up to `early` ms or plus up to `late` ms:
/// D = sup over x of max(F_n(x) − F(x + early), F((x − late)−) − F_n(x−)), with F the model's
/// CDF and F_n the gaps'. When every gap is within its band, a gap at most x has its delay at
/// most x + early, and a delay below x − late has its gap below x; so D is at most the KS
/// statistic of the delays themselves, and the test keeps its level. A gap outside its band
/// adds at most 1/n. A delay wrong by more than the band, or of the wrong shape, still shows.
fn ks_banded(values: &mut [f64], dist: &Dist, early: f64, late: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len() as f64;
    let mut d: f64 = 0.0;
    for (i, &x) in values.iter().enumerate() {
        // F_n(x) ≥ (i + 1)/n and F_n(x−) ≤ i/n, equal where x is not repeated.
        d = d
            .max((i + 1) as f64 / n - dist.cdf(x + early).1)
            .max(dist.cdf(x - late).0 - i as f64 / n);
    }
    d
}

/// [`ks_banded`] with the test's band is no blank cheque. On every retry of [`CORE_SETS`], with
/// [`CORE_CALLS`] gaps at evenly spaced quantiles: the model's own delays pass, all EARLY_MS
/// early, all KS_LATE_MS late, or spread over the band; delays 1.2 times the model's, or
/// 3 × LATE_MS later, fail; and so does a wrong jitter (the larger, the smaller or the mean of
/// two uniform draws where C-core takes one) wherever the band is under a quarter of the
/// delays' spread (all but the 100 ms base's first retry, 40 ms wide).
pub fn grpc_core_ks_band_keeps_its_power() {
    /// How late gap i is, ms.
    type Lateness = fn(usize) -> f64;
    /// A quantile function of C-core's uniform draw.
    type Jitter = fn(f64) -> f64;
    const BAND: f64 = EARLY_MS + KS_LATE_MS;
    // At either end of the band, or spread over it in no order (the golden ratio's multiples,
    // modulo 1).
    let lateness: [(&str, Lateness); 3] = [
        ("all early", |_| -EARLY_MS),
        ("all late", |_| KS_LATE_MS),
        ("spread over the band", |i| {
            -EARLY_MS + BAND * (i as f64 * 0.618_033_988_75).fract()
        }),
    ];
    // Jitters C-core does not draw, as quantile functions of its one uniform draw.
    let wrong_jitters: [(&str, Jitter); 3] = [
        ("the larger of two draws", f64::sqrt),
        ("the smaller of two draws", |u| 1.0 - (1.0 - u).sqrt()),
        ("the mean of two draws", |u| {
            if u < 0.5 {
                (u / 2.0).sqrt()
            } else {
                1.0 - ((1.0 - u) / 2.0).sqrt()
            }
        }),
    ];
    let same: Jitter = |u| u;
    let n = CORE_CALLS;
    let critical = super::ks_critical(n);
    for set in CORE_SETS {
        let model = model_of(Library::GrpcCore, &input(set));
        for (k, dist) in model.dists.unwrap().into_iter().enumerate() {
            let Dist::Floor { lo, hi, .. } = dist else {
                panic!("C-core's delays are whole milliseconds: {dist:?}")
            };
            // D of n gaps: the delays at evenly spaced quantiles u of the draw, through `jitter`,
            // each plus `late(i)` ms, times `scale`.
            let d = |jitter: Jitter, late: Lateness, scale: f64| {
                let mut gaps: Vec<f64> = (0..n)
                    .map(|i| {
                        let u = (i as f64 + 0.5) / n as f64;
                        scale * ((lo + (hi - lo) * jitter(u)).floor() + late(i))
                    })
                    .collect();
                ks_banded(&mut gaps, &dist, EARLY_MS, KS_LATE_MS)
            };
            let label = format!("set {set:?}, retry {}", k + 1);
            for (what, late) in lateness {
                let d = d(same, late, 1.0);
                assert!(
                    d <= critical,
                    "{label}: the model's delays, {what}: D = {d}"
                );
            }
            let mut wrong = vec![
                ("1.2 times the model's", d(same, |_| 0.5, 1.2)),
                ("3 × LATE_MS later", d(same, |_| 0.5 + 3.0 * LATE_MS, 1.0)),
            ];
            if hi - lo >= 4.0 * BAND {
                wrong.extend(wrong_jitters.map(|(what, j)| (what, d(j, |_| 0.5, 1.0))));
            }
            for (what, d) in wrong {
                assert!(
                    d > critical,
                    "{label}: delays {what} pass: D = {d} ≤ {critical}"
                );
            }
        }
    }
}
