package legaldiff

import (
	"fmt"
	shared "github.com/umpire-arena/umpire/harness/legaldiff"
	"sort"
	"strings"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// Attribution of a legal-list difference to the rule it breaks (issue 13, I-BA-P7):
// an item offered that the rules forbid names the rule of the referee's
// reason for refusing it (bangarena.RuleAgainst, the replay's engine); an
// item the rules grant that is left out names the rule that grants it,
// where one rule alone does (MissingRule); otherwise the generic
// bangarena/server.legal-actions.

// ExtraRule names the rule an offered item the referee does not
// derive from the request breaks.
func ExtraRule(req ba.DecisionRequest, actionID string) string {
	if !ActionIDFormed(actionID) {
		return "bangarena/13.action-ids" // not an id of the catalogue at all
	}
	if r := ba.RuleAgainst(req, actionID); r != "" {
		return r
	}
	return "bangarena/server.legal-actions"
}

// Grants names the rule that grants each item of the engine's that the
// server's list offered leaves out, where one rule alone does (the
// engine's answer, bangarena.GrantingRulesFromView: Mad Dog's freedom from
// the Shot limit, the ring of living seats, a built-in Scope), in the state
// the deciding seat's observation obs shows.
func Grants(obs ba.PlayerView, offered []ba.LegalAction) map[string]string {
	return ba.GrantingRulesFromView(obs, IDs(offered))
}

// MissingRule names the rule a left-out item id breaks: the one that
// grants it (grants, from Grants or a replay's Game.GrantingRules), else
// the generic legal-actions rule.
func MissingRule(grants map[string]string, id string) string {
	if r := grants[id]; r != "" {
		return r
	}
	return "bangarena/server.legal-actions"
}

// IDs lists the actionIds of items.
func IDs(items []ba.LegalAction) []string {
	out := make([]string, len(items))
	for i, a := range items {
		out[i] = a.ActionID
	}
	return out
}

// playedThisTurn reports whether seat played a card with command since
// the latest turn_start of the observation's events.
func playedThisTurn(obs ba.PlayerView, seat int, command string) bool {
	for i := len(obs.Events) - 1; i >= 0; i-- {
		e := &obs.Events[i]
		if e.Type == "turn_start" {
			return false
		}
		if e.Type == "card_played" && e.Seat == seat && e.Command == command {
			return true
		}
	}
	return false
}

// ActionIDFormed reports whether id has the shape of an actionId of the
// §13 catalogue: a bare command id, or a known prefix and its colon-separated
// parts.
func ActionIDFormed(id string) bool {
	switch id {
	case "end_play", "discard", "pass_reaction":
		return true
	}
	prefix, rest, ok := strings.Cut(id, ":")
	if !ok || rest == "" {
		return false
	}
	return idPrefixes[prefix]
}

// idPrefixes are the actionId prefixes of the §13 catalogue (and of the
// engine's choice items).
var idPrefixes = map[string]bool{
	"shot": true, "aoe_shot": true, "raid": true, "duel": true, "steal": true, "discard_any": true, "draw": true, "market": true,
	"heal_all": true, "heal": true, "equip_blue": true, "weapon": true, "miss": true, "raid_discard_shot": true, "duel_discard_shot": true,
	"first_draw": true, "look_top": true, "glory": true, "prayer": true, "peek": true, "discard_heal": true,
}

// LiveCompare is the comparison of one DecisionRequest with the referee.
type LiveCompare struct {
	// Findings carry no transcript: the caller attaches its own.
	Findings []reports.Finding
	// Undecided are the referee's undecided commands (I-BA-L1).
	Undecided []ba.Undecided
	// Unchecked counts offered items of undecided commands, judged
	// neither way.
	Unchecked int
}

// CompareDecisionRequest (I-BA-P4) compares the legalActions a server
// offered seat in one DecisionRequest with the items the referee derives
// from that request's observation alone (bangarena.LegalFromRead, I-BA-L1),
// as sets of actionIds (READINGS 8). It needs neither the room's seed nor
// its log. An offered item the referee rules out, and an item the referee
// derives that is not offered, are findings; an offered item of a command
// the referee cannot decide from the observation is counted in Unchecked
// and judged neither way; the items that depend on a field in gaps (a
// request read tolerantly, bangarena.ReadRequest) are left undecided
// (I-BA-L3). The suite's live check and the proxy's judge both use it.
func CompareDecisionRequest(seat int, req ba.DecisionRequest, gaps ba.ReadGaps) LiveCompare {
	fs, und, unchecked := compareRequest(seat, req, gaps)
	return LiveCompare{Findings: fs, Undecided: und, Unchecked: unchecked}
}

func compareRequest(seat int, req ba.DecisionRequest, gaps ba.ReadGaps) (fs []reports.Finding, und []ba.Undecided, unchecked int) {
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", req.ObservationVersion)}
	derived, und, err := ba.LegalFromRead(req, gaps)
	if err != nil {
		// I-BA-L2: a request that contradicts itself or cannot be read
		// has no legal list; the referee's error names the rule.
		rule := rules.RuleOf(err)
		if rule == "" {
			rule = "bangarena/server.legal-actions"
		}
		return []reports.Finding{reports.NewFinding(rule, where, "an observation the legal items can be derived from", err.Error(),
			"no legal actions can be derived from the DecisionRequest: %v", err)}, nil, 0
	}
	// The one comparison (BangArena); the live check judges the
	// sets of actionIds (READINGS 8): a repeated actionId is read once, and
	// command or argsSchema differences are left to umpire legal --check.
	d := BangArena(derived, und, shared.Items(req.LegalActions))
	for _, u := range und {
		if u.Command == ba.AllUndecided {
			// I-BA-L3: a field every item depends on did not read.
			return nil, und, len(d.Unchecked)
		}
	}
	unchecked = len(d.Unchecked)
	var extra, missing []string
	for _, e := range d.Extra {
		if e.Class == NotLegal {
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
	for _, a := range req.LegalActions {
		items[a.ActionID] = a
	}
	for _, a := range derived {
		items[a.ActionID] = a
	}
	phase := req.Observation.Phase
	var grants map[string]string
	for _, id := range extra {
		fs = append(fs, OnReading(reports.NewFinding(ExtraRule(req, id), where, "no such item", id,
			"the server offers %q, which the referee does not allow for this observation", id), items[id], phase, req.Observation))
	}
	for _, id := range missing {
		if grants == nil {
			grants = Grants(req.Observation, req.LegalActions)
		}
		fs = append(fs, OnReading(reports.NewFinding(MissingRule(grants, id), where, id, "missing",
			"the server does not offer %q, which the referee allows for this observation", id), items[id], phase, req.Observation))
	}
	return fs, und, unchecked
}

// readingOf names the reading of umpire's an item rests on, when its
// presence or its actionId is decided by a reading of a gap of the
// documents rather than by their text ("" when none): a server that reads
// the gap otherwise differs from umpire there at SHOULD, not MUST.
// hand maps the deciding seat's own hand uids to their card ids (nil: the
// card is told by its uid's form, WIRE.md's pin), so that a Two-Faced item
// is known by its card whatever the server's uids look like.
func readingOf(a ba.LegalAction, phase string, hand map[string]string) string {
	id := a.ActionID
	kind, card := itemCard(id, hand)
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

// OnReading gives f the basis reading of the item it is about, when the
// item rests on one (readingOf, viewReadingOf), or when the rule the
// referee named holds only under a reading (I-BA-P7): a Shot refused by
// the limit when the seat's only Shots of the turn were Ricochets played
// as Shots (I-BA-36). (An equip_blue refused for a card of the kind in
// play cites bangarena/5.blue-offer, a reading rule of its own.)
func OnReading(f reports.Finding, a ba.LegalAction, phase string, obs ba.PlayerView) reports.Finding {
	ref := ""
	switch f.Rule {
	case "bangarena/server.legal-actions":
		hand := ownHand(obs)
		if ref = readingOf(a, phase, hand); ref == "" {
			ref = viewReadingOf(a, obs, hand)
		}
	case "bangarena/3.shot-limit":
		if onlyRicochetShots(obs) {
			ref = "I-BA-36"
		}
	}
	if ref != "" {
		f.Basis, f.Ref = rules.BasisReading, ref
	} else if legacyFlask(a, obs) {
		f.Basis, f.Ref = rules.BasisReading, "I-BA-7"
	}
	return f
}

// builtIn is the blue card each character always has (§4, §6).
var builtIn = map[string]string{"char_06": "cover", "char_09": "mount", "char_11": "scope", "char_16": "scope"}

// alwaysOffered are the brown cards umpire offers in every play phase
// (READINGS 6, I-BA-35): a server may withhold one that would do nothing.
var alwaysOffered = map[string]bool{"draw": true, "market": true, "raid": true, "aoe_shot": true, "heal_all": true}

// viewReadingOf names the reading of umpire's a missing or extra item
// rests on when only the deciding seat's state tells it ("" when none):
//   - a blue card the seat's character has built in (I-BA-37, READINGS 15);
//   - a blue card while the seat has another blue card in play, and a
//     weapon of the kind the seat holds (I-BA-34, READINGS 5);
//   - Wagon, Caravan, Bazaar, Raid, Buckshot or Saloon in the play phase
//     (I-BA-35, READINGS 6);
//   - a Shot while the seat's only shots of the turn were Shots discarded
//     in a Duel or a Raid, or Buckshot (I-BA-36, READINGS 13).
func viewReadingOf(a ba.LegalAction, obs ba.PlayerView, hand map[string]string) string {
	if obs.You < 0 || obs.You >= len(obs.Players) {
		return ""
	}
	me := obs.Players[obs.You]
	kind, card := itemCard(a.ActionID, hand)
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
	case kind == "shot" && !playedThisTurn(obs, obs.You, "play_shot"):
		for _, c := range []string{"play_duel_discard_shot", "play_raid_discard_shot", "play_aoe_shot"} {
			if playedThisTurn(obs, obs.You, c) {
				return "I-BA-36"
			}
		}
	}
	return ""
}

// itemCard splits an actionId into its kind and the card id of its card
// uid: the card hand maps the uid to, else the card its uid's form tells
// (WIRE.md's pin: the card id, then "_" and a number; a weapon's id keeps
// its own "_").
func itemCard(id string, hand map[string]string) (kind, card string) {
	kind, rest, _ := strings.Cut(id, ":")
	uid, _, _ := strings.Cut(rest, ":")
	if card = hand[uid]; card != "" {
		return kind, card
	}
	if strings.HasPrefix(uid, "weapon_") {
		return kind, uid[:strings.LastIndex(uid, "_")]
	}
	card, _, _ = strings.Cut(uid, "_")
	return kind, card
}

// onlyRicochetShots reports whether every Shot the deciding seat played
// since its turn started was a Ricochet played as a Shot (Two-Faced), and
// there was one: whether such a Shot uses the limit is READINGS 13.
func onlyRicochetShots(obs ba.PlayerView) bool {
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

// legacyFlask reports whether a is a Flask offered in legacy with two
// seats alive or fewer: the document says only that it "does not heal"
// then; that it is not offered at all is umpire's reading (I-BA-7).
func legacyFlask(a ba.LegalAction, obs ba.PlayerView) bool {
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

// ItemReading names the reading of umpire's a difference about
// item a rests on in the DecisionRequest req ("" when the document decides
// it), for a missing item (missing true) or an offered one the referee
// does not derive: what the live check charges to that reading (SHOULD)
// rather than to the rule the referee would cite. umpire legal --check
// shows it beside each difference.
func ItemReading(req ba.DecisionRequest, a ba.LegalAction, missing bool) string {
	rule := "bangarena/server.legal-actions"
	if missing {
		rule = MissingRule(Grants(req.Observation, req.LegalActions), a.ActionID)
	} else {
		rule = ExtraRule(req, a.ActionID)
	}
	f := OnReading(reports.NewFinding(rule, rules.Where{}, "", "", "x"), a, req.Observation.Phase, req.Observation)
	if f.Basis == rules.BasisReading {
		return f.Ref
	}
	return ""
}
