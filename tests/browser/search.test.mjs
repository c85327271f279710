// The search page in Debian's headless Chromium. Run by tests/browser_search.rs, which builds
// tests/fixtures/search-site, serves it at SADE_URL under a strict content security policy and
// gives the golden queries in SADE_QUERIES (LANG, query, expected path or "-", note).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const BASE = process.env.SADE_URL;
const QUERIES = readFileSync(process.env.SADE_QUERIES, "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [lang, query, expected, note] = l.split("\t");
    return { lang, query, expected, note };
  });
const SEARCH = { tr: "/tr/ara/", en: "/en/search/" };

let browser;

before(async () => {
  assert.ok(BASE, "SADE_URL must be set (run by cargo test)");
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

/** A page that records every CSP violation and every console error. */
async function open(context, path) {
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && !r.url().endsWith("/favicon.ico")) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const response = await page.goto(BASE + path, { waitUntil: "load" });
  assert.match(response.headers()["content-security-policy"], /default-src 'self'/);
  return { page, problems };
}

/** The results once the status line has its final words. */
async function results(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector("[data-search-status]");
    const list = document.querySelector("[data-search-results]");
    return s && s.textContent && s.textContent !== list.dataset.tLoading;
  });
  return page.$$eval("[data-search-results] > li", (lis) =>
    lis.map((li) => ({
      href: li.querySelector("a").getAttribute("href"),
      title: li.querySelector("a").textContent,
      lang: li.lang,
      marks: [...li.querySelectorAll("mark")].map((m) => m.textContent),
      html: li.innerHTML,
    })),
  );
}

test("every golden query finds its page in the top 3", async () => {
  const context = await browser.newContext();
  const failures = [];
  const { page, problems } = await open(context, SEARCH.tr);
  for (const q of QUERIES) {
    await page.goto(`${BASE}${SEARCH[q.lang]}?q=${encodeURIComponent(q.query)}`, { waitUntil: "load" });
    const found = await results(page);
    const top = found.slice(0, 3).map((r) => r.href);
    const ok = q.expected === "-" ? found.length === 0 : top.includes(q.expected);
    if (!ok) failures.push(`${q.lang} ${JSON.stringify(q.query)} (${q.note}): expected ${q.expected}, got ${top.join(" ")}`);
  }
  await context.close();
  const langs = new Set(QUERIES.map((q) => q.lang));
  for (const lang of langs) assert.ok(QUERIES.filter((q) => q.lang === lang).length >= 40, `40 queries in ${lang}`);
  assert.deepEqual(failures, []);
  assert.deepEqual(problems, []);
});

test("results list the page's language first, mark every matched form, and say how many", async () => {
  const context = await browser.newContext();
  const { page, problems } = await open(context, `${SEARCH.en}?q=kadikoy`);
  const found = await results(page);
  assert.ok(found.length >= 2, JSON.stringify(found));
  assert.equal(found[0].lang, "en");
  assert.ok(found.some((r) => r.lang === "tr"), "the Turkish page is found too");
  const firstOther = found.findIndex((r) => r.lang === "tr");
  assert.ok(found.slice(firstOther).every((r) => r.lang === "tr"), "the other language after");
  assert.ok(found[0].marks.includes("Kadıköy"), JSON.stringify(found[0]));
  const status = await page.textContent("[data-search-status]");
  assert.equal(status, `${found.length} results`);
  assert.equal(await page.getAttribute("[data-search-status]", "aria-live"), "polite");
  // Exact letters rank above folded ones.
  await page.goto(`${BASE}${SEARCH.tr}?q=${encodeURIComponent("işe")}`);
  const ise = await results(page);
  assert.equal(ise[0].href, "/tr/blog/muhendis-alimi/");
  await page.goto(`${BASE}${SEARCH.tr}?q=ise`);
  assert.equal((await results(page))[0].href, "/tr/blog/kahve-makinesi/");
  await context.close();
  assert.deepEqual(problems, []);
});

test("typing shows results as the words are typed, prefixes included, and keeps the URL", async () => {
  const context = await browser.newContext();
  const { page, problems } = await open(context, SEARCH.tr);
  assert.equal(await page.evaluate(() => document.activeElement.id), "search-q");
  await page.keyboard.type("bağlantı hav", { delay: 20 });
  // The page answers each keystroke as it can: on a busy machine the answer to the last one
  // comes a while after the last key, so wait for it (its marks have the second word's prefix)
  // rather than read the answer to `bağl`.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("[data-search-results] > li mark")].some((m) =>
      m.textContent.toLocaleLowerCase("tr").startsWith("hav"),
    ),
  );
  const found = await results(page);
  assert.equal(found[0].href, "/tr/notes/baglanti-havuzu/");
  assert.match(page.url(), /\?q=ba%C4%9Flant%C4%B1\+hav$/);
  // Arrow keys reach the results; Enter follows the focused one.
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("href")), found[0].href);
  await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute("href")), found[1].href);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  assert.equal(await page.evaluate(() => document.activeElement.id), "search-q");
  await page.keyboard.press("ArrowDown");
  await Promise.all([page.waitForURL(BASE + found[0].href), page.keyboard.press("Enter")]);
  await context.close();
  assert.deepEqual(problems, []);
});

test("every page's header form reaches the search page; / and Ctrl+K focus it", async () => {
  const context = await browser.newContext();
  const { page, problems } = await open(context, "/en/blog/kadikoy-tasima/");
  const form = await page.$eval("header form[role=search]", (f) => ({
    method: f.getAttribute("method"),
    action: f.getAttribute("action"),
    input: f.querySelector("input[type=search]").name,
  }));
  assert.deepEqual(form, { method: "get", action: SEARCH.en, input: "q" });
  await page.keyboard.press("/");
  assert.equal(await page.evaluate(() => document.activeElement.id), "site-search-q");
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press("Control+k");
  assert.equal(await page.evaluate(() => document.activeElement.id), "site-search-q");
  await page.keyboard.type("circuit breaker");
  await Promise.all([page.waitForURL(/\/en\/search\/\?q=circuit\+breaker$/), page.keyboard.press("Enter")]);
  const found = await results(page);
  assert.equal(found[0].href, "/en/notes/devre-kesici/");
  assert.equal(await page.inputValue("#search-q"), "circuit breaker");
  await context.close();
  assert.deepEqual(problems, []);
});

test("text from the index is shown as text, never as markup", async () => {
  const context = await browser.newContext();
  const { page, problems } = await open(context, `${SEARCH.en}?q=onerror`);
  let alerted = false;
  page.on("dialog", (d) => {
    alerted = true;
    d.dismiss();
  });
  const found = await results(page);
  const hostile = found.find((r) => r.href === "/en/notes/markup-in-titles/");
  assert.ok(hostile, JSON.stringify(found));
  assert.equal(hostile.title, 'Escaping <script> and "><img src=x onerror=alert(1)> in titles');
  assert.match(hostile.html, /&lt;script&gt;/);
  assert.match(hostile.html, /"&gt;&lt;img src=x <mark>onerror<\/mark>=alert/);
  const elements = await page.$$eval("[data-search-results] img, [data-search-results] script", (e) => e.length);
  assert.equal(elements, 0);
  await page.goto(`${BASE}${SEARCH.tr}?q=${encodeURIComponent("<script>")}`);
  const tr = await results(page);
  assert.equal(tr[0].href, "/tr/notes/markup-in-titles/");
  assert.equal(await page.$$eval("[data-search-results] script, [data-search-results] img", (e) => e.length), 0);
  assert.equal(alerted, false);
  await context.close();
  assert.deepEqual(problems, []);
});

test("without script the search page lists every page by section", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}${SEARCH.tr}?q=kahve`);
  const links = await page.$$eval(".search-all a", (a) => a.map((x) => x.getAttribute("href")));
  assert.ok(links.includes("/tr/blog/kahve-makinesi/"));
  assert.equal(links.length, 15);
  assert.equal(await page.$eval("[data-search-results]", (l) => l.hidden), true);
  await context.close();
});

for (const scheme of ["light", "dark"]) {
  for (const width of [1280, 390]) {
    test(`axe finds nothing on the search page with results (${scheme}, ${width} px)`, async () => {
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
      const found = [];
      for (const path of [`${SEARCH.tr}?q=${encodeURIComponent("ışık")}`, `${SEARCH.en}?q=kadikoy`, `${SEARCH.en}?q=zzqxv`]) {
        const { page } = await open(context, path);
        await results(page);
        await page.addScriptTag({ path: AXE }).catch(() => {});
        // Under the policy an injected script may be refused: then axe runs from Node.
        const hasAxe = await page.evaluate(() => typeof window.axe !== "undefined");
        if (!hasAxe) {
          await page.evaluate(readFileSync(AXE, "utf8"));
        }
        const violations = await page.evaluate(async () => {
          const r = await window.axe.run(document, { resultTypes: ["violations"] });
          return r.violations.map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
        });
        for (const v of violations) found.push({ path, ...v });
        await page.close();
      }
      await context.close();
      assert.deepEqual(found, [], JSON.stringify(found, null, 2));
    });
  }
}
