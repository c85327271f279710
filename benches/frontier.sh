#!/usr/bin/env bash
# The frontier of SPEC §9 against the plain run it searches around, in one invocation, on the
# release binary: `sade calc` at the calculator's defaults (1 000 clients, 800 requests a second,
# 1 000 calls a second, a 10 s outage, full jitter, every budget) plain, with `--frontier` (each
# budget's longest trigger survived and capacity needed), and with `--map` (the frontier and the
# longest trigger at five utilizations), then the map's searches on their own in a surge.
# Prints each one's median wall time and its ratio to the plain run (goal for the frontier: at
# most 12x on two cores).
#
# Usage: benches/frontier.sh
# Environment:
#   RUNS  runs of each command, the median reported (default 5)
#   SADE  the binary (default target/release/sade, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
SADE=${SADE:-}
if [ -z "$SADE" ]; then
  cargo build --release --quiet
  SADE=target/release/sade
fi
DEFAULTS="calc --base 100ms --cap 30s --attempts 8 --seed 7 --jitter full --demand 800 --budget all"

# Median wall time of RUNS runs of the command, in seconds.
median() {
  local times=()
  for _ in $(seq "$RUNS"); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    times+=("$(echo "$t1 - $t0" | bc -l)")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# shellcheck disable=SC2086
plain=$(median "$SADE" $DEFAULTS)
# shellcheck disable=SC2086
frontier=$(median "$SADE" $DEFAULTS --frontier)
# shellcheck disable=SC2086
map=$(median "$SADE" $DEFAULTS --map)
# shellcheck disable=SC2086
surge=$(median "$SADE" $DEFAULTS --trigger surge --surge 3 --map)
echo "| run (median of $RUNS, $(nproc) cores) | wall | × plain |"
echo "| --- | ---: | ---: |"
for row in "plain:$plain" "--frontier:$frontier" "--map:$map" "--map, surge 3×:$surge"; do
  name=${row%%:*}
  t=${row#*:}
  printf '| %s | %.3f s | %.1f× |\n' "$name" "$t" "$(echo "$t / $plain" | bc -l)"
done
