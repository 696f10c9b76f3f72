package certifyside

import (
	"fmt"
	"time"

	"github.com/umpire-arena/umpire/harness/certify"
	infadv "github.com/umpire-arena/umpire/harness/inference/players"
	infsrv "github.com/umpire-arena/umpire/harness/inference/server"
)

// Game is Inference's part of certify: its checks, its settings and its
// driver on the embedded server.
func Game() certify.Game {
	return certify.Game{
		Checks:          checks,
		DefaultDeadline: 10 * time.Second,
		Validate: func(c certify.Config) error {
			if c.Rounds < 1 {
				return fmt.Errorf("rounds must be at least 1")
			}
			if c.Mode != "" {
				return fmt.Errorf("--mode is a role mode; Inference has none")
			}
			for _, k := range c.Adversaries {
				if _, err := infadv.New(k, 0); err != nil {
					return fmt.Errorf("adversary %q: %v", k, err)
				}
			}
			return nil
		},
		// A seat acts at most about twice per round per raiser.
		Decisions: func(c certify.Config) int { return c.Rounds * 2 * c.Seats },
		Settings:  func(c certify.Config, m map[string]any) { m["rounds"] = c.Rounds },
		Start: func(c certify.Config) (certify.Driver, error) {
			s, err := infsrv.New(infsrv.Options{StartTimeout: 30 * time.Second, Limits: infsrv.InProcessLimits()})
			if err != nil {
				return nil, err
			}
			return &driver{cfg: c, srv: s}, nil
		},
	}
}

// checks are Inference's certification checks, in report order.
func checks() []certify.CheckDef {
	return []certify.CheckDef{
		{Name: certify.CheckLegal, Rule: "inference/agent.legal-answer"},
		{Name: certify.CheckDeadline, Rule: "inference/agent.answer-in-time"},
		{Name: certify.CheckRecover, Rule: "inference/agent.recover-after-error"},
		{Name: certify.CheckEcho, Rule: "inference/agent.turn-echo"},
		{Name: certify.CheckMessageLen, Rule: "inference/agent.message-length"},
		{Name: certify.CheckMessageCP, Rule: "inference/agent.message-code-points"},
		{Name: certify.CheckOnlyAsked, Rule: "inference/agent.only-when-asked"},
		{Name: certify.CheckServerError, Rule: "inference/agent.survives-server-error"},
		{Name: certify.CheckNoCrash, Rule: "inference/agent.no-crash"},
		{Name: certify.CheckNoHang, Rule: "inference/agent.no-hang"},
		{Name: certify.CheckHygiene, Rule: "inference/agent.hygiene"},
		{Name: certify.CheckExit, Rule: "inference/agent.exit-after-end"},
		{Name: certify.CheckSurvivors, Rule: "inference/agent.no-survivors"},
	}
}
