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
#   BENCH_DIR  where corpora, outputs and logs go (default benches/out). A tmpfs such as
#          /dev/shm/sade-bench takes the disk out of the times, so only CPU work is compared;
#          the results file is always benches/out/results.md
#
# Each run starts without its output folder (the last one is moved aside, see `aside`). Wall
# time is taken around the process with nanosecond clocks; CPU time (user+sys, children
# included) and peak RSS come from `/usr/bin/time -f`. Corpora are kept in BENCH_DIR and
# regenerated only when corpus.py, sade's templates or stylesheet, the seed or the page count
# change.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${BENCH_DIR:-"$ROOT/benches/out"}
PAGES=${PAGES:-"1 1000 5000"}
RUNS=${RUNS:-5}
SLOW=${SLOW:-30}
TOOLS=${TOOLS:-"sade hugo mdbook floor"}
SEED=${SEED:-7}
REBUILD=${REBUILD:-1}
SADE="$ROOT/target/release/sade"
FLOOR="$ROOT/benches/floor/target/release/sade-floor"
RESULTS="$ROOT/benches/out/results.md"

mkdir -p "$OUT" "$ROOT/benches/out"
OUT=$(cd "$OUT" && pwd)
FS=$(stat -f -c %T "$OUT")
# shellcheck source=benches/corpus.sh
source "$ROOT/benches/corpus.sh"

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

# job TOOL DIR: sets J_OUTS (its output folders) and J_CMD (its command) for the corpus in DIR.
job() {
  local tool=$1 dir=$2
  case $tool in
    sade)
      J_OUTS=("$dir/sade-public")
      J_CMD=("$SADE" build --root "$dir/sade" --out "$dir/sade-public") ;;
    hugo)
      J_OUTS=("$dir/hugo-public" "$dir/hugo/resources")
      J_CMD=(hugo --quiet --source "$dir/hugo" --destination "$dir/hugo-public") ;;
    mdbook)
      J_OUTS=("$dir/mdbook/tr/book" "$dir/mdbook/en/book")
      # shellcheck disable=SC2016 # $1 is expanded by the inner shell
      J_CMD=(sh -c 'mdbook build "$1/tr" && mdbook build "$1/en"' sh "$dir/mdbook") ;;
    floor)
      J_OUTS=("$dir/floor-public")
      J_CMD=("$FLOOR" "$dir/sade" "$dir/floor-public") ;;
  esac
}

declare -A WALLS CPUS RSSS RUNS_DONE FAILED FILES

# measure LABEL KEEP DIR TOOL...: (with $pages set) RUNS rounds; each round runs every TOOL once, in turn, so the
# machine's drift (it is shared) falls on all of them alike. Before each run the tool's output
# folders are moved aside (a clean build), or kept when KEEP=1 (a build over the last one). A
# tool whose first run takes longer than SLOW seconds runs only once. Results go to the arrays
# above, keyed by "LABEL TOOL".
measure() {
  local label=$1 keep=$2 dir=$3 tool key i t0 t1 wall logf tf="$OUT/time.txt"
  shift 3
  for ((i = 1; i <= RUNS; i++)); do
    for tool in "$@"; do
      key="$label $tool"
      [[ -n ${FAILED[$key]:-} ]] && continue
      if ((i > 1)) && [[ ${RUNS_DONE[$key]:-0} -lt $((i - 1)) ]]; then
        continue # a slow tool: one run only
      fi
      job "$tool" "$dir"
      if ((!keep)); then
        aside "${J_OUTS[@]}"
      fi
      sync
      t0=$(now_ns)
      logf="$tool-$pages.log"
      if ((keep)); then
        logf="$tool-again-$pages.log"
      fi
      if ! /usr/bin/time -f '%U %S %M' -o "$tf" "${J_CMD[@]}" >"$OUT/$logf" 2>&1; then
        FAILED[$key]="failed (see $OUT/$logf)"
        continue
      fi
      t1=$(now_ns)
      wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.4f", (b - a) / 1e9}')
      WALLS[$key]+="$wall"$'\n'
      CPUS[$key]+="$(awk 'END {printf "%.3f", $1 + $2}' "$tf")"$'\n'
      RSSS[$key]+="$(awk 'END {printf "%.1f", $3 / 1024}' "$tf")"$'\n'
      log "   $key run $i: ${wall} s"
      if ((i == 1 && SLOW > 0)) && awk -v w="$wall" -v s="$SLOW" 'BEGIN {exit !(w > s)}'; then
        log "   $key is slower than ${SLOW} s: one run only"
        RUNS_DONE[$key]=-1
      else
        RUNS_DONE[$key]=$i
      fi
    done
  done
  for tool in "$@"; do
    job "$tool" "$dir"
    FILES["$label $tool"]=$(find "${J_OUTS[@]}" -type f 2>/dev/null | wc -l)
  done
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a == "" || b + 0 == 0) print "-"; else printf "%.2f", a / b}'; }

# rows LABEL NAME_SUFFIX TOOL...: one table row per tool, ratios against the first (sade).
rows() {
  local label=$1 suffix=$2 tool key wall cpu rss runs base_wall="" base_cpu=""
  shift 2
  for tool in "$@"; do
    key="$label$suffix $tool"
    if [[ -n ${FAILED[$key]:-} ]]; then
      ROWS+=("| $label | $tool$suffix | - | ${FAILED[$key]} | | | | | |")
      continue
    fi
    [[ -n ${WALLS[$key]:-} ]] || continue
    wall=$(printf '%s' "${WALLS[$key]}" | median)
    cpu=$(printf '%s' "${CPUS[$key]}" | median)
    rss=$(printf '%s' "${RSSS[$key]}" | median)
    runs=$(printf '%s' "${WALLS[$key]}" | wc -l)
    if [[ $tool == sade ]]; then
      base_wall=$wall base_cpu=$cpu
    fi
    ROWS+=("| $label | $tool$suffix | $runs | $wall | $cpu | $rss | ${FILES[$key]} | $(ratio "$base_wall" "$wall") | $(ratio "$base_cpu" "$cpu") |")
  done
}

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
  measure "$label" 0 "$dir" "${tools[@]}"
  rows "$label" "" "${tools[@]}"

  # Building again over the finished output, nothing changed (what `sade build` does all day).
  if ((REBUILD)); then
    again=()
    for tool in "${tools[@]}"; do
      case $tool in sade | hugo) again+=("$tool") ;; esac
    done
    if ((${#again[@]})); then
      measure "$label again" 1 "$dir" "${again[@]}"
      rows "$label" " again" "${again[@]}"
    fi
  fi
  aside "$dir/sade-public" "$dir/hugo-public" "$dir/hugo/resources" "$dir/floor-public" \
    "$dir/mdbook/tr/book" "$dir/mdbook/en/book"
done

{
  printf '## sade build vs peers\n\n'
  printf '%s, %s cores, %s, files on %s; Hugo %s, mdBook %s, sade %s; median of up to %s clean runs, the tools taking turns ("again": builds over the finished output, nothing changed; ratios against sade again).\n\n' \
    "$(date -u +%Y-%m-%d)" "$(nproc)" "$(uname -m)" "$FS" "$HUGO_VERSION" "$MDBOOK_VERSION" \
    "$(git rev-parse --short HEAD)" "$RUNS"
  printf '| pages | tool | runs | wall (s) | CPU user+sys (s) | peak RSS (MiB) | files written | sade/tool wall | sade/tool CPU |\n'
  printf '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n'
  printf '%s\n' "${ROWS[@]}"
  if ((${#NOTES[@]})); then
    printf '\n'
    printf -- '- %s\n' "${NOTES[@]}"
  fi
  printf '\nReproduce: %s (PAGES="%s" RUNS=%s SLOW=%s TOOLS="%s" REBUILD=%s BENCH_DIR=%s).\n' \
    "\`benches/compare.sh\`" "$PAGES" "$RUNS" "$SLOW" "$TOOLS" "$REBUILD" "$OUT"
} | tee "$RESULTS"
