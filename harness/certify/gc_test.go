package certify

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestTuneGC: a run sets GCPercent and restores the previous setting; a
// GOGC in the environment is left as it is.
func TestTuneGC(t *testing.T) {
	prev := debug.SetGCPercent(150)
	defer debug.SetGCPercent(prev)
	if v, set := os.LookupEnv("GOGC"); set {
		defer os.Setenv("GOGC", v)
	} else {
		defer os.Unsetenv("GOGC")
	}
	os.Unsetenv("GOGC")
	restore := TuneGC()
	if got := debug.SetGCPercent(GCPercent); got != GCPercent {
		t.Errorf("during the run: GC percent %d, want %d", got, GCPercent)
	}
	restore()
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("after the run: GC percent %d, want 150", got)
	}
	t.Setenv("GOGC", "100")
	TuneGC()()
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("with GOGC set: GC percent %d, want 150 (unchanged)", got)
	}
}
