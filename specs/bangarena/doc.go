// Package bangarena is the Ginkgo suite of server conformance for
// BangArena: the checks of harness/bangarena/probe wrapped by specs.ServerSuite.
package bangarena
