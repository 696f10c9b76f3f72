// Package gamecli is what the command line (cmd/umpire) shares with the
// bodies a game writes for it: a game's folder (harness/<game>/cli) holds
// how "umpire serve", "legal", "simulate", "example-agent", "verify" and
// "validate" treat that game, and hands them to the registry (harness/game)
// as one part, a *Game; cmd/umpire finds that part by the --game name and
// keeps only what is the same for every game.
//
// The package holds the small surface both sides need and nothing of any
// game: the streams a body writes to (Env), the exit codes, the JSON
// writers, the helpers of a simulate run (PlayMatches, ParseKinds, WithLog,
// KindStats), the frame of a served game (Serve, Limits, Serving) and its
// announcement (Announce, ServeText: the layout every game's serve prints),
// the finding writer of verify (FindingWriter) and its printers
// (PrintFindings, Place, Verdict, Totals, PrintVerifySummary), and each
// game's own words for the flags only some games read (Help). A game's
// files keep what is its own (its JSON, its rows, its figures) and print
// through these. gameclitest holds what every game's part must do.
// It imports no game, and of the harness only
// harness/games (the summary of a verified log); cmd/umpire and every
// harness/<game>/cli import it (cmd/umpire has its own type named
// command, hence the name).
package gamecli
