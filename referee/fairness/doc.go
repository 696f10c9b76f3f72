// Package fairness holds the statistical tests umpire applies to the
// random outcomes a server shows, where the rules documents state a
// distribution: Inference's hidden values "uniform and independent" over
// 1–100 (inference-0.4, Round 1). Each test gives an exact or well-
// calibrated p-value; a finding needs p below Alpha, so that a correct
// server fails one test in a million runs at most (I-INF-F1), and a test
// with too few samples to have power is not run, saying why.
//
// The package is pure: standard library only, no I/O.
package fairness
