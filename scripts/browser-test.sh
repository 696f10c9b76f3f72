#!/usr/bin/env bash
# Browser test of the HTML report: renders the sample report in headless
# Chromium, dumps the DOM after scripts ran, checks the coverage matrix, the
# charts and the match viewer (clicked through by the page's own script)
# with a Go test (build tag "browser"), and saves screenshots.
#
#   scripts/browser-test.sh            # artifacts in umpire-report/browser/
#
# Installs Debian's chromium when it is missing (needs root and apt).
set -euo pipefail
cd "$(dirname "$0")/.."
out="umpire-report/browser"
mkdir -p "$out"
start=$(date +%s)

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
done
if [ -z "$browser" ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "browser-test: chromium is missing and cannot be installed here (need root and apt-get)" >&2
    exit 3
  fi
  echo "browser-test: installing chromium (apt-get)…" >&2
  t0=$(date +%s)
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  echo "browser-test: chromium installed in $(( $(date +%s) - t0 ))s" >&2
  browser=chromium
fi
"$browser" --version >&2 || true

# 1. The sample report, built by the reports package's test helper.
go test -count=1 -run '^TestWriteSampleHTML$' ./reports -args -html-out="$PWD/$out/sample.html" >/dev/null
test -s "$out/sample.html"

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --disable-dev-shm-usage --hide-scrollbars)
page="file://$PWD/$out/sample.html"

# 2. The DOM after the page's own script ran.
profile=$(mktemp -d)
"$browser" "${flags[@]}" --user-data-dir="$profile" --virtual-time-budget=3000 --dump-dom "$page" >"$out/sample.dom.html" 2>"$out/chromium-dom.log"
rm -rf "$profile"
test -s "$out/sample.dom.html"

# 3. A screenshot, full width, tall enough for the header, matrix and charts.
profile=$(mktemp -d)
"$browser" "${flags[@]}" --user-data-dir="$profile" --window-size=1280,4200 --screenshot="$PWD/$out/sample.png" "$page" 2>"$out/chromium-shot.log"
rm -rf "$profile"
test -s "$out/sample.png"

# 4. The report of a real run: umpire selftest certifies the Go example agent
#    on the embedded Inference server (a few seconds).
go build -o "$out/umpire" ./cmd/umpire
"$out/umpire" selftest --game inference --matches 2 --report-dir "$out/selftest" >"$out/selftest.log"
real="$out/selftest/certify-inference-go"
test -s "$real/report.html" && test -s "$real/report.json"
profile=$(mktemp -d)
"$browser" "${flags[@]}" --user-data-dir="$profile" --virtual-time-budget=3000 --dump-dom "file://$PWD/$real/report.html" >"$out/real.dom.html" 2>"$out/chromium-real-dom.log"
rm -rf "$profile"
profile=$(mktemp -d)
"$browser" "${flags[@]}" --user-data-dir="$profile" --window-size=1280,4200 --screenshot="$PWD/$out/real.png" "file://$PWD/$real/report.html" 2>"$out/chromium-real-shot.log"
rm -rf "$profile"
test -s "$out/real.dom.html" && test -s "$out/real.png"

# 5. The match viewer, on a sample with transcripts of both games: the
#    page's own script clicks through a transcript (#viewer-walk) and records
#    what it showed; screenshots of the viewer alone at a finding's step.
go test -count=1 -run '^TestWriteViewerSampleHTML$' ./reports -args -viewer-out="$PWD/$out/viewer.html" >/dev/null
test -s "$out/viewer.html"
profile=$(mktemp -d)
"$browser" "${flags[@]}" --user-data-dir="$profile" --virtual-time-budget=3000 --dump-dom "file://$PWD/$out/viewer.html#viewer-walk" >"$out/viewer-walk.dom.html" 2>"$out/chromium-viewer-dom.log"
rm -rf "$profile"
for shot in inference:v0-2 bangarena:v1-3; do
  profile=$(mktemp -d)
  "$browser" "${flags[@]}" --user-data-dir="$profile" --window-size=1280,1300 --screenshot="$PWD/$out/viewer-${shot%%:*}.png" "file://$PWD/$out/viewer.html#solo-view-${shot#*:}" 2>"$out/chromium-viewer-shot.log"
  rm -rf "$profile"
  test -s "$out/viewer-${shot%%:*}.png"
done

# 6. The viewer on real transcripts: certify the deliberately broken example
#    agent (illegal answers) on both games, a short match each.
go build -o "$out/broken" ./examples/agents/broken
for g in inference bangarena; do
  code=0
  "$out/umpire" certify --game "$g" --agent "$PWD/$out/broken -mode illegal" --matches 1 --rounds 3 --deadline 2s \
    --report-dir "$out/broken-$g" >"$out/broken-$g.log" 2>&1 || code=$?
  if [ "$code" -ne 1 ]; then echo "browser-test: certify of the broken agent ($g) exited $code, want 1" >&2; exit 1; fi
  profile=$(mktemp -d)
  "$browser" "${flags[@]}" --user-data-dir="$profile" --virtual-time-budget=3000 --dump-dom "file://$PWD/$out/broken-$g/report.html" >"$out/broken-$g.dom.html" 2>"$out/chromium-broken-dom.log"
  rm -rf "$profile"
  # The screenshot opens the viewer where the report's first finding links.
  step=$(grep -o 'href="#view-[^"]*"' "$out/broken-$g/report.html" | head -1 | sed 's/^href="#//; s/"$//')
  profile=$(mktemp -d)
  "$browser" "${flags[@]}" --user-data-dir="$profile" --window-size=1280,1300 --screenshot="$PWD/$out/broken-viewer-$g.png" "file://$PWD/$out/broken-$g/report.html#solo-${step:-view-v0-0}" 2>"$out/chromium-broken-shot.log"
  rm -rf "$profile"
  test -s "$out/broken-$g.dom.html" && test -s "$out/broken-viewer-$g.png"
done

# 7. Check what the browser built, for all of them.
UMPIRE_BROWSER_DOM="$PWD/$out/sample.dom.html" \
UMPIRE_BROWSER_REAL_DOM="$PWD/$out/real.dom.html" UMPIRE_BROWSER_REAL_JSON="$PWD/$real/report.json" \
UMPIRE_BROWSER_VIEWER_DOM="$PWD/$out/viewer-walk.dom.html" \
UMPIRE_BROWSER_BROKEN="$PWD/$out/broken-inference:$PWD/$out/broken-bangarena" \
  go test -count=1 -tags browser -run '^TestBrowserDOM' -v ./reports | grep -E '^(=== RUN|--- |PASS|FAIL|ok)' 

echo "browser-test: ok in $(( $(date +%s) - start ))s; screenshots $out/sample.png (sample), $out/real.png (a real run), $out/viewer-inference.png and $out/viewer-bangarena.png (the match viewer), $out/broken-viewer-*.png (the viewer on a real run)"
