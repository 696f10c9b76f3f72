// Package specs holds umpire's Ginkgo v2 suites: server conformance, agent
// conformance and log conformance, per game. Specs are thin: they call
// functions of harness and referee that return findings, and assert on them.
package specs
