/*!
 * sade — the backoff calculator in the browser.
 *
 * Wires every `.backoff-calculator-block` that the `backoff_calculator` shortcode renders: on
 * input the form is parsed with SadeBackoff.parseParams, and the table and the fleet chart are
 * re-rendered in place with the same HTML as the build's `table_html` and `chart_html`
 * (src/shortcode/backoff_table.rs, backoff_chart.rs). The first calculator on a page keeps its
 * inputs in the query string (`?base=250ms&factor=2&cap=30s&attempts=6&jitter=all&seed=7`).
 *
 * Plain script: no framework, no inline handlers, no network. Needs /js/backoff.js first.
 */
(function () {
  "use strict";

  var B = window.SadeBackoff;
  if (!B || window.SadeCalculator) return;

  var KEYS = ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"];
  /** Above this many clients a recompute waits for `change` (blur, Enter), not every keystroke. */
  var LIVE_CLIENTS = 20000;
  var DEBOUNCE_MS = 120;

  // Geometry of the chart (src/shortcode/backoff_chart.rs).
  var LEFT = 112;
  var PLOT = 480;
  var RIGHT = 104;
  var STRIP = 44;
  var GAP = 12;
  var AXIS = 34;

  // ---------------------------------------------------------------------------------------
  // Rust's text forms.

  var rustF64 = B.rustF64;

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

  /** `data_ms`: `<data value="MS">localized</data>`. */
  function dataMs(ms, lang) {
    return "<data value=\"" + rustF64(ms) + "\">" + B.formatDuration(ms, lang) + "</data>";
  }

  // ---------------------------------------------------------------------------------------
  // `table_html`.

  function tableHtml(doc, params, lang) {
    var w = B.words(lang);
    var strategies = doc.params.strategies;
    var grouped = strategies.length > 1;
    var h = "<figure class=\"backoff\">\n<table class=\"backoff-table\">\n<caption>";
    h += escape(B.describeParams(params, lang));
    h += "</caption>\n<thead>\n";
    var rowspan = grouped ? " rowspan=\"2\"" : "";
    h += "<tr><th scope=\"col\"" + rowspan + ">" + w.attempt + "</th><th scope=\"col\"" +
      rowspan + ">" + w.delay + "</th>";
    if (grouped) {
      strategies.forEach(function (s) {
        h += "<th scope=\"colgroup\" colspan=\"3\">" + B.strategyLabel(s) + "</th>";
      });
      h += "</tr>\n<tr>";
    }
    strategies.forEach(function () {
      h += "<th scope=\"col\">" + w.min + "</th><th scope=\"col\">" + w.max +
        "</th><th scope=\"col\">" + w.sample + "</th>";
    });
    h += "</tr>\n</thead>\n<tbody>\n";
    doc.rows.forEach(function (row) {
      h += "<tr><th scope=\"row\">" + row.attempt + "</th><td>" + dataMs(row.nominal_ms, lang) +
        "</td>";
      strategies.forEach(function (s) {
        var c = row[s];
        [c.min_ms, c.max_ms, c.sample_ms].forEach(function (ms) {
          h += "<td>" + dataMs(ms, lang) + "</td>";
        });
      });
      h += "</tr>\n";
    });
    h += "</tbody>\n<tfoot>\n";
    var totals = [
      [w.worst_total, "worst_ms"],
      [w.best_total, "best_ms"],
      [w.mean_total, "mean_ms"],
    ];
    totals.forEach(function (t) {
      h += "<tr><th scope=\"row\" colspan=\"2\">" + t[0] + "</th>";
      strategies.forEach(function (s) {
        // Rust: `mean_is_estimate` is true for decorrelated only (a fleet average).
        var mark = t[1] === "mean_ms" && s === "decorrelated"
          ? " <small>(" + w.estimated + ")</small>" : "";
        h += "<td colspan=\"3\">" + dataMs(doc.totals[s][t[1]], lang) + mark + "</td>";
      });
      h += "</tr>\n";
    });
    h += "</tfoot>\n</table>\n</figure>\n";
    return h;
  }

  // ---------------------------------------------------------------------------------------
  // `chart_html`.

  function summary(doc, lang) {
    var retries = doc.fleet.clients * doc.params.attempts;
    var total = B.formatNumber(retries, 0, lang);
    return doc.params.strategies.map(function (s) {
      var share = B.formatPercent(doc.fleet[s].peak_share, lang);
      return lang === "tr"
        ? B.strategyLabel(s) + ": en kalabalık pencerede " + total + " yeniden denemenin " +
          share + " kadarı"
        : B.strategyLabel(s) + ": " + share + " of " + total + " retries land in the busiest window";
    });
  }

  function chartHtml(doc, lang) {
    var w = B.words(lang);
    var fleet = doc.fleet;
    var strategies = doc.params.strategies;
    var width = LEFT + PLOT + RIGHT;
    var height = strategies.length * (STRIP + GAP) + AXIS;
    var max = 0;
    strategies.forEach(function (s) {
      fleet[s].histogram.forEach(function (count) {
        if (count > max) max = count;
      });
    });
    max = Math.max(max, 1);
    var clients = B.formatNumber(fleet.clients, 0, lang);
    var title = lang === "tr"
      ? w.fleet + ": " + clients + " istemcinin yeniden denemeleri zamana göre"
      : w.fleet + ": when " + clients + " clients retry, over time";
    var lines = summary(doc, lang);
    var s = "<figure class=\"backoff-chart\">\n";
    s += "<svg viewBox=\"0 0 " + rustF64(width) + " " + rustF64(height) +
      "\" width=\"100%\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>" +
      escape(title) + "</title>\n<desc>" + escape(lines.join(". ")) + "</desc>\n";
    var barW = PLOT / fleet[strategies[0]].histogram.length;
    strategies.forEach(function (st, row) {
      var f = fleet[st];
      var top = row * (STRIP + GAP);
      var baseY = top + STRIP;
      s += "<g class=\"strip bar-" + st + "\">\n<text class=\"label\" x=\"0\" y=\"" +
        fixed(top + STRIP / 2 + 4, 1) + "\">" + B.strategyLabel(st) + "</text>\n" +
        "<line class=\"grid\" x1=\"" + rustF64(LEFT) + "\" y1=\"" + fixed(baseY, 1) + "\" x2=\"" +
        fixed(LEFT + PLOT, 1) + "\" y2=\"" + fixed(baseY, 1) + "\"/>\n";
      f.histogram.forEach(function (count, i) {
        if (count === 0) return;
        var h = Math.max(count / max * STRIP, 1);
        s += "<rect x=\"" + fixed(LEFT + i * barW, 2) + "\" y=\"" + fixed(baseY - h, 2) +
          "\" width=\"" + fixed(barW, 2) + "\" height=\"" + fixed(h, 2) + "\"/>\n";
      });
      s += "<text class=\"label peak\" x=\"" + fixed(LEFT + PLOT + 8, 1) + "\" y=\"" +
        fixed(top + STRIP / 2 + 4, 1) + "\">" + B.formatPercent(f.peak_share, lang) +
        "</text>\n</g>\n";
    });
    var axisY = strategies.length * (STRIP + GAP);
    s += "<g class=\"axis\">\n<line x1=\"" + rustF64(LEFT) + "\" y1=\"" + fixed(axisY, 1) +
      "\" x2=\"" + fixed(LEFT + PLOT, 1) + "\" y2=\"" + fixed(axisY, 1) + "\"/>\n";
    for (var k = 0; k <= 4; k++) {
      var x = LEFT + PLOT * k / 4;
      var t = fleet.horizon_ms * k / 4;
      var anchor = k === 0 ? "start" : k === 4 ? "end" : "middle";
      s += "<line x1=\"" + fixed(x, 1) + "\" y1=\"" + fixed(axisY, 1) + "\" x2=\"" + fixed(x, 1) +
        "\" y2=\"" + fixed(axisY + 4, 1) + "\"/>\n<text class=\"label\" x=\"" + fixed(x, 1) +
        "\" y=\"" + fixed(axisY + 18, 1) + "\" text-anchor=\"" + anchor + "\">" +
        escape(B.formatDuration(t, lang)) + "</text>\n";
    }
    s += "<text class=\"label\" x=\"0\" y=\"" + fixed(axisY + 18, 1) + "\">" + w.time +
      "</text>\n<text class=\"label\" x=\"" + fixed(width, 1) + "\" y=\"" + fixed(axisY + 32, 1) +
      "\" text-anchor=\"end\">" + w.peak_share + "</text>\n</g>\n</svg>\n";
    s += "<figcaption>" + escape(title) + "</figcaption>\n<ul class=\"peak\">\n";
    lines.forEach(function (l) {
      s += "<li>" + escape(l) + "</li>\n";
    });
    s += "</ul>\n</figure>\n";
    return s;
  }

  // ---------------------------------------------------------------------------------------
  // The query string: the shortcode's argument names and value syntax.

  function queryOf(values) {
    return KEYS.map(function (key) {
      var v = encodeURIComponent(values[key]).replace(/%2C/gi, ",");
      return key + "=" + v;
    }).join("&");
  }

  function queryValues() {
    var search = new URLSearchParams(window.location.search);
    var found = null;
    KEYS.forEach(function (key) {
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
    this.lang = block.getAttribute("data-lang") === "tr" ? "tr" : "en";
    this.form = block.querySelector("form.backoff-calculator");
    this.results = block.querySelector(".backoff-results");
    this.button = block.querySelector("button.new-seed");
    this.fields = {};
    var self = this;
    KEYS.forEach(function (key) {
      self.fields[key] = self.form.elements.namedItem(key);
    });
    this.timer = null;
    this.lastQuery = null;
  }

  Calculator.prototype.values = function () {
    var out = {};
    var fields = this.fields;
    KEYS.forEach(function (key) {
      out[key] = fields[key] ? String(fields[key].value).trim() : "";
    });
    return out;
  };

  Calculator.prototype.fill = function (values) {
    var fields = this.fields;
    KEYS.forEach(function (key) {
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
    errors.forEach(function (e) {
      if (!byArg[e.arg]) byArg[e.arg] = e.messages[this.lang] || e.message;
    }, this);
    var block = this.block;
    var fields = this.fields;
    KEYS.forEach(function (key) {
      var field = fields[key];
      var slot = block.querySelector("#bc-" + key + "-error");
      var message = byArg[key] || "";
      if (slot && slot.textContent !== message) slot.textContent = message;
      if (!field) return;
      if (message) field.setAttribute("aria-invalid", "true");
      else field.removeAttribute("aria-invalid");
    });
  };

  /** Parses the form; on success renders and returns true, else shows the errors. */
  Calculator.prototype.run = function (options) {
    var started = performance.now();
    var values = this.values();
    var parsed = B.parseParams(values, { lang: this.lang });
    if (!parsed.ok) {
      this.showErrors(parsed.errors);
      return false;
    }
    this.showErrors([]);
    if (options && options.onlyIfLive && parsed.params.clients > LIVE_CLIENTS) return false;
    var query = queryOf(values);
    if (query !== this.lastQuery || (options && options.force)) {
      var doc = B.compute(parsed.params);
      var html = "\n" + tableHtml(doc, parsed.params, this.lang) + chartHtml(doc, this.lang);
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
      blocks[i].setAttribute("data-enhanced", "true");
      new Calculator(blocks[i], i === 0).start();
    }
  }

  window.SadeCalculator = Object.freeze({
    tableHtml: tableHtml,
    chartHtml: chartHtml,
    fixed: fixed,
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
