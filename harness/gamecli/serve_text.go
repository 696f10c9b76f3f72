package gamecli

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// Announced is what serve prints of a game's server once it listens: as
// one JSON line with --format json, else WriteText for people; FaultsOn
// names the deliberate faults switched on (warned of first).
type Announced interface {
	FaultsOn() []string
	WriteText(w io.Writer)
}

// Announce is a Serving's Announce for a game: describe(hostport, token)
// is what it prints, kept in *info for the game's Wait.
func Announce[I Announced](e Env, format string, info *I, describe func(hostport, token string) I) func(hostport, token string) {
	return func(hostport, token string) {
		*info = describe(hostport, token)
		if faults := (*info).FaultsOn(); len(faults) > 0 {
			WarnFaults(e, faults)
		}
		if format == "json" {
			_ = WriteJSONLine(e.Stdout, *info)
			return
		}
		(*info).WriteText(e.Stdout)
	}
}

// StartFailed is a Start that failed on err: said on stderr, the game
// server shut down when it was made (shutdown non-nil), exit 2.
func StartFailed(e Env, err error, shutdown func(ctx context.Context) error) (*Serving, int) {
	fmt.Fprintf(e.Stderr, "umpire: %v\n", err)
	if shutdown != nil {
		ShutdownQuietly(shutdown)
	}
	return nil, ExitUsage
}

// ServeText prints serve's announcement for people in the layout every
// game shares: a title line, rows of a label and a value, the scripted
// seats, the closing line.
type ServeText struct{ w io.Writer }

// NewServeText starts the announcement of the server titled title
// ("Inference reference server (inference-0.4)").
func NewServeText(w io.Writer, title string) ServeText {
	fmt.Fprintf(w, "umpire serve: %s\n", title)
	return ServeText{w}
}

// Row prints a row: label (none: the row above goes on), then the value.
func (t ServeText) Row(label, format string, args ...any) {
	fmt.Fprintf(t.w, "  %-10s%s\n", label, fmt.Sprintf(format, args...))
}

// Match prints the row of the match or room (noun) id: its table, and
// its seed when one was given.
func (t ServeText) Match(noun, id, seed string, table ...string) {
	if seed != "" {
		table = append(table, fmt.Sprintf("seed %q", seed))
	}
	t.Row(noun, "%s  (%s)", id, strings.Join(table, ", "))
}

// AdminToken prints the admin token the creation routes need, if any.
func (t ServeText) AdminToken(token string) {
	if token != "" {
		t.Row("", "admin token %s  (header Authorization: Bearer TOKEN)", token)
	}
}

// Scripted prints the seats scripted adversaries play (seat number as a
// string → kind), in seat order.
func (t ServeText) Scripted(adversaries map[string]string) {
	var seats []int
	for s := range adversaries {
		n, _ := strconv.Atoi(s)
		seats = append(seats, n)
	}
	sort.Ints(seats)
	for _, s := range seats {
		t.Row(fmt.Sprintf("seat %d", s), "scripted: %s", adversaries[strconv.Itoa(s)])
	}
}

// Close prints lines, then that serve runs until interrupted.
func (t ServeText) Close(lines ...string) {
	for _, l := range lines {
		fmt.Fprintln(t.w, l)
	}
	fmt.Fprintln(t.w, "Serving until interrupted (Ctrl-C).")
}
