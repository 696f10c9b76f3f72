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
// It is the one judge of outcomes, fed by whatever it is handed (Sources):
// a full log, a public log, each seat's stream, in any mix. Gather merges
// them into Evidence — the deal as the log shows it with each seat's own
// first observation filling what the log leaves unseen (OpeningHand), the
// events of every source merged by seq (MergeEvents: one seat's private
// copy of a draw fills another's blank), the looks at the top a chooser
// was shown. A full log is simply evidence that sees everything
// (FromLog; NewShown is NewSeen of it). What nobody saw is never guessed:
// NewSeen answers up to the first unseen outcome and says why the replay
// is inconclusive from there (issue 27). Shown.After lets a judge read the
// events after a line where it must choose between readings of it.
//
// Standard library only, like the rest of referee/.
package judge
