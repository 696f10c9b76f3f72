package verify

import (
	"fmt"
	"slices"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// showdownLine checks a showdown: pot, reveals, winners, payouts.
func (v *Verifier) showdownLine(r *record) {
	if v.st == stBusts {
		v.report("inference/log.showdown-closes-round", -1, -1, 1, 2, "round %d has a second showdown line; it is ignored", v.rs.Round)
		return
	}
	if !v.at(stShowdown, -1, -1) {
		return
	}
	v.checkRound(r, -1, -1)
	v.eval(eShowdownCloses)
	v.eval(eSorted)
	v.eval(eWinners)
	n := len(v.seats)
	contrib, folded, values := v.scr.contrib, v.scr.folded, v.scr.values
	pot, left := 0, 0
	for i := range v.seats {
		p := &v.seats[i]
		contrib[i] = p.Contribution
		folded[i] = !p.InRound || p.Folded
		values[i] = 0
		pot += p.Contribution
		if !folded[i] {
			left++
		}
	}
	// Shape: sorted lists, positive payouts, payouts summing to the pot.
	paid := v.scr.paid
	clear(paid)
	sum, shapeOK := 0, true
	for k, e := range r.payouts {
		if e.seat < 0 || e.seat >= n || e.n <= 0 || (k > 0 && r.payouts[k-1].seat >= e.seat) {
			shapeOK = false
			continue
		}
		paid[e.seat] += e.n
		sum += e.n
	}
	if !shapeOK {
		v.report("inference/protocol.sorted", -1, -1, "one positive entry per seat, sorted by seat", r.payouts, "payouts list each paid seat once, in seat order, with zero amounts left out")
	}
	for k := 1; k < len(r.reveals); k++ {
		if r.reveals[k-1].seat >= r.reveals[k].seat {
			v.report("inference/protocol.sorted", -1, -1, "sorted by seat", r.reveals, "reveals list seats once each, in seat order")
			break
		}
	}
	// Winners are the paid seats.
	winnersOK := true
	k := 0
	for i, a := range paid {
		if a > 0 {
			winnersOK = winnersOK && k < len(r.winners) && r.winners[k] == i
			k++
		}
	}
	if !winnersOK || k != len(r.winners) {
		var wantWinners []int
		for i, a := range paid {
			if a > 0 {
				wantWinners = append(wantWinners, i)
			}
		}
		v.report("inference/protocol.winners", -1, -1, nilIfEmpty(wantWinners), r.winners, "winners lists every seat paid from at least one pot, in seat order")
	}
	checkPayouts := true
	v.eval(eShowdown)
	if r.pot != pot {
		pot = v.foldRefunds(r.pot, pot, contrib)
	}
	if r.pot != pot {
		pot = v.raiseCharges(r.pot, pot, contrib)
	}
	if r.pot != pot {
		v.report("inference/round.6.showdown", -1, -1, pot, r.pot, "the pot is everything put in this round, antes and bets (%d)", pot)
		checkPayouts = false
	}
	if left <= 1 {
		// I-INF-6: the last seat takes the pot, unrevealed.
		v.eval(eUncontested)
		if !r.uncontested {
			v.report("inference/round.7.uncontested", -1, -1, true, false, "with one seat left the pot is uncontested")
			if left == 0 {
				// Nobody was dealt in: the document has no such round, and
				// its showdown line is umpire's reading (I-INF-10).
				v.out[len(v.out)-1].Basis, v.out[len(v.out)-1].Ref = rules.BasisReading, "I-INF-10"
				v.out[len(v.out)-1].Message = "a round nobody was dealt into is flagged uncontested (umpire's reading)"
			}
		}
		if len(r.reveals) > 0 {
			v.report("inference/round.7.uncontested", -1, -1, []ref.Reveal{}, pairsReveal(r.reveals), "an uncontested pot reveals no value: the winner's bluff stays secret")
		}
	} else {
		if r.uncontested {
			v.report("inference/round.6.showdown", -1, -1, false, true, "%d seats are still in: the pot is contested", left)
		}
		if !v.reveals(r, values) {
			checkPayouts = false
		}
	}
	settled := false
	if checkPayouts {
		// The engine settles the round (I-INF-5, I-INF-6) from what the
		// log showed.
		exp, err := v.settler.Settle(contrib, folded, values, v.rs.Dealer)
		if err != nil {
			v.inconclusive("inference/round.6.showdown", 1)
		} else {
			settled = true
			for range v.settler.TiedPots() {
				v.eval(eTies) // a pot is shared by tied best values
			}
			for range v.settler.OddPots() {
				v.eval(eOddChips)
			}
			if v.settler.Pots() > 1 {
				v.eval(eSidePots)
			}
			if want := v.comparePayouts(exp, paid); want != nil {
				for i := range v.seats {
					v.xs[i].delta += want[i] - paid[i]
				}
			}
		}
	}
	if !settled && sum != r.pot {
		v.report("inference/round.6.showdown", -1, -1, r.pot, sum, "the payouts add up to the pot")
	}
	// Adopt the log's payouts.
	for i, a := range paid {
		v.seats[i].Credits += a
	}
	for i := range v.seats {
		v.seats[i].Contribution, v.seats[i].Bet = 0, 0
	}
	v.st = stBusts
	v.bustNext = 0
}

// reveals checks the revealed values against who is still in and, in a full
// log, the dealt values. It fills values and reports whether every
// contending seat has a usable value.
func (v *Verifier) reveals(r *record, values []int) bool {
	ok := true
	v.eval(eNoPeek) // only seats still in are shown
	for _, e := range r.reveals {
		if e.seat < 0 || e.seat >= len(v.seats) {
			v.report("inference/log.seats", e.seat, -1, nil, e.seat, "reveals names seat %d, which is not a seat of this table", e.seat)
			continue
		}
		p := &v.seats[e.seat]
		if !p.InRound || p.Folded { // I-INF-V5
			v.report("inference/visibility.no-peek", e.seat, -1, nil, e.seat, "only the values of seats still in are shown at showdown; seat %d %s", e.seat, map[bool]string{true: "folded", false: "was not dealt in"}[p.InRound])
			continue
		}
		if e.n < ref.ValueMin || e.n > ref.ValueMax {
			v.report("inference/round.6.showdown", e.seat, -1, fmt.Sprintf("%d..%d", ref.ValueMin, ref.ValueMax), e.n, "a revealed value is a hidden value, 1 to 100")
			ok = false
			continue
		}
		if p.Value != 0 && e.n != p.Value {
			v.report("inference/round.6.showdown", e.seat, -1, p.Value, e.n, "the showdown reveals the value seat %d was dealt", e.seat)
		}
		if p.Value == 0 {
			v.keepDeal(e.seat, e.n, true)
		}
		values[e.seat] = e.n
	}
	var missing []int
	for i := range v.seats {
		if p := &v.seats[i]; p.InRound && !p.Folded && values[i] == 0 {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 { // I-INF-V3: the omission is proved, the payouts are not
		if ok {
			v.report("inference/round.6.showdown", -1, -1, nil, missing, "a showdown reveals every seat still in; seats %v are not revealed", missing)
		}
		v.inconclusive("inference/round.6.showdown", 1)
		return false
	}
	return ok
}

// comparePayouts compares the log's payouts with the engine's (exp, from
// v.settler) and names the rule the difference breaks.
func (v *Verifier) comparePayouts(exp *ref.Outcome, paid []int) []int {
	want := v.scr.want
	clear(want)
	for _, p := range exp.Payouts {
		want[p.Seat] = p.Amount
	}
	if slices.Equal(want, paid) {
		return nil
	}
	odd, total := true, 0
	for i := range want {
		d := paid[i] - want[i]
		total += d
		if d != 0 && (d < -1 || d > 1 || !v.settler.OddSeat(i)) {
			odd = false
		}
	}
	rule, why := "inference/round.6.showdown", "the highest value still in takes the pot"
	// With more than one pot, only part of the split is the document's
	// (I-INF-5): where the log keeps that part, the difference rests on
	// umpire's reading of "side pots are computed normally".
	reading := false
	switch {
	case odd && total == 0:
		rule, why = "inference/round.6.odd-chips", "credits that do not split evenly go one each to the tied winners nearest the dealer's left"
		reading = v.settler.Pots() > 1 // one pot at a time: I-INF-5
		if reading {
			why = "each pot's leftover credits go one each to its tied winners nearest the dealer's left"
		}
	case v.settler.Pots() > 1:
		rule, why = "inference/round.6.side-pots", "each pot layer goes to the best value among the seats still in that paid into it"
		if breach := sidePotBreach(v.scr.contrib, v.scr.folded, v.scr.values, paid, v.settler.Pots()); breach != "" {
			why = breach
		} else {
			reading = true
		}
	case v.settler.TiedPots() > 0:
		rule, why = "inference/round.6.ties", "tied best values share the pot evenly"
	}
	v.report(rule, -1, -1, payoutList(want), payoutList(paid), "%s (dealer %d)", why, v.rs.Dealer)
	if reading {
		v.out[len(v.out)-1].Basis, v.out[len(v.out)-1].Ref = rules.BasisReading, "I-INF-5"
	}
	return want
}

// sidePotBreach returns what a round's payouts break of the document's own
// part of side pots, or "" when they keep it (the rest is I-INF-5). Whatever
// the layers, the documents fix that only seats still in win ("remaining
// players"), that a seat wins from a seat still in at most what it put in
// itself (an all-in is "for what you have"; that is what a side pot is),
// folded contributions staying in the pot for someone, that the single
// best value takes at least every credit it matched, and that tied best
// values that paid the same share evenly (apart from one leftover credit
// per pot, of which there are pots).
func sidePotBreach(contrib []int, folded []bool, values []int, paid []int, pots int) string {
	best, top, tied := -1, 0, false
	for i := range contrib {
		if folded[i] {
			if paid[i] > 0 {
				return fmt.Sprintf("seat %d is not still in and wins nothing", i)
			}
			continue
		}
		switch {
		case values[i] > top:
			best, top, tied = i, values[i], false
		case values[i] == top:
			tied = true
		}
	}
	for w := range contrib {
		if folded[w] {
			continue
		}
		most, least := 0, 0
		for s := range contrib {
			m := min(contrib[s], contrib[w])
			least += m
			if folded[s] {
				most += contrib[s]
			} else {
				most += m
			}
		}
		if paid[w] > most {
			return fmt.Sprintf("seat %d wins %d, more than it could match from the seats still in (at most %d)", w, paid[w], most)
		}
		if w == best && !tied && paid[w] < least {
			return fmt.Sprintf("seat %d holds the best value and wins every credit it matched (at least %d), not %d", w, least, paid[w])
		}
		for o := w + 1; o < len(contrib); o++ {
			if !folded[o] && values[w] == top && values[o] == top && contrib[o] == contrib[w] && (paid[w]-paid[o] > pots || paid[o]-paid[w] > pots) {
				return fmt.Sprintf("seats %d and %d tie for the best value, paid the same and share evenly, but win %d and %d", w, o, paid[w], paid[o])
			}
		}
	}
	return ""
}

func payoutList(a []int) []ref.Payout {
	out := []ref.Payout{}
	for i, x := range a {
		if x != 0 {
			out = append(out, ref.Payout{Seat: i, Amount: x})
		}
	}
	return out
}

func pairsReveal(ps []pair) []ref.Reveal {
	out := make([]ref.Reveal, len(ps))
	for i, p := range ps {
		out[i] = ref.Reveal{Seat: p.seat, Value: p.n}
	}
	return out
}

func nilIfEmpty(a []int) []int {
	if a == nil {
		return []int{}
	}
	return a
}

// bustLine checks a bust line: after the showdown, a seat left with nothing.
func (v *Verifier) bustLine(r *record) {
	if !v.seatOK(r.seat, -1) {
		return
	}
	if v.st < stBusts {
		if v.st == stBetween || v.st == stBefore {
			v.report("inference/protocol.log-order", r.seat, -1, nil, ref.EventBust, "bust lines follow their round's showdown")
		} else {
			v.report("inference/log.showdown-closes-round", r.seat, -1, ref.EventShowdown, ref.EventBust, "bust lines come after the round's showdown; this one is ignored")
		}
		return
	}
	v.checkRound(r, r.seat, -1)
	v.eval(eBust)
	v.eval(eSorted)
	p, x := &v.seats[r.seat], &v.xs[r.seat]
	x.pick(&p.Credits, func(c int) bool { return c == 0 })
	switch {
	case p.Busted:
		v.report("inference/round.2.bust", r.seat, -1, nil, r.seat, "seat %d busted already (round %d)", r.seat, p.BustRound)
		return
	case x.unsure:
		v.inconclusive("inference/round.2.bust", 1)
		p.Credits = 0
	case p.Credits != 0:
		v.report("inference/round.2.bust", r.seat, -1, 0, p.Credits, "a seat busts when the payouts leave it with no credits; seat %d holds %d", r.seat, p.Credits)
		x.softBust = true
		p.Bust(v.rs.Round)
		return
	}
	if r.seat < v.bustNext {
		v.report("inference/protocol.sorted", r.seat, -1, nil, r.seat, "bust lines come in seat order")
	}
	for i := v.bustNext; i < r.seat; i++ {
		q, qx := &v.seats[i], &v.xs[i]
		qx.pick(&q.Credits, func(c int) bool { return c != 0 })
		if q.Busts() && !qx.unsure {
			v.report("inference/round.2.bust", i, -1, i, r.seat, "seat %d was left with no credits and busts before seat %d (seat order)", i, r.seat)
			q.Bust(v.rs.Round)
		}
	}
	v.bustNext = r.seat + 1
	p.Bust(v.rs.Round)
	p.Credits = 0
}

// matchEnd checks match_end: when, why, the seed and the ranking.
func (v *Verifier) matchEnd(r *record) {
	v.closeRound()
	alive := 0
	for i := range v.seats {
		if !v.seats[i].Busted {
			alive++
		}
	}
	v.eval(eRoundSequence)
	v.eval(eProtoMatchEnd)
	v.eval(eMatchEnd)
	v.eval(eMatchRounds)
	v.eval(eMatchEndLast)
	if r.round != v.rs.Round {
		v.report("inference/log.round-sequence", -1, -1, v.rs.Round, r.round, "match_end carries the number of the last round played")
	}
	switch {
	case r.reason != ref.ReasonRoundsComplete && r.reason != ref.ReasonOnePlayerLeft:
		v.report("inference/protocol.match-end", -1, -1, "rounds_complete or one_player_left", r.reason, "match_end's reason is rounds_complete or one_player_left")
	case v.cfg.EndReason(alive, v.rs.Round) == "":
		v.report("inference/match.end", -1, -1, "round "+fmt.Sprint(v.cfg.Rounds), "round "+fmt.Sprint(v.rs.Round), "the match goes on until its last round (%d) unless one seat holds every credit; %d seats still have credits", v.cfg.Rounds, alive)
	case r.reason != v.cfg.EndReason(alive, v.rs.Round):
		v.report("inference/match.end", -1, -1, v.cfg.EndReason(alive, v.rs.Round), r.reason, "the match ends with one_player_left when a single seat holds every credit, else rounds_complete after the last round")
	}
	seedOK := ref.SeedCommit(r.seed) == v.seedCommit
	if !v.noStart {
		v.eval(eSeedCommit)
		v.eval(eSeedCommitRule) // committed at the start, disclosed at the end
	}
	if v.noStart {
		v.inconclusive("inference/protocol.seed-commit", 1)
	} else if !seedOK {
		v.report("inference/protocol.seed-commit", -1, -1, v.seedCommit, ref.SeedCommit(r.seed), "seed_commit in match_start is the SHA-256 of the seed match_end reveals")
	}
	v.checkRanking(r)
	v.rederive(r.seed, seedOK)
	v.st = stEnded
	v.sum.Ended = true
}

// checkRanking compares the ranking with Rank of the verifier's standings.
// The rules document fixes who places above whom and that equals share a
// rank (match.ranking); how ranks are numbered (1, 2, 2, 4) and the order of
// the list within a shared rank are umpire's reading, I-INF-8
// (match.ranking-numbering).
func (v *Verifier) checkRanking(r *record) {
	v.eval(eMatchRanking)
	v.eval(eRankNumbering)
	st := v.scr.standings[:0]
	for i := range v.seats {
		p, x := &v.seats[i], &v.xs[i]
		for _, e := range r.ranking {
			if e.seat == i {
				x.pick(&p.Credits, func(c int) bool { return c == e.credits })
			}
		}
		c := p.Credits
		if x.unsure {
			v.inconclusive("inference/match.ranking", 1)
			for _, e := range r.ranking {
				if e.seat == i {
					c = e.credits
				}
			}
		}
		st = append(st, ref.Standing{Seat: i, Credits: c, Busted: p.Busted, BustRound: p.BustRound})
	}
	want := ref.Rank(st)
	same := len(want) == len(r.ranking)
	for k := 0; same && k < len(want); k++ {
		g := r.ranking[k]
		same = g.seat == want[k].Seat && g.rank == want[k].Rank && g.credits == want[k].Credits
	}
	if same {
		return
	}
	got := make([]ref.RankEntry, len(r.ranking))
	for k, e := range r.ranking {
		got[k] = ref.RankEntry{Seat: e.seat, Rank: e.rank, Credits: e.credits}
	}
	if !ref.SamePlaces(want, got) {
		v.report("inference/match.ranking", -1, -1, want, got, "the ranking places seats still in by credits, then busted seats by bust round (later higher); equal credits or busts in one round share a rank")
		return
	}
	v.report("inference/match.ranking-numbering", -1, -1, want, got, "the places are right, but umpire numbers shared ranks by standard competition (1, 2, 2, 4) from 1 and lists seats by rank, a shared rank in seat order")
}

// keepDeal keeps a dealt or revealed value until the seed is revealed.
func (v *Verifier) keepDeal(seat, value int, reveal bool) {
	if len(v.deals) >= maxDeals || v.rs.Round >= 1<<30 {
		v.dealsLost++
		return
	}
	v.deals = append(v.deals, deal{line: int32(v.lineNo), round: int32(v.rs.Round), seat: uint8(seat), value: uint8(value), reveal: reveal})
}

// rederive re-derives the kept deals from the seed when the log was dealt
// by umpire's deal function (I-INF-V1).
func (v *Verifier) rederive(seed string, seedOK bool) {
	n := len(v.deals)
	if n == 0 && v.dealsLost == 0 {
		return
	}
	ours := false
	switch v.opts.Deal {
	case DealUmpire:
		ours = true
	case DealAuto:
		if v.dealName != "" {
			ours = v.dealName == DealFunction
		} else {
			// A sample decides: umpire's function matches (nearly) every
			// value, another one about one in a hundred.
			match, tried := 0, 0
			for _, d := range v.deals[:min(n, 32)] {
				tried++
				if ref.DealValue(seed, int(d.round), int(d.seat)) == int(d.value) {
					match++
				}
			}
			ours = match >= 2 && 2*match >= tried
		}
	}
	if !ours || !seedOK {
		v.inconclusive("inference/protocol.deal-function", n+v.dealsLost)
		return
	}
	v.eval(eDealFunction)
	if n > 0 {
		v.eval(eDeal) // every value re-derived: drawn as the function says
	}
	if v.firstDeal != ref.FirstDealer(seed, len(v.seats)) {
		v.reportAt(rules.Where{File: v.opts.File, Line: v.firstDealLine, Round: 1}, "inference/protocol.deal-function", ref.FirstDealer(seed, len(v.seats)), v.firstDeal,
			"umpire's deal function draws round 1's dealer from the seed")
	}
	for _, d := range v.deals {
		want := ref.DealValue(seed, int(d.round), int(d.seat))
		if want != int(d.value) {
			what := "deals"
			if d.reveal {
				what = "reveals at showdown"
			}
			v.reportAt(rules.Where{File: v.opts.File, Line: int(d.line), Round: int(d.round), Seat: rules.IntPtr(int(d.seat))}, "inference/protocol.deal-function",
				want, int(d.value), "umpire's deal function gives seat %d the value %d in round %d from the revealed seed; the log %s %d", d.seat, want, d.round, what, d.value)
		}
	}
	v.sum.DealsRederived += n
	v.inconclusive("inference/protocol.deal-function", v.dealsLost)
}

func ruleOf(err error, def string) string {
	if id := rules.RuleOf(err); id != "" {
		return id
	}
	return def
}

// foldRefunds is the fold rule's evaluation of a showdown whose pot (got)
// is short of what the seats put in (pot): when it lacks exactly what the
// seats that folded put in this round, that was taken back out of the pot
// (a fold leaves what the seat put in in the pot). It reports that under
// round.3.fold, adopts the log (the folders' stakes back in their stacks,
// contrib updated) and returns the pot as the log has it; else it returns
// pot unchanged.
func (v *Verifier) foldRefunds(got, pot int, contrib []int) int {
	back := 0
	for i := range v.seats {
		if p := &v.seats[i]; p.InRound && p.Folded {
			back += p.Contribution
		}
	}
	if back == 0 || got != pot-back {
		return pot
	}
	for i := range v.seats {
		if p := &v.seats[i]; p.InRound && p.Folded && p.Contribution > 0 {
			v.report("inference/round.3.fold", i, -1, p.Contribution, 0, "a fold leaves what the seat put in in the pot; the pot lacks the %d seat %d put in before it folded", p.Contribution, i)
			p.Credits += p.Contribution
			p.Contribution, p.Bet = 0, 0
			contrib[i] = 0
		}
	}
	return got
}
