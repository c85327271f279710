/*!
 * sade — retry-library models for the browser (SPEC §6).
 *
 * What ten real retry libraries do with the calculator's base, factor, cap and attempts: the
 * same models as sade's Rust engine (src/libraries/), to the last bit — rows, totals, seeded
 * samples, config, notes in both languages and snippets — so `models(params, "all")` equals
 * the "libraries" array of `sade calc --library all --json`. Each library's formula, version and
 * source file are documented in src/libraries/<library>.rs.
 *
 * Plain script: no dependencies but /js/backoff.js (ChaCha8 and the localized formatting), no
 * build step, no network. Loaded after backoff.js it defines window.SadeLibraries; under Node
 * it is also module.exports.
 */
(function (factory) {
  "use strict";
  var B =
    typeof window !== "undefined" && window.SadeBackoff
      ? window.SadeBackoff
      : typeof require === "function"
        ? require("./backoff.js")
        : null;
  var api = factory(B);
  if (typeof window !== "undefined") {
    window.SadeLibraries = api;
  }
  if (typeof module === "object" && module !== null && typeof module.exports === "object") {
    module.exports = api;
  }
})(function (B) {
  "use strict";

  var IDS = ["grpc", "aws-sdk", "tenacity", "python-backoff", "cenkalti", "p-retry",
    "exponential-backoff", "backon", "polly", "resilience4j"];
  var LABELS = ["gRPC", "AWS SDKs", "tenacity", "backoff (Python)", "cenkalti/backoff", "p-retry",
    "exponential-backoff", "backon", "Polly", "resilience4j"];
  var SIMULATED_CLIENTS = 10000;
  var U_MAX = 1 - 1 / 9007199254740992;
  var TWO_63 = 9223372036854775808;

  // ---------------------------------------------------------------------------------------
  // Shared arithmetic (src/libraries/mod.rs).

  function growth(start, factor, cap, n) {
    var out = [];
    var d = start;
    for (var k = 0; k < n; k++) {
      if (k > 0) d *= factor;
      if (cap !== null) d = Math.min(d, cap);
      out.push(d);
    }
    return out;
  }

  /** Rust's f64::round for x ≥ 0 (and JavaScript's Math.round): halves go up. */
  function roundHalfUp(x) {
    var r = Math.floor(x);
    return x - r >= 0.5 ? r + 1 : r;
  }

  function toNs(ms) {
    return roundHalfUp(ms * 1e6);
  }

  function meanFloor(a, b) {
    if (b <= a) return Math.floor(a);
    var fa = Math.floor(a), fb = Math.floor(b);
    var frac;
    if (fa === fb) {
      frac = (b - a) * ((a - fa) + (b - fb)) / 2;
    } else {
      var first = (1 - (a - fa) * (a - fa)) / 2;
      var whole = (fb - (fa + 1)) / 2;
      var last = (b - fb) * (b - fb) / 2;
      frac = first + whole + last;
    }
    return (a + b) / 2 - frac / (b - a);
  }

  function meanMinFloor(a, b, c) {
    var t = Math.ceil(c);
    if (a >= t) return c;
    if (b <= t) return meanFloor(a, b);
    return ((t - a) * meanFloor(a, t) + (b - t) * c) / (b - a);
  }

  function notMadeEn(first, last) {
    return first === last ? "Retry " + first + " is not made." :
      "Retries " + first + "–" + last + " are not made.";
  }

  function notMadeTr(first, last) {
    return first === last ? first + ". yeniden deneme yapılmaz." :
      first + "–" + last + ". yeniden denemeler yapılmaz.";
  }

  function note(en, tr) {
    return { en: en, tr: tr };
  }

  function dur(ms, lang) {
    return B.formatDuration(ms, lang);
  }

  // ---------------------------------------------------------------------------------------
  // Snippet literals (src/libraries/snippet.rs).

  var num = function (x) {
    return B.rustF64(x);
  };

  function floatLit(x) {
    var s = num(x);
    return s.indexOf(".") >= 0 ? s : s + ".0";
  }

  function secs(ms) {
    return num(ms / 1000);
  }

  function inUnit(n, units) {
    for (var i = 0; i < units.length; i++) {
      if (n !== 0 && n % units[i][1] === 0) return [n / units[i][1], units[i][0]];
    }
    var last = units[units.length - 1];
    return [n / last[1], last[0]];
  }

  function goDuration(ns) {
    var u = inUnit(ns, [["time.Hour", 3.6e12], ["time.Minute", 6e10], ["time.Second", 1e9],
      ["time.Millisecond", 1e6], ["time.Microsecond", 1e3], ["time.Nanosecond", 1]]);
    return num(u[0]) + " * " + u[1];
  }

  function rustDuration(ns) {
    var u = inUnit(ns, [["secs", 1e9], ["millis", 1e6], ["micros", 1e3], ["nanos", 1]]);
    return "Duration::from_" + u[1] + "(" + num(u[0]) + ")";
  }

  function timespan(ticks) {
    var u = inUnit(ticks, [["Hours", 3.6e10], ["Minutes", 6e8], ["Seconds", 1e7],
      ["Milliseconds", 1e4], ["Ticks", 1]]);
    return "TimeSpan.From" + u[1] + "(" + num(u[0]) + ")";
  }

  function grpcDuration(ns) {
    var frac = ns % 1e9;
    var whole = (ns - frac) / 1e9;
    var s = num(whole);
    if (frac !== 0) s += "." + num(frac).padStart(9, "0").replace(/0+$/, "");
    return s + "s";
  }

  function javaLong(n) {
    return n > 2147483647 ? num(n) + "L" : num(n);
  }

  // ---------------------------------------------------------------------------------------
  // The formulas. Each plan returns {config: [[key, value]], notes, snippet, formula}, and a
  // formula {retries, delays(units) → ms[], range(k) → [min, max], mean(k) → ms | null}.

  function fullJitter(top) {
    return {
      retries: top.length,
      delays: function (units) {
        return top.map(function (d, k) { return units[k] * d; });
      },
      range: function (k) { return [0, top[k]]; },
      mean: function (k) { return top[k] / 2; },
    };
  }

  function grpc(p) {
    var MAX_RETRIES = 4;
    var retries = Math.min(p.attempts, MAX_RETRIES);
    var initial = toNs(p.base_ms);
    var raw = [];
    var c = initial;
    for (var k = 0; k < retries; k++) {
      if (k > 0) c *= p.factor;
      raw.push(c);
    }
    var max = p.cap_ms !== null ? toNs(p.cap_ms) : Math.ceil(raw[retries - 1]);
    var cur = raw.map(function (x) { return Math.min(x, max); });
    var maxAttempts = retries + 1;
    var delay = function (c, u) { return Math.trunc(c * (0.8 + 0.4 * u)); };
    var notes = [note(
      "gRPC multiplies each delay by a random factor between 0.8 and 1.2 (gRFC A6 as amended in 2024, grpc-go since 1.69); earlier releases drew it between 0 and the computed value.",
      "gRPC her gecikmeyi 0,8 ile 1,2 arasında rastgele bir katsayıyla çarpar (2024'te değişen gRFC A6, grpc-go 1.69'dan beri); önceki sürümler 0 ile hesaplanan değer arasında çekerdi.")];
    if (p.attempts > MAX_RETRIES) {
      notes.push(note(
        "gRPC retries at most 4 times: maxAttempts counts the first call and anything above 5 is treated as 5 (grpc-go's WithMaxCallAttempts dial option raises that limit). " + notMadeEn(MAX_RETRIES + 1, p.attempts),
        "gRPC en fazla 4 kez yeniden dener: maxAttempts ilk çağrıyı da sayar ve 5'ten büyük değerler 5 sayılır (grpc-go'da WithMaxCallAttempts bu sınırı yükseltir). " + notMadeTr(MAX_RETRIES + 1, p.attempts)));
    }
    if (p.cap_ms !== null) {
      if (cur.some(function (x) { return x * 1.2 > max; })) {
        notes.push(note(
          "The jitter comes after maxBackoff: a delay can be up to 20 % longer than maxBackoff, " + dur(p.cap_ms * 1.2, "en") + " here.",
          "Sapma maxBackoff'tan sonra uygulanır: bir gecikme maxBackoff'u %20'ye kadar aşabilir, burada " + dur(p.cap_ms * 1.2, "tr") + "."));
      }
    } else {
      notes.push(note(
        "gRPC requires maxBackoff; with no cap it is set to the last retry's value (" + dur(max / 1e6, "en") + "), so it never shortens a delay.",
        "gRPC maxBackoff ister; üst sınır olmadığında son yeniden denemenin değeri (" + dur(max / 1e6, "tr") + ") verilir, böylece hiçbir gecikmeyi kısaltmaz."));
    }
    notes.push(note(
      "Only the status codes in retryableStatusCodes are retried; a server's grpc-retry-pushback-ms replaces the delay, and retry throttling, if configured, can stop retries.",
      "Yalnızca retryableStatusCodes'taki durum kodları yeniden denenir; sunucunun grpc-retry-pushback-ms değeri gecikmenin yerine geçer ve yapılandırılmışsa retry throttling yeniden denemeleri durdurabilir."));
    var initialS = grpcDuration(initial), maxS = grpcDuration(max);
    var code = "conn, err := grpc.NewClient(target,\n" +
      "\tgrpc.WithTransportCredentials(insecure.NewCredentials()),\n" +
      "\tgrpc.WithDefaultServiceConfig(`{\n" +
      "  \"methodConfig\": [{\n" +
      "    \"name\": [{\"service\": \"example.Service\"}],\n" +
      "    \"retryPolicy\": {\n" +
      "      \"maxAttempts\": " + maxAttempts + ",\n" +
      "      \"initialBackoff\": \"" + initialS + "\",\n" +
      "      \"maxBackoff\": \"" + maxS + "\",\n" +
      "      \"backoffMultiplier\": " + num(p.factor) + ",\n" +
      "      \"retryableStatusCodes\": [\"UNAVAILABLE\"]\n" +
      "    }\n" +
      "  }]\n" +
      "}`),\n" +
      ")\n";
    return {
      config: [["maxAttempts", maxAttempts], ["initialBackoff", initialS], ["maxBackoff", maxS],
        ["backoffMultiplier", p.factor], ["retryableStatusCodes", ["UNAVAILABLE"]]],
      notes: notes,
      snippet: { language: "go", code: code },
      formula: {
        retries: retries,
        delays: function (units) {
          return cur.map(function (c, k) { return delay(c, units[k]) / 1e6; });
        },
        range: function (k) { return [delay(cur[k], 0) / 1e6, delay(cur[k], U_MAX) / 1e6]; },
        mean: function (k) { return meanFloor(cur[k] * 0.8, cur[k] * 1.2) / 1e6; },
      },
    };
  }

  function awsSdk(p) {
    var QUOTA_RETRIES = 35;
    var retries = Math.min(p.attempts, QUOTA_RETRIES);
    var top = growth(50, 2, 20000, retries);
    var total = retries + 1;
    var notes = [
      note("The AWS SDKs fix the backoff: retry n waits a random time between 0 and min(50 ms × 2^(n−1), 20 s) for ordinary errors (1 s × 2^(n−1) for throttling errors, 25 ms × 2^(n−1) for DynamoDB). Your base, factor and cap are not used; the number of attempts is the only setting.",
        "AWS SDK'ları backoff'u sabitler: n. yeniden deneme, sıradan hatalarda 0 ile min(50 ms × 2^(n−1), 20 sn) arasında rastgele bekler (kısıtlama hatalarında 1 sn × 2^(n−1), DynamoDB'de 25 ms × 2^(n−1)). İlk bekleme, çarpan ve üst sınır kullanılmaz; tek ayar deneme sayısıdır."),
      note("botocore made this the default in 1.44. From 1.43.3 it was opt-in (AWS_NEW_RETRIES_2026=true); without it, standard mode waited up to 1 s × 2^(n−1) for every error, and the default mode was legacy.",
        "botocore bunu 1.44'te varsayılan yaptı. 1.43.3'ten beri isteğe bağlıydı (AWS_NEW_RETRIES_2026=true); o olmadan standard kip her hatada 1 sn × 2^(n−1)'e kadar beklerdi ve varsayılan kip legacy idi."),
    ];
    if (p.attempts > QUOTA_RETRIES) {
      notes.push(note(
        "Each retry takes 14 tokens from the client's retry quota of 500 (5 for throttling errors), given back only on success: a fresh client retries ordinary errors at most 35 times in a row. " + notMadeEn(QUOTA_RETRIES + 1, p.attempts),
        "Her yeniden deneme istemcinin 500 jetonluk kotasından 14 jeton alır (kısıtlama hatalarında 5) ve jetonlar yalnızca başarıda geri gelir: yeni bir istemci sıradan hataları art arda en fazla 35 kez dener. " + notMadeTr(QUOTA_RETRIES + 1, p.attempts)));
    } else {
      notes.push(note(
        "Each retry takes 14 tokens from the client's retry quota of 500 (5 for throttling errors), given back only on success: a client whose calls keep failing stops retrying after 35 retries in all.",
        "Her yeniden deneme istemcinin 500 jetonluk kotasından 14 jeton alır (kısıtlama hatalarında 5) ve jetonlar yalnızca başarıda geri gelir: çağrıları hep başarısız olan bir istemci toplam 35 yeniden denemeden sonra durur."));
    }
    notes.push(note("An x-amz-retry-after response header can lengthen a delay by up to 5 s.",
      "Yanıttaki x-amz-retry-after başlığı bir gecikmeyi 5 sn'ye kadar uzatabilir."));
    var code = "import botocore.session\n" +
      "from botocore.config import Config\n" +
      "\n" +
      "# The same Config works for boto3.client(\"s3\", config=config).\n" +
      "config = Config(retries={\"mode\": \"standard\", \"total_max_attempts\": " + total + "})\n" +
      "client = botocore.session.get_session().create_client(\"s3\", config=config)\n";
    return {
      config: [["mode", "standard"], ["total_max_attempts", total]],
      notes: notes,
      snippet: { language: "python", code: code },
      formula: fullJitter(top),
    };
  }

  function tenacity(p) {
    var stop = p.attempts + 1;
    var config = [["multiplier", p.base_ms / 1000], ["exp_base", p.factor]];
    var waitArgs = "multiplier=" + secs(p.base_ms) + ", exp_base=" + num(p.factor);
    if (p.cap_ms !== null) {
      config.push(["max", p.cap_ms / 1000]);
      waitArgs += ", max=" + secs(p.cap_ms);
    }
    config.push(["stop_after_attempt", stop]);
    var notes = [
      note("wait_random_exponential is full jitter: retry n waits a random time between 0 and min(multiplier × exp_base^(n−1), max) seconds, so any retry may come at once.",
        "wait_random_exponential tam sapmadır (full jitter): n. yeniden deneme 0 ile min(multiplier × exp_base^(n−1), max) saniye arasında rastgele bekler, yani her yeniden deneme hemen gelebilir."),
      note("stop_after_attempt counts the first call: " + stop + " calls make " + p.attempts + " retries.",
        "stop_after_attempt ilk çağrıyı da sayar: " + stop + " çağrı " + p.attempts + " yeniden deneme eder."),
    ];
    var code = "from tenacity import retry, stop_after_attempt, wait_random_exponential\n" +
      "\n\n" +
      "@retry(\n" +
      "    wait=wait_random_exponential(" + waitArgs + "),\n" +
      "    stop=stop_after_attempt(" + stop + "),\n" +
      ")\n" +
      "def call():\n" +
      "    ...  # your request here\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "python", code: code },
      formula: fullJitter(growth(p.base_ms, p.factor, p.cap_ms, p.attempts)),
    };
  }

  function pythonBackoff(p) {
    var tries = p.attempts + 1;
    var config = [["wait_gen", "backoff.expo"], ["base", p.factor], ["factor", p.base_ms / 1000]];
    var args = "    base=" + num(p.factor) + ",  # growth per retry\n    factor=" + secs(p.base_ms) +
      ",  # first wait, seconds\n";
    if (p.cap_ms !== null) {
      config.push(["max_value", p.cap_ms / 1000]);
      args += "    max_value=" + secs(p.cap_ms) + ",\n";
    }
    config.push(["max_tries", tries]);
    config.push(["jitter", "backoff.full_jitter"]);
    var notes = [
      note("backoff's names are the other way round: its base is the growth per retry and its factor the first wait. expo starts at factor × base^0 for the first retry.",
        "backoff'un adları terstir: base her yeniden denemedeki büyüme, factor ise ilk beklemedir. expo ilk yeniden denemede factor × base^0 ile başlar."),
      note("The default jitter, full_jitter, waits a random time between 0 and the exponential value, so any retry may come at once.",
        "Varsayılan sapma full_jitter, 0 ile üstel değer arasında rastgele bekler; yani her yeniden deneme hemen gelebilir."),
      note("max_tries counts the first call: " + tries + " calls make " + p.attempts + " retries. A max_time would also shorten the last wait.",
        "max_tries ilk çağrıyı da sayar: " + tries + " çağrı " + p.attempts + " yeniden deneme eder. max_time verilirse son beklemeyi de kısaltır."),
    ];
    var code = "import backoff\n\n\n" +
      "@backoff.on_exception(\n" +
      "    backoff.expo,\n" +
      "    Exception,\n" +
      args +
      "    max_tries=" + tries + ",\n" +
      "    jitter=backoff.full_jitter,\n" +
      ")\n" +
      "def call():\n" +
      "    ...  # your request here\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "python", code: code },
      formula: fullJitter(growth(p.base_ms, p.factor, p.cap_ms, p.attempts)),
    };
  }

  function cenkalti(p) {
    var R = 0.5;
    var initial = toNs(p.base_ms);
    var max = p.cap_ms === null ? TWO_63 : toNs(p.cap_ms);
    var m = p.factor;
    var intervals = [];
    var i = initial;
    for (var k = 0; k < p.attempts; k++) {
      if (k > 0) i = i >= max / m ? max : Math.trunc(i * m);
      intervals.push(i);
    }
    var span = function (i) {
      var delta = R * i;
      var lo = i - delta;
      var hi = i + delta;
      return [lo, hi - lo + 1];
    };
    var delay = function (i, u) {
      var s = span(i);
      return Math.trunc(s[0] + u * s[1]);
    };
    var maxExpr = p.cap_ms !== null ? goDuration(max) : "time.Duration(math.MaxInt64)";
    var notes = [note(
      "RandomizationFactor 0.5 spreads each delay over ±50 % of the interval; MaxInterval caps the interval before that, so delays reach 1.5 × MaxInterval.",
      "RandomizationFactor 0,5 her gecikmeyi aralığın ±%50'sine yayar; MaxInterval aralığı bundan önce sınırlar, bu yüzden gecikmeler 1,5 × MaxInterval'e ulaşır.")];
    if (p.cap_ms !== null) {
      if (intervals.some(function (i) { return i * 1.5 > max; })) {
        notes.push(note(
          "Here delays go past your cap of " + dur(p.cap_ms, "en") + ", up to " + dur(p.cap_ms * 1.5, "en") + ".",
          "Burada gecikmeler " + dur(p.cap_ms, "tr") + " üst sınırını aşıp " + dur(p.cap_ms * 1.5, "tr") + " değerine kadar çıkar."));
      }
    } else {
      notes.push(note("Without a cap MaxInterval is set to the largest time.Duration (about 292 years).",
        "Üst sınır olmadığında MaxInterval en büyük time.Duration'a (yaklaşık 292 yıl) ayarlanır."));
    }
    notes.push(note(
      "The default MaxElapsedTime of 15 minutes makes the policy stop once that much time has passed since the first call; the snippet sets it to 0 (no limit).",
      "Varsayılan 15 dakikalık MaxElapsedTime, ilk çağrıdan beri o kadar zaman geçince yeniden denemeyi durdurur; örnek kod onu 0 yapar (sınır yok)."));
    notes.push(note(
      "Go durations are whole nanoseconds: the interval is truncated at every step, and so is each delay.",
      "Go süreleri tam nanosaniyedir: aralık her adımda, gecikme de her seferinde aşağı yuvarlanır."));
    var code = "import (\n" +
      (p.cap_ms === null ? "\t\"math\"\n" : "") +
      "\t\"time\"\n" +
      "\n" +
      "\t\"github.com/cenkalti/backoff/v4\"\n" +
      ")\n" +
      "\n" +
      "func newBackOff() backoff.BackOff {\n" +
      "\tb := backoff.NewExponentialBackOff()\n" +
      "\tb.InitialInterval = " + goDuration(initial) + "\n" +
      "\tb.RandomizationFactor = 0.5\n" +
      "\tb.Multiplier = " + num(m) + "\n" +
      "\tb.MaxInterval = " + maxExpr + "\n" +
      "\tb.MaxElapsedTime = 0 // no limit on the total time\n" +
      "\treturn backoff.WithMaxRetries(b, " + p.attempts + ")\n" +
      "}\n" +
      "\n" +
      "// backoff.Retry calls Reset, which starts from InitialInterval:\n" +
      "// err := backoff.Retry(operation, newBackOff())\n";
    return {
      config: [["InitialInterval", goDuration(initial)], ["RandomizationFactor", R],
        ["Multiplier", m], ["MaxInterval", maxExpr], ["MaxElapsedTime", "0"],
        ["WithMaxRetries", p.attempts]],
      notes: notes,
      snippet: { language: "go", code: code },
      formula: {
        retries: intervals.length,
        delays: function (units) {
          return intervals.map(function (i, k) { return delay(i, units[k]) / 1e6; });
        },
        range: function (k) {
          return [delay(intervals[k], 0) / 1e6, delay(intervals[k], U_MAX) / 1e6];
        },
        mean: function (k) {
          var s = span(intervals[k]);
          return meanFloor(s[0], s[0] + s[1]) / 1e6;
        },
      },
    };
  }

  var TIMER_MAX_MS = 2147483647;

  function timerNote(maxes) {
    for (var k = 0; k < maxes.length; k++) {
      if (maxes[k] > TIMER_MAX_MS) {
        return note(
          "Node's setTimeout waits 1 ms instead of any delay over 2,147,483,647 ms (24.8 days): from retry " + (k + 1) + " on, a delay that long comes at once.",
          "Node'un setTimeout'u 2.147.483.647 ms'den (24,8 gün) uzun her gecikme yerine 1 ms bekler: " + (k + 1) + ". yeniden denemeden başlayarak bu kadar uzun bir gecikme hemen gelir.");
      }
    }
    return null;
  }

  function pRetry(p) {
    var R_MAX = 2 - 1 / 4503599627370496;
    var powers = [];
    var pw = 1;
    for (var k = 0; k < p.attempts; k++) {
      if (k > 0) pw *= p.factor;
      powers.push(pw);
    }
    var minTimeout = Math.max(p.base_ms, 1);
    var maxTimeout = p.cap_ms === null ? Infinity : p.cap_ms;
    var delay = function (k, random) {
      return Math.min(roundHalfUp(random * minTimeout * powers[k]), maxTimeout);
    };
    var formula = {
      retries: p.attempts,
      delays: function (units) {
        return units.map(function (u, k) { return delay(k, u + 1); });
      },
      range: function (k) { return [delay(k, 1), delay(k, R_MAX)]; },
      mean: function (k) {
        var a = minTimeout * powers[k];
        return meanMinFloor(a + 0.5, 2 * a + 0.5, maxTimeout);
      },
    };
    var notes = [
      note("randomize: true multiplies each delay by a random factor between 1 and 2 (without it there is no jitter at all): delays reach twice the exponential value before maxTimeout cuts them.",
        "randomize: true her gecikmeyi 1 ile 2 arasında rastgele bir katsayıyla çarpar (o olmadan hiç sapma yoktur): gecikmeler maxTimeout kesmeden önce üstel değerin iki katına ulaşır."),
      note("Delays are whole milliseconds (Math.round); retries counts retries, not calls.",
        "Gecikmeler tam milisaniyedir (Math.round); retries çağrıları değil yeniden denemeleri sayar."),
    ];
    if (p.base_ms < 1) {
      notes.push(note("p-retry 7 raises minTimeout to 1 ms.", "p-retry 7 minTimeout'u 1 ms'ye yükseltir."));
    }
    var timer = timerNote(powers.map(function (_, k) { return formula.range(k)[1]; }));
    if (timer) notes.push(timer);
    var options = [["retries", p.attempts], ["minTimeout", p.base_ms], ["factor", p.factor]];
    var lines = "  retries: " + p.attempts + ",\n  minTimeout: " + num(p.base_ms) + ",\n  factor: " +
      num(p.factor) + ",\n";
    if (p.cap_ms !== null) {
      options.push(["maxTimeout", p.cap_ms]);
      lines += "  maxTimeout: " + num(p.cap_ms) + ",\n";
    }
    options.push(["randomize", true]);
    var code = "import pRetry from \"p-retry\";\n" +
      "\n" +
      "// `call` is your async function, e.g. () => fetch(url).\n" +
      "const result = await pRetry(call, {\n" +
      lines + "  randomize: true,\n" +
      "});\n";
    return {
      config: options,
      notes: notes,
      snippet: { language: "javascript", code: code },
      formula: formula,
    };
  }

  function exponentialBackoff(p) {
    var top = growth(p.base_ms, p.factor, p.cap_ms, p.attempts);
    var formula = {
      retries: top.length,
      delays: function (units) {
        return top.map(function (d, k) { return roundHalfUp(units[k] * d); });
      },
      range: function (k) { return [0, roundHalfUp(U_MAX * top[k])]; },
      mean: function (k) { return meanFloor(0.5, top[k] + 0.5); },
    };
    var attempts = p.attempts + 1;
    var config = [["numOfAttempts", attempts], ["startingDelay", p.base_ms], ["timeMultiple", p.factor]];
    var lines = "  numOfAttempts: " + attempts + ",\n  startingDelay: " + num(p.base_ms) +
      ",\n  timeMultiple: " + num(p.factor) + ",\n";
    if (p.cap_ms !== null) {
      config.push(["maxDelay", p.cap_ms]);
      lines += "  maxDelay: " + num(p.cap_ms) + ",\n";
    }
    config.push(["jitter", "full"]);
    var notes = [
      note("jitter: \"full\" waits a random time between 0 and the exponential value, rounded to whole milliseconds (the default jitter is \"none\"): any retry may come at once.",
        "jitter: \"full\" 0 ile üstel değer arasında rastgele, tam milisaniyeye yuvarlanmış bir süre bekler (varsayılan sapma \"none\"dır): her yeniden deneme hemen gelebilir."),
      note("numOfAttempts counts the first call: " + attempts + " calls make " + p.attempts + " retries. With delayFirstAttempt: true the first call waits too, and retry n waits up to startingDelay × timeMultiple^n.",
        "numOfAttempts ilk çağrıyı da sayar: " + attempts + " çağrı " + p.attempts + " yeniden deneme eder. delayFirstAttempt: true ile ilk çağrı da bekler ve n. yeniden deneme startingDelay × timeMultiple^n'e kadar bekler."),
    ];
    var timer = timerNote(top.map(function (_, k) { return formula.range(k)[1]; }));
    if (timer) notes.push(timer);
    var code = "import { backOff } from \"exponential-backoff\";\n" +
      "\n" +
      "// `call` is your async function, e.g. () => fetch(url).\n" +
      "const result = await backOff(call, {\n" +
      lines + "  jitter: \"full\",\n" +
      "});\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "javascript", code: code },
      formula: formula,
    };
  }

  // backon's f32 arithmetic (src/libraries/backon.rs).
  var R32_MAX = 1 - 1 / 16777216;
  var DURATION_MAX_NS = 18446744073709551615 * 1e9 + 999999999;
  var f32 = Math.fround;

  function secsF32(ns) {
    var nanos = ns % 1e9;
    var s = (ns - nanos) / 1e9;
    return f32(f32(s) + f32(f32(nanos) / 1e9));
  }

  function roundTiesEven(x) {
    var r = Math.floor(x);
    var d = x - r;
    if (d > 0.5 || (d === 0.5 && r % 2 !== 0)) return r + 1;
    return r;
  }

  function fromSecsF32(x) {
    if (x >= 18446744073709551616) return DURATION_MAX_NS;
    return roundTiesEven(x * 1e9);
  }

  function jittered(d, r) {
    return Math.min(d + fromSecsF32(f32(r * secsF32(d))), DURATION_MAX_NS);
  }

  function backon(p) {
    var factor = f32(p.factor);
    var minDelay = toNs(p.base_ms);
    var maxDelay = p.cap_ms === null ? null : toNs(p.cap_ms);
    var cur = [];
    var d = minDelay;
    for (var k = 0; k < p.attempts; k++) {
      if (k > 0) {
        if (maxDelay !== null) {
          if (d < maxDelay) d = fromSecsF32(f32(factor * secsF32(d)));
          if (d > maxDelay) d = maxDelay;
        } else {
          d = fromSecsF32(f32(factor * secsF32(d)));
        }
      }
      cur.push(d);
    }
    var notes = [note(
      "with_jitter adds a random share of the delay to it: retry n waits between d and 2·d, and max_delay caps d before that, so delays reach twice max_delay.",
      "with_jitter gecikmeye kendisinin rastgele bir payını ekler: n. yeniden deneme d ile 2·d arasında bekler ve max_delay d'yi bundan önce sınırlar; gecikmeler max_delay'in iki katına ulaşır.")];
    if (maxDelay !== null && cur.some(function (d) { return jittered(d, R32_MAX) > maxDelay; })) {
      notes.push(note(
        "Here delays go past your cap of " + dur(p.cap_ms, "en") + ", up to " + dur(p.cap_ms * 2, "en") + ".",
        "Burada gecikmeler " + dur(p.cap_ms, "tr") + " üst sınırını aşıp " + dur(p.cap_ms * 2, "tr") + " değerine kadar çıkar."));
    }
    notes.push(note(
      "backon computes in f32 seconds: the factor and each delay keep about 7 significant digits, and ExponentialBuilder::default() stops after 3 retries and caps at 60 s unless told otherwise, as the snippet does.",
      "backon f32 saniyeyle hesaplar: çarpan ve her gecikme yaklaşık 7 anlamlı basamak taşır; ExponentialBuilder::default() aksi söylenmezse 3 yeniden denemeden sonra durur ve 60 sn'de sınırlar, örnek kod ikisini de ayarlar."));
    var maxLine = maxDelay !== null ? "    .with_max_delay(" + rustDuration(maxDelay) + ")\n" :
      "    .without_max_delay()\n";
    var code = "use std::time::Duration;\n" +
      "\n" +
      "use backon::ExponentialBuilder;\n" +
      "\n" +
      "let backoff = ExponentialBuilder::default()\n" +
      "    .with_min_delay(" + rustDuration(minDelay) + ")\n" +
      "    .with_factor(" + floatLit(p.factor) + ")\n" +
      maxLine +
      "    .with_max_times(" + p.attempts + ")\n" +
      "    .with_jitter();\n" +
      "// let response = fetch.retry(backoff).await?;\n";
    var config = [["min_delay", rustDuration(minDelay)], ["factor", factor],
      ["max_delay", maxDelay !== null ? rustDuration(maxDelay) : null],
      ["max_times", p.attempts], ["jitter", true]];
    return {
      config: config,
      notes: notes,
      snippet: { language: "rust", code: code },
      formula: {
        retries: cur.length,
        delays: function (units) {
          return cur.map(function (d, k) {
            var r = Math.min(f32(units[k]), R32_MAX);
            return jittered(d, r) / 1e6;
          });
        },
        range: function (k) { return [cur[k] / 1e6, jittered(cur[k], R32_MAX) / 1e6]; },
        mean: function (k) {
          var d = cur[k];
          var hi = 2 * d, max = DURATION_MAX_NS, mean;
          if (hi <= max) mean = d * 1.5;
          else if (d >= max) mean = max;
          else mean = ((max - d) * (d + max) / 2 + (hi - max) * max) / d;
          return mean / 1e6;
        },
      },
    };
  }

  // Polly's curve with src/libraries/math.rs's exp2 and tanh, operation for operation.
  var LN2 = 0.6931471805599453;
  var LOG2E = 1.4426950408889634;

  function expm1Small(y) {
    var e = 1;
    for (var i = 24; i >= 2; i--) e = 1 + y * e / i;
    return y * e;
  }

  function pow2Int(k) {
    var p = 1, i = 0;
    while (i < k) { p *= 2; i += 1; }
    while (i > k) { p *= 0.5; i -= 1; }
    return p;
  }

  function exp2(z) {
    var k = Math.floor(z);
    var f = z - k;
    return (1 + expm1Small(f * LN2)) * pow2Int(k);
  }

  function expm1Neg(y) {
    if (y > -0.75) return expm1Small(y);
    if (y < -700) return -1;
    return exp2(y * LOG2E) - 1;
  }

  function tanh(x) {
    var m = expm1Neg(-2 * x);
    return -m / (2 + m);
  }

  function curve(t) {
    return exp2(t) * tanh(Math.sqrt(4 * t));
  }

  function polly(p) {
    var RP = 1 / 1.4;
    var base = roundHalfUp(p.base_ms * 1e4);
    var max = p.cap_ms === null ? null : roundHalfUp(p.cap_ms * 1e4);
    var cap = max === null ? Infinity : max;
    var ticks = function (intrinsic) {
      return Math.min(Math.trunc(Math.min(intrinsic * RP * base, TWO_63)), cap);
    };
    var factorEn = p.factor === 2 ? "as is your factor" : "your factor, " + num(p.factor) + ", is not used";
    var factorTr = p.factor === 2 ? "sizin çarpanınız da 2" :
      "sizin çarpanınız, " + B.formatNumber(p.factor, 6, "tr") + ", kullanılmaz";
    var notes = [
      note("With UseJitter, Exponential becomes Polly's decorrelated jitter (DecorrelatedJitterBackoffV2): the growth is fixed at 2 per retry (" + factorEn + ").",
        "UseJitter ile Exponential, Polly'nin ilintisiz sapmasına (DecorrelatedJitterBackoffV2) dönüşür: büyüme her yeniden denemede 2'ye sabittir (" + factorTr + ")."),
      note("Each delay is the step between two random points of a smooth curve: retry 1 waits between 0 and 1.38 × Delay, later retries between 0 and about 3 × their median, and none has a floor, so any retry may come almost at once.",
        "Her gecikme düzgün bir eğrinin iki rastgele noktası arasındaki adımdır: 1. yeniden deneme 0 ile 1,38 × Delay arasında, sonrakiler 0 ile medyanlarının yaklaşık 3 katı arasında bekler; hiçbirinin alt sınırı yoktur, her yeniden deneme neredeyse hemen gelebilir."),
    ];
    if (p.cap_ms !== null) {
      notes.push(note("MaxDelay cuts a delay after the jitter, so no delay exceeds it.",
        "MaxDelay gecikmeyi sapmadan sonra keser; hiçbir gecikme onu aşmaz."));
    }
    notes.push(note("Delays are whole ticks (100 ns). Not run here (no .NET): transcribed from RetryHelper.cs.",
      "Gecikmeler tam tick'tir (100 ns). Burada çalıştırılmadı (.NET yok): RetryHelper.cs'ten aktarıldı."));
    var lines = "        BackoffType = DelayBackoffType.Exponential,\n        UseJitter = true,\n        Delay = " +
      timespan(base) + ",\n";
    var config = [["BackoffType", "DelayBackoffType.Exponential"], ["UseJitter", true],
      ["Delay", timespan(base)]];
    if (max !== null) {
      lines += "        MaxDelay = " + timespan(max) + ",\n";
      config.push(["MaxDelay", timespan(max)]);
    }
    config.push(["MaxRetryAttempts", p.attempts]);
    var code = "using Polly;\n" +
      "using Polly.Retry;\n" +
      "\n" +
      "var pipeline = new ResiliencePipelineBuilder()\n" +
      "    .AddRetry(new RetryStrategyOptions\n" +
      "    {\n" +
      lines +
      "        MaxRetryAttempts = " + p.attempts + ",\n" +
      "    })\n" +
      "    .Build();\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "csharp", code: code },
      formula: {
        retries: p.attempts,
        delays: function (units) {
          var out = [];
          var prev = 0;
          for (var a = 0; a < units.length; a++) {
            var next = curve(a + units[a]);
            out.push(ticks(next - prev) / 1e4);
            prev = next;
          }
          return out;
        },
        range: function (k) {
          var low = k === 0 ? 0 : curve(k - 1);
          return [0, ticks(curve(k + 1) - low) / 1e4];
        },
        mean: function () { return null; },
      },
    };
  }

  function resilience4j(p) {
    var R = 0.5;
    var initial = Math.max(Math.floor(p.base_ms), 1);
    var max = p.cap_ms === null ? null : Math.max(Math.floor(p.cap_ms), 1);
    var cap = max === null ? Infinity : max;
    var intervals = [];
    var i = initial;
    for (var k = 0; k < p.attempts; k++) {
      if (k > 0) i = Math.min(Math.trunc(i * p.factor), TWO_63);
      intervals.push(i);
    }
    var span = function (i) {
      var delta = R * i;
      var lo = i - delta;
      var hi = i + delta;
      return [lo, hi - lo + 1];
    };
    var delay = function (i, u) {
      var s = span(i);
      return Math.min(Math.min(Math.trunc(Math.max(s[0] + u * s[1], 1)), TWO_63), cap);
    };
    var calls = p.attempts + 1;
    var notes = [note(
      "Everything is whole milliseconds: the interval is truncated at every step, the randomized delay (±50 %, RandomizationFactor 0.5) is truncated too, and never below 1 ms.",
      "Her şey tam milisaniyedir: aralık her adımda aşağı yuvarlanır, rastgeleleştirilmiş gecikme (±%50, RandomizationFactor 0,5) de öyle ve hiçbir zaman 1 ms'nin altına inmez.")];
    if (p.base_ms !== initial || (p.cap_ms !== null && p.cap_ms !== max)) {
      notes.push(note(
        "resilience4j takes whole milliseconds (Duration.toMillis truncates, and 0 is refused): the first wait becomes " + dur(initial, "en") + (max !== null ? " and the cap " + dur(max, "en") : "") + ".",
        "resilience4j tam milisaniye alır (Duration.toMillis aşağı yuvarlar, 0 kabul edilmez): ilk bekleme " + dur(initial, "tr") + (max !== null ? ", üst sınır " + dur(max, "tr") : "") + " olur."));
    }
    if (max !== null) {
      var flat = -1;
      for (var f = 0; f < intervals.length; f++) {
        if (Math.trunc(Math.max(span(intervals[f])[0], 1)) >= max) { flat = f; break; }
      }
      var en = "maxIntervalMillis cuts each delay after the jitter, but the interval itself keeps growing";
      var tr = "maxIntervalMillis her gecikmeyi sapmadan sonra keser, ama aralığın kendisi büyümeye devam eder";
      if (flat >= 0) {
        en += ": from retry " + (flat + 1) + " on every delay is exactly " + dur(max, "en") + ", the jitter is gone.";
        tr += ": " + (flat + 1) + ". yeniden denemeden başlayarak her gecikme tam " + dur(max, "tr") + " olur, sapma kaybolur.";
      } else {
        en += ": once half the interval passes the cap, every delay is the cap.";
        tr += ": aralığın yarısı üst sınırı geçince her gecikme üst sınır olur.";
      }
      notes.push(note(en, tr));
    }
    notes.push(note(
      "maxAttempts counts the first call: " + calls + " calls make " + p.attempts + " retries.",
      "maxAttempts ilk çağrıyı da sayar: " + calls + " çağrı " + p.attempts + " yeniden deneme eder."));
    var args = max !== null ?
      javaLong(initial) + ", " + floatLit(p.factor) + ", 0.5, " + javaLong(max) :
      javaLong(initial) + ", " + floatLit(p.factor) + ", 0.5";
    var code = "import io.github.resilience4j.core.IntervalFunction;\n" +
      "import io.github.resilience4j.retry.Retry;\n" +
      "import io.github.resilience4j.retry.RetryConfig;\n" +
      "\n" +
      "RetryConfig config = RetryConfig.custom()\n" +
      "    .maxAttempts(" + calls + ")\n" +
      "    .intervalFunction(IntervalFunction.ofExponentialRandomBackoff(" + args + "))\n" +
      "    .build();\n" +
      "Retry retry = Retry.of(\"backend\", config);\n";
    var config = [["maxAttempts", calls], ["initialIntervalMillis", initial], ["multiplier", p.factor],
      ["randomizationFactor", R]];
    if (max !== null) config.push(["maxIntervalMillis", max]);
    return {
      config: config,
      notes: notes,
      snippet: { language: "java", code: code },
      formula: {
        retries: intervals.length,
        delays: function (units) {
          return intervals.map(function (i, k) { return delay(i, units[k]); });
        },
        range: function (k) { return [delay(intervals[k], 0), delay(intervals[k], U_MAX)]; },
        mean: function (k) {
          var s = span(intervals[k]);
          var belowOne = Math.min(Math.max((1 - s[0]) / s[1], 0), 1);
          return meanMinFloor(s[0], s[0] + s[1], cap) + belowOne;
        },
      },
    };
  }

  var PLANS = [grpc, awsSdk, tenacity, pythonBackoff, cenkalti, pRetry, exponentialBackoff, backon,
    polly, resilience4j];
  var VERSIONS = ["1.83.1", "1.44.8", "9.1.4", "2.2.1", "4.1.3", "7.0.0", "3.1.2", "1.5.2", "8.7.0", "2.4.0"];
  var SOURCES = [
    "https://github.com/grpc/grpc-go/blob/v1.83.1/stream.go",
    "https://github.com/boto/botocore/blob/1.44.8/botocore/retries/standard.py",
    "https://github.com/jd/tenacity/blob/9.1.4/tenacity/wait.py",
    "https://github.com/litl/backoff/blob/v2.2.1/backoff/_wait_gen.py",
    "https://github.com/cenkalti/backoff/blob/v4.1.3/exponential.go",
    "https://github.com/sindresorhus/p-retry/blob/v7.0.0/index.js",
    "https://github.com/coveooss/exponential-backoff/blob/v3.1.2/src/delay/delay.base.ts",
    "https://github.com/Xuanwo/backon/blob/v1.5.2/backon/src/backoff/exponential.rs",
    "https://github.com/App-vNext/Polly/blob/8.7.0/src/Polly.Core/Retry/RetryHelper.cs",
    "https://github.com/resilience4j/resilience4j/blob/v2.4.0/resilience4j-core/src/main/java/io/github/resilience4j/core/IntervalFunction.java",
  ];

  // ---------------------------------------------------------------------------------------
  // Draws and the model document.

  function seedOf(p) {
    return p.seed === undefined ? BigInt(7) : BigInt(p.seed);
  }

  function streamOf(index, client) {
    return (BigInt(16 + index) << BigInt(32)) + BigInt(client);
  }

  function draws(index, seed, client, n) {
    var g = B.chacha8(seed, streamOf(index, client));
    var out = new Array(n);
    for (var i = 0; i < n; i++) out[i] = g.nextUnit();
    return out;
  }

  function simulatedMean(index, seed, f) {
    var total = 0;
    for (var c = 0; c < SIMULATED_CLIENTS; c++) {
      var delays = f.delays(draws(index, seed, c, f.retries));
      var t = 0;
      for (var k = 0; k < delays.length; k++) t += delays[k];
      total += t;
    }
    return total / SIMULATED_CLIENTS;
  }

  /** The normalized numbers: {base_ms, factor, cap_ms (null for none), attempts, seed}. */
  function inputOf(params) {
    return {
      base_ms: params.base_ms,
      factor: params.factor === undefined ? 2 : params.factor,
      cap_ms: params.cap_ms === undefined ? null : params.cap_ms,
      attempts: params.attempts,
      seed: seedOf(params),
    };
  }

  /** One library's model as `sade calc --json` writes it. */
  function model(id, params) {
    var index = IDS.indexOf(id);
    if (index < 0) throw new RangeError("unknown library `" + id + "`; use " + IDS.join(", "));
    var p = inputOf(params);
    var plan = PLANS[index](p);
    var f = plan.formula;
    var sample = f.delays(draws(index, p.seed, 0, f.retries));
    var rows = [];
    var best = 0, worst = 0;
    for (var k = 0; k < f.retries; k++) {
      var r = f.range(k);
      rows.push({ attempt: k + 1, min_ms: r[0], max_ms: r[1], sample_ms: sample[k] });
      best += r[0];
      worst += r[1];
    }
    var mean = 0, estimate = false;
    for (k = 0; k < f.retries; k++) {
      var m = f.mean(k);
      if (m === null) {
        estimate = true;
        break;
      }
      mean += m;
    }
    if (estimate) mean = simulatedMean(index, p.seed, f);
    var config = {};
    plan.config.forEach(function (kv) { config[kv[0]] = kv[1]; });
    return {
      name: id,
      version: VERSIONS[index],
      source: SOURCES[index],
      config: config,
      notes: plan.notes.map(function (n) { return n.en; }),
      notes_tr: plan.notes.map(function (n) { return n.tr; }),
      rows: rows,
      totals: { best_ms: best, worst_ms: worst, mean_ms: mean, mean_is_estimate: estimate },
      snippet: plan.snippet,
    };
  }

  /** `all`, an id, a comma list or an array of ids → ids, in order, without repeats. */
  function idsOf(which) {
    if (which === undefined || which === "all") return IDS.slice();
    var list = Array.isArray(which) ? which : String(which).split(",");
    var out = [];
    list.forEach(function (id) {
      id = String(id).trim();
      if (IDS.indexOf(id) < 0) throw new RangeError("unknown library `" + id + "`; use all, or a comma list of " + IDS.join(", "));
      if (out.indexOf(id) < 0) out.push(id);
    });
    return out;
  }

  /** The models of `which` for `params` ({base_ms, factor, cap_ms, attempts, seed}). */
  function models(params, which) {
    return idsOf(which).map(function (id) { return model(id, params); });
  }

  return Object.freeze({
    ids: Object.freeze(IDS.slice()),
    label: function (id) { return LABELS[IDS.indexOf(id)]; },
    model: model,
    models: models,
  });
});
