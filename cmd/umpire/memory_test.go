package main

import "testing"

func TestParseMemory(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"2GiB", 2 << 30, true},
		{"512MiB", 512 << 20, true},
		{"512M", 512 << 20, true},
		{"1.5g", 3 << 29, true},
		{"none", -1, true},
		{"1048576", 1 << 20, true},
		{"10", 0, false},
		{"-1G", 0, false},
		{"", 0, false},
		{"2 lots", 0, false},
		{"0", 0, false},
	} {
		got, ok := parseMemory(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("parseMemory(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// FuzzParseMemory: any --agent-memory text gives none (-1), a size within
// its bounds, or a refusal; never a panic nor a limit under 1 MiB.
func FuzzParseMemory(f *testing.F) {
	for _, s := range []string{"2GiB", "512M", "none", "1.5g", "1e3M", "0x10G", "99999999999999999999T", " 7 MiB "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := parseMemory(s)
		if ok && v != -1 && (v < 1<<20 || v > 1<<50) {
			t.Errorf("parseMemory(%q) = %d", s, v)
		}
		if !ok && v != 0 {
			t.Errorf("parseMemory(%q) refused with %d", s, v)
		}
	})
}
