// Package players holds the scripted Inference players (random, passive,
// aggressive, heuristic) and Simulate, the self-play runner that plays whole
// matches between them on the referee alone and writes the match log.
//
// Importers alias it, e.g. infadv "…/harness/inference/players".
package players
