package bangarena

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// A DecisionRequest written by a server umpire did not write may shape the
// fields the documents leave open in its own way (knownRoles keyed by seat,
// deadlineAt as a number, extra fields anywhere). ReadRequest decodes it
// field by field: what legality needs is read where it can be, everything
// else is read if it can be and otherwise left at its zero value. It never
// fails on the shape of a field (I-BA-L3); the gaps it leaves say what the
// derivation cannot decide because of them.

// ReadGaps is what ReadRequest could not read in the shape umpire expects,
// and what follows from it for the derivation of the legal items.
type ReadGaps struct {
	// fields are the JSON paths that did not read, sorted: the first
	// maxGapFields; more counts the others (a hostile answer of a million
	// malformed items would otherwise hold a path for each).
	fields []string
	more   int
	// all is the reason no item can be decided ("" when some can).
	all string
	// cmds are the commands whose items cannot be decided, with the reason.
	cmds map[string]string
	// noon, turn and mode: High Noon, this turn's Shot count and the role
	// mode are unknown because a field or an event did not read.
	noon, turn, mode string
	// noSeat: seatId did not read, so it is not compared with you.
	noSeat bool
}

// Fields lists the JSON paths of the request that did not read in the
// shape umpire's reader expects (sorted), whatever their consequence.
// Past maxGapFields paths, the last entry says how many more there are.
func (g ReadGaps) Fields() []string {
	out := append([]string(nil), g.fields...)
	if g.more > 0 {
		out = append(out, fmt.Sprintf("(and %d more paths)", g.more))
	}
	return out
}

// maxGapFields is how many paths of fields that did not read ReadGaps
// keeps.
const maxGapFields = 64

// Empty reports whether every field read.
func (g ReadGaps) Empty() bool { return len(g.fields) == 0 }

func (g *ReadGaps) field(path string) {
	if len(g.fields) == maxGapFields {
		g.more++
		return
	}
	g.fields = append(g.fields, path)
}

// needAll marks every item undecided because of path.
func (g *ReadGaps) needAll(path string) { g.needAllWhy(path, "does not read") }

func (g *ReadGaps) needAllWhy(path, why string) {
	g.field(path)
	if g.all == "" {
		g.all = path + " " + why + ", and every item depends on it"
	}
}

// needCmds marks the items of the commands undecided because of path.
func (g *ReadGaps) needCmds(path string, cmds ...string) {
	g.field(path)
	if g.cmds == nil {
		g.cmds = map[string]string{}
	}
	for _, c := range cmds {
		if r, ok := g.cmds[c]; ok {
			g.cmds[c] = r + "; " + path + " does not read"
		} else {
			g.cmds[c] = path + " does not read"
		}
	}
}

// errNotRequest is ReadRequest's error for a value that is no
// DecisionRequest at all.
var errNotRequest = errors.New("not a DecisionRequest")

// ReadRequest reads a DecisionRequest tolerantly (I-BA-L3): raw must be a
// JSON object with an observation object (else an error wrapping "not a
// DecisionRequest"); every other field is read when it has the shape
// umpire's reader expects and otherwise left at its zero value and named in
// the gaps. Unknown fields are ignored everywhere.
func ReadRequest(raw []byte) (DecisionRequest, ReadGaps, error) { return ReadRequestWith(raw, nil) }

// ReadCache remembers the events ReadRequestWith decoded, by their exact
// bytes, so that the requests of one match — each carrying the events
// seen before — decode each event once. It holds at most readCacheMax
// events (then starts afresh). The zero value is ready to use; it is not
// safe for concurrent use. The events it hands out share their slices:
// read them, do not modify them.
type ReadCache struct{ m map[string]Event }

const readCacheMax = 1 << 14

// maxEvents is how many events of one request the reader decodes, the
// latest: an event decodes to 544 bytes, so an answer of megabytes of
// small events would otherwise hold fourteen times its size. A request of
// umpire's server, which shows the whole history, holds at most about 470
// in a conform run.
const maxEvents = 1 << 12

// ReadRequestWith is ReadRequest decoding the observation's events through
// c (nil: no cache).
func ReadRequestWith(raw []byte, c *ReadCache) (DecisionRequest, ReadGaps, error) {
	var req DecisionRequest
	var g ReadGaps
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil || top == nil {
		return req, g, fmt.Errorf("%w: not one JSON object", errNotRequest)
	}
	var obs map[string]json.RawMessage
	if o, ok := top["observation"]; !ok || json.Unmarshal(o, &obs) != nil || obs == nil {
		return req, g, fmt.Errorf("%w: no observation object", errNotRequest)
	}
	// Fields legality does not need: read when they can be.
	soft(top, "matchId", &req.MatchID, &g)
	soft(top, "decisionId", &req.DecisionID, &g)
	soft(top, "observationVersion", &req.ObservationVersion, &g)
	soft(top, "deadlineAt", &req.DeadlineAt, &g)
	soft(top, "rulesetVersion", &req.RulesetVersion, &g)
	soft(top, "mechanicsPackHash", &req.MechanicsPackHash, &g)
	soft(top, "protocolVersion", &req.ProtocolVersion, &g)
	if !read(top, "seatId", &req.SeatID) {
		g.field("seatId")
		g.noSeat = true
	}
	if _, ok := top["seatId"]; !ok {
		g.noSeat = true
	}
	req.LegalActions = readItems(top["legalActions"], "legalActions", &g)
	req.Observation = readView(obs, &g, c)
	sort.Strings(g.fields)
	return req, g, nil
}

// read decodes m[key] into dst; true when the key is absent or null or it
// decoded. A failed decode leaves dst as it was.
func read[T any](m map[string]json.RawMessage, key string, dst *T) bool {
	v, ok := m[key]
	if !ok || string(v) == "null" {
		return true
	}
	var x T
	if json.Unmarshal(v, &x) != nil {
		return false
	}
	*dst = x
	return true
}

// soft reads a field nothing derived depends on, noting it when it does
// not read.
func soft[T any](m map[string]json.RawMessage, key string, dst *T, g *ReadGaps) {
	softAt(m, "", key, dst, g)
}

// softAt is soft for an object at path prefix ("observation." …).
func softAt[T any](m map[string]json.RawMessage, prefix, key string, dst *T, g *ReadGaps) {
	if !read(m, key, dst) {
		g.field(prefix + key)
	}
}

// readItems reads a legalActions list item by item: an item that does not
// read as a whole keeps its actionId and command when those are strings;
// one without a string actionId is dropped (and noted).
func readItems(raw json.RawMessage, path string, g *ReadGaps) []LegalAction {
	var items []json.RawMessage
	if raw == nil || string(raw) == "null" {
		return nil
	}
	if json.Unmarshal(raw, &items) != nil {
		g.field(path)
		return nil
	}
	// Grown as items read: a list of a million malformed items must not
	// hold room for a million.
	var out []LegalAction
	for i, it := range items {
		var a LegalAction
		if json.Unmarshal(it, &a) == nil && a.ActionID != "" {
			out = append(out, a)
			continue
		}
		g.field(fmt.Sprintf("%s[%d]", path, i))
		var m map[string]json.RawMessage
		_ = json.Unmarshal(it, &m)
		a = LegalAction{}
		if read(m, "actionId", &a.ActionID) && a.ActionID != "" {
			_ = read(m, "command", &a.Command)
			out = append(out, a)
		}
	}
	return out
}

// Commands by what their legality depends on, for the gaps of a field.
var (
	cmdsOfRange   = []string{"play_shot", "play_steal", "play_discard_any"}
	cmdsOfHands   = []string{"play_steal", "play_discard_any", "choose_first_draw"}
	cmdsOfPiles   = []string{"choose_first_draw"}
	cmdsOfGlory   = []string{"play_shot", "choose_glory"}
	historyEvents = map[string]bool{"turn_start": true, "card_played": true, "high_noon": true, "peek_role": true}
)

// readView reads the observation field by field.
func readView(obs map[string]json.RawMessage, g *ReadGaps, c *ReadCache) PlayerView {
	var v PlayerView
	readCore(obs, "observation", g, field{"phase", &v.Phase}, field{"turnSeat", &v.TurnSeat}, field{"you", &v.You})
	for _, k := range []string{"phase", "turnSeat", "you", "players"} {
		if _, ok := obs[k]; !ok {
			g.needAllWhy("observation."+k, "is missing")
		}
	}
	softAt(obs, "observation.", "version", &v.Version, g)
	if !read(obs, "round", &v.Round) {
		g.field("observation.round")
		g.noon = "observation.round does not read"
	}
	if !read(obs, "highNoon", &v.HighNoon) {
		g.field("observation.highNoon")
		g.noon = "observation.highNoon does not read"
	}
	if !read(obs, "roleMode", &v.RoleMode) {
		g.field("observation.roleMode")
		g.mode = "observation.roleMode does not read"
	}
	if !read(obs, "deckCount", &v.DeckCount) {
		g.needCmds("observation.deckCount", cmdsOfPiles...)
	}
	if !read(obs, "discardCount", &v.DiscardCount) {
		g.needCmds("observation.discardCount", cmdsOfPiles...)
	}
	// §7: the target (or the head of the queue) answers; without a
	// readable queue the target is the head.
	if !read(obs, "reactionQueue", &v.ReactionQueue) {
		g.field("observation.reactionQueue")
		v.ReactionQueue = nil
	}
	v.PendingReaction = readPendingReaction(obs["pendingReaction"], g)
	v.PendingChoice = readPendingChoice(obs["pendingChoice"], g)
	// Not needed for legality.
	softAt(obs, "observation.", "knownRoles", &v.KnownRoles, g)
	softAt(obs, "observation.", "winnerTeam", &v.WinnerTeam, g)
	softAt(obs, "observation.", "winnerSeats", &v.WinnerSeats, g)
	var players []json.RawMessage
	if raw, ok := obs["players"]; ok && json.Unmarshal(raw, &players) != nil {
		g.needAll("observation.players")
	}
	for i, raw := range players {
		v.Players = append(v.Players, readPlayer(raw, i, v.You, g))
	}
	v.Events = readEvents(obs["events"], g, c)
	return v
}

// field is one key of an object and where its value goes.
type field struct {
	key string
	dst any
}

// readCore reads fields every item depends on: one that is present but
// does not read leaves every item undecided.
func readCore(m map[string]json.RawMessage, path string, g *ReadGaps, fs ...field) {
	for _, f := range fs {
		if v, ok := m[f.key]; ok && string(v) != "null" && json.Unmarshal(v, f.dst) != nil {
			g.needAll(path + "." + f.key)
		}
	}
}

func readPendingReaction(raw json.RawMessage, g *ReadGaps) *PendingReaction {
	const path = "observation.pendingReaction"
	if raw == nil || string(raw) == "null" {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		g.needAll(path)
		return nil
	}
	pr := &PendingReaction{SourceSeat: -1, TargetSeat: -1}
	readCore(m, path, g, field{"kind", &pr.Kind}, field{"sourceSeat", &pr.SourceSeat}, field{"targetSeat", &pr.TargetSeat})
	// WIRE.md's extras: the card of the attack (unknown = -1 in the engine).
	softAt(m, path+".", "command", &pr.Command, g)
	softAt(m, path+".", "cardId", &pr.CardID, g)
	softAt(m, path+".", "cardUid", &pr.CardUID, g)
	return pr
}

func readPendingChoice(raw json.RawMessage, g *ReadGaps) *PendingChoice {
	const path = "observation.pendingChoice"
	if raw == nil || string(raw) == "null" {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		g.needAll(path)
		return nil
	}
	pc := &PendingChoice{Seat: -1}
	readCore(m, path, g, field{"choiceId", &pc.ChoiceID}, field{"kind", &pc.Kind}, field{"seat", &pc.Seat})
	if v, ok := m["cards"]; ok {
		cards, ok := readCards(v, path+".cards", g)
		if !ok {
			g.needAll(path + ".cards")
		}
		for _, c := range cards {
			pc.Cards = append(pc.Cards, Card{UID: c.UID, CardID: c.CardID, Suit: c.Suit, Rank: c.Rank})
		}
	}
	softAt(m, path+".", "command", &pc.Command, g)
	return pc
}

// readPlayer reads players[i]; you is the viewer's seat (whose hand is
// needed card by card).
func readPlayer(raw json.RawMessage, i, you int, g *ReadGaps) PlayerInfo {
	path := fmt.Sprintf("observation.players[%d]", i)
	p := PlayerInfo{Seat: i}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil {
		g.needAll(path)
		return p
	}
	readCore(m, path, g, field{"seat", &p.Seat}, field{"hp", &p.Hp}, field{"maxHp", &p.MaxHp}, field{"alive", &p.Alive},
		field{"characterId", &p.CharacterID})
	if v, ok := m["inPlayCards"]; ok {
		cards, ok := readCards(v, path+".inPlayCards", g)
		if !ok {
			g.needAll(path + ".inPlayCards")
		}
		for _, c := range cards {
			p.InPlayCards = append(p.InPlayCards, Card{UID: c.UID, CardID: c.CardID, Suit: c.Suit, Rank: c.Rank})
		}
	}
	if v, ok := m["roleId"]; ok && json.Unmarshal(v, &p.RoleID) != nil {
		// Only the Marshal's role matters to legality (Jail): without it
		// the Marshal may be this seat.
		g.needAll(path + ".roleId")
	}
	softAt(m, path+".", "roleHidden", &p.RoleHidden, g)
	if i == you {
		if v, ok := m["hand"]; ok {
			cards, ok := readCards(v, path+".hand", g)
			if !ok {
				g.needAll(path + ".hand")
			}
			p.Hand = cards
		}
	} else if v, ok := m["hand"]; ok {
		// Another seat's hand counts only by its length (card backs); what
		// its entries show is kept for the redaction check (§11).
		var backs []json.RawMessage
		if json.Unmarshal(v, &backs) == nil {
			p.Hand = make([]HandCard, len(backs))
			for k, b := range backs {
				var m map[string]json.RawMessage
				if json.Unmarshal(b, &m) != nil {
					continue
				}
				c := &p.Hand[k]
				_, _, _ = read(m, "uid", &c.UID), read(m, "cardId", &c.CardID), read(m, "backId", &c.BackID)
			}
		} else {
			g.field(path + ".hand")
		}
	}
	if !read(m, "handCount", &p.HandCount) {
		g.needCmds(path+".handCount", cmdsOfHands...)
		p.HandCount = len(p.Hand)
	}
	if !read(m, "weaponCardId", &p.WeaponCardID) {
		g.needCmds(path+".weaponCardId", cmdsOfRange...)
		p.WeaponCardID = nil
	}
	if !read(m, "glory", &p.Glory) {
		g.needCmds(path+".glory", cmdsOfGlory...)
	}
	return p
}

// readCards reads a list of card objects of which legality needs the uid
// only (WIRE.md pins suit and rank; a server may shape them otherwise). ok
// is false when the list or a uid does not read.
func readCards(raw json.RawMessage, path string, g *ReadGaps) ([]HandCard, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	var list []map[string]json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return nil, false
	}
	out := make([]HandCard, 0, len(list))
	for i, m := range list {
		var c HandCard
		p := fmt.Sprintf("%s[%d]", path, i)
		if !read(m, "uid", &c.UID) {
			return nil, false
		}
		for _, f := range []struct {
			key string
			dst *string
		}{{"cardId", &c.CardID}, {"suit", &c.Suit}, {"rank", &c.Rank}, {"backId", &c.BackID}} {
			if !read(m, f.key, f.dst) {
				g.field(p + "." + f.key)
			}
		}
		out = append(out, c)
	}
	return out, true
}

// readEvents reads the events one by one. An event that does not read is
// left out; when its type is one the history depends on (or unknown), the
// Shot count of the turn, High Noon or Tracker's peeks become unknown.
func readEvents(raw json.RawMessage, g *ReadGaps, c *ReadCache) []Event {
	if raw == nil || string(raw) == "null" {
		return nil
	}
	list, from, ok := lastElements(raw, maxEvents)
	if !ok {
		g.field("observation.events")
		g.turn, g.noon = "observation.events does not read", "observation.events does not read"
		return nil
	}
	// A list longer than maxEvents is read from its end (the history
	// legality needs is the latest); what it held before is unknown.
	if from > 0 {
		g.field("observation.events")
		g.turn, g.noon = "observation.events is longer than umpire reads", "observation.events is longer than umpire reads"
	}
	out := make([]Event, 0, len(list))
	for i, e := range list {
		i += from
		if c != nil {
			if ev, ok := c.m[string(e)]; ok {
				out = append(out, ev)
				continue
			}
		}
		var ev Event
		if json.Unmarshal(e, &ev) == nil {
			out = append(out, ev)
			if c != nil {
				if c.m == nil || len(c.m) >= readCacheMax {
					c.m = map[string]Event{}
				}
				c.m[string(e)] = ev
			}
			continue
		}
		path := fmt.Sprintf("observation.events[%d]", i)
		g.field(path)
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal(e, &head)
		if head.Type == "" || historyEvents[head.Type] {
			why := path + " (" + strings.TrimSpace(head.Type) + ") does not read"
			g.turn = why
			if head.Type == "" || head.Type == "high_noon" {
				g.noon = why
			}
			if head.Type == "" || head.Type == "peek_role" {
				g.needCmds(path, "use_peek_role")
			}
		}
	}
	return out
}

// LegalFromJSON derives the legal items of a DecisionRequest given as JSON
// (ReadRequest, then LegalFromRead): the same answer as LegalFromRequest
// for a request in umpire's own shapes, and for any other shape of the
// fields legality does not need.
func LegalFromJSON(raw []byte) ([]LegalAction, []Undecided, error) {
	req, gaps, err := ReadRequest(raw)
	if err != nil {
		return nil, nil, err
	}
	return LegalFromRead(req, gaps)
}

// IsNotRequest reports whether err is ReadRequest's error for a value that
// is no DecisionRequest at all.
func IsNotRequest(err error) bool { return errors.Is(err, errNotRequest) }

// AllUndecided is the Command of the one Undecided entry of a derivation
// that can decide nothing (a field every item depends on did not read).
const AllUndecided = "*"

// LegalFromRead derives the legal items of a request read by ReadRequest:
// LegalFromRequest, with the items that depend on a field that did not read
// left out and reported undecided (I-BA-L3). When a field every item
// depends on did not read, nothing is derived and the one Undecided entry
// has Command AllUndecided.
func LegalFromRead(req DecisionRequest, gaps ReadGaps) ([]LegalAction, []Undecided, error) {
	if gaps.all != "" {
		return nil, []Undecided{{Command: AllUndecided, Reason: gaps.all}}, nil
	}
	base, und, err := legalFromRequest(req, gaps)
	if err != nil {
		return nil, nil, err
	}
	if len(gaps.cmds) == 0 {
		return base, und, nil
	}
	drop := map[string]bool{}
	for _, u := range und {
		drop[u.Command] = true
	}
	var cmds []string
	for c := range gaps.cmds {
		cmds = append(cmds, c)
	}
	sort.Strings(cmds)
	for _, c := range cmds {
		if drop[c] {
			for i := range und {
				if und[i].Command == c {
					und[i].Reason += "; " + gaps.cmds[c]
				}
			}
			continue
		}
		drop[c] = true
		und = append(und, Undecided{Command: c, Reason: gaps.cmds[c]})
	}
	out := base[:0:0]
	for _, a := range base {
		if !drop[a.Command] {
			out = append(out, a)
		}
	}
	return out, und, nil
}

// lastElements reads a JSON array element by element and keeps its last n
// elements (in order; from is the index of the first kept): memory stays
// bounded by n elements, however long the array. ok is false when raw is
// not one array of JSON values.
func lastElements(raw json.RawMessage, n int) (list []json.RawMessage, from int, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return nil, 0, false
	}
	var ring []json.RawMessage
	total := 0
	for dec.More() {
		var e json.RawMessage
		if dec.Decode(&e) != nil {
			return nil, 0, false
		}
		if len(ring) < n {
			ring = append(ring, e)
		} else {
			ring[total%n] = e
		}
		total++
	}
	if t, err := dec.Token(); err != nil || t != json.Delim(']') {
		return nil, 0, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, 0, false // something after the array
	}
	if total <= n {
		return ring, 0, true
	}
	k := total % n
	return append(ring[k:len(ring):len(ring)], ring[:k]...), total - n, true
}
