package schemas_test

import (
	"fmt"

	"github.com/umpire-arena/umpire/schemas"
)

func ExampleSet_Validate() {
	set, err := schemas.Compile()
	if err != nil {
		panic(err)
	}
	msg := []byte(`{"type":"move","match_id":"m-1","turn":2,"action":"raise","amount":12}`)
	kind, _ := schemas.Detect("inference", msg)
	for _, v := range set.Validate("inference", kind, msg) {
		fmt.Println(kind, v)
	}
	// Output:
	// move /amount: must be <= 10 (maximum)
}

func ExampleSet_ValidateValue() {
	set, err := schemas.Compile()
	if err != nil {
		panic(err)
	}
	decision := map[string]any{"seat": 2, "actionId": "end_play", "commandId": "c-2-41", "observationVersion": 41}
	fmt.Println(schemas.Err(set.ValidateValue("bangarena", "decision", decision)))
	delete(decision, "commandId")
	fmt.Println(schemas.Err(set.ValidateValue("bangarena", "decision", decision)))
	// Output:
	// <nil>
	// 1 schema violation(s):
	//   (root): missing required property "commandId" (required)
}

func ExampleDetect() {
	for _, line := range []string{
		`{"type":"showdown","round":1,"pot":9,"uncontested":true,"reveals":[],"winners":[2],"payouts":[{"seat":2,"amount":9}]}`,
		`{"seat":2,"actionId":"end_play","commandId":"c-1","observationVersion":41}`,
	} {
		for _, game := range []string{"inference", "bangarena"} {
			if kind, err := schemas.Detect(game, []byte(line)); err == nil {
				fmt.Println(game, kind)
			}
		}
	}
	// Output:
	// inference log_showdown
	// bangarena decision
}
