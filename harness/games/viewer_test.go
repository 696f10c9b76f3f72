package games

import (
	"bytes"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// TestGamesTeachTheViewer: every game's wiring hands the HTML report's
// viewer the shape of its messages (package reports keeps no list of
// games): a transcript of the game's sample message (its descriptor's
// ViewerSample) is told as that game and laid out as a table in the page's
// viewer data.
func TestGamesTeachTheViewer(t *testing.T) {
	for _, g := range All() {
		body := g.ViewerSample
		if body == "" {
			t.Errorf("%s gives no ViewerSample for this test", g.Name)
			continue
		}
		t.Run(g.Name, func(t *testing.T) {
			r := reports.New(reports.Meta{Version: "test", Kind: reports.KindConform, Games: []string{g.Name}}, nil)
			r.Checks = []reports.Check{{Name: "c", Status: reports.Fail, Findings: []reports.Finding{{
				Finding:    rules.Finding{Rule: g.Name + "/x", Level: rules.Must, Message: "m"},
				Transcript: []reports.Message{reports.NewMessage(reports.Received, r.Meta.Started, nil, []byte(body))},
			}}}}
			var b bytes.Buffer
			if err := reports.WriteHTML(&b, r); err != nil {
				t.Fatal(err)
			}
			page := b.String()
			if !strings.Contains(page, `"game":"`+g.Name+`"`) || !strings.Contains(page, `"table":{`) {
				t.Errorf("the viewer did not tell %s's message or lay out its table", g.Name)
			}
		})
	}
}
