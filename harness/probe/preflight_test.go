package probe

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/reports"
)

// TestPreflight: a match or room handed over with a wrong token, another
// seat's token or an unknown id cannot be played, and Preflight says so
// before any check runs; with the right tokens it passes and the checks
// still judge the session afterwards.
func TestPreflight(t *testing.T) {
	for _, game := range []string{GameInference, GameBangArena} {
		t.Run(game, func(t *testing.T) {
			e, err := StartEmbedded(game, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			ctx := context.Background()
			given := func() *Target { return handOver(t, game, e.URL, "preflight") }
			for _, tc := range []struct {
				name string
				edit func(tg *Target)
				want string
			}{
				{"right tokens", func(*Target) {}, ""},
				{"wrong token", func(tg *Target) { tg.Seats[0] = "wrong" }, "seat 0"},
				{"another seat's token", func(tg *Target) { tg.Seats[0] = tg.Seats[1] }, "seat 0"},
				{"unknown match or room", func(tg *Target) { tg.Match, tg.Room = "no-such-match", "no-such-room" }, "no-such-"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					tg := given()
					tc.edit(tg)
					if err := tg.Validate(); err != nil {
						t.Fatal(err)
					}
					err := Preflight(ctx, tg)
					if tc.want == "" {
						if err != nil {
							t.Fatalf("Preflight: %v", err)
						}
						// The session still plays after the preflight.
						passed := 0
						for _, c := range Checks(game) {
							if rc := Run(ctx, tg, c); rc.Status == reports.Pass {
								passed++
							} else if rc.Status == reports.Fail || rc.Status == reports.Error {
								t.Errorf("%s after the preflight: %v %s %v", c.Name, rc.Status, rc.Reason, rc.Findings)
							}
						}
						if passed == 0 {
							t.Error("no check passed after the preflight")
						}
						return
					}
					if !errors.Is(err, ErrCannotPlay) || !strings.Contains(err.Error(), tc.want) {
						t.Fatalf("Preflight = %v, want ErrCannotPlay naming %q", err, tc.want)
					}
				})
			}
		})
	}
}
