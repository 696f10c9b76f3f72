package inference

import "fmt"

// NotOffered is the one judge of an agent's answer against the list it was
// offered: "" when action (with amount, a raise's increment; nil when the
// move has none) is one of legal, else why not. Certification and the
// proxy both judge an agent's move by it (inference/agent.legal-answer).
func NotOffered(legal []LegalAction, action string, amount *int) string {
	for _, a := range legal {
		if a.Action != action {
			continue
		}
		if a.Action == ActionRaise {
			if amount == nil {
				return "a raise without amount"
			}
			if *amount < a.Min || *amount > a.Max {
				return fmt.Sprintf("raise amount %d outside [%d, %d]", *amount, a.Min, a.Max)
			}
		}
		return ""
	}
	return fmt.Sprintf("action %q is not offered", action)
}
