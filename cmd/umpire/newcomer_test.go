package main

import (
	"net"
	"os"
	"testing"
)

// closedURL returns the URL of a local port nothing listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// TestConformShippedConfig: the shipped examples/conform.jsonc names its
// game, so it needs no --game (the run reaches the target: exit 3 on a
// closed port, never 2 "--game is required"); a --game naming another game
// than the file is a usage error, not 19 errored checks; a flag overriding
// a setting of the file says so.
func TestConformShippedConfig(t *testing.T) {
	url := closedURL(t)
	t.Setenv("UMPIRE_TARGET", url)
	runCases(t, []string{"conform", "--config", "../../examples/conform.jsonc"}, []cliCase{
		{name: "game from the file", wantCode: exitError, wantErr: []string{"cannot be reached"}},
		{name: "same game on the flag", args: []string{"--game", "bangarena"}, wantCode: exitError, wantErr: []string{"cannot be reached"}},
		{name: "another game on the flag", args: []string{"--game", "inference"}, wantCode: exitUsage, wantErr: []string{`the file is for game "bangarena"`}},
		{name: "a flag overrides the file", args: []string{"--deadline-ms", "500"}, wantCode: exitError, wantErr: []string{`sets "deadline-ms", overridden by --deadline-ms`}},
		{name: "list with the file's game", args: []string{"--list"}, wantCode: exitOK, wantOut: []string{"bangarena"}},
	})
}

// TestCertifyPreflight: what certify needs from its own setup is checked
// before the first match: a report directory under a file, an agent URL
// nothing listens at, an agent that dies as soon as it starts (its stderr
// on the console) — each one line and exit 3, no match played.
func TestCertifyPreflight(t *testing.T) {
	dir := t.TempDir()
	afile := dir + "/afile"
	if err := os.WriteFile(afile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	good := "--report-dir=" + dir + "/rep"
	runCases(t, []string{"certify", "--game", "inference", "--matches", "2"}, []cliCase{
		{name: "report dir under a file", args: []string{"--agent", "sh -c 'sleep 5'", "--report-dir", afile + "/reports"},
			wantCode: exitError, wantErr: []string{"afile is a file, not a directory"}, notOut: []string{"PASS"}},
		{name: "report file under a file", args: []string{"--agent", "sh -c 'sleep 5'", good, "--json", afile + "/r.json"},
			wantCode: exitError, wantErr: []string{"the report file " + afile + "/r.json cannot be written"}},
		{name: "agent URL with nothing listening", args: []string{"--agent-url", closedURL(t) + "/decide", good},
			wantCode: exitError, wantErr: []string{"the agent cannot be reached: nothing accepts connections"}, notOut: []string{"no-crash"}},
		{name: "agent dies at start", args: []string{"--agent", "sh -c 'echo cannot open bot.py >&2; exit 2'", good},
			wantCode: exitError, wantErr: []string{"the agent exited (exit status 2)", "  cannot open bot.py"}, notOut: []string{"no-crash"}},
		{name: "baseline dies at start", args: []string{"--agent", "sh -c 'sleep 5'", "--baseline", "sh -c 'exit 1'", good},
			wantCode: exitError, wantErr: []string{"the baseline exited (exit status 1)", "wrote nothing on stderr"}},
	})
}

// TestConformReportPreflight: a report directory that cannot be written
// stops conform before any check (it used to run the suite, then exit 3).
func TestConformReportPreflight(t *testing.T) {
	afile := t.TempDir() + "/afile"
	if err := os.WriteFile(afile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	runCases(t, []string{"conform", "--game", "inference", "--embedded"}, []cliCase{
		{name: "report dir under a file", args: []string{"--report-dir", afile + "/reports"},
			wantCode: exitError, wantErr: []string{"afile is a file, not a directory"}, wantNoOut: true},
		{name: "report dir is a file", args: []string{"--report-dir", afile},
			wantCode: exitError, wantErr: []string{"is a file"}, wantNoOut: true},
	})
}
