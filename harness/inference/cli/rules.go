package cli

import (
	"encoding/json"
	"strings"

	"github.com/umpire-arena/umpire/harness/gamecli"
	"github.com/umpire-arena/umpire/referee/inference"
)

// legalRules are legal's rules for Inference.
func legalRules() gamecli.LegalRules {
	item := func(action string) string {
		switch action {
		case "fold":
			return "inference/wire.legal-actions.fold"
		case "call":
			return "inference/wire.legal-actions.call"
		case "raise":
			return "inference/wire.legal-actions.raise"
		}
		return "inference/illegal.listed-only"
	}
	return gamecli.LegalRules{
		Pointer: "/legal_actions", Extra: "inference/illegal.listed-only",
		Missing: func(m json.RawMessage) string {
			var a struct {
				Action string `json:"action"`
			}
			_ = json.Unmarshal(m, &a)
			return item(a.Action)
		},
		Different: func(line string) string {
			a, _, _ := strings.Cut(line, ":")
			return item(a)
		},
		Fields: "inference/wire.visible-state.fields", LineLength: "inference/log.line-length",
		IDs: []string{"inference/illegal.listed-only", "inference/log.line-length", "inference/wire.legal-actions.call",
			"inference/wire.legal-actions.fold", "inference/wire.legal-actions.raise", "inference/wire.visible-state.fields"},
	}
}

// validateRules maps Inference's schema violations to rules.
func validateRules() gamecli.ValidateRules {
	return gamecli.ValidateRules{
		Rules: func() []string {
			return []string{"inference/protocol.envelope", "inference/protocol.log-line", "inference/wire.events.objects",
				"inference/wire.events.showdown", "inference/wire.events.ante-all-in", "inference/round.1.deal", "inference/timeouts.deadline",
				"inference/server.error-code", "inference/wire.visible-state.fields", "inference/wire.move.action",
				"inference/wire.move.amount", "inference/agent.message-length", "inference/agent.message-code-points"}
		},
		Rule: func(kind string, at gamecli.ViolationPlace) string {
			switch {
			case kind == "":
				return "inference/protocol.envelope"
			case (strings.HasPrefix(kind, "log_") || kind == "event") && at.Document:
				// What the rules document fixes inside a log object.
				switch {
				case kind == "log_showdown":
					return "inference/wire.events.showdown"
				case kind == "log_deal_private" && at.Under("/value"):
					return "inference/round.1.deal"
				case kind == "log_ante" && at.Under("/all_in"):
					return "inference/wire.events.ante-all-in"
				}
				return "inference/wire.events.objects"
			case strings.HasPrefix(kind, "log_") || kind == "event":
				return "inference/protocol.log-line"
			case kind == "your_turn" && at.Under("/deadline_ms"):
				return "inference/timeouts.deadline"
			case kind == "error" && at.Under("/code"):
				return "inference/server.error-code"
			case kind == "visible_state", (kind == "your_turn" || kind == "welcome") && at.Under("/visible_state"):
				return "inference/wire.visible-state.fields"
			case kind == "move" && at.Under("/action"):
				return "inference/wire.move.action"
			case kind == "move" && at.Under("/amount"):
				return "inference/wire.move.amount"
			case kind == "move" && at.Under("/message"):
				// The schema counts code points (WIRE.md's pin): a message
				// over the limit however characters are counted breaks the
				// document's limit, one over it in code points only the pin
				// (as certify and proxy judge it).
				if s, ok := at.Text(); ok && inference.MessageCharsAtLeast(s) <= inference.DefaultConfig().MaxMessageChars {
					return "inference/agent.message-code-points"
				}
				return "inference/agent.message-length"
			}
			return "inference/protocol.envelope"
		},
	}
}
