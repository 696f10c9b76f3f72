package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/internal/inert"
)

// quietEvery is how long a certify run whose progress goes to a pipe may
// stay silent while matches play: past it, a line says which matches it
// waits for and since when (env.quietEvery overrides it in tests). A slow,
// illegal or hung agent makes a match last minutes.
const quietEvery = 30 * time.Second

// redrawEvery is how often a terminal's status line is redrawn while
// matches play, so its clock and the ages of the matches in play move.
const redrawEvery = time.Second

// liveInPlay is how many matches in play a status line names.
const liveInPlay = 3

// liveProgress is certify's progress output: on a terminal one line
// rewritten in place (a bar, the status, the matches in play and for how
// long); in a pipe a line per match on stderr, the status every
// statusEvery matches and at the end, and a line on the matches in play
// when none has ended for quietEvery.
type liveProgress struct {
	mu      sync.Mutex
	e       *env
	bar     bool
	st      *runStatus
	started time.Time
	quiet   time.Duration
	width   int // of the last line drawn, which a shorter one must cover
	ended   bool
	last    time.Time            // of the last line printed to a pipe
	inplay  map[string]time.Time // the matches in play, by label, since when
	stop    chan struct{}
	done    chan struct{}
}

func newLiveProgress(e *env, bar bool, st *runStatus, started time.Time) *liveProgress {
	q := quietEvery
	if e.quietEvery > 0 {
		q = e.quietEvery
	}
	return &liveProgress{e: e, bar: bar, st: st, started: started, quiet: q, last: started, inplay: map[string]time.Time{}}
}

// playLabel names a match in play: its seed, and its side in an A/B run.
func playLabel(seed, side string) string {
	if side == "" {
		return seed
	}
	return side + " " + seed
}

// begin starts the clock that redraws the terminal's line and watches a
// pipe's silence; end stops it.
func (p *liveProgress) begin() {
	p.stop, p.done = make(chan struct{}), make(chan struct{})
	every := redrawEvery
	if !p.bar {
		every = min(redrawEvery, p.quiet)
	}
	go func() {
		defer close(p.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case now := <-t.C:
				p.tick(now)
			}
		}
	}()
}

func (p *liveProgress) end() {
	if p.stop == nil {
		return
	}
	close(p.stop)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar && p.width > 0 && !p.ended { // stopped early: end the line drawn
		fmt.Fprintln(p.e.stdout)
		p.ended = true
	}
}

// start records a match that begins (certify.Config.Started).
func (p *liveProgress) start(pl certify.Planned, side string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inplay[playLabel(pl.Seed, side)] = time.Now()
}

// finish records a match that ended (certify.Config.Progress).
func (p *liveProgress) finish(done, total int, r *certify.MatchResult) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.inplay, playLabel(r.Seed, r.Side))
	p.st.total = total
	p.st.add(r)
	now := time.Now()
	if p.bar {
		p.draw(now)
		if done == total {
			fmt.Fprintln(p.e.stdout)
			p.ended = true
		}
		return
	}
	who := ""
	if r.Side != "" {
		who = r.Side + " "
	}
	fmt.Fprintf(p.e.stderr, "certify: %d/%d %sseed %s seat %d vs %s: %s, rank %d\n", done, total, who,
		inert.String(r.Seed), r.Seat, r.Adversary, r.Match.Termination, r.Match.Rank)
	if done%statusEvery == 0 || done == total {
		fmt.Fprintf(p.e.stderr, "certify: status: %s (%v)\n", p.st.text(), now.Sub(p.started).Round(time.Second))
	}
	p.last = now
}

// tick redraws the terminal's line, or in a pipe says what the run waits
// for when nothing was printed for quiet.
func (p *liveProgress) tick(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended || len(p.inplay) == 0 {
		return
	}
	if p.bar {
		p.draw(now)
		return
	}
	if now.Sub(p.last) < p.quiet {
		return
	}
	fmt.Fprintf(p.e.stderr, "certify: waiting for %s; %s (%v)\n", p.waiting(now), p.st.text(), now.Sub(p.started).Round(time.Second))
	p.last = now
}

// draw rewrites the terminal's line.
func (p *liveProgress) draw(now time.Time) {
	const cells = 20
	fill := 0
	if p.st.total > 0 {
		fill = min(cells, p.st.done*cells/p.st.total)
	}
	line := fmt.Sprintf("[%s%s] %s", strings.Repeat("#", fill), strings.Repeat(".", cells-fill), p.st.text())
	if len(p.inplay) > 0 && p.st.done < p.st.total {
		line += "; waiting for " + p.waiting(now)
	}
	line += fmt.Sprintf(" (%v)", now.Sub(p.started).Round(time.Second))
	pad := max(0, p.width-len(line))
	p.width = len(line)
	fmt.Fprintf(p.e.stdout, "\r%s%s", line, strings.Repeat(" ", pad))
}

// waiting names the matches in play, the longest first, with how long
// each has played: "2 matches in play: umpire/0 1m40s, umpire/1 1m40s".
func (p *liveProgress) waiting(now time.Time) string {
	labels := make([]string, 0, len(p.inplay))
	for l := range p.inplay {
		labels = append(labels, l)
	}
	sort.Slice(labels, func(i, j int) bool {
		a, b := p.inplay[labels[i]], p.inplay[labels[j]]
		if !a.Equal(b) {
			return a.Before(b)
		}
		return labels[i] < labels[j]
	})
	n := len(labels)
	parts := make([]string, 0, liveInPlay+1)
	for _, l := range labels[:min(n, liveInPlay)] {
		parts = append(parts, fmt.Sprintf("%s %v", inert.String(l), now.Sub(p.inplay[l]).Round(time.Second)))
	}
	if n > liveInPlay {
		parts = append(parts, fmt.Sprintf("and %d more", n-liveInPlay))
	}
	what := "1 match in play"
	if n != 1 {
		what = fmt.Sprintf("%d matches in play", n)
	}
	return what + ": " + strings.Join(parts, ", ")
}
