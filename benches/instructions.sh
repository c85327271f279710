#!/usr/bin/env bash
# Counts the instructions that one clean build of a generated corpus takes, for sade and for the
# floor program (`valgrind --tool=cachegrind`, user space only). Unlike wall time, the count
# hardly moves with the shared machine's load (±0.2 % between runs), so it can judge a change
# worth 1 %. It leaves out what the kernel does (reading and writing files) and any waiting: use
# benches/compare.sh for times.
#
# With several sade binaries (say, a build from before a change and one from after), each is
# counted and its output compared byte for byte with the first one's.
#
# Usage: benches/instructions.sh [SADE_BINARY...]   (default: this checkout's release build)
# Environment:
#   PAGES      pages per language of the corpus (default 1000)
#   SEED       corpus seed (default 7)
#   BENCH_DIR  where the corpus and the outputs go (default benches/out)
#   CODE_BLOCKS  fenced code blocks per page (default 1; see benches/corpus.py)
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${BENCH_DIR:-"$ROOT/benches/out"}
PAGES=${PAGES:-1000}
SEED=${SEED:-7}
FLOOR="$ROOT/benches/floor/target/release/sade-floor"
# shellcheck source=benches/corpus.sh
source "$ROOT/benches/corpus.sh"

counted_binaries "$@"
log "== building the floor program"
cargo build --release --quiet --manifest-path "$ROOT/benches/floor/Cargo.toml"

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
# A corpus with more code blocks than the default one per page goes in a folder of its own.
DIR="$OUT/corpus-$PAGES${CODE_BLOCKS:+-code$CODE_BLOCKS}"
corpus "$DIR" "$PAGES"

# count OUTPUT COMMAND...: the instructions COMMAND takes, writing into OUTPUT (made afresh).
count() {
  local output=$1
  shift
  rm -rf "$output"
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/I[[:space:]]+refs:/ {gsub(",", "", $NF); print $NF}'
}

log "   counting the floor"
floor=$(count "$OUT/instructions-floor" "$FLOOR" "$DIR/sade" "$OUT/instructions-floor")
printf '| binary | instructions | vs the first | vs the floor | output |\n'
printf '| --- | ---: | ---: | ---: | --- |\n'
first=""
for i in "${!BINS[@]}"; do
  bin=${BINS[$i]}
  out="$OUT/instructions-$i"
  log "   counting $bin"
  n=$(count "$out" "$bin" build --root "$DIR/sade" --out "$out")
  if [[ -z $n ]]; then
    log "no count for $bin (did the build fail? run it without valgrind to see)"
    exit 1
  fi
  if [[ -z $first ]]; then
    first=$n
    same="-"
  elif diff -rq "$OUT/instructions-0" "$out" >/dev/null; then
    same="same bytes as the first"
  else
    same="DIFFERENT bytes from the first (diff -r $OUT/instructions-0 $out)"
  fi
  awk -v b="$bin" -v n="$n" -v f="$first" -v fl="$floor" -v s="$same" \
    'BEGIN {printf "| %s | %.1f M | %.4f | %.2f | %s |\n", b, n / 1e6, n / f, n / fl, s}'
done
awk -v n="$floor" 'BEGIN {printf "| floor | %.1f M | | 1.00 | |\n", n / 1e6}'
# shellcheck disable=SC2016 # the backquotes are Markdown
printf '\nReproduce: `benches/instructions.sh %s` (PAGES=%s SEED=%s), corpus %s.\n' \
  "$*" "$PAGES" "$SEED" "$DIR"
