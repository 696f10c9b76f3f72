package conform

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/game"
)

// The checked-in conformance manifest is what the code says: a rule, a
// check's rules or a fault that changes without "go generate
// ./harness/conform" fails here.
func TestConformanceManifest(t *testing.T) {
	want, err := BuildManifest().JSON()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", ManifestFile)
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go generate ./harness/conform)", err)
	}
	if !bytes.Equal(have, want) {
		t.Fatalf("%s differs from the code: %s (run go generate ./harness/conform)", ManifestFile, firstDiff(have, want))
	}
}

// firstDiff names the first line where two texts differ.
func firstDiff(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(al), len(bl)); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return "line " + strconv.Itoa(i+1) + ": file has " + strings.TrimSpace(x) + ", code gives " + strings.TrimSpace(y)
		}
	}
	return "same lines, different bytes"
}

func TestManifestNamesChecksAndFaults(t *testing.T) {
	m := BuildManifest()
	e, ok := m.Lookup("inference/round.3.raise-cap")
	if !ok {
		t.Fatal("no entry for the raise cap")
	}
	if len(e.Checks) < 2 || len(e.Faults) != 1 || e.Faults[0] != "inference:accept-illegal-raise" {
		t.Errorf("raise cap: checks %v faults %v", e.Checks, e.Faults)
	}
	for _, r := range m.Rules {
		if r.Checks == nil || r.Faults == nil || r.Observable == "" {
			t.Errorf("%s: incomplete entry %+v", r.ID, r)
		}
	}
	// A game's log verifier is one of the checks of every rule it
	// evaluates (its VerifyRules part).
	verified := 0
	for _, g := range game.All() {
		vr, ok := game.Part[VerifyRules](g)
		if !ok {
			continue
		}
		for _, id := range vr() {
			verified++
			if e, ok := m.Lookup(id); !ok || !slices.Contains(e.Checks, "verify") {
				t.Errorf("%s: the verifier evaluates it, but the manifest lists its checks as %v", id, e.Checks)
			}
		}
	}
	if verified == 0 {
		t.Error("no game gives the rules its verifier evaluates: the manifest's verify entries go untested")
	}
}
