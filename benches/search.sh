#!/usr/bin/env bash
# sade's search against Pagefind (the npm package, which ships its binary) on the same sites:
# files written, index bytes per page, bytes and sequential requests for a first query on a
# generated bilingual site of 2 × PAGES pages, and top-3 hits on the golden queries of
# tests/fixtures/search-site/queries.tsv. Needs node, Debian's chromium and
# `npm ci --prefix tests/browser` (playwright-core); installs Pagefind under benches/out/.
#
# With INSTRUCTIONS=1 it also counts (valgrind's cachegrind, user space) the instructions of
# sade's build of the big site with its index and without it (`search: false`), and of
# Pagefind indexing the same built site: what the index costs, against what the peer costs.
#
# Usage: benches/search.sh     Environment: PAGES (default 1000), SEED (7), BENCH_DIR,
#                              INSTRUCTIONS
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
if [[ -n "${INSTRUCTIONS:-}" ]]; then
  count() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      awk '/I[[:space:]]+refs:/ {gsub(",", "", $NF); print $NF}'
  }
  PLAIN="$OUT/corpus-$PAGES-no-search"
  rm -rf "$PLAIN" "$OUT/instructions-search"
  cp -r "$OUT/corpus-$PAGES/sade" "$PLAIN"
  printf '\nsearch: false\n' >>"$PLAIN/sade.yaml"
  # The binary the npm package runs (not its node wrapper).
  PAGEFIND_BIN=$(find "$OUT/pagefind/node_modules/@pagefind" -type f -name 'pagefind*' -perm -u+x | head -1)
  cp -r "$BIG" "$OUT/instructions-search"
  log "== counting instructions (a few minutes)"
  with=$(count "$SADE" build --root "$OUT/corpus-$PAGES/sade" --out "$OUT/instructions-with")
  without=$(count "$SADE" build --root "$PLAIN" --out "$OUT/instructions-without")
  pagefind=$(count "$PAGEFIND_BIN" --site "$OUT/instructions-search" --output-subdir _pagefind --quiet)
  awk -v w="$with" -v wo="$without" -v p="$pagefind" 'BEGIN {
    printf "| | instructions |\n| --- | ---: |\n"
    printf "| sade build, search off | %.1f M |\n", wo / 1e6
    printf "| sade build, search on | %.1f M |\n", w / 1e6
    printf "| the index (the difference) | %.1f M (%.0f %% of the build) |\n", (w - wo) / 1e6, 100 * (w - wo) / w
    printf "| Pagefind on the built site | %.1f M (%.0f times the index) |\n\n", p / 1e6, p / (w - wo)
  }'
fi
for site in "$BIG" "$FIXTURE"; do
  log "== pagefind --site $site"
  "$PAGEFIND" --site "$site" --output-subdir _pagefind --quiet >&2
done
node "$ROOT/benches/search.mjs" "$BIG" "$FIXTURE" "$ROOT/tests/fixtures/search-site/queries.tsv"
