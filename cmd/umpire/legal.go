package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/schemas"
)

// maxMessageBytes bounds what "umpire legal" reads (WIRE.md: 1 MiB messages).
const maxMessageBytes = 1 << 20

// cmdLegal runs "umpire legal": derive the legal actions of one decision
// from its visible_state and, with --check, compare them with the list the
// message carries.
func cmdLegal(_ context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "legal", "--game G [--check] [--format text|json] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR] FILE|-")
	game := fs.String("game", "", harness.NameList())
	check := fs.Bool("check", false, "compare with the message's own legal_actions; exit 1 when they differ")
	format := fs.String("format", "text", "text or json")
	var rf reportFlags
	addReportFlags(fs, &rf)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "umpire legal: give exactly one FILE (or - for stdin)")
		return exitUsage
	}
	// The reports see the run from outside (legal_report.go).
	lr := newLegalReports(rf, *game, fs.Arg(0), *check)
	return lr.write(e, legalOf(lr.console(e), gameOf(*game), fs.Arg(0), *check, *format == "json"))
}

// legalOf reads the one message of "umpire legal" and hands it to the
// game's body (harness/<game>/cli), which derives its legal actions and,
// with check, compares them with the message's own list; the outcome of
// the comparison is printed here.
func legalOf(e *env, g *cliGame, name string, check, asJSON bool) int {
	raw, code, ok := readLegalInput(e, name)
	if !ok {
		return code
	}
	d, code := g.Legal(e.cmd(), name, raw, check)
	if d == nil {
		return code
	}
	return printLegalDiff(e, d, d.Same(), asJSON)
}

// readLegalInput reads the one message of "umpire legal" (FILE|-, at most
// maxMessageBytes). When it cannot, it says why on stderr and gives the
// exit code: 2 for a file that does not open, 1 for a message over the
// limit (it does not conform), 3 for a read error or a message nested
// deeper than schemas.MaxDepth (past umpire's own bound: the judgment
// could not be carried out, as for any input umpire cannot read through;
// not a mistake of the command line).
func readLegalInput(e *env, name string) (raw []byte, code int, ok bool) {
	// One message, at most maxMessageBytes: the read ends by itself.
	in, err := readInput(context.Background(), e, name, maxMessageBytes)
	var pe *os.PathError
	switch {
	case err == nil && schemas.TooDeep(in.data):
		// Said at once, the same for both games and any depth, before a
		// parser answers with its own limit (encoding/json: 10000) or,
		// below it, reads around the nesting.
		fmt.Fprintf(e.stderr, "umpire legal: %s: the message is nested deeper than %d levels of objects and arrays, umpire's bound; nothing judged (umpire validate checks shapes)\n", inert.String(in.name), schemas.MaxDepth)
		return nil, exitError, false
	case err == nil:
		return in.data, exitOK, true
	case errors.As(err, &pe):
		fmt.Fprintf(e.stderr, "umpire legal: cannot read %s: %v\n", inert.String(name), pe.Err)
		return nil, exitUsage, false
	case errors.As(err, new(errTooLarge)):
		fmt.Fprintf(e.stdout, "%s: the message exceeds the limit of %d bytes (WIRE.md: messages of at most 1 MiB); nothing derived\n", inert.String(in.name), maxMessageBytes)
		return nil, exitFail, false
	}
	fmt.Fprintf(e.stderr, "umpire legal: cannot read %s: %v\n", inert.String(name), err)
	return nil, exitError, false
}

// printLegalDiff prints the outcome of --check (indented JSON, or text)
// and returns the exit code: 0 when the lists are equal, 1 otherwise.
func printLegalDiff(e *env, d gamecli.LegalDiff, equal, asJSON bool) int {
	noteLegalDiff(e, d)
	if asJSON {
		_ = writeJSONIndented(e.stdout, d)
	} else {
		d.WriteText(e.stdout)
	}
	if equal {
		return exitOK
	}
	return exitFail
}
