package inference

import (
	"encoding/json"
	"fmt"
	"github.com/umpire-arena/umpire/referee/internal/jsonw"
	"strings"
	"testing"
)

// TestLogGolden scripts a short match and compares the whole log with the
// WIRE.md format line by line (inference/protocol.log-fields,
// inference/wire.events.showdown, inference/protocol.sorted).
func TestLogGolden(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TableSize, cfg.Rounds = 3, 2
	log := &LogBuffer{}
	s, err := NewState(cfg, Setup{MatchID: "m-1", Seed: "golden", Names: []string{"ann", "<bo>", "cy"}, FirstDealer: 2}, log)
	if err != nil {
		t.Fatal(err)
	}
	start(t, s, 41, 88, 88)
	if err := s.Apply(0, Move{Action: ActionRaise, Amount: 5, Message: "I like my odds."}); err != nil {
		t.Fatal(err)
	}
	act(t, s, 1, ActionCall, 0)
	act(t, s, 2, ActionCall, 0)
	start(t, s, 7, 8, 9)
	act(t, s, 1, ActionFold, 0)
	act(t, s, 2, ActionFold, 0)
	want := `{"type":"match_start","match_id":"m-1","rules_version":"inference-0.4","table_size":3,"rounds_total":2,"starting_credits":100,"seats":[{"seat":0,"name":"ann"},{"seat":1,"name":"\u003cbo\u003e"},{"seat":2,"name":"cy"}],"limits":{"ante":2,"ante_ramp":{"from_round":21,"every_rounds":10,"step":1},"min_raise":1,"max_raise":10,"max_raises_per_round":3,"value_min":1,"value_max":100,"turn_deadline_ms":10000,"max_consecutive_timeouts":3,"sit_out_rounds":5,"max_message_chars":280},"seed_commit":"` + SeedCommit("golden") + `"}
{"type":"round_start","round":1,"dealer":2,"ante":2,"dealt_in":[0,1,2]}
{"type":"deal_private","round":1,"seat":0,"value":41}
{"type":"deal_private","round":1,"seat":1,"value":88}
{"type":"deal_private","round":1,"seat":2,"value":88}
{"type":"ante","round":1,"seat":0,"amount":2}
{"type":"ante","round":1,"seat":1,"amount":2}
{"type":"ante","round":1,"seat":2,"amount":2}
{"type":"message","round":1,"turn":0,"seat":0,"text":"I like my odds."}
{"type":"action","round":1,"turn":0,"seat":0,"action":"raise","amount":5}
{"type":"action","round":1,"turn":1,"seat":1,"action":"call","amount":5}
{"type":"action","round":1,"turn":2,"seat":2,"action":"call","amount":5}
{"type":"showdown","round":1,"pot":21,"uncontested":false,"reveals":[{"seat":0,"value":41},{"seat":1,"value":88},{"seat":2,"value":88}],"winners":[1,2],"payouts":[{"seat":1,"amount":11},{"seat":2,"amount":10}]}
{"type":"round_start","round":2,"dealer":0,"ante":2,"dealt_in":[0,1,2]}
{"type":"deal_private","round":2,"seat":0,"value":7}
{"type":"deal_private","round":2,"seat":1,"value":8}
{"type":"deal_private","round":2,"seat":2,"value":9}
{"type":"ante","round":2,"seat":1,"amount":2}
{"type":"ante","round":2,"seat":2,"amount":2}
{"type":"ante","round":2,"seat":0,"amount":2}
{"type":"action","round":2,"turn":0,"seat":1,"action":"fold"}
{"type":"action","round":2,"turn":1,"seat":2,"action":"fold"}
{"type":"showdown","round":2,"pot":6,"uncontested":true,"reveals":[],"winners":[0],"payouts":[{"seat":0,"amount":6}]}
{"type":"match_end","round":2,"reason":"rounds_complete","seed":"golden","ranking":[{"seat":1,"rank":1,"credits":102},{"seat":2,"rank":2,"credits":101},{"seat":0,"rank":3,"credits":97}]}
`
	for _, id := range []string{"inference/protocol.log-fields", "inference/wire.events.showdown", "inference/protocol.sorted"} {
		t.Run(id, func(t *testing.T) {
			got, exp := lines(log), strings.Split(strings.TrimSpace(want), "\n")
			for i := range max(len(got), len(exp)) {
				var g, w string
				if i < len(got) {
					g = got[i]
				}
				if i < len(exp) {
					w = exp[i]
				}
				if g != w {
					t.Fatalf("line %d:\nhave %s\nwant %s", i+1, g, w)
				}
			}
		})
	}
	t.Run("public log", func(t *testing.T) {
		pub := &LogBuffer{Public: true}
		s.SetSink(pub)
		ev := Event{Type: EventDealPrivate, Round: 1, Seat: 0, Value: 5}
		pub.Emit(&ev)
		if len(pub.Buf) != 0 {
			t.Fatalf("public log kept %s", pub.Buf)
		}
	})
}

// TestEventObjects: a long random match emits every object type of the
// log, each parses back and re-encodes identically (inference/wire.events.objects).
func TestEventObjects(t *testing.T) {
	t.Run("inference/wire.events.objects", func(t *testing.T) {
		cfg := DefaultConfig()
		cfg.StartingCredits = 20
		seen := map[string]bool{}
		for i := 0; i < 40 && len(seen) < 11; i++ {
			log := playRandom(t, cfg, "objects-"+string(rune('a'+i)), 0.3, false)
			for _, l := range strings.Split(strings.TrimSpace(string(log)), "\n") {
				e, err := ParseEvent([]byte(l))
				if err != nil {
					t.Fatal(err)
				}
				seen[e.Type] = true
				if got := string(e.AppendJSON(nil)); got != l {
					t.Fatalf("have %s\nwant %s", got, l)
				}
				if b, _ := json.Marshal(e); string(b) != l {
					t.Fatalf("MarshalJSON %s", b)
				}
			}
		}
		for _, typ := range []string{EventMatchStart, EventRoundStart, EventDealPrivate, EventAnte, EventMessage, EventAction, EventTimeout, EventShowdown, EventBust, EventReturn, EventMatchEnd} {
			if !seen[typ] {
				t.Errorf("no %s line in 40 random matches", typ)
			}
		}
	})
}

func TestParseEventErrors(t *testing.T) {
	tests := []struct{ name, line string }{
		{"empty", ``},
		{"not an object", `[1,2]`},
		{"broken json", `{"type":"ante",`},
		{"no type", `{"round":1}`},
		{"unknown type", `{"type":"deal","round":1}`},
		{"ante without amount", `{"type":"ante","round":1,"seat":0}`},
		{"call without amount", `{"type":"action","round":1,"turn":0,"seat":0,"action":"call"}`},
		{"sit_out without back_in_round", `{"type":"timeout","round":1,"turn":0,"seat":0,"strikes":3,"sit_out":true}`},
		{"showdown without payouts", `{"type":"showdown","round":1,"pot":2,"uncontested":true,"reveals":[],"winners":[0]}`},
		{"wrong type of field", `{"type":"bust","round":"1","seat":0}`},
	}
	for _, tc := range tests {
		t.Run("inference/protocol.log-line/"+tc.name, func(t *testing.T) {
			_, err := ParseEvent([]byte(tc.line))
			wantRule(t, err, "inference/protocol.log-line")
		})
	}
	// Unknown extra fields are allowed.
	if _, err := ParseEvent([]byte(`{"type":"bust","round":3,"seat":1,"extra":true}`)); err != nil {
		t.Fatal(err)
	}
}

// FuzzParseEvent: the log-line parser never panics, and what it accepts
// re-encodes to a line it accepts again with the same content.
func FuzzParseEvent(f *testing.F) {
	f.Add([]byte(`{"type":"showdown","round":1,"pot":23,"uncontested":false,"reveals":[{"seat":0,"value":88}],"winners":[0],"payouts":[{"seat":0,"amount":23}]}`))
	f.Add([]byte(`{"type":"message","round":1,"turn":0,"seat":4,"text":"I like \u2028 my odds."}`))
	f.Add([]byte(`{"type":"timeout","round":3,"turn":1,"seat":1,"strikes":3,"sit_out":true,"back_in_round":9}`))
	f.Add([]byte(`{"type":"match_start","match_id":"m","rules_version":"inference-0.4","table_size":3,"rounds_total":1,"starting_credits":1,"seats":[],"limits":{},"seed_commit":""}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		e, err := ParseEvent(line)
		if err != nil {
			if RuleOfForTest(err) != "inference/protocol.log-line" {
				t.Fatalf("error without the rule: %v", err)
			}
			return
		}
		again, err := ParseEvent(e.AppendJSON(nil))
		if err != nil {
			t.Fatalf("re-encoded line rejected: %v", err)
		}
		if string(again.AppendJSON(nil)) != string(e.AppendJSON(nil)) {
			t.Fatalf("re-encoding is not stable")
		}
	})
}

func TestAppendInt(t *testing.T) {
	for _, v := range []int{0, 9, 10, 99, 100, 999, 1000, -1, -100, 1 << 40} {
		if got, want := string(appendInt(nil, v)), fmt.Sprint(v); got != want {
			t.Errorf("appendInt(%d) = %s", v, got)
		}
	}
}

// TestAppendStringMatchesEncodingJSON: player text is escaped exactly as
// encoding/json does it (HTML characters, controls, U+2028/2029, invalid
// UTF-8).
func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", `"quoted" \ back`, "<script>&amp;</script>", "tab\tnl\ncr\r\x00\x1f\x7f", "line\u2028sep\u2029", "bad \xff\xfe utf8", "émoji 🂡", "\u202egnp.exe"} {
		want, _ := json.Marshal(s)
		if got := jsonw.AppendString(nil, s); string(got) != string(want) {
			t.Errorf("jsonw.AppendString(%q) = %s, want %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("I like my odds.")
	f.Add("\xff<\u2028>")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := jsonw.AppendString(nil, s); string(got) != string(want) {
			t.Fatalf("jsonw.AppendString(%q) = %s, want %s", s, got, want)
		}
	})
}

func TestNewStateErrors(t *testing.T) {
	cfg := DefaultConfig()
	cfg.TableSize = 3
	_, err := NewState(cfg, Setup{Names: []string{"a", "b"}}, nil)
	wantRule(t, err, "inference/table.size")
	_, err = NewState(cfg, Setup{Names: []string{"a", "b", "c"}, FirstDealer: 3}, nil)
	wantRule(t, err, "inference/table.button")
	bad := cfg
	bad.Rounds = 0
	_, err = NewState(bad, Setup{Names: []string{"a", "b", "c"}}, nil)
	wantRule(t, err, "inference/match.rounds")
	_, err = NewMatch(cfg, "m", "s", []string{"a"}, nil)
	wantRule(t, err, "inference/table.size")
	_, err = NewMatch(bad, "m", "s", []string{"a", "b", "c"}, nil)
	wantRule(t, err, "inference/match.rounds")

	s, _ := NewState(cfg, Setup{Names: []string{"a", "b", "c"}}, nil)
	wantRule(t, s.StartRound([]int{1, 2}), "inference/round.1.deal")
	wantRule(t, s.StartRound([]int{1, 2, 101}), "inference/round.1.deal")
	wantRule(t, s.Reveal([]int{1, 2, 3}), "inference/round.6.showdown")
	wantRule(t, s.Timeout(), "inference/timeouts.default-action")
	if err := s.StartRound(nil); err != nil {
		t.Fatal(err)
	}
	wantRule(t, s.StartRound(nil), "inference/protocol.log-order")
	for s.Phase() == PhaseBetting {
		act(t, s, s.ToAct(), ActionCall, 0)
	}
	if s.Phase() != PhaseShowdown {
		t.Fatalf("phase %s, want showdown (values unknown)", s.Phase())
	}
	wantRule(t, s.Reveal([]int{1, 2}), "inference/round.6.showdown")
	wantRule(t, s.Reveal([]int{1, 0, 3}), "inference/round.6.showdown")
	wantRule(t, s.Apply(0, Move{Action: ActionCall}), "inference/illegal.not-your-turn")
	if err := s.Reveal([]int{1, 5, 3}); err != nil {
		t.Fatal(err)
	}
	if got := s.LastOutcome().Winners; len(got) != 1 || got[0] != 1 {
		t.Fatalf("winners %v, want [1]", got)
	}
	for _, p := range []Phase{PhaseReady, PhaseBetting, PhaseShowdown, PhaseOver, Phase(9)} {
		if p.String() == "" {
			t.Fatal("empty phase name")
		}
	}
}
