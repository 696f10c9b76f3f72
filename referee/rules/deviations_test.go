package rules

import "testing"

func TestDeviations(t *testing.T) {
	var none Deviations
	if none.On("x") {
		t.Fatal("the zero Deviations turns x on")
	}
	if DeviationsOf() != nil {
		t.Fatal("DeviationsOf() is not nil")
	}
	d := DeviationsOf("a", "b")
	for _, c := range []struct {
		name string
		want bool
	}{{"a", true}, {"b", true}, {"c", false}, {"", false}} {
		if got := d.On(c.name); got != c.want {
			t.Errorf("On(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
