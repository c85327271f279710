/*!
 * sade — backoff engine for the browser.
 *
 * The same numbers as sade's Rust engine (src/backoff/, src/i18n.rs, src/report.rs), to the
 * last bit: ChaCha8 seeded like rand_chacha 0.9, the schedule of SPEC §1, the seeded jitter of
 * §2, the fleet simulation of §3, and the localized formatting of numbers and durations.
 *
 * No words, limits or defaults of its own: `configure` takes them from the data block the
 * calculator shortcode writes (src/shortcode/backoff_calculator.rs), so they are sade's, said
 * once. Errors are codes (`words.messages`' keys) with the values their messages name.
 *
 * Plain script: no dependencies, no build step, no network, no eval. Loaded with
 * <script src="/js/backoff.js" defer></script> it defines window.SadeBackoff; under Node it
 * is also module.exports.
 */
(function (factory) {
  "use strict";
  var api = factory();
  if (typeof window !== "undefined") {
    window.SadeBackoff = api;
  }
  if (typeof module === "object" && module !== null && typeof module.exports === "object") {
    module.exports = api;
  }
})(function () {
  "use strict";

  // ---------------------------------------------------------------------------------------
  // The math's constants (SPEC §1–§3), and the limits and defaults `configure` sets.

  var CONFIG = null;

  /**
   * Takes the limits and defaults from the calculator's data block:
   * {limits: {max_attempts, max_clients}, defaults: {factor, attempts, seed, clients}}.
   */
  function configure(data) {
    if (!data || !data.limits || !data.defaults) throw new TypeError("configure needs {limits, defaults}");
    CONFIG = { limits: data.limits, defaults: data.defaults };
  }

  function config() {
    if (CONFIG === null) throw new Error("SadeBackoff.configure(data) must come first");
    return CONFIG;
  }

  var FLEET_BINS = 100;
  var PEAK_WINDOWS_PER_BIN = 100;
  var CHUNK = 1024;
  var STRATEGIES = ["none", "full", "equal", "decorrelated"];
  var U64_MAX = (BigInt(1) << BigInt(64)) - BigInt(1);
  var TWO_POW_M53 = 1 / 9007199254740992; // 2^-53, exact

  // ---------------------------------------------------------------------------------------
  // ChaCha8, as rand_chacha 0.9's ChaCha8Rng.
  //
  // State words: 0..3 "expand 32-byte k", 4..11 the key, 12..13 the 64-bit block counter
  // (low word first), 14..15 the 64-bit stream (low word first). 8 rounds = 4 double rounds.
  // The output is one continuous stream of u32 words; next_u64 is two consecutive words, low
  // word first (rand_core's BlockRng).

  /**
   * Writes block number (ctrHi·2^32 + ctrLo) of stream (sHi·2^32 + sLo) into out[off..off + 16]
   * (`off` 0 when left out).
   */
  function chachaBlock(key, ctrLo, ctrHi, sLo, sHi, out, off) {
    off = off | 0;
    var j0 = 0x61707865, j1 = 0x3320646e, j2 = 0x79622d32, j3 = 0x6b206574;
    var j4 = key[0] | 0, j5 = key[1] | 0, j6 = key[2] | 0, j7 = key[3] | 0;
    var j8 = key[4] | 0, j9 = key[5] | 0, j10 = key[6] | 0, j11 = key[7] | 0;
    var j12 = ctrLo | 0, j13 = ctrHi | 0, j14 = sLo | 0, j15 = sHi | 0;
    var x0 = j0, x1 = j1, x2 = j2, x3 = j3, x4 = j4, x5 = j5, x6 = j6, x7 = j7;
    var x8 = j8, x9 = j9, x10 = j10, x11 = j11, x12 = j12, x13 = j13, x14 = j14, x15 = j15;
    for (var i = 0; i < 4; i++) {
      // Column round.
      x0 = (x0 + x4) | 0; x12 ^= x0; x12 = (x12 << 16) | (x12 >>> 16);
      x8 = (x8 + x12) | 0; x4 ^= x8; x4 = (x4 << 12) | (x4 >>> 20);
      x0 = (x0 + x4) | 0; x12 ^= x0; x12 = (x12 << 8) | (x12 >>> 24);
      x8 = (x8 + x12) | 0; x4 ^= x8; x4 = (x4 << 7) | (x4 >>> 25);
      x1 = (x1 + x5) | 0; x13 ^= x1; x13 = (x13 << 16) | (x13 >>> 16);
      x9 = (x9 + x13) | 0; x5 ^= x9; x5 = (x5 << 12) | (x5 >>> 20);
      x1 = (x1 + x5) | 0; x13 ^= x1; x13 = (x13 << 8) | (x13 >>> 24);
      x9 = (x9 + x13) | 0; x5 ^= x9; x5 = (x5 << 7) | (x5 >>> 25);
      x2 = (x2 + x6) | 0; x14 ^= x2; x14 = (x14 << 16) | (x14 >>> 16);
      x10 = (x10 + x14) | 0; x6 ^= x10; x6 = (x6 << 12) | (x6 >>> 20);
      x2 = (x2 + x6) | 0; x14 ^= x2; x14 = (x14 << 8) | (x14 >>> 24);
      x10 = (x10 + x14) | 0; x6 ^= x10; x6 = (x6 << 7) | (x6 >>> 25);
      x3 = (x3 + x7) | 0; x15 ^= x3; x15 = (x15 << 16) | (x15 >>> 16);
      x11 = (x11 + x15) | 0; x7 ^= x11; x7 = (x7 << 12) | (x7 >>> 20);
      x3 = (x3 + x7) | 0; x15 ^= x3; x15 = (x15 << 8) | (x15 >>> 24);
      x11 = (x11 + x15) | 0; x7 ^= x11; x7 = (x7 << 7) | (x7 >>> 25);
      // Diagonal round.
      x0 = (x0 + x5) | 0; x15 ^= x0; x15 = (x15 << 16) | (x15 >>> 16);
      x10 = (x10 + x15) | 0; x5 ^= x10; x5 = (x5 << 12) | (x5 >>> 20);
      x0 = (x0 + x5) | 0; x15 ^= x0; x15 = (x15 << 8) | (x15 >>> 24);
      x10 = (x10 + x15) | 0; x5 ^= x10; x5 = (x5 << 7) | (x5 >>> 25);
      x1 = (x1 + x6) | 0; x12 ^= x1; x12 = (x12 << 16) | (x12 >>> 16);
      x11 = (x11 + x12) | 0; x6 ^= x11; x6 = (x6 << 12) | (x6 >>> 20);
      x1 = (x1 + x6) | 0; x12 ^= x1; x12 = (x12 << 8) | (x12 >>> 24);
      x11 = (x11 + x12) | 0; x6 ^= x11; x6 = (x6 << 7) | (x6 >>> 25);
      x2 = (x2 + x7) | 0; x13 ^= x2; x13 = (x13 << 16) | (x13 >>> 16);
      x8 = (x8 + x13) | 0; x7 ^= x8; x7 = (x7 << 12) | (x7 >>> 20);
      x2 = (x2 + x7) | 0; x13 ^= x2; x13 = (x13 << 8) | (x13 >>> 24);
      x8 = (x8 + x13) | 0; x7 ^= x8; x7 = (x7 << 7) | (x7 >>> 25);
      x3 = (x3 + x4) | 0; x14 ^= x3; x14 = (x14 << 16) | (x14 >>> 16);
      x9 = (x9 + x14) | 0; x4 ^= x9; x4 = (x4 << 12) | (x4 >>> 20);
      x3 = (x3 + x4) | 0; x14 ^= x3; x14 = (x14 << 8) | (x14 >>> 24);
      x9 = (x9 + x14) | 0; x4 ^= x9; x4 = (x4 << 7) | (x4 >>> 25);
    }
    out[off] = (x0 + j0) | 0;
    out[off + 1] = (x1 + j1) | 0;
    out[off + 2] = (x2 + j2) | 0;
    out[off + 3] = (x3 + j3) | 0;
    out[off + 4] = (x4 + j4) | 0;
    out[off + 5] = (x5 + j5) | 0;
    out[off + 6] = (x6 + j6) | 0;
    out[off + 7] = (x7 + j7) | 0;
    out[off + 8] = (x8 + j8) | 0;
    out[off + 9] = (x9 + j9) | 0;
    out[off + 10] = (x10 + j10) | 0;
    out[off + 11] = (x11 + j11) | 0;
    out[off + 12] = (x12 + j12) | 0;
    out[off + 13] = (x13 + j13) | 0;
    out[off + 14] = (x14 + j14) | 0;
    out[off + 15] = (x15 + j15) | 0;
  }

  /**
   * The ChaCha key of rand_core 0.9's `SeedableRng::seed_from_u64(seed)`: eight PCG32 outputs
   * (state advanced before each output), each one little-endian key word.
   */
  function seedKey(seed) {
    var MUL = BigInt("6364136223846793005");
    var INC = BigInt("11634580027462260723");
    var n18 = BigInt(18), n27 = BigInt(27), n59 = BigInt(59), mask32 = BigInt(0xffffffff);
    var state = BigInt.asUintN(64, seed);
    var key = new Uint32Array(8);
    for (var i = 0; i < 8; i++) {
      state = BigInt.asUintN(64, state * MUL + INC);
      var xorshifted = Number((((state >> n18) ^ state) >> n27) & mask32) >>> 0;
      var rot = Number(state >> n59);
      key[i] = ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
    }
    return key;
  }

  /** A u64 from a BigInt, a safe non-negative integer Number, or a decimal string. */
  function toU64(value, what) {
    var big;
    if (typeof value === "bigint") {
      big = value;
    } else if (typeof value === "number" && Number.isSafeInteger(value)) {
      big = BigInt(value);
    } else if (typeof value === "string" && /^\+?[0-9]+$/.test(value)) {
      big = BigInt(value.replace("+", ""));
    } else {
      throw new RangeError(what + " must be a whole number from 0 to " + U64_MAX);
    }
    if (big < BigInt(0) || big > U64_MAX) {
      throw new RangeError(what + " must be a whole number from 0 to " + U64_MAX);
    }
    return big;
  }

  /** A ChaCha8 generator: `seed_from_u64(seed)` then `set_stream(stream)`. */
  function ChaCha8(key, sLo, sHi) {
    this.key = key;
    this.sLo = sLo;
    this.sHi = sHi;
    this.ctrLo = 0;
    this.ctrHi = 0;
    this.buf = new Uint32Array(16);
    this.index = 16;
  }

  ChaCha8.prototype.nextU32 = function () {
    if (this.index === 16) {
      chachaBlock(this.key, this.ctrLo, this.ctrHi, this.sLo, this.sHi, this.buf);
      this.ctrLo = (this.ctrLo + 1) >>> 0;
      if (this.ctrLo === 0) {
        this.ctrHi = (this.ctrHi + 1) >>> 0;
      }
      this.index = 0;
    }
    return this.buf[this.index++];
  };

  /** The next u64 as a BigInt (low word first). */
  ChaCha8.prototype.nextU64 = function () {
    var lo = this.nextU32();
    var hi = this.nextU32();
    return (BigInt(hi) << BigInt(32)) | BigInt(lo);
  };

  /** u = (next_u64 >> 11) × 2^-53, without BigInt: the top 53 bits are hi·2^21 + lo>>>11. */
  ChaCha8.prototype.nextUnit = function () {
    var lo = this.nextU32();
    var hi = this.nextU32();
    return (hi * 2097152 + (lo >>> 11)) * TWO_POW_M53;
  };

  /** The stream of a seed: `ChaCha8Rng::seed_from_u64(seed)` then `set_stream(stream)`. */
  function chacha8(seed, stream) {
    var key = seedKey(toU64(seed, "seed"));
    var s = toU64(stream === undefined ? 0 : stream, "stream");
    var lo = Number(s & BigInt(0xffffffff));
    var hi = Number(s >> BigInt(32));
    return new ChaCha8(key, lo, hi);
  }

  /**
   * Fills units[0..count] with the uniform draws of stream (sHi·2^32 + sLo), using buf as
   * the block buffer. The hot path of the fleet simulation.
   */
  function fillUnits(key, sLo, sHi, count, units, buf) {
    var block = 0;
    var w = 16;
    for (var i = 0; i < count; i++) {
      if (w === 16) {
        chachaBlock(key, block, 0, sLo, sHi, buf);
        block++;
        w = 0;
      }
      var lo = buf[w];
      var hi = buf[w + 1];
      w += 2;
      units[i] = (hi * 2097152 + (lo >>> 11)) * TWO_POW_M53;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Rust's text forms: f64 Display, `Delay` Display, `str::trim`, `f64::from_str`.

  /** `push_float` of src/html.rs (Rust's `{}` of an f64 but for exact ties, which go
   * to the even digit here and there): shortest round-trip digits, never an exponent. */
  function rustF64(x) {
    if (Number.isNaN(x)) return "NaN";
    if (x === Infinity) return "inf";
    if (x === -Infinity) return "-inf";
    if (x === 0) return Object.is(x, -0) ? "-0" : "0";
    var sign = x < 0 ? "-" : "";
    var s = String(Math.abs(x));
    var m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
    if (!m) return sign + s;
    var digits = m[1] + (m[2] || "");
    var point = m[1].length + Number(m[3]);
    if (point <= 0) return sign + "0." + "0".repeat(-point) + digits;
    if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
    return sign + digits.slice(0, point) + "." + digits.slice(point);
  }

  /** `Delay`'s Display: `100ms`, `30s`, `2m`, `1h`, else milliseconds. */
  function delayText(ms) {
    var units = [["h", 3600000], ["m", 60000], ["s", 1000]];
    for (var i = 0; i < units.length; i++) {
      var v = ms / units[i][1];
      if (ms >= units[i][1] && v - Math.trunc(v) === 0) {
        return rustF64(v) + units[i][0];
      }
    }
    return rustF64(ms) + "ms";
  }

  // Unicode White_Space, what Rust's `str::trim` removes (JS's trim also removes U+FEFF).
  var RUST_TRIM = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;

  function rustTrim(text) {
    return text.replace(RUST_TRIM, "");
  }

  // The grammar of Rust's `f64::from_str`.
  var RUST_FLOAT = /^[+-]?(?:inf|infinity|nan|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)$/i;

  /** Rust's `text.parse::<f64>()`, or null when Rust would reject it. */
  function parseRustFloat(text) {
    if (!RUST_FLOAT.test(text)) return null;
    var body = text.replace(/^[+-]/, "").toLowerCase();
    var negative = text.charAt(0) === "-";
    if (body === "nan") return NaN;
    if (body === "inf" || body === "infinity") return negative ? -Infinity : Infinity;
    return Number(text);
  }

  /** Rust's `u32::from_str`, or null. */
  function parseU32(text) {
    if (!/^\+?[0-9]+$/.test(text)) return null;
    var n = Number(text.replace("+", ""));
    return n <= 4294967295 ? n : null;
  }

  // ---------------------------------------------------------------------------------------
  // Errors: a code (a key of `words.messages`) and what its message names.

  /** An input refused: its argument, a code, what was given, and the values the message names. */
  function inputError(arg, code, value, extra) {
    var e = { arg: arg, code: code, value: value };
    if (extra) {
      Object.keys(extra).forEach(function (k) {
        e[k] = extra[k];
      });
    }
    return e;
  }

  /** `template` with each `{key}` replaced by `values[key]` (`fill` of src/i18n/words.rs). */
  function fill(template, values) {
    var out = "";
    var rest = template;
    for (;;) {
      var open = rest.indexOf("{");
      if (open < 0) break;
      out += rest.slice(0, open);
      var after = rest.slice(open + 1);
      var close = after.indexOf("}");
      var key = close < 0 ? null : after.slice(0, close);
      if (key !== null && Object.prototype.hasOwnProperty.call(values, key)) {
        out += values[key];
        rest = after.slice(close + 1);
      } else {
        out += "{";
        rest = after;
      }
    }
    return out + rest;
  }

  /** An error's message in the words of a page: `{label}` is the field's label (`words.form`). */
  function message(error, words) {
    // A field's label: its name's words (`library-2` is `library_2` there).
    var label = words.form[error.arg] || words.form[String(error.arg).replace(/-/g, "_")];
    var values = { label: label || error.arg, value: error.value };
    Object.keys(error).forEach(function (k) {
      if (k !== "arg" && k !== "code" && k !== "value") values[k] = String(error[k]);
    });
    var template = words.messages[error.code];
    return template === undefined ? error.code : fill(template, values);
  }

  /** `Delay::parse`: the milliseconds of `100ms`, `1.5s`, `2m`/`2min`, `1h`, or {code, unit}. */
  function parseDelay(text) {
    text = rustTrim(text);
    var split = text.search(/[^0-9.+-]/);
    if (split < 0) return { code: "no_unit" };
    var number = text.slice(0, split);
    var unit = text.slice(split);
    // `1e3ms`: the `e3` is an exponent, not the start of a unit.
    var exponent = /^[eE][+-]?[0-9]+/.exec(unit);
    if (exponent) return { code: "exponent", text: number + exponent[0] };
    var scale = unit === "ms" ? 1 : unit === "s" ? 1000 : unit === "m" || unit === "min" ? 60000
      : unit === "h" ? 3600000 : 0;
    if (scale === 0) return { code: "unknown_unit", unit: unit };
    var value = parseRustFloat(number);
    if (value === null) return { code: "not_number" };
    var ms = value * scale;
    if (!(Number.isFinite(ms) && ms >= 0)) return { code: "bad_duration" };
    return { ms: ms };
  }

  /**
   * Damerau–Levenshtein distance (with transpositions of non-adjacent edits allowed, as
   * strsim's `damerau_levenshtein`), counted in characters.
   */
  function damerauLevenshtein(a, b) {
    a = Array.from(a);
    b = Array.from(b);
    var n = a.length, m = b.length;
    if (n === 0) return m;
    if (m === 0) return n;
    var maxDist = n + m;
    var lastRow = new Map();
    var width = m + 2;
    var d = new Array((n + 2) * width).fill(0);
    d[0] = maxDist;
    for (var i = 0; i <= n; i++) {
      d[(i + 1) * width] = maxDist;
      d[(i + 1) * width + 1] = i;
    }
    for (var j = 0; j <= m; j++) {
      d[j + 1] = maxDist;
      d[width + j + 1] = j;
    }
    for (i = 1; i <= n; i++) {
      var lastMatchCol = 0;
      for (j = 1; j <= m; j++) {
        var lastMatchRow = lastRow.get(b[j - 1]) || 0;
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var sub = d[i * width + j] + cost;
        var ins = d[(i + 1) * width + j] + 1;
        var del = d[i * width + j + 1] + 1;
        var trans = d[lastMatchRow * width + lastMatchCol] +
          (i - lastMatchRow - 1) + 1 + (j - lastMatchCol - 1);
        d[(i + 1) * width + j + 1] = Math.min(sub, ins, del, trans);
        if (cost === 0) lastMatchCol = j;
      }
      lastRow.set(a[i - 1], i);
    }
    return d[(n + 1) * width + m + 1];
  }

  /** The closest name within max(2, len/3) edits, ties to the alphabetically first. */
  function suggest(name, names) {
    var best = null;
    for (var i = 0; i < names.length; i++) {
      var dist = damerauLevenshtein(name, names[i]);
      if (dist > Math.max(2, Math.floor(names[i].length / 3))) continue;
      if (best === null || dist < best.dist || (dist === best.dist && names[i] < best.name)) {
        best = { dist: dist, name: names[i] };
      }
    }
    return best === null ? null : best.name;
  }

  /** `sade calc --jitter`: `all`, or a comma list of strategy names. Indices, or {code, value}. */
  function parseJitter(value) {
    var names;
    if (Array.isArray(value)) {
      names = value.map(String);
    } else {
      if (value === "all") return { indices: [0, 1, 2, 3] };
      names = String(value).split(",");
    }
    var indices = [];
    for (var i = 0; i < names.length; i++) {
      var name = rustTrim(names[i]);
      if (name === "all") {
        indices.push(0, 1, 2, 3);
        continue;
      }
      var index = STRATEGIES.indexOf(name);
      if (index < 0) {
        var hint = suggest(name, ["all"].concat(STRATEGIES));
        return hint ? { code: "unknown_strategy", value: name, suggestion: hint }
          : { code: "unknown_strategy", value: name };
      }
      indices.push(index);
    }
    return { indices: indices };
  }

  // ---------------------------------------------------------------------------------------
  // Parameters (`ParamsBuilder::build`, and the argument parsing of `sade calc`).

  var KEYS = ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"];

  /** Query text or URLSearchParams → {key: string}; unknown keys are ignored (URLs carry others). */
  function fromQuery(query) {
    var search = typeof query === "string" ? new URLSearchParams(query) : query;
    var raw = {};
    KEYS.forEach(function (key) {
      if (search.has(key)) raw[key] = search.get(key);
    });
    return { raw: raw, unknown: [] };
  }

  function fromObject(object) {
    var raw = {};
    var unknown = [];
    Object.keys(object).forEach(function (key) {
      if (KEYS.indexOf(key) >= 0) {
        if (object[key] !== undefined) raw[key] = object[key];
      } else {
        unknown.push(key);
      }
    });
    return { raw: raw, unknown: unknown };
  }

  function textOf(value) {
    return typeof value === "number" ? rustF64(value) : String(value);
  }

  /**
   * The checks of `ParamsBuilder::build`, in its order, on numeric parameters
   * {base_ms, factor, cap_ms (null = none), attempts, strategies (indices), seed, clients}.
   * Returns the first error, or null.
   */
  function buildError(p) {
    var limits = config().limits;
    if (!(p.base_ms > 0)) return inputError("base", "base_range", delayText(p.base_ms));
    if (!Number.isFinite(p.factor) || p.factor < 1) {
      return inputError("factor", "factor_range", rustF64(p.factor));
    }
    if (p.cap_ms !== null && p.cap_ms < p.base_ms) {
      return inputError("cap", "cap_range", delayText(p.cap_ms), { base: delayText(p.base_ms) });
    }
    if (!(p.attempts >= 1 && p.attempts <= limits.max_attempts)) {
      return inputError("attempts", "count_range", String(p.attempts), { max: limits.max_attempts });
    }
    if (!(p.clients >= 1 && p.clients <= limits.max_clients)) {
      return inputError("clients", "count_range", String(p.clients), { max: limits.max_clients });
    }
    if (p.strategies.length === 0) return inputError("jitter", "unknown_strategy", "");
    var nominal = p.base_ms, ceiling = p.base_ms, sumNominal = 0, sumCeiling = 0;
    for (var n = 1; n <= p.attempts; n++) {
      if (n > 1) {
        nominal = capped(nominal * p.factor, p.cap_ms);
        ceiling = capped(ceiling * 3, p.cap_ms);
      } else {
        ceiling = capped(p.base_ms * 3, p.cap_ms);
      }
      sumNominal += nominal;
      sumCeiling += ceiling;
      if (!Number.isFinite(sumNominal) || !Number.isFinite(sumCeiling)) {
        return inputError("attempts", "overflow", String(p.attempts), { n: n });
      }
    }
    // Totals are added up once more (min + max for the means, over the clients for the fleet's
    // mean): the same headroom check as `ParamsBuilder::build`.
    if (!Number.isFinite(Math.max(sumNominal, sumCeiling) * 2 * p.clients)) {
      return inputError("attempts", "total_overflow", String(p.attempts), { clients: p.clients });
    }
    return null;
  }

  function capped(ms, cap) {
    return cap === null ? ms : Math.min(ms, cap);
  }

  /** What a duration's error names beside its value: the unit, or the exponent's text. */
  function delayDetails(d) {
    if (d.unit !== undefined) return { unit: d.unit };
    if (d.text !== undefined) return { text: d.text };
    return null;
  }

  /** A duration argument as written, or pushes its error. */
  function durationArg(arg, value, errors) {
    var text = textOf(value);
    var d = parseDelay(text);
    if (d.code) {
      errors.push(inputError(arg, d.code, text, delayDetails(d)));
      return null;
    }
    return d.ms;
  }

  /**
   * Parses and validates calculator input: a query string (`base=100ms&cap=30s&jitter=full,equal`),
   * URLSearchParams, or an object with the same keys (values as strings, or numbers where a
   * number is meant; `jitter` may be an array). Defaults are `configure`'s; `base` is required.
   *
   * Returns {ok: true, params} or {ok: false, error, errors}; each error names its `arg`, a
   * `code` (`words.messages`' key) and the `value` given (see `message`).
   */
  function parseParams(input) {
    var defaults = config().defaults;
    var limits = config().limits;
    var source;
    if (typeof input === "string") {
      source = fromQuery(input);
    } else if (typeof URLSearchParams !== "undefined" && input instanceof URLSearchParams) {
      source = fromQuery(input);
    } else if (input !== null && typeof input === "object") {
      source = fromObject(input);
    } else {
      source = { raw: {}, unknown: [] };
    }
    var raw = source.raw;
    var errors = source.unknown.map(function (key) {
      var hint = suggest(key, KEYS);
      return inputError(key, "unknown_argument", String(input[key]), hint ? { suggestion: hint } : null);
    });
    var p = {
      base_ms: null,
      factor: defaults.factor,
      cap_ms: null,
      attempts: defaults.attempts,
      strategies: [0, 1, 2, 3],
      seed: BigInt(defaults.seed),
      clients: defaults.clients,
    };

    if (raw.base === undefined || raw.base === null || raw.base === "") {
      errors.push(inputError("base", "missing", ""));
    } else {
      var base = durationArg("base", raw.base, errors);
      if (base !== null) p.base_ms = base;
    }
    if (raw.factor !== undefined) {
      var factor = typeof raw.factor === "number" ? raw.factor : parseRustFloat(String(raw.factor));
      if (factor === null) errors.push(inputError("factor", "not_number", String(raw.factor)));
      else p.factor = factor;
    }
    if (raw.cap !== undefined && raw.cap !== null && raw.cap !== "none") {
      var cap = durationArg("cap", raw.cap, errors);
      if (cap !== null) p.cap_ms = cap;
    }
    [["attempts", limits.max_attempts], ["clients", limits.max_clients]].forEach(function (spec) {
      var key = spec[0];
      if (raw[key] === undefined) return;
      var n = typeof raw[key] === "number"
        ? (Number.isInteger(raw[key]) && raw[key] >= 0 && raw[key] <= 4294967295 ? raw[key] : null)
        : parseU32(String(raw[key]));
      if (n === null) errors.push(inputError(key, "count_range", textOf(raw[key]), { max: spec[1] }));
      else p[key] = n;
    });
    if (raw.jitter !== undefined) {
      var jitter = parseJitter(raw.jitter);
      if (jitter.code) {
        errors.push(inputError("jitter", jitter.code, jitter.value,
          jitter.suggestion ? { suggestion: jitter.suggestion } : null));
      } else {
        p.strategies = jitter.indices;
      }
    }
    if (raw.seed !== undefined) {
      try {
        p.seed = toU64(raw.seed, "seed");
      } catch (_) {
        errors.push(inputError("seed", "not_whole", String(raw.seed), { max: U64_MAX.toString() }));
      }
    }
    if (errors.length === 0) {
      var error = buildError(p);
      if (error) errors.push(error);
    }
    if (errors.length > 0) return { ok: false, error: errors[0], errors: errors };
    return { ok: true, params: normalize(p) };
  }

  /** Validated parameters: strategies sorted and deduplicated, as names. */
  function normalize(p) {
    var indices = p.strategies.slice().sort(function (a, b) {
      return a - b;
    }).filter(function (s, i, all) {
      return i === 0 || all[i - 1] !== s;
    });
    return {
      base_ms: p.base_ms,
      factor: p.factor,
      cap_ms: p.cap_ms,
      attempts: p.attempts,
      strategies: indices.map(function (i) {
        return STRATEGIES[i];
      }),
      seed: p.seed,
      clients: p.clients,
    };
  }

  /**
   * Parameters for compute: the result of parseParams, or numeric parameters
   * {base_ms, factor, cap_ms, attempts, strategies, seed, clients} (checked like Rust's build),
   * or anything parseParams takes. Throws a RangeError carrying `arg` and `detail` (the error)
   * when invalid.
   */
  function checkedParams(input) {
    if (input && typeof input === "object" && typeof input.base_ms === "number") {
      var defaults = config().defaults;
      var strategies = (input.strategies || STRATEGIES).map(function (name) {
        var i = STRATEGIES.indexOf(name);
        if (i < 0) throw paramsThrow(inputError("jitter", "unknown_strategy", String(name)));
        return i;
      });
      var p = {
        base_ms: input.base_ms,
        factor: input.factor === undefined ? defaults.factor : input.factor,
        cap_ms: input.cap_ms === undefined ? null : input.cap_ms,
        attempts: input.attempts === undefined ? defaults.attempts : input.attempts,
        strategies: strategies,
        seed: toU64(input.seed === undefined ? defaults.seed : input.seed, "seed"),
        clients: input.clients === undefined ? defaults.clients : input.clients,
      };
      var error = numericError(p) || buildError(p);
      if (error) throw paramsThrow(error);
      return normalize(p);
    }
    var parsed = parseParams(input);
    if (!parsed.ok) throw paramsThrow(parsed.error);
    return parsed.params;
  }

  /** What numeric input can get wrong that parsed text cannot: types, infinities, fractions. */
  function numericError(p) {
    var limits = config().limits;
    if (typeof p.base_ms !== "number" || !Number.isFinite(p.base_ms)) {
      return inputError("base", "bad_duration", String(p.base_ms));
    }
    if (p.cap_ms !== null && (typeof p.cap_ms !== "number" || !Number.isFinite(p.cap_ms) || p.cap_ms < 0)) {
      return inputError("cap", "bad_duration", String(p.cap_ms));
    }
    if (typeof p.factor !== "number") return inputError("factor", "not_number", String(p.factor));
    if (!Number.isInteger(p.attempts)) {
      return inputError("attempts", "count_range", String(p.attempts), { max: limits.max_attempts });
    }
    if (!Number.isInteger(p.clients)) {
      return inputError("clients", "count_range", String(p.clients), { max: limits.max_clients });
    }
    return null;
  }

  function paramsThrow(error) {
    var e = new RangeError("invalid `" + error.arg + "` (" + error.code + "): " + error.value);
    e.arg = error.arg;
    e.detail = error;
    return e;
  }

  // ---------------------------------------------------------------------------------------
  // The schedule (SPEC §1), the seeded samples (§2), the fleet (§3): `Schedule::compute`.

  /** d₁ = base, dₙ = min(cap, dₙ₋₁ × factor), by repeated multiplication. */
  function nominalMs(p) {
    var out = new Array(p.attempts);
    var d = p.base_ms;
    for (var n = 0; n < p.attempts; n++) {
      if (n > 0) d = capped(d * p.factor, p.cap_ms);
      out[n] = d;
    }
    return out;
  }

  /** [lo[], hi[]] of each attempt under strategy index s. */
  function rangesMs(p, s, nominal) {
    var lo = new Float64Array(p.attempts);
    var hi = new Float64Array(p.attempts);
    var m = p.base_ms;
    for (var n = 0; n < p.attempts; n++) {
      var d = nominal[n];
      if (s === 0) {
        lo[n] = d;
        hi[n] = d;
      } else if (s === 1) {
        lo[n] = 0;
        hi[n] = d;
      } else if (s === 2) {
        lo[n] = d / 2;
        hi[n] = d;
      } else {
        m = capped(m * 3, p.cap_ms);
        lo[n] = p.base_ms;
        hi[n] = m;
      }
    }
    return { lo: lo, hi: hi };
  }

  function sum(values) {
    var total = 0;
    for (var i = 0; i < values.length; i++) total += values[i];
    return total;
  }

  /**
   * Scratch space for one strategy's clients: the draws and the waits. `clientWaits` fills
   * `waits` with client c's waits (`Params::client_waits`).
   */
  function Waits(p, s, key, ranges) {
    this.p = p;
    this.s = s;
    this.key = key;
    this.ranges = ranges;
    this.units = new Float64Array(p.attempts);
    this.buf = new Uint32Array(16);
    this.waits = new Float64Array(p.attempts);
  }

  Waits.prototype.client = function (c) {
    var p = this.p, s = this.s, n = p.attempts, waits = this.waits, units = this.units;
    var lo = this.ranges.lo, hi = this.ranges.hi, i;
    if (s === 0) {
      for (i = 0; i < n; i++) waits[i] = lo[i];
      return waits;
    }
    fillUnits(this.key, c, s, n, units, this.buf);
    if (s !== 3) {
      for (i = 0; i < n; i++) waits[i] = lo[i] + units[i] * (hi[i] - lo[i]);
      return waits;
    }
    var base = p.base_ms, cap = p.cap_ms, w = base;
    for (i = 0; i < n; i++) {
      w = base + units[i] * (3 * w - base);
      if (cap !== null) w = Math.min(w, cap);
      waits[i] = w;
    }
    return waits;
  };

  // ---------------------------------------------------------------------------------------
  // The charts' logarithmic time axis (src/backoff/timeline.rs), by the same multiplications.

  var MANTISSAS = [
    [1, 1.12, 1.26, 1.41, 1.58, 1.78, 2, 2.24, 2.51, 2.82, 3.16, 3.55, 3.98, 4.47, 5, 5.62,
      6.31, 7.08, 7.94, 8.91],
    [1, 1.26, 1.58, 2, 2.51, 3.16, 3.98, 5, 6.31, 7.94],
    [1, 1.58, 2.51, 3.98, 6.31],
    [1, 3.16],
    [1],
  ];
  var TIMELINE_MAX_BINS = 120;
  var F64_MIN_POSITIVE = 2.2250738585072014e-308;

  /** `Timeline::new`: the bin edges from a power of ten at or below base/10 past the horizon. */
  function timelineEdges(baseMs, horizonMs) {
    var target = baseMs / 10;
    var start = 1;
    while (start > target && start > F64_MIN_POSITIVE * 10) start /= 10;
    while (start * 10 <= target) start *= 10;
    var decades = 1;
    var top = start * 10;
    while (top < horizonMs && Number.isFinite(top)) {
      top *= 10;
      decades++;
    }
    var mantissas = [1];
    for (var i = 0; i < MANTISSAS.length; i++) {
      if (MANTISSAS[i].length * decades <= TIMELINE_MAX_BINS) {
        mantissas = MANTISSAS[i];
        break;
      }
    }
    var step = Math.max(Math.ceil(decades / TIMELINE_MAX_BINS), 1);
    var edges = [];
    var decade = start;
    outer: for (;;) {
      for (var k = 0; k < mantissas.length; k++) {
        var edge = mantissas[k] * decade;
        edges.push(edge);
        if (edge >= horizonMs || !Number.isFinite(edge)) break outer;
      }
      for (var j = 0; j < step; j++) decade *= 10;
    }
    if (edges.length < 2) edges.push(edges[0] * 10);
    return edges;
  }

  /** `Timeline::index`: the last edge at or below `t`, within the bins. */
  function timelineIndex(edges, t) {
    var lo = 0;
    var hi = edges.length;
    while (lo < hi) {
      var mid = (lo + hi) >>> 1;
      if (edges[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    var bins = edges.length - 1;
    var i = lo === 0 ? 0 : lo - 1;
    return i < bins - 1 ? i : bins - 1;
  }

  /** `Timeline::position`: where `t` lies along the axis, in [0, 1]. */
  function timelinePosition(edges, t) {
    var i = timelineIndex(edges, t);
    var inside = (t - edges[i]) / (edges[i + 1] - edges[i]);
    inside = inside < 0 ? 0 : inside > 1 ? 1 : inside;
    return (i + inside) / (edges.length - 1);
  }

  /** `Timeline::ticks`: round times on the axis, ascending, as {ms, major}. */
  function timelineTicks(edges) {
    var first = edges[0];
    var last = edges[edges.length - 1];
    var all = [];
    function push(ms, rank) {
      if (ms >= first && ms <= last) all.push({ ms: ms, rank: rank });
    }
    var decade = edges[0];
    while (decade < 1000 && decade <= last && Number.isFinite(decade)) {
      push(1 * decade, 0);
      push(2 * decade, 2);
      push(5 * decade, 1);
      decade *= 10;
    }
    [1000, 60000].forEach(function (unit) {
      [[1, 0], [2, 2], [5, 1], [10, 0], [20, 2], [30, 2]].forEach(function (step) {
        push(step[0] * unit, step[1]);
      });
    });
    var hours = 3600000;
    while (hours <= last && Number.isFinite(hours)) {
      push(1 * hours, 0);
      push(2 * hours, 2);
      push(5 * hours, 1);
      hours *= 10;
    }
    var kept = all;
    [1, 0].forEach(function (rank) {
      if (kept.length <= 12) return;
      kept = all.filter(function (t) {
        return t.rank <= rank;
      });
    });
    while (kept.length > 12) {
      kept = kept.filter(function (_, i) {
        return i % 2 === 0;
      });
    }
    return kept.map(function (t) {
      return { ms: t.ms, major: t.rank === 0 };
    });
  }

  /**
   * `simulate_strategy`: every client's retry times counted in FLEET_BINS × PEAK_WINDOWS_PER_BIN
   * windows of the horizon (the peak is the busiest window; the histogram sums each bin's
   * windows); sums per chunk of 1024 clients in client order, then the chunk sums in chunk
   * order (Rust's float order).
   */
  function simulateStrategy(p, s, key, ranges, bin, edges) {
    var windows = FLEET_BINS * PEAK_WINDOWS_PER_BIN;
    var width = bin / PEAK_WINDOWS_PER_BIN;
    var counts = new Uint32Array(windows);
    var timeline = new Array(edges.length - 1).fill(0);
    var gen = new Waits(p, s, key, ranges);
    var n = p.attempts;
    var total = 0;
    for (var first = 0; first < p.clients; first += CHUNK) {
      var last = Math.min(first + CHUNK, p.clients);
      var chunkTotal = 0;
      for (var c = first; c < last; c++) {
        var waits = gen.client(c);
        var t = 0;
        for (var k = 0; k < n; k++) {
          t += waits[k];
          // Rust's `(t / window) as usize`: truncation, saturating (t ≥ 0).
          var i = width > 0 ? Math.floor(t / width) : 0;
          counts[i < windows - 1 ? i : windows - 1]++;
          timeline[timelineIndex(edges, t)]++;
        }
        chunkTotal += t;
      }
      total += chunkTotal;
    }
    var histogram = new Array(FLEET_BINS);
    var peak = 0;
    for (var b = 0; b < FLEET_BINS; b++) {
      var binCount = 0;
      for (var w = b * PEAK_WINDOWS_PER_BIN; w < (b + 1) * PEAK_WINDOWS_PER_BIN; w++) {
        binCount += counts[w];
        if (counts[w] > peak) peak = counts[w];
      }
      histogram[b] = binCount;
    }
    return {
      histogram: histogram,
      peak_share: peak / (p.clients * p.attempts),
      mean_total: total / p.clients,
      timeline: timeline,
    };
  }

  /**
   * The schedule, totals and fleet of `params`, as the `sade calc --json` document:
   * {params, rows, totals, fleet}, every number in milliseconds, only the strategies asked for.
   * `params.seed` is a Number there (what JSON.parse makes of the document); the exact seed is
   * the BigInt in parseParams' result.
   */
  function compute(input) {
    var p = checkedParams(input);
    var indices = p.strategies.map(function (name) {
      return STRATEGIES.indexOf(name);
    });
    var key = seedKey(p.seed);
    var nominal = nominalMs(p);
    var ranges = [0, 1, 2, 3].map(function (s) {
      return rangesMs(p, s, nominal);
    });
    var samples = [];
    indices.forEach(function (s) {
      samples[s] = Array.from(new Waits(p, s, key, ranges[s]).client(0));
    });

    var rows = [];
    for (var n = 0; n < p.attempts; n++) {
      var row = { attempt: n + 1, nominal_ms: nominal[n] };
      indices.forEach(function (s) {
        row[STRATEGIES[s]] = {
          min_ms: ranges[s].lo[n],
          max_ms: ranges[s].hi[n],
          sample_ms: samples[s][n],
        };
      });
      rows.push(row);
    }

    var horizon = 0;
    indices.forEach(function (s) {
      horizon = Math.max(horizon, sum(ranges[s].hi));
    });
    var bin = horizon / FLEET_BINS;
    var edges = timelineEdges(p.base_ms, horizon);
    var fleet = { clients: p.clients, horizon_ms: horizon, bin_ms: bin, timeline_ms: edges };
    var simulated = [];
    indices.forEach(function (s) {
      simulated[s] = simulateStrategy(p, s, key, ranges[s], bin, edges);
    });

    var totals = {};
    indices.forEach(function (s) {
      var r = ranges[s];
      var mean;
      if (s === 3) {
        mean = simulated[s].mean_total;
      } else {
        mean = 0;
        for (var i = 0; i < p.attempts; i++) mean += (r.lo[i] + r.hi[i]) / 2;
      }
      totals[STRATEGIES[s]] = {
        best_ms: sum(r.lo),
        worst_ms: sum(r.hi),
        mean_ms: mean,
        sample_ms: sum(samples[s]),
      };
      fleet[STRATEGIES[s]] = {
        peak_share: simulated[s].peak_share,
        histogram: simulated[s].histogram,
        timeline: simulated[s].timeline,
      };
    });

    return {
      params: {
        base_ms: p.base_ms,
        factor: p.factor,
        cap_ms: p.cap_ms,
        attempts: p.attempts,
        seed: Number(p.seed),
        clients: p.clients,
        strategies: p.strategies.slice(),
      },
      rows: rows,
      totals: totals,
      fleet: fleet,
    };
  }

  // ---------------------------------------------------------------------------------------
  // Localized formatting (src/i18n.rs).

  var SEPARATORS = { tr: { decimal: ",", group: "." }, en: { decimal: ".", group: "," } };

  function langOf(lang) {
    if (lang !== "tr" && lang !== "en") {
      throw new RangeError("unknown language `" + lang + "`; sade knows `tr` and `en`");
    }
    return lang;
  }

  /** Rust's f64::round: half away from zero. */
  function roundHalfAway(x) {
    return x < 0 ? -Math.round(-x) : Math.round(x);
  }

  /**
   * `format_number`: at most `decimals` fraction digits (clamped to 0..6), trailing zeros
   * dropped, grouped:
   * formatNumber(15750.5, 2, "tr") === "15.750,5". Rounds round(|value| × 10^decimals).
   */
  function formatNumber(value, decimals, lang) {
    var sep = SEPARATORS[langOf(lang)];
    if (!(Number.isInteger(decimals) && decimals >= 0)) {
      throw new RangeError("decimals must be a whole number ≥ 0");
    }
    decimals = Math.min(decimals, 6);
    var scaled = roundHalfAway(Math.abs(value) * [1, 10, 100, 1000, 10000, 100000, 1000000][decimals]);
    var digits = Number.isNaN(scaled) ? "NaN" : scaled === Infinity ? "inf" : BigInt(scaled).toString();
    if (digits.length < decimals + 1) digits = "0".repeat(decimals + 1 - digits.length) + digits;
    var cut = digits.length - decimals;
    var int = digits.slice(0, cut);
    var frac = digits.slice(cut).replace(/0+$/, "");
    var out = value < 0 && scaled !== 0 ? "-" : "";
    for (var i = 0; i < int.length; i++) {
      if (i > 0 && (int.length - i) % 3 === 0) out += sep.group;
      out += int.charAt(i);
    }
    if (frac.length > 0) out += sep.decimal + frac;
    return out;
  }

  /** `format_percent`: one decimal, `%12,5` in Turkish, `12.5%` in English. */
  function formatPercent(share, lang) {
    var n = formatNumber(share * 100, 1, lang);
    return lang === "tr" ? "%" + n : n + "%";
  }

  var UNITS = [
    { ms: 1, tr: "ms", en: "ms" },
    { ms: 1000, tr: "sn", en: "s" },
    { ms: 60000, tr: "dk", en: "min" },
    { ms: 3600000, tr: "sa", en: "h" },
  ];

  /**
   * `format_duration`: the largest fitting unit, one decimal below 100 (none for ms), `≈ ` when
   * rounding changed the value, U+00A0 before the unit: formatDuration(204800, "tr") === "≈ 3,4 dk".
   */
  function formatDuration(ms, lang) {
    langOf(lang);
    var unit = ms < 1000 ? UNITS[0] : ms < 60000 ? UNITS[1] : ms < 3600000 ? UNITS[2] : UNITS[3];
    var value = ms / unit.ms;
    var decimals = unit === UNITS[0] || value >= 100 ? 0 : 1;
    var scale = decimals === 0 ? 1 : 10;
    var rounded = roundHalfAway(value * scale) / scale;
    var approx = Math.abs(rounded - value) > Math.abs(value) * 1e-12 ? "≈ " : "";
    return approx + formatNumber(value, decimals, lang) + "\u00a0" + unit[lang];
  }

  /**
   * `describe_params`: the parameters in the sentence of `words.describe` (src/report.rs):
   * "First wait 100 ms, ×2 per attempt, capped at 30 s; 8 attempts, seed 7".
   */
  function describeParams(input, words, lang) {
    langOf(lang);
    var p = checkedParams(input);
    var d = words.describe;
    var n = String(p.attempts);
    return fill(d.sentence, {
      base: formatDuration(p.base_ms, lang),
      factor: formatNumber(p.factor, 6, lang),
      cap: p.cap_ms === null ? d.no_cap : fill(d.capped, { cap: formatDuration(p.cap_ms, lang) }),
      attempts: fill(p.attempts === 1 ? d.one_attempt : d.attempts, { n: n }),
      seed: p.seed.toString(),
    });
  }

  function freeze(object) {
    Object.keys(object).forEach(function (k) {
      if (object[k] && typeof object[k] === "object") freeze(object[k]);
    });
    return Object.freeze(object);
  }

  return Object.freeze({
    configure: configure,
    chacha8: chacha8,
    parseParams: parseParams,
    compute: compute,
    describeParams: describeParams,
    message: message,
    fill: fill,
    formatNumber: formatNumber,
    formatDuration: formatDuration,
    formatPercent: formatPercent,
    rustF64: rustF64,
    strategies: freeze(STRATEGIES.slice()),
    timeline: Object.freeze({
      edges: timelineEdges,
      index: timelineIndex,
      position: timelinePosition,
      ticks: timelineTicks,
    }),
    // The pieces static/js/odds.js builds on (the same arithmetic as the schedule and the fleet).
    // Not a stable API: they change with the engine.
    engine: Object.freeze({
      checkedParams: checkedParams,
      config: config,
      chachaBlock: chachaBlock,
      seedKey: seedKey,
      fillUnits: fillUnits,
      nominalMs: nominalMs,
      rangesMs: rangesMs,
      Waits: Waits,
      parseDelay: parseDelay,
      delayText: delayText,
      parseRustFloat: parseRustFloat,
      parseU32: parseU32,
      rustTrim: rustTrim,
      inputError: inputError,
      delayDetails: delayDetails,
      suggest: suggest,
      keys: freeze(KEYS.slice()),
    }),
    constants: freeze({
      fleetBins: FLEET_BINS,
      peakWindowsPerBin: PEAK_WINDOWS_PER_BIN,
    }),
  });
});
