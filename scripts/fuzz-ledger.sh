#!/usr/bin/env bash
# Runs the fuzz targets and keeps a ledger of the time each has had.
#
# Every fuzz target of the module should have had GOAL seconds of fuzzing in
# all (over several runs, several machines) without a failure. This script
# runs, one after another, the targets whose passing time in the ledger is
# below GOAL, each for FUZZTIME with one worker, and appends one line per run
# to the ledger: date, commit, package, target, seconds fuzzed, execs, CPU
# seconds used, result. A failing run keeps its input under the package's
# testdata/fuzz/ (go test writes it) and counts nothing towards the goal.
#
#   FUZZTIME=10m GOAL=600 bash scripts/fuzz-ledger.sh        # run what is short
#   bash scripts/fuzz-ledger.sh --report                    # print the totals
#
# The ledger is scripts/fuzz-ledger.tsv (LEDGER=... for another file).
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-10m}
GOAL=${GOAL:-600}
LEDGER=${LEDGER:-scripts/fuzz-ledger.tsv}
ONLY=${ONLY:-} # a regexp: only targets whose "pkg target" matches

[ -f "$LEDGER" ] || printf 'date\tcommit\tpackage\ttarget\tseconds\texecs\tcpu_s\tresult\n' >"$LEDGER"

targets() {
	for pkg in $($GO list ./...); do
		for f in $($GO test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
			echo "$pkg $f"
		done
	done
}

# passed PKG TARGET: the seconds of passing runs in the ledger.
passed() {
	awk -F'\t' -v p="$1" -v t="$2" '$3==p && $4==t && $8=="pass" {s+=$5} END {printf "%d", s}' "$LEDGER"
}

if [ "${1:-}" = "--report" ]; then
	short=0 total=0
	while read -r pkg f; do
		s=$(passed "$pkg" "$f")
		total=$((total + 1))
		mark=ok
		if [ "$s" -lt "$GOAL" ]; then mark=short; short=$((short + 1)); fi
		printf '%-6s %6ds  %s %s\n' "$mark" "$s" "${pkg#github.com/umpire-arena/umpire/}" "$f"
	done < <(targets)
	echo "$((total - short)) of $total targets have ${GOAL}s of passing fuzz time"
	exit 0
fi

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
fail=0
while read -r pkg f; do
	if [ -n "$ONLY" ] && ! [[ "$pkg $f" =~ $ONLY ]]; then continue; fi
	s=$(passed "$pkg" "$f")
	if [ "$s" -ge "$GOAL" ]; then continue; fi
	echo "== ${pkg#github.com/umpire-arena/umpire/} $f (${s}s so far)"
	out=$(mktemp)
	rc=0
	/usr/bin/time -f '%U %S' -o "$out.time" $GO test -run '^$' -fuzz "^$f\$" -fuzztime "$FUZZTIME" \
		-fuzzminimizetime 2s -parallel 1 "$pkg" >"$out" 2>&1 || rc=$?
	tail -n 3 "$out"
	# The fuzzer's last progress line: "fuzz: elapsed: 10m0s, execs: 123 (..."
	line=$(grep -o 'elapsed: [0-9hms.]*, execs: [0-9]*' "$out" | tail -n 1 || true)
	el=$(sed -E 's/elapsed: ([0-9hms.]*),.*/\1/' <<<"$line")
	execs=$(sed -E 's/.*execs: ([0-9]*)/\1/' <<<"$line")
	secs=$(awk -v d="$el" 'BEGIN { s=0; n="";
		for (i=1;i<=length(d);i++) { c=substr(d,i,1);
			if (c ~ /[0-9.]/) n=n c; else { if (c=="h") s+=n*3600; if (c=="m") s+=n*60; if (c=="s") s+=n; n="" } }
		printf "%d", s }')
	cpu=$(awk '{printf "%d", $1+$2}' "$out.time" 2>/dev/null || echo 0)
	result=pass
	if [ "$rc" -ne 0 ]; then result=fail; fail=1; fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$commit" "$pkg" "$f" \
		"${secs:-0}" "${execs:-0}" "$cpu" "$result" >>"$LEDGER"
	rm -f "$out" "$out.time"
done < <(targets)
exit $fail
