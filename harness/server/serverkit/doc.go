// Package serverkit holds what both embedded reference servers, and the
// harness that runs them, share: the Clock their deadlines run on (with a
// FakeClock for tests), the wait of a Shutdown for the server's
// goroutines, the start of a handler on a loopback port (Loopback), and
// the random stream of the other-chance dialect (OtherStream).
// Each server's own fault list stays in its package (faults.go).
package serverkit
