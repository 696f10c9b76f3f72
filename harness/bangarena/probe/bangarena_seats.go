package probe

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/bangarena/legaldiff"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/bangarena/judge"
	baverify "github.com/umpire-arena/umpire/referee/bangarena/verify"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
	"github.com/umpire-arena/umpire/schemas"
)

// The judge of the seats' evidence (issue 27, part 2). A server whose room
// log deals no match (no match_start with the table's config: its log is
// its own, or it offers none) is judged from what the suite's seats saw:
// each seat's first observation (its role, the characters, its opening
// hand), every event any seat saw merged by seq with the log's when there
// is one, and every decision the suite sent with the server's answer. The
// engine re-derives the room with its chance taken from that evidence
// (judge.NewSeen: what nobody saw is never guessed; a replay that reaches
// it stops there, inconclusive, and says why), and every observation a
// seat was asked to decide on is compared field by field and item by item
// with the engine's view of the same moment.

// baSent is one decision the session sent: the request it answered, what
// it sent and the server's answer.
type baSent struct {
	seen     baSeen
	actionID string
	args     json.RawMessage
	status   int
	answer   []byte
}

func baCheckSeats(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, func(s *baSession) conform.Result {
		if baSeatsPartial(s) {
			return baCheckSeatsPartial(ctx, s)
		}
		return baCheckSeatsOne(s)
	})
}

// baLogLacksDecision reports, where the room log parts from the engine at
// a decision the engine applied (the server's answer applied it) and the
// log shows another event there, the finding of a log that is not the
// match (bangarena/server.replay).
func baLogLacksDecision(t *baEventTrail, g *ba.Game) (reports.Finding, bool) {
	evs := g.EventsFrom(t.diverged)
	if len(evs) == 0 || evs[0].Type != "decision" {
		return reports.Finding{}, false
	}
	d := evs[0]
	got := "the end of the log"
	if t.diverged < len(t.log) {
		l := t.log[t.diverged]
		if l.Type == "decision" {
			return reports.Finding{}, false // another decision: the log verifier's
		}
		got = l.Type
	}
	seat := d.Seat
	return conform.NewFinding("bangarena/server.replay", rules.Where{Seat: &seat, Step: fmt.Sprintf("log event %d", t.diverged+1)}, map[string]any{"type": "decision", "seat": d.Seat, "actionId": d.ActionID}, got,
		"the room log does not show seat %d's decision %q, which the server applied", d.Seat, d.ActionID), true
}

// baLogTrail follows the room log when it deals the match (it decodes in
// the engine's shapes and opens with match_start's config), else nil.
func baLogTrail(s *baSession) *baEventTrail {
	if s.logErr != nil || len(s.log) == 0 {
		return nil
	}
	events, err := ba.DecodeLog(s.log)
	if err != nil {
		return nil
	}
	if _, ok := ba.ConfigOf(events); !ok {
		return nil
	}
	return newBaEventTrail(events)
}

// baDecodeLoose decodes a log of events, one JSON object a line, reading
// around fields that are not of the engine's shapes (a field of another
// type is left out) and skipping lines that are no object at all.
func baDecodeLoose(data []byte) []ba.Event {
	var out []ba.Event
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var e ba.Event
		if json.Unmarshal(line, &e) == nil {
			out = append(out, e)
			continue
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(line, &m) != nil {
			continue
		}
		for k := range m {
			one, _ := json.Marshal(map[string]json.RawMessage{k: m[k]})
			if json.Unmarshal(one, new(ba.Event)) != nil {
				delete(m, k)
			}
		}
		b, _ := json.Marshal(m)
		if json.Unmarshal(b, &e) == nil {
			out = append(out, e)
		}
	}
	return out
}

// baEvidence gathers what the suite saw of one session room: the room log
// when the server offers one (a full log deals the match and shows every
// outcome; a log of its own shape or a public one shows what it shows) and
// each seat's stream, merged by the one judge (judge.Gather).
func baEvidence(s *baSession) (judge.Evidence, string) {
	src, why := baSources(s)
	if why != "" {
		return judge.Evidence{}, why
	}
	ev := judge.Gather(src)
	ev.Config.Faces = baFaces(ev.Events, baSeenAll(s))
	return ev, ""
}

// baSeenAll is every observation the suite had of s, in order: the
// opening ones, then those its decisions answered.
func baSeenAll(s *baSession) []baSeen {
	all := slices.Concat(s.opening, nil)
	for _, x := range s.sent {
		all = append(all, x.seen)
	}
	return all
}

// baSources is what the suite saw of s, as the judge's sources: the room
// log when there is one, each held seat's stream.
func baSources(s *baSession) (judge.Sources, string) {
	var src judge.Sources
	if s.logErr == nil && len(s.log) > 0 {
		src.Log = baDecodeLoose(s.log)
	}
	if len(s.opening) == 0 {
		return src, "no seat was observed before the first decision"
	}
	first := s.opening[0].Req.Observation
	n := len(first.Players)
	if cfg, ok := ba.ConfigOf(src.Log); ok && cfg.Seats == n {
		src.Config = cfg // the log deals the match: its table
	} else {
		src.Config = ba.Config{Seats: n, RoleMode: cmp.Or(first.RoleMode, ba.ModeClassic)}
	}
	all := baSeenAll(s)
	streams := map[int]*judge.SeatStream{}
	stream := func(seat int) *judge.SeatStream {
		if streams[seat] == nil {
			streams[seat] = &judge.SeatStream{Seat: seat}
		}
		return streams[seat]
	}
	for _, x := range s.opening {
		if !baSeatsReadable(x.Gaps) {
			return src, fmt.Sprintf("seat %d's first observation did not read in the engine's shapes: %v", x.Seat, x.Gaps.Fields())
		}
		o := x.Req.Observation
		if x.Seat < 0 || x.Seat >= n || len(o.Players) != n {
			return src, fmt.Sprintf("seat %d's first observation shows %d players", x.Seat, len(o.Players))
		}
		st, me := stream(x.Seat), o.Players[x.Seat]
		if me.RoleID != nil {
			st.Role = *me.RoleID
		}
		st.Char = me.CharacterID
		st.Hand = []string{}
		for _, c := range me.Hand {
			st.Hand = append(st.Hand, c.UID)
		}
		for _, e := range o.Events {
			st.HandAt = max(st.HandAt, e.Seq)
		}
		if me.RoleID != nil && *me.RoleID == ba.RoleMarshal {
			st.Briefed = baKnownSeats(x.Raw)
		}
	}
	for _, x := range all {
		o := x.Req.Observation
		st := stream(x.Seat)
		st.Events = append(st.Events, o.Events)
		if c := o.PendingChoice; c != nil && c.Kind == "look_top" && c.Seat == x.Seat && len(c.Cards) > 0 {
			l := judge.Look{Seat: x.Seat}
			for _, e := range o.Events {
				l.After = max(l.After, e.Seq)
			}
			for _, k := range c.Cards {
				l.Cards = append(l.Cards, k.UID)
			}
			st.Looks = append(st.Looks, l)
		}
	}
	stream(s.final.Observation.You).Events = append(stream(s.final.Observation.You).Events, s.final.Observation.Events)
	for _, seat := range slices.Sorted(maps.Keys(streams)) {
		src.Seats = append(src.Seats, *streams[seat])
	}
	return src, ""
}

// baApplied is the item the server applied for a sent decision (its
// replacement of an illegal answer included) and whether it applied one.
func baApplied(x baSent) (string, json.RawMessage, bool) {
	if x.status != http.StatusOK || !schemas.ValidJSON(x.answer) {
		return "", nil, false
	}
	a := gjson.ParseBytes(x.answer)
	if a.Get("duplicate").Bool() || a.Get("error").Exists() {
		return "", nil, false
	}
	if a.Get("random").Bool() || a.Get("replaced").Bool() {
		id := a.Get("replacedBy").String()
		if id == "" {
			id = a.Get("appliedActionId").String()
		}
		return id, nil, id != ""
	}
	if id := a.Get("actionId").String(); id != "" && id != x.actionID {
		return id, nil, true
	}
	return x.actionID, x.args, true
}

// baCheckSeatsRead judges a session room from the seats' evidence, the
// engine reading I-BA-27's order otherwise when choicesAfterQueue is set
// (ba.Readings.ChoicesAfterQueue).
func baCheckSeatsRead(s *baSession, choicesAfterQueue bool) conform.Result {
	ev, why := baEvidence(s)
	if why != "" {
		return conform.Skip("the seats' evidence cannot deal the match: %s", why)
	}
	ev.Config.Readings.ChoicesAfterQueue = ev.Config.Readings.ChoicesAfterQueue || choicesAfterQueue
	shown, unseen := judge.NewSeen(ev)
	g, err := ba.NewTrackedGameWith(ev.Config, "", shown)
	if err != nil {
		return conform.Errored(err)
	}
	var res conform.Result
	res.Eval(baverify.BangArenaModeRules(ev.Config)...)
	fieldsShown := map[string]bool{}
	// Where the room log deals the match, the judge follows it event by
	// event: once it shows an event the rules do not produce there, the
	// log verifier names the rule of that break (one bug, one finding),
	// and the seats' views, which follow the server's match, are not
	// compared past it.
	trail, stop := baLogTrail(s), ""
	logParts := func() bool {
		if trail == nil || trail.agree(g) {
			return false
		}
		stop = fmt.Sprintf("the room log parts from the engine at its event %d: the log verifier names the rule", trail.diverged+1)
		if f, ok := baLogLacksDecision(trail, g); ok {
			// The log does not show a decision the server applied (its
			// answer to the suite said so): the log is not the match.
			res.Findings = append(res.Findings, f)
		}
		return true
	}
	if !logParts() {
		stop = baSeatsDeal(&res, g, s.opening, ev)
	}
	if other, ok := baSeatsOtherReading(res.Findings, ev.Config); ok && stop != "" {
		// The server reads a gap otherwise (reported above, SHOULD):
		// the rest of the room is judged by its reading.
		ev.Config = other
		shown, unseen = judge.NewSeen(ev)
		if g, err = ba.NewTrackedGameWith(ev.Config, "", shown); err != nil {
			return conform.Errored(err)
		}
		var again conform.Result
		if stop = baSeatsDeal(&again, g, s.opening, ev); stop != "" {
			res.Findings = append(res.Findings, again.Findings...)
		}
	}
	compared, agreed := 0, 0 // decisions compared; engine events agreed up to
	lastVer := -1
	var pending []judge.Problem // outcomes judged at the next request
	var pendingAt rules.Where
	parted := false
	window := 6 // the requests after a pending outcome the states may part in
	for i, x := range s.sent {
		if stop != "" || logParts() {
			break
		}
		applied, args, ok := baApplied(x)
		if !ok {
			continue
		}
		if lastVer >= 0 && x.seen.Version != lastVer {
			stop = fmt.Sprintf("the server applied an action the suite did not send before decision %d (version %d → %d)", i, lastVer, x.seen.Version)
			break
		}
		lastVer = int(gjson.GetBytes(x.answer, "observationVersion").Int())
		if !gjson.GetBytes(x.answer, "observationVersion").Exists() {
			lastVer = -1
		}
		seat := x.seen.Seat
		where := rules.Where{Seat: &seat, Step: fmt.Sprintf("decision %d (version %d)", i, x.seen.Version)}
		if dec, asked := g.Decider(); !asked || dec != seat {
			stop = fmt.Sprintf("at decision %d the engine's decider is not seat %d", i, seat)
			if f, ok := baSeatsOtherDecider(g, x, applied, args, where); ok {
				// Which seat goes first is a reading (I-BA-27) the server
				// takes otherwise: reported (SHOULD), and the rest of the
				// room follows another order than the engine's.
				res.Findings = append(res.Findings, f)
				stop += " (the server reads I-BA-27 otherwise, reported above: the room is judged again on its reading)"
			}
			break
		}
		// A choice's id is the server's own name for it (§13 names no
		// form): the server's is read as the engine's pending one.
		x.seen = baSeatsRenameChoice(g, x.seen)
		applied, args = baRenameChoiceIn(x.seen.renamed, applied, args)
		n := len(res.Findings)
		compared++
		baSeatsCompareAt(&res, g, x.seen, where, fieldsShown, agreed, false, trail != nil)
		if pending != nil && len(res.Findings) == n {
			if window--; window <= 0 {
				break // the outcome is reported below
			}
		}
		read := baSeatsOnReading(res.Findings[n:])
		if len(res.Findings) > n && read == nil {
			parted = true
			// The states part here: what follows would only repeat it.
			stop = fmt.Sprintf("the server's state parted from the engine's at decision %d (%s)", i, res.Findings[n].Rule)
			break
		}
		agreed = g.EventCount()
		if err := g.Apply(seat, applied, args); err != nil {
			if read[applied] {
				// The seat took an item the server offers on its reading of
				// a gap (reported above, SHOULD): the engine, on umpire's,
				// cannot follow the room past it.
				stop = fmt.Sprintf("at decision %d seat %d took %q, which the server offers on its own reading of a gap (reported) and the engine does not allow", i, seat, applied)
				break
			}
			res.Findings = append(res.Findings, conform.NewFinding(baDecisionRule(err), where, "a decision the engine accepts", applied,
				"the server applied %q, which the engine refuses here: %v", applied, err))
			return res
		}
		p := shown.Problems()
		if why := shown.Unseen(); why != "" {
			// The replay reached an outcome the evidence does not settle
			// (a card nobody saw): what it answered from there on is a
			// stand-in, so the views are not compared past it, and the
			// problems after it are its consequences (I-BA-V9). Those
			// before it are outcomes that could not have happened.
			for _, q := range p[len(pending):shown.UnseenAt()] {
				res.Findings = append(res.Findings, conform.NewFinding(q.Rule, where, "an outcome the rules allow", q.Message, "%s (seq %d)", q.Message, q.Seq))
			}
			stop = why
			break
		}
		if len(p) > 0 && unseen != "" {
			stop = unseen
			break
		} else if len(p) > 0 && trail != nil {
			stop = "an outcome the room log shows could not have happened: the log verifier names its rule"
			break
		} else if len(p) > 0 && pending == nil {
			// An outcome the engine asked for that the server did not
			// show, or could not have given: judged over the next few
			// requests, where a state that parts names the rule of the
			// divergence (the outcome only followed from it).
			pending, pendingAt = p, where
		}
	}
	if pending != nil && !parted && s.final.Observation.Players != nil {
		// The last view the suite had: the end, where the states may part.
		seat := s.final.Observation.You
		x := baSeen{Seat: seat, Req: s.final}
		n := len(res.Findings)
		baSeatsCompareAt(&res, g, x, rules.Where{Seat: &seat, Step: "the end"}, fieldsShown, agreed, true, trail != nil)
		parted = len(res.Findings) > n
	}
	if pending != nil && !parted {
		for _, q := range pending {
			res.Findings = append(res.Findings, conform.NewFinding(q.Rule, pendingAt, "an outcome the rules allow", q.Message, "%s (seq %d)", q.Message, q.Seq))
		}
		stop = cmp.Or(stop, "an outcome of chance the server showed could not have happened")
	}
	if compared == 0 && len(res.Findings) == 0 {
		return conform.Skip("no decision the suite sent could be re-derived: %s", stop)
	}
	res.Eval("bangarena/server.replay")
	if stop == "" && trail != nil && !trail.agree(g) && !baOnlyEndDiffers(trail, g) {
		logParts()
	}
	if stop == "" && g.Over() && s.final.Observation.WinnerTeam != nil {
		team, seats := g.Winners()
		res.Eval(baWinRule(team, seats))
		if *s.final.Observation.WinnerTeam != team || !sameInts(seats, s.final.Observation.WinnerSeats) {
			res.Findings = append(res.Findings, conform.NewFinding(baWinRule(team, seats), rules.Where{}, map[string]any{"team": team, "seats": seats},
				map[string]any{"team": *s.final.Observation.WinnerTeam, "seats": s.final.Observation.WinnerSeats}, "the re-derived winners differ from the winners the server showed"))
		} else if len(res.Findings) == 0 {
			agreed = g.EventCount() // the end agrees too
		}
	}
	// Every event of the engine up to the last agreement was compared,
	// through the state each seat saw, with the server's play.
	for _, e := range g.EventsFrom(0)[:agreed] {
		res.Eval(baverify.BangArenaEventRules(&e, ev.Config)...)
	}
	for id := range g.Evaluated() {
		res.Eval(id)
	}
	if stop != "" {
		for _, id := range baSeatsRules() {
			if res.Evaluated[id] == 0 {
				res.NoteNotExercised(id, "the judge of the seats' evidence stopped, inconclusive: "+stop)
			}
		}
	}
	return res
}

// baSeatsCompareAt compares the observation x with the engine at the same
// moment: every field (a divergence is charged to the rule that emitted
// the engine's latest event since the last agreement touching the seat of
// the field, else to the field's rule) and the legal items. With
// causedOnly (a view taken while the engine stands elsewhere, as at the
// end after an outcome the server did not show) only the fields an engine
// event since the agreement changed are compared, and no items. With
// logAgrees (the room log follows the engine event for event up to here)
// a field that differs is the view's own break, charged to the field's
// rule: the play it shows is the rules'.
func baSeatsCompareAt(res *conform.Result, g *ba.Game, x baSeen, where rules.Where, shown map[string]bool, agreed int, causedOnly, logAgrees bool) {
	if !baSeatsReadable(x.Gaps) {
		return
	}
	diffs, evaluated := baViewFields(g.View(x.Seat), x.Req.Observation)
	res.Eval(evaluated...)
	since := g.EventsFrom(agreed)
	for _, d := range diffs {
		if shown[d.path] {
			continue
		}
		shown[d.path] = true
		rule := d.rule
		if rule == "bangarena/11.fields" && !logAgrees {
			rule = baSeatsCause(g, since, d.path)
		}
		if causedOnly && (d.rule != "bangarena/11.fields" || rule == d.rule) {
			continue
		}
		f := conform.NewFinding(rule, where, d.want, d.got, "the observation's %s differs from the state the seats' evidence re-derives", d.path)
		seat := x.Seat
		f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
		res.Findings = append(res.Findings, f)
	}
	if len(diffs) > 0 || causedOnly {
		return // the items follow from the state, which parted already
	}
	res.Eval("bangarena/server.legal-actions", "bangarena/13.action-ids")
	res.Findings = append(res.Findings, baItemDiff(g, x, where, func(id string) string {
		if !legaldiff.ActionIDFormed(id) {
			return "bangarena/13.action-ids"
		}
		if err := g.Clone().Apply(x.Seat, id, nil); err != nil {
			return cmp.Or(rules.RuleOf(err), "bangarena/server.legal-actions")
		}
		return "bangarena/server.legal-actions"
	})...)
}

// baSeatsCause names the rule of the engine's latest event in since that
// changes the field at path ("players[3].hp": a damage, heal, deal or
// perk of seat 3), by the engine's own cause attribution, else by the
// event's rule area. The field's own rule stands when no event does.
func baSeatsCause(g *ba.Game, since []ba.Event, path string) string {
	seat, field := -1, path
	if strings.HasPrefix(path, "players[") {
		fmt.Sscanf(path, "players[%d]", &seat)
		field = path[strings.IndexByte(path, '.')+1:]
	}
	types := baFieldEvents[field]
	for i := len(since) - 1; i >= 0; i-- {
		e := &since[i]
		if !slices.Contains(types, e.Type) || seat >= 0 && e.Seat != seat && e.TargetSeat != seat && e.FromSeat != seat {
			continue
		}
		if r := g.Cause(e.Seq); r != "" {
			return r
		}
		return baverify.BangArenaEventRule(e)
	}
	return "bangarena/11.fields"
}

// baFieldEvents are the engine's events that change each compared field.
var baFieldEvents = map[string][]string{
	"hp":           {"damage", "heal", "deal", "glory_perk", "eliminated"},
	"maxHp":        {"deal", "glory_perk"},
	"alive":        {"eliminated", "damage"},
	"handCount":    {"draw", "take", "discard", "card_played", "kill_penalty", "glory_bounty", "deal"},
	"hand":         {"draw", "take", "discard", "card_played", "kill_penalty", "glory_bounty", "deal"},
	"inPlayCards":  {"card_played", "discard", "take", "draw", "kill_penalty", "check"},
	"weaponCardId": {"card_played", "discard", "take", "draw", "kill_penalty"},
	"glory":        {"glory_star", "glory_perk", "glory_bounty"},
	"deckCount":    {"draw", "check", "reshuffle", "glory_bounty", "take"},
	"discardCount": {"discard", "card_played", "check", "reshuffle", "draw", "kill_penalty"},
}

// baSeatsRules are the rules the judge of the seats' evidence may charge
// or evaluate: the log verifier's, the fields', the legal lists' and the
// winners'.
func baSeatsRules() []string {
	out := slices.Concat(baverify.BangArenaRuleIDs(), ba.EvaluatedRuleIDs(), []string{"bangarena/server.legal-actions", "bangarena/server.replay", "bangarena/13.action-ids",
		"bangarena/3.phases", "bangarena/3.turn-order", "bangarena/7.pending-shape", "bangarena/7.queue-order", "bangarena/13.choices", "bangarena/11.fields",
		"bangarena/10.law-wins", "bangarena/10.marshal-dead", "bangarena/10.sole-survivor", "bangarena/10.partners-lones",
		"bangarena/1.legal-only", "bangarena/12.decider", "bangarena/12.one-decider", "bangarena/12.args", "bangarena/12.args-contradict",
		"bangarena/13.discard-args", "bangarena/13.choice-alone", "bangarena/4.self-target"})
	slices.Sort(out)
	return slices.Compact(out)
}

// baSeatsRenameChoice returns x with the server's pending choice id
// replaced by the engine's in its observation and legal items (renamed
// holds the pair, empty when they agree or there is none).
func baSeatsRenameChoice(g *ba.Game, x baSeen) baSeen {
	got := x.Req.Observation.PendingChoice
	want := g.View(x.Seat).PendingChoice
	if got == nil || want == nil || got.ChoiceID == want.ChoiceID || got.ChoiceID == "" {
		return x
	}
	x.renamed = [2]string{got.ChoiceID, want.ChoiceID}
	c := *got
	c.ChoiceID = want.ChoiceID
	x.Req.Observation.PendingChoice = &c
	items := slices.Clone(x.Req.LegalActions)
	for i := range items {
		items[i].ActionID, _ = baRenameChoiceIn(x.renamed, items[i].ActionID, nil)
	}
	x.Req.LegalActions = items
	return x
}

// baRenameChoiceIn renames choice id r[0] to r[1] in an actionId
// ("glory:gl-1:heart") and in args.
func baRenameChoiceIn(r [2]string, id string, args json.RawMessage) (string, json.RawMessage) {
	if r[0] == "" {
		return id, args
	}
	parts := strings.Split(id, ":")
	if len(parts) > 1 && parts[1] == r[0] {
		parts[1] = r[1]
	}
	if len(args) > 0 {
		old, _ := json.Marshal(r[0])
		nw, _ := json.Marshal(r[1])
		args = bytes.ReplaceAll(args, old, nw)
	}
	return strings.Join(parts, ":"), args
}

// baFaces are the suit and rank of every card the server showed (in an
// event, a hand, a card in play, a look at the top): its own assignment of
// the pack's suits, which the checks of §8 read.
func baFaces(events []ba.Event, seen []baSeen) map[string]ba.Card {
	out := map[string]ba.Card{}
	add := func(c ba.Card) {
		if c.UID != "" && c.Suit != "" {
			out[c.UID] = c
		}
	}
	for _, e := range events {
		if e.Card != nil {
			add(*e.Card)
		}
		for _, c := range e.Cards {
			add(c)
		}
	}
	for _, x := range seen {
		o := x.Req.Observation
		for _, p := range o.Players {
			for _, h := range p.Hand {
				add(ba.Card{UID: h.UID, CardID: h.CardID, Suit: h.Suit, Rank: h.Rank})
			}
			for _, c := range p.InPlayCards {
				add(c)
			}
		}
		if o.PendingChoice != nil {
			for _, c := range o.PendingChoice.Cards {
				add(c)
			}
		}
	}
	return out
}

// baSeatsReadable reports whether an observation read in the engine's
// shapes wherever the judge of the seats' evidence reads it: knownRoles
// may have another shape (an object by seat, a legitimate dialect), since
// the briefing is read from the raw request (baKnownSeats).
func baSeatsReadable(g ba.ReadGaps) bool {
	for _, f := range g.Fields() {
		if !strings.HasPrefix(f, "observation.knownRoles") {
			return false
		}
	}
	return true
}

// baKnownSeats are the seats an observation's knownRoles names, in either
// shape: a list of {seat, roleId} or an object keyed by seat.
func baKnownSeats(raw []byte) []int {
	var out []int
	k := gjson.GetBytes(raw, "observation.knownRoles")
	k.ForEach(func(key, v gjson.Result) bool {
		if k.IsArray() {
			out = append(out, int(v.Get("seat").Int()))
		} else if n, err := strconv.Atoi(key.String()); err == nil {
			out = append(out, n)
		}
		return true
	})
	return out
}

// baSeatsDeal compares the deal with each seat's first observation: its
// max hp and the size of its opening hand (§2, §6). A difference is
// charged to the rule the engine dealt it by (a reading where the
// documents leave room, I-BA-1, I-BA-4), and the judge stops there: every
// state after it would part the same way.
func baSeatsDeal(res *conform.Result, g *ba.Game, opening []baSeen, ev judge.Evidence) (stop string) {
	parted := map[int]bool{} // seats whose max hp differs: their hand size follows from it
	first := map[int]baSeen{}
	for _, o := range opening {
		first[o.Seat] = o
	}
	for _, e := range g.EventsFrom(0) {
		o, ok := first[e.Seat]
		if !ok || e.Seat >= len(o.Req.Observation.Players) {
			continue
		}
		p := o.Req.Observation.Players[e.Seat]
		seat := e.Seat
		where := rules.Where{Seat: &seat, Step: "the deal"}
		var f *reports.Finding
		switch {
		case e.Type == "deal" && e.MaxHp != p.MaxHp:
			x := conform.NewFinding(cmp.Or(g.Cause(e.Seq), "bangarena/2.marshal-bonus"), where, e.MaxHp, p.MaxHp, "seat %d is dealt %d max hp, not the %d the deal gives", seat, p.MaxHp, e.MaxHp)
			f = &x
			parted[seat] = true
		case e.Type == "draw" && e.Reason == "deal" && !parted[seat] && ev.Hands[seat] != nil && e.Count != len(ev.Hands[seat]):
			x := conform.NewFinding(cmp.Or(g.Cause(e.Seq), "bangarena/2.marshal-bonus"), where, e.Count, len(ev.Hands[seat]), "seat %d is dealt %d cards, not the %d the deal gives", seat, len(ev.Hands[seat]), e.Count)
			f = &x
		}
		if f != nil {
			f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, o.Raw)}
			res.Findings = append(res.Findings, *f)
			if stop == "" {
				stop = fmt.Sprintf("the deal parted from the engine's (%s)", f.Rule)
			}
		}
	}
	return stop
}

// baSeatsOtherReading returns cfg with the switch of the reading the
// findings (all of them under one reading with a switch) say the server
// reads otherwise.
func baSeatsOtherReading(fs []reports.Finding, cfg ba.Config) (ba.Config, bool) {
	if len(fs) == 0 {
		return cfg, false
	}
	for _, f := range fs {
		if f.Rule != "bangarena/2.impostor-8-seats" {
			return cfg, false
		}
	}
	cfg.Readings.ImpostorEightNoExtra = true
	return cfg, true
}
