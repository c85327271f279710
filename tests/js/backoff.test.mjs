// The browser engine (static/js/backoff.js) against the Rust engine: the same numbers to the
// last bit, the same formatting, the same validation. Runs the real `sade` binary: set SADE_BIN,
// or build it first (`cargo build`) so that target/debug/sade exists.
//
//   node --test tests/js/

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const B = require(resolve(here, "../../static/js/backoff.js"));

// The words, limits and defaults the calculator shortcode hands the scripts (`cargo test` writes
// them to SADE_DATA from the Rust tables).
assert.ok(process.env.SADE_DATA, "SADE_DATA must name the calculator's data (cargo test sets it)");
const DATA = JSON.parse(readFileSync(process.env.SADE_DATA, "utf8"));
B.configure(DATA.en);

const SADE = process.env.SADE_BIN || resolve(here, "../../target/debug/sade");

function sade(args) {
  assert.ok(existsSync(SADE), `no sade binary at ${SADE}: run \`cargo build\` or set SADE_BIN`);
  return spawnSync(SADE, ["calc", ...args], { encoding: "utf8", maxBuffer: 64 << 20 });
}

function calcJson(p) {
  const args = [];
  for (const key of ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"]) {
    if (p[key] !== undefined) args.push(`--${key}`, String(p[key]));
  }
  const out = execFileSync(SADE, ["calc", ...args, "--json"], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out);
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

test("loads as a plain browser script: window.SadeBackoff, configured by the page's data", () => {
  const source = readFileSync(resolve(here, "../../static/js/backoff.js"), "utf8");
  assert.doesNotMatch(source, /\beval\s*\(|new Function|\bimport\s*\(|https?:\/\//);
  const window = {};
  const context = vm.createContext({
    window,
    document: { documentElement: { lang: "tr-TR" } },
    URLSearchParams,
    BigInt,
  });
  vm.runInContext(source, context, { filename: "backoff.js" });
  const api = window.SadeBackoff;
  assert.equal(typeof api.compute, "function");
  assert.equal(context.module, undefined);
  assert.equal(api.chacha8(42).nextU64(), 12578764544318200737n);
  // Nothing of sade's is assumed: without the page's data, parsing says so.
  assert.throws(() => api.parseParams("base=100ms"), /configure/);
  api.configure(DATA.tr);
  const r = api.parseParams("base=100&attempts=3");
  assert.deepEqual({ ...r.error }, { arg: "base", code: "no_unit", value: "100" });
  assert.equal(
    api.message(r.error, DATA.tr.words),
    "İlk bekleme: `100` bir birim ister (ms, s, m ya da h), örneğin `100ms`",
  );
  assert.equal(api.compute("base=100ms&attempts=3&clients=10").rows.length, 3);
});

test("ChaCha8 golden value (SPEC §2)", () => {
  assert.equal(B.chacha8(42).nextU64(), 12578764544318200737n);
  assert.equal(B.chacha8(42n, 0n).nextU64(), 12578764544318200737n);
  assert.equal(B.chacha8("42", 0).nextU64(), 12578764544318200737n);
});

test("ChaCha8 words are one stream: u64 = two consecutive u32, low first, across blocks", () => {
  const words = B.chacha8(7, (3n << 32n) + 5n);
  const pairs = B.chacha8(7, (3n << 32n) + 5n);
  const units = B.chacha8(7, (3n << 32n) + 5n);
  words.nextU32(); // an odd offset: the next u64 straddles words 1 and 2
  const straddled = B.chacha8(7, (3n << 32n) + 5n);
  straddled.nextU32();
  for (let i = 0; i < 40; i++) {
    const lo = BigInt(words.nextU32());
    const hi = BigInt(words.nextU32());
    assert.equal(straddled.nextU64(), (hi << 32n) | lo);
  }
  for (let i = 0; i < 40; i++) {
    const x = pairs.nextU64();
    assert.equal(units.nextUnit(), Number(x >> 11n) * 2 ** -53);
  }
  assert.throws(() => B.chacha8(-1), RangeError);
  assert.throws(() => B.chacha8(1n << 64n), RangeError);
});

// Parameter sets: the SPEC's vectors and edge cases first, then seeded random ones.
const DURATIONS = ["0.1ms", "1ms", "7ms", "10ms", "33.3ms", "100ms", "250ms", "0.5s", "1.5s", "2s",
  "30s", "2m", "1h"];
const FACTORS = ["1", "1.05", "1.5", "1.7", "2", "2.5", "3", "4", "10"];
const CLIENTS = [1, 2, 7, 100, 1000, 1023, 1024, 1025, 2048, 3000, 5000];
const NAMES = ["none", "full", "equal", "decorrelated"];

function randomCase(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const base = pick(DURATIONS);
  const baseMs = B.parseParams({ base }).params.base_ms;
  const caps = DURATIONS.filter((d) => B.parseParams({ base: d }).params.base_ms >= baseMs);
  const cap = next() < 0.3 ? "none" : pick(caps);
  const attempts = next() < 0.15 ? 100 : 1 + Math.floor(next() * 100);
  const clients = next() < 0.5 ? pick(CLIENTS) : 1 + Math.floor(next() * 5000);
  let jitter = "all";
  if (next() < 0.6) {
    // A subset in random order, sometimes with a repeat: sorted and deduplicated by both.
    const names = NAMES.filter(() => next() < 0.5);
    if (names.length === 0) names.push(pick(NAMES));
    if (next() < 0.3) names.push(names[0]);
    names.sort(() => next() - 0.5);
    jitter = names.join(",");
  }
  const seed = next() < 0.1 ? "18446744073709551615" : String(Math.floor(next() * 2 ** 32));
  return { base, factor: pick(FACTORS), cap, attempts, jitter, seed, clients };
}

const CASES = [
  { base: "250ms", factor: "2", cap: "30s", attempts: 6, jitter: "all", seed: "7", clients: 1000 },
  { base: "100ms", factor: "2", cap: "none", attempts: 12, jitter: "all", seed: "7", clients: 1000 },
  { base: "100ms", factor: "2", cap: "30s", attempts: 8, jitter: "all", seed: "7", clients: 1000 },
  { base: "100ms", factor: "1", cap: "none", attempts: 100, jitter: "all", seed: "0", clients: 5000 },
  { base: "1h", factor: "10", cap: "none", attempts: 100, jitter: "all", seed: "1", clients: 3 },
  { base: "1ms", factor: "1.7", cap: "none", attempts: 100, jitter: "decorrelated", seed: "9",
    clients: 1025 },
  { base: "100ms", factor: "3", cap: "100ms", attempts: 5, jitter: "equal,full", seed: "2",
    clients: 1 },
];
const next = rng(20260617);
while (CASES.length < 60) CASES.push(randomCase(next));

test("compute equals `sade calc --json` exactly, for 60 parameter sets", () => {
  for (const p of CASES) {
    const expected = calcJson(p);
    const fromObject = B.compute(p);
    assert.deepStrictEqual(fromObject, expected, JSON.stringify(p));
    const query = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]));
    assert.deepStrictEqual(B.compute(query.toString()), expected, query.toString());
  }
});

test("SPEC §1 test vectors", () => {
  const a = B.compute("base=250ms&factor=2&cap=30s&attempts=6&clients=10");
  assert.deepEqual(a.rows.map((r) => r.nominal_ms), [250, 500, 1000, 2000, 4000, 8000]);
  for (const s of ["none", "full", "equal"]) assert.equal(a.totals[s].worst_ms, 15750);
  assert.equal(a.totals.equal.best_ms, 7875);
  assert.deepEqual(a.rows.map((r) => r.decorrelated.max_ms), [750, 2250, 6750, 20250, 30000, 30000]);
  assert.equal(a.totals.decorrelated.worst_ms, 90000);
  assert.equal(a.totals.decorrelated.best_ms, 1500);
  const b = B.compute("base=100ms&attempts=12&jitter=none&clients=1");
  assert.equal(b.rows[11].nominal_ms, 204800);
  assert.equal(B.formatDuration(b.rows[11].nominal_ms, "tr"), "≈ 3,4\u00a0dk");
  const c = B.compute("base=100ms&cap=30s&attempts=8&clients=10");
  assert.equal(c.totals.none.worst_ms, 25500);
  assert.equal(c.totals.decorrelated.worst_ms, 126300);
  const d = B.compute("base=100ms&cap=30s&attempts=8&clients=5000&jitter=none");
  assert.equal(d.fleet.none.histogram.reduce((x, y) => x + y, 0), 5000 * 8);
});

test("formatNumber, formatDuration, formatPercent match src/i18n.rs", () => {
  const numbers = [
    [15750, 2, "tr", "15.750"],
    [15750.5, 2, "tr", "15.750,5"],
    [15750.5, 2, "en", "15,750.5"],
    [1234567.891, 2, "en", "1,234,567.89"],
    [999, 0, "tr", "999"],
    [0.04, 1, "en", "0"],
    [-0.04, 1, "en", "0"],
    [-1500, 0, "en", "-1,500"],
    [2.5, 0, "en", "3"],
    [0.05, 1, "en", "0.1"],
    [1e22, 0, "en", "10,000,000,000,000,000,000,000"],
    // Exact ties round away from zero; binary near-ties follow the IEEE product.
    [0.5, 0, "en", "1"],
    [1.5, 0, "tr", "2"],
    [-2.5, 0, "en", "-3"],
    [0.25, 1, "en", "0.3"],
    [1.005, 2, "en", "1"], // 1.005 × 100 = 100.49999999999999
    [0.15, 1, "tr", "0,2"], // 0.15 × 10 = 1.5 exactly
    [0.49999999999999994, 0, "en", "0"],
    // Large numbers: every digit of the double, grouped.
    [2 ** 53, 0, "en", "9,007,199,254,740,992"],
    [2 ** 53 + 2, 0, "tr", "9.007.199.254.740.994"],
    [1.7976931348623157e308, 0, "en",
      BigInt(1.7976931348623157e308).toString().replace(/\B(?=(\d{3})+$)/g, ",")],
    [123456789.123456, 6, "en", "123,456,789.123456"],
    [1e21, 2, "tr", "999.999.999.999.999.916.113,92"], // 1e21 × 100 is just below 1e23
    // Outside the inputs sade formats, still Rust's digits (decimals above 6 are 6).
    [1.5, 8, "en", "1.5"],
    [1 / 3, 9, "tr", "0,333333"],
    [NaN, 1, "en", "Na.N"],
    [Infinity, 0, "en", "inf"],
    [-Infinity, 2, "tr", "-i,nf"],
    [0, 3, "en", "0"],
  ];
  for (const [v, d, lang, want] of numbers) {
    assert.equal(B.formatNumber(v, d, lang), want, `formatNumber(${v}, ${d}, ${lang})`);
  }
  const durations = [
    [204800, "tr", "≈ 3,4\u00a0dk"],
    [204800, "en", "≈ 3.4\u00a0min"],
    [250, "en", "250\u00a0ms"],
    [25500, "tr", "25,5\u00a0sn"],
    [90000, "en", "1.5\u00a0min"],
    [7200000, "tr", "2\u00a0sa"],
    [347.4, "en", "≈ 347\u00a0ms"],
    [0, "en", "0\u00a0ms"],
    [999.5, "en", "≈ 1,000\u00a0ms"],
    [1000, "tr", "1\u00a0sn"],
    [59999, "en", "≈ 60\u00a0s"],
    [150000, "en", "2.5\u00a0min"],
    [6000000, "en", "≈ 1.7\u00a0h"],
    [360000000, "tr", "100\u00a0sa"],
    [3.6e105, "en", "999,999,999,999,999,967,336,168,804,116,691,273,849,533,185,806,555,472,917," +
      "961,779,471,295,845,921,727,862,608,739,868,455,469,056\u00a0h"],
    [-2500, "en", "-2,500\u00a0ms"],
  ];
  for (const [ms, lang, want] of durations) {
    assert.equal(B.formatDuration(ms, lang), want, `formatDuration(${ms}, ${lang})`);
  }
  assert.equal(B.formatPercent(0.125, "tr"), "%12,5");
  assert.equal(B.formatPercent(0.125, "en"), "12.5%");
  assert.equal(B.formatPercent(1, "tr"), "%100");
  assert.equal(B.formatPercent(0.0005, "en"), "0.1%");
  assert.equal(B.formatPercent(1 / 3, "en"), "33.3%");
  assert.throws(() => B.formatNumber(1, 0, "de"), /unknown language/);
});

test("formatting equals the Rust functions on the cases tests/js_engine.rs wrote", (t) => {
  const file = process.env.SADE_FORMAT_CASES;
  if (!file) {
    t.skip("SADE_FORMAT_CASES not set (cargo test sets it)");
    return;
  }
  const cases = JSON.parse(readFileSync(file, "utf8"));
  assert.ok(cases.numbers.length > 100);
  for (const [v, d, lang, want] of cases.numbers) {
    assert.equal(B.formatNumber(v, d, lang), want, `formatNumber(${v}, ${d}, ${lang})`);
  }
  for (const [ms, lang, want] of cases.durations) {
    assert.equal(B.formatDuration(ms, lang), want, `formatDuration(${ms}, ${lang})`);
  }
  for (const [share, lang, want] of cases.percents) {
    assert.equal(B.formatPercent(share, lang), want, `formatPercent(${share}, ${lang})`);
  }
  assert.ok(cases.floats.length > 1000);
  for (const [v, want] of cases.floats) {
    assert.equal(B.rustF64(v), want, `rustF64(${v})`);
  }
});

test("describeParams matches the first line of `sade calc`", () => {
  for (const p of CASES.slice(0, 12)) {
    for (const lang of ["tr", "en"]) {
      const args = Object.entries({ ...p, clients: 1 }).flatMap(([k, v]) => [`--${k}`, String(v)]);
      const out = sade([...args, "--lang", lang]);
      assert.equal(out.status, 0, out.stderr);
      const words = DATA[lang].words;
      const want = out.stdout.split("\n")[0];
      const got = B.describeParams(p, words, lang).replaceAll("\u00a0", " ");
      assert.equal(`${words.terminal.schedule}: ${got}`, want);
    }
  }
});

test("invalid parameters name the argument and a message of the page's words", () => {
  const bad = [
    [{ factor: "2" }, "base"],
    [{ base: "100" }, "base"],
    [{ base: "3sec" }, "base"],
    [{ base: "1.2.3s" }, "base"],
    [{ base: "-1s" }, "base"],
    [{ base: "0ms" }, "base"],
    [{ base: "100ms", factor: "0.5" }, "factor"],
    [{ base: "100ms", factor: "NaN" }, "factor"],
    [{ base: "100ms", factor: "inf" }, "factor"],
    [{ base: "100ms", factor: "two" }, "factor"],
    [{ base: "100ms", cap: "50ms" }, "cap"],
    [{ base: "100ms", cap: "30" }, "cap"],
    [{ base: "100ms", attempts: 0 }, "attempts"],
    [{ base: "100ms", attempts: 101 }, "attempts"],
    [{ base: "100ms", attempts: "2.5" }, "attempts"],
    [{ base: "100ms", factor: "1e10", attempts: 100 }, "attempts"],
    [{ base: "100s", factor: "1e10", attempts: 31 }, "attempts"],
    [{ base: "100ms", clients: 0 }, "clients"],
    [{ base: "100ms", clients: 100001 }, "clients"],
    [{ base: "100ms", jitter: "fulll" }, "jitter"],
    [{ base: "100ms", jitter: "" }, "jitter"],
    [{ base: "100ms", jitter: [] }, "jitter"],
    [{ base: "100ms", seed: "-1" }, "seed"],
    [{ base: "100ms", seed: "18446744073709551616" }, "seed"],
    [{ base: "100ms", atempts: 3 }, "atempts"],
  ];
  for (const [input, arg] of bad) {
    const r = B.parseParams(input);
    assert.equal(r.ok, false, JSON.stringify(input));
    assert.equal(r.error.arg, arg, JSON.stringify(input));
    for (const lang of ["tr", "en"]) {
      const words = DATA[lang].words;
      const text = B.message(r.error, words);
      assert.ok(words.messages[r.error.code], `${r.error.code} has a message`);
      assert.doesNotMatch(text, /\{[a-z_]+\}/, `${text}: every placeholder filled`);
      if (words.form[arg]) assert.ok(text.includes(words.form[arg]), `${text} names ${words.form[arg]}`);
    }
    assert.throws(() => B.compute(input), (e) => e.arg === arg);
  }
  assert.equal(
    B.message(B.parseParams({ base: "100ms", cap: "50ms" }).error, DATA.tr.words),
    "Üst sınır en az ilk bekleme (100ms) kadar olmalı ya da `none`",
  );
  assert.equal(
    B.message(B.parseParams({ base: "100ms", factor: "abc" }).error, DATA.en.words),
    "Factor: `abc` is not a number",
  );
  assert.deepEqual(
    { ...B.parseParams("base=1s&jitter=decorelated").error },
    { arg: "jitter", code: "unknown_strategy", value: "decorelated", suggestion: "decorrelated" },
  );
  assert.equal(B.parseParams({ base: "1s", atempts: 3 }).error.suggestion, "attempts");
  // Numeric parameters get the same checks.
  assert.throws(() => B.compute({ base_ms: 100, cap_ms: 50 }), (e) => e.arg === "cap");
  assert.throws(() => B.compute({ base_ms: Infinity }), (e) => e.arg === "base");
  assert.throws(() => B.compute({ base_ms: 100, attempts: 2.5 }), (e) => e.arg === "attempts");
  assert.throws(() => B.compute({ base_ms: 100, strategies: ["ful"] }), (e) => e.arg === "jitter");
  // Query strings ignore keys that are not the calculator's (a URL carries others).
  assert.equal(B.parseParams("base=1s&utm_source=x").ok, true);
});

test("errors find what the Rust ones find: the same argument, for the same reason", () => {
  const cases = [
    { base: "0ms", attempts: 3 },
    { base: "100ms", factor: "0.5", attempts: 3 },
    { base: "1.5s", cap: "1s", attempts: 3 },
    { base: "100ms", attempts: 0 },
    { base: "100ms", attempts: 101 },
    { base: "100ms", attempts: 3, clients: 0 },
    { base: "100ms", attempts: 3, clients: 100001 },
    { base: "100ms", factor: "1e10", attempts: 100 },
    { base: "100ms", factor: "1e10", attempts: 100, jitter: "full" },
    { base: "100s", factor: "1e10", attempts: 31 },
    { base: "100000s", factor: "1e10", attempts: 31, clients: 7 },
    { base: "100", attempts: 3 },
    { base: "3sec", attempts: 3 },
    { base: "1.2.3s", attempts: 3 },
    { base: "1e3ms", attempts: 3 },
    { base: "-5ms", attempts: 3 },
    { base: "100ms", cap: "2.5E-1s", attempts: 3 },
    { base: "100ms", cap: "2x", attempts: 3 },
    { base: "100ms", attempts: 3, jitter: "fulll" },
    { base: "100ms", attempts: 3, jitter: "none,bogus" },
  ];
  for (const p of cases) {
    const args = Object.entries(p).flatMap(([k, v]) => [`--${k}`, String(v)]);
    const out = sade(args);
    assert.equal(out.status, 2, JSON.stringify(p));
    const e = B.parseParams(p).error;
    // The CLI names the argument as a flag (a value clap refused) or in backticks (a range).
    assert.ok(
      out.stderr.includes(`'--${e.arg} <`) || out.stderr.startsWith(`error: \`${e.arg}\``),
      `${out.stderr} vs ${JSON.stringify(e)}`,
    );
    // And the reason: a range error's value, a parse error's cause.
    const reason = {
      no_unit: "needs a unit",
      unknown_unit: "unknown unit",
      not_number: "is not a number",
      exponent: "is written with an exponent",
      bad_duration: "finite, non-negative",
      unknown_strategy: "unknown jitter strategy",
      overflow: "overflows",
      total_overflow: "overflows",
    }[e.code];
    if (reason) assert.ok(out.stderr.includes(reason), `${out.stderr} vs ${e.code}`);
    else assert.ok(out.stderr.includes(` is ${e.value}, but `), `${out.stderr} vs ${JSON.stringify(e)}`);
  }
});
