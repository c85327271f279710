// The browser engine of the fleet under load (static/js/recovery.js) against the Rust one: the
// "recovery" object of `sade calc --json` (SPEC §8), every number to the last bit, on random
// parameter sets and at the defaults; the same validation; the worker script. Runs the real
// `sade` binary: set SADE_BIN, or build it first (`cargo build`) so that target/debug/sade
// exists.
//
//   node --test tests/js/

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const JS = resolve(here, "../../static/js");
const R = require(resolve(JS, "recovery.js"));
const B = require(resolve(JS, "backoff.js"));

// The words, limits and defaults of the calculator's data block (cargo test writes SADE_DATA).
assert.ok(process.env.SADE_DATA, "SADE_DATA must name the calculator's data (cargo test sets it)");
const DATA = JSON.parse(readFileSync(process.env.SADE_DATA, "utf8"));
B.configure(DATA.en);

const SADE = process.env.SADE_BIN || resolve(here, "../../target/debug/sade");

/** The keys that are switches on the command line (`shed: true` as `--shed`). */
const SWITCHES = ["shed", "frontier", "map"];

/** `sade calc` with the input's keys as flags (`shed: true` as `--shed`); {status, stdout, stderr}. */
function sade(input, extra = []) {
  assert.ok(existsSync(SADE), `no sade binary at ${SADE}: run \`cargo build\` or set SADE_BIN`);
  const args = Object.entries(input).flatMap(([k, v]) => {
    if (SWITCHES.includes(k)) return v === true || v === "true" ? [`--${k}`] : [];
    return [`--${k}`, String(v)];
  });
  return spawnSync(SADE, ["calc", ...args, ...extra], { encoding: "utf8", maxBuffer: 1 << 30 });
}

/** mulberry32: a small seeded PRNG, so the random cases are the same on every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The keys of every object in `value`, in order, as paths (JSON.stringify keeps them). */
function keyOrder(value) {
  return JSON.stringify(value, (k, v) => (typeof v === "number" ? 0 : v));
}

test("loads as a plain browser script after backoff.js: window.SadeRecovery", () => {
  const window = {};
  const context = vm.createContext({ window, URLSearchParams, BigInt });
  for (const file of ["backoff.js", "recovery.js"]) {
    const source = readFileSync(resolve(JS, file), "utf8");
    assert.doesNotMatch(source, /\beval\s*\(|new Function|\bimport\s*\(|https?:\/\//);
    vm.runInContext(source, context, { filename: file });
  }
  window.SadeBackoff.configure(DATA.tr);
  const api = window.SadeRecovery;
  assert.equal(typeof api.compute, "function");
  assert.equal(context.module, undefined);
  const out = api.compute("base=100ms&attempts=2&jitter=none&clients=3&demand=30&horizon=10s&outage=1s");
  assert.equal(out.ok, true);
  const run = out.value.recovery.none.none;
  assert.equal(run.bins.length, 160);
  assert.deepEqual(Object.keys(run), ["recovered_after_ms", "peak_load", "retries_sent",
    "retries_refused", "requests_given_up", "wasted_work", "max_retries_per_client_during_outage",
    "requests", "bins"]);
  // Errors as codes, worded by the page's words; the codes the words do not have yet fall back
  // to English.
  const e = api.parse({ base: "100ms", demand: "0" }).error;
  assert.deepEqual({ ...e }, { arg: "demand", code: "rate_range", value: "0", max: 1000000 });
  assert.equal(api.message(e, DATA.tr.words), window.SadeBackoff.message(e, DATA.tr.words));
  const s = api.parse({ base: "100ms", "finagle-ttl": "1500ms" }).error;
  assert.equal(s.code, "setting_range");
  if (DATA.en.words.messages.setting_range === undefined) {
    assert.equal(api.message(s, DATA.en.words),
      "finagle-ttl is `1500ms`, but it must be whole seconds from 1s to 60s (Finagle's `require`)");
  }
  const b = api.parse({ base: "100ms", shed: "maybe" }).error;
  assert.equal(b.code, "not_bool");
  for (const lang of ["tr", "en"]) {
    for (const error of [s, b]) assert.doesNotMatch(api.message(error, DATA[lang].words), /\{[a-z_]+\}|^[a-z_]+$/);
  }
});

test("the engine's pieces: ln from + − × ÷, the token ratio's thousandths, the streams", () => {
  const { lnUnit, ratioMilli, Streams } = R.engine;
  assert.equal(lnUnit(1), 0);
  assert.equal(lnUnit(0.5), -Math.LN2);
  for (let x = 1; x > 1e-300; x *= 0.61) {
    for (const y of [x, x * 0.9999997, x * 0.75, x * 0.707, x * 0.5000001]) {
      const a = lnUnit(y);
      const b = Math.log(y);
      assert.ok(Math.abs(a - b) <= 4 * Number.EPSILON * Math.max(Math.abs(b), 1e-300), `ln(${y})`);
    }
  }
  for (const [ratio, milli] of [[0.1, 100], [0.29, 290], [0.5466, 546], [2, 2000], [12.25, 12250],
    [0.001, 1], [1000, 1000000], [1e-3 + 1e-12, 1]]) {
    assert.equal(ratioMilli(ratio), milli, String(ratio));
  }
  // Client c's streams are backoff.js's ChaCha8 streams sHi·2³² + c, across block boundaries.
  const key = B.engine.seedKey(BigInt(7));
  for (const sHi of [1, 3, 64, 80]) {
    const streams = new Streams(key, sHi, 5);
    for (const c of [0, 4, 2]) {
      const want = B.chacha8(7, (BigInt(sHi) << BigInt(32)) + BigInt(c));
      for (let i = 0; i < 19; i++) assert.equal(streams.unit(c), want.nextUnit(), `${sHi}/${c}/${i}`);
    }
  }
});

// ---- the numbers of `sade calc --json` -------------------------------------------------------

const NAMES = ["none", "full", "equal", "decorrelated"];
const DURATIONS = ["1ms", "10ms", "50ms", "100ms", "250ms", "1s"];

/** A setting's random value, in its range and at its edges. */
function settingValue(spec, next) {
  const r = next();
  switch (spec.name) {
    case "grpc-max-tokens": return String(r < 0.2 ? 1 : 1 + Math.floor(next() * 30));
    case "grpc-token-ratio": return r < 0.2 ? "0.001" : r < 0.4 ? "0.29" : String(next() * 2);
    case "aws-quota": return String(1 + Math.floor(next() * 600));
    case "aws-retry-cost":
    case "aws-timeout-cost":
    case "aws-no-retry-increment": return String(Math.floor(next() * 12));
    case "finagle-ttl":
    case "linkerd-ttl": return `${1 + Math.floor(next() * 20)}s`;
    case "finagle-min-retries-per-sec":
    case "linkerd-min-retries-per-second": return String(Math.floor(next() * 20));
    case "finagle-percent-can-retry": return r < 0.15 ? "0" : String(next() * 1.5);
    case "linkerd-retry-ratio": return r < 0.15 ? "0" : r < 0.3 ? "0.3" : String(next() * 3);
    case "envoy-budget-percent": return r < 0.15 ? "0" : String(next() * 100);
    case "envoy-min-retry-concurrency": return String(Math.floor(next() * 6));
    case "sre-k": return r < 0.2 ? "1" : String(1 + next() * 3);
    case "sre-window": return `${1 + Math.floor(next() * 150)}s`;
    default: throw new Error(spec.name);
  }
}

function randomCase(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const ms = (text) => B.engine.parseDelay(text).ms;
  const base = pick(DURATIONS);
  const p = {
    base,
    factor: pick(["1", "1.5", "2", "3"]),
    attempts: 1 + Math.floor(next() * 12),
    seed: String(Math.floor(next() * 2 ** 32)),
    clients: next() < 0.25 ? 1 + Math.floor(next() * 10) : Math.ceil(Math.exp(next() * Math.log(2000))),
  };
  if (next() < 0.7) p.cap = pick(["100ms", "1s", "5s", "30s"].filter((c) => ms(c) >= ms(base)).concat(["none"]));
  if (next() < 0.5) {
    const names = NAMES.filter(() => next() < 0.5);
    p.jitter = (names.length ? names : [pick(NAMES)]).join(",");
  }
  const outage = pick(["0s", "0s", "500ms", "2s", "5s", "10s", `${Math.floor(next() * 15000)}ms`]);
  const horizon = pick(["10s", "12s", "15s", "20s", "30s", "60s"]);
  p.outage = outage;
  p.horizon = horizon;
  // SPEC §9's triggers: a slowdown (its share as a ratio or a percentage), a surge, or the
  // outage (by name or by default).
  const trigger = next();
  let surge = 1;
  if (trigger < 0.3) {
    p.trigger = "slowdown";
    const f = 0.05 + next() * 0.95;
    p.degraded = next() < 0.5 ? `${(f * 100).toFixed(1)}%` : next() < 0.2 ? "1" : String(f);
  } else if (trigger < 0.6) {
    p.trigger = "surge";
    surge = next() < 0.2 ? 1 : 1 + next() * 6;
    p.surge = String(surge);
  } else if (trigger < 0.7) {
    p.trigger = "outage";
  }
  // Modest totals: at most ~15 000 requests over 5 s + O + H (and a surge's extra).
  const span = (5000 + ms(outage) * surge + ms(horizon)) / 1000;
  const demand = next() * 15000 / span;
  p.demand = next() < 0.5 ? demand.toFixed(next() < 0.5 ? 0 : 3) : String(demand);
  if (Number(p.demand) <= 0) p.demand = "1";
  p.capacity = String(Number(p.demand) * pick([0.3, 0.8, 0.95, 1.05, 1.3, 2, 5, 50]));
  p.timeout = pick(["20ms", "100ms", "300ms", "1s", "2s", "5s", "1.5s"]);
  const q = next();
  if (q < 0.2) p.queue = "0";
  else if (q < 0.5) p.queue = String(1 + Math.floor(next() * 60));
  else if (q < 0.6) p.queue = "none";
  if (next() < 0.3) p.shed = true;
  const b = next();
  p.budget = b < 0.3 ? "all" : R.BUDGETS.filter(() => next() < 0.35).join(",") || pick(R.BUDGETS);
  if (next() < 0.4) {
    for (const spec of R.SETTINGS) if (next() < 0.3) p[spec.name] = settingValue(spec, next);
  }
  return p;
}

// SPEC §8's defaults (the heaviest case: some 60 000 requests and 400 000 retries a run) under
// every budget, for two strategies (four would double sade's share of this file's time).
const DEFAULTS = { base: "100ms", cap: "30s", attempts: 8, jitter: "full,decorrelated", clients: 1000,
  demand: 800, capacity: 1000, timeout: "1s", outage: "10s", horizon: "60s", budget: "all" };

const CASES = [
  DEFAULTS,
  // Finagle's withdrawal saturated at 2³¹ − 1 (no reserve: a 32-bit one would not fit), and
  // tower's integers past 2⁵³ (the script's exact path): a withdrawal of about 10¹³.
  { base: "50ms", attempts: 6, clients: 40, demand: 200, capacity: 150, timeout: "300ms", outage: "3s",
    horizon: "10s", budget: "finagle,linkerd", "finagle-percent-can-retry": "1e-11",
    "finagle-min-retries-per-sec": "0", "linkerd-retry-ratio": "1e-13",
    "linkerd-min-retries-per-second": "10000", "linkerd-ttl": "60s" },
  // Ties: `none` waits are whole milliseconds, with an outage of 0 and a service of 1 ms.
  { base: "1ms", factor: "1", attempts: 5, jitter: "none", clients: 7, demand: 500, capacity: 1000,
    timeout: "2ms", outage: "0s", horizon: "10s", queue: "3", budget: "all" },
  // Minutes between events: timers beyond the wheel's 65.5 s wait in its far heap, and the
  // wheel jumps to them over empty stretches.
  { base: "1s", factor: "3", cap: "10m", attempts: 10, jitter: "decorrelated", clients: 2, demand: "0.01",
    capacity: "0.02", timeout: "20s", outage: "2m", horizon: "5m", budget: "none,finagle,sre" },
  { base: "100ms", attempts: 12, jitter: "decorrelated,equal", clients: 1, demand: "0.5", capacity: "1",
    timeout: "50ms", outage: "7s", horizon: "45s", shed: true, budget: "sre,envoy", "sre-window": "1s",
    "sre-k": "1", "envoy-min-retry-concurrency": "0", "envoy-budget-percent": "0" },
];
const next = rng(20261202);
while (CASES.length < 36) CASES.push(randomCase(next));

test("compute equals the recovery of `sade calc --json` exactly, for 36 parameter sets", (t) => {
  let compared = 0;
  for (const p of CASES) {
    const out = sade(p, ["--json"]);
    const got = R.compute(p);
    if (out.status !== 0) {
      // Refused by both, for the same argument.
      assert.equal(out.status, 2, out.stderr);
      assert.equal(got.ok, false, `${JSON.stringify(p)}: ${out.stderr}`);
      continue;
    }
    assert.equal(got.ok, true, `${JSON.stringify(p)}: ${JSON.stringify(got.error)}`);
    const want = JSON.parse(out.stdout).recovery;
    assert.deepStrictEqual(got.value.recovery, want, JSON.stringify(p));
    assert.equal(keyOrder(got.value.recovery), keyOrder(want), `key order: ${JSON.stringify(p)}`);
    compared++;
  }
  assert.ok(compared >= 34, `only ${compared} of ${CASES.length} sets compared`);
  t.diagnostic(`compared ${compared} of ${CASES.length} sets; the others were refused by both`);
  // Every strategy and every budget was compared somewhere.
  const seen = new Set(CASES.flatMap((p) => {
    const parsed = R.parse(p);
    return parsed.ok ? parsed.params.strategies.concat(parsed.inputs.budgets) : [];
  }));
  for (const name of NAMES.concat(R.BUDGETS)) assert.ok(seen.has(name), name);
});

// SPEC §9's frontier: the searches of every strategy and budget, and the map, on small fleets
// (a search is some forty runs), and once at the calculator's defaults under every budget.
const FRONTIER_CASES = [
  { ...DEFAULTS, jitter: "full", frontier: true },
  { base: "100ms", cap: "30s", attempts: 8, jitter: "full", clients: 100, demand: 100, capacity: 120,
    timeout: "1s", outage: "5s", horizon: "20s", budget: "all", trigger: "surge", surge: 3, map: true },
  { base: "100ms", cap: "30s", attempts: 8, jitter: "none,equal", clients: 60, demand: 80, capacity: 100,
    timeout: "1s", outage: "5s", horizon: "15s", budget: "none,grpc,aws", trigger: "slowdown",
    degraded: "40%", frontier: true },
];
const frontierNext = rng(20261207);
while (FRONTIER_CASES.length < 9) {
  const p = randomCase(frontierNext);
  // Small fleets with short horizons: each search runs dozens of times.
  p.clients = 1 + Math.floor(frontierNext() * 40);
  p.demand = String(Math.max(1, Math.min(Number(p.demand), 200)));
  p.horizon = p.horizon === "60s" ? "20s" : p.horizon;
  if (frontierNext() < 0.5) p.map = true;
  else p.frontier = true;
  FRONTIER_CASES.push(p);
}

test("the frontier and its map equal `sade calc --frontier --map --json` exactly", (t) => {
  let compared = 0;
  for (const p of FRONTIER_CASES) {
    const out = sade(p, ["--json"]);
    const got = R.compute(p);
    if (out.status !== 0) {
      assert.equal(out.status, 2, out.stderr);
      assert.equal(got.ok, false, `${JSON.stringify(p)}: ${out.stderr}`);
      continue;
    }
    assert.equal(got.ok, true, `${JSON.stringify(p)}: ${JSON.stringify(got.error)}`);
    const want = JSON.parse(out.stdout).recovery;
    for (const [strategy, budgets] of Object.entries(want)) {
      for (const [budget, run] of Object.entries(budgets)) {
        assert.ok(run.frontier, `${strategy}/${budget} has a frontier`);
        assert.equal(run.frontier.map !== undefined, p.map === true);
        assert.deepStrictEqual(got.value.recovery[strategy][budget].frontier, run.frontier,
          `${strategy}/${budget}: ${JSON.stringify(p)}`);
      }
    }
    assert.deepStrictEqual(got.value.recovery, want, JSON.stringify(p));
    compared++;
  }
  assert.ok(compared >= 8, `only ${compared} of ${FRONTIER_CASES.length} sets compared`);
  t.diagnostic(`compared ${compared} of ${FRONTIER_CASES.length} frontiers`);
});

test("a verdict-only run gives the full run's verdict; the searches take the pinned steps", () => {
  for (const p of CASES.slice(0, 20)) {
    const parsed = R.parse(p);
    if (!parsed.ok) continue;
    for (const strategy of parsed.params.strategies) {
      for (const budget of parsed.inputs.budgets) {
        const full = R.run(parsed.params, parsed.inputs, strategy, budget).recovered_after_ms;
        assert.equal(R.verdict(parsed.params, parsed.inputs, strategy, budget), full,
          `${strategy}/${budget}: ${JSON.stringify(p)}`);
      }
    }
  }
  // The searches of frontier.rs's tests: the same probes.
  const probes = [];
  const l = R.engine.searchLongest((ms) => {
    probes.push(ms);
    return ms <= 1750;
  });
  assert.deepEqual(probes, [250, 500, 1000, 1500, 2000, 1750]);
  assert.deepEqual(l, { ms: 1750, capped: false });
  assert.deepEqual(R.engine.searchLongest(() => true), { ms: 120000, capped: true });
  assert.deepEqual(R.engine.searchLongest(() => false), { ms: 0, capped: false });
  assert.equal(R.engine.searchLongest((ms) => ms !== 1000 && ms !== 750).ms, 500);
  const caps = [];
  assert.equal(R.engine.searchCapacity(800, (c) => {
    caps.push(c / 8);
    return c >= 1400;
  }), 1400);
  assert.deepEqual(caps, [100, 105, 110, 115, 120, 125, 133, 150, 175, 162, 168, 171, 173, 174]);
  assert.equal(R.engine.searchCapacity(800, () => true), 800);
  assert.equal(R.engine.searchCapacity(800, () => false), null);
  // The surge's time change, at its edges (trigger.rs's tests).
  const { surged } = R.engine;
  assert.equal(surged(-1000, 1000, 2000, 4), 0);
  assert.equal(surged(0, 8000, 2000, 4), 2000);
  assert.equal(surged(1000, 3996, 2000, 4), 1999);
  assert.equal(surged(500, 6001, 2000, 4), 2001);
});

test("a query string, URLSearchParams and numbers give the same runs; run is one entry", () => {
  const p = CASES[4];
  const query = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]));
  const want = R.compute(p).value;
  assert.deepStrictEqual(R.compute(query.toString()).value, want);
  assert.deepStrictEqual(R.compute(query).value, want);
  assert.deepStrictEqual(R.compute({ ...p, demand: 0.5, capacity: 1, queue: undefined }).value, want);
  const parsed = R.parse(p);
  assert.deepStrictEqual(R.run(parsed.params, parsed.inputs, 3, "sre"), want.recovery.decorrelated.sre);
  assert.deepStrictEqual(R.run(parsed.params, parsed.inputs, "equal", 5), want.recovery.equal.envoy);
});

test("without a key of its own the fleet is not simulated, as `sade calc` leaves it out", () => {
  // --timeout and --outage alone are the odds' (SPEC §7), which accept a timeout of 0.
  const p = { base: "100ms", attempts: 3, timeout: "0s", outage: "2s" };
  const parsed = R.parse(p);
  assert.equal(parsed.ok, true);
  assert.equal(parsed.inputs, null);
  assert.deepStrictEqual(R.compute(p), { ok: true, value: {} });
  const out = sade(p, ["--json"]);
  assert.equal(out.status, 0, out.stderr);
  assert.equal(JSON.parse(out.stdout).recovery, undefined);
  assert.equal(R.parse({ base: "100ms", shed: "false" }).inputs, null);
  assert.notEqual(R.parse({ base: "100ms", shed: "true" }).inputs, null);
});

// ---- validation ------------------------------------------------------------------------------

test("invalid inputs are refused for the same argument as sade calc refuses", () => {
  const schedule = { base: "100ms", cap: "30s", attempts: 8, clients: 10 };
  const bad = [
    [{ demand: "0" }, "demand", "rate_range"],
    [{ demand: "abc" }, "demand", "not_number"],
    [{ demand: "2e6" }, "demand", "rate_range"],
    [{ demand: "inf" }, "demand", "not_number"],
    [{ capacity: "-5" }, "capacity", "rate_range"],
    [{ capacity: "10000001" }, "capacity", "rate_range"],
    [{ demand: "800", timeout: "0s" }, "timeout", "duration_above"],
    [{ demand: "800", timeout: "2h" }, "timeout", "duration_above"],
    [{ demand: "800", outage: "61m" }, "outage", "duration_range"],
    [{ horizon: "9.5s" }, "horizon", "duration_range"],
    // Ten whole seconds from the first whole second after a 2.5 s outage: 10.5 s at least.
    [{ outage: "2.5s", horizon: "10.4s", demand: "10" }, "horizon", "duration_range"],
    [{ horizon: "10" }, "horizon", "no_unit"],
    [{ queue: "-1" }, "queue", "queue_range"],
    [{ queue: "1.5" }, "queue", "queue_range"],
    [{ queue: "10000001" }, "queue", "queue_range"],
    [{ budget: "gprc" }, "budget", "unknown_budget"],
    [{ budget: "grpc,,aws" }, "budget", "unknown_budget"],
    [{ demand: "1000000", horizon: "1h" }, "demand", "too_many_requests"],
    [{ trigger: "slowdwon" }, "trigger", "unknown_trigger"],
    [{ trigger: "slowdown", degraded: "0" }, "degraded", "degraded_range"],
    [{ trigger: "slowdown", degraded: "150%" }, "degraded", "degraded_range"],
    [{ trigger: "slowdown", degraded: "half" }, "degraded", "degraded_range"],
    [{ trigger: "surge", surge: "0.5" }, "surge", "surge_range"],
    [{ trigger: "surge", surge: "101" }, "surge", "surge_range"],
    [{ degraded: "0.5" }, "degraded", "trigger_param"],
    [{ trigger: "slowdown", surge: "2" }, "surge", "trigger_param"],
    [{ demand: "60000", frontier: true }, "demand", "frontier_requests"],
    [{ demand: "30000", trigger: "surge", surge: "40", outage: "10s" }, "demand", "too_many_requests"],
    [{ "grpc-max-tokens": "0" }, "grpc-max-tokens", "setting_range"],
    [{ "grpc-token-ratio": "0.0004" }, "grpc-token-ratio", "setting_range"],
    [{ "aws-quota": "2.5" }, "aws-quota", "setting_range"],
    [{ "finagle-ttl": "1500ms" }, "finagle-ttl", "setting_range"],
    [{ "linkerd-ttl": "10" }, "linkerd-ttl", "no_unit"],
    [{ "envoy-budget-percent": "100.5" }, "envoy-budget-percent", "setting_range"],
    [{ "sre-k": "x" }, "sre-k", "not_number"],
    [{ "sre-window": "2h" }, "sre-window", "setting_range"],
    // Finagle's reserve, 10 000 × 60 × 5 000, does not fit its 32-bit Int (when Finagle is
    // simulated) …
    [{ "finagle-min-retries-per-sec": "10000", "finagle-ttl": "60s", budget: "finagle" },
      "finagle-min-retries-per-sec", "setting_range"],
    // … nor 10 × 10 × 99 999 999 (the quotient 99 999 999.99… truncated), named after the ratio.
    [{ demand: "800", "finagle-percent-can-retry": "0.00001", budget: "all" },
      "finagle-percent-can-retry", "setting_range"],
  ];
  for (const [input, arg, code] of bad) {
    const p = { ...schedule, ...input };
    const r = R.parse(p);
    assert.equal(r.ok, false, JSON.stringify(p));
    assert.equal(r.error.arg, arg, JSON.stringify(p));
    assert.equal(r.error.code, code, JSON.stringify(p));
    for (const lang of ["tr", "en"]) {
      const text = R.message(r.error, DATA[lang].words);
      assert.notEqual(text, code, `${code}: a message in ${lang}`);
      assert.doesNotMatch(text, /\{[a-z_]+\}/, `${text}: every placeholder filled`);
    }
    assert.equal(R.compute(p).ok, false);
    const out = sade(p);
    assert.equal(out.status, 2, `${JSON.stringify(p)}: ${out.stdout}`);
    const e = r.error;
    if (code === "unknown_budget") {
      assert.ok(out.stderr.includes(`unknown retry budget \`${e.value}\``), `${out.stderr} vs ${JSON.stringify(e)}`);
      if (e.suggestion) assert.ok(out.stderr.includes(`did you mean \`${e.suggestion}\``), out.stderr);
    } else if (code === "unknown_trigger") {
      assert.ok(out.stderr.includes(`unknown trigger \`${e.value}\``), `${out.stderr} vs ${JSON.stringify(e)}`);
      assert.ok(out.stderr.includes("did you mean `slowdown`"), out.stderr);
    } else if (code === "trigger_param") {
      assert.ok(out.stderr.includes(`\`--${arg}\` is the ${e.kind}'s`), out.stderr);
    } else if (out.stderr.includes(`'--${arg} <`)) {
      // clap's own error: --timeout and --outage are read before everything else.
      assert.ok(["timeout", "outage"].includes(arg), out.stderr);
    } else {
      assert.ok(out.stderr.startsWith(`error: \`${arg}\` is ${e.value}, but `), `${out.stderr} vs ${JSON.stringify(e)}`);
      if (e.allowed) assert.ok(out.stderr.includes(e.allowed), out.stderr);
      if (e.requests) assert.ok(out.stderr.includes(`that is ${e.requests} requests`), out.stderr);
    }
  }
  // What Rust reads: spaces around numbers, `+`, exponents, `none`, each budget once.
  const ok = R.parse({ ...schedule, demand: " 1.5e2 ", capacity: "+300", queue: " none ",
    budget: "sre, grpc,sre", "aws-quota": "1e3", "linkerd-retry-ratio": "0.1" });
  assert.equal(ok.ok, true, JSON.stringify(ok.error));
  assert.equal(ok.inputs.demand, 150);
  assert.equal(ok.inputs.capacity, 300);
  assert.equal(ok.inputs.queue, null);
  assert.deepEqual(ok.inputs.budgets, ["grpc", "sre"]);
  assert.equal(ok.inputs.settings.aws_quota, 1000);
  assert.equal(ok.inputs.settings.linkerd_ratio, Math.fround(0.1));
  // An argument the script does not know, with the closest one.
  const unknown = R.parse({ ...schedule, demnd: "800" });
  assert.deepEqual({ ...unknown.error }, { arg: "demnd", code: "unknown_argument", value: "800",
    suggestion: "demand" });
});

// ---- the worker ------------------------------------------------------------------------------

test("the worker loads only its folder's scripts and posts each run, then done", async () => {
  const file = resolve(JS, "recovery-worker.js");
  assert.ok(existsSync(file));
  const source = readFileSync(file, "utf8");
  assert.doesNotMatch(source, /\beval\s*\(|new Function|\bimport\s*\(|blob:|https?:\/\/|\bfetch\s*\(/);
  const imports = [...source.matchAll(/importScripts\(([^)]*)\)/g)];
  assert.equal(imports.length, 1);
  const scripts = [...imports[0][1].matchAll(/"([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual(scripts, ["backoff.js", "recovery.js"]);
  for (const name of scripts) {
    assert.match(name, /^[a-z-]+\.js$/, "a script of the worker's own folder");
    assert.ok(existsSync(resolve(JS, name)), name);
  }

  // Run it as a dedicated worker would: `self` is the global, with importScripts, postMessage
  // and setTimeout, and no window.
  let posted = [];
  let settled = null;
  const context = vm.createContext({ URLSearchParams, BigInt, setTimeout });
  context.self = context;
  context.importScripts = (...names) => {
    for (const name of names) vm.runInContext(readFileSync(resolve(JS, name), "utf8"), context, { filename: name });
  };
  context.postMessage = (message) => {
    posted.push(structuredClone(message));
    if ((message.done || message.error) && settled) settled();
  };
  vm.runInContext(source, context, { filename: "recovery-worker.js" });
  const answers = (...messages) => {
    posted = [];
    const done = new Promise((resolve) => (settled = resolve));
    for (const data of messages) context.onmessage({ data });
    return done.then(() => posted);
  };

  const input = { ...CASES[4], shed: "true" };
  const want = R.compute(input).value.recovery;
  const runs = await answers({ input, config: DATA.en });
  assert.deepStrictEqual(runs.map((m) => [m.strategy, m.budget]),
    [["equal", "envoy"], ["equal", "sre"], ["decorrelated", "envoy"], ["decorrelated", "sre"], [undefined, undefined]]);
  for (const m of runs.slice(0, -1)) assert.deepStrictEqual(m.run, want[m.strategy][m.budget]);
  assert.deepStrictEqual(runs[runs.length - 1], { done: true });

  // A newer input supersedes the one before; answers carry its id.
  const newer = await answers({ input, config: DATA.en, id: 1 },
    { input: { ...input, budget: "sre", jitter: "equal" }, config: DATA.tr, id: 2 });
  assert.deepStrictEqual(newer, [{ strategy: "equal", budget: "sre", run: want.equal.sre, id: 2 },
    { done: true, id: 2 }]);

  const invalid = await answers({ input: "base=100ms&demand=-1", config: DATA.tr, id: "x" });
  assert.equal(invalid.length, 1);
  assert.equal(invalid[0].id, "x");
  assert.equal(invalid[0].error.arg, "demand");
  assert.equal(invalid[0].error.code, "rate_range");

  // No fleet key: nothing to run.
  assert.deepStrictEqual(await answers({ input: { base: "100ms" }, config: DATA.en }), [{ done: true }]);
});
