// Package legaldiff is the one comparison of a server's list of legal
// actions with the referee's, for both games: "umpire legal --check", the
// conformance suite's live checks and the proxy's judge all use it, so a
// list is judged the same way wherever it is seen.
//
// The comparison reads tolerantly, as the referee's readers do
// (wire.ReadLegalView of referee/inference/wire, bangarena.ReadRequest): of an offered item it
// decodes only what the comparison needs (the action and its amounts; the
// actionId, command and argsSchema) and accepts any other field. Every
// offered item lands in exactly one class: matched, extra (the referee does
// not allow it), repeated (a second item of one action or actionId),
// unreadable (not an object with an action or actionId), or, for
// BangArena, unchecked (its command is undecided from the observation).
// The judges beside the comparison (CompareLegalActions for Inference,
// CompareDecisionRequest for BangArena: the suite's live checks and the
// proxy) turn the classes into findings, each under the rule the
// difference breaks and at the basis it rests on (a reading of umpire's
// where the documents are silent); "umpire legal --check" lists every
// difference, whatever its class.
package legaldiff
