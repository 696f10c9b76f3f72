package bangarena

import (
	"github.com/umpire-arena/umpire/referee/rules"
)

// Protocol constants of §0 and §12.
const (
	RulesetVersion    = "krug_rules@0.1.0"
	ProtocolVersion   = "krug-decision/1"
	MechanicsPackHash = "PACK_DEFAULT_V0"
)

// Role modes of §2.
const (
	ModeClassic  = "classic"
	ModePartners = "partners"
	ModeImpostor = "impostor"
	ModeLegacy   = "legacy"
)

// Role ids of §2.
const (
	RoleMarshal  = "marshal"
	RoleAide     = "aide"
	RoleRaider   = "raider"
	RoleLone     = "lone"
	RoleImpostor = "impostor"
)

// Phases of §3 and §11.
const (
	PhaseSetup    = "setup"
	PhaseDraw     = "draw"
	PhasePlay     = "play"
	PhaseReaction = "reaction"
	PhaseDiscard  = "discard"
	PhaseEnded    = "ended"
)

// phaseTurnEnd is internal: the turn is over, the next one starts.
const phaseTurnEnd = "turn_end"

// Config selects a match's table. Zero values mean: classic mode, staged
// characters not dealt, characters dealt from the seed.
type Config struct {
	// Seats is the number of seats, 4–8.
	Seats int `json:"seats"`
	// RoleMode is classic, partners, impostor or legacy ("" = classic).
	RoleMode string `json:"roleMode,omitempty"`
	// MatchID names the match in DecisionRequests ("" = derived from the seed).
	MatchID string `json:"matchId,omitempty"`
	// StagedCharacters adds the staged Preacher and Tracker (I-BA-16) to
	// the characters dealt.
	StagedCharacters bool `json:"stagedCharacters,omitempty"`
	// Characters, when set, fixes the character of every seat (len = Seats)
	// instead of dealing them from the seed.
	Characters []string `json:"characters,omitempty"`
	// Readings selects other readings of gaps, where a server may
	// legitimately differ (referee/INTERPRETATIONS.md); zero = umpire's.
	Readings Readings `json:"readings,omitzero"`
	// Faces, when set, are the suit and rank of the cards it names in this
	// match (a server's own assignment of the pack's suits, as its card
	// objects show it; umpire's is a reading, I-BA-2): the checks of §8
	// and Red Suit's reveal read them. Never logged.
	Faces map[string]Card `json:"-"`
	// Deviations break named rules on purpose, for the embedded server's
	// faults (deviations.go); never set by a judging referee, never logged.
	Deviations rules.Deviations `json:"-"`
}

// Readings are the config switches of the interpretations.
type Readings struct {
	// FlaskCancels makes a Flask played as a reaction cancel the hit
	// (healing 1) instead of healing 1 before the hit lands (I-BA-7).
	FlaskCancels bool `json:"flaskCancels,omitempty"`
	// RaiderKillCards is the number of cards the killer of a raider draws
	// outside legacy (I-BA-3: 0; §15 mentions 2).
	RaiderKillCards int `json:"raiderKillCards,omitempty"`
	// LonesFirst checks §10 rule 2 (partners: every living seat a loner,
	// all loners win) before rule 1 (I-BA-17).
	LonesFirst bool `json:"lonesFirst,omitempty"`
	// TossSelf lets a Toss take "any player" (§5) literally: the player's
	// own cards too, its hand while it holds another card than the Toss
	// (I-BA-33: never).
	TossSelf bool `json:"tossSelf,omitempty"`
	// SaloonWhenHurt offers a Saloon only while a living seat is below its
	// max hp (I-BA-35: always).
	SaloonWhenHurt bool `json:"saloonWhenHurt,omitempty"`
	// BuiltInsBlock withholds the blue card a seat's character has built
	// in: Iron Brow's Cover, Eagle Eye's and Mad Dog's Scope, Pass
	// Shadow's Horse (I-BA-37: never).
	BuiltInsBlock bool `json:"builtInsBlock,omitempty"`
	// WeaponKindWithheld withholds a weapon of the kind the seat holds
	// (I-BA-34: a weapon is always offered).
	WeaponKindWithheld bool `json:"weaponKindWithheld,omitempty"`
	// ImpostorEightNoExtra reads §2's "+1 maxHp at 8 seats" of the
	// impostor mode as the Marshal's seat-count +1 already in the table,
	// not one more (I-BA-4: one more, to the Marshal).
	ImpostorEightNoExtra bool `json:"impostorEightNoExtra,omitempty"`
	// ChoicesAfterQueue opens a choice made while an attack's answer
	// queue runs (a killer's glory choice inside a Buckshot or a Raid)
	// only once the queue is over: the queue's next seat answers first
	// (I-BA-27: the pending choice first).
	ChoicesAfterQueue bool `json:"choicesAfterQueue,omitempty"`
	// PenaltyAfterBounty makes a Marshal who kills an aide pay the
	// penalty after the kill's rewards (the glory star and its bounty
	// cards, which go with his hand), as §9 lists them (I-BA-13: the
	// penalty first, the bounty cards kept).
	PenaltyAfterBounty bool `json:"penaltyAfterBounty,omitempty"`
}

// Glory is the public glory record of a seat (§9).
type Glory struct {
	Stars int `json:"stars"`
	Range int `json:"range"`
	Heart int `json:"heart"`
	Sight int `json:"sight"`
}

type seatState struct {
	role, char string
	hp, maxHp  int
	alive      bool
	hand       []int
	inPlay     []int
	weapon     int
	glory      Glory
	known      []KnownRole
	prayerUsed bool
	peeks      int
	peeked     []int // seats Tracker has peeked at
}

type attack struct {
	kind     string // shot | aoe_shot | raid | duel
	source   int
	card     int
	command  string
	playedAs string
	queue    []int
	need     int  // Ricochets the head still needs (shot, aoe_shot)
	checked  bool // the head's Cover check is done
	// pointBlank: Double Barrel's Shot at distance 1, owed two Ricochets
	pointBlank bool
	duelA      int // duellists: A opened the duel against B
	duelB      int
}

type choice struct {
	id     string
	kind   string // glory | look_top | first_draw | prayer
	seat   int
	cards  []int // look_top: the cards looked at, top first
	victim int   // prayer: the eliminated seat
	reason string
}

// Game is one BangArena match. Its methods are not safe for concurrent use.
type Game struct {
	cfg      Config
	seed     string
	chance   Chance   // every random outcome (chance.go)
	segs     [][]int  // the cards of each shuffle that deck entries hold unseen (chance.go)
	uidBuf   []string // scratch uids handed to the Chance (chance.go)
	seats    []seatState
	deck     []int // top = last
	discard  []int // top = last
	phase    string
	turnSeat int
	round    int
	highNoon bool
	// resolving: a Wagon, Caravan or Bazaar is resolving (out of the piles, §3)
	resolving bool
	marshal   int
	atk       *attack
	choices   []choice
	skipPlay  bool
	shots     int
	events    []*stored // the log, compact (stored.go); never modified once emitted
	version   int
	nChoice   int
	over      bool
	endKind   string // normal | abandoned | force_end
	winTeam   string
	winSeats  []int
	decided   int
	buf       []act
	slab      []stored       // storage of the latest events; a Clone starts its own
	vis       []seatEvents   // per-seat projections of events (viewcache.go); the last is the spectators'
	evals     map[string]int // rules evaluated, when counting is on (evaluated.go)
	cause     string         // the rule whose application emits the next events (because)
	causes    []string       // per event (by Seq-1), when counting is on (Cause)
	sdev      setupDevs      // the setup deviations read where the engine computes often (deviations_setup.go)
}

// NewGame deals a match from cfg and seed and runs it up to the first
// decision. It returns a *rules.Error for a bad config.
func NewGame(cfg Config, seed string) (*Game, error) { return newGame(cfg, seed, nil, false) }

// NewGameWith is NewGame with the match's random outcomes taken from c
// instead of Seeded(seed); the seed is still the one the match commits to
// (match_start's seedCommit) and names it.
func NewGameWith(cfg Config, seed string, c Chance) (*Game, error) {
	return newGame(cfg, seed, c, false)
}

// NewTrackedGame is NewGame with TrackRules on from the deal, so that the
// deal's events too have their causes (Cause) and evaluations.
func NewTrackedGame(cfg Config, seed string) (*Game, error) { return newGame(cfg, seed, nil, true) }

// NewTrackedGameWith is NewTrackedGame with the random outcomes taken from
// c (see NewGameWith).
func NewTrackedGameWith(cfg Config, seed string, c Chance) (*Game, error) {
	return newGame(cfg, seed, c, true)
}

func newGame(cfg Config, seed string, c Chance, track bool) (*Game, error) {
	if cfg.RoleMode == "" {
		cfg.RoleMode = ModeClassic
	}
	switch cfg.RoleMode {
	case ModeClassic, ModePartners, ModeImpostor, ModeLegacy:
	default:
		return nil, rules.Errorf("bangarena/2.role-distribution", "unknown roleMode %q (want classic, partners, impostor or legacy)", cfg.RoleMode)
	}
	if cfg.Seats < 4 || cfg.Seats > 8 {
		return nil, rules.Errorf("bangarena/2.role-distribution", "a table has 4–8 seats, not %d", cfg.Seats)
	}
	if cfg.Characters != nil {
		if len(cfg.Characters) != cfg.Seats {
			return nil, rules.Errorf("bangarena/6.character-deal", "%d characters given for %d seats", len(cfg.Characters), cfg.Seats)
		}
		for _, c := range cfg.Characters {
			if _, ok := charMaxHp(c, cfg.RoleMode); !ok {
				return nil, rules.Errorf("bangarena/6.character-deal", "unknown character %q", c)
			}
		}
	}
	if cfg.MatchID == "" {
		cfg.MatchID = "m-" + seedCommit(seed)[:12]
	}
	g := &Game{cfg: cfg, seed: seed, phase: PhaseSetup, events: make([]*stored, 0, 512), sdev: setupDevsOf(cfg.Deviations)}
	if c == nil {
		c = Seeded(seed)
	}
	g.chance = c
	if track {
		g.TrackRules()
	}
	g.setup()
	g.advance()
	return g, nil
}

// Config returns the match's config (with defaults filled in).
func (g *Game) Config() Config { return g.cfg }

// Seed returns the seed string the match was dealt from.
func (g *Game) Seed() string { return g.seed }

// Version returns the state version: it starts at 1 and grows by one with
// every applied decision (the observationVersion of §12).
func (g *Game) Version() int { return g.version }

// Over reports whether the match has ended.
func (g *Game) Over() bool { return g.over }

// Winners returns the winning team and seats (sorted); empty before the end
// and after an early end.
func (g *Game) Winners() (team string, seats []int) {
	return g.winTeam, append([]int(nil), g.winSeats...)
}

// Phase returns the phase of §11.
func (g *Game) Phase() string {
	if g.over {
		return PhaseEnded
	}
	if g.atk != nil {
		return PhaseReaction
	}
	if g.phase == phaseTurnEnd {
		return PhaseDiscard
	}
	return g.phase
}

// Round returns the round: the number of Marshal turns begun.
func (g *Game) Round() int { return g.round }

// Seats returns the number of seats.
func (g *Game) Seats() int { return len(g.seats) }

// Log returns the full event log: every event, public and private, in order.
func (g *Game) Log() []Event {
	out := make([]Event, len(g.events))
	for i, e := range g.events {
		out[i] = e.event()
	}
	return out
}

// Events is Log under the name the design uses.
func (g *Game) Events() []Event { return g.Log() }

// Decisions returns how many decisions have been applied.
func (g *Game) Decisions() int { return g.decided }

// Abort ends the match early (reason "abandoned" or "force_end"): no
// winner, hidden roles stay hidden (§11; I-BA-26).
func (g *Game) Abort(reason string) {
	if g.over {
		return
	}
	if reason != "force_end" {
		reason = "abandoned"
	}
	g.over, g.endKind = true, reason
	e := newEvent("game_over")
	e.Reason = reason
	g.emit(e)
}

// choosing reports whether a choice is pending now: one is, unless the
// match reads I-BA-27 otherwise (Readings.ChoicesAfterQueue) and an
// attack's answer queue still runs, which it then waits for.
func (g *Game) choosing() bool {
	if len(g.choices) == 0 {
		return false
	}
	return !g.cfg.Readings.ChoicesAfterQueue || g.atk == nil || len(g.atk.queue) == 0
}

// Decider returns the seat that must decide now (I-BA-27): the owner of the pending
// choice, else the head of the reaction queue, else the turn seat in its
// play or discard phase. ok is false when the match is over.
func (g *Game) Decider() (seat int, ok bool) {
	if g.over {
		return -1, false
	}
	if g.choosing() {
		return g.choices[0].seat, true
	}
	if g.atk != nil && len(g.atk.queue) > 0 {
		return g.atk.queue[0], true
	}
	return g.turnSeat, true
}

func (g *Game) emit(e Event) {
	e.Seq = len(g.events) + 1
	if len(g.slab) == cap(g.slab) {
		g.slab = make([]stored, 0, eventChunk)
	}
	n := len(g.slab)
	g.slab = g.slab[:n+1]
	p := &g.slab[n]
	p.set(&e)
	g.events = append(g.events, p)
	if g.evals != nil {
		g.causes = append(g.causes, g.cause)
	}
}

// eventChunk is how many events the engine allocates at once: one
// allocation per chunk instead of one per event.
const eventChunk = 32

func (g *Game) living() int {
	n := 0
	for i := range g.seats {
		if g.seats[i].alive {
			n++
		}
	}
	return n
}

// nextLiving returns the next living seat after s in seat order (wrapping);
// s itself when no other seat lives.
func (g *Game) nextLiving(s int) int {
	n := len(g.seats)
	for k := 1; k <= n; k++ {
		t := (s + k) % n
		if g.seats[t].alive {
			return t
		}
	}
	return s
}

func (g *Game) legacy() bool { return g.cfg.RoleMode == ModeLegacy }

func (g *Game) cardsOut(ids []int) []Card {
	out := make([]Card, len(ids))
	for i, c := range ids {
		out[i] = cardOf(c)
		if g.sdev.diamondsHearts || g.sdev.saloonShot {
			out[i] = g.devCard(out[i])
		}
	}
	return out
}

func uidsOf(ids []int) []string {
	out := make([]string, len(ids))
	for i, c := range ids {
		out[i] = uidTable[c]
	}
	return out
}

func removeAt(s []int, i int) []int { return append(s[:i], s[i+1:]...) }

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// inPlayID returns the index in seat's inPlay of a card with the given id, or -1.
func (g *Game) inPlayID(seat int, id string) int {
	for i, c := range g.seats[seat].inPlay {
		if deckTable[c].id == id {
			return i
		}
	}
	return -1
}
