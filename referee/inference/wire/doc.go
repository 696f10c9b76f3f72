// Package wire is the one reader of the Inference messages that cross the
// wire: an agent's message (ReadMove: the embedded server, certification and
// the proxy read a move through it, so an agent's move means the same to
// each of them); a server's message (ReadEnvelope, and ReadEvent,
// ReadLegal, ReadView, ReadRanking of its nested values: the conformance suite, the
// proxy, and the embedded server's ReadSent for a message its in-process
// door does not say); and the name of the rule a schema violation of
// a server message breaks (SchemaRule: the suite and the proxy).
//
// Every reader but ReadRanking is tolerant: each field is read on its own,
// and a field of another shape than its pin is left absent without hiding
// the others (the schema checks and the server's bad_message answer judge
// shapes); ReadView is the one reader of a visible_state, for every
// caller (the probes, the legal check, the proxy's judge, umpire legal,
// the example agent), with the one tolerance policy View documents and the
// legal derivation's needs in LegalView (ReadLegalView). An integer is any JSON number of integral value within ±2^53
// (I-INF-S9). ReadRanking is all or nothing, through encoding/json: its one
// reader is ReadSent of umpire's own server (a match_end its door does not
// say). The others walk the bytes once (scan.go; a number of a rare form
// goes through encoding/json) and are held to an encoding/json reference by
// fuzz tests; the benchmarks beside them show what the one pass saves. SkipValue, the walker's step
// over one value, is exported so that a reader of a known layout skips
// values with the one walker rather than a walker of its own.
//
// Like the rest of referee it is pure: standard library only, no I/O.
package wire
