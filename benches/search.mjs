// sade's search against Pagefind's on the same built sites, in Debian's headless Chromium.
// Run by benches/search.sh, which builds the sites and runs Pagefind on them:
//
//   node benches/search.mjs BIG_SITE FIXTURE_SITE QUERIES_TSV
//
// BIG_SITE is the generated 2 × N-page corpus built by sade (with Pagefind's index in
// _pagefind/); FIXTURE_SITE is tests/fixtures/search-site built the same way. Both are served
// by a small HTTP server that gzips text as most static hosts do (Pagefind's own files are
// compressed already and are sent as they are). It prints, for each tool: files written, index
// bytes (and per page), and for a first query: requests, sequential rounds, bytes on the wire
// and uncompressed; then the golden queries' top-3 hits.

import http from "node:http";
import { readFileSync, statSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { join, extname } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "../tests/browser/node_modules/playwright-core/index.mjs";

const [BIG, FIXTURE, QUERIES] = process.argv.slice(2);
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".xml": "application/xml",
};

function serve(dir) {
  const server = http.createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = join(dir, path);
    if (path.includes("..") || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end("not found");
      return;
    }
    let body = readFileSync(file);
    const type = TYPES[extname(file)] || "application/octet-stream";
    const headers = { "Content-Type": type, "X-Raw-Length": String(body.length) };
    // Text is compressed, as GitHub Pages, Netlify or Cloudflare do; Pagefind's pf_* files are
    // gzip already (and have no text type).
    if (/text|json|javascript|wasm/.test(type) && /gzip/.test(req.headers["accept-encoding"] || "")) {
      body = gzipSync(body, { level: 6 });
      headers["Content-Encoding"] = "gzip";
    }
    headers["Content-Length"] = String(body.length);
    res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })));
}

function walk(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

function indexFiles(site, sub) {
  const files = existsSync(join(site, sub)) ? walk(join(site, sub)) : [];
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  return { files: files.length, bytes };
}

/** A page that runs Pagefind's own API for one language (Pagefind reads <html lang>). */
function pagefindPage(site, lang) {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>pagefind</title></head>
<body><input id="q" type="search" aria-label="q"><script type="module">
let pf;
document.getElementById("q").addEventListener("focus", async () => {
  pf = await import("/_pagefind/pagefind.js");
  await pf.init();
}, { once: true });
window.runQuery = async (q) => {
  while (!pf) await new Promise((r) => setTimeout(r, 5));
  const s = await pf.search(q);
  const data = await Promise.all(s.results.slice(0, 5).map((r) => r.data()));
  return data.map((d) => new URL(d.url, location.href).pathname);
};
</script></body></html>`;
  writeFileSync(join(site, `pagefind-${lang}.html`), html);
  return `/pagefind-${lang}.html`;
}

/** Requests from focusing the field until the results show: count, rounds, bytes. */
function tracker(page, prefix) {
  const reqs = [];
  page.on("requestfinished", async (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith(prefix)) return;
    const timing = r.timing();
    const resp = await r.response();
    const headers = await resp.allHeaders();
    reqs.push({
      path: url.pathname,
      start: timing.startTime + Math.max(0, timing.requestStart),
      end: timing.startTime + timing.responseEnd,
      wire: Number(headers["content-length"] || 0),
      raw: Number(headers["x-raw-length"] || 0),
    });
  });
  return reqs;
}

/** Rounds: a request that started after another one ended is one round later than it. */
function rounds(reqs) {
  const sorted = [...reqs].sort((a, b) => a.start - b.start);
  const wave = [];
  sorted.forEach((r, i) => {
    let w = 1;
    for (let j = 0; j < i; j++) if (sorted[j].end <= r.start) w = Math.max(w, wave[j] + 1);
    wave.push(w);
  });
  return Math.max(0, ...wave);
}

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function firstQuery(base, tool, lang, query) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (tool === "sade") {
    const path = lang === "tr" ? "/tr/ara/" : "/en/search/";
    await page.goto(base + path, { waitUntil: "networkidle" });
    // The field is focused when the page loads, which fetches the manifests: counted too.
    const reqs = tracker(page, "/search/");
    await page.reload({ waitUntil: "load" });
    await page.fill("#search-q", query);
    await page.waitForFunction(() => {
      const s = document.querySelector("[data-search-status]");
      return s.textContent && !/…$/.test(s.textContent);
    });
    await page.waitForLoadState("networkidle");
    const n = await page.$$eval("[data-search-results] > li", (l) => l.length);
    await context.close();
    return { reqs, shown: n };
  }
  const path = pagefindPage(tool.site, lang);
  await page.goto(base + path, { waitUntil: "networkidle" });
  const reqs = tracker(page, "/_pagefind/");
  await page.focus("#q");
  const urls = await page.evaluate((q) => window.runQuery(q), query);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { reqs, shown: urls.length };
}

const kB = (n) => (n / 1000).toFixed(1);
const big = await serve(BIG);
const pages = walk(BIG).filter((f) => f.endsWith("index.html") && /\/(tr|en)\/blog\/[^/]+\/index\.html$/.test(f)).length;
const sadeFiles = indexFiles(BIG, "search");
const pfFiles = indexFiles(BIG, "_pagefind");
console.log(`site: ${BIG} (${pages} pages)`);
console.log(`| | sade | Pagefind |`);
console.log(`|---|---|---|`);
console.log(`| index files written | ${sadeFiles.files} | ${pfFiles.files} |`);
console.log(`| index bytes on disk | ${kB(sadeFiles.bytes)} kB | ${kB(pfFiles.bytes)} kB |`);
console.log(`| index bytes per page | ${(sadeFiles.bytes / pages).toFixed(0)} B | ${(pfFiles.bytes / pages).toFixed(0)} B |`);
const QUERY_SET = [
  ["tr", "gözlemlenebilirlik"],
  ["tr", "kuyruğun öbür ucu"],
  ["en", "observability"],
  ["en", "idempotent operations"],
];
for (const [lang, q] of QUERY_SET) {
  const row = [];
  for (const tool of ["sade", { site: BIG }]) {
    const { reqs, shown } = await firstQuery(big.url, tool, lang, q);
    const wire = reqs.reduce((n, r) => n + r.wire, 0);
    const raw = reqs.reduce((n, r) => n + (r.raw || r.wire), 0);
    row.push(`${reqs.length} requests, ${rounds(reqs)} rounds, ${kB(wire)} kB on the wire (${kB(raw)} kB uncompressed), ${shown} shown`);
  }
  console.log(`| first query \`${q}\` (${lang}) | ${row[0]} | ${row[1]} |`);
}
big.server.close();

// The golden queries, top 3.
const fixture = await serve(FIXTURE);
const golden = readFileSync(QUERIES, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#")).map((l) => l.split("\t"));
const hits = { sade: 0, pagefind: 0 };
const misses = { sade: [], pagefind: [] };
const context = await browser.newContext();
const sadePage = await context.newPage();
const pf = {};
for (const lang of ["tr", "en"]) {
  pf[lang] = await context.newPage();
  await pf[lang].goto(fixture.url + pagefindPage(FIXTURE, lang));
  await pf[lang].focus("#q");
}
for (const [lang, q, expected] of golden) {
  const path = lang === "tr" ? "/tr/ara/" : "/en/search/";
  await sadePage.goto(`${fixture.url}${path}?q=${encodeURIComponent(q)}`);
  await sadePage.waitForFunction(() => {
    const s = document.querySelector("[data-search-status]");
    return s.textContent && !/…$/.test(s.textContent);
  });
  const ours = await sadePage.$$eval("[data-search-results] > li > a", (a) => a.slice(0, 3).map((x) => x.getAttribute("href")));
  const theirs = (await pf[lang].evaluate((query) => window.runQuery(query), q)).slice(0, 3);
  for (const [tool, got] of [["sade", ours], ["pagefind", theirs]]) {
    const ok = expected === "-" ? got.length === 0 : got.includes(expected);
    if (ok) hits[tool]++;
    else misses[tool].push(`${lang} ${JSON.stringify(q)}`);
  }
}
await context.close();
console.log(`| golden queries with the expected page in the top 3 (of ${golden.length}) | ${hits.sade} | ${hits.pagefind} |`);
console.log(`\nsade missed: ${misses.sade.join(", ") || "none"}`);
console.log(`Pagefind missed: ${misses.pagefind.join(", ") || "none"}`);
fixture.server.close();
await browser.close();
