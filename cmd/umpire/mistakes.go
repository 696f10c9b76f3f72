package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// Command-line mistakes: a mistyped command or flag gets the error, a
// "did you mean" when a name is close, and one line pointing at -h, not
// the whole help; an agent command left unquoted is refused before its
// words become umpire's.

// closest returns the candidate nearest to word by edit distance, when it
// is near enough to be a likely typo (at most 2 edits, and fewer than half
// the word), or "".
func closest(word string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		d := editDistance(strings.ToLower(word), strings.ToLower(c))
		if d < bestD && d*2 < max(len(word), len(c)) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (optimal string
// alignment: insertions, deletions, substitutions, adjacent swaps).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// unknownCommand prints a mistyped command's error, a suggestion and
// where the commands are listed. prefix is "umpire" or "umpire help".
func unknownCommand(w io.Writer, prefix, name string) {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	fmt.Fprintf(w, "%s: unknown command %q\n", prefix, name)
	if s := closest(name, names); s != "" {
		fmt.Fprintf(w, "Did you mean 'umpire %s'?\n", s)
	}
	fmt.Fprintln(w, "Run 'umpire help' for the list of commands.")
}

// flagMistake prints a flag parse error of fs (named "umpire CMD"), with a
// suggestion when an unknown flag is close to a known one, and one line
// pointing at -h.
func flagMistake(w io.Writer, fs *flag.FlagSet, err error) {
	fmt.Fprintf(w, "%s: %v\n", fs.Name(), err)
	const undefined = "flag provided but not defined: "
	if name, ok := strings.CutPrefix(err.Error(), undefined); ok {
		name = strings.TrimLeft(name, "-")
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		if s := closest(name, names); s != "" {
			fmt.Fprintf(w, "Did you mean --%s?\n", s)
		}
	}
	fmt.Fprintf(w, "Run '%s -h' for its flags.\n", fs.Name())
}

// agentCommandFlags are the flags whose value is a whole command line.
var agentCommandFlags = []string{"agent", "agent-connect", "baseline", "baseline-connect"}

// unquotedAgent finds an agent command given unquoted: a command flag of
// fs whose value is one word, followed by a word that is not a flag
// ("python3 bot.py") or by a single-dash flag ("./bin/agent -seed 7"),
// which would silently become umpire's own. Umpire's flags after an
// unquoted agent command are written with two dashes. It returns the
// error to print, or "".
func unquotedAgent(fs *flag.FlagSet, args []string) string {
	for i := 0; i+2 < len(args); i++ {
		a := args[i]
		if a == "--" {
			return ""
		}
		if !strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
			continue
		}
		name := strings.TrimLeft(a, "-")
		if fs.Lookup(name) == nil || !isAgentFlag(name) {
			continue
		}
		value, next := args[i+1], args[i+2]
		if strings.ContainsAny(value, " \t") {
			continue // quoted: the whole command is the value
		}
		var rest []string
		for _, w := range args[i+2:] {
			if strings.HasPrefix(w, "--") {
				break
			}
			rest = append(rest, w)
		}
		quoted := fmt.Sprintf("--%s '%s %s'", name, value, strings.Join(rest, " "))
		switch {
		case !strings.HasPrefix(next, "-"):
			return fmt.Sprintf("%q after --%s %s looks like part of the agent's command; quote the whole command: %s", next, name, value, quoted)
		case !strings.HasPrefix(next, "--") && next != "-":
			return fmt.Sprintf("%s after --%s %s is ambiguous: if it belongs to the agent, quote the whole command (%s); if it is umpire's, write it with two dashes (-%s)", next, name, value, quoted, next)
		}
	}
	return ""
}

func isAgentFlag(name string) bool {
	for _, n := range agentCommandFlags {
		if n == name {
			return true
		}
	}
	return false
}
