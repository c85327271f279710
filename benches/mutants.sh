#!/usr/bin/env bash
# Mutation testing of the code whose every change a test must catch: the shortcode grammar, its
# typed arguments and strip charts, the content loader, the backoff engine, the two languages, the
# retry budgets, the circuit breakers (their state machines, settings and markup), the fleet
# under load and its frontier (the searches, the triggers, the verdict, the frontier's markup,
# the kept results), the reading aids, math, shortcode bodies, the sharing
# metadata, redirects and feeds, the pages of long lists, the external link check, the social
# cards, the retry-library models, and search's word analysis and index.
# Runs cargo-mutants on each group of files with that group's own test targets (fast ones only:
# no browser, Node, Python, Java or mdBook test), then prints, per file, the mutants caught,
# missed, timed out and unviable, and the score:
#
#   score = (caught + timeout) / (caught + timeout + missed - equivalent)
#
# A mutant that times out made the tests hang, which fails them too. `equivalent` counts the
# missed mutants listed in benches/mutants-equivalent.txt: mutants that change no behaviour any
# test could see, each with the reason. A listed mutant that is caught, or no longer generated, is
# reported (the list is stale) and fails the run.
#
# Usage: benches/mutants.sh [GROUP...]   (default: every group; `--list` prints the groups)
# Environment:
#   MUTANTS_MIN      the least score each file must reach, in percent (default 90)
#   MUTANTS_JOBS     cargo-mutants --jobs (default 1)
#   MUTANTS_TIMEOUT  seconds a test run may take before its mutant counts as a timeout (default 45;
#                    the targets take 3 to 5 s)
#   MUTANTS_OUT      where cargo-mutants writes its mutants.out folders (default benches/out/mutants)
#   MUTANTS_DIR      the crate to mutate (default this checkout), e.g. an older tree to compare
#   MUTANTS_TARGET   the target folder every group's builds share (default MUTANTS_OUT/target)
#   MUTANTS_REPORT   only print the scores of the last run in MUTANTS_OUT, run nothing (set to 1)
#
# cargo-mutants copies the crate (it never mutates this checkout in place). With one job the
# builds of every group share one target folder, so the dependencies are built once and each
# mutant rebuilds only sade. A group runs its targets' tests but the lib's `libraries::` ones
# (SPEC §6's library models, 12 s a run), which test none of its files, unless it names its own
# filter: the `libraries` group, the models themselves, runs only those and its CLI target's,
# which takes a filter on the test binary as well as on the name (nextest's `-E`; cargo test has
# one filter for every target). Exit status 1 when a file scores below MUTANTS_MIN or the
# equivalent list is stale, 2 when cargo-mutants itself fails.
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
DIR=${MUTANTS_DIR:-$ROOT}
OUT=${MUTANTS_OUT:-"$ROOT/benches/out/mutants"}
MIN=${MUTANTS_MIN:-90}
JOBS=${MUTANTS_JOBS:-1}
TIMEOUT=${MUTANTS_TIMEOUT:-45}
EQUIVALENT="$ROOT/benches/mutants-equivalent.txt"
# One job at a time may share a target folder; several would overwrite each other's builds.
((JOBS == 1)) && export CARGO_TARGET_DIR=${MUTANTS_TARGET:-"$OUT/target"}
# A property that fails is a caught mutant: shrinking it to the smallest case only costs time
# (the library models' property, 17 models a case, shrinks for longer than the timeout).
export PROPTEST_MAX_SHRINK_ITERS=${PROPTEST_MAX_SHRINK_ITERS:-0}

# name | files (globs for cargo-mutants -f) | test targets (cargo test's --lib, --test NAME)
#   [| filter: the test binaries' arguments (default `--skip libraries::`), or `-E FILTERSET` to
#      run the targets with cargo-nextest and that filterset]
DEFAULT_FILTER="--skip libraries::"
GROUPS_TABLE=(
  "grammar|src/shortcode/grammar.rs|--lib --test=errors --test=site_build"
  "content|src/content.rs src/content/slug.rs|--lib --test=errors --test=site_build --test=standalone"
  "args|src/shortcode/args.rs|--lib --test=errors --test=site_build --test=template_shortcodes --test=integers"
  "strips|src/shortcode/strips.rs|--lib --test=site_build --test=odds_shortcodes"
  "engine|src/backoff/*.rs|--lib --test=engine_spec --test=engine_props --test=calc_cli"
  "i18n|src/i18n/*.rs|--lib --test=engine_spec --test=calc_cli --test=site_build"
  "budgets|src/recovery/trackers.rs src/recovery/budget.rs|--lib --test=budgets_real --test=recovery_cli"
  "aids|src/aids.rs src/math.rs|--lib --test=reading_aids --test=writing --test=errors"
  "bodies|src/markdown/bodies.rs src/markdown/words.rs|--lib --test=reading_aids --test=writing --test=errors"
  "share|src/share.rs src/redirects.rs src/content/aliases.rs src/listing/feeds.rs|--lib --test=share --test=aliases --test=feeds --test=errors"
  "external|src/external.rs src/external/*.rs|--lib --test=check_external"
  "paginate|src/listing/paged.rs src/listing/pager.rs src/listing/sitemap.rs src/plan.rs|--lib --test=pagination --test=feeds --test=aliases"
  "cards|src/cards.rs|--lib --test=cards --test=share"
  "search|src/search/words.rs src/search/uax29.rs src/search/doc.rs src/search/index.rs src/search/analyze.rs|--lib --test=search_index --test=search_parity"
  "fleet|src/recovery/mod.rs src/recovery/simulate.rs src/recovery/agenda.rs src/recovery/admitted.rs src/recovery/math.rs|--lib --test=recovery_props --test=recovery_cli"
  "frontier|src/recovery/frontier.rs src/recovery/trigger.rs src/recovery/verdict.rs src/recovery/inputs.rs src/recovery/client.rs src/recovery/shared.rs|--lib --test=recovery_props --test=recovery_cli --test=errors"
  "frontier-page|src/shortcode/recovery_frontier.rs src/shortcode/recovery_args.rs src/store.rs|--lib --test=odds_shortcodes --test=errors --test=site_build"
  "settings|src/recovery/setting.rs src/recovery/breaker/settings.rs|--lib --test=breakers --test=recovery_cli --test=errors"
  "breakers|src/recovery/breaker/resilience4j.rs src/recovery/breaker/polly.rs src/recovery/breaker/gobreaker.rs src/recovery/breaker/hystrix.rs|--lib --test=breakers"
  "breaker-page|src/shortcode/recovery_table.rs src/recovery/breaker/render.rs|--lib --test=breakers --test=odds_shortcodes --test=site_build"
  "libraries|src/libraries/urllib3.rs src/libraries/google_api_core.rs src/libraries/stamina.rs src/libraries/got.rs src/libraries/axios_retry.rs src/libraries/go_retryablehttp.rs src/libraries/grpc_core.rs src/libraries/shared.rs src/libraries/library.rs|--lib --test=libraries_cli|-E test(/^libraries::/) or binary(libraries_cli)"
)

log() { printf '%s\n' "$*" >&2; }

group_names() { for g in "${GROUPS_TABLE[@]}"; do printf '%s\n' "${g%%|*}"; done; }

if [[ ${1:-} == --list ]]; then
  for g in "${GROUPS_TABLE[@]}"; do
    IFS='|' read -r name files tests filter <<<"$g"
    printf '%-9s %s\n          tests: %s\n' "$name" "$files" "$tests"
    printf '          filter: %s\n' "${filter:-$DEFAULT_FILTER}"
  done
  exit 0
fi

WANTED=("$@")
((${#WANTED[@]})) || mapfile -t WANTED < <(group_names)
for w in "${WANTED[@]}"; do
  group_names | grep -qx -- "$w" || {
    log "unknown group \`$w\`; groups: $(group_names | tr '\n' ' ')"
    exit 2
  }
done

mkdir -p "$OUT"
if [[ ${MUTANTS_REPORT:-0} != 1 ]]; then
  for g in "${GROUPS_TABLE[@]}"; do
    IFS='|' read -r name files tests filter <<<"$g"
    printf '%s\n' "${WANTED[@]}" | grep -qx -- "$name" || continue
    filter=${filter:-$DEFAULT_FILTER}
    args=()
    for f in $files; do args+=(-f "$f"); done
    # The targets go to every cargo command (`-C`), so each mutant builds only them.
    for t in $tests; do args+=(-C "$t"); done
    # What follows cargo-mutants' `--` goes to the test command: cargo test passes what follows
    # its own `--` to every test binary; nextest takes the filterset itself.
    if [[ $filter == "-E "* ]]; then
      args+=(--test-tool nextest -- -E "${filter#-E }")
    else
      read -ra words <<<"$filter"
      args+=(-- -- "${words[@]}")
    fi
    log "== $name: $files"
    log "   tests: $tests"
    log "   filter: $filter"
    start=$SECONDS
    rc=0
    cargo mutants --dir "$DIR" --output "$OUT/$name" --jobs "$JOBS" --timeout "$TIMEOUT" \
      --build-timeout 900 --no-shuffle --colors never "${args[@]}" >"$OUT/$name.log" 2>&1 || rc=$?
    # cargo-mutants exits 2 when mutants are missed, 3 when some time out: both are results.
    # Anything else (a failing baseline, a bad option) is not.
    case $rc in
      0 | 2 | 3) log "   $((SECONDS - start)) s" ;;
      *)
        log "cargo mutants failed ($rc); see $OUT/$name.log"
        tail -n 20 "$OUT/$name.log" >&2
        exit 2
        ;;
    esac
  done
fi

# Per file: the outcomes of every wanted group's last run, the equivalent mutants taken off.
# A group's results count only for the files it names (each file is in one group).
GROUP_FILES=()
for g in "${GROUPS_TABLE[@]}"; do
  IFS='|' read -r name files _ <<<"$g"
  GROUP_FILES+=("$name=$files")
done
python3 - "$OUT" "$EQUIVALENT" "$MIN" "${GROUP_FILES[*]}" "${WANTED[@]}" <<'EOF'
import fnmatch, pathlib, re, sys

out, equivalent_file, minimum = pathlib.Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
globs = {}
name = None
for word in sys.argv[4].split():
    if "=" in word:
        name, word = word.split("=", 1)
        globs[name] = []
    globs[name].append(word)
groups = sys.argv[5:]
kinds = ["caught", "missed", "timeout", "unviable"]

def file_of(mutant):
    return mutant.split(":", 1)[0]

# The list: a mutant per line as cargo-mutants names it, then its reason on indented lines.
equivalent = {}
current = None
for line in pathlib.Path(equivalent_file).read_text().splitlines() if pathlib.Path(equivalent_file).exists() else []:
    if not line.strip() or line.startswith("#"):
        continue
    if line[0].isspace():
        if current is None:
            sys.exit(f"{equivalent_file}: a reason before any mutant: {line.strip()}")
        equivalent[current].append(line.strip())
    else:
        current = line.strip()
        equivalent[current] = []
for mutant, reason in equivalent.items():
    if not reason:
        sys.exit(f"{equivalent_file}: no reason given for {mutant}")

outcomes = {}  # file -> kind -> [mutant]
generated = set()
for group in groups:
    folder = out / group / "mutants.out"
    if not folder.is_dir():
        sys.exit(f"no results for group `{group}` in {out}: run benches/mutants.sh {group}")
    for kind in kinds:
        path = folder / f"{kind}.txt"
        for mutant in path.read_text().splitlines() if path.exists() else []:
            if not any(fnmatch.fnmatch(file_of(mutant), g) for g in globs[group]):
                continue
            outcomes.setdefault(file_of(mutant), {k: [] for k in kinds})[kind].append(mutant)
            generated.add(mutant)

failed = False
rows = []
for f in sorted(outcomes):
    o = outcomes[f]
    equiv = [m for m in o["missed"] if m in equivalent]
    detected = len(o["caught"]) + len(o["timeout"])
    scored = detected + len(o["missed"]) - len(equiv)
    score = 100.0 * detected / scored if scored else 100.0
    low = score < minimum
    failed |= low
    rows.append((f, len(o["caught"]), len(o["missed"]), len(equiv), len(o["timeout"]), len(o["unviable"]), score, low))

width = max([len(r[0]) for r in rows] + [4])
print(f"{'file':<{width}}  caught  missed  (equiv)  timeout  unviable   score")
totals = [0, 0, 0, 0, 0]
for f, c, m, e, t, u, s, low in rows:
    for i, n in enumerate((c, m, e, t, u)):
        totals[i] += n
    print(f"{f:<{width}}  {c:>6}  {m:>6}  {'(' + str(e) + ')':>7}  {t:>7}  {u:>8}  {s:>5.1f} %{'  < ' + format(minimum, 'g') + ' %' if low else ''}")
c, m, e, t, u = totals
scored = c + t + m - e
print(f"{'all':<{width}}  {c:>6}  {m:>6}  {'(' + str(e) + ')':>7}  {t:>7}  {u:>8}  {100.0 * (c + t) / scored if scored else 100.0:>5.1f} %")

missed = [m for f in sorted(outcomes) for m in outcomes[f]["missed"] if m not in equivalent]
if missed:
    print("\nmissed:")
    for m in missed:
        print(f"  {m}")
listed = [m for f in sorted(outcomes) for m in outcomes[f]["missed"] if m in equivalent]
if listed:
    print("\nequivalent (benches/mutants-equivalent.txt):")
    for m in listed:
        print(f"  {m}\n      {' '.join(equivalent[m])}")
files = set(outcomes)
stale = [m for m in equivalent if file_of(m) in files and m not in {x for f in outcomes for x in outcomes[f]['missed']}]
if stale:
    failed = True
    print("\nstale entries in benches/mutants-equivalent.txt (caught, or no longer generated):")
    for m in stale:
        kind = next((k for f in outcomes for k in kinds if m in outcomes[f][k]), "not generated")
        print(f"  {m}  [{kind}]")
sys.exit(1 if failed else 0)
EOF
