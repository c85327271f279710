/*!
 * sade — the fleet under load (static/js/recovery.js) in a dedicated Web Worker, so that the
 * page stays responsive while it runs: new Worker("/js/recovery-worker.js").
 *
 * Post it {input, config, id}: `input` is what SadeRecovery.parse takes (a query string or an
 * object), `config` what SadeBackoff.configure takes (the calculator's data block), `id`
 * anything (optional), echoed in every answer. It answers {error, errors} when the input is
 * invalid, else one message per strategy and budget as each run finishes, {strategy, budget,
 * run} (`run` as SadeRecovery.run returns it), in the order of `sade calc --json`, then
 * {done: true}.
 *
 * With `search` as well ({kind, budget, u, known}: a search of SPEC §9's frontier or of the
 * advice's alternatives, SadeRecovery.searchSteps), it makes that search for the input's
 * strategy under `budget`, one verdict-only run per task, and answers {search, result, steps},
 * then {done: true}. `known` (optional) is a full run's verdict at the inputs as given
 * ({outage_ms, capacity, recovers}): a step at those inputs takes it rather than running again.
 *
 * It computes one run per task: a new message supersedes the one before, whose remaining runs
 * are dropped (one run of it may still arrive, with its `id`). Keeping one worker rather than
 * starting another keeps the engine's compiled code warm: a first run takes about twice as
 * long as later ones.
 *
 * Plain script: its two scripts come from its own folder, nothing else is loaded; no eval and
 * no object URLs, so it works under `script-src 'self'`. tests/js/recovery.test.mjs runs it.
 */
"use strict";

// backoff.js and recovery.js define their globals on `window`, which a worker does not have.
if (typeof self.window === "undefined") self.window = self;
importScripts("backoff.js", "recovery.js");

/** The input being computed: its parameters, its runs to do, the next one. */
var job = null;
var scheduled = false;

function reply(id, message) {
  if (id !== undefined) message.id = id;
  self.postMessage(message);
}

self.onmessage = function (event) {
  var data = event.data || {};
  self.SadeBackoff.configure(data.config);
  var parsed = self.SadeRecovery.parse(data.input);
  if (!parsed.ok) {
    job = null;
    reply(data.id, { error: parsed.error, errors: parsed.errors });
    return;
  }
  var runs = [];
  var search = null;
  if (parsed.inputs !== null && data.search) {
    var s = data.search;
    search = {
      what: s,
      steps: self.SadeRecovery.searchSteps(parsed.inputs, s.kind, s.u),
      step: null,
      count: 0,
    };
    search.step = search.steps.next();
  } else if (parsed.inputs !== null) {
    parsed.params.strategies.forEach(function (strategy) {
      parsed.inputs.budgets.forEach(function (budget) {
        runs.push([strategy, budget]);
      });
    });
  }
  job = { id: data.id, params: parsed.params, inputs: parsed.inputs, runs: runs, next: 0, search: search };
  schedule();
};

function schedule() {
  if (!scheduled) {
    scheduled = true;
    setTimeout(step, 0);
  }
}

/** One run of the current input (or one step of its search), or its end. */
function step() {
  scheduled = false;
  var j = job;
  if (j === null) return;
  var search = j.search;
  if (search !== null) {
    if (!search.step.done) {
      var probe = search.step.value;
      var known = search.what.known;
      var recovers;
      if (known && probe.outage_ms === known.outage_ms && probe.capacity === known.capacity &&
          probe.shed === j.inputs.shed && probe.queue === j.inputs.queue) {
        recovers = known.recovers;
      } else {
        var strategy = j.params.strategies[0];
        recovers = self.SadeRecovery.verdict(j.params, probe, strategy, search.what.budget) !== null;
        search.count++;
      }
      search.step = search.steps.next(recovers);
      schedule();
      return;
    }
    job = null;
    reply(j.id, { search: search.what, result: search.step.value, steps: search.count });
    reply(j.id, { done: true });
    return;
  }
  if (j.next < j.runs.length) {
    var s = j.runs[j.next][0];
    var budget = j.runs[j.next][1];
    j.next++;
    var run = self.SadeRecovery.run(j.params, j.inputs, s, budget);
    reply(j.id, { strategy: s, budget: budget, run: run });
    schedule();
    return;
  }
  job = null;
  reply(j.id, { done: true });
}
