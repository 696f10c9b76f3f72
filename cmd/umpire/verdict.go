package main

import (
	"fmt"
	"io"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/reports"
)

// writeHeadlineDetail prints, under a run's headline, what decided it that
// no failing check shows (the SPRT, an empty run, a stale known-failing
// entry), then each known-failing rule with its reason and counts: the
// console says what the Markdown, HTML and JUnit reports say.
func writeHeadlineDetail(w io.Writer, sum reports.Summary) {
	for _, why := range sum.Why {
		fmt.Fprintf(w, "  %s\n", inert.String(why))
	}
	for _, k := range sum.KnownFailing {
		fmt.Fprintf(w, "%s\n", inert.String(k.Text()))
	}
}
