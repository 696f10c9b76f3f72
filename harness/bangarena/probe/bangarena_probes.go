package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baProbeRoom creates a probe room and plays until the first decision.
func baProbeRoom(ctx context.Context, t *conform.Target, purpose string) (*baRoom, baSeen, error) {
	r, err := baCreate(ctx, t, purpose)
	if err != nil {
		return nil, baSeen{}, err
	}
	s, ended, err := r.playUntil(ctx, func(baSeen) bool { return true })
	if err != nil {
		return nil, s, err
	}
	if ended {
		return nil, s, fmt.Errorf("the room ended before a decision")
	}
	return r, s, nil
}

// baProbeStart creates a probe room on t (a skip when the suite may not
// create rooms) and plays it to its first decision, the one the probe works
// on.
func baProbeStart(ctx context.Context, t *conform.Target, purpose string) (*baRoom, baSeen, conform.Result, bool) {
	if r, ok := conform.NeedCreate(t); !ok {
		return nil, baSeen{}, r, false
	}
	r, s, err := baProbeRoom(ctx, t, purpose)
	if err != nil {
		return nil, s, conform.ProbeErr(err), false
	}
	return r, s, conform.Result{}, true
}

// unchanged checks that a seat's pending decision is still the same one.
func (r *baRoom) unchanged(ctx context.Context, s baSeen) (bool, ba.DecisionRequest, error) {
	req, _, err := r.observe(ctx, s.Seat)
	if err != nil {
		return false, req, err
	}
	same := req.ObservationVersion == s.Version && fmt.Sprint(req.DecisionID) == fmt.Sprint(s.Req.DecisionID)
	if req.DecisionID != nil && s.Req.DecisionID != nil {
		same = req.ObservationVersion == s.Version && *req.DecisionID == *s.Req.DecisionID
	}
	return same, req, nil
}

// nothingApplied ends a probe whose requests the server had to reject: it
// checks that s's decision is still open and, when it moved on, adds to res
// a finding of rule saying that what (e.g. "a stale decision") changed the
// state. An error reaching the server becomes the probe's Result.
func (r *baRoom) nothingApplied(ctx context.Context, res conform.Result, s baSeen, rule string, where rules.Where, what string) conform.Result {
	same, _, err := r.unchanged(ctx, s)
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval(rule)
	if !same {
		res.Findings = append(res.Findings, conform.NewFinding(rule, where, "nothing applied", "the decision moved on", "%s changed the state", what))
	}
	return res
}

// refused reports whether an HTTP status is a refusal of the client's
// request (4xx): the documents say a decision is rejected, umpire's pins
// (WIRE.md Errors) say with which status; another 4xx is a finding of
// bangarena/server.status-code, a 2xx or 5xx one of the refusal's own rule.
func refused(status int) bool { return status >= 400 && status < 500 }

// probeLong is a longer deadline for probes that need the decision to stay
// open while they talk to the server.
func probeLong(t *conform.Target) *conform.Target {
	c := &conform.Target{Game: t.Game, URL: t.URL, Create: t.Create, TableSize: t.TableSize, DeadlineMS: max(t.DeadlineMS, 5000), MCP: t.MCP, SeatPolicy: t.SeatPolicy, Seed: t.Seed, HTTP: t.HTTP, RequestTimeout: t.RequestTimeout}
	return c.OwnState()
}

// baProbeReask and the other protocol probes follow I-BA-P2.
func baProbeReask(ctx context.Context, t *conform.Target) conform.Result {
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	if t.SeatPolicy != "" && t.SeatPolicy != "reask_then_random" {
		return conform.Skip("the seats play under policy %q, not reask_then_random", t.SeatPolicy)
	}
	r, s, err := baProbeRoom(ctx, probeLong(t), "reask")
	if err != nil {
		return conform.ProbeErr(err)
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	var res conform.Result
	status, data, err := r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, "umpire:not-an-action", s.Version, nil))
	if err != nil {
		return conform.ProbeErr(err)
	}
	res.Eval("bangarena/server.reask")
	if status == http.StatusOK {
		f := conform.NewFinding("bangarena/server.reask", where, "HTTP 400 with reask true", fmt.Sprintf("HTTP %d %s", status, data), "the first illegal answer was replaced instead of asked again")
		f.Transcript = r.tail(4)
		return conform.Result{Findings: []reports.Finding{f}}
	}
	// §14's own status: 400 with reask true.
	c := baRefusal{status: http.StatusBadRequest, rule: "bangarena/server.reask", want: "HTTP 400 with reask true", what: "the first illegal answer", documented: true,
		bodyRule: "bangarena/server.reask", body: func(data []byte) string {
			var e apiError
			if json.Unmarshal(data, &e) != nil || !e.Error.Reask {
				return "does not say reask true"
			}
			return ""
		}}
	judgeRefusal(&res, where, c, status, data, r.tail(4), false)
	same, _, err := r.unchanged(ctx, s)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if !same {
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.reask", where, "the same decision still open", "the decision moved on", "a reasked illegal answer changed the state"))
		return res
	}
	status, data, err = r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, "umpire:not-an-action-either", s.Version, nil))
	if err != nil {
		return conform.ProbeErr(err)
	}
	var a answer
	_ = json.Unmarshal(data, &a)
	legal := map[string]bool{}
	for _, x := range s.Req.LegalActions {
		legal[x.ActionID] = true
	}
	res.Eval("bangarena/14.random-legal")
	switch {
	case status == http.StatusOK && a.Random && legal[a.ReplacedBy]:
	case status == http.StatusOK && legal[a.ReplacedBy] && !a.Skipped:
		// A legal item replaced it (§14), said without umpire's random
		// flag: the flag is a pin (WIRE.md Decision answers). A server
		// that says it skipped to its default item says it did not pick
		// at random: that is §14's, below.
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.answer-shape", where, "random true and replacedBy", conform.Clip(data),
			"the answer to the second illegal answer names the item that replaced it without random true"))
	case status == http.StatusOK && a.ReplacedBy == "":
		// §14 says a random legal item replaces it, not how the answer
		// says so (random and replacedBy are umpire's pin): the state must
		// have moved on; which item was applied cannot be seen.
		same, _, err := r.unchanged(ctx, s)
		if err != nil {
			return conform.ProbeErr(err)
		}
		if same {
			f := conform.NewFinding("bangarena/14.random-legal", where, "a random legal item applied", "the decision still open", "the second illegal answer was answered 200 but nothing was applied")
			f.Transcript = r.tail(6)
			res.Findings = append(res.Findings, f)
			break
		}
		res.Findings = append(res.Findings, conform.NewFinding("bangarena/server.answer-shape", where, "random true and replacedBy", conform.Clip(data),
			"the answer to the second illegal answer does not say which item replaced it"))
	default:
		f := conform.NewFinding("bangarena/14.random-legal", where, "HTTP 200 with random true and replacedBy one of legalActions", fmt.Sprintf("HTTP %d %s", status, data),
			"the second illegal answer was not replaced by a random legal item")
		f.Transcript = r.tail(6)
		res.Findings = append(res.Findings, f)
	}
	return res
}

func baProbeDuplicate(ctx context.Context, t *conform.Target) conform.Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "duplicate")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return conform.Errored(err)
	}
	body := r.body(seat, d.ActionID, s.Version, d.Args)
	st1, data1, err := r.decideAs(ctx, seat, r.tokens[seat], body)
	if err != nil {
		return conform.ProbeErr(err)
	}
	if st1 != http.StatusOK {
		return conform.Errored(fmt.Errorf("a legal decision was refused: HTTP %d %s", st1, conform.Clip(data1)))
	}
	st2, data2, err := r.decideAs(ctx, seat, r.tokens[seat], body)
	if err != nil {
		return conform.ProbeErr(err)
	}
	var a1, a2 answer
	_ = json.Unmarshal(data1, &a1)
	_ = json.Unmarshal(data2, &a2)
	// The versions are compared only when both answers carry one (a missing
	// one is the schema check's finding).
	sameVersion := a1.ObservationVersion == nil || a2.ObservationVersion == nil || *a1.ObservationVersion == *a2.ObservationVersion
	if st2 != http.StatusOK || !a2.Duplicate || !sameVersion {
		f := conform.NewFinding("bangarena/server.duplicate-command", where, "HTTP 200, duplicate true, the first answer's observationVersion", fmt.Sprintf("HTTP %d %s", st2, data2),
			"a repeated commandId did not get the stored answer")
		f.Transcript = r.tail(4)
		return conform.Result{Findings: []reports.Finding{f}}
	}
	return conform.Result{Evaluated: map[string]int{"bangarena/server.duplicate-command": 1}}
}

func baProbeStale(ctx context.Context, t *conform.Target) conform.Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "stale")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return conform.Errored(err)
	}
	var res conform.Result
	noted := false
	// An older version is §12's stale state; a version above the current
	// one is stale only on umpire's reading (I-BA-63): each is judged
	// under its own rule, the older first.
	for _, v := range []int{s.Version - 1, s.Version + 1000} {
		rule, what := "bangarena/server.stale-version", "a stale decision"
		if v > s.Version {
			rule, what = "bangarena/server.future-version", "a decision on a version not yet reached"
		}
		status, data, err := r.decideAs(ctx, seat, r.tokens[seat], r.body(seat, d.ActionID, v, d.Args))
		if err != nil {
			return conform.ProbeErr(err)
		}
		c := baRefusal{status: http.StatusConflict, rule: rule, want: "HTTP 409",
			what: fmt.Sprintf("a decision on observationVersion %d (current %d)", v, s.Version)}
		// Refused with another status than umpire's pin: the "nothing
		// applied" part below still holds it to §12.
		switch judgeRefusal(&res, where, c, status, data, r.tail(4), noted) {
		case baOtherRefusal:
			noted = true
		case baNotRefused:
			return res
		}
		n := len(res.Findings)
		if res = r.nothingApplied(ctx, res, s, rule, where, what); len(res.Findings) > n || res.Status != 0 {
			return res
		}
	}
	return res
}

func baProbeToken(ctx context.Context, t *conform.Target) conform.Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "token")
	if !ok {
		return stop
	}
	seat := s.Seat
	other := -1
	for o := range r.tokens {
		if o != seat {
			other = o
		}
	}
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	var res conform.Result
	d, err := r.players[seat].Decide(&s.Req)
	if err != nil {
		return conform.Errored(err)
	}
	cases := []struct {
		name, token string
		want        int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"a wrong token", r.tokens[seat] + "-wrong", http.StatusUnauthorized},
	}
	if other >= 0 {
		cases = append(cases, struct {
			name, token string
			want        int
		}{"another seat's token", r.tokens[other], http.StatusForbidden})
	}
	for _, c := range cases {
		status, data, err := r.observeAs(ctx, seat, c.token)
		if err != nil {
			return conform.ProbeErr(err)
		}
		want := fmt.Sprintf("HTTP %d", c.want)
		judgeRefusal(&res, where, baRefusal{status: c.want, rule: "bangarena/server.token", want: want, what: "observe with " + c.name}, status, data, nil, false)
		status, data, err = r.decideAs(ctx, seat, c.token, r.body(seat, d.ActionID, s.Version, d.Args))
		if err != nil {
			return conform.ProbeErr(err)
		}
		if judgeRefusal(&res, where, baRefusal{status: c.want, rule: "bangarena/server.token", want: want, what: "a decision with " + c.name}, status, data, r.tail(4), false) == baNotRefused {
			return res
		}
	}
	return r.nothingApplied(ctx, res, s, "bangarena/server.token", where, "a decision with a bad token")
}

func baProbeNotPending(ctx context.Context, t *conform.Target) conform.Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "not-pending")
	if !ok {
		return stop
	}
	for _, o := range conform.SortedSeats(r.tokens) {
		if o == s.Seat {
			continue
		}
		req, _, err := r.observe(ctx, o)
		if err != nil {
			return conform.ProbeErr(err)
		}
		if len(req.LegalActions) > 0 {
			continue
		}
		seat := o
		where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", req.ObservationVersion)}
		status, data, err := r.decideAs(ctx, o, r.tokens[o], r.body(o, "end_play", req.ObservationVersion, nil))
		if err != nil {
			return conform.ProbeErr(err)
		}
		var res conform.Result
		res.Eval("bangarena/server.answer-shape")
		c := baRefusal{status: http.StatusConflict, rule: "bangarena/12.decider", want: "HTTP 409 with retryable true", what: "a decision from a seat with nothing pending",
			bodyRule: "bangarena/server.answer-shape", body: func(data []byte) string {
				var e apiError
				if json.Unmarshal(data, &e) != nil || !e.Error.Retryable {
					return "is not marked retryable"
				}
				return ""
			}}
		if judgeRefusal(&res, where, c, status, data, r.tail(4), false) == baNotRefused {
			return res
		}
		return r.nothingApplied(ctx, res, s, "bangarena/12.decider", where, "a decision out of turn")
	}
	return conform.Skip("every seat had a decision pending at once")
}

func baProbeMalformed(ctx context.Context, t *conform.Target) conform.Result {
	r, s, stop, ok := baProbeStart(ctx, probeLong(t), "malformed")
	if !ok {
		return stop
	}
	seat := s.Seat
	where := rules.Where{Seat: &seat, Step: fmt.Sprintf("version %d", s.Version)}
	var res conform.Result
	statusNoted := false
	bodies := []string{`not json`, `{}`, `{"seat":"zero","actionId":7}`, `[1,2,3]`, `{"seat":` + fmt.Sprint(seat) + `,"actionId":"end_play"}`, strings.Repeat("{", 5000)}
	for _, b := range bodies {
		status, data, err := r.decideAs(ctx, seat, r.tokens[seat], []byte(b))
		if err != nil {
			return conform.ProbeErr(err)
		}
		c := baRefusal{status: http.StatusUnprocessableEntity, rule: "bangarena/server.malformed-body", want: "HTTP 422", what: fmt.Sprintf("a malformed decision body %q", conform.Clip([]byte(b)))}
		if judgeRefusal(&res, where, c, status, data, r.tail(2), statusNoted) == baOtherRefusal {
			statusNoted = true
		}
	}
	return r.nothingApplied(ctx, res, s, "bangarena/server.malformed-body", where, "a malformed body")
}
