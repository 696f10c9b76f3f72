// Package legaldiff is the vocabulary every game's comparison of a
// server's list of legal actions with the referee's shares
// (harness/<game>/legaldiff): why an offered item is not matched (Class),
// the unmatched item (Extra), a field in which an offered item disagrees
// with the referee's (Difference), and Items, which encodes a decoded list
// as a server would offer it. It names no game; each game's package
// aliases these and compares its own items.
package legaldiff
