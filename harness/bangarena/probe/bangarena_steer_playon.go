package probe

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// Playing the session rooms side by side (issue 27). A room mostly waits:
// on the server's answers, and at a server that answers slowly on a kept
// connection (tens of milliseconds a request) on nothing else. The planned
// rooms are played together, and the rooms played on for the situations
// still missing in waves of up to baPlayOnSide rooms. Each room decides
// from a record of its own (a planned room's fresh one, a copy of the
// session's for a room played on), so the match it plays does not depend
// on how the rooms interleave; what it reached joins the session's record
// once it is judged (baSteer.confirm).

// baPlayOnRooms bounds the rooms the suite plays on for (beyond the
// planned ones), whatever the budget; baPlayOnTries the rooms played on
// for one situation (a server may never show it: a fault, or a shape the
// suite does not read), one for a situation that arose but was not judged;
// baPlayOnSide the rooms played on side by side.
const (
	baPlayOnRooms = 8
	baPlayOnTries = 2
	baPlayOnSide  = 4
)

// baPlayPlanned plays the planned rooms side by side (created rooms; the
// given room alone otherwise) and merges what each reached into the
// session's record, in the plan's order. A room of a mode the server
// refuses is played classic at the server's size.
func baPlayPlanned(ctx context.Context, t *conform.Target, plan []baRoomPlan) ([]*baSession, error) {
	n := min(len(plan), baMaxRooms)
	if !t.Create {
		n = min(n, 1)
	}
	out := make([]*baSession, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			purpose, m := plan[i].purpose, plan[i].mode
			s, err := baPlaySessionMode(ctx, t, purpose, m)
			if err != nil && m.mode != ba.ModeClassic && t.Create {
				s, err = baPlaySessionMode(ctx, t, purpose, baMode{mode: ba.ModeClassic})
			}
			out[i], errs[i] = s, err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	st := baSteerState(t)
	for _, s := range out {
		st.confirm(ctx, s)
	}
	return out, nil
}

// baPlayOn plays more session rooms, within the target's budget and
// baPlayOnRooms, while a situation the seats steer toward has not arisen
// (baSteer.missing), in waves of rooms side by side: each wave one room
// for each of the missing situations played on for least (up to
// baPlayOnSide), in a mode it can arise in (baPlayOnMode). No wave is
// started that the budget left would not let finish (per: how long the
// planned rooms took side by side); a room the budget cuts short all the
// same, or that fails, ends the playing on and is left out: the planned
// rooms are what the session must have.
func baPlayOn(t *conform.Target, planned int, per time.Duration) []*baSession {
	budget := t.PlayBudget()
	steer := baSteerState(t)
	if !t.Create || budget <= 0 {
		steer.stopped("the suite does not play on: a negative --budget")
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	var out []*baSession
	stop := fmt.Sprintf("the playing on stopped at its bound of %d rooms", baPlayOnRooms)
	tries := map[string]int{}
	played := 0
	for played < baPlayOnRooms {
		wave, why := steer.nextWave(tries, min(baPlayOnSide, baPlayOnRooms-played))
		if len(wave) == 0 {
			stop = why
			break
		}
		if d, _ := ctx.Deadline(); time.Until(d) < per {
			// A room cut short by the budget would be wasted.
			stop = fmt.Sprintf("the budget of %v was spent (a room takes about %v here)", budget, per.Round(time.Second))
			break
		}
		got := make([]*baSession, len(wave))
		errs := make([]error, len(wave))
		var wg sync.WaitGroup
		for k, x := range wave {
			m := baPlayOnMode(x, tries[x.key], played+k, steer.ownDealt())
			m.deal = baPlayOnDeal(t.Offers(baCapFixedDeal) || steer.fixedDeal())
			from := steer.clone()
			purpose := fmt.Sprintf("session-%d", planned+played+k+1)
			tries[x.key]++
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[k], errs[k] = baPlaySessionModeWith(ctx, t, purpose, m, from)
			}()
		}
		wg.Wait()
		played += len(wave)
		failed := false
		for k, s := range got {
			if errs[k] != nil {
				if !failed {
					stop = fmt.Sprintf("a room played on ended without its match: %v", errs[k])
					if ctx.Err() != nil {
						stop = fmt.Sprintf("the budget of %v was spent", budget)
					}
				}
				failed = true
				continue
			}
			out = append(out, s)
			steer.played()
			steer.confirm(ctx, s)
		}
		if failed {
			break
		}
		if played >= baPlayOnRooms && len(baSteered(steer.missing())) == 0 {
			stop = "every situation the seats steer toward arose"
		}
	}
	steer.stopped(stop)
	return out
}

// nextWave picks the situations of the next wave (at most n): the missing
// ones the seats steer toward that have rooms left (baPlayOnTries, one for
// a situation that arose unjudged) and do not ride on others' rooms, those
// played on for least first, in baSituations' order; why says what ends
// the playing on when none is left.
func (s *baSteer) nextWave(tries map[string]int, n int) (wave []baSituation, why string) {
	miss := baSteered(s.missing())
	if !slices.ContainsFunc(miss, func(x baSituation) bool { return !x.rides }) {
		return nil, "every situation the seats steer toward arose (but those that ride on the rooms played on for others)"
	}
	s.mu.Lock()
	var open []baSituation
	for _, x := range miss {
		limit := baPlayOnTries
		if s.unjudged[x.key] != "" {
			limit = 1
		}
		if tries[x.key] < limit && !x.rides {
			open = append(open, x) // a riding situation gets no room of its own
		}
	}
	s.mu.Unlock()
	if len(open) == 0 {
		return nil, fmt.Sprintf("each situation still missing had %d room(s) played on for it (1 for one that arose unjudged)", baPlayOnTries)
	}
	slices.SortStableFunc(open, func(a, b baSituation) int { return tries[a.key] - tries[b.key] })
	return open[:min(n, len(open))], ""
}

// fixedDeal reports whether a session room's create answer announced the
// fixed-deal capability.
func (s *baSteer) fixedDeal() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dealCap
}

// ownDealt reports whether the server deals characters of its own.
func (s *baSteer) ownDealt() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ownDeal
}

// confirm merges into the session's record s what room sess reached: each
// situation the session still misses counts once the checks that judge
// the room evaluated its rule there, or found the server breaking a rule
// of the documents in it (the fault is reported; another room would show
// no more). A situation that arose where the judging stopped before its
// rule (a reading of umpire's the server does not share, graded SHOULD)
// stays missing, with why, and is played on for once.
func (s *baSteer) confirm(ctx context.Context, sess *baSession) {
	own := sess.room.steer.s
	if slices.Contains(sess.room.caps, baCapFixedDeal) {
		s.mu.Lock()
		s.dealCap = true
		s.mu.Unlock()
	}
	if want := sess.mode.characters(len(sess.room.tokens)); want != nil && len(sess.opening) > 0 {
		for _, p := range sess.opening[0].Req.Observation.Players {
			if p.Seat >= 0 && p.Seat < len(want) && p.CharacterID != "" && p.CharacterID != want[p.Seat] {
				s.mu.Lock()
				s.ownDeal = true
				s.mu.Unlock()
				break
			}
		}
	}
	var judged map[string]int
	breach, read := false, false
	for _, x := range baSituations() {
		if !own.has(x.key) || s.has(x.key) {
			continue
		}
		if !read {
			judged, breach = baJudged(ctx, sess)
			read = true
		}
		if judged[x.rule] > 0 || breach {
			s.reach(x.key)
			continue
		}
		s.mu.Lock()
		s.unjudged[x.key] = fmt.Sprintf("it arose in room %s, whose judging stopped before its rule", sess.room.id)
		s.mu.Unlock()
	}
}

// baJudged is what the checks that judge a session room from its log or
// from its seats' evidence evaluated there, and whether they found a
// breach of the documents (a MUST finding as graded without --strict).
func baJudged(ctx context.Context, s *baSession) (map[string]int, bool) {
	judged := map[string]int{}
	breach := false
	// The room's log (when it offers one) and its seats' evidence, as the
	// checks judge them: the one judge follows the log where it deals the
	// match, and the log verifier names the rule where the log leaves them.
	results := []conform.Result{baCheckSeatsOne(s)}
	if s.logErr == nil && len(s.log) > 0 {
		results = append(results, baCheckVerifyOne(ctx, s))
	}
	for _, res := range results {
		for id, n := range res.Evaluated {
			judged[id] += n
		}
		for _, f := range res.Findings {
			if rules.Default().Grade(f.Finding, false).Level == rules.Must {
				breach = true
			}
		}
	}
	return judged, breach
}

// baPlayOnMode is the mode of the room played on (the i-th) for the k-th
// time for situation x: a mode it can arise in (the next one at each
// try), the characters dealt in turn (Grip's room deals Grip). At a server
// that deals characters of its own (ownDeal), a room played on for a
// character sits 8 seats: half the characters of §6 at one table.
func baPlayOnMode(x baSituation, k, i int, ownDeal bool) baMode {
	m := baMode{mode: ba.ModeClassic, charFrom: (i*4)%16 + 1}
	if len(x.modes) > 0 {
		m.mode = x.modes[k%len(x.modes)]
	}
	switch x.key {
	case "last bullet", "kill penalty":
		m.seats = 8 // aides sit only at 5 seats and more (§2)
	}
	if x.char != "" {
		var n int
		if _, err := fmt.Sscanf(x.char, "char_%d", &n); err == nil {
			m.charFrom = slices.Index(baCharOrder(), n) + 1
		}
		if ownDeal {
			m.seats = 8
		}
	}
	if m.mode == ba.ModeImpostor {
		m.seats = 8
	}
	return m
}
