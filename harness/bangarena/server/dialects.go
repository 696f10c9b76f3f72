package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// Dialect names one legitimate alternative choice of a BangArena server
// where the rules documents are silent (a field's shape, an error code
// string, a status code the document does not number, an optional
// endpoint). Unlike a Fault, a dialect breaks no rule: a correct server
// could make the choice, so the conformance suite must pass it (at most
// SHOULD findings on umpire's own pins or readings). Dialects are safe to
// switch on; they change message content only, except toss-self,
// saloon-when-hurt, built-ins-block and weapon-kind-withheld, which play the
// other reading of a gap (a Toss at "any player", the player too: I-BA-33;
// the items of I-BA-35, I-BA-37, I-BA-34) through the engine's Readings.
type Dialect string

// The closed list of dialects (see DialectList for what each changes).
const (
	DialectKnownRolesObject Dialect = "known-roles-object"
	DialectErrorCodes       Dialect = "error-codes"
	DialectMalformed400     Dialect = "malformed-400"
	DialectAuth401          Dialect = "auth-401"
	DialectStale412         Dialect = "stale-412"
	DialectNotPending425    Dialect = "not-pending-425"
	DialectAnswerAccepted   Dialect = "answer-accepted"
	DialectReplacedUnmarked Dialect = "replaced-unmarked"
	DialectNoMCP            Dialect = "no-mcp"
	DialectNoLog            Dialect = "no-log"
	DialectExtraFields      Dialect = "extra-fields"
	DialectLegalOrder       Dialect = "legal-order"
	DialectDecisionIDs      Dialect = "decision-ids"
	DialectPendingMinimal   Dialect = "pending-minimal"
	// DialectOtherChance draws every random outcome of a match (the deal,
	// reshuffles, coins, random picks, the replacement of an illegal
	// answer) from a generator of its own (otherchance.go), not umpire's.
	DialectOtherChance     Dialect = "other-chance"
	DialectTossSelf        Dialect = "toss-self"
	DialectLegalMaskIDs    Dialect = "legal-mask-ids"
	DialectPublicZoneDraws Dialect = "public-zone-draws"
	// The readings of the legal list a server may take otherwise (issue
	// 26), each played through the engine's Readings like toss-self.
	DialectSaloonWhenHurt     Dialect = "saloon-when-hurt"
	DialectBuiltInsBlock      Dialect = "built-ins-block"
	DialectWeaponKindWithheld Dialect = "weapon-kind-withheld"
)

// DialectInfo describes one dialect: what a client sees, why the documents
// allow it, and the SHOULD findings of umpire's pins the conformance suite
// reports for it (MUST under --strict).
type DialectInfo struct {
	Name Dialect `json:"name"`
	// Changes says in a few words what a client observes.
	Changes string `json:"changes"`
	// Why names the gap of the documents the choice falls in.
	Why string `json:"why"`
	// Should lists the rule ids of the SHOULD findings the suite reports
	// (umpire's pins the dialect differs from); empty when none.
	Should []string `json:"should,omitempty"`
}

// DialectList returns the closed list of dialects, sorted by name.
func DialectList() []DialectInfo {
	l := []DialectInfo{
		{DialectKnownRolesObject, "observation.knownRoles is an object keyed by seat ({\"2\": \"aide\"}), always present, with the seat's own role", "§2/§11 name knownRoles without a shape", nil},
		{DialectErrorCodes, "error codes of its own (STALE, AUTH_REQUIRED, …) instead of umpire's", "the documents name no error codes", nil},
		{DialectMalformed400, "a malformed decision body gets HTTP 400 instead of 422", "the documents number no status for a malformed body", []string{"bangarena/server.status-code"}},
		{DialectAuth401, "another seat's token gets HTTP 401 instead of 403", "§12 needs the seat's own token, without a status", []string{"bangarena/server.status-code"}},
		{DialectStale412, "a stale observationVersion gets HTTP 412 instead of 409", "§12 says \"reject\", without a status", []string{"bangarena/server.status-code"}},
		{DialectNotPending425, "a decision while nothing is pending for the seat gets HTTP 425 (Too Early), still retryable, instead of 409", "§14 says \"rejected as retryable\", without a status", []string{"bangarena/server.status-code"}},
		{DialectAnswerAccepted, "decision answers read {accepted: true, version: N, duplicate?, random?, replacedBy?} instead of {ok, observationVersion, …}", "the documents fix no answer body beyond `duplicate`", []string{"bangarena/server.answer-shape"}},
		{DialectReplacedUnmarked, "an illegal answer replaced by a random item is answered {ok, observationVersion} without random, replacedBy or requestedActionId", "§14 says the item is replaced, not how the answer tells it", []string{"bangarena/server.answer-shape"}},
		{DialectNoMCP, "no MCP: /mcp answers 404", "WIRE.md: MCP is optional", nil},
		{DialectMCPSnakeArgs, "the MCP seat tools take room_id, seat_id (a string), agent_token, action_id, command_id and observation_version, as their published input schemas say", "§12 names the MCP tools, not their arguments (I-BA-M1)", nil},
		{DialectNoLog, "no room log: GET …/log answers 404", "the room log is umpire's harness extension", nil},
		{DialectExtraFields, "extra fields in every object: request, observation, players, events, legal items, pending reaction and choice, answers, errors", "WIRE.md: unknown extra fields are allowed in every message", nil},
		{DialectLegalOrder, "legalActions (and legal_mask) in reverse order", "READINGS 8: the order of legalActions is not part of the contract", nil},
		{DialectPendingMinimal, "pendingReaction carries only the document's kind, sourceSeat and targetSeat (not WIRE.md's command, cardId, cardUid)", "§7 names only those three", []string{"bangarena/12.request"}},
		{DialectDecisionIDs, "decisionId of its own form (<matchId>:<version>:<seat>)", "§12's d-41-2 is an example", nil},
		{DialectTossSelf, "a Toss may take a card of its own player (hand or play), as of any other", "§5 Toss: \"Discard a card from any player\"; only Jail says \"another\" (§13)", []string{"bangarena/4.self-target"}},
		{DialectSaloonWhenHurt, "a Saloon is offered only while a living seat is below its max hp", "§5/§13 give Saloon's phase, not whether a Saloon that heals nobody is offered (I-BA-35)", []string{"bangarena/server.legal-actions"}},
		{DialectBuiltInsBlock, "no Cover is offered to Iron Brow, no Scope to Eagle Eye or Mad Dog, no Horse to Pass Shadow", "§4/§6 give the built-ins, not whether they block the card (I-BA-37)", []string{"bangarena/server.legal-actions"}},
		{DialectWeaponKindWithheld, "a weapon of the kind the seat already holds is not offered", "§5 \"one per seat\" does not say a weapon of the same kind replaces the held one (I-BA-34)", []string{"bangarena/server.legal-actions"}},
		{DialectLegalMaskIDs, "legal_mask is the list of the items' actionIds (strings), in legalActions' order", "§12 calls legal_mask an alias without a shape; I-BA-60 reads it as the items", []string{"bangarena/12.legal-mask"}},
		{DialectPublicZoneDraws, "a card taken into a hand shows as draw {seat, count, fromSeat, zone, cards}, its cards shown to every seat when they came from play, a weapon slot, the discard pile or an eliminated seat (Scavenger); from a hand still to the two seats only", "§11 hides hands, not cards that lay face up; whether Scavenger's take of a dead seat's hand is shown is not fixed (I-BA-28)", []string{"bangarena/11.events-scavenger"}},
		{DialectOtherChance, "every random outcome (the deal, reshuffles, Cover coins, random picks from a hand, the replacement of an illegal answer) drawn by a generator of its own (SplitMix64 from an FNV-1a hash of the seed), not umpire's ChaCha8 stream; the seed commitment and reveal are as before, and the create answer declares no chance",
			"the rules document names no generator (I-BA-V8: the suite judges the chance a log shows)", nil},
	}
	sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
	return l
}

// PendingDialects returns the dialects a correct server may speak but
// umpire cannot judge yet, each saying why in Why; DialectList (the
// dialects the suite must pass) takes them in once umpire judges them.
// The server speaks them all the same. None is pending today.
func PendingDialects() []DialectInfo {
	return nil
}

// ParseDialects parses a comma-separated list of dialect names; unknown
// names are an error, blanks are ignored, duplicates merged.
func ParseDialects(list string) ([]Dialect, error) {
	var out []Dialect
	for _, part := range strings.Split(list, ",") {
		d := Dialect(strings.TrimSpace(part))
		if d == "" || slices.Contains(out, d) {
			continue
		}
		if !knownDialect(d) {
			return nil, fmt.Errorf("unknown dialect %q (known: %s)", d, dialectNames())
		}
		out = append(out, d)
	}
	return out, nil
}

func knownDialect(d Dialect) bool {
	for _, i := range append(DialectList(), PendingDialects()...) {
		if i.Name == d {
			return true
		}
	}
	return false
}

func dialectNames() string {
	var n []string
	for _, i := range append(DialectList(), PendingDialects()...) {
		n = append(n, string(i.Name))
	}
	return strings.Join(n, ", ")
}

type dialectSet map[Dialect]bool

func (s dialectSet) on(d Dialect) bool { return s[d] }

// rewrites reports whether any dialect changes what the server sends
// (DialectOtherChance changes only the match's random outcomes).
func (s dialectSet) rewrites() bool {
	for d := range s {
		if d != DialectOtherChance {
			return true
		}
	}
	return false
}

// chance returns the match's Chance for seed and the room's Chance for
// the replacement of illegal answers.
func (s dialectSet) chance(seed string) (match, replace ref.Chance) {
	if s.on(DialectOtherChance) {
		return newOtherChance("match", seed), newOtherChance("replace", seed)
	}
	return ref.Seeded(seed), ref.FromRand(newRand(PlayerSeed(seed, -1)))
}

// Dialects returns the dialects this server speaks, sorted.
func (s *Server) Dialects() []Dialect {
	var out []Dialect
	for d := range s.dialects {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// withDialects wraps the REST handler: without dialects it is the handler
// itself; with them every JSON answer is rewritten after the fact, so the
// engine and the encoders stay as they are.
func (s *Server) withDialects(h http.Handler) http.Handler {
	if !s.dialects.rewrites() {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		p := req.URL.Path
		switch {
		case s.dialects.on(DialectNoMCP) && (p == "/mcp" || strings.HasPrefix(p, "/mcp/")),
			s.dialects.on(DialectNoLog) && strings.HasPrefix(p, "/api/ai/rooms/") && strings.HasSuffix(p, "/log"):
			writeReply(w, errReply(http.StatusNotFound, CodeUnknownPath, "no endpoint %s %s", req.Method, p))
			return
		case p == "/mcp":
			h.ServeHTTP(w, req)
			return
		}
		rec := &dialectRecorder{header: http.Header{}}
		h.ServeHTTP(rec, req)
		status, body := rec.status, rec.body.Bytes()
		if status == 0 {
			status = http.StatusOK
		}
		if strings.HasPrefix(rec.header.Get("Content-Type"), "application/json") {
			status, body = s.rewrite(p, status, body)
		}
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	})
}

// dialectRecorder collects an answer for rewriting.
type dialectRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *dialectRecorder) Header() http.Header { return r.header }
func (r *dialectRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}
func (r *dialectRecorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(p)
}

// rewrite applies the dialects to one JSON answer of path.
func (s *Server) rewrite(path string, status int, body []byte) (int, []byte) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return status, body
	}
	top, ok := v.(map[string]any)
	if !ok {
		return status, body
	}
	d := s.dialects
	if e, ok := top["error"].(map[string]any); ok {
		status = s.rewriteError(status, e)
	} else if strings.HasSuffix(path, "/observe") {
		s.rewriteRequest(path, top)
	} else if strings.HasSuffix(path, "/decision") && status == http.StatusOK {
		if d.on(DialectAnswerAccepted) {
			if ok, has := top["ok"]; has {
				top["accepted"] = ok
				delete(top, "ok")
			}
			if ver, has := top["observationVersion"]; has {
				top["version"] = ver
				delete(top, "observationVersion")
			}
		}
		if d.on(DialectReplacedUnmarked) {
			delete(top, "random")
			delete(top, "replacedBy")
			delete(top, "requestedActionId")
			delete(top, "skipped")
		}
		if d.on(DialectExtraFields) {
			top["serverTime"] = "2026-10-09T12:00:00.000Z"
		}
	}
	if d.on(DialectExtraFields) {
		top["x_server"] = map[string]any{"name": "umpire-dialects", "build": []any{1, "b"}}
	}
	out, err := json.Marshal(top)
	if err != nil {
		return status, body
	}
	return status, append(out, '\n')
}

// ownCodes are the error codes of DialectErrorCodes.
var ownCodes = map[string]string{
	CodeMalformed: "BAD_BODY", CodeUnauthorized: "AUTH_REQUIRED", CodeForbidden: "WRONG_SEAT",
	CodeNotFound: "NO_ROOM", CodeStale: "STALE", CodeNotPending: "NOT_YOUR_DECISION", CodeEnded: "GAME_OVER",
	CodeIllegal: "ILLEGAL_ACTION", CodeNotEnded: "LOG_NOT_READY", CodeUnknownPath: "NO_ENDPOINT",
}

func (s *Server) rewriteError(status int, e map[string]any) int {
	d := s.dialects
	code, _ := e["code"].(string)
	switch {
	case d.on(DialectMalformed400) && code == CodeMalformed && status == http.StatusUnprocessableEntity:
		status = http.StatusBadRequest
	case d.on(DialectAuth401) && code == CodeForbidden && status == http.StatusForbidden:
		status = http.StatusUnauthorized
	case d.on(DialectStale412) && code == CodeStale && status == http.StatusConflict:
		status = http.StatusPreconditionFailed
	case d.on(DialectNotPending425) && code == CodeNotPending && status == http.StatusConflict:
		status = http.StatusTooEarly
	}
	if d.on(DialectErrorCodes) {
		if c, ok := ownCodes[code]; ok {
			e["code"] = c
		} else {
			e["code"] = strings.ToUpper(code)
		}
	}
	if d.on(DialectExtraFields) {
		e["details"] = map[string]any{"traceId": "t-1", "hints": []any{"see the docs"}}
	}
	return status
}

func (s *Server) rewriteRequest(path string, top map[string]any) {
	d := s.dialects
	obs, _ := top["observation"].(map[string]any)
	if obs == nil {
		return
	}
	if d.on(DialectKnownRolesObject) {
		known := map[string]any{}
		if l, ok := obs["knownRoles"].([]any); ok {
			for _, k := range l {
				if m, ok := k.(map[string]any); ok {
					known[fmt.Sprint(m["seat"])] = m["roleId"]
				}
			}
		}
		you := fmt.Sprint(obs["you"])
		for _, p := range asList(obs["players"]) {
			if fmt.Sprint(p["seat"]) == you && p["roleId"] != nil {
				known[you] = p["roleId"]
			}
		}
		obs["knownRoles"] = known
	}
	if d.on(DialectPendingMinimal) {
		if pr, ok := obs["pendingReaction"].(map[string]any); ok {
			for k := range pr {
				if k != "kind" && k != "sourceSeat" && k != "targetSeat" {
					delete(pr, k)
				}
			}
		}
	}
	if d.on(DialectDecisionIDs) && top["decisionId"] != nil {
		top["decisionId"] = fmt.Sprintf("%v:%v:%v", top["matchId"], top["observationVersion"], top["seatId"])
	}
	if d.on(DialectLegalMaskIDs) {
		if l, ok := top["legal_mask"].([]any); ok {
			ids := make([]any, 0, len(l))
			for _, a := range asList(l) {
				ids = append(ids, a["actionId"])
			}
			top["legal_mask"] = ids
		}
	}
	if d.on(DialectPublicZoneDraws) {
		s.publicZoneDraws(path, obs)
	}
	if d.on(DialectLegalOrder) {
		for _, k := range []string{"legalActions", "legal_mask"} {
			if l, ok := top[k].([]any); ok {
				slices.Reverse(l)
			}
		}
	}
	if d.on(DialectExtraFields) {
		extra := func(n int) map[string]any { return map[string]any{"n": n, "tags": []any{"x", 1, nil}} }
		obs["x_table"] = extra(1)
		for i, p := range asList(obs["players"]) {
			p["x_seat"] = extra(i)
			p["avatarUrl"] = "/a/" + strconv.Itoa(i) + ".png"
		}
		for _, e := range asList(obs["events"]) {
			e["x_meta"] = extra(0)
		}
		for _, k := range []string{"legalActions", "legal_mask"} {
			for _, a := range asList(top[k]) {
				a["label"] = map[string]any{"en": a["command"]}
			}
		}
		for _, k := range []string{"pendingReaction", "pendingChoice"} {
			if m, ok := obs[k].(map[string]any); ok {
				m["x_since"] = extra(2)
			}
		}
	}
}

func asList(v any) []map[string]any {
	l, _ := v.([]any)
	out := make([]map[string]any, 0, len(l))
	for _, x := range l {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}
