package verify

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"strings"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/bangarena/judge"
	"github.com/umpire-arena/umpire/referee/rules"
)

// MaxLineBytes is the longest log line accepted (docs/wire.md: messages up
// to 1 MiB); a longer one is a finding, and the line is skipped.
const MaxLineBytes = 1 << 20

// BangArenaOptions configure a BangArenaVerifier.
type BangArenaOptions struct {
	// File names the log in findings (Where.File).
	File string
	// Seeds are candidate seeds of the match. A full log commits to its
	// seed (match_start's seedCommit, the hex SHA-256 of the seed) without
	// revealing it; the first candidate that hashes to the commitment is
	// used. Besides these, the verifier tries the config's matchId and,
	// for a candidate S and a matchId ending in "-<digits>", "S/<digits>"
	// (the match seeds of umpire simulate).
	Seeds []string
	// Unfinished accepts a log that stops before game_over.
	Unfinished bool
	// Shown gives the chance to replay the log with: the random outcomes
	// the log itself shows (judge.NewShown of the whole log, ShownIn), so
	// that a log of any server's generator is judged alike. A seed that
	// matches the commitment then checks the commitment alone (and, with
	// Chance, the generator). Nil: a matching seed replays the log with
	// umpire's generator, Seeded(seed), and without one the log is not
	// re-simulated (a log streamed whole, the proxy's).
	Shown func() *judge.Shown
	// Chance is the generator the server declares (the create answer's
	// "chance", docs/wire.md). ChanceUmpire with a seed that matches the
	// commitment, with Shown, has the verifier also compare the
	// log with a replay from Seeded(seed) (bangarena/log.chance, a pin);
	// any other value, or none, leaves the generator unjudged.
	Chance string
}

// ChanceUmpire is the declaration of umpire's own generator
// (bangarena.Seeded: ChaCha8 keyed with the SHA-256 of the seed).
const ChanceUmpire = "umpire-chacha8"

// BangArenaSummary is what the verification of one BangArena log found.
type BangArenaSummary struct {
	File string `json:"file,omitempty"`
	// Lines is the number of lines read, Events the events among them,
	// Decisions the decision events replayed, Turns the turn_start events.
	Lines     int `json:"lines"`
	Events    int `json:"events"`
	Decisions int `json:"decisions"`
	Turns     int `json:"turns"`
	// Must, Should and Info count findings by level.
	Must   int `json:"must"`
	Should int `json:"should"`
	Info   int `json:"info"`
	// Repeats counts divergences not reported because their rule area
	// already had its finding (one bug, one finding).
	Repeats int `json:"repeats"`
	// Inconclusive counts lines that could not be checked (after the
	// replay stopped, or without the seed).
	Inconclusive int `json:"inconclusive"`
	// SeedUnknown is true when no candidate seed matched the commitment:
	// the log could not be re-simulated.
	SeedUnknown bool `json:"seed_unknown,omitempty"`
	// ChanceShown is true when the log was re-simulated with the random
	// outcomes it shows (no seed matched; BangArenaOptions.Shown).
	ChanceShown bool `json:"chance_shown,omitempty"`
	// Public is true when the log is a public one (no private event: no
	// role, no decision), judged as a spectator sees the match (I-BA-V9).
	Public bool `json:"public,omitempty"`
	// Partial is true when the log holds the private events of some seats
	// and not of others (their streams merged, without the room log):
	// judged as those seats saw the match together (I-BA-V10).
	Partial bool `json:"partial,omitempty"`
	// Unseen says why the replay stopped at an outcome the log does not
	// settle (the rest is inconclusive), when it did.
	Unseen string `json:"unseen,omitempty"`
	// Ended is true when the log reached game_over.
	Ended bool `json:"ended"`
	// Evaluated counts, per rule id, the events and decisions the replay
	// compared under the rule, matched or not (see evalEvent): a rule
	// absent from it was not exercised by the log.
	Evaluated map[string]int `json:"evaluated,omitempty"`
}

// BangArenaVerifier re-simulates one full BangArena log with the engine and
// compares it event by event. It is not safe for concurrent use; make one
// per log.
type BangArenaVerifier struct {
	opts    BangArenaOptions
	sum     BangArenaSummary
	out     []rules.Finding
	g       *ba.Game
	pending []ba.Event // engine events the log has not shown yet
	skipped [][]byte   // engine events reported missing, in case they come late
	areas   map[string]bool
	lastSeq int
	started bool
	stopped bool // the replay cannot go on: the rest is inconclusive
	seqBad  bool
	seen    int // engine events already moved to pending
	owed    *owed
	missed  int    // events found missing on the current line
	prev    []byte // the previous line, to tell a repeated one
	// inferFailed is the engine's event count when a left-out decision
	// could not be inferred (0: never).
	inferFailed int
	suits       map[string]string // uid → suit of the log's cards (bangarena_setup.go)
	shown       *judge.Shown      // the chance the log shows, when replayed with it
	problems    int               // shown.Problems() taken into owedShown
	owedShown   []judge.Problem   // problems waiting for the line of their event
	chargedLine int               // a line whose divergence a shown problem is charged with
	diverged    bool              // a divergence of the replay itself was reported
	compareSeed string            // the seed to compare the chance with (Options.Chance), or ""
	startLine   int               // match_start's line, where a chance finding is charged
	public      bool              // a public log (public.go)
}

// NewBangArena returns a verifier for one BangArena log.
func NewBangArena(opts BangArenaOptions) *BangArenaVerifier {
	return &BangArenaVerifier{opts: opts, sum: BangArenaSummary{File: opts.File}, areas: map[string]bool{}}
}

// Summary returns the counts so far.
func (v *BangArenaVerifier) Summary() BangArenaSummary {
	s := v.sum
	s.Evaluated = v.withEngine(maps.Clone(s.Evaluated))
	return s
}

// eventArea names the rule area of an event and the rule a divergence in
// it breaks (I-BA-V2). Areas: setup, turns, draws, checks, effects, reactions,
// damage, glory, win, decisions.
func eventArea(e *ba.Event) (area, rule string) {
	switch e.Type {
	case "match_start", "role", "marshal_briefing", "team_briefing":
		return "setup", "bangarena/2.role-distribution"
	case "deal":
		return "setup", "bangarena/6.character-deal"
	case "turn_start":
		return "turns", "bangarena/3.turn-order"
	case "draw":
		if e.Reason == "deal" {
			return "setup", "bangarena/5.deck"
		}
		return "draws", "bangarena/3.draw-two"
	case "reshuffle":
		return "draws", "bangarena/3.reshuffle"
	case "check":
		if e.Kind == "dynamite" {
			return "checks", "bangarena/8.dynamite-check"
		}
		return "checks", "bangarena/8.jail-check"
	case "cover_check":
		return "checks", "bangarena/5.cover"
	case "high_noon":
		return "checks", "bangarena/8.high-noon"
	case "pass":
		return "reactions", "bangarena/7.reactions"
	case "damage", "eliminated":
		return "damage", "bangarena/9.elimination"
	case "glory_star":
		return "glory", "bangarena/9.glory-star"
	case "glory_perk":
		return "glory", "bangarena/9.glory-perks"
	case "glory_bounty":
		return "glory", "bangarena/9.bounty"
	case "kill_reward":
		return "glory", "bangarena/9.kill-reward"
	case "kill_penalty":
		return "glory", "bangarena/9.kill-penalty"
	case "game_over":
		return "win", "bangarena/10.win-order"
	case "decision":
		return "decisions", "bangarena/1.legal-only"
	}
	return "effects", "bangarena/3.resolving-card"
}

func (v *BangArenaVerifier) add(f rules.Finding) {
	if f.Where.File == "" {
		f.Where.File = v.opts.File
	}
	if v.g != nil && f.Where.Round == 0 {
		f.Where.Round = v.g.Round() // the replay's round (Marshal turns from 1)
	}
	v.evaluate(f.Rule) // a finding is an evaluation too
	switch f.Level {
	case rules.Must:
		v.sum.Must++
	case rules.Should:
		v.sum.Should++
	default:
		v.sum.Info++
	}
	v.out = append(v.out, f)
}

// diverge reports a divergence in area, once per area (I-BA-V2).
func (v *BangArenaVerifier) diverge(area, rule string, line int, expected, got any, format string, args ...any) {
	if v.areas[area] || line == v.chargedLine && !strings.HasPrefix(area, "chance ") {
		v.sum.Repeats++
		return
	}
	v.areas[area] = true
	if !strings.HasPrefix(area, "chance ") {
		v.diverged = true
	}
	v.add(rules.Finding{Rule: rule, Level: rules.Must, Where: rules.Where{Line: line}, Expected: expected, Got: got,
		Message: fmt.Sprintf(format, args...)})
}

// canon renders an event the way the engine writes it, so that two events
// compare by content whatever the field order of the log.
func canon(e *ba.Event) []byte {
	b, _ := e.MarshalJSON()
	return b
}

// rawJSON decodes an event's JSON for a finding's expected or got.
func rawJSON(b []byte) any {
	var x any
	_ = json.Unmarshal(b, &x)
	return x
}

// Line verifies one log line (lineNo is 1-based, data without its newline)
// and returns the findings it gives; the slice is reused by the next call.
func (v *BangArenaVerifier) Line(lineNo int, data []byte) []rules.Finding {
	v.out = v.out[:0]
	v.sum.Lines++
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return v.out
	}
	v.evaluate("bangarena/log.line-length")
	v.evaluate("bangarena/log.json")
	v.evaluate("bangarena/log.seq")
	if len(data) > MaxLineBytes {
		v.add(rules.Finding{Rule: "bangarena/log.line-length", Level: rules.Must, Where: rules.Where{Line: lineNo},
			Message: fmt.Sprintf("the line is %d bytes long, over the 1 MiB bound", len(data))})
		return v.out
	}
	// A line repeated word for word is one finding, not a cascade.
	if bytes.Equal(data, v.prev) {
		v.sum.Events++
		v.diverge("duplicates", "bangarena/log.seq", lineNo, nil, rawJSON(data), "the line repeats the one before it")
		return v.out
	}
	v.prev = append(v.prev[:0], data...)
	// Fast path: a line written exactly as the engine writes its next
	// event (a log of umpire's own engine) needs no decoding.
	if v.g != nil && !v.stopped && v.owed == nil && len(v.pending) > 0 && (v.pending[0].Seq == v.lastSeq+1 || v.public) {
		if p := &v.pending[0]; bytes.Equal(data, canon(p)) {
			v.evalEvent(p)
			v.seeCards(p)
			v.sum.Events++
			v.lastSeq = p.Seq
			switch p.Type {
			case "turn_start":
				v.sum.Turns++
			case "game_over":
				v.sum.Ended = true
			}
			v.pop(1)
			return v.out
		}
	}
	// UnmarshalJSON called directly: json.Unmarshal would scan the line
	// once more before handing it over (a line is one value either way).
	var e ba.Event
	if err := e.UnmarshalJSON(data); err != nil || e.Type == "" || e.Seq <= 0 {
		msg := "the line has no seq or type"
		if err != nil {
			msg = "the line is not one event object: " + err.Error()
		}
		v.add(rules.Finding{Rule: "bangarena/log.json", Level: rules.Must, Where: rules.Where{Line: lineNo}, Message: msg})
		return v.out
	}
	v.sum.Events++
	if v.public {
		unordered(&e)
	}
	if !v.started && e.Type != "match_start" {
		v.lastSeq = e.Seq - 1 // the missing match_start is the finding
	}
	want := v.lastSeq + 1
	v.lastSeq = e.Seq
	v.missed = 0
	v.seeCards(&e)
	v.process(lineNo, &e)
	// A gap of seq as wide as the events found missing on this line is
	// that finding already (one bug, one finding).
	if v.public && e.Seq >= want {
		want = e.Seq // the gap is the private events'
	}
	if e.Seq != want && !v.seqBad && !(e.Seq > want && e.Seq-want == v.missed) {
		v.seqBad = true
		v.add(rules.Finding{Rule: "bangarena/log.seq", Level: rules.Must, Where: rules.Where{Line: lineNo}, Expected: want, Got: e.Seq,
			Message: "event seq numbers count from 1 up by one"})
	}
	return v.out
}

// process checks one decoded event against the replay.
func (v *BangArenaVerifier) process(lineNo int, e *ba.Event) {
	switch e.Type {
	case "turn_start":
		v.sum.Turns++
	case "game_over":
		v.sum.Ended = true
	}
	if !v.started {
		v.started = true
		v.begin(lineNo, e)
		if v.g == nil {
			return
		}
	}
	if v.stopped || v.g == nil {
		v.sum.Inconclusive++
		return
	}
	v.evalEvent(e)
	if e.Type == "decision" {
		v.sum.Decisions++
		v.missing(lineNo)
		if v.stopped {
			return
		}
		if err := v.g.Apply(e.Seat, e.ActionID, e.Args); err != nil {
			// A decision that names no item of the list breaks §1; the
			// protocol rules (who decides, args) are more precise, and so
			// are the rules of who answers an attack (I-BA-67).
			rule := ba.DecisionRule(err)
			seat := e.Seat
			v.add(rules.Finding{Rule: rule, Level: rules.Must, Where: rules.Where{Line: lineNo, Seat: &seat}, Got: e.ActionID,
				Message: fmt.Sprintf("seat %d's decision %q is not one the rules allow here (%v); the replay stops", e.Seat, e.ActionID, err)})
			v.stopped = true
			return
		}
		v.pull()
	}
	v.reportShown(lineNo, e)
	v.compare(lineNo, e)
}

// inferDecision finds the decision the log left out before e: the legal
// item of the seat asked whose consequences begin with e and, when the
// verifier holds the log's events (the chance it shows), go on longest as
// the log does (else the first that begins with e).
func (v *BangArenaVerifier) inferDecision(e *ba.Event) (seat int, item ba.LegalAction, ok bool) {
	seat, asked := v.g.Decider()
	if !asked {
		return 0, item, false
	}
	got := canonNoSeq(e)
	best := -1
	for _, a := range v.g.Legal(seat) {
		c := v.g.Clone()
		if c.Apply(seat, a.ActionID, nil) != nil {
			continue
		}
		evs := c.EventsFrom(v.seen)
		if len(evs) < 2 || !bytes.Equal(canonNoSeq(&evs[1]), got) {
			continue
		}
		if v.shown == nil {
			return seat, a, true // the first item that fits
		}
		// Several items may begin alike (a Toss at the hand or at the
		// weapon): the one whose consequences go on as the log does fits.
		n := 0
		for i, f := range v.shown.After(e.Seq, len(evs)-2) {
			if !bytes.Equal(canonNoSeq(&evs[2+i]), canonNoSeq(&f)) {
				break
			}
			n++
		}
		if n > best {
			best, item = n, a
		}
	}
	return seat, item, best >= 0
}

// pull appends the engine's new events to pending (as a spectator sees
// them, for a public log).
func (v *BangArenaVerifier) pull() {
	if v.public {
		v.pending = append(v.pending, project(v.g.EventsFrom(v.seen), v.sees())...)
	} else {
		v.pending = append(v.pending, v.g.EventsFrom(v.seen)...)
	}
	v.seen = v.g.EventCount()
	v.shownProblems()
}

// shownProblems takes the outcomes the log shows that could not have
// happened (a replay with the shown chance) to report at their lines.
func (v *BangArenaVerifier) shownProblems() {
	if v.shown == nil {
		return
	}
	ps := v.shown.Problems()
	if why := v.shown.Unseen(); why != "" && !v.stopped {
		// An outcome the evidence does not settle: the problems after it
		// are its consequences, and the rest is inconclusive (I-BA-V9).
		ps = ps[:max(v.problems, v.shown.UnseenAt())]
		v.stopped, v.sum.Unseen = true, why
	}
	v.owedShown = append(v.owedShown, ps[min(v.problems, len(ps)):]...)
	v.problems = max(v.problems, len(ps))
}

// reportShown reports the owed problems whose event is e or came before
// it (and those no event shows), once per rule, at lineNo, unless the
// replay already diverged from the log (then they are its consequences,
// counted as repeats). The replay goes
// on with a possible outcome instead, so e itself diverges: that
// divergence is the problem's, not a finding of its own (I-BA-V2).
func (v *BangArenaVerifier) reportShown(lineNo int, e *ba.Event) {
	if len(v.owedShown) == 0 {
		return
	}
	keep := v.owedShown[:0]
	for _, p := range v.owedShown {
		if e != nil && (p.Seq > e.Seq || p.Seq == 0) {
			// An outcome no event shows waits for the end: the replay
			// asked for one more than the log holds, so its next event
			// diverges and that divergence names the rule by its cause (a
			// character's check the server left out, say); then this is
			// its consequence (I-BA-V2). If nothing diverges, Finish
			// reports it; past the end of a log that stops before the
			// match is over it is no finding (dropPastTheEnd).
			keep = append(keep, p)
			continue
		}
		if v.diverged {
			// After the replay has left the log, the engine asks for
			// outcomes the server never drew (a take it left out, a coin
			// of a hit that did not happen): the shown outcomes it gets
			// are misaligned, a consequence of that divergence, not a
			// finding of their own (I-BA-V2).
			v.sum.Repeats++
			continue
		}
		v.diverge("chance "+p.Rule, p.Rule, lineNo, nil, nil, "%s (the random outcomes the log shows)", p.Message)
		if e != nil && p.Seq == e.Seq {
			v.chargedLine = lineNo
		}
	}
	v.owedShown = keep
}

// dropPastTheEnd leaves out the owed problems of a log that stops before
// the match is over that no event of it shows: the replay ran on to the
// next decision after its last line and asked for outcomes (a card off the
// deck, a coin) the server drew after the log stops, if at all. Accepted
// unfinished, they are unknown (I-BA-V8); else the log's stopping is the
// one finding (log.complete) and they are its consequences (I-BA-V2).
func (v *BangArenaVerifier) dropPastTheEnd() {
	v.shownProblems()
	keep := v.owedShown[:0]
	for _, p := range v.owedShown {
		if p.Seq == 0 {
			if v.opts.Unfinished {
				v.sum.Inconclusive++
			} else {
				v.sum.Repeats++
			}
			continue
		}
		keep = append(keep, p)
	}
	v.owedShown = keep
}

// ShownIn returns BangArenaOptions.Shown for the log data: the random
// outcomes of the events it holds (lines that are no event are left out;
// the verifier reports them). The log is decoded when the verifier reads
// its match_start, whether a seed matches or not: a second decoding of
// every line, the most of what judging with the shown chance costs.
func ShownIn(data []byte) func() *judge.Shown {
	return func() *judge.Shown {
		log := make([]ba.Event, 0, bytes.Count(data, []byte("\n"))+1) // no doubling on the way
		for line := range bytes.SplitSeq(data, []byte("\n")) {
			var e ba.Event
			// UnmarshalJSON directly, as Line does: one scan less.
			if len(bytes.TrimSpace(line)) > 0 && e.UnmarshalJSON(line) == nil {
				log = append(log, e)
			}
		}
		return judge.NewShown(log)
	}
}

// begin reads match_start: the config, the seed commitment, the seed.
func (v *BangArenaVerifier) begin(lineNo int, e *ba.Event) {
	if e.Type != "match_start" || e.Config == nil {
		v.add(rules.Finding{Rule: "bangarena/log.match-start", Level: rules.Must, Where: rules.Where{Line: lineNo}, Got: e.Type,
			Message: "a full log opens with match_start carrying the table's config; nothing can be replayed"})
		v.stopped = true
		return
	}
	v.evaluate("bangarena/log.match-start")
	cfg := *e.Config
	for _, r := range modeRules(cfg) {
		v.evaluate(r)
	}
	seed, ok := v.findSeed(cfg, e.SeedCommit)
	if v.opts.Shown != nil {
		v.sum.ChanceShown = true
		v.shown = v.opts.Shown()
		v.public = v.shown.Public() || v.shown.Partial()
		v.sum.Public, v.sum.Partial = v.shown.Public(), v.shown.Partial()
		if ok {
			// The commitment holds; the chance is the log's own.
			v.evaluate("bangarena/log.seed")
			if v.opts.Chance == ChanceUmpire {
				v.compareSeed, v.startLine = seed, lineNo
			}
		} else {
			v.add(rules.Finding{Rule: "bangarena/log.seed", Level: rules.Info, Where: rules.Where{Line: lineNo}, Got: e.SeedCommit,
				Message: "no seed given hashes to the log's seedCommit: the log is re-simulated with the random outcomes it shows (the commitment is not checked)"})
		}
		g, err := ba.NewTrackedGameWith(cfg, seed, v.shown)
		if err != nil {
			v.add(rules.Finding{Rule: "bangarena/log.match-start", Level: rules.Must, Where: rules.Where{Line: lineNo},
				Message: fmt.Sprintf("the config of match_start is not a table the engine can deal: %v", err)})
			v.stopped = true
			return
		}
		v.g = g
		v.pull()
		// Without the seed its commitment cannot be checked: the engine's
		// match_start takes the log's.
		if len(v.pending) > 0 && v.pending[0].Type == "match_start" {
			v.pending[0].SeedCommit = e.SeedCommit
		}
		return
	}
	if !ok {
		v.sum.SeedUnknown = true
		v.add(rules.Finding{Rule: "bangarena/log.seed", Level: rules.Info, Where: rules.Where{Line: lineNo}, Got: e.SeedCommit,
			Message: "no seed given hashes to the log's seedCommit: the log cannot be re-simulated (give the match seed)"})
		v.stopped = true
		return
	}
	// Tracked from the deal: the replay reports every rule the engine
	// applies (bangarena_eval.go), and the deal's events have their causes.
	g, err := ba.NewTrackedGame(cfg, seed)
	if err != nil {
		v.add(rules.Finding{Rule: "bangarena/log.match-start", Level: rules.Must, Where: rules.Where{Line: lineNo},
			Message: fmt.Sprintf("the config of match_start is not a table the engine can deal: %v", err)})
		v.stopped = true
		return
	}
	v.g = g
	v.pull()
}

func seedHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// findSeed picks the candidate seed that hashes to the commitment (I-BA-V1).
func (v *BangArenaVerifier) findSeed(cfg ba.Config, commit string) (string, bool) {
	var cands []string
	suffix := ""
	if i := strings.LastIndexByte(cfg.MatchID, '-'); i >= 0 && i+1 < len(cfg.MatchID) && strings.Trim(cfg.MatchID[i+1:], "0123456789") == "" {
		suffix = strings.TrimLeft(cfg.MatchID[i+1:], "0")
		if suffix == "" {
			suffix = "0"
		}
	}
	for _, s := range v.opts.Seeds {
		cands = append(cands, s)
		if suffix != "" {
			cands = append(cands, s+"/"+suffix)
		}
	}
	cands = append(cands, cfg.MatchID)
	for _, s := range cands {
		if seedHash(s) == commit {
			return s, true
		}
	}
	return "", false
}

// Finish closes the log and returns the findings it adds (reused slice).
func (v *BangArenaVerifier) Finish() []rules.Finding {
	v.out = v.out[:0]
	if v.started && !v.sum.Ended {
		v.dropPastTheEnd()
	}
	v.reportShown(v.sum.Lines, nil)
	v.sum.Evaluated = v.drainEngine(v.sum.Evaluated)
	if v.started {
		v.suitTotals()
	}
	switch {
	case !v.started:
		v.add(rules.Finding{Rule: "bangarena/log.match-start", Level: rules.Must, Where: rules.Where{Line: 1}, Message: "the log holds no event"})
	case v.g == nil || v.stopped:
	case !v.sum.Ended && v.opts.Unfinished:
		v.sum.Inconclusive++
	case !v.sum.Ended:
		v.add(rules.Finding{Rule: "bangarena/log.complete", Level: rules.Must, Where: rules.Where{Line: v.sum.Lines},
			Message: "the log stops before the match is over (no game_over)"})
	default:
		v.evaluate("bangarena/log.complete")
		v.flushOwed()
		v.missing(v.sum.Lines + 1)
	}
	if v.compareSeed != "" && v.g != nil {
		v.compareChance()
	}
	return v.out
}

// compareChance checks a server's declaration of umpire's generator
// (Options.Chance): the match replayed from Seeded(seed) with the log's
// decisions must be the match the log's own chance gave. The first event
// that differs is one finding under bangarena/log.chance (a WIRE.md pin):
// the outcome rules themselves were judged with the chance the log shows.
func (v *BangArenaVerifier) compareChance() {
	v.evaluate("bangarena/log.chance")
	shown := v.g.Events()
	ref, _ := ba.Replay(v.g.Config(), v.compareSeed, ba.DecisionsOf(shown))
	if ref == nil {
		return
	}
	seeded := ref.Events()
	for i := range min(len(shown), len(seeded)) {
		a, b := ba.EncodeLog(shown[i:i+1]), ba.EncodeLog(seeded[i:i+1])
		if !bytes.Equal(a, b) {
			v.add(rules.Finding{Rule: "bangarena/log.chance", Level: rules.Must, Where: rules.Where{Line: v.startLine},
				Expected: strings.TrimSpace(string(b)), Got: strings.TrimSpace(string(a)),
				Message: fmt.Sprintf("the server declares chance %q, but event %d of its match differs from the replay with that generator from the revealed seed", ChanceUmpire, i+1)})
			return
		}
	}
}

// Read feeds every line of r to the verifier, then finishes it, passing
// each finding to emit (which may be nil). Memory stays bounded by the
// longest line and the engine's own state of one match. Only a read error
// or ctx being done stops it early, with that error.
func (v *BangArenaVerifier) Read(ctx context.Context, r io.Reader, emit func(rules.Finding)) (BangArenaSummary, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxLineBytes+1)
	send := func(fs []rules.Finding) {
		if emit != nil {
			for _, f := range fs {
				emit(f)
			}
		}
	}
	n := 0
	for sc.Scan() {
		n++
		send(v.Line(n, sc.Bytes()))
		if n%256 == 0 {
			if err := ctx.Err(); err != nil {
				return v.sum, err
			}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			v.out = v.out[:0]
			v.add(rules.Finding{Rule: "bangarena/log.line-length", Level: rules.Must, Where: rules.Where{Line: n + 1},
				Message: "a line is over the 1 MiB bound; the rest of the log is not read"})
			send(v.out)
			v.stopped = true
		} else {
			return v.sum, err
		}
	}
	send(v.Finish())
	return v.sum, nil
}

// VerifyBangArenaReader verifies the BangArena log read from r with opts,
// passing every finding to emit (which may be nil).
func VerifyBangArenaReader(ctx context.Context, r io.Reader, opts BangArenaOptions, emit func(rules.Finding)) (BangArenaSummary, error) {
	return NewBangArena(opts).Read(ctx, r, emit)
}
