package certify

import (
	"os/exec"
	"testing"
)

// TestTrivialAgent runs the tests of the load benchmark's agent, which
// live under testdata (outside the ./... pattern): its read of a request
// of the embedded servers' layout gives the answer of its full read, and
// the servers keep that layout.
func TestTrivialAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs another test binary")
	}
	if out, err := exec.Command("go", "test", "-count=1", "-timeout", "2m", "./testdata/trivial").CombinedOutput(); err != nil {
		t.Fatalf("go test ./testdata/trivial: %v\n%s", err, out)
	}
}
