package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/umpire-arena/umpire/harness/bangarena/legaldiff"
	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/internal/inert"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// bangDerived is what "umpire legal --game bangarena" prints without
// --check: the items derived from the request's observation, and what the
// observation does not carry enough to decide.
type bangDerived struct {
	LegalActions []ba.LegalAction `json:"legalActions"`
	Undecided    []ba.Undecided   `json:"undecided"`
}

// bangLegalDiff is the outcome of "umpire legal --game bangarena --check".
type bangLegalDiff struct {
	Derived   []ba.LegalAction  `json:"derived"`
	Undecided []ba.Undecided    `json:"undecided"`
	Missing   []ba.LegalAction  `json:"missing"`
	Extra     []json.RawMessage `json:"extra"`
	Different []string          `json:"different"`
	// Unchecked are the request's items of undecided commands: neither
	// confirmed nor flagged.
	Unchecked []json.RawMessage `json:"unchecked"`
	// Pinned are differences on umpire's own pins (WIRE.md), which do not
	// make the lists differ: the default cards of a discard item.
	Pinned []string `json:"pinned"`
	Equal  bool     `json:"equal"`
	// Readings names, by actionId, the reading of umpire's a missing or
	// extra item's difference rests on (the live check grades it SHOULD,
	// MUST with --strict); an item not named differs by the document.
	Readings map[string]string `json:"readings,omitempty"`
}

// legal derives the legal items of one BangArena DecisionRequest
// from its observation alone (bangarena.LegalFromRequest) and, with check,
// compares them with the request's own legalActions as sets of actionIds
// with their command and argsSchema (READINGS 8).
func legal(e gamecli.Env, name string, raw []byte, check bool) (gamecli.LegalDiff, int) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(bytes.TrimSpace(raw), &top); err != nil {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: not one JSON object: %s\n", inert.String(name), inert.String(err.Error()))
		return nil, gamecli.ExitUsage
	}
	if _, ok := top["observation"]; !ok {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: not a DecisionRequest: no observation\n", inert.String(name))
		return nil, gamecli.ExitUsage
	}
	// I-BA-L3: fields are read tolerantly; one that is shaped otherwise
	// than umpire's reader expects leaves undecided only what depends on it.
	req, gaps, err := ba.ReadRequest(raw)
	if err != nil {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: %s\n", inert.String(name), inert.String(err.Error()))
		return nil, gamecli.ExitUsage
	}
	if f := gaps.Fields(); len(f) > 0 {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: note: read around %d field(s) of another shape (the schema check judges shapes): %s\n",
			inert.String(name), len(f), inert.String(strings.Join(clipList(f, 8), ", ")))
	}
	derived, und, err := ba.LegalFromRead(req, gaps)
	if err != nil {
		// The request itself is inconsistent: a MUST finding.
		fmt.Fprintf(e.Stdout, "%s: no legal actions can be derived: %s\n", inert.String(name), inert.String(err.Error()))
		return nil, gamecli.ExitFail
	}
	if derived == nil {
		derived = []ba.LegalAction{}
	}
	if und == nil {
		und = []ba.Undecided{}
	}
	if !check {
		_ = gamecli.WriteJSONLine(e.Stdout, bangDerived{LegalActions: derived, Undecided: und})
		return nil, gamecli.ExitOK
	}
	var given []json.RawMessage
	if la, ok := top["legalActions"]; !ok || json.Unmarshal(la, &given) != nil {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: --check needs the request's legalActions as a list\n", inert.String(name))
		return nil, gamecli.ExitUsage
	}
	d := compareBangLegal(derived, und, given)
	d.Readings = bangLegalReadings(req, d)
	return d, gamecli.ExitOK
}

// compareBangLegal (I-BA-L1, I-BA-L2) compares the derived items with the
// request's own by actionId (legaldiff.BangArena): missing, extra (an
// unreadable item, a repeated actionId, an item the rules do not allow),
// different (same actionId, other command or argsSchema); items of
// undecided commands are set aside as unchecked.
func compareBangLegal(derived []ba.LegalAction, und []ba.Undecided, given []json.RawMessage) bangLegalDiff {
	c := legaldiff.BangArena(derived, und, given)
	d := bangLegalDiff{Derived: derived, Undecided: und, Missing: c.Missing, Extra: []json.RawMessage{}, Different: []string{},
		Unchecked: c.Unchecked, Pinned: c.Pinned, Equal: c.Equal()}
	for _, x := range c.Extra {
		d.Extra = append(d.Extra, x.Raw)
	}
	for _, f := range c.Different {
		d.Different = append(d.Different, f.Text)
	}
	return d
}

// bangLegalReadings names the reading each missing or extra item's
// difference rests on, where one does (legaldiff.ItemReading).
func bangLegalReadings(req ba.DecisionRequest, d bangLegalDiff) map[string]string {
	out := map[string]string{}
	for _, m := range d.Missing {
		if ref := legaldiff.ItemReading(req, m, true); ref != "" {
			out[m.ActionID] = ref
		}
	}
	for _, x := range d.Extra {
		var a ba.LegalAction
		if json.Unmarshal(x, &a) != nil || a.ActionID == "" {
			continue
		}
		if ref := legaldiff.ItemReading(req, a, false); ref != "" {
			out[a.ActionID] = ref
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// legalRuleNote is the rule a difference of item id is shown under: the
// reading it rests on, or the document's rule.
func (d bangLegalDiff) legalRuleNote(id string) string {
	if ref := d.Readings[id]; ref != "" {
		return "reading " + ref + ": SHOULD, MUST with --strict"
	}
	return "bangarena/1.legal-only"
}

// WriteText prints the outcome for people.
func (d bangLegalDiff) WriteText(w io.Writer) {
	ids := make([]string, len(d.Derived))
	for i, a := range d.Derived {
		ids[i] = a.ActionID
	}
	fmt.Fprintf(w, "derived:   %d item(s): %s\n", len(ids), inert.String(strings.Join(ids, " ")))
	for _, u := range d.Undecided {
		fmt.Fprintf(w, "undecided: %s: %s\n", inert.String(u.Command), inert.String(u.Reason))
	}
	for _, x := range d.Unchecked {
		fmt.Fprintf(w, "unchecked: %s  (its command is undecided)\n", inert.String(compactJSON(x)))
	}
	for _, p := range d.Pinned {
		fmt.Fprintf(w, "pinned:    %s  (differs from umpire's pin only; not a difference)\n", inert.String(p))
	}
	if d.Equal {
		fmt.Fprintln(w, "legalActions match the referee's list")
		return
	}
	for _, m := range d.Missing {
		b, _ := json.Marshal(m)
		fmt.Fprintf(w, "missing:   %s  (%s)\n", inert.String(string(b)), d.legalRuleNote(m.ActionID))
	}
	for _, x := range d.Extra {
		var a ba.LegalAction
		_ = json.Unmarshal(x, &a)
		fmt.Fprintf(w, "extra:     %s  (%s)\n", inert.String(compactJSON(x)), inert.String(d.legalRuleNote(a.ActionID)))
	}
	for _, s := range d.Different {
		fmt.Fprintf(w, "different: %s  (%s)\n", inert.String(s), "bangarena/13.args-schema")
	}
	fmt.Fprintf(w, "%d missing, %d extra, %d different\n", len(d.Missing), len(d.Extra), len(d.Different))
}

// Same says the lists agree.
func (d bangLegalDiff) Same() bool { return d.Equal }

// clipList keeps the first n entries of l, saying how many more there are.
func clipList(l []string, n int) []string {
	if len(l) <= n {
		return l
	}
	return append(append([]string(nil), l[:n]...), fmt.Sprintf("… %d more", len(l)-n))
}

// compactJSON renders a request's item on one line.
func compactJSON(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
