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
// (FromLog; NewShown is NewSeen of it). What nobody saw is never guessed
// (issue 27, I-BA-V9): a card drawn or taken into a hand where no source
// saw it is an unknown card of that hand (unknown.go), named when the
// evidence shows it leave the hand, after checking it could have been
// there, or given a stand-in the evidence names nowhere; roles follow from
// the eliminations and the end. An outcome the evidence does not settle
// (the cards kept of a look nobody saw; which card a take nobody saw took,
// when nothing tells) is where the replay is inconclusive: NewSeen's why
// before the replay, Shown.Unseen once the replay reached it. Shown.After
// lets a judge read the events after a line where it must choose between
// readings of it.
//
// Standard library only, like the rest of referee/.
package judge
