#!/usr/bin/env bash
# Records the breaker traces in traces/ by driving the real libraries in virtual time:
#
#   resilience4j v2.4.0 (resilience4j-core + resilience4j-circuitbreaker)
#   sony/gobreaker v2.4.0 (the v2/ module)
#   Netflix Hystrix v1.5.13 (hystrix-core), with RxJava v1.3.8 and archaius-core v0.7.6
#
# Each library is built from its source at the pinned tag, into a fresh temporary directory,
# with the few mechanical edits below (each says what and why); then the drivers next to this
# script (resilience4j/Drive.java, gobreaker/main.go, hystrix/Drive.java) run the seeded
# scenarios and print the traces, which a Rust test replays through sade's models, decision for
# decision. A trace is '#' comment lines, then per scenario:
#   scenario <name>
#   set <sade setting> <value>          (only those that differ from the library's default)
#   call <t> <id> yes|no <state>        (permitted or rejected; state right after it)
#   ok|fail <t> <id> <dur> pre|post <state>
# with t in ms from the breaker's creation, non-decreasing; pre/post matters for Hystrix only.
#
# Needs:
#   - the fetch mirrors (bare git) under $MIRRORS (default /work/.mirror):
#       resilience4j+resilience4j, sony+gobreaker, Netflix+Hystrix, ReactiveX+RxJava,
#       Netflix+archaius, each with its repository in repo/;
#   - Java 17 (javac, java); Go >= 1.19 (no module proxy needed: GOPROXY=off);
#   - Debian's jars in /usr/share/java, from the packages
#       libslf4j-java libjsr305-java libguava-java libhdrhistogram-java
#       libcommons-configuration-java libjackson2-databind-java libcommons-lang-java
#       libcommons-logging-java
#
# Usage: tests/peers/breakers/record.sh    (45 s to 2 min, mostly javac on RxJava and Hystrix)
# Re-runnable: the traces are replaced only when all three drivers succeed. Their "# recorded"
# line is today's date unless RECORD_DATE=YYYY-MM-DD is set; every other byte depends only on the
# libraries and the drivers (scenarios, generator and seeds are in the drivers).

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
MIRRORS="${MIRRORS:-/work/.mirror}"
J=/usr/share/java
DATE="${RECORD_DATE:-$(date -u +%Y-%m-%d)}"

R4J_TAG=v2.4.0
GB_TAG=v2.4.0
HX_TAG=v1.5.13
RX_TAG=v1.3.8
ARCH_TAG=v0.7.6

R4J_GIT="$MIRRORS/resilience4j+resilience4j/repo"
GB_GIT="$MIRRORS/sony+gobreaker/repo"
HX_GIT="$MIRRORS/Netflix+Hystrix/repo"
RX_GIT="$MIRRORS/ReactiveX+RxJava/repo"
ARCH_GIT="$MIRRORS/Netflix+archaius/repo"

for jar in slf4j-api slf4j-nop jsr305 guava hdrhistogram commons-configuration commons-lang \
    commons-logging jackson-core jackson-databind jackson-annotations; do
    [[ -f "$J/$jar.jar" ]] || { echo "missing $J/$jar.jar (see the header for the packages)" >&2; exit 1; }
done
for g in "$R4J_GIT" "$GB_GIT" "$HX_GIT" "$RX_GIT" "$ARCH_GIT"; do
    [[ -d "$g" ]] || { echo "missing mirror $g (fetch it first)" >&2; exit 1; }
done

W="$(mktemp -d)"
trap 'rm -rf "$W"' EXIT

commit() { git -C "$1" rev-parse "$2^{commit}"; }
# extract GIT TAG DEST PATH...: the paths of GIT at TAG, under DEST.
extract() {
    local git="$1" tag="$2" dest="$3"
    shift 3
    mkdir -p "$dest"
    git -C "$git" archive "$tag" "$@" | tar -x -C "$dest"
}
# compile OUT CLASSPATH JAVAC-OPTIONS... -- SOURCE-DIRS...: every .java under the dirs.
compile() {
    local out="$1" cp="$2"
    shift 2
    local opts=()
    while [[ "$1" != "--" ]]; do opts+=("$1"); shift; done
    shift
    find "$@" -name '*.java' | sort > "$out.sources"
    mkdir -p "$out"
    # The libraries' own warnings (deprecations, sun.misc.Unsafe) go to a log, shown on failure.
    javac -nowarn -Xlint:-options -encoding UTF-8 "${opts[@]}" -d "$out" -cp "$cp" "@$out.sources" \
        2> "$out.log" || { cat "$out.log" >&2; exit 1; }
}
# header LIBRARY TAG COMMIT DRIVER [EXTRA...]: a trace's first lines.
header() {
    echo "# library: $1"
    echo "# tag: $2"
    echo "# commit: $3"
    shift 3
    echo "# driver: tests/peers/breakers/$1"
    shift
    for line in "$@"; do echo "# $line"; done
    echo "# recorded: $DATE"
}

mkdir -p "$W/traces"

# ---------------------------------------------------------------------------- resilience4j
R4J_COMMIT="$(commit "$R4J_GIT" "$R4J_TAG")"
echo "resilience4j $R4J_TAG $R4J_COMMIT"
extract "$R4J_GIT" "$R4J_TAG" "$W/r4j" resilience4j-core/src/main resilience4j-circuitbreaker/src/main
# No edits: the breaker takes its time from CircuitBreakerConfig.custom().clock(...), and the
# driver passes each call's duration to onSuccess/onError itself.
compile "$W/r4j/out" "$J/slf4j-api.jar:$J/jsr305.jar" -- "$W/r4j"
mkdir -p "$W/r4j-drive"
javac -nowarn -d "$W/r4j-drive" -cp "$W/r4j/out" "$HERE/resilience4j/Drive.java"
{
    header resilience4j "$R4J_TAG" "$R4J_COMMIT" resilience4j/Drive.java \
        "built from resilience4j-core and resilience4j-circuitbreaker, unmodified; clock: a settable java.time.Clock"
    java -cp "$W/r4j-drive:$W/r4j/out:$J/slf4j-api.jar:$J/slf4j-nop.jar" Drive
} > "$W/traces/resilience4j.trace"

# ------------------------------------------------------------------------------- gobreaker
GB_COMMIT="$(commit "$GB_GIT" "$GB_TAG")"
echo "gobreaker $GB_TAG $GB_COMMIT"
mkdir -p "$W/gb"
cp "$HERE/gobreaker/main.go" "$HERE/gobreaker/go.mod" "$W/gb/"
# The driver's go.mod replaces the module with ./gobreaker-v2: the library's v2/ folder.
extract "$GB_GIT" "$GB_TAG" "$W/gb/src" v2
mv "$W/gb/src/v2" "$W/gb/gobreaker-v2"
L="$W/gb/gobreaker-v2"
# Go 1.19 reads neither `go 1.22.0` nor `toolchain`; nothing in the package needs more than 1.19.
sed -i 's/^go 1\.22\.0$/go 1.19/; /^toolchain /d' "$L/go.mod"
# The tests and examples need testify and redis, which the offline build cannot fetch.
rm -rf "$L"/*_test.go "$L/example" "$L/redis"
# `for range diff` (an integer range, Go 1.22) in rollingCounts.grow, which only runs with
# BucketPeriod > 0 (never here): the same loop in Go 1.19's words.
grep -q '^		for range diff {$' "$L/counter.go"
sed -i 's/^\t\tfor range diff {$/\t\tfor i := uint64(0); i < diff; i++ {/' "$L/counter.go"
# gobreaker has no clock of its own: its four time.Now() calls (NewCircuitBreaker, State,
# beforeRequest, afterRequest) become nowFunc(), which the driver sets through SetNow.
[[ "$(grep -c 'time\.Now()' "$L/gobreaker.go")" == 4 ]]
sed -i 's/time\.Now()/nowFunc()/g' "$L/gobreaker.go"
cat > "$L/clock_hook.go" <<'EOF'
package gobreaker

import "time"

// Added by tests/peers/breakers/record.sh: the clock of gobreaker.go, time.Now unless set.
var nowFunc = time.Now

// SetNow makes the breakers read the time from f.
func SetNow(f func() time.Time) { nowFunc = f }
EOF
{
    header gobreaker "$GB_TAG" "$GB_COMMIT" gobreaker/main.go \
        "built from v2/ with go 1.19 in go.mod, counter.go's 'for range diff' spelled for Go 1.19, time.Now() -> nowFunc() (clock_hook.go)"
    (cd "$W/gb" && GOPROXY=off GOFLAGS=-mod=mod GOWORK=off GOTOOLCHAIN=local \
        GOCACHE="$W/gocache" GOPATH="$W/gopath" go run .)
} > "$W/traces/gobreaker.trace"

# --------------------------------------------------------------------------------- Hystrix
HX_COMMIT="$(commit "$HX_GIT" "$HX_TAG")"
RX_COMMIT="$(commit "$RX_GIT" "$RX_TAG")"
ARCH_COMMIT="$(commit "$ARCH_GIT" "$ARCH_TAG")"
echo "Hystrix $HX_TAG $HX_COMMIT"
echo "RxJava $RX_TAG $RX_COMMIT"
echo "archaius $ARCH_TAG $ARCH_COMMIT"
extract "$RX_GIT" "$RX_TAG" "$W/rx" src/main/java
# RxJava 1.3.8 targets Java 6 (its animalsniffer signature is java16); javac 17 builds it at
# source level 7, while level 8's type inference rejects rx/Single.java:569.
compile "$W/rx/out" "" -source 7 -target 7 -- "$W/rx/src"
extract "$ARCH_GIT" "$ARCH_TAG" "$W/arch" archaius-core/src/main
compile "$W/arch/out" \
    "$J/commons-configuration.jar:$J/commons-lang.jar:$J/commons-logging.jar:$J/guava.jar:$J/jackson-core.jar:$J/jackson-databind.jar:$J/jackson-annotations.jar:$J/slf4j-api.jar:$J/jsr305.jar" \
    -source 8 -target 8 -- "$W/arch"
extract "$HX_GIT" "$HX_TAG" "$W/hx" hystrix-core/src/main
HXP="$W/hx/hystrix-core/src/main/java/com/netflix/hystrix"
# The breaker reads System.currentTimeMillis() when it opens, re-opens and checks the sleep
# window (its three calls in HystrixCircuitBreaker.java); they become ClockHook's clock, which
# the driver sets. The health buckets already run on Schedulers.computation(), which the driver
# swaps for an RxJava TestScheduler through RxJavaHooks, with no edit.
[[ "$(grep -c 'System\.currentTimeMillis()' "$HXP/HystrixCircuitBreaker.java")" == 3 ]]
sed -i 's/System\.currentTimeMillis()/ClockHook.currentTimeMillis()/g' "$HXP/HystrixCircuitBreaker.java"
cat > "$HXP/ClockHook.java" <<'EOF'
package com.netflix.hystrix;

import java.util.function.LongSupplier;

/** Added by tests/peers/breakers/record.sh: HystrixCircuitBreaker's clock, settable. */
public final class ClockHook {
    /** The time in ms; System.currentTimeMillis unless a driver sets it. */
    public static volatile LongSupplier now = System::currentTimeMillis;

    static long currentTimeMillis() {
        return now.getAsLong();
    }
}
EOF
HXCP="$W/rx/out:$W/arch/out:$J/commons-configuration.jar:$J/commons-lang.jar:$J/commons-logging.jar:$J/guava.jar:$J/jackson-core.jar:$J/jackson-databind.jar:$J/jackson-annotations.jar:$J/slf4j-api.jar:$J/hdrhistogram.jar"
compile "$W/hx/out" "$HXCP" -source 8 -target 8 -- "$W/hx"
mkdir -p "$W/hx-drive"
javac -nowarn -d "$W/hx-drive" -cp "$W/hx/out:$HXCP" "$HERE/hystrix/Drive.java"
{
    header hystrix "$HX_TAG" "$HX_COMMIT" hystrix/Drive.java \
        "built from hystrix-core with HystrixCircuitBreaker's System.currentTimeMillis() -> ClockHook (settable)" \
        "with RxJava $RX_TAG ($RX_COMMIT) and archaius-core $ARCH_TAG ($ARCH_COMMIT), unmodified"
    java -cp "$W/hx-drive:$W/hx/out:$HXCP:$J/slf4j-nop.jar" com.netflix.hystrix.Drive
} > "$W/traces/hystrix.trace"

mkdir -p "$HERE/traces"
mv "$W"/traces/*.trace "$HERE/traces/"
ls -l "$HERE/traces"
