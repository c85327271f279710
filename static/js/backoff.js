/*!
 * sade — backoff engine for the browser.
 *
 * The same numbers as sade's Rust engine (src/backoff/, src/i18n.rs, src/report.rs), to the
 * last bit: ChaCha8 seeded like rand_chacha 0.9, the schedule of SPEC §1, the seeded jitter of
 * §2, the fleet simulation of §3, and the localized formatting of numbers and durations.
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
  // Limits and names (src/backoff/: `limits`, `defaults`, `Strategy`).

  var MAX_ATTEMPTS = 100;
  var MAX_CLIENTS = 100000;
  var DEFAULT_CLIENTS = 1000;
  var FLEET_BINS = 100;
  var PEAK_WINDOWS_PER_BIN = 100;
  var CHUNK = 1024;
  var STRATEGIES = ["none", "full", "equal", "decorrelated"];
  var LABELS = ["None", "Full", "Equal", "Decorrelated"];
  var U64_MAX = (BigInt(1) << BigInt(64)) - BigInt(1);
  var TWO_POW_M53 = 1 / 9007199254740992; // 2^-53, exact

  // ---------------------------------------------------------------------------------------
  // ChaCha8, as rand_chacha 0.9's ChaCha8Rng.
  //
  // State words: 0..3 "expand 32-byte k", 4..11 the key, 12..13 the 64-bit block counter
  // (low word first), 14..15 the 64-bit stream (low word first). 8 rounds = 4 double rounds.
  // The output is one continuous stream of u32 words; next_u64 is two consecutive words, low
  // word first (rand_core's BlockRng).

  /** Writes block number (ctrHi·2^32 + ctrLo) of stream (sHi·2^32 + sLo) into out[0..16]. */
  function chachaBlock(key, ctrLo, ctrHi, sLo, sHi, out) {
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
    out[0] = (x0 + j0) | 0;
    out[1] = (x1 + j1) | 0;
    out[2] = (x2 + j2) | 0;
    out[3] = (x3 + j3) | 0;
    out[4] = (x4 + j4) | 0;
    out[5] = (x5 + j5) | 0;
    out[6] = (x6 + j6) | 0;
    out[7] = (x7 + j7) | 0;
    out[8] = (x8 + j8) | 0;
    out[9] = (x9 + j9) | 0;
    out[10] = (x10 + j10) | 0;
    out[11] = (x11 + j11) | 0;
    out[12] = (x12 + j12) | 0;
    out[13] = (x13 + j13) | 0;
    out[14] = (x14 + j14) | 0;
    out[15] = (x15 + j15) | 0;
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
  // Errors, in both languages (`ParamError`, `DelayParseError`, sade calc's parse errors).

  function defaultLang() {
    if (typeof document !== "undefined" && document.documentElement) {
      var code = String(document.documentElement.lang || "").toLowerCase();
      if (code.indexOf("tr") === 0) return "tr";
    }
    return "en";
  }

  function pickLang(lang) {
    return lang === "tr" || lang === "en" ? lang : defaultLang();
  }

  /**
   * An input that did not parse: "invalid value `100` for `base`: a duration needs a unit ...".
   * `reason` is {en, tr}.
   */
  function parseError(arg, value, reason) {
    return {
      arg: arg,
      value: value,
      kind: "parse",
      messages: {
        en: "invalid value `" + value + "` for `" + arg + "`: " + reason.en,
        tr: "`" + arg + "` için geçersiz değer `" + value + "`: " + reason.tr,
      },
    };
  }

  /**
   * A value out of range, worded like Rust's ParamError: "`cap` is 50ms, but it must be ...".
   * `allowed` is {en, tr}.
   */
  function rangeError(arg, value, allowed) {
    return {
      arg: arg,
      value: value,
      kind: "range",
      messages: {
        en: "`" + arg + "` is " + value + ", but " + allowed.en,
        tr: "`" + arg + "` değeri " + value + ", ancak " + allowed.tr,
      },
    };
  }

  var ALLOWED = {
    base: {
      en: "it must be a duration greater than zero, e.g. `100ms`",
      tr: "sıfırdan büyük bir süre olmalı, örneğin `100ms`",
    },
    factor: {
      en: "it must be a finite number ≥ 1 (1 keeps the delay constant, 2 doubles it)",
      tr: "≥ 1 olan sonlu bir sayı olmalı (1 gecikmeyi sabit tutar, 2 ikiye katlar)",
    },
    cap: function (base) {
      return {
        en: "it must be at least `base` (" + base + "), or `none`",
        tr: "en az `base` (" + base + ") olmalı ya da `none`",
      };
    },
    attempts: {
      en: "it must be a whole number from 1 to " + MAX_ATTEMPTS,
      tr: "1 ile " + MAX_ATTEMPTS + " arasında bir tam sayı olmalı",
    },
    clients: {
      en: "it must be a whole number from 1 to " + MAX_CLIENTS,
      tr: "1 ile " + MAX_CLIENTS + " arasında bir tam sayı olmalı",
    },
    seed: {
      en: "it must be a whole number from 0 to " + U64_MAX,
      tr: "0 ile " + U64_MAX + " arasında bir tam sayı olmalı",
    },
    jitter: {
      en: "name at least one of none, full, equal, decorrelated (or `all`)",
      tr: "none, full, equal, decorrelated stratejilerinden en az birini (ya da `all`) yazın",
    },
    overflow: function (n) {
      return {
        en: "attempt " + n + "'s delay overflows without a cap; set `cap` or use fewer attempts",
        tr: n + ". denemenin gecikmesi üst sınır olmadan taşıyor; `cap` verin ya da daha az deneme kullanın",
      };
    },
    totalOverflow: function (clients) {
      return {
        en: "the total wait of " + clients + " clients overflows; set `cap` or use fewer attempts",
        tr: clients + " istemcinin toplam beklemesi taşıyor; `cap` verin ya da daha az deneme kullanın",
      };
    },
  };

  var DELAY_REASONS = {
    missingUnit: {
      en: "a duration needs a unit (ms, s, m, h), e.g. `100ms`",
      tr: "süre bir birim ister (ms, s, m, h), örneğin `100ms`",
    },
    unknownUnit: function (unit) {
      return {
        en: "unknown unit `" + unit + "`; use ms, s, m or h",
        tr: "bilinmeyen birim `" + unit + "`; ms, s, m ya da h kullanın",
      };
    },
    badNumber: function (text) {
      return { en: "`" + text + "` is not a number", tr: "`" + text + "` bir sayı değil" };
    },
    exponent: function (text) {
      return {
        en: "`" + text + "` is written with an exponent; write durations with plain decimal " +
          "numbers, like `1000ms` or `1.5s`",
        tr: "`" + text + "` üslü yazılmış; süreleri düz ondalık sayılarla yazın, örneğin " +
          "`1000ms` ya da `1.5s`",
      };
    },
    outOfRange: {
      en: "the duration must be a finite, non-negative amount",
      tr: "süre sonlu ve negatif olmayan bir miktar olmalı",
    },
  };

  /** `Delay::parse`: the milliseconds of `100ms`, `1.5s`, `2m`/`2min`, `1h`, or {reason}. */
  function parseDelay(text) {
    text = rustTrim(text);
    var split = text.search(/[^0-9.+-]/);
    if (split < 0) return { reason: DELAY_REASONS.missingUnit };
    var number = text.slice(0, split);
    var unit = text.slice(split);
    // `1e3ms`: the `e3` is an exponent, not the start of a unit.
    var exponent = /^[eE][+-]?[0-9]+/.exec(unit);
    if (exponent) return { reason: DELAY_REASONS.exponent(number + exponent[0]) };
    var scale = unit === "ms" ? 1 : unit === "s" ? 1000 : unit === "m" || unit === "min" ? 60000
      : unit === "h" ? 3600000 : 0;
    if (scale === 0) return { reason: DELAY_REASONS.unknownUnit(unit) };
    var value = parseRustFloat(number);
    if (value === null) return { reason: DELAY_REASONS.badNumber(number) };
    var ms = value * scale;
    if (!(Number.isFinite(ms) && ms >= 0)) return { reason: DELAY_REASONS.outOfRange };
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

  /** `sade calc --jitter`: `all`, or a comma list of strategy names. Indices, or {reason}. */
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
        return {
          reason: {
            en: "unknown jitter strategy `" + name + "`; " +
              (hint ? "did you mean `" + hint + "`?" : "use all, none, full, equal or decorrelated"),
            tr: "bilinmeyen jitter stratejisi `" + name + "`; " +
              (hint ? "`" + hint + "` mi demek istediniz?" : "all, none, full, equal ya da decorrelated kullanın"),
          },
        };
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
    if (!(p.base_ms > 0)) return rangeError("base", delayText(p.base_ms), ALLOWED.base);
    if (!Number.isFinite(p.factor) || p.factor < 1) {
      return rangeError("factor", rustF64(p.factor), ALLOWED.factor);
    }
    if (p.cap_ms !== null && p.cap_ms < p.base_ms) {
      return rangeError("cap", delayText(p.cap_ms), ALLOWED.cap(delayText(p.base_ms)));
    }
    if (!(p.attempts >= 1 && p.attempts <= MAX_ATTEMPTS)) {
      return rangeError("attempts", String(p.attempts), ALLOWED.attempts);
    }
    if (!(p.clients >= 1 && p.clients <= MAX_CLIENTS)) {
      return rangeError("clients", String(p.clients), ALLOWED.clients);
    }
    if (p.strategies.length === 0) return rangeError("jitter", "empty", ALLOWED.jitter);
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
        return rangeError("attempts", String(p.attempts), ALLOWED.overflow(n));
      }
    }
    // Totals are added up once more (min + max for the means, over the clients for the fleet's
    // mean): the same headroom check as `ParamsBuilder::build`.
    if (!Number.isFinite(Math.max(sumNominal, sumCeiling) * 2 * p.clients)) {
      return rangeError("attempts", String(p.attempts), ALLOWED.totalOverflow(p.clients));
    }
    return null;
  }

  function capped(ms, cap) {
    return cap === null ? ms : Math.min(ms, cap);
  }

  function finish(errors, lang) {
    errors.forEach(function (e) {
      e.message = e.messages[lang];
    });
    return errors;
  }

  /**
   * Parses and validates calculator input: a query string (`base=100ms&cap=30s&jitter=full,equal`),
   * URLSearchParams, or an object with the same keys (values as strings, or numbers where a
   * number is meant; `jitter` may be an array). Defaults: factor 2, cap none, attempts 8,
   * jitter all, seed 7, clients 1000; `base` is required.
   *
   * Returns {ok: true, params} or {ok: false, error, errors}; each error names its `arg` and has
   * `message` in the page's language (`options.lang`, else <html lang>, else English) and
   * `messages` {en, tr}.
   */
  function parseParams(input, options) {
    var lang = pickLang(options && options.lang);
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
      return {
        arg: key,
        value: String(input[key]),
        kind: "unknown",
        messages: {
          en: "unknown argument `" + key + "`" + (hint ? " (did you mean `" + hint + "`?)" : ""),
          tr: "bilinmeyen argüman `" + key + "`" + (hint ? " (`" + hint + "` mi demek istediniz?)" : ""),
        },
      };
    });
    var p = {
      base_ms: null,
      factor: 2,
      cap_ms: null,
      attempts: 8,
      strategies: [0, 1, 2, 3],
      seed: BigInt(7),
      clients: DEFAULT_CLIENTS,
    };

    if (raw.base === undefined || raw.base === null || raw.base === "") {
      errors.push({
        arg: "base",
        value: "",
        kind: "missing",
        messages: {
          en: "`base` is missing: give the first wait with a unit, e.g. `100ms`",
          tr: "`base` eksik: ilk beklemeyi birimiyle yazın, örneğin `100ms`",
        },
      });
    } else {
      var base = parseDelay(textOf(raw.base));
      if (base.reason) errors.push(parseError("base", textOf(raw.base), base.reason));
      else p.base_ms = base.ms;
    }
    if (raw.factor !== undefined) {
      var factor = typeof raw.factor === "number" ? raw.factor : parseRustFloat(String(raw.factor));
      if (factor === null) {
        errors.push(parseError("factor", String(raw.factor), DELAY_REASONS.badNumber(String(raw.factor))));
      } else {
        p.factor = factor;
      }
    }
    if (raw.cap !== undefined && raw.cap !== null && raw.cap !== "none") {
      var cap = parseDelay(textOf(raw.cap));
      if (cap.reason) errors.push(parseError("cap", textOf(raw.cap), cap.reason));
      else p.cap_ms = cap.ms;
    }
    [["attempts", ALLOWED.attempts], ["clients", ALLOWED.clients]].forEach(function (spec) {
      var key = spec[0];
      if (raw[key] === undefined) return;
      var n = typeof raw[key] === "number"
        ? (Number.isInteger(raw[key]) && raw[key] >= 0 && raw[key] <= 4294967295 ? raw[key] : null)
        : parseU32(String(raw[key]));
      if (n === null) errors.push(parseError(key, textOf(raw[key]), { en: spec[1].en, tr: spec[1].tr }));
      else p[key] = n;
    });
    if (raw.jitter !== undefined) {
      var jitter = parseJitter(raw.jitter);
      if (jitter.reason) errors.push(parseError("jitter", String(raw.jitter), jitter.reason));
      else p.strategies = jitter.indices;
    }
    if (raw.seed !== undefined) {
      try {
        p.seed = toU64(raw.seed, "seed");
      } catch (_) {
        errors.push(parseError("seed", String(raw.seed), ALLOWED.seed));
      }
    }
    if (errors.length === 0) {
      var error = buildError(p);
      if (error) errors.push(error);
    }
    if (errors.length > 0) {
      finish(errors, lang);
      return { ok: false, error: errors[0], errors: errors };
    }
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
   * or anything parseParams takes. Throws an Error carrying `arg` when invalid.
   */
  function checkedParams(input) {
    if (input && typeof input === "object" && typeof input.base_ms === "number") {
      var strategies = (input.strategies || STRATEGIES).map(function (name) {
        var i = STRATEGIES.indexOf(name);
        if (i < 0) throw paramsThrow(parseError("jitter", String(name), parseJitter([name]).reason));
        return i;
      });
      var p = {
        base_ms: input.base_ms,
        factor: input.factor === undefined ? 2 : input.factor,
        cap_ms: input.cap_ms === undefined ? null : input.cap_ms,
        attempts: input.attempts === undefined ? 8 : input.attempts,
        strategies: strategies,
        seed: toU64(input.seed === undefined ? 7 : input.seed, "seed"),
        clients: input.clients === undefined ? DEFAULT_CLIENTS : input.clients,
      };
      var error = numericError(p) || buildError(p);
      if (error) throw paramsThrow(finish([error], defaultLang())[0]);
      return normalize(p);
    }
    var parsed = parseParams(input);
    if (!parsed.ok) throw paramsThrow(parsed.error);
    return parsed.params;
  }

  /** What numeric input can get wrong that parsed text cannot: types, infinities, fractions. */
  function numericError(p) {
    var notDelay = { en: "it must be a finite, non-negative number of milliseconds",
      tr: "sonlu ve negatif olmayan bir milisaniye sayısı olmalı" };
    if (typeof p.base_ms !== "number" || !Number.isFinite(p.base_ms)) {
      return parseError("base", String(p.base_ms), notDelay);
    }
    if (p.cap_ms !== null && (typeof p.cap_ms !== "number" || !Number.isFinite(p.cap_ms) || p.cap_ms < 0)) {
      return parseError("cap", String(p.cap_ms), notDelay);
    }
    if (typeof p.factor !== "number") return parseError("factor", String(p.factor), ALLOWED.factor);
    if (!Number.isInteger(p.attempts)) return parseError("attempts", String(p.attempts), ALLOWED.attempts);
    if (!Number.isInteger(p.clients)) return parseError("clients", String(p.clients), ALLOWED.clients);
    return null;
  }

  function paramsThrow(error) {
    var e = new RangeError(error.message || error.messages.en);
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

  /**
   * `simulate_strategy`: every client's retry times counted in FLEET_BINS × PEAK_WINDOWS_PER_BIN
   * windows of the horizon (the peak is the busiest window; the histogram sums each bin's
   * windows); sums per chunk of 1024 clients in client order, then the chunk sums in chunk
   * order (Rust's float order).
   */
  function simulateStrategy(p, s, key, ranges, bin) {
    var windows = FLEET_BINS * PEAK_WINDOWS_PER_BIN;
    var width = bin / PEAK_WINDOWS_PER_BIN;
    var counts = new Uint32Array(windows);
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
    var fleet = { clients: p.clients, horizon_ms: horizon, bin_ms: bin };
    var simulated = [];
    indices.forEach(function (s) {
      simulated[s] = simulateStrategy(p, s, key, ranges[s], bin);
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

  var WORDS = {
    tr: {
      attempt: "Deneme",
      delay: "Gecikme",
      min: "En az",
      max: "En çok",
      sample: "Örnek",
      strategy: "Strateji",
      worst_total: "En kötü durumda toplam bekleme",
      best_total: "En iyi durumda toplam bekleme",
      mean_total: "Ortalama toplam bekleme",
      estimated: "tahmini",
      peak_share: "Tepe payı",
      schedule: "Backoff zamanlaması",
      attempts: "deneme",
      clients: "istemci",
      time: "Zaman",
      retries: "yeniden deneme",
      fleet: "Filo simülasyonu",
    },
    en: {
      attempt: "Attempt",
      delay: "Delay",
      min: "Min",
      max: "Max",
      sample: "Sample",
      strategy: "Strategy",
      worst_total: "Worst-case total wait",
      best_total: "Best-case total wait",
      mean_total: "Mean total wait",
      estimated: "estimated",
      peak_share: "Peak share",
      schedule: "Backoff schedule",
      attempts: "attempts",
      clients: "clients",
      time: "Time",
      retries: "retries",
      fleet: "Fleet simulation",
    },
  };

  /** `describe_params`: "First wait 100 ms, ×2 per attempt, capped at 30 s; 8 attempts, seed 7". */
  function describeParams(input, lang) {
    langOf(lang);
    var p = checkedParams(input);
    var base = formatDuration(p.base_ms, lang);
    var factor = formatNumber(p.factor, 6, lang);
    var cap = p.cap_ms === null ? null : formatDuration(p.cap_ms, lang);
    var n = p.attempts;
    var seed = p.seed.toString();
    if (lang === "tr") {
      return "İlk bekleme " + base + ", her denemede ×" + factor + ", " +
        (cap === null ? "üst sınır yok" : "üst sınır " + cap) + "; " + n + " deneme, tohum " + seed;
    }
    return "First wait " + base + ", ×" + factor + " per attempt, " +
      (cap === null ? "no cap" : "capped at " + cap) + "; " + n + " attempt" +
      (n === 1 ? "" : "s") + ", seed " + seed;
  }

  function freeze(object) {
    Object.keys(object).forEach(function (k) {
      if (object[k] && typeof object[k] === "object") freeze(object[k]);
    });
    return Object.freeze(object);
  }

  freeze(WORDS);

  return Object.freeze({
    chacha8: chacha8,
    parseParams: parseParams,
    compute: compute,
    describeParams: describeParams,
    formatNumber: formatNumber,
    formatDuration: formatDuration,
    formatPercent: formatPercent,
    words: function (lang) {
      return WORDS[langOf(lang)];
    },
    rustF64: rustF64,
    strategyLabel: function (name) {
      return LABELS[STRATEGIES.indexOf(name)];
    },
    strategies: freeze(STRATEGIES.slice()),
    // The pieces static/js/odds.js builds on (the same arithmetic as the schedule and the fleet).
    // Not a stable API: they change with the engine.
    engine: Object.freeze({
      checkedParams: checkedParams,
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
      parseError: parseError,
      rangeError: rangeError,
      pickLang: pickLang,
      keys: freeze(KEYS.slice()),
    }),
    limits: freeze({
      maxAttempts: MAX_ATTEMPTS,
      maxClients: MAX_CLIENTS,
      defaultClients: DEFAULT_CLIENTS,
      fleetBins: FLEET_BINS,
      peakWindowsPerBin: PEAK_WINDOWS_PER_BIN,
    }),
  });
});
