// Package inference holds the scripted Inference players (random, passive,
// aggressive, heuristic) and Simulate, the self-play runner that plays whole
// matches between them on the referee alone and writes the match log.
//
// Importers usually alias it, e.g. infadv "…/harness/adversaries/inference",
// since the referee package has the same name.
package inference
