package gamecli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/games"
	"github.com/umpire-arena/umpire/referee/rules"
)

// fakeWriter is a FindingWriter into a buffer.
type fakeWriter struct {
	b    bytes.Buffer
	json bool
}

func (w *fakeWriter) Printf(format string, args ...any) { fmt.Fprintf(&w.b, format, args...) }
func (w *fakeWriter) Finding(line int, at []string, f rules.Finding) {
	fmt.Fprintf(&w.b, "    line %d %v %s\n", line, at, f.Rule)
}
func (w *fakeWriter) NotKept(string, *rules.Cap) int { return 0 }
func (w *fakeWriter) JSON() bool                     { return w.json }

func at(round, line int, turn, seat *int) rules.Finding {
	return rules.Finding{Rule: fmt.Sprintf("r%d", line), Where: rules.Where{Round: round, Line: line, Turn: turn, Seat: seat}}
}

func TestPlaceAndVerdict(t *testing.T) {
	two, three := 2, 3
	for _, tc := range []struct {
		f     rules.Finding
		parts []string
		want  string
	}{
		{at(1, 5, &two, &three), []string{"turn", "seat"}, "[turn 2 seat 3]"},
		{at(1, 5, &two, &three), []string{"round", "seat"}, "[round 1 seat 3]"},
		{at(0, 5, nil, nil), []string{"round", "turn", "seat"}, "[]"},
	} {
		if got := fmt.Sprint(Place(tc.f, tc.parts...)); got != tc.want {
			t.Errorf("Place(%v) = %s, want %s", tc.parts, got, tc.want)
		}
	}
	for _, tc := range []struct {
		sum  games.VerifySummary
		want string
	}{
		{games.VerifySummary{}, "conforms"},
		{games.VerifySummary{Must: 1, SeedUnknown: true}, "does not conform"},
		{games.VerifySummary{SeedUnknown: true}, "not verified (seed unknown)"},
	} {
		if got := Verdict(tc.sum); got != tc.want {
			t.Errorf("Verdict(%+v) = %q, want %q", tc.sum, got, tc.want)
		}
	}
}

// TestPrintFindings: findings come out by section then line, a header
// where the section changes; without sections, by line alone.
func TestPrintFindings(t *testing.T) {
	fs := []rules.Finding{at(2, 30, nil, nil), at(0, 40, nil, nil), at(2, 10, nil, nil), at(1, 20, nil, nil)}
	section := func(f rules.Finding) (int, string) { return f.Where.Round, fmt.Sprintf("  s%d:", f.Where.Round) }
	none := func(rules.Finding) []string { return nil }
	for _, tc := range []struct {
		name    string
		section func(rules.Finding) (int, string)
		want    string
	}{
		{"sections", section, "log\n  s0:\n    line 40 [] r40\n  s1:\n    line 20 [] r20\n  s2:\n    line 10 [] r10\n    line 30 [] r30\n"},
		{"by line", nil, "log\n    line 10 [] r10\n    line 20 [] r20\n    line 30 [] r30\n    line 40 [] r40\n"},
	} {
		var w fakeWriter
		PrintFindings(&w, "log", append([]rules.Finding(nil), fs...), nil, tc.section, none)
		if w.b.String() != tc.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tc.name, w.b.String(), tc.want)
		}
	}
}

func TestTotalsAndSummary(t *testing.T) {
	tot := Totals([]games.VerifySummary{{Lines: 2, Units: 1, Must: 1, Rederived: 3}, {Lines: 5, Should: 2, Inconclusive: 1}})
	if tot.Lines != 7 || tot.Units != 1 || tot.Must != 1 || tot.Should != 2 || tot.Inconclusive != 1 || tot.Rederived != 3 {
		t.Errorf("Totals = %+v", tot)
	}
	for _, asJSON := range []bool{false, true} {
		w := fakeWriter{json: asJSON}
		PrintVerifySummary(&w, map[string]any{"files": 2}, "umpire verify: 2 file(s)")
		want := map[bool]string{false: "umpire verify: 2 file(s)\n", true: `{"summary":{"files":2}}` + "\n"}[asJSON]
		if w.b.String() != want {
			t.Errorf("json %v: %q, want %q", asJSON, w.b.String(), want)
		}
	}
}

// announced is an Announced for the test.
type announced struct {
	Seat   int `json:"seat"`
	faults []string
}

func (a announced) FaultsOn() []string    { return a.faults }
func (a announced) WriteText(w io.Writer) { fmt.Fprintf(w, "seat %d\n", a.Seat) }

func TestServeText(t *testing.T) {
	var b bytes.Buffer
	st := NewServeText(&b, "Game reference server (v1)")
	st.Row("URL", "%s", "http://h")
	st.Match("room", "r-1", "s", "4 seats", "deadline 1s")
	st.AdminToken("")
	st.AdminToken("tok")
	st.Scripted(map[string]string{"10": "b", "2": "a"})
	st.Close("The match starts.")
	want := `umpire serve: Game reference server (v1)
  URL       http://h
  room      r-1  (4 seats, deadline 1s, seed "s")
            admin token tok  (header Authorization: Bearer TOKEN)
  seat 2    scripted: a
  seat 10   scripted: b
The match starts.
Serving until interrupted (Ctrl-C).
`
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
	for _, tc := range []struct {
		format, faults, wantOut, wantErr string
	}{
		{"text", "", "seat 3\n", ""},
		{"json", "f1", `{"seat":3}` + "\n", "deliberate faults: f1"},
	} {
		var out, errb bytes.Buffer
		var info announced
		var faults []string
		if tc.faults != "" {
			faults = []string{tc.faults}
		}
		Announce(Env{Stdout: &out, Stderr: &errb}, tc.format, &info, func(string, string) announced { return announced{Seat: 3, faults: faults} })("h:1", "t")
		if out.String() != tc.wantOut || !strings.Contains(errb.String(), tc.wantErr) || (tc.wantErr == "") != (errb.Len() == 0) || info.Seat != 3 {
			t.Errorf("%s: out %q err %q info %+v", tc.format, out.String(), errb.String(), info)
		}
	}
}

func TestParseKindsAndLog(t *testing.T) {
	check := func(k string) error {
		if k != "random" && k != "heuristic" {
			return errors.New("unknown kind " + k)
		}
		return nil
	}
	for _, tc := range []struct {
		list, hint, wantErr string
		want                []string
	}{
		{list: " random, heuristic", want: []string{"random", "heuristic"}},
		{list: "random,nope", hint: "G knows random", wantErr: "--adversaries: unknown kind nope (G knows random)"},
		{list: "nope", wantErr: "--adversaries: unknown kind nope\n"},
	} {
		var errb bytes.Buffer
		got, ok := ParseKinds(Env{Stderr: &errb}, tc.list, check, tc.hint)
		if ok != (tc.wantErr == "") || fmt.Sprint(got) != fmt.Sprint(tc.want) || !strings.Contains(errb.String(), tc.wantErr) {
			t.Errorf("%q: %v %v, stderr %q", tc.list, got, ok, errb.String())
		}
	}
	dir, file := t.TempDir(), filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		list, logDir string
		code         int
	}{
		{"random", dir, ExitOK}, {"nope", dir, ExitUsage}, {"random", filepath.Join(file, "x"), ExitError},
	} {
		if _, code, ok := StartRun(Env{Stderr: io.Discard}, tc.list, tc.logDir, check, ""); code != tc.code || ok != (code == ExitOK) {
			t.Errorf("StartRun(%q, %q) = %d, %v; want %d", tc.list, tc.logDir, code, ok, tc.code)
		}
	}
	for _, d := range []string{"", dir} {
		err := WithLog(d, "m1", func(w io.Writer) error {
			if (w == nil) != (d == "") {
				t.Errorf("dir %q: writer %v", d, w)
			}
			if w != nil {
				_, _ = io.WriteString(w, "x\n")
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "m1.jsonl")); err != nil || string(b) != "x\n" {
		t.Errorf("log: %q, %v", b, err)
	}
	if err := WithLog(filepath.Join(dir, "missing"), "m", func(io.Writer) error { return nil }); err == nil {
		t.Error("a log in a folder that is not there: no error")
	}
	k := KindStats{Seats: 4, Wins: 1}
	k.Rate()
	if k.WinRate != 0.25 || PerSecond(3, 0) != 0 || PerSecond(3, 2) != 1.5 {
		t.Errorf("rates: %v %v %v", k.WinRate, PerSecond(3, 0), PerSecond(3, 2))
	}
}
