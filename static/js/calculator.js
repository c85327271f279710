/*!
 * sade — the backoff calculator in the browser.
 *
 * Wires every `.backoff-calculator-block` that the `backoff_calculator` shortcode renders. The
 * words, labels, limits and defaults come from the block's JSON data block
 * (`script.sade-data`, written by src/shortcode/backoff_calculator.rs); this script has none of
 * its own. On input the form is parsed (SadeBackoff, SadeOdds), and the results are re-rendered in
 * place with the same HTML as the build's:
 *
 *   tableHtml        src/shortcode/backoff_table.rs   `tables`
 *   chartHtml        src/shortcode/backoff_chart.rs   `chart_html`
 *   stripsSvg        src/shortcode/strips.rs          `svg`
 *   oddsTableHtml    src/shortcode/backoff_odds.rs    `table`
 *   outageChartHtml  src/shortcode/backoff_outage.rs  `chart_html`
 *   libraryHtml      src/shortcode/backoff_libraries.rs `render`
 *
 * The first calculator on a page keeps its inputs in the query string:
 *   base, factor, cap, attempts, jitter, seed, clients   the schedule (always written)
 *   fail, timeout, deadline, outage                      the odds (written when given)
 *   library                                              a library to compare (when chosen)
 * e.g. `?base=250ms&factor=2&cap=30s&attempts=6&jitter=all&seed=7&clients=1000&fail=30%`.
 *
 * Plain script: no framework, no inline handlers, no network. Needs /js/backoff.js,
 * /js/odds.js and /js/libraries.js first.
 */
(function () {
  "use strict";

  var B = window.SadeBackoff;
  var O = window.SadeOdds;
  var L = window.SadeLibraries;
  if (!B || !O || !L || window.SadeCalculator) return;

  var KEYS = ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"];
  var ODDS_KEYS = ["fail", "timeout", "deadline", "outage"];
  var ALL_KEYS = KEYS.concat(ODDS_KEYS, ["library"]);
  /** Above this many clients a recompute waits for `change` (blur, Enter), not every keystroke. */
  var LIVE_CLIENTS = 20000;
  var DEBOUNCE_MS = 120;

  // ---------------------------------------------------------------------------------------
  // Rust's text forms.

  var rustF64 = B.rustF64;
  var fill = B.fill;

  /**
   * Rust's `{:.N}` of an f64: the exact binary value rounded to N decimals, ties to even.
   * (toFixed breaks exact ties away from zero; 1.125 is "1.12" in Rust, "1.13" in toFixed.)
   */
  function fixed(x, decimals) {
    var text = x.toFixed(decimals);
    var exact = Math.abs(x).toFixed(100);
    var point = exact.indexOf(".");
    var tail = exact.slice(point + 1 + decimals);
    if (/^50*$/.test(tail)) {
      var kept = exact.slice(0, point + 1 + decimals).replace(/\.$/, "");
      if (Number(kept.charAt(kept.length - 1)) % 2 === 0) text = (x < 0 ? "-" : "") + kept;
    }
    return text;
  }

  /** `escape` of src/html.rs. */
  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  /** `push_data`: `<data value="VALUE">TEXT</data>`. */
  function data(value, text) {
    return "<data value=\"" + rustF64(value) + "\">" + escape(text) + "</data>";
  }

  function labelOf(d, name) {
    for (var i = 0; i < d.strategies.length; i++) {
      if (d.strategies[i].name === name) return d.strategies[i].label;
    }
    return name;
  }

  // ---------------------------------------------------------------------------------------
  // The schedule table (`tables`).

  function tableHtml(doc, params, d) {
    var lang = d.lang;
    var w = d.words.table;
    var strategies = doc.params.strategies;
    var caption = B.describeParams(params, d.words, lang);
    var jittered = strategies.some(function (s) {
      return s !== "none";
    });
    var dur = function (ms) {
      return data(ms, B.formatDuration(ms, lang));
    };
    var h = "<figure class=\"backoff\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"" +
      escape(caption) + "\">\n<table class=\"backoff-table\">\n<caption>" + escape(caption);
    if (jittered) h += "<span class=\"legend\">" + w.legend + "</span>";
    h += "</caption>\n<thead>\n<tr><th scope=\"col\">" + w.attempt + "</th><th scope=\"col\">" +
      w.delay + "</th>";
    strategies.forEach(function (s) {
      h += "<th scope=\"col\">" + labelOf(d, s) + "</th>";
    });
    h += "</tr>\n</thead>\n<tbody>\n";
    doc.rows.forEach(function (row) {
      h += "<tr><th scope=\"row\" data-label=\"" + w.attempt + "\">" + row.attempt +
        "</th><td data-label=\"" + w.delay + "\">" + dur(row.nominal_ms) + "</td>";
      strategies.forEach(function (s) {
        var c = row[s];
        h += "<td data-label=\"" + labelOf(d, s) + "\">";
        if (c.min_ms === c.max_ms) {
          h += dur(c.min_ms);
        } else {
          h += "<span class=\"range\">" + dur(c.min_ms) + " – " + dur(c.max_ms) +
            "</span><span class=\"sample\"><span class=\"vh\">" + w.sample + ": </span>" +
            dur(c.sample_ms) + "</span>";
        }
        h += "</td>";
      });
      h += "</tr>\n";
    });
    h += "</tbody>\n</table>\n</div>\n<table class=\"backoff-totals\">\n<caption>" + w.totals +
      "</caption>\n<thead>\n<tr><td></td>";
    strategies.forEach(function (s) {
      h += "<th scope=\"col\">" + labelOf(d, s) + "</th>";
    });
    h += "</tr>\n</thead>\n<tbody>\n";
    [[w.worst_total, "worst_ms"], [w.best_total, "best_ms"], [w.mean_total, "mean_ms"]].forEach(
      function (t) {
        h += "<tr><th scope=\"row\">" + t[0] + "</th>";
        strategies.forEach(function (s) {
          // Rust: `mean_is_estimate` is true for decorrelated only (a fleet average).
          var mark = t[1] === "mean_ms" && s === "decorrelated"
            ? " <small>(" + w.estimated + ")</small>" : "";
          h += "<td data-label=\"" + labelOf(d, s) + "\">" + dur(doc.totals[s][t[1]]) + mark +
            "</td>";
        });
        h += "</tr>\n";
      },
    );
    return h + "</tbody>\n</table>\n</figure>\n";
  }

  // ---------------------------------------------------------------------------------------
  // Strip charts (`strips::svg`).

  var NAME = 18;
  var BARS = 44;
  var GAP = 12;
  var STRIP = NAME + BARS + GAP;
  var AXIS = 30;

  function percent(x) {
    return fixed(x * 100, 2) + "%";
  }

  /** strips: [{class, label, note, counts}], ticks: [{at, label, major}], band: [from, to]. */
  function stripsSvg(title, strips, ticks, band) {
    var tallest = 0;
    strips.forEach(function (strip) {
      strip.counts.forEach(function (c) {
        if (c > tallest) tallest = c;
      });
    });
    tallest = Math.max(tallest, 1);
    var height = strips.length * STRIP + AXIS;
    var s = "<svg class=\"strips\" width=\"100%\" height=\"" + height +
      "\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>" + escape(title) +
      "</title>\n";
    if (band) {
      s += "<rect class=\"band\" x=\"" + percent(band[0]) + "\" y=\"0\" width=\"" +
        percent(band[1] - band[0]) + "\" height=\"" + strips.length * STRIP + "\"/>\n";
    }
    strips.forEach(function (strip, row) {
      var top = row * STRIP;
      var bins = Math.max(strip.counts.length, 1);
      s += "<g class=\"strip bar-" + strip["class"] + "\">\n<text class=\"name\" x=\"0\" y=\"" +
        (top + 14) + "\">" + escape(strip.label) +
        "</text>\n<text class=\"note\" x=\"100%\" y=\"" + (top + 14) +
        "\" text-anchor=\"end\">" + escape(strip.note) + "</text>\n<svg x=\"0\" y=\"" +
        (top + NAME) + "\" width=\"100%\" height=\"" + BARS + "\" viewBox=\"0 0 " + bins +
        " 100\" preserveAspectRatio=\"none\">\n";
      strip.counts.forEach(function (count, i) {
        if (count === 0) return;
        var h = Math.max(count / tallest * 100, 2);
        s += "<rect x=\"" + i + "\" y=\"" + fixed(100 - h, 2) + "\" width=\"1\" height=\"" +
          fixed(h, 2) + "\"/>\n";
      });
      var base = top + NAME + BARS;
      s += "</svg>\n<line class=\"base\" x1=\"0\" y1=\"" + base + "\" x2=\"100%\" y2=\"" + base +
        "\"/>\n</g>\n";
    });
    var y = strips.length * STRIP;
    s += "<g class=\"axis\">\n<line x1=\"0\" y1=\"" + y + "\" x2=\"100%\" y2=\"" + y + "\"/>\n";
    ticks.forEach(function (tick) {
      var anchor = tick.at < 0.04 ? "start" : tick.at > 0.96 ? "end" : "middle";
      s += "<g class=\"tick" + (tick.major ? " major" : "") + "\"><line x1=\"" + percent(tick.at) +
        "\" y1=\"" + y + "\" x2=\"" + percent(tick.at) + "\" y2=\"" + (y + 5) + "\"/><text x=\"" +
        percent(tick.at) + "\" y=\"" + (y + 20) + "\" text-anchor=\"" + anchor + "\">" +
        escape(tick.label) + "</text></g>\n";
    });
    return s + "</g>\n</svg>\n";
  }

  // ---------------------------------------------------------------------------------------
  // The herd chart (`chart_html`).

  function chartHtml(doc, d) {
    var lang = d.lang;
    var w = d.words.chart;
    var fleet = doc.fleet;
    var edges = fleet.timeline_ms;
    var title = fill(w.title, { fleet: w.fleet, clients: B.formatNumber(fleet.clients, 0, lang) });
    var strips = doc.params.strategies.map(function (s) {
      return {
        "class": s,
        label: labelOf(d, s),
        note: B.formatPercent(fleet[s].peak_share, lang),
        counts: fleet[s].timeline,
      };
    });
    var ticks = B.timeline.ticks(edges).map(function (t) {
      return { at: B.timeline.position(edges, t.ms), label: B.formatDuration(t.ms, lang), major: t.major };
    });
    var axis = fill(w.axis, {
      from: B.formatDuration(edges[0], lang),
      to: B.formatDuration(edges[edges.length - 1], lang),
    });
    var retries = B.formatNumber(fleet.clients * doc.params.attempts, 0, lang);
    var s = "<figure class=\"backoff-chart\">\n" + stripsSvg(title, strips, ticks, null) +
      "<figcaption>" + escape(title) + "\n<ul class=\"peak\">\n";
    doc.params.strategies.forEach(function (st) {
      s += "<li>" + escape(fill(w.summary, {
        strategy: labelOf(d, st),
        share: B.formatPercent(fleet[st].peak_share, lang),
        retries: retries,
      })) + "</li>\n";
    });
    return s + "</ul>\n<span class=\"axis-note\">" + escape(axis) + "</span></figcaption>\n</figure>\n";
  }

  // ---------------------------------------------------------------------------------------
  // The odds (`backoff_odds::table`, `odds::render`).

  var MISSING = "—";

  /** `describe_inputs`. */
  function describeInputs(odds, o, params, d) {
    var w = d.words.odds;
    var lang = d.lang;
    var timeout = B.formatDuration(o.timeout_ms, lang);
    var out;
    if (o.fail !== null) {
      var p = O.formatProbability(o.fail, lang);
      out = fill(o.timeout_ms > 0 ? w.fails_with_timeout : w.fails_at_once, { p: p, timeout: timeout });
    } else {
      out = fill(w.timeout_only, { timeout: timeout });
    }
    out += fill(w.calls, { calls: String(odds.calls), retries: String(odds.calls - 1) });
    if (params.strategies.some(function (s) {
      return s !== "none";
    })) {
      out += fill(w.simulated, { clients: B.formatNumber(o.clients, 0, lang) });
    }
    return out;
  }

  /** `odds_rows`: [{label, cells: [{value, text} | null]}]. */
  function oddsRows(odds, o, params, d) {
    var w = d.words.odds;
    var lang = d.lang;
    var strategies = params.strategies;
    var deadline = o.deadline_ms === null ? "" : B.formatDuration(o.deadline_ms, lang);
    var share = function (p) {
      return { value: p, text: O.formatProbability(p, lang) };
    };
    var duration = function (ms) {
      return { value: ms, text: B.formatDuration(ms, lang) };
    };
    var rows = [];
    // `row`: a row only if some strategy has the key; null values are the missing ones.
    function row(label, key, make) {
      var any = strategies.some(function (s) {
        return odds[s] && Object.prototype.hasOwnProperty.call(odds[s], key);
      });
      if (!any) return;
      rows.push({
        label: label,
        cells: strategies.map(function (s) {
          var v = odds[s] ? odds[s][key] : undefined;
          return v === undefined || v === null ? null : make(v);
        }),
      });
    }
    if (odds.p_success !== undefined && odds.expected_calls !== undefined) {
      rows.push({
        label: w.p_success,
        cells: strategies.map(function () {
          return share(odds.p_success);
        }),
      });
      rows.push({
        label: w.load,
        cells: strategies.map(function () {
          return { value: odds.expected_calls, text: B.formatNumber(odds.expected_calls, 2, lang) };
        }),
      });
    }
    ["p50", "p90", "p99"].forEach(function (q) {
      row(w.success_at.split("{q}").join(q), "success_" + q + "_ms", duration);
    });
    row(w.within.split("{d}").join(deadline), "p_within_deadline", share);
    row(w.give_up_worst, "give_up_worst_ms", duration);
    row(w.fit_attempts.split("{d}").join(deadline), "fit_attempts", function (a) {
      return { value: a, text: String(a) };
    });
    row(w.fit_base.split("{d}").join(deadline), "fit_base_ms", duration);
    return rows;
  }

  function oddsTableHtml(odds, o, params, d) {
    var caption = B.describeParams(params, d.words, d.lang) + ". " + describeInputs(odds, o, params, d);
    var strategies = params.strategies;
    var h = "<figure class=\"backoff backoff-odds\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"" +
      escape(caption) + "\">\n<table class=\"backoff-table backoff-odds-table\">\n<caption>" +
      escape(caption) + "</caption>\n<thead>\n<tr><th scope=\"col\">" + d.words.table.strategy +
      "</th>";
    strategies.forEach(function (s) {
      h += "<th scope=\"col\">" + labelOf(d, s) + "</th>";
    });
    h += "</tr>\n</thead>\n<tbody>\n";
    oddsRows(odds, o, params, d).forEach(function (r) {
      h += "<tr><th scope=\"row\">" + escape(r.label) + "</th>";
      r.cells.forEach(function (c, i) {
        h += "<td data-label=\"" + labelOf(d, strategies[i]) + "\">" +
          (c === null ? MISSING : data(c.value, c.text)) + "</td>";
      });
      h += "</tr>\n";
    });
    return h + "</tbody>\n</table>\n</div>\n</figure>\n";
  }

  // ---------------------------------------------------------------------------------------
  // The outage chart (`backoff_outage::chart_html`).

  var OUTAGE_BINS = 50;
  var FIRST_WINDOW_MS = 100;

  function outageAxis(longest) {
    longest = Math.max(longest, FIRST_WINDOW_MS);
    var scale = 1;
    for (;;) {
      var ms = [1, 2, 5];
      for (var i = 0; i < ms.length; i++) {
        var step = ms[i] * scale;
        var steps = Math.ceil(longest / step);
        if (steps <= 5) return [step, Math.max(steps, 1) * step];
      }
      scale *= 10;
    }
  }

  function outageChartHtml(odds, delays, o, params, d) {
    var lang = d.lang;
    var w = d.words.odds;
    var strategies = params.strategies;
    var outages = strategies.map(function (s) {
      var st = odds[s] || {};
      return {
        give_up: st.outage_give_up_share === undefined ? 1 : st.outage_give_up_share,
        p50: st.outage_p50_ms === undefined ? null : st.outage_p50_ms,
        p99: st.outage_p99_ms === undefined ? null : st.outage_p99_ms,
        first: st.outage_first_100ms_share === undefined ? null : st.outage_first_100ms_share,
        delays: (delays && delays[s]) || [],
      };
    });
    var longest = 0;
    outages.forEach(function (x) {
      if (x.delays.length > 0) longest = Math.max(longest, x.delays[x.delays.length - 1]);
    });
    var axis = outageAxis(longest);
    var step = axis[0];
    var end = axis[1];
    var width = end / OUTAGE_BINS;
    var counts = outages.map(function (x) {
      var c = new Array(OUTAGE_BINS).fill(0);
      x.delays.forEach(function (ms) {
        var i = Math.floor(ms / width);
        c[i < OUTAGE_BINS - 1 ? i : OUTAGE_BINS - 1]++;
      });
      return c;
    });
    var tallest = 0;
    counts.forEach(function (c) {
      c.forEach(function (n) {
        if (n > tallest) tallest = n;
      });
    });
    tallest = Math.max(tallest, 1);
    var strips = strategies.map(function (s, i) {
      var x = outages[i];
      return {
        "class": s,
        label: labelOf(d, s),
        note: x.first === null ? w.everyone_gives_up
          : fill(w.outage_first_note, { p: O.formatProbability(x.first, lang) }),
        counts: counts[i],
      };
    });
    var steps = Math.round(end / step);
    var ticks = [];
    for (var k = 0; k <= steps; k++) {
      ticks.push({
        at: k / steps,
        label: B.formatDuration(k * step, lang),
        major: k === 0 || k === steps || steps <= 3,
      });
    }
    var title = fill(w.outage_title, {
      outage: B.formatDuration(o.outage_ms, lang),
      requests: B.formatNumber(o.clients, 0, lang),
    });
    var bars = fill(w.outage_bars, {
      bin: B.formatDuration(end / OUTAGE_BINS, lang),
      tallest: B.formatNumber(tallest, 0, lang),
    });
    var s = "<figure class=\"backoff-chart backoff-outage\">\n" +
      stripsSvg(title, strips, ticks, [0, Math.min(FIRST_WINDOW_MS, end) / end]) +
      "<figcaption>" + escape(title) + ". " + escape(bars) + "\n<ul class=\"outage\">\n";
    strategies.forEach(function (st, i) {
      var x = outages[i];
      var fact = x.p50 !== null && x.p99 !== null && x.first !== null
        ? fill(w.outage_fact, {
          strategy: labelOf(d, st),
          give_up: O.formatProbability(x.give_up, lang),
          p50: B.formatDuration(x.p50, lang),
          p99: B.formatDuration(x.p99, lang),
          first: O.formatProbability(x.first, lang),
        })
        : fill(w.outage_fact_none, { strategy: labelOf(d, st) });
      s += "<li>" + escape(fact) + "</li>\n";
    });
    return s + "</ul>\n<span class=\"axis-note\">" + escape(w.after_recovery) +
      "</span></figcaption>\n</figure>\n";
  }

  // ---------------------------------------------------------------------------------------
  // One library's model (`backoff_libraries::render`).

  function libraryHtml(model, params, d) {
    var lang = d.lang;
    var w = d.words.libraries;
    var info = null;
    d.libraries.forEach(function (l) {
      if (l.name === model.name) info = l;
    });
    var caption = B.describeParams(params, d.words, lang);
    var dur = function (ms) {
      return data(ms, B.formatDuration(ms, lang));
    };
    var h = "<figure class=\"backoff backoff-libraries\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"" +
      escape(caption) + "\">\n<table class=\"backoff-table backoff-libraries-table\">\n<caption>" +
      escape(caption) + "</caption>\n<thead>\n<tr><th scope=\"col\">" + w.library +
      "</th><th scope=\"col\">" + w.per_retry + "</th><th scope=\"col\">" + w.worst +
      "</th><th scope=\"col\">" + w.mean + "</th></tr>\n</thead>\n<tbody>\n";
    h += "<tr><th scope=\"row\">" + escape(info.label) + "<br><small><a href=\"" + model.source +
      "\">" + escape(info["package"] + " " + model.version) + "</a></small></th><td data-label=\"" +
      w.per_retry + "\"><ol class=\"backoff-retries\">";
    model.rows.forEach(function (r) {
      h += "<li>" + dur(r.min_ms);
      if (r.max_ms !== r.min_ms) h += " – " + dur(r.max_ms);
      h += "</li>";
    });
    h += "</ol><small>" + model.rows.length + " " + w.retries + "</small></td><td data-label=\"" +
      w.worst + "\">" + dur(model.totals.worst_ms) + "</td><td data-label=\"" + w.mean + "\">" +
      dur(model.totals.mean_ms);
    if (model.totals.mean_is_estimate) h += " <small>(" + w.estimated + ")</small>";
    h += "</td></tr>\n</tbody>\n</table>\n</div>\n</figure>\n";
    h += "<details class=\"backoff-library\">\n<summary>" + escape(info.label) + ": " + w.details +
      "</summary>\n<ul>\n";
    (lang === "tr" ? model.notes_tr : model.notes).forEach(function (n) {
      h += "<li>" + escape(n) + "</li>\n";
    });
    h += "</ul>\n<div class=\"scroll\" tabindex=\"0\"><pre><code class=\"language-" +
      model.snippet.language + "\">" + escape(model.snippet.code) +
      "</code></pre></div>\n<button type=\"button\" class=\"copy\">" +
      d.words.form.copy + "</button>\n</details>\n";
    return h;
  }

  // ---------------------------------------------------------------------------------------
  // The query string: the shortcode's argument names and value syntax.

  function queryOf(values) {
    return ALL_KEYS.filter(function (key) {
      if (KEYS.indexOf(key) >= 0) return true;
      return values[key] !== "" && !(key === "library" && values[key] === "none");
    }).map(function (key) {
      return key + "=" + encodeURIComponent(values[key]).replace(/%2C/gi, ",");
    }).join("&");
  }

  function queryValues() {
    var search = new URLSearchParams(window.location.search);
    var found = null;
    ALL_KEYS.forEach(function (key) {
      if (search.has(key)) {
        found = found || {};
        found[key] = search.get(key);
      }
    });
    return found;
  }

  // ---------------------------------------------------------------------------------------
  // One calculator.

  function Calculator(block, syncUrl) {
    this.block = block;
    this.syncUrl = syncUrl;
    this.data = JSON.parse(block.querySelector("script.sade-data").textContent);
    this.form = block.querySelector("form.backoff-calculator");
    this.results = block.querySelector(".backoff-results");
    this.stale = block.querySelector(".stale-note");
    this.button = block.querySelector("button.new-seed");
    this.fields = {};
    var self = this;
    ALL_KEYS.forEach(function (key) {
      self.fields[key] = self.form.elements.namedItem(key);
    });
    this.timer = null;
    this.lastQuery = null;
  }

  Calculator.prototype.values = function () {
    var out = {};
    var fields = this.fields;
    ALL_KEYS.forEach(function (key) {
      out[key] = fields[key] ? String(fields[key].value).trim() : "";
    });
    return out;
  };

  Calculator.prototype.fill = function (values) {
    var fields = this.fields;
    ALL_KEYS.forEach(function (key) {
      var field = fields[key];
      if (!field || values[key] === undefined) return;
      if (field.tagName === "SELECT") {
        var known = Array.prototype.some.call(field.options, function (o) {
          return o.value === values[key];
        });
        if (!known) {
          var option = document.createElement("option");
          option.value = values[key];
          option.textContent = values[key];
          field.appendChild(option);
        }
      }
      field.value = values[key];
    });
  };

  /** Marks the fields of `errors` invalid with their messages; clears the others. */
  Calculator.prototype.showErrors = function (errors) {
    var byArg = {};
    var words = this.data.words;
    errors.forEach(function (e) {
      if (!byArg[e.arg]) byArg[e.arg] = B.message(e, words);
    });
    var block = this.block;
    var fields = this.fields;
    ALL_KEYS.forEach(function (key) {
      var field = fields[key];
      var slot = block.querySelector("#bc-" + key + "-error");
      var message = byArg[key] || "";
      if (slot && slot.textContent !== message) slot.textContent = message;
      if (!field) return;
      if (message) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
    var stale = errors.length > 0;
    if (this.stale) this.stale.hidden = !stale;
    this.results.classList.toggle("stale", stale);
  };

  /** The form's values parsed: {params, odds, oddsInput, library} or {errors}. */
  Calculator.prototype.parse = function (values) {
    var schedule = {};
    KEYS.forEach(function (k) {
      schedule[k] = values[k];
    });
    var parsed = B.parseParams(schedule);
    var errors = parsed.ok ? [] : parsed.errors.slice();
    var odds = {};
    var anyOdds = false;
    ODDS_KEYS.forEach(function (k) {
      if (values[k] !== "") {
        odds[k] = values[k];
        anyOdds = true;
      }
    });
    var oddsParsed = null;
    if (parsed.ok && anyOdds) {
      var input = {};
      Object.keys(schedule).forEach(function (k) {
        input[k] = schedule[k];
      });
      Object.keys(odds).forEach(function (k) {
        input[k] = odds[k];
      });
      oddsParsed = O.parse(input);
      if (!oddsParsed.ok) errors = errors.concat(oddsParsed.errors);
    }
    var library = values.library || "none";
    if (library !== "none" && L.ids.indexOf(library) < 0) {
      errors.push(B.engine.inputError("library", "unknown_library", library));
    }
    if (errors.length > 0) return { errors: errors };
    return {
      params: parsed.params,
      odds: oddsParsed ? oddsParsed.odds : null,
      oddsInput: anyOdds ? odds : null,
      schedule: schedule,
      library: library,
    };
  };

  /** The results' HTML for parsed values (the same as the build's). */
  Calculator.prototype.render = function (parsed) {
    var d = this.data;
    var doc = B.compute(parsed.params);
    var html = "\n" + tableHtml(doc, parsed.params, d) + chartHtml(doc, d);
    var o = parsed.odds;
    if (o !== null && (o.fail !== null || o.outage_ms !== null)) {
      var input = {};
      Object.keys(parsed.schedule).forEach(function (k) {
        input[k] = parsed.schedule[k];
      });
      Object.keys(parsed.oddsInput).forEach(function (k) {
        input[k] = parsed.oddsInput[k];
      });
      var run = O.run(input);
      if (o.fail !== null) html += oddsTableHtml(run.odds, o, parsed.params, d);
      if (o.outage_ms !== null) {
        html += outageChartHtml(run.odds, run.outageDelays, o, parsed.params, d);
      }
    }
    if (parsed.library !== "none") {
      var model = L.model(parsed.library, {
        base_ms: parsed.params.base_ms,
        factor: parsed.params.factor,
        cap_ms: parsed.params.cap_ms,
        attempts: parsed.params.attempts,
        seed: parsed.params.seed,
      });
      html += libraryHtml(model, parsed.params, d);
    }
    return html;
  };

  /** Parses the form; on success renders and returns true, else shows the errors. */
  Calculator.prototype.run = function (options) {
    var started = performance.now();
    var values = this.values();
    var parsed = this.parse(values);
    if (parsed.errors) {
      this.showErrors(parsed.errors);
      return false;
    }
    this.showErrors([]);
    if (options && options.onlyIfLive && parsed.params.clients > LIVE_CLIENTS) return false;
    var query = queryOf(values);
    if (query !== this.lastQuery || (options && options.force)) {
      var html = this.render(parsed);
      this.results.setAttribute("aria-busy", "true");
      this.results.innerHTML = html;
      this.results.removeAttribute("aria-busy");
      this.lastQuery = query;
      var elapsed = performance.now() - started;
      this.block.dispatchEvent(new CustomEvent("sade:calculated", {
        bubbles: true,
        detail: { ms: elapsed, query: query },
      }));
    }
    if (this.syncUrl && !(options && options.keepUrl)) {
      var url = "?" + query + window.location.hash;
      if (window.location.search + window.location.hash !== url) {
        window.history.replaceState(window.history.state, "", url);
      }
    }
    return true;
  };

  Calculator.prototype.schedule = function (live) {
    var self = this;
    if (this.timer !== null) window.clearTimeout(this.timer);
    this.timer = window.setTimeout(function () {
      self.timer = null;
      self.run({ onlyIfLive: live });
    }, DEBOUNCE_MS);
  };

  /** Copies a snippet's code; the button says so for a moment. */
  Calculator.prototype.copy = function (button) {
    var code = button.parentNode.querySelector("pre code");
    if (!code || !navigator.clipboard) return;
    var words = this.data.words.form;
    navigator.clipboard.writeText(code.textContent).then(function () {
      button.textContent = words.copied;
      window.setTimeout(function () {
        button.textContent = words.copy;
      }, 1500);
    }, function () {});
  };

  Calculator.prototype.start = function () {
    var self = this;
    // The built results are for the form's initial values.
    this.lastQuery = queryOf(this.values());
    this.form.addEventListener("input", function () {
      self.schedule(true);
    });
    this.form.addEventListener("change", function () {
      self.schedule(false);
    });
    this.form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (self.timer !== null) window.clearTimeout(self.timer);
      self.timer = null;
      self.run();
    });
    this.results.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button.copy") : null;
      if (button) self.copy(button);
    });
    if (this.button && this.fields.seed && window.crypto && window.crypto.getRandomValues) {
      this.button.hidden = false;
      this.button.addEventListener("click", function () {
        var seed = window.crypto.getRandomValues(new Uint32Array(1))[0];
        self.fields.seed.value = String(seed);
        if (self.timer !== null) window.clearTimeout(self.timer);
        self.timer = null;
        self.run();
      });
    }
    if (this.syncUrl) {
      var fromUrl = queryValues();
      if (fromUrl) {
        this.fill(fromUrl);
        // Compute what the link says; the URL is left as it was opened.
        this.run({ keepUrl: true });
      }
    }
  };

  function init() {
    var blocks = document.querySelectorAll(".backoff-calculator-block");
    for (var i = 0; i < blocks.length; i++) {
      if (blocks[i].getAttribute("data-enhanced") === "true") continue;
      var calculator = new Calculator(blocks[i], i === 0);
      if (i === 0) B.configure(calculator.data);
      blocks[i].setAttribute("data-enhanced", "true");
      calculator.start();
    }
  }

  window.SadeCalculator = Object.freeze({
    tableHtml: tableHtml,
    chartHtml: chartHtml,
    stripsSvg: stripsSvg,
    oddsTableHtml: oddsTableHtml,
    outageChartHtml: outageChartHtml,
    libraryHtml: libraryHtml,
    fixed: fixed,
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
