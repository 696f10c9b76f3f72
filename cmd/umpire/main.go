package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/umpire-arena/umpire/harness/gamecli"
)

// Exit codes of the command line contract.
const (
	exitOK    = gamecli.ExitOK    // every MUST check holds
	exitFail  = gamecli.ExitFail  // at least one MUST finding
	exitUsage = gamecli.ExitUsage // usage or configuration error
	exitError = gamecli.ExitError // the run could not be carried out
)

// env is what a command may touch: its streams and the working directory.
// Commands receive it explicitly; nothing is global.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// isTerminal reports whether stdout is a terminal (progress bars only then).
	isTerminal bool
	// agentWindow, when > 0, replaces agentStartWindow (tests).
	agentWindow time.Duration
	// agentWatch, when > 0, replaces agentWatchWindow (tests).
	agentWatch time.Duration
	// quietEvery, when > 0, replaces quietEvery (tests).
	quietEvery time.Duration
}

// cmd is what a game's command body (harness/<game>/cli) may touch of e.
func (e *env) cmd() gamecli.Env {
	return gamecli.Env{Stdin: e.stdin, Stdout: e.stdout, Stderr: e.stderr, IsTerminal: e.isTerminal}
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) int
}

func commands() []command {
	return []command{
		{"selftest", "run the out-of-the-box demo against the embedded server", cmdSelftest},
		{"serve", "run the embedded reference server", cmdServe},
		{"validate", "validate messages against the JSON schemas", cmdValidate},
		{"legal", "derive the legal actions for one decision", cmdLegal},
		{"verify", "replay match logs through the referee", cmdVerify},
		{"simulate", "self-play with scripted adversaries (no network)", cmdSimulate},
		{"conform", "run the server conformance suite against a live server", cmdConform},
		{"certify", "certify an agent in seeded matches", cmdCertify},
		{"proxy", "relay real agents to a real server and judge both sides live", cmdProxy},
		{"replay", "re-run one match of a certify/simulate run exactly", cmdReplay},
		{"report", "work with reports (report merge SHARD.json...)", cmdReport},
		{"rules", "print the rule catalogue", cmdRules},
		{"bundle", "re-check a certification bundle (bundle verify DIR)", cmdBundle},
		{"example-agent", "a JSON Lines example agent built into the binary (certify --agent 'umpire example-agent --game G')", cmdExampleAgent},
		{"version", "print the version", cmdVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, isTerminal: isTerminal(os.Stdout)}
	code := run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// run dispatches args to a subcommand and returns the exit code.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) > 0 && (args[0] == "--version" || args[0] == "-version") {
		return cmdVersion(ctx, e, nil)
	}
	if len(args) == 2 && args[0] == "help" {
		// umpire help CMD is umpire CMD -h.
		for _, c := range commands() {
			if c.name == args[1] {
				return c.run(ctx, e, []string{"-h"})
			}
		}
		unknownCommand(e.stderr, "umpire help", args[1])
		return exitUsage
	}
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, e, args[1:])
		}
	}
	unknownCommand(e.stderr, "umpire", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "umpire — referee and conformance suite for "+gameTitles())
	fmt.Fprintln(w, "\nUsage: umpire <command> [flags]\n\nCommands:")
	width := 0
	for _, c := range commands() {
		width = max(width, len(c.name))
	}
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'umpire help <command>' (or 'umpire <command> -h') for a command's flags; 'umpire --version' for the version.")
	fmt.Fprintln(w, "Exit codes: 0 conforms, 1 a MUST finding, 2 usage error, 3 the run could not be carried out.")
}

// newFlagSet returns a flag set for a subcommand that reports errors to e.
func newFlagSet(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet("umpire "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: umpire %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args and maps a parse failure to an exit code: -h gives
// exitOK, anything else exitUsage. ok is false when the command must stop.
// Flags may follow file arguments ("verify m.jsonl --format json"): the
// arguments that are not flags are collected in order and left as fs.Args().
// After "--" every argument is a file argument.
//
// A mistake prints its error, a "did you mean" when a flag name is close,
// and one line pointing at -h (the whole help only for -h itself); an
// agent command left unquoted is refused (unquotedAgent).
func parseFlags(fs *flag.FlagSet, args []string) (code int, ok bool) {
	out, usage := fs.Output(), fs.Usage
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	defer func() { fs.SetOutput(out); fs.Usage = usage }()
	if msg := unquotedAgent(fs, args); msg != "" {
		fmt.Fprintf(out, "%s: %s\n", fs.Name(), msg)
		return exitUsage, false
	}
	var positional []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			fs.SetOutput(out)
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return exitOK, false
			}
			flagMistake(out, fs, err)
			return exitUsage, false
		}
		left := fs.Args()
		if len(left) == 0 {
			break
		}
		if i := len(rest) - len(left); i > 0 && rest[i-1] == "--" {
			positional = append(positional, left...)
			break
		}
		positional = append(positional, left[0])
		rest = left[1:]
	}
	// Leave the file arguments as fs.Args(): parsing "--" alone sets no flag.
	_ = fs.Parse(append([]string{"--"}, positional...))
	return exitOK, true
}

// checkNoArgs says whether fs was left no arguments after its flags; if
// one is left, it names the first on stderr as unexpected for command name.
func checkNoArgs(e *env, fs *flag.FlagSet, name string) bool {
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "umpire %s: unexpected argument %q\n", name, fs.Arg(0))
		return false
	}
	return true
}

// checkFormat validates the --format flag value.
func checkFormat(e *env, format string) bool {
	switch format {
	case "text", "json":
		return true
	}
	fmt.Fprintf(e.stderr, "umpire: unknown --format %q (want text or json)\n", format)
	return false
}

// notBuilt answers for a command (or a game of a command) that a later
// piece of work fills in.
func notBuilt(e *env, what string) int {
	fmt.Fprintf(e.stderr, "umpire: %s is not built yet\n", what)
	return exitUsage
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	return fi.Mode()&os.ModeCharDevice != 0
}

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func cmdVersion(_ context.Context, e *env, _ []string) int {
	fmt.Fprintf(e.stdout, "umpire %s (rules %s)\n", strings.TrimSpace(version), rulesVersions())
	return exitOK
}
