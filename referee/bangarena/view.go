package bangarena

// PlayerView (§11) and DecisionRequest (§12).

// HandCard is a hand entry: the card object for the viewer's own hand, a
// card back ({backId}) for another seat's.
type HandCard struct {
	UID    string `json:"uid,omitempty"`
	CardID string `json:"cardId,omitempty"`
	Suit   string `json:"suit,omitempty"`
	Rank   string `json:"rank,omitempty"`
	BackID string `json:"backId,omitempty"`
}

// PlayerInfo is one entry of players[] of the PlayerView.
type PlayerInfo struct {
	Seat         int        `json:"seat"`
	Hp           int        `json:"hp"`
	MaxHp        int        `json:"maxHp"`
	Alive        bool       `json:"alive"`
	CharacterID  string     `json:"characterId"`
	RoleID       *string    `json:"roleId"`
	RoleHidden   bool       `json:"roleHidden,omitempty"`
	Hand         []HandCard `json:"hand"`
	HandCount    int        `json:"handCount"`
	InPlayCards  []Card     `json:"inPlayCards"`
	WeaponCardID *string    `json:"weaponCardId"`
	Glory        Glory      `json:"glory"`
}

// PendingReaction is the attack being answered (WIRE.md).
type PendingReaction struct {
	Kind       string `json:"kind"`
	SourceSeat int    `json:"sourceSeat"`
	TargetSeat int    `json:"targetSeat"`
	Command    string `json:"command"`
	CardID     string `json:"cardId"`
	CardUID    string `json:"cardUid"`
}

// PendingChoice is a choice in progress (WIRE.md); Cards only for the
// chooser of a look_top.
type PendingChoice struct {
	ChoiceID string `json:"choiceId"`
	Kind     string `json:"kind"`
	Seat     int    `json:"seat"`
	Command  string `json:"command"`
	Cards    []Card `json:"cards,omitempty"`
}

// PlayerView is the observation of §11 for one seat.
type PlayerView struct {
	Version         int              `json:"version"`
	Phase           string           `json:"phase"`
	TurnSeat        int              `json:"turnSeat"`
	You             int              `json:"you"`
	Round           int              `json:"round"`
	HighNoon        bool             `json:"highNoon"`
	RoleMode        string           `json:"roleMode"`
	PendingReaction *PendingReaction `json:"pendingReaction"`
	ReactionQueue   []int            `json:"reactionQueue"`
	PendingChoice   *PendingChoice   `json:"pendingChoice"`
	Players         []PlayerInfo     `json:"players"`
	DeckCount       int              `json:"deckCount"`
	DiscardCount    int              `json:"discardCount"`
	KnownRoles      []KnownRole      `json:"knownRoles,omitempty"`
	Events          []Event          `json:"events"`
	WinnerTeam      *string          `json:"winnerTeam"`
	WinnerSeats     []int            `json:"winnerSeats"`
}

var choiceCommand = map[string]string{"glory": "choose_glory", "look_top": "choose_look_top", "first_draw": "choose_first_draw", "prayer": "choose_prayer"}

// View projects the PlayerView of §11 for seat: own hand and role, public
// facts, public events and seat's private ones; other hands as backs and
// hidden roles as null (revealed on elimination and at a normal end, never
// on an abandoned or force_end). A seat outside the table (e.g. -1) gets the
// public view of a spectator.
//
// The view's Events slice shares storage with the engine (events are never
// modified once emitted): read it, append to it, but do not assign to its
// elements. Each seat's projection is kept incrementally, so a view costs
// the events new since that seat's previous view, not the whole log.
func (g *Game) View(seat int) PlayerView {
	v := g.viewBase(seat)
	v.Events = g.visibleEvents(seat)
	return v
}

// viewBase is seat's View without its events.
func (g *Game) viewBase(seat int) PlayerView { return g.viewInto(seat, nil) }

// viewInto is viewBase built into st's storage (nil: new storage).
func (g *Game) viewInto(seat int, st *ViewStore) PlayerView {
	if st == nil {
		st = &ViewStore{}
	}
	if st.queue == nil {
		st.queue = make([]int, 0, 8)
	}
	v := PlayerView{
		Version: g.version, Phase: g.Phase(), TurnSeat: g.turnSeat, You: seat, Round: g.round,
		HighNoon: g.highNoon, RoleMode: g.cfg.RoleMode, ReactionQueue: st.queue[:0],
		DeckCount: len(g.deck), DiscardCount: len(g.discard),
	}
	if g.atk != nil && len(g.atk.queue) > 0 && !g.over {
		a := g.atk
		st.reaction = PendingReaction{Kind: a.kind, SourceSeat: a.source, TargetSeat: a.queue[0],
			Command: a.command, CardID: deckTable[a.card].id, CardUID: uidTable[a.card]}
		v.PendingReaction = &st.reaction
		v.ReactionQueue = append(v.ReactionQueue, a.queue...)
		st.queue = v.ReactionQueue
	}
	if g.choosing() && !g.over {
		c := g.choices[0]
		st.choice = PendingChoice{ChoiceID: c.id, Kind: c.kind, Seat: c.seat, Command: choiceCommand[c.kind]}
		if c.kind == "look_top" && c.seat == seat {
			st.choice.Cards = g.cardsOut(c.cards)
		}
		v.PendingChoice = &st.choice
	}
	normalEnd := g.over && g.endKind == "normal"
	// One backing array each for the hands, the cards in play and the
	// role and weapon names of all players; every slice handed out has its
	// capacity cut to its length, so appending to one never writes into
	// another's.
	nHand, nPlay := 0, 0
	for s := range g.seats {
		nHand += len(g.seats[s].hand)
		nPlay += len(g.seats[s].inPlay)
	}
	if st.hands == nil || cap(st.hands) < nHand {
		st.hands = make([]HandCard, 0, nHand)
	}
	if st.plays == nil || cap(st.plays) < nPlay {
		st.plays = make([]Card, 0, nPlay)
	}
	if cap(st.names) < 2*len(g.seats) {
		st.names = make([]string, 0, 2*len(g.seats))
	}
	if cap(st.players) < len(g.seats) {
		st.players = make([]PlayerInfo, 0, len(g.seats))
	}
	hands, plays := st.hands[:nHand], st.plays[:nPlay]
	names := st.names[:2*len(g.seats)]
	v.Players = st.players[:len(g.seats)]
	for s := range g.seats {
		st := &g.seats[s]
		hand := hands[:len(st.hand):len(st.hand)]
		hands = hands[len(st.hand):]
		inPlay := plays[:len(st.inPlay):len(st.inPlay)]
		plays = plays[len(st.inPlay):]
		for i, c := range st.inPlay {
			inPlay[i] = cardOf(c)
		}
		p := &v.Players[s]
		*p = PlayerInfo{Seat: s, Hp: st.hp, MaxHp: st.maxHp, Alive: st.alive, CharacterID: st.char,
			HandCount: len(st.hand), InPlayCards: inPlay, Glory: st.glory, Hand: hand}
		if s == seat || st.role == RoleMarshal || !st.alive || normalEnd {
			names[2*s] = st.role
			p.RoleID = &names[2*s]
		} else {
			p.RoleHidden = true
		}
		for i, c := range st.hand {
			if s == seat {
				cc := cardOf(c)
				hand[i] = HandCard{UID: cc.UID, CardID: cc.CardID, Suit: cc.Suit, Rank: cc.Rank}
			} else {
				hand[i] = HandCard{BackID: "card_back"}
			}
		}
		if st.weapon >= 0 {
			names[2*s+1] = deckTable[st.weapon].id
			p.WeaponCardID = &names[2*s+1]
		}
	}
	if seat >= 0 && seat < len(g.seats) && len(g.seats[seat].known) > 0 {
		v.KnownRoles = append(st.known[:0], g.seats[seat].known...)
		st.known = v.KnownRoles
	}
	if g.over && g.endKind == "normal" {
		t := g.winTeam
		v.WinnerTeam, v.WinnerSeats = &t, append([]int{}, g.winSeats...)
	}
	return v
}

// DecisionRequest is the message of §12.
type DecisionRequest struct {
	MatchID            string        `json:"matchId"`
	SeatID             int           `json:"seatId"`
	DecisionID         *string       `json:"decisionId"`
	ObservationVersion int           `json:"observationVersion"`
	DeadlineAt         string        `json:"deadlineAt"`
	RulesetVersion     string        `json:"rulesetVersion"`
	MechanicsPackHash  string        `json:"mechanicsPackHash"`
	ProtocolVersion    string        `json:"protocolVersion"`
	Observation        PlayerView    `json:"observation"`
	LegalActions       []LegalAction `json:"legalActions"`
}

// Request builds seat's DecisionRequest. deadlineAt is supplied by the
// caller (the engine has no clock). A seat with nothing to decide gets an
// empty legalActions and a null decisionId (WIRE.md).
func (g *Game) Request(seat int, deadlineAt string) DecisionRequest {
	r := DecisionRequest{
		MatchID: g.cfg.MatchID, SeatID: seat, ObservationVersion: g.version, DeadlineAt: deadlineAt,
		RulesetVersion: RulesetVersion, MechanicsPackHash: MechanicsPackHash, ProtocolVersion: ProtocolVersion,
		Observation: g.View(seat), LegalActions: g.Legal(seat),
	}
	if len(r.LegalActions) > 0 {
		id := "d-" + itoa(g.version) + "-" + itoa(seat)
		r.DecisionID = &id
	}
	return r
}
