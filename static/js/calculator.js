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
 *   recoverySvg      src/shortcode/recovery_chart.rs  `svg` (the load chart)
 *   recoveryChartHtml src/shortcode/backoff_recovery.rs `chart_html` (`Measure::Load`)
 *   recoveryTableHtml src/shortcode/backoff_recovery.rs `table` (one strategy)
 *   frontierTableHtml src/shortcode/recovery_frontier.rs `table` (one strategy)
 *   adviceText       src/shortcode/recovery_frontier.rs `advice`
 *   mapHtml          src/shortcode/recovery_frontier.rs `map_html`
 *
 * With `demand`, the calculator has a "Will it come back?" section (src/shortcode/
 * calculator_recovery.rs): its fieldset `.load` and, after the results, a
 * `section.backoff-recovery-results`. Its simulation (static/js/recovery.js) runs in a pool of
 * workers (the section's `data-worker`, static/js/recovery-worker.js), one budget at a time per
 * worker, and the chart and the table are rendered when every budget is in; while it runs the
 * section's `.computing` note shows and the section is `aria-busy`. Then the frontier of SPEC §9
 * is searched in the same workers, one search per task (each budget's longest trigger and
 * capacity needed, and what else would bring the first budget back), with a progress bar, and
 * the advice and the frontier's table are rendered; the map, drawn at build time for the built
 * inputs, is marked stale for others and searched when its button is pressed. A new input
 * cancels what is under way. Without workers the budgets run on the page's thread, one run per
 * task. `sade:recovered`, `sade:frontier` and `sade:map` events on the section say how long each
 * took. The schedule's fields but `jitter` change it (its strategy is `recovery-jitter`);
 * the odds' and the library's do not.
 *
 * The first calculator on a page keeps its inputs in the query string:
 *   base, factor, cap, attempts, jitter, seed, clients   the schedule (always written)
 *   fail, timeout, deadline, outage                      the odds (written when given)
 *   library                                              up to three libraries to compare, a
 *                                                        comma list (when chosen)
 *   demand, capacity, recovery-timeout, recovery-outage, horizon, queue, shed (`true`, when
 *   checked), budget, recovery-jitter, trigger (when not an outage), degraded or surge (with
 *   their trigger)                                       the section (when the page has it)
 * e.g. `?base=250ms&factor=2&cap=30s&attempts=6&jitter=all&seed=7&clients=1000&fail=30%`.
 *
 * Plain script: no framework, no inline handlers, no network. Needs /js/backoff.js,
 * /js/odds.js and /js/libraries.js first, and /js/recovery.js for the section.
 */
(function () {
  "use strict";

  var B = window.SadeBackoff;
  var O = window.SadeOdds;
  var L = window.SadeLibraries;
  /** The engine of the "Will it come back?" section; only pages with the section load it. */
  var R = window.SadeRecovery;
  if (!B || !O || !L || window.SadeCalculator) return;

  var KEYS = ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"];
  var ODDS_KEYS = ["fail", "timeout", "deadline", "outage"];
  /** The library choices: the first and two to compare it with (`library` in the query). */
  var LIBRARY_KEYS = ["library", "library-2", "library-3"];
  var ALL_KEYS = KEYS.concat(ODDS_KEYS, LIBRARY_KEYS);
  /** The "Will it come back?" section's fields, in the order of the query. */
  var LOAD_KEYS = ["demand", "capacity", "recovery-timeout", "recovery-outage", "horizon", "queue",
    "shed", "budget", "recovery-jitter", "trigger", "degraded", "surge"];
  /** The trigger's parameters, each written only with its trigger. */
  var TRIGGER_PARAMS = { degraded: "slowdown", surge: "surge" };
  var FORM_KEYS = ALL_KEYS.concat(LOAD_KEYS);
  /** The schedule's fields that the section uses (its strategy is its own). */
  var SCHEDULE_KEYS = ["base", "factor", "cap", "attempts", "seed", "clients"];
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
            "</span> <span class=\"sample\"><span class=\"vh\">" + w.sample + ": </span>" +
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
    var facts = doc.params.strategies.map(function (st) {
      return fill(w.summary, {
        strategy: labelOf(d, st),
        share: B.formatPercent(fleet[st].peak_share, lang),
        retries: retries,
      });
    });
    return fleetFigure("backoff-chart", title, strips, ticks, facts, axis);
  }

  /** `strips::fleet_figure`: the SVG, then the title, one fact per strip and the axis note. */
  function fleetFigure(classes, title, strips, ticks, facts, axis) {
    var s = "<figure class=\"" + classes + "\">\n" + stripsSvg(title, strips, ticks, null) +
      "<figcaption>" + escape(title) + "\n<ul class=\"peak\">\n";
    facts.forEach(function (fact) {
      s += "<li>" + escape(fact) + "</li>\n";
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
  // The libraries' models, by group, and their fleets (`backoff_libraries::render` with a
  // chart, `chart_html`).

  /** `Group::ALL`'s order, the order of `words.libraries.groups`. */
  var GROUP_ORDER = ["http", "cloud", "rpc", "general"];
  /** `backoff_libraries::SERIES`: a library's strip colour by its place, cycling after four. */
  var SERIES = ["series-1", "series-2", "series-3", "series-4"];

  /** The libraries in `ids` by group, in the order given within each (`sort_by_key`). */
  function byGroup(ids) {
    return ids.slice().sort(function (a, b) {
      return GROUP_ORDER.indexOf(L.group(a)) - GROUP_ORDER.indexOf(L.group(b));
    });
  }

  function libraryInfo(d, name) {
    var info = null;
    d.libraries.forEach(function (l) {
      if (l.name === name) info = l;
    });
    return info;
  }

  /** `chart_html`: each library's fleet as a strip, on one axis. */
  function libraryChartHtml(herd, d) {
    var lang = d.lang;
    var w = d.words;
    var edges = herd.timeline_ms;
    var title = fill(w.libraries.chart_title, {
      fleet: w.chart.fleet,
      clients: B.formatNumber(herd.clients, 0, lang),
    });
    var strips = herd.lines.map(function (line, i) {
      return {
        "class": SERIES[i % SERIES.length],
        label: libraryInfo(d, line.name).label,
        note: B.formatPercent(line.peak_share, lang),
        counts: line.counts,
      };
    });
    var ticks = B.timeline.ticks(edges).map(function (t) {
      return { at: B.timeline.position(edges, t.ms), label: B.formatDuration(t.ms, lang), major: t.major };
    });
    var axis = fill(w.libraries.chart_axis, {
      from: B.formatDuration(edges[0], lang),
      to: B.formatDuration(edges[edges.length - 1], lang),
    });
    var facts = herd.lines.map(function (line) {
      return fill(w.chart.summary, {
        strategy: libraryInfo(d, line.name).label,
        share: B.formatPercent(line.peak_share, lang),
        retries: B.formatNumber(herd.clients * line.retries, 0, lang),
      });
    });
    return fleetFigure("backoff-chart backoff-libraries-chart", title, strips, ticks, facts, axis);
  }

  /** `render`: the table (a body per group, headed when there are several), the chart, then
   * each library's notes and snippet. `models` are in group order. */
  function libraryHtml(models, herd, params, d) {
    var lang = d.lang;
    var w = d.words.libraries;
    var caption = B.describeParams(params, d.words, lang);
    var dur = function (ms) {
      return data(ms, B.formatDuration(ms, lang));
    };
    var h = "<figure class=\"backoff backoff-libraries\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"" +
      escape(caption) + "\">\n<table class=\"backoff-table backoff-libraries-table\">\n<caption>" +
      escape(caption) + "</caption>\n<thead>\n<tr><th scope=\"col\">" + w.library +
      "</th><th scope=\"col\">" + w.per_retry + "</th><th scope=\"col\">" + w.worst +
      "</th><th scope=\"col\">" + w.mean + "</th></tr>\n</thead>\n";
    var grouped = models.some(function (m, i) {
      return i > 0 && L.group(m.name) !== L.group(models[i - 1].name);
    });
    var group = null;
    models.forEach(function (model) {
      var info = libraryInfo(d, model.name);
      var g = L.group(model.name);
      if (g !== group) {
        if (group !== null) h += "</tbody>\n";
        h += "<tbody>\n";
        group = g;
        if (grouped) {
          h += "<tr class=\"backoff-libraries-group\"><th scope=\"rowgroup\" colspan=\"4\">" +
            escape(w.groups[GROUP_ORDER.indexOf(g)]) + "</th></tr>\n";
        }
      }
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
      h += "</td></tr>\n";
    });
    if (group !== null) h += "</tbody>\n";
    h += "</table>\n</div>\n</figure>\n" + libraryChartHtml(herd, d);
    models.forEach(function (model) {
      h += "<details class=\"backoff-library\">\n<summary>" + escape(libraryInfo(d, model.name).label) +
        ": " + w.details + "</summary>\n<ul>\n";
      (lang === "tr" ? model.notes_tr : model.notes).forEach(function (n) {
        h += "<li>" + escape(n) + "</li>\n";
      });
      h += "</ul>\n<div class=\"scroll\" tabindex=\"0\"><pre><code class=\"language-" +
        model.snippet.language + "\">" + escape(model.snippet.code) +
        "</code></pre></div>\n<button type=\"button\" class=\"copy\">" +
        d.words.form.copy + "</button>\n</details>\n";
    });
    return h;
  }

  // ---------------------------------------------------------------------------------------
  // The fleet under load: the load chart (`recovery_chart::svg`, `backoff_recovery::chart_html`
  // with `Measure::Load`) and the table (`backoff_recovery::table`), with the words of
  // `recovery::render` (`verdict`, `describe`, `fact`, `row_cells`, `headings`, `times`,
  // `budget_label`).
  //
  // `runs` is [{budget, run}] in the order of the inputs' budgets, each `run` as
  // SadeRecovery.run returns it; `inputs` is SadeRecovery.parse's, `params` its params (one
  // strategy).

  var R_NAME = 18;
  var R_VERDICT = 17;
  var R_BARS = 56;
  var R_GAP = 12;
  var R_STRIP = R_NAME + R_VERDICT + R_BARS + R_GAP;
  var R_AXIS = 48;
  var R_MAX_COLUMNS = 150;
  var R_START_MS = -5000;
  var R_BIN_MS = 100;
  var R_TICK_STEPS = [1000, 2000, 5000, 10000, 15000, 20000, 30000, 60000, 120000, 300000, 600000,
    900000, 1200000, 1800000, 3600000];
  var R_UNITS = { s: { ms: 1000, en: "s", tr: "sn" }, min: { ms: 60000, en: "min", tr: "dk" } };

  /** `budget_label`. */
  function budgetLabel(d, budget) {
    return d.words.recovery.budgets[budget];
  }

  /** `trigger_words`: the words of the inputs' trigger. */
  function triggerWords(inputs, d) {
    return d.words.recovery.triggers[inputs.trigger];
  }

  /** `describe_trigger`: the trigger in the inputs' sentence. */
  function describeTrigger(inputs, d) {
    var lang = d.lang;
    return fill(triggerWords(inputs, d).describe, {
      outage: B.formatDuration(inputs.outage_ms, lang),
      degraded: inputs.trigger === "slowdown" ? B.formatPercent(inputs.degraded, lang) : "",
      surge: inputs.trigger === "surge" ? B.formatNumber(inputs.surge, 2, lang) : "",
    });
  }

  /** `verdict`. */
  function recoveryVerdict(run, inputs, d) {
    var w = d.words.recovery;
    var t = triggerWords(inputs, d);
    var ms = run.recovered_after_ms;
    if (ms === null || ms === undefined) {
      return fill(w.no_recovery, { h: B.formatDuration(inputs.horizon_ms, d.lang) });
    }
    if (ms <= 0) return t.recovers_at_once;
    return fill(t.recovers, { t: B.formatDuration(ms, d.lang) });
  }

  /** `times`: a load as a multiple of the capacity. */
  function times(x, lang) {
    return B.formatNumber(x, 1, lang) + "×";
  }

  /** `describe`: the inputs in words. */
  function describeLoad(inputs, params, d) {
    var w = d.words.recovery;
    var lang = d.lang;
    var queue = inputs.queue === null ? w.queue_unbounded
      : fill(w.queue_bounded, { q: B.formatNumber(inputs.queue, 0, lang) });
    var out = fill(w.inputs, {
      clients: B.formatNumber(params.clients, 0, lang),
      demand: B.formatNumber(inputs.demand, 2, lang),
      capacity: B.formatNumber(inputs.capacity, 2, lang),
      trigger: describeTrigger(inputs, d),
      timeout: B.formatDuration(inputs.timeout_ms, lang),
      queue: queue,
    });
    if (inputs.shed) out += w.shed;
    return out + " " + fill(triggerWords(inputs, d).span, {
      before: B.formatDuration(-R_START_MS, lang),
      horizon: B.formatDuration(inputs.horizon_ms, lang),
    });
  }

  /** `fact`: one budget's figures in a sentence. */
  function recoveryFact(budget, run, inputs, d) {
    var w = d.words.recovery;
    return fill(w.fact, {
      budget: budgetLabel(d, budget),
      verdict: recoveryVerdict(run, inputs, d),
      peak: fill(w.times_capacity, { x: B.formatNumber(run.peak_load, 1, d.lang) }),
      given_up: B.formatPercent(run.requests_given_up, d.lang),
      wasted: B.formatPercent(run.wasted_work, d.lang),
    });
  }

  /** `bins_per_column`: how many 100 ms bins one column adds up. */
  function binsPerColumn(bins) {
    return Math.max(Math.ceil(bins / R_MAX_COLUMNS), 1);
  }

  /** `columns` of `Measure::Load`: per column of `per` bins, [first calls, retries]. */
  function loadColumns(bins, per) {
    var out = [];
    for (var i = 0; i < bins.length; i += per) {
      var first = 0;
      var retries = 0;
      var end = Math.min(i + per, bins.length);
      for (var j = i; j < end; j++) {
        first += bins[j].calls - bins[j].retry_calls;
        retries += bins[j].retry_calls;
      }
      out.push([first, retries]);
    }
    return out;
  }

  /** `ticks`: a round step giving at most 8 intervals from −5 s to `end`. */
  function recoveryTicks(end) {
    var span = end - R_START_MS;
    var step = 3600000;
    for (var i = 0; i < R_TICK_STEPS.length; i++) {
      if (span / R_TICK_STEPS[i] <= 8) {
        step = R_TICK_STEPS[i];
        break;
      }
    }
    var out = [];
    for (var t = Math.ceil(R_START_MS / step) * step + 0; t <= end; t += step) out.push(t);
    return out;
  }

  /** `tick_label`: `−5 s`, `0`, `10 s`; minutes on an axis longer than 10 minutes. */
  function tickLabel(ms, end, lang) {
    if (ms === 0) return "0";
    var unit = end <= 600000 ? R_UNITS.s : R_UNITS.min;
    return (ms < 0 ? "−" : "") + B.formatNumber(Math.abs(ms) / unit.ms, 0, lang) + "\u00a0" +
      unit[lang];
  }

  /** `recovery_chart::svg` of `Measure::Load`; strips: [{class, label, verdict, columns}]. */
  function recoverySvg(title, axis, strips, end, outage, line, label) {
    var n = Math.max(strips.length > 0 ? strips[0].columns.length : 0, 1);
    var tallest = line * 1.25;
    strips.forEach(function (strip) {
      strip.columns.forEach(function (c) {
        tallest = Math.max(tallest, c[0] + c[1]);
      });
    });
    var span = end - R_START_MS;
    var height = strips.length * R_STRIP + R_AXIS;
    var s = "<svg class=\"strips recovery\" width=\"100%\" height=\"" + rustF64(height) +
      "\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>" + escape(title) +
      "</title>\n<rect class=\"band\" x=\"" + percent(-R_START_MS / span) + "\" y=\"0\" width=\"" +
      percent(Math.min(outage, end) / span) + "\" height=\"" + rustF64(strips.length * R_STRIP) +
      "\"/>\n";
    var yLine = fixed(100 - line / tallest * 100, 2);
    strips.forEach(function (strip, row) {
      var top = row * R_STRIP;
      var parts = ["<g class=\"strip budget-" + strip["class"] + "\">\n<text class=\"name\" x=\"0\" y=\"" +
        rustF64(top + 14) + "\">" + escape(strip.label) +
        "</text>\n<text class=\"verdict\" x=\"0\" y=\"" + rustF64(top + R_NAME + 13) + "\">" +
        escape(strip.verdict) + "</text>\n<svg x=\"0\" y=\"" + rustF64(top + R_NAME + R_VERDICT) +
        "\" width=\"100%\" height=\"" + R_BARS + "\" viewBox=\"0 0 " + n +
        " 100\" preserveAspectRatio=\"none\">\n"];
      strip.columns.forEach(function (c, i) {
        var low = c[0];
        var high = c[1];
        var hl = low / tallest * 100;
        var hh = high / tallest * 100;
        if (low > 0) {
          parts.push("<rect class=\"first\" x=\"" + i + "\" y=\"" + fixed(100 - hl, 2) +
            "\" width=\"1\" height=\"" + fixed(hl, 2) + "\"/>\n");
        }
        if (high > 0) {
          parts.push("<rect class=\"retry\" x=\"" + i + "\" y=\"" + fixed(100 - hl - hh, 2) +
            "\" width=\"1\" height=\"" + fixed(hh, 2) + "\"/>\n");
        }
      });
      var base = rustF64(top + R_NAME + R_VERDICT + R_BARS);
      parts.push("<line class=\"capacity\" x1=\"0\" y1=\"" + yLine + "\" x2=\"" + n + "\" y2=\"" +
        yLine + "\" vector-effect=\"non-scaling-stroke\"/>\n</svg>\n<line class=\"base\" x1=\"0\" y1=\"" +
        base + "\" x2=\"100%\" y2=\"" + base + "\"/>\n</g>\n");
      s += parts.join("");
    });
    var y = rustF64(strips.length * R_STRIP);
    s += "<g class=\"axis\">\n<line x1=\"0\" y1=\"" + y + "\" x2=\"100%\" y2=\"" + y + "\"/>\n";
    var ticks = recoveryTicks(end);
    var many = ticks.length > 5;
    var zero = Math.max(ticks.indexOf(0), 0);
    var y5 = rustF64(strips.length * R_STRIP + 5);
    var y20 = rustF64(strips.length * R_STRIP + 20);
    ticks.forEach(function (t, k) {
      var at = (t - R_START_MS) / span;
      var anchor = at < 0.04 ? "start" : at > 0.96 ? "end" : "middle";
      // On narrow screens every other label is hidden when there are many; 0 always shows.
      var major = !many || Math.abs(k - zero) % 2 === 0;
      s += "<g class=\"tick" + (major ? " major" : "") + "\"><line x1=\"" + percent(at) + "\" y1=\"" +
        y + "\" x2=\"" + percent(at) + "\" y2=\"" + y5 + "\"/><text x=\"" + percent(at) + "\" y=\"" +
        y20 + "\" text-anchor=\"" + anchor + "\">" + escape(label(t)) + "</text></g>\n";
    });
    return s + "<text class=\"axis-title\" x=\"50%\" y=\"" + rustF64(strips.length * R_STRIP + 40) +
      "\" text-anchor=\"middle\">" + escape(axis) + "</text>\n</g>\n</svg>\n";
  }

  /** `chart_html` of `Measure::Load` for one strategy. */
  function recoveryChartHtml(runs, inputs, params, d) {
    var w = d.words.recovery;
    var lang = d.lang;
    var strategy = params.strategies[0];
    var per = binsPerColumn(runs.length > 0 ? runs[0].run.bins.length : 0);
    var strips = runs.map(function (r) {
      return {
        "class": r.budget,
        label: budgetLabel(d, r.budget),
        verdict: recoveryVerdict(r.run, inputs, d),
        columns: loadColumns(r.run.bins, per),
      };
    });
    var column = B.formatDuration(per * R_BIN_MS, lang);
    var line = inputs.capacity * per * R_BIN_MS / 1000;
    var t = triggerWords(inputs, d);
    var note = fill(w.chart_note, { column: column, per_bin: B.formatNumber(line, 1, lang), band: t.name });
    var title = fill(w.chart_title, { strategy: labelOf(d, strategy) });
    var end = inputs.outage_ms + inputs.horizon_ms;
    var s = "<figure class=\"backoff-chart backoff-recovery\" data-strategy=\"" + strategy + "\">\n" +
      recoverySvg(title, t.axis, strips, end, inputs.outage_ms, line, function (ms) {
        return tickLabel(ms, end, lang);
      }) +
      "<figcaption>" + escape(title) + ". " + escape(describeLoad(inputs, params, d)) +
      "\n<span class=\"legend\">";
    [["first", w.first_calls], ["retry", w.retry_calls], ["capacity", w.capacity_line]].forEach(
      function (key) {
        s += "<span class=\"key " + key[0] + "\"></span>" + escape(key[1]);
      },
    );
    s += "<span class=\"key band\"></span>" + escape(t.name) + "</span>\n" + escape(note) +
      "\n<ul class=\"recovery\">\n";
    runs.forEach(function (r) {
      s += "<li>" + escape(recoveryFact(r.budget, r.run, inputs, d)) + "</li>\n";
    });
    return s + "</ul></figcaption>\n</figure>\n";
  }

  /** `headings`: the columns of `row_cells`. */
  function recoveryHeadings(inputs, d) {
    var w = d.words.recovery;
    return [w.budget, w.verdict, w.peak_load, w.given_up, w.wasted, w.retries, w.refused,
      triggerWords(inputs, d).per_client];
  }

  /** `table` for one strategy (no Strategy column). */
  function recoveryTableHtml(runs, inputs, params, d) {
    var lang = d.lang;
    var caption = escape(describeLoad(inputs, params, d));
    var heads = recoveryHeadings(inputs, d);
    var h = "<figure class=\"backoff backoff-recovery\">\n<div class=\"scroll\" tabindex=\"0\" role=\"region\" aria-label=\"" +
      caption + "\">\n<table class=\"backoff-table backoff-recovery-table\">\n<caption>" + caption +
      "</caption>\n<thead>\n<tr>";
    heads.forEach(function (head) {
      h += "<th scope=\"col\">" + head + "</th>";
    });
    h += "</tr>\n</thead>\n<tbody>\n";
    runs.forEach(function (r) {
      var run = r.run;
      // `row_cells`, and the values behind them.
      var cells = [
        budgetLabel(d, r.budget),
        recoveryVerdict(run, inputs, d),
        times(run.peak_load, lang),
        B.formatPercent(run.requests_given_up, lang),
        B.formatPercent(run.wasted_work, lang),
        B.formatNumber(run.retries_sent, 0, lang),
        B.formatNumber(run.retries_refused, 0, lang),
        B.formatNumber(run.max_retries_per_client_during_outage, 0, lang),
      ];
      var values = [
        null,
        run.recovered_after_ms === undefined ? null : run.recovered_after_ms,
        run.peak_load,
        run.requests_given_up,
        run.wasted_work,
        run.retries_sent,
        run.retries_refused,
        run.max_retries_per_client_during_outage,
      ];
      h += "<tr><th scope=\"row\">" + escape(cells[0]) + "</th>";
      for (var i = 1; i < cells.length; i++) {
        h += (i === 1 ? "<td class=\"verdict\" data-label=\"" : "<td data-label=\"") +
          escape(heads[i]) + "\">" + (values[i] === null ? escape(cells[i]) : data(values[i], cells[i])) +
          "</td>";
      }
      h += "</tr>\n";
    });
    return h + "</tbody>\n</table>\n</div>\n</figure>\n";
  }

  /** What the section's `.recovery-runs` holds: "\n", the chart, the table. */
  function recoveryHtml(runs, inputs, params, d) {
    return "\n" + recoveryChartHtml(runs, inputs, params, d) + recoveryTableHtml(runs, inputs, params, d);
  }

  // ---------------------------------------------------------------------------------------
  // The frontier (SPEC §9): its table, the advice and the map, with the words of
  // `recovery::render` (`seconds_text`, `longest_text`, `capacity_text`, `frontier_headings`,
  // `frontier_cells`) and the markup of src/shortcode/recovery_frontier.rs (`table`, `advice`,
  // `map_html`).
  //
  // `frontiers` maps a budget to its frontier as SadeRecovery.frontier returns it
  // ({longest_trigger_ms, longest_trigger_capped, capacity_needed, map}).

  var TRIGGER_GRID_MS = R ? R.TRIGGER_GRID_MS : [250];
  var LONGEST_TRIGGER_MS = 120000;

  /** `seconds_text`: a trigger's length exact to the quarter second, whole minutes as minutes. */
  function secondsText(ms, lang) {
    if (ms >= 60000 && ms % 60000 === 0) return B.formatDuration(ms, lang);
    return B.formatNumber(ms / 1000, 2, lang) + "\u00a0" + R_UNITS.s[lang];
  }

  /** `longest_text`. */
  function longestText(ms, capped, d) {
    var w = d.words.recovery.frontier;
    if (capped) return fill(w.at_least, { t: secondsText(ms, d.lang) });
    if (ms === 0) return fill(w.under, { t: secondsText(TRIGGER_GRID_MS[0], d.lang) });
    return secondsText(ms, d.lang);
  }

  /** `capacity_text`. */
  function capacityText(capacity, demand, d) {
    var w = d.words.recovery.frontier;
    if (capacity === null) return w.more_than;
    return fill(w.calls_per_second, { n: B.formatNumber(capacity, 1, d.lang) }) + " (" +
      fill(w.times_demand, { x: B.formatNumber(capacity / demand, 2, d.lang) }).replace(/ /g, "\u00a0") + ")";
  }

  /** `frontier_headings`. */
  function frontierHeadings(inputs, d) {
    var w = d.words.recovery;
    return [w.budget, triggerWords(inputs, d).longest, w.frontier.capacity, w.frontier.at_inputs];
  }

  /** `recovery_frontier::table` for one strategy (no Strategy column). */
  function frontierTableHtml(runs, frontiers, inputs, params, d) {
    var w = d.words.recovery;
    var title = fill(w.frontier.title, { strategy: labelOf(d, params.strategies[0]) });
    var caption = title + ". " + describeLoad(inputs, params, d);
    var heads = frontierHeadings(inputs, d);
    var h = "<figure class=\"backoff backoff-frontier\">\n<div class=\"scroll\" tabindex=\"0\" " +
      "role=\"region\" aria-label=\"" + escape(caption) + "\">\n<table class=\"backoff-table " +
      "backoff-frontier-table\">\n<caption>" + escape(caption) + "<span class=\"legend\">" +
      escape(w.frontier.note) + "</span></caption>\n<thead>\n<tr>";
    heads.forEach(function (head) {
      h += "<th scope=\"col\">" + escape(head) + "</th>";
    });
    h += "</tr>\n</thead>\n<tbody>\n";
    runs.forEach(function (r) {
      var f = frontiers[r.budget];
      if (!f) return;
      var cells = [
        budgetLabel(d, r.budget),
        longestText(f.longest_trigger_ms, f.longest_trigger_capped, d),
        capacityText(f.capacity_needed, inputs.demand, d),
        recoveryVerdict(r.run, inputs, d),
      ];
      var recovered = r.run.recovered_after_ms === undefined ? null : r.run.recovered_after_ms;
      var values = [null, f.longest_trigger_ms, f.capacity_needed, recovered];
      h += "<tr><th scope=\"row\">" + escape(cells[0]) + "</th>";
      for (var i = 1; i < cells.length; i++) {
        h += (i === 3 ? "<td class=\"verdict\" data-label=\"" : "<td data-label=\"") +
          escape(heads[i]) + "\">" + (values[i] === null ? escape(cells[i]) : data(values[i], cells[i])) +
          "</td>";
      }
      h += "</tr>\n";
    });
    return h + "</tbody>\n</table>\n</div>\n</figure>\n";
  }

  /** `survives`: what the first budget survives, in words. */
  function survivesText(f, t, lang) {
    if (f.longest_trigger_capped) return fill(t.survives_all, { t: secondsText(LONGEST_TRIGGER_MS, lang) });
    if (f.longest_trigger_ms === 0) return fill(t.survives_none, { t: secondsText(TRIGGER_GRID_MS[0], lang) });
    return fill(t.survives, { t: secondsText(f.longest_trigger_ms, lang) });
  }

  /** `recovery_frontier::advice`: one sentence about the first budget. */
  function adviceText(runs, frontiers, alternatives, inputs, d) {
    var w = d.words.recovery.frontier;
    var t = triggerWords(inputs, d);
    var first = runs[0];
    var f = frontiers[first.budget];
    var lang = d.lang;
    var survives = survivesText(f, t, lang);
    var one = fill(t.one, { t: B.formatDuration(inputs.outage_ms, lang) });
    var budget = budgetLabel(d, first.budget);
    if (first.run.recovered_after_ms !== null && first.run.recovered_after_ms !== undefined) {
      var enough = f.capacity_needed === null ? inputs.capacity : f.capacity_needed;
      return fill(w.advice_recovers, {
        budget: budget, survives: survives, one: one, capacity: capacityText(enough, inputs.demand, d),
      });
    }
    var needs = capacityText(f.capacity_needed, inputs.demand, d);
    runs.slice(1).forEach(function (r) {
      if (r.run.recovered_after_ms !== null && r.run.recovered_after_ms !== undefined) {
        needs += w.or + budgetLabel(d, r.budget);
      }
    });
    if (alternatives.shedding === true) needs += w.or + w.shedding;
    if (alternatives.queue !== null && alternatives.queue[1] === true) {
      needs += w.or + fill(w.queue_limit, { q: B.formatNumber(alternatives.queue[0], 0, lang) });
    }
    return fill(w.advice_fails, { budget: budget, survives: survives, one: one, needs: needs });
  }

  var M_PLOT = 220;
  var M_TOP = 8;
  var M_AXIS = 44;
  var M_FLOOR_QUARTERS = 0.5;
  var M_TOP_QUARTERS = 480;
  var M_GRID_QUARTERS = [1, 4, 20, 120, 480];
  var UTILIZATIONS = R ? R.UTILIZATIONS : [];

  /** `map_y`: a longest trigger's place on the plot, % from the top, on a log scale. */
  function mapY(ms) {
    var lnUnit = R.engine.lnUnit;
    var q = ms === 0 ? M_FLOOR_QUARTERS : ms / 250;
    return 100 * lnUnit(q / M_TOP_QUARTERS) / lnUnit(M_FLOOR_QUARTERS / M_TOP_QUARTERS);
  }

  /** `map_x`: a utilization's place across the plot, %. */
  function mapX(u) {
    return 12 + (u - 0.5) / 0.4 * 83;
  }

  /** `recovery_frontier::map_html`: the map's figure of one strategy. */
  function mapHtml(runs, frontiers, inputs, params, d) {
    var w = d.words.recovery.frontier;
    var lang = d.lang;
    var strategy = params.strategies[0];
    var t = triggerWords(inputs, d);
    var title = fill(w.map_title, { strategy: labelOf(d, strategy), trigger: t.name });
    var lines = runs.filter(function (r) {
      return frontiers[r.budget] && frontiers[r.budget].map;
    }).map(function (r) {
      return { budget: r.budget, rows: frontiers[r.budget].map };
    });
    var height = M_TOP + M_PLOT + M_AXIS;
    var s = "<figure class=\"backoff-chart backoff-map\" data-strategy=\"" + strategy + "\">\n" +
      "<svg class=\"frontier-map\" width=\"100%\" height=\"" + rustF64(height) + "\" role=\"img\" " +
      "xmlns=\"http://www.w3.org/2000/svg\">\n<title>" + escape(title) + "</title>\n<g class=\"grid\">\n";
    M_GRID_QUARTERS.concat([null]).forEach(function (q) {
      var y = M_TOP + mapY(q === null ? 0 : q * 250) / 100 * M_PLOT;
      var label = q === null ? "< " + secondsText(250, lang) : secondsText(q * 250, lang);
      s += "<line x1=\"0\" y1=\"" + fixed(y, 2) + "\" x2=\"100%\" y2=\"" + fixed(y, 2) +
        "\"/><text x=\"0\" y=\"" + fixed(q === M_TOP_QUARTERS ? y + 13 : y - 4, 2) + "\">" +
        escape(label) + "</text>\n";
    });
    s += "</g>\n<svg x=\"0\" y=\"" + rustF64(M_TOP) + "\" width=\"100%\" height=\"" + rustF64(M_PLOT) +
      "\" viewBox=\"0 0 100 100\" preserveAspectRatio=\"none\" overflow=\"visible\">\n";
    lines.forEach(function (line) {
      var points = line.rows.map(function (r) {
        return [fixed(mapX(r.utilization), 2), fixed(mapY(r.longest_trigger_ms), 2)];
      });
      s += "<g class=\"line budget-" + line.budget + "\">\n<polygon class=\"region\" points=\"";
      if (points.length > 0) {
        s += points[0][0] + ",0 " + points.map(function (p) {
          return p[0] + "," + p[1] + " ";
        }).join("") + points[points.length - 1][0] + ",0";
      }
      s += "\"/>\n<polyline points=\"" + points.map(function (p) {
        return p[0] + "," + p[1];
      }).join(" ") + "\" vector-effect=\"non-scaling-stroke\"/>\n<path class=\"dot\" d=\"" +
        points.map(function (p) {
          return "M" + p[0] + " " + p[1] + "h0";
        }).join("") + "\" vector-effect=\"non-scaling-stroke\"/>\n</g>\n";
    });
    var y = rustF64(M_TOP + M_PLOT);
    s += "</svg>\n<g class=\"axis\">\n<line x1=\"0\" y1=\"" + y + "\" x2=\"100%\" y2=\"" + y + "\"/>\n";
    UTILIZATIONS.forEach(function (u) {
      var x = fixed(mapX(u), 2);
      s += "<g class=\"tick\"><line x1=\"" + x + "%\" y1=\"" + y + "\" x2=\"" + x + "%\" y2=\"" +
        rustF64(M_TOP + M_PLOT + 5) + "\"/><text x=\"" + x + "%\" y=\"" + rustF64(M_TOP + M_PLOT + 19) +
        "\" text-anchor=\"middle\">" + escape(B.formatPercent(u, lang)) + "</text></g>\n";
    });
    s += "<text class=\"axis-title\" x=\"50%\" y=\"" + rustF64(M_TOP + M_PLOT + 37) +
      "\" text-anchor=\"middle\">" + escape(w.map_axis) + "</text>\n</g>\n</svg>\n<figcaption>" +
      escape(title) + ".\n<span class=\"legend\">";
    lines.forEach(function (line) {
      s += "<span class=\"entry\"><span class=\"key budget-" + line.budget + "\"></span>" +
        escape(budgetLabel(d, line.budget)) + "</span>";
    });
    s += "<span class=\"entry\"><span class=\"key region\"></span>" + escape(w.map_region) +
      "</span></span>\n" + escape(fill(w.map_note, {
        top: longestText(LONGEST_TRIGGER_MS, true, d),
        bottom: secondsText(TRIGGER_GRID_MS[0], lang),
      })) + "\n<ul class=\"recovery\">\n";
    lines.forEach(function (line) {
      var points = line.rows.map(function (r) {
        return fill(w.map_point, {
          t: longestText(r.longest_trigger_ms, r.longest_trigger_capped, d),
          u: B.formatPercent(r.utilization, lang),
        });
      });
      s += "<li>" + escape(fill(w.map_line, { budget: budgetLabel(d, line.budget), points: points.join(", ") })) +
        "</li>\n";
    });
    return s + "</ul></figcaption>\n</figure>\n";
  }

  // ---------------------------------------------------------------------------------------
  // The query string: the shortcode's argument names and value syntax.

  /** The libraries chosen, in the order of the fields, each once; `none`s left out. */
  function picksOf(values) {
    var out = [];
    LIBRARY_KEYS.forEach(function (key) {
      var id = values[key];
      if (id && id !== "none" && out.indexOf(id) < 0) out.push(id);
    });
    return out;
  }

  /** The schedule's, the odds' and the libraries' part of the query. */
  function queryOf(values) {
    var picks = picksOf(values);
    return ALL_KEYS.filter(function (key) {
      if (KEYS.indexOf(key) >= 0) return true;
      if (key === "library") return picks.length > 0;
      return LIBRARY_KEYS.indexOf(key) < 0 && values[key] !== "";
    }).map(function (key) {
      var value = key === "library" ? picks.join(",") : values[key];
      return key + "=" + encodeURIComponent(value).replace(/%2C/gi, ",");
    }).join("&");
  }

  /**
   * The section's part of the query: every field, `shed=true` only when it is checked, the
   * trigger when it is not an outage and its parameter with it.
   */
  function loadQueryOf(values) {
    return LOAD_KEYS.filter(function (key) {
      if (key === "shed") return values.shed === "true";
      if (key === "trigger") return values.trigger !== "outage" && values.trigger !== "";
      if (TRIGGER_PARAMS[key]) return values.trigger === TRIGGER_PARAMS[key];
      return true;
    }).map(function (key) {
      return key + "=" + encodeURIComponent(values[key]).replace(/%2C/gi, ",");
    }).join("&");
  }

  function queryValues() {
    var search = new URLSearchParams(window.location.search);
    var found = null;
    FORM_KEYS.forEach(function (key) {
      if (search.has(key)) {
        found = found || {};
        found[key] = search.get(key);
      }
    });
    // A link with the section's fields leaves `shed` out when it is off.
    if (found && found.shed === undefined && LOAD_KEYS.some(function (key) {
      return found[key] !== undefined;
    })) {
      found.shed = "";
    }
    return found;
  }

  // ---------------------------------------------------------------------------------------
  // The section's simulation, off the page's thread: a pool of workers
  // (static/js/recovery-worker.js), each given one budget at a time, so that the budgets run
  // side by side; without workers, one run per task on this thread.

  /** Workers: as many as the machine has cores, at most this many. */
  var MAX_WORKERS = 2;
  /** The budgets' usual cost, dearest first (the fewer retries a budget refuses, the dearer). */
  var DEAR_FIRST = ["none", "linkerd", "finagle", "envoy", "aws", "sre", "grpc"];

  /**
   * What each worker simulates when it starts: a small fleet (some 0.1 s of work, in three runs
   * that a real change interrupts), so that the engine's hot code is compiled by the time the
   * reader's first change arrives.
   */
  var WARM_UP = {
    base: "100ms", attempts: "8", jitter: "full", clients: "100", demand: "400", capacity: "300",
    timeout: "1s", outage: "3s", horizon: "10s", budget: "none,finagle,sre",
  };

  function workerCount() {
    var cores = Number(navigator.hardwareConcurrency) || 1;
    return Math.max(1, Math.min(MAX_WORKERS, cores));
  }

  /**
   * Workers the frontier's searches may keep busy: one core is left to the page, so that the
   * reader can type on while they run (they take seconds, not the runs' tenths).
   */
  function searchWorkerCount() {
    var cores = Number(navigator.hardwareConcurrency) || 1;
    return Math.max(1, Math.min(MAX_WORKERS, cores - 1));
  }

  /**
   * A job: `input` (SadeRecovery.parse's object) and its tasks, each {budget} (a run of the
   * input's strategy under that budget) or {budget, search} (a search of the frontier, the
   * worker's `search`); `done(results)` with the tasks' results in their order once all are
   * in, `progress(done, total)` after each. A new job supersedes the one before.
   */
  function Pool(url, config) {
    this.url = url;
    this.config = config;
    this.workers = null;
    this.failed = typeof Worker === "undefined";
    this.job = null;
    this.ids = 0;
    this.timer = null;
  }

  /** Starts the workers (their scripts load while the reader types). */
  Pool.prototype.start = function () {
    if (this.workers !== null || this.failed) return;
    var self = this;
    var workers = [];
    try {
      for (var i = 0; i < workerCount(); i++) {
        var worker = new Worker(this.url);
        var slot = { worker: worker, id: null, task: -1 };
        worker.onmessage = this.receive.bind(this, slot);
        worker.onerror = function (event) {
          if (event && event.preventDefault) event.preventDefault();
          self.fail();
        };
        workers.push(slot);
      }
    } catch (_) {
      workers.forEach(function (slot) {
        slot.worker.terminate();
      });
      this.failed = true;
      return;
    }
    this.workers = workers;
    // A first run takes about twice as long as later ones: warm the engine up.
    var warm = WARM_UP;
    workers.forEach(function (slot, i) {
      slot.worker.postMessage({ input: warm, config: self.config, id: "warm-" + i });
    });
  };

  /** A worker could not start or run: the rest is computed on this thread. */
  Pool.prototype.fail = function () {
    if (this.failed) return;
    this.failed = true;
    if (this.workers) {
      this.workers.forEach(function (slot) {
        slot.worker.terminate();
      });
    }
    this.workers = null;
    var job = this.job;
    if (job !== null) {
      // Whatever was handed out is run again here.
      job.pending = job.tasks.map(function (_, i) {
        return i;
      }).filter(function (i) {
        return !(i in job.results);
      });
      this.slice();
    }
  };

  /** Runs `tasks` for `input` (see `Pool`); the dearest budgets' runs go first. */
  Pool.prototype.run = function (input, tasks, done, progress) {
    var order = tasks.map(function (_, i) {
      return i;
    });
    order.sort(function (a, b) {
      var searchA = tasks[a].search ? 1 : 0;
      var searchB = tasks[b].search ? 1 : 0;
      return searchA - searchB || DEAR_FIRST.indexOf(tasks[a].budget) - DEAR_FIRST.indexOf(tasks[b].budget) ||
        a - b;
    });
    this.job = {
      id: ++this.ids,
      input: input,
      tasks: tasks,
      pending: order,
      results: {},
      left: tasks.length,
      done: done,
      progress: progress || function () {},
      steps: null,
    };
    this.start();
    if (this.failed) {
      this.slice();
      return;
    }
    var self = this;
    this.workers.forEach(function (slot) {
      self.hand(slot);
    });
  };

  /** Stops the job under way: its results are dropped. */
  Pool.prototype.cancel = function () {
    this.job = null;
  };

  /** Gives `slot` the next task of the job (a newer job supersedes what it was doing). */
  Pool.prototype.hand = function (slot) {
    var job = this.job;
    var searching = job !== null && job.pending.length > 0 && job.tasks[job.pending[0]].search;
    if (job === null || job.pending.length === 0 ||
        (searching && this.workers.indexOf(slot) >= searchWorkerCount())) {
      if (slot.id !== null && (job === null || slot.id !== job.id)) slot.id = null;
      return;
    }
    var i = job.pending.shift();
    var task = job.tasks[i];
    var input = {};
    Object.keys(job.input).forEach(function (k) {
      input[k] = job.input[k];
    });
    input.budget = task.budget;
    slot.id = job.id;
    slot.task = i;
    var message = { input: input, config: this.config, id: job.id };
    if (task.search) {
      message.search = { kind: task.search.kind, budget: task.budget, u: task.search.u, known: task.search.known };
    }
    slot.worker.postMessage(message);
  };

  /** A task's result is in. */
  Pool.prototype.record = function (job, i, result) {
    if (i in job.results) return;
    job.results[i] = result;
    job.left--;
    job.progress(job.tasks.length - job.left, job.tasks.length);
    if (job.left === 0) this.finish(job);
  };

  Pool.prototype.receive = function (slot, event) {
    var m = event.data || {};
    var job = this.job;
    var current = job !== null && m.id === job.id && slot.task >= 0;
    if (current && m.run && !job.tasks[slot.task].search) this.record(job, slot.task, m.run);
    if (current && m.search && job.tasks[slot.task].search) this.record(job, slot.task, m.result);
    if (m.done || m.error) {
      if (m.error && current) {
        // parse has already accepted these inputs; this is not expected.
        if (window.console) window.console.error("sade: the worker refused", m.error);
      }
      if (slot.id === m.id) {
        slot.id = null;
        slot.task = -1;
        this.hand(slot);
      }
    }
  };

  /**
   * Without workers: one run per task, so that the page can answer between them (a search is
   * made one verdict-only run per task).
   */
  Pool.prototype.slice = function () {
    var self = this;
    if (this.timer !== null) return;
    this.timer = window.setTimeout(function step() {
      self.timer = null;
      var job = self.job;
      if (job === null) return;
      var parsed = R.parse(job.input);
      if (job.steps === null && job.pending.length > 0) {
        var i = job.pending.shift();
        var task = job.tasks[i];
        var one = Object.assign({}, job.input, { budget: task.budget });
        var p = R.parse(one);
        if (!p.ok) return;
        if (task.search) {
          var steps = R.searchSteps(p.inputs, task.search.kind, task.search.u);
          job.steps = { i: i, task: task, params: p.params, steps: steps, step: steps.next() };
        } else {
          self.record(job, i, R.run(p.params, p.inputs, p.params.strategies[0], task.budget));
        }
      } else if (job.steps !== null && parsed.ok) {
        var s = job.steps;
        if (s.step.done) {
          job.steps = null;
          self.record(job, s.i, s.step.value);
        } else {
          var probe = s.step.value;
          var known = s.task.search.known;
          var recovers = known && probe.outage_ms === known.outage_ms && probe.capacity === known.capacity &&
            probe.shed === parsed.inputs.shed && probe.queue === parsed.inputs.queue
            ? known.recovers
            : R.verdict(s.params, probe, s.params.strategies[0], s.task.budget) !== null;
          s.step = s.steps.next(recovers);
        }
      }
      if (self.job === job && (job.pending.length > 0 || job.steps !== null)) {
        self.timer = window.setTimeout(step, 0);
      }
    }, 0);
  };

  Pool.prototype.finish = function (job) {
    if (this.job === job) this.job = null;
    job.done(job.tasks.map(function (_, i) {
      return job.results[i];
    }));
  };

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
    // The "Will it come back?" section, when the page has it and its engine.
    this.section = R && this.form.querySelector("fieldset.load")
      ? block.querySelector("section.backoff-recovery-results") : null;
    this.keys = this.section ? FORM_KEYS : ALL_KEYS;
    this.fields = {};
    var self = this;
    this.keys.forEach(function (key) {
      self.fields[key] = self.form.elements.namedItem(key);
    });
    this.timer = null;
    this.lastQuery = null;
    this.lastLoad = null;
    this.pool = null;
    if (this.section) {
      this.computing = this.section.querySelector(".computing");
      this.runsBox = this.section.querySelector(".recovery-runs");
      this.frontier = this.section.querySelector("section.frontier");
      this.progress = this.frontier.querySelector(".frontier-progress");
      this.mapAgain = this.frontier.querySelector(".map-again");
      // The inputs of the map shown (the built one is for the built inputs) and of the
      // frontier's searches.
      this.mapKey = null;
      this.searched = null;
      this.pool = new Pool(this.section.getAttribute("data-worker"), {
        limits: this.data.limits,
        defaults: this.data.defaults,
      });
      var r = this.data.words.recovery;
      // The section's labels, under the names SadeRecovery's errors give.
      this.loadWords = {
        form: {
          demand: r.demand,
          capacity: r.capacity,
          timeout: r.timeout,
          outage: r.outage,
          horizon: r.horizon,
          queue: r.queue,
          shed: r.shed_field,
          budget: r.budgets_field,
          jitter: r.strategy,
          trigger: r.trigger,
          degraded: r.degraded,
          surge: r.surge,
        },
        messages: this.data.words.messages,
      };
    }
  }

  Calculator.prototype.values = function () {
    var out = {};
    var fields = this.fields;
    this.keys.forEach(function (key) {
      var field = fields[key];
      if (key === "shed") out[key] = field && field.checked ? "true" : "";
      else out[key] = field ? String(field.value).trim() : "";
    });
    return out;
  };

  Calculator.prototype.fill = function (values) {
    var fields = this.fields;
    if (values.library !== undefined) {
      // `library=got,urllib3`: one id per choice, in order; the others none.
      var ids = values.library.split(",").map(function (id) {
        return id.trim();
      });
      values = Object.assign({}, values);
      LIBRARY_KEYS.forEach(function (key, i) {
        values[key] = ids[i] || "none";
      });
    }
    this.keys.forEach(function (key) {
      var field = fields[key];
      if (!field || values[key] === undefined) return;
      if (key === "shed") {
        field.checked = values[key] === "true";
        return;
      }
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
    this.showTrigger();
  };

  /**
   * Marks the fields of `errors` (the schedule's, odds' and library's) and `loadErrors` (the
   * section's, {arg, message}) invalid with their messages; clears the others. `loadStale`:
   * the section cannot be computed for the form's values.
   */
  Calculator.prototype.showErrors = function (errors, loadErrors, loadStale) {
    var byArg = {};
    var words = this.data.words;
    errors.forEach(function (e) {
      if (!byArg[e.arg]) byArg[e.arg] = B.message(e, words);
    });
    (loadErrors || []).forEach(function (e) {
      if (!byArg[e.arg]) byArg[e.arg] = e.message;
    });
    var block = this.block;
    var fields = this.fields;
    this.keys.forEach(function (key) {
      var field = fields[key];
      var slot = block.querySelector("#bc-" + key + "-error");
      var message = byArg[key] || "";
      if (slot && slot.textContent !== message) slot.textContent = message;
      if (!field) return;
      if (message) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
    var stale = errors.length > 0;
    if (this.stale) this.stale.hidden = !(stale || loadStale);
    this.results.classList.toggle("stale", stale);
    if (this.section) this.section.classList.toggle("stale", !!loadStale);
  };

  /** The form's values parsed: {params, odds, oddsInput, schedule, libraries} or {errors}. */
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
    LIBRARY_KEYS.forEach(function (key) {
      var id = values[key];
      if (id && id !== "none" && L.ids.indexOf(id) < 0) {
        errors.push(B.engine.inputError(key, "unknown_library", id));
      }
    });
    if (errors.length > 0) return { errors: errors };
    return {
      params: parsed.params,
      odds: oddsParsed ? oddsParsed.odds : null,
      oddsInput: anyOdds ? odds : null,
      schedule: schedule,
      libraries: picksOf(values),
    };
  };

  /** The section's fields as SadeRecovery.parse's keys (the schedule's added by `parseLoad`). */
  function loadFields(values) {
    return {
      demand: values.demand,
      capacity: values.capacity,
      timeout: values["recovery-timeout"],
      outage: values["recovery-outage"],
      horizon: values.horizon,
      queue: values.queue,
      shed: values.shed === "true" ? "true" : "false",
      budget: values.budget,
      trigger: values.trigger || "outage",
      degraded: values.trigger === "slowdown" ? values.degraded : undefined,
      surge: values.trigger === "surge" ? values.surge : undefined,
    };
  }

  /** SadeRecovery's argument names → the form's. */
  var LOAD_ARGS = { timeout: "recovery-timeout", outage: "recovery-outage", jitter: "recovery-jitter" };

  /**
   * The section's inputs: {input, params, inputs, key} when they can be simulated; else
   * {errors: [{arg, message}] (the section's fields only: the schedule's are `parse`'s)}.
   */
  Calculator.prototype.parseLoad = function (values) {
    var input = loadFields(values);
    var strategy = values["recovery-jitter"];
    var words = this.loadWords;
    var errors = [];
    var add = function (list) {
      list.forEach(function (e) {
        if (SCHEDULE_KEYS.indexOf(e.arg) >= 0) return;
        errors.push({ arg: LOAD_ARGS[e.arg] || e.arg, message: R.message(e, words) });
      });
    };
    if (B.strategies.indexOf(strategy) < 0) {
      add([B.engine.inputError("jitter", "unknown_strategy", strategy)]);
    }
    // The section's fields alone (a schedule that parses), so their errors show whatever the
    // schedule's state.
    var alone = { base: "100ms", jitter: "none" };
    Object.keys(input).forEach(function (k) {
      if (input[k] !== undefined) alone[k] = input[k];
    });
    var checked = R.parse(alone);
    if (!checked.ok) add(checked.errors);
    SCHEDULE_KEYS.forEach(function (k) {
      input[k] = values[k];
    });
    input.jitter = strategy;
    if (errors.length > 0) return { errors: errors };
    var parsed = R.parse(input);
    if (!parsed.ok) {
      add(parsed.errors);
      return { errors: errors };
    }
    var schedule = SCHEDULE_KEYS.map(function (k) {
      return values[k];
    }).join("&");
    return {
      input: input,
      params: parsed.params,
      inputs: parsed.inputs,
      key: schedule + "&" + loadQueryOf(values),
      // The map sets the capacity of each row from its utilization: the rest is its input.
      mapKey: schedule + "&" + loadQueryOf(Object.assign({}, values, { capacity: "" })),
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
    if (parsed.libraries.length > 0) {
      var numbers = {
        base_ms: parsed.params.base_ms,
        factor: parsed.params.factor,
        cap_ms: parsed.params.cap_ms,
        attempts: parsed.params.attempts,
        seed: parsed.params.seed,
      };
      var ids = byGroup(parsed.libraries);
      var models = ids.map(function (id) {
        return L.model(id, numbers);
      });
      html += libraryHtml(models, L.herd(numbers, ids, parsed.params.clients), parsed.params, d);
    }
    return html;
  };

  /**
   * Simulates the section's inputs off this thread; renders them when every budget is in, then
   * searches their frontier (SPEC §9) and renders the advice and the frontier's table.
   */
  Calculator.prototype.recompute = function (load) {
    var self = this;
    var section = this.section;
    var started = performance.now();
    this.computing.hidden = false;
    section.setAttribute("aria-busy", "true");
    this.showProgress();
    var budgets = load.inputs.budgets;
    var tasks = budgets.map(function (budget) {
      return { budget: budget };
    });
    this.pool.run(load.input, tasks, function (results) {
      var computed = performance.now();
      var runs = budgets.map(function (budget, i) {
        return { budget: budget, run: results[i] };
      });
      self.runsBox.innerHTML = recoveryHtml(runs, load.inputs, load.params, self.data);
      self.computing.hidden = true;
      var rendered = performance.now();
      section.dispatchEvent(new CustomEvent("sade:recovered", {
        bubbles: true,
        detail: {
          ms: rendered - started,
          compute: computed - started,
          render: rendered - computed,
          query: load.key,
          where: self.pool.failed ? "page" : "worker",
        },
      }));
      self.searchFrontier(load, runs, started);
    });
  };

  /** Shows the frontier's progress bar at `done` of `total` searches (none: hides it). */
  Calculator.prototype.showProgress = function (done, total) {
    var bar = this.progress;
    var meter = bar.querySelector("progress");
    var status = bar.querySelector(".status");
    if (total === undefined) {
      // As the build wrote it.
      bar.hidden = true;
      meter.setAttribute("max", "1");
      meter.setAttribute("value", "0");
      status.textContent = "";
      return;
    }
    bar.hidden = false;
    meter.setAttribute("max", String(total));
    meter.setAttribute("value", String(done));
    status.textContent = fill(this.data.words.recovery.frontier.progress, {
      done: B.formatNumber(done, 0, this.data.lang),
      total: B.formatNumber(total, 0, this.data.lang),
    });
  };

  /**
   * The frontier of the section's runs: each budget's longest trigger and capacity needed, and
   * the first budget's alternatives, searched in the workers; then the advice and the table.
   * The map is the built one while the inputs are the built ones; for others it is marked stale
   * and its button offers to search it.
   */
  Calculator.prototype.searchFrontier = function (load, runs, started) {
    var self = this;
    var budgets = load.inputs.budgets;
    var tasks = [];
    budgets.forEach(function (budget, i) {
      // The runs' verdicts at the inputs as given: the capacity search's step there is one.
      var run = runs[i].run;
      var known = {
        outage_ms: load.inputs.outage_ms,
        capacity: load.inputs.capacity,
        recovers: run.recovered_after_ms !== null && run.recovered_after_ms !== undefined,
      };
      tasks.push({ budget: budget, search: { kind: "capacity", known: known } });
      tasks.push({ budget: budget, search: { kind: "longest", known: known } });
    });
    tasks.push({ budget: budgets[0], search: { kind: "shed" } });
    tasks.push({ budget: budgets[0], search: { kind: "queue" } });
    this.frontier.setAttribute("aria-busy", "true");
    this.showProgress(0, tasks.length);
    var fresh = load.mapKey === this.mapKey;
    this.frontier.querySelector(".backoff-map").classList.toggle("stale", !fresh);
    this.mapAgain.hidden = fresh;
    this.pool.run(load.input, tasks, function (results) {
      var frontiers = {};
      budgets.forEach(function (budget, i) {
        var l = results[2 * i + 1];
        frontiers[budget] = {
          longest_trigger_ms: l.ms,
          longest_trigger_capped: l.capped,
          capacity_needed: results[2 * i],
        };
      });
      var alternatives = { shedding: results[tasks.length - 2], queue: results[tasks.length - 1] };
      var d = self.data;
      self.frontier.querySelector("p.advice").textContent =
        adviceText(runs, frontiers, alternatives, load.inputs, d);
      var table = self.frontier.querySelector("figure.backoff-frontier");
      replaceWith(table, frontierTableHtml(runs, frontiers, load.inputs, load.params, d));
      self.searched = { load: load, runs: runs };
      self.showProgress();
      self.frontier.removeAttribute("aria-busy");
      self.section.removeAttribute("aria-busy");
      self.section.dispatchEvent(new CustomEvent("sade:frontier", {
        bubbles: true,
        detail: { ms: performance.now() - started, searches: tasks.length, query: load.key },
      }));
    }, function (done, total) {
      self.showProgress(done, total);
    });
  };

  /** Searches the map for the inputs of the frontier shown, then draws it. */
  Calculator.prototype.searchMap = function () {
    var self = this;
    var searched = this.searched;
    if (searched === null) return;
    var load = searched.load;
    var budgets = load.inputs.budgets;
    var tasks = [];
    budgets.forEach(function (budget) {
      UTILIZATIONS.forEach(function (u) {
        tasks.push({ budget: budget, search: { kind: "map", u: u } });
      });
    });
    var started = performance.now();
    this.frontier.setAttribute("aria-busy", "true");
    this.section.setAttribute("aria-busy", "true");
    this.mapAgain.querySelector("button").disabled = true;
    this.showProgress(0, tasks.length);
    this.pool.run(load.input, tasks, function (results) {
      var frontiers = {};
      budgets.forEach(function (budget, i) {
        frontiers[budget] = { map: results.slice(i * UTILIZATIONS.length, (i + 1) * UTILIZATIONS.length) };
      });
      var map = self.frontier.querySelector(".backoff-map");
      replaceWith(map, mapHtml(searched.runs, frontiers, load.inputs, load.params, self.data));
      self.mapKey = load.mapKey;
      self.mapAgain.hidden = true;
      self.mapAgain.querySelector("button").disabled = false;
      self.showProgress();
      self.frontier.removeAttribute("aria-busy");
      self.section.removeAttribute("aria-busy");
      self.section.dispatchEvent(new CustomEvent("sade:map", {
        bubbles: true,
        detail: { ms: performance.now() - started, searches: tasks.length, query: load.key },
      }));
    }, function (done, total) {
      self.showProgress(done, total);
    });
  };

  /**
   * Replaces `element` with the markup `html` (one element and the newline the build writes
   * after it, which stays where it is).
   */
  function replaceWith(element, html) {
    element.insertAdjacentHTML("beforebegin", html.replace(/\n$/, ""));
    element.parentNode.removeChild(element);
  }

  /** Shows the field of the chosen trigger's parameter, hides the other's. */
  Calculator.prototype.showTrigger = function () {
    var trigger = this.fields.trigger;
    if (!trigger) return;
    var form = this.form;
    Object.keys(TRIGGER_PARAMS).forEach(function (key) {
      var field = form.querySelector(".field-" + key);
      if (field) field.hidden = trigger.value !== TRIGGER_PARAMS[key];
    });
    // The trigger's length is labelled by its name, as the build labels it.
    var words = this.data.words.recovery.triggers[trigger.value];
    var label = form.querySelector("label[for=\"bc-recovery-outage\"]");
    if (words && label && label.textContent !== words.label) label.textContent = words.label;
  };

  /** Parses the form; on success renders and returns true, else shows the errors. */
  Calculator.prototype.run = function (options) {
    var started = performance.now();
    var values = this.values();
    var parsed = this.parse(values);
    var load = this.section ? this.parseLoad(values) : null;
    var loadStale = load !== null && !!load.errors;
    this.showErrors(parsed.errors || [], load && load.errors, loadStale);
    if (parsed.errors && (load === null || load.errors)) return false;
    var clients = parsed.params ? parsed.params.clients : load.params.clients;
    if (options && options.onlyIfLive && clients > LIVE_CLIENTS) return false;
    var force = options && options.force;
    // The simulation first: it runs in the workers while this thread renders the rest.
    if (load !== null && !load.errors && (load.key !== this.lastLoad || force)) {
      this.lastLoad = load.key;
      this.recompute(load);
    }
    if (parsed.errors) return false;
    var query = queryOf(values);
    if (query !== this.lastQuery || force) {
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
    if (load !== null && load.errors) return false;
    if (this.syncUrl && !(options && options.keepUrl)) {
      var full = load !== null ? query + "&" + loadQueryOf(values) : query;
      var url = "?" + full + window.location.hash;
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
    var initial = this.values();
    this.lastQuery = queryOf(initial);
    if (this.section) {
      var load = this.parseLoad(initial);
      this.lastLoad = load.errors ? null : load.key;
      this.mapKey = load.errors ? null : load.mapKey;
      if (!load.errors) {
        // The built frontier is for the built inputs and their built runs.
        this.searched = { load: load, runs: null };
      }
      this.mapAgain.querySelector("button").addEventListener("click", function () {
        self.searchMap();
      });
      if (this.fields.trigger) {
        this.fields.trigger.addEventListener("change", function () {
          self.showTrigger();
        });
      }
      // The workers start when the reader turns to the form, not with every page view.
      var pool = this.pool;
      this.form.addEventListener("focusin", function () {
        pool.start();
      });
    }
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
    recoverySvg: recoverySvg,
    recoveryChartHtml: recoveryChartHtml,
    recoveryTableHtml: recoveryTableHtml,
    recoveryHtml: recoveryHtml,
    frontierTableHtml: frontierTableHtml,
    adviceText: adviceText,
    mapHtml: mapHtml,
    fixed: fixed,
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
