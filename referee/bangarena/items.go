package bangarena

// Item is one legal item with the values of its argsSchema as fields: what
// a player in the same process reads to choose among a seat's items
// without the argsSchema map and the actionId string Legal builds for every
// item. Items(seat, nil)[i] is Legal(seat)[i] (TestItemsAgreeWithLegal);
// ActionID builds the actionId of the one item chosen.
type Item struct {
	// Command is the item's command.
	Command string
	// CardUID is argsSchema.cardUid ("" when the item has none).
	CardUID string
	// TargetSeat is argsSchema.targetSeat (-1 when the item has none).
	TargetSeat int
	// PlayedAs is argsSchema.playedAs ("" when none).
	PlayedAs string
	// PickZone and PickUID are argsSchema.pick's zone and cardUid
	// (play_steal, play_discard_any; "" when none).
	PickZone, PickUID string
	// ChoiceID is argsSchema.choiceId of a choice's item ("" otherwise).
	ChoiceID string
	// SourceKind and SourceSeat are argsSchema.source's kind and seat
	// (choose_first_draw; "" and -1 when none).
	SourceKind string
	SourceSeat int
	// PutBackUID is argsSchema.putBackUid (choose_look_top; "" otherwise).
	PutBackUID string
	// Perk is argsSchema.perk (choose_glory; "" otherwise).
	Perk string
	// Pray is argsSchema.pray (choose_prayer).
	Pray bool
	// HealUIDs is argsSchema.cardUids of use_discard_heal (empty
	// otherwise).
	HealUIDs [2]string
	// DiscardUIDs is argsSchema.cardUids of discard, its default cards
	// (nil otherwise).
	DiscardUIDs []string

	a act
}

// ActionID returns the item's actionId.
func (it *Item) ActionID() string { return it.a.id() }

// Items appends seat's legal items to buf[:0] and returns the list: empty
// unless seat is the Decider. buf's storage is reused, so a player that
// keeps the list between decisions allocates nothing here.
func (g *Game) Items(seat int, buf []Item) []Item {
	var room actBuf
	buf = buf[:0]
	for _, a := range g.legalActs(seat, room[:0]) {
		it := a.item()
		if a.cmd == cDiscard {
			it.DiscardUIDs = g.defaultDiscard(seat)
		}
		buf = append(buf, it)
	}
	return buf
}

// IsLegal reports whether actionID is the actionId of an item of
// Legal(seat), without building the items.
func (g *Game) IsLegal(seat int, actionID string) bool {
	var room actBuf
	for _, a := range g.legalActs(seat, room[:0]) {
		if a.is(actionID) {
			return true
		}
	}
	return false
}

// item returns a's Item: the fields of a.schema, typed.
func (a act) item() Item {
	it := Item{Command: cmdNames[a.cmd], TargetSeat: a.target, PlayedAs: a.playedAs, SourceSeat: -1, a: a}
	if a.card >= 0 && a.cmd != cLookTop && a.cmd != cDiscardHeal {
		it.CardUID = uidTable[a.card]
	}
	switch a.cmd {
	case cSteal, cToss:
		it.PickZone = a.zone
		if a.zone == "inPlay" {
			it.PickUID = uidTable[a.pick]
		}
	case cFirstDraw:
		it.ChoiceID, it.SourceKind = a.choiceID, a.zone
		if a.zone == "hand" {
			it.SourceSeat = a.pick
		}
	case cLookTop:
		it.ChoiceID, it.PutBackUID = a.choiceID, uidTable[a.card]
	case cGlory:
		it.ChoiceID, it.Perk = a.choiceID, a.zone
	case cPrayer:
		it.ChoiceID, it.Pray = a.choiceID, a.yes
	case cDiscardHeal:
		it.HealUIDs = [2]string{uidTable[a.card], uidTable[a.card2]}
	}
	return it
}

// ViewStore is the storage of the views ViewSince builds for one caller,
// kept between its calls: a view built into a store shares the store's
// storage (players, hands, cards in play, names, the reaction queue, the
// known roles, the pending reaction and choice, the events), so it is
// valid until the store's next use. The zero value is ready to use; a
// store is the caller's, never the Game's.
type ViewStore struct {
	players  []PlayerInfo
	hands    []HandCard
	plays    []Card
	names    []string
	queue    []int
	known    []KnownRole
	events   []Event
	reaction PendingReaction
	choice   PendingChoice
}

// ViewSince returns the observation of seat's RequestSince(seat, …, from,
// …): seat's view whose Events are the events seat may see among the log
// entries from index from on, and the log's length, the from of seat's
// next call. The view is built into st (nil: new storage), which a player
// following a match keeps from one decision to the next. With Items it is
// a request without the cost of its LegalActions, for a player in the
// same process.
func (g *Game) ViewSince(seat, from int, st *ViewStore) (PlayerView, int) {
	if st == nil {
		st = &ViewStore{}
	}
	v := g.viewInto(seat, st)
	v.Events = g.AppendVisibleEvents(st.events[:0], seat, from)
	st.events = v.Events
	return v, len(g.events)
}

// RequestSinceItems is RequestSince for a caller that writes the request
// with AppendJSONSinceItems: seat's items are appended to items[:0] and
// returned, and the request's LegalActions hold each item's actionId and
// command only (no argsSchema: the items hold it). Its observation is
// built into st as ViewSince builds it (nil: new storage), so the request
// is valid until st's next use. It spares the argsSchema maps and the view
// storage of a request that is only sent.
func (g *Game) RequestSinceItems(seat int, deadlineAt string, from int, st *ViewStore, items []Item) (DecisionRequest, []Item, int) {
	items = g.Items(seat, items)
	legal := make([]LegalAction, len(items))
	for i := range items {
		legal[i] = LegalAction{ActionID: items[i].ActionID(), Command: items[i].Command}
	}
	view, next := g.ViewSince(seat, from, st)
	r := DecisionRequest{
		MatchID: g.cfg.MatchID, SeatID: seat, ObservationVersion: g.version, DeadlineAt: deadlineAt,
		RulesetVersion: RulesetVersion, MechanicsPackHash: MechanicsPackHash, ProtocolVersion: ProtocolVersion,
		Observation: view, LegalActions: legal,
	}
	if len(legal) > 0 {
		r.DecisionID = g.decisionID(seat)
	}
	return r, items, next
}
