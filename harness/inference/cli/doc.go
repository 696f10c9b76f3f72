// Package cli is Inference as the command line drives it: the bodies of
// "umpire serve --game inference" (the embedded server and what it prints),
// "legal" (the legal actions of one your_turn), "simulate" (self-play of
// the scripted players), "example-agent", verify's grouping of findings
// per round, and the rules legal's and validate's reports cite. Part
// returns them as the game's gamecli.Game, which register.go hands to the
// registry; cmd/umpire finds it by the --game name (harness/gamecli).
package cli
