package main

import (
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
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
		{name: "another game on the flag", args: []string{"--game", "inference"}, wantCode: exitUsage, wantErr: []string{`the file is for game "bangarena"`},
			notErr: []string{"probe:"}}, // a package's name is no part of the sentence
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
		{name: "agent dies after the start window, before any request", args: []string{"--agent", "sh -c 'sleep 1; echo cannot open bot.py >&2; exit 2'", good},
			wantCode: exitError, wantErr: []string{"the agent exited (exit status 2)", "  cannot open bot.py"}, notOut: []string{"no-crash"}},
		{name: "bundle dir holds another file", args: []string{"--agent", "sh -c 'sleep 5'", good, "--bundle", dir},
			wantCode: exitError, wantErr: []string{"holds files a bundle does not (afile"}, notOut: []string{"PASS"}},
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
		// A bundle written beside other files would not verify: said
		// before any check, not after the run.
		{name: "bundle dir holds another file", args: []string{"--bundle", filepath.Dir(afile)},
			wantCode: exitError, wantErr: []string{"holds files a bundle does not (afile)"}, wantNoOut: true},
	})
}

// TestMistakes: a mistyped command or flag prints its error, a "did you
// mean" and one line pointing at -h or help (never the 85 lines of help);
// an agent command left unquoted is refused before its words become
// umpire's (-seed 7 used to set umpire's seed silently).
func TestMistakes(t *testing.T) {
	runCases(t, nil, []cliCase{
		{name: "command typo", args: []string{"certfy"}, wantCode: exitUsage,
			wantErr: []string{`unknown command "certfy"`, "Did you mean 'umpire certify'?", "Run 'umpire help'"}, wantNoOut: true},
		{name: "help of a typo", args: []string{"help", "conofrm"}, wantCode: exitUsage,
			wantErr: []string{"Did you mean 'umpire conform'?"}},
		{name: "flag typo", args: []string{"certify", "--matchs", "3"}, wantCode: exitUsage,
			wantErr: []string{"-matchs", "Did you mean --matches?", "Run 'umpire certify -h' for its flags."}},
		{name: "far from any flag", args: []string{"conform", "--zzzzzzzz"}, wantCode: exitUsage,
			wantErr: []string{"Run 'umpire conform -h'"}},
		{name: "unquoted agent, single-dash flag", args: []string{"certify", "--game", "inference", "--agent", "./bin/agent", "-seed", "7"}, wantCode: exitUsage,
			wantErr: []string{"--agent './bin/agent -seed 7'", "--seed"}},
		{name: "unquoted agent, a word", args: []string{"certify", "--game", "inference", "--agent", "python3", "bot.py", "--matches", "3"}, wantCode: exitUsage,
			wantErr: []string{"quote the whole command: --agent 'python3 bot.py'"}},
		{name: "unquoted baseline", args: []string{"certify", "--baseline", "python3", "old.py"}, wantCode: exitUsage,
			wantErr: []string{"--baseline 'python3 old.py'"}},
	})
	for _, tc := range [][]string{{"certfy"}, {"certify", "--matchs", "3"}} {
		_, _, errOut := runUmpire(t, "", tc...)
		if n := strings.Count(errOut, "\n"); n > 4 {
			t.Errorf("%v: %d lines on stderr, want the error, a suggestion and a pointer:\n%s", tc, n, errOut)
		}
	}
	// A quoted command, and umpire's flags with two dashes after an
	// unquoted one, are fine.
	e := &env{stdout: io.Discard, stderr: io.Discard}
	for _, args := range [][]string{
		{"--agent", "./bin/agent -seed 7", "-matches", "3"},
		{"--agent", "./bin/agent", "--seed", "7"},
		{"--agent=./bin/agent", "-seed", "7"},
	} {
		fs := newFlagSet(e, "certify", "")
		var f certFlags
		addCertFlags(fs, &f)
		fs.Int("matches", 0, "")
		if msg := unquotedAgent(fs, args); msg != "" {
			t.Errorf("%q refused: %s", args, msg)
		}
	}
}

// TestHelpAligned: every command's summary starts in the same column of
// `umpire help` (example-agent used to push its summary off).
func TestHelpAligned(t *testing.T) {
	_, out, _ := runUmpire(t, "", "help")
	col := -1
	for _, c := range commands() {
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "  "+c.name+" ") {
				i := strings.Index(l, c.summary)
				if col >= 0 && i != col {
					t.Errorf("%s: summary at column %d, want %d", c.name, i, col)
				}
				col = i
			}
		}
	}
	if col < 0 {
		t.Fatalf("no command found in:\n%s", out)
	}
}

// TestPlainErrors: the console says what went wrong in a sentence, not as
// a Go error chain (`Get "…": dial tcp …: connect: connection refused`).
func TestPlainErrors(t *testing.T) {
	url := closedURL(t)
	for _, args := range [][]string{
		{"conform", "--game", "inference", "--target", url, "--create"},
		{"proxy", "--game", "inference", "--target", url},
	} {
		code, _, errOut := runUmpire(t, "", args...)
		if code != exitError || !strings.Contains(errOut, "cannot be reached: connection refused: is it running") || strings.Contains(errOut, "dial tcp") {
			t.Errorf("%v: exit %d, stderr:\n%s", args, code, errOut)
		}
	}
}

// TestBrokenSlowReadme: the examples README promised `timeout` for
// `broken -mode slow`, whose 5 s delay is within both default deadlines, so
// it passed; the row must name a --deadline shorter than the delay.
func TestBrokenSlowReadme(t *testing.T) {
	b := readFixture(t, "../../examples/agents/README.md")
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "| `slow` ") {
			if !strings.Contains(l, "`timeout` with `--deadline 2s`") {
				t.Errorf("the slow row promises a timeout without a deadline shorter than the 5 s delay:\n%s", l)
			}
			return
		}
	}
	t.Fatal("no slow row in examples/agents/README.md")
}

// TestJudgedRecord: a certification records what it judged — the SHA-256
// of the agent's program and of the script an interpreter runs — and
// umpire's build, in the report's config (so in a bundle's run.json).
func TestJudgedRecord(t *testing.T) {
	dir := t.TempDir()
	script := dir + "/bot.py"
	if err := os.WriteFile(script, []byte("print('hi')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := agentDigests("python3 -u " + script + " --depth 3")
	if d == nil || d["script"] != script || len(d["program_sha256"].(string)) != 64 {
		t.Fatalf("agentDigests(python3 bot.py) = %v", d)
	}
	if sum, _ := fileSHA256(script); d["script_sha256"] != sum {
		t.Errorf("script digest %v, want %s", d["script_sha256"], sum)
	}
	if d := agentDigests("python3 -m bot"); d == nil || d["script"] != nil {
		t.Errorf("a module has no script file: %v", d)
	}
	if d := agentDigests("./x | tee log"); d != nil {
		t.Errorf("shell syntax: %v, want nothing told", d)
	}
	agent, _ := buildAgents(t)
	code, _, errOut := runCert(t, false, "certify", "--game", "inference", "--agent", agent, "--matches", "1", "--rounds", "2", "--report-dir", dir+"/rep", "--bundle", dir+"/bundle")
	if code != exitOK {
		t.Fatalf("exit %d:\n%s", code, errOut)
	}
	var run struct {
		Config map[string]any `json:"config"`
	}
	if err := json.Unmarshal(readFixture(t, dir+"/bundle/run.json"), &run); err != nil {
		t.Fatal(err)
	}
	want, _ := fileSHA256(agent)
	files, _ := run.Config["agent_files"].(map[string]any)
	if files["program_sha256"] != want {
		t.Errorf("run.json agent_files = %v, want the program's sha256 %s", run.Config["agent_files"], want)
	}
	if b, _ := run.Config["umpire_build"].(map[string]any); b["go"] == nil {
		t.Errorf("run.json umpire_build = %v, want the Go version at least", run.Config["umpire_build"])
	}
}
