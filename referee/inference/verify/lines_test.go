package verify

import (
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// TestLineChecks breaks the fixture's round 1 (lines 1–32, pinned below)
// one line at a time and checks the finding's rule and line.
func TestLineChecks(t *testing.T) {
	log, _ := golden(t)
	base := splitLines(log)
	pin := map[int]string{
		2:   `{"type":"round_start","round":1,"dealer":2,"ante":2,"dealt_in":[0,1,2,3,4,5]}`,
		9:   `{"type":"ante","round":1,"seat":3,"amount":2}`,
		15:  `{"type":"action","round":1,"turn":0,"seat":3,"action":"call","amount":0}`,
		19:  `{"type":"action","round":1,"turn":3,"seat":0,"action":"raise","amount":4}`,
		22:  `{"type":"action","round":1,"turn":5,"seat":2,"action":"call","amount":4}`,
		238: `{"type":"action","round":10,"turn":4,"seat":0,"action":"call","amount":3,"all_in":true}`,
		32:  `{"type":"showdown","round":1,"pot":100,"uncontested":false,"reveals":[{"seat":0,"value":46},{"seat":2,"value":91},{"seat":3,"value":38},{"seat":4,"value":37}],"winners":[2],"payouts":[{"seat":2,"amount":100}]}`,
	}
	for n, want := range pin {
		if base[n-1] != want {
			t.Fatalf("fixture line %d is %s; the fixture changed, update this test", n, base[n-1])
		}
	}
	edit := func(n int, old, new string) func([]string) []string {
		return func(ls []string) []string { ls[n-1] = strings.Replace(ls[n-1], old, new, 1); return ls }
	}
	add := func(n int, l string) func([]string) []string {
		return func(ls []string) []string { return insert(ls, n-1, l) }
	}
	tests := []struct {
		name string
		mut  func([]string) []string
		rule string
		line int
		in   string // a word of the message
	}{
		{"field of the wrong type", add(3, `{"type":"return","round":"1","seat":0}`), "inference/protocol.log-line", 3, `"round"`},
		{"missing field", add(3, `{"type":"return","round":1}`), "inference/protocol.log-line", 3, "seat"},
		{"unknown type", add(3, `{"type":"hello"}`), "inference/protocol.log-line", 3, "hello"},
		{"type not a string", add(3, `{"type":5}`), "inference/protocol.log-line", 3, "type"},
		{"no type", add(3, `{"round":1}`), "inference/protocol.log-line", 3, "type"},
		{"not an object", add(3, `[1,2]`), "inference/protocol.log-line", 3, "not an object"},
		{"bad reveals", edit(32, `{"seat":4,"value":37}`, `{"seat":4}`), "inference/protocol.log-line", 32, "reveals"},
		{"bad ranking", edit(len(base), `"rank":1,`, `"rank":"first",`), "inference/protocol.log-line", len(base), "ranking"},
		{"escaped keys read as plain", edit(15, `"amount":0`, `"amount":0,"\u0061mount":2`), "inference/round.3.call", 15, "call"},
		{"table too large", edit(1, `"table_size":6`, `"table_size":9`), "inference/table.size", 1, "table_size"},
		{"seats out of order", edit(1, `{"seat":0,"name":"pd"},{"seat":1,"name":"pc"}`, `{"seat":1,"name":"pc"},{"seat":0,"name":"pd"}`), "inference/log.seats", 1, "seat order"},
		{"seed commit not hex", edit(1, `"seed_commit":"`, `"seed_commit":"X`), "inference/protocol.seed-commit", 1, "SHA-256"},
		{"rules version", edit(1, `inference-0.4`, `inference-0.3`), "inference/protocol.log-fields", 1, "rules_version"},
		{"value range", edit(1, `"value_max":100`, `"value_max":99`), "inference/round.1.deal", 1, "1 to 100"},
		{"second match_start", add(2, base[0]), "inference/log.match-start-first", 2, "once"},
		{"dealt_in unsorted", edit(2, `[0,1,2,3,4,5]`, `[1,0,2,3,4,5]`), "inference/protocol.sorted", 2, "dealt_in"},
		{"round 0", edit(2, `"round":1`, `"round":0`), "inference/log.round-sequence", 2, "numbered"},
		{"dealer not a seat", edit(2, `"dealer":2`, `"dealer":7`), "inference/log.seats", 2, "dealer"},
		{"second deal line", add(4, `{"type":"deal_private","round":1,"seat":0,"value":46}`), "inference/log.deal-lines", 4, "second"},
		{"deal value out of range", edit(3, `"value":46`, `"value":0`), "inference/round.1.deal", 3, "1 to 100"},
		{"return of a seat that did not sit out", add(3, `{"type":"return","round":1,"seat":0}`), "inference/timeouts.back-in-round", 3, "not coming back"},
		{"ante too small", edit(9, `"amount":2`, `"amount":1`), "inference/round.2.ante", 9, "ante"},
		{"ante out of order", func(ls []string) []string { ls[8], ls[9] = ls[9], ls[8]; return ls }, "inference/protocol.log-order", 9, "dealer's left"},
		{"deal after antes", add(10, `{"type":"deal_private","round":1,"seat":0,"value":46}`), "inference/protocol.log-order", 10, "too late"},
		{"unknown action", edit(15, `"action":"call","amount":0`, `"action":"check"`), "inference/wire.move.action", 15, "fold, call or raise"},
		{"fold with an amount", edit(22, `"action":"call","amount":4`, `"action":"fold","amount":4`), "inference/protocol.log-fields", 22, "no amount"},
		{"call short", edit(22, `"amount":4`, `"amount":3`), "inference/round.3.call", 22, "owes"},
		{"raise uncovered", edit(238, `"action":"call","amount":3,"all_in":true`, `"action":"raise","amount":1,"all_in":true`), "inference/round.3.raise-covered", 238, "covered"},
		{"raise of zero", edit(19, `"amount":4`, `"amount":0`), "inference/round.3.raise-bounds", 19, "between"},
		{"all-in flag on a plain call", edit(22, `"amount":4}`, `"amount":4,"all_in":true}`), "inference/protocol.action-all-in", 22, "all_in"},
		{"timeout then an own action", edit(17, `,"timeout":true`, ``), "inference/log.timeout-before-action", 17, "flagged timeout"},
		{"two messages on one move", add(24, `{"type":"message","round":1,"turn":6,"seat":3,"text":"again"}`), "inference/log.message-before-action", 24, "at most one"},
		{"message on a timed-out turn", add(16, `{"type":"message","round":1,"turn":1,"seat":4,"text":"hi"}`), "inference/log.message-before-action", 16, "timed out"},
		{"reveals unsorted", edit(32, `{"seat":0,"value":46},{"seat":2,"value":91}`, `{"seat":2,"value":91},{"seat":0,"value":46}`), "inference/protocol.sorted", 32, "reveals"},
		// The rules document gives a showdown its reveals, winners, pot and
		// payouts; uncontested when false is WIRE.md's pin.
		{"showdown without payouts", edit(32, `,"payouts":[{"seat":2,"amount":100}]`, ``), "inference/wire.events.showdown", 32, "payouts"},
		{"showdown without pot", edit(32, `"pot":100,`, ``), "inference/wire.events.showdown", 32, "pot"},
		{"showdown without uncontested", edit(32, `"uncontested":false,`, ``), "inference/protocol.log-line", 32, "uncontested"},
		{"deal without its value", edit(3, `,"value":46`, ``), "inference/wire.events.objects", 3, "value"},
		{"winners wrong", edit(32, `"winners":[2]`, `"winners":[2,3]`), "inference/protocol.winners", 32, "winners"},
		{"pot wrong", edit(32, `"pot":100`, `"pot":101`), "inference/round.6.showdown", 32, "pot"},
		{"contest called uncontested", edit(32, `"uncontested":false`, `"uncontested":true`), "inference/round.6.showdown", 32, "contested"},
		{"contender not revealed", edit(32, `,{"seat":4,"value":37}`, ``), "inference/round.6.showdown", 32, "reveals every seat"},
		{"folded seat revealed", edit(32, `{"seat":0,"value":46},`, `{"seat":0,"value":46},{"seat":1,"value":5},`), "inference/visibility.no-peek", 32, "folded"},
		{"revealed value not dealt", edit(32, `{"seat":3,"value":38}`, `{"seat":3,"value":39}`), "inference/round.6.showdown", 32, "dealt"},
		{"bust twice", add(33, `{"type":"bust","round":1,"seat":1}`+"\n"+`{"type":"bust","round":1,"seat":1}`), "inference/round.2.bust", 33, "holds"},
		// Who places above whom is the document's; the numbering and the
		// order of the list are I-INF-8.
		{"ranking numbered from 0", edit(len(base), `"rank":1,"credits":206},{"seat":5,"rank":2,"credits":189},{"seat":4,"rank":3,"credits":25},{"seat":1,"rank":4,"credits":0},{"seat":2,"rank":5,"credits":0},{"seat":0,"rank":6,`, `"rank":0,"credits":206},{"seat":5,"rank":1,"credits":189},{"seat":4,"rank":2,"credits":25},{"seat":1,"rank":3,"credits":0},{"seat":2,"rank":4,"credits":0},{"seat":0,"rank":5,`), "inference/match.ranking-numbering", len(base), "competition"},
		{"ranking listed out of order", edit(len(base), `{"seat":3,"rank":1,"credits":206},{"seat":5,"rank":2,"credits":189}`, `{"seat":5,"rank":2,"credits":189},{"seat":3,"rank":1,"credits":206}`), "inference/match.ranking-numbering", len(base), "seat order"},
		{"ranking shares a place it should not", edit(len(base), `{"seat":5,"rank":2,"credits":189}`, `{"seat":5,"rank":1,"credits":189}`), "inference/match.ranking", len(base), "share a rank"},
		{"ranking places a busted seat above a live one", edit(len(base), `{"seat":4,"rank":3,"credits":25},{"seat":1,"rank":4,"credits":0}`, `{"seat":4,"rank":4,"credits":25},{"seat":1,"rank":3,"credits":0}`), "inference/match.ranking", len(base), "busted"},
		{"match_end with an unknown reason", edit(len(base), `"reason":"rounds_complete"`, `"reason":"bored"`), "inference/protocol.match-end", len(base), "reason"},
		{"match ends early", func(ls []string) []string { return append(ls[:32:32], ls[len(ls)-1]) }, "inference/log.round-sequence", 33, "last round"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			broken := tc.mut(append([]string(nil), base...))
			fs, _ := verifyAll(t, joinLines(broken), Options{File: "x.jsonl"})
			if len(fs) == 0 {
				t.Fatalf("no finding, want %s at line %d", tc.rule, tc.line)
			}
			f := fs[0]
			if f.Rule != tc.rule || (tc.line > 0 && f.Where.Line != tc.line) || !strings.Contains(f.Message, tc.in) {
				t.Errorf("first finding %s at line %d (%q), want %s at line %d mentioning %q; all:%s", f.Rule, f.Where.Line, f.Message, tc.rule, tc.line, tc.in, describe(fs))
			}
		})
	}
}

// TestOtherShapesOfUnusedFields: fields no check needs may have any shape
// (a server's choice where the pins are umpire's): match_start's match_id,
// deal and seat names, and fields of a server's own on every line. The
// log still verifies without a finding.
func TestOtherShapesOfUnusedFields(t *testing.T) {
	log, _ := golden(t)
	lines := splitLines(log)
	lines[0] = strings.Replace(lines[0], `"match_id":"m-golden-54"`, `"match_id":54,"deal":{"fn":"other"}`, 1)
	lines[0] = strings.Replace(lines[0], `{"seat":0,"name":"pd"}`, `{"seat":0,"name":{"display":"pd"}}`, 1)
	lines[0] = strings.Replace(lines[0], `"max_message_chars":280`, `"max_message_chars":280,"x_limit":[1,"a"]`, 1)
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimSuffix(lines[i], "}") + `,"x_server":{"at":1.5,"tags":[null]}}`
	}
	fs, _ := verifyAll(t, joinLines(lines), Options{})
	for _, f := range fs {
		if f.Level == "MUST" || f.Level == "SHOULD" {
			t.Errorf("finding %s: %s", f.Rule, f.Message)
		}
	}
}

// TestButtonOnASittingOutSeat: a log whose button moves onto a sitting-out
// seat, or over the seats live in the round before rather than the new one,
// reads "live" otherwise than umpire (I-INF-2): the button finding rests on
// that reading, so it is SHOULD unless strict; a button that jumps
// elsewhere rests on the rules themselves.
func TestButtonOnASittingOutSeat(t *testing.T) {
	log, _ := golden(t)
	cat := rules.Default()
	for _, tc := range []struct {
		name   string
		n      int    // the round_start line (1-based)
		prefix string // its start, unedited
		from   string
		dealer string
		basis  rules.Basis
	}{
		// Round 6: seat 1 sits out, the button skips it to seat 2.
		{"onto the sitting-out seat", 128, `{"type":"round_start","round":6,"dealer":2,`, `"dealer":2,`, `"dealer":1,`, rules.BasisReading},
		{"elsewhere", 128, `{"type":"round_start","round":6,"dealer":2,`, `"dealer":2,`, `"dealer":4,`, ""},
		// Round 15: seat 1 returns and is live in the new round, so the
		// button stops on it; seat 2 is the button over round 14's seats.
		{"over the old round's seats", 312, `{"type":"round_start","round":15,"dealer":1,`, `"dealer":1,`, `"dealer":2,`, rules.BasisReading},
		{"past the returning seat elsewhere", 312, `{"type":"round_start","round":15,"dealer":1,`, `"dealer":1,`, `"dealer":3,`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := splitLines(log)
			if !strings.HasPrefix(lines[tc.n-1], tc.prefix) {
				t.Fatalf("fixture line %d changed: %s", tc.n, lines[tc.n-1])
			}
			lines[tc.n-1] = strings.Replace(lines[tc.n-1], tc.from, tc.dealer, 1)
			fs, _ := verifyAll(t, joinLines(lines), Options{})
			found := false
			for _, f := range fs {
				if f.Rule != "inference/table.button" {
					continue
				}
				found = true
				if f.Basis != tc.basis || (tc.basis != "" && f.Ref != "I-INF-2") {
					t.Errorf("basis %q ref %q, want %q", f.Basis, f.Ref, tc.basis)
				}
				want := rules.Must
				if tc.basis == rules.BasisReading {
					want = rules.Should
				}
				if g := cat.Grade(f, false); g.Level != want {
					t.Errorf("graded %s, want %s", g.Level, want)
				}
				if g := cat.Grade(f, true); g.Level != rules.Must {
					t.Errorf("graded %s under --strict, want MUST", g.Level)
				}
			}
			if !found {
				t.Errorf("no table.button finding")
			}
		})
	}
}

// TestButtonOfOwnDeal: a round that deals in the wrong seats breaks the deal
// rule; a dealer right over the seats the log deals in is not a second
// finding under the button rule, a dealer wrong over both is (I-INF-V7).
func TestButtonOfOwnDeal(t *testing.T) {
	log, _ := golden(t)
	base := splitLines(log)
	const n = 33 // round 2: dealer 3, every seat dealt in
	if want := `{"type":"round_start","round":2,"dealer":3,"ante":2,"dealt_in":[0,1,2,3,4,5]}`; base[n-1] != want {
		t.Fatalf("fixture line %d is %s; the fixture changed, update this test", n, base[n-1])
	}
	for _, c := range []struct {
		name, line string
		button     bool
	}{
		{"dealer follows the wrong deal", `{"type":"round_start","round":2,"dealer":4,"ante":2,"dealt_in":[0,1,2,4,5]}`, false},
		{"dealer wrong over both", `{"type":"round_start","round":2,"dealer":5,"ante":2,"dealt_in":[0,1,2,4,5]}`, true},
		{"right deal, wrong dealer", `{"type":"round_start","round":2,"dealer":4,"ante":2,"dealt_in":[0,1,2,3,4,5]}`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ls := append([]string(nil), base...)
			ls[n-1] = c.line
			fs, _ := verifyAll(t, joinLines(ls), Options{})
			deal, button := false, false
			for _, f := range fs {
				if f.Where.Line == n && f.Rule == "inference/round.1.deal" {
					deal = true
				}
				if f.Where.Line == n && f.Rule == "inference/table.button" {
					button = true
				}
			}
			if wantDeal := !strings.Contains(c.line, "3,4"); deal != wantDeal {
				t.Errorf("round.1.deal at line %d: have %v, want %v (%s)", n, deal, wantDeal, describe(fs))
			}
			if button != c.button {
				t.Errorf("table.button at line %d: have %v, want %v (%s)", n, button, c.button, describe(fs))
			}
		})
	}
	// The seat left out is back in round 3 with or without a return line.
	for _, withReturn := range []bool{false, true} {
		ls := append([]string(nil), base...)
		ls[n-1] = `{"type":"round_start","round":2,"dealer":4,"ante":2,"dealt_in":[0,1,2,4,5]}`
		if withReturn {
			ls = insert(ls, 61, `{"type":"return","round":3,"seat":3}`)
		}
		fs, _ := verifyAll(t, joinLines(ls), Options{})
		for _, f := range fs {
			if f.Rule == "inference/timeouts.back-in-round" || strings.Contains(f.Message, "return line") {
				t.Errorf("return line %v: %s at line %d: %s", withReturn, f.Rule, f.Where.Line, f.Message)
			}
		}
	}
}
