#!/usr/bin/env python3
"""Deterministic benchmark corpus for `sade build` and its peers (issue 7).

From one seeded stream of text it writes, under OUT:

  OUT/sade/     a sade site: sade.yaml, content/blog/NAME.{tr,en}.md, templates/, static/
  OUT/hugo/     the same pages as a Hugo site (two languages, translation by file name),
                each backoff_table shortcode pre-expanded as a GFM table with as many rows
  OUT/mdbook/tr, OUT/mdbook/en
                one mdBook per language, same chapters, tables pre-expanded

Every page has ~600 words of prose with headings, lists, fenced code, links, a GFM table and
one `backoff_table` shortcode with varied parameters; the Turkish pages use Turkish letters.

The sade site has `cards: false` (its peers draw no pictures); `--cards` leaves sade's social
cards on, to measure them.

Usage: python3 benches/corpus.py --pages N --out DIR [--seed S] [--words W] [--cards]
Python 3.11 standard library only. Same arguments, same bytes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import shutil
from pathlib import Path

# --- Site configuration: the one place to change when the real formats land. -------------------

SADE_CONFIG = """\
base_url: https://bench.example
default_language: tr
languages:
  tr: { title: "Bench", description: "Bench sitesi" }
  en: { title: "Bench", description: "Bench site" }
sections:
  Post: { path: blog, label: { tr: "Yazılar", en: "Posts" } }
"""
# The peers draw no social cards: sade's are off unless --cards.
CARDS_OFF = "cards: false\n"
SECTION_NAME = "Post"
SECTION_PATH = "blog"
LANGS = ("tr", "en")


STYLE_CSS = "body{font-family:system-ui,sans-serif;max-width:46rem;margin:auto}table{border-collapse:collapse}\n"

HUGO_CONFIG = """\
baseURL = "https://bench.example/"
title = "Bench"
defaultContentLanguage = "tr"
defaultContentLanguageInSubdir = true
buildFuture = true
enableRobotsTXT = true
disableHugoGeneratorInject = true

[taxonomies]
tag = "tags"

[languages.tr]
languageName = "Türkçe"
weight = 1
[languages.tr.params]
description = "Bench sitesi"

[languages.en]
languageName = "English"
weight = 2
[languages.en.params]
description = "Bench site"

# Like sade, write the page's markdown (shortcodes expanded) next to its HTML.
[mediaTypes."text/markdown"]
suffixes = ["md"]

[outputFormats.Markdown]
mediaType = "text/markdown"
baseName = "index"
isPlainText = true

[outputs]
page = ["HTML", "Markdown"]
"""

HUGO_LAYOUTS = {
    "_default/baseof.html": """\
<!doctype html>
<html lang="{{ .Language.Lang }}">
<head>
<meta charset="utf-8">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<link rel="stylesheet" href="/style.css">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Lang }}" href="{{ .Permalink }}">
{{ end }}</head>
<body>
<header><a href="{{ .Site.Home.RelPermalink }}">{{ .Site.Title }}</a>
{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Lang }}">{{ .Language.LanguageName }}</a>{{ end }}</header>
<main>{{ block "main" . }}{{ end }}</main>
<footer>{{ .Site.Params.description }}</footer>
</body>
</html>
""",
    "_default/single.html": """\
{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
<p class="meta">{{ .Params.author }} · {{ .Date.Format "2006-01-02" }}</p>
{{ .Content }}
<ul class="tags">{{ range .Params.tags }}<li><a href="{{ "tags/" | relLangURL }}{{ . | urlize }}/">{{ . }}</a></li>{{ end }}</ul>
</article>
{{ end }}
""",
    "_default/list.html": """\
{{ define "main" }}
<h1>{{ .Title }}</h1>
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>
{{ end }}
""",
    "_default/single.markdown.md": """\
{{ .RawContent }}
""",
}

# --- Prose ---------------------------------------------------------------------------------------

TOPICS = {
    "tr": [
        "yeniden deneme", "üstel geri çekilme", "jitter", "kuyruk", "idempotency", "zaman aşımı",
        "devre kesici", "hız sınırlama", "yük dengeleme", "gözlemlenebilirlik", "ölçeklenme",
        "dağıtık kilit", "önbellek", "mesaj teslimi", "sağlık kontrolü", "geri basınç",
    ],
    "en": [
        "retries", "exponential backoff", "jitter", "queues", "idempotency", "timeouts",
        "circuit breakers", "rate limiting", "load balancing", "observability", "scaling",
        "distributed locks", "caching", "message delivery", "health checks", "backpressure",
    ],
}

SUBJECTS = {
    "tr": [
        "Bir istemci", "Her servis", "İşçi süreç", "Ödeme akışı", "Sipariş kuyruğu",
        "Ağ geçidi", "Veritabanı bağlantısı", "Gözlemci", "Dağıtık sistem", "Bu yaklaşım",
        "Üretimdeki küme", "İlk deneme", "Sağlıklı bir düğüm", "Yük altındaki servis",
    ],
    "en": [
        "A client", "Every service", "The worker process", "The payment flow", "The order queue",
        "The gateway", "A database connection", "The watcher", "A distributed system",
        "This approach", "The production cluster", "The first attempt", "A healthy node",
        "A service under load",
    ],
}

VERBS = {
    "tr": [
        "geçici bir hatayı sessizce yutar", "gecikmeyi her denemede ikiye katlar",
        "yükü zamana yayarak dağıtır", "tıkanmayı bir kesintiye çevirebilir",
        "aynı mesajı iki kez teslim edebilir", "üst sınıra ulaşınca beklemeyi durdurur",
        "senkronize dalgalar hâlinde yeniden dener", "kuyruğun boşalmasını bekler",
        "başarısız isteği günlüğe yazar", "ölçümleri düzenli aralıklarla gönderir",
        "bağlantı havuzunu tüketmeden çalışır", "işçilerin çakışmasını önler",
    ],
    "en": [
        "quietly swallows a transient error", "doubles the delay on every attempt",
        "spreads the load out over time", "can turn a hiccup into an outage",
        "may deliver the same message twice", "stops growing the wait once it hits the cap",
        "retries in synchronized waves", "waits for the queue to drain",
        "logs the failed request", "ships metrics at regular intervals",
        "works without exhausting the connection pool", "keeps workers from colliding",
    ],
}

TAILS = {
    "tr": [
        "ve bu yüzden ölçmek şarttır", "özellikle gece yarısı dağıtımlarında",
        "çünkü ağ hiçbir zaman güvenilir değildir", "ama kullanıcı bunu hiç görmez",
        "ki bu da maliyeti düşürür", "böylece sistem kendini toparlar",
        "öğleden sonraki trafik tepesinde bile", "ve gözlemcilerin işi kolaylaşır",
        "eğer zaman aşımı doğru seçilmişse", "ancak yalnızca idempotent işlemler için",
    ],
    "en": [
        "which is why you measure first", "especially during midnight deploys",
        "because the network is never reliable", "but the user never notices",
        "which keeps the bill down", "so the system recovers on its own",
        "even at the afternoon traffic peak", "and the on-call engineer sleeps better",
        "as long as the timeout is chosen well", "but only for idempotent operations",
    ],
}

HEADINGS = {
    "tr": [
        "Neden önemli", "Formül", "Gözlemler", "Sık yapılan hatalar", "Ölçüm", "Örnek akış",
        "Üretimde", "Sınırlar ve üst sınır", "Günlükler ve izler", "Özet", "Tabloyu okumak",
        "Kuyruğun öbür ucu", "İstemci tarafı", "Şüpheli durumlar",
    ],
    "en": [
        "Why it matters", "The formula", "Observations", "Common mistakes", "Measuring",
        "An example flow", "In production", "Limits and the cap", "Logs and traces", "Summary",
        "Reading the table", "The other end of the queue", "The client side", "Edge cases",
    ],
}

LIST_ITEMS = {
    "tr": [
        "**base** — ilk bekleme süresi", "**factor** — deneme başına büyüme oranı",
        "**cap** — beklemenin üst sınırı", "**seed** — örnek sütunun tohumu",
        "Gözlemlenebilirlik için ölçüm ekle", "Zaman aşımını isteğin bütçesinden düş",
        "Sıçrayan trafiği önceden test et", "İşçi sayısını düğüm başına sınırla",
        "Hata oranını yüzde olarak izle", "Şüpheli yanıtları ayrı bir kuyruğa taşı",
    ],
    "en": [
        "**base** — the first wait", "**factor** — growth per attempt",
        "**cap** — the upper bound of one wait", "**seed** — seed of the sample column",
        "Add metrics for observability", "Subtract the timeout from the request budget",
        "Load-test the spiky traffic ahead of time", "Bound the number of workers per node",
        "Track the error rate as a percentage", "Move suspicious responses to a separate queue",
    ],
}

CODE_SNIPPETS = [
    ("rust", """\
fn delay(base_ms: f64, factor: f64, cap_ms: f64, n: u32) -> f64 {
    (base_ms * factor.powi(n as i32 - 1)).min(cap_ms)
}

for n in 1..=8 {
    println!("{n}: {} ms", delay(100.0, 2.0, 30_000.0, n));
}"""),
    ("python", """\
import random

def full_jitter(base, factor, cap, n, rng=random.Random(7)):
    delay = min(cap, base * factor ** (n - 1))
    return rng.uniform(0, delay)

print([round(full_jitter(0.1, 2, 30, n), 3) for n in range(1, 9)])"""),
    ("go", """\
func backoff(base, capDur time.Duration, n int) time.Duration {
\td := base << (n - 1)
\tif d > capDur || d <= 0 {
\t\treturn capDur
\t}
\treturn d
}"""),
    ("yaml", """\
retry:
  base: 100ms
  factor: 2
  cap: 30s
  attempts: 8
  jitter: equal"""),
    ("sh", """\
for i in 1 2 3 4 5; do
  curl -fsS https://service.example/health && break
  sleep $((2 ** i))
done"""),
]

LINKS = [
    ("AWS Architecture Blog", "https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/"),
    ("RFC 9110", "https://www.rfc-editor.org/rfc/rfc9110"),
    ("Google SRE", "https://sre.google/sre-book/handling-overload/"),
    ("Wikipedia", "https://en.wikipedia.org/wiki/Exponential_backoff"),
]

TAGS = [
    "retry", "reliability", "queues", "timeouts", "jitter", "latency", "ops", "rust",
    "networking", "sre", "idempotency", "caching",
]

AUTHORS = ["Muhammet Şafak", "Ayşe Çelik", "Gökhan Öztürk", "İlkay Güneş", "Jane Doe"]

STRATEGIES = ("none", "full", "equal", "decorrelated")
JITTERS = ["all", "none", "full", "equal", "decorrelated", "[full, equal]",
           "[none, decorrelated]", "[full, equal, decorrelated]"]

TABLE_LABELS = {
    "tr": {"attempt": "Deneme", "delay": "Gecikme", "min": "En az", "max": "En çok",
           "sample": "Örnek", "caption": "Backoff zamanlaması", "attempts": "deneme",
           "seed": "tohum", "cap": "üst sınır"},
    "en": {"attempt": "Attempt", "delay": "Delay", "min": "Min", "max": "Max",
           "sample": "Sample", "caption": "Backoff schedule", "attempts": "attempts",
           "seed": "seed", "cap": "cap"},
}


def sentence(rng: random.Random, lang: str) -> str:
    s = f"{rng.choice(SUBJECTS[lang])} {rng.choice(VERBS[lang])}, {rng.choice(TAILS[lang])}."
    if rng.random() < 0.3:
        s = s[:-1] + f" ({rng.choice(TOPICS[lang])})."
    return s


def paragraph(rng: random.Random, lang: str) -> str:
    sents = [sentence(rng, lang) for _ in range(rng.randint(2, 5))]
    if rng.random() < 0.35:
        label, url = rng.choice(LINKS)
        more = "bak" if lang == "tr" else "see"
        sents.append(f"Ayrıntılar için [{label}]({url}) kaynağına {more}."
                     if lang == "tr" else f"For details, {more} [{label}]({url}).")
    if rng.random() < 0.3:
        word = rng.choice(["`attempts`", "`cap`", "`factor`", "`seed`"])
        sents.append(f"Burada {word} önemlidir." if lang == "tr" else f"Here {word} matters.")
    return " ".join(sents)


def small_table(rng: random.Random, lang: str) -> str:
    if lang == "tr":
        head = "| Strateji | Aralık | Not |\n| --- | --- | --- |"
        rows = [("None", "`delay`", "senkronize dalgalar"), ("Full", "`[0, delay]`", "en geniş dağılım"),
                ("Equal", "`[delay/2, delay]`", "bir taban tutar"),
                ("Decorrelated", "`[base, önceki × 3]`", "güçlü varsayılan")]
    else:
        head = "| Strategy | Range | Note |\n| --- | --- | --- |"
        rows = [("None", "`delay`", "synchronized waves"), ("Full", "`[0, delay]`", "widest spread"),
                ("Equal", "`[delay/2, delay]`", "keeps a floor"),
                ("Decorrelated", "`[base, previous × 3]`", "strong default")]
    k = rng.randint(2, 4)
    return head + "\n" + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in rows[:k])


# --- The backoff_table shortcode and its pre-expansion ----------------------------------------

def fmt_ms(ms: float, lang: str) -> str:
    """A short localized duration; the same digits in every generated site."""
    if ms < 1000:
        text, unit = f"{ms:.0f}", "ms"
    elif ms < 60_000:
        text, unit = f"{ms / 1000:.1f}", "sn" if lang == "tr" else "s"
    else:
        text, unit = f"{ms / 60_000:.1f}", "dk" if lang == "tr" else "min"
    if lang == "tr":
        text = text.replace(".", ",")
    return f"{text} {unit}"


def dur_text(ms: float) -> str:
    if ms % 3_600_000 == 0:
        return f"{int(ms // 3_600_000)}h"
    if ms % 60_000 == 0:
        return f"{int(ms // 60_000)}m"
    if ms % 1000 == 0:
        return f"{int(ms // 1000)}s"
    return f"{int(ms)}ms"


def shortcode_params(rng: random.Random) -> dict:
    return {
        "base": rng.choice([50, 100, 200, 250, 500, 1000]),
        "factor": rng.choice([1.5, 2, 2.5, 3]),
        "cap": rng.choice([10_000, 30_000, 60_000, 300_000, None]),
        "attempts": rng.randint(4, 12),
        "jitter": rng.choice(JITTERS),
        "seed": rng.randint(1, 999),
    }


def shortcode_text(p: dict) -> str:
    cap = "none" if p["cap"] is None else dur_text(p["cap"])
    return (f"<< backoff_table(base={dur_text(p['base'])}, factor={p['factor']}, cap={cap}, "
            f"attempts={p['attempts']}, jitter={p['jitter']}, seed={p['seed']}) >>")


def expand_table(p: dict, lang: str) -> str:
    """The shortcode as a GFM table: one row per attempt, three columns per strategy."""
    jit = p["jitter"]
    strategies = (list(STRATEGIES) if jit == "all"
                  else [s.strip() for s in jit.strip("[]").split(",")])
    lab = TABLE_LABELS[lang]
    rng = random.Random(p["seed"])
    cap = p["cap"] if p["cap"] is not None else float("inf")
    header = [lab["attempt"], lab["delay"]]
    for s in strategies:
        name = s.capitalize()
        header += [f"{name} {lab['min']}", f"{name} {lab['max']}", f"{name} {lab['sample']}"]
    lines = ["| " + " | ".join(header) + " |", "|" + " ---: |" * len(header)]
    dec_hi = p["base"]
    for n in range(1, p["attempts"] + 1):
        d = min(cap, p["base"] * p["factor"] ** (n - 1))
        dec_hi = min(cap, dec_hi * 3)
        row = [str(n), fmt_ms(d, lang)]
        for s in strategies:
            lo, hi = {"none": (d, d), "full": (0, d), "equal": (d / 2, d),
                      "decorrelated": (p["base"], dec_hi)}[s]
            sample = lo + (hi - lo) * rng.random()
            row += [fmt_ms(lo, lang), fmt_ms(hi, lang), "≈ " + fmt_ms(sample, lang)]
        lines.append("| " + " | ".join(row) + " |")
    cap_text = "none" if p["cap"] is None else fmt_ms(p["cap"], lang)
    caption = (f"*{lab['caption']}: base {fmt_ms(p['base'], lang)}, ×{p['factor']}, "
               f"{lab['cap']} {cap_text}; {p['attempts']} {lab['attempts']}, {lab['seed']} {p['seed']}*")
    return caption + "\n\n" + "\n".join(lines)


# --- Pages ---------------------------------------------------------------------------------------

def page_body(rng: random.Random, lang: str, title: str, description: str, words: int,
              table_marker: str, code_blocks: int = 1) -> str:
    """Markdown body of one page; `table_marker` stands where the shortcode paragraph goes.

    With `code_blocks` above 1, the page has that many fenced blocks, each snippet with its
    numbers drawn afresh, so no two blocks of the corpus are alike (a corpus for measuring what
    code costs; the default of one block gives the same corpus as before)."""
    parts = [f"# {title}", f"> {description}", paragraph(rng, lang)]
    count = sum(len(x.split()) for x in parts)
    headings = rng.sample(HEADINGS[lang], k=len(HEADINGS[lang]))
    # Every page has each kind of block once, in a random order, then plain sections until
    # the prose reaches `words`.
    plan = ["list"] + ["code"] * code_blocks + ["table", "shortcode"]
    rng.shuffle(plan)
    h = 0
    while plan or count < words:
        block = [f"## {headings[h % len(headings)]}", paragraph(rng, lang)]
        h += 1
        kind = plan.pop() if plan else None
        if kind == "list":
            items = rng.sample(LIST_ITEMS[lang], k=rng.randint(3, 5))
            marker = "1." if rng.random() < 0.3 else "-"
            block.append("\n".join(f"{marker} {it}" for it in items))
        elif kind == "code":
            info, code = rng.choice(CODE_SNIPPETS)
            if code_blocks > 1:
                code = re.sub(r"\d+", lambda _: str(rng.randint(1, 999)), code)
            block.append(f"```{info}\n{code}\n```")
        elif kind == "table":
            block.append(small_table(rng, lang))
        elif kind == "shortcode":
            block.append(table_marker)
        if kind is not None:
            block.append(paragraph(rng, lang))
        count += sum(len(x.split()) for x in block if x != table_marker)
        parts.extend(block)
    return "\n\n".join(parts) + "\n"


def yaml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def generate(n_pages: int, out: Path, seed: int, words: int, code_blocks: int = 1,
             cards: bool = False) -> None:
    if out.exists():
        shutil.rmtree(out)
    sade = out / "sade"
    hugo = out / "hugo"
    books = {lang: out / "mdbook" / lang for lang in LANGS}

    # Fixed files of each site.
    (sade / "content" / SECTION_PATH).mkdir(parents=True)
    # sade's own shipped templates and stylesheet: the work a real sade site does.
    repo = Path(__file__).resolve().parent.parent
    shutil.copytree(repo / "templates", sade / "templates")
    (sade / "static").mkdir()
    shutil.copy(repo / "static" / "style.css", sade / "static" / "style.css")
    (sade / "sade.yaml").write_text(SADE_CONFIG + ("" if cards else CARDS_OFF), encoding="utf-8")

    (hugo / "content" / SECTION_PATH).mkdir(parents=True)
    (hugo / "static").mkdir()
    (hugo / "hugo.toml").write_text(HUGO_CONFIG, encoding="utf-8")
    for name, text in HUGO_LAYOUTS.items():
        path = hugo / "layouts" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (hugo / "static" / "style.css").write_text(STYLE_CSS, encoding="utf-8")

    for lang, book in books.items():
        (book / "src").mkdir(parents=True)
        (book / "book.toml").write_text(
            f'[book]\ntitle = "Bench ({lang})"\nlanguage = "{lang}"\nsrc = "src"\n'
            '\n[output.html]\nno-section-label = true\n', encoding="utf-8")

    rng = random.Random(seed)
    summary = {lang: [f"# Summary\n"] for lang in LANGS}
    start = dt.date(2024, 1, 1)
    for i in range(n_pages):
        name = f"p{i:05d}-{rng.choice(TOPICS['en']).replace(' ', '-')}"
        published = start + dt.timedelta(days=rng.randint(0, 900))
        updated = published + dt.timedelta(days=rng.randint(0, 120))
        author = rng.choice(AUTHORS)
        tags = rng.sample(TAGS, k=rng.randint(1, 3))
        params = shortcode_params(rng)
        topic_i = rng.randrange(len(TOPICS["tr"]))
        for lang in LANGS:
            topic = TOPICS[lang][topic_i]
            if lang == "tr":
                title = f"{topic.capitalize()} üzerine not {i + 1}: ölçüm ve gözlemler"
                description = f"{topic.capitalize()} için kısa bir çalışma: neyi ölçtük, ne öğrendik, şüpheli noktalar."
            else:
                title = f"Note {i + 1} on {topic}: measurements and observations"
                description = f"A short study of {topic}: what we measured, what we learned, and the open questions."
            marker = "\x00TABLE\x00"
            body = page_body(rng, lang, title, description, words, marker, code_blocks)
            sade_body = body.replace(marker, shortcode_text(params))
            expanded_body = body.replace(marker, expand_table(params, lang))
            tag_list = "[" + ", ".join(yaml_str(t) for t in tags) + "]"

            front = (f"---\ntitle: {yaml_str(title)}\ndescription: {yaml_str(description)}\n"
                     f"lang: {lang}\nauthor: {yaml_str(author)}\npublished: {published}\n"
                     f"updated: {updated}\nsection: {SECTION_NAME}\ntags: {tag_list}\n---\n\n")
            (sade / "content" / SECTION_PATH / f"{name}.{lang}.md").write_text(
                front + sade_body, encoding="utf-8")

            hfront = (f"---\ntitle: {yaml_str(title)}\ndescription: {yaml_str(description)}\n"
                      f"date: {published}\nlastmod: {updated}\nauthor: {yaml_str(author)}\n"
                      f"tags: {tag_list}\n---\n\n")
            (hugo / "content" / SECTION_PATH / f"{name}.{lang}.md").write_text(
                hfront + expanded_body, encoding="utf-8")

            (books[lang] / "src" / f"{name}.md").write_text(expanded_body, encoding="utf-8")
            summary[lang].append(f"- [{title}]({name}.md)")
    for lang, book in books.items():
        (book / "src" / "SUMMARY.md").write_text("\n".join(summary[lang]) + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, required=True, help="pages per language")
    ap.add_argument("--out", type=Path, required=True, help="output folder (replaced)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--words", type=int, default=600, help="words of prose per page")
    ap.add_argument("--code-blocks", type=int, default=1,
                    help="fenced code blocks per page (above 1: each with its own numbers)")
    ap.add_argument("--cards", action="store_true", help="leave sade's social cards on")
    args = ap.parse_args()
    generate(args.pages, args.out, args.seed, args.words, args.code_blocks, args.cards)


if __name__ == "__main__":
    main()
