package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Dialect names one legitimate alternative choice of the server where the
// rules documents are silent (umpire's own choice being the pin of WIRE.md
// or a reading of INTERPRETATIONS.md). Unlike a Fault, a dialect breaks no
// rule of the documents: a conformance run against a server speaking it must
// pass, with at most SHOULD findings on umpire's pins (MUST under
// --strict). Dialects are safe and need no unsafe switch; they are off
// unless listed in Options.Dialects. Each dialect rewrites what the server
// sends (or hides an optional endpoint); the engine underneath is the same.
type Dialect string

// The closed list of dialects (referee/INTERPRETATIONS.md, "Dialects the
// suite accepts").
const (
	// DialectErrorCodesOwn names its error codes in its own words
	// (invalid_message, invalid_action, out_of_turn, auth_failed,
	// wrong_turn) instead of WIRE.md's.
	DialectErrorCodesOwn Dialect = "error-codes-own"
	// DialectErrorCodeNumeric sends error codes as numbers.
	DialectErrorCodeNumeric Dialect = "error-code-numeric"
	// DialectErrorNoCode sends errors without a code, a message only.
	DialectErrorNoCode Dialect = "error-no-code"
	// DialectErrorNoTurn sends errors without the open turn.
	DialectErrorNoTurn Dialect = "error-no-turn"
	// DialectExtraFields adds fields of its own to every message, to the
	// visible_state and its players and history entries, to legal_actions
	// items and to event objects.
	DialectExtraFields Dialect = "extra-fields"
	// DialectLegalOrder lists legal_actions in another order (raise, call,
	// fold).
	DialectLegalOrder Dialect = "legal-order"
	// DialectWelcomeLean sends a welcome without visible_state and
	// rules_version (the state comes with the first your_turn).
	DialectWelcomeLean Dialect = "welcome-lean"
	// DialectNoLog offers no match log endpoint: GET /r/{id}.jsonl is 404.
	DialectNoLog Dialect = "no-log"
	// DialectMatchEndLean sends match_end without seed_commit (the
	// commitment was in match_start).
	DialectMatchEndLean Dialect = "match-end-lean"
	// DialectBetWithAnte counts the ante in visible_state.current_bet (the
	// level a seat's contribution must reach); to_call is unchanged.
	DialectBetWithAnte Dialect = "bet-with-ante"
	// DialectSlowErrors answers a rejected message 150 ms late.
	DialectSlowErrors Dialect = "slow-errors"
	// DialectTimeoutOnAction sends no timeout events: a timeout shows on
	// the server's action, flagged timeout (the match log keeps its
	// timeout lines).
	DialectTimeoutOnAction Dialect = "timeout-on-action"
	// DialectLateDefault plays a silent seat's default action 200 ms after
	// the announced deadline (a grace for the network), never before it.
	DialectLateDefault Dialect = "late-default"
	// DialectBreakevenTiesLose computes call_breakeven_value counting a tie
	// as a loss (the rules call it a heuristic and say nothing of ties).
	DialectBreakevenTiesLose Dialect = "breakeven-ties-lose"
	// DialectBreakevenFloat gives call_breakeven_value as the exact real
	// break-even point (one decimal) rather than an integer value.
	DialectBreakevenFloat Dialect = "breakeven-float"
	// DialectSittingOutNextRound shows a seat sat out by a timeout as
	// sitting out from the next round: in the round it timed out in (which
	// it finishes) its players[] entry keeps sitting_out false and no
	// back_in_round (I-INF-17).
	DialectSittingOutNextRound Dialect = "sitting-out-next-round"
	// DialectTokensList answers match creation (the harness extension)
	// with the tokens as a list indexed by seat, and HTTP 200.
	DialectTokensList Dialect = "tokens-list"
	// DialectOtherChance deals the seating, round 1's dealer and every
	// hidden value from a generator of its own (otherchance.go), not
	// umpire's deal function; the seed commitment and reveal are as before.
	DialectOtherChance Dialect = "other-chance"
	// DialectNoCompression declines a client's permessage-deflate offer:
	// every frame goes uncompressed (RFC 7692 leaves the choice to the
	// server; the rules document says nothing of it).
	DialectNoCompression Dialect = "no-compression"
)

// DialectInfo describes a dialect: its name, the pin or reading of umpire's
// it departs from, and what it does.
type DialectInfo struct {
	Name Dialect `json:"name"`
	// Basis is the pin ("WIRE.md …") or the reading ("I-INF-…") the
	// dialect chooses differently from; "" when umpire has no pin there
	// (extra fields, orderings, timing within the deadline).
	Basis string `json:"basis,omitempty"`
	Doc   string `json:"doc"`
}

func dialectList() []DialectInfo {
	l := []DialectInfo{
		{DialectErrorCodesOwn, "WIRE.md Envelope", "error codes of its own (invalid_message, invalid_action, out_of_turn, auth_failed, wrong_turn)"},
		{DialectErrorCodeNumeric, "WIRE.md Envelope", "error codes are numbers (1 illegal_move … 5 stale_turn)"},
		{DialectErrorNoCode, "WIRE.md Envelope", "errors carry a message and no code"},
		{DialectErrorNoTurn, "WIRE.md Envelope", "errors do not name the open turn"},
		{DialectExtraFields, "", "fields of its own in every message, visible_state, players, history, legal_actions items and event objects"},
		{DialectLegalOrder, "", "legal_actions listed raise, call, fold"},
		{DialectWelcomeLean, "WIRE.md Envelope", "welcome without visible_state and rules_version"},
		{DialectNoLog, "WIRE.md Envelope (harness extension)", "no match log endpoint: GET /r/{id}.jsonl answers 404"},
		{DialectMatchEndLean, "WIRE.md Envelope", "match_end without seed_commit (it was committed in match_start)"},
		{DialectBetWithAnte, "I-INF-4", "current_bet counts the ante (the contribution level to reach); to_call as the rules define it"},
		{DialectSlowErrors, "", "a rejected message is answered 150 ms late"},
		{DialectTimeoutOnAction, "WIRE.md Match log", "no timeout events: the server's action flagged timeout is the record"},
		{DialectLateDefault, "I-INF-P1", "the default action comes 200 ms after the deadline"},
		{DialectBreakevenTiesLose, "I-INF-11", "call_breakeven_value counts ties as losses"},
		{DialectBreakevenFloat, "I-INF-11", "call_breakeven_value is the real break-even point, e.g. 41.7"},
		{DialectSittingOutNextRound, "I-INF-17", "a seat sat out in round r shows sitting_out from round r+1; in round r it still shows in the round"},
		{DialectNoCompression, "", "a client's permessage-deflate offer is declined: plain frames only"},
		{DialectTokensList, "WIRE.md Envelope (harness extension)", "match creation answers tokens as a list indexed by seat"},
		{DialectOtherChance, "I-INF-16", "seating, first dealer and hidden values drawn by a generator of its own (SplitMix64 from an FNV-1a hash of the seed), not umpire's deal function; match_start names no deal function, so a verifier only samples the log's values (I-INF-V1)"},
	}
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	return l
}

// Dialects returns every dialect the suite must pass, sorted by name.
func Dialects() []DialectInfo { return dialectList() }

// PendingDialects returns the dialects a correct server may speak but
// umpire cannot judge yet (Doc says why); Dialects takes them in once
// umpire judges them. The server speaks them all the same. None is
// pending today.
func PendingDialects() []DialectInfo {
	return nil
}

// LookupDialect returns the description of the dialect named name.
func LookupDialect(name string) (DialectInfo, bool) {
	for _, d := range append(dialectList(), PendingDialects()...) {
		if string(d.Name) == name {
			return d, true
		}
	}
	return DialectInfo{}, false
}

// ParseDialects reads a comma-separated list of dialect names (spaces
// around names ignored, empty items skipped); an unknown name is an error
// listing the known ones.
func ParseDialects(list string) ([]Dialect, error) {
	var out []Dialect
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if _, ok := LookupDialect(item); !ok {
			return nil, fmt.Errorf("unknown dialect %q (known: %s)", item, dialectNames())
		}
		out = append(out, Dialect(item))
	}
	return out, nil
}

func dialectNames() string {
	var names []string
	for _, d := range append(dialectList(), PendingDialects()...) {
		names = append(names, string(d.Name))
	}
	return strings.Join(names, ", ")
}

// Dialects returns the dialects this server speaks, sorted by name.
func (s *Server) Dialects() []Dialect {
	var out []Dialect
	for _, d := range append(dialectList(), PendingDialects()...) {
		if s.dia.on(d.Name) {
			out = append(out, d.Name)
		}
	}
	return out
}

// dialectSet is the set of dialects a server speaks.
type dialectSet map[Dialect]bool

func newDialectSet(ds []Dialect) (dialectSet, error) {
	set := dialectSet{}
	for _, d := range ds {
		if _, ok := LookupDialect(string(d)); !ok {
			return nil, fmt.Errorf("unknown dialect %q (known: %s)", d, dialectNames())
		}
		set[d] = true
	}
	return set, nil
}

func (s dialectSet) on(d Dialect) bool { return s[d] }

// grace is the time DialectLateDefault adds to a turn's deadline.
func (s dialectSet) grace() time.Duration {
	if s.on(DialectLateDefault) {
		return 200 * time.Millisecond
	}
	return 0
}

// rewrites reports whether any dialect changes message content.
func (s dialectSet) rewrites() bool {
	for d := range s {
		if d != DialectNoLog && d != DialectTokensList && d != DialectLateDefault && d != DialectOtherChance && d != DialectNoCompression {
			return true
		}
	}
	return false
}

// wrap returns t speaking the dialects: every message it writes is
// rewritten on the way out. Without dialects that rewrite, t itself.
func (s dialectSet) wrap(t transport) transport {
	if !s.rewrites() {
		return t
	}
	return dialectTransport{transport: t, d: s}
}

// dialectTransport rewrites the messages of a transport.
type dialectTransport struct {
	transport
	d dialectSet
}

func (t dialectTransport) write(ctx context.Context, data []byte) error {
	out, slow := t.d.rewrite(data)
	if out == nil {
		return nil // not sent in this dialect
	}
	if slow {
		t.pause(ctx)
	}
	return t.transport.write(ctx, out)
}

func (t dialectTransport) writeBatch(ctx context.Context, timeout time.Duration, b *batch) error {
	nb := &batch{}
	slow := false
	_ = b.each(func(msg []byte) error {
		out, s := t.d.rewrite(msg)
		if out == nil {
			return nil
		}
		slow = slow || s
		nb.buf = append(append(nb.buf, out...), '\n')
		nb.ends = append(nb.ends, len(nb.buf))
		return nil
	})
	if slow {
		t.pause(ctx)
	}
	return t.transport.writeBatch(ctx, timeout, nb)
}

// pause is DialectSlowErrors' delay.
func (t dialectTransport) pause(ctx context.Context) {
	select {
	case <-time.After(150 * time.Millisecond):
	case <-ctx.Done():
	}
}

// numericCodes are DialectErrorCodeNumeric's codes, ownCodes
// DialectErrorCodesOwn's words.
var (
	numericCodes = map[string]int{CodeIllegalMove: 1, CodeNotYourTurn: 2, CodeBadMessage: 3, CodeUnauthorized: 4, CodeStaleTurn: 5}
	ownCodes     = map[string]string{CodeBadMessage: "invalid_message", CodeIllegalMove: "invalid_action", CodeNotYourTurn: "out_of_turn", CodeUnauthorized: "auth_failed", CodeStaleTurn: "wrong_turn"}
)

// extra is what DialectExtraFields adds: a field of its own, of a shape no
// pin knows.
func extra() map[string]any {
	return map[string]any{"server": "dialect", "tags": []any{"a", 1, nil}, "at": 1.5}
}

// rewrite returns msg as the dialects write it (nil: not sent), and
// whether it is to be sent late (DialectSlowErrors). A message that is not
// a JSON object is sent as it is.
func (s dialectSet) rewrite(msg []byte) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(msg))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil || m == nil {
		return msg, false
	}
	typ, _ := m["type"].(string)
	slow := false
	switch typ {
	case TypeError:
		code, _ := m["code"].(string)
		switch {
		case s.on(DialectErrorNoCode):
			delete(m, "code")
		case s.on(DialectErrorCodeNumeric):
			if n, ok := numericCodes[code]; ok {
				m["code"] = n
			}
		case s.on(DialectErrorCodesOwn):
			if w, ok := ownCodes[code]; ok {
				m["code"] = w
			}
		}
		if s.on(DialectErrorNoTurn) {
			delete(m, "turn")
		}
		slow = s.on(DialectSlowErrors)
	case TypeWelcome:
		if s.on(DialectWelcomeLean) {
			delete(m, "visible_state")
			delete(m, "rules_version")
		}
	case TypeMatchEnd:
		if s.on(DialectMatchEndLean) {
			delete(m, "seed_commit")
		}
	case TypeEvent:
		if ev, ok := m["event"].(map[string]any); ok && ev["type"] == "timeout" && s.on(DialectTimeoutOnAction) {
			return nil, false
		}
	case TypeYourTurn:
		if l, ok := m["legal_actions"].([]any); ok && s.on(DialectLegalOrder) {
			for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
				l[i], l[j] = l[j], l[i]
			}
		}
	}
	if vs, ok := m["visible_state"].(map[string]any); ok {
		s.rewriteView(vs)
	}
	if s.on(DialectExtraFields) {
		m["x_server"] = extra()
		if l, ok := m["legal_actions"].([]any); ok {
			for _, it := range l {
				if o, ok := it.(map[string]any); ok {
					o["x_hint"] = extra()
				}
			}
		}
		if ev, ok := m["event"].(map[string]any); ok {
			ev["x_ts"] = extra()
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		return msg, slow
	}
	return out, slow
}

// rewriteView applies the dialects of a visible_state in place.
func (s dialectSet) rewriteView(vs map[string]any) {
	if s.on(DialectBreakevenTiesLose) {
		if v, ok := breakevenTiesLose(vs, false); ok {
			vs["call_breakeven_value"] = v
		}
	}
	if s.on(DialectBreakevenFloat) {
		if v, ok := breakevenTiesLose(vs, true); ok {
			vs["call_breakeven_value"] = v
		}
	}
	if s.on(DialectBetWithAnte) {
		bet, ok1 := vs["current_bet"].(json.Number)
		lim, _ := vs["limits"].(map[string]any)
		ante, ok2 := lim["ante"].(json.Number)
		b, e1 := bet.Int64()
		a, e2 := ante.Int64()
		if ok1 && ok2 && e1 == nil && e2 == nil {
			vs["current_bet"] = b + a
		}
	}
	if s.on(DialectSittingOutNextRound) {
		if l, ok := vs["players"].([]any); ok {
			for _, it := range l {
				// A seat still in the round is one whose sit-out starts
				// with the next round.
				if o, ok := it.(map[string]any); ok && o["sitting_out"] == true && o["in_round"] == true {
					o["sitting_out"] = false
					delete(o, "back_in_round")
				}
			}
		}
	}
	if s.on(DialectExtraFields) {
		vs["x_table"] = extra()
		for _, key := range []string{"players", "history"} {
			if l, ok := vs[key].([]any); ok {
				for _, it := range l {
					if o, ok := it.(map[string]any); ok {
						o["x_note"] = extra()
					}
				}
			}
		}
	}
}

// created is the answer to a match creation in the dialects.
func (s dialectSet) created(c Created) any {
	if !s.on(DialectTokensList) {
		return c
	}
	toks := make([]string, len(c.Tokens))
	for k, v := range c.Tokens {
		var i int
		if _, err := fmt.Sscan(k, &i); err == nil && i >= 0 && i < len(toks) {
			toks[i] = v
		}
	}
	out := map[string]any{"match_id": c.MatchID, "tokens": toks}
	if len(c.Capabilities) > 0 {
		out["capabilities"] = c.Capabilities
	}
	return out
}

// rewriteLog returns the match log as the dialects serve it: with
// DialectExtraFields every line carries a field of the server's own.
func (s dialectSet) rewriteLog(log []byte) []byte {
	if !s.on(DialectExtraFields) {
		return log
	}
	var out []byte
	for _, line := range bytes.SplitAfter(log, []byte("\n")) {
		body := bytes.TrimRight(line, "\n")
		if len(body) < 2 || body[len(body)-1] != '}' {
			out = append(out, line...)
			continue
		}
		out = append(out, body[:len(body)-1]...)
		// The same field of its own as the line's event carries (the
		// document: events are the log's objects).
		out = append(out, `,"x_ts":{"at":1.5,"server":"dialect","tags":["a",1,null]}}`...)
		out = append(out, line[len(body):]...)
	}
	return out
}

// breakevenTiesLose is DialectBreakevenTiesLose's call_breakeven_value:
// the smallest v in 1..100 whose chance of beating every other seat still
// in, ((v−1)/100)^k, times the pot after the call is at least the call's
// cost (ok false when nothing is owed or the view lacks a number).
//
// With exact set it is the real point instead, 1 + 100·(c/(P+c))^(1/k),
// to one decimal.
func breakevenTiesLose(vs map[string]any, exact bool) (any, bool) {
	num := func(v any) (int64, bool) {
		n, ok := v.(json.Number)
		if !ok {
			return 0, false
		}
		i, err := n.Int64()
		return i, err == nil
	}
	owed, ok1 := num(vs["to_call"])
	credits, ok2 := num(vs["your_credits"])
	pot, ok3 := num(vs["pot"])
	me, ok4 := num(vs["your_seat"])
	players, ok5 := vs["players"].([]any)
	if !ok1 || !ok2 || !ok3 || !ok4 || !ok5 || owed <= 0 {
		return 0, false
	}
	c := min(owed, credits)
	k := 0
	for _, it := range players {
		p, _ := it.(map[string]any)
		seat, _ := num(p["seat"])
		if in, _ := p["in_round"].(bool); in && seat != me {
			if folded, _ := p["folded"].(bool); !folded {
				k++
			}
		}
	}
	if exact {
		if k == 0 {
			return 1.0, true
		}
		x := 1 + 100*math.Pow(float64(c)/float64(pot+c), 1/float64(k))
		return json.Number(strconv.FormatFloat(math.Round(min(x, 100)*10)/10, 'f', 1, 64)), true
	}
	for v := 1; v <= 100; v++ {
		win := 1.0
		for range k {
			win *= float64(v-1) / 100
		}
		if win*float64(pot+c) >= float64(c) {
			return v, true
		}
	}
	return 100, true
}
