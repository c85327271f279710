//! sade's retry-budget trackers (SPEC §8, `sade::recovery::trackers`) against the real code,
//! wherever it runs here, and against transcriptions of the cited sources where it cannot:
//!
//! - **AWS** (`AwsQuota`): botocore's own standard-mode retry handler
//!   (`botocore/retries/standard.py` `register_retry_handler`, `RetryHandler.needs_retry`,
//!   `RetryQuotaChecker`; `botocore/retries/quota.py` `RetryQuota`), driven by
//!   `tests/budgets/botocore_driver.py`: botocore 1.43.127 (the last release whose standard mode
//!   charges 5, and 10 after a timeout: sade's defaults), installed beside the pinned one, and the
//!   botocore pinned in `tests/libraries/requirements.txt` (1.44.x, which charges 14 for every
//!   non-throttling retry, timeouts included).
//! - **Linkerd** (`TpsBudget`): tower's `TpsBudget` (a dev-dependency), in process, on tokio's
//!   paused clock.
//! - **gRPC** (`GrpcThrottle`): C-core's retry throttling through the real grpcio (pinned in
//!   `tests/libraries/requirements.txt`), a local server answering by a scripted plan
//!   (`tests/budgets/grpc_driver.py`).
//! - **Finagle**, **Envoy**, **SRE**: nothing of theirs runs here (Scala, C++; the book is a
//!   formula). Each is re-implemented below straight from the cited source, the lines quoted, and
//!   driven beside sade's tracker.
//!
//! Every trial drives both sides through the same seeded random sequences (a run is the same
//! every time) the way `src/recovery/simulate.rs` drives the trackers, and asserts every decision
//! and every count equal. A missing Python package is a visible skip (or a failure under `CI`),
//! as in tests/libraries_real.rs.

mod common;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use sade::recovery::trackers::{
    AwsQuota, EnvoyBudget, FinagleBudget, GrpcThrottle, SreThrottle, TpsBudget,
};
use sade::recovery::{ratio_milli, Settings, START_MS};
use serde_json::json;

// ---- shared ---------------------------------------------------------------------------------

/// SplitMix64: the sequences' own generator, seeded per trial.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// 0 ≤ x < n.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// lo ≤ x ≤ hi.
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
    /// A double in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len() as u64) as usize]
    }
}

fn libraries_dir() -> PathBuf {
    common::repo().join("tests/libraries")
}

fn budgets_dir() -> PathBuf {
    common::repo().join("tests/budgets")
}

/// The Python with the pinned packages, as tests/libraries_real.rs finds it: `SADE_PYTHON`, the
/// checks' own venv (`tests/libraries/.venv`, made by .ci/run), or `python3`.
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

/// The version `tests/libraries/requirements.txt` pins `package` at.
fn pinned(package: &str) -> String {
    let path = libraries_dir().join("requirements.txt");
    let text = std::fs::read_to_string(&path).expect("tests/libraries/requirements.txt");
    text.lines()
        .filter_map(|l| l.trim().split_once("=="))
        .find(|(name, _)| name.trim().eq_ignore_ascii_case(package))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_else(|| panic!("{package} is not pinned in {}", path.display()))
}

/// What is missing for the Python package `package` at `version`, imported as `module` (with
/// `path` first on the module path, if given): the module must import, its dependencies with it.
fn python_missing(
    package: &str,
    module: &str,
    version: &str,
    path: Option<&PathBuf>,
    how: &str,
) -> Vec<String> {
    let mut cmd = Command::new(python());
    cmd.args([
        "-c",
        &format!("import importlib.metadata as m, {module}; print(m.version('{package}'))"),
    ]);
    if let Some(p) = path {
        cmd.env("PYTHONPATH", p);
    }
    match cmd.output() {
        Ok(o) if o.status.success() && String::from_utf8_lossy(&o.stdout).trim() == version => {
            vec![]
        }
        _ => vec![format!("the Python package {package}=={version} ({how})")],
    }
}

const PIP_HOW: &str = "pip install -r tests/libraries/requirements.txt";

/// Runs `cmd` with `job` on standard input; its standard output.
fn run_driver(mut cmd: Command, job: &serde_json::Value) -> String {
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
    let wrote = writer.join().unwrap();
    assert!(
        out.status.success(),
        "driver failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    wrote.unwrap();
    String::from_utf8(out.stdout).unwrap()
}

// ---- AWS: botocore's RetryQuotaChecker --------------------------------------------------------
//
// How simulate.rs drives `AwsQuota` (fn fail / fn succeed): a failed call of a request with
// attempts left (`calls < calls_max`) acquires the timeout cost after a timeout, the retry cost
// otherwise, and remembers it as the request's `last_cost` when it got it; refused, the request
// gives up. A failed call with no attempts left asks nothing. A successful call releases the
// request's `last_cost`, or the no-retry increment if it never acquired.
//
// botocore (standard.py, both versions driven): `RetryHandler.needs_retry` asks
// `StandardRetryConditions` (its `MaxAttemptsChecker`: `context.attempt_number <
// self._max_attempts`, and the error retryable), then `acquire_retry_quota(context)`, which stores
// the cost in `context.request_context['retry_quota_capacity']` (the request's own context,
// overwritten by each acquisition); the client's `after-call` runs `release_retry_quota(context,
// http_response)`, which for a 2xx releases `_NO_RETRY_INCREMENT` if that key is absent, else
// the stored cost. botocore 1.43.127 (`NEW_RETRIES_ENABLED` false, its default):
//     _RETRY_COST = 5 / _TIMEOUT_RETRY_REQUEST = 10 / _TIMEOUT_EXCEPTIONS = (ConnectTimeoutError,
//     ReadTimeoutError)
// botocore 1.44.0 and later (the 2026 behaviour made permanent, the flag gone):
//     _RETRY_COST = 14 / _NO_RETRY_INCREMENT = 1 / _THROTTLING_RETRY_COST = 5
// (no timeout cost: a timeout is an ordinary retry; throttling errors, which sade does not
// model, cost 5).

/// One attempt's outcome, as the driver names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AwsOutcome {
    Ok,
    Unavailable,
    ReadTimeout,
    ConnectTimeout,
}

impl AwsOutcome {
    fn name(self) -> &'static str {
        match self {
            AwsOutcome::Ok => "ok",
            AwsOutcome::Unavailable => "503",
            AwsOutcome::ReadTimeout => "read_timeout",
            AwsOutcome::ConnectTimeout => "connect_timeout",
        }
    }
}

/// The costs sade is run with: (retry, timeout retry, no-retry increment).
#[derive(Clone, Copy, Debug)]
struct AwsCosts {
    retry: u32,
    timeout: u32,
    no_retry: u32,
}

/// sade's side: `AwsQuota` driven by simulate.rs's rules.
struct AwsClient {
    quota: AwsQuota,
    costs: AwsCosts,
    calls_max: u8,
    /// Live requests: calls made, last cost acquired.
    live: HashMap<u32, (u8, Option<u32>)>,
    ended: HashSet<u32>,
}

impl AwsClient {
    fn new(capacity: u32, costs: AwsCosts, calls_max: u8) -> AwsClient {
        AwsClient {
            quota: AwsQuota::new(capacity),
            costs,
            calls_max,
            live: HashMap::new(),
            ended: HashSet::new(),
        }
    }

    /// The end of one attempt of `request`: the decision letter the driver prints.
    fn step(&mut self, request: u32, outcome: AwsOutcome) -> char {
        if self.ended.contains(&request) {
            return 's';
        }
        let state = self.live.entry(request).or_insert((0, None));
        state.0 += 1;
        let decision = match outcome {
            AwsOutcome::Ok => {
                // fn succeed: `q.release(last_cost.unwrap_or(set.aws_no_retry_increment))`.
                self.quota.release(state.1.unwrap_or(self.costs.no_retry));
                'o'
            }
            _ => {
                // fn fail: `left.then(|| { cost = …; ok = q.acquire(cost); … })`.
                let left = state.0 < self.calls_max;
                if !left {
                    'l'
                } else {
                    let timed_out = matches!(
                        outcome,
                        AwsOutcome::ReadTimeout | AwsOutcome::ConnectTimeout
                    );
                    let cost = if timed_out {
                        self.costs.timeout
                    } else {
                        self.costs.retry
                    };
                    if self.quota.acquire(cost) {
                        state.1 = Some(cost);
                        'r'
                    } else {
                        'q'
                    }
                }
            }
        };
        if decision != 'r' {
            self.live.remove(&request);
            self.ended.insert(request);
        }
        decision
    }
}

/// One client's random sequence: phases of health, outages (every attempt failing, some or all
/// by timeout: long enough to empty the quota), brownouts and recoveries, with 1 to 8 requests
/// in progress at once. Returns the events and sade's trace ("D:capacity").
fn aws_sequence(
    rng: &mut Rng,
    costs: AwsCosts,
    calls_max: u8,
    steps: usize,
) -> (Vec<(u32, AwsOutcome)>, Vec<String>) {
    let mut client = AwsClient::new(500, costs, calls_max);
    let mut events = Vec::with_capacity(steps);
    let mut trace = Vec::with_capacity(steps);
    let mut active: Vec<u32> = Vec::new();
    let mut next_id = 0;
    let (mut p_fail, mut p_timeout, mut width, mut phase_left) = (0.0, 0.0, 1, 0);
    for _ in 0..steps {
        if phase_left == 0 {
            phase_left = rng.range(20, 600);
            width = rng.range(1, 8) as usize;
            p_timeout = rng.pick(&[0.0, 0.0, 0.3, 0.7, 1.0]);
            p_fail = match rng.below(4) {
                0 => rng.unit() * 0.1,
                1 => 1.0,
                2 => 0.3 + 0.4 * rng.unit(),
                _ => 0.0,
            };
        }
        phase_left -= 1;
        if active.is_empty() || (active.len() < width && rng.chance(0.5)) {
            active.push(next_id);
            next_id += 1;
        }
        let i = rng.below(active.len() as u64) as usize;
        let request = active[i];
        let outcome = if !rng.chance(p_fail) {
            AwsOutcome::Ok
        } else if rng.chance(p_timeout) {
            if rng.chance(0.5) {
                AwsOutcome::ReadTimeout
            } else {
                AwsOutcome::ConnectTimeout
            }
        } else {
            AwsOutcome::Unavailable
        };
        let decision = client.step(request, outcome);
        if decision != 'r' {
            active.swap_remove(i);
        }
        events.push((request, outcome));
        trace.push(format!("{decision}:{}", client.quota.available()));
    }
    (events, trace)
}

/// Drives botocore (`python`, with `pythonpath` first, if given) and sade's `AwsQuota` at
/// `costs` through the same sequences; asserts every decision and capacity equal.
fn aws_against_botocore(version: &str, pythonpath: Option<PathBuf>, costs: AwsCosts) {
    const SEQUENCES: usize = 24;
    const STEPS: usize = 2_500;
    let mut rng = Rng(0x5ade_a115 ^ costs.retry as u64);
    let mut traces = Vec::new();
    let mut sequences = Vec::new();
    for s in 0..SEQUENCES {
        // botocore's max_attempts (total, the first included) is sade's calls_max; 3 is the
        // SDKs' default, 1 allows no retry at all.
        let calls_max = [3u8, 2, 4, 5, 1, 3][s % 6];
        let (events, trace) = aws_sequence(&mut rng, costs, calls_max, STEPS);
        sequences.push(json!({
            "max_attempts": calls_max,
            "events": events.iter().map(|&(r, o)| json!([r, o.name()])).collect::<Vec<_>>(),
        }));
        traces.push(trace);
    }
    let mut cmd = Command::new(python());
    cmd.arg(budgets_dir().join("botocore_driver.py"))
        .env_remove("AWS_NEW_RETRIES_2026")
        .env_remove("AWS_RETRY_MODE")
        .env_remove("AWS_MAX_ATTEMPTS")
        .env_remove("AWS_PROFILE")
        .env_remove("AWS_CONFIG_FILE");
    if let Some(p) = &pythonpath {
        cmd.env("PYTHONPATH", p);
    }
    let out = run_driver(cmd, &json!({ "sequences": sequences }));
    let mut lines = out.lines();
    let head = lines.next().expect("the driver's first line");
    assert!(
        head.starts_with(&format!("botocore {version} new_retries ")),
        "drove the wrong botocore: {head}"
    );
    let (mut compared, mut retries, mut refused) = (0, 0, 0);
    for (s, want) in traces.iter().enumerate() {
        let got: Vec<&str> = lines
            .next()
            .unwrap_or_else(|| panic!("no line for sequence {s}"))
            .split(' ')
            .collect();
        assert_eq!(got.len(), want.len(), "sequence {s}: events");
        for (i, (g, w)) in got.iter().zip(want).enumerate() {
            assert_eq!(
                g,
                w,
                "botocore {version}, sequence {s}, event {i} ({:?}): botocore {g}, sade {w}; \
                 the 10 events before: {:?}",
                sequences[s]["events"][i],
                &want[i.saturating_sub(10)..i]
            );
            retries += usize::from(w.starts_with('r'));
            refused += usize::from(w.starts_with('q'));
        }
        compared += got.len();
    }
    assert!(
        refused > 100 && retries > 1000,
        "the sequences must exhaust the quota"
    );
    println!(
        "botocore {version} ({head}): {SEQUENCES} clients, {compared} attempts, every decision \
         and capacity equal ({retries} retries acquired, {refused} refused by the quota) at costs \
         {costs:?}"
    );
}

/// botocore 1.43.127, beside the pinned one: the last standard mode that charges 5, and 10 after
/// a timeout, the costs of sade's defaults (SPEC §8).
const BOTOCORE_LEGACY: &str = "1.43.127";

fn botocore_legacy_dir() -> PathBuf {
    libraries_dir().join(format!(".venv/botocore-{BOTOCORE_LEGACY}"))
}

fn aws_matches_botocore_legacy_at_sades_defaults() {
    let s = Settings::default();
    assert_eq!(s.aws_quota, 500, "botocore's INITIAL_CAPACITY");
    let costs = AwsCosts {
        retry: s.aws_retry_cost,
        timeout: s.aws_timeout_cost,
        no_retry: s.aws_no_retry_increment,
    };
    aws_against_botocore(BOTOCORE_LEGACY, Some(botocore_legacy_dir()), costs);
}

fn aws_matches_botocore_pinned_at_its_costs() {
    // botocore ≥ 1.44: every non-throttling retry costs _RETRY_COST = 14, a timeout too. sade is
    // run with those settings (`--aws-retry-cost 14 --aws-timeout-cost 14`): its defaults, 5 and
    // 10, are botocore 1.43's (checked above), not this version's.
    let costs = AwsCosts {
        retry: 14,
        timeout: 14,
        no_retry: Settings::default().aws_no_retry_increment,
    };
    aws_against_botocore(&pinned("botocore"), None, costs);
}

// ---- Linkerd: tower's TpsBudget, in process ---------------------------------------------------
//
// tower 0.5 `retry/budget/tps_budget.rs` keeps time with `tokio::time::Instant`; on a paused
// current-thread runtime `tokio::time::advance` moves it by exactly what it is given, so both
// clocks are exact on a 1/8 ms grid (sade: f64 milliseconds; tokio: nanoseconds). Linkerd
// deposits on a success and withdraws before a retry, as simulate.rs does (fn succeed: `l.deposit(t)`,
// fn fail: `left.then(|| l.withdraw(t))`); here the two are called in random order and time.

/// tower's `Debug` for `TpsBudget` prints `Budget { deposit: D, withdraw: W, balance: B }`, B
/// its `sum()`.
fn debug_field(debug: &str, field: &str) -> i64 {
    let at = debug
        .find(&format!("{field}: "))
        .unwrap_or_else(|| panic!("no {field} in {debug}"));
    let rest = &debug[at + field.len() + 2..];
    let end = rest
        .find(|c: char| c != '-' && !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest[..end].parse().unwrap()
}

fn tps_budget_matches_tower() {
    use tower::retry::budget::{Budget, TpsBudget as TowerTps};
    const STEPS: usize = 1_200;
    /// Ticks of 1/8 ms.
    const TICK_NS: u64 = 125_000;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .unwrap();
    let ttls = [1u32, 2, 5, 10, 30, 60];
    let mins = [0u32, 1, 3, 10, 20];
    let ratios = [0.0f32, 0.1, 0.2, 0.3, 0.7, 1.0, 2.5];
    let (mut sets, mut decisions, mut balances, mut allowed) = (0, 0, 0, 0);
    rt.block_on(async {
        let mut rng = Rng(0x70e4);
        for &ttl in &ttls {
            for &min in &mins {
                for &ratio in &ratios {
                    sets += 1;
                    let real = TowerTps::new(Duration::from_secs(u64::from(ttl)), min, ratio);
                    let mut model = TpsBudget::new(ttl, min, ratio, START_MS);
                    let what = format!("ttl {ttl} s, min_per_sec {min}, ratio {ratio}");
                    let (dbg_real, dbg_model) = (format!("{real:?}"), format!("{model:?}"));
                    for f in ["deposit", "withdraw"] {
                        assert_eq!(
                            debug_field(&dbg_real, f),
                            debug_field(&dbg_model, f),
                            "{what}: {f} amount ({dbg_real} / {dbg_model})"
                        );
                    }
                    let window = u64::from(ttl) * 100 * 8; // ticks
                    let mut ticks: u64 = 0;
                    let mut p_withdraw = 0.5;
                    for step in 0..STEPS {
                        if step % 150 == 0 {
                            p_withdraw = rng.pick(&[0.05, 0.5, 0.9, 1.0]);
                        }
                        let dt = match rng.below(12) {
                            0..=2 => 0,
                            3 => window,
                            4 => window - 1,
                            5 => window + 1,
                            6 => window * rng.range(2, 12),
                            7 => u64::from(ttl) * 8_000 + rng.below(3 * u64::from(ttl) * 8_000),
                            8 => rng.range(1, 8),
                            _ => rng.below(2 * window),
                        };
                        if dt > 0 {
                            tokio::time::advance(Duration::from_nanos(dt * TICK_NS)).await;
                        }
                        ticks += dt;
                        let now = START_MS + ticks as f64 / 8.0;
                        if rng.chance(p_withdraw) {
                            let (r, m) = (real.withdraw(), model.withdraw(now));
                            assert_eq!(r, m, "{what}, step {step} at {now} ms: withdraw");
                            decisions += 1;
                            allowed += usize::from(r);
                        } else {
                            real.deposit();
                            model.deposit(now);
                        }
                        let balance = debug_field(&format!("{real:?}"), "balance");
                        assert_eq!(
                            balance,
                            model.sum(),
                            "{what}, step {step} at {now} ms: balance"
                        );
                        balances += 1;
                    }
                }
            }
        }
    });
    println!(
        "tower TpsBudget: {sets} parameter sets, {decisions} withdraw decisions ({allowed} \
         allowed) and {balances} balances, all equal"
    );
}

// ---- gRPC: C-core's retry throttling, through grpcio ------------------------------------------
//
// What grpcio (its C-core, `retry_filter_legacy_call_data.cc` in this build) was seen to do,
// before writing the prediction (runs of tests/budgets/grpc_driver.py, kept below as checks):
// - the throttle is per channel: a second channel to the same target starts full (the
//   "two channels" run; a per-target throttle, as in older C-core, would predict otherwise);
// - a successful attempt adds tokenRatio even when it is the RPC's first (the "60 vs 61" runs:
//   from empty at ratio 0.1, 60 first-attempt successes leave 6 000 milli-tokens, and the next
//   failure takes them to 5 000, not above 5 000: no retry; 61 leave 6 100: a retry);
// - every failed attempt takes 1000 and the retry goes iff the tokens left are above half the
//   maximum and attempts remain (RecordFailure runs first: the last attempt's failure counts).
// - a retry timer of 0 ms never fired in this grpcio (the sync client hung until its deadline):
//   with initialBackoff "0.001s" GRPC_TRACE=retry shows "retrying failed call in 0 ms" about half
//   the time (initialBackoff × U(0.8, 1.2), in whole ms), so the driver uses 0.002s (1 or 2 ms).

#[derive(Clone, Debug)]
struct GrpcRun {
    name: String,
    max_attempts: u32,
    max_tokens: u32,
    ratio: f64,
    plan: String,
    rpcs: usize,
    channels: Option<Vec<usize>>,
}

impl GrpcRun {
    fn job(&self) -> serde_json::Value {
        let mut v = json!({
            "max_attempts": self.max_attempts,
            "max_tokens": self.max_tokens,
            "token_ratio": self.ratio,
            "rpcs": self.rpcs,
            "plan": self.plan,
        });
        if let Some(c) = &self.channels {
            v["channels"] = json!(c);
        }
        v
    }
}

/// C-core's rules with sade's `GrpcThrottle`: the first attempt always goes; a failed attempt
/// runs `record_failure()` and is retried iff it said yes and attempts remain; a successful one
/// runs `record_success()`. One throttle per channel (`per_channel`) or one for all. Returns the
/// attempts of each RPC and its outcome, and how many failures with attempts left the throttle
/// refused a retry.
fn grpc_predict(run: &GrpcRun, per_channel: bool) -> (Vec<u32>, String, usize) {
    let plan = run.plan.as_bytes();
    let mut throttles: BTreeMap<usize, GrpcThrottle> = BTreeMap::new();
    let mut k = 0;
    let mut attempts = Vec::with_capacity(run.rpcs);
    let mut outcomes = String::with_capacity(run.rpcs);
    let mut throttled = 0;
    for i in 0..run.rpcs {
        let channel = match (&run.channels, per_channel) {
            (Some(c), true) => c[i],
            _ => 0,
        };
        let g = throttles
            .entry(channel)
            .or_insert_with(|| GrpcThrottle::new(run.max_tokens, ratio_milli(run.ratio)));
        let mut n = 0;
        loop {
            n += 1;
            let failed = plan.get(k) == Some(&b'F');
            k += 1;
            if !failed {
                g.record_success();
                outcomes.push('S');
                break;
            }
            let allowed = g.record_failure();
            if !(allowed && n < run.max_attempts) {
                throttled += usize::from(!allowed && n < run.max_attempts);
                outcomes.push('F');
                break;
            }
        }
        attempts.push(n);
    }
    (attempts, outcomes, throttled)
}

fn grpc_runs() -> Vec<GrpcRun> {
    let fixed = |name: &str, max_attempts, max_tokens, ratio, plan: String, rpcs| GrpcRun {
        name: name.into(),
        max_attempts,
        max_tokens,
        ratio,
        plan,
        rpcs,
        channels: None,
    };
    let f = |n| "F".repeat(n);
    let s = |n| "S".repeat(n);
    let mut runs = vec![
        // gRFC A6's worked example: maxTokens 10, ratio 0.1, three attempts, all failing.
        fixed("A6 example", 3, 10, 0.1, f(40), 12),
        // Empty the bucket (13 failures), then 60 (61) first-attempt successes, then failures.
        fixed(
            "60 successes from empty",
            3,
            10,
            0.1,
            f(13) + &s(60) + &f(9),
            10 + 60 + 3,
        ),
        fixed(
            "61 successes from empty",
            3,
            10,
            0.1,
            f(13) + &s(61) + &f(9),
            10 + 61 + 3,
        ),
        // tokenRatio read to three decimals (A6: 0.5466 is 0.546) and 0.29 (0.29 × 1000 is
        // 289.99… as a double).
        fixed("ratio 0.5466", 4, 10, 0.5466, f(30) + &s(13) + &f(10), 30),
        fixed(
            "ratio 0.29",
            4,
            3,
            0.29,
            f(10) + &s(7) + &f(6) + &s(8) + &f(6),
            20,
        ),
        fixed("maxTokens 1", 5, 1, 1.0, f(3) + &s(5) + &f(8), 12),
    ];
    // Two channels to the same target, alternating: per channel or per target?
    let mut two = fixed("two channels", 3, 10, 0.1, f(60), 16);
    two.channels = Some((0..16).map(|i| usize::from(i >= 8)).collect());
    runs.push(two);
    // Random plans: streaks of failures that throttle and of successes that refill, or stretches
    // where each attempt fails with some probability (steady states on either side of the
    // throttle's tokenRatio / (1 + tokenRatio) failure rate).
    let mut rng = Rng(0x9e9c);
    let ratios = [0.1, 1.0, 0.5, 2.5, 0.25, 0.333, 0.05, 1.0];
    let tokens = [10, 3, 20, 5, 50, 7, 100, 2];
    for r in 0..16 {
        let max_attempts = 2 + (r % 4) as u32;
        let max_tokens = tokens[(r / 2) % tokens.len()];
        let ratio = ratios[r % ratios.len()];
        let mut plan = String::new();
        while plan.len() < 1_500 {
            if r % 2 == 0 {
                let fail = rng.chance(0.5);
                let n = rng.range(1, if fail { 40 } else { 60 }) as usize;
                plan.push_str(&if fail { f(n) } else { s(n) });
            } else {
                let p_fail = rng.pick(&[0.05, 0.2, 0.4, 0.6, 0.9]);
                for _ in 0..rng.range(50, 200) {
                    plan.push(if rng.chance(p_fail) { 'F' } else { 'S' });
                }
            }
        }
        runs.push(fixed(
            &format!("random {r}"),
            max_attempts,
            max_tokens,
            ratio,
            plan,
            400,
        ));
    }
    runs
}

fn grpc_matches_grpcio() {
    let runs = grpc_runs();
    let job = json!({ "runs": runs.iter().map(GrpcRun::job).collect::<Vec<_>>() });
    let mut cmd = Command::new(python());
    cmd.arg(budgets_dir().join("grpc_driver.py"))
        .env("GRPC_VERBOSITY", "ERROR")
        .env_remove("GRPC_TRACE")
        .env("no_grpc_proxy", "*")
        .env_remove("http_proxy")
        .env_remove("https_proxy")
        .env_remove("grpc_proxy");
    let out = run_driver(cmd, &job);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), runs.len(), "one line per run:\n{out}");
    let (mut rpcs, mut attempts_total, mut retries_total, mut throttled_total) = (0, 0u64, 0u64, 0);
    for (run, line) in runs.iter().zip(&lines) {
        let (counts, outcomes) = line.split_once(" | ").expect("attempts | outcomes");
        let counts: Vec<u32> = counts.split(' ').map(|c| c.parse().unwrap()).collect();
        let (want_counts, want_outcomes, throttled) = grpc_predict(run, true);
        for (i, (g, w)) in counts.iter().zip(&want_counts).enumerate() {
            assert_eq!(
                g, w,
                "{} (maxAttempts {}, maxTokens {}, tokenRatio {}): RPC {i} made {g} attempts, \
                 sade's GrpcThrottle predicts {w}\n real: {counts:?}\n sade: {want_counts:?}",
                run.name, run.max_attempts, run.max_tokens, run.ratio
            );
        }
        assert_eq!(counts.len(), want_counts.len(), "{}", run.name);
        assert_eq!(outcomes, want_outcomes, "{}: outcomes", run.name);
        let total: u32 = counts.iter().sum();
        assert_eq!(
            total,
            want_counts.iter().sum::<u32>(),
            "{}: total",
            run.name
        );
        rpcs += counts.len();
        attempts_total += u64::from(total);
        retries_total += u64::from(total) - counts.len() as u64;
        throttled_total += throttled;
    }
    // The runs that tell the alternatives apart did: a per-target throttle would have predicted
    // another count for the two channels, and the 60/61 runs differ in their last RPCs.
    let two = runs.iter().find(|r| r.name == "two channels").unwrap();
    assert_ne!(grpc_predict(two, true), grpc_predict(two, false));
    let (a, _, _) = grpc_predict(&runs[1], true);
    let (b, _, _) = grpc_predict(&runs[2], true);
    assert_eq!(
        (a[70], b[71]),
        (1, 2),
        "60 successes: no retry; 61: a retry"
    );
    println!(
        "grpcio {}: {} runs, {rpcs} RPCs, {attempts_total} attempts ({retries_total} retries, \
         {throttled_total} refused by the throttle), every RPC's attempts and outcome as sade's \
         GrpcThrottle predicts",
        pinned("grpcio"),
        runs.len()
    );
}

// ---- Finagle: a transcription of twitter/util and finagle -----------------------------------
//
// twitter/util @17c8187 util-core/src/main/scala/com/twitter/util/WindowedAdder.scala:
//     def apply(range: Long, slices: Int, now: () => Long): WindowedAdder = {
//       require(slices > 1)
//       new WindowedAdder(range / slices, slices - 1, now)
//     }
//     private[this] val buf = new Array[Long](N)
//     @volatile private[this] var i = 0
//     @volatile private[this] var old = now()
//     private[this] def expired(): Unit = {
//       …
//       buf(i) = writer.sumThenReset()
//       i = (i + 1) % N
//       val nskip = math.min(((now() - old) / window - 1).toInt, N)
//       if (nskip > 0) {
//         val r = math.min(nskip, N - i)
//         Arrays.fill(buf, i, i + r, 0L)
//         Arrays.fill(buf, 0, nskip - r, 0L)
//         i = (i + nskip) % N
//       }
//       old = now()
//       gen += 1
//     }
//     def add(x: Int): Unit = {
//       if ((now() - old) >= window)
//         expired()
//       writer.add(x)
//     }
//     def sum(): Long = {
//       if ((now() - old) >= window)
//         expired()
//       val _ = gen // Barrier.
//       var sum = writer.sum()
//       var i = 0
//       while (i < N) {
//         sum += buf(i)
//         i += 1
//       }
//       sum
//     }
// …/TokenBucket.scala, newLeakyBucket(ttl: Duration, reserve: Int, nowMs: () => Long):
//       private[this] val w = WindowedAdder(ttl.inMilliseconds, 10, nowMs)
//       def put(n: Int): Unit = {
//         require(n >= 0)
//         w.add(n)
//       }
//       def tryGet(n: Int): Boolean = {
//         require(n >= 0)
//         synchronized {
//           val ok = count >= n
//           if (ok)
//             w.add(-n)
//           ok
//         }
//       }
//       def count: Long = w.sum() + reserve
// twitter/finagle @4feb34c finagle-core/src/main/scala/com/twitter/finagle/service/RetryBudget.scala:
//     val ScaleFactor = 1000.0
//     def deposit(): Unit = tokenBucket.put(depositAmount)
//     def tryWithdraw(): Boolean = tokenBucket.tryGet(withdrawalAmount)
//     def balance: Long = tokenBucket.count / withdrawalAmount
//     def apply(ttl: Duration, minRetriesPerSec: Int, percentCanRetry: Double, nowMillis: …) = {
//       require(ttl.inSeconds >= 1 && ttl.inSeconds <= 60, …)
//       require(minRetriesPerSec >= 0, …)
//       require(percentCanRetry >= 0.0, …)
//       require(percentCanRetry <= TokenRetryBudget.ScaleFactor, …)
//       if (minRetriesPerSec == 0 && percentCanRetry == 0.0)
//         return Empty
//       val depositAmount =
//         if (percentCanRetry == 0.0) 0
//         else TokenRetryBudget.ScaleFactor.toInt
//       val withdrawalAmount =
//         if (percentCanRetry == 0.0) 1
//         else (TokenRetryBudget.ScaleFactor / percentCanRetry).toInt
//       val reserve = minRetriesPerSec * ttl.inSeconds * withdrawalAmount
//       val tokenBucket = TokenBucket.newLeakyBucket(ttl, reserve, nowMillis)
//       new TokenRetryBudget(tokenBucket, depositAmount, withdrawalAmount)
//     }
//     val Empty: RetryBudget = new RetryBudget {
//       def deposit(): Unit = ()
//       def tryWithdraw(): Boolean = false
//       def balance: Long = 0L
//     }
// Scala's Int arithmetic wraps and Double.toInt saturates (NaN to 0), as Rust's `wrapping_mul`
// and `as i32` do.

struct UtilWindowedAdder {
    window: i64,
    n: i32,
    writer: i64,
    buf: Vec<i64>,
    i: i32,
    old: i64,
}

impl UtilWindowedAdder {
    fn apply(range: i64, slices: i32, now: i64) -> UtilWindowedAdder {
        assert!(slices > 1);
        let n = slices - 1;
        UtilWindowedAdder {
            window: range / i64::from(slices),
            n,
            writer: 0,
            buf: vec![0; n as usize],
            i: 0,
            old: now,
        }
    }

    fn expired(&mut self, now: i64) {
        self.buf[self.i as usize] = std::mem::take(&mut self.writer);
        self.i = (self.i + 1) % self.n;
        let nskip = (((now - self.old) / self.window - 1) as i32).min(self.n);
        if nskip > 0 {
            let r = nskip.min(self.n - self.i);
            self.buf[self.i as usize..(self.i + r) as usize].fill(0);
            self.buf[..(nskip - r) as usize].fill(0);
            self.i = (self.i + nskip) % self.n;
        }
        self.old = now;
    }

    fn add(&mut self, x: i32, now: i64) {
        if now - self.old >= self.window {
            self.expired(now);
        }
        self.writer += i64::from(x);
    }

    fn sum(&mut self, now: i64) -> i64 {
        if now - self.old >= self.window {
            self.expired(now);
        }
        self.writer + self.buf.iter().sum::<i64>()
    }
}

enum FinagleRetryBudget {
    Empty,
    Token {
        w: UtilWindowedAdder,
        reserve: i32,
        deposit: i32,
        withdraw: i32,
    },
}

impl FinagleRetryBudget {
    fn apply(ttl_s: i32, min_retries_per_sec: i32, percent_can_retry: f64, now: i64) -> Self {
        const SCALE_FACTOR: f64 = 1000.0;
        assert!((1..=60).contains(&ttl_s));
        assert!(min_retries_per_sec >= 0);
        assert!((0.0..=SCALE_FACTOR).contains(&percent_can_retry));
        if min_retries_per_sec == 0 && percent_can_retry == 0.0 {
            return FinagleRetryBudget::Empty;
        }
        let deposit = if percent_can_retry == 0.0 {
            0
        } else {
            SCALE_FACTOR as i32
        };
        let withdraw = if percent_can_retry == 0.0 {
            1
        } else {
            (SCALE_FACTOR / percent_can_retry) as i32
        };
        let reserve = min_retries_per_sec
            .wrapping_mul(ttl_s)
            .wrapping_mul(withdraw);
        FinagleRetryBudget::Token {
            w: UtilWindowedAdder::apply(i64::from(ttl_s) * 1000, 10, now),
            reserve,
            deposit,
            withdraw,
        }
    }

    fn count(w: &mut UtilWindowedAdder, reserve: i32, now: i64) -> i64 {
        w.sum(now) + i64::from(reserve)
    }

    fn deposit(&mut self, now: i64) {
        if let FinagleRetryBudget::Token { w, deposit, .. } = self {
            assert!(*deposit >= 0);
            w.add(*deposit, now);
        }
    }

    fn try_withdraw(&mut self, now: i64) -> bool {
        match self {
            FinagleRetryBudget::Empty => false,
            FinagleRetryBudget::Token {
                w,
                reserve,
                withdraw,
                ..
            } => {
                assert!(*withdraw >= 0);
                let ok = Self::count(w, *reserve, now) >= i64::from(*withdraw);
                if ok {
                    w.add(-*withdraw, now);
                }
                ok
            }
        }
    }

    fn balance(&mut self, now: i64) -> i64 {
        match self {
            FinagleRetryBudget::Empty => 0,
            FinagleRetryBudget::Token {
                w,
                reserve,
                withdraw,
                ..
            } => Self::count(w, *reserve, now) / i64::from(*withdraw),
        }
    }
}

fn finagle_matches_its_transcription() {
    const STEPS: usize = 1_500;
    let mut rng = Rng(0xf1a6);
    let mins = [0u32, 1, 2, 5, 10, 20, 100, 1_000, 10_000];
    let percents = [
        0.0, 0.001, 0.05, 0.1, 0.2, 0.25, 0.3, 0.7, 1.0, 2.5, 7.0, 1000.0,
    ];
    let (mut sets, mut decisions, mut allowed, mut balances, mut overflowing) = (0, 0, 0, 0, 0);
    for _ in 0..260 {
        let ttl = rng.range(1, 60) as u32;
        let min = rng.pick(&mins);
        let pct = rng.pick(&percents);
        // Finagle's reserve is an Int: minRetriesPerSec × ttl × withdrawal wraps past 2³¹ − 1,
        // which sade's settings allow (min up to 10 000, ttl up to 60 s) and sade's i64 does not
        // do. Those sets are left out here and reported (see the report in the trial's output).
        let withdraw = if pct == 0.0 { 1 } else { (1000.0 / pct) as i64 };
        if i64::from(min) * i64::from(ttl) * withdraw > i64::from(i32::MAX) {
            overflowing += 1;
            continue;
        }
        sets += 1;
        let start = START_MS.floor() as i64;
        let mut real = FinagleRetryBudget::apply(ttl as i32, min as i32, pct, start);
        let mut model = FinagleBudget::new(ttl, min, pct, start);
        let what = format!("ttl {ttl} s, minRetriesPerSec {min}, percentCanRetry {pct}");
        let window = i64::from(ttl) * 100;
        let mut now = start;
        let mut p_withdraw = 0.5;
        for step in 0..STEPS {
            if step % 150 == 0 {
                p_withdraw = rng.pick(&[0.05, 0.3, 0.5, 0.9, 1.0]);
            }
            now += match rng.below(12) {
                0..=2 => 0,
                3 => window,
                4 => window - 1,
                5 => window + 1,
                6 => window * rng.range(2, 12) as i64,
                7 => i64::from(ttl) * 1000 + rng.below(3 * u64::from(ttl) * 1000) as i64,
                8 => 1,
                _ => rng.below(2 * window as u64) as i64,
            };
            if rng.chance(p_withdraw) {
                let (r, m) = (real.try_withdraw(now), model.try_withdraw(now));
                assert_eq!(r, m, "{what}, step {step} at {now} ms: tryWithdraw");
                decisions += 1;
                allowed += usize::from(r);
            } else {
                real.deposit(now);
                model.deposit(now);
            }
            assert_eq!(
                real.balance(now),
                model.balance(now),
                "{what}, step {step} at {now} ms: balance"
            );
            balances += 1;
        }
    }
    println!(
        "Finagle RetryBudget (transcribed): {sets} parameter sets, {decisions} tryWithdraw \
         decisions ({allowed} allowed) and {balances} balances equal; {overflowing} sets left \
         out where Finagle's Int reserve wraps (sade does not)"
    );
}

// ---- Envoy: a transcription of resource_manager_impl.h and retry_state_impl.cc --------------
//
// envoyproxy/envoy @01c2c1f source/common/upstream/resource_manager_impl.h, RetryBudgetImpl:
//     bool canCreate() override {
//       if (!useRetryBudget()) {
//         return max_retry_resource_.canCreate();
//       }
//       clearRemainingGauge();
//       return count() < max();
//     }
//     void inc() override { max_retry_resource_.inc(); … }
//     void dec() override { max_retry_resource_.dec(); … }
//     uint64_t max() override {
//       …
//       const uint64_t current_active = requests_.count() + pending_requests_.count();
//       const double budget_percent = runtime_.snapshot().getDouble(
//           budget_percent_key_, budget_percent_ ? *budget_percent_ : 20.0);
//       const uint32_t min_retry_concurrency = runtime_.snapshot().getInteger(
//           min_retry_concurrency_key_, min_retry_concurrency_ ? *min_retry_concurrency_ : 3);
//       …
//       return std::max<uint64_t>(budget_percent / 100.0 * current_active, min_retry_concurrency);
//     }
//     uint64_t count() const override { return max_retry_resource_.count(); }
// and source/common/router/retry_state_impl.cc (RetryStateImpl, for when a slot is taken and
// given back; a request's RetryState is destroyed when it ends, `~RetryStateImpl() {
// resetRetry(); }`):
//     void RetryStateImpl::resetRetry() {
//       if (backoff_callback_ != nullptr) {
//         cluster_.resourceManager(priority_).retries().dec();
//         backoff_callback_ = nullptr;
//       }
//       …
//     }
//     RetryStatus RetryStateImpl::shouldRetry(RetryDecision would_retry, DoRetryCallback callback) {
//       …
//       resetRetry();
//       if (would_retry == RetryDecision::NoRetry) {
//         return RetryStatus::No;
//       }
//       if (retries_remaining_ == 0) {
//         … return RetryStatus::NoRetryLimitExceeded;
//       }
//       retries_remaining_--;
//       if (!cluster_.resourceManager(priority_).retries().canCreate()) {
//         … return RetryStatus::NoOverflow;
//       }
//       …
//       cluster_.resourceManager(priority_).retries().inc();
//       … enableBackoffTimer(); return RetryStatus::Yes;
//     }
// `requests_` is the cluster's active upstream requests (a call admitted by the service, in
// sade's terms; a call refused or rejected at once never is); sade has no connection pool, so
// `pending_requests_` is 0.

#[derive(Default)]
struct EnvoyResourceManager {
    requests: u64,
    pending_requests: u64,
    retries: u64,
    budget_percent: f64,
    min_retry_concurrency: u32,
}

impl EnvoyResourceManager {
    fn max(&self) -> u64 {
        let current_active = self.requests + self.pending_requests;
        // std::max<uint64_t>(double, uint32_t): the double converted to uint64_t (truncated).
        let budget = (self.budget_percent / 100.0 * current_active as f64) as u64;
        budget.max(u64::from(self.min_retry_concurrency))
    }
    fn can_create(&self) -> bool {
        self.retries < self.max()
    }
}

/// One request's `RetryStateImpl`.
struct EnvoyRetryState {
    retries_remaining: u32,
    armed: bool,
}

#[derive(Debug, PartialEq, Eq)]
enum RetryStatus {
    Yes,
    NoOverflow,
    NoRetryLimitExceeded,
}

impl EnvoyRetryState {
    fn reset_retry(&mut self, rm: &mut EnvoyResourceManager) {
        if self.armed {
            rm.retries -= 1;
            self.armed = false;
        }
    }
    /// `shouldRetry` for a failure (`would_retry` is never NoRetry in sade: every failure may
    /// be retried).
    fn should_retry(&mut self, rm: &mut EnvoyResourceManager) -> RetryStatus {
        self.reset_retry(rm);
        if self.retries_remaining == 0 {
            return RetryStatus::NoRetryLimitExceeded;
        }
        self.retries_remaining -= 1;
        if !rm.can_create() {
            return RetryStatus::NoOverflow;
        }
        rm.retries += 1;
        self.armed = true;
        RetryStatus::Yes
    }
}

/// A request in progress, as both sides see it.
struct EnvoyRequest {
    calls: u32,
    /// Its call in flight (admitted), if any.
    in_flight: bool,
    /// Whether its current call is a retry (sade's `req.retry`).
    retry: bool,
    /// Waiting for its retry to be sent.
    waiting: bool,
    state: EnvoyRetryState,
}

fn envoy_matches_its_transcription() {
    const STEPS: usize = 3_000;
    let mut rng = Rng(0xe4f0);
    let percents = [20.0, 0.0, 100.0, 33.3, 12.5, 50.0, 7.0];
    let (mut sets, mut decisions, mut allowed, mut overflow) = (0, 0, 0, 0);
    for set in 0..70 {
        let percent = if set < percents.len() {
            percents[set]
        } else {
            rng.unit() * 100.0
        };
        let min = rng.range(0, 10) as u32;
        let calls_max = rng.range(1, 6) as u32;
        sets += 1;
        let mut model = EnvoyBudget::new(percent, min);
        let mut rm = EnvoyResourceManager {
            budget_percent: percent,
            min_retry_concurrency: min,
            ..EnvoyResourceManager::default()
        };
        let what = format!("budget_percent {percent}, min_retry_concurrency {min}");
        let mut requests: Vec<EnvoyRequest> = Vec::new();
        let (mut p_admit, mut p_fail, mut target) = (0.9, 0.3, 50);
        for step in 0..STEPS {
            if step % 200 == 0 {
                p_admit = rng.pick(&[1.0, 0.9, 0.5, 0.0]);
                p_fail = rng.pick(&[0.05, 0.3, 0.7, 1.0]);
                target = rng.range(1, 300) as usize;
            }
            // Either a new request, a waiting retry sent, or a call in flight ending.
            let send_new = requests.len() < target && rng.chance(0.4);
            let idx = if send_new {
                requests.push(EnvoyRequest {
                    calls: 0,
                    in_flight: false,
                    retry: false,
                    waiting: true,
                    state: EnvoyRetryState {
                        retries_remaining: calls_max - 1,
                        armed: false,
                    },
                });
                requests.len() - 1
            } else if requests.is_empty() {
                continue;
            } else {
                rng.below(requests.len() as u64) as usize
            };
            let req = &mut requests[idx];
            let failed_at_once;
            if req.waiting {
                // fn send: a call (the first or a retry) is admitted, or fails at once.
                req.waiting = false;
                req.calls += 1;
                req.retry = req.calls > 1;
                if rng.chance(p_admit) {
                    req.in_flight = true;
                    model.in_flight += 1;
                    rm.requests += 1;
                    continue;
                }
                failed_at_once = true;
            } else {
                failed_at_once = false;
            }
            // The call ends (fn end_call): no longer in flight; a retry's slot is released.
            let failed = failed_at_once || rng.chance(p_fail);
            if req.in_flight {
                model.in_flight -= 1;
                rm.requests -= 1;
                req.in_flight = false;
            }
            if req.retry {
                model.outstanding -= 1;
            }
            let done = if failed {
                // fn fail: `left.then(|| e.try_retry())`; Envoy: shouldRetry.
                let left = req.calls < calls_max;
                let sade = left.then(|| model.try_retry());
                let envoy = req.state.should_retry(&mut rm);
                let expect = match sade {
                    Some(true) => RetryStatus::Yes,
                    Some(false) => RetryStatus::NoOverflow,
                    None => RetryStatus::NoRetryLimitExceeded,
                };
                assert_eq!(envoy, expect, "{what}, step {step}: the decision");
                decisions += usize::from(left);
                allowed += usize::from(sade == Some(true));
                overflow += usize::from(sade == Some(false));
                if sade == Some(true) {
                    req.waiting = true;
                    false
                } else {
                    true
                }
            } else {
                true
            };
            if done {
                // The request ends: its RetryState is destroyed.
                req.state.reset_retry(&mut rm);
                requests.swap_remove(idx);
            }
            assert_eq!(
                u64::from(model.in_flight),
                rm.requests,
                "{what}, step {step}"
            );
            assert_eq!(
                u64::from(model.outstanding),
                rm.retries,
                "{what}, step {step}"
            );
            assert_eq!(
                u64::from(model.max()),
                rm.max(),
                "{what}, step {step}: max()"
            );
        }
    }
    assert!(allowed > 1000 && overflow > 1000);
    println!(
        "Envoy retry budget (transcribed): {sets} parameter sets, {decisions} decisions with \
         retries left ({allowed} allowed, {overflow} overflow) equal, with every count and max()"
    );
}

// ---- SRE: equation 21-1 over grpc-go's lookback ----------------------------------------------
//
// The SRE book, ch. 21 "Handling Overload", client-side throttling, equation 21-1:
//     P_reject = max(0, (requests − K × accepts) / (requests + 1))
// "requests: The number of requests attempted by the application layer", "accepts: The number
// of requests accepted by the backend", over a trailing window (two minutes in the book).
// The window is grpc-go @4793ad0 balancer/rls/internal/adaptive/lookback.go, with one-second bins:
//     func (l *lookback) add(t time.Time, v int64) {
//         pos := l.advance(t)
//         if (l.head - pos) >= l.bins {
//             // Do not increment counters if pos is more than bins behind head.
//             return
//         }
//         l.buf[pos%l.bins] += v
//         l.total += v
//     }
//     func (l *lookback) sum(t time.Time) int64 {
//         l.advance(t)
//         return l.total
//     }
//     func (l *lookback) advance(t time.Time) int64 {
//         ch := l.head                               // Current head bin index.
//         nh := t.UnixNano() / l.width.Nanoseconds() // New head bin index.
//         if nh <= ch {
//             return nh
//         }
//         jmax := min(l.bins, nh-ch)
//         for j := int64(0); j < jmax; j++ {
//             i := (ch + j + 1) % l.bins
//             l.total -= l.buf[i]
//             l.buf[i] = 0
//         }
//         l.head = nh
//         return nh
//     }
// (`newLookback` leaves head at 0.) Go's clock is Unix time, positive: sade's time t ms is taken
// as Unix time EPOCH_MS + t, EPOCH_MS a whole second, so Go's integer division is the floor.
// simulate.rs (fn send): before every call `p = probability(t)`, a draw u, `record_request(t)`,
// rejected locally iff u < p; fn succeed: `record_accept(t)`.

struct GoLookback {
    bins: i64,
    width_ns: i64,
    head: i64,
    total: i64,
    buf: Vec<i64>,
}

impl GoLookback {
    fn new(bins: i64, duration_ns: i64) -> GoLookback {
        GoLookback {
            bins,
            width_ns: duration_ns / bins,
            head: 0,
            total: 0,
            buf: vec![0; bins as usize],
        }
    }
    fn add(&mut self, t_ns: i64, v: i64) {
        let pos = self.advance(t_ns);
        if self.head - pos >= self.bins {
            return;
        }
        self.buf[(pos % self.bins) as usize] += v;
        self.total += v;
    }
    fn sum(&mut self, t_ns: i64) -> i64 {
        self.advance(t_ns);
        self.total
    }
    fn advance(&mut self, t_ns: i64) -> i64 {
        let ch = self.head;
        let nh = t_ns / self.width_ns;
        if nh <= ch {
            return nh;
        }
        let jmax = self.bins.min(nh - ch);
        for j in 0..jmax {
            let i = ((ch + j + 1) % self.bins) as usize;
            self.total -= self.buf[i];
            self.buf[i] = 0;
        }
        self.head = nh;
        nh
    }
}

fn sre_matches_equation_21_1_over_lookback() {
    const STEPS: usize = 4_000;
    const EPOCH_MS: i64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
    const TICK_NS: i64 = 125_000; // 1/8 ms
    let mut rng = Rng(0x05e5);
    let (mut sets, mut calls, mut rejected, mut positive) = (0, 0, 0, 0);
    for &window_s in &[1u32, 2, 10, 120, 3600] {
        for &k in &[1.0, 1.1, 2.0, 3.5, 100.0] {
            sets += 1;
            let mut model = SreThrottle::new(k, window_s, START_MS);
            let duration_ns = i64::from(window_s) * 1_000_000_000;
            // One bin a second up to two minutes, else 120 bins over the window (sade keeps a
            // client's memory within 120 bins; grpc-go's own throttle uses 100 over 30 s).
            let bins = i64::from(window_s.min(120));
            let mut requests = GoLookback::new(bins, duration_ns);
            let mut accepts = GoLookback::new(bins, duration_ns);
            let what = format!("K {k}, window {window_s} s");
            let mut ticks: i64 = 0;
            // Calls in flight (not rejected locally), to be accepted or not later.
            let mut pending = 0u32;
            let mut p_accept = 0.5;
            for step in 0..STEPS {
                if step % 250 == 0 {
                    p_accept = rng.pick(&[0.0, 0.2, 0.5, 0.9, 1.0]);
                }
                let second = 8_000;
                let window = i64::from(window_s) * second;
                ticks += match rng.below(12) {
                    0..=3 => 0,
                    4 => second,
                    5 => window,
                    6 => window - 1,
                    7 => window + 1,
                    8 => rng.below(3 * window as u64) as i64,
                    9 => rng.range(1, 8) as i64,
                    _ => rng.below(second as u64) as i64,
                };
                let t = START_MS + ticks as f64 / 8.0;
                let t_ns = (EPOCH_MS + START_MS as i64) * 1_000_000 + ticks * TICK_NS;
                if pending > 0 && rng.chance(0.5) {
                    pending -= 1;
                    if rng.chance(p_accept) {
                        model.record_accept(t);
                        accepts.add(t_ns, 1);
                    }
                } else {
                    let p = model.probability(t);
                    let (req, acc) = (requests.sum(t_ns) as f64, accepts.sum(t_ns) as f64);
                    let book = ((req - k * acc) / (req + 1.0)).max(0.0);
                    assert_eq!(
                        p.to_bits(),
                        book.to_bits(),
                        "{what}, step {step} at {t} ms: P_reject {p} vs {book}"
                    );
                    let u = rng.unit();
                    model.record_request(t);
                    requests.add(t_ns, 1);
                    calls += 1;
                    positive += usize::from(p > 0.0);
                    if u < p {
                        rejected += 1;
                    } else {
                        pending += 1;
                    }
                }
                let (r, a) = model.counts(t);
                assert_eq!(
                    (r, a),
                    (requests.sum(t_ns), accepts.sum(t_ns)),
                    "{what}, step {step} at {t} ms: the window's requests and accepts"
                );
            }
        }
    }
    assert!(rejected > 1000 && positive > 5000);
    println!(
        "SRE throttle (equation 21-1 over grpc-go's lookback, transcribed): {sets} parameter \
         sets, {calls} calls' P_reject equal to the bit ({positive} above 0, {rejected} rejected), \
         and every window count"
    );
}

fn main() {
    let botocore = pinned("botocore");
    let grpcio = pinned("grpcio");
    let legacy_how = format!(
        "pip install --no-deps --target tests/libraries/.venv/botocore-{BOTOCORE_LEGACY} \
         botocore=={BOTOCORE_LEGACY}, as .ci/run does"
    );
    common::run_trials(vec![
        common::needing(
            &format!("aws_quota_matches_botocore_{BOTOCORE_LEGACY}_at_sades_default_costs"),
            python_missing(
                "botocore",
                "botocore.session",
                BOTOCORE_LEGACY,
                Some(&botocore_legacy_dir()),
                &legacy_how,
            ),
            aws_matches_botocore_legacy_at_sades_defaults,
        ),
        common::needing(
            &format!("aws_quota_matches_botocore_{botocore}_at_its_costs_14_and_14"),
            python_missing("botocore", "botocore.session", &botocore, None, PIP_HOW),
            aws_matches_botocore_pinned_at_its_costs,
        ),
        common::plain("tps_budget_matches_tower", tps_budget_matches_tower),
        common::needing(
            &format!("grpc_throttle_matches_grpcio_{grpcio}"),
            python_missing("grpcio", "grpc", &grpcio, None, PIP_HOW),
            grpc_matches_grpcio,
        ),
        common::plain(
            "finagle_budget_matches_retry_budget_scala_transcribed",
            finagle_matches_its_transcription,
        ),
        common::plain(
            "envoy_budget_matches_resource_manager_impl_h_transcribed",
            envoy_matches_its_transcription,
        ),
        common::plain(
            "sre_throttle_matches_equation_21_1_over_lookback_go_transcribed",
            sre_matches_equation_21_1_over_lookback,
        ),
    ]);
}
