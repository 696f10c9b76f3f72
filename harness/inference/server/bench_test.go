package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"testing"
)

// BenchmarkMatchesAllAdversaries: whole 6-seat, 40-round matches with only
// scripted seats, created and run by the server; reports matches/s.
func BenchmarkMatchesAllAdversaries(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	spec := MatchSpec{Agents: []int{}, Adversaries: []string{"random", "passive", "aggressive", "heuristic"}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seed := fmt.Sprint("bench-", i)
		spec.Seed = &seed
		c, err := s.CreateMatch(spec)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Wait(context.Background(), c.MatchID); err != nil {
			b.Fatal(err)
		}
		s.Forget(c.MatchID)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "matches/s")
}

// BenchmarkMatchesAllAdversariesParallel: the same with matches running
// at once on every CPU.
func BenchmarkMatchesAllAdversariesParallel(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	var n atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			seed := fmt.Sprint("bench-p-", n.Add(1))
			c, err := s.CreateMatch(MatchSpec{Seed: &seed, Agents: []int{}, Adversaries: []string{"random", "heuristic"}})
			if err != nil {
				b.Error(err)
				return
			}
			if _, err := s.Wait(context.Background(), c.MatchID); err != nil {
				b.Error(err)
				return
			}
			s.Forget(c.MatchID)
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "matches/s")
}

// BenchmarkMovesLoopback: two WebSocket clients over loopback play seats 0
// and 1 of a 3-seat match against one scripted seat; reports the clients'
// moves per second (each move is a your_turn out and a move back).
func BenchmarkMovesLoopback(b *testing.B) {
	_, ts := testServer(b, Options{})
	var moves atomic.Int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := create(b, ts, MatchSpec{Seats: 3, Rounds: 20, DeadlineMS: 30000, Seed: strp(fmt.Sprint("loop-", i)), Agents: []int{0, 1}, Adversaries: []string{"passive"}})
		var wg sync.WaitGroup
		for seat := range 2 {
			cl := dial(b, ts, c.MatchID, seat, c.Tokens[fmt.Sprint(seat)])
			policy := callPolicy(c.MatchID)
			wg.Go(func() {
				if err := cl.play(func(f frame) *MoveMsg { moves.Add(1); return policy(f) }); err != nil {
					b.Error(err)
				}
				_ = cl.c.CloseNow()
			})
		}
		wg.Wait()
	}
	b.ReportMetric(float64(moves.Load())/b.Elapsed().Seconds(), "moves/s")
}

// stdioAgent answers every your_turn read from in with a call written to
// out, as cheaply as a line agent can (no JSON decoding), until match_end.
// It reports the moves made and the Write calls it saw arrive (reads of
// the pipe, each one server Write at most).
func stdioAgent(in io.Reader, out io.Writer) (moves int, err error) {
	r := bufio.NewReaderSize(in, 64<<10)
	var move []byte
	for {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return moves, err
		}
		switch {
		case bytes.HasPrefix(line, []byte(`{"type":"match_end"`)):
			return moves, nil
		case !bytes.HasPrefix(line, []byte(`{"type":"your_turn"`)):
			continue
		}
		i := bytes.Index(line, []byte(`"match_id":`))
		j := bytes.Index(line, []byte(`,"round":`))
		k := bytes.Index(line, []byte(`"turn":`))
		l := bytes.IndexByte(line[k:], ',')
		if i < 0 || j < i || k < 0 || l < 0 {
			return moves, fmt.Errorf("your_turn without match_id or turn: %s", line)
		}
		move = append(move[:0], `{"type":"move","match_id":`...)
		move = append(move, line[i+len(`"match_id":`):j]...)
		move = append(move, `,"turn":`...)
		move = append(move, line[k+len(`"turn":`):k+l]...)
		move = append(move, `,"action":"call"}`+"\n"...)
		if _, err := out.Write(move); err != nil {
			return moves, err
		}
		moves++
	}
}

// BenchmarkMovesStdio: one agent seat over RunStdio (io.Pipe both ways, as
// umpire certify drives it) against five scripted seats of a 6-seat,
// 40-round match; reports the agent's moves per second (each a your_turn
// out, preceded by the events of the scripted moves, and a move back).
func BenchmarkMovesStdio(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	var moves int
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		c, err := s.CreateMatch(MatchSpec{Seats: 6, Rounds: 40, DeadlineMS: 30000, Seed: strp(fmt.Sprint("stdio-", i)), Agents: []int{0},
			Adversaries: []string{"passive", "heuristic"}})
		if err != nil {
			b.Fatal(err)
		}
		toAgentR, toAgentW := io.Pipe()
		fromAgentR, fromAgentW := io.Pipe()
		done := make(chan error, 1)
		go func() {
			n, err := stdioAgent(toAgentR, fromAgentW)
			moves += n
			_, _ = io.Copy(io.Discard, toAgentR)
			done <- err
		}()
		if err := s.RunStdio(context.Background(), c.MatchID, 0, fromAgentR, toAgentW); err != nil {
			b.Fatal(err)
		}
		if err := <-done; err != nil {
			b.Fatal(err)
		}
		fromAgentW.Close()
		s.Forget(c.MatchID)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/match")
}

// BenchmarkEchoStdio is the floor BenchmarkMovesStdio is measured against:
// a bare round trip of a your_turn-sized line and a move over two io.Pipes,
// with no server; reports round trips per second.
func BenchmarkEchoStdio(b *testing.B) {
	line := append(bytes.Repeat([]byte("x"), 3000), '\n')
	move := []byte(`{"type":"move","match_id":"m-1","turn":1,"action":"call"}` + "\n")
	toAgentR, toAgentW := io.Pipe()
	fromAgentR, fromAgentW := io.Pipe()
	go func() {
		r := bufio.NewReaderSize(toAgentR, 64<<10)
		for {
			if _, err := r.ReadSlice('\n'); err != nil {
				fromAgentW.Close()
				return
			}
			if _, err := fromAgentW.Write(move); err != nil {
				return
			}
		}
	}()
	r := bufio.NewReaderSize(fromAgentR, 64<<10)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := toAgentW.Write(line); err != nil {
			b.Fatal(err)
		}
		if _, err := r.ReadSlice('\n'); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	toAgentW.Close()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}
