package judge

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// readLines reads a log of the verifier's test data.
func readLines(t *testing.T, name string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "verify", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Split(bytes.TrimSpace(b), []byte("\n"))
}

// seatsOf are the streams the seats held would have been shown of a
// log: every line but the deal_private lines and match_end as events,
// each seat's own deal_private where the log has it, match_end as the
// closing message.
func seatsOf(lines [][]byte, held ...int) []SeatStream {
	var out []SeatStream
	for _, s := range held {
		st := SeatStream{Seat: s}
		for _, l := range lines {
			ev := wire.ReadEvent(l)
			switch {
			case ev.Type == ref.EventMatchEnd:
				st.End = l
			case ev.Type == ref.EventDealPrivate:
				if ev.Seat != nil && *ev.Seat == s {
					st.Events = append(st.Events, l)
				}
			default:
				st.Events = append(st.Events, l)
			}
		}
		out = append(out, st)
	}
	return out
}

var allSix = []int{0, 1, 2, 3, 4, 5}

// verdictRules are the rules of a verdict's findings at a level, sorted.
func verdictRules(fs []rules.Finding, level rules.Level) []string {
	var out []string
	for _, f := range fs {
		if f.Level == level && !slices.Contains(out, f.Rule) {
			out = append(out, f.Rule)
		}
	}
	slices.Sort(out)
	return out
}

// TestGatherSeatsOnly: every seat's stream, with no log, merges into the
// full log line for line (each seat's deal_private fills the others'
// blanks), and the judge finds nothing and judges the deal.
func TestGatherSeatsOnly(t *testing.T) {
	full := readLines(t, "full.jsonl")
	// The seats in another order than the seats': the merge sorts them.
	seats := seatsOf(full, 3, 1, 0, 5, 2, 4)
	rec := Gather(Sources{Seats: seats})
	if rec.FromLog || len(rec.Unknown) != 0 || len(rec.Notes) != 0 {
		t.Fatalf("FromLog %v, Unknown %v, Notes %v", rec.FromLog, rec.Unknown, rec.Notes)
	}
	if len(rec.Lines) != len(full) {
		t.Fatalf("%d lines, want %d", len(rec.Lines), len(full))
	}
	for i := range full {
		if !bytes.Equal(rec.Lines[i], full[i]) {
			t.Fatalf("line %d: %s, want %s", i+1, rec.Lines[i], full[i])
		}
	}
	v := Judge(rec, Options{Name: "seats"})
	if len(v.Findings) != 0 {
		t.Fatalf("findings on a good match: %v", v.Findings)
	}
	for _, id := range []string{"inference/round.1.deal", "inference/round.6.showdown", "inference/round.6.odd-chips", "inference/round.2.ante"} {
		if v.Summary.Evaluated[id] == 0 {
			t.Errorf("%s not judged from the seats", id)
		}
	}
	for id := range v.Summary.Evaluated {
		if r, ok := rules.Default().Lookup(id); ok && r.Observable == rules.LogOnly {
			t.Errorf("%s counted from the seats, though only a log file shows it", id)
		}
	}
}

// TestGatherUnknownInconclusive: a seat not handed over leaves its values
// unknown; the rounds it was dealt in are judged as public ones (the deal
// inconclusive, saying why), never reported.
func TestGatherUnknownInconclusive(t *testing.T) {
	full := readLines(t, "full.jsonl")
	rec := Gather(Sources{Seats: seatsOf(full, 0, 1, 2, 3, 5)})
	if len(rec.Unknown) == 0 || !strings.Contains(rec.Unknown[0], "seats [4]") {
		t.Fatalf("Unknown %v, want the rounds of seat 4's values", rec.Unknown)
	}
	v := Judge(rec, Options{Name: "five seats"})
	if len(v.Findings) != 0 {
		t.Fatalf("findings from an unknown: %v", v.Findings)
	}
	if !v.Summary.Public || v.Summary.InconclusiveByRule["inference/round.1.deal"] == 0 {
		t.Fatalf("public %v, inconclusive %v: want the deal inconclusive", v.Summary.Public, v.Summary.InconclusiveByRule)
	}
}

// TestGatherPublicLogFilled: a public log is filled in with the seats'
// deal_private events, one seat's filling the others' blanks, into the
// full log.
func TestGatherPublicLogFilled(t *testing.T) {
	full, public := readLines(t, "full.jsonl"), readLines(t, "public.jsonl")
	rec := Gather(Sources{Log: public, Seats: seatsOf(full, allSix...)})
	if !rec.FromLog || rec.Filled != len(full)-len(public) || len(rec.Lines) != len(full) {
		t.Fatalf("FromLog %v, filled %d, %d lines; want a log filled with %d lines", rec.FromLog, rec.Filled, len(rec.Lines), len(full)-len(public))
	}
	v := Judge(rec, Options{})
	if len(v.Findings) != 0 || v.Summary.Public || v.Summary.Evaluated["inference/round.1.deal"] == 0 {
		t.Fatalf("public %v, findings %v, deal judged %d times", v.Summary.Public, v.Findings, v.Summary.Evaluated["inference/round.1.deal"])
	}
	// The deal_private lines are the judge's: the log is not credited
	// with them.
	if n := v.Summary.Evaluated["inference/log.deal-lines"]; n != 0 {
		t.Fatalf("log.deal-lines evaluated %d times on the lines the seats filled in", n)
	}
	// Without the seats, the public log stays public.
	if v := Judge(FromLog(public), Options{}); !v.Summary.Public {
		t.Fatal("a public log alone judged as a full one")
	}
}

// TestJudgeSameFindings: every mutation of the verifier's test data
// breaks, from the seats' streams alone, the same live rules the verifier
// reports from the log (one implementation of each rule), and the log
// alone keeps the verifier's exact findings.
func TestJudgeSameFindings(t *testing.T) {
	dir := filepath.Join("..", "verify", "testdata", "mutations")
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no mutations: %v", err)
	}
	lo := logOnlyRules()
	for _, path := range names {
		name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		t.Run(name, func(t *testing.T) {
			lines := readLines(t, filepath.Join("mutations", name+".jsonl"))
			vr := verify.NewInference(verify.Options{File: name})
			var want []rules.Finding
			for i, l := range lines {
				want = append(want, vr.Line(i+1, l)...)
			}
			want = append(want, vr.FinishFindings()...)
			got := Judge(FromLog(lines), Options{Name: name})
			if len(got.Findings) != len(want) {
				t.Fatalf("from the log: %d findings, verify has %d", len(got.Findings), len(want))
			}
			for i := range want {
				if got.Findings[i].String() != want[i].String() || got.Findings[i].Where.Line != want[i].Where.Line {
					t.Fatalf("from the log: finding %d is %s, verify's %s", i, got.Findings[i], want[i])
				}
			}
			// From the seats: a mutation of the deal_private lines (a
			// log's own form) shows no seat anything else.
			var live []rules.Finding
			for _, f := range want {
				if !lo(f.Rule) {
					live = append(live, f)
				}
			}
			if len(live) == 0 {
				t.Skip("a mutation of the log's own form")
			}
			seats := Judged(t, lines)
			if a, b := verdictRules(seats.Findings, rules.Must), verdictRules(live, rules.Must); !slices.Equal(a, b) && !touchesDeals(name) {
				t.Errorf("from the seats: MUST %v, from the log %v", a, b)
			}
		})
	}
}

// Judged judges the seats' streams of a log, every seat held.
func Judged(t *testing.T, lines [][]byte) Verdict {
	t.Helper()
	return Gathered(Sources{Seats: seatsOf(lines, allSix...)}, Options{Name: "seats"})
}

// touchesDeals reports whether a mutation moves or drops deal_private
// lines: the seats then show a deal the log does not (or the judge places
// them where the log's order wants them).
func touchesDeals(name string) bool { return strings.Contains(name, "deal") }

// TestJudgeFailsAndPasses: a fixture the judge must fail from the seats
// alone (a payout to the wrong seat), and its good twin it must pass.
func TestJudgeFailsAndPasses(t *testing.T) {
	full := readLines(t, "full.jsonl")
	if v := Judged(t, full); len(v.Findings) != 0 {
		t.Fatalf("good match: %v", v.Findings)
	}
	bad := slices.Clone(full)
	for i, l := range bad {
		// The first round's ante lines: one undercharged.
		if ev := wire.ReadEvent(l); ev.Type == ref.EventAnte && ev.Round == 1 {
			bad[i] = bytes.Replace(l, []byte(`"amount":2`), []byte(`"amount":1`), 1)
			break
		}
	}
	v := Judged(t, bad)
	if !slices.Contains(verdictRules(v.Findings, rules.Must), "inference/round.2.ante") {
		t.Fatalf("an undercharged ante not charged to its rule: %v", v.Findings)
	}
}

// TestJudgeSeatsNotLogForm: a list out of seat order on a live event is
// no finding from the seats (the sort order is the log file's pin), but
// is from a log.
func TestJudgeSeatsNotLogForm(t *testing.T) {
	full := slices.Clone(readLines(t, "full.jsonl"))
	full[1] = bytes.Replace(full[1], []byte(`"dealt_in":[0,1,`), []byte(`"dealt_in":[1,0,`), 1)
	if v := Judged(t, full); len(v.Findings) != 0 {
		t.Fatalf("from the seats: %v", v.Findings)
	}
	if v := Judge(FromLog(full), Options{}); !slices.Contains(append(verdictRules(v.Findings, rules.Should), verdictRules(v.Findings, rules.Must)...), "inference/protocol.sorted") {
		t.Fatalf("from the log: %v, want the log's field set", v.Findings)
	}
}

// TestGatherSeatsDisagree: seats shown different public events are noted,
// and the record follows the seat shown the most.
func TestGatherSeatsDisagree(t *testing.T) {
	full := readLines(t, "full.jsonl")
	seats := seatsOf(full, allSix...)
	seats[2].Events = slices.Clone(seats[2].Events)
	seats[2].Events[3] = []byte(`{"type":"ante","round":1,"seat":9,"amount":2}`)
	rec := Gather(Sources{Seats: seats})
	if len(rec.Notes) != 1 || !strings.Contains(rec.Notes[0], "seat 2's public event 3") {
		t.Fatalf("notes %v", rec.Notes)
	}
	if len(rec.Lines) != len(full) {
		t.Fatalf("%d lines, want %d", len(rec.Lines), len(full))
	}
}
