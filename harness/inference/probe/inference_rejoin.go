package probe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/umpire-arena/umpire/harness/conform"

	"github.com/umpire-arena/umpire/referee/rules"
)

// infRejoinSeats is the table of the reconnect probe: two silent seats sit
// out side by side while two others keep the match going.
const infRejoinSeats = 4

// infProbeRejoin checks that reconnecting does not shorten a sit-out
// (inference/timeouts.reconnect): two seats stay silent from the start,
// so both are sat out by their third timeout; at the first round of its
// sit-out one of them closes its connection and says hello on a new one,
// the other does not. The reconnected seat must sit out as many rounds as
// the other: the length itself is the sit-out probe's matter, so a server
// that miscounts every sit-out is not charged here.
func infProbeRejoin(ctx context.Context, t *conform.Target) conform.Result {
	const rule = "inference/timeouts.reconnect"
	if r, ok := conform.NeedCreate(t); !ok {
		return r
	}
	spec := map[string]any{"seats": max(t.TableSize, infRejoinSeats), "rounds": 12, "deadline_ms": t.DeadlineMS, "seed": t.SeedFor("rejoin")}
	id, toks, err := infCreate(ctx, t, spec)
	if err != nil {
		return conform.ProbeErr(err)
	}
	p, err := infJoin(ctx, t, id, toks)
	if err != nil {
		return conform.ProbeErr(err)
	}
	defer p.Close()
	var silent []int // the first two seats asked to move: [reconnects, control]
	third := map[int]int{}
	rejoinedIn := 0
	answer := func(m infMsg) error {
		if m.Env.Type != "your_turn" {
			return nil
		}
		if !slices.Contains(silent, m.Seat) && len(silent) < 2 {
			silent = append(silent, m.Seat)
		}
		if slices.Contains(silent, m.Seat) {
			return nil // stays silent
		}
		if err := p.defaultMove(ctx, m); err != nil && ctx.Err() == nil {
			p.ended[m.Seat] = true // the server closed it: stop playing it
		}
		return ctx.Err()
	}
	for {
		m, err := p.next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return conform.ProbeErr(err)
		}
		if err := answer(m); err != nil {
			return conform.ProbeErr(err)
		}
		ev := m.Ev
		if m.Env.Type != "event" || len(silent) == 0 {
			continue
		}
		if ev.Type == "timeout" && ev.Seat != nil && ev.SitOut && third[*ev.Seat] == 0 {
			third[*ev.Seat] = ev.Round
		}
		if r := third[silent[0]]; ev.Type == "round_start" && r > 0 && ev.Round > r && rejoinedIn == 0 {
			rejoinedIn = ev.Round
			if err := p.rejoin(ctx, silent[0], toks[silent[0]], answer); err != nil {
				return conform.ProbeErr(err)
			}
		}
	}
	if len(silent) < 2 || third[silent[0]] == 0 || third[silent[1]] == 0 {
		return conform.Skip("the two silent seats were not both sat out within the probe match (sat out in rounds %v)", third)
	}
	// The first round after its sit-out began that deals each seat in.
	back := map[int]int{}
	for _, m := range p.Got {
		if m.Env.Type != "event" || m.Ev.Type != "round_start" {
			continue
		}
		for _, s := range silent {
			if back[s] == 0 && m.Ev.Round > third[s] && slices.Contains(m.Ev.DealtIn, s) {
				back[s] = m.Ev.Round
			}
		}
	}
	seat, control := silent[0], silent[1]
	if back[seat] == 0 || back[control] == 0 {
		if back[seat] != 0 && back[seat]-third[seat] < 2 {
			// Back at the round after the reconnect while the other
			// still sits out when the match ends.
			var res conform.Result
			res.Eval(rule)
			res.Findings = append(res.Findings, conform.NewFinding(rule, rules.Where{Seat: &seat, Round: back[seat]}, "the same sit-out as a seat that did not reconnect",
				fmt.Sprintf("dealt in again in round %d", back[seat]),
				"seat %d reconnected in round %d, during its sit-out, and was dealt in again in round %d, while seat %d, sat out with it and not reconnected, was not back by the end", seat, rejoinedIn, back[seat], control))
			return res
		}
		return conform.Skip("the probe match ended before both silent seats were dealt in again (seat %d back in round %d, seat %d in round %d)", seat, back[seat], control, back[control])
	}
	var res conform.Result
	res.Eval(rule)
	if got, want := back[seat]-third[seat], back[control]-third[control]; got < want {
		res.Findings = append(res.Findings, conform.NewFinding(rule, rules.Where{Seat: &seat, Round: back[seat]},
			fmt.Sprintf("dealt in again %d rounds after its third strike, as seat %d", want, control), fmt.Sprintf("dealt in again %d rounds after it", got),
			"seat %d reconnected in round %d, during the sit-out that began with its third strike in round %d, and was dealt in again in round %d; seat %d, sat out in round %d and not reconnected, came back in round %d",
			seat, rejoinedIn, third[seat], back[seat], control, third[control], back[control]))
	}
	return res
}

// rejoin closes seat's connection and opens a new one that says hello
// again with token (WIRE.md: a seat that reconnects sends hello again),
// answering with answer the messages that arrive meanwhile.
func (p *infPlay) rejoin(ctx context.Context, seat int, token string, answer func(infMsg) error) error {
	old := p.conns[seat]
	if old == nil {
		return fmt.Errorf("seat %d is not connected", seat)
	}
	closeSeat(old, p.raws[old], "reconnecting")
	for !p.ended[seat] { // the old reader's end
		m, err := p.next(ctx)
		if err != nil {
			return err
		}
		if err := answer(m); err != nil {
			return err
		}
	}
	c, raw, err := dialSeat(ctx, p.t, p.matchID, seat)
	if err != nil {
		return err
	}
	p.conns[seat], p.raws[c] = c, raw
	delete(p.ended, seat)
	p.wg.Add(1)
	go p.read(p.ctx, seat, c)
	return p.send(ctx, seat, map[string]any{"type": "hello", "match_id": p.matchID, "seat": seat, "token": token})
}
