package probe

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/rules"
	"github.com/umpire-arena/umpire/reports"
)

// The judge of the seats' evidence and the readings of a gap a server
// takes otherwise (issue 27): such a difference is a SHOULD finding, and
// the judge goes on — past an item offered or withheld on another reading
// (the state agrees), and through the whole room again on the server's
// reading of which seat decides first (I-BA-27), the engine switched to
// it (ba.Readings.ChoicesAfterQueue).

// baCheckSeatsOne judges one session room from the seats' evidence
// (baCheckSeatsRead), again on the server's reading of I-BA-27 when it
// takes it otherwise.
func baCheckSeatsOne(s *baSession) conform.Result {
	res := baCheckSeatsRead(s, false)
	if baDealtOnOtherReading(res.Findings) {
		// The room was dealt again on the server's reading of the deal
		// (baSeatsOtherReading): a state that parts later may be that
		// reading's consequence as umpire models it, not a breach.
		res = baUncharged(res, "the room was judged on umpire's model of the server's reading of the deal")
	}
	for _, f := range res.Findings {
		if f.Rule == "bangarena/12.one-decider" && strings.HasPrefix(f.Message, baOtherDeciderMsg) {
			// The server opens a choice made inside an answer queue only
			// once the queue is over (I-BA-27 read otherwise, reported
			// SHOULD): the room is judged again on that reading, to its
			// end.
			return baOnOtherReading(res, baCheckSeatsRead(s, true), f)
		}
	}
	return res
}

// baOnOtherReading chooses between the judgment of a room on umpire's
// reading of which seat decides first (first: stopped, inconclusive, where
// the server asked another seat) and the judgment again on the server's
// reading (again), the finding f that reports the difference leading it.
// The engine's model of the server's reading is umpire's own: a state that
// parts from it later may be that reading's consequence, not a breach, so
// a judgment again that charges a MUST is not kept; the first stands,
// saying why the rules it left are inconclusive.
func baOnOtherReading(first, again conform.Result, f reports.Finding) conform.Result {
	if !baChargesMust(again.Findings) {
		again.Findings = append([]reports.Finding{f}, again.Findings...)
		return again
	}
	for id, why := range first.NotExercised {
		first.NotExercised[id] = why + "; judged again on the server's reading, the room parts later too, which may follow from that reading: not charged"
	}
	return first
}

// baDealtOnOtherReading reports whether fs holds a finding of the deal the
// server reads otherwise (baSeatsOtherReading's), beside others.
func baDealtOnOtherReading(fs []reports.Finding) bool {
	for _, f := range fs {
		if f.Rule == "bangarena/2.impostor-8-seats" {
			return true
		}
	}
	return false
}

// baUncharged drops the findings of res graded MUST (without --strict):
// they rest on umpire's model of a reading the server takes otherwise, a
// guess; their rules are inconclusive, saying why.
func baUncharged(res conform.Result, why string) conform.Result {
	cat := rules.Default()
	kept := res.Findings[:0:0]
	for _, f := range res.Findings {
		if cat.Grade(f.Finding, false).Level == rules.Must {
			res.NoteNotExercised(f.Rule, why+": the state parted from it later ("+f.Message+"), which may follow from that reading: not charged")
			continue
		}
		kept = append(kept, f)
	}
	res.Findings = kept
	return res
}

// baChargesMust reports whether fs holds a finding graded MUST (without
// --strict).
func baChargesMust(fs []reports.Finding) bool {
	cat := rules.Default()
	for _, f := range fs {
		if cat.Grade(f.Finding, false).Level == rules.Must {
			return true
		}
	}
	return false
}

// baSeatsOnReading reports whether the findings fs of one observation
// (those baSeatsCompareAt added) all rest on a reading or a pin — items
// the server offers or withholds on its own reading of a gap where the
// documents are silent (I-BA-7's Flask in legacy, I-BA-35's Saloon…),
// graded SHOULD without --strict — with no field of the state differing:
// then the states agree, the findings are reported, and the judge goes on
// (a reading is not a breach that makes what follows meaningless). It
// returns the set of the actionIds the server offers beyond the engine's
// (non-nil, possibly empty, when it does), nil when fs is empty or holds a
// finding of the documents or of a field.
func baSeatsOnReading(fs []reports.Finding) map[string]bool {
	if len(fs) == 0 {
		return nil
	}
	cat := rules.Default()
	extra := map[string]bool{}
	for _, f := range fs {
		if cat.Grade(f.Finding, false).Level == rules.Must || !strings.HasPrefix(f.Message, "the server ") {
			return nil
		}
		if id, ok := f.Got.(string); ok && strings.HasPrefix(f.Message, "the server offers ") {
			extra[id] = true
		}
	}
	return extra
}

// baOtherDeciderMsg opens the message of baSeatsOtherDecider's finding.
const baOtherDeciderMsg = "the server asks seat "

// baSeatsOtherDecider is the finding of a server that asks seat x.Seat
// where the engine asks another seat first on umpire's reading of which
// goes first (I-BA-27: a pending choice before the reaction queue's head
// or the turn seat): the engine names bangarena/12.one-decider refusing the
// server's decision there. false for any other difference (the states
// parted; the rule is another check's or the log verifier's).
func baSeatsOtherDecider(g *ba.Game, x baSent, applied string, args json.RawMessage, where rules.Where) (reports.Finding, bool) {
	err := g.Clone().Apply(x.seen.Seat, applied, args)
	if err == nil || rules.RuleOf(err) != "bangarena/12.one-decider" {
		return reports.Finding{}, false
	}
	dec, _ := g.Decider()
	f := conform.NewFinding("bangarena/12.one-decider", where, fmt.Sprintf("seat %d decides first", dec), fmt.Sprintf("seat %d asked", x.seen.Seat),
		baOtherDeciderMsg+"%d while seat %d's pending choice is open: %v", x.seen.Seat, dec, err)
	seat := x.seen.Seat
	f.Transcript = []reports.Message{reports.NewMessage(reports.Received, time.Now(), &seat, x.seen.Raw)}
	return f, true
}
