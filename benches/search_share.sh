#!/usr/bin/env bash
# The search index's share of a build: the instructions of one clean build of the generated
# corpus (`valgrind --tool=cachegrind`, user space only, as benches/instructions.sh counts),
# with search and again with `search: false` in its sade.yaml, by the same binary. The index's
# cost is the difference; its share is that over the build with search. The issue's budget is
# 15 % at 2 × 1 000 pages.
#
# Usage: benches/search_share.sh [SADE_BINARY...]   (default: this checkout's release build)
# Environment: PAGES, SEED, BENCH_DIR, CODE_BLOCKS as for benches/instructions.sh.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${BENCH_DIR:-"$ROOT/benches/out"}
PAGES=${PAGES:-1000}
SEED=${SEED:-7}
# shellcheck source=benches/corpus.sh
source "$ROOT/benches/corpus.sh"

counted_binaries "$@"

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
DIR="$OUT/corpus-$PAGES${CODE_BLOCKS:+-code$CODE_BLOCKS}"
corpus "$DIR" "$PAGES"
# The same corpus without search (made afresh: the corpus may have been regenerated).
OFF="$DIR-nosearch"
rm -rf "$OFF"
cp -r "$DIR" "$OFF"
printf 'search: false\n' >>"$OFF/sade/sade.yaml"

# count OUTPUT ROOT BINARY: the instructions BINARY takes to build ROOT into OUTPUT (afresh).
count() {
  rm -rf "$1"
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$3" build --root "$2" --out "$1" 2>&1 >/dev/null |
    awk '/I[[:space:]]+refs:/ {gsub(",", "", $NF); print $NF}'
}

printf '| binary | with search | without | the index | its share |\n'
printf '| --- | ---: | ---: | ---: | ---: |\n'
for bin in "${BINS[@]}"; do
  log "   counting $bin"
  with=$(count "$OUT/share-with" "$DIR/sade" "$bin")
  without=$(count "$OUT/share-without" "$OFF/sade" "$bin")
  if [[ -z $with || -z $without ]]; then
    log "no count for $bin (did the build fail? run it without valgrind to see)"
    exit 1
  fi
  awk -v b="$bin" -v w="$with" -v n="$without" 'BEGIN {
    printf "| %s | %.1f M | %.1f M | %.1f M | %.1f %% |\n", b, w / 1e6, n / 1e6, (w - n) / 1e6, 100 * (w - n) / w
  }'
done
