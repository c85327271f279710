// Timing of the browser engine's compute (static/js/backoff.js) under Node:
//   node benches/js_engine.mjs
// The calculator page recomputes on every input change, so the default fleet (1000 clients)
// must take a few milliseconds.

import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const B = require("../static/js/backoff.js");

function time(query, runs) {
  B.compute(query); // warm up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    B.compute(query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)];
  console.log(`${query}: median ${median.toFixed(2)} ms, min ${times[0].toFixed(2)} ms (${runs} runs)`);
}

time("base=100ms&cap=30s&attempts=8&jitter=all&clients=1000", 200);
time("base=100ms&cap=30s&attempts=20&jitter=all&clients=100000", 10);
time("base=100ms&cap=none&factor=1.7&attempts=100&jitter=all&clients=100000", 5);
