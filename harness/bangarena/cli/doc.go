// Package cli is BangArena as the command line drives it: the bodies of
// "umpire serve --game bangarena" (the embedded reference server and what
// it prints), "legal" (the legal items of one DecisionRequest), "simulate"
// (self-play of the scripted players on the engine), "example-agent",
// verify's listing of findings per log, and the rules legal's and
// validate's reports cite. Part returns them as the game's gamecli.Game,
// which register.go hands to the registry; cmd/umpire finds it by the
// --game name (harness/gamecli).
package cli
