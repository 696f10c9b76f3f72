package gamecli

import (
	"fmt"

	"github.com/umpire-arena/umpire/referee/rules"
)

// FindingWriter is verify's printer of findings, as a game's VerifyGroup
// and VerifySummary use it. Writes after the first failed one are
// dropped; the command reports that error.
type FindingWriter interface {
	// Printf prints to the command's output.
	Printf(format string, args ...any)
	// Finding prints one finding for people at "line N (at…)", with its
	// expected and got values when it has them.
	Finding(line int, at []string, f rules.Finding)
	// NotKept says what a file's Cap counted but did not keep and
	// returns the number of findings not kept.
	NotKept(name string, c *rules.Cap) int
	// JSON says the output is JSON Lines.
	JSON() bool
}

// NotKeptText is the summary's note of the findings counted, not shown.
func NotKeptText(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s not kept: over %d of one rule per file)", rules.Thousands(n), rules.MaxKeptPerRule)
}
