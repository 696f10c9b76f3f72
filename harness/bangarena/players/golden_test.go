package players

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/referee/bangarena"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden_logs.txt from the current players")

// goldenMatches lists the seeded matches whose full logs are pinned: every
// role mode, 4–8 seats, random, heuristic and mixed tables, a few seeds each.
func goldenMatches() []string {
	var out []string
	for _, mode := range []string{bangarena.ModeClassic, bangarena.ModePartners, bangarena.ModeImpostor, bangarena.ModeLegacy} {
		for seats := 4; seats <= 8; seats++ {
			for _, kinds := range []string{"random", "heuristic", "heuristic+random"} {
				for i := range 8 {
					out = append(out, fmt.Sprintf("%s %d %s golden-%d", mode, seats, kinds, i))
				}
			}
		}
	}
	return out
}

// wholeRequests hides a player's DecideDelta: Simulate then hands it whole
// requests (Game.Request, events from the log's start) through Decide.
type wholeRequests struct{ Player }

// playGolden plays one match of goldenMatches and returns the SHA-256 of
// its full JSON Lines log (every event, every decision with its args).
// whole: the players get whole requests instead of event deltas.
func playGolden(t *testing.T, match string, whole bool) string {
	t.Helper()
	f := strings.Fields(match)
	var seats int
	fmt.Sscan(f[1], &seats)
	seed := f[3] + "/" + f[0] + "/" + f[1] + "/" + f[2]
	var log bytes.Buffer
	ps := players(t, seats, strings.Split(f[2], "+"), seed)
	for i := range ps {
		if _, ok := ps[i].(DeltaPlayer); !ok {
			t.Fatalf("%s is no DeltaPlayer", ps[i].Name())
		}
		if whole {
			ps[i] = wholeRequests{ps[i]}
		}
	}
	_, err := Simulate(context.Background(), bangarena.Config{Seats: seats, RoleMode: f[0]}, seed, ps, &log)
	if err != nil {
		t.Fatalf("%s: %v", match, err)
	}
	sum := sha256.Sum256(log.Bytes())
	return hex.EncodeToString(sum[:])
}

// TestGoldenLogs: the players make exactly the decisions they made when
// testdata/golden_logs.txt was recorded (before the heuristic kept running
// state and views got cheaper): same seeded matches, same log bytes,
// whether the players get whole requests (Decide, as the server's rooms
// ask them) or event deltas (DecideDelta).
func TestGoldenLogs(t *testing.T) {
	path := filepath.Join("testdata", "golden_logs.txt")
	matches := goldenMatches()
	if testing.Short() {
		matches = matches[:len(matches)/4]
	}
	if *updateGolden {
		var b bytes.Buffer
		for _, m := range goldenMatches() {
			fmt.Fprintf(&b, "%s %s\n", m, playGolden(t, m, true))
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		i := strings.LastIndexByte(line, ' ')
		want[line[:i]] = line[i+1:]
	}
	if len(want) != len(goldenMatches()) {
		t.Fatalf("%s holds %d matches, want %d", path, len(want), len(goldenMatches()))
	}
	for _, m := range matches {
		for _, whole := range []bool{true, false} {
			if have := playGolden(t, m, whole); have != want[m] {
				t.Errorf("%s (whole requests %v): log sha256 %s, want %s", m, whole, have, want[m])
			}
		}
	}
}
