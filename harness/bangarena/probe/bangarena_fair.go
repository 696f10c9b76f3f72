package probe

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/fairness"
	"github.com/umpire-arena/umpire/referee/rules"
)

// The samples of the fairness checks (I-BA-F1, I-BA-F2): the Cover flips
// of rooms the server plays alone, until baFairFlips are seen (at most
// baFairMaxRooms rooms, within baFairBudget), and the deals of
// baFairDeals impostor rooms of 8 seats, each seat observed once.
const (
	baFairSeats    = 6
	baFairFlips    = 400
	baFairMaxRooms = 160
	baFairBudget   = 40 * time.Second
	baFairDeals    = 24
	// baFairWait is the deadline of the dealt rooms: long, so that the
	// rooms the check leaves waiting cost the server nothing.
	baFairWait = 10 * time.Minute
)

// baFairTimeout bounds each fairness check: the flips' budget and the
// rooms' requests.
func baFairTimeout(t *conform.Target) time.Duration {
	return baFairBudget + 30*time.Second + 4*t.RequestWait()
}

// baCheckCoinFair collects the Cover flips of rooms the server plays
// alone (the harness extension with agents: [], read from the room log
// after the end) and tests them against a fair coin (referee/fairness,
// I-BA-F1): bangarena/8.cover-fair. A test without enough flips to have
// power is not run and says why.
func baCheckCoinFair(ctx context.Context, t *conform.Target) conform.Result {
	const rule = "bangarena/8.cover-fair"
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	var seqs [][]bool
	flips, rooms, unread := 0, 0, 0
	start := time.Now()
	for flips < baFairFlips && rooms < baFairMaxRooms && time.Since(start) < baFairBudget {
		seq, n, err := baServerRoomFlips(ctx, t, fmt.Sprintf("fair-coin/%d", rooms))
		var sk baFairSkip
		if errors.As(err, &sk) {
			if rooms == 0 {
				return conform.Skip("%s", sk.why)
			}
			break
		}
		if err != nil {
			return conform.ProbeErr(err)
		}
		rooms++
		unread += n
		flips += len(seq)
		seqs = append(seqs, seq)
	}
	var res conform.Result
	var why []string
	for _, tc := range fairness.Coin(seqs) {
		if !tc.Ran {
			why = append(why, tc.Name+": "+tc.Why)
			continue
		}
		res.Eval(rule)
		if tc.Failed() {
			res.Findings = append(res.Findings, conform.NewFinding(rule, rules.Where{}, tc.Expected, tc.Observed,
				"the Cover coins of %d rooms the server played fail the test that %s: p = %.2g, below %g (I-BA-F1)", rooms, tc.Name, tc.P, fairness.Alpha))
		}
	}
	if len(res.Evaluated) == 0 {
		more := ""
		if unread > 0 {
			more = fmt.Sprintf("; %d cover_check events gave no flips umpire could read", unread)
		}
		return conform.Skip("%d rooms the server played showed too few Cover flips in %v: %s%s", rooms, time.Since(start).Round(time.Second), strings.Join(why, "; "), more)
	}
	return res
}

// baFairSkip is a reason the server cannot give the fairness checks their
// sample (no room without agents, no room log).
type baFairSkip struct{ why string }

func (s baFairSkip) Error() string { return s.why }

// baServerRoomFlips creates a room the server plays alone, waits for its
// log and returns the Cover flips it shows, in order, and how many
// cover_check events held none it could read.
func baServerRoomFlips(ctx context.Context, t *conform.Target, purpose string) ([]bool, int, error) {
	body := map[string]any{"seats": baFairSeats, "roleMode": ba.ModeClassic, "seed": t.SeedFor(purpose), "agents": []int{}}
	status, data, err := conform.DoJSON(ctx, t, http.MethodPost, "/api/ai/rooms", nil, body)
	if err != nil {
		return nil, 0, err
	}
	var out struct {
		RoomID string            `json:"roomId"`
		Tokens map[string]string `json:"tokens"`
	}
	if status != http.StatusOK && status != http.StatusCreated || json.Unmarshal(data, &out) != nil || out.RoomID == "" {
		return nil, 0, baFairSkip{fmt.Sprintf("the server creates no room it plays alone (agents: [] answered HTTP %d: %s), so the Cover coins cannot be sampled", status, conform.Clip(data))}
	}
	if len(out.Tokens) > 0 {
		return nil, 0, baFairSkip{"the server gave tokens for a room created with agents: [], so it does not play the room alone and the Cover coins cannot be sampled"}
	}
	path := "/api/ai/rooms/" + url.PathEscape(out.RoomID) + "/log"
	wait := 10 * time.Millisecond
	for deadline := time.Now().Add(20 * time.Second); ; {
		status, data, err = conform.DoJSON(ctx, t, http.MethodGet, path, nil, nil)
		if err != nil {
			return nil, 0, err
		}
		if status == http.StatusOK {
			break
		}
		if status != http.StatusConflict || time.Now().After(deadline) {
			return nil, 0, baFairSkip{fmt.Sprintf("the log of room %s the server played alone answered HTTP %d (%s), so the Cover coins cannot be read", out.RoomID, status, conform.Clip(data))}
		}
		select {
		case <-ctx.Done():
			return nil, 0, ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 500*time.Millisecond)
	}
	seq, unread := baLogFlips(data)
	return seq, unread, nil
}

// baLogFlips reads the flips of every cover_check of a JSON Lines log:
// flips as a list of booleans, or a single flip (flips 1, or none) whose
// outcome the event states (success, or result cancel / fail). unread
// counts the checks whose flips it could not read.
func baLogFlips(log []byte) (seq []bool, unread int) {
	sc := bufio.NewScanner(bytes.NewReader(log))
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.Contains(line, []byte("cover_check")) {
			continue
		}
		var e struct {
			Type    string          `json:"type"`
			Flips   json.RawMessage `json:"flips"`
			Success *bool           `json:"success"`
			Result  string          `json:"result"`
		}
		if json.Unmarshal(line, &e) != nil || e.Type != "cover_check" {
			continue
		}
		var list []bool
		if json.Unmarshal(e.Flips, &list) == nil && len(list) > 0 {
			seq = append(seq, list...)
			continue
		}
		var count int
		if len(e.Flips) > 0 && (json.Unmarshal(e.Flips, &count) != nil || count != 1) {
			unread++
			continue
		}
		switch {
		case e.Success != nil:
			seq = append(seq, *e.Success)
		case e.Result == "cancel" || e.Result == "fail":
			seq = append(seq, e.Result == "cancel")
		default:
			unread++
		}
	}
	return seq, unread
}

// baCheckDealFair creates impostor rooms of 8 seats with every seat held,
// reads each seat's own role from its first observation and the Marshal's
// briefing, and tests where the hidden roles sit (bangarena/2.roles-at-random,
// I-BA-F2) and which aide the briefing names (bangarena/2.briefing-random-aide,
// I-BA-F1) against a random deal (referee/fairness).
func baCheckDealFair(ctx context.Context, t *conform.Target) conform.Result {
	const (
		ruleRoles = "bangarena/2.roles-at-random"
		ruleAide  = "bangarena/2.briefing-random-aide"
	)
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	c := probeLong(t)
	c.DeadlineMS = int(baFairWait / time.Millisecond)
	var tables []fairness.Table
	lower, picks := 0, 0
	for i := range baFairDeals {
		roles, known, err := baDealtRoles(ctx, c, t, fmt.Sprintf("fair-deal/%d", i))
		var sk baFairSkip
		if errors.As(err, &sk) {
			return conform.Skip("%s", sk.why)
		}
		if err != nil {
			return conform.ProbeErr(err)
		}
		tb := fairness.Table{Roles: roles, Public: -1}
		var aides []int
		for s, r := range roles {
			switch r {
			case ba.RoleMarshal:
				tb.Public = s
			case ba.RoleAide:
				aides = append(aides, s)
			}
		}
		tables = append(tables, tb)
		if len(aides) != 2 {
			continue
		}
		named := -1
		for _, k := range known {
			if k.Seat == aides[0] || k.Seat == aides[1] {
				if named >= 0 {
					named = -2 // both aides named: the briefing rule's matter
				} else {
					named = k.Seat
				}
			}
		}
		if named < 0 {
			continue
		}
		picks++
		if named == aides[0] {
			lower++
		}
	}
	var res conform.Result
	var why []string
	judge := func(rule string, tc fairness.Test) {
		if !tc.Ran {
			why = append(why, tc.Name+": "+tc.Why)
			res.NoteNotExercised(rule, tc.Why)
			return
		}
		res.Eval(rule)
		if tc.Failed() {
			res.Findings = append(res.Findings, conform.NewFinding(rule, rules.Where{}, tc.Expected, tc.Observed,
				"the deals of %d rooms fail the test that %s: p = %.2g, below %g", len(tables), tc.Name, tc.P, fairness.Alpha))
		}
	}
	for _, tc := range fairness.Places(tables) {
		judge(ruleRoles, tc)
	}
	judge(ruleAide, fairness.Even("the Marshal's briefing names either of two aides as often", "the aide of the lower seat", lower, picks))
	if len(res.Evaluated) == 0 {
		return conform.Skip("no test of the deals had enough rooms: %s", strings.Join(why, "; "))
	}
	return res
}

// baDealtRoles creates an impostor room of 8 seats (with c's long deadline,
// or t's when the server refuses it), every seat held, and returns each
// seat's own role and the Marshal's briefing, read from one observation of
// each seat.
func baDealtRoles(ctx context.Context, c, t *conform.Target, purpose string) ([]string, []ba.KnownRole, error) {
	return baDealtRolesMode(ctx, c, t, purpose, baMode{mode: ba.ModeImpostor, seats: 8})
}

// baDealtRolesMode is baDealtRoles at a table of m's mode and size.
func baDealtRolesMode(ctx context.Context, c, t *conform.Target, purpose string, m baMode) ([]string, []ba.KnownRole, error) {
	r, err := baCreateMode(ctx, c, purpose, m)
	var ce *conform.CreateError
	if errors.As(err, &ce) && ce.Status >= 400 && ce.Status < 500 {
		r, err = baCreateMode(ctx, t, purpose, m)
	}
	if err != nil {
		return nil, nil, err
	}
	roles := make([]string, len(r.tokens))
	var known []ba.KnownRole
	for s := range roles {
		req, data, err := r.observe(ctx, s)
		if err != nil {
			return nil, nil, err
		}
		for _, p := range req.Observation.Players {
			if p.Seat == s && p.RoleID != nil {
				roles[s] = *p.RoleID
			}
		}
		if roles[s] == "" {
			return nil, nil, baFairSkip{fmt.Sprintf("room %s: seat %d's observation does not show its own role, so the deal cannot be read", r.id, s)}
		}
		if roles[s] == ba.RoleMarshal {
			known = baKnownRoles(data)
		}
	}
	return roles, known, nil
}

// baKnownRoles reads the observation's knownRoles of a DecisionRequest: a
// list of {seat, roleId} (umpire's shape) or an object from seat to role
// (another server's); the document names the field without its shape.
func baKnownRoles(data []byte) []ba.KnownRole {
	var out []ba.KnownRole
	kr := gjson.GetBytes(data, "observation.knownRoles")
	switch {
	case kr.IsArray():
		for _, k := range kr.Array() {
			if seat := k.Get("seat"); seat.Type == gjson.Number {
				out = append(out, ba.KnownRole{Seat: int(seat.Int()), RoleID: k.Get("roleId").String()})
			}
		}
	case kr.IsObject():
		kr.ForEach(func(key, v gjson.Result) bool {
			if seat, err := strconv.Atoi(key.String()); err == nil {
				out = append(out, ba.KnownRole{Seat: seat, RoleID: v.String()})
			}
			return true
		})
	}
	return out
}
