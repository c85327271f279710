// Screenshots of the bundled site as readers see it: the calculator, two posts, the homes, the
// language chooser and the About page, at 1280 px and 390 px wide, in Turkish and English, light
// and dark, in Debian's headless Chromium.
//
//   benches/screenshots.sh            (builds the site, serves it, runs this)
//   node benches/screenshots.mjs URL OUT_DIR
//
// Each shot is the whole page (full height), named PAGE-LANG-WIDTH-SCHEME.png; with SELECTOR
// set (a CSS selector), only the first element it finds, named PAGE-SELECTOR-LANG-WIDTH-SCHEME.png
// (`SELECTOR=.frontier PAGES=calculator benches/screenshots.sh`).

import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(new URL("../tests/browser/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const [base, out] = process.argv.slice(2);
if (!base || !out) {
  console.error("usage: node benches/screenshots.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const PAGES = {
  calculator: { tr: "/tr/tools/backoff-calculator/", en: "/en/tools/backoff-calculator/" },
  post: { tr: "/tr/blog/jitter-in-practice/", en: "/en/blog/jitter-in-practice/" },
  libraries: { tr: "/tr/blog/retry-libraries/", en: "/en/blog/retry-libraries/" },
  storm: { tr: "/tr/blog/retry-storm/", en: "/en/blog/retry-storm/" },
  frontier: { tr: "/tr/blog/recovery-frontier/", en: "/en/blog/recovery-frontier/" },
  home: { tr: "/tr/", en: "/en/" },
  // The search page with a query (results from both languages) and without.
  search: { tr: "/tr/ara/?q=jitter%20kuyruk", en: "/en/search/?q=jitter%20queue" },
  "search-empty": { tr: "/tr/ara/", en: "/en/search/" },
  root: { tr: "/", en: "/" },
  "site-about": { tr: "/tr/hakkinda/", en: "/en/about/" },
  // The site `sade init` makes (ROOT=… benches/screenshots.sh).
  "first-post": { tr: "/tr/blog/first-retries/", en: "/en/blog/first-retries/" },
  about: { tr: "/tr/about/", en: "/en/about/" },
};
const WIDTHS = [1280, 390];
const SCHEMES = ["light", "dark"];

const browser = await chromium.launch({
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
const only = process.env.PAGES
  ? process.env.PAGES.split(",")
  : ["calculator", "post", "libraries", "home", "root", "site-about"];
for (const name of only) {
  for (const lang of ["tr", "en"]) {
    if (name === "root" && lang === "en") continue;
    for (const width of WIDTHS) {
      for (const scheme of SCHEMES) {
        const context = await browser.newContext({
          viewport: { width, height: width > 600 ? 800 : 844 },
          deviceScaleFactor: 1,
          colorScheme: scheme,
          locale: lang === "tr" ? "tr-TR" : "en-US",
        });
        const page = await context.newPage();
        await page.goto(base + PAGES[name][lang], { waitUntil: "networkidle" });
        // Search results appear once the shards are in.
        await page.waitForFunction(() => {
          const s = document.querySelector("[data-search-status]");
          return !s || !/…$/.test(s.textContent);
        });
        const selector = process.env.SELECTOR;
        const part = selector ? `-${selector.replace(/[^a-z0-9]+/gi, "")}` : "";
        const file = `${out}/${name}${part}-${lang}-${width}-${scheme}.png`;
        if (selector) await page.locator(selector).first().screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        console.log(`${file}${overflow > 0 ? `  (wider than the viewport by ${overflow} px)` : ""}`);
        await context.close();
      }
    }
  }
}
await browser.close();
