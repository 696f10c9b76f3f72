package reports

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/internal/inert"
)

// writeJSONWhole is WriteJSON as it was before it streamed: one encoding of
// the whole document. The streamed writer must give the same bytes.
func writeJSONWhole(t testing.TB, r *Report) []byte {
	t.Helper()
	var b bytes.Buffer
	x := inert.NewWriter(&b, inert.JSONMode)
	enc := json.NewEncoder(x)
	enc.SetIndent("", "  ")
	cov := r.Coverage()
	if err := enc.Encode(jsonReport{Report: r, Summary: r.Summary(), Coverage: cov, Figures: CoverageFigures(cov), Stats: r.Stats(), AB: r.AB()}); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestWriteJSONStreamsTheSameBytes(t *testing.T) {
	empty := New(Meta{Kind: KindConform}, nil)
	noChecks := New(Meta{Kind: KindConform}, nil)
	noChecks.Checks = []Check{}
	tests := []struct {
		name string
		r    *Report
	}{
		{"sample", sample(t)},
		{"hostile", hostileReport(t)},
		{"inert", inertReport(t)},
		{"A/B", abWorse(t)},
		{"known failing", knownReport()},
		{"nil checks", empty},
		{"empty checks", noChecks},
		{"basis", basisReport(true)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := writeJSONWhole(t, tt.r)
			var got bytes.Buffer
			if err := WriteJSON(&got, tt.r); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				i := 0
				for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
					i++
				}
				t.Fatalf("streamed JSON differs at byte %d: got %q, want %q", i, got.Bytes()[max(0, i-40):min(got.Len(), i+40)], want[max(0, i-40):min(len(want), i+40)])
			}
		})
	}
}
