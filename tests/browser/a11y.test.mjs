// axe-core on every page of a built site, in Debian's headless Chromium, in light and dark.
//
// Run by tests/browser_a11y.rs, which builds the bundled site, serves it at SADE_URL and writes
// the site's page paths to SADE_PAGES (one per line).
//
//   node tests/browser/a11y.test.mjs

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const BASE = process.env.SADE_URL;
const PAGES = process.env.SADE_PAGES ? readFileSync(process.env.SADE_PAGES, "utf8").split("\n").filter(Boolean) : [];

let browser;

before(async () => {
  assert.ok(BASE && PAGES.length > 0, "SADE_URL and SADE_PAGES must be set (run by cargo test)");
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

for (const scheme of ["light", "dark"]) {
  for (const width of [1280, 390]) {
    test(`axe finds nothing on any page (${scheme}, ${width} px)`, async (t) => {
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
      const found = [];
      for (const path of PAGES) {
        const page = await context.newPage();
        await page.goto(BASE + path, { waitUntil: "networkidle" });
        await page.addScriptTag({ path: AXE });
        const violations = await page.evaluate(async () => {
          // Everything axe checks, its best-practice rules included.
          const r = await window.axe.run(document, { resultTypes: ["violations"] });
          return r.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary),
          }));
        });
        for (const v of violations) found.push({ path, ...v });
        await page.close();
      }
      await context.close();
      t.diagnostic(`${PAGES.length} pages checked`);
      assert.deepEqual(found, [], JSON.stringify(found, null, 2));
    });
  }
}
