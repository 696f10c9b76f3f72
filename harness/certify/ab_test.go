package certify

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/reports"
)

// abConfig is a small A/B run of newCmd against baseCmd.
func abConfig(game, newCmd, baseCmd string, matches int) Config {
	cfg := small(game, newCmd, matches)
	cfg.Baseline = Agent{Command: baseCmd}
	return cfg
}

// wallClock matches the RFC 3339 times of a message (BangArena's
// deadlineAt).
var wallClock = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)

// normalTranscript renders a transcript without what differs between two
// plays of one deal by design: times, and the ids the server gives each
// match (match_id, matchId, roomId) and wall-clock times.
func normalTranscript(t *testing.T, ms []reports.Message) []string {
	t.Helper()
	var out []string
	var ids []string
	for _, m := range ms {
		body := m.Content()
		var v map[string]any
		if json.Unmarshal([]byte(body), &v) == nil {
			for _, k := range []string{"match_id", "matchId", "roomId", "room_id"} {
				if id, ok := v[k].(string); ok && id != "" {
					ids = append(ids, id)
				}
			}
		}
		for _, id := range ids {
			body = strings.ReplaceAll(body, id, "ID")
		}
		body = wallClock.ReplaceAllString(body, "TIME")
		out = append(out, string(m.Dir)+" "+body)
	}
	return out
}

// playPairs plays the first n planned matches of cfg with both sides, with
// full transcripts.
func playPairs(t *testing.T, cfg Config, n int) [][2]*MatchResult {
	t.Helper()
	cfg, err := cfg.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRunner(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	r.keepTranscript = true
	var out [][2]*MatchResult
	for _, p := range cfg.plan()[:n] {
		out = append(out, [2]*MatchResult{r.playMatch(context.Background(), p, r.sides[0]), r.playMatch(context.Background(), p, r.sides[1])})
	}
	return out
}

// TestABPairsDuplicated: the same agent as new and baseline plays each pair
// twice identically — same seed, seat, adversaries, and every message of
// the exchange the same but for the ids of the match — in both games, with
// and without kept agents. A different baseline plays other matches.
func TestABPairsDuplicated(t *testing.T) {
	plain := fakeCommand("plain")
	for _, game := range []string{GameInference, GameBangArena} {
		for _, keep := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/keep=%v", game, keep), func(t *testing.T) {
				cfg := abConfig(game, plain, plain, 4)
				cfg.Keep = keep
				// The fake agent is this test binary, slow to start under
				// the race detector on a loaded machine: a first answer
				// past the deadline would be a timeout in one play of the
				// pair and not the other. The pair's sameness, not its
				// timing, is under test.
				cfg.Deadline = 3 * time.Second
				for i, pair := range playPairs(t, cfg, 4) {
					n, b := pair[0], pair[1]
					if n.Seed != b.Seed || n.Seat != b.Seat || n.Adversary != b.Adversary || n.Side != reports.SideNew || b.Side != reports.SideBaseline {
						t.Fatalf("pair %d: %+v vs %+v", i, n.Planned, b.Planned)
					}
					if n.Match.Score != b.Match.Score || n.Match.Rank != b.Match.Rank || n.Role != b.Role {
						t.Errorf("pair %d: score %v rank %d role %q vs %v %d %q", i, n.Match.Score, n.Match.Rank, n.Role, b.Match.Score, b.Match.Rank, b.Role)
					}
					tn, tb := normalTranscript(t, n.Transcript), normalTranscript(t, b.Transcript)
					if len(tn) < 5 || strings.Join(tn, "\n") != strings.Join(tb, "\n") {
						for k := range min(len(tn), len(tb)) {
							if tn[k] != tb[k] {
								c := 0
								for c < min(len(tn[k]), len(tb[k])) && tn[k][c] == tb[k][c] {
									c++
								}
								c = max(0, c-80)
								t.Fatalf("pair %d differs at message %d of %d/%d:\n…%.300s\n…%.300s", i, k, len(tn), len(tb), tn[k][c:], tb[k][c:])
							}
						}
						t.Fatalf("pair %d: %d vs %d messages", i, len(tn), len(tb))
					}
				}
			})
		}
	}
	t.Run("different agents", func(t *testing.T) {
		pairs := playPairs(t, abConfig(GameInference, plain, fakeCommand("weak"), 2), 2)
		for i, pair := range pairs {
			if strings.Join(normalTranscript(t, pair[0].Transcript), "\n") == strings.Join(normalTranscript(t, pair[1].Transcript), "\n") {
				t.Errorf("pair %d: a different baseline played the same match", i)
			}
		}
	})
}

// TestABSelf: an agent against itself, end to end, is declared not worse
// by the default test (every pair a draw) and exits 0; the better test
// [0, 20] declares it not better (exit 1), never better.
func TestABSelf(t *testing.T) {
	agent := bin.agent + " --seed 3"
	cfg := abConfig(GameInference, agent, agent, 200)
	// Every pair a draw holds only while neither side ever times out: on
	// a loaded machine an answer can miss small()'s 400 ms and turn one
	// pair into a win. The agent answers in milliseconds, so the longer
	// deadline is never waited on; it only keeps the pairs symmetric.
	cfg.Deadline = 5 * time.Second
	r := certify(t, cfg)
	ab := r.AB()
	if ab.Overall.SPRT.Decision != reports.SPRTAcceptH1 || ab.Overall.Draws != ab.Overall.Pairs || r.ExitCode() != 0 {
		t.Errorf("self: %s, W/D/L %d/%d/%d, exit %d", ab.Overall.SPRT.DecisionText(), ab.Overall.Wins, ab.Overall.Draws, ab.Overall.Losses, r.ExitCode())
	}
	if len(r.Meta.Seeds) != ab.Overall.SPRT.Pairs || len(r.Matches) != 2*ab.Overall.SPRT.Pairs {
		t.Errorf("the run did not stop at the decision: %d seeds, %d matches, decided after %d pairs", len(r.Meta.Seeds), len(r.Matches), ab.Overall.SPRT.Pairs)
	}
	cfg.Elo0, cfg.Elo1 = 0, 20
	r = certify(t, cfg)
	if d := r.AB().Overall.SPRT.Decision; d != reports.SPRTAcceptH0 || r.ExitCode() != 1 {
		t.Errorf("self against [0, 20]: %s, exit %d", r.AB().Overall.SPRT.DecisionText(), r.ExitCode())
	}
}

// TestABStrongWeak: the example agent against a random player is declared
// better within a bounded number of pairs, and the other way round worse.
func TestABStrongWeak(t *testing.T) {
	strong, weak := bin.agent+" --seed 1", fakeCommand("weak")
	for _, tc := range []struct {
		name, new, base string
		want            string
		exit            int
	}{
		{"strong new", strong, weak, reports.SPRTAcceptH1, 0},
		{"weak new", weak, strong, reports.SPRTAcceptH0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := abConfig(GameInference, tc.new, tc.base, 150)
			cfg.Elo0, cfg.Elo1, cfg.Rounds = 0, 20, 20
			r := certify(t, cfg)
			s := r.AB().Overall.SPRT
			t.Logf("%s: %s", tc.name, s.DecisionText())
			if s.Decision != tc.want || s.Pairs > 100 || r.ExitCode() != tc.exit {
				t.Errorf("%s, exit %d; want %s within 100 pairs, exit %d", s.DecisionText(), r.ExitCode(), tc.want, tc.exit)
			}
		})
	}
}

// TestABShardMerge: the shards of an A/B run, merged, decide as the whole
// run, which stopped at its decision.
func TestABShardMerge(t *testing.T) {
	cfg := abConfig(GameInference, bin.agent+" --seed 1", bin.agent+" --seed 2", 60)
	whole := certify(t, cfg)
	var shards []*reports.Report
	for k := 1; k <= 3; k++ {
		c := cfg
		c.Shard.K, c.Shard.N = k, 3
		shards = append(shards, certify(t, c))
	}
	merged, err := reports.Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	got, want := merged.AB().Overall.SPRT, whole.AB().Overall.SPRT
	t.Logf("whole run: %s; merge: %s", want.DecisionText(), got.DecisionText())
	if got.Decision != want.Decision || got.Pairs != want.Pairs || got.LLR != want.LLR {
		t.Errorf("merge: %s; whole run: %s", got.DecisionText(), want.DecisionText())
	}
	if merged.ExitCode() != whole.ExitCode() {
		t.Errorf("merge exits %d, the whole run %d", merged.ExitCode(), whole.ExitCode())
	}
}

// TestAgentKeep: kept agents play the run's matches as fresh ones do, with
// one process per worker; an agent that crashes in a match fails that
// match only, is restarted, and the run goes on.
func TestAgentKeep(t *testing.T) {
	t.Run("good", func(t *testing.T) {
		cfg := small(GameInference, bin.agent+" --seed 1", 8)
		fresh := certify(t, cfg)
		cfg.Keep, cfg.Workers = true, 2
		kept := certify(t, cfg)
		if kept.ExitCode() != 0 {
			t.Fatalf("kept run: exit %d, failing %v", kept.ExitCode(), failed(kept))
		}
		for i := range kept.Matches {
			if kept.Matches[i].Score != fresh.Matches[i].Score || kept.Matches[i].Termination != reports.TermOK {
				t.Errorf("match %d: kept %v %s, fresh %v", i, kept.Matches[i].Score, kept.Matches[i].Termination, fresh.Matches[i].Score)
			}
		}
		if w := strings.Join(kept.Warnings, "\n"); !strings.Contains(w, "2 processes started") {
			t.Errorf("want 2 processes for 2 workers: %s", w)
		}
		if status(kept, CheckExit) != reports.Skip {
			t.Errorf("the exit check of a kept agent: %v, want skip", status(kept, CheckExit))
		}
	})
	t.Run("crash", func(t *testing.T) {
		cfg := small(GameInference, fakeCommand("keepcrash"), 6)
		cfg.Keep, cfg.Workers = true, 1
		r := certify(t, cfg)
		var terms []string
		for _, m := range r.Matches {
			terms = append(terms, string(m.Termination))
		}
		// One worker: each process plays a good match and crashes in its next.
		if got := strings.Join(terms, ","); got != "ok,crash,ok,crash,ok,crash" {
			t.Errorf("terminations %s", got)
		}
		if w := strings.Join(r.Warnings, "\n"); !strings.Contains(w, "3 processes started, 3 ended after a match they failed") {
			t.Errorf("warnings: %s", w)
		}
		if !strings.Contains(r.Matches[1].Stderr, "crashing in my second match") {
			t.Errorf("the crashed match lacks the agent's stderr: %q", r.Matches[1].Stderr)
		}
	})
	t.Run("stall", func(t *testing.T) {
		// An agent that stops answering fails its match by missed deadlines
		// and is not given another: the next match gets a fresh process.
		cfg := small(GameInference, fakeCommand("keepstall"), 3)
		cfg.Keep, cfg.Workers, cfg.Deadline = true, 1, 150*time.Millisecond
		r := certify(t, cfg)
		var terms []string
		for _, m := range r.Matches {
			terms = append(terms, string(m.Termination))
		}
		if got := strings.Join(terms, ","); got != "ok,timeout,ok" {
			t.Errorf("terminations %s", got)
		}
		if w := strings.Join(r.Warnings, "\n"); !strings.Contains(w, "2 processes started, 1 ended after a match they failed") {
			t.Errorf("warnings: %s", w)
		}
	})
	t.Run("ends on match_end", func(t *testing.T) {
		// An agent written for one process per match, kept: no match is
		// failed for it, and the side falls back to a process per match.
		for _, workers := range []int{1, 3} {
			cfg := small(GameInference, fakeCommand("plain")+" -exit-on-end", 8)
			cfg.Keep, cfg.Workers = true, workers
			r := certify(t, cfg)
			for i, m := range r.Matches {
				if m.Termination != reports.TermOK {
					t.Errorf("%d workers, match %d: %s", workers, i, m.Termination)
				}
			}
			w := strings.Join(r.Warnings, "\n")
			t.Logf("%d workers: %s", workers, w)
			if !strings.Contains(w, "the agent ends after match_end instead of waiting for the next match_start") {
				t.Errorf("%d workers: warnings: %s", workers, w)
			}
		}
	})
}
