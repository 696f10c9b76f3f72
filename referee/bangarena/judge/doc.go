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
// NewShown reads a full log in the engine's vocabulary (every event,
// private ones included). NewSeen reads Evidence instead: what the seats
// handed over saw of a server that deals no log of that kind — each seat's
// role, character and opening hand (OpeningHand), the events any seat saw
// merged by seq (MergeEvents; a full log of the server's own is one more
// source), the looks at the top a chooser was shown. What nobody saw is
// never guessed: NewSeen answers up to the first unseen outcome and says
// why the replay is inconclusive from there (issue 27).
//
// Standard library only, like the rest of referee/.
package judge
