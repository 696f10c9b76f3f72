package proxy

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Clip returns at most 200 bytes of b as text, for a finding's got.
func Clip(b []byte) string {
	const n = 200
	s := strings.ToValidUTF8(string(b), "\uFFFD")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d bytes)", len(b))
}

// ViolationsText renders schema violations, three at most.
func ViolationsText[T fmt.Stringer](vs []T) string {
	var b strings.Builder
	for i, v := range vs {
		if i == 3 {
			fmt.Fprintf(&b, "; … %d more", len(vs)-3)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(v.String())
	}
	return b.String()
}
