#!/usr/bin/env bash
# sade's search against Pagefind (the npm package, which ships its binary) on the same sites:
# files written, index bytes per page, bytes and sequential requests for a first query on a
# generated bilingual site of 2 × PAGES pages, and top-3 hits on the golden queries of
# tests/fixtures/search-site/queries.tsv. Needs node, Debian's chromium and
# `npm ci --prefix tests/browser` (playwright-core); installs Pagefind under benches/out/.
#
# Usage: benches/search.sh     Environment: PAGES (default 1000), SEED (7), BENCH_DIR
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${BENCH_DIR:-"$ROOT/benches/out"}
PAGES=${PAGES:-1000}
SEED=${SEED:-7}
PAGEFIND_VERSION=1.6.0
# shellcheck source=benches/corpus.sh
source "$ROOT/benches/corpus.sh"

log "== building sade (release)"
cargo build --release --quiet --bin sade
SADE="$ROOT/target/release/sade"
if [[ ! -x "$OUT/pagefind/node_modules/.bin/pagefind" ]] ||
  ! "$OUT/pagefind/node_modules/.bin/pagefind" --version | grep -q "$PAGEFIND_VERSION"; then
  log "== npm install pagefind@$PAGEFIND_VERSION"
  mkdir -p "$OUT/pagefind"
  npm install --prefix "$OUT/pagefind" --no-audit --no-fund --silent "pagefind@$PAGEFIND_VERSION"
fi
PAGEFIND="$OUT/pagefind/node_modules/.bin/pagefind"

log "== corpus: 2 × $PAGES pages"
corpus "$OUT/corpus-$PAGES" "$PAGES"
BIG="$OUT/search-big"
FIXTURE="$OUT/search-fixture"
rm -rf "$BIG" "$FIXTURE"
"$SADE" build --root "$OUT/corpus-$PAGES/sade" --out "$BIG" >&2
"$SADE" build --root "$ROOT/tests/fixtures/search-site" --out "$FIXTURE" >&2
for site in "$BIG" "$FIXTURE"; do
  log "== pagefind --site $site"
  "$PAGEFIND" --site "$site" --output-subdir _pagefind --quiet >&2
done
node "$ROOT/benches/search.mjs" "$BIG" "$FIXTURE" "$ROOT/tests/fixtures/search-site/queries.tsv"
