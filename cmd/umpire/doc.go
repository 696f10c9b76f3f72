// Command umpire is the single binary of the umpire conformance suite: it
// referees Inference and BangArena matches, validates messages, verifies match
// logs, certifies agents, checks live servers and writes reports.
//
// Exit codes, everywhere: 0 every MUST check holds; 1 at least one MUST
// finding; 2 usage or configuration error; 3 the run itself could not be
// carried out (target unreachable, agent would not start, internal error).
//
// The package holds no code of any one game: a command looks its --game up
// in the registry (harness/game) and drives the game through the parts the
// game registered, its descriptor (harness/games) and its command bodies
// (harness/<game>/cli, through harness/gamecli). Adding a game needs no
// edit here.
//
// Run "umpire help" for the list of commands.
package main
