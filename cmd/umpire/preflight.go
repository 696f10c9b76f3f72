package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/internal/inert"
)

// Preflight: what a run needs from its own setup is checked before the
// first match or check, so a mistake costs one line and exit 3 instead of
// a whole run blamed on the agent or the target.

// agentStartWindow is how long the preflight start of a JSON Lines agent
// waits for it to die (env.agentWindow overrides it in tests). The rule (docs/cli.md, "Preflight"): an agent that
// exits within this window of being started, before any request reaches
// it, cannot play at all — a setup error (exit 3) with its first stderr
// lines on the console. An agent that dies later, in a match, is a finding
// of that match (agent.no-crash, exit 1).
const agentStartWindow = 2 * time.Second

// agentStderrLines is how many of a dead agent's stderr lines the console
// shows.
const agentStderrLines = 5

// writablePaths says whether every report file in files and every report
// directory in dirs can be written, before anything is played: the nearest
// existing ancestor of each must be a directory umpire may create files in
// (missing directories are created when the reports are written), a file
// must not be an existing directory, a directory not an existing file.
// "" and "-" (standard output) are skipped.
func writablePaths(files, dirs []string) error {
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if st, err := os.Stat(d); err == nil && !st.IsDir() {
			return fmt.Errorf("the report directory %s is a file", d)
		}
		if err := creatable(d); err != nil {
			return fmt.Errorf("the report directory %s cannot be written: %v", d, err)
		}
	}
	for _, f := range files {
		if f == "" || f == "-" {
			continue
		}
		if st, err := os.Stat(f); err == nil {
			if st.IsDir() {
				return fmt.Errorf("the report file %s is a directory", f)
			}
			if !st.Mode().IsRegular() {
				continue // a device or FIFO is written in place
			}
		}
		if err := creatable(filepath.Dir(f)); err != nil {
			return fmt.Errorf("the report file %s cannot be written: %v", f, err)
		}
	}
	return nil
}

// creatable says whether files can be made in dir: its nearest existing
// ancestor is a directory in which a file can be created (tried with a
// temporary file, removed at once).
func creatable(dir string) error {
	d := filepath.Clean(dir)
	for {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return fmt.Errorf("%s is a file, not a directory", d)
			}
			break
		}
		if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return plainErr(err)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return plainErr(err)
		}
		d = parent
	}
	f, err := os.CreateTemp(d, ".umpire-preflight-*")
	if err != nil {
		return fmt.Errorf("cannot create a file in %s: %v", d, plainErr(err))
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// plainErr strips an *os.PathError to its cause (the path is already said).
func plainErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// agentWatchWindow is how long, counted from its start, the preflight's
// agent is kept after agentStartWindow while the run begins: it is still
// given no request, so if it exits within this time it could not have
// answered anything either (an interpreter slow to find that its script is
// missing on a loaded machine), and the run stops with exit 3 and its
// stderr, as if it had exited within the window. The run does not wait for
// this window; env.agentWatch overrides it in tests.
const agentWatchWindow = 10 * time.Second

// startWatch keeps the preflight's agent after agentStartWindow, until
// agentWatchWindow from its start or end, whichever comes first.
type startWatch struct {
	who        string
	stop, done chan struct{}
	err        error // set before done closes: the agent exited in the window
}

// end stops watching (the agent, if still running, is stopped) and returns
// the error of an agent that exited in the window, nil otherwise. It is
// safe on a nil watch.
func (w *startWatch) end() error {
	if w == nil {
		return nil
	}
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	<-w.done
	return w.err
}

// agentStarts starts a JSON Lines agent command once and waits
// agentStartWindow: an agent that exited by then is an error quoting its
// exit and its first stderr lines. One still running passes, and is
// watched on (startWatch) until agentWatchWindow from its start while the
// run begins; died, when not nil, is called if it exits in that time (the
// caller stops the run). who names the agent in the error ("the agent",
// "the baseline").
func agentStarts(ctx context.Context, e *env, who, command string, memory int64, died func()) (*startWatch, error) {
	window, watch := agentStartWindow, agentWatchWindow
	if e.agentWindow > 0 {
		window = e.agentWindow
	}
	if e.agentWatch > 0 {
		watch = e.agentWatch
	}
	started := time.Now()
	p, err := agent.Start(ctx, agent.Spec{Command: command, TermGrace: time.Second, Memory: memory})
	if err != nil {
		return nil, fmt.Errorf("%s could not be started: %v", who, err)
	}
	t := time.NewTimer(window)
	defer t.Stop()
	select {
	case <-p.Done():
		return nil, startDeath(p, who, command)
	case <-t.C:
	case <-ctx.Done():
		_, _ = p.Close(0)
		return nil, ctx.Err()
	}
	w := &startWatch{who: who, stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		rest := time.NewTimer(max(0, watch-time.Since(started)))
		defer rest.Stop()
		select {
		case <-p.Done():
			if ctx.Err() != nil { // stopped with the run (Ctrl-C), not by itself
				return
			}
			w.err = startDeath(p, who, command)
			if died != nil {
				died()
			}
			return
		case <-rest.C:
		case <-w.stop:
		case <-ctx.Done():
		}
		_, _ = p.Close(0)
	}()
	return w, nil
}

// startDeath is the error of an agent that exited before any request
// reached it.
func startDeath(p *agent.Process, who, command string) error {
	ex, _ := p.Close(0)
	how := fmt.Sprintf("exit status %d", ex.Code)
	if ex.Signal != "" {
		how = "killed by " + ex.Signal
	}
	msg := fmt.Sprintf("%s exited (%s) %v after it was started, before any request: it cannot play (command: %s)",
		who, how, ex.Runtime.Round(time.Millisecond), command)
	if lines := headLines(string(p.Stderr()), agentStderrLines); lines != "" {
		msg += "\n" + who + "'s stderr:\n" + lines
	} else {
		msg += "; it wrote nothing on stderr"
	}
	return errors.New(msg)
}

// headLines returns the first n non-empty lines of s, each indented.
func headLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimRight(l, "\r "); l == "" {
			continue
		}
		if len(out) == n {
			out = append(out, "  …")
			break
		}
		out = append(out, "  "+l)
	}
	return strings.Join(out, "\n")
}

// urlListens says whether something accepts TCP connections at the host of
// an agent's HTTP endpoint (nothing is sent: the first request belongs to
// the first match).
func urlListens(ctx context.Context, who, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%s's URL %q is not an http(s) URL", who, raw)
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), map[string]string{"http": "80", "https": "443"}[u.Scheme])
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", host)
	if err != nil {
		return fmt.Errorf("%s cannot be reached: nothing accepts connections at %s (%s)", who, host, dialReason(err))
	}
	return c.Close()
}

// dialReason says in plain words why a TCP connection failed.
func dialReason(err error) string {
	var dnsErr *net.DNSError
	switch {
	case errors.As(err, &dnsErr):
		return "the host name is not known"
	case strings.Contains(err.Error(), "connection refused"):
		return "connection refused: is it running, on this port?"
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "i/o timeout"):
		return "no answer in time"
	}
	return plainErr(err).Error()
}

// printLines prints msg, line by line made inert for the terminal, the
// first line after prefix.
func printLines(w io.Writer, prefix, msg string) {
	for i, l := range strings.Split(msg, "\n") {
		if i == 0 {
			l = prefix + l
		}
		fmt.Fprintln(w, inert.String(l))
	}
}
