package probe

import (
	"fmt"
	"strings"

	"github.com/umpire-arena/umpire/harness/conform"

	baadv "github.com/umpire-arena/umpire/harness/bangarena/players"
	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// Steering a session room by its seed (issue 13, I-BA-P8), an optimisation
// for a server that declares umpire's generator (chance "umpire-chacha8" in
// its create answer): the seats' decisions steer on any server
// (bangarena_decide.go); where the deal is known the suite plays a few candidate seeds through the referee with its
// own players before it creates the room, and takes the one whose match
// adds most to what the rooms before it exercise (the rules the engine
// evaluates, the events and cards of the match, the rare ends). A server whose deal differs plays another
// match from that seed: nothing is lost but the steering.

// baSteerTries bounds the candidate seeds of a room of 8 seats (the first
// is the unsteered one); a smaller table, quicker to simulate, gets as many
// more as keep the seats simulated the same (baSteerTriesFor).
const baSteerTries = 16

// baSteerTriesFor is the number of candidate seeds of a room of size
// seats: 16 at 8 seats, 32 at 4 — the rare situations of one card (the
// Saloon) and the rare ends each need their own candidates in the small
// rooms, which cost half as much to play.
func baSteerTriesFor(size int) int {
	if size <= 0 {
		return baSteerTries
	}
	return max(baSteerTries, baSteerTries*8/size)
}

// baSteerKeys names what a match the referee played to its end exercised:
// the rules the engine evaluated, the event types and commands of its log,
// the team that won, and the ends §10 and §9 make rare (dead aides winning with the law, dead
// raiders with the raiders, a lone survivor, the Marshal's penalty).
func baSteerKeys(g *ba.Game) map[string]bool {
	keys := map[string]bool{}
	for r := range g.Evaluated() {
		keys[r] = true
	}
	log := g.Log()
	played, dynamite := -1, false // the last card_played; a Dynamite checked this turn
	for i, e := range log {
		keys["event:"+e.Type] = true
		switch {
		case e.Type == "card_played":
			keys["command:"+e.Command] = true
			played = i
		case e.Type == "turn_start":
			dynamite = false
		case e.Type == "check" && e.Kind == "dynamite":
			dynamite = true
		case e.Type == "check" && e.Kind == "jail" && dynamite:
			keys["dynamite and jail"] = true // both checks at one turn's start (§3 order)
		case e.Type == "heal" && played >= 0 && log[played].CardID == "heal_all" && e.Seat != log[played].Seat:
			keys["saloon heals another"] = true // not only its player (§5)
		}
		if e.Type == "take" && e.Reason == "char_05" && e.Zone == "hand" {
			keys["grip take"] = true // Grip's first draw from a hand: a random card of it (§6)
		}
		if e.Type == "take" && e.Reason == "char_15" {
			keys["scavenger take"] = true // cards of the eliminated seat taken, not discarded
		}
	}
	team, seats := g.Winners()
	keys["win:"+team] = true
	v := g.View(-1)
	for _, s := range seats {
		if s < len(v.Players) && !v.Players[s].Alive {
			keys["dead winner:"+team] = true
		}
	}
	if team == ba.TeamLone && len(seats) == 1 && g.Config().RoleMode != ba.ModePartners {
		// In partners mode below 8 seats §10 rule 2 names the same
		// winner: only elsewhere does a lone survivor show rule 1.
		keys["sole survivor"] = true
	}
	return keys
}

// baSteerWeight is what a key newly exercised is worth: the ends of a
// match (a team's win, dead winners, a lone survivor) — one per room at
// most, so rare — count as much as several rules, and the rare situations
// of baSteerRare as a few.
func baSteerWeight(key string) int {
	switch {
	case strings.HasPrefix(key, "win:"), strings.HasPrefix(key, "dead winner:"), key == "sole survivor":
		return 8
	case baSteerRare[key]:
		return 5
	}
	return 1
}

// baSteerRare are the situations of one card or one end of a life that few
// matches reach: the single Saloon (and its heal of a seat other than its
// player), the legacy kill reward, the Marshal's penalty, a bounty, the
// last bullet, two empty piles, a Dynamite and a Jail checked at one turn's
// start, Grip's first draw from a hand.
var baSteerRare = map[string]bool{
	"command:play_heal_all": true, "event:kill_reward": true, "event:kill_penalty": true, "event:glory_bounty": true,
	"bangarena/9.last-bullet": true, "bangarena/3.empty-piles": true, "scavenger take": true, "saloon heals another": true,
	"dynamite and jail": true, "grip take": true,
}

// baSteerChoose picks one candidate per room (cands[room][k] is what
// candidate k exercises; nil: it could not be simulated) so that the rooms
// together exercise as much as they can (weighted by baSteerWeight),
// climbing from the unsteered candidates (baSteerAscend).
func baSteerChoose(cands [][]map[string]bool) []int {
	var best []int
	bestTotal := -1
	try := func(pick []int) {
		baSteerAscend(cands, pick)
		if t := baSteerTotal(cands, pick, -1); t > bestTotal {
			best, bestTotal = pick, t
		}
	}
	try(make([]int, len(cands)))
	return best
}

// baSteerAscend improves pick room by room, twice over — each room takes
// the candidate that adds most to the other rooms' (a tie keeps the
// earlier candidate) — then pair of rooms by pair, where two rooms must
// trade what they exercise to gain (one room's end for another's).
func baSteerAscend(cands [][]map[string]bool, pick []int) {
	baSteerSingles(cands, pick)
	for a := range cands {
		for b := a + 1; b < len(cands); b++ {
			best, ka, kb := baSteerTotal(cands, pick, -1), pick[a], pick[b]
			for i := range cands[a] {
				for j := range cands[b] {
					if cands[a][i] == nil || cands[b][j] == nil {
						continue
					}
					pick[a], pick[b] = i, j
					if t := baSteerTotal(cands, pick, -1); t > best {
						best, ka, kb = t, i, j
					}
				}
			}
			pick[a], pick[b] = ka, kb
		}
	}
	baSteerSingles(cands, pick)
}

// baSteerSingles improves pick room by room, twice over.
func baSteerSingles(cands [][]map[string]bool, pick []int) {
	for range 2 {
		for r := range cands {
			cur := pick[r]
			bestK, bestGain := cur, -1
			for k, keys := range cands[r] {
				if keys == nil {
					continue
				}
				pick[r] = k
				if gain := baSteerTotal(cands, pick, -1); gain > bestGain {
					bestK, bestGain = k, gain
				}
			}
			pick[r] = bestK
		}
	}
}

// baSteerTotal is the weighted count of what the picked candidates
// exercise together (skip: a room left out, -1 for none).
func baSteerTotal(cands [][]map[string]bool, pick []int, skip int) int {
	u := map[string]bool{}
	total := 0
	for r, k := range pick {
		if r == skip || k >= len(cands[r]) {
			continue
		}
		for key := range cands[r][k] {
			if !u[key] {
				u[key] = true
				total += baSteerWeight(key)
			}
		}
	}
	return total
}

// baSteerPurposes returns, for each session room of plan, the purpose (the
// seed's suffix, Target.seedFor) of its chosen candidate seed: purpose,
// then purpose~1 … purpose~(baSteerTriesFor(size)−1), each simulated through the
// referee with the suite's players (baSimulate) and chosen together
// (baSteerChoose). A room whose first candidate cannot be simulated keeps
// it.
func baSteerPurposes(t *conform.Target, plan []baRoomPlan) []string {
	cands := make([][]map[string]bool, len(plan))
	names := make([][]string, len(plan))
	for r, pl := range plan {
		size := pl.mode.seats
		if size == 0 {
			size = t.TableSize
		}
		cfg := ba.Config{Seats: size, RoleMode: pl.mode.mode, Characters: pl.mode.characters(size)}
		for k := range baSteerTriesFor(size) {
			p := pl.purpose
			if k > 0 {
				p = fmt.Sprintf("%s~%d", pl.purpose, k)
			}
			keys, ok := baSimulate(t.SeedFor(p), cfg)
			if !ok {
				if k == 0 {
					break // not the referee's match: no steering
				}
				keys = nil
			}
			cands[r] = append(cands[r], keys)
			names[r] = append(names[r], p)
		}
	}
	out := make([]string, len(plan))
	for r, k := range baSteerChoose(cands) {
		out[r] = plan[r].purpose
		if k < len(names[r]) {
			out[r] = names[r][k]
		}
	}
	return out
}

// baSimulate plays a match of cfg from seed through the referee with the
// players a session room of that seed gets (newRoom) and names what it
// exercised; ok is false when it cannot be played to its end.
func baSimulate(seed string, cfg ba.Config) (keys map[string]bool, ok bool) {
	g, err := ba.NewGame(cfg, seed)
	if err != nil {
		return nil, false
	}
	g.TrackRules()
	// The seats decide as a session room's do: the heuristic under the
	// steering of its decisions (baSteerSeat).
	steer := newBaRoomSteer(newBaSteer(), cfg.RoleMode)
	players := make([]baadv.DeltaPlayer, cfg.Seats)
	for s := range players {
		p, err := baadv.New("heuristic", fmt.Sprintf("%s/%d", seed, s))
		if err != nil {
			return nil, false
		}
		if _, isDelta := p.(baadv.DeltaPlayer); !isDelta {
			return nil, false
		}
		players[s] = &baSteerSeat{inner: p, room: steer}
	}
	since := make([]int, cfg.Seats)
	var buf []ba.Event
	for range 4000 {
		seat, asked := g.Decider()
		if !asked {
			return baSteerKeys(g), g.Over()
		}
		req, next := g.RequestSince(seat, "", since[seat], buf)
		since[seat], buf = next, req.Observation.Events
		d, err := players[seat].DecideDelta(&req)
		if err != nil || g.Apply(seat, d.ActionID, d.Args) != nil {
			return nil, false
		}
	}
	return nil, false
}
