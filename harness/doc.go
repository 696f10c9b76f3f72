// Package harness holds everything in umpire that talks to processes and
// sockets: the embedded reference server, scripted adversaries, adapters to
// agents under test, and probes that drive a live server into edge cases.
package harness
