package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/harness/legaldiff"
	"github.com/umpire-arena/umpire/internal/inert"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
	"github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/schemas"
)

// maxMessageBytes bounds what "umpire legal" reads (WIRE.md: 1 MiB messages).
const maxMessageBytes = 1 << 20

// legalDiff is the outcome of "umpire legal --check".
type legalDiff struct {
	Derived   []inference.LegalAction `json:"derived"`
	Given     []json.RawMessage       `json:"given,omitempty"`
	Missing   []inference.LegalAction `json:"missing"`
	Extra     []json.RawMessage       `json:"extra"`
	Different []string                `json:"different"`
	Equal     bool                    `json:"equal"`
}

// cmdLegal runs "umpire legal": derive the legal actions of one decision
// from its visible_state and, with --check, compare them with the list the
// message carries.
func cmdLegal(_ context.Context, e *env, args []string) int {
	fs := newFlagSet(e, "legal", "--game G [--check] [--format text|json] [--junit F] [--json F] [--html F] [--md F] [--report-dir DIR] FILE|-")
	game := fs.String("game", "", harness.NameList())
	check := fs.Bool("check", false, "compare with the message's own legal_actions; exit 1 when they differ")
	format := fs.String("format", "text", "text or json")
	var rf reportFlags
	addReportFlags(fs, &rf)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if !checkGame(e, *game) || !checkFormat(e, *format) {
		return exitUsage
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(e.stderr, "umpire legal: give exactly one FILE (or - for stdin)")
		return exitUsage
	}
	// The reports see the run from outside (legal_report.go).
	lr := newLegalReports(rf, *game, fs.Arg(0), *check)
	return lr.write(e, gameOf(*game).legal(lr.console(e), fs.Arg(0), *check, *format == "json"))
}

// legalInference derives the legal actions of one Inference your_turn (or
// bare visible_state) and, with check, compares them with its own list.
func legalInference(e *env, name string, check, asJSON bool) int {
	raw, code, ok := readLegalInput(e, name)
	if !ok {
		return code
	}
	vs, given, warnings, err := parseDecision(raw)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire legal: %s: %s\n", inert.String(name), inert.String(err.Error()))
		return exitUsage
	}
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "umpire legal: %s: warning: %s\n", inert.String(name), inert.String(w))
	}
	derived, err := inference.LegalFromView(vs)
	if err != nil {
		// The message itself is inconsistent: a MUST finding.
		fmt.Fprintf(e.stdout, "%s: no legal actions can be derived: %s\n", inert.String(name), inert.String(err.Error()))
		return exitFail
	}
	if !check {
		_ = writeJSONLine(e.stdout, derived)
		return exitOK
	}
	if given == nil {
		fmt.Fprintf(e.stderr, "umpire legal: %s: --check needs a your_turn message with legal_actions as a list\n", inert.String(name))
		return exitUsage
	}
	d := compareLegal(derived, given)
	return printLegalDiff(e, d, d.Equal, asJSON)
}

// readLegalInput reads the one message of "umpire legal" (FILE|-, at most
// maxMessageBytes). When it cannot, it says why on stderr and gives the
// exit code: 2 for a file that does not open or a message nested deeper
// than schemas.MaxDepth (not an input legal can judge, like one that is
// not a JSON object), 1 for a message over the limit (it does not
// conform), 3 for a read error.
func readLegalInput(e *env, name string) (raw []byte, code int, ok bool) {
	// One message, at most maxMessageBytes: the read ends by itself.
	in, err := readInput(context.Background(), e, name, maxMessageBytes)
	var pe *os.PathError
	switch {
	case err == nil && schemas.TooDeep(in.data):
		// Said at once, the same for both games and any depth, before a
		// parser answers with its own limit (encoding/json: 10000) or,
		// below it, reads around the nesting.
		fmt.Fprintf(e.stderr, "umpire legal: %s: the message is nested deeper than %d levels of objects and arrays; not a message legal can judge (umpire validate checks shapes)\n", inert.String(in.name), schemas.MaxDepth)
		return nil, exitUsage, false
	case err == nil:
		return in.data, exitOK, true
	case errors.As(err, &pe):
		fmt.Fprintf(e.stderr, "umpire legal: cannot read %s: %v\n", inert.String(name), pe.Err)
		return nil, exitUsage, false
	case errors.As(err, new(errTooLarge)):
		fmt.Fprintf(e.stdout, "%s: the message exceeds the limit of %d bytes (WIRE.md: messages of at most 1 MiB); nothing derived\n", inert.String(in.name), maxMessageBytes)
		return nil, exitFail, false
	}
	fmt.Fprintf(e.stderr, "umpire legal: cannot read %s: %v\n", inert.String(name), err)
	return nil, exitError, false
}

// printLegalDiff prints the outcome of --check (indented JSON, or text)
// and returns the exit code: 0 when the lists are equal, 1 otherwise.
func printLegalDiff(e *env, d interface{ writeText(io.Writer) }, equal, asJSON bool) int {
	noteLegalDiff(e, d)
	if asJSON {
		_ = writeJSONIndented(e.stdout, d)
	} else {
		d.writeText(e.stdout)
	}
	if equal {
		return exitOK
	}
	return exitFail
}

// parseDecision reads a your_turn envelope or a bare visible_state. given is
// the envelope's legal_actions (nil for a bare visible_state). Missing
// envelope fields are warnings citing inference/protocol.envelope.
func parseDecision(raw []byte) (vs inference.VisibleState, given []json.RawMessage, warnings []string, err error) {
	raw = bytes.TrimSpace(raw)
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return vs, nil, nil, fmt.Errorf("not one JSON object: %v", err)
	}
	body := raw
	if t, ok := top["type"]; ok {
		var typ string
		_ = json.Unmarshal(t, &typ)
		if typ != "your_turn" {
			return vs, nil, nil, fmt.Errorf("a %q message: want a your_turn message or a bare visible_state", typ)
		}
		for _, f := range []struct{ name, rule string }{
			{"match_id", "inference/protocol.envelope"}, {"round", "inference/protocol.envelope"}, {"turn", "inference/protocol.envelope"},
			// The rules name these in every your_turn.
			{"deadline_ms", "inference/timeouts.deadline"}, {"visible_state", "inference/wire.visible-state.fields"}, {"legal_actions", "inference/illegal.listed-only"},
		} {
			if _, ok := top[f.name]; !ok {
				warnings = append(warnings, fmt.Sprintf("%s: your_turn lacks %q", f.rule, f.name))
			}
		}
		body, ok = top["visible_state"]
		if !ok {
			return vs, nil, warnings, fmt.Errorf("your_turn has no visible_state")
		}
		if la, ok := top["legal_actions"]; ok {
			// Not needed to derive: a list of another shape is a warning,
			// and only --check needs it.
			if err := json.Unmarshal(la, &given); err != nil {
				given = nil
				warnings = append(warnings, fmt.Sprintf("%s: legal_actions is not a list: %v", "inference/protocol.envelope", err))
			} else if given == nil {
				given = []json.RawMessage{}
			}
		}
		var turn int
		if json.Unmarshal(top["turn"], &turn) == nil {
			var vsTurn struct {
				Turn json.RawMessage `json:"turn"`
			}
			var tr inference.TurnRef
			if json.Unmarshal(body, &vsTurn) == nil && json.Unmarshal(vsTurn.Turn, &tr) == nil && string(vsTurn.Turn) != "null" && tr.Turn != turn {
				warnings = append(warnings, fmt.Sprintf("%s: your_turn.turn %d differs from visible_state.turn.turn %d", "inference/protocol.envelope", turn, tr.Turn))
			}
		}
	}
	// Only what the derivation needs is read; any shape of the rest is
	// accepted (the schema check, umpire validate, judges it).
	vs, err = inference.ReadLegalView(body)
	if err != nil {
		return vs, nil, warnings, err
	}
	for _, c := range inference.ViewConventions(vs) {
		warnings = append(warnings, c.Error())
	}
	return vs, given, warnings, nil
}

// compareLegal compares the derived list with the message's own, item by
// item by action name (legaldiff.Inference); unreadable and repeated items
// count as extra.
func compareLegal(derived []inference.LegalAction, given []json.RawMessage) legalDiff {
	c := legaldiff.Inference(derived, given)
	d := legalDiff{Derived: derived, Given: given, Missing: c.Missing, Extra: []json.RawMessage{}, Different: []string{}, Equal: c.Equal()}
	for _, x := range c.Extra {
		d.Extra = append(d.Extra, x.Raw)
	}
	for _, f := range c.Different {
		d.Different = append(d.Different, f.Text)
	}
	return d
}

func (d legalDiff) writeText(w io.Writer) {
	der, _ := json.Marshal(d.Derived)
	fmt.Fprintf(w, "derived:   %s\n", der)
	if d.Equal {
		fmt.Fprintln(w, "legal_actions match the referee's list")
		return
	}
	rule := map[string]string{
		inference.ActionFold:  "inference/wire.legal-actions.fold",
		inference.ActionCall:  "inference/wire.legal-actions.call",
		inference.ActionRaise: "inference/wire.legal-actions.raise",
	}
	for _, m := range d.Missing {
		b, _ := json.Marshal(m)
		fmt.Fprintf(w, "missing:   %s  (%s)\n", b, rule[m.Action])
	}
	for _, x := range d.Extra {
		fmt.Fprintf(w, "extra:     %s  (%s)\n", inert.String(string(x)), "inference/illegal.listed-only")
	}
	for _, s := range d.Different {
		a, _, _ := strings.Cut(s, ":")
		fmt.Fprintf(w, "different: %s  (%s)\n", s, rule[a])
	}
	fmt.Fprintf(w, "%d missing, %d extra, %d different\n", len(d.Missing), len(d.Extra), len(d.Different))
}

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

// legalBangArena derives the legal items of one BangArena DecisionRequest
// from its observation alone (bangarena.LegalFromRequest) and, with check,
// compares them with the request's own legalActions as sets of actionIds
// with their command and argsSchema (READINGS 8).
func legalBangArena(e *env, name string, check, asJSON bool) int {
	raw, code, ok := readLegalInput(e, name)
	if !ok {
		return code
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(bytes.TrimSpace(raw), &top); err != nil {
		fmt.Fprintf(e.stderr, "umpire legal: %s: not one JSON object: %v\n", name, err)
		return exitUsage
	}
	if _, ok := top["observation"]; !ok {
		fmt.Fprintf(e.stderr, "umpire legal: %s: not a DecisionRequest: no observation\n", name)
		return exitUsage
	}
	// I-BA-L3: fields are read tolerantly; one that is shaped otherwise
	// than umpire's reader expects leaves undecided only what depends on it.
	req, gaps, err := ba.ReadRequest(raw)
	if err != nil {
		fmt.Fprintf(e.stderr, "umpire legal: %s: %v\n", name, err)
		return exitUsage
	}
	if f := gaps.Fields(); len(f) > 0 {
		fmt.Fprintf(e.stderr, "umpire legal: %s: note: read around %d field(s) of another shape (the schema check judges shapes): %s\n",
			name, len(f), inert.String(strings.Join(clipList(f, 8), ", ")))
	}
	derived, und, err := ba.LegalFromRead(req, gaps)
	if err != nil {
		// The request itself is inconsistent: a MUST finding.
		fmt.Fprintf(e.stdout, "%s: no legal actions can be derived: %s\n", inert.String(name), inert.String(err.Error()))
		return exitFail
	}
	if derived == nil {
		derived = []ba.LegalAction{}
	}
	if und == nil {
		und = []ba.Undecided{}
	}
	if !check {
		_ = writeJSONLine(e.stdout, bangDerived{LegalActions: derived, Undecided: und})
		return exitOK
	}
	var given []json.RawMessage
	if la, ok := top["legalActions"]; !ok || json.Unmarshal(la, &given) != nil {
		fmt.Fprintf(e.stderr, "umpire legal: %s: --check needs the request's legalActions as a list\n", name)
		return exitUsage
	}
	d := compareBangLegal(derived, und, given)
	d.Readings = bangLegalReadings(req, d)
	return printLegalDiff(e, d, d.Equal, asJSON)
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

func (d bangLegalDiff) writeText(w io.Writer) {
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
