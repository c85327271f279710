/*!
 * sade — retry-library models for the browser (SPEC §6).
 *
 * What seventeen real retry libraries do with the calculator's base, factor, cap and attempts: the
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
    "exponential-backoff", "backon", "polly", "resilience4j", "urllib3", "google-api-core",
    "stamina", "got", "axios-retry", "go-retryablehttp", "grpc-core"];
  var LABELS = ["gRPC", "AWS SDKs", "tenacity", "backoff (Python)", "cenkalti/backoff", "p-retry",
    "exponential-backoff", "backon", "Polly", "resilience4j", "urllib3 (requests)",
    "Google Cloud (Python)", "stamina", "got", "axios-retry", "go-retryablehttp", "gRPC C-core"];
  // The pickers' groups (src/libraries/library.rs): HTTP clients, cloud SDKs, RPC, general.
  var GROUPS = ["rpc", "cloud", "general", "general", "general", "general", "general", "general",
    "general", "general", "http", "cloud", "general", "http", "http", "http", "rpc"];
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

  /** A service config's retryPolicy (grpc-go and the C core read the same). */
  function retryPolicy(maxAttempts, initial, max, factor) {
    return [["maxAttempts", maxAttempts], ["initialBackoff", initial], ["maxBackoff", max],
      ["backoffMultiplier", factor], ["retryableStatusCodes", ["UNAVAILABLE"]]];
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
      config: retryPolicy(maxAttempts, initialS, maxS, p.factor),
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
    polly, resilience4j, urllib3, googleApiCore, stamina, got, axiosRetry, goRetryablehttp, grpcCore];
  var VERSIONS = ["1.83.1", "1.44.8", "9.1.4", "2.2.1", "4.1.3", "7.0.0", "3.1.2", "1.5.2", "8.7.0", "2.4.0",
    "2.8.0", "2.44.0", "26.1.0", "14.6.6", "4.5.0", "0.7.1", "1.85.3"];
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
    "https://github.com/urllib3/urllib3/blob/2.8.0/src/urllib3/util/retry.py",
    "https://github.com/googleapis/python-api-core/blob/v2.44.0/google/api_core/retry/retry_base.py",
    "https://github.com/hynek/stamina/blob/26.1.0/src/stamina/_core.py",
    "https://github.com/sindresorhus/got/blob/v14.6.6/source/core/calculate-retry-delay.ts",
    "https://github.com/softonic/axios-retry/blob/v4.5.0/src/index.ts",
    "https://github.com/hashicorp/go-retryablehttp/blob/v0.7.1/client.go",
    "https://github.com/grpc/grpc/blob/v1.85.3/src/core/util/backoff.cc",
  ];

  // ---------------------------------------------------------------------------------------
  // HTTP clients, Google's cloud clients, stamina and gRPC's C core (src/libraries/urllib3.rs,
  // google_api_core.rs, stamina.rs, got.rs, axios_retry.rs, go_retryablehttp.rs, grpc_core.rs).

  function fixed(waits) {
    return {
      retries: waits.length,
      delays: function () { return waits.slice(); },
      range: function (k) { return [waits[k], waits[k]]; },
      mean: function (k) { return waits[k]; },
    };
  }

  function fixedFactor(factor) {
    if (factor === 2) return null;
    return note("The factor is fixed at 2: your factor, " + B.formatNumber(factor, 6, "en") + ", is not used.",
      "Katsayı 2'ye sabittir: sizin katsayınız (" + B.formatNumber(factor, 6, "tr") + ") kullanılmaz.");
  }

  function push(notes, n) {
    if (n) notes.push(n);
  }

  function urllib3(p) {
    var DEFAULT_MAX = 120000;
    var max = p.cap_ms === null ? DEFAULT_MAX : p.cap_ms;
    var waits = [];
    var d = p.base_ms;
    for (var k = 0; k < p.attempts; k++) {
      if (k === 0) {
        waits.push(0);
      } else {
        d *= 2;
        waits.push(Math.min(d, max));
      }
    }
    var config = [["total", p.attempts], ["backoff_factor", p.base_ms / 1000]];
    var args = "    total=" + p.attempts + ",\n    backoff_factor=" + secs(p.base_ms) + ",\n";
    if (p.cap_ms !== null) {
      config.push(["backoff_max", p.cap_ms / 1000]);
      args += "    backoff_max=" + secs(p.cap_ms) + ",\n";
    }
    config.push(["status_forcelist", [429, 500, 502, 503, 504]]);
    var notes = [note("The first retry does not wait: urllib3 starts backing off from the second, which waits backoff_factor × 2 (" + dur(p.base_ms * 2, "en") + "); each later one doubles.",
      "İlk yeniden deneme beklemez: urllib3 beklemeye ikinciden başlar, o da backoff_factor × 2 (" + dur(p.base_ms * 2, "tr") + ") bekler; sonrakilerin her biri ikiye katlanır.")];
    push(notes, fixedFactor(p.factor));
    notes.push(note("No jitter unless backoff_jitter is set (it adds a random 0 to backoff_jitter seconds before backoff_max applies): every client that failed together retries together.",
      "backoff_jitter verilmedikçe sapma yoktur (verilirse backoff_max'tan önce 0 ile backoff_jitter saniye arası rastgele bir süre ekler): birlikte hata alan istemciler birlikte yeniden dener."));
    if (p.cap_ms === null) {
      var first = waits.findIndex(function (w) { return w >= DEFAULT_MAX; });
      if (first >= 0) {
        var maxEn = dur(DEFAULT_MAX, "en"), maxTr = dur(DEFAULT_MAX, "tr");
        notes.push(note("backoff_max is " + maxEn + " unless set: from retry " + (first + 1) + " on, every wait is " + maxEn + ".",
          "backoff_max verilmezse " + maxTr + ": " + (first + 1) + ". yeniden denemeden itibaren her bekleme " + maxTr + "."));
      }
    }
    notes.push(note("requests does not retry unless a Retry is mounted on its HTTPAdapter. A Retry-After header on a 413, 429 or 503 response replaces the wait; statuses are retried only if listed in status_forcelist, and POST only if allowed_methods says so.",
      "requests, HTTPAdapter'ına bir Retry takılmadıkça yeniden denemez. 413, 429 ya da 503 yanıtındaki Retry-After başlığı beklemenin yerine geçer; durum kodları yalnızca status_forcelist'teyse, POST da yalnızca allowed_methods izin verirse yeniden denenir."));
    var code = "import requests\n" +
      "from requests.adapters import HTTPAdapter\n" +
      "from urllib3.util import Retry\n" +
      "\n" +
      "retry = Retry(\n" +
      args + "    status_forcelist=[429, 500, 502, 503, 504],\n" +
      ")\n" +
      "session = requests.Session()\n" +
      "session.mount(\"https://\", HTTPAdapter(max_retries=retry))\n" +
      "session.mount(\"http://\", HTTPAdapter(max_retries=retry))\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "python", code: code },
      formula: fixed(waits),
    };
  }

  function googleApiCore(p) {
    var top = growth(p.base_ms, p.factor, p.cap_ms, p.attempts);
    var maximum = p.cap_ms !== null ? p.cap_ms : top.length ? top[top.length - 1] : p.base_ms;
    var timeout = 0;
    top.forEach(function (t) { timeout += t; });
    var config = [["initial", p.base_ms / 1000], ["maximum", maximum / 1000], ["multiplier", p.factor],
      ["timeout", timeout / 1000]];
    var notes = [
      note("Full jitter: retry n sleeps a random time between 0 and min(initial × multiplier^(n−1), maximum) seconds, so any retry may come at once.",
        "Tam sapma (full jitter): n. yeniden deneme 0 ile min(initial × multiplier^(n−1), maximum) saniye arasında rastgele uyur, yani her yeniden deneme hemen gelebilir."),
      note("No count of attempts: Retry retries until the next sleep would pass timeout (120 s by default), counted from the first call. timeout = " + dur(timeout, "en") + " is the longest total wait of " + p.attempts + " retries: slower calls leave room for fewer, quick failures for more.",
        "Deneme sayısı yoktur: Retry, bir sonraki uyku timeout'u (varsayılan 120 sn) aşana dek yeniden dener; süre ilk çağrıdan sayılır. timeout = " + dur(timeout, "tr") + ", " + p.attempts + " yeniden denemenin en uzun toplam beklemesidir: yavaş çağrılar daha azına, hızlı hatalar daha fazlasına yer bırakır."),
    ];
    if (p.cap_ms === null) {
      notes.push(note("maximum is 60 s unless set; with no cap it is set to the last retry's value (" + dur(maximum, "en") + "), so it never shortens a sleep.",
        "maximum verilmezse 60 sn'dir; üst sınır olmadığında son yeniden denemenin değeri (" + dur(maximum, "tr") + ") verilir, böylece hiçbir uykuyu kısaltmaz."));
    }
    notes.push(note("Only errors the predicate accepts are retried; the default, if_transient_error, takes 429, 500, 502, 503 and 504 and connection errors.",
      "Yalnızca predicate'in kabul ettiği hatalar yeniden denenir; varsayılan if_transient_error 429, 500, 502, 503, 504 ve bağlantı hatalarını alır."));
    var code = "from google.api_core import retry\n" +
      "\n" +
      "policy = retry.Retry(\n" +
      "    initial=" + secs(p.base_ms) + ",\n" +
      "    maximum=" + secs(maximum) + ",\n" +
      "    multiplier=" + num(p.factor) + ",\n" +
      "    timeout=" + secs(timeout) + ",\n" +
      ")\n" +
      "\n\n" +
      "@policy\n" +
      "def call():\n" +
      "    ...  # your request here\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "python", code: code },
      formula: fullJitter(top),
    };
  }

  function stamina(p) {
    var JITTER = 1000;
    var grow = growth(p.base_ms, p.factor, null, p.attempts);
    var last = grow.length ? grow[grow.length - 1] : p.base_ms;
    var max = p.cap_ms === null ? last + JITTER : p.cap_ms;
    var attempts = p.attempts + 1;
    var formula = {
      retries: grow.length,
      delays: function (units) {
        return grow.map(function (g, k) { return Math.min(max, g + units[k] * JITTER); });
      },
      range: function (k) { return [Math.min(max, grow[k]), Math.min(max, grow[k] + JITTER)]; },
      mean: function (k) {
        var a = grow[k], b = grow[k] + JITTER, c = max;
        if (c >= b) return (a + b) / 2;
        if (c <= a) return c;
        return ((c - a) * (a + c) / 2 + (b - c) * c) / (b - a);
      },
    };
    var config = [["on", "ConnectionError"], ["attempts", attempts], ["timeout", null],
      ["wait_initial", p.base_ms / 1000], ["wait_max", max / 1000], ["wait_jitter", JITTER / 1000],
      ["wait_exp_base", p.factor]];
    var lo = Math.min(grow[0], max), hi = Math.min(grow[0] + JITTER, max);
    var notes = [
      note("stamina adds a random 0 to wait_jitter seconds to every wait, and wait_jitter is 1 s unless set, whatever the base: the first retry comes between " + dur(lo, "en") + " and " + dur(hi, "en") + ".",
        "stamina her beklemeye 0 ile wait_jitter saniye arası rastgele bir süre ekler; wait_jitter, taban ne olursa olsun, verilmezse 1 sn'dir: ilk yeniden deneme " + dur(lo, "tr") + " ile " + dur(hi, "tr") + " arasında gelir."),
      note("wait_max caps the wait after the jitter is added: capped waits are exactly wait_max, with no spread left.",
        "wait_max beklemeyi sapma eklendikten sonra sınırlar: sınıra takılan beklemeler tam wait_max olur, hiç yayılmaz."),
      note("attempts counts the first call (" + attempts + " calls make " + p.attempts + " retries); timeout, 45 s by default, is switched off here so that the count decides.",
        "attempts ilk çağrıyı da sayar (" + attempts + " çağrı " + p.attempts + " yeniden deneme eder); varsayılanı 45 sn olan timeout, sayı belirlesin diye burada kapatılır."),
    ];
    if (p.cap_ms === null) {
      notes.push(note("wait_max is 5 s unless set; with no cap it is set to the last retry's wait with its jitter (" + dur(max, "en") + "), so it never binds.",
        "wait_max verilmezse 5 sn'dir; üst sınır olmadığında son yeniden denemenin sapmalı beklemesi (" + dur(max, "tr") + ") verilir, böylece hiç devreye girmez."));
    }
    var code = "import stamina\n" +
      "\n\n" +
      "@stamina.retry(\n" +
      "    on=ConnectionError,\n" +
      "    attempts=" + attempts + ",\n" +
      "    timeout=None,\n" +
      "    wait_initial=" + secs(p.base_ms) + ",\n" +
      "    wait_max=" + secs(max) + ",\n" +
      "    wait_jitter=" + secs(JITTER) + ",\n" +
      "    wait_exp_base=" + num(p.factor) + ",\n" +
      ")\n" +
      "def call():\n" +
      "    ...  # your request here\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "python", code: code },
      formula: formula,
    };
  }

  function plus(start, spread) {
    return {
      retries: start.length,
      delays: function (units) {
        return start.map(function (d, k) { return d + spread[k] * units[k]; });
      },
      range: function (k) { return [start[k], start[k] + spread[k]]; },
      mean: function (k) { return start[k] + spread[k] / 2; },
    };
  }

  function got(p) {
    var BASE = 1000, NOISE = 100;
    var start = growth(BASE, 2, p.cap_ms, p.attempts);
    var spread = start.map(function () { return NOISE; });
    var config = [["limit", p.attempts]];
    var options = "    limit: " + p.attempts + ",\n";
    if (p.cap_ms !== null) {
      config.push(["backoffLimit", p.cap_ms]);
      options += "    backoffLimit: " + num(p.cap_ms) + ",\n";
    }
    config.push(["noise", NOISE]);
    options += "    noise: " + num(NOISE) + ",\n";
    var notes = [];
    if (p.base_ms !== BASE) {
      notes.push(note("got's first wait is fixed at 1 s: your base, " + dur(p.base_ms, "en") + ", cannot be set (only a calculateDelay function of your own changes it).",
        "got'un ilk beklemesi 1 sn'ye sabittir: tabanınız (" + dur(p.base_ms, "tr") + ") ayarlanamaz (yalnızca kendi calculateDelay işleviniz değiştirir)."));
    }
    push(notes, fixedFactor(p.factor));
    notes.push(note("noise adds a random 0 to 100 ms after backoffLimit: a wait can pass backoffLimit by up to 100 ms.",
      "noise, backoffLimit'ten sonra 0 ile 100 ms arası rastgele bir süre ekler: bir bekleme backoffLimit'i 100 ms'ye kadar aşabilir."));
    notes.push(note("limit is 2 unless set; only GET, PUT, HEAD, DELETE, OPTIONS and TRACE are retried by default, and a Retry-After header on a 413, 429 or 503 response replaces the wait.",
      "limit verilmezse 2'dir; varsayılan olarak yalnızca GET, PUT, HEAD, DELETE, OPTIONS ve TRACE yeniden denenir; 413, 429 ya da 503 yanıtındaki Retry-After başlığı beklemenin yerine geçer."));
    push(notes, timerNote(start.map(function (d) { return d + NOISE; })));
    var code = "import got from \"got\";\n" +
      "\n" +
      "const client = got.extend({\n" +
      "  retry: {\n" +
      options + "  },\n" +
      "});\n" +
      "\n" +
      "const response = await client(\"https://example.com/\");\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "javascript", code: code },
      formula: plus(start, spread),
    };
  }

  function axiosRetry(p) {
    var delayFactor = p.base_ms / 2;
    var start = growth(p.base_ms, 2, null, p.attempts);
    var spread = start.map(function (d) { return d * 0.2; });
    var config = [["retries", p.attempts], ["retryDelay", "exponentialDelay"], ["delayFactor", delayFactor]];
    var notes = [note("exponentialDelay waits delayFactor × 2^n on retry n, plus a random 0 to 20 %: retry 1 already waits 2 × delayFactor, so delayFactor is half your base (" + dur(delayFactor, "en") + ").",
      "exponentialDelay n. yeniden denemede delayFactor × 2^n ve üstüne rastgele %0 ile %20 arası bekler: 1. yeniden deneme zaten 2 × delayFactor bekler, bu yüzden delayFactor tabanınızın yarısıdır (" + dur(delayFactor, "tr") + ").")];
    push(notes, fixedFactor(p.factor));
    if (p.cap_ms !== null) {
      notes.push(note("exponentialDelay has no cap: your cap is not used (only a retryDelay function of your own can cap the wait).",
        "exponentialDelay'in üst sınırı yoktur: üst sınırınız kullanılmaz (beklemeyi yalnızca kendi retryDelay işleviniz sınırlayabilir)."));
    }
    notes.push(note("axios-retry does not wait at all unless retryDelay is set (its default is noDelay) and makes 3 retries unless told; a Retry-After header raises the wait before the 20 % is added. By default only network errors and 5xx responses to idempotent requests are retried.",
      "axios-retry, retryDelay verilmedikçe hiç beklemez (varsayılanı noDelay'dir) ve söylenmedikçe 3 kez yeniden dener; Retry-After başlığı %20 eklenmeden önce beklemeyi uzatır. Varsayılan olarak yalnızca ağ hataları ve idempotent isteklere gelen 5xx yanıtları yeniden denenir."));
    push(notes, timerNote(start.map(function (d) { return d * 1.2; })));
    var code = "import axios from \"axios\";\n" +
      "import axiosRetry from \"axios-retry\";\n" +
      "\n" +
      "axiosRetry(axios, {\n" +
      "  retries: " + p.attempts + ",\n" +
      "  retryDelay: (retryCount, error) =>\n" +
      "    axiosRetry.exponentialDelay(retryCount, error, " + num(delayFactor) + "),\n" +
      "});\n" +
      "\n" +
      "const response = await axios.get(\"https://example.com/\");\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "javascript", code: code },
      formula: plus(start, spread),
    };
  }

  function goRetryablehttp(p) {
    var DURATION_END = 9223372036854775808;
    var DURATION_MAX = 9223372036854774784;
    var min = toNs(p.base_ms);
    var raw = growth(min, 2, null, p.attempts);
    var max = p.cap_ms !== null ? toNs(p.cap_ms) :
      Math.min(raw.length ? raw[raw.length - 1] : min, DURATION_MAX);
    var waits = raw.map(function (m) { return (m >= DURATION_END || m > max ? max : m) / 1e6; });
    var config = [["RetryWaitMin", goDuration(min)], ["RetryWaitMax", goDuration(max)],
      ["RetryMax", p.attempts], ["Backoff", "retryablehttp.DefaultBackoff"]];
    var notes = [note("DefaultBackoff has no jitter: every client that failed together retries together.",
      "DefaultBackoff'ta sapma yoktur: birlikte hata alan istemciler birlikte yeniden dener.")];
    push(notes, fixedFactor(p.factor));
    if (p.cap_ms === null) {
      notes.push(note("RetryWaitMax is 30 s unless set; with no cap it is set to the last retry's value (" + dur(max / 1e6, "en") + "), so it never shortens a wait.",
        "RetryWaitMax verilmezse 30 sn'dir; üst sınır olmadığında son yeniden denemenin değeri (" + dur(max / 1e6, "tr") + ") verilir, böylece hiçbir beklemeyi kısaltmaz."));
    }
    notes.push(note("LinearJitterBackoff, the package's other backoff, grows linearly, not exponentially: retry n waits n × a random time between RetryWaitMin and RetryWaitMax, drawn from a generator seeded with the clock's nanoseconds at each call.",
      "Paketin diğer beklemesi LinearJitterBackoff üstel değil doğrusal büyür: n. yeniden deneme n × (RetryWaitMin ile RetryWaitMax arası rastgele bir süre) bekler; sayı, her çağrıda saatin nanosaniyeleriyle tohumlanan bir üreteçten çekilir."));
    notes.push(note("A Retry-After header on a 429 or 503 response, in whole seconds, replaces the wait, even past RetryWaitMax.",
      "429 ya da 503 yanıtındaki Retry-After başlığı (tam saniye) beklemenin yerine geçer, RetryWaitMax'ı aşsa bile."));
    var code = "client := retryablehttp.NewClient()\n" +
      "client.RetryWaitMin = " + goDuration(min) + "\n" +
      "client.RetryWaitMax = " + goDuration(max) + "\n" +
      "client.RetryMax = " + p.attempts + "\n" +
      "client.Backoff = retryablehttp.DefaultBackoff\n" +
      "\n" +
      "resp, err := client.Get(\"https://example.com/\")\n";
    return {
      config: config,
      notes: notes,
      snippet: { language: "go", code: code },
      formula: fixed(waits),
    };
  }

  function coreTimes(ms, x) {
    return Math.trunc(ms * x / 1000 * 1000);
  }

  function coreCurrents(initial, factor, max, retries) {
    var out = [];
    var c = initial;
    for (var k = 0; k < retries; k++) {
      if (k > 0) c = coreTimes(c, factor);
      c = Math.min(c, max);
      out.push(c);
    }
    return out;
  }

  function grpcCore(p) {
    var MAX_RETRIES = 4;
    var retries = Math.min(p.attempts, MAX_RETRIES);
    var whole = function (ms) { return Math.max(roundHalfUp(ms), 1); };
    var initial = whole(p.base_ms);
    var max = p.cap_ms !== null ? whole(p.cap_ms) : coreCurrents(initial, p.factor, Infinity, retries)[retries - 1];
    var cur = coreCurrents(initial, p.factor, max, retries);
    var maxAttempts = retries + 1;
    var delay = function (c, u) { return coreTimes(c, 0.8 + 0.4 * u); };
    var notes = [note("The C core multiplies each delay by a random factor between 0.8 and 1.2, after maxBackoff: a delay can be up to 20 % longer than maxBackoff.",
      "C çekirdeği her gecikmeyi maxBackoff'tan sonra 0,8 ile 1,2 arasında rastgele bir katsayıyla çarpar: bir gecikme maxBackoff'u %20'ye kadar aşabilir.")];
    if (p.attempts > MAX_RETRIES) {
      notes.push(note("The C core retries at most 4 times: maxAttempts counts the first call and anything above 5 is clamped to 5. " + notMadeEn(MAX_RETRIES + 1, p.attempts),
        "C çekirdeği en fazla 4 kez yeniden dener: maxAttempts ilk çağrıyı da sayar ve 5'ten büyük değerler 5'e indirilir. " + notMadeTr(MAX_RETRIES + 1, p.attempts)));
    }
    notes.push(note("Durations are whole milliseconds: the service config is read down to the millisecond, and each step of the growth and each delay are cut to whole milliseconds.",
      "Süreler tam milisaniyedir: hizmet yapılandırması milisaniyeye kadar okunur; büyümenin her adımı ve her gecikme tam milisaniyeye kesilir."));
    if (p.cap_ms === null) {
      notes.push(note("The service config requires maxBackoff; with no cap it is set to the last retry's value (" + dur(max, "en") + "), so it never shortens a delay.",
        "Hizmet yapılandırması maxBackoff ister; üst sınır olmadığında son yeniden denemenin değeri (" + dur(max, "tr") + ") verilir, böylece hiçbir gecikmeyi kısaltmaz."));
    }
    notes.push(note("Retries need grpc.enable_retries (on by default); only retryableStatusCodes are retried, a server's grpc-retry-pushback-ms replaces the delay and restarts the growth, and retryThrottling, if configured, can stop retries.",
      "Yeniden denemeler grpc.enable_retries ister (varsayılan olarak açık); yalnızca retryableStatusCodes yeniden denenir, sunucunun grpc-retry-pushback-ms değeri gecikmenin yerine geçer ve büyümeyi baştan başlatır; yapılandırılmışsa retryThrottling yeniden denemeleri durdurabilir."));
    var initialS = grpcDuration(initial * 1e6), maxS = grpcDuration(max * 1e6);
    var code = "import json\n" +
      "\n" +
      "import grpc\n" +
      "\n" +
      "service_config = json.dumps({\n" +
      "    \"methodConfig\": [{\n" +
      "        \"name\": [{\"service\": \"example.Service\"}],\n" +
      "        \"retryPolicy\": {\n" +
      "            \"maxAttempts\": " + maxAttempts + ",\n" +
      "            \"initialBackoff\": \"" + initialS + "\",\n" +
      "            \"maxBackoff\": \"" + maxS + "\",\n" +
      "            \"backoffMultiplier\": " + num(p.factor) + ",\n" +
      "            \"retryableStatusCodes\": [\"UNAVAILABLE\"],\n" +
      "        },\n" +
      "    }],\n" +
      "})\n" +
      "channel = grpc.insecure_channel(\n" +
      "    \"localhost:50051\",\n" +
      "    options=[(\"grpc.service_config\", service_config)],\n" +
      ")\n";
    return {
      config: retryPolicy(maxAttempts, initialS, maxS, p.factor),
      notes: notes,
      snippet: { language: "python", code: code },
      formula: {
        retries: retries,
        delays: function (units) {
          return cur.map(function (c, k) { return delay(c, units[k]); });
        },
        range: function (k) { return [delay(cur[k], 0), delay(cur[k], U_MAX)]; },
        mean: function (k) { return meanFloor(cur[k] * 0.8, cur[k] * 1.2); },
      },
    };
  }

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

  /**
   * `libraries::herd`: `clients` clients of each library in `ids` fail at t = 0 and retry as
   * its model says, client c with its own draws; their retries counted on the charts' axis
   * (SadeBackoff.timeline, to the longest worst-case total) and in the fleet's windows.
   * {clients, horizon_ms, timeline_ms (the edges), lines: [{name, retries, counts, peak_share}]}.
   */
  function herd(params, ids, clients) {
    var p = inputOf(params);
    var plans = ids.map(function (id) {
      var index = IDS.indexOf(id);
      if (index < 0) throw new RangeError("unknown library `" + id + "`");
      return { id: id, index: index, f: PLANS[index](p).formula };
    });
    var horizon = 0;
    plans.forEach(function (pl) {
      var worst = 0;
      for (var k = 0; k < pl.f.retries; k++) worst += pl.f.range(k)[1];
      horizon = Math.max(horizon, worst);
    });
    var edges = B.timeline.edges(p.base_ms, horizon);
    var bins = B.constants.fleetBins, per = B.constants.peakWindowsPerBin;
    var windows = bins * per;
    var width = horizon / bins / per;
    // Each client's draws as `draws` makes them, without a generator each: the key once, then
    // the client's stream block by block (stream (16 + index)·2³² + client).
    var key = B.engine.seedKey(p.seed);
    var buf = new Uint32Array(16);
    var lines = plans.map(function (pl) {
      var counts = new Array(edges.length - 1).fill(0);
      var perWindow = new Uint32Array(windows);
      var units = new Array(pl.f.retries);
      for (var c = 0; c < clients; c++) {
        B.engine.fillUnits(key, c, 16 + pl.index, pl.f.retries, units, buf);
        var delays = pl.f.delays(units);
        var t = 0;
        for (var k = 0; k < delays.length; k++) {
          t += delays[k];
          counts[B.timeline.index(edges, t)]++;
          // Rust's `(t / window).clamp(0, windows - 1) as usize`.
          var w = width > 0 ? Math.floor(t / width) : 0;
          perWindow[w < windows - 1 ? w : windows - 1]++;
        }
      }
      var peak = 0;
      for (var i = 0; i < windows; i++) if (perWindow[i] > peak) peak = perWindow[i];
      var all = clients * pl.f.retries;
      return { name: pl.id, retries: pl.f.retries, counts: counts, peak_share: all > 0 ? peak / all : 0 };
    });
    return { clients: clients, horizon_ms: horizon, timeline_ms: edges, lines: lines };
  }

  /** The models of `which` for `params` ({base_ms, factor, cap_ms, attempts, seed}). */
  function models(params, which) {
    return idsOf(which).map(function (id) { return model(id, params); });
  }

  return Object.freeze({
    ids: Object.freeze(IDS.slice()),
    label: function (id) { return LABELS[IDS.indexOf(id)]; },
    group: function (id) { return GROUPS[IDS.indexOf(id)]; },
    model: model,
    models: models,
    herd: herd,
  });
});
