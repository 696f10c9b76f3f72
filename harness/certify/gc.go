package certify

import (
	"os"
	"runtime/debug"
)

// GCPercent is the garbage collector's target during a certify run (Go's
// default is 100). A run's live heap is small (the matches under way, the
// judge's bounded logs) while it allocates for every message it relays, so
// the collector ran often for little: at 400 it runs a quarter as often, for
// a heap that peaks at five times the live one instead of twice (some tens
// of MiB at 64 workers).
const GCPercent = 400

// TuneGC sets the garbage collector for a certify run (GCPercent) and
// returns the function that restores the previous setting. A GOGC set in
// the environment wins: then it changes nothing. The umpire certify
// command calls it for the whole run; so do the benchmarks.
func TuneGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(GCPercent)
	return func() { debug.SetGCPercent(old) }
}
