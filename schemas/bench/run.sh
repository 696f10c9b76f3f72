#!/usr/bin/env bash
# Compares schema validation speed: umpire's Go validator (santhosh-tekuri/
# jsonschema/v6) against ajv in Node, on the same schemas and the same corpus
# (schemas/testdata/corpus/corpus.jsonl). Installs ajv locally on first use.
# Usage: schemas/bench/run.sh [seconds per side]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
secs="${1:-3}"
cd "$here"
if [ ! -d node_modules/ajv ] || [ ! -d node_modules/ajv-formats ]; then
  npm install --no-save --no-audit --no-fund --silent ajv ajv-formats >/dev/null
fi
ajv_line=$(node ajv_bench.mjs "$secs")
cd "$here/../.."
go_line=$(go test -run '^$' -bench '^BenchmarkValidateCorpus$' -benchtime "${secs}s" ./schemas/ | grep '^BenchmarkValidateCorpus')
go_rate=$(echo "$go_line" | awk '{for (i = 1; i < NF; i++) if ($(i+1) == "msgs/s") print $i}')
go_par_line=$(go test -run '^$' -bench '^BenchmarkValidateCorpusParallel$' -benchtime "${secs}s" ./schemas/ | grep '^BenchmarkValidateCorpusParallel' || true)
go_par=$(echo "$go_par_line" | awk '{for (i = 1; i < NF; i++) if ($(i+1) == "msgs/s") print $i}')
ajv_rate=$(echo "$ajv_line" | awk '{print $2}')
echo "go  ${go_rate%.*} msgs/s (one goroutine)"
[ -n "$go_par" ] && echo "go  ${go_par%.*} msgs/s (all $(nproc) cores)"
echo "$ajv_line"
awk -v g="$go_rate" -v a="$ajv_rate" 'BEGIN { printf "ratio go/ajv = %.2f (one core each)\n", g / a }'
[ -n "$go_par" ] && awk -v g="$go_par" -v a="$ajv_rate" 'BEGIN { printf "ratio go(all cores)/ajv(one) = %.2f\n", g / a }'
exit 0
