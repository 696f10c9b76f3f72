package legaldiff

import (
	"encoding/json"
	"slices"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

func raws(items ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(items))
	for i, s := range items {
		out[i] = json.RawMessage(s)
	}
	return out
}

func classes(l []Extra) []string {
	var out []string
	for _, x := range l {
		out = append(out, string(x.Class)+":"+x.Action)
	}
	return out
}

func texts(l []Difference) []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Text)
	}
	return out
}

func TestBangArena(t *testing.T) {
	derived := []ba.LegalAction{{ActionID: "end_play", Command: "end_play"}, {ActionID: "shot:c1:s2", Command: "play_shot", ArgsSchema: map[string]any{"target": float64(2)}}}
	tests := []struct {
		name      string
		und       []ba.Undecided
		given     []json.RawMessage
		missing   int
		extra     []string
		different int
		unchecked int
	}{
		{"equal", nil, raws(`{"actionId":"shot:c1:s2","command":"play_shot","argsSchema":{"target":2},"x":1}`, `{"actionId":"end_play","command":"end_play"}`), 0, nil, 0, 0},
		{"missing and extra", nil, raws(`{"actionId":"shot:c1:s2","command":"play_shot","argsSchema":{"target":2}}`, `{"actionId":"weapon:w9","command":"play_weapon"}`), 1, []string{"not-legal:weapon:w9"}, 0, 0},
		{"other command and args", nil, raws(`{"actionId":"shot:c1:s2","command":"play_miss","argsSchema":{"target":3}}`, `{"actionId":"end_play","command":"end_play"}`), 0, nil, 2, 0},
		{"repeated and unreadable", nil, raws(`{"actionId":"end_play","command":"end_play"}`, `{"actionId":"end_play","command":"end_play"}`, `{"command":"x"}`, `{"actionId":"shot:c1:s2","command":"play_shot","argsSchema":{"target":2}}`), 0, []string{"repeated:end_play", "unreadable:"}, 0, 0},
		{"undecided command", []ba.Undecided{{Command: "play_weapon", Reason: "r"}}, raws(`{"actionId":"weapon:w9","command":"play_weapon"}`, `{"actionId":"end_play","command":"end_play"}`, `{"actionId":"shot:c1:s2","command":"play_shot","argsSchema":{"target":2}}`), 0, nil, 0, 1},
		{"all undecided", []ba.Undecided{{Command: ba.AllUndecided, Reason: "r"}}, raws(`{"actionId":"a"}`, `"b"`), 0, nil, 0, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := BangArena(derived, tc.und, tc.given)
			if len(d.Missing) != tc.missing || !slices.Equal(classes(d.Extra), tc.extra) || len(d.Different) != tc.different || len(d.Unchecked) != tc.unchecked {
				t.Fatalf("missing %v, extra %v, different %q, unchecked %d; want %d, %v, %d, %d", d.Missing, classes(d.Extra), texts(d.Different), len(d.Unchecked), tc.missing, tc.extra, tc.different, tc.unchecked)
			}
		})
	}
}

func TestBangArenaDiscardPin(t *testing.T) {
	derived := []ba.LegalAction{{ActionID: "discard", Command: "discard", ArgsSchema: map[string]any{"cardUids": []any{"a", "b"}}}}
	same := BangArena(derived, nil, raws(`{"actionId":"discard","command":"discard","argsSchema":{"cardUids":["c","d"]}}`))
	if !same.Equal() || len(same.Pinned) != 1 {
		t.Errorf("other cards of the same count: equal %v, pinned %q; want equal with one pin", same.Equal(), same.Pinned)
	}
	other := BangArena(derived, nil, raws(`{"actionId":"discard","command":"discard","argsSchema":{"cardUids":["c"]}}`))
	if other.Equal() || len(other.Different) != 1 {
		t.Errorf("another count: equal %v, different %q; want one difference", other.Equal(), texts(other.Different))
	}
}
