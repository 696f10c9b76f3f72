package verify

import (
	"bytes"
	"context"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/bangarena/judge"
	"github.com/umpire-arena/umpire/referee/rules"
)

// VerifyEvidence judges a room from what the seats handed over saw,
// merged, without a log of the server's (judge.Gather of their streams, cut
// at judge.Horizon): the events are read as a log whose chance is the one
// they show (I-BA-V8), as those seats saw the match together (I-BA-V10).
// The rules of a log's own form (the log area: its lines, seqs, seed
// commitment, end) are neither judged nor counted: the streams are no log
// the server wrote. file names the evidence in findings.
func VerifyEvidence(ctx context.Context, ev judge.Evidence, file string, emit func(rules.Finding)) (BangArenaSummary, error) {
	opts := BangArenaOptions{File: file, Shown: func() *judge.Shown {
		shown, _ := judge.NewSeen(ev)
		return shown
	}}
	logForm := logArea()
	sum, err := NewBangArena(opts).Read(ctx, bytes.NewReader(ba.EncodeLog(ev.Events)), func(f rules.Finding) {
		if !logForm(f.Rule) && emit != nil {
			emit(f)
		}
	})
	for id := range sum.Evaluated {
		if logForm(id) {
			delete(sum.Evaluated, id)
		}
	}
	return sum, err
}

// logArea returns whether a rule id is one of the log area: a log's own
// form.
func logArea() func(id string) bool {
	c := rules.Default()
	return func(id string) bool {
		r, ok := c.Lookup(id)
		return ok && r.Area() == "log"
	}
}
