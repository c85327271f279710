// Draws delays from the real Node retry libraries, for tests/libraries_real.rs.
//
// Reads a job from standard input: {"library", "sets": [{base_ms, factor, cap_ms, attempts}],
// "runs", "seed", "snippets"?}. Prints one line per parameter set and retry:
// "SET RETRY v1 v2 ...", each v the delay in ms the library hands to setTimeout.
//
// The libraries are driven end to end: a call that always fails, retried by p-retry's pRetry or
// exponential-backoff's backOff (or by sade's snippet itself, imported as a module), with
// setTimeout recording its delay and firing at once. Math.random is replaced by a seeded
// generator (53 random bits, like V8's), so that a run is the same every time.
//
// got and axios-retry are HTTP clients: their delay functions are driven directly (got's
// calculateRetryDelay with retry options normalized by got's own Options, axios-retry's
// exponentialDelay with the retry number its handleRetry passes), and their snippets make real
// requests to a closed port on this machine, retried with the delays recorded.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(0, "utf8"));

/** sfc32, two outputs joined into a double with 53 random bits. */
function seeded(seed) {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return () => ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
}

let log = [];
// In the HTTP clients' snippets, timers of 0 ms are the HTTP stack's own deferrals (axios sets
// some), never a retry's wait (got's and axios-retry's waits are over 0). Elsewhere a 0 ms
// timer is a real draw: full jitter can give one.
const HTTP_CLIENTS = ["snippet-got", "snippet-axios-retry"];
const zeroIsNoWait = HTTP_CLIENTS.includes(job.library);
globalThis.setTimeout = (fn, ms) => {
  if (ms > 0 || !zeroIsNoWait) log.push(ms);
  queueMicrotask(fn);
  return { unref() {}, ref() {} };
};
globalThis.clearTimeout = () => {};

const fail = async () => {
  throw new Error("sade test");
};

async function drive(runOnce, s, runs) {
  const retries = Array.from({ length: s.attempts }, () => []);
  for (let r = 0; r < runs; r++) {
    log = [];
    await runOnce().catch(() => {});
    if (log.length !== s.attempts) throw new Error(`${log.length} delays, expected ${s.attempts}`);
    log.forEach((ms, n) => retries[n].push(ms));
  }
  return retries;
}

const { default: pRetry } = await import("p-retry");
const { backOff } = await import("exponential-backoff");

/** `runs` calls of `delay(n)` for each retry n = 1..attempts. */
function direct(delay, s, runs) {
  return Array.from({ length: s.attempts }, (_, k) =>
    Array.from({ length: runs }, () => delay(k + 1)));
}

async function gotDelays(s, runs) {
  const { Options, calculateRetryDelay } = await import("got");
  const retry = { limit: s.attempts, noise: 100 };
  if (s.cap_ms !== null) retry.backoffLimit = s.cap_ms;
  const retryOptions = new Options({ retry }).retry;
  const error = { name: "RequestError", code: "ECONNREFUSED", options: { method: "GET" } };
  return direct((attemptCount) => calculateRetryDelay({
    attemptCount, retryOptions, error, retryAfter: undefined, computedValue: 0,
  }), s, runs);
}

async function axiosRetryDelays(s, runs) {
  const { exponentialDelay } = await import("axios-retry");
  return direct((retryCount) => exponentialDelay(retryCount, undefined, s.base_ms / 2), s, runs);
}

const DIRECT = { got: gotDelays, "axios-retry": axiosRetryDelays };

const lines = [];
for (const [i, s] of job.sets.entries()) {
  Math.random = seeded(job.seed + i);
  let runOnce;
  if (DIRECT[job.library]) {
    const retries = await DIRECT[job.library](s, job.runs);
    retries.forEach((values, n) => lines.push(`${i} ${n + 1} ${values.join(" ")}`));
    continue;
  } else if (job.library === "p-retry") {
    const options = { retries: s.attempts, minTimeout: s.base_ms, factor: s.factor, randomize: true };
    if (s.cap_ms !== null) options.maxTimeout = s.cap_ms;
    runOnce = () => pRetry(fail, options);
  } else if (job.library === "exponential-backoff") {
    const options = {
      numOfAttempts: s.attempts + 1,
      startingDelay: s.base_ms,
      timeMultiple: s.factor,
      jitter: "full",
    };
    if (s.cap_ms !== null) options.maxDelay = s.cap_ms;
    runOnce = () => backOff(fail, options);
  } else if (job.library.startsWith("snippet-")) {
    // The snippet as a module next to node_modules; each import evaluates it afresh.
    const file = join(job.dir, `snippet-${i}.mjs`);
    // The HTTP clients' snippets ask a closed port on this machine, which refuses at once.
    writeFileSync(file, job.snippets[i].replace("https://example.com/", "http://127.0.0.1:9/"));
    globalThis.call = fail;
    let k = 0;
    // axios-retry's snippet installs its interceptors on axios's shared instance each time it is
    // evaluated, as a program does once: each run starts from none.
    const { default: axios } = job.library === "snippet-axios-retry" ? await import("axios") : {};
    runOnce = () => {
      axios?.interceptors.request.clear();
      axios?.interceptors.response.clear();
      return import(`${pathToFileURL(file).href}?run=${k++}`);
    };
  } else {
    throw new Error(`unknown library ${job.library}`);
  }
  const retries = await drive(runOnce, s, job.runs);
  retries.forEach((values, n) => lines.push(`${i} ${n + 1} ${values.join(" ")}`));
}
process.stdout.write(lines.join("\n") + "\n");
