#!/usr/bin/env bash
# Builds the bundled site, serves it on loopback and takes the screenshots of
# benches/screenshots.mjs into benches/screenshots/ (or OUT). Needs Debian's chromium and
# `npm ci --prefix tests/browser` (playwright-core).
#
#   benches/screenshots.sh            all pages
#   PAGES=calculator benches/screenshots.sh
#   SADE=target/debug/sade benches/screenshots.sh   (a binary already built)
#   ROOT=/tmp/my-site PAGES=first-post,about benches/screenshots.sh   (another site, such as one
#                                                                     `sade init` made)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-benches/screenshots}
SITE=$(mktemp -d)
trap 'kill "$SERVER" 2>/dev/null; rm -rf "$SITE"' EXIT
if [ -n "${SADE:-}" ]; then
  "$SADE" build --root "${ROOT:-.}" --out "$SITE/public" 2>/dev/null
else
  cargo run --quiet --release -- build --root "${ROOT:-.}" --out "$SITE/public" 2>/dev/null
fi
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$SITE/public" >/dev/null 2>&1 &
SERVER=$!
sleep 0.5
node benches/screenshots.mjs "http://127.0.0.1:$PORT" "$OUT"
