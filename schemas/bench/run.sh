#!/usr/bin/env bash
# Compares schema validation speed: umpire's Go validator (fast path in front
# of santhosh-tekuri/jsonschema/v6) against ajv in Node, on the same schema
# files and the same corpus (schemas/testdata/corpus/corpus.jsonl): each
# message is parsed from its JSON text and validated against its kind.
# Installs ajv and ajv-formats into schemas/bench/node_modules on first use.
# The two sides run alternately ROUNDS times and the best figure of each is
# kept, so that other load on the machine distorts the ratio less.
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
best_go=0
best_ajv=0
for r in $(seq "$rounds"); do
  a=$(node "$here/ajv_bench.mjs" "$secs" | awk '{print $2}')
  g=$(cd schemas && "$here/schemas.test" -test.run '^$' -test.bench '^BenchmarkValidateCorpus$' -test.benchtime "${secs}s" |
      awk '/^BenchmarkValidateCorpus/ {for (i = 1; i < NF; i++) if ($(i+1) == "msgs/s") print int($i)}')
  echo "round $r: go $g msgs/s, ajv $a msgs/s"
  [ "$g" -gt "$best_go" ] && best_go=$g
  [ "$a" -gt "$best_ajv" ] && best_ajv=$a
done
echo "go  $best_go msgs/s (best of $rounds, one goroutine)"
echo "ajv $best_ajv msgs/s (best of $rounds)"
awk -v g="$best_go" -v a="$best_ajv" 'BEGIN { printf "ratio go/ajv = %.2f\n", g / a }'
