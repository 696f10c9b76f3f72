// Package inference is umpire's referee for Inference (rules inference-0.4):
// a pure, deterministic engine for the betting game with hidden values.
//
// The package has three layers, each usable on its own:
//
//   - Pure functions of the rules: the ante schedule (AnteFor), legal
//     actions (LegalActions, LegalFromView), pots and side pots (Pots),
//     payouts (Settle, or a Settler that keeps its buffers and tells what
//     a showdown involved), the final ranking (Rank), call_breakeven_value
//     (BreakevenValue) and the seeded deal (SeedCommit, DealValue,
//     SeatAssignment, FirstDealer); and the table's rules on SeatState
//     values (table.go: DealtIn, Button, AntePay, OpenBetting, DueToAct,
//     NextToAct, CallPay, CheckRaise, Strike, EndReason) and what a
//     round does to a seat (Deal, PostAnte, Put, Moved, SitOut, Bust); and
//     the round's count, RoundState (roundstate.go: number, dealer, ante,
//     bet, raises, turn, seat to act, advanced by Begin, Open, Raise,
//     Next), with the rule a logged call or ante breaks (CheckCall,
//     CheckAnte). State plays by them and referee/inference/verify advances its own
//     seats and RoundState by them on a replayed log, so each rule is
//     written once.
//   - State, the table of one match: rounds are started with dealt values
//     supplied by the caller (or unknown, for a public log), moves and
//     timeouts are applied, showdowns resolved (with values revealed later
//     when unknown), and every step is reported as an Event to an optional
//     Sink. Events marshal to exactly the match log lines of WIRE.md and
//     ParseEvent reads them back.
//   - Match, a State dealt by a Chance (chance.go: the seating, round 1's
//     dealer and every value), which starts each round itself (NewMatch,
//     or PrepareMatch then Start to show round 0 first). Seeded(seed), the
//     deal functions above, is umpire's Chance; PrepareMatchWith takes
//     another.
//
// Views (View, or ViewInto to reuse buffers) are what one seat may see;
// LegalFromView re-derives legal_actions from a view alone. The State's
// read accessors (Seat, ToAct, CurrentBet, Pot, History, …) and the
// between-round setters (SetCredits, SetStrikes, SetSittingOut,
// SetNextDealer) let a verifier inspect and resynchronise a replay.
//
// Rejected moves return a *rules.Error naming the catalogue rule and leave
// the state unchanged. Where the rules document is silent, the engine
// follows the readings recorded in referee/INTERPRETATIONS.md (I-INF-n),
// cited in comments where they apply.
//
// The package performs no I/O, starts no goroutines and reads no clock.
package inference
