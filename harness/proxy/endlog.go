package proxy

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// maxLogBytes bounds a match log the relay reads (the verifiers read it
// line by line; this only stops a server that never ends its answer).
const maxLogBytes = 256 << 20

// verifyLog fetches the public log of m at u from the target (the harness
// extension of WIRE.md; a server that does not offer it leaves the check
// inconclusive) and runs it through the verifier of the game, filing the
// findings under check. The fetch is a request of the relay's own: it adds
// nothing to, and takes nothing from, the relayed traffic. offered is
// false when no log came (the server offers none, or the fetch failed).
func (p *Proxy) verifyLog(ctx context.Context, m *Match, check, u string) (offered bool) {
	if p.side.VerifyLog == nil {
		m.Inconclusive(check, "the relay has no verifier of the game's log")
		return false
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		m.Inconclusive(check, err.Error())
		return false
	}
	resp, err := p.client.Do(req)
	if err != nil {
		m.Inconclusive(check, "the log could not be fetched: "+reports.RedactString(err.Error()))
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		m.Inconclusive(check, fmt.Sprintf("the server does not offer the match log (HTTP %d)", resp.StatusCode))
		return false
	}
	body := io.LimitReader(resp.Body, maxLogBytes)
	var fs []rules.Finding
	emit := func(f rules.Finding) { fs = append(fs, f) }
	file := m.id + ".jsonl"
	lines, seedUnknown, readErr := p.side.VerifyLog(ctx, body, file, resp.Header, emit)
	if readErr != nil {
		m.Inconclusive(check, "reading the match log: "+readErr.Error())
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if lines == 0 {
		m.Unknown(check, "the match log is empty")
		return true
	}
	if seedUnknown {
		m.Unknown(check, "the room's seed is unknown, so its log could not be re-simulated")
	}
	m.Ran(check)
	for _, f := range fs {
		f.Level = levelOf(m.cat, f.Rule, f.Level)
		m.Add(check, -1, reports.Finding{Finding: f})
	}
	return true
}
