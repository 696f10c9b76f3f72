package main

import (
	"net"
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
