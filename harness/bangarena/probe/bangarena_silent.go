package probe

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// baProbeSilent leaves the decisions of a probe room unanswered and judges
// what the server does for the silent seat (§14: no answer in time → the
// server answers for the seat: pass / end_play / default discard):
//   - that it answers within the deadline plus max(1 s, the deadline)
//     (bangarena/14.default-action, the tolerance of I-BA-P3);
//   - that it does not answer before the deadline: the decision was offered
//     no earlier than the last moment the suite saw the state before it, so
//     an answer seen sooner than the deadline less max(25 ms, a tenth of
//     it) after that moment came early (bangarena/14.not-before-deadline,
//     I-BA-P3);
//   - which answer it gave, from the seat's next observation: after
//     end_play the seat is no longer playing (another seat's turn, its
//     discard, or the end); after pass_reaction it has lost a health point
//     (or is out); after the default discard the argsSchema's cards have
//     left its hand and the others stay (bangarena/14.default-action).
//
// The first decision of the room is the Marshal's play phase; when it
// offers a Shot the probe plays one, so that the target's reaction is left
// silent too, then the Marshal's end_play and, with a hand over its health,
// its discard. Other decisions (a character's choice) are judged on timing
// only.
func baProbeSilent(ctx context.Context, t *conform.Target) conform.Result {
	lower := time.Now()
	r, s, stop, ok := baProbeStart(ctx, t, "silent")
	if !ok {
		return stop
	}
	d := t.Deadline()
	var res conform.Result
	shots := 0
	judged := map[string]bool{}
	for range 5 {
		if cmd, _ := baTimeoutDefault(s.Req.LegalActions); cmd == "end_play" && shots < 2 && !judged["pass_reaction"] {
			if it, ok := baFirstItem(s.Req.LegalActions, "play_shot"); ok {
				shots++
				lower = time.Now()
				status, _, err := r.decideAs(ctx, s.Seat, r.tokens[s.Seat], r.body(s.Seat, it.ActionID, s.Version, nil))
				if err != nil {
					return conform.ProbeErr(err)
				}
				if status != http.StatusOK {
					break
				}
				next, ended, err := r.pending(ctx)
				if err != nil {
					return conform.ProbeErr(err)
				}
				if ended {
					break
				}
				s = next
				continue
			}
		}
		w, err := r.waitSilent(ctx, s, d)
		if err != nil {
			return conform.ProbeErr(err)
		}
		seat := s.Seat
		where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
		res.Eval("bangarena/14.default-action")
		if !w.changed {
			res.Findings = append(res.Findings, conform.NewFinding("bangarena/14.default-action", where, fmt.Sprintf("the default answer within %v", d+max(time.Second, d)), "the decision still open",
				"nothing was answered for the silent seat at its deadline"))
			return res
		}
		res.Eval("bangarena/14.not-before-deadline")
		tol := max(25*time.Millisecond, d/10)
		if early := w.seenAt.Sub(lower); early < d-tol {
			res.Findings = append(res.Findings, conform.NewFinding("bangarena/14.not-before-deadline", where, fmt.Sprintf("no answer for the seat before its deadline of %v", d),
				fmt.Sprintf("answered within %v", early.Round(time.Millisecond)),
				"the server answered for the silent seat %v after the decision was offered at the latest, before its deadline of %v", early.Round(time.Millisecond), d))
		}
		cmd, def := baTimeoutDefault(s.Req.LegalActions)
		if cmd != "" && !judged[cmd] {
			judged[cmd] = true
			if why := baJudgeDefault(cmd, def, s, w.after); why != "" {
				res.Findings = append(res.Findings, conform.NewFinding("bangarena/14.default-action", where, "the default answer "+cmd, "another answer", "%s", why))
			}
		}
		lower = w.lastSame
		if len(judged) == 3 {
			break
		}
		next, ended, err := r.pending(ctx)
		if err != nil {
			return conform.ProbeErr(err)
		}
		if ended {
			break
		}
		s = next
	}
	return res
}

// baSilentWait is what waitSilent saw.
type baSilentWait struct {
	changed bool
	// lastSame is when the last request that still showed the decision
	// open was sent (the change came after it); seenAt is when the first
	// answer showing the change arrived (the change came before it).
	lastSame, seenAt time.Time
	// after is the seat's observation showing the change.
	after ba.DecisionRequest
}

// waitSilent polls the seat of s, answering nothing, until its decision
// changes or the deadline d plus max(1 s, d) has passed (I-BA-P3).
func (r *baRoom) waitSilent(ctx context.Context, s baSeen, d time.Duration) (baSilentWait, error) {
	w := baSilentWait{lastSame: time.Now()}
	limit := time.Now().Add(d + max(time.Second, d))
	for time.Now().Before(limit) {
		sent := time.Now()
		same, req, err := r.unchanged(ctx, s)
		if err != nil {
			return w, err
		}
		if !same {
			w.changed, w.seenAt, w.after = true, time.Now(), req
			return w, nil
		}
		w.lastSame = sent
		select {
		case <-ctx.Done():
			return w, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return w, nil
}

// baTimeoutDefault names the command §14 makes the server's answer for a
// silent seat with these items (pass_reaction, end_play or discard, in
// that order) and its item; "" for a choice (judged by timing alone).
func baTimeoutDefault(items []ba.LegalAction) (string, ba.LegalAction) {
	for _, c := range []string{"pass_reaction", "end_play", "discard"} {
		if it, ok := baFirstItem(items, c); ok {
			return c, it
		}
	}
	return "", ba.LegalAction{}
}

// baFirstItem is the first item of a command.
func baFirstItem(items []ba.LegalAction, command string) (ba.LegalAction, bool) {
	for _, it := range items {
		if it.Command == command {
			return it, true
		}
	}
	return ba.LegalAction{}, false
}

// baJudgeDefault says why the seat's observation after the server's answer
// shows another answer than cmd ("" when it shows cmd, or cannot tell).
func baJudgeDefault(cmd string, def ba.LegalAction, s baSeen, after ba.DecisionRequest) string {
	v := after.Observation
	if v.Phase == ba.PhaseEnded || v.WinnerTeam != nil {
		return ""
	}
	seat := s.Seat
	before, ok1 := baPlayer(s.Req.Observation, seat)
	now, ok2 := baPlayer(v, seat)
	if !ok1 || !ok2 || !now.Alive {
		return ""
	}
	switch cmd {
	case "end_play":
		if v.TurnSeat == seat && v.Phase != ba.PhaseDiscard {
			return fmt.Sprintf("after the server answered for seat %d's play phase it is still seat %d's turn in phase %s: not end_play", seat, seat, v.Phase)
		}
	case "pass_reaction":
		if now.Hp >= before.Hp {
			return fmt.Sprintf("after the server answered for seat %d's reaction its health is %d, was %d: a pass loses 1", seat, now.Hp, before.Hp)
		}
	case "discard":
		uids, _ := def.ArgsSchema["cardUids"].([]any)
		if len(uids) == 0 {
			return ""
		}
		held := map[string]bool{}
		for _, c := range now.Hand {
			held[c.UID] = true
		}
		var gone []string
		for _, u := range uids {
			id, _ := u.(string)
			if held[id] {
				return fmt.Sprintf("after the server answered for seat %d's discard the default card %s is still in its hand", seat, id)
			}
			gone = append(gone, id)
		}
		for _, c := range before.Hand {
			if c.UID != "" && !slices.Contains(gone, c.UID) && !held[c.UID] {
				return fmt.Sprintf("after the server answered for seat %d's discard its card %s, not among the default's, left its hand", seat, c.UID)
			}
		}
	}
	return ""
}

// baPlayer is a seat's entry of an observation.
func baPlayer(v ba.PlayerView, seat int) (ba.PlayerInfo, bool) {
	for _, p := range v.Players {
		if p.Seat == seat {
			return p, true
		}
	}
	return ba.PlayerInfo{}, false
}
