package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/harness/inference/legaldiff"
	"github.com/umpire-arena/umpire/internal/inert"
	"github.com/umpire-arena/umpire/referee/inference"
	infwire "github.com/umpire-arena/umpire/referee/inference/wire"
)

// legalDiff is the outcome of "umpire legal --game inference --check".
type legalDiff struct {
	Derived   []inference.LegalAction `json:"derived"`
	Given     []json.RawMessage       `json:"given,omitempty"`
	Missing   []inference.LegalAction `json:"missing"`
	Extra     []json.RawMessage       `json:"extra"`
	Different []string                `json:"different"`
	Equal     bool                    `json:"equal"`
}

// legal derives the legal actions of one Inference your_turn (or
// bare visible_state) and, with check, compares them with its own list.
func legal(e gamecli.Env, name string, raw []byte, check bool) (gamecli.LegalDiff, int) {
	vs, given, warnings, err := ParseDecision(raw)
	if err != nil {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: %s\n", inert.String(name), inert.String(err.Error()))
		return nil, gamecli.ExitUsage
	}
	for _, w := range warnings {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: warning: %s\n", inert.String(name), inert.String(w))
	}
	derived, err := inference.LegalFromView(vs)
	if err != nil {
		// The message itself is inconsistent: a MUST finding.
		fmt.Fprintf(e.Stdout, "%s: no legal actions can be derived: %s\n", inert.String(name), inert.String(err.Error()))
		return nil, gamecli.ExitFail
	}
	if !check {
		_ = gamecli.WriteJSONLine(e.Stdout, derived)
		return nil, gamecli.ExitOK
	}
	if given == nil {
		fmt.Fprintf(e.Stderr, "umpire legal: %s: --check needs a your_turn message with legal_actions as a list\n", inert.String(name))
		return nil, gamecli.ExitUsage
	}
	return compareLegal(derived, given), gamecli.ExitOK
}

// ParseDecision reads a your_turn envelope or a bare visible_state. given is
// the envelope's legal_actions (nil for a bare visible_state). Missing
// envelope fields are warnings citing inference/protocol.envelope.
func ParseDecision(raw []byte) (vs inference.VisibleState, given []json.RawMessage, warnings []string, err error) {
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
			if v, _ := infwire.ReadView(body); v.Read(infwire.VTurnTurn) && v.Turn.Turn != turn {
				warnings = append(warnings, fmt.Sprintf("%s: your_turn.turn %d differs from visible_state.turn.turn %d", "inference/protocol.envelope", turn, v.Turn.Turn))
			}
		}
	}
	// Only what the derivation needs is read; any shape of the rest is
	// accepted (the schema check, umpire validate, judges it).
	vs, err = infwire.ReadLegalView(body)
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

// WriteText prints the outcome for people.
func (d legalDiff) WriteText(w io.Writer) {
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

// Same says the lists agree.
func (d legalDiff) Same() bool { return d.Equal }
