package rulebook

import (
	"strconv"
	"testing"
)

// The statement map of inference-0.4 has its 79 statements
// (AUDIT-STATEMENTS.md), numbered I-1 … I-79 in document order. (What
// every book must hold to, rules included, is rules.TestBooks.)
func TestStatements(t *testing.T) {
	s := Statements()
	if len(s) != 79 {
		t.Errorf("%d statements, want 79 (AUDIT-STATEMENTS.md)", len(s))
	}
	for i, st := range s {
		if want := "I-" + strconv.Itoa(i+1); st.ID != want || st.Doc != "inference-0.4" {
			t.Errorf("statement %d is %s of %q, want %s of inference-0.4", i, st.ID, st.Doc, want)
		}
	}
}
