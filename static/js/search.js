// sade's search page. The index was analysed at build time (src/search/): each word form a page
// holds, lowercased by its page's language, with its stem and its folded key. This script only
// looks words up: it lowercases a query by each index's language (never the reader's locale),
// folds it the same way, finds the forms in the word shard of each key, adds up the scores the
// build computed, and shows the best pages with every matched form marked. Nothing from the
// index reaches the page as HTML: every result is built with DOM methods.
//
// Exported for tests (Node): analysis and matching without a page.
"use strict";

const FOLDED = 0.85; // a form that differs from the query only in diacritics
const PREFIX = 0.7; // a form the last word, still being typed, starts
const TYPO = 0.45; // a form one or two edits away, when nothing else matched
const SHOWN = 5; // results per language at first, and then per "more results"

const segmenter =
  typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter("en", { granularity: "word" }) : null;

/** Unicode words of `text` (UAX #29), as written; Turkish words end at an apostrophe; a word
 * joined by `.` or `_` is given whole and then by its parts: as the build does. */
function words(text, lang) {
  const out = [];
  const raw = [];
  if (segmenter) {
    for (const s of segmenter.segment(text)) {
      if (!s.isWordLike) continue;
      // ICU joins ideographs and kana by dictionary; UAX #29, as the build applies it, makes
      // each ideograph and hiragana its own word.
      if (/[\p{Script=Han}\p{Script=Hiragana}]/u.test(s.segment)) {
        raw.push(...s.segment.match(/[\p{Script=Han}\p{Script=Hiragana}]|[^\p{Script=Han}\p{Script=Hiragana}]+/gu));
      } else raw.push(s.segment);
    }
  } else {
    for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+(?:[._'’][\p{L}\p{N}\p{M}]+)*/gu)) raw.push(m[0]);
  }
  const split = (w) => {
    w = w.replace(/^[._]+|[._]+$/g, "");
    if (!w) return;
    out.push(w);
    if (/[._]/.test(w)) for (const p of w.split(/[._]/)) if (p) out.push(p);
  };
  for (const w of raw) {
    if (lang === "tr" && /['’]/.test(w)) w.split(/['’]/).forEach(split);
    else split(w);
  }
  return out;
}

/** `word` lowercased by the rules of `lang`, whatever the browser's locale. */
function lower(word, lang) {
  let w = word.replace(/İ/g, "i");
  if (lang === "tr") w = w.replace(/I/g, "ı");
  return w.toLowerCase();
}

/** `word` (lowercase) without diacritics: `ş→s`, `ı→i`, … */
function fold(word) {
  return word.normalize("NFD").replace(/\p{M}/gu, "").replace(/ı/g, "i");
}

/** The query's parts: its words in order, which of them are in quotes (a phrase: every word
 * must match), and whether the last is still being typed. */
function parseQuery(query) {
  const parts = [];
  const re = /"([^"]*)"?|([^"]+)/g;
  let m;
  while ((m = re.exec(query))) {
    if (m[1] !== undefined) parts.push({ text: m[1], phrase: true });
    else parts.push({ text: m[2], phrase: false });
  }
  const open = !/[\s"]$/.test(query);
  return { parts, open };
}

/** Damerau–Levenshtein distance of `a` and `b`, or `max + 1` once it is certain to exceed `max`. */
function distance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = max + 1;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
const VALUE = new Map([...DIGITS].map((c, i) => [c, i]));

/** A term's postings as [page, score] pairs (see src/search/index.rs). */
function postings(encoded) {
  const out = [];
  let doc = 0;
  let i = 0;
  while (i < encoded.length) {
    let n = 0;
    let shift = 0;
    for (;;) {
      const v = VALUE.get(encoded[i++]);
      if (v >= 32) {
        n += (v - 32) * 2 ** shift;
        shift += 5;
      } else {
        n += v * 2 ** shift;
        break;
      }
    }
    doc += n;
    out.push([doc, VALUE.get(encoded[i++])]);
  }
  return out;
}

/** One language's index: its manifest (from the page) and the shards fetched so far, from
 * `root` (the site's `search/` folder). */
class Index {
  constructor(manifest, root, fetchJson) {
    this.manifest = manifest;
    this.lang = manifest.lang;
    this.root = root;
    this.fetchJson = fetchJson;
    this.shards = new Map();
  }

  async load() {
    return this.manifest;
  }

  shard(path) {
    if (!this.shards.has(path)) this.shards.set(path, this.fetchJson(this.root + path));
    return this.shards.get(path);
  }

  /** The word shards whose keys can lie in [from, to). */
  shardsFor(manifest, from, to) {
    const w = manifest.words;
    const out = [];
    for (let i = 0; i < w.length; i++) {
      const start = w[i][0];
      const end = i + 1 < w.length ? w[i + 1][0] : null;
      if ((end === null || end > from) && start < to) out.push(w[i][1]);
    }
    return out;
  }

  /**
   * Every page matching `query`, best first: [{doc, score}], and the forms that matched. With
   * `typos` false (the other language's index), a word that matches nothing is not tried as a
   * typo: that would cost a second round of requests for results that are mostly noise.
   */
  async search(query, typos = true) {
    const manifest = await this.load();
    const { parts, open } = parseQuery(query);
    const terms = []; // per query word: {word, phrase, last}
    for (const part of parts) {
      for (const w of words(part.text, this.lang)) {
        terms.push({ word: lower(w, this.lang), phrase: part.phrase });
      }
    }
    if (terms.length === 0) return { hits: [], forms: new Set() };
    terms[terms.length - 1].last = open && !parts[parts.length - 1].phrase;
    // Every shard the words need, fetched at once.
    const need = new Set();
    for (const t of terms) {
      const key = fold(t.word);
      t.key = key;
      const to = t.last ? key + "\uffff" : key + "\u0000";
      for (const s of this.shardsFor(manifest, key, to)) need.add(s);
    }
    const loaded = new Map();
    await Promise.all([...need].map(async (p) => loaded.set(p, await this.shard(p))));
    const forms = new Set();
    const perWord = [];
    for (const t of terms) {
      const scores = new Map(); // doc → best weighted score for this word
      const take = (shard, entry, weightOf) => {
        const key = entry[0];
        for (let i = 1; i < entry.length; i += 2) {
          const form = entry[i] || key;
          const weight = weightOf(form);
          if (!weight) continue;
          forms.add(form);
          for (const [doc, score] of postings(shard.t[entry[i + 1]])) {
            const s = weight * score;
            if (!(scores.get(doc) >= s)) scores.set(doc, s);
          }
        }
      };
      const exact = (form) => (form === t.word ? 1 : FOLDED);
      for (const path of this.shardsFor(manifest, t.key, t.key + "\u0000")) {
        const shard = loaded.get(path) || (await this.shard(path));
        const entry = find(shard.w, t.key);
        if (entry) take(shard, entry, exact);
      }
      if (t.last && t.key.length >= 2) {
        let n = 0;
        for (const path of this.shardsFor(manifest, t.key, t.key + "\uffff")) {
          const shard = loaded.get(path) || (await this.shard(path));
          for (let i = lowerBound(shard.w, t.key); i < shard.w.length && n < 40; i++) {
            const entry = shard.w[i];
            if (!entry[0].startsWith(t.key)) break;
            if (entry[0] === t.key) continue;
            n++;
            take(shard, entry, () => PREFIX);
          }
        }
      }
      if (typos && scores.size === 0 && t.key.length >= 4) {
        const max = t.key.length >= 7 ? 2 : 1;
        // Every shard of the word's first letter.
        const first = String.fromCodePoint(t.key.codePointAt(0));
        for (const path of this.shardsFor(manifest, first, first + "\uffff")) {
          const shard = loaded.get(path) || (await this.shard(path));
          for (const entry of shard.w) {
            const d = distance(t.key, entry[0], max);
            if (d <= max) take(shard, entry, () => TYPO / d);
          }
        }
      }
      perWord.push({ scores, phrase: t.phrase });
    }
    const total = new Map();
    const matched = new Map();
    perWord.forEach(({ scores }) => {
      for (const [doc, s] of scores) {
        total.set(doc, (total.get(doc) || 0) + s);
        matched.set(doc, (matched.get(doc) || 0) + 1);
      }
    });
    const hits = [];
    for (const [doc, s] of total) {
      if (perWord.some((w) => w.phrase && !w.scores.has(doc))) continue;
      const share = matched.get(doc) / perWord.length;
      hits.push({ doc, score: s * share * share });
    }
    hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return { hits, forms };
  }

  /** Page `doc`'s record: [path, title, section, text]. */
  async page(doc) {
    const manifest = await this.load();
    const shard = await this.shard(manifest.texts[Math.floor(doc / manifest.per)]);
    return shard[doc % manifest.per];
  }
}

/** The index of the first entry of `entries` whose key is not below `key`. */
function lowerBound(entries, key) {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid][0] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function find(entries, key) {
  const i = lowerBound(entries, key);
  return i < entries.length && entries[i][0] === key ? entries[i] : null;
}

/** Appends `text` to `parent`, each word whose form (or folded form) matched in a <mark>. */
function appendMarked(parent, text, lang, forms) {
  const folded = new Set([...forms].map(fold));
  const hit = (w) => {
    const l = lower(w, lang);
    return forms.has(l) || folded.has(fold(l));
  };
  const doc = parent.ownerDocument;
  let at = 0;
  const chunks = segmenter ? [...segmenter.segment(text)] : [{ segment: text, isWordLike: false, index: 0 }];
  let marks = 0;
  for (const s of chunks) {
    if (!s.isWordLike) continue;
    let pieces = [[s.segment, s.index]];
    if (lang === "tr" && /['’]/.test(s.segment)) {
      pieces = [];
      let off = s.index;
      for (const p of s.segment.split(/(['’])/)) {
        pieces.push([p, off]);
        off += p.length;
      }
    }
    for (const [piece, index] of pieces) {
      if (!piece || /^['’]$/.test(piece) || !hit(piece)) continue;
      if (index > at) parent.append(doc.createTextNode(text.slice(at, index)));
      const mark = doc.createElement("mark");
      mark.textContent = piece;
      parent.append(mark);
      at = index + piece.length;
      marks++;
    }
  }
  if (at < text.length) parent.append(doc.createTextNode(text.slice(at)));
  return marks;
}

/** The search page: the field, the status line, the list of results. */
function start(doc, win) {
  const list = doc.querySelector("[data-search-results]");
  if (!list) return;
  const input = doc.getElementById("search-q");
  const status = doc.querySelector("[data-search-status]");
  const everything = doc.querySelector(".search-all");
  const d = list.dataset;
  const t = { loading: d.tLoading, one: d.tOne, many: d.tMany, none: d.tNone, other: d.tOther, failed: d.tFailed };
  const cache = new Map();
  const fetchJson = (url) => {
    if (!cache.has(url)) {
      const got = win.fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: ${r.status}`);
        return r.json();
      });
      // A failed fetch is tried again by the next query.
      got.catch(() => cache.delete(url));
      cache.set(url, got);
    }
    return cache.get(url);
  };
  const manifests = JSON.parse(doc.getElementById("search-manifests").textContent);
  const own = d.lang;
  const other = own === "tr" ? "en" : "tr";
  const indexes = [own, other].map((l) => new Index(manifests[l], d.root, fetchJson));

  let run = 0;
  const show = async (query) => {
    const mine = ++run;
    const url = new URL(win.location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    win.history.replaceState(null, "", url);
    if (!query.trim()) {
      list.replaceChildren();
      list.hidden = true;
      moreButton.hidden = true;
      current = null;
      status.textContent = "";
      if (everything) everything.hidden = false;
      return;
    }
    status.textContent = t.loading;
    let found;
    try {
      found = await Promise.all(indexes.map((i, k) => i.search(query, k === 0)));
    } catch (e) {
      if (mine === run) status.textContent = t.failed;
      return;
    }
    if (mine !== run) return;
    current = { found, shown: 0, mine };
    await more();
  };

  // Shows the next SHOWN results of each language (the page's own first).
  let current = null;
  const more = async () => {
    const c = current;
    const items = [];
    for (let k = 0; k < 2; k++) {
      const { hits, forms } = c.found[k];
      for (const hit of hits.slice(c.shown, c.shown + SHOWN)) items.push({ k, hit, forms });
    }
    const first = c.shown === 0;
    c.shown += SHOWN;
    const records = await Promise.all(items.map((it) => indexes[it.k].page(it.hit.doc)));
    if (c.mine !== run) return;
    if (first) list.replaceChildren();
    const fresh = items.map((it, n) => {
      const [path, title, section, text] = records[n];
      const lang = indexes[it.k].lang;
      const li = doc.createElement("li");
      li.lang = lang;
      li.dataset.k = String(it.k);
      const a = doc.createElement("a");
      a.href = path;
      appendMarked(a, title, lang, it.forms);
      li.append(a);
      const meta = doc.createElement("span");
      meta.className = "search-meta";
      if (it.k === 1) {
        const badge = doc.createElement("span");
        badge.className = "search-lang";
        badge.lang = d.lang;
        badge.textContent = t.other;
        meta.append(badge);
      }
      if (section) meta.append(doc.createTextNode(section));
      if (meta.childNodes.length) li.append(meta);
      if (text) {
        const p = doc.createElement("p");
        appendMarked(p, text, lang, it.forms);
        li.append(p);
      }
      return li;
    });
    // The page's language first, then the other's: new results go after their language's.
    const own = fresh.filter((li) => li.dataset.k === "0");
    const lastOwn = [...list.children].filter((li) => li.dataset.k === "0").pop();
    if (lastOwn) lastOwn.after(...own);
    else list.prepend(...own);
    list.append(...fresh.filter((li) => li.dataset.k === "1"));
    const total = c.found[0].hits.length + c.found[1].hits.length;
    list.hidden = total === 0;
    if (everything) everything.hidden = total > 0;
    moreButton.hidden = c.shown >= Math.max(c.found[0].hits.length, c.found[1].hits.length);
    status.textContent = total === 0 ? t.none : total === 1 ? t.one : t.many.replace("{n}", String(total));
  };
  const moreButton = doc.querySelector("[data-search-more]");
  moreButton.addEventListener("click", () => {
    const before = list.children.length;
    more().then(() => list.children[before]?.querySelector("a")?.focus());
  });

  let timer = 0;
  input.addEventListener("input", () => {
    win.clearTimeout(timer);
    timer = win.setTimeout(() => show(input.value), 80);
  });
  input.form.addEventListener("submit", (e) => {
    e.preventDefault();
    win.clearTimeout(timer);
    show(input.value);
  });
  // Arrow keys move between the results; Enter follows the focused one (a link).
  const links = () => [...list.querySelectorAll("li > a")];
  const mark = (a) => {
    for (const li of list.children) li.classList.toggle("active", li === a?.parentElement);
  };
  const move = (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const all = links();
    if (all.length === 0) return;
    const at = all.indexOf(doc.activeElement);
    let next;
    if (e.key === "ArrowDown") next = at < 0 ? 0 : Math.min(at + 1, all.length - 1);
    else if (at <= 0) {
      mark(null);
      input.focus();
      e.preventDefault();
      return;
    } else next = at - 1;
    e.preventDefault();
    all[next].focus();
    mark(all[next]);
  };
  input.addEventListener("keydown", move);
  list.addEventListener("keydown", move);
  list.addEventListener("focusout", () => win.setTimeout(() => {
    if (!list.contains(doc.activeElement)) mark(null);
  }));

  const q = new URL(win.location.href).searchParams.get("q") || "";
  input.value = q;
  if (q) show(q);
  else input.focus();
}

if (typeof document !== "undefined") start(document, window);
if (typeof module !== "undefined") module.exports = { words, lower, fold, parseQuery, distance, postings, Index };
