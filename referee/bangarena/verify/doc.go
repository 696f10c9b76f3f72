// Package verify is the BangArena log verifier: it reads a room's event log
// (the engine's JSON Lines, as written by umpire simulate and the embedded
// server's room log) and reports, as rules.Finding values, every place where
// the log and the rules disagree.
//
// NewBangArena / VerifyBangArenaReader: given the seed the log commits to,
// the verifier re-simulates the match with the log's own decisions and
// compares every event, reporting the first divergence per rule area
// (setup, turns, draws, checks, card effects, reactions, damage, glory, win,
// decisions) and resynchronising where it can (I-BA-V1, I-BA-V2). Without
// the seed, a caller holding the whole log may hand BangArenaOptions.Shown
// (ShownIn): the match is then re-simulated with the random outcomes the log
// shows (referee/bangarena/judge), each checked to have been possible
// (I-BA-V8). An outcome the log runs out of waits for the divergence it
// causes, which names the rule by its cause. A public log (no role, no
// decision line: what a spectator sees) is compared with the match as a
// spectator sees it, each decision inferred from the events after it, the
// cards nobody saw carried as unknown by the judge (public.go, I-BA-V9);
// where the log does not settle an outcome the replay stops, inconclusive,
// and says why (BangArenaSummary.Unseen).
//
// The package performs no I/O beyond reading the io.Reader a caller hands
// to Read or VerifyBangArenaReader, starts no goroutines and reads no clock;
// it imports only the standard library and umpire's referee packages. The
// readings it applies where the rules are silent are I-BA-V1 onwards in
// referee/INTERPRETATIONS.md.
package verify
