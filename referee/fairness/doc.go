// Package fairness holds the statistical tests umpire applies to the
// random outcomes a server shows, where the rules documents state a
// distribution: Inference's hidden values "uniform and independent" over
// 1–100 (inference-0.4, Round 1; I-INF-F1), BangArena's Cover check "a
// fair coin flip" and the briefing's "one random real aide"
// (krug_rules@0.1.0 §8, §2; Coin, Even; I-BA-F1), and where hidden roles
// sit (Places; a reading, I-BA-F2). Each test gives an exact or
// well-calibrated p-value; a finding needs p below Alpha, so that a
// correct server fails one test in a million runs at most, and a test
// with too few samples to have power is not run, saying why.
//
// The package is pure: standard library only, no I/O.
package fairness
