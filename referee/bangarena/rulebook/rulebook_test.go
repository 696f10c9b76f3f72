package rulebook

import (
	"strconv"
	"testing"
)

// The statement map of krug_rules@0.1.0 has its 193 statements
// (AUDIT-STATEMENTS.md), numbered B-1 … B-193 in document order. (What
// every book must hold to is rules.TestBooks.)
func TestStatements(t *testing.T) {
	s := Statements()
	if len(s) != 193 {
		t.Errorf("%d statements, want 193 (AUDIT-STATEMENTS.md)", len(s))
	}
	for i, st := range s {
		if want := "B-" + strconv.Itoa(i+1); st.ID != want || st.Doc != "krug_rules@0.1.0" {
			t.Errorf("statement %d is %s of %q, want %s of krug_rules@0.1.0", i, st.ID, st.Doc, want)
		}
	}
}
