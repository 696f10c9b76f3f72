// Package game is the one registry of the games umpire knows: each game
// registers itself once, as a Game (its Facts and the parts each mode of
// the harness takes of it), and every mode looks a game up here by the
// name a command line or a configuration gives. No other package lists
// the games.
//
// # Why a registry written at init
//
// The set of games is fixed when the program is linked: a game is known
// because the binary imports the package that registers it (cmd/umpire
// imports harness/games), as database/sql knows its drivers and image its
// formats. Register and Extend are therefore called only from package
// initialisation, which runs on one goroutine before main; after it the
// registry is only read (a mutex keeps even a misplaced late registration
// race-free). The registry is the one package-level variable, and it is
// write-once in that sense. The alternative, a registry value built in
// cmd/umpire and passed down, would have to travel through every entry
// point of every mode (probe.Target, certify.Config, proxy.Config, the
// selftest and specs runners) and every test that builds one; the
// registry here gives the same guarantee (one list, built once) without
// that churn, and Registry is a value a test can build on its own.
//
// # Parts
//
// A mode keeps what it needs of a game in a type of its own (probe's
// suite, certify's game, proxy's side, the command line's bodies
// (harness/gamecli.Game, written in harness/<game>/cli)) and
// finds it with Part; the game's registration (harness/<game>/register.go)
// is where a game hands each mode its part. This package imports nothing
// of the harness or the modes, so every mode may import it.
package game
