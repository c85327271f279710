// The browser odds engine (static/js/odds.js) against the Rust one: every number of the "odds"
// object of `sade calc --json` (SPEC §7), to the last bit, on 50 random parameter sets; the same
// validation; the same probability formatting. Runs the real `sade` binary: set SADE_BIN, or
// build it first (`cargo build`) so that target/debug/sade exists.
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
const O = require(resolve(here, "../../static/js/odds.js"));
const B = require(resolve(here, "../../static/js/backoff.js"));

// The words, limits and defaults of the calculator's data block (cargo test writes SADE_DATA).
assert.ok(process.env.SADE_DATA, "SADE_DATA must name the calculator's data (cargo test sets it)");
const DATA = JSON.parse(readFileSync(process.env.SADE_DATA, "utf8"));
B.configure(DATA.en);

const SADE = process.env.SADE_BIN || resolve(here, "../../target/debug/sade");

/** `sade calc` with the input's keys as flags; {status, stdout, stderr}. */
function sade(input, extra = []) {
  assert.ok(existsSync(SADE), `no sade binary at ${SADE}: run \`cargo build\` or set SADE_BIN`);
  const args = Object.entries(input).flatMap(([k, v]) => [`--${k}`, String(v)]);
  return spawnSync(SADE, ["calc", ...args, ...extra], { encoding: "utf8", maxBuffer: 64 << 20 });
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

test("loads as a plain browser script after backoff.js: window.SadeOdds", () => {
  const window = {};
  const context = vm.createContext({
    window,
    document: { documentElement: { lang: "tr" } },
    URLSearchParams,
    BigInt,
  });
  for (const file of ["backoff.js", "odds.js"]) {
    const source = readFileSync(resolve(here, "../../static/js", file), "utf8");
    assert.doesNotMatch(source, /\beval\s*\(|new Function|\bimport\s*\(|https?:\/\//);
    vm.runInContext(source, context, { filename: file });
  }
  window.SadeBackoff.configure(DATA.tr);
  const api = window.SadeOdds;
  assert.equal(typeof api.compute, "function");
  assert.equal(context.module, undefined);
  const odds = api.compute("base=100ms&cap=30s&attempts=4&fail=0.5&odds-clients=10");
  assert.equal(odds.p_success, 0.96875);
  // A percentage in either order (Turkish writes %30), as parse_fail reads it.
  for (const [fail, share] of [["30%", 0.3], ["%30", 0.3], [" % 12.5 ", 0.125], ["%100", 1]]) {
    assert.equal(api.parse({ base: "100ms", fail }).odds.fail, share, fail);
  }
  for (const fail of ["%130", "%30%", "%%30", "%"]) {
    assert.equal(api.parse({ base: "100ms", fail }).error.code, "fail_range", fail);
  }
  // Errors as codes, worded by the page's words.
  const e = api.parse("base=100ms&attempts=4&fail=130%").error;
  assert.deepEqual({ ...e }, { arg: "fail", code: "fail_range", value: "130%" });
  assert.equal(
    window.SadeBackoff.message(e, DATA.tr.words),
    "Başarısızlık oranı 0 ile 1 arasında bir pay ya da %0 ile %100 arasında bir yüzde olmalı",
  );
});

test("the issue's vector: p_success 0.96875, expected_calls 1.9375", () => {
  const odds = O.compute({ base: "100ms", factor: "2", cap: "30s", attempts: 4, fail: "0.5" });
  assert.equal(odds.p_success, 0.96875);
  assert.equal(odds.expected_calls, 1.9375);
  assert.equal(odds.calls, 5);
  // No odds key, no odds: as `sade calc` without --fail and friends.
  assert.equal(O.compute({ base: "100ms", attempts: 4, "odds-clients": 5 }), null);
});

// ---- 50 random parameter sets ----------------------------------------------------------------

const DURATIONS = ["0.5ms", "1ms", "7ms", "33.3ms", "100ms", "250ms", "1.5s", "2s", "30s", "2m"];
const NAMES = ["none", "full", "equal", "decorrelated"];

function ms(text) {
  return O.parse({ base: "1ms", attempts: 1, timeout: text }).odds.timeout_ms;
}

function randomCase(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const base = pick(DURATIONS);
  const caps = DURATIONS.filter((d) => ms(d) >= ms(base));
  const p = {
    base,
    factor: pick(["1", "1.5", "2", "2.5", "3", "4"]),
    cap: next() < 0.3 ? "none" : pick(caps),
    attempts: next() < 0.1 ? 100 : 1 + Math.floor(next() * 24),
    seed: String(Math.floor(next() * 2 ** 32)),
  };
  if (next() < 0.5) {
    const names = NAMES.filter(() => next() < 0.5);
    p.jitter = (names.length ? names : [pick(NAMES)]).join(",");
  }
  // The failure rate: the ends, round values, percentages and arbitrary shares.
  const r = next();
  if (r < 0.85) {
    p.fail = r < 0.08 ? "0" : r < 0.16 ? "1" : r < 0.22 ? "100%" : r < 0.3 ? "0%"
      : r < 0.5 ? `${(next() * 100).toFixed(1)}%` : String(next());
  }
  const duration = () => (next() < 0.3 ? pick(["0ms", "100ms", "2s", "20s", "60s"])
    : `${(next() * 30000).toFixed(next() < 0.5 ? 0 : 2)}ms`);
  if (next() < 0.6) p.timeout = duration();
  if (next() < 0.6) p.deadline = duration();
  if (next() < 0.6 || p.fail === undefined) p.outage = duration();
  if (p.fail !== undefined && next() < 0.15) p.layers = 1 + Math.floor(next() * 4);
  if (next() < 0.85) p["odds-clients"] = 1 + Math.floor(next() * 3000);
  return p;
}

const CASES = [
  { base: "100ms", factor: "2", cap: "30s", attempts: 4, fail: "0.5" },
  { base: "100ms", cap: "30s", attempts: 8, fail: "30%", timeout: "2s", deadline: "20s", outage: "10s" },
  { base: "250ms", attempts: 6, fail: "0.9", deadline: "0ms", outage: "0ms", "odds-clients": 1 },
  { base: "1ms", cap: "1ms", attempts: 100, fail: "1", timeout: "1ms", deadline: "1s", layers: 3,
    "odds-clients": 777 },
];
const next = rng(20261201);
while (CASES.length < 50) CASES.push(randomCase(next));

test("compute equals the odds of `sade calc --json` exactly, for 50 parameter sets", (t) => {
  let compared = 0;
  for (const p of CASES) {
    const out = sade(p, ["--json", "--clients", "1"]);
    if (out.status !== 0) {
      // Refused by both, for the same argument.
      assert.equal(out.status, 2, out.stderr);
      assert.equal(O.parse(p).ok, false, `${JSON.stringify(p)}: ${out.stderr}`);
      continue;
    }
    const want = JSON.parse(out.stdout).odds;
    assert.deepStrictEqual(O.compute(p), want, JSON.stringify(p));
    const query = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]));
    assert.deepStrictEqual(O.compute(query.toString()), want, query.toString());
    compared++;
  }
  assert.ok(compared >= 45, `only ${compared} of 50 sets compared`);
  t.diagnostic(`compared ${compared} of ${CASES.length} sets; the others were refused by both`);
});

test("the outage delays behind the chart are the simulated ones, sorted", () => {
  const { odds, outageDelays } = O.run({ base: "100ms", cap: "30s", attempts: 8, outage: "10s",
    timeout: "2s", "odds-clients": 300 });
  for (const name of NAMES) {
    const d = outageDelays[name];
    assert.equal(d.length, 300 * (1 - odds[name].outage_give_up_share));
    for (let i = 1; i < d.length; i++) assert.ok(d[i - 1] <= d[i]);
    assert.equal(d[Math.ceil(0.5 * d.length) - 1], odds[name].outage_p50_ms);
  }
});

// ---- validation ------------------------------------------------------------------------------

test("invalid odds inputs are refused for the same argument as sade calc refuses", () => {
  const schedule = { base: "100ms", cap: "30s", attempts: 8 };
  const bad = [
    [{ fail: "130%" }, "fail"],
    [{ fail: "-0.1" }, "fail"],
    [{ fail: "abc" }, "fail"],
    [{ fail: "NaN" }, "fail"],
    [{ fail: " 1.5 " }, "fail"],
    [{ fail: "0.3", timeout: "-1s" }, "timeout"],
    [{ outage: "abc" }, "outage"],
    [{ deadline: "20" }, "deadline"],
    [{ layers: 2 }, "layers"],
    [{ fail: "0.1", layers: 11 }, "layers"],
    [{ fail: "0.1", "odds-clients": 0 }, "odds-clients"],
    [{ fail: "0.1", "odds-clients": 100001 }, "odds-clients"],
    // 5·10^307 ms is a duration, but 9 calls of it are not a number any more.
    [{ fail: "0.1", timeout: `5${"0".repeat(307)}ms` }, "timeout"],
  ];
  for (const [input, arg] of bad) {
    const p = { ...schedule, ...input };
    const r = O.parse(p);
    assert.equal(r.ok, false, JSON.stringify(p));
    assert.equal(r.error.arg, arg, JSON.stringify(p));
    for (const lang of ["tr", "en"]) {
      const text = B.message(r.error, DATA[lang].words);
      assert.doesNotMatch(text, /\{[a-z_]+\}/, `${text}: every placeholder filled`);
    }
    assert.throws(() => O.compute(p), (e) => e.arg === arg);
    const out = sade(p);
    assert.equal(out.status, 2, JSON.stringify(p));
    assert.ok(
      out.stderr.includes(`'--${arg} <`) || out.stderr.startsWith(`error: \`${arg}\``),
      `${out.stderr} vs ${JSON.stringify(r.error)}`,
    );
  }
  // A good share or percentage, with spaces around, is what Rust reads.
  assert.equal(O.parse({ ...schedule, fail: " 12.5 % " }).odds.fail, 0.125);
  assert.equal(Object.is(O.parse({ ...schedule, fail: "-0" }).odds.fail, 0), true);
});

// ---- formatting ------------------------------------------------------------------------------

test("formatProbability matches src/i18n.rs", (t) => {
  const cases = [
    [0.96875, "en", "96.9%"],
    [0.96875, "tr", "%96,9"],
    [0.5, "en", "50%"],
    [0, "en", "0%"],
    [1, "tr", "%100"],
    [0.3 ** 9, "en", "0.002%"],
    [1 - 0.3 ** 9, "tr", "%99,998"],
    [1e-12, "en", "≈ 0%"],
    [1 - 1e-12, "tr", "≈ %100"],
  ];
  for (const [share, lang, want] of cases) {
    assert.equal(O.formatProbability(share, lang), want, `${share} ${lang}`);
  }
  const file = process.env.SADE_FORMAT_CASES;
  if (!file) {
    t.skip("SADE_FORMAT_CASES not set (cargo test sets it)");
    return;
  }
  const rust = JSON.parse(readFileSync(file, "utf8")).probabilities;
  assert.ok(rust.length > 500);
  for (const [share, lang, want] of rust) {
    assert.equal(O.formatProbability(share, lang), want, `formatProbability(${share}, ${lang})`);
  }
});
