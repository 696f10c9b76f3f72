package probe

import (
	"context"
	"fmt"
	"net/http"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// The partners win (§10 rule 2) needs two loners alive and nobody else: an
// 8-seat partners table (§2) where the loners outlive every other seat. The
// suite holds every seat, so it scripts the match (I-BA-P10): the seats that
// are not loners play nothing (end the play phase, take every hit), the
// loners attack them, the Marshal last, and never each other (no Buckshot,
// Raid, Jail or Dynamite, no target that is a loner). The room's log is
// then judged like a session's (its log, or what the seats saw), for the
// partners rules.

func baCheckPartners(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	r, err := baCreateMode(ctx, probeLong(t), "partners-lones", baMode{mode: ba.ModePartners, seats: 8})
	if err != nil {
		if conform.IsTimeout(err) {
			return conform.ProbeErr(err)
		}
		// A server may refuse the table (8 seats, partners): nothing to judge.
		return conform.Skip("an 8-seat partners room could not be created: %v", err)
	}
	roles := map[int]string{}
	s := &baSession{room: r}
	for _, seat := range conform.SortedSeats(r.tokens) {
		req, gaps, raw, err := r.observeRead(ctx, seat)
		if err != nil {
			return conform.ProbeErr(err)
		}
		s.opening = append(s.opening, baSeen{Seat: seat, Version: req.ObservationVersion, Raw: raw, Req: req, Gaps: gaps})
		if seat < len(req.Observation.Players) && req.Observation.Players[seat].RoleID != nil {
			roles[seat] = *req.Observation.Players[seat].RoleID
		}
	}
	lones := 0
	for _, role := range roles {
		if role == ba.RoleLone {
			lones++
		}
	}
	if lones < 2 || len(roles) != 8 {
		return conform.Skip("the 8-seat partners room deals %d loner(s) the suite can see, not 2", lones)
	}
	for n := 0; ; n++ {
		if n > 5000 {
			return conform.Skip("the scripted partners match did not end in 5000 decisions")
		}
		p, ended, err := r.pending(ctx)
		if err != nil {
			return conform.ProbeErr(fmt.Errorf("playing room %s: %w", r.id, err))
		}
		if ended {
			s.final = p.Req
			break
		}
		id := baPartnersPick(p.Req, roles)
		status, data, err := r.decideAs(ctx, p.Seat, r.tokens[p.Seat], r.body(p.Seat, id, p.Version, nil))
		if err != nil {
			return conform.ProbeErr(err)
		}
		if err := r.charge(len(data), 1); err != nil {
			return conform.ProbeErr(err)
		}
		s.answers = append(s.answers, data)
		s.sent = append(s.sent, baSent{seen: p, actionID: id, status: status, answer: data})
	}
	status, body, err := r.fetchLog(ctx)
	switch {
	case err != nil:
		s.logErr = err
	case status != http.StatusOK:
		s.logErr = fmt.Errorf("GET /api/ai/rooms/%s/log answered HTTP %d", r.id, status)
	default:
		s.log = body
	}
	// The partners rules only: the rest of the room is the sessions' to
	// judge. A room whose log deals no match is judged from what the seats
	// saw (baCheckSeatsOne), as a session room is.
	keep := map[string]bool{"bangarena/10.partners-lones": true, "bangarena/2.partners": true}
	var res conform.Result
	for _, one := range []conform.Result{baCheckVerifyOne(ctx, s), baCheckSeatsOne(s)} {
		for _, f := range one.Findings {
			if keep[f.Rule] {
				res.Findings = append(res.Findings, f)
			}
		}
		for id, n := range one.Evaluated {
			if keep[id] && n > 0 {
				res.Eval(id)
			}
		}
	}
	if res.Evaluated["bangarena/10.partners-lones"] == 0 {
		why := "the scripted partners match did not end with only loners alive"
		if w := s.final.Observation.WinnerTeam; w != nil && *w == ba.TeamLone && len(s.final.Observation.WinnerSeats) > 1 {
			why = "the scripted partners match ended with only loners alive, but no judge could re-derive the room to its end"
		}
		res.NoteNotExercised("bangarena/10.partners-lones", why)
	}
	return res
}

// baPartnersPick is the scripted item for the deciding seat of req (roles:
// every seat's role, as each seat sees its own).
func baPartnersPick(req ba.DecisionRequest, roles map[int]string) string {
	seat := req.SeatID
	items := req.LegalActions
	pick := func(ok func(a ba.LegalAction) bool) string {
		for _, a := range items {
			if ok(a) {
				return a.ActionID
			}
		}
		return ""
	}
	target := func(a ba.LegalAction) int {
		switch v := a.ArgsSchema["targetSeat"].(type) {
		case float64:
			return int(v)
		case int:
			return v
		}
		return -1
	}
	fallback := func() string {
		for _, id := range []string{"pass_reaction", "end_play", "discard"} {
			if x := pick(func(a ba.LegalAction) bool { return a.ActionID == id }); x != "" {
				return x
			}
		}
		if x := pick(func(a ba.LegalAction) bool {
			return a.Command == "choose_glory" && a.ActionID[len(a.ActionID)-5:] == "heart"
		}); x != "" {
			return x
		}
		return items[0].ActionID
	}
	if roles[seat] != ba.RoleLone {
		return fallback()
	}
	others := 0
	for _, p := range req.Observation.Players {
		if p.Alive && roles[p.Seat] != ba.RoleLone && roles[p.Seat] != ba.RoleMarshal {
			others++
		}
	}
	// A victim: not a loner, and the Marshal only when nobody else is left.
	victim := func(s int) bool {
		return s >= 0 && roles[s] != ba.RoleLone && (roles[s] != ba.RoleMarshal || others == 0)
	}
	for _, ok := range []func(a ba.LegalAction) bool{
		func(a ba.LegalAction) bool {
			return a.Command == "play_miss" || a.Command == "play_duel_discard_shot" || a.Command == "play_raid_discard_shot"
		},
		func(a ba.LegalAction) bool { return a.Command == "play_heal_self" || a.Command == "use_discard_heal" },
		func(a ba.LegalAction) bool { return a.Command == "play_weapon" || a.Command == "play_draw" },
		func(a ba.LegalAction) bool {
			return a.Command == "play_equip_blue" && target(a) < 0 && !baCardIs(a, "bomb")
		},
		func(a ba.LegalAction) bool {
			return (a.Command == "play_shot" || a.Command == "play_duel" || a.Command == "play_steal" || a.Command == "play_discard_any") && victim(target(a))
		},
	} {
		if x := pick(ok); x != "" {
			return x
		}
	}
	return fallback()
}

// baCardIs reports whether item a plays a card of the given id (its uid is
// <cardId>_<copy>, §5).
func baCardIs(a ba.LegalAction, cardID string) bool {
	uid, _ := a.ArgsSchema["cardUid"].(string)
	return len(uid) > len(cardID) && uid[:len(cardID)+1] == cardID+"_"
}
