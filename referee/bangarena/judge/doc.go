// Package judge holds what umpire needs to judge a BangArena server it has
// never seen, whatever generator it draws its random outcomes with.
//
// Shown is a bangarena.Chance that takes every random outcome of a match
// from the events a server showed — the roles and characters dealt, each
// card as it comes off the deck, each Cover coin, each card taken at random
// from a hand, the aide named in a briefing, each prayer — and checks that
// it was possible: the deal is an order of the role table and a draw from
// the character pool, a card comes from the cards of its shuffle not yet
// drawn, a taken card was in the hand. Everything that follows from an
// outcome is the engine's, so a replay with Shown judges every
// deterministic consequence as a replay from the seed does.
//
// This first step reads a full log (every event, private ones included).
// Merging the seats' streams and carrying what no one saw as unknown is
// the next one (issue 27).
//
// Standard library only, like the rest of referee/.
package judge
