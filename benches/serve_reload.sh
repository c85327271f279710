#!/usr/bin/env bash
# Edit-to-reload latency of `sade serve` on a generated 2 000-page site.
#
#   cargo build --release && benches/serve_reload.sh [RUNS]
#
# Generates the site with the comparison benchmark's corpus generator (benches/corpus.py: 1 000
# tr/en pairs of ~600 words, one backoff_table each, sade's own templates), starts target/release/sade serve --port 0, opens /__sade/events, appends a sentence to
# one page RUNS times (default 10), and prints the median wall time from the write to the
# `event: reload`, and the rebuild times the server logged.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
python3 benches/corpus.py --pages 1000 --out "$work/corpus" >/dev/null
page=$(find "$work/corpus/sade/content" -name '*.en.md' | sort | sed -n 500p)
target/release/sade serve --port 0 --root "$work/corpus/sade" >"$work/out" 2>"$work/err" &
pid=$!
for _ in $(seq 200); do grep -q serving "$work/out" 2>/dev/null && break; sleep 0.1; done
addr=$(sed -n 's|^serving http://\([^/]*\)/$|\1|p' "$work/out")
echo "server at $addr; first build: $(grep -m1 'rebuild in' "$work/err")"
python3 - "$addr" "$page" "$runs" <<'PY'
import socket, statistics, sys, time
addr, page, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
host, port = addr.rsplit(":", 1)
s = socket.create_connection((host, int(port)))
s.sendall(f"GET /__sade/events HTTP/1.1\r\nHost: {addr}\r\n\r\n".encode())
buf = b""
def wait_for(marker):
    global buf
    while marker not in buf:
        chunk = s.recv(65536)
        if not chunk:
            raise SystemExit("stream closed")
        buf += chunk
    buf = buf[buf.index(marker) + len(marker):]
wait_for(b"event: hello")
times = []
for i in range(runs):
    time.sleep(0.3)
    t0 = time.perf_counter()
    with open(page, "a") as f:
        f.write(f"\nOne more sentence, number {i}.\n")
    wait_for(b"event: reload")
    times.append((time.perf_counter() - t0) * 1000)
print("edit -> reload (ms):", " ".join(f"{t:.1f}" for t in times))
print(f"median edit -> reload: {statistics.median(times):.1f} ms over {runs} edits")
PY
sleep 0.2
echo "server log (rebuilds after the first):"
grep 'rebuild in' "$work/err" | tail -n +2
grep 'incremental rebuild in' "$work/err" | sed 's/.*rebuild in \([0-9.]*\) ms.*/\1/' | sort -n |
  awk '{a[NR]=$1} END {if (NR) printf "median rebuild: %.1f ms over %d rebuilds\n", a[int((NR+1)/2)], NR}'
