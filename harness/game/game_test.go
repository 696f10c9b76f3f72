package game

import (
	"slices"
	"strings"
	"testing"
)

type partA struct{ v int }
type partB string

func TestRegistry(t *testing.T) {
	var r Registry
	r.Register(Facts{Name: "b", Order: 2}, partA{1})
	r.Register(Facts{Name: "a", Order: 1})
	r.Extend("b", partB("x"), partA{2})
	if got := []string{r.All()[0].Facts().Name, r.All()[1].Facts().Name}; !slices.Equal(got, []string{"a", "b"}) {
		t.Fatalf("All order = %q, want by Order", got)
	}
	g, ok := r.Lookup("b")
	if !ok {
		t.Fatal("Lookup(b) failed")
	}
	if a, ok := Part[partA](g); !ok || a.v != 2 {
		t.Errorf("Part[partA] = %v, %v; want the part Extend replaced", a, ok)
	}
	if b, ok := Part[partB](g); !ok || b != "x" {
		t.Errorf("Part[partB] = %q, %v", b, ok)
	}
	if _, ok := r.Lookup("c"); ok {
		t.Error("Lookup(c) found an unregistered game")
	}
	a, _ := r.Lookup("a")
	if got := Parts[partA](); len(got) != 0 {
		t.Errorf("Parts of the program's registry in this test = %v, want none", got)
	}
	if _, ok := Part[partA](a); ok {
		t.Error("Part found a part game a never had")
	}
}

func TestRegistryPanics(t *testing.T) {
	tests := []struct {
		name string
		do   func(r *Registry)
		want string
	}{
		{"twice", func(r *Registry) { r.Register(Facts{Name: "a"}); r.Register(Facts{Name: "a"}) }, "twice"},
		{"no name", func(r *Registry) { r.Register(Facts{}) }, "without a name"},
		{"extend unknown", func(r *Registry) { r.Extend("z", 1) }, "unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if p, _ := recover().(string); !strings.Contains(p, tc.want) {
					t.Errorf("panic %q, want one containing %q", p, tc.want)
				}
			}()
			tc.do(new(Registry))
		})
	}
}
