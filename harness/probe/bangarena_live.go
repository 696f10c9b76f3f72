package probe

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/legaldiff"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baLive is what the live legality check found over a set of
// DecisionRequests: the findings, and counts for the result text.
type baLive struct {
	Findings []reports.Finding
	// Compared counts the requests whose list was compared.
	Compared int
	// Partial counts the compared requests with at least one undecided
	// command (I-BA-L1).
	Partial int
	// Undecided counts the undecided commands over all requests.
	Undecided int
	// Unchecked counts the offered items of undecided commands: neither
	// confirmed nor flagged.
	Unchecked int

	// done are the (seat, observationVersion) pairs compared: a request
	// polled again before its decision moved on is compared once.
	done map[[2]int]bool
	// shown are the kinds of finding (rule, extra or missing) that
	// already carry the request as evidence: later ones of the same kind
	// carry none, so a server wrong at every decision does not fill the
	// report with copies of its requests.
	shown map[string]bool
}

// add folds the comparison of one request into l.
func (l *baLive) add(x baSeen) {
	key := [2]int{x.Seat, x.Version}
	if l.done[key] {
		return
	}
	if l.done == nil {
		l.done, l.shown = map[[2]int]bool{}, map[string]bool{}
	}
	l.done[key] = true
	fs, und, unchecked := baLiveCompare(x)
	l.Compared++
	var evidence []reports.Message
	for _, f := range fs {
		kind := f.Rule
		if f.Rule == "bangarena/server.legal-actions" {
			kind += fmt.Sprint(f.Got == "missing")
		}
		if !l.shown[kind] {
			if evidence == nil {
				seat := x.Seat
				evidence = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
			}
			f.Transcript = evidence
		}
		l.shown[kind] = true
		l.Findings = append(l.Findings, f)
	}
	if len(und) > 0 {
		l.Partial++
	}
	l.Undecided += len(und)
	l.Unchecked += unchecked
}

// merge adds the counts and findings of o to l.
func (l *baLive) merge(o *baLive) {
	l.Findings = append(l.Findings, o.Findings...)
	l.Compared += o.Compared
	l.Partial += o.Partial
	l.Undecided += o.Undecided
	l.Unchecked += o.Unchecked
}

// summary is the result text: how much was compared and how much was left
// inconclusive.
func (l *baLive) summary() string {
	return fmt.Sprintf("%d DecisionRequest(s) compared with the referee's list; %d had undecided commands (%d command(s), %d offered item(s) inconclusive: neither passed nor failed)",
		l.Compared, l.Partial, l.Undecided, l.Unchecked)
}

// baLiveCompare (I-BA-P4) compares the legalActions a server offered in one
// DecisionRequest with the items the referee derives from that request's
// observation alone (bangarena.LegalFromRequest, I-BA-L1), as sets of
// actionIds (READINGS 8). It needs neither the room's seed nor its log. An
// offered item the referee rules out, and an item the referee derives that
// is not offered, are findings; an offered item of a command the referee
// cannot decide from the observation is counted in unchecked and judged
// neither way. und are the referee's undecided commands. The findings carry
// no transcript: baLive.add attaches the request where it is wanted.
func baLiveCompare(x baSeen) (fs []reports.Finding, und []ba.Undecided, unchecked int) {
	seat := x.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}
	derived, und, err := ba.LegalFromRead(x.Req, x.Gaps)
	if err != nil {
		// I-BA-L2: a request that contradicts itself or cannot be read
		// has no legal list; the referee's error names the rule.
		rule := rules.RuleOf(err)
		if rule == "" {
			rule = "bangarena/server.legal-actions"
		}
		return []reports.Finding{finding(rule, where, "an observation the legal items can be derived from", err.Error(),
			"no legal actions can be derived from the DecisionRequest: %v", err)}, nil, 0
	}
	// The one comparison (legaldiff.BangArena); the live check judges the
	// sets of actionIds (READINGS 8): a repeated actionId is read once, and
	// command or argsSchema differences are left to umpire legal --check.
	d := legaldiff.BangArena(derived, und, legaldiff.Items(x.Req.LegalActions))
	for _, u := range und {
		if u.Command == ba.AllUndecided {
			// I-BA-L3: a field every item depends on did not read.
			return nil, und, len(d.Unchecked)
		}
	}
	unchecked = len(d.Unchecked)
	var extra, missing []string
	for _, e := range d.Extra {
		if e.Class == legaldiff.NotLegal {
			extra = append(extra, e.Action)
		}
	}
	for _, a := range d.Missing {
		missing = append(missing, a.ActionID)
	}
	sort.Strings(extra)
	sort.Strings(missing)
	// The referee names no rule for an item it does not derive: the
	// generic legal-actions rule is cited (I-BA-P4).
	items := map[string]ba.LegalAction{}
	for _, a := range x.Req.LegalActions {
		items[a.ActionID] = a
	}
	for _, a := range derived {
		items[a.ActionID] = a
	}
	phase := x.Req.Observation.Phase
	for _, id := range extra {
		fs = append(fs, onReading(finding(baExtraLiveRule(x.Req, id), where, "no such item", id,
			"the server offers %q, which the referee does not allow for this observation", id), items[id], phase, x.Req.Observation))
	}
	var grants map[string]string
	if len(missing) > 0 {
		grants = baGrants(x.Req.Observation, x.Req.LegalActions)
	}
	for _, id := range missing {
		fs = append(fs, onReading(finding(baMissingRule(grants, id), where, id, "missing",
			"the server does not offer %q, which the referee allows for this observation", id), items[id], phase, x.Req.Observation))
	}
	return fs, und, unchecked
}

// baCheckLive reports the live comparison of every DecisionRequest the
// sessions were offered (made by baRoom.pending as each arrived), in rooms
// the suite created or was given alike.
func baCheckLive(ctx context.Context, t *Target) Result {
	ss, err := baObserve(ctx, t)
	if err != nil {
		return sessionErr(err)
	}
	var l baLive
	for _, s := range ss {
		l.merge(&s.room.live)
	}
	if l.Compared == 0 {
		return skip("the suite was never asked to decide")
	}
	return Result{Reason: l.summary(), Findings: l.Findings, Evaluated: map[string]int{"bangarena/server.legal-actions": l.Compared, "bangarena/13.action-ids": l.Compared}}
}

// baReadingOf names the reading of umpire's an item rests on, when its
// presence or its actionId is decided by a reading of a gap of the
// documents rather than by their text ("" when none): a server that reads
// the gap otherwise differs from umpire there at SHOULD, not MUST.
// hand maps the deciding seat's own hand uids to their card ids (nil: the
// card is told by its uid's form, WIRE.md's pin), so that a Two-Faced item
// is known by its card whatever the server's uids look like.
func baReadingOf(a ba.LegalAction, phase string, hand map[string]string) string {
	id := a.ActionID
	kind, rest, _ := strings.Cut(id, ":")
	uid, _, _ := strings.Cut(rest, ":")
	card := hand[uid]
	if card == "" {
		card, _, _ = strings.Cut(uid, "_")
	}
	switch {
	case a.ArgsSchema["playedAs"] != nil,
		(kind == "shot" || kind == "raid_discard_shot" || kind == "duel_discard_shot") && card == "miss",
		kind == "miss" && card == "shot":
		return "I-BA-29" // Two-Faced items (READINGS 2)
	case kind == "first_draw" || a.Command == "choose_first_draw":
		return "I-BA-21" // first-draw ids and sources (READINGS 3, 16)
	case kind == "discard_heal" || a.Command == "use_discard_heal":
		return "I-BA-31" // Bonesetter's pairs (READINGS 7)
	case (kind == "heal" || a.Command == "play_heal_self") && phase == ba.PhaseReaction:
		return "I-BA-7" // Flask as a reaction (READINGS 9)
	case kind == "steal" || kind == "discard_any":
		return "I-BA-30" // Snatch / Toss picks (READINGS 14)
	case kind == "glory" && strings.HasSuffix(id, ":sight"):
		return "I-BA-32" // who is offered sight (READINGS 12)
	}
	return ""
}

// onReading gives f the basis reading of the item it is about, when the
// item rests on one (baReadingOf, baViewReadingOf), or when the rule the
// referee named holds only under a reading (I-BA-P7): a Shot refused by
// the limit when the seat's only Shots of the turn were Ricochets played
// as Shots (I-BA-36). (An equip_blue refused for a card of the kind in
// play cites bangarena/5.blue-offer, a reading rule of its own.)
func onReading(f reports.Finding, a ba.LegalAction, phase string, obs ba.PlayerView) reports.Finding {
	ref := ""
	switch f.Rule {
	case "bangarena/server.legal-actions":
		hand := ownHand(obs)
		if ref = baReadingOf(a, phase, hand); ref == "" {
			ref = baViewReadingOf(a, obs, hand)
		}
	case "bangarena/3.shot-limit":
		if baOnlyRicochetShots(obs) {
			ref = "I-BA-36"
		}
	}
	if ref != "" {
		f.Basis, f.Ref = rules.BasisReading, ref
	} else if baLegacyFlask(a, obs) {
		f.Basis, f.Ref = rules.BasisReading, "I-BA-7"
	}
	return f
}

// builtIn is the blue card each character always has (§4, §6).
var builtIn = map[string]string{"char_06": "cover", "char_09": "mount", "char_11": "scope", "char_16": "scope"}

// alwaysOffered are the brown cards umpire offers in every play phase
// (READINGS 6, I-BA-35): a server may withhold one that would do nothing.
var alwaysOffered = map[string]bool{"draw": true, "market": true, "raid": true, "aoe_shot": true, "heal_all": true}

// baViewReadingOf names the reading of umpire's a missing or extra item
// rests on when only the deciding seat's state tells it ("" when none):
//   - a blue card the seat's character has built in (I-BA-37, READINGS 15);
//   - a blue card while the seat has another blue card in play, and a
//     weapon of the kind the seat holds (I-BA-34, READINGS 5);
//   - Wagon, Caravan, Bazaar, Raid, Buckshot or Saloon in the play phase
//     (I-BA-35, READINGS 6);
//   - a Shot while the seat's only shots of the turn were Shots discarded
//     in a Duel or a Raid, or Buckshot (I-BA-36, READINGS 13).
func baViewReadingOf(a ba.LegalAction, obs ba.PlayerView, hand map[string]string) string {
	if obs.You < 0 || obs.You >= len(obs.Players) {
		return ""
	}
	me := obs.Players[obs.You]
	kind, rest, _ := strings.Cut(a.ActionID, ":")
	uid, _, _ := strings.Cut(rest, ":")
	card := hand[uid]
	if card == "" {
		card, _, _ = strings.Cut(uid, "_")
		if strings.HasPrefix(uid, "weapon_") {
			card = uid[:strings.LastIndex(uid, "_")]
		}
	}
	switch {
	case kind == "equip_blue" && card != "jail":
		if builtIn[me.CharacterID] == card {
			return "I-BA-37"
		}
		if len(me.InPlayCards) > 0 {
			return "I-BA-34"
		}
	case kind == "weapon":
		if me.WeaponCardID != nil && *me.WeaponCardID == card {
			return "I-BA-34"
		}
	case alwaysOffered[kind] && obs.Phase == ba.PhasePlay:
		return "I-BA-35"
	case kind == "shot" && !baPlayedThisTurn(obs, obs.You, "play_shot"):
		for _, c := range []string{"play_duel_discard_shot", "play_raid_discard_shot", "play_aoe_shot"} {
			if baPlayedThisTurn(obs, obs.You, c) {
				return "I-BA-36"
			}
		}
	}
	return ""
}

// baOnlyRicochetShots reports whether every Shot the deciding seat played
// since its turn started was a Ricochet played as a Shot (Two-Faced), and
// there was one: whether such a Shot uses the limit is READINGS 13.
func baOnlyRicochetShots(obs ba.PlayerView) bool {
	n := 0
	for i := len(obs.Events) - 1; i >= 0; i-- {
		e := &obs.Events[i]
		if e.Type == "turn_start" {
			break
		}
		if e.Type == "card_played" && e.Seat == obs.You && e.Command == "play_shot" {
			if e.CardID != "miss" && e.PlayedAs == "" {
				return false
			}
			n++
		}
	}
	return n > 0
}

// baLegacyFlask reports whether a is a Flask offered in legacy with two
// seats alive or fewer: the document says only that it "does not heal"
// then; that it is not offered at all is umpire's reading (I-BA-7).
func baLegacyFlask(a ba.LegalAction, obs ba.PlayerView) bool {
	if a.Command != "play_heal_self" || obs.RoleMode != ba.ModeLegacy {
		return false
	}
	living := 0
	for _, p := range obs.Players {
		if p.Alive {
			living++
		}
	}
	return living <= 2
}

// ownHand maps the uids of the deciding seat's own hand to their card ids.
func ownHand(obs ba.PlayerView) map[string]string {
	m := map[string]string{}
	for _, p := range obs.Players {
		if p.Seat != obs.You {
			continue
		}
		for _, c := range p.Hand {
			if c.UID != "" {
				m[c.UID] = c.CardID
			}
		}
	}
	return m
}

// BangArenaItemReading names the reading of umpire's a difference about
// item a rests on in the DecisionRequest req ("" when the document decides
// it), for a missing item (missing true) or an offered one the referee
// does not derive: what the live check charges to that reading (SHOULD)
// rather than to the rule the referee would cite. umpire legal --check
// shows it beside each difference.
func BangArenaItemReading(req ba.DecisionRequest, a ba.LegalAction, missing bool) string {
	rule := "bangarena/server.legal-actions"
	if missing {
		rule = baMissingRule(baGrants(req.Observation, req.LegalActions), a.ActionID)
	} else {
		rule = baExtraLiveRule(req, a.ActionID)
	}
	f := onReading(finding(rule, rules.Where{}, "", "", "x"), a, req.Observation.Phase, req.Observation)
	if f.Basis == rules.BasisReading {
		return f.Ref
	}
	return ""
}
