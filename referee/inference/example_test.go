package inference_test

import (
	"encoding/json"
	"fmt"

	"github.com/umpire-arena/umpire/referee/inference"
)

// A seeded match: seats, dealer and values come from the seed; moves are
// applied for the seat to act and every step lands in the log.
func ExampleNewMatch() {
	cfg := inference.DefaultConfig()
	cfg.TableSize, cfg.Rounds = 3, 1
	log := &inference.LogBuffer{Public: true}
	m, err := inference.NewMatch(cfg, "m-1", "example", []string{"ann", "bo", "cy"}, log)
	if err != nil {
		panic(err)
	}
	for m.Phase() != inference.PhaseOver {
		legal := m.Legal(nil)
		fmt.Printf("seat %d may %v\n", m.ToAct(), legal)
		if err := m.Apply(m.ToAct(), inference.Move{Action: inference.ActionCall}); err != nil {
			panic(err)
		}
	}
	fmt.Println(m.EndReason(), len(m.Ranking()))
	// Illegal moves are typed rejections naming the rule.
	fmt.Println(m.Apply(0, inference.Move{Action: inference.ActionCall}))
	// Output:
	// seat 2 may [{fold 0 0 0} {call 0 0 0} {raise 0 1 10}]
	// seat 0 may [{fold 0 0 0} {call 0 0 0} {raise 0 1 10}]
	// seat 1 may [{fold 0 0 0} {call 0 0 0} {raise 0 1 10}]
	// rounds_complete 3
	// inference/illegal.match-over: the match is over
}

// A State takes the dealt values from outside (a verifier replaying a log);
// unknown values (0) are supplied at showdown with Reveal.
func ExampleState_Reveal() {
	cfg := inference.DefaultConfig()
	cfg.TableSize = 3
	s, _ := inference.NewState(cfg, inference.Setup{MatchID: "m", Names: []string{"a", "b", "c"}, FirstDealer: 2}, nil)
	_ = s.StartRound(nil) // a public log: values unknown
	_ = s.Apply(0, inference.Move{Action: inference.ActionRaise, Amount: 3})
	_ = s.Apply(1, inference.Move{Action: inference.ActionCall})
	_ = s.Apply(2, inference.Move{Action: inference.ActionFold})
	fmt.Println(s.Phase())
	_ = s.Reveal([]int{40, 77, 0})
	b, _ := json.Marshal(s.LastOutcome())
	fmt.Println(string(b))
	// Output:
	// showdown
	// {"pot":12,"uncontested":false,"reveals":[{"seat":0,"value":40},{"seat":1,"value":77}],"winners":[1],"payouts":[{"seat":1,"amount":12}]}
}

// Pure pieces: side pots, payouts and the break-even value.
func ExampleSettle() {
	contrib := []int{5, 10, 20}
	folded := []bool{false, false, true}
	fmt.Println(inference.Pots(contrib, folded))
	o, _ := inference.Settle(contrib, folded, []int{90, 30, 0}, 0)
	fmt.Println(o.Payouts)
	v, _ := inference.BreakevenValue(10, 10, 1)
	fmt.Println(v)
	// Output:
	// [{15 [0 1]} {20 [1]}]
	// [{0 15} {1 20}]
	// 51
}

// LegalFromView derives legal_actions from a visible_state alone.
func ExampleLegalFromView() {
	var vs inference.VisibleState
	_ = json.Unmarshal([]byte(`{"your_seat":2,"your_credits":7,"to_call":4,"current_bet":4,"raises_used":1,
		"limits":{"ante":2,"min_raise":1,"max_raise":10,"max_raises_per_round":3},
		"turn":{"turn":1,"seat":2},"players":[{"seat":2,"credits":7,"contribution":2}]}`), &vs)
	legal, err := inference.LegalFromView(vs)
	b, _ := json.Marshal(legal)
	fmt.Println(string(b), err)
	// Output: [{"action":"fold"},{"action":"call","amount":4},{"action":"raise","min":1,"max":3}] <nil>
}
