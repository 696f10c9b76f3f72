package verify

import (
	"bytes"
	"fmt"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// TestEmptyRoundFlag: a showdown line not flagged uncontested is a finding
// of round.7.uncontested whether one seat or none was dealt in, but only the
// one-seat round rests on the document; a round nobody was dealt into is
// umpire's reading (I-INF-10), so its finding says so and is graded SHOULD
// unless strict.
func TestEmptyRoundFlag(t *testing.T) {
	// A log with both kinds of round (every seat times out, so seats sit
	// out together).
	var log []byte
	for i := range 60 {
		cfg := ref.DefaultConfig()
		cfg.TableSize, cfg.Rounds = 3, 30
		g := gen{cfg: cfg, seed: fmt.Sprintf("idle-%d", i), timeoutP: 0.9, flaky: -1}
		l, _ := g.play(t)
		if bytes.Contains(l, []byte(`"dealt_in":[]`)) && roundOfOne(l) >= 0 {
			log = l
			break
		}
	}
	if log == nil {
		t.Fatal("no seeded log has both a round nobody was dealt into and a round of one seat")
	}
	tests := []struct {
		name      string
		dealtIn   string // the round_start's dealt_in of the round edited
		wantBasis rules.Basis
	}{
		{"nobody dealt in", `"dealt_in":[]`, rules.BasisReading},
		{"one seat dealt in", "", ""},
	}
	cat := rules.Default()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := bytes.Split(bytes.TrimSpace(log), []byte("\n"))
			at := -1
			if tc.dealtIn != "" {
				at = firstWith(lines, []byte(tc.dealtIn))
			} else {
				at = roundOfOne(log)
			}
			sd := firstWith(lines[at:], []byte(`"type":"showdown"`)) + at
			if !bytes.Contains(lines[sd], []byte(`"uncontested":true`)) {
				t.Fatalf("line %d is not an uncontested showdown: %s", sd+1, lines[sd])
			}
			lines[sd] = bytes.Replace(lines[sd], []byte(`"uncontested":true`), []byte(`"uncontested":false`), 1)
			fs, _ := verifyAll(t, append(bytes.Join(lines, []byte("\n")), '\n'), Options{File: "edited"})
			if len(fs) != 1 || fs[0].Rule != "inference/round.7.uncontested" {
				t.Fatalf("findings:%s\nwant one of inference/round.7.uncontested", describe(fs))
			}
			if fs[0].Basis != tc.wantBasis {
				t.Fatalf("basis %q, want %q: %v", fs[0].Basis, tc.wantBasis, fs[0])
			}
			wantLevel := rules.Must
			if tc.wantBasis == rules.BasisReading {
				wantLevel = rules.Should
			}
			if got := cat.Grade(fs[0], false).Level; got != wantLevel {
				t.Errorf("graded %s, want %s", got, wantLevel)
			}
			if got := cat.Grade(fs[0], true).Level; got != rules.Must {
				t.Errorf("graded %s under --strict, want MUST", got)
			}
		})
	}
}

// firstWith returns the index of the first line holding s, or -1.
func firstWith(lines [][]byte, s []byte) int {
	for i, l := range lines {
		if bytes.Contains(l, s) {
			return i
		}
	}
	return -1
}

// roundOfOne returns the index of the first round_start line with exactly
// one seat dealt in, or -1.
func roundOfOne(log []byte) int {
	for i, l := range bytes.Split(bytes.TrimSpace(log), []byte("\n")) {
		if k := bytes.Index(l, []byte(`"dealt_in":[`)); k >= 0 {
			rest := l[k+len(`"dealt_in":[`):]
			if end := bytes.IndexByte(rest, ']'); end > 0 && !bytes.Contains(rest[:end], []byte(",")) {
				return i
			}
		}
	}
	return -1
}
