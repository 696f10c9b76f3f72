// Package proxysidetest is Inference's part of the relay's end-to-end
// tests and benchmarks (harness/proxy/proxytest): how a match is made on a
// server, what a connect-mode agent is told, an in-process seat, where the
// match's log is. Importing it hands the part to the registry
// (harness/game), where proxytest.Games finds it.
//
// It is imported by tests only.
package proxysidetest
