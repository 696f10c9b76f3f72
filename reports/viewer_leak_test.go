package reports

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

// A hidden value a server leaked, as a player controls it: markup that
// must stay text in the page.
const leakedMark = `<img src=x onerror=alert(2)>`

// TestViewerShowsTheLeak: the viewer's table at a no-peek finding shows the
// hidden value that leaked — another seat's Inference value in a column of
// its own, another seat's BangArena card faces in "hand shown" — as text:
// the markup a player put in it creates no element and appears nowhere
// raw in the page. A table without a leak has no such column.
func TestViewerShowsTheLeak(t *testing.T) {
	leakyInference := strings.Replace(inferenceState(12), `{"seat":0,"name":`, `{"seat":0,"value":"88 `+strings.ReplaceAll(leakedMark, `"`, `\"`)+`","name":`, 1)
	leakyBang := strings.Replace(bangRequest(40), `"hand":[{"backId":"card_back"},{"backId":"card_back"}]`,
		`"hand":[{"uid":"bang_09","cardId":"bang","suit":"clubs","rank":"`+strings.ReplaceAll(leakedMark, `"`, `\"`)+`"},{"backId":"card_back"}]`, 1)
	if leakyInference == inferenceState(12) || leakyBang == bangRequest(40) {
		t.Fatal("the fixtures did not take the leak")
	}
	seat := rules.IntPtr(2)
	finding := func(rule, body string) Finding {
		return Finding{Finding: rules.Finding{Rule: rule, Level: rules.Must, Where: rules.Where{Seat: seat}, Message: "another seat's hidden value was shown"},
			Transcript: []Message{NewMessage(Received, sampleStart, seat, []byte(body))}}
	}
	r := sample(t)
	r.Meta.Games = []string{"inference", "bangarena"}
	r.Checks = append(r.Checks,
		Check{Name: "inference leak", Section: "Views", Rules: []string{"inference/visibility.no-peek"}, Status: Fail,
			Findings: []Finding{finding("inference/visibility.no-peek", `{"type":"your_turn","match_id":"m-1","round":12,"turn":3,"visible_state":`+leakyInference+`}`)}},
		Check{Name: "bangarena leak", Section: "Views", Rules: []string{"bangarena/11.redaction"}, Status: Fail,
			Findings: []Finding{finding("bangarena/11.redaction", leakyBang)}},
		Check{Name: "no leak", Section: "Views", Rules: []string{"bangarena/11.redaction"}, Status: Fail,
			Findings: []Finding{finding("bangarena/11.redaction", bangRequest(41))}},
	)
	page, doc, data := viewerPage(t, r)
	cell := func(name, column string, seatRow int) (string, bool) {
		tb := viewOf(t, &data, name).Steps[0].Table
		if tb == nil {
			t.Fatalf("%s: no table", name)
		}
		i := slices.Index(tb.Columns, column)
		if i < 0 || seatRow >= len(tb.Players) {
			return "", false
		}
		return tb.Players[seatRow][i], true
	}
	if got, ok := cell("inference leak", "value", 0); !ok || got != "88 "+leakedMark {
		t.Errorf("inference: the leaked value column of seat 0 is %q (column there: %v), want %q", got, ok, "88 "+leakedMark)
	}
	if got, ok := cell("bangarena leak", "hand shown", 1); !ok || !strings.Contains(got, "bang · "+leakedMark+" clubs (bang_09)") || !strings.Contains(got, "card back") {
		t.Errorf("bangarena: seat 1's hand shown is %q (column there: %v), want the leaked card face beside the back", got, ok)
	}
	if _, ok := cell("no leak", "hand shown", 1); ok {
		t.Error("a table without a leak has a hand shown column")
	}
	if bytes.Contains(page, []byte(leakedMark)) || bytes.Contains(page, []byte("<img")) {
		t.Error("the leaked markup is in the page raw")
	}
	imgs := 0
	for n := range doc.Descendants() {
		if n.Data == "img" {
			imgs++
		}
	}
	if imgs != 0 {
		t.Errorf("%d <img> elements in the page", imgs)
	}
}
