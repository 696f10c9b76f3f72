package conform

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/schemas"
)

// Games the suite knows.
const (
	GameInference = harness.GameInference // the names are declared once, in package harness
	GameBangArena = harness.GameBangArena
)

// MCP capability values of Target.MCP.
const (
	MCPAuto = "auto" // probe /mcp: a 404 means absent (checks skipped)
	MCPYes  = "yes"  // the server declares MCP: a 404 is a failure
	MCPNo   = "no"   // the server declares no MCP: the checks are skipped
)

// ErrConfig is wrapped by every configuration error of a Target.
var ErrConfig = errors.New("bad target configuration")

// Target is the server under test and what the suite may do with it. It is
// filled from flags, then the environment (FromEnv), then an optional JSON
// file (LoadFile), and checked once with Validate.
type Target struct {
	// Game is "inference" or "bangarena".
	Game string `json:"game"`
	// URL is the server's base URL (http or https).
	URL string `json:"url"`
	// Match is the id of the match to play (without Create), whatever the
	// game calls it (its MatchNoun: an Inference match, a BangArena room).
	// It is given under the game's noun: the flag (--match, --room), the
	// variable (MatchEnv: UMPIRE_MATCH, UMPIRE_ROOM), the configuration
	// file's key and the report's configuration key ("match", "room").
	Match string `json:"-"`
	// MatchNoun is the noun Match was given under ("" = the game's own):
	// Validate refuses another game's noun (SetMatch).
	MatchNoun string `json:"-"`
	// envMatch holds the ids the environment names, by noun, until the
	// game is known (useEnvMatch).
	envMatch map[string]string
	// Seats maps seat numbers to their tokens: the seats the suite plays.
	Seats map[int]string `json:"seats,omitempty"`
	// Create says the target offers the harness extension of WIRE.md: the
	// suite creates the matches and rooms it needs.
	Create bool `json:"create,omitempty"`
	// TableSize is the number of seats of the matches and rooms the suite
	// creates (0 = 3 for Inference, 4 for BangArena).
	TableSize int `json:"table_size,omitempty"`
	// Rounds is the number of rounds of the Inference matches the suite
	// creates for observation (0 = 6).
	Rounds int `json:"rounds,omitempty"`
	// DeadlineMS is the server's decision deadline in milliseconds: the
	// one asked for in created matches and rooms (0 = 300), and the basis of
	// every wait for a server's default action.
	DeadlineMS int `json:"deadline_ms,omitempty"`
	// MCP is the declared MCP capability: auto, yes or no (BangArena).
	MCP string `json:"mcp,omitempty"`
	// SeatPolicy is the illegal-answer policy of the seats the suite plays
	// (BangArena; "" = reask_then_random, the rules' default). The reask
	// probe is skipped for other policies.
	SeatPolicy string `json:"seat_policy,omitempty"`
	// Seed is the prefix of the seeds asked for in created matches and
	// rooms ("" = fixed seeds, so runs are reproducible). With a given Match
	// it is that match's or room's seed, when known: the replay
	// cross-check needs it.
	Seed string `json:"seed,omitempty"`
	// Strict keeps findings on umpire's readings and pins at MUST
	// (--strict); otherwise they count as SHOULD.
	Strict bool `json:"strict,omitempty"`
	// Flaky are rule ids known to be flaky on this target: a check covering
	// one is run again once when it fails, and the failed attempt is kept
	// in the result as INFO findings (never hidden).
	Flaky []string `json:"known_flaky,omitempty"`
	// RequestTimeout bounds each HTTP request to the target (0 = 10 s or
	// three deadlines, whichever is longer): a server that stops answering
	// is noticed within it, not at the end of a check's budget.
	RequestTimeout time.Duration `json:"request_timeout_ns,omitempty"`
	// CheckTimeout bounds each check (0 = derived from DeadlineMS).
	CheckTimeout time.Duration `json:"check_timeout_ns,omitempty"`
	// Budget bounds how long the suite plays on (more rooms, more rounds)
	// for the rare situations its seats steer toward and that have not
	// arisen yet (0 = DefaultBudget; negative: no playing on).
	Budget time.Duration `json:"budget_ns,omitempty"`

	// HTTP is the client for REST calls (nil = a default client).
	HTTP *http.Client `json:"-"`

	// state is shared by copies of a validated Target (set by Validate).
	state *targetState
}

// targetState is what the checks of one run share: the compiled schemas and
// the played sessions.
type targetState struct {
	mu       sync.Mutex
	schemas  *schemas.Set
	sessions map[string]*sessionSlot
	// chance is the generator a create answer declared ("" = none yet).
	chance string
	// caps are the optional test capabilities a create answer announced.
	caps []string
	// values are what a game's checks keep for the run beside the
	// sessions, by key (Value, SetValue).
	values map[string]any
	// noAnswers counts the waits on the target that ran out (NoAnswer).
	noAnswers atomic.Int64
	// redirects notes the target's redirects (checkRedirect).
	redirects redirects
	// client is the run's HTTP client, made once (Client).
	clientOnce sync.Once
	client     *http.Client
}

// DefaultBudget is the default of Target.Budget: long enough for a few more
// rooms of a slow server, short enough to keep conform within minutes.
const DefaultBudget = 45 * time.Second

// budget is the time the suite may play on for rare situations (0: none).
func (t *Target) PlayBudget() time.Duration {
	switch {
	case t.Budget < 0:
		return 0
	case t.Budget == 0:
		return DefaultBudget
	}
	return t.Budget
}

// noteChance records the generator a create answer declared.
func (t *Target) NoteChance(c string) {
	if c == "" || t.state == nil {
		return
	}
	st := t.st()
	st.mu.Lock()
	st.chance = c
	st.mu.Unlock()
}

// noteCaps records the optional test capabilities a create answer
// announced.
func (t *Target) NoteCaps(caps []string) {
	if len(caps) == 0 || t.state == nil {
		return
	}
	st := t.st()
	st.mu.Lock()
	st.caps = caps
	st.mu.Unlock()
}

// offers reports whether a create answer of this run announced the
// optional test capability c (docs/wire.md harness extension).
func (t *Target) Offers(c string) bool {
	if t.state == nil {
		return false
	}
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	return slices.Contains(st.caps, c)
}

// declaredChance is the generator a create answer of this run declared
// ("" when none did, or no room was created yet).
func (t *Target) DeclaredChance() string {
	if t.state == nil {
		return ""
	}
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.chance
}

// Value returns what the game's checks keep for this run under key, made
// with mk the first time (a BangArena run keeps there the record of the
// rare situations its rooms reached).
func (t *Target) Value(key string, mk func() any) any {
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	v, ok := st.values[key]
	if !ok {
		v = mk()
		if st.values == nil {
			st.values = map[string]any{}
		}
		st.values[key] = v
	}
	return v
}

// SetValue gives the run's value under key before any check runs (the
// tests' fault matrix hands every suite the BangArena session plan it
// steered once for all, their targets differing only in the server).
func (t *Target) SetValue(key string, v any) {
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.values == nil {
		st.values = map[string]any{}
	}
	st.values[key] = v
}

// GivenValue returns the run's value under key and whether one was set.
func (t *Target) GivenValue(key string) (any, bool) {
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	v, ok := st.values[key]
	return v, ok
}

// sessionSlot holds one played session, shared by the checks observing it.
type sessionSlot struct {
	once sync.Once
	done chan struct{}
	val  any
	err  error
}

// ParseSeat parses "N=TOKEN".
func ParseSeat(s string) (int, string, error) {
	n, tok, ok := strings.Cut(s, "=")
	if !ok {
		return 0, "", fmt.Errorf("%w: seat %q: want N=TOKEN", ErrConfig, s)
	}
	seat, err := strconv.Atoi(strings.TrimSpace(n))
	if err != nil || seat < 0 {
		return 0, "", fmt.Errorf("%w: seat %q: seat number must be an integer ≥ 0", ErrConfig, n)
	}
	if tok == "" {
		return 0, "", fmt.Errorf("%w: seat %d: empty token", ErrConfig, seat)
	}
	return seat, tok, nil
}

// ParseSeats parses a comma-separated list "0=tok,1=tok" (UMPIRE_SEATS).
func ParseSeats(list string) (map[int]string, error) {
	out := map[int]string{}
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		seat, tok, err := ParseSeat(item)
		if err != nil {
			return nil, err
		}
		out[seat] = tok
	}
	return out, nil
}

// FromEnv fills the fields still unset from the environment read with
// getenv: UMPIRE_TARGET, the game's MatchEnv (UMPIRE_MATCH, UMPIRE_ROOM),
// UMPIRE_SEATS, UMPIRE_CREATE (true/1), UMPIRE_DEADLINE_MS and UMPIRE_MCP.
// The variables of every registered game's noun are read: the one of the
// game played is used once the game is known (a configuration file may
// name it), the others are ignored.
func (t *Target) FromEnv(getenv func(string) string) error {
	if t.URL == "" {
		t.URL = getenv("UMPIRE_TARGET")
	}
	if t.Match == "" {
		for _, n := range MatchNouns() {
			if v := getenv(n.Env); v != "" {
				if t.envMatch == nil {
					t.envMatch = map[string]string{}
				}
				t.envMatch[n.Noun] = v
			}
		}
		t.useEnvMatch()
	}
	if len(t.Seats) == 0 {
		if v := getenv("UMPIRE_SEATS"); v != "" {
			s, err := ParseSeats(v)
			if err != nil {
				return err
			}
			t.Seats = s
		}
	}
	if !t.Create {
		if v := getenv("UMPIRE_CREATE"); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("%w: UMPIRE_CREATE=%q: want true or false", ErrConfig, v)
			}
			t.Create = b
		}
	}
	if t.DeadlineMS == 0 {
		if v := getenv("UMPIRE_DEADLINE_MS"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("%w: UMPIRE_DEADLINE_MS=%q: want milliseconds", ErrConfig, v)
			}
			t.DeadlineMS = n
		}
	}
	if t.MCP == "" {
		t.MCP = getenv("UMPIRE_MCP")
	}
	return nil
}

// LoadFile fills the fields still unset from a JSON file holding a Target.
func (t *Target) LoadFile(path string) error {
	_, err := t.LoadFileOverridden(path)
	return err
}

// LoadFileOverridden is LoadFile that also returns the names of the file's
// settings that a value already set (a flag or the environment) overrode
// with a different value, so a command can say so. A file naming another
// game than the one already set is an ErrConfig error: the file describes
// another server, and no precedence makes that run meaningful.
func (t *Target) LoadFileOverridden(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	over, err := t.loadJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return over, nil
}

// LoadJSON fills the fields still unset from a JSON object holding a
// Target, with its field names or the command's flag names (see
// configObject; comment lines allowed); unknown fields and trailing data
// are errors.
func (t *Target) LoadJSON(data []byte) error {
	_, err := t.loadJSON(data)
	return err
}

func (t *Target) loadJSON(data []byte) ([]string, error) {
	var f Target
	obj, err := configObject(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	if obj, err = takeMatchKey(obj, &f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	dec := json.NewDecoder(bytes.NewReader(obj))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: trailing data after the configuration object", ErrConfig)
	}
	if t.Game != "" && f.Game != "" && t.Game != f.Game {
		return nil, fmt.Errorf("%w: the file is for game %q, the command line says %q: drop --game or use a file for %s", ErrConfig, f.Game, t.Game, t.Game)
	}
	if t.Game == "" {
		t.Game = f.Game
	}
	t.useEnvMatch() // the environment's id wins over the file's
	over := t.overridden(&f)
	t.merge(&f)
	return over, nil
}

// overridden names the settings of f (by their flag names) that t already
// holds with another value.
func (t *Target) overridden(f *Target) []string {
	var out []string
	note := func(name string, set, differ bool) {
		if set && differ {
			out = append(out, name)
		}
	}
	note("target", t.URL != "" && f.URL != "", t.URL != f.URL)
	note(cmp.Or(t.MatchNoun, f.MatchNoun, t.matchNoun()), t.Match != "" && f.Match != "", t.Match != f.Match)
	note("seat", len(t.Seats) > 0 && len(f.Seats) > 0, !maps.Equal(t.Seats, f.Seats))
	note("seats", t.TableSize != 0 && f.TableSize != 0, t.TableSize != f.TableSize)
	note("rounds", t.Rounds != 0 && f.Rounds != 0, t.Rounds != f.Rounds)
	note("deadline-ms", t.DeadlineMS != 0 && f.DeadlineMS != 0, t.DeadlineMS != f.DeadlineMS)
	note("mcp", t.MCP != "" && f.MCP != "", t.MCP != f.MCP)
	note("seat-policy", t.SeatPolicy != "" && f.SeatPolicy != "", t.SeatPolicy != f.SeatPolicy)
	note("seed", t.Seed != "" && f.Seed != "", t.Seed != f.Seed)
	note("check-timeout", t.CheckTimeout != 0 && f.CheckTimeout != 0, t.CheckTimeout != f.CheckTimeout)
	note("request-timeout", t.RequestTimeout != 0 && f.RequestTimeout != 0, t.RequestTimeout != f.RequestTimeout)
	note("budget", t.Budget != 0 && f.Budget != 0, t.Budget != f.Budget)
	return out
}

// merge copies the fields of f that t leaves unset.
func (t *Target) merge(f *Target) {
	if t.Game == "" {
		t.Game = f.Game
	}
	if t.URL == "" {
		t.URL = f.URL
	}
	if t.Match == "" {
		t.Match, t.MatchNoun = f.Match, f.MatchNoun
	}
	if len(t.Seats) == 0 {
		t.Seats = f.Seats
	}
	t.Create = t.Create || f.Create
	if t.TableSize == 0 {
		t.TableSize = f.TableSize
	}
	if t.Rounds == 0 {
		t.Rounds = f.Rounds
	}
	if t.DeadlineMS == 0 {
		t.DeadlineMS = f.DeadlineMS
	}
	if t.MCP == "" {
		t.MCP = f.MCP
	}
	if t.SeatPolicy == "" {
		t.SeatPolicy = f.SeatPolicy
	}
	if t.Seed == "" {
		t.Seed = f.Seed
	}
	if t.CheckTimeout == 0 {
		t.CheckTimeout = f.CheckTimeout
	}
	if t.RequestTimeout == 0 {
		t.RequestTimeout = f.RequestTimeout
	}
	if t.Budget == 0 {
		t.Budget = f.Budget
	}
	t.Strict = t.Strict || f.Strict
	if len(t.Flaky) == 0 {
		t.Flaky = f.Flaky
	}
}

// Validate checks the configuration once and fills defaults.
func (t *Target) Validate() error {
	facts, ok := harness.Lookup(t.Game)
	if !ok {
		return fmt.Errorf("%w: game %q (want %s)", ErrConfig, t.Game, harness.NameList())
	}
	if t.URL == "" {
		return fmt.Errorf("%w: no target URL (--target, UMPIRE_TARGET or --embedded)", ErrConfig)
	}
	u, err := url.Parse(t.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: target %q is not an http(s) URL", ErrConfig, t.URL)
	}
	t.URL = strings.TrimRight(t.URL, "/")
	t.useEnvMatch()
	if t.Match != "" && t.MatchNoun != "" && t.MatchNoun != facts.MatchNoun {
		return fmt.Errorf("%w: --%s names a %s (%s); %s plays a %s: give --%s", ErrConfig, t.MatchNoun, t.MatchNoun, nounTitles(t.MatchNoun), facts.Title, facts.MatchNoun, facts.MatchNoun)
	}
	if !t.Create {
		if t.Match == "" {
			return fmt.Errorf("%w: give --%s and --seat N=TOKEN, or --create when the server offers the harness extension", ErrConfig, facts.MatchNoun)
		}
		if len(t.Seats) == 0 {
			return fmt.Errorf("%w: no seat tokens (--seat N=TOKEN, repeatable)", ErrConfig)
		}
	}
	switch t.MCP {
	case "":
		t.MCP = MCPAuto
	case MCPAuto, MCPYes, MCPNo:
	default:
		return fmt.Errorf("%w: mcp %q (want auto, yes or no)", ErrConfig, t.MCP)
	}
	if t.DeadlineMS < 0 || t.TableSize < 0 || t.Rounds < 0 {
		return fmt.Errorf("%w: negative deadline, table size or rounds", ErrConfig)
	}
	if t.DeadlineMS == 0 {
		t.DeadlineMS = 300
	}
	if t.TableSize == 0 {
		t.TableSize = facts.ConformSeats
	}
	if t.Rounds == 0 {
		t.Rounds = 6
	}
	if t.state == nil {
		t.state = &targetState{}
	}
	return nil
}

// GiveSchemas hands a validated target the compiled schemas it would
// compile for itself (a schemas.Set is safe for concurrent use: the tests'
// suites share one).
func (t *Target) GiveSchemas(set *schemas.Set) {
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	st.schemas = set
}

// OwnState gives t a state of its own (no sessions or values shared with
// the target it was made from) and returns it: a probe's target made
// field by field from the run's, with a longer deadline, say.
func (t *Target) OwnState() *Target {
	t.state = &targetState{}
	return t
}

// st returns the shared state; a Target must be validated before use.
func (t *Target) st() *targetState {
	if t.state == nil {
		panic("probe: Target used before Validate")
	}
	return t.state
}

// Redacted returns the configuration as a map for a report, with the seat
// tokens left out (only the seat numbers remain).
func (t *Target) Redacted() map[string]any {
	seats := make([]int, 0, len(t.Seats))
	for s := range t.Seats {
		seats = append(seats, s)
	}
	sort.Ints(seats)
	m := map[string]any{
		"game": t.Game, "url": t.URL, "create": t.Create, "deadline_ms": t.DeadlineMS,
		"table_size": t.TableSize, "mcp": t.MCP, "seats": seats,
	}
	if t.Match != "" {
		m[t.matchNoun()] = t.Match // "match", "room": the keys of reports written before Match was one field
	}
	if facts, _ := harness.Lookup(t.Game); facts.Rounds {
		m["rounds"] = t.Rounds
	}
	if t.SeatPolicy != "" {
		m["seat_policy"] = t.SeatPolicy
	}
	if t.Seed != "" {
		m["seed"] = t.Seed
	}
	return m
}

// deadline returns the server's decision deadline.
func (t *Target) Deadline() time.Duration {
	return time.Duration(t.DeadlineMS) * time.Millisecond
}

// requestTimeout bounds one HTTP request to the target: RequestTimeout,
// else 10 s or three decision deadlines, whichever is longer.
func (t *Target) RequestWait() time.Duration {
	if t.RequestTimeout > 0 {
		return t.RequestTimeout
	}
	return max(10*time.Second, 3*t.Deadline())
}

// Client is the HTTP client the suite talks to the target with: the one
// given, else one that follows a redirect only within the target's origin
// (internal/origin), so that no request body or token of umpire's goes to
// another service, notes every redirect on the run (Redirects), and bounds
// every exchange by RequestWait, a wait that runs out ending in a
// NoAnswerError (ErrNoAnswer).
func (t *Target) Client() *http.Client {
	if t.HTTP != nil {
		return t.HTTP
	}
	return t.client()
}

// schemaSet compiles the schemas once per Target.
func (t *Target) Schemas() (*schemas.Set, error) {
	st := t.st()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.schemas == nil {
		s, err := schemas.Compile()
		if err != nil {
			return nil, err
		}
		st.schemas = s
	}
	return st.schemas, nil
}

// shared runs play once per key and Target and hands every caller its result;
// a caller whose ctx ends first gets ctx's error while play goes on for the
// others (play itself is bounded by the context of the first caller).
func (t *Target) Shared(ctx interface {
	Done() <-chan struct{}
	Err() error
}, key string, play func() (any, error)) (any, error) {
	st := t.st()
	st.mu.Lock()
	if st.sessions == nil {
		st.sessions = map[string]*sessionSlot{}
	}
	s := st.sessions[key]
	if s == nil {
		s = &sessionSlot{done: make(chan struct{})}
		st.sessions[key] = s
	}
	st.mu.Unlock()
	go s.once.Do(func() {
		s.val, s.err = play()
		close(s.done)
	})
	select {
	case <-s.done:
		return s.val, s.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// seedFor returns the seed of a created match or room for a purpose.
func (t *Target) SeedFor(purpose string) string {
	if t.Seed != "" {
		return t.Seed + "/" + purpose
	}
	return "umpire-conform/" + purpose
}
