package server

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden transcript in testdata")

// TestGoldenTranscript pins, message for message, what an agent in seat 0
// receives in a seeded 3-seat, 2-round match when it checks or calls (and
// raises on every fourth turn) against two passive seats: the wire as a
// reader can see it in testdata/transcript_seat0.jsonl. After a deliberate
// change of the wire, run go test -run TestGoldenTranscript -update.
func TestGoldenTranscript(t *testing.T) {
	_, ts := testServer(t, Options{})
	c := create(t, ts, MatchSpec{Seats: 3, Rounds: 2, DeadlineMS: 30000, Seed: strp("golden"), Agents: []int{0}, Adversaries: []string{"passive"}})
	cl := dial(t, ts, c.MatchID, 0, c.Tokens["0"])
	if err := cl.play(callPolicy(c.MatchID)); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	for _, f := range cl.frames {
		got.Write(bytes.ReplaceAll(f.raw, []byte(c.MatchID), []byte("m-golden")))
		got.WriteByte('\n')
	}
	path := filepath.Join("testdata", "transcript_seat0.jsonl")
	if *update {
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := divergence(want, got.Bytes()); n != 0 || !bytes.Equal(want, got.Bytes()) {
		g := bytes.Split(got.Bytes(), []byte("\n"))
		w := bytes.Split(want, []byte("\n"))
		line := func(ls [][]byte, i int) []byte {
			if i > 0 && i <= len(ls) {
				return ls[i-1]
			}
			return nil
		}
		t.Fatalf("transcript differs at message %d:\nhave %s\nwant %s\n(run with -update after a deliberate change)", n, line(g, n), line(w, n))
	}
}
