package rules

import (
	"fmt"
	"testing"
)

func TestCap(t *testing.T) {
	c := NewCap(3)
	kept := 0
	for i := 0; i < 10; i++ {
		if c.Keep("a") {
			kept++
		}
	}
	if !c.Keep("b") || kept != 3 {
		t.Fatalf("kept %d of a, want 3, and the first b", kept)
	}
	nk := c.NotKept()
	if len(nk) != 1 || nk[0] != (NotKept{Key: "a", Count: 7}) || c.Total() != 7 {
		t.Fatalf("not kept %+v (total %d)", nk, c.Total())
	}
	if s := (NotKept{Key: "x/y", Count: 16777200}).String(); s != "… and 16,777,200 more findings of rule x/y, not kept" {
		t.Errorf("String: %q", s)
	}
	// Keys beyond the bound are counted together.
	c = NewCap(1)
	for i := 0; i < maxCapKeys+10; i++ {
		c.Keep(fmt.Sprint(i))
	}
	c.Keep("late")
	if len(c.counts) > maxCapKeys+1 || c.counts[OtherKey] == nil || c.counts[OtherKey].dropped != 10 {
		t.Errorf("%d keys kept, %+v under %s", len(c.counts), c.counts[OtherKey], OtherKey)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 16777200: "16,777,200", -1234: "-1,234"} {
		if have := Thousands(n); have != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, have, want)
		}
	}
}
