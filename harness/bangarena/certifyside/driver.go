package certifyside

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness/agent"
	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/certify"
	baref "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
)

// baDecision is an agent's decision body as sent, fields kept optional.
type baDecision struct {
	Seat               *int   `json:"seat"`
	ActionID           string `json:"actionId"`
	CommandID          string `json:"commandId"`
	ObservationVersion *int   `json:"observationVersion"`
	BasedOnVersion     *int   `json:"basedOnVersion"`
}

// version returns the version the decision names (-1 when none).
func (d baDecision) version() int {
	switch {
	case d.ObservationVersion != nil:
		return *d.ObservationVersion
	case d.BasedOnVersion != nil:
		return *d.BasedOnVersion
	}
	return -1
}

// baKey is the request key of a BangArena answer: its observationVersion.
func baKey(b []byte) string {
	var d baDecision
	if json.Unmarshal(b, &d) != nil || d.version() < 0 {
		return ""
	}
	return strconv.Itoa(d.version())
}

// decisionMemo keeps the decoding of the last answer line decoded, so that
// a line's request key (link.keyOf) and its reading as a decision
// (baDecide) decode it once.
type decisionMemo struct {
	raw []byte // the line decoded (held, so its storage is not another's)
	d   baDecision
	err error
}

// decode returns json.Unmarshal's reading of b as a decision.
func (m *decisionMemo) decode(b []byte) (baDecision, error) {
	if m.raw != nil && len(b) == len(m.raw) && len(b) > 0 && &b[0] == &m.raw[0] {
		return m.d, m.err
	}
	var d baDecision
	err := json.Unmarshal(b, &d)
	m.raw, m.d, m.err = b, d, err
	return d, err
}

// key is baKey through the memo.
func (m *decisionMemo) key(b []byte) string {
	d, err := m.decode(b)
	if err != nil || d.version() < 0 {
		return ""
	}
	return strconv.Itoa(d.version())
}

// driver is certify's door to the embedded BangArena server.
type driver struct {
	cfg certify.Config
	srv *baserver.Server
	h   http.Handler
}

func (d *driver) Handler() http.Handler              { return d.h }
func (d *driver) Shutdown(ctx context.Context) error { return d.srv.Shutdown(ctx) }
func (d *driver) Key(answer []byte) string           { return baKey(answer) }

// Create makes the room of a connect-mode agent.
func (d *driver) Create(p certify.Planned) (id, token string, err error) {
	created, err := d.srv.CreateRoom(d.roomConfig(p))
	if err != nil {
		return "", "", fmt.Errorf("cannot create the room: %w", err)
	}
	return created.RoomID, created.Tokens[p.Seat], nil
}

// Wait waits for the room's end (the result is read by judgeConnect).
func (d *driver) Wait(ctx context.Context, id string, _ int, _ *certify.Outcome) error {
	return d.srv.Wait(ctx, id)
}

// JudgeConnect judges the timeouts and replaced answers the server counted
// for the seat, and reads its result.
func (d *driver) JudgeConnect(p certify.Planned, spec agent.ConnectSpec, j *certify.Judge, out *certify.Outcome) {
	st, _ := d.srv.Status(spec.ID)
	j.Ran(certify.CheckDeadline)
	for _, s := range st.WinnerSeats {
		out.Won = out.Won || s == p.Seat
	}
	out.Rank = 2
	if out.Won {
		out.Rank = 1
	}
	if st.Timeouts > 0 {
		j.Fail(certify.CheckDeadline, rules.Where{}, "an answer before every deadline", st.Timeouts, fmt.Sprintf("the server answered %d decisions for the silent seat", st.Timeouts))
	}
	if st.Replaced > 0 {
		j.Fail(certify.CheckLegal, rules.Where{}, "only legal answers", st.Replaced, fmt.Sprintf("the server replaced %d illegal answers", st.Replaced))
	}
	// §16: no attempt to read hidden state. The server counts the
	// requests that named another seat than the agent's token opens.
	j.Ran(certify.CheckOwnSeat)
	if st.Peeks > 0 {
		j.Fail(certify.CheckOwnSeat, rules.Where{Seat: &p.Seat}, "requests for the agent's own seat only", st.Peeks,
			fmt.Sprintf("the agent asked %d times for another seat than its own (seat %d) with its token", st.Peeks, p.Seat))
	}
	d.finalScore(spec.ID, p.Seat, spec.Token, out)
}

// baState is what the driver remembers over one BangArena match.
type baState struct {
	room, token   string
	seat          int
	commands      map[string]int // commandId → the version of the decision it answered
	injected      bool
	injectPending bool
	fallback      bool
	missed        int // decisions in a row without a legal answer in time
	passive       baserver.Player
	// obsBuf is the storage of the last observe body, reused by the next.
	obsBuf []byte
	memo   decisionMemo
}

// Play plays one BangArena match with the agent behind l: umpire
// plays the agent's REST client, passing each DecisionRequest to the agent
// and its decision to the server.
func (d *driver) Play(ctx context.Context, p certify.Planned, j *certify.Judge, l *certify.Link) certify.Outcome {
	var out certify.Outcome
	created, err := d.srv.CreateRoom(d.roomConfig(p))
	if err != nil {
		j.Harness("cannot create the room: " + err.Error())
		return out
	}
	passive, _ := baserver.NewPlayer(baserver.KindPassive, 0)
	st := &baState{room: created.RoomID, token: created.Tokens[p.Seat], seat: p.Seat, commands: map[string]int{}, passive: passive}
	out.MatchID = st.room
	inject := l.Process() && !d.cfg.NoInject
	if !inject {
		j.SkipIf(certify.CheckServerError, "no server-side error is injected over this transport")
	}
	j.SkipIf(certify.CheckOwnSeat, "the agent does not reach the server: it gets only its own seat's requests from umpire (judged with --agent-connect)")
	l.Reuses = true // st.obsBuf
	// §1: acting is choosing an item; an object without actionId is no
	// decision (the hygiene pin's when unasked).
	l.NotAnswer = func(b []byte) bool { return !gjson.GetBytes(b, "actionId").Exists() }
	l.KeyOf = st.memo.key
	l.Resent = func(b []byte) bool {
		cmd := gjson.GetBytes(b, "commandId")
		v, ok := st.commands[cmd.Str]
		return cmd.Type == gjson.String && ok && strconv.Itoa(v) == baKey(b)
	}
	// after is the observationVersion of the last decision handled: the
	// server wakes the driver for the next one (no polling).
	after := -1
	for {
		ws, err := d.srv.WaitDecision(ctx, st.room, p.Seat, after)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err() // a wait that holds already returns at once: check the budget too
		}
		if err != nil {
			if ctx.Err() != nil {
				j.Harness("the match did not end within its budget (" + d.cfg.MatchBudget.String() + ")")
			} else {
				j.Harness("the room vanished")
			}
			return out
		}
		if ws.Ended {
			break
		}
		// The observe body lives for this decision only (the judge logs a
		// copy, the agent's adapter queues one): its storage serves the next.
		req, body, code, err := d.observe(st)
		if code != http.StatusOK {
			j.Harness(fmt.Sprintf("observe answered %d: %s", code, excerpt(body)))
			return out
		}
		if err != nil {
			j.Harness("observe answered a body umpire cannot read: " + err.Error())
			return out
		}
		if len(req.legal) == 0 || req.version <= after {
			continue // the decision closed between the wake and observe: wait again
		}
		after = req.version
		if !l.Alive() || st.fallback {
			d.fallbackAnswer(st, req)
			continue
		}
		deadline := d.cfg.Deadline
		if req.deadlineAt != "" {
			if t, err := time.Parse(time.RFC3339Nano, req.deadlineAt); err == nil {
				deadline = time.Until(t)
			}
		}
		if d.baDecide(ctx, st, j, l, req, body, deadline, inject, &out) {
			st.missed = 0
		} else {
			st.missed++
		}
		// I-BA-C3: past the budget the seat finishes on fallback answers.
		if st.missed >= d.cfg.MaxTimeouts && l.Alive() && !st.fallback {
			st.fallback = true
			j.Note(time.Now(), fmt.Sprintf("%d decisions in a row without a legal answer in time: the seat finishes the match on the server's fallback answers", st.missed))
		}
	}
	out.Over = true
	status, _ := d.srv.Status(st.room)
	for _, s := range status.WinnerSeats {
		if s == p.Seat {
			out.Won = true
		}
	}
	out.Rank = 2 // I-BA-C4: winners rank 1, the others 2; the score is glory stars
	if out.Won {
		out.Rank = 1
	}
	d.finalScore(st.room, p.Seat, st.token, &out)
	end := rawJSON(map[string]any{"type": "match_end", "roomId": st.room, "winnerTeam": status.WinnerTeam, "winnerSeats": status.WinnerSeats})
	l.Send(ctx, end, d.cfg.ExitGrace)
	j.SkipIf(certify.CheckRecover, "the agent's answers needed no reask, so there was nothing to recover from")
	j.SkipIf(certify.CheckCommandIDs, "the agent answered no decision")
	return out
}

// observe fetches the seat's observe answer into st.obsBuf and reads its
// request: from the server's own values when the body is their encoding
// (baserver.Server.ObserveRequest), else from the body. err is a body that
// cannot be read (code 200).
func (d *driver) observe(st *baState) (req *baRequest, body []byte, code int, err error) {
	var o baserver.Observed
	code, body, typed := d.srv.ObserveRequest(st.obsBuf, st.room, st.seat, st.token, &o)
	st.obsBuf = body
	switch {
	case code != http.StatusOK:
		return nil, body, code, nil
	case typed:
		req = &baRequest{version: o.Version, legal: o.Legal}
		if o.DeadlineAt != nil {
			req.deadlineAt = *o.DeadlineAt
		}
		return req, body, code, nil
	}
	req, err = readBARequest(body)
	return req, body, code, err
}

// roomConfig is the room of a planned match.
func (d *driver) roomConfig(p certify.Planned) baserver.RoomConfig {
	return baserver.RoomConfig{
		Seats: d.cfg.Seats, RoleMode: d.cfg.Mode, Seed: p.Seed, DeadlineMs: int(d.cfg.Deadline / time.Millisecond),
		Agents: []int{p.Seat}, Adversaries: []string{p.Adversary}, Policy: baserver.PolicyReaskThenRandom,
	}
}

// fallbackAnswer answers a decision for a seat whose agent is out of the
// match: the passive player's answer, which is the one the server gives a
// silent seat (§14), at once.
func (d *driver) fallbackAnswer(st *baState, req *baRequest) {
	id, args := st.passive.Decide(&baref.DecisionRequest{ObservationVersion: req.version, LegalActions: req.legal})
	v := req.version
	body := rawJSON(baserver.Decision{Seat: &st.seat, ActionID: id, CommandID: "umpire-fallback-" + strconv.Itoa(v), ObservationVersion: &v, Args: args})
	d.srv.Decide(st.room, st.token, body)
}

// baDecide asks the agent for one decision (again after a reask or the
// injected error) and posts its answers. It reports whether the server
// accepted a legal answer of the agent in time.
func (drv *driver) baDecide(ctx context.Context, st *baState, j *certify.Judge, l *certify.Link, req *baRequest, body []byte, deadline time.Duration, inject bool, out *certify.Outcome) bool {
	v := req.version
	key := strconv.Itoa(v)
	where := rules.Where{Step: "decision " + key}
	started := time.Now()
	msg := body
	reasked := false
	for attempt := 0; attempt < 4; attempt++ {
		left := deadline - time.Since(started)
		ans, ok := l.Ask(ctx, msg, key, left, where)
		if !ok {
			if reasked {
				j.Fail(certify.CheckRecover, where, "a legal item after the reask", "no answer", "the agent did not answer again after the reask")
			}
			if st.injectPending && !l.Alive() {
				st.injectPending = false
				j.StoppedAfterError(l, where, "the agent stopped right after a retryable server error it did not cause")
			}
			if !l.Alive() {
				// The agent is gone: this decision, like the rest, gets the
				// fallback answer at once instead of waiting out its deadline.
				drv.fallbackAnswer(st, req)
			}
			return false
		}
		legalWhy := ""
		d, err := st.memo.decode(ans.Raw)
		if err != nil {
			j.Fail(certify.CheckHygiene, where, "a decision body", certify.Excerpt(ans.Raw), "the answer is not a decision body: "+err.Error())
			legalWhy = "the answer cannot be read as a decision"
		} else {
			if d.version() == v && d.Seat != nil && *d.Seat == st.seat {
				j.Ran(certify.CheckEcho)
			} else {
				j.Fail(certify.CheckEcho, where, map[string]any{"seat": st.seat, "observationVersion": v},
					map[string]any{"seat": d.Seat, "observationVersion": d.ObservationVersion, "basedOnVersion": d.BasedOnVersion},
					"the decision does not echo the seat and observationVersion of its request")
			}
			legalWhy = fmt.Sprintf("actionId %q is not an item of legalActions", d.ActionID)
			for _, a := range req.legal {
				if a.ActionID == d.ActionID {
					legalWhy = ""
				}
			}
			// I-BA-C2: a commandId may come again within one decision only.
			switch prev, seenCmd := st.commands[d.CommandID]; {
			case d.CommandID == "":
				j.Fail(certify.CheckCommandIDs, where, "a non-empty commandId", "none", "the decision has no commandId")
			case seenCmd && prev != v:
				j.Fail(certify.CheckCommandIDs, where, "a fresh commandId for a new decision", d.CommandID, fmt.Sprintf("commandId %q was already used for the decision at version %d", d.CommandID, prev))
			default:
				st.commands[d.CommandID] = v
				j.Ran(certify.CheckCommandIDs)
			}
		}
		if legalWhy == "" {
			j.Ran(certify.CheckLegal)
		} else {
			j.Fail(certify.CheckLegal, where, rawJSON(actionIDs(req)), certify.Excerpt(ans.Raw), legalWhy)
		}
		if reasked {
			if legalWhy == "" {
				j.Ran(certify.CheckRecover)
			} else {
				j.Fail(certify.CheckRecover, where, "a legal item after the reask", certify.Excerpt(ans.Raw), "the agent answered the reask with another illegal item")
			}
		}
		if st.injectPending {
			// The agent kept playing; whether its item is legal is the
			// legality check's (one finding per break, I-BA-C1).
			st.injectPending = false
			j.Ran(certify.CheckServerError)
		}
		if inject && !st.injected {
			// The pause of §14 (I-BA-C1): reject the first answer as
			// retryable, then offer the same request again.
			st.injected, st.injectPending = true, true
			l.Own(key)
			j.Note(time.Now(), "injecting a retryable server error for the agent's first decision")
			l.Send(ctx, rawJSON(baserver.ErrorBody{Error: baserver.APIError{Code: baserver.CodeNotPending, Retryable: true,
				Message: "umpire certify: an injected retryable error (the pause between turns); fetch the request again and answer it"}}), deadline)
			if !l.Alive() {
				st.injectPending = false
				j.StoppedAfterError(l, where, "the agent stopped on a server-side error it did not cause")
				return false
			}
			msg = body
			continue
		}
		code, resp := drv.srv.Decide(st.room, st.token, ans.Raw)
		switch code {
		case http.StatusOK:
			var a baserver.Answer
			a.Duplicate, a.Random, a.Skipped = gjsonTrue(resp, "duplicate"), gjsonTrue(resp, "random"), gjsonTrue(resp, "skipped")
			if a.Duplicate {
				j.Fail(certify.CheckCommandIDs, where, "a fresh commandId", d.CommandID, "the server took the decision for a repeat of an earlier one (duplicate) and did not apply it")
				return false
			}
			return legalWhy == "" && !a.Random && !a.Skipped
		case http.StatusBadRequest:
			if gjsonTrue(resp, "error.reask") {
				reasked = true
				msg = resp
				continue
			}
			l.Own(key)
			l.Send(ctx, resp, deadline)
			return false
		case http.StatusConflict:
			// In time by the decision's deadline, which runs from its
			// first request (an answer to a reask has a latency of its own).
			if ans.At.Sub(started) <= deadline && d.version() == v {
				out.Misses++
				j.Note(time.Now(), "the server closed a decision umpire saw answered in time (a harness-caused deadline miss)")
			}
			l.Own(key)
			l.Send(ctx, resp, deadline)
			return false
		case http.StatusUnprocessableEntity:
			j.Fail(certify.CheckHygiene, where, "a well-formed decision body", certify.Excerpt(ans.Raw), "the server rejected the decision as malformed: "+certify.Excerpt(resp))
			l.Own(key)
			l.Send(ctx, resp, deadline)
			return false
		case http.StatusForbidden:
			j.Fail(certify.CheckLegal, where, "a decision for the agent's own seat", certify.Excerpt(ans.Raw), "the decision names a seat the agent does not play")
			l.Own(key)
			l.Send(ctx, resp, deadline)
			return false
		default:
			j.Harness(fmt.Sprintf("the server answered a decision with %d: %s", code, excerpt(resp)))
			return false
		}
	}
	return false
}

// actionIDs lists the actionIds of a request, for findings.
func actionIDs(req *baRequest) []string {
	out := make([]string, 0, len(req.legal))
	for _, a := range req.legal {
		out = append(out, a.ActionID)
	}
	return out
}

// baRequest is what the driver reads of an observe answer: the body itself
// goes to the agent as it is, so only these fields are decoded.
type baRequest struct {
	version    int
	deadlineAt string // "" when null
	// legal holds the actionId and command of each item (not argsSchema).
	legal []baref.LegalAction
}

// readBARequest reads the fields the driver needs from an observe body in
// one pass over its top-level keys, without decoding the observation.
func readBARequest(body []byte) (*baRequest, error) {
	req := &baRequest{}
	var version, deadline, legal gjson.Result
	// Parsed in place: the body does not change while it is read; what is
	// kept of it is copied.
	root := gjson.Parse(unsafe.String(unsafe.SliceData(body), len(body)))
	if !root.IsObject() {
		return nil, fmt.Errorf("not a JSON object")
	}
	root.ForEach(func(key, value gjson.Result) bool {
		switch key.Str {
		case "observationVersion":
			version = value
		case "deadlineAt":
			deadline = value
		case "legalActions":
			legal = value
		}
		return true
	})
	if version.Type != gjson.Number || version.Num != float64(int(version.Num)) {
		return nil, fmt.Errorf("observationVersion is %q, not an integer", version.Raw)
	}
	req.version = int(version.Num)
	switch deadline.Type {
	case gjson.String:
		req.deadlineAt = deadline.Str
	case gjson.Null:
	default:
		return nil, fmt.Errorf("deadlineAt is %q, not a string or null", deadline.Raw)
	}
	if !legal.IsArray() {
		return nil, fmt.Errorf("legalActions is %q, not an array", excerpt([]byte(legal.Raw)))
	}
	// The body's storage is reused once the decision is over: the strings
	// kept are views into a copy of the list, not into the body.
	req.deadlineAt = strings.Clone(req.deadlineAt)
	legal = gjson.Parse(strings.Clone(legal.Raw))
	var bad error
	legal.ForEach(func(_, item gjson.Result) bool {
		id, cmd := item.Get("actionId"), item.Get("command")
		if id.Type != gjson.String {
			bad = fmt.Errorf("an item of legalActions has no actionId string: %s", excerpt([]byte(item.Raw)))
			return false
		}
		req.legal = append(req.legal, baref.LegalAction{ActionID: id.Str, Command: cmd.Str})
		return true
	})
	if bad != nil {
		return nil, bad
	}
	return req, nil
}

// finalScore reads the seat's glory stars (its score) and role from the
// room's last observation into out.
func (d *driver) finalScore(room string, seat int, token string, out *certify.Outcome) {
	code, body := d.srv.Observe(nil, room, seat, token)
	if code != http.StatusOK {
		return
	}
	// One pass over the players of the observation, not a decoding of the
	// whole of it (a finished match's event list is the bulk of the body).
	root := gjson.Parse(unsafe.String(unsafe.SliceData(body), len(body)))
	if !root.IsObject() {
		return
	}
	root.Get("observation.players").ForEach(func(_, pl gjson.Result) bool {
		if s := pl.Get("seat"); s.Type != gjson.Number || s.Num != float64(seat) {
			return true
		}
		out.Score = float64(pl.Get("glory.stars").Int())
		if role := pl.Get("roleId"); role.Type == gjson.String {
			out.Role = strings.Clone(role.Str) // not a view into the body
		}
		return true
	})
}

// rawJSON is v's JSON encoding, for messages and findings.
func rawJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// excerpt is b as a finding quotes it (certify.Excerpt).
func excerpt(b []byte) string { return certify.Excerpt(b) }

// gjsonTrue reports whether path of a JSON body is true.
func gjsonTrue(body []byte, path string) bool {
	return gjson.GetBytes(body, path).Type == gjson.True
}
