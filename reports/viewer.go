package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The match viewer of the HTML report: a step-through view of the
// transcripts findings carry. The data is built here, in Go, as plain
// strings already made inert (control characters and bidi overrides shown
// as \uXXXX) and goes into the page as one JSON block (html/template
// escapes it for a <script type="application/json">); html/viewer.js only
// lays it out, with textContent. Every message is read tolerantly: a field
// that is missing or of an odd shape is shown as "—".
//
// Stable hooks for tests and people: section#viewer (data-view, data-step,
// class at-finding on the finding's step), script#viewer-data,
// ol#viewer-steps button.viewer-step (.current, .finding), #viewer-table
// (table.viewer-players, tr.you), #viewer-message pre.viewer-body,
// #viewer-expect, and a.view-step on each finding. Fragments:
// #view-ID-STEP opens a step, #solo-view-ID-STEP shows the viewer alone, and
// #viewer-walk makes the page click through its first transcript and record
// what it showed in data-viewer-walk (the browser test's hook).

// Limits that keep the viewer's data a reasonable size on huge runs.
const (
	viewerMaxViews = 40
	viewerMaxList  = 20
	viewerMaxText  = 300
	// viewerMaxBytes bounds the viewer's data in the page (JSON bytes):
	// views past it are left out and counted.
	viewerMaxBytes = 8 << 20
	// A whole match's transcript (Match.Transcript, umpire replay) keeps
	// at most this many steps and bytes.
	viewerMaxMatchSteps = 2000
	viewerMaxMatchBytes = 4 << 20
)

// viewerData is what the page's viewer steps through.
type viewerData struct {
	Views []viewerView `json:"views"`
	// More counts transcripts left out (viewerMaxViews, viewerMaxBytes).
	More int `json:"more,omitempty"`
}

// viewerView is one transcript: the finding that carries it, or a whole
// match (Finding -1), and its steps.
type viewerView struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Game  string `json:"game"`
	Rule  string `json:"rule"`
	Level string `json:"level"`
	// Known is the known-failing reason of an excused MUST finding.
	Known    string `json:"known,omitempty"`
	Message  string `json:"message"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
	// Finding is the index of the step the finding is about, -1 for a
	// match's transcript.
	Finding int          `json:"finding"`
	Steps   []viewerStep `json:"steps"`
	// More counts messages left out (htmlMaxTranscript, or the match
	// limits).
	More int `json:"more,omitempty"`
}

// viewerStep is one message of a transcript.
type viewerStep struct {
	Dir  string `json:"dir"`
	At   string `json:"at,omitempty"`
	Seat string `json:"seat,omitempty"`
	Kind string `json:"kind"`
	Body string `json:"body"`
	// Table is the state this message carried, if any.
	Table *ViewerTable `json:"table,omitempty"`
	// State is the index of the step whose table applies here (the latest
	// state the same seat saw, this step's own included), -1 when none.
	State int `json:"state"`
}

// ViewerTable is the table as a seat saw it, game-neutral: facts, one row
// per player, and lists (actions, messages, history, hand, events…).
type ViewerTable struct {
	Game    string       `json:"game"`
	Facts   []ViewerFact `json:"facts"`
	Columns []string     `json:"columns"`
	Players [][]string   `json:"players"`
	// You is the row of the seat itself, -1 when unknown.
	You   int          `json:"you"`
	Lists []ViewerList `json:"lists"`
}

// ViewerFact is one fact of a table ("pot", "12").
type ViewerFact struct {
	K string `json:"k"`
	V string `json:"v"`
}

// ViewerList is one list of a table (LastItems keeps its last items).
type ViewerList struct {
	Title string   `json:"title"`
	Items []string `json:"items"`
	// More counts items left out (viewerMaxList).
	More int `json:"more,omitempty"`
}

// viewerLink is where a finding's "view step" link points.
type viewerLink struct {
	ID   string
	Step int
}

// Anchor is the link's fragment, e.g. "view-v3-2".
func (l viewerLink) Anchor() string { return fmt.Sprintf("view-%s-%d", l.ID, l.Step) }

// Human is the 1-based step number shown to people.
func (l viewerLink) Human() int { return l.Step + 1 }

// viewer is the viewer's data and the links of the findings into it.
type viewer struct {
	Data  *viewerData
	links map[*Finding]viewerLink
}

// linkTo returns the link of a finding of the report, nil when the finding
// has no view.
func (v *viewer) linkTo(f *Finding) *viewerLink {
	if v == nil {
		return nil
	}
	if l, ok := v.links[f]; ok {
		return &l
	}
	return nil
}

// newViewer builds the viewer's data: one view per finding with a
// transcript, in report order, then one per match that kept its whole
// transcript; at most viewerMaxViews and viewerMaxBytes.
func newViewer(r *Report) *viewer {
	v := &viewer{Data: &viewerData{Views: []viewerView{}}, links: map[*Finding]viewerLink{}}
	size := 0
	add := func(vw viewerView) bool {
		b, err := json.Marshal(vw)
		if err != nil || size+len(b) > viewerMaxBytes {
			v.Data.More++
			return false
		}
		size += len(b)
		v.Data.Views = append(v.Data.Views, vw)
		return true
	}
	for ci := range r.Checks {
		c := &r.Checks[ci]
		for fi := range c.Findings {
			f := &c.Findings[fi]
			if len(f.Transcript) == 0 {
				continue
			}
			if len(v.Data.Views) == viewerMaxViews {
				v.Data.More++
				continue
			}
			vw := transcriptView(fmt.Sprintf("v%d", len(v.Data.Views)), c, f)
			if add(vw) {
				v.links[f] = viewerLink{ID: vw.ID, Step: vw.Finding}
			}
		}
	}
	for i := range r.Matches {
		m := &r.Matches[i]
		if len(m.Transcript) == 0 {
			continue
		}
		if len(v.Data.Views) == viewerMaxViews {
			v.Data.More++
			continue
		}
		add(matchView(fmt.Sprintf("v%d", len(v.Data.Views)), m, min(viewerMaxMatchBytes, viewerMaxBytes-size)))
	}
	return v
}

// matchView builds the view of a match's whole transcript, its steps
// within maxBytes of JSON.
func matchView(id string, m *Match, maxBytes int) viewerView {
	title := fmt.Sprintf("whole match · seed %s #%d · %s vs %s, seat %d · %s", m.Seed, m.Index, m.Agent, m.Adversary, m.Seat, m.Termination)
	vw := viewerView{ID: id, Title: inert.String(clipRunes(title, viewerMaxText)), Finding: -1}
	vw.Steps, vw.Game, vw.More, _ = viewSteps(m.Transcript, viewerMaxMatchSteps, maxBytes)
	return vw
}

// transcriptView builds the view of one finding's transcript.
func transcriptView(id string, c *Check, f *Finding) viewerView {
	title := c.Name + " · " + f.Rule
	if c.Seed != "" {
		title += " · seed " + c.Seed
	}
	vw := viewerView{ID: id, Title: inert.String(clipRunes(title, viewerMaxText)), Rule: inert.String(clipRunes(f.Rule, viewerMaxText)),
		Level: string(f.Level), Message: clip(f.Message, htmlMaxBody),
		Expected: clip(valueText(f.Expected), htmlMaxBody), Got: clip(valueText(f.Got), htmlMaxBody)}
	if f.Level == rules.Must && f.Known != "" {
		vw.Known = clip(f.Known, 500)
	}
	var bodies []any
	vw.Steps, vw.Game, vw.More, bodies = viewSteps(f.Transcript, htmlMaxTranscript, viewerMaxBytes)
	ts := f.Transcript[:len(vw.Steps)]
	vw.Finding = findingStep(f.Where, ts, bodies)
	return vw
}

// viewSteps builds the steps of a transcript: at most maxSteps, and no
// more than fit in maxBytes of JSON (the first one always); more counts
// the messages left out, bodies holds the decoded messages of the steps.
func viewSteps(ts []Message, maxSteps, maxBytes int) (steps []viewerStep, game string, more int, bodies []any) {
	if len(ts) > maxSteps {
		more = len(ts) - maxSteps
		ts = ts[:maxSteps]
	}
	bodies = make([]any, 0, len(ts))
	size := 0
	lastState := map[string]int{}
	shapes := viewerShapes()
	for i, m := range ts {
		b := decodeBody(m.Body)
		st := viewerStep{Dir: string(m.Dir), Body: prettyBody(m), State: -1}
		if !m.At.IsZero() {
			st.At = viewerTime(m.At)
		}
		seatKey := ""
		if m.Seat != nil {
			st.Seat = strconv.Itoa(*m.Seat)
			seatKey = st.Seat
		}
		shape := shapeOf(shapes, b)
		if game == "" && shape != nil {
			game = shape.game
		}
		st.Kind = kindOf(shape, b, m)
		if shape != nil {
			st.Table = shape.table(b)
		}
		if st.Table != nil {
			lastState[seatKey] = i
		}
		if j, ok := lastState[seatKey]; ok {
			st.State = j
		} else if j, ok := lastState[""]; ok {
			st.State = j
		}
		if n, err := json.Marshal(st); err == nil {
			size += len(n)
		}
		if size > maxBytes && len(steps) > 0 {
			more += len(ts) - i
			break
		}
		steps = append(steps, st)
		bodies = append(bodies, b)
	}
	return steps, game, more, bodies
}

// prettyBody is a message for display: JSON indented, text as it came, made
// inert and clipped.
func prettyBody(m Message) string {
	s := m.Content()
	if len(m.Body) > 0 {
		var b bytes.Buffer
		if json.Indent(&b, m.Body, "", "  ") == nil {
			s = strings.ToValidUTF8(b.String(), "\uFFFD")
		}
	}
	return clip(s, htmlMaxBody) + m.flag()
}

// decodeBody decodes a JSON body into maps, slices, strings, bools and
// json.Numbers; nil for no body or one that does not decode.
func decodeBody(b json.RawMessage) any {
	if len(b) == 0 {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil
	}
	return v
}

var versionStep = regexp.MustCompile(`version (\d+)`)

// findingStep picks the step a finding is about: the last message that
// agrees with the finding's place (seat, round, turn, observation version)
// on at least one of round, turn or version, preferring what umpire
// received (the judged party's message, in certification and conformance
// alike); without such a message, the last one received; else the last.
func findingStep(w rules.Where, ts []Message, bodies []any) int {
	version := -1
	if m := versionStep.FindStringSubmatch(w.Step); m != nil {
		version, _ = strconv.Atoi(m[1])
	}
	best, bestRecv, lastRecv := -1, -1, -1
	for i, m := range ts {
		if m.Dir == Received {
			lastRecv = i
		}
		if w.Seat != nil && m.Seat != nil && *w.Seat != *m.Seat {
			continue
		}
		b := bodies[i]
		agree, clash := 0, false
		compare := func(want int, paths ...[]string) {
			for _, p := range paths {
				if n, ok := intAt(b, p...); ok {
					if n == want {
						agree++
					} else {
						clash = true
					}
					return
				}
			}
		}
		if w.Round > 0 {
			compare(w.Round, []string{"round"}, []string{"visible_state", "round"}, []string{"event", "round"})
		}
		if w.Turn != nil {
			compare(*w.Turn, []string{"turn"}, []string{"visible_state", "turn", "turn"}, []string{"event", "turn"})
		}
		if version >= 0 {
			compare(version, []string{"observationVersion"}, []string{"observation", "version"}, []string{"version"})
		}
		if agree == 0 || clash {
			continue
		}
		best = i
		if m.Dir == Received {
			bestRecv = i
		}
	}
	switch {
	case bestRecv >= 0:
		return bestRecv
	case best >= 0:
		return best
	case lastRecv >= 0:
		return lastRecv
	}
	return max(0, len(ts)-1)
}

// viewerShape is one game's messages as the viewer reads them: how to tell
// one by its shape, and the table it carries. The viewer knows a game only
// through its shape; the name is shown, never compared.
type viewerShape struct {
	// game is the name the view shows.
	game string
	// strong tells a message of the game by a field no other game's message
	// has; weak by a field that only tells when no strong one did.
	strong, weak func(b any) bool
	// table is the table a message carried, nil when it carried none.
	table func(b any) *ViewerTable
	// bareView: a body with a phase and nothing that names it otherwise is
	// the game's player view.
	bareView bool
}

// shapeOf tells the game of a message from its shape, nil when none tells.
func shapeOf(shapes []*viewerShape, b any) *viewerShape {
	for _, s := range shapes {
		if s.strong(b) {
			return s
		}
	}
	for _, s := range shapes {
		if s.weak(b) {
			return s
		}
	}
	return nil
}

// kindOf names a message in a word or three, e.g. "your_turn", "move:
// raise 5" or "DecisionRequest v41".
func kindOf(shape *viewerShape, b any, m Message) string {
	if b == nil {
		if len(m.Body) == 0 {
			if strings.HasPrefix(m.Text, "umpire: ") {
				return "umpire's note"
			}
			return "text"
		}
		return "message"
	}
	k := ""
	switch {
	case at(b, "type") != nil:
		k = show(at(b, "type"))
		switch k {
		case "move":
			k += ": " + show(at(b, "action"))
			if n := at(b, "amount"); n != nil {
				k += " " + show(n)
			}
		case "event":
			k += ": " + show(at(b, "event", "type"))
		case "error":
			k += ": " + show(at(b, "code"))
		}
	case at(b, "observation") != nil:
		k = "DecisionRequest v" + show(at(b, "observationVersion"))
	case at(b, "actionId") != nil:
		k = "decision " + show(at(b, "actionId"))
	case at(b, "error") != nil:
		k = "error: " + show(at(b, "error", "code"))
	case at(b, "method") != nil:
		k = show(at(b, "method"))
		if n := at(b, "params", "name"); n != nil {
			k += " " + show(n)
		}
	case at(b, "result") != nil:
		k = "result"
	case at(b, "ok") != nil:
		k = "answer ok " + show(at(b, "ok"))
	case shape != nil && shape.bareView && at(b, "phase") != nil:
		k = "PlayerView"
	default:
		k = "message"
	}
	return clipRunes(k, 80)
}

// at walks maps by key; nil when a step is missing or not a map.
func at(v any, path ...string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// has reports whether the key at path exists (its value may be null).
func has(v any, path ...string) bool {
	if len(path) == 0 {
		return v != nil
	}
	m, ok := at(v, path[:len(path)-1]...).(map[string]any)
	if !ok {
		return false
	}
	_, ok = m[path[len(path)-1]]
	return ok
}

// intAt reads an integer at path.
func intAt(v any, path ...string) (int, bool) {
	n, ok := at(v, path...).(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n.String())
	return i, err == nil
}

// show renders a value on one line, inert and clipped: "—" for missing or
// null, "yes"/"no" for booleans, compact JSON for objects and lists.
func show(v any) string {
	switch v := v.(type) {
	case nil:
		return "—"
	case string:
		if v == "" {
			return "—"
		}
		return inert.String(clipRunes(v, viewerMaxText))
	case json.Number:
		return inert.String(clipRunes(v.String(), 40))
	case bool:
		if v {
			return "yes"
		}
		return "no"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "—"
	}
	return inert.String(clipRunes(string(b), viewerMaxText))
}

// list returns the items of a JSON list, nil when v is not one.
func list(v any) []any {
	l, _ := v.([]any)
	return l
}

// lastItems keeps the last viewerMaxList items of a list, counting the rest.
func lastItems(title string, items []string) ViewerList {
	l := ViewerList{Title: title, Items: items}
	if n := len(items); n > viewerMaxList {
		l.More = n - viewerMaxList
		l.Items = items[n-viewerMaxList:]
	}
	if l.Items == nil {
		l.Items = []string{}
	}
	return l
}

// clipRunes shortens s to at most n runes, marking the cut.
func clipRunes(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= n {
		return s
	}
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// viewerTime is a message time as the viewer shows it.
func viewerTime(t time.Time) string { return t.UTC().Format("15:04:05.000") }

// parseViewer adds the viewer's template (html/viewer.html.tmpl, which
// defines "viewer" and "view-step") to the report's.
func parseViewer(t *template.Template) (*template.Template, error) {
	b, err := htmlFiles.ReadFile("html/viewer.html.tmpl")
	if err != nil {
		return nil, err
	}
	return t.Parse(string(b))
}

// viewerAsset is the viewer's CSS or JS, appended to the report's own.
func viewerAsset(ext string) string {
	b, _ := htmlFiles.ReadFile("html/viewer." + ext)
	return "\n" + string(b)
}
