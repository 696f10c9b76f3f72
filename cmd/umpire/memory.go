package main

import (
	"strconv"
	"strings"
)

// parseMemory reads a size for --agent-memory: a number of bytes with an
// optional unit (K, M, G, T with or without "iB"; powers of 1024), or
// "none" (no limit: -1).
func parseMemory(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "none") {
		return -1, true
	}
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := s, ""
	if i >= 0 {
		num, unit = s[:i], strings.ToLower(strings.TrimSpace(s[i:]))
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f <= 0 {
		return 0, false
	}
	shift := map[string]uint{"": 0, "b": 0, "k": 10, "kib": 10, "kb": 10, "m": 20, "mib": 20, "mb": 20, "g": 30, "gib": 30, "gb": 30, "t": 40, "tib": 40, "tb": 40}
	sh, ok := shift[unit]
	if !ok {
		return 0, false
	}
	v := f * float64(uint64(1)<<sh)
	if v < 1<<20 || v > 1<<50 {
		return 0, false // under 1 MiB no agent starts; over 1 PiB is a typo
	}
	return int64(v), true
}
