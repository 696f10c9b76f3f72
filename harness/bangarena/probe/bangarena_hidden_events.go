package probe

import (
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baSeenPublic is what the suite has seen face up so far, in any seat's
// observation (public facts are the same for every seat, so a seat that
// decided rarely is not taken to have missed them): card uids in play,
// played, discarded or flipped; the weapons before each seat by card id;
// the seats out of the game. And, per viewing seat, the last event seq it
// has had checked.
type baSeenPublic struct {
	upTo    map[int]int
	uids    map[string]bool
	weapons map[int]map[string]bool
	dead    map[int]bool
}

func newBaSeenPublic() *baSeenPublic {
	return &baSeenPublic{upTo: map[int]int{}, uids: map[string]bool{}, weapons: map[int]map[string]bool{}, dead: map[int]bool{}}
}

func (p *baSeenPublic) addUID(uid string) {
	if uid != "" {
		p.uids[uid] = true
	}
}

func (p *baSeenPublic) addWeapon(seat int, cardID string) {
	if p.weapons[seat] == nil {
		p.weapons[seat] = map[string]bool{}
	}
	p.weapons[seat][cardID] = true
}

// public reports whether card was seen face up before: its uid in a public
// place, or (a weapon, which the observation names by card id) a weapon of
// the seat it was taken from.
func (p *baSeenPublic) public(from int, c ba.Card) bool {
	return p.uids[c.UID] || from >= 0 && p.weapons[from][c.CardID]
}

// table records what an observation shows face up: cards in play, weapons,
// the seats out of the game. Called after its events are judged, so a card
// a leaking event showed is not taken for public by the state after it.
func (p *baSeenPublic) table(obs ba.PlayerView) {
	for _, pl := range obs.Players {
		for _, c := range pl.InPlayCards {
			p.addUID(c.UID)
		}
		if pl.WeaponCardID != nil && *pl.WeaponCardID != "" {
			p.addWeapon(pl.Seat, *pl.WeaponCardID)
		}
		if !pl.Alive {
			p.dead[pl.Seat] = true
		}
	}
}

// baPrivateEvents checks the events of x's observation that seen has not
// checked yet for its seat. An event addressed to another seat must not be
// there (§11: public events and the seat's own private ones). The cards of
// another seat's draw, take or bounty are judged by where they came from:
// a hand or the deck is hidden (§1, §11; bangarena/11.events, MUST); a card
// the viewer saw face up before (in play, a weapon, the discard pile) is
// public, whatever the event is called; the hand Scavenger takes from an
// eliminated seat is private by a reading only (I-BA-28,
// bangarena/11.events-scavenger). At most one finding of each rule per
// observation.
func baPrivateEvents(res *conform.Result, x baSeen, seen *baSeenPublic) {
	evs := x.Req.Observation.Events
	defer seen.table(x.Req.Observation)
	if len(evs) == 0 {
		return
	}
	res.Eval("bangarena/11.events")
	told := map[string]bool{}
	report := func(rule string, e ba.Event, why string) {
		if told[rule] {
			return
		}
		told[rule] = true
		seat := x.Seat
		f := conform.NewFinding(rule, rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d, event %d", x.Version, e.Seq)}, "public events and the seat's own private ones", e.Type,
			"seat %d is shown %s", x.Seat, why)
		f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
		res.Findings = append(res.Findings, f)
	}
	last := seen.upTo[x.Seat]
	for _, e := range evs {
		if e.Seq <= last {
			continue
		}
		seen.upTo[x.Seat] = max(seen.upTo[x.Seat], e.Seq)
		if e.To >= 0 && e.To != x.Seat {
			report("bangarena/11.events", e, fmt.Sprintf("a %s event private to seat %d", e.Type, e.To))
			continue
		}
		if why := baRoleEventLeak(x, e); why != "" {
			report("bangarena/11.events", e, why)
			continue
		}
		if baScavengerTake(x.Seat, e, seen) {
			res.Eval("bangarena/11.events-scavenger")
		}
		if rule, why := baShownCards(x.Seat, e, seen); rule != "" {
			report(rule, e, why)
		}
		baPublicOf(e, seen)
	}
}

// baScavengerTake reports whether e is another seat's take of an
// eliminated seat's cards, seen by a third seat.
func baScavengerTake(viewer int, e ba.Event, seen *baSeenPublic) bool {
	if e.Type != "draw" && e.Type != "take" || viewer == e.Seat || viewer == e.FromSeat {
		return false
	}
	return e.Zone == "all" || e.Zone == "eliminated" || e.Zone == "dead" || e.FromSeat >= 0 && seen.dead[e.FromSeat]
}

// baShownCards judges the cards a draw, take or bounty event of another seat
// shows the viewer; it returns the rule broken and why, or "".
func baShownCards(viewer int, e ba.Event, seen *baSeenPublic) (rule, why string) {
	switch e.Type {
	case "draw", "take", "glory_bounty":
	default:
		return "", ""
	}
	cards := append([]ba.Card(nil), e.Cards...)
	if e.Card != nil {
		cards = append(cards, *e.Card)
	}
	if viewer == e.Seat || viewer == e.FromSeat || len(cards) == 0 {
		return "", ""
	}
	hidden := 0
	for _, c := range cards {
		if !seen.public(e.FromSeat, c) {
			hidden++
		}
	}
	const leak = "bangarena/11.events"
	switch {
	case e.Type == "glory_bounty":
		return leak, fmt.Sprintf("the cards of seat %d's glory_bounty draw", e.Seat)
	case e.Zone == "hand":
		return leak, fmt.Sprintf("the card seat %d took from seat %d's hand", e.Seat, e.FromSeat)
	case e.FromSeat < 0 && (e.Zone == "" || e.Zone == "deck"):
		return leak, fmt.Sprintf("the cards of seat %d's %s from the deck", e.Seat, e.Type)
	case hidden == 0:
		return "", ""
	case baScavengerTake(viewer, e, seen):
		return "bangarena/11.events-scavenger", fmt.Sprintf("%d hand card(s) seat %d took from eliminated seat %d", hidden, e.Seat, e.FromSeat)
	}
	return leak, fmt.Sprintf("%d card(s) of seat %d's %s event it never saw face up", hidden, e.Seat, e.Type)
}

// baPublicOf records what a public event shows face up: a played card, the
// discarded ones, a flipped check card, a seat out of the game; and, once
// judged, the cards of a take from play (still face up to the viewer's
// knowledge only until they reach a hand, which is why they are not added).
func baPublicOf(e ba.Event, seen *baSeenPublic) {
	switch e.Type {
	case "card_played":
		seen.addUID(e.UID)
		if e.Command == "play_weapon" && e.CardID != "" {
			seen.addWeapon(e.Seat, e.CardID)
		}
	case "discard":
		for _, u := range e.UIDs {
			seen.addUID(u)
		}
	case "check":
		if e.Card != nil {
			seen.addUID(e.Card.UID)
		}
	case "eliminated":
		seen.dead[e.Seat] = true
	}
}

// baRoleEventLeak judges an event by the hidden roles it shows, whatever
// its addressee says (a server need not mark its private events): a
// briefing of §2 is private to the seats it briefs — the Marshal's to the
// Marshal, the team's to the raiders and the impostor — and no event may
// name the role of a living seat whose role the viewer's own observation
// hides (players[i].roleId null, not among the roles the viewer knows).
// The viewer's role is read from its own observation; it returns why the
// event is a leak, or "".
func baRoleEventLeak(x baSeen, e ba.Event) string {
	obs := x.Req.Observation
	player := func(seat int) *ba.PlayerInfo {
		for i := range obs.Players {
			if obs.Players[i].Seat == seat {
				return &obs.Players[i]
			}
		}
		return nil
	}
	mine := ""
	if p := player(x.Seat); p != nil && p.RoleID != nil {
		mine = *p.RoleID
	}
	switch {
	case e.Type == "marshal_briefing" && mine != "" && mine != ba.RoleMarshal:
		return fmt.Sprintf("the Marshal's briefing (private to the Marshal, §2), being a %s", mine)
	case e.Type == "team_briefing" && mine != "" && mine != ba.RoleRaider && mine != ba.RoleImpostor:
		return fmt.Sprintf("a team_briefing (private to the raiders and the impostor, §2), being a %s", mine)
	}
	hidden := func(seat int, role string) bool {
		p := player(seat)
		return seat != x.Seat && role != "" && role != ba.RoleMarshal && p != nil && p.Alive && p.RoleID == nil && !knownTo(obs, x.Raw, seat)
	}
	if e.Type != "eliminated" && e.Type != "game_over" && e.Seat >= 0 && hidden(e.Seat, e.RoleID) {
		return fmt.Sprintf("the hidden role of living seat %d in a %s event", e.Seat, e.Type)
	}
	for _, k := range e.Known {
		if hidden(k.Seat, k.RoleID) {
			return fmt.Sprintf("the hidden role of living seat %d in a %s event", k.Seat, e.Type)
		}
	}
	return ""
}
