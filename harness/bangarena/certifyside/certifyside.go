package certifyside

import (
	"fmt"
	"strings"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
	"github.com/umpire-arena/umpire/harness/certify"
)

// Game is BangArena's part of certify: its checks, its settings and its
// driver on the embedded server.
func Game() certify.Game {
	return certify.Game{
		Checks:          checks,
		DefaultDeadline: baserver.DefaultDeadline,
		Validate: func(c certify.Config) error {
			switch c.Mode {
			case "", "classic", "partners", "impostor", "legacy":
			default:
				return fmt.Errorf("unknown role mode %q (classic, partners, impostor, legacy)", c.Mode)
			}
			kinds := baserver.AdversaryKinds()
			for _, k := range c.Adversaries {
				ok := false
				for _, want := range kinds {
					ok = ok || k == want
				}
				if !ok {
					return fmt.Errorf("unknown adversary %q (known: %s)", k, strings.Join(kinds, ", "))
				}
			}
			return nil
		},
		// A silent agent falls back after MaxTimeouts.
		Decisions: func(c certify.Config) int { return c.MaxTimeouts * 40 },
		Settings: func(c certify.Config, m map[string]any) {
			mode := c.Mode
			if mode == "" {
				mode = "classic"
			}
			m["mode"] = mode
			if c.MaxDecisions > 0 {
				m["max_decisions"] = c.MaxDecisions
			}
		},
		Start: func(c certify.Config) (certify.Driver, error) {
			s, err := baserver.New(baserver.InProcessOptions(baserver.Options{Deadline: c.Deadline, MaxDecisions: c.MaxDecisions}))
			if err != nil {
				return nil, err
			}
			return &driver{cfg: c, srv: s, h: s.Handler()}, nil
		},
	}
}

// checks are BangArena's certification checks, in report order.
func checks() []certify.CheckDef {
	return []certify.CheckDef{
		{Name: certify.CheckLegal, Rule: "bangarena/agent.legal-answer"},
		{Name: certify.CheckDeadline, Rule: "bangarena/agent.answer-in-time"},
		{Name: certify.CheckRecover, Rule: "bangarena/agent.recover-after-reask"},
		{Name: certify.CheckEcho, Rule: "bangarena/agent.version-echo"},
		{Name: certify.CheckCommandIDs, Rule: "bangarena/agent.command-id-unique"},
		{Name: certify.CheckOnlyAsked, Rule: "bangarena/agent.only-when-asked"},
		{Name: certify.CheckOwnSeat, Rule: "bangarena/agent.own-seat-only"},
		{Name: certify.CheckServerError, Rule: "bangarena/agent.survives-server-error"},
		{Name: certify.CheckNoCrash, Rule: "bangarena/agent.no-crash"},
		{Name: certify.CheckNoHang, Rule: "bangarena/agent.no-hang"},
		{Name: certify.CheckHygiene, Rule: "bangarena/agent.hygiene"},
		{Name: certify.CheckExit, Rule: "bangarena/agent.exit-after-end"},
		{Name: certify.CheckSurvivors, Rule: "bangarena/agent.no-survivors"},
	}
}
