package reports

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/umpire-arena/umpire/referee/rules"
)

var viewerOut = flag.String("viewer-out", "", "also write the viewer's sample HTML report (both games) to this file")

// Texts a player controls, as the viewer must show them: inert.
const (
	hostileName = `</script><img src=x onerror=alert(1)>`
	hostileTalk = "fold now \u202eevil\u202c <b>bold</b> & \"quoted\""
)

// inferenceState is a visible_state of round 12 as seat 2 sees it, with a
// hostile name and hostile table talk.
func inferenceState(round int) string {
	return fmt.Sprintf(`{"game":"inference","rules_version":"inference-0.4","rounds_total":40,"round":%d,"dealer":3,"table_size":3,`+
		`"your_seat":2,"your_value":73,"your_credits":94,"to_call":2,"call_breakeven_value":42,"current_bet":5,"pot":23,"raises_used":1,`+
		`"limits":{"ante":2,"max_raises_per_round":3},"turn":{"turn":3,"seat":2},`+
		`"players":[{"seat":0,"name":%q,"credits":101,"busted":false,"sitting_out":false,"in_round":true,"folded":false,"all_in":false,"contribution":6},`+
		`{"seat":1,"name":"bob","credits":0,"busted":false,"sitting_out":true,"back_in_round":17,"in_round":false,"folded":false,"all_in":false,"contribution":0},`+
		`{"seat":2,"name":"me","credits":94,"busted":false,"sitting_out":false,"in_round":true,"folded":false,"all_in":false,"contribution":3}],`+
		`"actions":[{"turn":0,"seat":0,"action":"raise","amount":5},{"turn":1,"seat":1,"action":"fold","timeout":true}],`+
		`"messages":[{"turn":0,"seat":0,"text":%q}],`+
		`"history":[{"round":11,"dealer":2,"pot":14,"uncontested":false,"winners":[0],"reveals":[{"seat":0,"value":88},{"seat":2,"value":41}],"payouts":[{"seat":0,"amount":14}]}]}`,
		round, hostileName, hostileTalk)
}

// bangRequest is a DecisionRequest of version v for seat 2, under a shot.
func bangRequest(v int) string {
	return fmt.Sprintf(`{"matchId":"m-7","seatId":2,"decisionId":"d-%d-2","observationVersion":%d,"protocolVersion":"krug-decision/1",`+
		`"observation":{"version":%d,"phase":"reaction","turnSeat":1,"you":2,"round":3,"highNoon":false,"roleMode":"classic",`+
		`"pendingReaction":{"kind":"shot","sourceSeat":1,"targetSeat":2,"command":"play_shot","cardId":"shot","cardUid":"shot_07"},"reactionQueue":[2],"pendingChoice":null,`+
		`"players":[{"seat":0,"hp":4,"maxHp":5,"alive":true,"characterId":"marshal_kate","roleId":"marshal","hand":[{"backId":"card_back"}],"handCount":1,"inPlayCards":[{"uid":"cover_01","cardId":"cover","suit":"hearts","rank":"K"}],"weaponCardId":"weapon_rifle","glory":{"stars":1,"range":0,"heart":0,"sight":0}},`+
		`{"seat":1,"hp":3,"maxHp":4,"alive":true,"characterId":%q,"roleId":null,"roleHidden":true,"hand":[{"backId":"card_back"},{"backId":"card_back"}],"handCount":2,"inPlayCards":[],"weaponCardId":null,"glory":{"stars":0,"range":0,"heart":0,"sight":0}},`+
		`{"seat":2,"hp":2,"maxHp":4,"alive":true,"characterId":"doc","roleId":"outlaw","hand":[{"uid":"dodge_03","cardId":"dodge","suit":"spades","rank":"7"},{"uid":"beer_01","cardId":"beer","suit":"hearts","rank":"6"}],"handCount":2,"inPlayCards":[],"weaponCardId":null,"glory":{"stars":0,"range":1,"heart":0,"sight":1}}],`+
		`"deckCount":41,"discardCount":9,"events":[{"seq":40,"type":"turn_start","seat":1,"round":3},{"seq":41,"type":"card_played","seat":1,"cardId":"shot","uid":"shot_07","command":"play_shot","targetSeat":2}]},`+
		`"legalActions":[{"actionId":"dodge:dodge_03","command":"play_dodge"},{"actionId":"pass_reaction","command":"pass_reaction"}]}`,
		v, v, v, hostileName)
}

// viewerSample is the sample report plus findings of both games whose
// transcripts carry tables, and one of odd shapes.
func viewerSample(t testing.TB) *Report {
	r := sample(t)
	r.Meta.Games = []string{"inference", "bangarena"}
	seat := rules.IntPtr(2)
	at := sampleStart.Add(time.Minute)
	msg := func(dir Direction, s string, k int) Message {
		return NewMessage(dir, at.Add(time.Duration(k)*time.Second), seat, []byte(s))
	}
	inf := Finding{Finding: rules.Finding{Rule: "inference/round.3.raise-cap", Level: rules.Must,
		Where:    rules.Where{Round: 12, Turn: rules.IntPtr(3), Seat: seat},
		Expected: "call or fold", Got: map[string]any{"action": "raise", "amount": 11}, Message: "the agent raised past the limit"},
		Transcript: []Message{
			msg(Sent, `{"type":"welcome","match_id":"m-1","seat":2,"rules_version":"inference-0.4","visible_state":`+inferenceState(11)+`}`, 0),
			msg(Sent, `{"type":"your_turn","match_id":"m-1","round":12,"turn":3,"deadline_ms":10000,"visible_state":`+inferenceState(12)+
				`,"legal_actions":[{"action":"fold"},{"action":"call","amount":2},{"action":"raise","min":1,"max":10}]}`, 1),
			msg(Received, fmt.Sprintf(`{"type":"move","match_id":"m-1","turn":3,"action":"raise","amount":11,"message":%q}`, hostileTalk), 2),
			msg(Sent, `{"type":"error","match_id":"m-1","code":"illegal_move","message":"amount out of range","turn":3}`, 3),
		}}
	ba := Finding{Finding: rules.Finding{Rule: "bangarena/7.reactions", Level: rules.Must,
		Where:    rules.Where{Seat: seat, Step: "version 41"},
		Expected: "a reaction queue of seat 2 only", Got: []int{2, 0}, Message: "the reaction queue names a seat that was not attacked"},
		Transcript: []Message{
			msg(Received, bangRequest(40), 0),
			msg(Sent, `{"seat":2,"actionId":"pass_reaction","commandId":"c-2-40","observationVersion":40}`, 1),
			msg(Received, `{"ok":true,"observationVersion":41}`, 2),
			msg(Received, bangRequest(41), 3),
			msg(Sent, `{"seat":2,"actionId":"dodge:dodge_03","commandId":"c-2-41","observationVersion":41}`, 4),
			msg(Received, `{"error":{"code":"stale","message":"stale version","retryable":true}}`, 5),
		}}
	odd := Finding{Finding: rules.Finding{Rule: "inference/server.bad-message", Level: rules.Should, Message: "odd shapes"},
		Transcript: []Message{
			NewMessage(Received, at, nil, []byte("not json at all")),
			NewMessage(Received, at, nil, []byte(`[1,2,3]`)),
			NewMessage(Received, at, nil, []byte(`{"visible_state":"weird"}`)),
			NewMessage(Received, at, nil, []byte(`{"visible_state":{"players":[1,"a",null,{"seat":"x"}],"history":{},"actions":7,"limits":[]}}`)),
			NewMessage(Received, at, nil, []byte(`{"observation":{"players":"x","events":[3,{"seq":"q"}],"pendingReaction":7}}`)),
			NewMessage(Received, at, nil, []byte(`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":`+jsonString(bangRequest(42))+`}]}}`)),
			NewMessage(Received, at, nil, []byte(`null`)),
		}}
	// A match that kept its whole transcript (umpire replay).
	r.Matches[0].Transcript = slices.Concat(inf.Transcript, ba.Transcript[:1])
	r.Checks = append(r.Checks,
		Check{Name: "raise amounts are within the limit", Section: "Round 3", Rules: []string{inf.Rule}, Seed: "2001", Status: Fail, Findings: []Finding{inf}},
		Check{Name: "reaction queue", Section: "§7 reactions", Rules: []string{ba.Rule}, Status: Fail, Findings: []Finding{ba}},
		Check{Name: "odd messages", Section: "Protocol", Rules: []string{odd.Rule}, Status: Fail, Findings: []Finding{odd}},
	)
	return r
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// viewOf returns the view of the finding of the check named name.
func viewOf(t *testing.T, d *viewerData, name string) viewerView {
	t.Helper()
	for _, v := range d.Views {
		if strings.HasPrefix(v.Title, name+" · ") {
			return v
		}
	}
	t.Fatalf("no view of %s", name)
	return viewerView{}
}

func fact(t *ViewerTable, k string) string {
	for _, f := range t.Facts {
		if f.K == k {
			return f.V
		}
	}
	return "(no fact " + k + ")"
}

func TestViewerData(t *testing.T) {
	r := viewerSample(t)
	d := newViewer(r).Data
	withTranscript := 0
	for _, c := range r.Checks {
		for _, f := range c.Findings {
			if len(f.Transcript) > 0 {
				withTranscript++
			}
		}
	}
	if len(d.Views) != withTranscript+1 {
		t.Fatalf("%d views, want one per finding with a transcript (%d) and the match's", len(d.Views), withTranscript)
	}

	t.Run("whole match", func(t *testing.T) {
		v := d.Views[len(d.Views)-1]
		if !strings.HasPrefix(v.Title, "whole match · seed "+r.Matches[0].Seed+" #0") || v.Finding != -1 || len(v.Steps) != 5 || v.Game != "inference" {
			t.Fatalf("title %q, finding %d, %d steps, game %q", v.Title, v.Finding, len(v.Steps), v.Game)
		}
		if v.Steps[4].Table == nil || v.Steps[4].Table.Game != "bangarena" || v.Steps[3].State != 1 {
			t.Errorf("the match's steps do not carry their tables: %+v", v.Steps[3])
		}
	})

	t.Run("inference", func(t *testing.T) {
		v := viewOf(t, d, "raise amounts are within the limit")
		if v.Game != "inference" || len(v.Steps) != 4 || v.Finding != 2 {
			t.Fatalf("game %q, %d steps, finding at %d; want inference, 4, 2 (the agent's move)", v.Game, len(v.Steps), v.Finding)
		}
		kinds := []string{"welcome", "your_turn", "move: raise 11", "error: illegal_move"}
		states := []int{0, 1, 1, 1}
		for i, st := range v.Steps {
			if st.Kind != kinds[i] || st.State != states[i] || st.Seat != "2" {
				t.Errorf("step %d: kind %q state %d seat %q; want %q %d 2", i, st.Kind, st.State, st.Seat, kinds[i], states[i])
			}
		}
		tb := v.Steps[1].Table
		if tb == nil || v.Steps[2].Table != nil {
			t.Fatal("the your_turn carries a table and the move none")
		}
		for k, want := range map[string]string{"round": "12 of 40", "dealer": "3", "pot": "23", "to_call": "2", "current_bet": "5",
			"raises used": "1 of 3", "your value": "73", "on turn": "turn 3, seat 2"} {
			if got := fact(tb, k); got != want {
				t.Errorf("fact %s = %q, want %q", k, got, want)
			}
		}
		if len(tb.Players) != 3 || tb.You != 2 || tb.Players[0][1] != hostileName || tb.Players[1][6] != "yes (back in round 17)" {
			t.Errorf("players %q, you %d", tb.Players, tb.You)
		}
		want := map[string]string{"actions this round": "turn 1 · seat 1 fold (timeout)", "table talk this round": `turn 0 · seat 0: fold now \u202eevil\u202c <b>bold</b> & "quoted"`,
			"history (earlier rounds, newest last)": "round 11 · pot 14 · winners [0] · reveals 0=88 2=41", "legal actions": "raise 1–10"}
		for _, l := range tb.Lists {
			if w, ok := want[l.Title]; ok {
				if len(l.Items) == 0 || l.Items[len(l.Items)-1] != w {
					t.Errorf("list %s = %q, want last %q", l.Title, l.Items, w)
				}
				delete(want, l.Title)
			}
		}
		if len(want) > 0 {
			t.Errorf("lists missing: %v", want)
		}
		if !strings.Contains(v.Steps[2].Body, "\n  \"action\": \"raise\"") {
			t.Errorf("the move is not pretty-printed: %q", v.Steps[2].Body)
		}
		if v.Expected != "call or fold" || v.Got != `{"action":"raise","amount":11}` {
			t.Errorf("expected %q got %q", v.Expected, v.Got)
		}
	})

	t.Run("bangarena", func(t *testing.T) {
		v := viewOf(t, d, "reaction queue")
		if v.Game != "bangarena" || len(v.Steps) != 6 || v.Finding != 3 {
			t.Fatalf("game %q, %d steps, finding at %d; want bangarena, 6, 3 (the request of version 41)", v.Game, len(v.Steps), v.Finding)
		}
		kinds := []string{"DecisionRequest v40", "decision pass_reaction", "answer ok yes", "DecisionRequest v41", "decision dodge:dodge_03", "error: stale"}
		states := []int{0, 0, 0, 3, 3, 3}
		for i, st := range v.Steps {
			if st.Kind != kinds[i] || st.State != states[i] {
				t.Errorf("step %d: kind %q state %d; want %q %d", i, st.Kind, st.State, kinds[i], states[i])
			}
		}
		tb := v.Steps[3].Table
		for k, want := range map[string]string{"phase": "reaction", "turn seat": "1", "version": "41", "deck / discard": "41 / 9",
			"pending reaction": "shot from seat 1 on seat 2 (play_shot, shot)", "reaction queue": "[2]", "pending choice": "none"} {
			if got := fact(tb, k); got != want {
				t.Errorf("fact %s = %q, want %q", k, got, want)
			}
		}
		wantRows := [][]string{
			{"0", "marshal_kate", "marshal", "4", "5", "yes", "1", "cover", "weapon_rifle", "stars 1 · range 0 · heart 0 · sight 0"},
			{"1", hostileName, "hidden", "3", "4", "yes", "2", "none", "Revolver (none)", "stars 0 · range 0 · heart 0 · sight 0"},
		}
		for i, w := range wantRows {
			if fmt.Sprint(tb.Players[i]) != fmt.Sprint(w) {
				t.Errorf("player %d = %q, want %q", i, tb.Players[i], w)
			}
		}
		if tb.You != 2 || tb.Lists[0].Title != "your hand" || fmt.Sprint(tb.Lists[0].Items) != "[dodge · 7 spades (dodge_03) beer · 6 hearts (beer_01)]" {
			t.Errorf("you %d, hand %+v", tb.You, tb.Lists[0])
		}
	})

	t.Run("odd shapes", func(t *testing.T) {
		v := viewOf(t, d, "odd messages")
		if len(v.Steps) != 7 || v.Finding != 6 {
			t.Fatalf("%d steps, finding at %d", len(v.Steps), v.Finding)
		}
		if v.Steps[0].Kind != "text" || v.Steps[0].Table != nil || v.Steps[0].State != -1 || v.Steps[2].Table != nil {
			t.Errorf("text or odd state: %+v %+v", v.Steps[0], v.Steps[2])
		}
		odd := v.Steps[3].Table
		if odd == nil || len(odd.Players) != 4 || odd.Players[0][0] != "—" || fact(odd, "pot") != "—" {
			t.Errorf("odd visible_state: %+v", odd)
		}
		if ba := v.Steps[4].Table; ba == nil || len(ba.Players) != 0 || fact(ba, "pending reaction") != "— from seat — on seat — (—, —)" {
			t.Errorf("odd observation: %+v", ba)
		}
		if mcp := v.Steps[5].Table; mcp == nil || fact(mcp, "version") != "42" || v.Steps[5].Kind != "result" {
			t.Errorf("a DecisionRequest inside an MCP text item: %+v", mcp)
		}
		if v.Steps[6].State != 5 {
			t.Errorf("a null message keeps the last state: %d", v.Steps[6].State)
		}
	})
}

// TestFindingStep: the step a finding is about, by its place.
func TestFindingStep(t *testing.T) {
	m := func(dir Direction, seat int, body string) Message {
		return NewMessage(dir, sampleStart, rules.IntPtr(seat), []byte(body))
	}
	ts := []Message{
		m(Sent, 0, `{"type":"your_turn","round":3,"turn":1}`),
		m(Received, 0, `{"type":"move","turn":1}`),
		m(Sent, 1, `{"type":"your_turn","round":3,"turn":2}`),
		m(Received, 1, `{"type":"move","turn":2}`),
		m(Received, 1, `{"observationVersion":7,"observation":{"version":7}}`),
		m(Sent, 1, `{"type":"error","turn":2}`),
	}
	tests := []struct {
		name string
		w    rules.Where
		want int
	}{
		{"turn and round: the received move", rules.Where{Round: 3, Turn: rules.IntPtr(1)}, 1},
		{"turn 2 of seat 1", rules.Where{Turn: rules.IntPtr(2), Seat: rules.IntPtr(1)}, 3},
		{"seat filter", rules.Where{Turn: rules.IntPtr(1), Seat: rules.IntPtr(1)}, 4},
		{"version", rules.Where{Step: "decision 3 (version 7)"}, 4},
		{"round only: the last sent that agrees when none received does", rules.Where{Round: 3}, 2},
		{"nowhere: the last received", rules.Where{}, 4},
	}
	bodies := make([]any, len(ts))
	for i := range ts {
		bodies[i] = decodeBody(ts[i].Body)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := findingStep(tc.w, ts, bodies); got != tc.want {
				t.Errorf("findingStep = %d, want %d", got, tc.want)
			}
		})
	}
	if got := findingStep(rules.Where{}, nil, nil); got != 0 {
		t.Errorf("empty transcript: %d", got)
	}
}

// viewerPage writes r as HTML and returns the page, its parsed document
// and the decoded viewer data block.
func viewerPage(t *testing.T, r *Report) ([]byte, *html.Node, viewerData) {
	t.Helper()
	var b bytes.Buffer
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	var data viewerData
	var found *html.Node
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" && attr(n, "id") == "viewer-data" {
			found = n
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if found == nil {
		t.Fatal("no script#viewer-data in the page")
	}
	if attr(found, "type") != "application/json" {
		t.Fatalf("the viewer's data block has type %q", attr(found, "type"))
	}
	if err := json.Unmarshal([]byte(textOf(found)), &data); err != nil {
		t.Fatalf("the viewer's data block is not JSON: %v", err)
	}
	return b.Bytes(), doc, data
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// TestViewerInPage: the page carries the viewer's data as JSON (what the
// builder made, byte for byte in meaning), every finding with a transcript
// links to its step, and player text stays inert: no element or raw
// character of it reaches the markup, and the data carries the bidi
// override as visible \u202e.
func TestViewerInPage(t *testing.T) {
	r := viewerSample(t)
	page, doc, data := viewerPage(t, r)
	want := newViewer(r).Data
	wb, _ := json.Marshal(want)
	gb, _ := json.Marshal(data)
	if string(wb) != string(gb) {
		t.Fatal("the page's viewer data differs from what the builder made")
	}
	links := 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if n.Data == "img" {
				t.Error("a player's name created an <img>")
			}
			if n.Data == "a" && strings.Contains(attr(n, "class"), "view-step") {
				links++
				id, step := attr(n, "data-view"), attr(n, "data-step")
				if attr(n, "href") != "#view-"+id+"-"+step {
					t.Errorf("link href %q for %s/%s", attr(n, "href"), id, step)
				}
				ok := false
				for _, v := range data.Views {
					ok = ok || (v.ID == id && fmt.Sprint(v.Finding) == step)
				}
				if !ok {
					t.Errorf("link to %s step %s matches no view's finding", id, step)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	findingViews := 0
	for _, v := range data.Views {
		if v.Finding >= 0 {
			findingViews++
		}
	}
	if links != findingViews || findingViews == len(data.Views) {
		t.Errorf("%d view-step links, want one per finding's view (%d of %d views)", links, findingViews, len(data.Views))
	}
	for _, raw := range []string{"<img", "\u202e", "<b>bold"} {
		if bytes.Contains(page, []byte(raw)) {
			t.Errorf("page contains raw %q", raw)
		}
	}
	v := viewOf(t, &data, "raise amounts are within the limit")
	if got := v.Steps[1].Table.Players[0][1]; got != hostileName {
		t.Errorf("the hostile name came back as %q, want it as text", got)
	}
	if body := v.Steps[2].Body; !strings.Contains(body, `\u202e`) || strings.ContainsRune(body, '\u202e') {
		t.Errorf("the bidi override in the move is not shown escaped: %q", body)
	}
}

// TestViewerAbsentWithoutTranscripts: a report without a transcript has no
// viewer section and no data block.
func TestViewerAbsentWithoutTranscripts(t *testing.T) {
	r := sample(t)
	for i := range r.Checks {
		for j := range r.Checks[i].Findings {
			r.Checks[i].Findings[j].Transcript = nil
		}
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte(`<section id="viewer"`)) || bytes.Contains(b.Bytes(), []byte(`<script type="application/json"`)) {
		t.Error("a report without transcripts has a viewer")
	}
}

// TestViewerCaps: at most viewerMaxViews views, the rest counted; a long
// transcript keeps htmlMaxTranscript steps and counts the rest.
func TestViewerCaps(t *testing.T) {
	r := sample(t)
	long := make([]Message, htmlMaxTranscript+5)
	for i := range long {
		long[i] = NewMessage(Received, sampleStart, nil, []byte(`{"type":"event"}`))
	}
	for i := 0; i < viewerMaxViews+3; i++ {
		r.Checks = append(r.Checks, Check{Name: fmt.Sprint("c", i), Status: Fail,
			Findings: []Finding{{Finding: rules.Finding{Rule: "inference/server.bad-message", Level: rules.Must}, Transcript: long}}})
	}
	d := newViewer(r).Data
	if len(d.Views) != viewerMaxViews || d.More == 0 {
		t.Fatalf("%d views, %d more", len(d.Views), d.More)
	}
	last := d.Views[len(d.Views)-1]
	if len(last.Steps) != htmlMaxTranscript || last.More != 5 {
		t.Errorf("%d steps, %d more", len(last.Steps), last.More)
	}

	// Big messages: the data stays under viewerMaxBytes.
	r = sample(t)
	big := make([]Message, 100)
	for i := range big {
		big[i] = NewMessage(Received, sampleStart, nil, []byte(`{"type":"event","pad":"`+strings.Repeat("x", htmlMaxBody)+`"}`))
	}
	for i := 0; i < 6; i++ {
		r.Checks = append(r.Checks, Check{Name: fmt.Sprint("big", i), Status: Fail,
			Findings: []Finding{{Finding: rules.Finding{Rule: "inference/server.bad-message", Level: rules.Must}, Transcript: big}}})
	}
	v := newViewer(r)
	b, _ := json.Marshal(v.Data)
	if len(b) > viewerMaxBytes+1024 || v.Data.More == 0 {
		t.Errorf("viewer data %d bytes with %d views left out; want at most %d", len(b), v.Data.More, viewerMaxBytes)
	}
	if v.linkTo(&r.Checks[len(r.Checks)-1].Findings[0]) != nil {
		t.Error("a finding left out of the viewer has a link into it")
	}

	// A whole match: at most viewerMaxMatchSteps steps and
	// viewerMaxMatchBytes of JSON, the rest counted.
	r = sample(t)
	long = make([]Message, viewerMaxMatchSteps+7)
	for i := range long {
		long[i] = NewMessage(Received, sampleStart, nil, []byte(`{"type":"event"}`))
	}
	r.Matches[0].Transcript = long
	r.Matches[1].Transcript = slices.Concat(big, big, big[:50])
	d = newViewer(r).Data
	if n := len(d.Views); n < 2 {
		t.Fatalf("%d views", n)
	}
	m0, m1 := d.Views[len(d.Views)-2], d.Views[len(d.Views)-1]
	if len(m0.Steps) != viewerMaxMatchSteps || m0.More != 7 {
		t.Errorf("long match: %d steps, %d more", len(m0.Steps), m0.More)
	}
	if b, _ := json.Marshal(m1); len(b) > viewerMaxMatchBytes+1024 || m1.More == 0 || len(m1.Steps)+m1.More != 250 {
		t.Errorf("big match: %d bytes, %d steps, %d more", len(b), len(m1.Steps), m1.More)
	}
}

// TestWriteViewerSampleHTML writes the viewer's sample where -viewer-out
// says (used by scripts/browser-test.sh).
func TestWriteViewerSampleHTML(t *testing.T) {
	r := viewerPageSample(t)
	var b bytes.Buffer
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	if *viewerOut == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(*viewerOut), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*viewerOut, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// viewerPageSample is viewerSample with the viewer's own findings first,
// so that the page's first views are theirs (the browser test walks them).
func viewerPageSample(t testing.TB) *Report {
	r := viewerSample(t)
	n := len(r.Checks)
	r.Checks = slices.Concat(r.Checks[n-3:], r.Checks[:n-3])
	return r
}

// FuzzViewer: any message body, as a message of a finding's transcript,
// builds a view without panicking, and the page still parses its data.
func FuzzViewer(f *testing.F) {
	f.Add(`{"type":"your_turn","round":1,"visible_state":` + inferenceState(1) + `}`)
	f.Add(bangRequest(3))
	f.Add(`{"jsonrpc":"2.0","result":{"content":[{"type":"text","text":` + jsonString(bangRequest(4)) + `}]}}`)
	f.Add(`{"visible_state":{"players":[{"seat":1e400}],"turn":[]}}`)
	f.Add(`{"observation":{"phase":null,"players":[{"hand":[null,1]}],"pendingChoice":{"cards":"x"}}}`)
	f.Fuzz(func(t *testing.T, body string) {
		if len(body) > 4096 {
			t.Skip("longer than 4 KiB")
		}
		r := &Report{Schema: Schema, Checks: []Check{{Name: "c", Status: Fail, Findings: []Finding{{
			Finding:    rules.Finding{Rule: "inference/server.bad-message", Level: rules.Must, Where: rules.Where{Round: 1, Turn: rules.IntPtr(0), Step: "version 3"}},
			Transcript: []Message{NewMessage(Received, sampleStart, rules.IntPtr(0), []byte(body)), NewMessage(Sent, sampleStart, nil, []byte(body))}}}}}}
		d := newViewer(r).Data
		if len(d.Views) != 1 || len(d.Views[0].Steps) != 2 || d.Views[0].Finding < 0 || d.Views[0].Finding > 1 {
			t.Fatalf("views %+v", d.Views)
		}
		var b bytes.Buffer
		if err := WriteHTML(&b, r); err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(b.Bytes(), []byte("<script")); n != 2 {
			t.Fatalf("%d <script in the page", n)
		}
	})
}
