package certify_test

import (
	"fmt"

	"github.com/umpire-arena/umpire/harness/certify"
)

// Match i of a run is seeded from the run seed and i, so a shard or a replay
// names the same match.
func ExampleMatchSeed() {
	fmt.Println(certify.MatchSeed("nightly", 0), certify.MatchSeed("nightly", 17))
	// Output: nightly/0 nightly/17
}

// The transport is chosen by which field of Agent is set.
func ExampleAgent_Mode() {
	for _, a := range []certify.Agent{{Command: "./bin/agent -seed 7"}, {URL: "http://127.0.0.1:8088/"}, {Connect: "./bin/agent -connect"}, {}} {
		fmt.Printf("%q %q\n", a.Mode(), a.Name())
	}
	// Output:
	// "command" "agent"
	// "url" "http-agent"
	// "connect" "agent"
	// "" "http-agent"
}
