// Package judge is umpire's one judge of an Inference match, fed by
// whatever it is handed: the server's match log (full or public), every
// seat's own stream of events, or both (issue 27).
//
// Gather merges the sources into one Record of the match: the log's lines
// when there is a log, else the public events as the seats were shown
// them (every seat is shown the same objects as the log, in the log's
// order), with the hidden values filled in from whatever source shows
// them — the log's deal_private lines, or each seat's own deal_private
// (one seat's private event fills the others' blanks). A round whose
// dealt values are not all shown by some source keeps none of them: the
// record is then public for that round, and the checks that need a
// hidden value are inconclusive (the values revealed at the showdown are
// still checked), never guessed. Record.Unknown says what stayed unknown
// and why.
//
// Judge checks a Record with the same code that verifies a log
// (referee/inference/verify, the log verifier: one implementation of each
// rule), so a divergence names the rule it breaks exactly as `umpire
// verify` would name it. A record built from the seats alone is not a
// log: the rules about the log file's own form (its field set, the
// order and sort of its lines, the log's deal_private lines, the deal
// function re-derived from the log) are neither reported nor counted
// from it. The reading is I-INF-V9 in referee/INTERPRETATIONS.md.
//
// Follow also returns the public figures of the table after every line
// (what a visible_state sent there must show, the finished rounds
// included, and the rules charged on that line); FollowSeat does so for
// one seat's stream alone, mapping each of its events to its line: the
// live views check holds every welcome and your_turn to them.
//
// Standard library only, like the rest of referee/.
package judge
