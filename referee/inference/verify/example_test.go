package verify_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/rules"
)

// A three-seat match of one round: seat 1 raises, seat 2 calls, seat 0
// folds, and the showdown pays the wrong seat.
const exampleLog = `{"type":"match_start","match_id":"m-1","rules_version":"inference-0.4","table_size":3,"rounds_total":1,"starting_credits":100,"seats":[{"seat":0,"name":"a"},{"seat":1,"name":"b"},{"seat":2,"name":"c"}],"limits":{"ante":2,"ante_ramp":{"from_round":21,"every_rounds":10,"step":1},"min_raise":1,"max_raise":10,"max_raises_per_round":3,"value_min":1,"value_max":100,"turn_deadline_ms":10000,"max_consecutive_timeouts":3,"sit_out_rounds":5,"max_message_chars":280},"seed_commit":"2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"}
{"type":"round_start","round":1,"dealer":0,"ante":2,"dealt_in":[0,1,2]}
{"type":"ante","round":1,"seat":1,"amount":2}
{"type":"ante","round":1,"seat":2,"amount":2}
{"type":"ante","round":1,"seat":0,"amount":2}
{"type":"message","round":1,"turn":0,"seat":1,"text":"I like my odds."}
{"type":"action","round":1,"turn":0,"seat":1,"action":"raise","amount":5}
{"type":"action","round":1,"turn":1,"seat":2,"action":"call","amount":5}
{"type":"action","round":1,"turn":2,"seat":0,"action":"fold"}
{"type":"showdown","round":1,"pot":16,"uncontested":false,"reveals":[{"seat":1,"value":88},{"seat":2,"value":41}],"winners":[2],"payouts":[{"seat":2,"amount":16}]}
{"type":"match_end","round":1,"reason":"rounds_complete","seed":"foo","ranking":[{"seat":2,"rank":1,"credits":109},{"seat":0,"rank":2,"credits":98},{"seat":1,"rank":3,"credits":93}]}
`

func ExampleVerifyReader() {
	sum, err := verify.VerifyReader(context.Background(), strings.NewReader(exampleLog), "m-1.jsonl", func(f rules.Finding) {
		fmt.Printf("line %d: %s %s\n", f.Where.Line, f.Level, f.Rule)
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d lines, %d rounds, %d MUST, %d inconclusive\n", sum.Lines, sum.Rounds, sum.Must, sum.Inconclusive)
	// Output:
	// line 10: MUST inference/round.6.showdown
	// 11 lines, 1 rounds, 1 MUST, 5 inconclusive
}

// ExampleVerifier_Line feeds lines one at a time, as they arrive from a live
// match log, and closes with Finish.
func ExampleVerifier_Line() {
	v := verify.NewInference(verify.Options{File: "live"})
	for i, line := range strings.Split(strings.TrimSpace(exampleLog), "\n")[:5] {
		for _, f := range v.Line(i+1, []byte(line)) {
			fmt.Println(f)
		}
	}
	sum := v.Finish() // the log stops after the antes
	fmt.Println(sum.Must, "MUST finding: the log ends without match_end")
	// Output:
	// 1 MUST finding: the log ends without match_end
}
