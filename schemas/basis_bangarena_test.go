package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestBangArenaViolationBasis: each clause of the BangArena schemas takes
// the basis of what fixes it (issue 26): the document's own shapes keep
// MUST, a pin's (WIRE.md) and a reading's (I-BA-…) are graded apart, and a
// field the document names keeps the document's basis when it is missing
// while its pinned shape does not.
func TestBangArenaViolationBasis(t *testing.T) {
	set := testSet(t)
	const card, fields, legal = "WIRE.md Card objects", "WIRE.md Observation fields", "WIRE.md Legal items"
	tests := []struct {
		name      string
		change    func(m map[string]any)
		basis     string // "" for the document
		ref, at   string
		wantValid bool
	}{
		{name: "legal_mask of actionIds", wantValid: true, change: func(m map[string]any) {
			m["legal_mask"] = []any{"shot:shot_07:3", "weapon:weapon_rifle_01", "end_play"}
		}},
		{name: "legal_mask of the items", wantValid: true, change: func(m map[string]any) { m["legal_mask"] = m["legalActions"] }},
		{name: "legal_mask of numbers", basis: BasisReading, ref: "I-BA-60", at: "/legal_mask/0", change: func(m map[string]any) {
			m["legal_mask"] = []any{1, 0, 1}
		}},
		{name: "a Ricochet offered as a Shot without playedAs", basis: BasisReading, ref: "I-BA-29", at: "/legalActions/0/argsSchema", change: func(m map[string]any) {
			item(m, 0)["actionId"] = "shot:miss_03:3"
			item(m, 0)["argsSchema"] = map[string]any{"cardUid": "miss_03", "targetSeat": 3}
		}},
		{name: "a Ricochet offered as a Shot with playedAs", wantValid: true, change: func(m map[string]any) {
			item(m, 0)["actionId"] = "shot:miss_03:3"
			item(m, 0)["argsSchema"] = map[string]any{"cardUid": "miss_03", "targetSeat": 3, "playedAs": "shot"}
		}},
		{name: "uids of another form", basis: BasisContract, ref: card, at: "/legalActions/0/argsSchema/cardUid", change: func(m map[string]any) {
			item(m, 0)["actionId"] = "shot:c17:3"
			item(m, 0)["argsSchema"] = map[string]any{"cardUid": "c17", "targetSeat": 3}
		}},
		{name: "a Snatch from play whose pick names no card", basis: BasisReading, ref: "I-BA-30", at: "/legalActions/0/argsSchema/pick", change: func(m map[string]any) {
			item(m, 0)["actionId"] = "steal:steal_near_01:1:inPlay:mount_01"
			item(m, 0)["command"] = "play_steal"
			item(m, 0)["argsSchema"] = map[string]any{"cardUid": "steal_near_01", "targetSeat": 1, "pick": map[string]any{"zone": "inPlay"}}
		}},
		{name: "an actionId without its target", at: "/legalActions/0/actionId", change: func(m map[string]any) { item(m, 0)["actionId"] = "shot:shot_07" }},
		{name: "a hand card without suit", at: "/observation/players/2/hand/0", change: func(m map[string]any) {
			delete(player(m, 2)["hand"].([]any)[0].(map[string]any), "suit")
		}},
		{name: "a suit of another spelling", basis: BasisContract, ref: card, at: "/observation/players/2/hand/0/suit", change: func(m map[string]any) {
			player(m, 2)["hand"].([]any)[0].(map[string]any)["suit"] = "S"
		}},
		{name: "no reactionQueue", at: "/observation", change: func(m map[string]any) { delete(m["observation"].(map[string]any), "reactionQueue") }},
		{name: "reactionQueue of names", basis: BasisContract, ref: fields, at: "/observation/reactionQueue/0", change: func(m map[string]any) {
			m["observation"].(map[string]any)["reactionQueue"] = []any{"two"}
		}},
		{name: "an event without seq", basis: BasisContract, ref: "WIRE.md Observation events", at: "/observation/events/0", change: func(m map[string]any) {
			delete(m["observation"].(map[string]any)["events"].([]any)[0].(map[string]any), "seq")
		}},
		{name: "no decision, yet items", basis: BasisContract, ref: legal, at: "/legalActions", change: func(m map[string]any) { m["decisionId"] = nil }},
		{name: "glory counted in words", basis: BasisContract, ref: card, at: "/observation/players/0/glory/stars", change: func(m map[string]any) {
			player(m, 0)["glory"].(map[string]any)["stars"] = "none"
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", exampleDR))
			if err != nil {
				t.Fatal(err)
			}
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			tc.change(m)
			data, _ := json.Marshal(m)
			vs := set.Validate("bangarena", "decision_request", data)
			if tc.wantValid {
				if len(vs) > 0 {
					t.Fatalf("want valid, got %v", Err(vs))
				}
				return
			}
			for _, v := range vs {
				if v.InstanceLocation == tc.at {
					if v.Basis != tc.basis || v.Ref != tc.ref {
						t.Errorf("%v: basis %q ref %q, want %q %q", v, v.Basis, v.Ref, tc.basis, tc.ref)
					}
					return
				}
			}
			t.Errorf("no violation at %q: %v", tc.at, vs)
		})
	}
}

func item(m map[string]any, i int) map[string]any {
	return m["legalActions"].([]any)[i].(map[string]any)
}

func player(m map[string]any, i int) map[string]any {
	return m["observation"].(map[string]any)["players"].([]any)[i].(map[string]any)
}
