// Package conformtest is what the tests of the games' checks share
// (harness/<game>/probe): a pool that bounds the whole suites a test
// package plays side by side, the suite played against an embedded server
// with faults and dialects on, and the fault matrix — with a fault on, some
// check cites the rule it breaks at its level and no check cites another
// at MUST.
//
// It is imported by tests only; it imports testing.
package conformtest
