package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"

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

// infFollowViews follows each seat's events among got through the judge
// and compares every welcome and your_turn of the seat with the figures
// after the events before it, adding to res one finding per rule (one
// divergence tends to repeat at every turn). It returns how many views it
// compared.
func infFollowViews(got []infMsg, around func(i int) []reports.Message, res *conform.Result) int {
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
	views := 0
	infWalkViews(got, res, func(i int, sv *infSeatView, ev wire.Event, rule string, want, saw any, msg string) {
		where := infWhere(got[i])
		where.Round = ev.Round
		report(i, rule, where, want, saw, "%s", msg)
	}, func(i int, sv *infSeatView, vs ref.VisibleState, welcome bool) {
		views++
		seat := got[i].Seat
		if welcome {
			w := rules.Where{Seat: &seat}
			for _, d := range sv.compare(vs, false, res) {
				report(i, d.rule, w, d.want, d.got, "seat %d's welcome shows %s %s, but match_start gives a starting stack of %s", seat, d.what, jsonText(d.got), jsonText(d.want))
			}
			return
		}
		for _, d := range sv.compare(vs, true, res) {
			report(i, d.rule, infWhere(got[i]), d.want, d.got, "seat %d's visible_state shows %s %s, but the events sent before it give %s", seat, d.what, jsonText(d.got), jsonText(d.want))
		}
	})
	return views
}

// infWalkViews walks got, each seat's events through the judge
// (infFollowSeats): onEvent gets the finding an event's own fields give
// against the figures before it, onView each welcome (once match_start is
// followed) and your_turn that can be held to the figures. A seat's
// views are not followed past an event that broke a rule (I-INF-P9); table
// talk out of order changes no figure a view shows.
func infWalkViews(got []infMsg, res *conform.Result, onEvent func(i int, sv *infSeatView, ev wire.Event, rule string, want, got any, msg string), onView func(i int, sv *infSeatView, vs ref.VisibleState, welcome bool)) {
	seats := infFollowSeats(got)
	type pendingView struct {
		i  int
		vs ref.VisibleState
	}
	pending := map[int][]pendingView{}
	for i, m := range got {
		sv := seats[m.Seat]
		if i >= sv.stop {
			continue
		}
		switch m.Env.Type {
		case "event":
			n, ok := sv.line[i]
			if !ok {
				continue
			}
			if rule, want, g, msg := sv.event(m.Ev, n, res); rule != "" {
				onEvent(i, sv, m.Ev, rule, want, g, msg)
				if rule != "inference/round.4.table-talk" {
					sv.broken = true
				}
			}
		case "welcome", "your_turn":
			vs, err := m.view() // tolerant: a field of another shape stays zero
			if err != nil {
				continue
			}
			vs.CallBreakevenValue = breakevenOf(m.Env.VisibleState)
			if m.Env.Type == "welcome" {
				// The welcome comes before match_start: compared once
				// the starting stack is known.
				pending[m.Seat] = append(pending[m.Seat], pendingView{i, vs})
			} else if sv.started && sv.followed(sv.last) {
				onView(i, sv, vs, false)
			}
		}
		if sv.started && len(pending[m.Seat]) > 0 {
			for _, pv := range pending[m.Seat] {
				onView(pv.i, sv, pv.vs, true)
			}
			delete(pending, m.Seat)
		}
	}
}

// infOwed follows each seat's events among got as infFollowViews does and
// returns, by the index of each your_turn whose round it could follow, what
// the seat owes by those events. The legal check derives the items from it
// where the view's to_call disagrees: the round's events then say the
// to_call is wrong, which the views check charges
// (inference/visibility.to-call); the call item is charged only if it is
// wrong too.
func infOwed(got []infMsg) map[int]int {
	out := map[int]int{}
	var scratch conform.Result
	infWalkViews(got, &scratch, func(int, *infSeatView, wire.Event, string, any, any, string) {}, func(i int, sv *infSeatView, vs ref.VisibleState, welcome bool) {
		if f := sv.at(sv.last); !welcome && sv.inRound && got[i].Env.Round == f.Round.Round {
			out[i] = f.Owes(got[i].Seat)
		}
	})
	return out
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
		"inference/wire.events.showdown", "inference/wire.visible-state.contribution", "inference/wire.visible-state.ante", "inference/wire.visible-state.actions",
		"inference/wire.visible-state.sitting-out", "inference/wire.visible-state.sitting-out-at-once", "inference/protocol.current-bet", "inference/protocol.to-call", "inference/visibility.to-call",
		"inference/round.2.short-ante", "inference/wire.events.ante-all-in", "inference/match.rounds", "inference/round.4.table-talk", "inference/protocol.winners", "inference/round.3.fold",
		"inference/round.3.raise", "inference/round.3.raise-covered",
	}
}
