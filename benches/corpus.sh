# shellcheck shell=bash
# Shell functions shared by the benchmark scripts (sourced, not run). They expect ROOT (the
# repository) and SEED (the corpus seed) to be set.

log() { printf '%s\n' "$*" >&2; }

now_ns() { date +%s%N; }

# corpus DIR PAGES: generate unless a stamp says the same corpus is already there. The sade site
# carries the repository's templates and stylesheet, so they are part of the stamp. CODE_BLOCKS
# (default 1) is the number of fenced code blocks per page; CARDS=1 leaves sade's social cards on
# (the peers draw none, so by default the corpus has `cards: false`).
corpus() {
  local dir=$1 pages=$2 blocks=${CODE_BLOCKS:-1} cards=${CARDS:-0} stamp inputs
  inputs=$(cd "$ROOT" && find benches/corpus.py templates static/style.css -type f -print0 |
    sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
  stamp="$inputs pages=$pages seed=$SEED code_blocks=$blocks cards=$cards"
  if [[ -f "$dir/.stamp" && "$(cat "$dir/.stamp")" == "$stamp" ]]; then
    log "   corpus $dir is up to date"
    return
  fi
  log "   generating $dir"
  local t0
  t0=$(now_ns)
  local flags=()
  [[ $cards == 1 ]] && flags+=(--cards)
  python3 "$ROOT/benches/corpus.py" --pages "$pages" --seed "$SEED" --code-blocks "$blocks" \
    --out "$dir" "${flags[@]}"
  printf '%s\n' "$stamp" >"$dir/.stamp"
  log "   generated in $(awk -v a="$t0" -v b="$(now_ns)" 'BEGIN {printf "%.1f", (b - a) / 1e9}') s"
}

# counted_binaries [BINARY...]: for the scripts that count instructions under valgrind: stops
# when valgrind is missing; sets BINS to the binaries given, or to this checkout's release build
# (built first).
counted_binaries() {
  if ! command -v valgrind >/dev/null; then
    log "valgrind is not installed (apt-get install -y valgrind)"
    exit 1
  fi
  BINS=("$@")
  if ((${#BINS[@]} == 0)); then
    log "== building sade (release)"
    cargo build --release --quiet --bin sade
    BINS=("$ROOT/target/release/sade")
  fi
}
