#!/usr/bin/env bash
# Coverage-guided fuzzing of sade: runs each target for RUNS executions (default 1 000 000) with
# cargo-fuzz (libFuzzer, AddressSanitizer) on the nightly toolchain, one after the other, and
# prints the executions and what was found. Not part of CI: `tests/fuzz_corpus.rs` replays the
# committed corpus and every past crash on stable.
#
#   cargo install cargo-fuzz        # once
#   fuzz/run.sh                     # every target, 1 000 000 executions each
#   RUNS=100000 TARGETS=durations fuzz/run.sh
#
# New inputs go to fuzz/work/TARGET (not committed); fuzz/corpus/TARGET, the committed corpus,
# is read only. A crash stops its target: its input is in fuzz/artifacts/TARGET/; copy it to
# fuzz/regressions/TARGET/ (replayed by tests/fuzz_corpus.rs) and fix it with a test.
# To refresh the committed corpus after a run (as was done for the one in git): minimize it, take
# a set cover of its edges, and commit that (for front_matter and page_render its 150 smallest
# files, to keep the corpus small):
#   cargo +nightly fuzz cmin TARGET work/TARGET
#   mkdir work/edges-TARGET && cargo +nightly fuzz run TARGET work/edges-TARGET work/TARGET \
#     corpus/TARGET -- -set_cover_merge=1 -use_counters=0 -use_value_profile=0
set -euo pipefail
cd "$(dirname "$0")"
RUNS=${RUNS:-1000000}
TARGETS=${TARGETS:-"shortcode_grammar durations front_matter page_render"}
echo "== cargo +nightly fuzz build (release, debug assertions, AddressSanitizer)"
cargo +nightly fuzz build
status=0
summary=""
for target in $TARGETS; do
  mkdir -p "work/$target"
  log="work/$target.log"
  echo "== $target: $RUNS executions"
  started=$(date +%s)
  if cargo +nightly fuzz run "$target" "work/$target" "corpus/$target" -- \
      -runs="$RUNS" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1; then
    verdict="no crash"
  else
    verdict="CRASH: $(grep -m1 -E '^(==[0-9]+==ERROR|thread .* panicked)' "$log" || echo 'see log') — input in fuzz/artifacts/$target/"
    status=1
  fi
  execs=$(grep -m1 'stat::number_of_executed_units' "$log" | awk '{print $2}')
  seconds=$(( $(date +%s) - started ))
  cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9a-zA-Z]+' || true)
  line="$target: ${execs:-?} executions in $seconds s, $cov, $verdict"
  echo "$line"
  summary+="$line"$'\n'
done
echo
echo "== summary"
printf '%s' "$summary"
exit $status
