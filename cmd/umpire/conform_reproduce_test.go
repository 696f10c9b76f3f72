package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/conform"
	"github.com/umpire-arena/umpire/reports"
)

// TestConformReproduce (issue 31): every check that found something names
// the command that runs it alone again, on the console and in the reports,
// and the console closes with the compact list of the failed rules; the
// command, run, finds the same rule broken.
func TestConformReproduce(t *testing.T) {
	t.Setenv("UMPIRE_UNSAFE_FAULTS", "accept-illegal-raise")
	dir := t.TempDir()
	const check = "inference: a raise beyond the cap is refused"
	code, out, errs := runConform(t, "--embedded", "--unsafe-faults", "--game", "inference", "--check", "raise beyond the cap", "--seed", "r31", "--report-dir", dir)
	if code != exitFail {
		t.Fatalf("have exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	want := "UMPIRE_UNSAFE_FAULTS=accept-illegal-raise umpire conform --game inference --embedded --unsafe-faults --seed r31 --deadline-ms 300 --seats 3 --rounds 6 --mcp auto --check '" + check + "'"
	if !strings.Contains(out, "      reproduce: "+want+"\n") {
		t.Errorf("the console names no reproduce command %q:\n%s", want, out)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if n := len(lines); n < 3 || lines[n-3] != "failed rules (1):" || !strings.HasPrefix(lines[n-2], "  MUST   inference/round.3.raise-cap — ") || lines[n-1] != "         reproduce: "+want {
		t.Errorf("the console does not close with the failed rules:\n%s", out)
	}
	rep := readReportDir(t, dir)
	if len(rep.Checks) != 1 || rep.Checks[0].Reproduce != want {
		t.Errorf("the JSON report's check has reproduce %q, want %q", rep.Checks[0].Reproduce, want)
	}
	if fr := rep.Summary().FailedRules; len(fr) != 1 || fr[0].Rule != "inference/round.3.raise-cap" || fr[0].Reproduce != want {
		t.Errorf("failed rules: %+v", fr)
	}
	for _, f := range []string{reports.FileMarkdown, reports.FileHTML} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "--unsafe-faults --seed r31") {
			t.Errorf("%s names no reproduce command", f)
		}
	}

	// The command, run as written, finds the same rule broken.
	env, args := splitCommand(t, want)
	for k, v := range env {
		t.Setenv(k, v)
	}
	if args[0] != "umpire" || args[1] != "conform" {
		t.Fatalf("not an umpire conform command: %q", args)
	}
	code, out, errs = runConform(t, args[2:]...)
	if code != exitFail || !strings.Contains(out, "FAIL  "+check) || !strings.Contains(out, "MUST inference/round.3.raise-cap") {
		t.Errorf("the reproduce command: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// TestReproduceCommandTarget: against a live target the command names the
// target, how the suite got its matches, the seats without their tokens
// and every flag that changes what the check does.
func TestReproduceCommandTarget(t *testing.T) {
	tg := &conform.Target{Game: "bangarena", URL: "http://user:pw@127.0.0.1:9/", Match: "r-1", Seats: map[int]string{2: "tok2", 0: "tok0"},
		DeadlineMS: 800, TableSize: 4, MCP: "no", SeatPolicy: "reask_then_random"}
	got := reproduceCommand(tg, conformRun{strict: true}, "bangarena: other seats' hands and hidden roles stay hidden")
	want := "umpire conform --game bangarena --target 'http://user:" + reports.Redacted + "@127.0.0.1:9/' --room r-1 --seat 0=TOKEN --seat 2=TOKEN --deadline-ms 800 --seats 4 --mcp no --seat-policy reask_then_random --strict --check 'bangarena: other seats'\\'' hands and hidden roles stay hidden'"
	if got != want {
		t.Errorf("have %s\nwant %s", got, want)
	}
	if strings.Contains(got, "tok0") || strings.Contains(got, "pw@") {
		t.Errorf("the command shows a secret: %s", got)
	}
	env, args := splitCommand(t, got)
	if len(env) != 0 || args[len(args)-1] != "bangarena: other seats' hands and hidden roles stay hidden" {
		t.Errorf("the check's name does not read back from %s: %q", got, args)
	}
}

// splitCommand reads a reproduce command as a POSIX shell would: leading
// NAME=VALUE words are the environment, single quotes group.
func splitCommand(t *testing.T, cmd string) (map[string]string, []string) {
	t.Helper()
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(cmd):
			i++
			cur.WriteByte(cmd[i])
			inWord = true
		case c == ' ':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unterminated quote in %q", cmd)
	}
	if inWord {
		words = append(words, cur.String())
	}
	env := map[string]string{}
	for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
		k, v, _ := strings.Cut(words[0], "=")
		env[k] = v
		words = words[1:]
	}
	return env, words
}
