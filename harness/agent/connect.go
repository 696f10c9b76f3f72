package agent

import (
	"context"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness"
)

// ConnectSpec says how to start an agent that connects to the server by
// itself (`--agent-connect 'CMD'`).
type ConnectSpec struct {
	// Command is run as `sh -c Command`, with stdin from /dev/null.
	Command string
	// Dir is the working directory; "" is the caller's.
	Dir string
	// Env is the base environment; nil inherits the caller's. The UMPIRE_*
	// variables are added on top (they win over the same names in Env).
	Env []string
	// Game is "inference" or "bangarena" (UMPIRE_GAME). It decides whether
	// ID is passed as UMPIRE_MATCH (Inference) or UMPIRE_ROOM (BangArena).
	Game string
	// URL is the server's base URL (UMPIRE_URL).
	URL string
	// ID is the match id (Inference) or room id (BangArena).
	ID string
	// Seat is the agent's seat (UMPIRE_SEAT).
	Seat int
	// Token is the seat's token (UMPIRE_TOKEN). It is never put in errors.
	Token string
	// OutputCap is how much of stdout and stderr together is kept
	// (DefaultOutputCap when 0).
	OutputCap int
	// TermGrace is how long Close waits after SIGTERM before SIGKILL
	// (DefaultTermGrace when 0).
	TermGrace time.Duration
	// Memory limits the memory of the agent and everything it starts, in
	// bytes (DefaultMemory when 0, none when negative), where the system
	// allows it (see MemorySupport).
	Memory int64
}

// Environment returns the UMPIRE_* variables the program gets, as
// NAME=value strings in a stable order.
func (s ConnectSpec) Environment() ([]string, error) {
	facts, ok := harness.Lookup(s.Game)
	if !ok {
		return nil, errorf(HarnessError, "start", nil, "unknown game %q (want %s)", s.Game, harness.NameList())
	}
	idVar := facts.MatchEnv
	return []string{
		"UMPIRE_GAME=" + s.Game,
		"UMPIRE_URL=" + s.URL,
		idVar + "=" + s.ID,
		"UMPIRE_SEAT=" + strconv.Itoa(s.Seat),
		"UMPIRE_TOKEN=" + s.Token,
	}, nil
}

// Connected is a running connect-mode agent. The server observes its moves;
// this type only manages the process. Close may be called from any
// goroutine, any number of times.
type Connected struct {
	spec    ConnectSpec
	g       *group
	out     *os.File
	buf     *tail
	readers sync.WaitGroup

	closeOnce sync.Once
	exit      Exit
	closeErr  error
}

// StartConnect starts the program in its own process group with the
// UMPIRE_* variables in its environment, capturing its stdout and stderr
// into one bounded buffer. Cancelling ctx kills the group.
func StartConnect(ctx context.Context, spec ConnectSpec) (*Connected, error) {
	vars, err := spec.Environment()
	if err != nil {
		return nil, err
	}
	env := spec.Env
	if env == nil {
		env = os.Environ()
	}
	env = append(append([]string(nil), env...), vars...)
	if spec.TermGrace <= 0 {
		spec.TermGrace = DefaultTermGrace
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, errorf(HarnessError, "start", err, "could not create a pipe")
	}
	c := &Connected{spec: spec, out: r, buf: newTail(spec.OutputCap)}
	// The same pipe serves stdout and stderr, so the two stay in order.
	g, err := startGroup(ctx, spec.Command, spec.Dir, env, nil, w, w, nil, "", spec.Memory)
	if err != nil {
		r.Close()
		return nil, err
	}
	c.g = g
	c.readers.Add(1)
	go func() {
		defer c.readers.Done()
		buf := make([]byte, 32<<10)
		for {
			n, err := r.Read(buf)
			c.buf.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	return c, nil
}

// PID returns the process id of the program's shell, also its process
// group id.
func (c *Connected) PID() int { return c.g.pid }

// Done is closed once the program has exited and been reaped.
func (c *Connected) Done() <-chan struct{} { return c.g.exited }

// Output returns the bounded tail of the program's output so far.
func (c *Connected) Output() []byte {
	b, _ := c.buf.Bytes()
	return b
}

// Close waits up to grace for the program to exit on its own (after the
// match it should), then sends SIGTERM to its group, waits TermGrace, sends
// SIGKILL, and always reaps it. It is idempotent.
func (c *Connected) Close(grace time.Duration) (Exit, error) {
	c.closeOnce.Do(func() {
		err := c.g.escalate(grace, c.spec.TermGrace)
		c.g.stopCtx()
		done := make(chan struct{})
		go func() { c.readers.Wait(); close(done) }()
		t := time.NewTimer(500 * time.Millisecond)
		select {
		case <-done:
		case <-t.C:
		}
		t.Stop()
		c.out.Close()
		<-done
		c.g.wg.Wait()
		c.exit, c.closeErr = c.g.exit(c.buf), err
	})
	return c.exit, c.closeErr
}
