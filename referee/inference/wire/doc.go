// Package wire is the one reader of the Inference messages that cross the
// wire: an agent's message (ReadMove: the embedded server, certification and
// the proxy read a move through it, so an agent's move means the same to
// each of them) and the name of the rule a schema violation of a server
// message breaks (SchemaRule: the conformance suite and the proxy).
//
// Like the rest of referee it is pure: standard library only, no I/O.
package wire
