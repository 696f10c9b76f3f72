package probe

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// ruleHealOwn is umpire's reading that Bonesetter's heal is an item of its
// own decisions (I-BA-18).
const ruleHealOwn = "bangarena/6.char-12-own-decisions"

// healRooms is how many probe rooms baProbeHealNotAsked creates at most
// to meet its situation; it plays only those that deal a held seat
// Bonesetter, within healBudget of the check's time.
const healRooms = 8

// healBudget is the part of the check's time the rooms may be played for.
const healBudget = 0.6

// baProbeHealNotAsked: Bonesetter's discard_heal that §13 allows ("any
// seat's turn": no choice pending, in the play or discard phase or an
// attack, two cards in hand, below max hp and above 0, not at High Noon)
// sent while another seat decides is refused, and nothing is applied
// (I-BA-18). The rooms are dealt Bonesetter at seat 0 (the harness
// extension's characters setting; a server that deals from the seed may
// deal it elsewhere or not at all) and played by the seats' scripted
// players until a hurt Bonesetter holds two cards while another seat
// decides.
func baProbeHealNotAsked(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	// The rooms are played within a budget: a server that deals from the
	// seed may need several, and a situation that does not arise is a
	// skip, not an error.
	play, cancel := context.WithCancel(ctx)
	if d, ok := ctx.Deadline(); ok {
		play, cancel = context.WithDeadline(ctx, time.Now().Add(time.Duration(healBudget*float64(time.Until(d)))))
	}
	defer cancel()
	played := 0
	for i := range healRooms {
		r, err := baCreateMode(ctx, probeLong(t), fmt.Sprintf("heal-not-asked-%d", i), baMode{mode: ba.ModeClassic, charFrom: baCharFrom("char_12")})
		if err != nil {
			return conform.ProbeErr(err)
		}
		first, ended, err := r.pending(play)
		if err == nil && !ended && r.heldChar(first, "char_12") < 0 {
			continue // no Bonesetter at this table
		}
		played++
		healer, heal, version := -1, "", 0
		var s baSeen
		for {
			s, ended, err = r.pending(play)
			if err != nil || ended {
				break
			}
			if healer, heal, version, err = r.healNotAsked(play, s); err != nil || healer >= 0 {
				break
			}
			if err = r.steerHurt(play, s, "char_12"); err != nil {
				break
			}
		}
		if err != nil && play.Err() != nil && ctx.Err() == nil {
			break // the budget is spent
		}
		if err != nil {
			return conform.ProbeErr(err)
		}
		if ended || healer < 0 {
			continue
		}
		where := rules.Where{Seat: &healer, Step: fmt.Sprintf("version %d", version)}
		status, data, err := r.decideAs(ctx, healer, r.tokens[healer], r.body(healer, heal, version, nil))
		if err != nil {
			return conform.ProbeErr(err)
		}
		var res conform.Result
		res.Eval(ruleHealOwn)
		c := baRefusal{status: http.StatusConflict, rule: ruleHealOwn, want: "HTTP 409", what: fmt.Sprintf("Bonesetter's %s while seat %d decides", heal, s.Seat)}
		if judgeRefusal(&res, where, c, status, data, r.tail(4), false) == baNotRefused {
			return res
		}
		return r.nothingApplied(ctx, res, s, ruleHealOwn, where, "Bonesetter's heal while another seat decides")
	}
	return conform.Skip("no hurt Bonesetter held two cards while another seat decided (%d rooms created, %d dealt a Bonesetter and were played, within %.0f%% of the check's time)", healRooms, played, 100*healBudget)
}

// heldChar is the seat the suite holds that is dealt char, as s's
// observation shows the table (-1: none).
func (r *baRoom) heldChar(s baSeen, char string) int {
	for _, p := range s.Req.Observation.Players {
		if _, held := r.tokens[p.Seat]; held && p.CharacterID == char {
			return p.Seat
		}
	}
	return -1
}

// steerHurt answers s so that the seat dealt char gets hurt and stays
// hurt: another seat shoots or duels it when it can (an item whose
// command is play_shot or play_duel and whose actionId ends in that seat,
// WIRE.md's form; a server of other ids is played by the scripted players),
// the seat itself takes what comes and does not heal; any other decision is
// the scripted player's.
func (r *baRoom) steerHurt(ctx context.Context, s baSeen, char string) error {
	target := r.heldChar(s, char)
	pick := ""
	for _, a := range s.Req.LegalActions {
		parts := strings.Split(a.ActionID, ":")
		last := parts[len(parts)-1]
		switch {
		case s.Seat != target && (a.Command == "play_shot" || a.Command == "play_duel") && last == strconv.Itoa(target):
			pick = a.ActionID
		case s.Seat == target && pick == "" && (a.Command == "pass_reaction" || a.Command == "end_play"):
			pick = a.ActionID
		}
	}
	if pick == "" {
		return r.play(ctx, s)
	}
	_, _, err := r.decideAs(ctx, s.Seat, r.tokens[s.Seat], r.body(s.Seat, pick, s.Version, nil))
	return err
}

// healNotAsked returns, for the decision s pending, a seat of the room's
// other than s's that is Bonesetter and may heal now by §13, with the heal
// of its first two hand cards and the version to send it at (-1: none).
func (r *baRoom) healNotAsked(ctx context.Context, s baSeen) (int, string, int, error) {
	o := s.Req.Observation
	if o.PendingChoice != nil || o.HighNoon || o.PendingReaction == nil && o.Phase != "play" && o.Phase != "discard" {
		return -1, "", 0, nil
	}
	for _, p := range o.Players {
		if _, held := r.tokens[p.Seat]; p.Seat == s.Seat || !held || p.CharacterID != "char_12" || !p.Alive || p.Hp <= 0 || p.Hp >= p.MaxHp || p.HandCount < 2 {
			continue
		}
		req, _, err := r.observe(ctx, p.Seat)
		if err != nil {
			return -1, "", 0, err
		}
		if len(req.LegalActions) > 0 {
			continue // it is asked too
		}
		for _, me := range req.Observation.Players {
			if me.Seat == p.Seat && len(me.Hand) >= 2 {
				return p.Seat, "discard_heal:" + me.Hand[0].UID + ":" + me.Hand[1].UID, req.ObservationVersion, nil
			}
		}
	}
	return -1, "", 0, nil
}

// baCharFrom is the baMode.charFrom that deals char to seat 0.
func baCharFrom(char string) int {
	for i, c := range baCharOrder() {
		if fmt.Sprintf("char_%02d", c) == char {
			return i + 1
		}
	}
	return 0
}
