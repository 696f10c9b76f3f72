// Package serverkit holds what both embedded reference servers, and the
// harness that runs them, share: the Clock their deadlines run on (with a
// FakeClock for tests), the wait of a Shutdown for the server's
// goroutines, and the start of a handler on a loopback port (Loopback).
// Each server's own fault list stays in its package (faults.go).
package serverkit
