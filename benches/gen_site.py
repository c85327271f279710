#!/usr/bin/env python3
"""Generates a bilingual sade site of N pairs of pages (default 1000 pairs = 2000 pages).

Usage: gen_site.py OUT_DIR REPO_ROOT [PAIRS]
Copies REPO_ROOT's sade.yaml, templates/ and static/; each page has ~300 words and one
backoff_table shortcode with its own seed.
"""
import os
import random
import shutil
import sys

out, repo = sys.argv[1], sys.argv[2]
pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
rng = random.Random(7)
EN = ("retry backoff jitter client server request timeout budget wave storm cap attempt "
      "service worker queue load balancer pool latency error idempotent key deploy").split()
TR = ("yeniden deneme bekleme sunucu istemci istek zaman aşımı bütçe dalga fırtına sınır "
      "deneme servis işçi kuyruk yük dengeleyici havuz gecikme hata anahtar dağıtım şişme").split()

if os.path.exists(out):
    shutil.rmtree(out)
os.makedirs(os.path.join(out, "content", "blog"))
shutil.copy(os.path.join(repo, "sade.yaml"), out)
shutil.copytree(os.path.join(repo, "templates"), os.path.join(out, "templates"))
shutil.copytree(os.path.join(repo, "static"), os.path.join(out, "static"))


def prose(words, n):
    paras = []
    left = n
    while left > 0:
        k = min(left, 60)
        ws = [rng.choice(words) for _ in range(k)]
        ws[0] = ws[0].capitalize()
        paras.append(" ".join(ws) + ".")
        left -= k
    return paras


for i in range(pairs):
    for lang, words in (("en", EN), ("tr", TR)):
        paras = prose(words, 300)
        body = "\n\n".join(paras[:2]) + "\n\n## Table\n\n"
        body += (f"<< backoff_table(base=100ms, factor=2, cap=30s, attempts=8, jitter=all, "
                 f"seed={i}) >>\n\n")
        body += "\n\n".join(paras[2:]) + "\n"
        month = 1 + i % 12
        day = 1 + i % 28
        fm = (f'---\ntitle: "Page {i} {lang}"\ndescription: "Generated page {i}."\n'
              f"published: 2025-{month:02d}-{day:02d}\nsection: Post\n"
              f'tags: ["t{i % 20}", "generated"]\n---\n\n')
        with open(os.path.join(out, "content", "blog", f"page-{i:04d}.{lang}.md"), "w") as f:
            f.write(fm + body)
