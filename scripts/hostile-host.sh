#!/usr/bin/env bash
# Hostile-host suite (issue 15, the host half): plays each attack on
# `umpire serve` and `umpire certify` over loopback only, in bounded loops,
# and prints the verdict, the server's peak RSS and the wall time of each.
#   scripts/hostile-host.sh                  # the binary built from this tree
#   UMPIRE=/path/to/old/umpire scripts/hostile-host.sh   # measure another build ("before")
#   ATTACKS=rounds,setsid scripts/hostile-host.sh        # a subset
# Exit status: 0 when every attack was held, 1 when one was not.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
UMPIRE=${UMPIRE:-}
if [[ -z "$UMPIRE" ]]; then
  "$GO" build -o "$out/umpire" ./cmd/umpire
  UMPIRE="$out/umpire"
fi
"$GO" build -o "$out/goagent" ./examples/agents/goagent
"$GO" build -o "$out/hostilehost" ./scripts/hostilehost
"$out/hostilehost" -umpire "$UMPIRE" -goagent "$out/goagent" -attacks "${ATTACKS:-rounds,flood,rooms,trickle,connflood,setsid,daemon,cgleave,memory,batch,padobserve,eventsobserve,deepobserve,padproxy,forged,devnull}" | tee "$out/result.txt"
! grep -q ' HURT ' "$out/result.txt"
