// Package certify runs `umpire certify` and `umpire replay`: it plays seeded
// matches of the agent under test against scripted adversaries on the
// embedded reference servers, judges every exchange with the agent, and
// builds a report (package reports) with checks, findings, per-match results
// and statistics.
//
// # Games
//
// The package knows a game only through the Game its wiring registers
// (harness/<game>/register.go hands it to harness/game; gameOf finds it):
// its checks (CheckDef: a Check name and its rule), default deadline,
// configuration rules, report settings and Start, which starts the game's
// embedded server and returns its Driver. Each game's driver lives with the
// game (harness/<game>/certifyside) and plays one match with the agent
// through the hooks the runner hands it: the Judge (Ran, Fail, SkipIf,
// Note, Harness, StoppedAfterError), the Link to the agent (Ask, Send,
// Post, Flush, Alive, Process, Late, Own, and the KeyOf, NotAnswer, Resent
// and Reuses a game may set), and the Outcome it returns. The package
// imports no game's server, players or driver; its tests link every
// game's registration through an external test file (registry_test.go
// imports harness/allgames).
//
// # Matches, seeds, seats and adversaries
//
// Match i (0-based) of a run seeded S is seeded MatchSeed(S, i) = "S/i".
// The agent sits in seat i mod seats, so consecutive matches rotate it round
// the table; every other seat is played by one scripted adversary kind,
// Adversaries[i mod len(Adversaries)], so each match is a clean sample of
// "agent against that kind". In BangArena the roles are dealt from the seed
// (the rules give the deal no choice), so the agent meets the roles the seeds
// deal to its rotating seat; each match's role is in MatchResult.Role and in
// the output of `umpire replay`. A shard k/n plays the matches harness/shard.Select
// picks from the seed list; the merge of all shards is the unsharded run.
//
// # A/B runs
//
// With a Baseline, every planned match is played twice, by the agent under
// test (reports.SideNew) and by the baseline (reports.SideBaseline): same
// seed, seat, table and adversaries. Inference values and BangArena decks
// depend only on the seed and the scripted adversaries are seeded from it,
// so the two matches of a pair differ only where the two agents act
// differently. The pair's sample is the score difference, its outcome a
// win, draw or loss of the new agent; package reports computes the paired
// statistics and the SPRT from the raw per-match records, so a merge of
// shards recomputes them (reports.ABOf).
//
// The SPRT is fishtest's GSPRT in the trinomial model on pair outcomes,
// with logistic Elo hypotheses H0: Elo = Elo0 ("the new agent is worse",
// default −20) and H1: Elo = Elo1 ("not worse", default 0), α and β 0.05,
// Wald's bounds ln(β/(1−α)) and ln((1−β)/α); see reports.LLR for the
// formula and its source. Trinomial rather than pentanomial: fishtest
// counts game pairs in five classes because the two games of a pair (one
// opening, colours reversed) are correlated and the pair is its
// independent unit. Here a pair is already one comparison of the two
// agents on one deal, independent of every other seed; it has three
// outcomes, and grouping two pairs would correlate nothing. An unsharded
// run stops at the first prefix of pairs (in plan order, so the stop does
// not depend on scheduling) where the test decides; a shard plays all its
// pairs, and the merge decides on the same prefix the whole run would have
// stopped at. The baseline's findings do not fail the run (a note counts
// them); a harness error in either match makes the pair void.
//
// # Kept agents
//
// With Keep, a JSON Lines agent is started once per worker rather than
// once per match (a pool per side, never more processes than matches
// played at once) and gets a match_start line before each match. A match
// it fails by crashing, hanging or flooding, or one cut short, ends the
// process; the next match starts a fresh one. The exit check is skipped
// for a kept agent, whose input is closed at the end of the run. An agent
// that ends on match_end (the contract without keeping) is found gone when
// it is given its next match, before it answered anything in it: that
// match is played again with a fresh process, and the side falls back to a
// process per match.
//
// # Transports
//
// An agent is reached in one of three ways (Agent): a JSON Lines subprocess
// (one process per match, its own process group, killed and reaped at the
// end), an HTTP endpoint POSTed each decision, or a program that connects to
// a loopback listener of the embedded server by itself (UMPIRE_* variables).
// For the first two, umpire plays the client's part of the server protocol
// and passes each decision to the agent, so it sees every line and times every
// answer; in connect mode it sees only what the server reports (timeouts,
// replaced answers), and says so with skipped checks.
//
// # Throughput
//
// A run plays Config.Workers matches at once (a thousand work on two
// cores). JSON Lines agents start a few at a time — a start slot is held
// from a process's start until its first request has been answered or given
// up — so that programs starting together do not take the machine from the
// matches already playing; the time spent waiting for a slot is not counted
// against the match. The embedded server's messages reach the driver a
// burst at a time, and the events of a burst reach the agent with the
// request that ends it, in one write. BenchmarkLoad (make load) measures
// decisions per second against a bare echo round trip, and the deadline
// misses umpire itself caused.
//
// # Checks
//
// Each match gets one check per agent rule (referee/rules, ids
// "<game>/agent.<slug>"): legal answers, answers in time, recovery after an
// Inference error or a BangArena reask, echo of turn / observationVersion,
// commandId use, the 280-character message limit, nothing sent when not
// asked, survival of a server-side error, no crash, no hang, stdout hygiene,
// and (SHOULD) exiting after match_end. A check that the match did not
// exercise (no illegal answer, so no reask) is skipped with its reason, never
// passed. The server-side error is injected by umpire in subprocess mode:
// before the agent's first Inference your_turn an error it did not cause
// (code stale_turn, which needs no answer), and at its first BangArena
// decision a retryable rejection of its answer (the pause of §14) followed by
// the same request again.
//
// # Terminations
//
// Every match ends for the agent with one code of reports.Termination, by
// precedence: harness-error (umpire failed; counted apart, makes the exit
// code 3), crash, hang, disconnect, illegal, malformed (a flood counts here,
// with a hygiene finding naming it), timeout, ok.
//
// # Budgets
//
// Three layers: the decision deadline (Config.Deadline) for each answer; a
// watchdog per match (Config.MatchBudget, derived from the deadline and the
// match size when 0) after which the agent's process group is killed and the
// match judged a hang; and the caller's context for the whole run. In
// BangArena, once the agent has crashed, hung, flooded or missed
// MaxTimeouts deadlines in a row, its seat finishes the match on the
// server's fallback answers (§14, §16's budget cap), given at once by the
// passive player — the answers the server gives a silent seat — so a dead
// agent costs no further deadlines.
//
// # Statistics and early stop
//
// Per adversary kind: win rate with a Wilson 95 % interval, mean rank and
// mean score (Inference credits, BangArena glory) with Student-t intervals,
// latency percentiles — computed by package reports from the per-match
// records. UntilConfident stops early, at the first prefix of matches (in
// match order, so the stop does not depend on scheduling) of at least
// MinConfident matches where the Wilson interval of the pooled win rate
// excludes the null rate 1/seats — the share of wins of a seat chosen at
// random. The claim it decides is "the agent wins more (or less) often than
// chance at this table"; Report.Warnings states which way it went.
package certify
