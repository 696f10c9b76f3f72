package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/tidwall/gjson"
	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// baRoom is a BangArena room the suite plays over REST: every seat it holds a
// token for, with every exchange recorded.
type baRoom struct {
	t    *conform.Target
	id   string
	seed string
	// chance is the generator the create answer declares (docs/wire.md
	// harness extension; "" when it declares none).
	chance string
	// caps are the optional test capabilities the create answer announces
	// (docs/wire.md harness extension: fixed-deal); dealt: the room was
	// created with a fixed deal.
	caps    []string
	dealt   bool
	tokens  map[int]string
	players map[int]baadv.Player
	// steer leads the players' decisions toward rare situations
	// (bangarena_decide.go); a session room shares the session's record
	// of the situations reached.
	steer *baRoomSteer
	cmd   int
	// hint is the seat most likely to decide next (-1 = none), read from
	// the last observation, so polling asks it first.
	hint int

	mu    sync.Mutex
	trans []baExchange // the latest exchanges, oldest first (record)
	// events decodes each event of the room's observations once.
	events ba.ReadCache
	// Seen are the DecisionRequests with legalActions the suite received.
	Seen []baSeen
	// Bystanders are observations of seats with nothing to decide, taken
	// while another seat's look-top choice was pending (the cards of it
	// are the chooser's only, §11).
	Bystanders []baSeen
	// kept is what the room holds of the answers it read in full, charged
	// by charge, in answers answers; largest is the largest. Past
	// baRoomKeep the room is given up.
	kept             int64
	answers, largest int
	// live is the comparison of each of Seen with the referee's items,
	// made as it arrives (I-BA-P4).
	live baLive
}

// baSeen is one decision the suite was offered.
type baSeen struct {
	Seat    int
	Version int
	Raw     []byte
	Req     ba.DecisionRequest
	// Gaps are the fields of Req that did not read in umpire's shapes.
	Gaps ba.ReadGaps
	// renamed is the server's pending choice id and the engine's, when the
	// judge of the seats' evidence read one as the other.
	renamed [2]string
	// avoid are the items the server offers on a reading of its own the
	// referee does not share (baReadingExtras): the seats leave them.
	avoid map[string]bool
}

// baCreate asks the harness extension for a room with every seat an agent.
func baCreate(ctx context.Context, t *conform.Target, purpose string) (*baRoom, error) {
	return baCreateMode(ctx, t, purpose, baMode{mode: ba.ModeClassic})
}

// baCreateMode is baCreate with a role mode (classic, impostor, partners,
// legacy), a table size (0: the target's) and, when m names them, the
// characters of the seats (the harness extension's characters setting; a
// server that refuses it deals from the seed).
func baCreateMode(ctx context.Context, t *conform.Target, purpose string, m baMode) (*baRoom, error) {
	mode, size := m.mode, m.seats
	if size == 0 {
		size = t.TableSize
	}
	seats := make([]int, size)
	for i := range seats {
		seats[i] = i
	}
	seed := t.SeedFor(purpose)
	body := map[string]any{"seats": size, "roleMode": mode, "seed": seed, "deadlineMs": t.DeadlineMS, "agents": seats}
	if t.DeadlineMS == 0 {
		delete(body, "deadlineMs") // the server's default (bangarena_defaults.go)
	}
	if t.SeatPolicy != "" {
		body["policy"] = t.SeatPolicy
	}
	if chars := m.characters(size); chars != nil {
		body["characters"] = chars
	}
	if d := baDeals(m.deal); d != nil {
		body["deal"] = d // only to a server that announced fixed-deal
	}
	status, data, err := conform.DoJSON(ctx, t, http.MethodPost, "/api/ai/rooms", nil, body)
	if err != nil {
		return nil, err
	}
	for _, field := range []string{"deal", "characters"} {
		// A setting the server refuses is dropped: the room is dealt from
		// the seed, and the seats steer by their decisions alone.
		if _, steered := body[field]; steered && status != http.StatusOK && status != http.StatusCreated {
			delete(body, field)
			if status, data, err = conform.DoJSON(ctx, t, http.MethodPost, "/api/ai/rooms", nil, body); err != nil {
				return nil, err
			}
		}
	}
	if status != http.StatusOK && status != http.StatusCreated {
		return nil, &conform.CreateError{What: "a room", Path: "/api/ai/rooms", Status: status, Body: data}
	}
	var out struct {
		RoomID string            `json:"roomId"`
		Tokens map[string]string `json:"tokens"`
		Chance string            `json:"chance"`
		Caps   json.RawMessage   `json:"capabilities"`
	}
	if err := json.Unmarshal(data, &out); err != nil || out.RoomID == "" {
		return nil, fmt.Errorf("creating a room: unexpected answer %s", conform.Clip(data))
	}
	toks := map[int]string{}
	for k, v := range out.Tokens {
		n, err := strconv.Atoi(k)
		if err != nil {
			return nil, fmt.Errorf("creating a room: token key %q is not a seat", k)
		}
		toks[n] = v
	}
	if err := conform.CheckAnnounced(t, "creating a room", toks); err != nil {
		return nil, err
	}
	r, err := newRoom(t, out.RoomID, seed, toks)
	if r != nil {
		_ = json.Unmarshal(out.Caps, &r.caps) // another shape announces nothing umpire knows
		r.dealt = body["deal"] != nil
		t.NoteCaps(r.caps)
		r.chance = out.Chance
		r.steer.mode = mode
		t.NoteChance(out.Chance)
	}
	return r, err
}

func newRoom(t *conform.Target, id, seed string, toks map[int]string) (*baRoom, error) {
	r := &baRoom{t: t, id: id, seed: seed, tokens: toks, players: map[int]baadv.Player{}, hint: -1, steer: newBaRoomSteer(newBaSteer(), "")}
	// The players are seeded from the room's seed when it is known, so a
	// created room plays the same match every run.
	base := seed
	if base == "" {
		base = id
	}
	for seat := range toks {
		p, err := baadv.New("heuristic", fmt.Sprintf("%s/%d", base, seat))
		if err != nil {
			return nil, err
		}
		r.players[seat] = &baSteerSeat{inner: p, room: r.steer}
	}
	return r, nil
}

// baTranscriptKeep is how many of the latest exchanges a room keeps for the
// evidence of findings (tail): a probe shows at most the last few, so the
// memory of a room stays bounded however long its match.
const baTranscriptKeep = 16

// baExchange is one exchange as received or sent, made into a report
// message (redacted) only when a finding shows it.
type baExchange struct {
	dir  reports.Direction
	at   time.Time
	seat int
	data []byte
	// clipped is the report message of an exchange over
	// reports.MaxMessageBytes (then data is nil): made at once, so that
	// the transcript does not keep padded answers whole.
	clipped *reports.Message
}

// record adds an exchange to the transcript.
func (r *baRoom) record(dir reports.Direction, seat int, data []byte) {
	x := baExchange{dir: dir, at: time.Now(), seat: seat, data: data}
	if len(data) > reports.MaxMessageBytes {
		m := reports.NewMessage(dir, x.at, &x.seat, data)
		x.data, x.clipped = nil, &m
	}
	r.mu.Lock()
	if len(r.trans) == baTranscriptKeep {
		copy(r.trans, r.trans[1:])
		r.trans = r.trans[:baTranscriptKeep-1]
	}
	r.trans = append(r.trans, x)
	r.mu.Unlock()
}

// tail returns the last n transcript messages (at most baTranscriptKeep).
func (r *baRoom) tail(n int) []reports.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	from := max(0, len(r.trans)-n)
	out := make([]reports.Message, 0, len(r.trans)-from)
	for _, x := range r.trans[from:] {
		if x.clipped != nil {
			out = append(out, *x.clipped)
			continue
		}
		seat := x.seat
		out = append(out, reports.NewMessage(x.dir, x.at, &seat, x.data))
	}
	return out
}

// observe reads a seat's DecisionRequest with the given token.
func (r *baRoom) observeAs(ctx context.Context, seat int, token string) (int, []byte, error) {
	h := map[string]string{}
	if token != "" {
		h["x-agent-token"] = token
	}
	status, data, err := conform.DoJSON(ctx, r.t, http.MethodGet, "/api/ai/rooms/"+url.PathEscape(r.id)+"/observe?seat="+strconv.Itoa(seat), h, nil)
	if err == nil {
		r.record(reports.Received, seat, data)
	}
	return status, data, err
}

// observe reads a seat's DecisionRequest; a non-200 answer is an error.
func (r *baRoom) observe(ctx context.Context, seat int) (ba.DecisionRequest, []byte, error) {
	req, _, data, err := r.observeRead(ctx, seat)
	return req, data, err
}

// observeRead reads a seat's DecisionRequest tolerantly (I-BA-L3): fields
// of another shape than umpire's are read around and named in the gaps
// (the schema check judges shapes); only an answer that is no
// DecisionRequest at all is an error.
func (r *baRoom) observeRead(ctx context.Context, seat int) (ba.DecisionRequest, ba.ReadGaps, []byte, error) {
	status, data, err := r.observeAs(ctx, seat, r.tokens[seat])
	if err != nil {
		return ba.DecisionRequest{}, ba.ReadGaps{}, nil, err
	}
	req, gaps, err := r.readObserved(seat, status, data)
	return req, gaps, data, err
}

// readObserved reads an answer to observe seat: a non-200 answer or one
// that is no DecisionRequest at all is an error.
func (r *baRoom) readObserved(seat, status int, data []byte) (ba.DecisionRequest, ba.ReadGaps, error) {
	if status != http.StatusOK {
		return ba.DecisionRequest{}, ba.ReadGaps{}, fmt.Errorf("observe seat %d: HTTP %d: %s", seat, status, conform.Clip(data))
	}
	// The bytes and what they decode to are kept (Seen, the session's
	// evidence): charged twice.
	if err := r.charge(len(data), 2); err != nil {
		return ba.DecisionRequest{}, ba.ReadGaps{}, fmt.Errorf("observe seat %d: %w", seat, err)
	}
	r.mu.Lock()
	req, gaps, err := ba.ReadRequestWith(data, &r.events)
	r.mu.Unlock()
	if err != nil {
		return req, gaps, fmt.Errorf("observe seat %d: %v", seat, err)
	}
	return req, gaps, nil
}

// decideAs posts a decision body with the given token.
func (r *baRoom) decideAs(ctx context.Context, seat int, token string, body any) (int, []byte, error) {
	h := map[string]string{}
	if token != "" {
		h["x-agent-token"] = token
	}
	raw, ok := body.([]byte)
	if !ok {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			return 0, nil, err
		}
	}
	r.record(reports.Sent, seat, raw)
	status, data, err := conform.DoJSON(ctx, r.t, http.MethodPost, "/api/ai/rooms/"+url.PathEscape(r.id)+"/decision", h, raw)
	if err == nil {
		r.record(reports.Received, seat, data)
	}
	return status, data, err
}

// body builds a decision body.
func (r *baRoom) body(seat int, actionID string, version int, args json.RawMessage) map[string]any {
	r.cmd++
	b := map[string]any{"seat": seat, "actionId": actionID, "commandId": fmt.Sprintf("umpire-%s-%d-%d", r.id, seat, r.cmd), "observationVersion": version}
	if len(args) > 0 {
		b["args"] = args
	}
	return b
}

// pending polls the seats until one has a decision to make and returns it;
// ended is true once an observation shows the match over. It asks the seat
// most likely to decide first (hint), and after each seat with nothing to
// decide the seat that seat's fresh observation names as the decider; an
// observation with nothing to decide is only glanced at (baGlance), the
// decider's is read in full.
func (r *baRoom) pending(ctx context.Context) (seen baSeen, ended bool, err error) {
	order := conform.SortedSeats(r.tokens)
	for {
		tried := map[int]bool{}
		for range order {
			seat := r.hint
			if _, ok := r.tokens[seat]; !ok || tried[seat] {
				seat = -1
				for _, o := range order {
					if !tried[o] {
						seat = o
						break
					}
				}
			}
			tried[seat] = true
			status, data, err := r.observeAs(ctx, seat, r.tokens[seat])
			if err != nil {
				return baSeen{}, false, err
			}
			if g, ok := baGlance(status, data); ok && !g.decides && !g.ended {
				r.hint = g.hint
				continue
			}
			req, gaps, err := r.readObserved(seat, status, data)
			if err != nil {
				return baSeen{}, false, err
			}
			if req.Observation.Phase == ba.PhaseEnded || req.Observation.WinnerTeam != nil {
				return baSeen{Seat: seat, Version: req.ObservationVersion, Raw: data, Req: req, Gaps: gaps}, true, nil
			}
			r.hint = nextDecider(req.Observation)
			if len(req.LegalActions) > 0 {
				s := baSeen{Seat: seat, Version: req.ObservationVersion, Raw: data, Req: req, Gaps: gaps}
				r.Seen = append(r.Seen, s)
				s.avoid = r.live.add(s)
				if err := r.lookBystander(ctx, s); err != nil {
					return baSeen{}, false, err
				}
				return s, false, nil
			}
		}
		select {
		case <-ctx.Done():
			return baSeen{}, false, ctx.Err()
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// baGlanced is what a glance at an observation tells: whether the seat has
// something to decide, whether the match is over, and who decides next.
type baGlanced struct {
	decides, ended bool
	hint           int
}

// baGlance reads only what polling needs from an answer to observe (the
// legal list's length, the end, the next decider, in umpire's shapes);
// ok is false when the answer is not a 200 JSON object whose fields read
// so, and the caller reads it in full. Validity is checked by
// encoding/json, whose scanner keeps its nesting on a bounded stack of its
// own: a hostile answer of megabytes of '[' would overflow the goroutine
// stack of a recursive validator.
func baGlance(status int, data []byte) (baGlanced, bool) {
	if status != http.StatusOK || !json.Valid(data) {
		return baGlanced{}, false
	}
	f := gjson.GetManyBytes(data, "legalActions", "observation.phase", "observation.winnerTeam",
		"observation.pendingChoice.seat", "observation.reactionQueue.0", "observation.turnSeat")
	if !f[0].IsArray() || f[1].Type != gjson.String {
		return baGlanced{}, false
	}
	g := baGlanced{decides: len(f[0].Array()) > 0, ended: f[1].Str == ba.PhaseEnded || (f[2].Exists() && f[2].Type != gjson.Null)}
	switch {
	case f[3].Type == gjson.Number:
		g.hint = int(f[3].Int())
	case f[4].Type == gjson.Number:
		g.hint = int(f[4].Int())
	case f[5].Type == gjson.Number:
		g.hint = int(f[5].Int())
	default:
		return baGlanced{}, false
	}
	return g, true
}

// play answers a pending decision with the seat's scripted player.
func (r *baRoom) play(ctx context.Context, s baSeen) error {
	d, err := r.players[s.Seat].Decide(&s.Req)
	if err != nil {
		return err
	}
	status, data, err := r.decideAs(ctx, s.Seat, r.tokens[s.Seat], r.body(s.Seat, d.ActionID, s.Version, d.Args))
	if err != nil {
		return err
	}
	// 409 (the decision moved on, e.g. a deadline passed) is retried by
	// the caller's next poll; anything else but 200 is the server's
	// answer to a legal item, reported by the checks that read Seen.
	_ = data
	_ = status
	return nil
}

// playUntil plays every decision until stop accepts one (returned) or the
// match ends (ended true).
func (r *baRoom) playUntil(ctx context.Context, stop func(s baSeen) bool) (baSeen, bool, error) {
	for {
		s, ended, err := r.pending(ctx)
		if err != nil || ended {
			return s, ended, err
		}
		if stop != nil && stop(s) {
			return s, false, nil
		}
		if err := r.play(ctx, s); err != nil {
			return s, false, err
		}
	}
}

// fetchLog reads the room's full log (the harness extension); 409 until the
// match is over.
func (r *baRoom) fetchLog(ctx context.Context) (int, []byte, error) {
	return conform.DoJSON(ctx, r.t, http.MethodGet, "/api/ai/rooms/"+url.PathEscape(r.id)+"/log", nil, nil)
}

// apiError decodes an error body.
type apiError struct {
	Error struct {
		Code      string `json:"code"`
		Message   string `json:"message"`
		Reask     bool   `json:"reask"`
		Retryable bool   `json:"retryable"`
	} `json:"error"`
}

// answer decodes a decision answer.
type answer struct {
	OK                 bool   `json:"ok"`
	ObservationVersion *int   `json:"observationVersion"`
	Duplicate          bool   `json:"duplicate"`
	Random             bool   `json:"random"`
	ReplacedBy         string `json:"replacedBy"`
	// Skipped: the server says it applied its default item, not a random
	// one (umpire's own server under the skip policy).
	Skipped bool `json:"skipped"`
}

// nextDecider guesses from an observation which seat decides next: the
// owner of a pending choice, the head of the reaction queue, or the turn
// seat. It only orders polling; nothing depends on it being right.
func nextDecider(v ba.PlayerView) int {
	switch {
	case v.PendingChoice != nil:
		return v.PendingChoice.Seat
	case len(v.ReactionQueue) > 0:
		return v.ReactionQueue[0]
	}
	return v.TurnSeat
}

// lookBystander observes, while s shows a look-top choice pending, one other
// seat of the table (the next one the suite holds) and keeps what it saw in
// Bystanders, for the check that the looked-at cards are the chooser's only.
func (r *baRoom) lookBystander(ctx context.Context, s baSeen) error {
	pc := s.Req.Observation.PendingChoice
	if pc == nil || pc.Kind != "look_top" {
		return nil
	}
	for _, o := range conform.SortedSeats(r.tokens) {
		if o == pc.Seat || o == s.Seat {
			continue
		}
		req, gaps, raw, err := r.observeRead(ctx, o)
		if err != nil {
			return err
		}
		r.Bystanders = append(r.Bystanders, baSeen{Seat: o, Version: req.ObservationVersion, Raw: raw, Req: req, Gaps: gaps})
		return nil
	}
	return nil
}

// baRoomKeep bounds what one room keeps of the answers it read in full:
// the decisions seen (bytes and decoded, charged twice), each seat's
// opening, the bystanders and the decision answers. A match of a correct
// server keeps a few MiB (the BangArena peer's largest room: 3 MiB in 250
// answers); a server whose answers are padded toward the 8 MiB read cap
// made the suite keep gigabytes and die. Sessions play four rooms side by
// side, so the suite keeps at most a few times this.
const baRoomKeep = 32 << 20

// errRoomTooBig is the error of a room whose answers passed baRoomKeep:
// the suite cannot judge it within bounded memory, and says so.
var errRoomTooBig = fmt.Errorf("the room's answers passed the %d MiB umpire keeps of one room (a correct match keeps a few MiB): the room is not played further", baRoomKeep>>20)

// charge adds an answer of size bytes, kept times times, to what the room
// keeps; past baRoomKeep it returns errRoomTooBig, naming the answers kept
// and the largest.
func (r *baRoom) charge(size, times int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.kept += int64(size) * int64(times)
	r.answers++
	r.largest = max(r.largest, size)
	if r.kept > baRoomKeep {
		return fmt.Errorf("room %s: %w (%d answers kept, the largest %s bytes)", r.id, errRoomTooBig, r.answers, rules.Thousands(r.largest))
	}
	return nil
}
