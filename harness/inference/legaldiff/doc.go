// Package legaldiff is the one comparison of an Inference server's
// legal_actions with the referee's (inference.LegalFromView): "umpire legal
// --check", the conformance suite's legal_actions check and the proxy's
// judge all use it, so a list is judged the same way wherever it is seen.
//
// The comparison reads tolerantly, as the referee's reader does
// (wire.ReadLegalView): of an offered item it decodes only the action
// and its amounts, and accepts any other field. Every offered item lands in
// exactly one class: matched, extra (the referee does not allow it),
// repeated (a second item of one action) or unreadable (not an object with
// an action). CompareLegalActions and CompareLegalItems turn the classes
// into findings, each under the rule of its item (LegalRule); "umpire legal
// --check" lists every difference, whatever its class. InferenceAgrees is
// the fast path of a judge of live traffic: it says "certainly equal" of a
// plainly formed conforming list without decoding it.
//
// BangArena's comparison is harness/bangarena/legaldiff; the two share no
// code, as no caller compares lists of both games.
package legaldiff
