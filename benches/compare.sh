#!/usr/bin/env bash
# Times `sade build` against Hugo, mdBook (where installed) and the floor program on the same
# generated corpora (issue 7), and prints a Markdown table (also written to benches/out/results.md).
#
# Usage: benches/compare.sh
# Environment:
#   PAGES  pages per language of each corpus, space-separated (default "1 1000 5000";
#          1 is the two-page site)
#   RUNS   clean runs per tool and corpus; the median is reported (default 5)
#   SLOW   seconds: a tool whose first run takes longer is run only once on that corpus, so the
#          default run stays within ~10 minutes (default 30; 0 = always RUNS runs)
#   TOOLS  which of sade, hugo, mdbook, floor to time (default all four; those not installed
#          or not working yet are skipped with a note)
#   SEED   corpus seed (default 7)
#   REBUILD  1 (default): also time sade and Hugo building again over their own finished output
#          with nothing changed (rows "sade again", "hugo again"); 0 skips it
#
# Each run starts without its output folder (the last one is moved aside, see `aside`). Wall
# time is taken around the process with nanosecond clocks; CPU time (user+sys, children
# included) and peak RSS come from `/usr/bin/time -f`. Corpora are kept in benches/out/ and
# regenerated only when corpus.py, the seed or the page count change.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT="$ROOT/benches/out"
PAGES=${PAGES:-"1 1000 5000"}
RUNS=${RUNS:-5}
SLOW=${SLOW:-30}
TOOLS=${TOOLS:-"sade hugo mdbook floor"}
SEED=${SEED:-7}
REBUILD=${REBUILD:-1}
SADE="$ROOT/target/release/sade"
FLOOR="$ROOT/benches/floor/target/release/sade-floor"
RESULTS="$OUT/results.md"

mkdir -p "$OUT"
log() { printf '%s\n' "$*" >&2; }

log "== building sade (release)"
if ! cargo build --release --quiet --bin sade; then
  log "cargo build --release failed"
  exit 1
fi
log "== building the floor program"
cargo build --release --quiet --manifest-path "$ROOT/benches/floor/Cargo.toml"

# Which tools run today.
NOTES=()
HAVE_SADE=1
probe="$OUT/probe"
python3 "$ROOT/benches/corpus.py" --pages 1 --seed "$SEED" --out "$probe"
if ! "$SADE" build --root "$probe/sade" --out "$probe/sade-public" >"$OUT/sade-probe.log" 2>&1; then
  HAVE_SADE=0
  NOTES+=("sade: skipped, \`sade build\` failed on a two-page site: $(head -n 1 "$OUT/sade-probe.log")")
fi
HAVE_MDBOOK=0
if command -v mdbook >/dev/null; then
  HAVE_MDBOOK=1
else
  NOTES+=("mdBook: skipped, \`mdbook\` is not on PATH (\`cargo install mdbook --locked\`)")
fi
HUGO_VERSION=$(hugo version | awk '{print $2}')
MDBOOK_VERSION=$( ((HAVE_MDBOOK)) && mdbook --version | awk '{print $2}' || echo "-")

# corpus DIR PAGES: generate unless a stamp says the same corpus is already there.
corpus() {
  local dir=$1 pages=$2 stamp
  stamp="$(sha256sum "$ROOT/benches/corpus.py" | cut -d' ' -f1) pages=$pages seed=$SEED"
  if [[ -f "$dir/.stamp" && "$(cat "$dir/.stamp")" == "$stamp" ]]; then
    log "   corpus $dir is up to date"
    return
  fi
  log "   generating $dir"
  local t0
  t0=$(now_ns)
  python3 "$ROOT/benches/corpus.py" --pages "$pages" --seed "$SEED" --out "$dir"
  printf '%s\n' "$stamp" >"$dir/.stamp"
  log "   generated in $(awk -v a="$t0" -v b="$(now_ns)" 'BEGIN {printf "%.1f", (b - a) / 1e9}') s"
}

now_ns() { date +%s%N; }

# median: of the numbers on stdin, one per line.
median() {
  sort -g | awk '{v[NR] = $1} END {
    if (NR == 0) { print "nan"; exit }
    if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Output folders of finished runs are moved here and deleted only when the script ends: ext4
# scans past recently deleted inodes (up to a minute or more after `rm -rf`) when it allocates
# new ones, so deleting a 10 000-file tree right before a run slows the next run of any tool
# by up to 2× in kernel time. Moving the folder aside keeps every run a clean build without it.
TRASH="$OUT/trash"
rm -rf "$TRASH"
mkdir -p "$TRASH"
trap 'rm -rf "$TRASH"' EXIT
# aside DIR...: moves each existing DIR into the trash folder.
aside() {
  local d
  for d in "$@"; do
    if [[ -e $d ]]; then
      mv "$d" "$(mktemp -d "$TRASH/run.XXXXXX")/"
    fi
  done
}

# measure NAME OUTDIR... -- CMD...: RUNS clean runs of CMD; each moves every OUTDIR aside first.
# Sets M_RUNS, M_WALL (s), M_CPU (s), M_RSS (MiB), M_FILES (files in the OUTDIRs), or M_FAIL.
measure() {
  local name=$1; shift
  local outs=()
  while [[ $1 != -- ]]; do outs+=("$1"); shift; done
  shift
  local tf="$OUT/time.txt" walls="" cpus="" rsss="" i t0 t1 wall
  M_FAIL=""
  for ((i = 1; i <= RUNS; i++)); do
    if ((!AGAIN)); then
      aside "${outs[@]}"
    fi
    sync
    t0=$(now_ns)
    if ! /usr/bin/time -f '%U %S %M' -o "$tf" "$@" >"$OUT/$name.log" 2>&1; then
      M_FAIL="failed (see benches/out/$name.log)"
      return
    fi
    t1=$(now_ns)
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", (b - a) / 1e9}')
    walls+="$wall"$'\n'
    cpus+="$(awk 'END {printf "%.3f", $1 + $2}' "$tf")"$'\n'
    rsss+="$(awk 'END {printf "%.1f", $3 / 1024}' "$tf")"$'\n'
    log "   $name run $i: ${wall} s"
    if ((SLOW > 0)) && awk -v w="$wall" -v s="$SLOW" 'BEGIN {exit !(w > s)}'; then
      log "   $name is slower than ${SLOW} s: one run only"
      i=$((i + 1))
      break
    fi
  done
  M_RUNS=$((i - 1))
  M_WALL=$(printf '%s' "$walls" | median)
  M_CPU=$(printf '%s' "$cpus" | median)
  M_RSS=$(printf '%s' "$rsss" | median)
  M_FILES=$(find "${outs[@]}" -type f | wc -l)
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a == "" || b + 0 == 0) print "-"; else printf "%.2f", a / b}'; }

# AGAIN=1: `measure` keeps the output folders (a build over the previous one).
AGAIN=0
ROWS=()
for pages in $PAGES; do
  dir="$OUT/corpus-$pages"
  label="2 × $pages"
  log "== corpus $label pages"
  corpus "$dir" "$pages"
  # Warm the page cache for every tool alike.
  cat "$dir"/sade/content/*/* "$dir"/hugo/content/*/* >/dev/null

  tools=()
  for tool in $TOOLS; do
    case $tool in
      sade) if ((HAVE_SADE)); then tools+=(sade); fi ;;
      mdbook) if ((HAVE_MDBOOK)); then tools+=(mdbook); fi ;;
      hugo | floor) tools+=("$tool") ;;
      *) log "unknown tool $tool (sade, hugo, mdbook, floor)"; exit 2 ;;
    esac
  done

  sade_wall="" sade_cpu=""
  for tool in "${tools[@]}"; do
    case $tool in
      sade)
        measure "sade-$pages" "$dir/sade-public" -- \
          "$SADE" build --root "$dir/sade" --out "$dir/sade-public" ;;
      hugo)
        measure "hugo-$pages" "$dir/hugo-public" "$dir/hugo/resources" -- \
          hugo --quiet --source "$dir/hugo" --destination "$dir/hugo-public" ;;
      mdbook)
        # shellcheck disable=SC2016 # $1 is expanded by the inner shell
        measure "mdbook-$pages" "$dir/mdbook/tr/book" "$dir/mdbook/en/book" -- \
          sh -c 'mdbook build "$1/tr" && mdbook build "$1/en"' sh "$dir/mdbook" ;;
      floor)
        measure "floor-$pages" "$dir/floor-public" -- \
          "$FLOOR" "$dir/sade" "$dir/floor-public" ;;
    esac
    if [[ -n $M_FAIL ]]; then
      ROWS+=("| $label | $tool | - | $M_FAIL | | | | | |")
      continue
    fi
    if [[ $tool == sade ]]; then
      sade_wall=$M_WALL sade_cpu=$M_CPU
    fi
    ROWS+=("| $label | $tool | $M_RUNS | $M_WALL | $M_CPU | $M_RSS | $M_FILES | $(ratio "$sade_wall" "$M_WALL") | $(ratio "$sade_cpu" "$M_CPU") |")
  done

  # Building again over the finished output, nothing changed (what `sade build` does all day).
  if ((REBUILD)); then
    AGAIN=1
    again_wall="" again_cpu=""
    for tool in "${tools[@]}"; do
      case $tool in
        sade)
          [[ -d $dir/sade-public ]] || continue
          measure "sade-again-$pages" "$dir/sade-public" -- \
            "$SADE" build --root "$dir/sade" --out "$dir/sade-public" ;;
        hugo)
          [[ -d $dir/hugo-public ]] || continue
          measure "hugo-again-$pages" "$dir/hugo-public" -- \
            hugo --quiet --source "$dir/hugo" --destination "$dir/hugo-public" ;;
        *) continue ;;
      esac
      if [[ -n $M_FAIL ]]; then
        ROWS+=("| $label | $tool again | - | $M_FAIL | | | | | |")
        continue
      fi
      if [[ $tool == sade ]]; then
        again_wall=$M_WALL again_cpu=$M_CPU
      fi
      ROWS+=("| $label | $tool again | $M_RUNS | $M_WALL | $M_CPU | $M_RSS | $M_FILES | $(ratio "$again_wall" "$M_WALL") | $(ratio "$again_cpu" "$M_CPU") |")
    done
    AGAIN=0
  fi
  aside "$dir/sade-public" "$dir/hugo-public" "$dir/hugo/resources" "$dir/floor-public" \
    "$dir/mdbook/tr/book" "$dir/mdbook/en/book"
done

{
  printf '## sade build vs peers\n\n'
  printf '%s, %s cores, %s; Hugo %s, mdBook %s, sade %s; median of up to %s clean runs ("again": builds over the finished output, nothing changed; ratios against sade again).\n\n' \
    "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" "$HUGO_VERSION" "$MDBOOK_VERSION" \
    "$(git rev-parse --short HEAD)" "$RUNS"
  printf '| pages | tool | runs | wall (s) | CPU user+sys (s) | peak RSS (MiB) | files written | sade/tool wall | sade/tool CPU |\n'
  printf '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
  printf '%s\n' "${ROWS[@]}"
  if ((${#NOTES[@]})); then
    printf '\n'
    printf -- '- %s\n' "${NOTES[@]}"
  fi
  printf '\nReproduce: %s (PAGES="%s" RUNS=%s SLOW=%s TOOLS="%s" REBUILD=%s).\n' "\`benches/compare.sh\`" \
    "$PAGES" "$RUNS" "$SLOW" "$TOOLS" "$REBUILD"
} | tee "$RESULTS"
