package schemas

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// mutateExample reads a valid example of kind, applies change to it and returns
// the JSON.
func mutateExample(t *testing.T, kind string, change func(m map[string]any)) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "valid", "inference", kind+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	change(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestViolationBasis: a violation under a property marked x-basis carries
// that basis and its reference; one under the documents' own shapes carries
// none (document).
func TestViolationBasis(t *testing.T) {
	set := testSet(t)
	tests := []struct {
		name, kind string
		change     func(m map[string]any)
		basis, ref string
		location   string
	}{
		{"error code of its own", "error", func(m map[string]any) { m["code"] = "invalid_action" }, BasisContract, "WIRE.md Envelope", "/code"},
		{"error code a number", "error", func(m map[string]any) { m["code"] = 3 }, BasisContract, "WIRE.md Envelope", "/code"},
		{"error without code", "error", func(m map[string]any) { delete(m, "code") }, BasisContract, "WIRE.md Envelope", ""},
		{"error without turn", "error", func(m map[string]any) { delete(m, "turn") }, BasisContract, "WIRE.md Envelope", ""},
		{"message without match_id", "your_turn", func(m map[string]any) { delete(m, "match_id") }, BasisContract, "WIRE.md Envelope", ""},
		{"your_turn without round", "your_turn", func(m map[string]any) { delete(m, "round") }, BasisContract, "WIRE.md Envelope", ""},
		{"your_turn without deadline_ms", "your_turn", func(m map[string]any) { delete(m, "deadline_ms") }, "", "", ""},
		{"your_turn with a string deadline_ms", "your_turn", func(m map[string]any) { m["deadline_ms"] = "10s" }, "", "", "/deadline_ms"},
		{"visible_state pot negative", "your_turn", func(m map[string]any) { m["visible_state"].(map[string]any)["pot"] = -1 }, "", "", "/visible_state/pot"},
		{"welcome without visible_state", "welcome", func(m map[string]any) { delete(m, "visible_state") }, BasisContract, "WIRE.md Envelope", ""},
		{"match_end without seed_commit", "match_end", func(m map[string]any) { delete(m, "seed_commit") }, BasisContract, "WIRE.md Envelope", ""},
		{"log object field of another shape", "event", func(m map[string]any) { m["event"].(map[string]any)["round"] = "one" }, BasisContract, "WIRE.md Match log", "/event/round"},
		{"players lists one seat (the example's abbreviation)", "your_turn", func(m map[string]any) {
			vs := m["visible_state"].(map[string]any)
			vs["players"] = vs["players"].([]any)[:1]
		}, BasisReading, "I-INF-41", "/visible_state/players"},
		{"a player's credits negative", "your_turn", func(m map[string]any) {
			vs := m["visible_state"].(map[string]any)
			vs["players"].([]any)[0].(map[string]any)["credits"] = -1
		}, "", "", "/visible_state/players/0/credits"},
		{"call_breakeven_value a real number", "your_turn", func(m map[string]any) {
			m["visible_state"].(map[string]any)["call_breakeven_value"] = 41.7
		}, BasisReading, "I-INF-11", "/visible_state/call_breakeven_value"},
		{"move without turn", "move", func(m map[string]any) { delete(m, "turn") }, BasisContract, "WIRE.md Envelope", ""},
		{"move with another action", "move", func(m map[string]any) { m["action"] = "check" }, "", "", "/action"},
		// issue 26: on fold and call the amount is ignored by the rules;
		// its type is I-INF-40's; a raise's amount is the document's.
		{"call with a string amount", "move", func(m map[string]any) { m["amount"] = "2" }, BasisReading, "I-INF-40", "/amount"},
		{"fold with a real amount", "move", func(m map[string]any) { m["action"], m["amount"] = "fold", 1.5 }, BasisReading, "I-INF-40", "/amount"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := mutateExample(t, tc.kind, tc.change)
			vs := set.Validate("inference", tc.kind, data)
			if len(vs) == 0 {
				t.Fatalf("no violation for %s", data)
			}
			for _, v := range vs {
				if v.InstanceLocation != tc.location {
					continue
				}
				if v.Basis != tc.basis || v.Ref != tc.ref {
					t.Errorf("%v: basis %q ref %q, want %q %q", v, v.Basis, v.Ref, tc.basis, tc.ref)
				}
				if want := tc.basis == ""; v.Binding() != want {
					t.Errorf("%v: Binding() = %v, want %v", v, v.Binding(), want)
				}
				if tc.basis != "" && !strings.Contains(v.String(), "["+tc.basis+": "+tc.ref+"]") {
					t.Errorf("String() = %q lacks the basis", v.String())
				}
				return
			}
			t.Errorf("no violation at %q: %v", tc.location, vs)
		})
	}
}

// TestBasisKeywordsValid: every x-basis in the schema files names a known
// basis, a reading names its INTERPRETATIONS.md entry and a contract its pin.
func TestBasisKeywordsValid(t *testing.T) {
	n := 0
	err := fs.WalkDir(Files(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := fs.ReadFile(Files(), p)
		if err != nil {
			return err
		}
		var doc any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return err
		}
		out := map[string]basisInfo{}
		collectBases(p, doc, "", out)
		for loc, b := range out {
			n++
			switch b.basis {
			case BasisContract:
				if !strings.Contains(b.ref, ".md") {
					t.Errorf("%s: contract basis without its pin (x-ref %q)", loc, b.ref)
				}
			case BasisReading:
				if !strings.HasPrefix(b.ref, "I-") {
					t.Errorf("%s: reading basis without its entry (x-ref %q)", loc, b.ref)
				}
			case BasisDocument:
			default:
				t.Errorf("%s: unknown x-basis %q", loc, b.basis)
			}
			// The catalogue lists every basis a schema violation may carry
			// (issue 26: reports.Regrade keeps no other).
			game, _, _ := strings.Cut(p, "/")
			if b.basis != BasisDocument && !slices.Contains(rules.SchemaClauses(game), rules.Clause{Basis: rules.Basis(b.basis), Ref: b.ref}) {
				t.Errorf("%s: x-basis %s %q is not in rules.SchemaClauses(%q)", loc, b.basis, b.ref, game)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no x-basis in the schemas")
	}
}

// TestRaiseAmountDocument (issue 26): a raise's amount of another type, or
// out of 1..10, still breaks the document's clause; the reading I-INF-40
// covers only the amount fold and call ignore.
func TestRaiseAmountDocument(t *testing.T) {
	set := testSet(t)
	for _, amount := range []any{"2", 11, 0, 2.5} {
		data := mutateExample(t, "move", func(m map[string]any) { m["action"], m["amount"] = "raise", amount })
		binding := false
		for _, v := range set.Validate("inference", "move", data) {
			binding = binding || v.Binding()
		}
		if !binding {
			t.Errorf("raise with amount %v: no violation on the document's basis", amount)
		}
	}
}
