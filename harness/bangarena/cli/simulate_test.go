package cli

import (
	"strings"
	"testing"
)

// TestTurnCounter: turn_start marks are counted once whatever the write
// boundaries.
func TestTurnCounter(t *testing.T) {
	log := strings.Repeat(`{"seq":1,"type":"turn_start","seat":0}`+"\n"+`{"seq":2,"type":"draw"}`+"\n", 7)
	for _, size := range []int{1, 2, 5, 19, 20, 64, len(log)} {
		var c turnCounter
		for i := 0; i < len(log); i += size {
			_, _ = c.Write([]byte(log[i:min(i+size, len(log))]))
		}
		if c.n != 7 {
			t.Fatalf("writes of %d bytes: counted %d turns, want 7", size, c.n)
		}
	}
}
