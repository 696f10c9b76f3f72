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
