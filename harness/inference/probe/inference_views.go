package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The live cross-check of every visible_state against the events before it:
// each seat's own stream of events (match_start, round_start, ante, action,
// timeout, return, showdown, bust) is replayed into the public figures of the
// table, and every welcome and your_turn of that seat must show the same pot,
// contributions, credits, current bet, amount owed, raises used, folds,
// all-ins, sit-outs, ante and history, and (SHOULD) the breakeven value.

// infSeatTrack is what one seat has been told about the table so far.
type infSeatTrack struct {
	started bool // match_start seen, with starting_credits
	start   int
	round   int
	dealer  int
	ante    int
	inRound bool // between round_start and showdown
	// sync is false once the seat's events cannot be followed (an event of
	// an unexpected shape): the figures are then no longer compared.
	sync       bool
	credits    map[int]int
	contrib    map[int]int
	bets       map[int]int
	dealt      map[int]bool
	folded     map[int]bool
	sitting    map[int]int // seat → back_in_round
	sitFrom    map[int]int // seat → the round whose timeout sat it out
	currentBet int
	raises     int
	history    []ref.RoundRecord
	rounds     int // showdowns seen
	// timeouts is set once a timeout event came: a server that sends none
	// (the action flagged timeout is its record) does not announce
	// sit-outs in events, so views are not held to them.
	timeouts bool
	// acted holds the (round, turn) of the actions seen, for the order of
	// table messages.
	acted map[[2]int]bool
	// again holds what each raiser of the round had bet before its raises
	// (infSeatTrack.raise): a server that charged a raise the whole new
	// bet took it again.
	again map[int]int
}

func newSeatTrack() *infSeatTrack {
	return &infSeatTrack{acted: map[[2]int]bool{}, sync: true, credits: map[int]int{}, contrib: map[int]int{}, bets: map[int]int{}, dealt: map[int]bool{}, folded: map[int]bool{}, sitting: map[int]int{}, sitFrom: map[int]int{}}
}

func (tr *infSeatTrack) pot() int {
	n := 0
	for _, c := range tr.contrib {
		n += c
	}
	return n
}

// apply follows one event. It returns a showdown finding (the event's
// own payload against the figures), if any.
func (tr *infSeatTrack) apply(ev wire.Event) (rule string, want, got any, msg string) {
	seat := -1
	if ev.Seat != nil {
		seat = *ev.Seat
	}
	amount := 0
	if ev.Amount != nil {
		amount = *ev.Amount
	}
	// A seat that joined mid-match (or missed events) is not followed: its
	// figures would rest on events it never saw.
	switch ev.Type {
	case "round_start":
		if ev.Round != tr.round+1 || !tr.started {
			tr.sync = false
		}
	case "ante", "action", "message", "timeout", "showdown", "return":
		if !tr.inRound || ev.Round != tr.round {
			tr.sync = false
		}
	case "bust":
		if ev.Round != tr.round {
			tr.sync = false
		}
	}
	if !tr.sync {
		return
	}
	if ev.Type == "timeout" {
		tr.timeouts = true
	}
	if ev.SitOut && seat >= 0 {
		// The timeout line's flag (or, in another shape, the action's).
		tr.sitting[seat], tr.sitFrom[seat] = ev.BackInRound, ev.Round
	}
	switch ev.Type {
	case "match_start":
		if ev.StartingCredits == nil {
			tr.sync = false
			return
		}
		tr.started, tr.start = true, *ev.StartingCredits
		for _, s := range ev.Seats {
			tr.credits[s] = tr.start
		}
	case "round_start":
		tr.round, tr.dealer, tr.ante, tr.inRound = ev.Round, ev.Dealer, ev.Ante, true
		tr.currentBet, tr.raises = 0, 0
		clear(tr.contrib)
		clear(tr.bets)
		clear(tr.again)
		clear(tr.dealt)
		clear(tr.folded)
		for _, d := range ev.DealtIn {
			tr.dealt[d] = true
			tr.contrib[d] = 0
			// Dealt in again: no longer sitting out, whether or not a
			// return event comes (the views are not held to that line).
			delete(tr.sitting, d)
			delete(tr.sitFrom, d)
		}
	case "return":
		delete(tr.sitting, seat)
		delete(tr.sitFrom, seat)
	case "ante":
		// The ante of a stack that cannot cover it is the whole stack, and
		// the event flags it all-in (as it does an exact stack).
		have := tr.credits[seat]
		want := min(tr.ante, have)
		tr.credits[seat] -= amount
		tr.contrib[seat] += amount
		switch {
		case have < tr.ante && amount != want:
			return "inference/round.2.short-ante", want, amount, fmt.Sprintf("seat %d holding %d credits posts %d of an ante of %d, not its whole stack", seat, have, amount, tr.ante)
		case have <= tr.ante && amount == have && !ev.AllIn:
			return "inference/wire.events.ante-all-in", map[string]any{"amount": amount, "all_in": true}, map[string]any{"amount": amount, "all_in": ev.AllIn}, fmt.Sprintf("seat %d's ante of %d empties its stack but the event is not flagged all_in", seat, amount)
		}
	case "message":
		if ev.Turn != nil && tr.acted[[2]int{ev.Round, *ev.Turn}] {
			return "inference/round.4.table-talk", "the message before the action of its turn", "after it",
				fmt.Sprintf("seat %d's table message of round %d turn %d arrived after that turn's action", seat, ev.Round, *ev.Turn)
		}
	case "action":
		if ev.Turn != nil {
			tr.acted[[2]int{ev.Round, *ev.Turn}] = true
		}
		switch ev.Action {
		case "fold":
			tr.folded[seat] = true
		case "call":
			tr.credits[seat] -= amount
			tr.contrib[seat] += amount
			tr.bets[seat] += amount
		case "raise":
			return tr.raise(seat, amount)
		default:
			tr.sync = false
		}
	case "showdown":
		rule, want, got, msg = tr.showdown(ev)
		paid := 0
		for _, p := range ev.Payouts {
			tr.credits[p.Seat] += p.Amount
			paid += p.Amount
		}
		pot := tr.pot()
		if ev.Pot != nil {
			pot = *ev.Pot
		}
		// What the round was, from the betting followed (the event's own
		// flags are the showdown's finding): an uncontested round reveals
		// nothing.
		in := 0
		for s := range tr.dealt {
			if !tr.folded[s] {
				in++
			}
		}
		reveals := ev.Reveals
		if in == 1 {
			reveals = nil
		}
		// A round nobody was dealt into has no contest: its flag is
		// I-INF-10's reading, so its history entry is held to the
		// server's own showdown line, not to umpire's flag.
		uncontested := in == 1 || in == 0 && ev.Uncontested
		// Who won is what the showdown said: that winners are the seats
		// paid is WIRE.md's pin (I-INF-14), judged on the showdown itself
		// (protocol.winners), not again in every later view's history.
		winners := ev.Winners
		if winners == nil {
			winners = paidSeats(ev.Payouts)
		}
		tr.history = append(tr.history, ref.RoundRecord{Round: ev.Round, Dealer: tr.dealer, Pot: pot, Uncontested: uncontested, Winners: winners, Reveals: reveals, Payouts: ev.Payouts})
		tr.rounds++
		tr.inRound = false
	}
	return
}

// showdown checks a showdown event's payload against the round followed so
// far: the pot it names is what the seats put in, the payouts share out
// exactly that pot, and a contested showdown reveals every seat still in.
func (tr *infSeatTrack) showdown(ev wire.Event) (rule string, want, got any, msg string) {
	const r = "inference/wire.events.showdown"
	if ev.Pot == nil {
		return r, "a showdown with its pot", nil, "the showdown event carries no pot"
	}
	if back := tr.folds(); back > 0 && *ev.Pot == tr.pot()-back {
		// The pot lacks exactly the folded seats' bets: they were taken
		// back out of it (adopted, so the credits go on from the server's).
		want := tr.pot()
		tr.refundFolds()
		return "inference/round.3.fold", want, *ev.Pot, fmt.Sprintf("the showdown of round %d names a pot of %d: the %d that folded seats put in this round left it, though a fold leaves what the seat put in in the pot", ev.Round, *ev.Pot, back)
	}
	if rule, want, got, msg := tr.raisesCharged(ev); rule != "" {
		return rule, want, got, msg
	}
	if *ev.Pot != tr.pot() {
		return r, tr.pot(), *ev.Pot, fmt.Sprintf("the showdown of round %d names a pot of %d, but the seats put %d in", ev.Round, *ev.Pot, tr.pot())
	}
	paid := 0
	for _, p := range ev.Payouts {
		paid += p.Amount
	}
	if paid != *ev.Pot {
		return r, *ev.Pot, paid, fmt.Sprintf("the showdown of round %d pays out %d of a pot of %d", ev.Round, paid, *ev.Pot)
	}
	if w := paidSeats(ev.Payouts); !slices.Equal(w, ev.Winners) {
		return "inference/protocol.winners", w, ev.Winners, fmt.Sprintf("the showdown of round %d names winners %v, but pays seats %v", ev.Round, ev.Winners, w)
	}
	var in []int
	for s := range tr.dealt {
		if !tr.folded[s] {
			in = append(in, s)
		}
	}
	sort.Ints(in)
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
		sort.Ints(shown)
		if !slices.Equal(shown, in) {
			return r, in, shown, fmt.Sprintf("the showdown of round %d reveals seats %v, but seats %v are still in", ev.Round, shown, in)
		}
	}
	return "", nil, nil, ""
}

// folds returns what the seats that folded put in this round.
func (tr *infSeatTrack) folds() int {
	n := 0
	for seat, f := range tr.folded {
		if f {
			n += tr.contrib[seat]
		}
	}
	return n
}

// refundFolds adopts a server's play that took what the folded seats put
// in this round back out of the pot into their stacks.
func (tr *infSeatTrack) refundFolds() {
	for seat, f := range tr.folded {
		if c := tr.contrib[seat]; f && c > 0 {
			tr.credits[seat] += c
			tr.contrib[seat], tr.bets[seat] = 0, 0
		}
	}
}

// infViewDiff is one figure of a visible_state that differs from the events.
type infViewDiff struct {
	rule, what string
	want, got  any
}

// compare returns how the seat's view differs from the events it was sent.
func (tr *infSeatTrack) compare(vs ref.VisibleState, turn bool, res *conform.Result) []infViewDiff {
	var out []infViewDiff
	add := func(rule, what string, want, got any) { out = append(out, infViewDiff{rule, what, want, got}) }
	if vs.Round == 0 {
		// Before round 1 (a welcome): every seat holds the starting stack.
		res.Eval("inference/match.credits")
		for _, p := range vs.Players {
			if p.Credits != tr.start {
				add("inference/match.credits", fmt.Sprintf("players[%d].credits before round 1", p.Seat), tr.start, p.Credits)
			}
		}
		return out
	}
	if vs.Round != tr.round || !tr.inRound {
		return nil // a view of a round whose events did not come first: nothing to compare
	}
	res.Eval("inference/visibility.public", "inference/wire.visible-state.contribution", "inference/wire.visible-state.ante", "inference/wire.visible-state.sitting-out")
	if tr.folds() > 0 {
		// What a folded seat put in this round stays in the pot: the view
		// shows it back in its stack instead (adopted, so the other
		// figures are compared with the server's play).
		res.Eval("inference/round.3.fold")
		for _, p := range vs.Players {
			if c := tr.contrib[p.Seat]; c > 0 && tr.folded[p.Seat] && p.Credits == tr.credits[p.Seat]+c && p.Contribution == 0 {
				add("inference/round.3.fold", fmt.Sprintf("players[%d].contribution after its fold", p.Seat), tr.contrib[p.Seat], p.Contribution)
				tr.refundFolds()
				break
			}
		}
	}
	tr.compareRaises(vs, add, res)
	if vs.Dealer != tr.dealer {
		add("inference/visibility.public", "dealer", tr.dealer, vs.Dealer)
	}
	if vs.Pot != tr.pot() {
		add("inference/visibility.public", "pot", tr.pot(), vs.Pot)
	}
	if vs.RaisesUsed != tr.raises {
		add("inference/visibility.public", "raises_used", tr.raises, vs.RaisesUsed)
	}
	if vs.Limits.Ante != tr.ante {
		add("inference/wire.visible-state.ante", "limits.ante (round_start's ante)", tr.ante, vs.Limits.Ante)
	}
	for _, p := range vs.Players {
		s := p.Seat
		if p.Credits != tr.credits[s] {
			add("inference/visibility.public", fmt.Sprintf("players[%d].credits", s), tr.credits[s], p.Credits)
		}
		if p.Folded != tr.folded[s] {
			add("inference/visibility.public", fmt.Sprintf("players[%d].folded", s), tr.folded[s], p.Folded)
		}
		if allIn := tr.dealt[s] && !tr.folded[s] && tr.credits[s] == 0; p.AllIn != allIn {
			add("inference/visibility.public", fmt.Sprintf("players[%d].all_in", s), allIn, p.AllIn)
		}
		if p.Contribution != tr.contrib[s] {
			add("inference/wire.visible-state.contribution", fmt.Sprintf("players[%d].contribution", s), tr.contrib[s], p.Contribution)
		}
		back, out := tr.sitting[s]
		rule := "inference/wire.visible-state.sitting-out"
		if out && tr.sitFrom[s] == tr.round {
			// Sat out by a timeout of this round, which the seat
			// finishes: the document sits it out from the next round;
			// that the flag shows at once is I-INF-17.
			rule = "inference/wire.visible-state.sitting-out-at-once"
			res.Eval(rule)
		}
		if (tr.timeouts || out) && (p.SittingOut != out || (out && p.BackInRound != back)) {
			add(rule, fmt.Sprintf("players[%d].sitting_out, back_in_round", s), map[string]any{"sitting_out": out, "back_in_round": back}, map[string]any{"sitting_out": p.SittingOut, "back_in_round": p.BackInRound})
		}
	}
	res.Eval("inference/visibility.history")
	if len(vs.History) != len(tr.history) {
		add("inference/visibility.history", "the number of finished rounds in history", len(tr.history), len(vs.History))
	} else {
		for i, h := range vs.History {
			w := tr.history[i]
			if h.Round != w.Round || h.Pot != w.Pot || h.Uncontested != w.Uncontested || !slices.Equal(h.Winners, w.Winners) || !sameReveals(h.Reveals, w.Reveals) {
				add("inference/visibility.history", fmt.Sprintf("history[%d] (round %d)", i, w.Round),
					map[string]any{"round": w.Round, "pot": w.Pot, "uncontested": w.Uncontested, "winners": w.Winners, "reveals": w.Reveals},
					map[string]any{"round": h.Round, "pot": h.Pot, "uncontested": h.Uncontested, "winners": h.Winners, "reveals": h.Reveals})
				break
			}
		}
	}
	if !turn {
		return out
	}
	me := vs.YourSeat
	res.Eval("inference/protocol.current-bet", "inference/visibility.to-call")
	if vs.CurrentBet != tr.currentBet {
		add("inference/protocol.current-bet", "current_bet (the raises of the round)", tr.currentBet, vs.CurrentBet)
	}
	owe := tr.owes(me)
	if full := max(0, tr.currentBet-tr.bets[me]); full > tr.credits[me] {
		res.Eval("inference/protocol.to-call")
		if vs.ToCall == full {
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
	for s := range tr.dealt {
		if s != me && !tr.folded[s] {
			opp++
		}
	}
	be, ok := ref.BreakevenValue(tr.pot(), owe, opp)
	switch {
	case !ok && vs.CallBreakevenValue != nil:
		add("inference/visibility.breakeven", "call_breakeven_value with nothing to call", nil, *vs.CallBreakevenValue)
	case ok && vs.CallBreakevenValue == nil:
		add("inference/visibility.breakeven", fmt.Sprintf("call_breakeven_value owing %d into a pot of %d against %d", owe, tr.pot(), opp), be, nil)
	case ok && (*vs.CallBreakevenValue < be-1 || *vs.CallBreakevenValue > be+1):
		add("inference/visibility.breakeven", fmt.Sprintf("call_breakeven_value owing %d into a pot of %d against %d (±1)", owe, tr.pot(), opp), be, *vs.CallBreakevenValue)
	}
	return out
}

// owes is what seat owes by the events followed: the current bet less its
// bets this round, capped at its credits (a call it cannot cover is all-in).
func (tr *infSeatTrack) owes(seat int) int {
	return min(max(0, tr.currentBet-tr.bets[seat]), tr.credits[seat])
}

// infOwed follows each seat's events among got as infFollowViews does and
// returns, by the index of each your_turn whose round it could follow, what
// the seat owes by those events. The legal check derives the items from it
// where the view's to_call disagrees: the round's events then say the
// to_call is wrong, which the views check charges
// (inference/visibility.to-call); the call item is charged only if it is
// wrong too.
func infOwed(got []infMsg) map[int]int {
	tracks := map[int]*infSeatTrack{}
	out := map[int]int{}
	for i := range got {
		m := &got[i]
		tr := tracks[m.Seat]
		if tr == nil {
			tr = newSeatTrack()
			tracks[m.Seat] = tr
		}
		switch m.Env.Type {
		case "event":
			ev := m.Ev // the one reader of an event (wire.ReadEvent)
			if ev.Type == "" {
				continue
			}
			if rule, _, _, _ := tr.apply(ev); rule != "" && rule != "inference/round.4.table-talk" {
				tr.sync = false // as infFollowViews: the figures no longer follow (I-INF-P9)
			}
		case "welcome":
			if vs, err := m.view(); err != nil || vs.Round > 0 || tr.round > 0 {
				tr.sync = false // joined again, or mid-match
			}
		case "your_turn":
			if tr.sync && tr.started && tr.inRound && m.Env.Round == tr.round {
				out[i] = tr.owes(m.Seat)
			}
		}
	}
	return out
}

// paidSeats lists the seats a showdown pays, in seat order: its winners
// (WIRE.md: every seat paid from at least one pot).
func paidSeats(ps []ref.Payout) []int {
	var out []int
	for _, p := range ps {
		if p.Amount > 0 {
			out = append(out, p.Seat)
		}
	}
	sort.Ints(out)
	return out
}

func sameReveals(a, b []ref.Reveal) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	by := func(p, q ref.Reveal) int { return p.Seat - q.Seat }
	slices.SortFunc(x, by)
	slices.SortFunc(y, by)
	return slices.Equal(x, y)
}

// infCheckViews replays each seat's events of the session and compares
// every welcome and your_turn of the seat with them.
func infCheckViews(ctx context.Context, t *conform.Target) conform.Result {
	s, err := infObserve(ctx, t)
	if err != nil {
		return conform.SessionErr(err)
	}
	var res conform.Result
	if s.rounds > 0 {
		infRoundsPlayed(s, &res)
	}
	if infFollowViews(s.got, s.around, &res) == 0 {
		return res.OrSkip("no visible_state of the session could be followed from the events before it (match_start with starting_credits, then the round's events)")
	}
	return res
}

// infRoundsPlayed holds a created session to the rounds it was created
// with: match_start announces them, and no round beyond them is played.
func infRoundsPlayed(s *infSession, res *conform.Result) {
	for i, m := range s.got {
		if m.Env.Type != "event" {
			continue
		}
		ev := m.Ev
		seat := m.Seat
		switch {
		case ev.Type == "match_start" && ev.RoundsTotal != nil:
			res.Eval("inference/match.rounds")
			if *ev.RoundsTotal != s.rounds {
				f := conform.NewFinding("inference/match.rounds", rules.Where{Seat: &seat}, s.rounds, *ev.RoundsTotal, "the match was created with %d rounds but match_start announces %d", s.rounds, *ev.RoundsTotal)
				f.Transcript = s.around(i)
				res.Findings = append(res.Findings, f)
				return
			}
		case ev.Type == "round_start" && ev.Round > s.rounds:
			res.Eval("inference/match.rounds")
			f := conform.NewFinding("inference/match.rounds", rules.Where{Seat: &seat, Round: ev.Round}, fmt.Sprintf("at most %d rounds", s.rounds), ev.Round, "the match was created with %d rounds but round %d starts", s.rounds, ev.Round)
			f.Transcript = s.around(i)
			res.Findings = append(res.Findings, f)
			return
		}
	}
}

// infFollowViews follows each seat's events among got and compares every
// welcome and your_turn of the seat with them, adding to res one finding per
// rule (one divergence tends to repeat at every turn). It returns how many
// views it compared.
func infFollowViews(got []infMsg, around func(i int) []reports.Message, res *conform.Result) int {
	tracks := map[int]*infSeatTrack{}
	once := map[string]bool{}
	for _, f := range res.Findings {
		once[f.Rule] = true
	}
	report := func(i int, rule string, where rules.Where, want, got any, format string, args ...any) {
		if once[rule] {
			return
		}
		once[rule] = true
		f := conform.NewFinding(rule, where, want, got, format, args...)
		f.Transcript = around(i)
		res.Findings = append(res.Findings, f)
	}
	type pendingView struct {
		i  int
		vs ref.VisibleState
	}
	pending := map[int][]pendingView{}
	views := 0
	for i, m := range got {
		tr := tracks[m.Seat]
		if tr == nil {
			tr = newSeatTrack()
			tracks[m.Seat] = tr
		}
		seat := m.Seat
		where := rules.Where{Seat: &seat, Round: m.Env.Round, Turn: m.Env.Turn}
		switch m.Env.Type {
		case "event":
			ev := m.Ev // the one reader of an event (wire.ReadEvent)
			if ev.Type == "" {
				continue
			}
			switch {
			case ev.Type == "message":
				res.Eval("inference/round.4.table-talk")
			case ev.Type == "showdown":
				res.Eval("inference/wire.events.showdown")
			case ev.Type == "action" && ev.Action == "raise" && tr.started:
				res.Eval("inference/round.3.raise-covered")
			case ev.Type == "ante" && tr.started && ev.Seat != nil && tr.credits[*ev.Seat] <= tr.ante:
				res.Eval("inference/wire.events.ante-all-in")
				if tr.credits[*ev.Seat] < tr.ante {
					res.Eval("inference/round.2.short-ante")
				}
			}
			if rule, want, got, msg := tr.apply(ev); rule != "" && tr.sync {
				where.Round = ev.Round
				report(i, rule, where, want, got, "%s", msg)
				// The seat's events broke a rule: what its views show from
				// here on cannot follow from them, and comparing would
				// charge the view rules for this one break (I-INF-P9). Table
				// talk out of order changes no figure a view shows.
				if rule != "inference/round.4.table-talk" {
					tr.sync = false
				}
			}
		case "welcome", "your_turn":
			vs, err := m.view() // tolerant: a field of another shape stays zero
			if err != nil || !tr.sync {
				continue
			}
			vs.CallBreakevenValue = breakevenOf(m.Env.VisibleState)
			if m.Env.Type == "welcome" {
				if vs.Round > 0 || tr.round > 0 {
					tr.sync = false // joined again, or mid-match
					continue
				}
				if vs.Round == 0 {
					// The welcome comes before match_start: compared once
					// the starting stack is known.
					pending[m.Seat] = append(pending[m.Seat], pendingView{i, vs})
				}
				continue
			}
			if !tr.started {
				continue
			}
			views++
			for _, d := range tr.compare(vs, true, res) {
				report(i, d.rule, where, d.want, d.got, "seat %d's visible_state shows %s %s, but the events sent before it give %s", seat, d.what, jsonText(d.got), jsonText(d.want))
			}
		}
		if tr.started {
			for _, pv := range pending[m.Seat] {
				views++
				w := rules.Where{Seat: &seat}
				for _, d := range tr.compare(pv.vs, false, res) {
					report(pv.i, d.rule, w, d.want, d.got, "seat %d's welcome shows %s %s, but match_start gives a starting stack of %s", seat, d.what, jsonText(d.got), jsonText(d.want))
				}
			}
			delete(pending, m.Seat)
		}
	}
	return views
}

// breakevenOf reads call_breakeven_value of a raw visible_state as a
// number of any form, rounded to the nearest integer (I-INF-11 allows ±1),
// or nil when it is null or absent.
func breakevenOf(raw json.RawMessage) *int {
	var top struct {
		BE *float64 `json:"call_breakeven_value"`
	}
	if json.Unmarshal(raw, &top) != nil || top.BE == nil {
		return nil
	}
	v := int(math.Round(*top.BE))
	return &v
}

// jsonText renders a value for a message as JSON.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// infViewRules are the rules infCheckViews evaluates.
func infViewRules() []string {
	return []string{
		"inference/match.credits", "inference/visibility.public", "inference/visibility.history", "inference/visibility.breakeven",
		"inference/wire.events.showdown", "inference/wire.visible-state.contribution", "inference/wire.visible-state.ante",
		"inference/wire.visible-state.sitting-out", "inference/wire.visible-state.sitting-out-at-once", "inference/protocol.current-bet", "inference/protocol.to-call", "inference/visibility.to-call",
		"inference/round.2.short-ante", "inference/wire.events.ante-all-in", "inference/match.rounds", "inference/round.4.table-talk", "inference/protocol.winners", "inference/round.3.fold",
		"inference/round.3.raise", "inference/round.3.raise-covered",
	}
}
