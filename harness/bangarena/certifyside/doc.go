// Package certifyside is BangArena's part of certification
// (harness/certify): its checks and their rules, its settings, and its
// driver, which plays the agent's REST client on the embedded server's
// typed in-process door (ObserveRequest, Decide) and judges the agent's
// decisions (echo, legality, commandIds, recovery after a reask). The
// game's wiring (harness/bangarena/register.go) hands Game to the
// registry; certify knows the game only through it.
package certifyside
