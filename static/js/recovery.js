/*!
 * sade — the fleet under load of SPEC §8 for the browser: clients with timeouts retrying against
 * a service with finite capacity and a queue, through an outage, under seven retry budgets. Does
 * the service come back, when, how much load meets it, what does a budget change?
 *
 * The same numbers as sade's Rust engine (src/recovery/), to the last bit: every float operation
 * is the Rust one, in the same order, and events are taken in the same order (time, kind,
 * client, request). The seed's key is backoff.js's; the draws are ChaCha8 streams read a block
 * at a time, as src/backoff/chacha.rs's `Stream` reads them. tests/js/recovery.test.mjs
 * compares every number with `sade calc --json` on random inputs.
 *
 * Plain script: no dependencies, no build step, no network, no eval. Load it after backoff.js:
 * <script src="/js/backoff.js" defer></script><script src="/js/recovery.js" defer></script>
 * defines window.SadeRecovery (self.SadeRecovery in a worker, see recovery-worker.js); under
 * Node it is also module.exports (and requires ./backoff.js).
 */
(function (factory) {
  "use strict";
  var inNode = typeof module === "object" && module !== null && typeof module.exports === "object";
  var root = typeof window !== "undefined" ? window : typeof self !== "undefined" ? self : null;
  var backoff = inNode ? require("./backoff.js") : root.SadeBackoff;
  var api = factory(backoff);
  if (root !== null) {
    root.SadeRecovery = api;
  }
  if (inNode) {
    module.exports = api;
  }
})(function (B) {
  "use strict";

  var E = B.engine;
  var STRATEGIES = B.strategies;

  // ---------------------------------------------------------------------------------------
  // The model's constants (src/recovery/mod.rs, budget.rs).

  var START_MS = -5000;
  var BIN_MS = 100;
  var MAX_EXPECTED_REQUESTS = 10000000;
  var MAX_DURATION_MS = 3600000;
  var MIN_HORIZON_MS = 10000;
  var MAX_DEMAND = 1000000;
  var MAX_CAPACITY = 10000000;
  var MAX_QUEUE = 10000000;
  var DEFAULTS = { demand: 800, capacity: 1000, timeout_ms: 1000, outage_ms: 10000, horizon_ms: 60000 };

  /** `Budget::ALL`, in its order. */
  var BUDGETS = ["none", "grpc", "aws", "finagle", "linkerd", "envoy", "sre"];
  var SRE_MAX_BINS = 120;
  var NONE = 0, GRPC = 1, AWS = 2, FINAGLE = 3, LINKERD = 4, ENVOY = 5, SRE = 6;

  /**
   * `SETTINGS` of budget.rs, in its order: name (the key), budget, kind (`whole`, `number` or
   * `seconds`), default (a number, or milliseconds for seconds) and the range as Rust's
   * messages say it (`setting_range`'s `{allowed}`).
   */
  var SETTINGS = [
    ["grpc-max-tokens", "grpc", "whole", 10, "it must be a whole number from 1 to 1000 (gRFC A6)"],
    ["grpc-token-ratio", "grpc", "number", 0.1,
      "it must be a number from 0.001 to 1000, read to three decimals as C-core does"],
    ["aws-quota", "aws", "whole", 500, "it must be a whole number from 1 to 1000000"],
    ["aws-retry-cost", "aws", "whole", 5, "it must be a whole number from 0 to 1000000"],
    ["aws-timeout-cost", "aws", "whole", 10, "it must be a whole number from 0 to 1000000"],
    ["aws-no-retry-increment", "aws", "whole", 1, "it must be a whole number from 0 to 1000000"],
    ["finagle-ttl", "finagle", "seconds", 10000,
      "it must be whole seconds from 1s to 60s (Finagle's `require`)"],
    ["finagle-min-retries-per-sec", "finagle", "whole", 10, "it must be a whole number from 0 to 10000"],
    ["finagle-percent-can-retry", "finagle", "number", 0.2,
      "it must be a number from 0 to 1000 (a ratio: 0.2 is 20 %)"],
    ["linkerd-ttl", "linkerd", "seconds", 10000,
      "it must be whole seconds from 1s to 60s (linkerd2-proxy's check)"],
    ["linkerd-min-retries-per-second", "linkerd", "whole", 10, "it must be a whole number from 0 to 10000"],
    ["linkerd-retry-ratio", "linkerd", "number", 0.2,
      "it must be a number from 0 to 1000 (tower reads it as a 32-bit float)"],
    ["envoy-budget-percent", "envoy", "number", 20, "it must be a number from 0 to 100"],
    ["envoy-min-retry-concurrency", "envoy", "whole", 3, "it must be a whole number from 0 to 10000"],
    ["sre-k", "sre", "number", 2, "it must be a number from 1 to 100"],
    ["sre-window", "sre", "seconds", 120000, "it must be whole seconds from 1s to 3600s"],
  ].map(function (s) {
    return Object.freeze({ name: s[0], budget: s[1], kind: s[2], default: s[3], allowed: s[4] });
  });

  /** SPEC §9's triggers, in `Trigger::NAMES`' order, and their parameters' defaults. */
  var TRIGGERS = ["outage", "slowdown", "surge"];
  var OUTAGE = 0, SLOWDOWN = 1, SURGE = 2;
  var DEFAULT_DEGRADED = 0.5;
  var DEFAULT_SURGE = 3;
  var MAX_SURGE = 100;

  /** The flags that are switches: true when given as `true` (`--shed`, `--frontier`, `--map`). */
  var SWITCHES = ["shed", "frontier", "map"];

  /** The input keys besides the schedule's (backoff.js's `engine.keys`). */
  var KEYS = ["demand", "capacity", "timeout", "outage", "horizon", "queue", "shed", "budget",
    "trigger", "degraded", "surge", "frontier", "map"].concat(
    SETTINGS.map(function (s) {
      return s.name;
    }));

  /** The keys that ask for the fleet under load, as `RecoveryArgs::asked` (switches when true). */
  var ASKING = KEYS.filter(function (k) {
    return k !== "timeout" && k !== "outage" && SWITCHES.indexOf(k) < 0;
  });

  // ---------------------------------------------------------------------------------------
  // Arithmetic shared with Rust (math.rs, budget.rs).

  var LN2 = 0.6931471805599453;
  var SQRT_HALF = 0.7071067811865476;
  var LN_TERMS = 14;
  // 1 / (2i + 1): the quotients Rust divides out each time, correctly rounded, so equal.
  var RECIPROCALS = new Float64Array(LN_TERMS);
  for (var r = 0; r < LN_TERMS; r++) RECIPROCALS[r] = 1 / (2 * r + 1);

  /**
   * `ln_unit`: ln x for 0 < x ≤ 1 from + − × ÷ only (the platforms' logs may differ in the last
   * place): x = m·2ᵏ with m in [√½, 1], then ln m = 2s·(1 + s²/3 + s⁴/5 + …), s = (m − 1)/(m + 1).
   */
  function lnUnit(x) {
    var m = x;
    var k = 0;
    while (m < SQRT_HALF) {
      m *= 2;
      k -= 1;
    }
    var s = (m - 1) / (m + 1);
    var s2 = s * s;
    var series = 0;
    for (var i = LN_TERMS - 1; i >= 0; i--) series = RECIPROCALS[i] + s2 * series;
    return k * LN2 + 2 * s * series;
  }

  /**
   * `ratio_milli`: `tokenRatio` in thousandths, the digits past the third decimal dropped, read
   * from the shortest decimal text of the number (so 0.29 is 290, not 289).
   */
  function ratioMilli(ratio) {
    var text = B.rustF64(ratio);
    var dot = text.indexOf(".");
    var whole = dot < 0 ? text : text.slice(0, dot);
    var frac = dot < 0 ? "" : text.slice(dot + 1);
    var digits = (frac + "000").slice(0, 3);
    var w = /^[0-9]+$/.test(whole) ? Number(whole) : 0;
    return w * 1000 + Number(digits);
  }

  /** Rust's `{:.0}` of a number ≥ 0 (below 2⁵³): the nearest whole number, ties to even. */
  function roundHalfEven(x) {
    var f = Math.floor(x);
    var d = x - f;
    if (d > 0.5 || (d === 0.5 && f % 2 !== 0)) f += 1;
    return f;
  }

  var I32_MAX = 2147483647;

  /**
   * Finagle's withdrawal, `(1000.0 / percentCanRetry).toInt` (a saturating `as i32`), 1 when
   * the percentage is 0.
   */
  function finagleWithdrawal(percent) {
    return percent === 0 ? 1 : Math.min(Math.trunc(1000 / percent), I32_MAX);
  }

  // ---------------------------------------------------------------------------------------
  // Inputs (`InputsBuilder::build`, `Settings::set`, src/main/recovery.rs). Errors are
  // backoff.js's: an argument, a code of `words.messages`, the value given.

  function defaultSettings() {
    var s = {};
    SETTINGS.forEach(function (spec) {
      if (setSetting(s, spec, spec.default)) throw new Error("default of " + spec.name);
    });
    return s;
  }

  /** `Settings::set`: stores `value` (ms for seconds), or returns true when it is out of range. */
  function setSetting(s, spec, value) {
    var whole = function (lo, hi) {
      return value % 1 === 0 && value >= lo && value <= hi ? value + 0 : null;
    };
    var seconds = function (hi) {
      var sec = value / 1000;
      return sec % 1 === 0 && sec >= 1 && sec <= hi ? sec : null;
    };
    var number = function (lo, hi) {
      return value >= lo && value <= hi ? value + 0 : null;
    };
    var v;
    switch (spec.name) {
      case "grpc-max-tokens": v = s.grpc_max_tokens = whole(1, 1000); break;
      case "grpc-token-ratio":
        v = number(0.001, 1000);
        if (v !== null) v = ratioMilli(v) || null;
        s.grpc_ratio_milli = v;
        break;
      case "aws-quota": v = s.aws_quota = whole(1, 1000000); break;
      case "aws-retry-cost": v = s.aws_retry_cost = whole(0, 1000000); break;
      case "aws-timeout-cost": v = s.aws_timeout_cost = whole(0, 1000000); break;
      case "aws-no-retry-increment": v = s.aws_no_retry_increment = whole(0, 1000000); break;
      case "finagle-ttl": v = s.finagle_ttl_s = seconds(60); break;
      case "finagle-min-retries-per-sec": v = s.finagle_min_retries = whole(0, 10000); break;
      case "finagle-percent-can-retry": v = s.finagle_percent = number(0, 1000); break;
      case "linkerd-ttl": v = s.linkerd_ttl_s = seconds(60); break;
      case "linkerd-min-retries-per-second": v = s.linkerd_min_retries = whole(0, 10000); break;
      case "linkerd-retry-ratio":
        v = number(0, 1000);
        s.linkerd_ratio = v === null ? null : Math.fround(v);
        break;
      case "envoy-budget-percent": v = s.envoy_percent = number(0, 100); break;
      case "envoy-min-retry-concurrency": v = s.envoy_min = whole(0, 10000); break;
      case "sre-k": v = s.sre_k = number(1, 100); break;
      case "sre-window": v = s.sre_window_s = seconds(3600); break;
      default: throw new Error("unknown setting " + spec.name);
    }
    return v === null;
  }

  /** The schedule's keys, the fleet's keys and unknown keys of an object or a query. */
  function split(input) {
    var schedule = {};
    var raw = {};
    var unknown = [];
    if (typeof input === "string" || (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams)) {
      var search = typeof input === "string" ? new URLSearchParams(input) : input;
      E.keys.forEach(function (k) {
        if (search.has(k)) schedule[k] = search.get(k);
      });
      KEYS.forEach(function (k) {
        if (search.has(k)) raw[k] = search.get(k);
      });
    } else if (input !== null && typeof input === "object") {
      Object.keys(input).forEach(function (k) {
        if (KEYS.indexOf(k) >= 0) {
          if (input[k] !== undefined && input[k] !== null) raw[k] = input[k];
        } else if (E.keys.indexOf(k) >= 0) {
          schedule[k] = input[k];
        } else {
          unknown.push(k);
        }
      });
    }
    var asked = ASKING.some(function (k) {
      return raw[k] !== undefined;
    }) || SWITCHES.some(function (k) {
      return raw[k] !== undefined && raw[k] !== false && raw[k] !== "false";
    });
    return { schedule: schedule, raw: raw, unknown: unknown, asked: asked };
  }

  /** A plain number (`800`, `1.5e3`), trimmed and finite, or pushes `not_number`. */
  function numberArg(arg, value, errors) {
    if (typeof value === "number") {
      if (Number.isFinite(value)) return value;
      errors.push(E.inputError(arg, "not_number", B.rustF64(value)));
      return null;
    }
    var text = E.rustTrim(String(value));
    var v = E.parseRustFloat(text);
    if (v === null || !Number.isFinite(v)) {
      errors.push(E.inputError(arg, "not_number", text));
      return null;
    }
    return v;
  }

  /** A duration with a unit (`Delay::parse`), or pushes its error. */
  function durationArg(arg, value, errors) {
    var text = typeof value === "number" ? B.rustF64(value) : String(value);
    var d = E.parseDelay(text);
    if (d.code) {
      errors.push(E.inputError(arg, d.code, E.rustTrim(text), E.delayDetails(d)));
      return null;
    }
    return d.ms;
  }

  /** `queue`: a whole number from 0 to 10⁷, or `none` (null). Undefined when refused. */
  function queueArg(value, errors) {
    var text;
    var n;
    if (typeof value === "number") {
      text = B.rustF64(value);
      n = Number.isInteger(value) && value >= 0 ? value : null;
    } else {
      text = E.rustTrim(String(value));
      if (text === "none") return null;
      n = E.parseU32(text);
    }
    if (n === null || n > MAX_QUEUE) {
      errors.push(E.inputError("queue", "queue_range", text, { max: MAX_QUEUE }));
      return undefined;
    }
    return n;
  }

  /** `Budget::parse_names`: indices in `BUDGETS` order without repeats, or pushes the error. */
  function budgetArg(value, errors) {
    var names = Array.isArray(value) ? value.map(String) : String(value).split(",");
    var out = [];
    for (var i = 0; i < names.length; i++) {
      var name = E.rustTrim(names[i]);
      if (name === "all") {
        out.push(0, 1, 2, 3, 4, 5, 6);
        continue;
      }
      var b = BUDGETS.indexOf(name);
      if (b < 0) {
        var hint = E.suggest(name, ["all"].concat(BUDGETS));
        errors.push(E.inputError("budget", "unknown_budget", name, hint ? { suggestion: hint } : null));
        return null;
      }
      out.push(b);
    }
    return out.sort(function (a, c) {
      return a - c;
    }).filter(function (b, j, all) {
      return j === 0 || all[j - 1] !== b;
    });
  }

  function switchArg(arg, value, errors) {
    if (value === true || value === "true") return true;
    if (value === false || value === "false") return false;
    errors.push(E.inputError(arg, "not_bool", String(value)));
    return null;
  }

  /** `parse_number`: `0.5`, `50%` or `%50` → the number, or null. */
  function parseShare(text) {
    var trimmed = E.rustTrim(String(text));
    var number = null;
    if (trimmed.charAt(trimmed.length - 1) === "%") number = trimmed.slice(0, -1);
    else if (trimmed.charAt(0) === "%") number = trimmed.slice(1);
    if (number === null) return E.parseRustFloat(trimmed);
    var n = E.parseRustFloat(E.rustTrim(number));
    return n === null ? null : n / 100;
  }

  /**
   * `RecoveryArgs::trigger`: {kind (an index of `TRIGGERS`), degraded, surge}, or pushes the
   * error: an unknown name (with a suggestion), a parameter that is not a number, or one given
   * for another trigger.
   */
  function triggerArg(raw, errors) {
    var t = { kind: OUTAGE, degraded: DEFAULT_DEGRADED, surge: DEFAULT_SURGE };
    if (raw.degraded !== undefined) {
      var d = typeof raw.degraded === "number" ? raw.degraded : parseShare(raw.degraded);
      if (d === null || !Number.isFinite(d)) {
        errors.push(E.inputError("degraded", "degraded_range", E.rustTrim(String(raw.degraded))));
        return null;
      }
      t.degraded = d;
    }
    if (raw.surge !== undefined) {
      var k = numberArg("surge", raw.surge, errors);
      if (k === null) return null;
      t.surge = k;
    }
    if (raw.trigger !== undefined) {
      var name = E.rustTrim(String(raw.trigger));
      t.kind = TRIGGERS.indexOf(name);
      if (t.kind < 0) {
        var hint = E.suggest(name, TRIGGERS);
        errors.push(E.inputError("trigger", "unknown_trigger", name, hint ? { suggestion: hint } : null));
        return null;
      }
    }
    var params = [["degraded", SLOWDOWN], ["surge", SURGE]];
    for (var i = 0; i < params.length; i++) {
      if (raw[params[i][0]] !== undefined && t.kind !== params[i][1]) {
        errors.push(E.inputError(params[i][0], "trigger_param", E.rustTrim(String(raw[params[i][0]])),
          { kind: TRIGGERS[params[i][1]], trigger: TRIGGERS[t.kind] }));
        return null;
      }
    }
    return t;
  }

  /**
   * Validated inputs from the raw fleet keys: {demand, capacity, timeout_ms, outage_ms,
   * horizon_ms, queue (null: none), shed, budgets (names, in `BUDGETS` order), settings}, or
   * {errors}. Parse errors in `sade calc`'s order, then the first check of `build` that fails.
   */
  function checkInputs(raw) {
    var errors = [];
    var i = {
      demand: DEFAULTS.demand,
      capacity: DEFAULTS.capacity,
      timeout_ms: DEFAULTS.timeout_ms,
      outage_ms: DEFAULTS.outage_ms,
      horizon_ms: DEFAULTS.horizon_ms,
      queue: null,
      shed: false,
      budgets: [NONE],
      settings: defaultSettings(),
      trigger: "outage",
      degraded: 1,
      surge: 1,
      frontier: false,
      map: false,
    };
    var v;
    // clap reads --timeout and --outage before `RecoveryArgs::inputs` reads the rest.
    if (raw.timeout !== undefined && (v = durationArg("timeout", raw.timeout, errors)) !== null) i.timeout_ms = v;
    if (raw.outage !== undefined && (v = durationArg("outage", raw.outage, errors)) !== null) i.outage_ms = v;
    if (raw.demand !== undefined && (v = numberArg("demand", raw.demand, errors)) !== null) i.demand = v;
    if (raw.capacity !== undefined && (v = numberArg("capacity", raw.capacity, errors)) !== null) i.capacity = v;
    if (raw.horizon !== undefined && (v = durationArg("horizon", raw.horizon, errors)) !== null) i.horizon_ms = v;
    if (raw.queue !== undefined && (v = queueArg(raw.queue, errors)) !== undefined) i.queue = v;
    if (raw.budget !== undefined && (v = budgetArg(raw.budget, errors)) !== null) i.budgets = v;
    for (var k = 0; k < SETTINGS.length; k++) {
      var spec = SETTINGS[k];
      var given = raw[spec.name];
      if (given === undefined) continue;
      var x = spec.kind === "seconds" ? durationArg(spec.name, given, errors) : numberArg(spec.name, given, errors);
      if (x === null) continue;
      if (setSetting(i.settings, spec, x)) {
        errors.push(E.inputError(spec.name, "setting_range",
          spec.kind === "seconds" ? E.delayText(x) : B.rustF64(x), { allowed: spec.allowed }));
      }
    }
    if (raw.shed !== undefined && (v = switchArg("shed", raw.shed, errors)) !== null) i.shed = v;
    var t = triggerArg(raw, errors);
    if (t !== null) {
      i.trigger = TRIGGERS[t.kind];
      if (t.kind === SLOWDOWN) i.degraded = t.degraded;
      if (t.kind === SURGE) i.surge = t.surge;
    }
    if (raw.frontier !== undefined && (v = switchArg("frontier", raw.frontier, errors)) !== null) i.frontier = v;
    if (raw.map !== undefined && (v = switchArg("map", raw.map, errors)) !== null) i.map = v;
    // `--map` implies `--frontier`.
    if (i.map) i.frontier = true;
    if (errors.length > 0) return { errors: errors };
    var error = buildError(i) || (i.frontier ? frontierError(i) : null);
    if (error) return { errors: [error] };
    i.demand += 0;
    i.capacity += 0;
    i.budgets = i.budgets.map(function (b) {
      return BUDGETS[b];
    });
    return { inputs: i };
  }

  /** `Inputs::expected_requests`: R × (5 s + O + H), with a surge's (K − 1) × R × O. */
  function expectedRequests(i) {
    var surged = i.trigger === "surge" ? (i.surge - 1) * i.outage_ms : 0;
    return i.demand * (-START_MS + i.outage_ms + i.horizon_ms + surged) / 1000;
  }

  /** The checks of `InputsBuilder::build`, in its order: the first that fails, or null. */
  function buildError(i) {
    if (!(i.demand > 0 && i.demand <= MAX_DEMAND)) {
      return E.inputError("demand", "rate_range", B.rustF64(i.demand), { max: MAX_DEMAND });
    }
    if (!(i.capacity > 0 && i.capacity <= MAX_CAPACITY)) {
      return E.inputError("capacity", "rate_range", B.rustF64(i.capacity), { max: MAX_CAPACITY });
    }
    var range = function (arg, ms, min) {
      return E.inputError(arg, "duration_range", E.delayText(ms), { min: min, max: "1h" });
    };
    if (!(i.timeout_ms > 0 && i.timeout_ms <= MAX_DURATION_MS)) {
      return E.inputError("timeout", "duration_above", E.delayText(i.timeout_ms), { max: "1h" });
    }
    if (i.outage_ms > MAX_DURATION_MS) return range("outage", i.outage_ms, "0s");
    if (!(i.horizon_ms >= MIN_HORIZON_MS && i.horizon_ms <= MAX_DURATION_MS)) {
      return range("horizon", i.horizon_ms, "10s");
    }
    // Ten whole seconds from the first whole second after the outage (`min_horizon_ms`).
    var least = Math.ceil(i.outage_ms / 1000) * 1000 + MIN_HORIZON_MS - i.outage_ms;
    if (i.horizon_ms < least) return range("horizon", i.horizon_ms, E.delayText(least));
    if (i.trigger === "slowdown" && !(i.degraded > 0 && i.degraded <= 1)) {
      return E.inputError("degraded", "degraded_range", B.rustF64(i.degraded));
    }
    if (i.trigger === "surge" && !(i.surge >= 1 && i.surge <= MAX_SURGE)) {
      return E.inputError("surge", "surge_range", B.rustF64(i.surge));
    }
    if (i.queue !== null && i.queue > MAX_QUEUE) {
      return E.inputError("queue", "queue_range", String(i.queue), { max: MAX_QUEUE });
    }
    var expected = expectedRequests(i);
    if (expected > MAX_EXPECTED_REQUESTS) {
      return E.inputError("demand", "too_many_requests", B.rustF64(i.demand),
        { requests: String(roundHalfEven(expected)), max: MAX_EXPECTED_REQUESTS });
    }
    if (i.budgets.length === 0) return E.inputError("budget", "unknown_budget", "");
    // Finagle computes its reserve, minRetriesPerSec × ttl × withdrawal, as a 32-bit Int.
    var set = i.settings;
    if (i.budgets.indexOf(FINAGLE) >= 0 && set.finagle_percent > 0) {
      var withdraw = finagleWithdrawal(set.finagle_percent);
      var reserve = set.finagle_min_retries * set.finagle_ttl_s * withdraw;
      if (reserve > I32_MAX) {
        // Named after the setting moved furthest from its default: the ratio, else the rate.
        var ratio = set.finagle_percent !== 0.2;
        return E.inputError(ratio ? "finagle-percent-can-retry" : "finagle-min-retries-per-sec",
          "setting_range", ratio ? B.rustF64(set.finagle_percent) : String(set.finagle_min_retries), {
          allowed: "Finagle's reserve, minRetriesPerSec × ttl × " + withdraw + " (1000 over " +
            "percentCanRetry), must fit its 32-bit Int (at most 2147483647); this is " + reserve,
        });
      }
    }
    return null;
  }

  /** `Frontiers::check`: the searches' longest trigger stays within the requests simulated. */
  function frontierError(i) {
    var expected = expectedRequests(withOutage(i, LONGEST_TRIGGER_MS));
    if (expected > MAX_EXPECTED_REQUESTS) {
      return E.inputError("demand", "frontier_requests", B.rustF64(i.demand),
        { requests: String(roundHalfEven(expected)), max: MAX_EXPECTED_REQUESTS });
    }
    return null;
  }

  /**
   * Parses and validates schedule and fleet input together: a query string, URLSearchParams, or
   * an object. The fleet's keys are `KEYS` (`demand`, `capacity`: numbers per second; `timeout`,
   * `outage`, `horizon`: durations with a unit; `queue`: a whole number or `none`; `shed`:
   * true or false; `budget`: `all` or a comma list; one key per budget setting); the others
   * are backoff.js's. As `sade calc`, the fleet is simulated only when one of its keys other
   * than `timeout` and `outage` is given (`shed` when true): else `inputs` is null.
   * Returns {ok: true, params, inputs} or {ok: false, error, errors}, each error with `arg`,
   * `code` and `value` (see `message`).
   */
  function parse(input) {
    var parts = split(input);
    var unknown = parts.unknown.map(function (k) {
      var hint = E.suggest(k, E.keys.concat(KEYS));
      return E.inputError(k, "unknown_argument", String(input[k]), hint ? { suggestion: hint } : null);
    });
    var parsed = B.parseParams(parts.schedule);
    var errors = unknown.concat(parsed.ok ? [] : parsed.errors);
    if (errors.length > 0) return { ok: false, error: errors[0], errors: errors };
    if (!parts.asked) return { ok: true, params: parsed.params, inputs: null };
    var checked = checkInputs(parts.raw);
    if (checked.errors) return { ok: false, error: checked.errors[0], errors: checked.errors };
    return { ok: true, params: parsed.params, inputs: checked.inputs };
  }

  /** An error's message in the words of a page (backoff.js's `message`). */
  function message(error, words) {
    return B.message(error, words);
  }

  // ---------------------------------------------------------------------------------------
  // ChaCha8 streams a block at a time (src/backoff/chacha.rs `Stream`): stream sHi·2³² + c of
  // client c keeps its 16 words at c·16 of one array, with its next word and block beside.

  var TWO_POW_M53 = 1 / 9007199254740992;

  /** Streams sHi·2³² + c for clients c < n, each at its start. */
  function Streams(key, sHi, n) {
    this.key = key;
    this.sHi = sHi;
    this.words = new Uint32Array(n * 16);
    this.next = new Uint8Array(n).fill(16);
    this.block = new Uint32Array(n);
  }

  /** The next uniform draw of client c's stream: (next_u64 >> 11) × 2⁻⁵³. */
  Streams.prototype.unit = function (c) {
    var i = this.next[c];
    var off = c << 4;
    if (i === 16) {
      E.chachaBlock(this.key, this.block[c]++, 0, c, this.sHi, this.words, off);
      i = 0;
    }
    this.next[c] = i + 2;
    return (this.words[off + i + 1] * 2097152 + (this.words[off + i] >>> 11)) * TWO_POW_M53;
  };

  // ---------------------------------------------------------------------------------------
  // tower's budget where its integers outgrow a double's 2⁵³ (a tiny ratio makes a withdrawal
  // huge): trackers.rs's arithmetic in BigInt, saturating where Rust saturates and wrapping
  // where it adds plainly (as a release build does; a debug build of sade would panic there).
  // The simulation uses plain numbers whenever every sum stays below 2⁵³, where both agree.
  // (Finagle needs no such path: `build` keeps its reserve and withdrawal within 32 bits.)

  var I64_MAX = BigInt("9223372036854775807");
  var I64_MIN = -I64_MAX - BigInt(1);
  var TWO_POW_63 = 9223372036854775808;
  var SAFE = 9007199254740992;
  // Deposits a client's window can hold, with room: 1000 per request, 2·10⁷ requests.
  var DEPOSIT_ROOM = 4e10;

  function wrap(x) {
    return BigInt.asIntN(64, x);
  }

  function saturate(x) {
    return x > I64_MAX ? I64_MAX : x < I64_MIN ? I64_MIN : x;
  }

  /** A float's `as i64`: truncated, saturating (the values here are ≥ 0 and not NaN). */
  function asI64(x) {
    return x >= TWO_POW_63 ? I64_MAX : BigInt(Math.trunc(x));
  }

  /** tower's `TpsBudget`, in BigInt (times stay numbers). */
  function TpsBig(ttl, min, ratio, now) {
    var w = tpsWithdrawal(ratio);
    this.deposit = BigInt(w.deposit);
    this.withdraw = asI64(w.withdraw);
    this.reserve = saturate(saturate(BigInt(min) * BigInt(ttl)) * this.withdraw);
    this.window = ttl * 100;
    this.slots = [];
    for (var k = 0; k < 10; k++) this.slots.push(BigInt(0));
    this.writer = BigInt(0);
    this.index = 0;
    this.time = now;
  }

  TpsBig.prototype.expire = function (now) {
    var diff = Math.max(now - this.time, 0);
    if (diff < this.window) return;
    this.slots[this.index] = this.writer;
    this.writer = BigInt(0);
    var idx = (this.index + 1) % 10;
    while (diff > this.window) {
      this.slots[idx] = BigInt(0);
      diff -= this.window;
      idx = (idx + 1) % 10;
    }
    this.index = idx;
    this.time = now;
  };

  TpsBig.prototype.depositAt = function (now) {
    this.expire(now);
    this.writer = wrap(this.writer + this.deposit);
  };

  TpsBig.prototype.withdrawAt = function (now) {
    this.expire(now);
    var sum = this.writer;
    for (var k = 0; k < 10; k++) sum = saturate(sum + this.slots[k]);
    if (saturate(sum + this.reserve) >= this.withdraw) {
      this.writer = wrap(this.writer - this.withdraw);
      return true;
    }
    return false;
  };

  /** `TpsBudget::new`'s deposit and withdrawal (a float, before `as i64`) for an f32 ratio. */
  function tpsWithdrawal(ratio) {
    if (ratio === 0) return { deposit: 0, withdraw: 1 };
    if (ratio <= 1) return { deposit: 1, withdraw: Math.fround(1 / ratio) };
    return { deposit: 1000, withdraw: Math.fround(1000 / ratio) };
  }

  // ---------------------------------------------------------------------------------------
  // The simulation (src/recovery/simulate.rs): one strategy under one budget.

  var COMPLETION = 0, TIMEOUT = 1, AGENDA = 2;
  var REFUSED = 0, REJECTED = 1, TIMED_OUT = 2, LOCAL = 3;
  // The order key of the agenda, as one safe integer: new requests after retries, then the
  // client (< 2¹⁷), then the client's request number (< 2³⁴).
  var KEY_NEW = 2251799813685248; // 2^51
  var KEY_CLIENT = 17179869184; // 2^34

  /** The number of 100 ms bins from −5 s to O + H (the last may be cut short). */
  function binCount(inputs) {
    return Math.ceil((inputs.outage_ms + inputs.horizon_ms - START_MS) / BIN_MS);
  }

  function grow(array, size) {
    var out = new array.constructor(size);
    out.set(array);
    return out;
  }

  var RING = 65536;
  var RING_MASK = RING - 1;
  var NIL = -1;

  /**
   * The agenda of retries and new requests (agenda.rs): a timing wheel of one-millisecond
   * buckets. Each timer is pending at most once, so the agenda keeps one slot per timer — its
   * time `at`, its order key `keys`, a link — which the caller writes before `set`. The buckets
   * `cur + 1 … cur + RING − 1` are linked lists; the timers of buckets up to `cur` wait in a
   * small heap (`current`), later ones in another (`far`). The keys are unique, so this takes
   * timers in exactly the order of one heap of (time, key). Times and keys never cross a call
   * as arguments (V8 would box each double).
   */
  function Agenda(start, timers) {
    this.start = start;
    this.cur = 0;
    this.at = new Float64Array(timers);
    this.keys = new Float64Array(timers);
    this.next = new Int32Array(timers);
    this.heads = new Int32Array(RING).fill(NIL);
    this.inRing = 0;
    this.current = new Int32Array(256);
    this.currentLen = 0;
    this.far = new Int32Array(256);
    this.farLen = 0;
  }

  /** Room for timers 0 … timers − 1. */
  Agenda.prototype.reserve = function (timers) {
    if (timers <= this.at.length) return;
    var size = Math.max(this.at.length * 2, timers);
    this.at = grow(this.at, size);
    this.keys = grow(this.keys, size);
    this.next = grow(this.next, size);
  };

  /** The bucket of t ≥ start: ⌊t − start⌋, an int32 (times end by 5 s + 1 h + 1 h). */
  Agenda.prototype.bucket = function (t) {
    return (t - this.start) | 0;
  };

  /** Whether timer a comes before timer b: (time, key) in order. */
  Agenda.prototype.before = function (a, b) {
    var ta = this.at[a];
    var tb = this.at[b];
    return ta < tb || (ta === tb && this.keys[a] < this.keys[b]);
  };

  /** Adds `timer` to a heap of `len` timers with room for one more. */
  Agenda.prototype.heapPush = function (heap, len, timer) {
    var i = len;
    while (i > 0) {
      var up = (i - 1) >> 1;
      if (this.before(heap[up], timer)) break;
      heap[i] = heap[up];
      i = up;
    }
    heap[i] = timer;
  };

  /** Removes the first of a heap that now has `len` timers (the last one is moved in). */
  Agenda.prototype.heapPop = function (heap, len) {
    var last = heap[len];
    var i = 0;
    for (;;) {
      var child = 2 * i + 1;
      if (child >= len) break;
      if (child + 1 < len && this.before(heap[child + 1], heap[child])) child++;
      if (this.before(last, heap[child])) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
  };

  /** Sets `timer`, which is not pending, to fire at `at[timer]` (≥ the last time taken). */
  Agenda.prototype.set = function (timer) {
    var b = this.bucket(this.at[timer]);
    if (b <= this.cur) {
      if (this.currentLen === this.current.length) this.current = grow(this.current, this.currentLen * 2);
      this.heapPush(this.current, this.currentLen++, timer);
    } else if (b < this.cur + RING) {
      var slot = b & RING_MASK;
      this.next[timer] = this.heads[slot];
      this.heads[slot] = timer;
      this.inRing++;
    } else {
      if (this.farLen === this.far.length) this.far = grow(this.far, this.farLen * 2);
      this.heapPush(this.far, this.farLen++, timer);
    }
  };

  /** When the earliest pending timer fires (Infinity: none is pending). */
  Agenda.prototype.peek = function () {
    if (this.currentLen === 0) this.advance();
    return this.currentLen > 0 ? this.at[this.current[0]] : Infinity;
  };

  /** Turns the wheel to the next bucket that holds a timer, if any. */
  Agenda.prototype.advance = function () {
    while (this.currentLen === 0) {
      if (this.inRing === 0) {
        // Nothing within reach: jump to just before the earliest far timer.
        if (this.farLen === 0) return;
        var before = this.bucket(this.at[this.far[0]]) - 1;
        if (before > this.cur) this.cur = before;
      }
      this.cur++;
      while (this.farLen > 0 && this.bucket(this.at[this.far[0]]) < this.cur + RING) {
        var timer = this.far[0];
        this.heapPop(this.far, --this.farLen);
        this.set(timer);
      }
      var slot = this.cur & RING_MASK;
      var i = this.heads[slot];
      this.heads[slot] = NIL;
      while (i !== NIL) {
        if (this.currentLen === this.current.length) this.current = grow(this.current, this.currentLen * 2);
        this.heapPush(this.current, this.currentLen++, i);
        this.inRing--;
        i = this.next[i];
      }
    }
  };

  /** Takes the earliest pending timer (after `peek` said when it fires). */
  Agenda.prototype.pop = function () {
    var timer = this.current[0];
    this.heapPop(this.current, --this.currentLen);
    return timer;
  };

  var DOUBLE_FIELDS = ["base", "cap", "tau", "outage", "end", "service", "triggerService", "surge",
    "meanGap", "queueLimit", "envoyPercent", "sreK", "tpsWithdraw", "tpsReserve", "watchStart",
    "watchNext"];

  // The doubles that change with every event, kept in one Float64Array (`Sim.clock`): V8 boxes a
  // double stored in a field or passed to a function that is not inlined, an allocation each
  // time. NOW: the time of the event being handled; the call in service: its id, when it was
  // sent, when it completes.
  var NOW = 0, SVC_ID = 1, SVC_SENT = 2, SVC_END = 3;

  /**
   * One strategy under one budget (`Sim` of simulate.rs): strategy `s` (an index of
   * `STRATEGIES`), budget `budget` (an index of `BUDGETS`). The state is typed arrays, one per
   * field, grown by doubling; nothing is allocated per event. `run` fills the bins
   * (`binNew`, …, `binQueue`) and the counts.
   */
  function Sim(p, inputs, s, budget, watch) {
    var n = p.clients;
    var set = inputs.settings;
    var key = E.seedKey(BigInt(p.seed));
    var ranges = E.rangesMs(p, s, E.nominalMs(p));
    var c;
    // Fields that may hold fractions start as one, so that every run's Sim has one shape in V8
    // (a field first given a whole number and later a fraction changes it, and the compiled
    // code with it).
    for (c = 0; c < DOUBLE_FIELDS.length; c++) this[DOUBLE_FIELDS[c]] = NaN;
    this.n = n;
    this.s = s;
    this.budget = budget;
    this.lo = ranges.lo;
    this.hi = ranges.hi;
    this.base = p.base_ms;
    this.cap = p.cap_ms === null ? Infinity : p.cap_ms;
    this.callsMax = p.attempts + 1;
    this.tau = inputs.timeout_ms;
    this.outage = inputs.outage_ms;
    this.end = inputs.outage_ms + inputs.horizon_ms;
    this.service = 1000 / inputs.capacity;
    // The trigger (trigger.rs): an outage drops and refuses; a slowdown's calls reaching the
    // head during it take 1/(C·F); a surge multiplies the arrivals' rate during it.
    this.down = inputs.trigger === "outage";
    this.triggerService = inputs.trigger === "slowdown" ? 1000 / (inputs.capacity * inputs.degraded)
      : this.service;
    this.surge = inputs.trigger === "surge" ? inputs.surge : 1;
    this.meanGap = 1000 * n / inputs.demand;
    // A verdict-only run (verdict.rs `Watch`): the first second of the ten being tried, the
    // next to judge, whether the verdict is known.
    this.watching = watch === true;
    this.watchStart = Math.ceil(inputs.outage_ms / 1000) * 1000;
    this.watchNext = this.watchStart;
    this.known = this.watching && this.watchStart + 10000 > this.end;
    this.queueLimit = inputs.queue === null ? Infinity : inputs.queue;
    this.shed = inputs.shed;

    this.gaps = new Streams(key, 64, n);
    this.waits = new Streams(key, s, s !== 0 ? n : 0);
    this.sre = new Streams(key, 80, budget === SRE ? n : 0);
    this.outageRetries = new Uint32Array(n);
    // The number of each client's pending next request.
    this.arrivalId = new Float64Array(n);

    // The trackers (trackers.rs): one array per field, an element per client.
    var grpc = budget === GRPC;
    this.tokensMax = grpc ? set.grpc_max_tokens * 1000 : 0;
    this.threshold = Math.floor(this.tokensMax / 2);
    this.ratio = grpc ? set.grpc_ratio_milli : 0;
    this.tokens = new Int32Array(grpc ? n : 0).fill(this.tokensMax);
    var aws = budget === AWS;
    this.quotaMax = set.aws_quota;
    this.retryCost = set.aws_retry_cost;
    this.timeoutCost = set.aws_timeout_cost;
    this.noRetryIncrement = set.aws_no_retry_increment;
    this.quota = new Int32Array(aws ? n : 0).fill(set.aws_quota);

    // Finagle's sums stay far below 2⁵³: `build` keeps the reserve within 32 bits.
    var fp = set.finagle_percent;
    this.finDeposit = fp === 0 ? 0 : 1000;
    this.finWithdraw = finagleWithdrawal(fp);
    this.finWindow = set.finagle_ttl_s * 100;
    this.finReserve = set.finagle_min_retries * set.finagle_ttl_s * this.finWithdraw;
    var finagle = budget === FINAGLE;
    this.finBuf = new Float64Array(finagle ? n * 9 : 0);
    this.finWriter = new Float64Array(finagle ? n : 0);
    this.finI = new Uint8Array(finagle ? n : 0);
    this.finOld = new Float64Array(finagle ? n : 0).fill(Math.floor(START_MS));

    var tw = tpsWithdrawal(set.linkerd_ratio);
    var tk = set.linkerd_min_retries * set.linkerd_ttl_s;
    var tpsFast = budget === LINKERD && (tk + 2) * tw.withdraw + DEPOSIT_ROOM < SAFE;
    this.tpsDeposit = tw.deposit;
    this.tpsWithdraw = tpsFast ? Math.trunc(tw.withdraw) : 0;
    this.tpsReserve = tk * this.tpsWithdraw;
    this.tpsWindow = set.linkerd_ttl_s * 100;
    this.tpsSlots = new Float64Array(tpsFast ? n * 10 : 0);
    this.tpsWriter = new Float64Array(tpsFast ? n : 0);
    this.tpsIndex = new Uint8Array(tpsFast ? n : 0);
    this.tpsTime = new Float64Array(tpsFast ? n : 0).fill(START_MS);
    this.tpsExact = budget === LINKERD && !tpsFast;
    this.tpsBig = [];
    if (this.tpsExact) {
      for (c = 0; c < n; c++) {
        this.tpsBig.push(new TpsBig(set.linkerd_ttl_s, set.linkerd_min_retries, set.linkerd_ratio, START_MS));
      }
    }

    var envoy = budget === ENVOY;
    this.inFlight = new Uint32Array(envoy ? n : 0);
    this.outstanding = new Uint32Array(envoy ? n : 0);
    this.envoyPercent = set.envoy_percent;
    this.envoyMin = set.envoy_min;

    var sre = budget === SRE;
    // One bin a second up to 120 s, else 120 bins spanning the window (trackers.rs).
    this.sreBins = set.sre_window_s < SRE_MAX_BINS ? set.sre_window_s : SRE_MAX_BINS;
    this.sreWidth = set.sre_window_s * 1000 / this.sreBins;
    var head = Math.floor(START_MS / this.sreWidth);
    this.sreK = set.sre_k;
    this.sreReq = new Int32Array(sre ? n * this.sreBins : 0);
    this.sreAcc = new Int32Array(sre ? n * this.sreBins : 0);
    this.sreReqHead = new Int32Array(sre ? n : 0).fill(head);
    this.sreAccHead = new Int32Array(sre ? n : 0).fill(head);
    this.sreReqTotal = new Int32Array(sre ? n : 0);
    this.sreAccTotal = new Int32Array(sre ? n : 0);

    // Requests in progress, a slot each (`Request`); freed slots are reused last in, first out.
    var size = 1024;
    this.rSize = size;
    this.rPrev = new Float64Array(size);
    this.rClient = new Int32Array(size);
    this.rId = new Float64Array(size);
    this.rCall = new Float64Array(size);
    this.rLastCost = new Int32Array(size);
    this.rCalls = new Uint8Array(size);
    this.rRetry = new Uint8Array(size);
    this.rAdmitted = new Uint8Array(size);
    this.free = new Int32Array(size);
    this.freeLen = 0;
    this.rLen = 0;

    // The agenda: timer c is client c's next request, timer n + s the retry of the request in
    // slot s.
    this.agenda = new Agenda(START_MS, n + size);

    // The admitted calls (admitted.rs): one ring, the server's cursor and the timeouts' cursor.
    this.aSize = 16384;
    this.aMask = this.aSize - 1;
    this.aSent = new Float64Array(this.aSize);
    this.aId = new Float64Array(this.aSize);
    this.aSlot = new Int32Array(this.aSize);
    this.served = 0;
    this.timed = 0;
    this.tail = 0;

    // The server: the call in service, if busy, and when it completes.
    this.busy = false;
    this.svcSlot = 0;
    this.clock = new Float64Array(4);
    this.nextCall = 1;

    var nb = binCount(inputs);
    this.nb = nb;
    this.binNew = new Uint32Array(nb);
    this.binRetries = new Uint32Array(nb);
    this.binCalls = new Uint32Array(nb);
    this.binRetryCalls = new Uint32Array(nb);
    this.binSucceeded = new Uint32Array(nb);
    this.binRefused = new Uint32Array(nb);
    this.binRejected = new Uint32Array(nb);
    this.binTimedOut = new Uint32Array(nb);
    this.binLocal = new Uint32Array(nb);
    this.binBudgetRefused = new Uint32Array(nb);
    this.binQueue = new Uint32Array(nb);
    this.binNow = 0;
    this.binEnd = START_MS + BIN_MS;

    this.requests = 0;
    this.givenUp = 0;
    this.retriesSent = 0;
    this.retriesRefused = 0;
    this.completed = 0;
    this.late = 0;
    this.maxOutageRetries = 0;
  }

  /**
   * `surged` (trigger.rs): the arrival `need` ms of the plain rate after `after`, under a surge
   * of k over [0, end), one segment at a time.
   */
  function surged(after, need, end, k) {
    var t = after;
    if (t < 0) {
      if (t + need < 0) return t + need;
      need -= -t;
      t = 0;
    }
    if (t < end) {
      var fast = need / k;
      if (t + fast < end) return t + fast;
      need -= (end - t) * k;
      t = end;
    }
    return t + need;
  }

  /** Takes events in order until the end (`Sim::run`), then records the queue left. */
  Sim.prototype.run = function () {
    this.clock[NOW] = START_MS;
    for (var c = 0; c < this.n; c++) this.scheduleArrival(c, 0);
    this.events();
    var waiting = this.tail - this.served;
    for (var b = this.binNow; b < this.nb; b++) this.binQueue[b] = waiting;
  };

  /**
   * The event loop, on its own: compiled code of a loop whose exit has never run yet would be
   * thrown away at the exit of every run.
   */
  Sim.prototype.events = function () {
    var end = this.end;
    var tau = this.tau;
    // Only an outage drops what the service holds at 0.
    var dropped = !this.down;
    for (;;) {
      // The earliest of the server's completion, the next timeout and the agenda; at one
      // instant in that order.
      var clock = this.clock;
      var tc = this.busy ? clock[SVC_END] : Infinity;
      var tt = this.timed < this.tail ? this.aSent[this.timed & this.aMask] + tau : Infinity;
      var ta = this.agenda.peek();
      var t, kind;
      if (tc <= tt && tc <= ta) {
        t = tc;
        kind = COMPLETION;
      } else if (tt <= ta) {
        t = tt;
        kind = TIMEOUT;
      } else {
        t = ta;
        kind = AGENDA;
      }
      if (t >= end || this.known) break;
      if (!dropped && (t > 0 || (t === 0 && kind > COMPLETION))) {
        dropped = true;
        this.advanceBins(0);
        this.dropAll();
        continue;
      }
      if (t >= this.binEnd) this.advanceBins(t);
      clock[NOW] = t;
      if (kind === COMPLETION) {
        this.complete();
      } else if (kind === TIMEOUT) {
        var pos = this.timed & this.aMask;
        this.timed++;
        var slot = this.aSlot[pos];
        if (this.rCall[slot] === this.aId[pos]) this.fail(slot, TIMED_OUT);
      } else {
        var timer = this.agenda.pop();
        if (timer >= this.n) this.send(timer - this.n, true);
        else this.arrive(timer);
      }
    }
  };

  /** `Sim::bin`: b with START + 100·b ≤ t < START + 100·(b + 1) (exact edges), the last at most. */
  Sim.prototype.binOf = function (t) {
    var q = (t - START_MS) / BIN_MS;
    var b = q > 0 ? Math.floor(q) : 0;
    while (START_MS + (b + 1) * BIN_MS <= t) b++;
    while (b > 0 && START_MS + b * BIN_MS > t) b--;
    return b < this.nb - 1 ? b : this.nb - 1;
  };

  /** Records the queue at the end of every bin before t's, and makes t's the current one. */
  Sim.prototype.advanceBins = function (t) {
    if (t < this.binEnd) return;
    var b = this.binOf(t);
    this.binEnd = START_MS + (b + 1) * BIN_MS;
    var queue = this.tail - this.served;
    while (this.binNow < b) this.binQueue[this.binNow++] = queue;
    if (this.watching) this.judge();
  };

  /** `Watch::see`: judges the whole seconds whose bins are final, until the verdict is known. */
  Sim.prototype.judge = function () {
    var done = START_MS + this.binNow * BIN_MS;
    while (!this.known && this.watchNext + 1000 <= done) {
      var first = Math.trunc((this.watchNext - START_MS) / BIN_MS);
      var failed = 0;
      var ended = 0;
      for (var j = first; j < first + 10; j++) {
        var f = this.binRefused[j] + this.binRejected[j] + this.binTimedOut[j] + this.binLocal[j];
        failed += f;
        ended += this.binSucceeded[j] + f;
      }
      if (20 * failed <= ended) {
        this.known = this.watchNext - this.watchStart >= 9000;
      } else {
        this.watchStart = this.watchNext + 1000;
        this.known = this.watchStart + 10000 > this.end;
      }
      this.watchNext += 1000;
    }
  };

  /** Client c's request number `id`, one gap after now (none at or after the end). */
  Sim.prototype.scheduleArrival = function (c, id) {
    var u = this.gaps.unit(c);
    var t = this.surge === 1 ? this.clock[NOW] + -lnUnit(1 - u) * this.meanGap
      : surged(this.clock[NOW], -lnUnit(1 - u) * this.meanGap, this.outage, this.surge);
    if (t < this.end) {
      this.arrivalId[c] = id;
      // Timer c is client c's next request.
      this.agenda.at[c] = t;
      this.agenda.keys[c] = KEY_NEW + c * KEY_CLIENT + id;
      this.agenda.set(c);
    }
  };

  /** Client c's next request arrives, now. */
  Sim.prototype.arrive = function (c) {
    var t = this.clock[NOW];
    var id = this.arrivalId[c];
    this.scheduleArrival(c, id + 1);
    this.requests++;
    this.binNew[this.binNow]++;
    if (this.budget === FINAGLE) this.finagleDeposit(c, Math.floor(t));
    var slot;
    if (this.freeLen > 0) {
      slot = this.free[--this.freeLen];
    } else {
      if (this.rLen === this.rSize) this.growRequests();
      slot = this.rLen++;
    }
    this.rPrev[slot] = this.base;
    this.rClient[slot] = c;
    this.rId[slot] = id;
    this.rCall[slot] = 0;
    this.rLastCost[slot] = -1;
    this.rCalls[slot] = 0;
    this.rRetry[slot] = 0;
    this.rAdmitted[slot] = 0;
    this.send(slot, false);
  };

  Sim.prototype.growRequests = function () {
    var size = this.rSize * 2;
    this.rSize = size;
    this.rPrev = grow(this.rPrev, size);
    this.rClient = grow(this.rClient, size);
    this.rId = grow(this.rId, size);
    this.rCall = grow(this.rCall, size);
    this.rLastCost = grow(this.rLastCost, size);
    this.rCalls = grow(this.rCalls, size);
    this.rRetry = grow(this.rRetry, size);
    this.rAdmitted = grow(this.rAdmitted, size);
    this.free = grow(this.free, size);
    this.agenda.reserve(this.n + size);
  };

  /** The request in `slot` makes a call, now: its first or, with `retry`, a retry. */
  Sim.prototype.send = function (slot, retry) {
    var t = this.clock[NOW];
    var id = this.nextCall++;
    this.rCalls[slot]++;
    this.rCall[slot] = id;
    this.rRetry[slot] = retry ? 1 : 0;
    var c = this.rClient[slot];
    var b = this.binNow;
    var inOutage = t >= 0 && t < this.outage;
    if (retry) {
      this.retriesSent++;
      this.binRetries[b]++;
      if (inOutage) {
        var o = ++this.outageRetries[c];
        if (o > this.maxOutageRetries) this.maxOutageRetries = o;
      }
    }
    if (this.budget === SRE) {
      var second = Math.floor(t / this.sreWidth) | 0;
      var pr = this.sreProbability(c, second);
      var u = this.sre.unit(c);
      this.lookbackAdd(this.sreReq, this.sreReqHead, this.sreReqTotal, c, second);
      if (u < pr) {
        this.fail(slot, LOCAL);
        return;
      }
    }
    this.binCalls[b]++;
    if (retry) this.binRetryCalls[b]++;
    if (inOutage && this.down) {
      this.fail(slot, REFUSED);
      return;
    }
    if (this.busy && this.tail - this.served >= this.queueLimit) {
      this.fail(slot, REJECTED);
      return;
    }
    this.rAdmitted[slot] = 1;
    if (this.budget === ENVOY) this.inFlight[c]++;
    this.admit(id, slot);
    if (!this.busy) this.startNext();
  };

  /** Appends a call to the ring of admitted calls, doubling it when it is full. */
  Sim.prototype.admit = function (id, slot) {
    var oldest = this.served < this.timed ? this.served : this.timed;
    if (this.tail - oldest === this.aSize) {
      var size = this.aSize * 2;
      var mask = size - 1;
      var sent = new Float64Array(size), ids = new Float64Array(size), slots = new Int32Array(size);
      for (var i = oldest; i < this.tail; i++) {
        sent[i & mask] = this.aSent[i & this.aMask];
        ids[i & mask] = this.aId[i & this.aMask];
        slots[i & mask] = this.aSlot[i & this.aMask];
      }
      this.aSent = sent;
      this.aId = ids;
      this.aSlot = slots;
      this.aSize = size;
      this.aMask = mask;
    }
    var pos = this.tail & this.aMask;
    this.aSent[pos] = this.clock[NOW];
    this.aId[pos] = id;
    this.aSlot[pos] = slot;
    this.tail++;
  };

  /** The server, free at t, takes the next call (skipping, with `shed`, the hopeless ones). */
  Sim.prototype.startNext = function () {
    var t = this.clock[NOW];
    // A slowdown's service time for a call reaching the head during it.
    var service = t >= 0 && t < this.outage ? this.triggerService : this.service;
    while (this.served < this.tail) {
      var pos = this.served & this.aMask;
      this.served++;
      if (this.shed && t + service > this.aSent[pos] + this.tau) continue;
      this.busy = true;
      this.svcSlot = this.aSlot[pos];
      this.clock[SVC_ID] = this.aId[pos];
      this.clock[SVC_SENT] = this.aSent[pos];
      this.clock[SVC_END] = t + service;
      return;
    }
  };

  /** The call in service completes, now. */
  Sim.prototype.complete = function () {
    var t = this.clock[NOW];
    this.busy = false;
    this.completed++;
    if (t <= this.clock[SVC_SENT] + this.tau) this.succeed(this.svcSlot);
    else this.late++;
    this.startNext();
  };

  /** At 0 the server drops what it holds: each live call fails, refused, by client and request. */
  Sim.prototype.dropAll = function () {
    var live = [];
    if (this.busy) {
      this.busy = false;
      if (this.rCall[this.svcSlot] === this.clock[SVC_ID]) live.push(this.svcSlot);
    }
    while (this.served < this.tail) {
      var pos = this.served & this.aMask;
      this.served++;
      if (this.rCall[this.aSlot[pos]] === this.aId[pos]) live.push(this.aSlot[pos]);
    }
    var client = this.rClient, id = this.rId;
    live.sort(function (a, b) {
      return client[a] - client[b] || id[a] - id[b] || a - b;
    });
    this.clock[NOW] = 0;
    for (var i = 0; i < live.length; i++) this.fail(live[i], REFUSED);
  };

  /** A call ends: no longer in flight, and a retry's Envoy slot is released. */
  Sim.prototype.endCall = function (slot) {
    this.rCall[slot] = 0;
    var wasAdmitted = this.rAdmitted[slot];
    this.rAdmitted[slot] = 0;
    if (this.budget === ENVOY) {
      var c = this.rClient[slot];
      if (wasAdmitted) this.inFlight[c]--;
      if (this.rRetry[slot]) this.outstanding[c]--;
    }
  };

  /** The call of the request in `slot` succeeds, now. */
  Sim.prototype.succeed = function (slot) {
    this.binSucceeded[this.binNow]++;
    this.endCall(slot);
    var c = this.rClient[slot];
    var budget = this.budget;
    if (budget === GRPC) {
      var up = this.tokens[c] + this.ratio;
      this.tokens[c] = up < this.tokensMax ? up : this.tokensMax;
    } else if (budget === AWS) {
      var cost = this.rLastCost[slot];
      var back = this.quota[c] + (cost >= 0 ? cost : this.noRetryIncrement);
      this.quota[c] = back < this.quotaMax ? back : this.quotaMax;
    } else if (budget === LINKERD) {
      this.tpsDepositAt(c);
    } else if (budget === SRE) {
      this.lookbackAdd(this.sreAcc, this.sreAccHead, this.sreAccTotal, c, Math.floor(this.clock[NOW] / this.sreWidth) | 0);
    }
    this.release(slot);
  };

  /** The call of the request in `slot` fails, now, `how`; the budget decides on a retry. */
  Sim.prototype.fail = function (slot, how) {
    var t = this.clock[NOW];
    var b = this.binNow;
    if (how === REFUSED) this.binRefused[b]++;
    else if (how === REJECTED) this.binRejected[b]++;
    else if (how === TIMED_OUT) this.binTimedOut[b]++;
    else this.binLocal[b]++;
    this.endCall(slot);
    var left = this.rCalls[slot] < this.callsMax;
    var c = this.rClient[slot];
    var budget = this.budget;
    // 1: retry; 0: the budget refused; -1: no retry to refuse.
    var decision = -1;
    if (budget === NONE) {
      if (left) decision = 1;
    } else if (budget === GRPC) {
      // A token less for every failed call, the request's last one too.
      var tokens = this.tokens[c] - 1000;
      if (tokens < 0) tokens = 0;
      this.tokens[c] = tokens;
      if (left) decision = tokens > this.threshold ? 1 : 0;
    } else if (budget === AWS) {
      if (left) {
        var cost = how === TIMED_OUT ? this.timeoutCost : this.retryCost;
        if (cost > this.quota[c]) {
          decision = 0;
        } else {
          this.quota[c] -= cost;
          this.rLastCost[slot] = cost;
          decision = 1;
        }
      }
    } else if (budget === FINAGLE) {
      if (left) decision = this.finagleWithdraw(c, Math.floor(t)) ? 1 : 0;
    } else if (budget === LINKERD) {
      if (left) decision = this.tpsWithdrawAt(c) ? 1 : 0;
    } else if (budget === ENVOY) {
      if (left) {
        var max = Math.trunc(this.envoyPercent / 100 * this.inFlight[c]);
        if (max < this.envoyMin) max = this.envoyMin;
        if (this.outstanding[c] < max) {
          this.outstanding[c]++;
          decision = 1;
        } else {
          decision = 0;
        }
      }
    } else if (left && how !== LOCAL) {
      decision = 1;
    }
    if (decision === 1) {
      this.scheduleRetry(slot);
      return;
    }
    if (decision === 0) {
      this.binBudgetRefused[b]++;
      this.retriesRefused++;
    }
    this.givenUp++;
    this.release(slot);
  };

  /** The wait before the request's next call, from its client's stream of the strategy. */
  Sim.prototype.scheduleRetry = function (slot) {
    var t = this.clock[NOW];
    var k = this.rCalls[slot] - 1;
    var c = this.rClient[slot];
    var s = this.s;
    var wait;
    if (s === 1 || s === 2) {
      wait = this.lo[k] + this.waits.unit(c) * (this.hi[k] - this.lo[k]);
    } else if (s === 3) {
      wait = this.base + this.waits.unit(c) * (3 * this.rPrev[slot] - this.base);
      if (this.cap < wait) wait = this.cap;
    } else {
      wait = this.lo[k];
    }
    this.rPrev[slot] = wait;
    var at = t + wait;
    if (at < this.end) {
      // Timer n + s is the retry of the request in slot s.
      var timer = this.n + slot;
      this.agenda.at[timer] = at;
      this.agenda.keys[timer] = c * KEY_CLIENT + this.rId[slot];
      this.agenda.set(timer);
    }
  };

  Sim.prototype.release = function (slot) {
    this.rCall[slot] = 0;
    this.free[this.freeLen++] = slot;
  };

  // Finagle's `WindowedAdder`: 9 stored slices and a writer, time in whole milliseconds.
  Sim.prototype.finagleExpire = function (c, now) {
    var old = this.finOld[c];
    if (now - old < this.finWindow) return;
    var off = c * 9;
    var i = this.finI[c];
    this.finBuf[off + i] = this.finWriter[c];
    this.finWriter[c] = 0;
    i = (i + 1) % 9;
    var skip = Math.floor((now - old) / this.finWindow) - 1;
    if (skip > 9) skip = 9;
    if (skip > 0) {
      for (var k = 0; k < skip; k++) this.finBuf[off + (i + k) % 9] = 0;
      i = (i + skip) % 9;
    }
    this.finI[c] = i;
    this.finOld[c] = now;
  };

  Sim.prototype.finagleDeposit = function (c, now) {
    this.finagleExpire(c, now);
    this.finWriter[c] += this.finDeposit;
  };

  Sim.prototype.finagleWithdraw = function (c, now) {
    this.finagleExpire(c, now);
    var off = c * 9;
    var sum = 0;
    for (var k = 0; k < 9; k++) sum += this.finBuf[off + k];
    if (this.finWriter[c] + sum + this.finReserve >= this.finWithdraw) {
      this.finWriter[c] -= this.finWithdraw;
      return true;
    }
    return false;
  };

  // tower's `TpsBudget`: ten slots of ttl/10 and a writer, expired from the last expiry.
  Sim.prototype.tpsExpire = function (c, now) {
    var diff = now - this.tpsTime[c];
    if (diff < 0) diff = 0;
    if (diff < this.tpsWindow) return;
    var off = c * 10;
    this.tpsSlots[off + this.tpsIndex[c]] = this.tpsWriter[c];
    this.tpsWriter[c] = 0;
    var idx = (this.tpsIndex[c] + 1) % 10;
    while (diff > this.tpsWindow) {
      this.tpsSlots[off + idx] = 0;
      diff -= this.tpsWindow;
      idx = (idx + 1) % 10;
    }
    this.tpsIndex[c] = idx;
    this.tpsTime[c] = now;
  };

  Sim.prototype.tpsDepositAt = function (c) {
    var now = this.clock[NOW];
    if (this.tpsExact) {
      this.tpsBig[c].depositAt(now);
      return;
    }
    this.tpsExpire(c, now);
    this.tpsWriter[c] += this.tpsDeposit;
  };

  Sim.prototype.tpsWithdrawAt = function (c) {
    var now = this.clock[NOW];
    if (this.tpsExact) return this.tpsBig[c].withdrawAt(now);
    this.tpsExpire(c, now);
    var off = c * 10;
    var sum = this.tpsWriter[c];
    for (var k = 0; k < 10; k++) sum += this.tpsSlots[off + k];
    if (sum + this.tpsReserve >= this.tpsWithdraw) {
      this.tpsWriter[c] -= this.tpsWithdraw;
      return true;
    }
    return false;
  };

  // grpc-go's `lookback`: `sreBins` bins of `sreWidth` ms per client on absolute time, `nh`
  // being the bin of now (⌊t / sreWidth⌋).
  Sim.prototype.lookbackAdvance = function (buf, heads, totals, c, nh) {
    var bins = this.sreBins;
    var head = heads[c];
    if (nh <= head) return nh;
    var steps = nh - head < bins ? nh - head : bins;
    var off = c * bins;
    var total = totals[c];
    for (var j = 0; j < steps; j++) {
      var i = off + (((head + j + 1) % bins) + bins) % bins;
      total -= buf[i];
      buf[i] = 0;
    }
    totals[c] = total;
    heads[c] = nh;
    return nh;
  };

  Sim.prototype.lookbackAdd = function (buf, heads, totals, c, nh) {
    var bins = this.sreBins;
    var pos = this.lookbackAdvance(buf, heads, totals, c, nh);
    if (heads[c] - pos >= bins) return;
    buf[c * bins + ((pos % bins) + bins) % bins]++;
    totals[c]++;
  };

  /** The chance that client c's call now (in second `nh`) is rejected locally. */
  Sim.prototype.sreProbability = function (c, nh) {
    this.lookbackAdvance(this.sreReq, this.sreReqHead, this.sreReqTotal, c, nh);
    var requests = this.sreReqTotal[c];
    this.lookbackAdvance(this.sreAcc, this.sreAccHead, this.sreAccTotal, c, nh);
    var accepts = this.sreAccTotal[c];
    var p = (requests - this.sreK * accepts) / (requests + 1);
    return p > 0 ? p : 0;
  };

  /** The bins and totals of a finished run. */
  Sim.prototype.result = function () {
    return {
      bins: {
        new_requests: this.binNew,
        retries_sent: this.binRetries,
        calls: this.binCalls,
        retry_calls: this.binRetryCalls,
        succeeded: this.binSucceeded,
        refused: this.binRefused,
        rejected: this.binRejected,
        timed_out: this.binTimedOut,
        rejected_locally: this.binLocal,
        budget_refused: this.binBudgetRefused,
        queue: this.binQueue,
      },
      counts: {
        requests: this.requests,
        given_up: this.givenUp,
        retries_sent: this.retriesSent,
        retries_refused: this.retriesRefused,
        completed: this.completed,
        late: this.late,
        max_outage_retries: this.maxOutageRetries,
      },
    };
  };

  /**
   * Simulates strategy `s` (an index of `STRATEGIES`) under budget `budget` (an index of
   * `BUDGETS`): {bins: {new_requests: Uint32Array, …, queue}, counts}.
   */
  function simulate(p, inputs, s, budget) {
    var sim = new Sim(p, inputs, s, budget, false);
    sim.run();
    return sim.result();
  }

  /**
   * `simulate::recovers`: the verdict (`recovered_after_ms`, or null) of a run that stops as
   * soon as it is known, the same as the full run's.
   */
  function verdict(p, inputs, s, budget) {
    var sim = new Sim(p, inputs, s, budget, true);
    sim.run();
    return recoveredAfter(inputs, sim.result().bins);
  }

  // ---------------------------------------------------------------------------------------
  // The frontier (frontier.rs): pinned searches over the verdict.

  var TRIGGER_GRID_MS = [250, 500, 1000, 1500, 2000, 3000, 4000, 5000, 7500, 10000, 15000, 20000,
    30000, 45000, 60000, 90000, 120000];
  var LONGEST_TRIGGER_MS = 120000;
  var QUARTER_MS = 250;
  var CAPACITY_GRID = [100, 105, 110, 115, 120, 125, 133, 150, 175, 200, 250, 300, 400, 500, 700, 1000];
  var UTILIZATIONS = [0.5, 0.6, 0.7, 0.8, 0.9];

  /** `Inputs::with_outage_ms`. */
  function withOutage(inputs, ms) {
    var i = Object.assign({}, inputs);
    i.outage_ms = ms;
    return i;
  }

  /** `Inputs::with_capacity`. */
  function withCapacity(inputs, capacity) {
    var i = Object.assign({}, inputs);
    i.capacity = capacity;
    return i;
  }

  /**
   * `search_longest` as steps: each `yield` is a trigger to try (ms), answered with whether the
   * fleet recovers from it; the return value is {ms, capped}.
   */
  function* longestSteps() {
    var last = null;
    for (var g = 0; g < TRIGGER_GRID_MS.length; g++) {
      var ms = TRIGGER_GRID_MS[g];
      if (yield ms) {
        last = ms;
        continue;
      }
      if (last === null) return { ms: 0, capped: false };
      var lo = last / QUARTER_MS;
      var hi = ms / QUARTER_MS;
      while (hi - lo > 1) {
        var m = Math.floor((lo + hi) / 2);
        if (yield m * QUARTER_MS) lo = m;
        else hi = m;
      }
      return { ms: lo * QUARTER_MS, capped: false };
    }
    return { ms: LONGEST_TRIGGER_MS, capped: true };
  }

  /** `capacity_at`: k·R/100 calls per second. */
  function capacityAt(k, demand) {
    return k * demand / 100;
  }

  /**
   * `search_capacity` as steps: each `yield` is a capacity to try, answered with whether the
   * fleet recovers with it; the return value is the least capacity that does, or null.
   */
  function* capacitySteps(demand) {
    var first = -1;
    for (var g = 0; g < CAPACITY_GRID.length; g++) {
      if (yield capacityAt(CAPACITY_GRID[g], demand)) {
        first = g;
        break;
      }
    }
    if (first < 0) return null;
    if (first === 0) return demand;
    var lo = CAPACITY_GRID[first - 1];
    var hi = CAPACITY_GRID[first];
    while (hi - lo > 1) {
      var m = Math.floor((lo + hi) / 2);
      if (yield capacityAt(m, demand)) hi = m;
      else lo = m;
    }
    return capacityAt(hi, demand);
  }

  /** Runs a search's steps to its answer, each verdict from `recovers(probe)`. */
  function drive(steps, recovers) {
    var step = steps.next();
    while (!step.done) step = steps.next(recovers(step.value));
    return step.value;
  }

  /** `search_longest` over `recovers(ms)`: {ms, capped}. */
  function searchLongest(recovers) {
    return drive(longestSteps(), recovers);
  }

  /** `search_capacity` over `recovers(capacity)`: the least capacity, or null. */
  function searchCapacity(demand, recovers) {
    return drive(capacitySteps(demand), recovers);
  }

  /** `short_queue`: the queue a server works through within half a timeout, ⌊C × τ / 2⌋. */
  function shortQueue(inputs) {
    return Math.floor(inputs.capacity * inputs.timeout_ms / 2000);
  }

  /**
   * One search of the frontier (or of the advice's alternatives) as steps over verdict-only
   * runs: `kind` is `longest`, `capacity`, `map` (with `u`), `shed` or `queue`. Each `yield`
   * is the inputs of a run to make, answered with whether it recovers; the return value is the
   * search's answer: {ms, capped}, a capacity or null, a map row, or for `shed` and `queue`
   * what `alternatives` has for it (null when the inputs have it already).
   */
  function* searchSteps(inputs, kind, u) {
    var answer;
    if (kind === "longest" || kind === "map") {
      var base = kind === "map" ? withCapacity(inputs, inputs.demand / u) : inputs;
      var longest = longestSteps();
      var step = longest.next();
      while (!step.done) step = longest.next(yield withOutage(base, step.value));
      answer = step.value;
      if (kind === "map") {
        return { utilization: u, longest_trigger_ms: answer.ms, longest_trigger_capped: answer.capped };
      }
      return answer;
    }
    if (kind === "capacity") {
      var capacity = capacitySteps(inputs.demand);
      var c = capacity.next();
      while (!c.done) c = capacity.next(yield withCapacity(inputs, c.value));
      return c.value;
    }
    if (kind === "shed") {
      if (inputs.shed) return null;
      return yield Object.assign({}, inputs, { shed: true });
    }
    if (kind === "queue") {
      var q = shortQueue(inputs);
      if (inputs.queue !== null && inputs.queue <= q) return null;
      return [q, yield Object.assign({}, inputs, { queue: q })];
    }
    throw new RangeError("unknown search `" + kind + "`");
  }

  /** `alternatives`: {shedding, queue} for the first budget of `strategy`. */
  function alternatives(params, inputs, strategy, budget) {
    var s = indexOf(STRATEGIES, strategy, "strategy");
    var b = indexOf(BUDGETS, budget, "budget");
    var recovers = function (i) {
      return verdict(params, i, s, b) !== null;
    };
    return {
      shedding: drive(searchSteps(inputs, "shed"), recovers),
      queue: drive(searchSteps(inputs, "queue"), recovers),
    };
  }

  /**
   * The searches of one strategy under one budget, each a function of its own so that a caller
   * can run them apart (a worker each): `longest`, `capacity` and `map(u)`. `step()`, if given,
   * is called after every verdict-only run (a progress bar's tick).
   */
  function searches(params, inputs, strategy, budget, step) {
    var s = indexOf(STRATEGIES, strategy, "strategy");
    var b = indexOf(BUDGETS, budget, "budget");
    var tick = typeof step === "function" ? step : function () {};
    var recovers = function (i) {
      var v = verdict(params, i, s, b);
      tick();
      return v !== null;
    };
    return {
      longest: function () {
        return drive(searchSteps(inputs, "longest"), recovers);
      },
      capacity: function () {
        return drive(searchSteps(inputs, "capacity"), recovers);
      },
      map: function (u) {
        return drive(searchSteps(inputs, "map", u), recovers);
      },
    };
  }

  /**
   * The `"frontier"` object of `render_json` for one strategy under one budget: the longest
   * trigger survived, the capacity needed and, with `map`, the map's rows.
   */
  function frontier(params, inputs, strategy, budget, map, step) {
    var f = searches(params, inputs, strategy, budget, step);
    var l = f.longest();
    var out = {
      longest_trigger_ms: l.ms,
      longest_trigger_capped: l.capped,
      capacity_needed: f.capacity(),
    };
    if (map) out.map = UTILIZATIONS.map(f.map);
    return out;
  }

  var BIN_KEYS = ["new_requests", "retries_sent", "calls", "retry_calls", "succeeded", "refused",
    "rejected", "timed_out", "rejected_locally", "budget_refused", "queue"];

  /** `recovered_after` (verdict.rs): the verdict of a run's bins. */
  function recoveredAfter(inputs, bins) {
    var o = inputs.outage_ms;
    var end = inputs.outage_ms + inputs.horizon_ms;
    var nb = bins.calls.length;
    var failed = new Float64Array(nb);
    var ended = new Float64Array(nb);
    for (var i = 0; i < nb; i++) {
      failed[i] = bins.refused[i] + bins.rejected[i] + bins.timed_out[i] + bins.rejected_locally[i];
      ended[i] = bins.succeeded[i] + failed[i];
    }
    var healthy = function (startMs) {
      var first = Math.trunc((startMs - START_MS) / BIN_MS);
      var f = 0;
      var e = 0;
      for (var j = first; j < first + 10; j++) {
        f += failed[j];
        e += ended[j];
      }
      return 20 * f <= e;
    };
    var recovered = null;
    var s = Math.ceil(o / 1000) * 1000;
    while (s + 10000 <= end) {
      var bad = null;
      for (var k = 0; k < 10; k++) {
        if (!healthy(s + 1000 * k)) {
          bad = s + 1000 * k;
          break;
        }
      }
      if (bad === null) {
        recovered = s - o;
        break;
      }
      s = bad + 1000;
    }
    return recovered;
  }

  /** `summarize` and `render_json`'s object of one run: the summary's figures, then the bins. */
  function summarize(inputs, bins, counts) {
    var nb = bins.calls.length;
    var i;
    var recovered = recoveredAfter(inputs, bins);
    var peak = 0;
    for (i = 0; i < nb; i++) if (bins.calls[i] > peak) peak = bins.calls[i];
    var share = function (part, whole) {
      return whole === 0 ? 0 : part / whole;
    };
    var list = new Array(nb);
    for (i = 0; i < nb; i++) {
      var bin = { start_ms: START_MS + i * BIN_MS };
      for (var q = 0; q < BIN_KEYS.length; q++) bin[BIN_KEYS[q]] = bins[BIN_KEYS[q]][i];
      list[i] = bin;
    }
    return {
      recovered_after_ms: recovered,
      peak_load: peak / (inputs.capacity * 0.1),
      retries_sent: counts.retries_sent,
      retries_refused: counts.retries_refused,
      requests_given_up: share(counts.given_up, counts.requests),
      wasted_work: share(counts.late, counts.completed),
      max_retries_per_client_during_outage: counts.max_outage_retries,
      requests: counts.requests,
      bins: list,
    };
  }

  function indexOf(list, what, name) {
    var i = typeof what === "number" ? what : list.indexOf(what);
    if (!(i >= 0 && i < list.length && i % 1 === 0)) throw new RangeError("unknown " + name + " `" + what + "`");
    return i;
  }

  /**
   * One strategy under one budget, for `parse`'s params and (non-null) inputs: the object of
   * `render_json` for them — recovered_after_ms, peak_load, retries_sent, retries_refused,
   * requests_given_up, wasted_work, max_retries_per_client_during_outage, requests, and bins
   * of 100 ms from −5 s ({start_ms, new_requests, …, queue}). `strategy` is an index of
   * `SadeBackoff.strategies` or a name, `budget` a name of `BUDGETS` or an index.
   */
  function run(params, inputs, strategy, budget) {
    if (!inputs) throw new TypeError("run needs parse's inputs (null: no key of the fleet was given)");
    var s = indexOf(STRATEGIES, strategy, "strategy");
    var b = indexOf(BUDGETS, budget, "budget");
    var sim = simulate(params, inputs, s, b);
    return summarize(inputs, sim.bins, sim.counts);
  }

  /**
   * Parses `input` (see `parse`) and simulates every strategy of its schedule under every budget
   * asked for: {ok: true, value: {recovery: {<strategy>: {<budget>: run}}}}, the `"recovery"`
   * object of `sade calc … --json` (`value` has no `recovery` when no fleet key is given, as
   * the document then has none), or {ok: false, error, errors}.
   */
  function compute(input) {
    var parsed = parse(input);
    if (!parsed.ok) return parsed;
    var value = {};
    if (parsed.inputs !== null) {
      var recovery = {};
      parsed.params.strategies.forEach(function (name) {
        var perBudget = {};
        parsed.inputs.budgets.forEach(function (budget) {
          var r = run(parsed.params, parsed.inputs, name, budget);
          if (parsed.inputs.frontier) {
            r.frontier = frontier(parsed.params, parsed.inputs, name, budget, parsed.inputs.map);
          }
          perBudget[budget] = r;
        });
        recovery[name] = perBudget;
      });
      value.recovery = recovery;
    }
    return { ok: true, value: value };
  }

  function freeze(object) {
    Object.keys(object).forEach(function (k) {
      if (object[k] && typeof object[k] === "object") freeze(object[k]);
    });
    return Object.freeze(object);
  }

  return Object.freeze({
    KEYS: freeze(KEYS.slice()),
    BUDGETS: freeze(BUDGETS.slice()),
    SETTINGS: freeze(SETTINGS.slice()),
    defaults: freeze({
      demand: DEFAULTS.demand,
      capacity: DEFAULTS.capacity,
      timeout_ms: DEFAULTS.timeout_ms,
      outage_ms: DEFAULTS.outage_ms,
      horizon_ms: DEFAULTS.horizon_ms,
    }),
    TRIGGERS: freeze(TRIGGERS.slice()),
    TRIGGER_GRID_MS: freeze(TRIGGER_GRID_MS.slice()),
    CAPACITY_GRID: freeze(CAPACITY_GRID.slice()),
    UTILIZATIONS: freeze(UTILIZATIONS.slice()),
    parse: parse,
    run: run,
    verdict: function (params, inputs, strategy, budget) {
      return verdict(params, inputs, indexOf(STRATEGIES, strategy, "strategy"), indexOf(BUDGETS, budget, "budget"));
    },
    searches: searches,
    searchSteps: searchSteps,
    alternatives: alternatives,
    frontier: frontier,
    compute: compute,
    message: message,
    /** The number of bins of a run for `parse`'s inputs. */
    bins: binCount,
    // The pieces the tests check on their own (the same arithmetic as src/recovery/). Not a
    // stable API.
    engine: Object.freeze({
      lnUnit: lnUnit,
      ratioMilli: ratioMilli,
      Streams: Streams,
      simulate: simulate,
      surged: surged,
      searchLongest: searchLongest,
      searchCapacity: searchCapacity,
      shortQueue: shortQueue,
    }),
  });
});
