package players

import (
	"encoding/json"
	"testing"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

// FuzzPlayers feeds arbitrary DecisionRequests to both players: never a
// panic, and an answer is always one of the offered actionIds.
func FuzzPlayers(f *testing.F) {
	f.Add([]byte(`{"observation":{"you":0,"players":[{"seat":0,"hp":1,"maxHp":4,"alive":true,"roleId":"marshal","hand":[{"uid":"miss_01","cardId":"miss"}]}]},"legalActions":[{"actionId":"discard","command":"discard"}]}`))
	f.Add([]byte(`{"observation":{"you":7,"players":[]},"legalActions":[{"actionId":"end_play","command":"end_play"}]}`))
	f.Add([]byte(`{"observation":{"you":1,"pendingReaction":{"sourceSeat":9},"players":[{"seat":0},{"seat":1,"alive":true}]},"legalActions":[{"actionId":"duel_discard_shot:shot_01","command":"play_duel_discard_shot"},{"actionId":"first_draw:ch1:hand:3","command":"choose_first_draw","argsSchema":{"source":{"kind":"hand","seat":"x"}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var req bangarena.DecisionRequest
		if json.Unmarshal(data, &req) != nil {
			return
		}
		for _, name := range Names() {
			p, _ := New(name, "fuzz")
			d, err := p.Decide(&req)
			if len(req.LegalActions) == 0 {
				if err == nil {
					t.Fatal("an answer without legalActions")
				}
				continue
			}
			ok := false
			for _, a := range req.LegalActions {
				ok = ok || a.ActionID == d.ActionID
			}
			if err != nil || !ok {
				t.Fatalf("%s answered %q, %v", name, d.ActionID, err)
			}
		}
	})
}
