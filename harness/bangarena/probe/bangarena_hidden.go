package probe

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

func baCheckHidden(ctx context.Context, t *conform.Target) conform.Result {
	return eachSession(ctx, t, func(s *baSession) conform.Result { return baCheckHiddenOne(t, s) })
}

func baCheckHiddenOne(t *conform.Target, s *baSession) conform.Result {
	var res conform.Result
	seen := newBaSeenPublic() // per viewer, what it saw face up and the last event checked
	for _, x := range append(append([]baSeen(nil), s.room.Seen...), s.room.Bystanders...) {
		baLookTop(&res, x)
	}
	for _, x := range s.room.Seen {
		obs := x.Req.Observation
		if obs.WinnerTeam != nil {
			continue
		}
		baPrivateEvents(&res, x, seen)
		baOwnView(&res, x)
		res.Eval("bangarena/11.redaction", "bangarena/1.what-you-see")
		for _, p := range obs.Players {
			if p.Seat == x.Seat {
				continue
			}
			seat := x.Seat
			where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}
			for _, c := range p.Hand {
				if c.UID != "" || c.CardID != "" {
					f := conform.NewFinding("bangarena/11.redaction", where, "card backs only", c, "seat %d sees a card of seat %d's hand", x.Seat, p.Seat)
					f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
					res.Findings = append(res.Findings, f)
					break
				}
			}
			if p.Alive && p.RoleID != nil && *p.RoleID != ba.RoleMarshal && !knownTo(obs, x.Raw, p.Seat) {
				f := conform.NewFinding("bangarena/11.redaction", where, "roleId null", *p.RoleID, "seat %d sees the hidden role of living seat %d", x.Seat, p.Seat)
				f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
				res.Findings = append(res.Findings, f)
			}
		}
	}
	baDeckHidden(&res, append(append([]baSeen(nil), s.room.Seen...), s.room.Bystanders...)) // bangarena_deckhidden.go
	if len(s.room.Seen) == 0 {
		return conform.Skip("the suite was never asked to decide")
	}
	return res
}

// knownTo reports whether the observation lists seat's role among the roles
// the viewer legitimately knows (partners, impostor briefings). knownRoles
// is read in any shape that names seats (I-BA-L3): umpire's list of
// {seat, roleId}, or an object keyed by seat.
func knownTo(obs ba.PlayerView, raw []byte, seat int) bool {
	for _, k := range obs.KnownRoles {
		if k.Seat == seat {
			return true
		}
	}
	kr := gjson.GetBytes(raw, "observation.knownRoles")
	found := false
	switch {
	case kr.IsArray():
		kr.ForEach(func(_, v gjson.Result) bool {
			found = found || (v.IsObject() && v.Get("seat").Type == gjson.Number && int(v.Get("seat").Int()) == seat)
			return !found
		})
	case kr.IsObject():
		found = kr.Get(strconv.Itoa(seat)).Exists()
	}
	return found
}

// baLookTop checks that the cards of a pending look-top choice are shown to
// the chooser only (§11 pendingChoice "look-top cards only for the
// chooser"); evaluated at every observation of another seat taken while
// such a choice was pending.
func baLookTop(res *conform.Result, x baSeen) {
	pc := x.Req.Observation.PendingChoice
	if pc == nil || pc.Kind != "look_top" || pc.Seat == x.Seat {
		return
	}
	res.Eval("bangarena/11.look-top")
	if len(pc.Cards) == 0 {
		return
	}
	seat := x.Seat
	f := conform.NewFinding("bangarena/11.look-top", rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", x.Version)}, "no cards", pc.Cards,
		"seat %d sees the cards of seat %d's look-top choice", x.Seat, pc.Seat)
	f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.Raw)}
	res.Findings = append(res.Findings, f)
}
