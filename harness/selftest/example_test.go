package selftest_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/umpire-arena/umpire/harness/selftest"
)

// Plan lists the steps of a run without running them.
func ExamplePlan() {
	steps, err := selftest.Plan(selftest.Options{Games: []string{selftest.GameInference}})
	if err != nil {
		panic(err)
	}
	for _, s := range steps {
		fmt.Println(s.Name)
	}
	// Output:
	// conform-inference
	// certify-inference-go
	// certify-inference-python
	// verify-inference
}

// Run carries the steps out; Only narrows the plan (here to the log
// verification steps, which need no network and no agent).
func ExampleRun() {
	dir, err := os.MkdirTemp("", "selftest-example-")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	sum, err := selftest.Run(context.Background(), selftest.Options{
		ReportDir: dir,
		Matches:   1,
		Only:      func(s selftest.Step) bool { return strings.HasPrefix(s.Name, "verify-") },
	})
	if err != nil {
		panic(err)
	}
	for _, s := range sum.Steps {
		fmt.Println(s.Name, s.Verdict, s.Counts.Pass, "checks passed")
	}
	fmt.Println("exit", sum.ExitCode)
	// Output:
	// verify-inference pass 2 checks passed
	// verify-bangarena pass 1 checks passed
	// exit 0
}
