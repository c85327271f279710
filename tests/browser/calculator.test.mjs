// The backoff calculator (static/js/calculator.js) in headless Chromium.
//
// Run by tests/browser_calculator.rs, which builds the fixture site, serves it at SADE_URL
// (paths under /csp/ carry `Content-Security-Policy: script-src 'self'`) and writes SADE_CASES:
// {sets: [{values, calc}], default: {values, calc}, shared: {values, calc}}, where `values` are
// the form/query values and `calc` is the text `sade calc --json` printed for them.
//
//   node tests/browser/calculator.test.mjs

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { chromium } from "playwright-core";

const BASE = process.env.SADE_URL;
const CASES = process.env.SADE_CASES ? readCases(process.env.SADE_CASES) : null;
const KEYS = ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"];
const OUTCOME_KEYS = ["fail", "timeout", "deadline", "outage", "library"];
const ENHANCED = ".backoff-calculator-block[data-enhanced=true]";

/** The cases file; each `calc` is the text `sade calc --json` printed, parsed here. */
function readCases(file) {
  const cases = JSON.parse(readFileSync(file, "utf8"));
  for (const c of [...cases.sets, cases.default, cases.shared]) c.calc = JSON.parse(c.calc);
  return cases;
}

/** The query the script writes for a set with outcomes: the schedule, then what is given. */
function outcomeQuery(values) {
  const given = OUTCOME_KEYS.filter((k) => values[k] !== "" && !(k === "library" && values[k] === "none"));
  return "?" + [...KEYS, ...given]
    .map((k) => k + "=" + encodeURIComponent(values[k]).replace(/%2C/gi, ","))
    .join("&");
}

let browser;
const requests = [];
const problems = [];

before(async () => {
  assert.ok(BASE && CASES, "SADE_URL and SADE_CASES must be set (run by cargo test)");
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
});

/** A page in a fresh context; every request is recorded, and errors are collected. */
async function open(path, options = {}) {
  const { enhanced = options.javaScriptEnabled !== false, ...contextOptions } = options;
  const context = await browser.newContext(contextOptions);
  context.on("request", (r) => requests.push(r.url()));
  const page = await context.newPage();
  page.errors = [];
  page.console = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => {
    page.console.push(m.text());
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) {
      page.errors.push(m.text());
    }
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) {
      page.errors.push(`HTTP ${r.status()} ${r.url()}`);
    }
  });
  page.response = await page.goto(BASE + path);
  if (enhanced) {
    await page.waitForSelector(ENHANCED, { state: "attached" });
  }
  return page;
}

async function close(page) {
  assert.deepEqual(page.errors, [], "errors on the page");
  await page.context().close();
}

/** The query the script writes for `values`. */
function queryOf(values) {
  return "?" + KEYS.map((k) => k + "=" + encodeURIComponent(values[k]).replace(/%2C/gi, ",")).join("&");
}

/** Types `values` into the first calculator like a user, leaves the last field, waits for the URL. */
async function setFields(page, values) {
  const block = page.locator(".backoff-calculator-block").first();
  let last = null;
  for (const key of KEYS) {
    if (values[key] === undefined) continue;
    if (key === "jitter") {
      await block.locator("#bc-jitter").selectOption(values.jitter);
    } else {
      await block.locator(`#bc-${key}`).fill(values[key]);
      last = key;
    }
  }
  if (last) await block.locator(`#bc-${last}`).press("Tab");
}

async function waitForQuery(page, query) {
  await page.waitForFunction((q) => window.location.search === q, query, { timeout: 20000 });
}

/** Everything a reader or a script can get from a table figure: the schedule and its totals. */
function readTable(figure) {
  const schedule = figure.querySelector("table.backoff-table");
  const totals = figure.querySelector("table.backoff-totals");
  const cells = (table, section) =>
    [...table.querySelectorAll(`${section} tr`)].map((tr) =>
      [...tr.children].map((c) => ({
        tag: c.tagName,
        text: c.textContent,
        values: [...c.querySelectorAll("data")].map((d) => d.getAttribute("value")),
        scope: c.getAttribute("scope"),
        label: c.getAttribute("data-label"),
      })),
    );
  return {
    caption: schedule.querySelector("caption").textContent,
    head: cells(schedule, "thead"),
    body: cells(schedule, "tbody"),
    foot: cells(totals, "tbody"),
  };
}

/** The script's table and chart, and the build's reference pair `k` (or null). */
function snapshot(k) {
  const block = document.querySelector(".backoff-calculator-block");
  const results = block.querySelector(".backoff-results");
  const refs = [...document.querySelectorAll("main figure.backoff, main figure.backoff-chart")]
    .filter((f) => !f.closest(".backoff-calculator-block"));
  const read = (fig) => ({
    html: fig.outerHTML,
    table: fig.matches("figure.backoff") ? readTable(fig) : null,
    peaks: [...fig.querySelectorAll("g.strip text.note")].map((t) => t.textContent),
    rects: [...fig.querySelectorAll("g.strip")].map((g) => g.querySelectorAll("rect").length),
  });
  return {
    refs: refs.length,
    table: read(results.querySelector("figure.backoff")),
    chart: read(results.querySelector("figure.backoff-chart")),
    refTable: k === null ? null : read(refs[2 * k]),
    refChart: k === null ? null : read(refs[2 * k + 1]),
    results: results.innerHTML,
  };
}

// Page functions take one argument; readTable must be in scope there.
const SNAPSHOT = `(${snapshot.toString().replace("readTable(fig)", `(${readTable.toString()})(fig)`)})`;

async function take(page, k = null) {
  return page.evaluate(`${SNAPSHOT}(${k === null ? "null" : k})`);
}

/**
 * The table's numbers equal `sade calc --json`'s, cell by cell: the attempt, the delay, then per
 * strategy its range and sample (one value where min and max are equal).
 */
function assertTableMatchesCalc(table, calc, what) {
  const strategies = calc.params.strategies;
  assert.equal(table.body.length, calc.rows.length, `${what}: rows`);
  calc.rows.forEach((row, i) => {
    const want = [[String(row.attempt)], [row.nominal_ms]];
    for (const s of strategies) {
      const c = row[s];
      want.push(c.min_ms === c.max_ms ? [c.min_ms] : [c.min_ms, c.max_ms, c.sample_ms]);
    }
    const got = table.body[i].map((c, j) => (j === 0 ? [c.text] : c.values.map(Number)));
    assert.deepEqual(got, want, `${what}: row ${i + 1}`);
  });
  ["worst_ms", "best_ms", "mean_ms"].forEach((key, i) => {
    const got = table.foot[i].slice(1).map((c) => Number(c.values[0]));
    assert.deepEqual(got, strategies.map((s) => calc.totals[s][key]), `${what}: ${key}`);
  });
}

async function assertChartMatchesCalc(page, chart, calc, lang, what) {
  const want = await page.evaluate(
    ([c, l]) => c.params.strategies.map((s) => window.SadeBackoff.formatPercent(c.fleet[s].peak_share, l)),
    [calc, lang],
  );
  assert.deepEqual(chart.peaks, want, `${what}: peak shares`);
  assert.deepEqual(
    chart.rects,
    calc.params.strategies.map((s) => calc.fleet[s].timeline.filter((n) => n > 0).length),
    `${what}: histogram bars`,
  );
}

for (const lang of ["en", "tr"]) {
  test(`${lang}: 50 random parameter sets and a tie render as the build and sade calc do`, async (t) => {
    const page = await open(`/${lang}/tools/sets/`);
    assert.equal((await take(page)).refs, 2 * CASES.sets.length, "reference figures");
    assert.ok(CASES.sets.length >= 51);
    for (const [k, set] of CASES.sets.entries()) {
      await setFields(page, set.values);
      await waitForQuery(page, queryOf(set.values));
      const s = await take(page, k);
      const what = `${lang} set ${k} ${queryOf(set.values)}`;
      // Cell by cell: text, <data value>, scope and spans.
      assert.deepEqual(s.table.table, s.refTable.table, `${what}: table cells`);
      // And the whole markup, as the browser parsed it, for the table and the chart.
      assert.equal(s.table.html, s.refTable.html, `${what}: table markup`);
      assert.equal(s.chart.html, s.refChart.html, `${what}: chart markup`);
      assertTableMatchesCalc(s.table.table, set.calc, what);
      await assertChartMatchesCalc(page, s.chart, set.calc, lang, what);
    }
    t.diagnostic(`${CASES.sets.length} sets equal the build's table and chart and sade calc --json`);
    await close(page);
  });
}

test("without JavaScript the built table and chart are complete", async () => {
  for (const lang of ["en", "tr"]) {
    const page = await open(`/${lang}/tools/calc/`, { javaScriptEnabled: false });
    const s = await take(page);
    assertTableMatchesCalc(s.table.table, CASES.default.calc, `${lang} without JS`);
    assert.equal(s.chart.peaks.length, 4);
    assert.equal(await page.locator("button.new-seed").isVisible(), false);
    assert.equal(await page.locator(".backoff-calculator-block[data-enhanced]").count(), 0);
    const noscript = await page.locator(".backoff-calculator noscript p").textContent();
    assert.match(noscript, lang === "tr" ? /JavaScript gerekir/ : /needs JavaScript/);
    await close(page);
  }
});

test("the same samples before and after the script runs", async () => {
  for (const lang of ["en", "tr"]) {
    const plain = await open(`/${lang}/tools/calc/`, { javaScriptEnabled: false });
    const built = await take(plain);
    await close(plain);

    const page = await open(`/${lang}/tools/calc/`);
    const loaded = await take(page);
    assert.equal(loaded.results, built.results, `${lang}: the script changed the built results`);
    // What the script computes for the same values is the same markup.
    const same = await page.evaluate(() => {
      const block = document.querySelector(".backoff-calculator-block");
      const lang = block.getAttribute("data-lang");
      const form = block.querySelector("form");
      const values = {};
      for (const k of ["base", "factor", "cap", "attempts", "jitter", "seed", "clients"]) {
        values[k] = form.elements.namedItem(k).value;
      }
      const data = JSON.parse(block.querySelector("script.sade-data").textContent);
      if (data.lang !== lang) throw new Error("the data block is not the page's language");
      const parsed = window.SadeBackoff.parseParams(values);
      const doc = window.SadeBackoff.compute(parsed.params);
      const div = document.createElement("div");
      div.innerHTML = "\n" + window.SadeCalculator.tableHtml(doc, parsed.params, data) +
        window.SadeCalculator.chartHtml(doc, data);
      return div.innerHTML;
    });
    assert.equal(same, built.results, `${lang}: script markup for the built values`);
    // Another seed and back: the built samples again.
    await setFields(page, { seed: "8" });
    await waitForQuery(page, queryOf({ ...CASES.default.values, seed: "8" }));
    assert.notEqual((await take(page)).results, built.results);
    await setFields(page, { seed: "7" });
    await waitForQuery(page, queryOf(CASES.default.values));
    assert.equal((await take(page)).results, built.results, `${lang}: seed 8 then 7`);
    await close(page);
  }
});

test("URL round trip: a shared link shows its schedule; edits update the URL", async () => {
  const shared = CASES.shared;
  const link = "?base=250ms&factor=2&cap=30s&attempts=6&jitter=all&seed=7";
  const captions = {
    en: "First wait 250\u00a0ms, ×2 per attempt, capped at 30\u00a0s; 6 attempts, seed 7",
    tr: "İlk bekleme 250\u00a0ms, her denemede ×2, üst sınır 30\u00a0sn; 6 deneme, tohum 7",
  };
  for (const lang of ["en", "tr"]) {
    const page = await open(`/${lang}/tools/calc/${link}`);
    const s = await take(page);
    assert.ok(s.table.table.caption.startsWith(captions[lang]), s.table.table.caption);
    assertTableMatchesCalc(s.table.table, shared.calc, `${lang} link`);
    await assertChartMatchesCalc(page, s.chart, shared.calc, lang, `${lang} link`);
    const fields = await page.evaluate(() =>
      ["base", "factor", "cap", "attempts", "jitter", "seed"].map((k) => document.getElementById("bc-" + k).value));
    assert.deepEqual(fields, ["250ms", "2", "30s", "6", "all", "7"]);
    assert.equal(await page.evaluate(() => window.location.search), link, "opening leaves the URL");

    await setFields(page, { attempts: "5" });
    const edited = "?base=250ms&factor=2&cap=30s&attempts=5&jitter=all&seed=7&clients=1000";
    await waitForQuery(page, edited);
    assert.equal((await take(page)).table.table.body.length, 5);
    await page.locator("#bc-jitter").selectOption("equal");
    await waitForQuery(page, edited.replace("jitter=all", "jitter=equal"));
    const one = (await take(page)).table.table;
    assert.equal(one.head.length, 1, "one header row");
    assert.equal(one.body[0].length, 3, "attempt, delay, equal");

    // The edited URL, opened again, shows the same thing.
    const again = await open(`/${lang}/tools/calc/${edited.replace("jitter=all", "jitter=equal")}`);
    assert.equal((await take(again)).results, (await take(page)).results);
    await close(again);
    await close(page);
  }
});

test("invalid input: a message at the field, in the page's language, naming its label; the last good results stay, marked stale", async () => {
  const messages = {
    en: {
      base: "First wait: `100` needs a unit (ms, s, m or h), e.g. `100ms`",
      factor: "Factor must be at least 1 (1 keeps the wait constant, 2 doubles it)",
      abc: "Factor: `abc` is not a number",
    },
    tr: {
      base: "İlk bekleme: `100` bir birim ister (ms, s, m ya da h), örneğin `100ms`",
      factor: "Çarpan en az 1 olmalı (1 beklemeyi sabit tutar, 2 ikiye katlar)",
      abc: "Çarpan: `abc` bir sayı değil",
    },
  };
  const state = (page) => page.evaluate(() => {
    const out = {};
    for (const k of ["base", "factor"]) {
      out[k] = {
        error: document.getElementById(`bc-${k}-error`).textContent,
        invalid: document.getElementById(`bc-${k}`).getAttribute("aria-invalid"),
      };
    }
    out.search = window.location.search;
    out.stale = !document.querySelector(".stale-note").hidden &&
      document.querySelector(".backoff-results").classList.contains("stale");
    return out;
  });
  for (const lang of ["en", "tr"]) {
    const page = await open(`/${lang}/tools/calc/`);
    // A good edit first, so "the last good result" is one the script made.
    await setFields(page, { attempts: "5" });
    const good = queryOf({ ...CASES.default.values, attempts: "5" });
    await waitForQuery(page, good);
    const before = (await take(page)).results;

    await setFields(page, { base: "100" });
    await page.waitForFunction(() => document.getElementById("bc-base-error").textContent !== "");
    let st = await state(page);
    assert.deepEqual(st.base, { error: messages[lang].base, invalid: "true" });
    assert.deepEqual(st.factor, { error: "", invalid: null });
    assert.equal(st.stale, true, "the old results are marked stale");
    await page.waitForTimeout(300);
    assert.equal((await take(page)).results, before, `${lang}: results after base=100`);
    assert.equal((await state(page)).search, good, "an invalid edit leaves the URL");

    await setFields(page, { base: "100ms", factor: "0.5" });
    await page.waitForFunction(() => document.getElementById("bc-factor-error").textContent !== "");
    st = await state(page);
    assert.deepEqual(st.base, { error: "", invalid: null });
    assert.deepEqual(st.factor, { error: messages[lang].factor, invalid: "true" });
    await page.waitForTimeout(300);
    assert.equal((await take(page)).results, before, `${lang}: results after factor=0.5`);

    // Not a number: said so, with what was typed.
    await setFields(page, { factor: "abc" });
    await page.waitForFunction((m) => document.getElementById("bc-factor-error").textContent === m, messages[lang].abc);

    // Fixing it clears the message and the stale mark.
    await setFields(page, { factor: "3" });
    await waitForQuery(page, queryOf({ ...CASES.default.values, attempts: "5", factor: "3" }));
    st = await state(page);
    assert.deepEqual(st.factor, { error: "", invalid: null });
    assert.equal(st.stale, false, "valid again: not stale");
    await close(page);

    // An invalid link: the message, and the built table.
    const plain = await open(`/${lang}/tools/calc/`);
    const built = (await take(plain)).results;
    await close(plain);
    const link = await open(`/${lang}/tools/calc/?base=100&factor=2`);
    st = await state(link);
    assert.equal(st.base.error, messages[lang].base);
    assert.equal((await take(link)).results, built);
    await close(link);
  }
});

test("new seed: visible, keyboard reachable, rerolls a 32-bit seed", async () => {
  const page = await open("/en/tools/calc/");
  const button = page.locator("button.new-seed");
  assert.equal(await button.isVisible(), true);
  await page.locator("#bc-clients").focus();
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement.className), "new-seed");
  const before = (await take(page)).results;
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => /[?&]seed=/.test(window.location.search));
  const seed = await page.locator("#bc-seed").inputValue();
  assert.match(seed, /^\d+$/);
  assert.ok(Number(seed) < 2 ** 32);
  assert.equal(await page.evaluate(() => new URLSearchParams(window.location.search).get("seed")), seed);
  const after = await take(page);
  assert.ok(after.table.table.caption.includes(`seed ${seed}`), after.table.table.caption);
  if (seed !== "7") assert.notEqual(after.results, before);
  // Focus stays on the button; Tab moves on (no trap).
  assert.equal(await page.evaluate(() => document.activeElement.className), "new-seed");
  await page.keyboard.press("Tab");
  assert.notEqual(await page.evaluate(() => document.activeElement.className), "new-seed");
  await close(page);
});

test("works under Content-Security-Policy: script-src 'self'", async () => {
  const page = await open("/csp/en/tools/calc/");
  assert.equal(page.response.headers()["content-security-policy"], "script-src 'self'");
  assert.equal(await page.locator("button.new-seed").isVisible(), true, "the script ran");
  await setFields(page, { attempts: "4" });
  await waitForQuery(page, queryOf({ ...CASES.default.values, attempts: "4" }));
  assert.equal((await take(page)).table.table.body.length, 4);
  const csp = page.console.filter((m) => /Content Security Policy|Refused to/i.test(m));
  assert.deepEqual(csp, [], "CSP errors in the console");
  // The policy is in force: an inline script is refused.
  const refused = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener("securitypolicyviolation", (e) => resolve(e.effectiveDirective), { once: true });
    const s = document.createElement("script");
    s.textContent = "window.inlineRan = true";
    document.body.appendChild(s);
    setTimeout(() => resolve(null), 2000);
  }));
  assert.match(String(refused), /^script-src/);
  assert.equal(await page.evaluate(() => window.inlineRan), undefined);
  await page.context().close();
});

test("timing: recompute and render the default calculator (1000 clients)", async (t) => {
  const page = await open("/en/tools/calc/");
  const times = await page.evaluate(async () => {
    const form = document.querySelector("form.backoff-calculator");
    const block = document.querySelector(".backoff-calculator-block");
    const seed = document.getElementById("bc-seed");
    let detail = null;
    block.addEventListener("sade:calculated", (e) => {
      detail = e.detail;
    });
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    const out = { event: [], sync: [], painted: [] };
    for (let i = 0; i < 25; i++) {
      seed.value = String(100 + i);
      const t0 = performance.now();
      form.requestSubmit();
      const t1 = performance.now();
      await frame();
      const t2 = performance.now();
      if (i >= 5) {
        out.event.push(detail.ms);
        out.sync.push(t1 - t0);
        out.painted.push(t2 - t0);
      }
    }
    return out;
  });
  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, min ${s[0].toFixed(1)}, max ${s[s.length - 1].toFixed(1)}`;
  };
  t.diagnostic(`timing parse+compute+render (script's own measure): ${stats(times.event)}`);
  t.diagnostic(`timing submit to DOM updated: ${stats(times.sync)}`);
  t.diagnostic(`timing submit to next frame: ${stats(times.painted)}`);
  await close(page);
});

test("no request leaves the origin", () => {
  const origin = new URL(BASE).origin;
  assert.ok(requests.length > 0);
  const outside = requests.filter((u) => new URL(u).origin !== origin);
  assert.deepEqual(outside, [], "requests to other origins");
});

/** The three library choices as the query writes them: the chosen ids in order, or `none`. */
async function libraryPicks(page) {
  const ids = [];
  for (const id of ["#bc-library", "#bc-library-2", "#bc-library-3"]) {
    const v = await page.locator(id).inputValue();
    if (v !== "none") ids.push(v);
  }
  return ids.length ? ids.join(",") : "none";
}

/** The results of the first calculator, after making the script render them again. */
async function rerendered(page, values) {
  const attempts = String(Number(values.attempts) + 1);
  await setFields(page, { attempts });
  await waitForQuery(page, outcomeQuery({ ...values, attempts }));
  await setFields(page, { attempts: values.attempts });
  await waitForQuery(page, outcomeQuery(values));
  return (await take(page)).results;
}

for (const lang of ["en", "tr"]) {
  test(`${lang}: odds, outage and every library render as the build does, and links keep them`, async (t) => {
    let compared = 0;
    for (const [i, values] of CASES.outcomes.entries()) {
      const page = await open(`/${lang}/tools/outcomes-${i}/`);
      const built = (await take(page)).results;
      const what = `${lang} outcomes ${i} ${outcomeQuery(values)}`;
      if (values.fail !== "") assert.match(built, /class="backoff backoff-odds"/, what);
      if (values.outage !== "") assert.match(built, /class="backoff-chart backoff-outage"/, what);
      if (values.library !== "none") {
        assert.match(built, /class="backoff backoff-libraries"/, what);
        // Each library's fleet, one strip each, on one chart after the table.
        const strips = (built.match(/<g class="strip bar-series-/g) || []).length;
        assert.equal(strips, values.library.split(",").length, `${what}: the libraries' strips`);
      }
      // The form holds the values; the script's render of them is the build's, byte for byte.
      for (const k of OUTCOME_KEYS) {
        const field = k === "library" ? await libraryPicks(page) : await page.locator(`#bc-${k}`).inputValue();
        if (k === "fail" && values.fail !== "") {
          assert.equal(Number(field), Number(values.fail.replace("%", "")) / (values.fail.endsWith("%") ? 100 : 1), what);
        } else {
          // A timeout of 0 is the default: the form leaves it empty.
          // Durations are shown in their shortest form (`60s` as `1m`).
          const want = k === "timeout" && values[k] === "0ms" ? "" : values[k];
          const ms = (t) => {
            const m = /^([0-9.]+)(ms|s|m|h)$/.exec(t);
            return m ? Number(m[1]) * { ms: 1, s: 1e3, m: 6e4, h: 3.6e6 }[m[2]] : t;
          };
          assert.equal(ms(field), ms(want), `${what}: ${k}`);
        }
      }
      const fromForm = { ...values };
      for (const k of [...KEYS, ...OUTCOME_KEYS]) {
        fromForm[k] = k === "library" ? await libraryPicks(page) : await page.locator(`#bc-${k}`).inputValue();
      }
      assert.equal(await rerendered(page, fromForm), built, `${what}: the script's render`);
      await close(page);
      // The plain calculator, opened with the values in its URL, shows the same results.
      const link = await open(`/${lang}/tools/calc/${outcomeQuery(fromForm)}`);
      assert.equal((await take(link)).results, built, `${what}: opened from its link`);
      await close(link);
      compared++;
    }
    t.diagnostic(`${compared} sets with odds, outages and libraries equal the build`);
  });
}

test("up to three libraries, chosen in the form, share one chart and one link; a bad one is named at its field", async () => {
  for (const lang of ["en", "tr"]) {
    const page = await open(`/${lang}/tools/calc/`);
    const block = page.locator(".backoff-calculator-block").first();
    const base = queryOf(CASES.default.values);
    // The second field alone: one library, in the query as it was chosen.
    await block.locator("#bc-library-2").selectOption("got");
    await waitForQuery(page, base + "&library=got");
    await block.locator("#bc-library").selectOption("grpc-core");
    await waitForQuery(page, base + "&library=grpc-core,got");
    await block.locator("#bc-library-3").selectOption("urllib3");
    await waitForQuery(page, base + "&library=grpc-core,got,urllib3");
    // The same one twice counts once.
    await block.locator("#bc-library-3").selectOption("got");
    await waitForQuery(page, base + "&library=grpc-core,got");
    const strips = () => page.evaluate(() =>
      [...document.querySelectorAll("figure.backoff-libraries-chart g.strip text.name")].map((t) => t.textContent));
    // By group: the HTTP client first, then RPC.
    assert.deepEqual(await strips(), ["got", "gRPC C-core"]);
    const rows = await page.evaluate(() =>
      [...document.querySelectorAll(".backoff-libraries-table tbody th[scope=row]")].map((t) => t.firstChild.textContent));
    assert.deepEqual(rows, ["got", "gRPC C-core"]);
    // Opened from the link, the same results.
    const built = (await take(page)).results;
    const link = await open(`/${lang}/tools/calc/${base}&library=grpc-core,got`);
    assert.equal(await link.locator("#bc-library").inputValue(), "grpc-core");
    assert.equal(await link.locator("#bc-library-2").inputValue(), "got");
    assert.equal(await link.locator("#bc-library-3").inputValue(), "none");
    assert.equal((await take(link)).results, built);
    await close(link);
    // None everywhere: no library section, and no `library` in the link.
    for (const id of ["#bc-library", "#bc-library-2", "#bc-library-3"]) await block.locator(id).selectOption("none");
    await waitForQuery(page, base);
    assert.equal(await page.locator("figure.backoff-libraries-chart").count(), 0);
    await close(page);
    // A link naming an unknown library: the message under the field that holds it.
    const bad = await open(`/${lang}/tools/calc/${base}&library=got,gott`);
    await bad.waitForFunction(() => document.getElementById("bc-library-2-error").textContent !== "");
    const error = await bad.locator("#bc-library-2-error").textContent();
    assert.equal(error, lang === "en"
      ? "Second library: `gott` is not a library sade knows"
      : "İkinci kütüphane: `gott` bilinen bir kütüphane değil");
    assert.equal(await bad.locator("#bc-library-2").getAttribute("aria-invalid"), "true");
    assert.equal(await bad.locator("#bc-library").getAttribute("aria-invalid"), null);
    await close(bad);
  }
});

test("a library's snippet is copied by its button", async () => {
  const i = CASES.outcomes.findIndex((v) => v.library !== "none");
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.goto(`${BASE}/en/tools/outcomes-${i}/`);
  await page.waitForSelector(ENHANCED, { state: "attached" });
  const details = page.locator("details.backoff-library").first();
  await details.locator("summary").click();
  const button = details.locator("button.copy");
  assert.equal(await button.isVisible(), true);
  await button.click();
  await page.waitForFunction(() => document.querySelector("button.copy").textContent === "Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await details.locator("pre code").textContent());
  await context.close();
});

test("without the calculator's script a snippet has no copy button to press", async () => {
  // No calculator on the page: nothing will be enhanced, so that is not waited for.
  const page = await open("/en/tools/snippets/", { enhanced: false });
  const details = page.locator("details.backoff-library").first();
  await details.locator("summary").click();
  assert.equal(await details.locator("pre code").isVisible(), true);
  assert.equal(await details.locator("button.copy").count(), 1);
  assert.equal(await details.locator("button.copy").isVisible(), false);
  await close(page);
});

/** Facts about how the calculator page is laid out at the current viewport. */
function layout() {
  const results = document.querySelector(".backoff-results");
  const table = results.querySelector("table.backoff-table");
  const row = table.querySelector("tbody tr");
  const cells = row.querySelectorAll("td");
  const last = cells[cells.length - 1].querySelectorAll("data");
  const max = last[last.length > 1 ? 1 : 0].getBoundingClientRect();
  const texts = [...document.querySelectorAll(".backoff-results svg text")]
    .filter((t) => getComputedStyle(t).display !== "none")
    .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  const tallest = (cls) => Math.max(...[...results.querySelectorAll(`.backoff-chart:not(.backoff-outage) g.${cls} rect`)]
    .map((r) => r.getBoundingClientRect().height));
  const share = (cls) => parseFloat(results.querySelector(`.backoff-chart:not(.backoff-outage) g.${cls} text.note`).textContent
    .replace("%", "").replace(",", "."));
  const canvas = document.createElement("canvas").getContext("2d");
  const clipped = [];
  for (const label of document.querySelectorAll("form.backoff-calculator label")) {
    if (label.scrollWidth > label.clientWidth) clipped.push(label.textContent);
  }
  for (const select of document.querySelectorAll("form.backoff-calculator select")) {
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    for (const o of select.options) {
      if (canvas.measureText(o.textContent).width > room) clipped.push(o.textContent);
    }
  }
  return {
    viewport: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
    maxRight: max.right,
    smallestText: Math.min(...texts),
    none: tallest("bar-none"),
    full: tallest("bar-full"),
    noneShare: share("bar-none"),
    fullShare: share("bar-full"),
    clipped,
  };
}

for (const [width, height] of [[1280, 800], [390, 844]]) {
  for (const lang of ["en", "tr"]) {
    test(`${lang} at ${width} × ${height}: every strategy on screen, nothing wider than the page, readable chart text, with the section too`, async () => {
      const page = await open(`/${lang}/tools/calc/`, { viewport: { width, height } });
      const l = await page.evaluate(`(${layout.toString()})()`);
      assert.equal(l.scrollWidth, l.viewport, "the page is no wider than the viewport");
      if (width === 1280) {
        assert.ok(l.maxRight <= l.viewport, `Decorrelated's max cell ends at ${l.maxRight} of ${l.viewport}`);
      }
      assert.ok(l.smallestText >= 11, `chart text ${l.smallestText} px`);
      if (l.noneShare > l.fullShare) assert.ok(l.none > l.full, `None's tallest bar ${l.none} px, Full's ${l.full} px`);
      assert.deepEqual(l.clipped, [], "clipped labels or options");
      await close(page);
      // With the "Will it come back?" section: its fields and its chart and table fit too.
      const load = await open(`/${lang}/tools/load/`, { viewport: { width, height } });
      const m = await load.evaluate(`(${layout.toString()})()`);
      assert.equal(m.scrollWidth, m.viewport, "the page with the section is no wider than the viewport");
      assert.deepEqual(m.clipped, [], "clipped labels or options of the section");
      const section = await load.evaluate(() => {
        const s = document.querySelector("section.backoff-recovery-results");
        const texts = [...s.querySelectorAll("svg text")]
          .filter((t) => getComputedStyle(t).display !== "none")
          .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
        return { right: s.getBoundingClientRect().right, smallest: Math.min(...texts) };
      });
      assert.ok(section.right <= m.viewport, `the section ends at ${section.right}`);
      assert.ok(section.smallest >= 11, `the section's chart text ${section.smallest} px`);
      await close(load);
    });
  }
}

test("/ is a language chooser, not a redirect", async () => {
  const page = await open("/", { javaScriptEnabled: false });
  assert.equal(await page.locator("meta[http-equiv=refresh]").count(), 0);
  assert.equal(page.url(), BASE + "/");
  const names = await page.locator(".language-chooser li .name").allTextContents();
  assert.deepEqual(names, ["Türkçe", "English"]);
  assert.equal(await page.locator(".language-chooser li p").count(), 2);
  await close(page);
});

// ---- the "Will it come back?" section (with `demand`): computed in a worker ------------------

const LOAD_KEYS = ["demand", "capacity", "recovery-timeout", "recovery-outage", "horizon", "queue",
  "shed", "budget", "recovery-jitter", "trigger", "degraded", "surge"];
const SECTION = "section.backoff-recovery-results";
const TEXT_LOAD_KEYS = ["demand", "capacity", "recovery-timeout", "recovery-outage", "horizon", "queue"];

/**
 * The query the script writes for a calculator with the section: `shed` only when on, the
 * trigger when it is not an outage and its parameter with it.
 */
function loadQuery(values) {
  const param = { degraded: "slowdown", surge: "surge" };
  return queryOf(values) + "&" + LOAD_KEYS.filter((k) => {
    if (k === "shed") return values.shed === "true";
    if (k === "trigger") return values.trigger !== "outage";
    if (param[k]) return values.trigger === param[k];
    return true;
  })
    .map((k) => k + "=" + encodeURIComponent(values[k]).replace(/%2C/gi, ","))
    .join("&");
}

/** Asserts that two pieces of markup are equal, naming the first place where they differ. */
function sameHtml(got, want, what) {
  if (got === want) return;
  let i = 0;
  while (i < got.length && got[i] === want[i]) i++;
  assert.fail(`${what}: differs at ${i} of ${want.length}\n got: ${JSON.stringify(got.slice(i - 300, i + 300))}\nwant: ${JSON.stringify(want.slice(i - 300, i + 300))}`);
}

/** Types a whole set (schedule and section) into the form, leaves the last field. */
async function setLoadFields(page, values) {
  const block = page.locator(".backoff-calculator-block").first();
  for (const key of KEYS) {
    if (key === "jitter") await block.locator("#bc-jitter").selectOption(values.jitter);
    else await block.locator(`#bc-${key}`).fill(values[key]);
  }
  await block.locator("#bc-budget").selectOption(values.budget);
  await block.locator("#bc-recovery-jitter").selectOption(values["recovery-jitter"]);
  await block.locator("#bc-shed").setChecked(values.shed === "true");
  await block.locator("#bc-trigger").selectOption(values.trigger);
  // The parameter of the trigger chosen shows; the other is hidden, and keeps its value.
  if (values.trigger === "slowdown") await block.locator("#bc-degraded").fill(values.degraded);
  if (values.trigger === "surge") await block.locator("#bc-surge").fill(values.surge);
  for (const key of TEXT_LOAD_KEYS) await block.locator(`#bc-${key}`).fill(values[key]);
  await block.locator("#bc-queue").press("Tab");
}

/**
 * The section's markup once no simulation and no search is under way (the runs, then the
 * frontier's searches).
 */
async function settledSection(page) {
  await page.waitForFunction((sel) => {
    const s = document.querySelector(sel);
    return !s.hasAttribute("aria-busy") && s.querySelector(".computing").hidden &&
      s.querySelector(".frontier-progress").hidden;
  }, SECTION, { timeout: 120000 });
  return page.evaluate((sel) => document.querySelector(sel).innerHTML, SECTION);
}

/**
 * [`settledSection`], with the map searched for the form's inputs when the one shown is for
 * others (its button shows): what the build shows for those inputs.
 */
async function settledWithMap(page) {
  await settledSection(page);
  if (!(await page.evaluate(() => document.querySelector(".map-again").hidden))) {
    await page.evaluate(() => {
      window.__sadeMap = null;
      document.addEventListener("sade:map", (e) => {
        window.__sadeMap = e.detail;
      }, { once: true });
    });
    await page.locator(".map-again button").click();
    await page.waitForFunction(() => window.__sadeMap !== null, null, { timeout: 120000 });
  }
  return settledSection(page);
}

/** The built section of a page, as the browser parses it (scripts off). */
async function builtSection(path) {
  const page = await open(path, { javaScriptEnabled: false });
  const html = await page.evaluate((sel) => document.querySelector(sel).innerHTML, SECTION);
  await close(page);
  return html;
}

/** The section's chart and table as `sade build` wrote them: the runs' box. */
async function rawSection(path) {
  const text = await (await fetch(BASE + path)).text();
  const open = "<div class=\"recovery-runs\">";
  const box = text.indexOf(open);
  assert.ok(box > 0, `${path} has the section`);
  const from = box + open.length;
  return text.slice(from, text.indexOf("</div>\n<section class=\"frontier\"", from));
}

/**
 * In the page: what the script writes for `values` (SadeCalculator.recoveryHtml of every run,
 * computed here on the main thread), as text.
 */
function scriptSection(values) {
  const block = document.querySelector(".backoff-calculator-block");
  const data = JSON.parse(block.querySelector("script.sade-data").textContent);
  const input = {
    base: values.base, factor: values.factor, cap: values.cap, attempts: values.attempts,
    seed: values.seed, clients: values.clients, jitter: values["recovery-jitter"],
    demand: values.demand, capacity: values.capacity, timeout: values["recovery-timeout"],
    outage: values["recovery-outage"], horizon: values.horizon, queue: values.queue,
    shed: values.shed === "true" ? "true" : "false", budget: values.budget, trigger: values.trigger,
  };
  if (values.trigger === "slowdown") input.degraded = values.degraded;
  if (values.trigger === "surge") input.surge = values.surge;
  const parsed = window.SadeRecovery.parse(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const runs = parsed.inputs.budgets.map((budget) => ({
    budget,
    run: window.SadeRecovery.run(parsed.params, parsed.inputs, parsed.params.strategies[0], budget),
  }));
  return window.SadeCalculator.recoveryHtml(runs, parsed.inputs, parsed.params, data);
}

/** The form's values of every field, the section's included (`shed` as the script reads it). */
function formValues() {
  const form = document.querySelector("form.backoff-calculator");
  const out = {};
  for (const k of ["base", "factor", "cap", "attempts", "jitter", "seed", "clients", "demand", "capacity",
    "recovery-timeout", "recovery-outage", "horizon", "queue", "budget", "recovery-jitter", "trigger",
    "degraded", "surge"]) {
    out[k] = form.elements.namedItem(k).value;
  }
  out.shed = form.elements.namedItem("shed").checked ? "true" : "";
  return out;
}

/** Changes the demand and back, so that the script simulates and renders the built values. */
async function recomputeSection(page) {
  const demand = await page.locator("#bc-demand").inputValue();
  await page.locator("#bc-demand").fill(String(Number(demand) + 1));
  await page.locator("#bc-demand").press("Tab");
  await page.waitForFunction((d) => new URLSearchParams(location.search).get("demand") === d,
    String(Number(demand) + 1));
  await settledSection(page);
  await page.locator("#bc-demand").fill(demand);
  await page.locator("#bc-demand").press("Tab");
  await page.waitForFunction((d) => new URLSearchParams(location.search).get("demand") === d, demand);
  return settledSection(page);
}

for (const lang of ["en", "tr"]) {
  test(`${lang}: the section the script renders for the built inputs is the build's, byte for byte`, async (t) => {
    for (const path of [`/${lang}/tools/load-small/`, `/${lang}/tools/load/`]) {
      const built = await builtSection(path);
      const page = await open(path);
      assert.equal(await page.evaluate((sel) => document.querySelector(sel).innerHTML, SECTION), built,
        `${path}: the script left the built section alone`);
      // The text the script writes, before the browser parses it, is the text sade wrote.
      const values = await page.evaluate(formValues);
      const raw = await rawSection(path);
      assert.equal(await page.evaluate(scriptSection, values), raw, `${path}: the script's markup`);
      // And through the form and the worker: another demand, then the built one again.
      assert.equal(await recomputeSection(page), built, `${path}: recomputed in the worker`);
      await close(page);
    }
    t.diagnostic("the section's chart and table equal the build's at the defaults and for a small fleet");
  });

  test(`${lang}: fleets under load typed into the form render as sade build renders them`, async (t) => {
    assert.ok(CASES.loads.length >= 6);
    const page = await open(`/${lang}/tools/load-small/`);
    const seen = new Set();
    for (const [i, values] of CASES.loads.entries()) {
      const what = `${lang} load ${i} ${loadQuery(values)}`;
      await setLoadFields(page, values);
      await page.waitForFunction((q) => window.location.search === q, loadQuery(values), { timeout: 30000 });
      const got = await settledWithMap(page);
      const built = await builtSection(`/${lang}/tools/load-${i}/`);
      sameHtml(got, built, `${what}: the section`);
      assert.equal(await page.evaluate(scriptSection, values), await rawSection(`/${lang}/tools/load-${i}/`),
        `${what}: the script's markup as text`);
      const stale = await page.evaluate((sel) => document.querySelector(sel).classList.contains("stale"), SECTION);
      assert.equal(stale, false, what);
      seen.add(values.budget);
      seen.add(values["recovery-jitter"]);
      seen.add(values.trigger);
    }
    for (const name of ["all", "none", "grpc", "aws", "finagle", "linkerd", "envoy", "sre", "full", "equal",
      "decorrelated", "outage", "slowdown", "surge"]) {
      assert.ok(seen.has(name), `a set with ${name}`);
    }
    t.diagnostic(`${CASES.loads.length} fleets under load equal the build's section`);
    await close(page);
  });
}

test("the section's fields round-trip through the URL", async () => {
  for (const lang of ["en", "tr"]) {
    const k = CASES.loads.findIndex((v) => v.shed === "true" && v.budget !== "all");
    assert.ok(k >= 0, "a set with shed and one budget");
    const values = CASES.loads[k];
    const link = loadQuery(values);
    const page = await open(`/${lang}/tools/load-small/${link}`);
    assert.deepEqual(await page.evaluate(formValues), values, "the form holds the link's values");
    assert.equal(await settledWithMap(page), await builtSection(`/${lang}/tools/load-${k}/`),
      `${lang}: the linked section`);
    assert.equal(await page.evaluate(() => window.location.search), link, "opening leaves the URL");

    // Edits update the URL: shed off (it leaves the query), another budget, another strategy.
    await page.locator("#bc-shed").setChecked(false);
    const off = { ...values, shed: "" };
    await waitForQuery(page, loadQuery(off));
    assert.doesNotMatch(await page.evaluate(() => window.location.search), /shed=/);
    await page.locator("#bc-budget").selectOption("all");
    await page.locator("#bc-recovery-jitter").selectOption("decorrelated");
    const edited = { ...off, budget: "all", "recovery-jitter": "decorrelated" };
    await waitForQuery(page, loadQuery(edited));
    await page.locator("#bc-shed").setChecked(true);
    await page.locator("#bc-queue").fill("none");
    await page.locator("#bc-horizon").fill("12s");
    await page.locator("#bc-horizon").press("Tab");
    const last = { ...edited, shed: "true", queue: "none", horizon: "12s" };
    await waitForQuery(page, loadQuery(last));
    // The map searched for these inputs too, as the reopened link below will have it.
    const section = await settledWithMap(page);
    assert.equal((section.match(/<g class="strip budget-/g) || []).length, 7, "every budget");
    assert.match(section, /data-strategy="decorrelated"/);

    // The odds' fields are not the section's: changing one leaves the section as it is.
    const recomputed = await page.evaluate(() => new Promise((resolve) => {
      const section = document.querySelector("section.backoff-recovery-results");
      let fired = false;
      section.addEventListener("sade:recovered", () => {
        fired = true;
      });
      const fail = document.getElementById("bc-fail");
      fail.value = "30%";
      fail.dispatchEvent(new Event("input", { bubbles: true }));
      setTimeout(() => resolve(fired || section.hasAttribute("aria-busy")), 600);
    }));
    assert.equal(recomputed, false, "the odds do not recompute the section");
    assert.equal(await page.evaluate(() => new URLSearchParams(location.search).get("fail")), "30%");
    assert.equal(await settledSection(page), section);
    await page.locator("#bc-fail").fill("");
    await waitForQuery(page, loadQuery(last));

    // The edited URL, opened again, shows the same section.
    const again = await open(`/${lang}/tools/load-small/${loadQuery(last)}`);
    assert.deepEqual(await again.evaluate(formValues), last);
    sameHtml(await settledWithMap(again), section, `${lang}: the edited link`);
    await close(again);
    await close(page);
  }
});

test("the frontier is searched with a progress bar, and a new input cancels the search under way", async (t) => {
  const page = await open("/en/tools/load/");
  await page.evaluate(() => {
    window.__events = [];
    for (const name of ["sade:recovered", "sade:frontier"]) {
      document.addEventListener(name, (e) => window.__events.push([name, e.detail.query, e.detail.ms]));
    }
  });
  await page.locator("#bc-demand").fill("801");
  await page.locator("#bc-demand").press("Tab");
  await page.waitForFunction(() => !document.querySelector(".frontier-progress").hidden, null, { timeout: 60000 });
  const shown = await page.evaluate(() => {
    const p = document.querySelector(".frontier-progress");
    return {
      max: Number(p.querySelector("progress").getAttribute("max")),
      status: p.querySelector(".status").textContent,
      busy: document.querySelector("section.frontier").getAttribute("aria-busy"),
      stale: document.querySelector(".backoff-map").classList.contains("stale"),
      button: !document.querySelector(".map-again").hidden,
    };
  });
  // Seven budgets' two searches, and the first budget's two alternatives.
  assert.equal(shown.max, 16);
  assert.match(shown.status, /^Searching: \d+ of 16 steps$/);
  assert.equal(shown.busy, "true");
  assert.equal(shown.stale, true, "the built map is for other inputs");
  assert.equal(shown.button, true, "its button offers to search it");
  // Another input while the search runs: only its frontier is drawn.
  await page.locator("#bc-demand").fill("802");
  await page.locator("#bc-demand").press("Tab");
  await page.waitForFunction(() => window.__events.some(([n]) => n === "sade:frontier"), null, { timeout: 120000 });
  await settledSection(page);
  const events = await page.evaluate(() => window.__events);
  const frontiers = events.filter(([n]) => n === "sade:frontier");
  assert.equal(frontiers.length, 1, JSON.stringify(events));
  assert.match(frontiers[0][1], /demand=802&/);
  const advice = await page.locator("p.advice").textContent();
  assert.match(advice, /^No budget: /);
  assert.match(await page.locator("figure.backoff-frontier caption").textContent(), /send 802 new requests/);
  t.diagnostic(`the frontier at the section's defaults, in the browser's workers: ${frontiers[0][2].toFixed(0)} ms from the input`);
  await close(page);
});

test("an invalid field of the section: its message under its label, the section marked stale", async () => {
  const english = {
    abc: "Demand (req/s): `abc` is not a number",
    zero: "Demand (req/s) must be a number above 0 and at most 1000000",
    timeout: "Client timeout must be a duration above 0 and at most 1h",
    queue: "Queue limit must be a whole number from 0 to 10000000, or `none`",
  };
  const state = (page) => page.evaluate((sel) => {
    const out = {};
    for (const k of ["demand", "capacity", "recovery-timeout", "queue", "base"]) {
      out[k] = {
        error: document.getElementById(`bc-${k}-error`).textContent,
        invalid: document.getElementById(`bc-${k}`).getAttribute("aria-invalid"),
      };
    }
    out.search = window.location.search;
    out.note = !document.querySelector(".stale-note").hidden;
    out.section = document.querySelector(sel).classList.contains("stale");
    out.results = document.querySelector(".backoff-results").classList.contains("stale");
    return out;
  }, SECTION);
  for (const lang of ["en", "tr"]) {
    const page = await open(`/${lang}/tools/load-small/`);
    const words = await page.evaluate(() =>
      JSON.parse(document.querySelector("script.sade-data").textContent).words);
    const r = words.recovery;
    const m = words.messages;
    // The page's words, under the section's labels.
    const want = {
      abc: m.not_number.replace("{label}", r.demand).replace("{value}", "abc"),
      zero: m.rate_range.replace("{label}", r.demand).replace("{max}", "1000000"),
      timeout: m.duration_above.replace("{label}", r.timeout).replace("{max}", "1h"),
      queue: m.queue_range.replace("{label}", r.queue).replace("{max}", "10000000"),
    };
    if (lang === "en") assert.deepEqual(want, english);
    else assert.notDeepEqual(want, english);
    const good = await page.evaluate(() => window.location.search);
    const built = await page.evaluate((sel) => document.querySelector(sel).innerHTML, SECTION);

    await page.locator("#bc-demand").fill("abc");
    await page.waitForFunction(() => document.getElementById("bc-demand-error").textContent !== "");
    let st = await state(page);
    assert.deepEqual(st.demand, { error: want.abc, invalid: "true" });
    assert.deepEqual(st.capacity, { error: "", invalid: null });
    assert.equal(st.section, true, "the section is marked stale");
    assert.equal(st.note, true, "the stale note shows");
    assert.equal(st.results, false, "the schedule's results are not stale");
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate((sel) => document.querySelector(sel).innerHTML, SECTION), built,
      "the last good section stays");
    assert.equal((await state(page)).search, good, "an invalid edit leaves the URL");

    await page.locator("#bc-demand").fill("0");
    await page.waitForFunction((w) => document.getElementById("bc-demand-error").textContent === w, want.zero);
    await page.locator("#bc-demand").fill("100");
    await page.locator("#bc-recovery-timeout").fill("0s");
    await page.waitForFunction((w) => document.getElementById("bc-recovery-timeout-error").textContent === w, want.timeout);
    st = await state(page);
    assert.deepEqual(st.demand, { error: "", invalid: null });
    assert.equal(st["recovery-timeout"].invalid, "true");
    assert.equal(st.section, true);
    await page.locator("#bc-recovery-timeout").fill("1s");
    await page.locator("#bc-queue").fill("-3");
    await page.waitForFunction((w) => document.getElementById("bc-queue-error").textContent === w, want.queue);

    // A schedule field that is invalid makes both stale; its message is the schedule's.
    await page.locator("#bc-queue").fill("none");
    await page.locator("#bc-base").fill("100");
    await page.waitForFunction(() => document.getElementById("bc-base-error").textContent !== "");
    st = await state(page);
    assert.equal(st.queue.error, "");
    assert.equal(st.section, true);
    assert.equal(st.results, true);

    // Fixed: no message, nothing stale, the built section again.
    await page.locator("#bc-base").fill("100ms");
    await page.locator("#bc-base").press("Tab");
    await page.waitForFunction(() => document.querySelector(".stale-note").hidden);
    st = await state(page);
    assert.equal(st.section, false);
    assert.equal(st.results, false);
    for (const k of ["demand", "capacity", "recovery-timeout", "queue", "base"]) {
      assert.deepEqual(st[k], { error: "", invalid: null }, k);
    }
    assert.equal(await settledSection(page), built, `${lang}: the section after the fixes`);
    await close(page);
  }
});

/**
 * In the page: sets the demand to `value` like a keystroke would (an input event) and measures
 * until the section is rendered: {total} from the event, the script's own {compute, render},
 * {gap}: the longest time between two animation frames meanwhile, {longest}: the longest task
 * the page's thread ran (PerformanceObserver "longtask", 50 ms and up), {computing}: whether
 * the "Simulating…" note showed, {where}: "worker" or "page".
 */
function timeRecompute(value) {
  return new Promise((resolve) => {
    const field = document.getElementById("bc-demand");
    const section = document.querySelector("section.backoff-recovery-results");
    const note = section.querySelector(".computing");
    let computing = false;
    let longest = 0;
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
    });
    observer.observe({ type: "longtask" });
    let gap = 0;
    let last = performance.now();
    let done = false;
    const frame = (now) => {
      gap = Math.max(gap, now - last);
      last = now;
      if (!note.hidden) computing = true;
      if (!done) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    let t0 = 0;
    section.addEventListener("sade:recovered", (e) => {
      const total = performance.now() - t0;
      // One more frame: the render's layout and paint are in the next one.
      requestAnimationFrame(() => setTimeout(() => {
        done = true;
        gap = Math.max(gap, performance.now() - last);
        observer.disconnect();
        resolve({ total, ...e.detail, gap, longest, computing });
      }, 0));
    }, { once: true });
    field.value = value;
    t0 = performance.now();
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, min ${s[0].toFixed(0)}, max ${s[s.length - 1].toFixed(0)}`;
};

test("timing: the section at its defaults (1000 clients, 800/s, every budget) after a change", async (t) => {
  const page = await open("/en/tools/load/");
  // The reader clicks into the field (the workers start then), and types a moment later.
  await page.locator("#bc-demand").focus();
  await page.waitForTimeout(500);
  const runs = [];
  for (let i = 0; i < 6; i++) runs.push(await page.evaluate(timeRecompute, String(790 + i)));
  const [first, ...later] = runs;
  t.diagnostic(`timing section, first change: ${first.total.toFixed(0)} ms from the input event to the render ` +
    `(debounce 120 ms, simulation ${first.compute.toFixed(0)} ms, render ${first.render.toFixed(0)} ms, in the ${first.where})`);
  t.diagnostic(`timing section, later changes: ${stats(later.map((r) => r.total))} ` +
    `(simulation ${stats(later.map((r) => r.compute))}; render ${stats(later.map((r) => r.render))})`);
  t.diagnostic(`timing section: ${await page.evaluate(() => navigator.hardwareConcurrency)} cores`);
  for (const r of runs) {
    assert.equal(r.where, "worker");
    assert.equal(r.computing, true, "the note shows while it simulates");
  }
  // On an idle 2-core machine a change takes 0.55 to 0.8 s (the first 0.8 to 1.2 s): the seven
  // simulations are most of it, and they are as fast as the engine is. This machine is shared,
  // and with other builds beside it the same takes 1.5 to 2.5 s, so 1 s would fail for reasons
  // of its own: the bound here is 3 s, and the diagnostics say how long it took.
  const median = later.map((r) => r.total).sort((a, b) => a - b)[Math.floor(later.length / 2)];
  assert.ok(first.total < 3000, `the first change took ${first.total} ms`);
  assert.ok(median < 3000, `later changes took ${median} ms (median)`);
  assert.equal(await page.evaluate(() => document.querySelector(".computing").hidden), true);
  await close(page);
});

test("typing stays responsive while the section simulates", async (t) => {
  const page = await open("/en/tools/load/");
  await page.locator("#bc-demand").focus();
  await page.evaluate(timeRecompute, "801");
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await page.evaluate(timeRecompute, String(802 + i)));
  t.diagnostic(`responsiveness: longest task on the page's thread ${stats(runs.map((r) => r.longest))}; ` +
    `longest time between frames ${stats(runs.map((r) => r.gap))}; the script's render ` +
    `${stats(runs.map((r) => r.render))}`);
  // Frames keep coming while the workers run; no task of the page's thread, the render of the
  // results and the browser's layout of them included, takes 100 ms. The best of three: on a
  // shared machine the thread can be kept waiting by other processes at any moment.
  const best = (key) => Math.min(...runs.map((r) => r[key]));
  assert.ok(best("longest") < 100, `the longest task took ${best("longest")} ms`);
  assert.ok(best("gap") < 100 + 17, `frames stopped for ${best("gap")} ms`);
  assert.ok(best("render") < 100, `the script's render took ${best("render")} ms`);
  await settledSection(page);
  await close(page);
});

test("without Web Workers the section is computed on the page, one budget per task", async () => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    delete window.Worker;
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${BASE}/en/tools/load-small/`);
  await page.waitForSelector(ENHANCED, { state: "attached" });
  assert.equal(await page.evaluate(() => typeof window.Worker), "undefined");
  const built = await builtSection("/en/tools/load-small/");
  assert.equal(await recomputeSection(page), built);
  const r = await page.evaluate(timeRecompute, "150");
  assert.equal(r.where, "page");
  await settledSection(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the section works under Content-Security-Policy: script-src 'self' (a worker from the site, no eval, no blob:)", async () => {
  const page = await open("/csp/en/tools/load-small/");
  assert.equal(page.response.headers()["content-security-policy"], "script-src 'self'");
  const built = await builtSection("/en/tools/load-small/");
  assert.equal(await recomputeSection(page), built);
  const r = await page.evaluate(timeRecompute, "120");
  assert.equal(r.where, "worker", "the worker ran under the policy");
  const csp = page.console.filter((m) => /Content Security Policy|Refused to/i.test(m));
  assert.deepEqual(csp, [], "CSP errors in the console");
  for (const file of ["calculator.js", "recovery.js", "recovery-worker.js"]) {
    const source = await (await fetch(`${BASE}/js/${file}`)).text();
    assert.doesNotMatch(source, /\beval\s*\(|new Function|blob:|createObjectURL|importScripts\s*\(\s*["']https?:/, file);
  }
  await close(page);
});
