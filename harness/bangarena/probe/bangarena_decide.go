package probe

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/umpire-arena/umpire/harness/conform"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/reports"
)

// Steering by decisions (issue 27): the suite holds every seat of the rooms
// it creates, so it can lead a match toward the rare situations of the
// rules by what its seats choose — not by the seed, which steers only a
// server dealing with umpire's generator. A seat keeps a Saloon until
// another seat is hurt, plays Dynamite and Jail when it holds them (the
// Jail on the seat the Dynamite will reach), takes Grip's draw from a hand,
// holds Snatch and Toss for a target with cards in play, and the seats of
// a room together aim at the end the room is meant for (a lone survivor, a
// raider killed in legacy, the Marshal's last aide, a seat with stars),
// the seats it needs alive left unharmed and the seats it needs dead
// giving up their defence. What the rules leave to the server (the cards
// dealt, every check) is untouched: the situations arise on any server,
// only more or less quickly.

// baSituation is a rare situation the seats steer toward, with the rule
// whose check it lets run and the role modes it can arise in ("" = any).
type baSituation struct {
	key   string
	rule  string
	modes []string
	// unsteered says why no decision of the seats leads to it ("" = they
	// steer toward it).
	unsteered string
	// char is the character the situation needs dealt ("": none): the
	// rooms played on for it ask for it (the harness extension's
	// characters), or sit 8 seats at a server that deals its own.
	char string
	// rides: no room is played on for it alone; the rooms played on for
	// other situations steer toward it too (it needs only cards most
	// matches deal).
	rides bool
}

// baSituations are the situations the session rooms steer toward, in the
// order the play-on rooms pick their mode for (baPlayOnMode).
func baSituations() []baSituation {
	return append([]baSituation{
		{key: "sole survivor", rule: "bangarena/10.sole-survivor", modes: []string{ba.ModeClassic, ba.ModeImpostor, ba.ModeLegacy}},
		{key: "raiders win", rule: "bangarena/10.marshal-dead", modes: []string{ba.ModeClassic, ba.ModeImpostor}},
		{key: "law wins", rule: "bangarena/10.law-wins", modes: []string{ba.ModeClassic, ba.ModeLegacy}},
		{key: "kill reward", rule: "bangarena/9.kill-reward", modes: []string{ba.ModeLegacy}},
		{key: "last bullet", rule: "bangarena/9.last-bullet", modes: []string{ba.ModeImpostor, ba.ModeClassic, ba.ModePartners}},
		{key: "bounty", rule: "bangarena/9.bounty", modes: []string{ba.ModeClassic, ba.ModeImpostor, ba.ModePartners}},
		{key: "kill penalty", rule: "bangarena/9.kill-penalty", modes: []string{ba.ModeClassic, ba.ModeImpostor}},
		{key: "scavenger take", rule: "bangarena/6.char-15-scavenger", char: "char_15"},
		{key: "empty hands draw", rule: "bangarena/6.char-14-empty-hands", char: "char_14"},
		{key: "saloon heals another", rule: "bangarena/5.saloon"},
		{key: "dynamite and jail", rule: "bangarena/3.dynamite-before-jail"},
		{key: "grip take", rule: "bangarena/6.char-05-grip", char: "char_05"},
		{key: "tosses from a hand", rule: "bangarena/5.toss", rides: true},
		{key: "empty piles", rule: "bangarena/3.empty-piles", unsteered: "no choice of the seats empties deck and discard pile together: it takes every card of the game in hands and in play"},
	}, baCharSituations()...)
}

// baCharSituations are the characters of §6 dealt (Double Barrel: its
// Shot played), for the characters the situations above do not name: a
// server that deals characters of its own may deal one in no session room.
func baCharSituations() []baSituation {
	var out []baSituation
	for _, n := range baCharOrder() {
		c := fmt.Sprintf("char_%02d", n)
		switch c {
		case "char_05", "char_14", "char_15":
			continue // their situations above need them dealt
		}
		out = append(out, baSituation{key: baCharKey(c), rule: ba.CharacterRule(c), char: c})
	}
	return out
}

// baCharKey is the key of the situation of character c: dealt, or for
// Double Barrel its Shot played (its rule applies to a Shot of its own).
func baCharKey(c string) string {
	if c == "char_13" {
		return "double barrel shot"
	}
	return c + " dealt"
}

// baSteered are the situations of xs the seats can steer toward.
func baSteered(xs []baSituation) []baSituation {
	var out []baSituation
	for _, x := range xs {
		if x.unsteered == "" {
			out = append(out, x)
		}
	}
	return out
}

// baSteer is what the seats of one session share: the situations reached
// so far (by any room), from what the server showed the seats.
type baSteer struct {
	mu      sync.Mutex
	reached map[string]bool
	// unjudged are the situations that arose in a room whose judging did
	// not reach their rule (it stopped before, on a reading of umpire's
	// the server does not share): with why. The suite plays on for them
	// once (baPlayOn).
	unjudged map[string]string
	// ownDeal: a room asked for characters was dealt others (the server
	// deals characters of its own).
	ownDeal bool
	// dealCap: a room's create answer announced the fixed-deal capability.
	dealCap bool
	// rooms are the rooms played on for the missing situations; stop says
	// what ended the playing on.
	rooms int
	stop  string
}

func newBaSteer() *baSteer {
	return &baSteer{reached: map[string]bool{}, unjudged: map[string]string{}}
}

// clone is a copy of the record (the situations reached), for a room
// played on to decide from: what the rooms beside it reach does not change
// its decisions, so its match is the same however the rooms interleave.
func (s *baSteer) clone() *baSteer {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := newBaSteer()
	for k, v := range s.reached {
		c.reached[k] = v
	}
	c.ownDeal, c.dealCap = s.ownDeal, s.dealCap
	return c
}

// has reports whether situation key has arisen (in the record's rooms).
func (s *baSteer) has(key string) bool { return !s.wanted(key) }

// stopped records what ended the playing on.
func (s *baSteer) stopped(why string) {
	s.mu.Lock()
	s.stop = why
	s.mu.Unlock()
}

// played counts a room played on for the missing situations.
func (s *baSteer) played() {
	s.mu.Lock()
	s.rooms++
	s.mu.Unlock()
}

// wanted reports whether situation key has not arisen yet.
func (s *baSteer) wanted(key string) bool {
	if s == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.reached[key]
}

// reach records situation key as arisen.
func (s *baSteer) reach(key string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.reached[key] = true
	s.mu.Unlock()
}

// missing are the situations that have not arisen, in baSituations' order.
func (s *baSteer) missing() []baSituation {
	var out []baSituation
	for _, x := range baSituations() {
		if s.wanted(x.key) {
			out = append(out, x)
		}
	}
	return out
}

// baRoomSteer is one room's steering: its mode, the roles its seats were
// shown (each seat its own), and the per-seat reading of its events.
type baRoomSteer struct {
	// s is what the seats' decisions read as still wanted, and where the
	// situations the room reaches are recorded: a planned room's own (so
	// that it plays the match the seed search simulated), a copy of the
	// session's for a room played on. The session's record takes them
	// once the room is judged (baSteer.confirm).
	s    *baSteer
	mu   sync.Mutex
	mode string
	// ends: the seats also aim at the ends of a match the session still
	// wants (aim); only in the rooms played on for them, so that the
	// planned rooms play their matches out as the players would.
	ends  bool
	roles map[int]string
	// last is the highest event seq read per seat (0: none or unnumbered).
	last map[int]int
	// per seat: the seat of the last Saloon played, a Dynamite checked
	// this turn (the stream's state for the situations).
	saloon map[int]int
	dyn    map[int]bool
	// dealt: the characters of the table were read; tosses: the Tosses
	// the seats played at a hand of baTossHand cards or more.
	dealt  bool
	tosses int
}

func newBaRoomSteer(s *baSteer, mode string) *baRoomSteer {
	return &baRoomSteer{s: s, mode: mode, roles: map[int]string{}, last: map[int]int{}, saloon: map[int]int{}, dyn: map[int]bool{}}
}

// baSteerSeat is a seat's player under the room's steering.
type baSteerSeat struct {
	inner baadv.Player
	room  *baRoomSteer
}

// Name implements baadv.Player.
func (p *baSteerSeat) Name() string { return p.inner.Name() }

// Decide implements baadv.Player: the steered choice, or the inner
// player's among the items the steering leaves.
func (p *baSteerSeat) Decide(req *ba.DecisionRequest) (baadv.Decision, error) {
	return p.decide(req, p.inner.Decide)
}

// DecideDelta implements baadv.DeltaPlayer (the inner player must be one).
func (p *baSteerSeat) DecideDelta(req *ba.DecisionRequest) (baadv.Decision, error) {
	dp, ok := p.inner.(baadv.DeltaPlayer)
	if !ok {
		return p.decide(req, p.inner.Decide)
	}
	return p.decide(req, dp.DecideDelta)
}

func (p *baSteerSeat) decide(req *ba.DecisionRequest, inner func(*ba.DecisionRequest) (baadv.Decision, error)) (baadv.Decision, error) {
	d, err := p.choose(req, inner)
	if err == nil {
		p.room.chose(req, d.ActionID)
	}
	return d, err
}

// baTossesWanted is how many Tosses at a hand of baTossHand cards or more
// the situation "tosses from a hand" needs: a random pick is told from the
// hand's first card only where they differ (a chance of 1 − 1/n each).
const (
	baTossesWanted = 2
	baTossHand     = 3
)

// chose reads the seat's own choice: a Toss picking at random from a hand
// of baTossHand cards or more (§5).
func (r *baRoomSteer) chose(req *ba.DecisionRequest, actionID string) {
	for i := range req.LegalActions {
		a := &req.LegalActions[i]
		if a.ActionID != actionID || a.Command != "play_discard_any" {
			continue
		}
		if it := baItemOf(a, nil); it.zone == "hand" && baHandOf(&req.Observation, it.target) >= baTossHand {
			r.mu.Lock()
			r.tosses++
			n := r.tosses
			r.mu.Unlock()
			if n >= baTossesWanted {
				r.reach("tosses from a hand")
			}
		}
	}
}

func (p *baSteerSeat) choose(req *ba.DecisionRequest, inner func(*ba.DecisionRequest) (baadv.Decision, error)) (baadv.Decision, error) {
	r := p.room
	r.observe(req)
	if len(req.LegalActions) == 0 {
		return inner(req)
	}
	if !r.steers(req) {
		return inner(req)
	}
	if k := r.force(req); k >= 0 {
		return baadv.Decision{ActionID: req.LegalActions[k].ActionID}, nil
	}
	keep, focus := r.filter(req)
	if len(keep) == len(req.LegalActions) && focus < 0 {
		return inner(req)
	}
	sub := *req
	sub.LegalActions = make([]ba.LegalAction, 0, len(keep))
	for _, k := range keep {
		sub.LegalActions = append(sub.LegalActions, req.LegalActions[k])
	}
	d, err := inner(&sub)
	if err == nil && focus >= 0 && baCommandOf(req, d.ActionID) == "end_play" {
		// The seat would end its play with an attack on the seat the room
		// needs dead in hand: it makes it.
		return baadv.Decision{ActionID: req.LegalActions[focus].ActionID}, nil
	}
	return d, err
}

// steers reports whether the steering may change req's answer: some item
// is of a command it forces or filters, or the room aims at an end.
func (r *baRoomSteer) steers(req *ba.DecisionRequest) bool {
	if r.ends {
		return true
	}
	for i := range req.LegalActions {
		switch req.LegalActions[i].Command {
		case "choose_first_draw", "play_heal_all", "play_equip_blue", "play_steal", "play_discard_any", "end_play":
			return true
		}
	}
	return false
}

// baCommandOf is the command of the item actionID names.
func baCommandOf(req *ba.DecisionRequest, actionID string) string {
	for i := range req.LegalActions {
		if req.LegalActions[i].ActionID == actionID {
			return req.LegalActions[i].Command
		}
	}
	return ""
}

// observe reads what req shows: the seat's own role, and the situations
// its events and counts show (each event once per seat when numbered).
func (r *baRoomSteer) observe(req *ba.DecisionRequest) {
	o := &req.Observation
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.mode == "" {
		r.mode = o.RoleMode
	}
	for _, pl := range o.Players {
		if pl.RoleID != nil && *pl.RoleID != "" {
			r.roles[pl.Seat] = *pl.RoleID
		}
	}
	if o.DeckCount == 0 && o.DiscardCount == 0 && len(o.Players) > 0 {
		r.reach("empty piles")
	}
	if !r.dealt && len(o.Players) > 0 {
		r.dealt = true
		for _, p := range o.Players {
			if p.CharacterID != "" && p.CharacterID != "char_13" {
				r.reach(baCharKey(p.CharacterID))
			}
		}
	}
	me := o.You
	for i := range o.Events {
		e := &o.Events[i]
		if e.Seq > 0 {
			if e.Seq <= r.last[me] {
				continue
			}
			r.last[me] = e.Seq
		}
		switch {
		case e.Type == "turn_start":
			r.dyn[me] = false
		case e.Type == "card_played":
			r.saloon[me] = -1
			if e.Command == "play_heal_all" {
				r.saloon[me] = e.Seat
			}
			if e.Command == "play_shot" && baCharOf(o, e.Seat) == "char_13" {
				r.reach("double barrel shot")
			}
		case e.Type == "heal":
			if s, ok := r.saloon[me]; ok && s >= 0 && e.Seat != s {
				r.reach("saloon heals another")
			}
		case e.Type == "check" && (e.Kind == "dynamite" || e.Kind == "bomb"):
			// umpire's pins name the check "dynamite"; a server may name it
			// after the card ("bomb"): the situation is the same.
			r.dyn[me] = true
		case e.Type == "check" && e.Kind == "jail" && r.dyn[me]:
			r.reach("dynamite and jail")
		case e.Type == "take" && e.Reason == "char_05" && e.Zone == "hand",
			e.Type == "draw" && e.Zone == "hand" && e.FromSeat >= 0 && e.FromSeat != e.Seat && baCharOf(o, e.Seat) == "char_05":
			// Grip's first draw from a hand, as a take (umpire's pins) or as
			// a draw from another seat's hand.
			r.reach("grip take")
		case e.Type == "kill_reward" && r.mode == ba.ModeLegacy:
			r.reach("kill reward")
		case e.Type == "take" && e.Reason == "char_15":
			r.reach("scavenger take")
		case e.Reason == "char_14":
			r.reach("empty hands draw")
		case e.Type == "kill_penalty":
			r.reach("kill penalty")
		case e.Type == "glory_bounty":
			r.reach("bounty")
		case e.Type == "glory_star" && e.Reason == "last_bullet":
			r.reach("last bullet")
		}
	}
	if o.Phase == ba.PhaseEnded && o.WinnerTeam != nil {
		switch team := *o.WinnerTeam; {
		case team == ba.TeamLone && len(o.WinnerSeats) == 1 && r.mode != ba.ModePartners:
			r.reach("sole survivor")
		case team == ba.TeamRaiders:
			r.reach("raiders win")
		case team == ba.TeamLaw:
			r.reach("law wins")
		}
	}
}

// reach records situation key as arisen in the room.
func (r *baRoomSteer) reach(key string) { r.s.reach(key) }

// ended reads the final observation of a room.
func (r *baRoomSteer) ended(req *ba.DecisionRequest) { r.observe(req) }

// baCharOf is the character of seat s in o ("" when not shown).
func baCharOf(o *ba.PlayerView, s int) string {
	if s < 0 || s >= len(o.Players) {
		return ""
	}
	return o.Players[s].CharacterID
}

// baItem is what the steering reads of a legal item.
type baItem struct {
	command, card, zone, source string
	target                      int
}

func baItemOf(a *ba.LegalAction, me *ba.PlayerInfo) baItem {
	m := a.ArgsSchema
	it := baItem{command: a.Command, target: -1}
	if n, ok := m["targetSeat"].(float64); ok {
		it.target = int(n)
	} else if n, ok := m["targetSeat"].(int); ok {
		it.target = n
	}
	if uid, ok := m["cardUid"].(string); ok && me != nil {
		for _, h := range me.Hand {
			if h.UID == uid {
				it.card = h.CardID
			}
		}
	}
	if pick, ok := m["pick"].(map[string]any); ok {
		it.zone, _ = pick["zone"].(string)
	}
	switch src := m["source"].(type) {
	case map[string]any:
		it.source, _ = src["kind"].(string)
	case string:
		// A source written "hand:<seat>" (a server's own shape).
		it.source, _, _ = strings.Cut(src, ":")
	}
	return it
}

// baWithSteerWhy adds to a session check's result why each rule of a
// situation that did not arise was not evaluated: how many rooms the seats
// steered toward it, and what ended the playing on.
func baWithSteerWhy(run func(ctx context.Context, t *conform.Target) conform.Result) func(ctx context.Context, t *conform.Target) conform.Result {
	return func(ctx context.Context, t *conform.Target) conform.Result {
		res := run(ctx, t)
		if res.Status == reports.Error || res.Status == reports.Skip {
			return res
		}
		st := baSteerState(t)
		for _, x := range st.missing() {
			if res.Evaluated[x.rule] > 0 {
				continue
			}
			res.NoteNotExercised(x.rule, st.why(t, x))
		}
		return res
	}
}

// why says why situation x did not arise in the session.
func (s *baSteer) why(t *conform.Target, x baSituation) string {
	s.mu.Lock()
	rooms, stop, unjudged, own := s.rooms, s.stop, s.unjudged[x.key], s.ownDeal
	s.mu.Unlock()
	switch {
	case !t.Create:
		return fmt.Sprintf("%s did not arise in the given room, and the suite creates no more rooms without the harness extension", x.key)
	case x.unsteered != "":
		return fmt.Sprintf("%s did not arise in the session rooms (%s)", x.key, x.unsteered)
	case unjudged != "":
		return fmt.Sprintf("%s: %s, and %d room(s) more were played on (%s)", x.key, unjudged, rooms, stop)
	case x.char != "" && own:
		return fmt.Sprintf("%s did not arise: the server deals characters of its own (not those the suite asks for), and %d room(s) more were played on, of 8 seats for a character (%s)", x.key, rooms, stop)
	}
	return fmt.Sprintf("%s did not arise, though the suite's seats steered toward it by their decisions in every session room and %d room(s) more (%s)", x.key, rooms, stop)
}
