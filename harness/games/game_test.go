package games_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/umpire-arena/umpire/harness"
	_ "github.com/umpire-arena/umpire/harness/allgames"
	"github.com/umpire-arena/umpire/harness/games"
)

// TestDescriptorsAreFilled: every game fills every field of its
// descriptor, under the names harness knows, and Lookup finds it.
func TestDescriptorsAreFilled(t *testing.T) {
	var names []string
	for _, g := range games.All() {
		names = append(names, g.Name)
		t.Run(g.Name, func(t *testing.T) {
			v := reflect.ValueOf(*g)
			for i := range v.NumField() {
				if v.Field(i).IsZero() {
					t.Errorf("%s: field %s is not filled", g.Name, v.Type().Field(i).Name)
				}
			}
			if got, err := games.Lookup(g.Name); err != nil || got.Name != g.Name {
				t.Errorf("Lookup(%q) = %v, %v", g.Name, got, err)
			}
			if len(g.Checks()) == 0 || len(g.VerifyRules()) == 0 || len(g.CertifyRules()) == 0 || len(g.Adversaries()) == 0 {
				t.Errorf("%s: an empty list of checks, verifier rules, certify rules or adversaries", g.Name)
			}
		})
	}
	if !slices.Equal(names, harness.Names()) {
		t.Errorf("descriptors %v, harness knows %v", names, harness.Names())
	}
	if _, err := games.Lookup("chess"); err == nil {
		t.Error("Lookup of an unknown game: no error")
	}
}
