// Package referee holds umpire's referees: pure, deterministic Go
// implementations of the rules of each game (subpackages inference and
// bangarena), the rule catalogue (subpackage rules) and the shadow referee
// that re-derives observed matches (subpackage verify).
//
// Nothing under referee performs I/O, starts goroutines or reads a clock:
// every result is a function of (config, seed, actions). The readings chosen
// where the rules documents are silent or contradict themselves are listed in
// INTERPRETATIONS.md beside this file.
package referee
