package verify

import (
	"strings"
	"testing"
)

// TestSystematicBugs: a log broken the same way at every occurrence gives
// one finding per occurrence, all citing the rule, and nothing else (the
// verifier resynchronises after each).
func TestSystematicBugs(t *testing.T) {
	log, _ := golden(t)
	tests := []struct {
		name string
		rule string
		// edit returns the changed line and whether it changed.
		edit func(l string) (string, bool)
	}{
		{"action all_in never flagged", "inference/protocol.action-all-in", func(l string) (string, bool) {
			if strings.Contains(l, `"type":"action"`) && strings.Contains(l, `,"all_in":true`) {
				return strings.Replace(l, `,"all_in":true`, "", 1), true
			}
			return l, false
		}},
		{"ante all_in never flagged", "inference/wire.events.ante-all-in", func(l string) (string, bool) {
			if strings.Contains(l, `"type":"ante"`) && strings.Contains(l, `,"all_in":true`) {
				return strings.Replace(l, `,"all_in":true`, "", 1), true
			}
			return l, false
		}},
		{"timeout lines never written (actions still flagged)", "inference/log.timeout-before-action", func(l string) (string, bool) {
			if strings.Contains(l, `"type":"timeout"`) {
				return "", true
			}
			return l, false
		}},
		{"return lines never written", "inference/protocol.log-order", func(l string) (string, bool) {
			if strings.Contains(l, `"type":"return"`) {
				return "", true
			}
			return l, false
		}},
		{"folds carry an amount", "inference/protocol.log-fields", func(l string) (string, bool) {
			if strings.Contains(l, `"action":"fold"`) {
				return strings.Replace(l, `"action":"fold"`, `"action":"fold","amount":0`, 1), true
			}
			return l, false
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out []string
			changed := 0
			for _, l := range splitLines(log) {
				nl, ok := tc.edit(l)
				if ok {
					changed++
				}
				if nl != "" {
					out = append(out, nl)
				}
			}
			if changed < 2 {
				t.Fatalf("the fixture has %d occurrence(s); the test needs several", changed)
			}
			fs, _ := verifyAll(t, joinLines(out), Options{})
			if len(fs) != changed {
				t.Errorf("%d findings for %d occurrences:%s", len(fs), changed, describe(fs))
			}
			for _, f := range fs {
				if f.Rule != tc.rule {
					t.Errorf("finding %s at line %d, want only %s", f.Rule, f.Where.Line, tc.rule)
				}
			}
		})
	}
}

// TestSystematicPerRound: a bug repeated in every round gives one finding
// per round it touches.
func TestSystematicPerRound(t *testing.T) {
	log, _ := golden(t)
	tests := []struct {
		name      string
		rule      string
		transform func(lines []string) (out []string, rounds int)
	}{
		{"turns counted from 1", "inference/log.turn-sequence", func(lines []string) ([]string, int) {
			rounds := map[int]bool{}
			for i := range lines {
				e := ev(t, lines, i)
				switch e.Type {
				case "action", "message", "timeout":
					e.Turn++
					put(lines, i, e)
					rounds[e.Round] = true
				}
			}
			return lines, len(rounds)
		}},
		{"the dealer antes first", "inference/protocol.log-order", func(lines []string) ([]string, int) {
			n := 0
			for i := 0; i < len(lines); i++ {
				// Move each round's last ante line (the dealer's) first.
				if ev(t, lines, i).Type != "ante" {
					continue
				}
				j := i
				for j+1 < len(lines) && ev(t, lines, j+1).Type == "ante" {
					j++
				}
				if j > i {
					last := lines[j]
					copy(lines[i+1:j+1], lines[i:j])
					lines[i] = last
					n++
				}
				i = j
			}
			return lines, n
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, want := tc.transform(splitLines(log))
			fs, _ := verifyAll(t, joinLines(out), Options{})
			if len(fs) != want {
				t.Errorf("%d findings for %d rounds:%s", len(fs), want, describe(fs[:min(len(fs), 12)]))
			}
			for _, f := range fs {
				if f.Rule != tc.rule {
					t.Errorf("finding %s at line %d, want only %s", f.Rule, f.Where.Line, tc.rule)
					break
				}
			}
		})
	}
}
