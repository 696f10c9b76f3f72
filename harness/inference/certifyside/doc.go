// Package certifyside is Inference's part of certification
// (harness/certify): its checks and their rules, its settings, and its
// driver, which plays a match with the agent under test on the embedded
// server's in-process seat door (RunInProcess, with the feed and inbox of
// this package carrying the seat's messages) and judges the agent's moves
// (their echo, legality through the engine's NotOffered, their table
// message). The game's wiring (harness/inference/register.go) hands Game
// to the registry; certify knows the game only through it.
package certifyside
