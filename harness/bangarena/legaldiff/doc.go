// Package legaldiff is the one comparison of a BangArena server's
// legalActions with the items the referee derives from the request's own
// observation (bangarena.LegalFromRead): "umpire legal --check", the
// conformance suite's live checks and the proxy's judge all use it, so a
// list is judged the same way wherever it is seen.
//
// The comparison reads tolerantly, as the referee's reader does
// (bangarena.ReadRequest): of an offered item it decodes only the actionId,
// command and argsSchema, and accepts any other field. Every offered item
// lands in exactly one class: matched, extra (the referee does not allow
// it), repeated (a second item of one actionId), unreadable (not an object
// with an actionId), or unchecked (its command is undecided from the
// observation). CompareDecisionRequest, the judge beside the comparison
// (the suite's live checks and the proxy), turns the classes into findings,
// each under the rule the difference breaks and at the basis it rests on (a
// reading of umpire's where the documents are silent: OnReading,
// ItemReading); "umpire legal --check" lists every difference, whatever its
// class.
//
// Inference's comparison is harness/inference/legaldiff; the two share no
// code, as no caller compares lists of both games.
package legaldiff
