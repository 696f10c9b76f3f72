package server

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"
)

// wholeOnly hides a player's DecideGame, so the room builds a whole
// request for every move: the straightforward path.
type wholeOnly struct{ Player }

// TestDeltaAdversariesPlayTheSameGames: scripted seats that read only the
// events new since their previous move (deltaAdversary) and choose from the
// referee's items (deltaAdversary, itemAdversary: no argsSchema maps) play
// exactly the games the same players play from whole requests: same logs,
// byte for byte but for the room ids.
func TestDeltaAdversariesPlayTheSameGames(t *testing.T) {
	plain := func(kind string, seed int64) (Player, error) {
		p, err := Adversaries(kind, seed)
		return wholeOnly{p}, err
	}
	ids := regexp.MustCompile(`"(matchId|roomId)":"[^"]*"`)
	logOf := func(players PlayerFactory, cfg RoomConfig) []byte {
		t.Helper()
		s, err := New(Options{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Shutdown(context.Background())
		room, err := s.CreateRoom(cfg)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := s.Wait(ctx, room.RoomID); err != nil {
			t.Fatal(err)
		}
		log, err := s.Log(room.RoomID)
		if err != nil {
			t.Fatal(err)
		}
		return ids.ReplaceAll(log, []byte(`"$1":"-"`))
	}
	delta := 0
	for i, mode := range []string{"classic", "partners", "impostor", "legacy"} {
		for seats := 4; seats <= 8; seats += 2 {
			cfg := RoomConfig{Seats: seats, RoleMode: mode, Seed: fmt.Sprintf("delta-%d-%d", i, seats), Adversaries: []string{"heuristic", "random", "heuristic"}}
			t.Run(fmt.Sprintf("%s/%d", mode, seats), func(t *testing.T) {
				want, got := logOf(plain, cfg), logOf(Adversaries, cfg)
				if !bytes.Equal(got, want) {
					t.Fatalf("the room log differs from the whole-request game (%d vs %d bytes)", len(got), len(want))
				}
			})
		}
	}
	// The default factory really takes the delta path for view readers.
	if p, _ := Adversaries("heuristic", 1); p != nil {
		if _, ok := p.(GameDecider); ok {
			delta++
		}
	}
	if delta == 0 {
		t.Fatal("the heuristic adversary is not a GameDecider: the test compared nothing new")
	}
	if p, _ := Adversaries("random", 1); p != nil {
		if _, ok := p.(GameDecider); !ok {
			t.Fatal("the random adversary is not a GameDecider: the test compared nothing of the items path")
		}
	}
}
