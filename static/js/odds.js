/*!
 * sade — the odds of SPEC §7 for the browser: will a request succeed, how many calls does it
 * make, how long does a successful one take, does it fit a deadline, who meets the service when
 * it comes back after an outage.
 *
 * The same numbers as sade's Rust engine (src/odds/), to the last bit: every float operation is
 * the Rust one, in the same order; the ChaCha8 streams and the waits are backoff.js's own.
 * tests/js/odds.test.mjs compares every number with `sade calc --json` on random inputs.
 *
 * Plain script: no dependencies, no build step, no network, no eval. Load it after backoff.js:
 * <script src="/js/backoff.js" defer></script><script src="/js/odds.js" defer></script>
 * defines window.SadeOdds; under Node it is also module.exports (and requires ./backoff.js).
 */
(function (factory) {
  "use strict";
  var inNode = typeof module === "object" && module !== null && typeof module.exports === "object";
  var backoff = inNode ? require("./backoff.js") : window.SadeBackoff;
  var api = factory(backoff);
  if (typeof window !== "undefined") {
    window.SadeOdds = api;
  }
  if (inNode) {
    module.exports = api;
  }
})(function (B) {
  "use strict";

  var E = B.engine;
  var STRATEGIES = B.strategies;
  var MAX_LAYERS = 10;
  var QUANTILES = [500, 900, 990]; // p50, p90, p99 in thousandths
  var FIRST_WINDOW_MS = 100;
  var MAX_BASE_MS = 9007199254740992; // 2^53
  var KEYS = ["fail", "timeout", "deadline", "outage", "odds-clients", "layers"];

  // ---------------------------------------------------------------------------------------
  // Inputs (`odds::parse_fail`, `InputsBuilder::build`, `sade calc`'s parsing). Errors are
  // backoff.js's: an argument, a code of `words.messages`, the value given.

  /** The odds' requests per jittered strategy when none is given (`configure`'s defaults). */
  function defaultClients() {
    return E.config().defaults.odds_clients;
  }

  /** `parse_fail`: `0.3`, `30%` or `%30` (Turkish order) → the share, or null. */
  function parseFail(text) {
    var trimmed = E.rustTrim(String(text));
    var f;
    var number = null;
    if (trimmed.charAt(trimmed.length - 1) === "%") number = trimmed.slice(0, -1);
    else if (trimmed.charAt(0) === "%") number = trimmed.slice(1);
    if (number !== null) {
      var n = E.parseRustFloat(E.rustTrim(number));
      f = n === null ? null : n / 100;
    } else {
      f = E.parseRustFloat(trimmed);
    }
    return f !== null && f >= 0 && f <= 1 ? f + 0 : null;
  }

  /** The schedule's keys and the odds' keys of an object or a query; the rest is left out. */
  function split(input) {
    var schedule = {};
    var odds = {};
    if (typeof input === "string" || (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams)) {
      var search = typeof input === "string" ? new URLSearchParams(input) : input;
      E.keys.forEach(function (k) {
        if (search.has(k)) schedule[k] = search.get(k);
      });
      KEYS.forEach(function (k) {
        if (search.has(k)) odds[k] = search.get(k);
      });
    } else if (input !== null && typeof input === "object") {
      Object.keys(input).forEach(function (k) {
        if (KEYS.indexOf(k) >= 0) {
          if (input[k] !== undefined && input[k] !== null) odds[k] = input[k];
        } else {
          schedule[k] = input[k];
        }
      });
    }
    // As `sade calc`: any odds key but `odds-clients` (which has a default) asks for the odds.
    var any = ["fail", "timeout", "deadline", "outage", "layers"].some(function (k) {
      return odds[k] !== undefined;
    });
    return { schedule: schedule, odds: odds, any: any };
  }

  /** A duration of the odds, or pushes its error. */
  function duration(arg, value, errors) {
    var text = typeof value === "number" ? B.rustF64(value) : String(value);
    var d = E.parseDelay(text);
    if (d.code) {
      errors.push(E.inputError(arg, d.code, text, E.delayDetails(d)));
      return null;
    }
    return d.ms;
  }

  /** A whole number input (u32), or null. */
  function wholeNumber(value) {
    if (typeof value === "number") {
      return Number.isInteger(value) && value >= 0 && value <= 4294967295 ? value : null;
    }
    return E.parseU32(String(value));
  }

  /**
   * Validated odds inputs for validated schedule parameters `p` (backoff.js's checkedParams):
   * {fail (null = not given), timeout_ms, deadline_ms, outage_ms, clients, layers}, or
   * {errors: [...]}.
   */
  function checkOdds(raw, p) {
    var errors = [];
    var maxClients = E.config().limits.max_clients;
    var o = { fail: null, timeout_ms: 0, deadline_ms: null, outage_ms: null, clients: defaultClients(), layers: null };
    if (raw.fail !== undefined) {
      var text = typeof raw.fail === "number" ? B.rustF64(raw.fail) : E.rustTrim(String(raw.fail));
      o.fail = typeof raw.fail === "number"
        ? (raw.fail >= 0 && raw.fail <= 1 ? raw.fail + 0 : null)
        : parseFail(raw.fail);
      if (o.fail === null) errors.push(E.inputError("fail", "fail_range", text));
    }
    if (raw.timeout !== undefined) o.timeout_ms = duration("timeout", raw.timeout, errors);
    if (raw.deadline !== undefined) o.deadline_ms = duration("deadline", raw.deadline, errors);
    if (raw.outage !== undefined) o.outage_ms = duration("outage", raw.outage, errors);
    if (raw["odds-clients"] !== undefined) {
      var n = wholeNumber(raw["odds-clients"]);
      if (n === null) {
        errors.push(E.inputError("odds-clients", "count_range", String(raw["odds-clients"]), { max: maxClients }));
      } else {
        o.clients = n;
      }
    }
    if (raw.layers !== undefined) {
      var layers = wholeNumber(raw.layers);
      if (layers === null) errors.push(E.inputError("layers", "count_range", String(raw.layers), { max: MAX_LAYERS }));
      else o.layers = layers;
    }
    if (errors.length > 0) return { errors: errors };
    // The checks of `InputsBuilder::build`, in its order.
    if (!(o.clients >= 1 && o.clients <= maxClients)) {
      return { errors: [E.inputError("odds-clients", "count_range", String(o.clients), { max: maxClients })] };
    }
    if (o.layers !== null) {
      if (o.fail === null) return { errors: [E.inputError("layers", "layers_need_fail", String(o.layers))] };
      if (!(o.layers >= 1 && o.layers <= MAX_LAYERS)) {
        return { errors: [E.inputError("layers", "count_range", String(o.layers), { max: MAX_LAYERS })] };
      }
    }
    var calls = p.attempts + 1;
    var nominal = E.nominalMs(p);
    var longest = 0;
    for (var s = 0; s < 4; s++) longest = Math.max(longest, sum(E.rangesMs(p, s, nominal).hi));
    if (!Number.isFinite(calls * o.timeout_ms + longest)) {
      return { errors: [E.inputError("timeout", "timeout_range", E.delayText(o.timeout_ms), { calls: calls })] };
    }
    return { odds: o };
  }

  /**
   * Parses and validates schedule and odds input together: a query string, URLSearchParams, or an
   * object. The odds keys are `fail` (`0.3` or `30%`), `timeout`, `deadline`, `outage`
   * (durations with a unit), `odds-clients` and `layers`; the others are backoff.js's.
   * Returns {ok: true, params, odds} (odds null when no odds key is given) or
   * {ok: false, error, errors}, each error with `arg`, `code` and `value` (backoff.js's
   * `message` words it).
   */
  function parse(input) {
    var parts = split(input);
    var parsed = B.parseParams(parts.schedule);
    if (!parsed.ok) return parsed;
    if (!parts.any) return { ok: true, params: parsed.params, odds: null };
    var checked = checkOdds(parts.odds, parsed.params);
    if (checked.errors) return { ok: false, error: checked.errors[0], errors: checked.errors };
    return { ok: true, params: parsed.params, odds: checked.odds };
  }

  // ---------------------------------------------------------------------------------------
  // The math (src/odds/mod.rs, simulate.rs, fit.rs).

  function sum(values) {
    var total = 0;
    for (var i = 0; i < values.length; i++) total += values[i];
    return total;
  }

  /** f⁰ … f^calls by repeated multiplication. */
  function powers(f, calls) {
    var out = new Float64Array(calls + 1);
    var p = 1;
    out[0] = p;
    for (var k = 1; k <= calls; k++) {
      p *= f;
      out[k] = p;
    }
    return out;
  }

  /** 1 + f + … + f^(calls − 1), in that order. */
  function expectedCalls(f, calls) {
    var total = 0;
    var p = 1;
    for (var k = 0; k < calls; k++) {
      total += p;
      p *= f;
    }
    return total;
  }

  /** `nested`: layer i's call fails with fᵢ, fᵢ₊₁ = fᵢ^calls. */
  function nested(calls, f, layers) {
    var fi = f;
    var expected = 1;
    var maxCalls = 1;
    for (var i = 0; i < layers; i++) {
      expected *= expectedCalls(fi, calls);
      maxCalls *= calls;
      fi = powers(fi, calls)[calls];
    }
    return { layers: layers, max_calls: maxCalls, expected_calls: expected, p_success: 1 - fi };
  }

  /** Index ⌈q·n⌉ − 1 of sorted values, q in thousandths; null when there are none. */
  function nearestRank(sorted, perMille) {
    var n = sorted.length;
    if (n === 0) return null;
    var rank = Math.max(1, Math.ceil((perMille * n) / 1000));
    return sorted[rank - 1];
  }

  /** The figures of the sorted delays after O of the requests that waited the outage out. */
  function outageOf(delays, requests) {
    var waited = delays.length;
    var first = 0;
    while (first < waited && delays[first] < FIRST_WINDOW_MS) first++;
    return {
      give_up_share: (requests - waited) / requests,
      p50_ms: nearestRank(delays, 500),
      p99_ms: nearestRank(delays, 990),
      first_100ms_share: waited > 0 ? first / waited : null,
      delays: delays,
    };
  }

  /** max w₁, max w₂, … of strategy s for `base` (the same operations as `rangesMs`). */
  function ceilings(p, s, base, count) {
    var out = new Float64Array(count);
    var growth = s === 3 ? 3 : p.factor;
    var d = base;
    for (var n = 0; n < count; n++) {
      if (s === 3 || n > 0) {
        d = d * growth;
        if (p.cap_ms !== null) d = Math.min(d, p.cap_ms);
      }
      out[n] = d;
    }
    return out;
  }

  /** `fit_attempts`: the largest a in 0..=100 with (a + 1)·τ + Σ_(n ≤ a) max wₙ ≤ D, or null. */
  function fitAttempts(p, s, tau, deadline) {
    var c = ceilings(p, s, p.base_ms, E.config().limits.max_attempts);
    var best = null;
    var waits = 0;
    for (var a = 0; a <= E.config().limits.max_attempts; a++) {
      if (a > 0) waits += c[a - 1];
      if ((a + 1) * tau + waits <= deadline) best = a;
      else break;
    }
    return best;
  }

  /** `fit_base_ms`: the largest whole-ms base in [1, cap] whose worst case fits, or null. */
  function fitBase(p, s, tau, deadline) {
    var calls = p.attempts + 1;
    var fits = function (b) {
      var c = ceilings(p, s, b, p.attempts);
      var waits = 0;
      for (var i = 0; i < c.length; i++) waits += c[i];
      return calls * tau + waits <= deadline;
    };
    var top = Math.min(Math.floor(deadline), MAX_BASE_MS);
    if (p.cap_ms !== null) top = Math.min(top, Math.floor(p.cap_ms));
    if (top < 1 || !fits(1)) return null;
    var lo = 1;
    var hi = top;
    while (lo < hi) {
      var mid = lo + Math.ceil((hi - lo) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** `none`'s start times T₁…T_K. */
  function noneStarts(p, tau) {
    var nominal = E.nominalMs(p);
    var starts = new Float64Array(p.attempts + 1);
    var s = 0;
    starts[0] = 0 * tau + s;
    for (var k = 0; k < p.attempts; k++) {
      s += nominal[k];
      starts[k + 1] = (k + 1) * tau + s;
    }
    return starts;
  }

  function exactSuccess(f, starts) {
    var calls = starts.length;
    var pow = powers(f, calls);
    var succeeds = 1 - pow[calls];
    return QUANTILES.map(function (perMille) {
      if (succeeds <= 0) return null;
      var q = perMille / 1000;
      for (var k = 1; k <= calls; k++) {
        if ((1 - pow[k]) / succeeds >= q) return starts[k - 1];
      }
      return null;
    });
  }

  function exactWithin(f, starts, deadline) {
    var m = 0;
    for (var k = 0; k < starts.length; k++) if (starts[k] <= deadline) m++;
    return 1 - powers(f, m)[m];
  }

  function exactOutage(starts, outage, requests) {
    var delays = [];
    for (var k = 0; k < starts.length; k++) {
      if (starts[k] >= outage) {
        delays = new Float64Array(requests).fill(starts[k] - outage);
        break;
      }
    }
    return outageOf(delays, requests);
  }

  /** The seeded simulation of strategy s (`simulate`): one request at a time. */
  function simulate(p, s, o, key, ranges) {
    var attempts = p.attempts;
    var calls = attempts + 1;
    var tau = o.timeout_ms;
    var gen = new E.Waits(p, s, key, ranges);
    var fails = new Float64Array(calls);
    var buf = new Uint32Array(16);
    var starts = new Float64Array(calls);
    var success = o.fail !== null ? new Float64Array(o.clients) : null;
    var successes = 0;
    var within = 0;
    var after = o.outage_ms !== null ? new Float64Array(o.clients) : null;
    var waited = 0;
    for (var c = 0; c < o.clients; c++) {
      var waits = gen.client(c);
      var sum = 0;
      starts[0] = 0 * tau;
      for (var k = 0; k < attempts; k++) {
        sum += waits[k];
        starts[k + 1] = (k + 1) * tau + sum;
      }
      var j;
      if (success !== null) {
        E.fillUnits(key, c, 4 + s, calls, fails, buf);
        for (j = 0; j < calls; j++) {
          if (fails[j] >= o.fail) {
            success[successes++] = starts[j];
            if (o.deadline_ms !== null && starts[j] <= o.deadline_ms) within++;
            break;
          }
        }
      }
      if (after !== null) {
        for (j = 0; j < calls; j++) {
          if (starts[j] >= o.outage_ms) {
            after[waited++] = starts[j] - o.outage_ms;
            break;
          }
        }
      }
    }
    return {
      success: success === null ? null : success.subarray(0, successes).sort(),
      within: within,
      after: after === null ? null : after.subarray(0, waited).sort(),
    };
  }

  var QUANTILE_KEYS = ["success_p50_ms", "success_p90_ms", "success_p99_ms"];

  /**
   * The odds of validated parameters: {odds, outageDelays}, `odds` being the `"odds"` object of
   * `sade calc --json` (SPEC §7; keys whose input is absent left out, missing numbers null) and
   * `outageDelays` each strategy's sorted delays after the recovery (for charts), or null.
   */
  function oddsOf(p, o) {
    var calls = p.attempts + 1;
    var tau = o.timeout_ms;
    var key = E.seedKey(p.seed);
    var nominal = E.nominalMs(p);
    var out = {};
    var delays = o.outage_ms !== null ? {} : null;
    if (o.fail !== null) out.fail = o.fail;
    out.timeout_ms = tau;
    out.calls = calls;
    if (o.fail !== null) {
      out.p_success = 1 - powers(o.fail, calls)[calls];
      out.expected_calls = expectedCalls(o.fail, calls);
    }
    if (o.layers !== null && o.fail !== null) out.nested = nested(calls, o.fail, o.layers);
    p.strategies.forEach(function (name) {
      var s = STRATEGIES.indexOf(name);
      var ranges = E.rangesMs(p, s, nominal);
      var st = {};
      var success = null;
      var within = null;
      var outage = null;
      if (s === 0) {
        var starts = noneStarts(p, tau);
        if (o.fail !== null) success = exactSuccess(o.fail, starts);
        if (o.fail !== null && o.deadline_ms !== null) within = exactWithin(o.fail, starts, o.deadline_ms);
        if (o.outage_ms !== null) outage = exactOutage(starts, o.outage_ms, o.clients);
      } else if (o.fail !== null || o.outage_ms !== null) {
        var sim = simulate(p, s, o, key, ranges);
        if (o.fail !== null) {
          success = QUANTILES.map(function (q) {
            return nearestRank(sim.success, q);
          });
          if (o.deadline_ms !== null) within = sim.within / o.clients;
        }
        if (o.outage_ms !== null) outage = outageOf(sim.after, o.clients);
      }
      if (within !== null) st.p_within_deadline = within;
      if (success !== null) {
        QUANTILE_KEYS.forEach(function (k, i) {
          st[k] = success[i];
        });
      }
      st.give_up_worst_ms = calls * tau + sum(ranges.hi);
      if (o.deadline_ms !== null) {
        st.fit_attempts = fitAttempts(p, s, tau, o.deadline_ms);
        st.fit_base_ms = fitBase(p, s, tau, o.deadline_ms);
      }
      if (outage !== null) {
        st.outage_give_up_share = outage.give_up_share;
        st.outage_p50_ms = outage.p50_ms;
        st.outage_p99_ms = outage.p99_ms;
        st.outage_first_100ms_share = outage.first_100ms_share;
        delays[name] = outage.delays;
      }
      out[name] = st;
    });
    return { odds: out, outageDelays: delays };
  }

  /** Like `compute`, with each strategy's sorted delays after the recovery as well. */
  function run(input) {
    var parsed = parse(input);
    if (!parsed.ok) {
      var e = new RangeError("invalid `" + parsed.error.arg + "` (" + parsed.error.code + "): " +
        parsed.error.value);
      e.arg = parsed.error.arg;
      e.detail = parsed.error;
      throw e;
    }
    if (parsed.odds === null) return { odds: null, outageDelays: null };
    return oddsOf(parsed.params, parsed.odds);
  }

  /**
   * The `"odds"` object of `sade calc … --json` for the same input (see `parse`), or null when
   * no odds key is given. Throws a RangeError carrying `arg` when the input is invalid.
   */
  function compute(input) {
    return run(input).odds;
  }

  // ---------------------------------------------------------------------------------------
  // Formatting (src/i18n.rs `format_probability`).

  var SCALE = [1, 10, 100, 1000, 10000, 100000, 1000000];

  /**
   * A probability as a percentage with enough decimals that a share strictly between 0 and 1
   * never reads as 0% or 100%: formatProbability(0.99998, "en") === "99.998%".
   */
  function formatProbability(share, lang) {
    var near = Math.min(share, 1 - share);
    var decimals = 1;
    while (near > 0 && decimals < 6 && Math.round(near * 100 * SCALE[decimals]) < 10) decimals++;
    var approx = near > 0 && Math.round(near * 100 * SCALE[decimals]) === 0 ? "≈ " : "";
    var n = B.formatNumber(share * 100, decimals, lang);
    return lang === "tr" ? approx + "%" + n : approx + n + "%";
  }

  return Object.freeze({
    parse: parse,
    compute: compute,
    run: run,
    formatProbability: formatProbability,
    keys: Object.freeze(KEYS.slice()),
    oddsOf: oddsOf,
  });
});
