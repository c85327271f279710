// The browser's library models (static/js/libraries.js) against the Rust engine's (SPEC §6):
// every model, every number, note and snippet equal to `sade calc --library all --json`, on the
// issue's example, edge cases and 20 seeded random parameter sets. Runs the real `sade` binary:
// set SADE_BIN, or build it first (`cargo build`).
//
//   node --test tests/js/

import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const B = require(resolve(here, "../../static/js/backoff.js"));
const L = require(resolve(here, "../../static/js/libraries.js"));

// The limits and defaults of the calculator's data block (cargo test writes SADE_DATA).
assert.ok(process.env.SADE_DATA, "SADE_DATA must name the calculator's data (cargo test sets it)");
B.configure(JSON.parse(readFileSync(process.env.SADE_DATA, "utf8")).en);
const SADE = process.env.SADE_BIN || resolve(here, "../../target/debug/sade");

function calc(p) {
  const args = ["calc", "--base", p.base, "--factor", p.factor, "--cap", p.cap, "--attempts",
    String(p.attempts), "--seed", p.seed, "--jitter", "none", "--clients", "1", "--library", "all",
    "--json"];
  return JSON.parse(execFileSync(SADE, args, { encoding: "utf8", maxBuffer: 64 << 20 }));
}

/** mulberry32: the random cases are the same on every run. */
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

const DURATIONS = ["0.1ms", "1ms", "7ms", "33.3ms", "100ms", "250ms", "0.5s", "1.5s", "30s", "2m", "1h"];
const FACTORS = ["1", "1.05", "1.5", "1.7", "2", "2.5", "3", "4", "10"];

function randomCase(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const base = pick(DURATIONS);
  const baseMs = B.parseParams({ base }).params.base_ms;
  const caps = DURATIONS.filter((d) => B.parseParams({ base: d }).params.base_ms >= baseMs);
  const cap = next() < 0.3 ? "none" : pick(caps);
  const attempts = next() < 0.15 ? 100 : 1 + Math.floor(next() * 100);
  const seed = next() < 0.1 ? "18446744073709551615" : String(Math.floor(next() * 2 ** 32));
  return { base, factor: pick(FACTORS), cap, attempts, seed };
}

const CASES = [
  { base: "100ms", factor: "2", cap: "30s", attempts: 6, seed: "7" },
  { base: "100ms", factor: "1", cap: "none", attempts: 100, seed: "0" },
  { base: "250ms", factor: "3", cap: "250ms", attempts: 1, seed: "1" },
  { base: "1h", factor: "10", cap: "none", attempts: 100, seed: "2" },
  { base: "0.1ms", factor: "1.5", cap: "none", attempts: 60, seed: "3" },
];
const next = rng(20261201);
const RANDOM = Array.from({ length: 20 }, () => randomCase(next));

function paramsOf(doc) {
  const p = doc.params;
  return { base_ms: p.base_ms, factor: p.factor, cap_ms: p.cap_ms, attempts: p.attempts };
}

test("every model equals `sade calc --library all --json`: edge cases and 20 random sets", () => {
  for (const c of [...CASES, ...RANDOM]) {
    const doc = calc(c);
    const models = L.models({ ...paramsOf(doc), seed: c.seed }, "all");
    assert.equal(models.length, 17);
    models.forEach((m, i) => {
      assert.deepStrictEqual(m, doc.libraries[i], `${m.name} ${JSON.stringify(c)}`);
    });
  }
});

test("ids, order and unknown ids", () => {
  assert.deepEqual(L.ids, ["grpc", "aws-sdk", "tenacity", "python-backoff", "cenkalti", "p-retry",
    "exponential-backoff", "backon", "polly", "resilience4j", "urllib3", "google-api-core",
    "stamina", "got", "axios-retry", "go-retryablehttp", "grpc-core"]);
  const p = { base_ms: 100, factor: 2, cap_ms: 30000, attempts: 3 };
  assert.deepEqual(L.models(p, "polly,grpc,polly").map((m) => m.name), ["polly", "grpc"]);
  assert.deepEqual(L.models(p, ["tenacity"]).map((m) => m.name), ["tenacity"]);
  assert.throws(() => L.models(p, "tenacty"), /unknown library `tenacty`/);
  assert.equal(L.label("cenkalti"), "cenkalti/backoff");
  assert.equal(L.group("got"), "http");
  assert.equal(L.group("grpc-core"), "rpc");
});

test("loads as a plain browser script after backoff.js: window.SadeLibraries", () => {
  const window = {};
  const context = vm.createContext({ window, BigInt });
  for (const file of ["backoff.js", "libraries.js"]) {
    const source = readFileSync(resolve(here, "../../static/js", file), "utf8");
    assert.doesNotMatch(source, /\beval\s*\(|new Function|\bimport\(|XMLHttpRequest|WebSocket/);
    vm.runInContext(source, context, { filename: file });
  }
  const m = window.SadeLibraries.model("grpc", { base_ms: 100, factor: 2, cap_ms: null, attempts: 2 });
  // Another realm's objects: compared as JSON.
  const ours = L.model("grpc", { base_ms: 100, factor: 2, cap_ms: null, attempts: 2 });
  assert.equal(JSON.stringify(m), JSON.stringify(ours));
  assert.equal(m.rows.length, 2);
});
