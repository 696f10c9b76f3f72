package probe

import (
	"fmt"
	"slices"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/judge"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The views follower: each seat's own stream of events goes through the
// one judge (judge.FollowSeat), which gives the public figures of the
// table after every event; every welcome and your_turn of the seat is
// compared with the figures after the events sent before it. The follower
// keeps no state of the table of its own: only where it is in each
// seat's stream, and which of the events' own fields it has checked
// against the figures before them (a live event's flags, a raise beyond
// the stack, table talk out of order).

// infSeatView is one seat's stream followed through the judge.
type infSeatView struct {
	figs []judge.Figures
	// line maps the index in got of each of the seat's events to the
	// record line it became (absent: none, or not followed).
	line map[int]int
	// stop is the index in got from which the seat is not followed: a
	// welcome of a match under way (it joined again, or mid-match).
	stop int
	// cut is the first record line on which the judge charged a rule
	// that changes the figures (0: none): views after it are not held to
	// figures that follow the judge's reading rather than the server's
	// (I-INF-P9).
	cut int
	// started is set once match_start (with its starting credits) is
	// followed; start is that stack.
	started bool
	start   int
	// last is the record line of the last event followed (0: none);
	// begun that of the round's round_start; inRound is set between a
	// round_start and its showdown.
	last, begun, round int
	inRound            bool
	// broken is set once an event broke a rule the follower charges
	// itself: what the seat's views show from then on cannot follow from
	// its events (I-INF-P9).
	broken bool
	// timeouts is set once a timeout event came: a server that sends none
	// (the action flagged timeout is its record) does not announce
	// sit-outs in events, so views are not held to them.
	timeouts bool
	// acted holds the (round, turn) of the actions seen, for the order of
	// table messages.
	acted map[[2]int]bool
	// again holds what each raiser of the round had bet before its
	// raises: a server that charged a raise the whole new bet (the
	// raiser's own bets of the round forgotten) took it again.
	again map[int]int
}

// talkOnly are the rules of table talk: a break of them changes no figure
// a view shows.
var talkOnly = map[string]bool{
	"inference/round.4.table-talk": true, "inference/log.message-before-action": true,
	"inference/round.4.message-length": true, "inference/protocol.message-code-points": true,
}

// infFollowSeats runs each seat's stream among got through the judge.
func infFollowSeats(got []infMsg) map[int]*infSeatView {
	streams := map[int]*judge.SeatStream{}
	index := map[int][]int{}
	out := map[int]*infSeatView{}
	for i, m := range got {
		sv := out[m.Seat]
		if sv == nil {
			sv = &infSeatView{stop: len(got), line: map[int]int{}, acted: map[[2]int]bool{}, again: map[int]int{}}
			out[m.Seat] = sv
			streams[m.Seat] = &judge.SeatStream{Seat: m.Seat}
		}
		if i >= sv.stop || m.Closed {
			continue
		}
		st := streams[m.Seat]
		switch m.Env.Type {
		case "event":
			if m.Ev.Type == "" || m.Env.Event == nil {
				continue
			}
			if len(st.Events) == 0 && (m.Ev.Type != ref.EventMatchStart || m.Ev.StartingCredits == nil) {
				// Joined mid-match, or a match_start without its
				// stack: the figures would rest on what it never saw.
				sv.stop = i
				continue
			}
			st.Events = append(st.Events, m.Env.Event)
			index[m.Seat] = append(index[m.Seat], i)
		case "welcome":
			if vs, err := m.view(); err == nil && (vs.Round > 0 || slices.ContainsFunc(st.Events, isRoundStart)) {
				sv.stop = i // joined again, or mid-match
			}
		}
	}
	for seat, sv := range out {
		_, figs, at := judge.FollowSeat(*streams[seat], judge.Options{Name: fmt.Sprintf("seat %d's stream", seat), Unfinished: true})
		sv.figs = figs
		for k, i := range index[seat] {
			if at[k] > 0 {
				sv.line[i] = at[k]
			}
		}
		for _, f := range figs {
			if slices.ContainsFunc(f.Broken, func(r string) bool { return !talkOnly[r] }) {
				sv.cut = f.Line
				break
			}
		}
	}
	return out
}

func isRoundStart(e []byte) bool { return wire.ReadEvent(e).Type == ref.EventRoundStart }

// at returns the figures after record line n (n ≥ 1), or zero figures.
func (sv *infSeatView) at(n int) judge.Figures {
	if n < 1 || n > len(sv.figs) {
		return judge.Figures{}
	}
	return sv.figs[n-1]
}

// followed says whether the figures after record line n can be held
// against a view.
func (sv *infSeatView) followed(n int) bool {
	return !sv.broken && n > 0 && (sv.cut == 0 || n < sv.cut)
}

// seat returns seat s's figures in f (zero when f has no such seat).
func seatOf(f judge.Figures, s int) ref.SeatState {
	if s < 0 || s >= len(f.Seats) {
		return ref.SeatState{}
	}
	return f.Seats[s]
}

// event follows the seat's event ev at record line n, checking its own
// fields against the figures before it. It returns a finding, if any.
func (sv *infSeatView) event(ev wire.Event, n int, res *conform.Result) (rule string, want, got any, msg string) {
	// A round's event without its round_start before it (a seat that
	// missed events): the figures would rest on what it never saw.
	switch ev.Type {
	case ref.EventRoundStart:
		sv.broken = sv.broken || ev.Round != sv.round+1
		sv.round = ev.Round
	case ref.EventAnte, ref.EventAction, ref.EventMessage, ref.EventTimeout, ref.EventShowdown, ref.EventReturn:
		sv.broken = sv.broken || !sv.inRound || ev.Round != sv.round
	case ref.EventBust:
		sv.broken = sv.broken || ev.Round != sv.round
	}
	sv.last = n
	if sv.broken || sv.cut > 0 && n > sv.cut {
		return
	}
	if ev.Type == ref.EventTimeout {
		sv.timeouts = true
	}
	if ev.Type == ref.EventMessage {
		res.Eval("inference/round.4.table-talk")
		if ev.Turn != nil && sv.acted[[2]int{ev.Round, *ev.Turn}] {
			rule, want, got, msg = "inference/round.4.table-talk", "the message before the action of its turn", "after it",
				fmt.Sprintf("seat %d's table message of round %d turn %d arrived after that turn's action", *ev.Seat, ev.Round, *ev.Turn)
		}
	}
	if ev.Type == ref.EventAction && ev.Turn != nil {
		sv.acted[[2]int{ev.Round, *ev.Turn}] = true
	}
	before := sv.at(n - 1)
	seat, amount := -1, 0
	if ev.Seat != nil {
		seat = *ev.Seat
	}
	if ev.Amount != nil {
		amount = *ev.Amount
	}
	p := seatOf(before, seat)
	switch ev.Type {
	case ref.EventMatchStart:
		sv.started, sv.start = true, *ev.StartingCredits
	case ref.EventRoundStart:
		sv.inRound, sv.begun = true, n
		clear(sv.again)
	case ref.EventAnte:
		// The ante of a stack that cannot cover it is the whole stack, and
		// the event flags it all-in (as it does an exact stack).
		have, ante := p.Credits, before.Round.Ante
		if have > ante {
			break
		}
		res.Eval("inference/wire.events.ante-all-in")
		if have < ante {
			res.Eval("inference/round.2.short-ante")
		}
		switch {
		case have < ante && amount != have:
			return "inference/round.2.short-ante", have, amount, fmt.Sprintf("seat %d holding %d credits posts %d of an ante of %d, not its whole stack", seat, have, amount, ante)
		case amount == have && !ev.AllIn:
			return "inference/wire.events.ante-all-in", map[string]any{"amount": amount, "all_in": true}, map[string]any{"amount": amount, "all_in": ev.AllIn}, fmt.Sprintf("seat %d's ante of %d empties its stack but the event is not flagged all_in", seat, amount)
		}
	case ref.EventAction:
		if ev.Action != ref.ActionRaise {
			break
		}
		// A raise costs what the seat owed plus the increment: one it
		// cannot cover breaks round.3.raise-covered, in the event itself.
		res.Eval("inference/round.3.raise-covered")
		owed := before.Round.CurrentBet - p.Bet
		if pay := owed + amount; pay > p.Credits {
			return "inference/round.3.raise-covered", fmt.Sprintf("a raise of at most %d", p.Credits-owed), amount,
				fmt.Sprintf("seat %d holding %d credits and owing %d raised by %d: the call and the raise need %d", seat, p.Credits, owed, amount, pay)
		}
		if p.Bet > 0 {
			sv.again[seat] += p.Bet
		}
	case ref.EventShowdown:
		res.Eval("inference/wire.events.showdown")
		sv.inRound = false
		return sv.showdown(ev, before)
	}
	return
}

// showdown checks a showdown event's payload against the round as the
// figures before it hold it: the pot it names is what the seats put in,
// the payouts share out exactly that pot, and a contested showdown
// reveals every seat still in.
func (sv *infSeatView) showdown(ev wire.Event, before judge.Figures) (rule string, want, got any, msg string) {
	const r = "inference/wire.events.showdown"
	if ev.Pot == nil {
		return r, "a showdown with its pot", nil, "the showdown event carries no pot"
	}
	pot := before.Pot()
	folds, again := 0, 0
	for s, p := range before.Seats {
		if p.InRound && p.Folded {
			folds += p.Contribution
		}
		again += sv.again[s]
	}
	switch {
	case folds > 0 && *ev.Pot == pot-folds:
		return "inference/round.3.fold", pot, *ev.Pot, fmt.Sprintf("the showdown of round %d names a pot of %d: the %d that folded seats put in this round left it, though a fold leaves what the seat put in in the pot", ev.Round, *ev.Pot, folds)
	case again > 0 && *ev.Pot == pot+again:
		return "inference/round.3.raise", pot, *ev.Pot, fmt.Sprintf("the showdown of round %d names a pot of %d: %d more than the seats put in, what raisers had bet before their raises paid again, though a raise costs what the seat owed plus the raise", ev.Round, *ev.Pot, again)
	case *ev.Pot != pot:
		return r, pot, *ev.Pot, fmt.Sprintf("the showdown of round %d names a pot of %d, but the seats put %d in", ev.Round, *ev.Pot, pot)
	}
	paid := 0
	var winners []int
	for _, p := range ev.Payouts {
		paid += p.Amount
		if p.Amount > 0 {
			winners = append(winners, p.Seat)
		}
	}
	slices.Sort(winners)
	if paid != *ev.Pot {
		return r, *ev.Pot, paid, fmt.Sprintf("the showdown of round %d pays out %d of a pot of %d", ev.Round, paid, *ev.Pot)
	}
	if !slices.Equal(winners, ev.Winners) {
		return "inference/protocol.winners", winners, ev.Winners, fmt.Sprintf("the showdown of round %d names winners %v, but pays seats %v", ev.Round, ev.Winners, winners)
	}
	in := before.In()
	// A round nobody was dealt into has no contest to flag: its showdown
	// line (uncontested, pot 0) is umpire's reading, I-INF-10, which the
	// log verifier judges at that basis. Only a round with seats in is
	// held to the document here.
	if len(in) > 0 && ev.Uncontested != (len(in) == 1) {
		return r, map[string]any{"uncontested": len(in) == 1, "seats_in": in}, ev.Uncontested, fmt.Sprintf("the showdown of round %d is flagged uncontested %v with seats %v still in", ev.Round, ev.Uncontested, in)
	}
	if len(in) > 1 {
		var shown []int
		for _, rv := range ev.Reveals {
			shown = append(shown, rv.Seat)
		}
		slices.Sort(shown)
		if !slices.Equal(shown, in) {
			return r, in, shown, fmt.Sprintf("the showdown of round %d reveals seats %v, but seats %v are still in", ev.Round, shown, in)
		}
	}
	return "", nil, nil, ""
}

// infViewDiff is one figure of a visible_state that differs from the events.
type infViewDiff struct {
	rule, what string
	want, got  any
}

// refunded says how the view shows a folded seat's bets of the round
// back in its stack, out of the pot (a fold leaves them in the pot), or
// "" when it does not: the server's play, which the other figures then
// cannot follow.
func refunded(vs ref.VisibleState, f judge.Figures) *infViewDiff {
	for _, p := range vs.Players {
		s := seatOf(f, p.Seat)
		if c := s.Contribution; c > 0 && s.Folded && p.Credits == s.Credits+c && p.Contribution == 0 {
			return &infViewDiff{"inference/round.3.fold", fmt.Sprintf("players[%d].contribution after its fold", p.Seat), c, p.Contribution}
		}
	}
	return nil
}

// chargedAgain says how the view shows a raiser charged the whole new
// bet (its bets of the round before the raise taken again), or nil. A
// raiser shown as the figures have it was charged right.
func (sv *infSeatView) chargedAgain(vs ref.VisibleState, f judge.Figures) *infViewDiff {
	for _, p := range vs.Players {
		s, a := seatOf(f, p.Seat), sv.again[p.Seat]
		switch {
		case a == 0:
		case p.Credits == s.Credits-a && p.Contribution == s.Contribution+a:
			return &infViewDiff{"inference/round.3.raise", fmt.Sprintf("players[%d].contribution after its raise", p.Seat), s.Contribution, p.Contribution}
		case p.Credits == s.Credits && p.Contribution == s.Contribution:
			delete(sv.again, p.Seat)
		}
	}
	return nil
}

// compare returns how the seat's view differs from the figures after the
// events it was sent.
func (sv *infSeatView) compare(vs ref.VisibleState, turn bool, res *conform.Result) []infViewDiff {
	var out []infViewDiff
	add := func(rule, what string, want, got any) { out = append(out, infViewDiff{rule, what, want, got}) }
	if vs.Round == 0 {
		// Before round 1 (a welcome): every seat holds the starting stack.
		res.Eval("inference/match.credits")
		for _, p := range vs.Players {
			if p.Credits != sv.start {
				add("inference/match.credits", fmt.Sprintf("players[%d].credits before round 1", p.Seat), sv.start, p.Credits)
			}
		}
		return out
	}
	f := sv.at(sv.last)
	if vs.Round != f.Round.Round || !sv.inRound {
		return nil // a view of a round whose events did not come first: nothing to compare
	}
	res.Eval("inference/visibility.public", "inference/wire.visible-state.contribution", "inference/wire.visible-state.ante", "inference/wire.visible-state.sitting-out")
	if slices.ContainsFunc(f.Seats, func(s ref.SeatState) bool { return s.Folded && s.Contribution > 0 }) {
		res.Eval("inference/round.3.fold")
	}
	if len(sv.again) > 0 {
		res.Eval("inference/round.3.raise")
	}
	// A fold refunded or a raise charged again is the server's play: it
	// is reported alone, and the seat's views are not followed further.
	if d := refunded(vs, f); d != nil {
		sv.broken = true
		return []infViewDiff{*d}
	}
	if d := sv.chargedAgain(vs, f); d != nil {
		sv.broken = true
		return []infViewDiff{*d}
	}
	if vs.Dealer != f.Round.Dealer {
		add("inference/visibility.public", "dealer", f.Round.Dealer, vs.Dealer)
	}
	if vs.Pot != f.Pot() {
		add("inference/visibility.public", "pot", f.Pot(), vs.Pot)
	}
	if vs.RaisesUsed != f.Round.RaisesUsed {
		add("inference/visibility.public", "raises_used", f.Round.RaisesUsed, vs.RaisesUsed)
	}
	if vs.Limits.Ante != f.Round.Ante {
		add("inference/wire.visible-state.ante", "limits.ante (round_start's ante)", f.Round.Ante, vs.Limits.Ante)
	}
	begun := sv.at(sv.begun)
	for _, p := range vs.Players {
		s := seatOf(f, p.Seat)
		if p.Credits != s.Credits {
			add("inference/visibility.public", fmt.Sprintf("players[%d].credits", p.Seat), s.Credits, p.Credits)
		}
		if p.Folded != s.Folded {
			add("inference/visibility.public", fmt.Sprintf("players[%d].folded", p.Seat), s.Folded, p.Folded)
		}
		if allIn := s.InRound && !s.Folded && s.Credits == 0; p.AllIn != allIn {
			add("inference/visibility.public", fmt.Sprintf("players[%d].all_in", p.Seat), allIn, p.AllIn)
		}
		if p.Contribution != s.Contribution {
			add("inference/wire.visible-state.contribution", fmt.Sprintf("players[%d].contribution", p.Seat), s.Contribution, p.Contribution)
		}
		out, back := s.SittingOut, s.BackInRound
		if !out {
			back = 0
		}
		rule := "inference/wire.visible-state.sitting-out"
		if out && !seatOf(begun, p.Seat).SittingOut {
			// Sat out by a timeout of this round, which the seat
			// finishes: the document sits it out from the next round;
			// that the flag shows at once is I-INF-17.
			rule = "inference/wire.visible-state.sitting-out-at-once"
			res.Eval(rule)
		}
		if (sv.timeouts || out) && (p.SittingOut != out || (out && p.BackInRound != back)) {
			add(rule, fmt.Sprintf("players[%d].sitting_out, back_in_round", p.Seat), map[string]any{"sitting_out": out, "back_in_round": back}, map[string]any{"sitting_out": p.SittingOut, "back_in_round": p.BackInRound})
		}
	}
	res.Eval("inference/visibility.history")
	if len(vs.History) != len(f.History) {
		add("inference/visibility.history", "the number of finished rounds in history", len(f.History), len(vs.History))
	} else {
		for i, h := range vs.History {
			w := f.History[i]
			if h.Round != w.Round || h.Pot != w.Pot || h.Uncontested != w.Uncontested || !slices.Equal(h.Winners, w.Winners) || !sameReveals(h.Reveals, w.Reveals) {
				add("inference/visibility.history", fmt.Sprintf("history[%d] (round %d)", i, w.Round),
					map[string]any{"round": w.Round, "pot": w.Pot, "uncontested": w.Uncontested, "winners": w.Winners, "reveals": w.Reveals},
					map[string]any{"round": h.Round, "pot": h.Pot, "uncontested": h.Uncontested, "winners": h.Winners, "reveals": h.Reveals})
				break
			}
		}
	}
	res.Eval("inference/wire.visible-state.actions")
	if d := roundTalk(vs, f); d != nil {
		out = append(out, *d)
	}
	if turn {
		out = append(out, sv.compareTurn(vs, f, res)...)
	}
	return out
}

// roundTalk says how a view's actions or messages differ from the
// round's action and message events before it, or nil. Read tolerantly:
// in turn order, an action by its turn, seat, action and (for a call or
// a raise) amount, its flags aside; a message by its turn, seat and text.
// A list absent or null is the field rule's (wire.visible-state.fields).
func roundTalk(vs ref.VisibleState, f judge.Figures) *infViewDiff {
	act := func(as []ref.ActionRecord) []string {
		out := make([]string, 0, len(as))
		for _, a := range slices.SortedStableFunc(slices.Values(as), func(x, y ref.ActionRecord) int { return x.Turn - y.Turn }) {
			if a.Action == ref.ActionFold {
				a.Amount = 0
			}
			out = append(out, fmt.Sprintf("turn %d seat %d %s %d", a.Turn, a.Seat, a.Action, a.Amount))
		}
		return out
	}
	msg := func(ms []ref.MessageRecord) []string {
		out := make([]string, 0, len(ms))
		for _, m := range slices.SortedStableFunc(slices.Values(ms), func(x, y ref.MessageRecord) int { return x.Turn - y.Turn }) {
			out = append(out, fmt.Sprintf("turn %d seat %d %q", m.Turn, m.Seat, m.Text))
		}
		return out
	}
	if want, got := act(f.Actions), act(vs.Actions); vs.Actions != nil && !slices.Equal(want, got) {
		return &infViewDiff{"inference/wire.visible-state.actions", "actions (the round's action events)", want, got}
	}
	if want, got := msg(f.Messages), msg(vs.Messages); vs.Messages != nil && !slices.Equal(want, got) {
		return &infViewDiff{"inference/wire.visible-state.actions", "messages (the round's message events)", want, got}
	}
	return nil
}

// compareTurn returns how a your_turn's figures of the seat to act differ
// from the figures: the current bet, what it owes, and (SHOULD) the
// breakeven value.
func (sv *infSeatView) compareTurn(vs ref.VisibleState, f judge.Figures, res *conform.Result) []infViewDiff {
	var out []infViewDiff
	add := func(rule, what string, want, got any) { out = append(out, infViewDiff{rule, what, want, got}) }
	me := vs.YourSeat
	res.Eval("inference/protocol.current-bet", "inference/visibility.to-call")
	if vs.CurrentBet != f.Round.CurrentBet {
		add("inference/protocol.current-bet", "current_bet (the raises of the round)", f.Round.CurrentBet, vs.CurrentBet)
	}
	owe := f.Owes(me)
	if s := seatOf(f, me); max(0, f.Round.CurrentBet-s.Bet) > s.Credits {
		res.Eval("inference/protocol.to-call")
		if full := f.Round.CurrentBet - s.Bet; vs.ToCall == full {
			// What the seat owes, not capped at what it holds: the cap is
			// umpire's pin.
			add("inference/protocol.to-call", "to_call (what the seat owes, capped at its credits)", owe, vs.ToCall)
			owe = vs.ToCall
		}
	}
	if vs.ToCall != owe {
		// What the seat owes is the rules' own figure ("what you owe").
		add("inference/visibility.to-call", "to_call (the current bet less the seat's bets this round)", owe, vs.ToCall)
	}
	// The breakeven heuristic (I-INF-11, SHOULD, ±1).
	res.Eval("inference/visibility.breakeven")
	opp := 0
	for _, s := range f.In() {
		if s != me {
			opp++
		}
	}
	be, ok := ref.BreakevenValue(f.Pot(), owe, opp)
	switch {
	case !ok && vs.CallBreakevenValue != nil:
		add("inference/visibility.breakeven", "call_breakeven_value with nothing to call", nil, *vs.CallBreakevenValue)
	case ok && vs.CallBreakevenValue == nil:
		add("inference/visibility.breakeven", fmt.Sprintf("call_breakeven_value owing %d into a pot of %d against %d", owe, f.Pot(), opp), be, nil)
	case ok && (*vs.CallBreakevenValue < be-1 || *vs.CallBreakevenValue > be+1):
		add("inference/visibility.breakeven", fmt.Sprintf("call_breakeven_value owing %d into a pot of %d against %d (±1)", owe, f.Pot(), opp), be, *vs.CallBreakevenValue)
	}
	return out
}

// infWhere is where a message of got is.
func infWhere(m infMsg) rules.Where {
	seat := m.Seat
	return rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
}
