// Package verify is umpire's shadow referee for match logs: it replays an
// Inference match log (the JSON Lines of WIRE.md, /r/{id}.jsonl) line by line
// and reports, as rules.Finding values, every place where the log and the
// rules disagree.
//
// A Verifier keeps only the table's state, in the engine's own terms: a
// SeatState per seat (with a few flags of its own beside it) and the
// round's RoundState (number, dealer, ante, bet, raises, turn, seat to
// act), so it verifies a log of any length in constant memory: feed it
// lines with Line and close with Finish, or let VerifyReader do both from
// an io.Reader. The rules themselves are the engine's (referee/inference:
// who is dealt in, the button, the antes, the seat to act and the end of
// betting, calls, raises, what an action or a bust does to a seat,
// strikes, the settlement of a showdown, the ranking, the match end),
// evaluated and advanced on that state line by line; what is the
// verifier's own is reading the log around them: adopting what the log
// says after a divergence, hidden values until they are revealed, and
// citing each finding's rule at its line.
//
// Why not a whole inference.State: the State is the engine's match, not a
// reader's. It starts a round in one step (returns, deal, every ante, the
// opening of the betting) from values given up front, where a log shows
// each as a line of its own that may be missing, late or wrong and is
// judged at that line; it refuses a move that breaks a rule and changes
// nothing, where the verifier must go on from what the log did (a raise
// past the cap, a seat out of turn, an ante beyond the stack), so every
// refusal would need a second, adopting path through the engine; its
// stacks are exact and conserved, where a log can leave a stack unknown
// (a round it never closed) or two-valued (a payout it got wrong) until a
// later line settles it; and it keeps the match's history and records
// (rounds, actions, messages), which grow with the log. So the verifier
// holds the parts of a State that a reader can hold, the seats and the
// round's count, and plays the engine's rules on them; RoundState's fields
// are plain, so adopting the log is assigning them.
//
// What it checks: the order of lines (match_start first, round structure,
// turns from 0, message before its action, timeout before the server's
// action, showdown closing each round, busts after it, match_end last);
// seating and the dealer button; who is dealt in (busts, sit-outs, returns);
// antes by the ramp and short-stack all-ins; every action (seat in turn,
// call amounts, raise bounds and cap, coverage, all-in flags) and the end of
// betting; timeouts (default action, strikes, sit-out, back_in_round, last
// strike, strikes cleared by a move); showdowns (pot, side pots, winners,
// ties, odd chips, uncontested pots revealing nothing); busts; the match
// end reason and round; the final ranking; the seed commitment; and, for
// logs dealt by umpire's documented deal function, every dealt value.
//
// After a divergence the verifier adopts what the log says and goes on, so
// one bug gives one finding rather than a cascade. A public log (without
// deal_private lines) is checked for everything that does not depend on
// hidden values; what the log cannot prove is counted as inconclusive in the
// Summary, never reported as a MUST finding.
//
// Each line is read by a one-pass JSON scanner that validates the whole
// grammar while it picks the fields it knows; it allocates only to decode
// strings with escapes (and match_start).
//
// BangArena logs are verified by referee/bangarena/verify.
//
// The Inference judge (referee/inference/judge) runs this verifier over a
// record of the match merged from the log and every seat's stream, so a
// match whose server offers no log is judged by the same code.
//
// The package performs no I/O beyond reading the io.Reader a caller hands to
// VerifyReader or Read, starts no goroutines and reads no clock; it imports
// only the standard library and umpire's referee packages. The readings it
// applies where the rules are silent are I-INF-V1 to I-INF-V6 in
// referee/INTERPRETATIONS.md.
package verify
