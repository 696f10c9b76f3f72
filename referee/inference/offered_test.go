package inference

import "testing"

// TestNotOffered: the one judge of an agent's answer against its list
// (inference/agent.legal-answer), as certification and the proxy use it.
func TestNotOffered(t *testing.T) {
	legal := []LegalAction{{Action: ActionFold}, {Action: ActionCall, Amount: 2}, {Action: ActionRaise, Min: 1, Max: 10}}
	amt := func(n int) *int { return &n }
	tests := []struct {
		name   string
		action string
		amount *int
		ok     bool
	}{
		{"fold", ActionFold, nil, true},
		{"call", ActionCall, nil, true},
		{"call with an amount", ActionCall, amt(99), true},
		{"raise in bounds", ActionRaise, amt(10), true},
		{"raise too big", ActionRaise, amt(11), false},
		{"raise too small", ActionRaise, amt(0), false},
		{"raise without amount", ActionRaise, nil, false},
		{"unknown action", "check", nil, false},
		{"no action", "", nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if why := NotOffered(legal, tc.action, tc.amount); (why == "") != tc.ok {
				t.Errorf("NotOffered: have %q, want ok=%v", why, tc.ok)
			}
		})
	}
	if why := NotOffered(legal[:2], ActionRaise, amt(3)); why == "" {
		t.Error("a raise judged legal where none is offered")
	}
}
