// Package referee holds umpire's referees: pure, deterministic Go
// implementations of the rules of each game (subpackages inference and
// bangarena), the rule catalogue (subpackage rules), and, per game, the
// shadow referee that re-derives a match log (inference/verify,
// bangarena/verify) and the one judge, fed by a match log and/or every
// seat's stream (inference/judge, bangarena/judge).
//
// Nothing under referee performs I/O, starts goroutines or reads a clock:
// every result is a function of (config, seed, actions). The readings chosen
// where the rules documents are silent or contradict themselves are listed in
// INTERPRETATIONS.md beside this file.
package referee
