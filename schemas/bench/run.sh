#!/usr/bin/env bash
# Compares schema validation speed: umpire's Go validator (fast path in front
# of santhosh-tekuri/jsonschema/v6) against ajv in Node, on the same schema
# files and the same corpus (schemas/testdata/corpus/*.jsonl): each
# message is parsed from its JSON text and validated against its kind.
# Installs ajv and ajv-formats into schemas/bench/node_modules on first use.
#
# Each side reports messages per wall-clock second and per CPU-second (its
# process's user + system time, GC and JIT threads included). The two run
# alternately ROUNDS times and the best figure of each is kept; on a busy
# machine compare the CPU figures, which other load distorts far less.
# Usage: schemas/bench/run.sh [seconds per run] [rounds]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
secs="${1:-3}"
rounds="${2:-3}"
cd "$here"
if [ ! -d node_modules/ajv ] || [ ! -d node_modules/ajv-formats ]; then
  npm install --no-save --no-audit --no-fund --silent ajv ajv-formats >/dev/null
fi
cd "$here/../.."
go test -c -o "$here/schemas.test" ./schemas/ >/dev/null
trap 'rm -f "$here/schemas.test"' EXIT
metric() { awk -v unit="$1" '{for (i = 1; i < NF; i++) if ($(i+1) == unit) print int($i)}'; }
gw=0 gc=0 aw=0 ac=0
for r in $(seq "$rounds"); do
  a=$(node "$here/ajv_bench.mjs" "$secs")
  g=$(cd schemas && "$here/schemas.test" -test.run '^$' -test.bench '^BenchmarkValidateCorpus$' -test.benchtime "${secs}s" | grep '^BenchmarkValidateCorpus')
  a_w=$(echo "$a" | metric msgs/s) a_c=$(echo "$a" | metric msgs/cpu-s)
  g_w=$(echo "$g" | metric msgs/s) g_c=$(echo "$g" | metric msgs/cpu-s)
  echo "round $r: go $g_w msgs/s ($g_c per CPU-s), ajv $a_w msgs/s ($a_c per CPU-s)"
  [ "$g_w" -gt "$gw" ] && gw=$g_w
  [ "${g_c:-0}" -gt "$gc" ] && gc=$g_c
  [ "$a_w" -gt "$aw" ] && aw=$a_w
  [ "$a_c" -gt "$ac" ] && ac=$a_c
done
echo "go  $gw msgs/s, $gc msgs/CPU-s (best of $rounds, one goroutine)"
echo "ajv $aw msgs/s, $ac msgs/CPU-s (best of $rounds)"
awk -v g="$gw" -v a="$aw" 'BEGIN { printf "ratio go/ajv, wall clock = %.2f\n", g / a }'
[ "$gc" -gt 0 ] && awk -v g="$gc" -v a="$ac" 'BEGIN { printf "ratio go/ajv, CPU time   = %.2f\n", g / a }'
exit 0
