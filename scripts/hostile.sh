#!/usr/bin/env bash
# Hostile-input suite: umpire verify and umpire validate (both games) on
# inputs an attacker could hand them, generated on the fly through pipes
# (nothing large on disk). For each run it records the peak RSS, wall and
# CPU time (/usr/bin/time) and the exit code, and fails when a run goes over
# the memory bound, exits otherwise than 1 (the input does not conform),
# dies with a Go runtime dump, or prints invalid UTF-8, a raw terminal
# escape or a bidi override.
#
#   scripts/hostile.sh [UMPIRE]      # default bin/umpire; make hostile
#
# Environment: HOSTILE_MAX_RSS_KB (default 65536, 64 MiB), HOSTILE_ONLY
# (a regular expression: only the inputs whose name matches).
set -uo pipefail
cd "$(dirname "$0")/.."
umpire="${1:-bin/umpire}"
max_kb="${HOSTILE_MAX_RSS_KB:-65536}"
only="${HOSTILE_ONLY:-.}"
if [ ! -x "$umpire" ]; then
  echo "hostile: $umpire is not built (make build)" >&2
  exit 3
fi
if [ ! -x /usr/bin/time ]; then
  echo "hostile: /usr/bin/time is needed to measure the peak RSS (apt-get install time)" >&2
  exit 3
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The inputs, each a generator writing to stdout.
gen_blank_1g()   { head -c $((1 << 30)) /dev/zero | tr '\0' '\n'; }
gen_giant_line() { head -c $((256 << 20)) /dev/zero | tr '\0' 'a'; }
gen_bad_utf8()   { yes "$(printf '{"seq":1,"type":"message\xff\xfe","text":"\xe2\x80\xae\x1b[2J\xc3"}')" | head -n $((1 << 20)); }
gen_nested()     { head -c 1000000 /dev/zero | tr '\0' '['; echo; head -c $((64 << 20)) /dev/zero | tr '\0' '['; echo; }
gen_bad_16mi()   { yes x | head -n $((16 << 20)); }
inputs="blank_1g giant_line bad_utf8 nested bad_16mi"
describe() {
  case "$1" in
    blank_1g) echo "1 GiB of blank lines" ;;
    giant_line) echo "one 256 MiB line" ;;
    bad_utf8) echo "1 Mi lines of invalid UTF-8, bidi, escapes" ;;
    nested) echo "1 MB and 64 MiB of nested ["  ;;
    bad_16mi) echo "16 Mi lines that are not JSON" ;;
  esac
}

# measure reads /usr/bin/time's last line into rss, wall, cpu and code, and
# sets verdict: ok, or the first bound the run broke (memory, exit 1, a Go
# runtime dump).
measure() {
  local want="${1:-1}"
  read -r rss wall user sys code < <(tail -n 1 "$tmp/time")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
  # /usr/bin/time says "Command exited with non-zero status N" first.
  verdict="ok"
  if [ "$rss" -gt "$max_kb" ]; then verdict="OVER ${max_kb} KiB"; fi
  if [ "$code" != "$want" ]; then verdict="exit $code, want $want"; fi
  if grep -qE '^(goroutine [0-9]+|panic:|fatal error:|runtime: )' "$tmp/err"; then verdict="Go runtime dump"; fi
}

fail=0
printf '%-12s %-35s %12s %9s %9s %5s  %s\n' input command peak_RSS wall cpu exit verdict
for in in $inputs; do
  [[ "$in" =~ $only ]] || continue
  # verify --strict: what these inputs break are WIRE.md pins (one JSON
  # object per line, 1 MiB lines), SHOULD findings without it.
  for cmd in "verify --strict --game inference" "verify --strict --game bangarena" "validate --game inference" "validate --game bangarena"; do
    # shellcheck disable=SC2086
    "gen_$in" | /usr/bin/time -o "$tmp/time" -f '%M %e %U %S %x' "$umpire" $cmd - >"$tmp/out" 2>"$tmp/err"
    measure
    # What umpire prints is valid UTF-8 without a raw escape or bidi override.
    if ! iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null 2>&1 || ! iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1; then verdict="output not UTF-8"; fi
    if LC_ALL=C grep -qP '\x1b|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$tmp/out" "$tmp/err"; then verdict="raw escape or bidi in output"; fi
    [ "$verdict" = ok ] || fail=1
    last=$( (grep -E 'umpire (verify|validate):' "$tmp/err" "$tmp/out" | tail -n 1 | sed 's/^[^:]*://') || true)
    printf '%-12s %-35s %8d KiB %8ss %8ss %5s  %s\n' "$in" "$cmd" "$rss" "$wall" "$cpu" "$code" "$verdict"
    printf '             %s\n' "${last:0:150}"
  done
done

# Bundles a reviewer is handed: one honest bundle (a single conform check
# of the embedded server), then copies whose MANIFEST.sig is a FIFO, a link
# to /dev/zero or 64 MiB of [; bundle verify must say so (exit 1) at once,
# within the memory bound.
if [[ "bundle" =~ $only ]]; then
  "$umpire" conform --game inference --embedded --check "raise beyond the cap" --bundle "$tmp/bundle" --report-dir "$tmp/bundle-reports" >/dev/null 2>&1
  for sig in fifo zero_link nested_64m; do
    rm -rf "$tmp/b" && cp -r "$tmp/bundle" "$tmp/b"
    case "$sig" in
      fifo) mkfifo "$tmp/b/MANIFEST.sig" ;;
      zero_link) ln -s /dev/zero "$tmp/b/MANIFEST.sig" ;;
      nested_64m) head -c $((64 << 20)) /dev/zero | tr '\0' '[' >"$tmp/b/MANIFEST.sig" ;;
    esac
    timeout -k 5 60 /usr/bin/time -o "$tmp/time" -f '%M %e %U %S %x' "$umpire" bundle verify "$tmp/b" >"$tmp/out" 2>"$tmp/err"
    measure
    [ "$verdict" = ok ] || fail=1
    last=$( (grep -E '^(FAIL|bundle)' "$tmp/out" | head -n 1) || true)
    printf '%-12s %-35s %8d KiB %8ss %8ss %5s  %s\n' "sig_$sig" "bundle verify" "$rss" "$wall" "$cpu" "$code" "$verdict"
    printf '             %s\n' "${last:0:150}"
  done
  rm -rf "$tmp/b"
fi

# legal --check on a message nested deeper than 512 levels (600,000 [,
# under the 1 MiB message limit): one clear line and exit 2, both games.
if [[ "legal" =~ $only ]]; then
  for g in inference bangarena; do
    head -c 600000 /dev/zero | tr '\0' '[' | /usr/bin/time -o "$tmp/time" -f '%M %e %U %S %x' "$umpire" legal --game "$g" --check - >"$tmp/out" 2>"$tmp/err"
    measure 2
    grep -q "nested deeper than 512 levels" "$tmp/err" || verdict="no clear error"
    [ "$verdict" = ok ] || fail=1
    printf '%-12s %-35s %8d KiB %8ss %8ss %5s  %s\n' "legal_deep" "legal --check --game $g" "$rss" "$wall" "$cpu" "$code" "$verdict"
  done
fi

# report merge of a shard and a 4 GiB one (a sparse file, nothing on
# disk): refused before the big one is read (exit 3), the shards together
# held to one report's 256 MiB.
if [[ "merge" =~ $only ]]; then
  "$umpire" conform --game inference --embedded --check "raise beyond the cap" --json "$tmp/shard.json" >/dev/null 2>&1
  truncate -s 4G "$tmp/huge.json"
  /usr/bin/time -o "$tmp/time" -f '%M %e %U %S %x' "$umpire" report merge "$tmp/shard.json" "$tmp/huge.json" >"$tmp/out" 2>"$tmp/err"
  measure 3
  grep -q "exceeds the limit" "$tmp/err" || verdict="no clear error"
  [ "$verdict" = ok ] || fail=1
  printf '%-12s %-35s %8d KiB %8ss %8ss %5s  %s\n' "merge_4g" "report merge" "$rss" "$wall" "$cpu" "$code" "$verdict"
  rm -f "$tmp/huge.json"
fi

echo
for in in $inputs; do printf '  %-12s %s\n' "$in" "$(describe "$in")"; done
printf '  %-12s %s\n' sig_fifo "a bundle whose MANIFEST.sig is a FIFO" sig_zero_link "... a link to /dev/zero" sig_nested_64m "... 64 MiB of ["
printf '  %-12s %s\n' legal_deep "600,000 nested [ (exit 2 wanted)" merge_4g "a shard and a 4 GiB sparse one (exit 3 wanted)"
if [ "$fail" -ne 0 ]; then
  echo "hostile: FAIL" >&2
  exit 1
fi
echo "hostile: every run under $max_kb KiB, the exit wanted (1 unless said), no runtime dump, inert output"
