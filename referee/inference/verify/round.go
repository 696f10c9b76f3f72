package verify

import (
	"fmt"
	"slices"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// matchStart checks match_start and sets the table up from it: the log is
// held to the settings it declares (I-INF-V6).
func (v *Verifier) matchStart(r *record) {
	if v.st != stBefore {
		v.report("inference/log.match-start-first", -1, -1, nil, ref.EventMatchStart, "match_start comes once, as the first line; this one is ignored")
		return
	}
	v.st = stBetween
	v.eval(eMatchStartFirst)
	s, err := decodeStart(r.raw)
	if err != nil {
		v.report("inference/protocol.log-line", -1, -1, nil, nil, "match_start does not decode: %v; default settings are assumed", err)
		return
	}
	v.eval(eLogFields)
	if s.RulesVersion != ref.RulesVersion {
		v.report("inference/protocol.log-fields", -1, -1, ref.RulesVersion, s.RulesVersion, "rules_version names the rules the log follows; this verifier checks %s", ref.RulesVersion)
	}
	cfg := ref.Config{
		TableSize:              s.TableSize,
		Rounds:                 s.RoundsTotal,
		StartingCredits:        s.StartingCredits,
		Ante:                   s.Limits.Ante,
		AnteRamp:               s.Limits.AnteRamp,
		MinRaise:               s.Limits.MinRaise,
		MaxRaise:               s.Limits.MaxRaise,
		MaxRaisesPerRound:      s.Limits.MaxRaisesPerRound,
		TurnDeadlineMS:         s.Limits.TurnDeadlineMS,
		MaxConsecutiveTimeouts: s.Limits.MaxConsecutiveTimeouts,
		SitOutRounds:           s.Limits.SitOutRounds,
		MaxMessageChars:        s.Limits.MaxMessageChars,
	}
	v.eval(eTableSize)
	if err := cfg.Validate(); err != nil {
		v.report(ruleOf(err, "inference/protocol.log-fields"), -1, -1, nil, nil, "match_start settings are out of range (%v); default settings are assumed", err)
		def := ref.DefaultConfig()
		if s.TableSize >= 3 && s.TableSize <= 8 {
			def.TableSize = s.TableSize
		}
		cfg = def
	}
	if s.Limits.ValueMin != ref.ValueMin || s.Limits.ValueMax != ref.ValueMax {
		v.report("inference/round.1.deal", -1, -1, fmt.Sprintf("%d..%d", ref.ValueMin, ref.ValueMax), fmt.Sprintf("%d..%d", s.Limits.ValueMin, s.Limits.ValueMax), "hidden values are integers from 1 to 100")
	}
	v.setTable(cfg)
	v.eval(eSeats)
	ok := len(s.Seats) == cfg.TableSize
	for i, e := range s.Seats {
		if e.Seat != i {
			ok = false
		}
	}
	if !ok {
		got := make([]int, len(s.Seats))
		for i, e := range s.Seats {
			got[i] = e.Seat
		}
		v.report("inference/log.seats", -1, -1, fmt.Sprintf("seats 0..%d in order", cfg.TableSize-1), got, "match_start lists every seat of the table once, in seat order")
	}
	v.eval(eSeedCommit)
	if !isHex64(s.SeedCommit) {
		v.report("inference/protocol.seed-commit", -1, -1, "64 lowercase hex digits", s.SeedCommit, "seed_commit is the lowercase hex SHA-256 of the seed")
	}
	v.seedCommit = s.SeedCommit
	v.dealName = s.Deal
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// closeRound ends an unfinished round before a round_start or match_end:
// a missing showdown or missing bust lines are findings.
func (v *Verifier) closeRound() {
	switch {
	case v.st >= stReturns && v.st <= stShowdown:
		v.closeTo(stShowdown)
		v.eval(eShowdownCloses)
		v.report("inference/log.showdown-closes-round", -1, -1, ref.EventShowdown, v.rec.typ, "round %d was not closed by a showdown; the stacks of its seats are unknown from here", v.rs.Round)
		for i := range v.seats {
			p, x := &v.seats[i], &v.xs[i]
			if p.InRound {
				x.unsure = true
			}
			p.InRound = false
		}
		v.st = stBetween
	case v.st == stBusts:
		v.missingBusts()
		v.st = stBetween
	}
}

// missingBusts reports seats left without credits but not busted.
func (v *Verifier) missingBusts() {
	for i := range v.seats {
		p, x := &v.seats[i], &v.xs[i]
		x.pick(&p.Credits, func(c int) bool { return c != 0 })
		if p.Busts() && !x.unsure {
			v.eval(eBust)
			v.report("inference/round.2.bust", i, -1, ref.EventBust, v.rec.typ, "seat %d was left with no credits in round %d and is busted after the payouts, but no bust line says so", i, v.rs.Round)
			p.Bust(v.rs.Round)
		}
	}
}

// roundStart checks round_start: number, dealer, ante, who is dealt in.
func (v *Verifier) roundStart(r *record) {
	v.closeRound()
	v.altDealer = -1
	alive := 0
	for i := range v.seats {
		if !v.seats[i].Busted {
			alive++
		}
	}
	want := v.rs.Round + 1
	if v.rs.Round > 0 {
		v.eval(eMatchEnd)
	}
	v.eval(eRoundSequence)
	if reason := v.cfg.EndReason(alive, v.rs.Round); v.rs.Round > 0 && reason != "" {
		v.report("inference/match.end", -1, -1, ref.EventMatchEnd, ref.EventRoundStart, "the match is over after round %d (%s); no further round may start", v.rs.Round, reason)
	}
	if r.round != want {
		v.report("inference/log.round-sequence", -1, -1, want, r.round, "rounds are numbered from 1, up by one")
	}
	if v.noStart && v.sum.Rounds == 0 {
		// No match_start: the table is as large as round 1 shows, and
		// every stack is unknown.
		n := max(3, r.dealer+1)
		for _, s := range r.dealtIn {
			n = max(n, s+1)
		}
		cfg := ref.DefaultConfig()
		cfg.TableSize = min(n, 8)
		v.setTable(cfg)
		for i := range v.seats {
			v.xs[i].unsure = true
		}
	}
	// The round begins (the dealer and the ante are the log's, below,
	// once checked).
	v.rs.Begin(r.round, v.rs.Dealer, v.rs.Ante)
	v.sum.Rounds++
	rd := r.round
	// Dealer (I-INF-2).
	if r.dealer < 0 || r.dealer >= len(v.seats) {
		v.report("inference/log.seats", -1, -1, fmt.Sprintf("0..%d", len(v.seats)-1), r.dealer, "the dealer must be a seat of the table")
		r.dealer = v.rs.Dealer
	} else if rd > 1 && v.sum.Rounds > 1 {
		v.eval(eTableButton)
		if exp := v.nextDealer(rd, false); exp != r.dealer && v.nextDealer(rd, true) != r.dealer && !v.buttonOfOwnDeal(rd, r) {
			v.altDealer = exp
			v.report("inference/table.button", -1, -1, exp, r.dealer, "the button moves to the first seat left of round %d's dealer (%d) that is dealt in this round", rd-1, v.rs.Dealer)
			if r.dealer == v.nextNotBusted() || r.dealer == v.nextLiveBefore() {
				// The log counts a sitting-out seat as live, or takes the
				// seats live in the round before rather than in the new
				// one: the rules say "one live seat", which seats are live
				// when the button moves is I-INF-2's reading.
				v.out[len(v.out)-1].Basis, v.out[len(v.out)-1].Ref = rules.BasisReading, "I-INF-2"
			}
		}
	}
	if v.sum.Rounds == 1 {
		v.firstDeal = r.dealer
		v.firstDealLine = v.lineNo
	}
	v.rs.Dealer = r.dealer
	// Ante by the ramp.
	v.rampAnte = ref.AnteFor(v.cfg.Ante, v.cfg.AnteRamp, rd)
	if rd >= v.cfg.AnteRamp.FromRound && v.cfg.AnteRamp.EveryRounds > 0 {
		// The ramp is exercised once it applies; before, the ante is the base.
		v.eval(eAnteRamp)
	}
	if exp := v.rampAnte; r.ante != exp {
		v.report("inference/round.2.ante-ramp", -1, -1, exp, r.ante, "the ante of round %d is %d by the schedule (base %d, ramp from round %d every %d by %d)", rd, exp, v.cfg.Ante, v.cfg.AnteRamp.FromRound, v.cfg.AnteRamp.EveryRounds, v.cfg.AnteRamp.Step)
	}
	v.rs.Ante = r.ante
	// Who is dealt in.
	v.eval(eSorted)
	if !slices.IsSorted(r.dealtIn) {
		v.report("inference/protocol.sorted", -1, -1, "sorted by seat", r.dealtIn, "dealt_in lists seats in seat order")
	}
	logIn := make([]bool, len(v.seats))
	for _, s := range r.dealtIn {
		if s < 0 || s >= len(v.seats) {
			v.report("inference/log.seats", -1, -1, fmt.Sprintf("0..%d", len(v.seats)-1), s, "dealt_in names seat %d, which is not a seat of this table", s)
			continue
		}
		if logIn[s] {
			v.report("inference/protocol.log-fields", s, -1, nil, r.dealtIn, "dealt_in names seat %d twice", s)
		}
		logIn[s] = true
	}
	for i := range v.seats {
		p, x := &v.seats[i], &v.xs[i]
		exp := v.seats[i].DealtIn(rd)
		switch {
		case p.Busted:
			v.eval(eBust) // a busted seat is left out
		case p.SittingOut && p.BackInRound > rd:
			v.eval(eSitOut) // a sitting-out seat is left out
		case p.SittingOut:
			v.eval(eBackInRound) // its back_in_round has come
		default:
			v.eval(eDeal) // a live seat is dealt in
		}
		switch {
		case logIn[i] && p.Busted && x.softBust:
			p.Busted, x.softBust = false, false
		case logIn[i] && p.Busted:
			v.report("inference/round.2.bust", i, -1, false, true, "seat %d busted in round %d and takes no further part, but is dealt in", i, p.BustRound)
			p.Busted = false
		case logIn[i] && !exp && (x.softSit || x.softBack == rd):
			// The log's own sit-out (reported when announced) ends here.
			x.softSit, x.softBack = false, 0
		case logIn[i] && !exp:
			v.report("inference/timeouts.sit-out", i, -1, false, true, "seat %d sits out until round %d (no deal, no ante), but is dealt in to round %d", i, p.BackInRound, rd)
			p.SittingOut = false
		case !logIn[i] && exp && p.SittingOut && x.softBack > rd:
			// Still out by the back_in_round the log announced (reported).
		case !logIn[i] && exp && p.SittingOut:
			v.report("inference/timeouts.back-in-round", i, -1, true, false, "seat %d was to be dealt in again in round %d (back_in_round), but is not", i, p.BackInRound)
			p.BackInRound = rd + 1
		case !logIn[i] && exp:
			v.report("inference/round.1.deal", i, -1, true, false, "seat %d is live (not busted, not sitting out) and is dealt in, but round %d leaves it out", i, rd)
			p.SittingOut, p.BackInRound = true, rd+1
			x.softLeft = true
		}
		if logIn[i] {
			x.softSit, x.softBack, x.softBust = false, 0, false
		}
		x.returning = p.Deal(logIn[i])
		x.optReturn = false
		if x.returning && x.softLeft {
			// Back from a round a wrong deal left it out of: a return
			// line may come or not.
			x.returning, x.optReturn = false, true
		}
		if logIn[i] {
			x.softLeft = false
		}
		x.anted, x.dealt, x.again = false, false, 0
	}
	v.owedSeat, v.lastSeat, v.lastTurn, v.turnAlt = -1, -1, -1, -1
	v.pendMsg, v.pendTO = false, false
	v.anteNext = v.anteDue(v.rs.Dealer)
	v.st = stReturns
}

// nextDealer is the engine's button (I-INF-2): the first seat left of the
// previous dealer that is live in round rd; the button stays when none is.
//
// With soft set, a seat the log busted while it held credits (reported)
// counts as live.
func (v *Verifier) nextDealer(rd int, soft bool) int {
	return ref.Button(len(v.seats), v.rs.Dealer, func(d int) bool {
		return v.seats[d].DealtIn(rd) || soft && v.xs[d].softBust && v.seats[d].Busted
	})
}

// buttonOfOwnDeal reports whether the log deals in other seats than the
// rules make live in round rd (round.1.deal reports that, below) and its
// dealer is the button over the seats it deals in: the button rule is then
// kept, and the one break is the deal's (I-INF-V7).
func (v *Verifier) buttonOfOwnDeal(rd int, r *record) bool {
	differs := false
	for d := range v.seats {
		if v.seats[d].DealtIn(rd) != slices.Contains(r.dealtIn, d) {
			differs = true
		}
	}
	return differs && ref.Button(len(v.seats), v.rs.Dealer, func(d int) bool { return slices.Contains(r.dealtIn, d) }) == r.dealer
}

// nextNotBusted is the button with sitting-out seats counted as live (the
// other reading of I-INF-2, which a finding cites).
func (v *Verifier) nextNotBusted() int {
	return ref.Button(len(v.seats), v.rs.Dealer, func(d int) bool { return !v.seats[d].Busted })
}

// nextLiveBefore is the button over the seats live in the round that just
// ended and not busted by it (liveness taken before the new round's returns
// and sit-outs: the other reading of I-INF-2's "live in the new round").
// Called before the new round's deal, InRound is still the old round's.
func (v *Verifier) nextLiveBefore() int {
	return ref.Button(len(v.seats), v.rs.Dealer, func(d int) bool { return v.seats[d].InRound && !v.seats[d].Busted })
}

// anteDue returns the first seat of the engine's order of the antes
// (inference.AnteOrder from dealer) that has not posted its ante, or -1.
func (v *Verifier) anteDue(dealer int) int {
	for i := range ref.AnteOrder(len(v.seats), dealer, func(i int) bool { return v.seats[i].InRound }) {
		if !v.xs[i].anted {
			return i
		}
	}
	return -1
}

// at moves to stage s for a line of that stage: a line of an earlier stage
// than the current one is out of order (reported, false); skipped stages
// are closed.
func (v *Verifier) at(s stage, seat, turn int) bool {
	v.eval(eLogOrder)
	if v.st == stBetween || v.st == stBefore {
		v.report("inference/protocol.log-order", seat, turn, ref.EventRoundStart, v.rec.typ, "a %s line belongs inside a round, after round_start", v.rec.typ)
		return false
	}
	if v.st > s {
		v.report("inference/protocol.log-order", seat, turn, nil, v.rec.typ, "within a round the order is round_start, return, deal_private, ante, betting, showdown, bust; this %s line comes too late", v.rec.typ)
		return false
	}
	v.closeTo(s)
	return true
}

// closeTo closes every stage before s, reporting what is missing.
func (v *Verifier) closeTo(s stage) {
	for v.st < s {
		switch v.st {
		case stReturns:
			for i := range v.seats {
				if x := &v.xs[i]; x.returning {
					v.eval(eLogOrder)
					v.report("inference/protocol.log-order", i, -1, ref.EventReturn, v.rec.typ, "seat %d is dealt in again this round, so a return line for it follows round_start", i)
					x.returning = false
				}
			}
			v.st = stDeals
		case stDeals:
			v.closeDeals()
			v.st = stAntes
		case stAntes:
			for v.anteNext >= 0 {
				i := v.anteNext
				v.report("inference/round.2.ante", i, -1, ref.EventAnte, v.rec.typ, "every seat dealt in posts the ante; seat %d has no ante line", i)
				v.payAnte(i, v.antePay(v.rs.Ante, v.seats[i].Credits))
				v.anteNext = v.anteDue(v.rs.Dealer)
			}
			v.openBetting()
		case stBetting:
			v.eval(eEndOfBetting)
			if v.rs.ToAct >= 0 {
				v.report("inference/round.5.end-of-betting", v.rs.ToAct, v.rs.Turn, v.rs.ToAct, v.rec.typ, "betting goes on until every seat still in has matched the bet or is all-in; seat %d was still to act at turn %d", v.rs.ToAct, v.rs.Turn)
				v.rs.ToAct = -1
			}
			v.closePending()
			v.st = stShowdown
		case stShowdown:
			// The showdown line itself moves past this stage.
			return
		default:
			v.st++
		}
	}
}

// closeDeals checks that a round with deal lines has one per dealt-in seat.
func (v *Verifier) closeDeals() {
	dealt, in := 0, 0
	for i := range v.seats {
		p, x := &v.seats[i], &v.xs[i]
		if p.InRound {
			in++
			if x.dealt {
				dealt++
			}
		}
	}
	if dealt > 0 {
		v.eval(eDealLines)
	}
	switch {
	case dealt == 0:
		// A public round: the deal cannot be checked (I-INF-V3).
		v.inconclusive("inference/round.1.deal", in)
	case dealt < in:
		var miss []int
		for i := range v.seats {
			if p, x := &v.seats[i], &v.xs[i]; p.InRound && !x.dealt {
				miss = append(miss, i)
			}
		}
		v.report("inference/log.deal-lines", -1, -1, nil, miss, "a round of a full log has a deal_private line for every dealt-in seat; seats %v have none", miss)
		v.sum.Public = false
	default:
		v.sum.Public = false
	}
}

// returnLine checks a return line.
func (v *Verifier) returnLine(r *record) {
	if !v.seatOK(r.seat, -1) || !v.at(stReturns, r.seat, -1) {
		return
	}
	v.checkRound(r, r.seat, -1)
	x := &v.xs[r.seat]
	v.eval(eBackInRound)
	v.eval(eSorted)
	if x.optReturn {
		x.optReturn = false
		return
	}
	if !x.returning {
		v.report("inference/timeouts.back-in-round", r.seat, -1, nil, ref.EventReturn, "seat %d is not coming back from a sit-out this round", r.seat)
		return
	}
	for i := 0; i < r.seat; i++ {
		if v.xs[i].returning {
			v.report("inference/protocol.sorted", r.seat, -1, i, r.seat, "return lines come in seat order; seat %d's is due first", i)
			break
		}
	}
	x.returning = false
}

// dealLine checks a deal_private line and keeps its value.
func (v *Verifier) dealLine(r *record) {
	if !v.seatOK(r.seat, -1) || !v.at(stDeals, r.seat, -1) {
		return
	}
	v.checkRound(r, r.seat, -1)
	p, x := &v.seats[r.seat], &v.xs[r.seat]
	v.eval(eDealLines)
	v.eval(eSorted)
	switch {
	case !p.InRound:
		v.report("inference/log.deal-lines", r.seat, -1, nil, r.seat, "seat %d is not dealt in this round but has a deal_private line", r.seat)
		return
	case x.dealt:
		v.report("inference/log.deal-lines", r.seat, -1, nil, r.seat, "seat %d has a second deal_private line this round", r.seat)
		return
	}
	for i := r.seat + 1; i < len(v.seats); i++ {
		if v.xs[i].dealt {
			v.report("inference/protocol.sorted", r.seat, -1, nil, r.seat, "deal_private lines come in seat order")
			break
		}
	}
	x.dealt = true
	v.eval(eDeal)
	if r.value < ref.ValueMin || r.value > ref.ValueMax {
		v.report("inference/round.1.deal", r.seat, -1, fmt.Sprintf("%d..%d", ref.ValueMin, ref.ValueMax), r.value, "a hidden value is an integer from %d to %d", ref.ValueMin, ref.ValueMax)
		return
	}
	p.Value = r.value
	v.keepDeal(r.seat, r.value, false)
}

// anteLine checks an ante line: order from the dealer's left, amount, all-in.
func (v *Verifier) anteLine(r *record) {
	if !v.seatOK(r.seat, -1) || !v.at(stAntes, r.seat, -1) {
		return
	}
	v.checkRound(r, r.seat, -1)
	p, x := &v.seats[r.seat], &v.xs[r.seat]
	v.eval(eAnte)
	switch {
	case !p.InRound:
		v.report("inference/round.2.ante", r.seat, -1, nil, r.seat, "only seats dealt in post the ante; seat %d is not dealt in", r.seat)
		return
	case x.anted:
		v.report("inference/round.2.ante", r.seat, -1, nil, r.seat, "seat %d posts the ante once per round; this is its second ante line", r.seat)
		return
	}
	if r.seat != v.anteNext && v.altDealer >= 0 && v.anteDue(v.altDealer) == r.seat {
		// The log's antes follow the dealer the button gives (the wrong
		// dealer in round_start is reported already): follow them.
		v.rs.Dealer, v.altDealer = v.altDealer, -1
		v.anteNext = r.seat
	}
	if r.seat != v.anteNext {
		v.report("inference/protocol.log-order", r.seat, -1, v.anteNext, r.seat, "ante lines come in seat order from the dealer's left (dealer %d); seat %d's is due", v.rs.Dealer, v.anteNext)
	}
	amount := r.amount
	if x.unsure {
		// The log shows the stack again: a short ante is the whole stack.
		v.inconclusive("inference/round.2.short-ante", 1)
		if r.amount < v.rs.Ante || r.allIn {
			p.Credits, x.unsure = r.amount, false
		} else {
			p.Credits = max(p.Credits, r.amount)
		}
	} else {
		x.pick(&p.Credits, func(c int) bool {
			return (amount == v.antePay(v.rs.Ante, c) || amount == v.antePay(v.rampAnte, c)) && r.allIn == (c-amount == 0)
		})
		exp := v.antePay(v.rs.Ante, p.Credits)
		if p.Credits <= v.rs.Ante {
			v.eval(eShortAnte) // the ante takes the whole stack
		}
		v.eval(eAnteAllIn)
		if amount != exp && amount == v.antePay(v.rampAnte, p.Credits) {
			// round_start named another ante (reported); the ramp's is paid.
			exp = amount
		}
		if amount != exp {
			// Not the ante due: the engine names the rule it breaks.
			v.report(rules.RuleOf(ref.CheckAnte(amount, v.rs.Ante, p.Credits)), r.seat, -1, exp, amount, "seat %d posts the ante of %d, or its whole stack of %d when that is less", r.seat, v.rs.Ante, p.Credits)
			if amount > p.Credits {
				p.Credits = amount
			}
			if amount < 0 {
				amount = 0
			}
		}
		allIn := p.Credits-amount == 0
		if r.allIn != allIn {
			v.report("inference/wire.events.ante-all-in", r.seat, -1, allIn, r.allIn, "an ante line is flagged all_in exactly when the ante leaves the seat with no credits")
		}
	}
	v.payAnte(r.seat, amount)
	v.anteNext = v.anteDue(v.rs.Dealer)
	if v.anteNext < 0 {
		// Every dealt-in seat has posted: betting opens (or not).
		v.openBetting()
	}
}

// antePay is the engine's ante: what a seat holding credits posts.
func (v *Verifier) antePay(ante, credits int) int {
	pay, _ := ref.AntePay(ante, credits)
	return pay
}

func (v *Verifier) payAnte(i, amount int) {
	p, x := &v.seats[i], &v.xs[i]
	p.PostAnte(max(0, min(amount, p.Credits)))
	x.anted = true
}

// openBetting starts the betting once the antes are in, as the engine
// does (I-INF-3): only when two or more dealt-in seats can act; otherwise
// the showdown is due.
func (v *Verifier) openBetting() {
	v.anteNext = v.anteDue(v.rs.Dealer)
	if v.anteNext >= 0 {
		return
	}
	v.st = stBetting
	if !v.rs.Open(v.seats) {
		v.eval(eEndOfBetting) // fewer than two seats can act: no betting
		v.st = stShowdown
	}
}
