package probe_test

import (
	"context"
	"fmt"

	"github.com/umpire-arena/umpire/harness/probe"
)

// Run one check of the suite against the embedded reference server.
func Example() {
	srv, err := probe.StartEmbedded(probe.GameBangArena, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	t := &probe.Target{Game: probe.GameBangArena, URL: srv.URL, Create: true}
	if err := t.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	checks, _ := probe.Filter(probe.Checks(probe.GameBangArena), "bangarena/server.token")
	for _, c := range checks {
		rc := probe.Run(context.Background(), t, c)
		fmt.Println(rc.Name, rc.Status)
	}
	// Output: bangarena: missing, wrong and other seats' tokens are rejected pass
}
