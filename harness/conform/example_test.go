package conform_test

import (
	"context"
	"fmt"

	_ "github.com/umpire-arena/umpire/harness/allgames" // registers every game
	"github.com/umpire-arena/umpire/harness/conform"
)

// Run one check of the suite against the embedded reference server.
func Example() {
	srv, err := conform.StartEmbedded(conform.GameBangArena, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	t := &conform.Target{Game: conform.GameBangArena, URL: srv.URL, Create: true}
	if err := t.Validate(); err != nil {
		fmt.Println(err)
		return
	}
	checks, _ := conform.Filter(conform.Checks(conform.GameBangArena), "bangarena/server.token")
	for _, c := range checks {
		rc := conform.Run(context.Background(), t, c)
		fmt.Println(rc.Name, rc.Status)
	}
	// Output: bangarena: missing, wrong and other seats' tokens are rejected pass
}
