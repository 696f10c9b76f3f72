package gamecli

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Serve is a game's side of "umpire serve --game G". The command declares
// the flags every game shares (with the game's Defaults), and the game its
// own flags and its server's bounds (Flags); once they are read and
// checked, the game's Server starts its server with one match or room,
// which the command serves behind the guarded connection layer.
type Serve struct {
	// Synopsis is the usage line after "umpire serve".
	Synopsis string
	// Fn names the body in the message for a --game that is not this
	// game's ("umpire: Fn serves G, not H").
	Fn string
	// Defaults are the game's defaults and help texts of the shared flags;
	// dialects lists the game's dialects for the help of --dialect.
	Defaults func(dialects string) ServeDefaults
	// ParseAgents parses --agents.
	ParseAgents func(string) ([]int, error)
	// Flags declares the game's own flags on fs and its server's bounds
	// and expiry on lim (Running, MaxRunning, MaxDeadline, Idle and
	// KeepFinished at least), and returns the server to start once they
	// are read.
	Flags func(fs *flag.FlagSet, lim *Limits) Server
}

// ServeDefaults are a game's defaults and help texts of the shared flags.
type ServeDefaults struct {
	SeatsHelp, SeedHelp, Adversaries, AdversariesHelp, AgentsHelp, FaultsEnv, DialectHelp string
	Deadline                                                                              time.Duration
	DeadlineHelp                                                                          string
}

// Limits are a game server's bounds and expiry as serve's flags give
// them; a nil field is a bound the game does not have.
type Limits struct {
	// Running names the flag of MaxRunning (max-matches, max-rooms).
	Running string

	MaxRunning   *int
	MaxRounds    *int
	MaxDeadline  *time.Duration
	MaxCredits   *int
	MaxAnte      *int
	Idle         *time.Duration
	KeepFinished *time.Duration
	MaxFinished  *int
}

// Server is a game's server of serve once its flags are read.
type Server interface {
	// Rounds is the match's --rounds, 0 for a game without.
	Rounds() int
	// Check validates the game's own flags; false said on e.Stderr.
	Check(e Env) bool
	// Start creates the server and its one match or room; on failure
	// (said on e.Stderr) it returns nil and the exit code.
	Start(e Env, m Match) (*Serving, int)
}

// Match is what serve's shared flags ask of the one match or room.
type Match struct {
	Seats       int
	Deadline    time.Duration
	Seed        string
	Adversaries []string
	Agents      []int
	Faults      []string
	Dialects    []string
	// Format is the output: "text" or "json".
	Format string
}

// Serving is a game server of serve with its one match or room created.
type Serving struct {
	Handler http.Handler
	// Create are the routes that create a match or room (the admin token
	// guards them).
	Create []string
	// Shutdown stops the game server; GameFirst says it goes before the
	// HTTP server (it closes WebSocket connections, which http.Server does
	// not track).
	Shutdown  func(ctx context.Context) error
	GameFirst bool
	// Announce warns of the faults and prints what serve serves once it
	// listens (hostport, the admin token); Wait waits for the match's end
	// and, in text, says how it ended.
	Announce func(hostport, token string)
	Wait     func(ctx context.Context)
}

// NegOff maps a negative duration flag (off) to -1 and keeps the rest.
func NegOff(d time.Duration) time.Duration {
	if d < 0 {
		return -1
	}
	return d
}

// Kinded turns plain names into a server's named kind (faults, dialects).
func Kinded[K ~string](names []string) []K {
	out := make([]K, len(names))
	for i, n := range names {
		out[i] = K(n)
	}
	return out
}

// Names turns a server's named kinds (faults, dialects) into plain names;
// nil for none.
func Names[K ~string](kinds []K) []string {
	var out []string
	for _, k := range kinds {
		out = append(out, string(k))
	}
	return out
}

// WarnFaults says on stderr that the server runs with deliberate faults.
func WarnFaults(e Env, faults []string) {
	fmt.Fprintf(e.Stderr, "umpire: WARNING: serving with deliberate faults: %s\n", strings.Join(faults, ", "))
}

// ShutdownQuietly shuts a game server down that never served (a start
// that failed), ignoring the outcome.
func ShutdownQuietly(shutdown func(ctx context.Context) error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = shutdown(ctx)
}

// ParseSeats parses "0,3" into seat numbers; "" (or "none") is no seat,
// an empty list (never nil).
func ParseSeats(s string) ([]int, error) {
	if strings.TrimSpace(s) == "none" {
		return []int{}, nil
	}
	out, err := ParseSeatList(s)
	if err == nil && out == nil {
		out = []int{}
	}
	return out, err
}

// ParseSeatList parses "0,3" into seats; "" is no seat (nil).
func ParseSeatList(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a seat number", part)
		}
		out = append(out, n)
	}
	return out, nil
}

// Missing names the bounds every game's server must declare (Running,
// MaxRunning, MaxDeadline, Idle, KeepFinished) that lim lacks, in that
// order: serve refuses to start a game whose Flags leave one out, and
// gameclitest holds a game's part to it.
func (lim *Limits) Missing() []string {
	var out []string
	for _, b := range []struct {
		name    string
		missing bool
	}{
		{"Running", lim.Running == ""}, {"MaxRunning", lim.MaxRunning == nil}, {"MaxDeadline", lim.MaxDeadline == nil},
		{"Idle", lim.Idle == nil}, {"KeepFinished", lim.KeepFinished == nil},
	} {
		if b.missing {
			out = append(out, b.name)
		}
	}
	return out
}
