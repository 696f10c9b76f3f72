package probe

import (
	"fmt"

	"github.com/umpire-arena/umpire/harness/conform"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// The raises of a seat's events, as the views follower (infSeatTrack)
// reads them. An action line of a raise carries the increment only: what
// the raise cost shows in the next view (the raiser's credits and
// contribution) or in the showdown's pot. A raise costs what the seat owed
// plus the increment; a server that charges it the whole new bet (the
// raiser's own bets of the round forgotten, so paid again) is reported
// under round.3.raise and followed from there (I-INF-P6, I-INF-P9).

// raise follows seat's raise by amount. A raise the seat cannot cover (the
// call plus the increment beyond its stack) breaks round.3.raise-covered:
// the event is the break, and it is returned as one.
func (tr *infSeatTrack) raise(seat, amount int) (rule string, want, got any, msg string) {
	owed := tr.currentBet - tr.bets[seat]
	pay := owed + amount
	if have := tr.credits[seat]; pay > have {
		return "inference/round.3.raise-covered", fmt.Sprintf("a raise of at most %d", have-owed), amount,
			fmt.Sprintf("seat %d holding %d credits and owing %d raised by %d: the call and the raise need %d", seat, have, owed, amount, pay)
	}
	if b := tr.bets[seat]; b > 0 {
		if tr.again == nil {
			tr.again = map[int]int{}
		}
		tr.again[seat] += b
	}
	tr.credits[seat] -= pay
	tr.contrib[seat] += pay
	tr.bets[seat] += pay
	tr.currentBet += amount
	tr.raises++
	return "", nil, nil, ""
}

// compareRaises holds a view to the raises followed: a raiser whose
// credits and contribution show its bets of the round taken again was
// charged the whole new bet (reported once, adopted so that the other
// figures are compared with the server's play); one whose figures are as
// the rules have them was charged right.
func (tr *infSeatTrack) compareRaises(vs ref.VisibleState, add func(rule, what string, want, got any), res *conform.Result) {
	if len(tr.again) == 0 {
		return
	}
	res.Eval("inference/round.3.raise")
	found := false
	for _, p := range vs.Players {
		a := tr.again[p.Seat]
		switch {
		case a == 0:
		case p.Credits == tr.credits[p.Seat]-a && p.Contribution == tr.contrib[p.Seat]+a:
			if !found {
				add("inference/round.3.raise", fmt.Sprintf("players[%d].contribution after its raise", p.Seat), tr.contrib[p.Seat], p.Contribution)
				found = true
			}
			tr.chargeAgain(p.Seat)
		case p.Credits == tr.credits[p.Seat] && p.Contribution == tr.contrib[p.Seat]:
			delete(tr.again, p.Seat)
		}
	}
}

// raisesCharged checks a showdown's pot against the raises followed: a pot
// that holds exactly the raisers' earlier bets of the round more than the
// seats put in says those raises were charged the whole new bet (adopted,
// so the credits go on from the server's).
func (tr *infSeatTrack) raisesCharged(ev wire.Event) (rule string, want, got any, msg string) {
	again := 0
	for _, a := range tr.again {
		again += a
	}
	if again == 0 || *ev.Pot != tr.pot()+again {
		return "", nil, nil, ""
	}
	want = tr.pot()
	for seat := range tr.again {
		tr.chargeAgain(seat)
	}
	return "inference/round.3.raise", want, *ev.Pot, fmt.Sprintf("the showdown of round %d names a pot of %d: %d more than the seats put in, what raisers had bet before their raises paid again, though a raise costs what the seat owed plus the raise", ev.Round, *ev.Pot, again)
}

// chargeAgain adopts a server's play that charged seat's raises of the
// round the whole new bet: its earlier bets were taken again, into the pot
// (it still matches the bet).
func (tr *infSeatTrack) chargeAgain(seat int) {
	a := tr.again[seat]
	tr.credits[seat] -= a
	tr.contrib[seat] += a
	delete(tr.again, seat)
}
