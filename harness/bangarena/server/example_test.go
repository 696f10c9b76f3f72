package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"time"

	baserver "github.com/umpire-arena/umpire/harness/bangarena/server"
)

// A room with every seat scripted plays to the end on its own; its log is
// then served at GET /api/ai/rooms/{roomId}/log.
func Example() {
	s, err := baserver.New(baserver.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	defer s.Shutdown(context.Background())

	room, err := s.CreateRoom(baserver.RoomConfig{Seats: 4, Seed: "example"})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.Wait(ctx, room.RoomID); err != nil {
		fmt.Println(err)
		return
	}
	st, _ := s.Status(room.RoomID)
	log, _ := s.Log(room.RoomID)
	fmt.Println("ended:", st.Ended, "phase:", st.Phase, "log served:", len(log) > 0)
	// Output: ended: true phase: ended log served: true
}

// Faults are named explicitly; an unknown name is an error.
func ExampleParseFaults() {
	faults, err := baserver.ParseFaults("leak-hand, accept-stale")
	fmt.Println(faults, err)
	_, err = baserver.ParseFaults("make-coffee")
	fmt.Println(err != nil)
	// Output:
	// [leak-hand accept-stale] <nil>
	// true
}
