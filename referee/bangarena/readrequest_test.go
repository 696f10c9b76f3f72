package bangarena

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// selfPlayRequests returns DecisionRequests of seeded self-play in every
// role mode (impostor ones carry knownRoles), as JSON.
func selfPlayRequests(t testing.TB, matches, every int) [][]byte {
	t.Helper()
	var out [][]byte
	modes := []string{ModeClassic, ModeImpostor, ModeLegacy, ModePartners}
	for m := 0; m < matches; m++ {
		g, err := NewGame(Config{Seats: 5 + m%4, RoleMode: modes[m%4], MatchID: fmt.Sprint("read-", m)}, fmt.Sprint("read-", m))
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(m), 7))
		for n := 0; !g.Over() && n < 3000; n++ {
			if n%every == 0 {
				seat, _ := g.Decider()
				b, err := json.Marshal(g.Request(seat, "2026-10-09T12:00:30.000Z"))
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, b)
			}
			if _, ok := g.PlayRandom(r); !ok {
				break
			}
		}
	}
	return out
}

// reshape rewrites a request's JSON with f applied to its decoded value.
func reshape(t testing.TB, raw []byte, f func(top map[string]any)) []byte {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	f(top)
	b, err := json.Marshal(top)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func obsOf(top map[string]any) map[string]any { return top["observation"].(map[string]any) }

func eachMap(v any, f func(map[string]any)) {
	if l, ok := v.([]any); ok {
		for _, x := range l {
			if m, ok := x.(map[string]any); ok {
				f(m)
			}
		}
	}
}

// unneeded are reshapings of fields legality does not need, each a choice a
// server umpire did not write may make (the dialects of I-BA-L3).
var unneeded = []struct {
	name string
	f    func(top map[string]any)
}{
	{"knownRoles as an object keyed by seat", func(top map[string]any) {
		o := obsOf(top)
		m := map[string]any{}
		eachMap(o["knownRoles"], func(k map[string]any) { m[fmt.Sprint(k["seat"])] = k["roleId"] })
		m[fmt.Sprint(o["you"])] = "self"
		o["knownRoles"] = m
	}},
	{"deadlineAt as epoch milliseconds", func(top map[string]any) { top["deadlineAt"] = 1791547230000 }},
	{"decisionId and matchId of other types", func(top map[string]any) { top["decisionId"] = 41; top["matchId"] = map[string]any{"id": 7} }},
	{"versions as strings", func(top map[string]any) {
		top["observationVersion"] = fmt.Sprint(top["observationVersion"])
		obsOf(top)["version"] = "v"
	}},
	{"legalActions reversed and garbled", func(top map[string]any) {
		l, _ := top["legalActions"].([]any)
		for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
			l[i], l[j] = l[j], l[i]
		}
		top["legalActions"] = append(l, 17, "x", map[string]any{"actionId": 3})
		top["legal_mask"] = "not a list"
	}},
	{"extra fields everywhere", func(top map[string]any) {
		extra := map[string]any{"nested": []any{1, "two", nil}, "flag": true}
		top["x_server"] = extra
		o := obsOf(top)
		o["x_table"] = extra
		eachMap(o["players"], func(p map[string]any) { p["x_seat"] = extra; p["avatar"] = 12 })
		eachMap(o["events"], func(e map[string]any) { e["x_at"] = "2026-10-09T12:00:00Z"; e["meta"] = extra })
		eachMap(top["legalActions"], func(a map[string]any) { a["label"] = map[string]any{"en": "Shoot"} })
		if pr, ok := o["pendingReaction"].(map[string]any); ok {
			pr["x_since"] = 5
		}
		if pc, ok := o["pendingChoice"].(map[string]any); ok {
			pc["x_options"] = []any{}
		}
	}},
	{"other seats' hands and role flags shaped otherwise", func(top map[string]any) {
		o := obsOf(top)
		you := o["you"]
		eachMap(o["players"], func(p map[string]any) {
			p["roleHidden"] = "yes"
			if p["seat"] != you {
				p["hand"] = map[string]any{"backs": p["handCount"]}
			}
		})
	}},
	{"card suits and ranks as numbers", func(top map[string]any) {
		eachMap(obsOf(top)["players"], func(p map[string]any) {
			eachMap(p["hand"], func(c map[string]any) {
				if _, ok := c["uid"]; ok {
					c["suit"], c["rank"] = 3, 10
				}
			})
		})
	}},
	{"winners and knownRoles of odd types", func(top map[string]any) {
		o := obsOf(top)
		if o["winnerSeats"] == nil {
			o["winnerSeats"] = map[string]any{}
		}
		if _, ok := o["knownRoles"]; !ok {
			o["knownRoles"] = 5
		}
	}},
	{"events with extra types", func(top map[string]any) {
		o := obsOf(top)
		ev, _ := o["events"].([]any)
		o["events"] = append(ev, map[string]any{"seq": 1e6, "type": "table_signal", "preset": map[string]any{"id": 3}},
			map[string]any{"seq": 1e6 + 1, "type": "marshal_briefing", "known": map[string]any{"1": "aide"}})
	}},
}

// TestReadRequestUnneededShapes: the derivation from JSON gives the same
// items and undecided commands as the derivation from the engine's own
// request, whatever shape the fields legality does not need have.
func TestReadRequestUnneededShapes(t *testing.T) {
	reqs := selfPlayRequests(t, 8, 9)
	if len(reqs) < 100 {
		t.Fatalf("only %d requests", len(reqs))
	}
	for _, c := range unneeded {
		t.Run(c.name, func(t *testing.T) {
			for i, raw := range reqs {
				want := mustLegal(t, raw)
				got := reshape(t, raw, c.f)
				l, u, err := LegalFromJSON(got)
				if err != nil {
					t.Fatalf("request %d: %v\n%s", i, err, got)
				}
				if !reflect.DeepEqual(norm(l, u), want) {
					t.Fatalf("request %d: derived %v, want %v", i, norm(l, u), want)
				}
			}
		})
	}
}

// TestReadRequestNeededShapes: a field legality needs that does not read
// leaves the items depending on it undecided; it never fails.
func TestReadRequestNeededShapes(t *testing.T) {
	reqs := selfPlayRequests(t, 2, 15)
	cases := []struct {
		name string
		f    func(top map[string]any)
		want string // an undecided command ("*" = all)
	}{
		{"players not a list", func(top map[string]any) { obsOf(top)["players"] = map[string]any{} }, AllUndecided},
		{"own hand not a list", func(top map[string]any) {
			o := obsOf(top)
			eachMap(o["players"], func(p map[string]any) {
				if p["seat"] == o["you"] {
					p["hand"] = "cards"
				}
			})
		}, AllUndecided},
		{"weapon of another type", func(top map[string]any) {
			eachMap(obsOf(top)["players"], func(p map[string]any) { p["weaponCardId"] = map[string]any{"id": p["weaponCardId"]} })
		}, "play_shot"},
		{"handCount as a string", func(top map[string]any) {
			eachMap(obsOf(top)["players"], func(p map[string]any) { p["handCount"] = "3" })
		}, "play_steal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i, raw := range reqs {
				_, u, err := LegalFromJSON(reshape(t, raw, c.f))
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				found := false
				for _, x := range u {
					found = found || x.Command == c.want
				}
				if !found {
					t.Fatalf("request %d: %s not undecided: %v", i, c.want, u)
				}
			}
		})
	}
	if _, _, err := LegalFromJSON([]byte(`[1]`)); !IsNotRequest(err) {
		t.Fatalf("a list: %v", err)
	}
	if _, _, err := LegalFromJSON([]byte(`{"observation":3}`)); !IsNotRequest(err) {
		t.Fatalf("no observation object: %v", err)
	}
}

// mustLegal derives a request's items from the engine's own shape.
func mustLegal(t testing.TB, raw []byte) string {
	t.Helper()
	var req DecisionRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		t.Fatal(err)
	}
	l, u, err := LegalFromRequest(req)
	if err != nil {
		t.Fatal(err)
	}
	return norm(l, u)
}

func norm(l []LegalAction, u []Undecided) string {
	b, _ := json.Marshal(l)
	c, _ := json.Marshal(u)
	return string(b) + " undecided " + string(c)
}

// unneededPaths are the places FuzzReadRequestShapes writes random values
// to: fields nothing of legality depends on.
var unneededPaths = []string{
	"matchId", "decisionId", "observationVersion", "deadlineAt", "rulesetVersion", "mechanicsPackHash",
	"protocolVersion", "legal_mask", "legalActions", "x_extra", "observation.version", "observation.knownRoles",
	"observation.winnerTeam", "observation.winnerSeats", "observation.x_extra", "players.roleHidden",
	"players.x_extra", "others.hand", "events.x_extra", "events.at", "pendingReaction.x_extra", "pendingChoice.x_extra",
	"hand.suit", "hand.rank", "hand.x_extra",
}

// FuzzReadRequestShapes feeds DecisionRequests whose fields legality does
// not need hold random JSON values: the derivation still runs and gives the
// same answer as for the request as the engine wrote it.
func FuzzReadRequestShapes(f *testing.F) {
	reqs := selfPlayRequests(f, 4, 23)
	for i, v := range []string{`{"2":"aide"}`, `1791547230000`, `null`, `[1,"a",{}]`, `"x"`, `true`, `{"a":{"b":[]}}`, `-0.5e3`} {
		f.Add(uint16(i*7), uint8(i), []byte(v))
	}
	f.Fuzz(func(t *testing.T, which uint16, path uint8, value []byte) {
		raw := reqs[int(which)%len(reqs)]
		var val any
		if json.Unmarshal(value, &val) != nil {
			val = string(value)
		}
		p := unneededPaths[int(path)%len(unneededPaths)]
		want := mustLegal(t, raw)
		got := reshape(t, raw, func(top map[string]any) { setPath(top, p, val) })
		l, u, err := LegalFromJSON(got)
		if err != nil {
			t.Fatalf("%s = %s: %v", p, value, err)
		}
		if norm(l, u) != want {
			t.Fatalf("%s = %s: derived %s, want %s", p, value, norm(l, u), want)
		}
	})
}

// setPath writes val at one of unneededPaths.
func setPath(top map[string]any, p string, val any) {
	o := obsOf(top)
	head, key, nested := strings.Cut(p, ".")
	if !nested {
		top[p] = val
		return
	}
	switch head {
	case "observation":
		o[key] = val
	case "players":
		eachMap(o["players"], func(m map[string]any) { m[key] = val })
	case "others":
		eachMap(o["players"], func(m map[string]any) {
			if m["seat"] != o["you"] {
				m[key] = val
			}
		})
	case "events":
		eachMap(o["events"], func(m map[string]any) { m[key] = val })
	case "pendingReaction", "pendingChoice":
		if m, ok := o[head].(map[string]any); ok {
			m[key] = val
		}
	case "hand":
		eachMap(o["players"], func(m map[string]any) {
			if m["seat"] == o["you"] {
				eachMap(m["hand"], func(c map[string]any) { c[key] = val })
			}
		})
	}
}

// TestReadGapsBounded: a request with many items that do not read keeps
// maxGapFields of their paths and counts the others, so what a hostile
// answer of a million malformed items leaves held is bounded.
func TestReadGapsBounded(t *testing.T) {
	raw := selfPlayRequests(t, 1, 50)[0]
	for _, n := range []int{maxGapFields - 1, maxGapFields, 10 * maxGapFields} {
		items := make([]any, n)
		for i := range items {
			items[i] = []any{}
		}
		got := reshape(t, raw, func(top map[string]any) { top["legalActions"] = items })
		_, gaps, err := ReadRequest(got)
		if err != nil {
			t.Fatal(err)
		}
		f := gaps.Fields()
		wantLen, last := n, "legalActions["
		if n > maxGapFields {
			wantLen, last = maxGapFields+1, fmt.Sprintf("(and %d more paths)", n-maxGapFields)
		}
		if len(f) != wantLen || !strings.HasPrefix(f[len(f)-1], last) {
			t.Errorf("%d malformed items: %d paths, the last %q (want %d, %q)", n, len(f), f[len(f)-1], wantLen, last)
		}
	}
}

// TestReadEventsBounded: a request of more than maxEvents events decodes
// its last maxEvents, and says the history before is unknown.
func TestReadEventsBounded(t *testing.T) {
	raw := selfPlayRequests(t, 1, 50)[0]
	for _, n := range []int{maxEvents, maxEvents + 10} {
		events := make([]any, n)
		for i := range events {
			events[i] = map[string]any{"seq": i + 1, "type": "turn_start", "seat": 0}
		}
		got := reshape(t, raw, func(top map[string]any) { obsOf(top)["events"] = events })
		req, gaps, err := ReadRequest(got)
		if err != nil {
			t.Fatal(err)
		}
		ev := req.Observation.Events
		over := n > maxEvents
		if len(ev) != min(n, maxEvents) || (over && ev[0].Seq != n-maxEvents+1) {
			t.Fatalf("%d events: %d decoded, the first seq %d", n, len(ev), ev[0].Seq)
		}
		if got := slices.Contains(gaps.Fields(), "observation.events"); got != over {
			t.Errorf("%d events: gap observation.events %v, want %v", n, got, over)
		}
	}
}

// TestLastElements: the last n elements of an array, in order, and where
// they start; anything but one array of JSON values does not read.
func TestLastElements(t *testing.T) {
	tests := []struct {
		raw  string
		n    int
		want string // joined by |; "!" when it does not read
		from int
	}{
		{`[]`, 3, ``, 0},
		{` [1, {"a":[2]} ,"x"] `, 3, `1|{"a":[2]}|"x"`, 0},
		{`[1,2,3,4,5]`, 2, `4|5`, 3},
		{`[1,2,3,4,5]`, 3, `3|4|5`, 2},
		{`[1,2,3,4,5,6]`, 3, `4|5|6`, 3},
		{`[1,2,3]x`, 3, `!`, 0},
		{`[1,2,3][]`, 3, `!`, 0},
		{`[1,]`, 3, `!`, 0},
		{`[1`, 3, `!`, 0},
		{`{}`, 3, `!`, 0},
		{`"x"`, 3, `!`, 0},
		{``, 3, `!`, 0},
	}
	for _, tc := range tests {
		list, from, ok := lastElements(json.RawMessage(tc.raw), tc.n)
		got := "!"
		if ok {
			parts := make([]string, len(list))
			for i, e := range list {
				parts[i] = string(e)
			}
			got = strings.Join(parts, "|")
		}
		if got != tc.want || from != tc.from {
			t.Errorf("lastElements(%q, %d) = %q from %d, want %q from %d", tc.raw, tc.n, got, from, tc.want, tc.from)
		}
	}
}
