package inference

import (
	"unicode"
	"unicode/utf8"
)

// MessageCharsAtLeast is a lower bound on the length of a table message
// under any reasonable count of "characters" (the document's "≤ 280
// chars" names no unit): it never exceeds the count in user-perceived
// characters (grapheme clusters), which is never more than the count in
// code points (WIRE.md's pin), UTF-16 units or bytes. A message whose bound
// is over the limit is too long whatever the unit; one over the limit in
// code points only is too long by the pin alone.
//
// Code points that join the character before them are not counted:
// combining and enclosing marks, spacing marks, format characters (the
// zero-width joiner among them) and the code point a joiner joins, emoji
// skin-tone modifiers, the second of a pair of regional indicators (a
// flag), and Hangul vowel and final jamo.
func MessageCharsAtLeast(s string) int {
	n, joined, flag := 0, false, false
	for _, r := range s {
		continues := joined || unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc, unicode.Cf) ||
			(r >= 0x1F3FB && r <= 0x1F3FF) || // emoji modifiers
			(r >= 0x1160 && r <= 0x11FF) || (r >= 0xD7B0 && r <= 0xD7FF) // Hangul V and T jamo
		joined = r == 0x200D
		if r >= 0x1F1E6 && r <= 0x1F1FF { // regional indicators pair into a flag
			continues = continues || flag
			flag = !flag
		} else {
			flag = false
		}
		if !continues {
			n++
		}
	}
	return n
}

// MessageCodePoints is a table message's length as WIRE.md counts it, in
// Unicode code points.
func MessageCodePoints(s string) int { return utf8.RuneCountInString(s) }
