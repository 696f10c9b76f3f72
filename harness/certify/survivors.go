package certify

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/harness/agent"
	"github.com/umpire-arena/umpire/referee/rules"
)

// maxSurvivorsNamed bounds the processes one finding names.
const maxSurvivorsNamed = 8

// judgeSurvivors judges what the agent left behind once its process
// group was ended (agent.Exit.Survivors): each such process would have
// outlived the match, a finding of CheckSurvivors; umpire killed them.
func (j *Judge) judgeSurvivors(ex agent.Exit) {
	if len(ex.Survivors) == 0 {
		j.Ran(CheckSurvivors)
		return
	}
	names := make([]string, 0, maxSurvivorsNamed)
	for i, s := range ex.Survivors {
		if i == maxSurvivorsNamed {
			names = append(names, fmt.Sprintf("and %d more", len(ex.Survivors)-i))
			break
		}
		names = append(names, s.String())
	}
	j.Fail(CheckSurvivors, rules.Where{Step: "exit"}, "no process of the agent left outside its process group after the match",
		strings.Join(names, ", "),
		fmt.Sprintf("%d process(es) the agent started had left its process group and would have outlived the match; umpire killed them (found by %s containment)", len(ex.Survivors), ex.Containment))
}
