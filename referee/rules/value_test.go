package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

// A finding's expected and got print as readable JSON, never as a Go byte
// slice ("got [123 34 116 …]") nor base64.
func TestFindingRendersValuesAsJSON(t *testing.T) {
	tests := []struct {
		name string
		got  any
		want string
	}{
		{"bytes of JSON", []byte(`{"type":"ante"}`), `got {"type":"ante"}`},
		{"raw message", json.RawMessage(` {"a": [1, 2]} `), `got {"a":[1,2]}`},
		{"bytes of text", []byte("not json"), "got not json"},
		{"map", map[string]any{"seat": 1, "html": "<b>"}, `got {"html":"<b>","seat":1}`},
		{"string", "fold", "got fold"},
		{"nil", nil, "got nothing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Finding{Rule: "g/round.3.call", Level: Must, Message: "m", Expected: 1, Got: tt.got}
			if s := f.String(); !strings.Contains(s, tt.want) {
				t.Errorf("have %q, want it to contain %q", s, tt.want)
			}
		})
	}
}

// Values keeps JSON bytes as JSON in a report, not as base64.
func TestFindingValuesMarshalAsJSON(t *testing.T) {
	f := Finding{Rule: "g/round.3.call", Level: Must, Message: "m", Got: []byte(`{"x":1}`), Expected: []byte("plain")}
	b, err := json.Marshal(f.Values())
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, `"got":{"x":1}`) || !strings.Contains(s, `"expected":"plain"`) {
		t.Errorf("have %s, want got as JSON and expected as a string", s)
	}
}

func TestObservability(t *testing.T) {
	c := Default()
	n := map[Observability]int{}
	for _, r := range c.All() {
		if !r.Observable.Valid() {
			t.Errorf("%s: observability %q", r.ID, r.Observable)
		}
		if r.Observable != Live && r.ObservableWhy == "" {
			t.Errorf("%s is %s without a reason", r.ID, r.Observable)
		}
		n[r.Observable]++
	}
	// Each game's rulebook pins the observability of its own rules.
	if n[Live] == 0 || n[LogOnly] == 0 || n[AgentOnly] == 0 {
		t.Errorf("have %v, want rules of every observability", n)
	}
	if _, err := NewCatalogue([]Rule{{ID: "g/a.b", Level: Must, Doc: "d", Section: "s", Text: "t", Observable: LogOnly}}); err == nil {
		t.Error("a log-only rule without a reason was accepted")
	}
}
