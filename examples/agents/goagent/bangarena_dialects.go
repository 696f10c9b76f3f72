package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The BangArena dialects of the example agent: legitimate choices an agent
// may make where the rules documents leave it free (-dialect a,b). umpire
// certify must pass each (issue 12); retry-on-error is at most a SHOULD
// finding, since a real server refuses or ignores the extra answer.
var baDialectList = []struct{ name, what string }{
	{"based-on-version", "name the version as basedOnVersion instead of observationVersion (§12 allows either)"},
	{"both-versions", "send observationVersion and basedOnVersion, equal"},
	{"explicit-args", "send args equal to the item's argsSchema ({} for an item without one; §12: args are merged over it)"},
	{"own-command-ids", "commandIds of its own form (UUID-like)"},
	{"own-discard", "discard its own choice of cards: the last (hand − hp) uids of the hand (§13)"},
	{"extra-fields", "extra fields in every decision (reason, confidence, x_agent)"},
	{"near-deadline", "answer late but before the deadline: wait half the time left (at most 500 ms)"},
	{"stderr-chatter", "log every message on stderr"},
	{"escaped-strings", "write every string of the decision with \\u escapes (the same JSON value)"},
	{"retry-on-error", "answer every error body (not only reask) again with the same decision and commandId"},
}

// baDialects is a set of BangArena dialect names.
type baDialects map[string]bool

func parseBADialects(list string) (baDialects, error) {
	d := baDialects{}
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		ok := false
		for _, x := range baDialectList {
			ok = ok || x.name == n
		}
		if !ok {
			var names []string
			for _, x := range baDialectList {
				names = append(names, x.name)
			}
			return nil, fmt.Errorf("unknown dialect %q (known: %s)", n, strings.Join(names, ", "))
		}
		d[n] = true
	}
	return d, nil
}

// bangDecision writes the decision body for the chosen item in the
// player's dialects.
func (p *player) bangDecision(seat int, chosen legalAction, r *decisionRequest) ([]byte, error) {
	d := p.baDialects
	if d["stderr-chatter"] {
		fmt.Fprintf(os.Stderr, "agent: seat %d, version %d: %d item(s), picking %s\n", seat, r.ObservationVersion, len(r.LegalActions), chosen.ActionID)
	}
	if d["near-deadline"] && r.DeadlineAt != "" {
		if t, err := time.Parse(time.RFC3339Nano, r.DeadlineAt); err == nil {
			time.Sleep(min(time.Until(t)/2, 500*time.Millisecond))
		}
	}
	commandID := fmt.Sprintf("c-%d-%d-%d-%04x", seat, r.ObservationVersion, p.seq, p.rng.IntN(1<<16))
	if d["own-command-ids"] {
		a, b := p.rng.Uint64(), p.rng.Uint64()
		commandID = fmt.Sprintf("%08x-%04x-4%03x-a%03x-%012x", a>>32, a>>16&0xffff, a&0xfff, b>>52, b&0xffffffffffff)
	}
	type kv struct {
		k string
		v any
	}
	var fields []kv
	fields = append(fields, kv{"seat", seat}, kv{"actionId", chosen.ActionID}, kv{"commandId", commandID})
	switch {
	case d["based-on-version"]:
		fields = append(fields, kv{"basedOnVersion", r.ObservationVersion})
	case d["both-versions"]:
		fields = append(fields, kv{"observationVersion", r.ObservationVersion}, kv{"basedOnVersion", r.ObservationVersion})
	default:
		fields = append(fields, kv{"observationVersion", r.ObservationVersion})
	}
	switch {
	case d["own-discard"] && chosen.Command == "discard":
		n := len(chosen.ArgsSchema.CardUIDs)
		var hand []string
		for _, pl := range r.Observation.Players {
			if pl.Seat == seat {
				for _, c := range pl.Hand {
					hand = append(hand, c.UID)
				}
			}
		}
		if n <= len(hand) {
			fields = append(fields, kv{"args", map[string]any{"cardUids": hand[len(hand)-n:]}})
		}
	case d["explicit-args"]:
		args := chosen.Args
		if len(args) == 0 || string(args) == "null" {
			args = json.RawMessage(`{}`)
		}
		fields = append(fields, kv{"args", args})
	}
	if d["extra-fields"] {
		fields = append(fields, kv{"reason", "weighted pick"}, kv{"confidence", 0.5}, kv{"x_agent", map[string]any{"name": "goagent", "v": 1}})
	}
	b := []byte{'{'}
	for i, f := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		b = p.appendString(b, f.k)
		b = append(b, ':')
		if s, ok := f.v.(string); ok {
			b = p.appendString(b, s)
			continue
		}
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// appendString writes s as a JSON string, every character \u-escaped in
// the escaped-strings dialect.
func (p *player) appendString(b []byte, s string) []byte {
	if !p.baDialects["escaped-strings"] {
		v, _ := json.Marshal(s)
		return append(b, v...)
	}
	b = append(b, '"')
	for _, r := range s {
		if r > 0xffff {
			v, _ := json.Marshal(string(r))
			b = append(b, v[1:len(v)-1]...)
			continue
		}
		b = append(b, `\u`...)
		h := strconv.FormatInt(int64(r), 16)
		b = append(b, strings.Repeat("0", 4-len(h))+h...)
	}
	return append(b, '"')
}

// baDialectHelp lists the BangArena dialects for -help.
func baDialectHelp() string {
	l := append([]struct{ name, what string }(nil), baDialectList...)
	sort.Slice(l, func(i, j int) bool { return l[i].name < l[j].name })
	var out []string
	for _, x := range l {
		out = append(out, x.name+": "+x.what)
	}
	return strings.Join(out, "; ")
}
