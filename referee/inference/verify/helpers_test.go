package verify

import (
	"bytes"
	"context"
	"hash/fnv"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// gen describes a self-play match played on the engine to produce a log.
type gen struct {
	cfg  ref.Config
	seed string
	// timeoutP is every seat's chance to let a turn time out; flaky is a
	// seat (by entry) that times out with flakyP instead (-1: none).
	timeoutP float64
	flaky    int
	flakyP   float64
	// msgP is the chance that a move carries a message.
	msgP   float64
	public bool
	// overRaise makes a seat that owes a call and can raise less than the
	// bound try a raise one above what it can cover first (refused by a
	// correct engine, the move is then chosen as usual).
	overRaise bool
}

// features records what a generated log exercises, with the 0-based index
// of a line showing it (-1: absent).
type features struct {
	sidePots, oddChip, raiseCap, sitOut, returnLine, lastStrike, bust, uncontested int
	anteAllIn, actionAllIn                                                         int
	// oddFrom got the odd chip of the odd-chip showdown, oddTo is a tied
	// winner that did not.
	oddFrom, oddTo int
	rounds         int
	reason         string
}

var talk = []string{"I like my odds.", "fold now <b>& save</b>", "«тихо»", "all in soon", "😀 bluffing? maybe", "check"}

// play runs the match and returns its log and features.
func (g gen) play(tb testing.TB) ([]byte, features) {
	tb.Helper()
	h := fnv.New64a()
	h.Write([]byte(g.seed))
	rng := rand.New(rand.NewPCG(h.Sum64(), 7))
	n := g.cfg.TableSize
	names := make([]string, n)
	for i := range names {
		names[i] = "p" + string(rune('a'+i))
	}
	rec := &recorder{buf: ref.LogBuffer{Public: g.public}, f: features{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, ""}}
	m, err := ref.NewMatch(g.cfg, "m-"+g.seed, g.seed, names, rec)
	if err != nil {
		tb.Fatal(err)
	}
	rec.m = m
	legal := make([]ref.LegalAction, 0, 3)
	for steps := 0; m.Phase() != ref.PhaseOver; steps++ {
		if steps > 100000 {
			tb.Fatal("self-play does not end")
		}
		seat := m.ToAct()
		p := g.timeoutP
		if m.PlayerAt(seat) == g.flaky {
			p = g.flakyP
		}
		if rng.Float64() < p {
			if err := m.Timeout(); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		legal = m.Legal(legal[:0])
		if g.overRaise && len(legal) == 3 && legal[1].Amount > 0 && legal[2].Max < g.cfg.MaxRaise {
			if m.Apply(seat, ref.Move{Action: ref.ActionRaise, Amount: legal[2].Max + 1}) == nil {
				continue
			}
		}
		mv := ref.Move{Action: ref.ActionCall}
		x := rng.Float64()
		owe := legal[1].Amount > 0
		switch {
		case len(legal) == 3 && x < 0.3:
			la := legal[2]
			mv = ref.Move{Action: ref.ActionRaise, Amount: la.Min + rng.IntN(la.Max-la.Min+1)}
		case owe && x > 0.82:
			mv = ref.Move{Action: ref.ActionFold}
		}
		if rng.Float64() < g.msgP {
			mv.Message = talk[rng.IntN(len(talk))]
		}
		if err := m.Apply(seat, mv); err != nil {
			tb.Fatalf("seed %s: seat %d %+v: %v", g.seed, seat, mv, err)
		}
	}
	rec.f.rounds = m.Round()
	rec.f.reason = m.EndReason()
	return rec.buf.Buf, rec.f
}

// recorder is a Sink that writes the log and notes its features.
type recorder struct {
	buf        ref.LogBuffer
	m          *ref.Match
	f          features
	lines      int
	raises     int
	round      int
	returned   map[int]bool
	sinceBack  map[int]bool
	strikeSeen map[int]int
}

func (r *recorder) Emit(e *ref.Event) {
	before := len(r.buf.Buf)
	r.buf.Emit(e)
	if len(r.buf.Buf) == before {
		return // left out of a public log
	}
	idx := r.lines
	r.lines++
	note := func(p *int) {
		if *p < 0 {
			*p = idx
		}
	}
	switch e.Type {
	case ref.EventRoundStart:
		r.raises, r.round = 0, e.Round
		r.sinceBack = map[int]bool{}
	case ref.EventReturn:
		note(&r.f.returnLine)
		if r.returned == nil {
			r.returned = map[int]bool{}
		}
		r.returned[e.Seat] = true
		r.sinceBack[e.Seat] = true
	case ref.EventAction:
		if e.Action == ref.ActionRaise {
			r.raises++
			if r.raises == 3 {
				note(&r.f.raiseCap)
			}
		}
		if !e.Timeout {
			delete(r.sinceBack, e.Seat)
		}
		if e.AllIn {
			note(&r.f.actionAllIn)
		}
	case ref.EventTimeout:
		if e.SitOut {
			note(&r.f.sitOut)
			if r.sinceBack[e.Seat] && e.Strikes > 3 {
				note(&r.f.lastStrike)
			}
		}
		delete(r.sinceBack, e.Seat)
	case ref.EventAnte:
		if e.AllIn {
			note(&r.f.anteAllIn)
		}
	case ref.EventBust:
		note(&r.f.bust)
	case ref.EventShowdown:
		if e.Uncontested {
			if len(e.Payouts) == 1 {
				note(&r.f.uncontested)
			}
			return
		}
		seats := r.m.Seats()
		contrib := make([]int, len(seats))
		folded := make([]bool, len(seats))
		vals := make([]int, len(seats))
		for i, s := range seats {
			contrib[i], folded[i], vals[i] = s.Contribution, !s.InRound || s.Folded, s.Value
		}
		contested := 0
		for _, p := range ref.Pots(contrib, folded) {
			if len(p.Eligible) == 0 {
				continue
			}
			contested++
			top, best := 0, 0
			for _, s := range p.Eligible {
				top = max(top, vals[s])
			}
			for _, s := range p.Eligible {
				if vals[s] == top {
					best++
				}
			}
			if best > 1 && p.Amount%best != 0 && r.f.oddChip < 0 {
				note(&r.f.oddChip)
				var tied []int
				for k := 1; k <= len(seats); k++ {
					s := (r.m.Dealer() + k) % len(seats)
					if vals[s] == top && !folded[s] && contrib[s] >= 0 {
						for _, x := range p.Eligible {
							if x == s {
								tied = append(tied, s)
							}
						}
					}
				}
				r.f.oddFrom, r.f.oddTo = tied[0], tied[len(tied)-1]
			}
		}
		if contested > 1 && len(e.Payouts) >= 2 {
			note(&r.f.sidePots)
		}
	}
}

// verifyAll runs a fresh verifier over log and returns the findings and
// summary.
func verifyAll(tb testing.TB, log []byte, opts Options) ([]rules.Finding, Summary) {
	tb.Helper()
	var fs []rules.Finding
	sum, err := NewInference(opts).Read(context.Background(), bytes.NewReader(log), func(f rules.Finding) { fs = append(fs, f) })
	if err != nil {
		tb.Fatal(err)
	}
	return fs, sum
}

// splitLines returns the log's lines without newlines (copies).
func splitLines(log []byte) []string {
	return strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
}

func joinLines(lines []string) []byte {
	return []byte(strings.Join(lines, "\n") + "\n")
}

// stripDeals returns the public version of a full log.
func stripDeals(log []byte) []byte {
	var out []string
	for _, l := range splitLines(log) {
		if !strings.Contains(l, `"type":"deal_private"`) {
			out = append(out, l)
		}
	}
	return joinLines(out)
}

func describe(fs []rules.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString("\n  line ")
		b.WriteString(strconv.Itoa(f.Where.Line))
		b.WriteString(": ")
		b.WriteString(f.String())
	}
	return b.String()
}
