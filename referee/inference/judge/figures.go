package judge

import (
	"slices"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/verify"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Figures are the public figures of the table after one line of a
// record, as the judge holds them: what a visible_state sent at that
// point must show (the pot, the current bet, the raises used, the
// dealer, the ante, each seat's credits, contribution, folds, all-ins
// and sit-outs, what a seat owes, the finished rounds).
type Figures struct {
	// Line is the record line they follow (1-based).
	Line int
	// Round is the round's count (number, dealer, ante, current bet,
	// raises used, turn, seat to act).
	Round ref.RoundState
	// Seats are the seats' states; Value is cleared (hidden).
	Seats []ref.SeatState
	// History holds the finished rounds, oldest first, as a view's
	// history shows them (round, dealer, pot, uncontested, winners,
	// reveals, payouts; the round's actions and messages are not kept).
	// Its entries are shared between figures: read-only.
	History []ref.RoundRecord
	// Actions and Messages are the current round's action and message
	// lines so far, in the record's order, as a view's actions and
	// messages show them (shared between figures: read-only).
	Actions  []ref.ActionRecord
	Messages []ref.MessageRecord
	// Broken names the rules the judge charged on reading this line:
	// figures after a break follow the judge's reading of a line that
	// broke a rule, not necessarily the server's.
	Broken []string
}

// Pot is what the seats put in this round.
func (f Figures) Pot() int {
	n := 0
	for _, s := range f.Seats {
		n += s.Contribution
	}
	return n
}

// Owes is what seat owes to call: the current bet less its bets this
// round, capped at its credits (WIRE.md's to_call).
func (f Figures) Owes(seat int) int {
	if seat < 0 || seat >= len(f.Seats) {
		return 0
	}
	p := &f.Seats[seat]
	return ref.CallPay(max(0, f.Round.CurrentBet-p.Bet), p.Credits)
}

// In lists the seats dealt in this round that have not folded, in seat
// order.
func (f Figures) In() []int {
	var in []int
	for i, s := range f.Seats {
		if s.InRound && !s.Folded {
			in = append(in, i)
		}
	}
	return in
}

// Follow judges rec as Judge does and returns, with the verdict, the
// figures after each of its lines (figures[i] follows line i+1).
func Follow(rec Record, opts Options) (Verdict, []Figures) {
	out := make([]Figures, 0, len(rec.Lines))
	var history []ref.RoundRecord
	var actions []ref.ActionRecord
	var messages []ref.MessageRecord
	var before Figures
	v := run(rec, opts, func(line int, v *verify.Verifier, found []rules.Finding) {
		rs, seats := v.Table(nil)
		for i := range seats {
			seats[i].Value = 0
		}
		switch ev := wire.ReadEvent(rec.Lines[line-1]); ev.Type {
		case ref.EventShowdown:
			history = append(history[:len(history):len(history)], finished(ev, before))
		case ref.EventRoundStart:
			actions, messages = nil, nil
		case ref.EventAction:
			actions = append(actions[:len(actions):len(actions)], ref.ActionRecord{Turn: deref(ev.Turn), Seat: deref(ev.Seat), Action: ev.Action,
				Amount: deref(ev.Amount), Timeout: ev.Timeout, AllIn: ev.AllIn})
		case ref.EventMessage:
			messages = append(messages[:len(messages):len(messages)], ref.MessageRecord{Turn: deref(ev.Turn), Seat: deref(ev.Seat), Text: ev.Text})
		}
		f := Figures{Line: line, Round: rs, Seats: seats, History: history, Actions: actions, Messages: messages}
		for _, x := range found {
			f.Broken = append(f.Broken, x.Rule)
		}
		out = append(out, f)
		before = f
	})
	return v, out
}

// deref is *p, 0 for nil.
func deref(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// finished is the history entry of the round a showdown line closes,
// with the figures before it. The flags are the round's, as the betting
// left it: an uncontested round reveals nothing (its showdown line's
// reveals are the showdown's own finding). A round nobody was dealt into
// has no contest: its flag is I-INF-10's reading, so its entry keeps the
// server's own flag. Who won is what the showdown said (that the winners
// are the seats paid is WIRE.md's pin, I-INF-14, judged on the showdown
// itself); without winners, the seats paid.
func finished(ev wire.Event, before Figures) ref.RoundRecord {
	in := len(before.In())
	pot := before.Pot()
	if ev.Pot != nil {
		pot = *ev.Pot
	}
	reveals := slices.Clone(ev.Reveals)
	if in == 1 {
		reveals = nil
	}
	winners := slices.Clone(ev.Winners)
	if winners == nil {
		for _, p := range ev.Payouts {
			if p.Amount > 0 {
				winners = append(winners, p.Seat)
			}
		}
		slices.Sort(winners)
	}
	return ref.RoundRecord{Round: ev.Round, Dealer: before.Round.Dealer, Pot: pot, Uncontested: in == 1 || in == 0 && ev.Uncontested,
		Winners: winners, Reveals: reveals, Payouts: slices.Clone(ev.Payouts)}
}

// FollowSeat is Follow of one seat's stream alone: the record of what
// the seat was shown (Gather of that stream, without a log), the
// verdict, the figures after each record line, and at, for each of the
// seat's events, the record line it became (0 for none: a deal_private
// event, which the record holds only when it shows every dealt value,
// and an event of a type no log line has — a live extension, which
// changes no figure and is left out of the record).
func FollowSeat(s SeatStream, opts Options) (v Verdict, figs []Figures, at []int) {
	at = make([]int, len(s.Events))
	known := SeatStream{Seat: s.Seat, End: s.End}
	for _, e := range s.Events {
		if logLine(wire.ReadEvent(e).Type) {
			known.Events = append(known.Events, e)
		}
	}
	rec := Gather(Sources{Seats: []SeatStream{known}})
	v, figs = Follow(rec, opts)
	j := 0
	for k, e := range s.Events {
		t := wire.ReadEvent(e).Type
		if t == ref.EventDealPrivate || !logLine(t) {
			continue
		}
		// The record's own deal_private lines are the filled ones.
		for j < len(rec.Lines) && wire.ReadEvent(rec.Lines[j]).Type == ref.EventDealPrivate {
			j++
		}
		if j < len(rec.Lines) {
			at[k] = j + 1
			j++
		}
	}
	return v, figs, at
}

// logLine says whether a match log has lines of event type t.
func logLine(t string) bool {
	switch t {
	case ref.EventMatchStart, ref.EventRoundStart, ref.EventDealPrivate, ref.EventAnte, ref.EventMessage, ref.EventAction,
		ref.EventTimeout, ref.EventShowdown, ref.EventBust, ref.EventReturn, ref.EventMatchEnd:
		return true
	}
	return false
}
